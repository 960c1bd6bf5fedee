# fish completion for xq-bitpack(1)
complete -c xq-bitpack -s e -l encoding -x -a 'auto big5 gb18030 gbk utf-8' -d 'Text encoding of game files'
complete -c xq-bitpack -s f -l format -x -a 'board chinese dhtmlxq fen iccs json packed pgn ucci wxf xqf' -d 'Output format'
complete -c xq-bitpack -s h -l help -d 'Print usage and exit'
complete -c xq-bitpack -s i -l input -x -a 'auto board chinese dhtmlxq fen iccs json packed pgn ucci wxf xqf' -d 'Input format'
complete -c xq-bitpack -s l -l lines -d 'Every line of a game tree as a record'
complete -c xq-bitpack -s m -l movetext -x -a 'chinese iccs wxf' -d 'Notation of PGN written'
complete -c xq-bitpack -s S -l scheme -x -a 'geometric index ranked' -d 'Packing scheme'
complete -c xq-bitpack -s V -l version -d 'Print version and exit'
