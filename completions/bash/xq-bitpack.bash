# bash completion for xq-bitpack(1)

_xq_bitpack()
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
	-E|--encoding)
		COMPREPLY=($(compgen -W 'auto big5 gb18030 gbk utf-8' -- "$cur"))
		return
		;;
	-f|--format)
		COMPREPLY=($(compgen -W 'board chinese dhtmlxq fen iccs json packed pgn svg ucci wxf xqf' -- "$cur"))
		return
		;;
	-i|--input)
		COMPREPLY=($(compgen -W 'auto board cbf cbr chinese dhtmlxq fen iccs json packed pgn ucci wxf xqf' -- "$cur"))
		return
		;;
	-M|--movetext)
		COMPREPLY=($(compgen -W 'chinese iccs wxf' -- "$cur"))
		return
		;;
	-S|--scheme)
		COMPREPLY=($(compgen -W 'geometric index ranked' -- "$cur"))
		return
		;;
	--pack-version)
		COMPREPLY=($(compgen -W '1 2' -- "$cur"))
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '-E -f -h -i -L -M -V --encoding --format --help --input --lines --movetext --pack-version --scheme --simplified --summary --version' -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _xq_bitpack xq-bitpack
