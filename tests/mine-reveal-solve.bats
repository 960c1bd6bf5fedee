#!/usr/bin/env bats
# mine-reveal thinking like a player: board metrics against published and
# hand-worked figures, certain cells and probabilities against a brute
# force count, whole games, boards that need no guess, views read back.

load helpers

d=mine-reveal
golf=$data/$d/golf-3bv.in

@test "--stats: the code-golf 8x8 board has 3BV 23, 3 openings, 3 islands, ZiNi 18" {
	run mine-reveal --stats "$golf"
	[ "$status" -eq 0 ]
	[ "$output" = "3bv=23 openings=3 islands=3 zini=18 mines=10 cells=64" ]
}

@test "--stats agrees with a brute force of the definitions on 40 boards" {
	# stats.out comes from stats-brute.py beside the data, which works
	# every premium out again at each step of the greedy.
	run mine-reveal --stats "$data/$d/stats.in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$data/$d/stats.out")" ]
	[ "${#lines[@]}" -eq 40 ]
}

@test "--stats: hand-worked boards, one line a board, a bad board a comment" {
	run --separate-stderr mine-reveal --stats <<-'EOF'
	...
	.*.
	...

	...
	...

	*.*
	...
	...
	...
	*..

	..
	...
	EOF
	[ "$status" -eq 1 ]
	# Eight numbered cells in one island; the greedy chords (1,2) for
	# 3 clicks (open, flag, chord), then (2,1) and (2,3): 5.
	[ "${lines[0]}" = "3bv=8 openings=0 islands=1 zini=5 mines=1 cells=9" ]
	[ "${lines[1]}" = "3bv=1 openings=1 islands=0 zini=1 mines=0 cells=6" ]
	# One opening reaches every safe cell but (1,2), an island of one.
	[ "${lines[2]}" = "3bv=2 openings=1 islands=1 zini=2 mines=3 cells=15" ]
	[ "${lines[3]}" = "# skipped: bad board at line 14" ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "--stats ignores what is open or flagged: the same figures after play" {
	a=$(mine-reveal --stats "$golf")
	b=$(mine-reveal -o 1,1 "$golf" | mine-reveal --stats)
	[ "$a" = "$b" ]
}

@test "--hint: the certain cells of a hand-checked position, as actions" {
	# After opening the corner: (1,3) shows 1 over (1,4) and (2,4), so
	# (2,3)'s 2 puts a mine on (3,4); (3,1) and (3,2) both show 1 and
	# share (4,1) and (4,2), so (4,3) is safe.
	run mine-reveal -o 1,1 "$golf"
	run mine-reveal --hint <<< "$output"
	[ "$status" -eq 0 ]
	[ "${lines[8]}" = "flag 3 4" ]
	[ "${lines[9]}" = "open 4 3" ]
	[ "${lines[10]}" = "# hint: 1 safe, 1 mines" ]
}

@test "--hint output pipes back into mine-reveal and opens the safe cells" {
	run bash -c "mine-reveal -o 1,1 '$golf' | mine-reveal --hint | mine-reveal -v"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "113F####" ]
	[ "${lines[3]}" = "##3#####" ]
}

@test "--hint on the player's view gives the same actions, mines from -m" {
	full=$(mine-reveal -o 1,1 "$golf" | mine-reveal --hint | grep -E '^(open|flag) ')
	view=$(mine-reveal -o 1,1 -v "$golf" | mine-reveal -i view -m 10 --hint | grep -E '^(open|flag) ')
	[ -n "$full" ]
	[ "$full" = "$view" ]
	# Without the mine counter the rules still find these two.
	run bash -c "mine-reveal -o 1,1 -v '$golf' | mine-reveal -i view --hint"
	[[ "$output" == *"flag 3 4"*"open 4 3"*"without the mine count"* ]]
}

@test "a view is read back: rows of # are rows, comments need another letter" {
	run mine-reveal -i view -m 1 --probabilities <<-'EOF'
	# a view: the state line below is a comment, the rows of # are not
	##
	#1
	# state: playing opened=1
	EOF
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "##" ]
	[ "${lines[1]}" = "#1" ]
	[ "${lines[3]}" = "# p 1 1 0.333333" ]
	[ "${lines[5]}" = "# p 2 1 0.333333" ]
	# The full state still takes # as a comment: old files read as before.
	run mine-reveal <<-'EOF'
	# a comment
	..
	EOF
	[ "${lines[0]}" = ".." ]
}

