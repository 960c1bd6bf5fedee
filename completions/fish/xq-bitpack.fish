# fish completion for xq-bitpack(1)
complete -c xq-bitpack -s f -l format -x -a 'board chinese fen iccs json packed ucci wxf' -d 'Output format'
complete -c xq-bitpack -s h -l help -d 'Print usage and exit'
complete -c xq-bitpack -s i -l input -x -a 'auto board chinese fen iccs json packed ucci wxf' -d 'Input format'
complete -c xq-bitpack -l pack-version -x -a '1 2' -d 'Version of the packed games written'
complete -c xq-bitpack -s S -l scheme -x -a 'geometric index ranked' -d 'Packing scheme'
complete -c xq-bitpack -l summary -d 'Count the records on standard error at the end'
complete -c xq-bitpack -s V -l version -d 'Print version and exit'
