# bash completion for mine-reveal(1)

_mine_reveal()
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
	-f|--format)
		COMPREPLY=($(compgen -W 'full view mbf' -- "$cur"))
		return
		;;
	-i|--input)
		COMPREPLY=($(compgen -W 'full mbf' -- "$cur"))
		return
		;;
	-c|--click|-g|--generate|-m|--mines|-S|--safe|-s|--seed)
		COMPREPLY=()
		return
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W '-c --click -f --format -g --generate
		    -h --help -i --input -m --mines -S --safe -s --seed
		    -V --version -v --view -z --blank-zeros' -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _mine_reveal mine-reveal