@test "a view read without -i view is reported, not passed over as comments, with its state line or without" {
	# Rows of # then the state line, as -v writes them: read as the full
	# state they are comments, and the run said nothing and exited 0.
	mine-reveal -o 1,8 -v "$golf" >"$BATS_TEST_TMPDIR/view"
	[ "$(head -c 1 "$BATS_TEST_TMPDIR/view")" = "#" ]
	run --separate-stderr mine-reveal --probabilities "$BATS_TEST_TMPDIR/view"
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 1" ]
	[ "$stderr" = "mine-reveal: $BATS_TEST_TMPDIR/view:1: a view, as -v writes it, whose rows begin with '#' and read as comments here: read it with -i view" ]
	# The boards after it are read as ever, a blank line between or not.
	run --separate-stderr mine-reveal < <(cat "$BATS_TEST_TMPDIR/view"; printf '..\n*.\n')
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "*." ]
	# A view whose first row opens with a number says it may be one.
	run --separate-stderr mine-reveal <<< $'01#\n# state: playing opened=2'
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: stdin:1:3: unknown character in a board row (#): a view, as -v writes it? read it with -i view" ]
	# Comments alone, even rows of #, without a state line stay comments.
	run --separate-stderr mine-reveal <<< $'#####\n# 1 2\n\n..'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = ".." ]
	# A view written by hand without its state line, ended by a blank
	# line or the end: two rows or more, as wide, showing numbers.
	sed '$d' "$BATS_TEST_TMPDIR/view" >"$BATS_TEST_TMPDIR/hand"
	run --separate-stderr mine-reveal --hint "$BATS_TEST_TMPDIR/hand"
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 1" ]
	[ "$stderr" = "mine-reveal: $BATS_TEST_TMPDIR/hand:1: a view, as -v writes it, whose rows begin with '#' and read as comments here: read it with -i view" ]
	run --separate-stderr mine-reveal < <(cat "$BATS_TEST_TMPDIR/hand"; printf '\n..\n*.\n')
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "# skipped: bad board at line 1" ]
	[ "${lines[2]}" = "*." ]
	# Read as a view, it is one.
	run mine-reveal -i view -m 10 --hint "$BATS_TEST_TMPDIR/hand"
	[ "$status" -eq 0 ]
	# Banners of #, and rows of two widths, stay comments.
	run --separate-stderr mine-reveal <<< $'########\n########\n\n..'
	[ "$status" -eq 0 ]
	run --separate-stderr mine-reveal <<< $'#12\n#123\n\n..'
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
}

@test "a view takes no actions and no -c: it has no mines to play against" {
	run --separate-stderr mine-reveal -i view <<< '##'
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-i view goes with --hint or --probabilities"* ]]
	run --separate-stderr mine-reveal -i view --hint <<< $'#1\nopen 1 1'
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"actions need the mines, which a view does not show"* ]]
}

@test "a view whose numbers no board fits leaves the marker, not the board" {
	run --separate-stderr mine-reveal -i view --hint -m 0 <<< $'##\n#1'
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 1" ]
	[ "$stderr" = "mine-reveal: stdin:1: no board fits these numbers and this many mines" ]
	# Without the counter the numbers alone can be wrong: a 2 with one
	# covered neighbour.
	run --separate-stderr mine-reveal -i view --hint <<< $'# a comment\n#1\n22'
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 2" ]
	[ "$stderr" = "mine-reveal: stdin:2: no board fits these numbers" ]
}

