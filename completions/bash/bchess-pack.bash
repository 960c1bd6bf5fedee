# bash completion for bchess-pack(1)

_bchess_pack()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	# Bash splits "--format=js" into "--format" "=" "js": complete the
	# value as after "--format js".
	if [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = ]]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi

	case $prev in
	-f|--format|-i|--input)
		COMPREPLY=($(compgen -W 'legacy compact base36 json packed' -- "$cur"))
		return
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W '-c --check -f --format -h --help
		    -i --input -q --quiet -r --repair -s --strict -V --version' \
		    -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _bchess_pack bchess-pack
