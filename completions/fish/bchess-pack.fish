# fish completion for bchess-pack(1)

set -l formats 'legacy compact base36 json packed'
complete -c bchess-pack -s c -l check -d 'Check records against the rules'
complete -c bchess-pack -s E -l encoding -x -a 'auto cp1252 latin1 shift_jis gbk big5 utf-8 utf-16le utf-16be' -d 'Text encoding of the input'
complete -c bchess-pack -s f -l format -x -a $formats -d 'Output format'
complete -c bchess-pack -s h -l help -d 'Print the usage and options and exit'
complete -c bchess-pack -s i -l input -x -a "auto $formats" -d 'Input format'
complete -c bchess-pack -s q -l quiet -d 'Do not print warnings, notes or repairs'
complete -c bchess-pack -s r -l repair -d 'Repair kill flags and end letters'
complete -c bchess-pack -l strict -d 'Stop at the first bad record; double moves are errors'
complete -c bchess-pack -l summary -d 'Print the counts of records on standard error at the end'
complete -c bchess-pack -s V -l version -d 'Print the version and exit'
complete -c bchess-pack -s w -l write-back -d 'Write a ZIP file back as one, its links converted'