@test "a finished game's view read back is over, as its full state is" {
	cd "$top_srcdir"
	mine-reveal -v examples/mine-chord.txt > "$BATS_TEST_TMPDIR/won"
	for m in "-m 2" ""; do
		run mine-reveal -i view $m --hint "$BATS_TEST_TMPDIR/won"
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "F2F10" ]
		[ "${lines[5]}" = "# hint: the game is over" ]
		[ "${#lines[@]}" -eq 6 ]
	done
	run mine-reveal -i view -m 2 --probabilities "$BATS_TEST_TMPDIR/won"
	[ "$status" -eq 0 ]
	[ "${lines[5]}" = "# probabilities: the game is over" ]
	[ "${#lines[@]}" -eq 6 ]
	# The same as the full state says.
	run mine-reveal --hint examples/mine-chord.txt
	[ "${lines[-1]}" = "# hint: the game is over" ]
	# Every covered cell a mine, by the numbers or by the counter: won.
	run mine-reveal -i view --hint <<< $'#2#\n121'
	[ "${lines[-1]}" = "# hint: the game is over" ]
	run mine-reveal -i view -m 3 --hint <<< $'###'
	[ "${lines[-1]}" = "# hint: the game is over" ]
	run mine-reveal -i view -m 2 --hint <<< $'###'
	[ "${lines[-1]}" = "# guess 1 1: perfect play from it wins on 1 of the 3 boards that fit" ]
}

@test "a view round-trips: a lost game's flags, mines and blast read back as shown" {
	view=$(printf '....\n.*..\n...*\nflag 1 1\nflag 2 2\nopen 3 4\n' | mine-reveal -v)
	[ "$view" = $'x###\n#F##\n###X\n# state: lost opened=0' ]
	run mine-reveal -i view -m 2 --hint <<< "$view"
	[ "$status" -eq 0 ]
	[ "$output" = $'x###\n#F##\n###X\n# hint: the game is over' ]
	run mine-reveal -i view -m 2 --probabilities <<< $'x#*#\n#F##\n###X'
	[ "$output" = $'x#*#\n#F##\n###X\n# probabilities: the game is over' ]
	# Only a lost game shows x and *: elsewhere they are errors.
	run --separate-stderr mine-reveal -i view -m 2 --hint <<< $'x##\n#1#'
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 1" ]
	[ "$stderr" = "mine-reveal: stdin:1:1: x in a view of a game not lost (no X on the board)" ]
	run --separate-stderr mine-reveal -i view -m 2 --hint <<< $'###\n#1*'
	[ "$stderr" = "mine-reveal: stdin:2:3: * in a view of a game not lost (no X on the board)" ]
}

@test "--probabilities on a view needs -m" {
	run --separate-stderr mine-reveal -i view --probabilities <<< $'##\n#1'
	[ "$status" -eq 2 ]
	[[ "$stderr" == "mine-reveal: --probabilities on a view needs the mine counter (-m)"* ]]
}

@test "--probabilities: hand-worked figures" {
	# One mine, three covered cells all next to the 1: a third each.
	run mine-reveal --probabilities <<-'EOF'
	1*
	..
	EOF
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "# probabilities: exact, 1 regions, 0 cells off the frontier" ]
	[ "${lines[3]}" = "# p 1 2 0.333333" ]
	[ "${lines[4]}" = "# p 2 1 0.333333" ]
	[ "${lines[5]}" = "# p 2 2 0.333333" ]
	# Two mines: one by the 1 among its three cells, the other among the
	# eight cells off the frontier.
	run mine-reveal --probabilities <<-'EOF'
	1*....
	...*..
	EOF
	[ "${lines[2]}" = "# probabilities: exact, 1 regions, 8 cells off the frontier" ]
	[ "${lines[3]}" = "# p 1 2 0.333333" ]
	[ "${lines[4]}" = "# p 1 3 0.125000" ]
	[ "${lines[8]}" = "# p 2 1 0.333333" ]
	# A certain cell is 0 or 1, never a rounded figure.
	run mine-reveal --probabilities <<-'EOF'
	1*.
	111
	EOF
	[ "${lines[3]}" = "# p 1 2 1" ]
	[ "${lines[4]}" = "# p 1 3 0" ]
}

