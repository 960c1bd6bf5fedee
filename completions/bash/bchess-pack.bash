# bash completion for bchess-pack(1)

_bchess_pack()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	# "--format=" is split into three words where '=' breaks words.
	if [ "$prev" = = ] && [ "$COMP_CWORD" -ge 2 ]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	elif [ "$cur" = = ]; then
		cur=
	fi

	case $prev in
	-E|--encoding)
		COMPREPLY=($(compgen -W 'auto cp1252 latin1 shift_jis gbk big5 utf-8 utf-16le utf-16be' -- "$cur"))
		return
		;;
	-f|--format)
		COMPREPLY=($(compgen -W 'legacy compact base36 json packed' -- "$cur"))
		return
		;;
	-i|--input)
		COMPREPLY=($(compgen -W 'auto legacy compact base36 json packed' -- "$cur"))
		return
		;;
	esac
	case $cur in
	--encoding=*)
		COMPREPLY=($(compgen -P --encoding= -W 'auto cp1252 latin1 shift_jis gbk big5 utf-8 utf-16le utf-16be' -- "${cur#*=}"))
		;;
	--format=*|--input=*)
		local f='legacy compact base36 json packed'
		[ "${cur%%=*}" = --input ] && f="auto $f"
		COMPREPLY=($(compgen -P "${cur%%=*}=" -W "$f" -- "${cur#*=}"))
		;;
	-*)
		COMPREPLY=($(compgen -W '-c --check -E --encoding -f --format -h --help
		    -i --input --join -q --quiet -r --repair --strict --summary -V --version -w --write-back' \
		    -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _bchess_pack bchess-pack
