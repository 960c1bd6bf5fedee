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

	# --format=view is one word to complete after its "=".
	case $cur in
	--format=*)
		COMPREPLY=($(compgen -P --format= -W 'full mbf view' -- "${cur#*=}"))
		return
		;;
	--input=*)
		COMPREPLY=($(compgen -P --input= -W 'auto full mbf rawvf view' -- "${cur#*=}"))
		return
		;;
	--replay=*)
		COMPREPLY=()
		return
		;;
	esac
	case $prev in
	-f|--format)
		COMPREPLY=($(compgen -W 'full mbf view' -- "$cur"))
		return
		;;
	-i|--input)
		COMPREPLY=($(compgen -W 'auto full mbf rawvf view' -- "$cur"))
		return
		;;
	-c|--click|-o|--open|--count|-g|--generate|-m|--mines|-S|--seed|-s|--safe|--safe-cell)
		COMPREPLY=()
		return
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W '--count --fast -f --format
		    -g --generate -h --help --hint -i --input -m --mines
		    --no-guess -o --open --probabilities --replay -S --seed --safe
		    --safe-cell
		    --solve --stats --summary -V --version -v --view
		    -z --blank-zeros' -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _mine_reveal mine-reveal