# brute PROBABILITIES-OUTPUT: every mine placement with the board's total
# that every open number agrees with, counted by hand; prints "ok" if
# each "# p" line matches the share of placements with that cell a mine.
brute() {
	awk '
	/^# p / { want[$3 "," $4] = $5; next }
	/^#/ { next }
	{ h++; w = length($0); for (c = 1; c <= w; c++) g[h, c] = substr($0, c, 1) }
	END {
		n = 0; total = 0
		for (r = 1; r <= h; r++)
			for (c = 1; c <= w; c++) {
				if (g[r, c] == "*") total++
				if (g[r, c] == "." || g[r, c] == "*") { cr[n] = r; cc[n] = c; idx[r, c] = n; n++ }
			}
		if (n > 16) { print "too big"; exit }
		for (m = 0; m < 2 ^ n; m++) {
			k = 0; x = m
			for (i = 0; i < n; i++) { bit[i] = x % 2; x = int(x / 2); k += bit[i] }
			if (k != total) continue
			ok = 1
			for (r = 1; r <= h && ok; r++)
				for (c = 1; c <= w && ok; c++) {
					if (g[r, c] !~ /[0-8]/) continue
					s = 0
					for (dr = -1; dr <= 1; dr++)
						for (dc = -1; dc <= 1; dc++)
							if (((r + dr) SUBSEP (c + dc)) in idx)
								s += bit[idx[r + dr, c + dc]]
					if (s != g[r, c]) ok = 0
				}
			if (!ok) continue
			ways++
			for (i = 0; i < n; i++) hits[i] += bit[i]
		}
		for (i = 0; i < n; i++) {
			p = hits[i] / ways; key = cr[i] "," cc[i]
			v = want[key]
			if (v == "?" || v == "" || (v - p) > 1e-6 || (p - v) > 1e-6) {
				print "cell " key ": brute force " p ", mine-reveal " v; bad = 1
			}
		}
		if (!bad) print "ok"
	}'
}

@test "--probabilities agree with a brute-force count on small boards" {
	tested=0
	for s in $(seq 1 40); do
		out=$(mine-reveal -g 5x4 -m 4 -S "$s" --safe-cell 1,1 | mine-reveal -o 1,1 | mine-reveal --probabilities)
		grep -q '^# state\|game is over' <<< "$out" && continue
		[ "$(grep -c '^# p' <<< "$out")" -le 16 ] || continue
		[ "$(grep -c '^# p' <<< "$out")" -ge 4 ] || continue
		run brute <<< "$out"
		echo "seed $s: $output"
		[ "$output" = ok ]
		tested=$((tested + 1))
		[ "$tested" -lt 8 ] || break
	done
	[ "$tested" -ge 5 ]
}

@test "a region too large to count is said so, and no figure is made up" {
	# Two open rows over a row of 4001 covered cells, a mine in every
	# third: the 1s leave two of every three cells in doubt at both ends,
	# one region of 2668 cells, past what the search counts.
	run bash -c 'awk "BEGIN { for (i = 0; i < 4001; i++) { a = a \".\"; b = b (i % 3 == 0 ? \"*\" : \".\") } print a; print a; print b }" |
	    mine-reveal -o 1,1 | mine-reveal --probabilities'
	[ "$status" -eq 0 ]
	[[ "$output" == *"# probabilities: not exact: a region of 2668 cells is too large to count"* ]]
	[[ "$output" == *"# p 3 1 ?"* ]]
}

