# bash completion for fruitsolve(1)

_fruitsolve()
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
		COMPREPLY=($(compgen -W 'board game moves svg' -- "$cur"))
		return
		;;
	-s|--size)
		COMPREPLY=($(compgen -W '10x17' -- "$cur"))
		return
		;;
	-e|--effort|-g|--generate|-S|--seed|-t|--time)
		COMPREPLY=()
		return
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W '-e --effort -f --format -G --greedy
		    -g --generate -h --help -l --list -r --replay -S --seed
		    -s --size -t --time -V --version' -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _fruitsolve fruitsolve
