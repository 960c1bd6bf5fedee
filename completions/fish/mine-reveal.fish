# fish completion for mine-reveal(1)

complete -c mine-reveal -s c -l click -x -d 'Open a cell (ROW,COLUMN) on every board'
complete -c mine-reveal -s f -l format -x -a 'full view mbf' -d 'Output format'
complete -c mine-reveal -s g -l generate -x -d 'Write a random board (WIDTHxHEIGHT)'
complete -c mine-reveal -s h -l help -d 'Print usage and exit'
complete -c mine-reveal -s i -l input -x -a 'full mbf' -d 'Input format'
complete -c mine-reveal -s m -l mines -x -d 'Number of mines of a random board'
complete -c mine-reveal -s S -l safe -x -d 'Keep this cell and its neighbours clear of mines'
complete -c mine-reveal -s s -l seed -x -d 'Seed of the generator'
complete -c mine-reveal -s V -l version -d 'Print version and exit'
complete -c mine-reveal -s v -l view -d 'Show what the player sees'
complete -c mine-reveal -s z -l blank-zeros -d 'Show open zeros as spaces in the view'