@test "--solve plays to the end: won boards say so with clicks and guesses" {
	run mine-reveal --solve "$golf"
	[ "$status" -eq 0 ]
	[[ "${lines[8]}" =~ ^"# state: "(won|lost)" clicks="[0-9]+" guesses="[1-9][0-9]*$ ]]
	# Opened at the corner, logic does the rest but one guess.
	run bash -c "mine-reveal -o 1,1 '$golf' | mine-reveal --solve"
	[[ "${lines[8]}" =~ ^"# state: "(won|lost)" clicks="[0-9]+" guesses="[0-9]+$ ]]
	# A board logic alone wins needs no guess.
	run mine-reveal --solve <<-'EOF'
	01*
	011
	000
	EOF
	[ "${lines[3]}" = "# state: won clicks=0 guesses=0" ]
}

@test "near the end, --hint names the guess that perfect play wins most from" {
	# Each record's figures come from a brute force over every board and
	# every order of play (endgame-brute.py beside the data).
	n=0
	while IFS= read -r head; do
		[[ "$head" =~ ^"# mines "([0-9]+)", wins "([0-9]+)" of "([0-9]+)" boards, first guess any of "(.*)$ ]] || continue
		mines=${BASH_REMATCH[1]} won=${BASH_REMATCH[2]} of=${BASH_REMATCH[3]}
		cells=" ${BASH_REMATCH[4]} "
		view=
		while IFS= read -r row && [ -n "$row" ]; do
			view+="$row"$'\n'
		done
		run mine-reveal -i view -m "$mines" --hint <<< "$view"
		[ "$status" -eq 0 ]
		[[ "${lines[-2]}" =~ ^"# hint: 0 safe, "[0-9]+" mines"$ ]]
		[[ "${lines[-1]}" =~ ^"# guess "([0-9]+)" "([0-9]+)": perfect play from it wins on $won of the $of boards that fit"$ ]]
		[[ "$cells" == *" ${BASH_REMATCH[1]},${BASH_REMATCH[2]} "* ]]
		n=$((n + 1))
	done < "$data/$d/endgame.in"
	[ "$n" -eq 35 ]
	# Far from the end the guess comes with its probability.
	run mine-reveal -i view -m 10 --hint <<-'EOF'
	#########
	#########
	#########
	#########
	#########
	#########
	#########
	#########
	#########
	EOF
	[[ "${lines[-1]}" =~ ^"# guess "[1-9]" "[1-9]": a mine with probability 0.123457"$ ]]
	# With a certain cell, no guess is named.
	run mine-reveal -i view -m 1 --hint <<-'EOF'
	01#
	01#
	01#
	EOF
	[ "${lines[-1]}" = "# hint: 2 safe, 1 mines" ]
}

@test "a 50/50 that no cell can tell apart is guessed before safer cells" {
	# Rows 1-2, column 1: the 1 at (1,2) needs one mine there, and the
	# cells below, (3,1) and (3,2), are mines the 2 at (4,1) proves.
	run mine-reveal -i view -m 49 --probabilities "$data/$d/fifty.view"
	[[ "$output" == *$'\n# p 1 1 0.500000\n'* ]]
	[[ "$output" == *$'\n# p 2 1 0.500000\n'* ]]
	[[ "$output" == *$'\n# p 7 1 0.122538\n'* ]]
	for fast in "" --fast; do
		run mine-reveal -i view -m 49 --hint $fast "$data/$d/fifty.view"
		[ "$status" -eq 0 ]
		[ "${lines[-1]}" = "# guess 1 1: a 50/50 that no cell can ever tell apart, best guessed now" ]
	done
}

