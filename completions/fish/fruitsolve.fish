# fish completion for fruitsolve(1)

complete -c fruitsolve -s e -l effort -x -d 'Search budget in moves played'
complete -c fruitsolve -s f -l format -x -a 'board game moves svg' -d 'What to print of a plan'
complete -c fruitsolve -s G -l greedy -d 'Play greedily, without search'
complete -c fruitsolve -s g -l generate -x -d 'Write COUNT random boards'
complete -c fruitsolve -s h -l help -d 'Print usage and exit'
complete -c fruitsolve -s l -l list -d 'List every rectangle summing to 10'
complete -c fruitsolve -s r -l replay -d 'Check move lists and print the boards they leave'
complete -c fruitsolve -s S -l seed -x -d 'Seed of the generator and of the search'
complete -c fruitsolve -s s -l size -x -a '10x17' -d 'Size of generated boards (ROWSxCOLUMNS)'
complete -c fruitsolve -s t -l time -x -d 'Cap on the wall-clock seconds of a plan'
complete -c fruitsolve -s V -l version -d 'Print version and exit'
