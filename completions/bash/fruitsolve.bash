# bash completion for fruitsolve(1)

_fruitsolve()
{
	local cur prev formats
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	formats='board game gif jpeg moves png ppm svg webp'

	# Bash splits "--format=svg" into "--format" "=" "svg": complete the
	# value as after "--format svg".
	if [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	case $cur in
	--format=*|--input=*|--size=*)
		prev=${cur%%=*}
		cur=${cur#*=}
		;;
	esac
	case $prev in
	-f|--format)
		COMPREPLY=($(compgen -W "$formats" -- "$cur"))
		return
		;;
	-i|--input)
		COMPREPLY=($(compgen -W 'auto board image' -- "$cur"))
		return
		;;
	-s|--size)
		COMPREPLY=($(compgen -W '17x10' -- "$cur"))
		return
		;;
	--steps)
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	-e|--effort|-g|--generate|-n|--next|-S|--seed|-t|--time|--scale)
		COMPREPLY=()
		return
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W '-c --check -e --effort -f --format
		    -G --greedy -g --generate -h --help -i --input -l --list
		    -n --next -R --read -S --seed -s --size --scale --steps
		    --summary -t --time -V --version' -- "$cur"))
		;;
	*)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _fruitsolve fruitsolve