@test "--fast: whole games guessing without a look ahead, reproducible, only with --solve or --hint" {
	run bash -c 'mine-reveal -g 30x16 -m 99 --safe-cell 1,1 -S 5 --count 30 --solve --fast'
	[ "$status" -eq 0 ]
	[ "$(grep -c '^# state: \(won\|lost\) clicks=[0-9]* guesses=[0-9]*$' <<< "$output")" -eq 30 ]
	a=$output
	run bash -c 'mine-reveal -g 30x16 -m 99 --safe-cell 1,1 -S 5 --count 30 --solve --fast'
	[ "$output" = "$a" ]
	# The same boards played with the look ahead differ somewhere, and
	# each still ends.
	run bash -c 'mine-reveal -g 30x16 -m 99 --safe-cell 1,1 -S 5 --count 30 --solve'
	[ "$(grep -c '^# state: ' <<< "$output")" -eq 30 ]
	[ "$output" != "$a" ]
	# A hint far from the end names a guess with its probability.
	run bash -c 'mine-reveal -g 30x16 -m 99 --safe 4,4 -S 3 | mine-reveal -o 4,4 | mine-reveal -v | mine-reveal -i view -m 99 --hint --fast'
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "# guess "* ]] || [[ "${lines[-1]}" == "# hint: "[1-9]* ]]
	run --separate-stderr mine-reveal --fast --stats "$golf"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "mine-reveal: --fast goes with --solve or --hint" ]
	run --separate-stderr mine-reveal --fast "$golf"
	[ "$status" -eq 2 ]
}

@test "--no-guess boards are won by the solver without a guess, and reproducible" {
	run bash -c 'mine-reveal --generate 30x16 --mines 99 --safe 4,4 --no-guess -S 7 --count 20 | mine-reveal --solve'
	[ "$status" -eq 0 ]
	[ "$(grep -c '^# state: won clicks=[0-9]* guesses=0$' <<< "$output")" -eq 20 ]
	a=$(mine-reveal -g 30x16 -m 99 --safe 4,4 --no-guess -S 11)
	b=$(mine-reveal -g 30x16 -m 99 --safe 4,4 --no-guess -S 11)
	[ "$a" = "$b" ]
	[[ "$(head -1 <<< "$a")" == "# mine-reveal -g 30x16 -m 99 -S 11 --safe 4,4 --no-guess (board "*" drawn)" ]]
	[ "$(tail -1 <<< "$a")" = "open 4 4" ]
}

@test "the README pipeline: a no-guess expert board, solved" {
	run bash -c 'mine-reveal --generate 30x16 --mines 99 --safe 4,4 --no-guess | mine-reveal --solve'
	[ "$status" -eq 0 ]
	[[ "${lines[16]}" =~ ^"# state: won clicks="[0-9]+" guesses=0"$ ]]
}

@test "--safe-cell keeps the one cell clear, and excludes --safe" {
	for s in 1 2 3 4 5; do
		run mine-reveal -g 4x4 -m 15 --safe-cell 1,1 -S "$s"
		[ "${lines[1]}" = ".***" ]
	done
	run --separate-stderr mine-reveal -g 4x4 -m 1 --safe-cell 1,1 --safe 2,2
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--safe and --safe-cell exclude each other"* ]]
	run --separate-stderr mine-reveal -g 9x9 -m 10 --no-guess
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--no-guess needs --safe"* ]]
}

@test "modes exclude each other, and go with what they can use" {
	run --separate-stderr mine-reveal --hint --solve
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--hint and --solve exclude each other"* ]]
	run --separate-stderr mine-reveal --stats -i view
	[ "$status" -eq 2 ]
	run --separate-stderr mine-reveal -z
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-z shows the view: it needs -v or -f view"* ]]
}

@test "the man page's new examples work as shown" {
	cd "$top_srcdir"
	run mine-reveal --stats examples/mine-3bv.txt
	expected=$(sed -n '/^\$ mine-reveal --stats examples\/mine-3bv.txt/{n;p}' man/mine-reveal.1)
	[ "$output" = "$expected" ]
	run bash -c 'mine-reveal -o 1,1 examples/mine-3bv.txt | mine-reveal --hint | tail -n 3'
	expected=$(sed -n '/^\$ mine-reveal -o 1,1 examples\/mine-3bv.txt | mine-reveal --hint/,/^# hint/p' man/mine-reveal.1 | sed 1,2d)
	[ "$output" = "$expected" ]
	run bash -c 'mine-reveal --generate 30x16 --mines 99 --safe 4,4 --no-guess | mine-reveal --solve | tail -n 1'
	[[ "$output" =~ ^"# state: won clicks="[0-9]+" guesses=0"$ ]]
}

@test "--help lists every long option, and into /dev/full exits 2" {
	run mine-reveal --help
	[ "$status" -eq 0 ]
	for o in blank-zeros count format generate help hint input mines open \
	    no-guess probabilities safe safe-cell seed solve stats summary version view; do
		[[ "$output" == *"--$o"* ]] || { echo "missing --$o"; false; }
	done
	run mine-reveal --help
	run bash -c 'mine-reveal --help > /dev/full'
	[ "$status" -eq 2 ]
	[[ "$output" == *"write error"* ]]
	run bash -c 'mine-reveal -V > /dev/full'
	[ "$status" -eq 2 ]
}

@test "-i auto tells MBF from text by the first byte" {
	cd "$top_srcdir"
	a=$(mine-reveal -f mbf examples/mine-beginner.txt | mine-reveal -i mbf)
	b=$(mine-reveal -f mbf examples/mine-beginner.txt | mine-reveal -i auto)
	c=$(mine-reveal -i auto examples/mine-beginner.txt)
	[ "$a" = "$b" ]
	[ "$(grep -v '^#' <<< "$c")" = "$(grep -v '^#' examples/mine-beginner.txt)" ]
}

@test "--summary counts boards, good and bad; a directory is reported and skipped" {
	run --separate-stderr mine-reveal --summary "$data/$d/stream.in" /
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"mine-reveal: 3 records: 2 good, 1 bad, 0 warnings"* ]]
	[[ "$stderr" == *"Is a directory"* ]]
}

@test "old spellings still work: -s seed, -S row,column" {
	a=$(mine-reveal -g 9x9 -m 10 -s 5 -S 5,5)
	b=$(mine-reveal -g 9x9 -m 10 -S 5 --safe 5,5)
	[ "$a" = "$b" ]
}

@test "completions offer the new options, and bash completes after --format=" {
	run complete_words mine-reveal --pro
	[ "$output" = "--probabilities" ]
	run complete_words mine-reveal --format=v
	[ "$output" = "view" ]
	run complete_words mine-reveal -i a
	[ "$output" = "auto" ]
	grep -q -- "--no-guess" "$top_srcdir/completions/zsh/_mine-reveal"
	grep -q -- "-l safe-cell" "$top_srcdir/completions/fish/mine-reveal.fish"
	if command -v zsh > /dev/null; then
		zsh -n "$top_srcdir/completions/zsh/_mine-reveal"
	fi
	if command -v fish > /dev/null; then
		fish -n "$top_srcdir/completions/fish/mine-reveal.fish"
	fi
}

@test "a write error stops a long run at once, with status 2" {
	run bash -c 'timeout 20 mine-reveal -g 9x9 -m 10 -S 1 --count 100000000 > /dev/full'
	[ "$status" -eq 2 ]
	[[ "$output" == *"write error on standard output"* ]]
}

@test "SIGINT finishes the board in hand and exits 130" {
	# Three seconds, so that a slow start (a sanitizer build on a busy
	# machine) still writes boards; --stats keeps that output small.
	# --foreground: otherwise timeout signals its process group too, and
	# a second SIGINT rightly ends the run at once, mid-record.
	timeout --foreground --preserve-status -s INT 3 \
	    mine-reveal -g 30x16 -m 99 -S 1 \
	    --count 100000000 --stats > "$BATS_TEST_TMPDIR/out" || status=$?
	[ "$status" -eq 130 ]
	# Whole records only: every line, the last too, a board's figures.
	[ -s "$BATS_TEST_TMPDIR/out" ]
	[ "$(tail -c 1 "$BATS_TEST_TMPDIR/out" | od -An -c | tr -d ' ')" = '\n' ]
	! grep -Evx '3bv=[0-9]+ openings=[0-9]+ islands=[0-9]+ zini=[0-9]+ mines=99 cells=480' "$BATS_TEST_TMPDIR/out" || false
}
