#!/usr/bin/env bats
# mine-reveal: reveals a player would check by hand, every error a user can
# meet, MBF round trips, seeded boards and a large board.

load helpers

d=mine-reveal

@test "opening a zero opens its region and the numbers around it" {
	run --separate-stderr mine-reveal -o 1,1 -v "$top_srcdir/examples/mine-beginner.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "00001####" ]
	[ "${lines[6]}" = "12#######" ]
	[ "${lines[9]}" = "# state: playing opened=23" ]
}

@test "flags stop the cascade" {
	golden $d flag-wall mine-reveal
	[ "$status" -eq 0 ]
}

@test "a chord with the right flags opens the rest and wins" {
	run --separate-stderr mine-reveal "$top_srcdir/examples/mine-chord.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "F2F10" ]
	[ "${lines[5]}" = "# state: won opened=23" ]
}

@test "a chord over a wrong flag loses the game" {
	golden $d chord-wrong mine-reveal
}

@test "a chord without enough flags does nothing" {
	golden $d chord-short mine-reveal
}

@test "opening a mine loses: the view shows mines, the blast and wrong flags" {
	golden $d lost-view mine-reveal -v
}

@test "opening every safe cell wins; the view then flags the mines" {
	golden $d won mine-reveal
	run mine-reveal -v "$data/$d/won.in"
	diff -u "$data/$d/won-view.out" <(printf '%s\n' "$output")
}

@test "after the game is lost, actions change nothing" {
	run mine-reveal <<-'EOF'
	X..
	...
	open 2 3
	flag 2 2
	EOF
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "X.." ]
	[ "${lines[1]}" = "..." ]
	[ "${lines[2]}" = "# state: lost opened=0" ]
}

@test "open cells of the input are kept; with every safe cell open it is won" {
	run mine-reveal -v <<-'EOF'
	1*1
	111
	EOF
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "1F1" ]
	[ "${lines[2]}" = "# state: won opened=5" ]
}

@test "-z shows open zeros as spaces" {
	run mine-reveal -v -z -o 1,1 <<-'EOF'
	....
	..*.
	EOF
	[ "${lines[0]}" = " 1##" ]
	[ "${lines[1]}" = " 1##" ]
}

@test "a stream of boards: a bad one is skipped, the others printed, exit 1" {
	golden $d stream mine-reveal
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: $data/$d/stream.in:8:3: ragged row: 2 cells, the first row has 3" ]
}

@test "-c opens the same cell on every board, after the board's actions" {
	run mine-reveal -o 2,2 <<-'EOF'
	*..
	...
	flag 2 2
	unflag 2 2

	...
	..*
	EOF
	[ "$status" -eq 0 ]
	# bats leaves the blank line between the boards out of lines.
	[ "${lines[1]}" = ".1." ]
	[ "${lines[2]}" = "# state: playing opened=1" ]
	[ "${lines[4]}" = ".1*" ]
	[ "${lines[5]}" = "# state: playing opened=1" ]
}

# error MESSAGE INPUT: the board is skipped with that diagnostic, exit 1.
error() {
	run --separate-stderr mine-reveal <<< "$2"
	[ "$status" -eq 1 ]
	# The board leaves a comment in its place, naming its first line.
	[[ "$output" == "# skipped: bad board at line "[0-9]* ]]
	[ "$stderr" = "mine-reveal: stdin:$1" ]
}

@test "every error in a board is reported with its line and column" {
	error "2:3: ragged row: 4 cells, the first row has 2" $'..\n....'
	error "2:2: unknown character in a board row (?)" $'..\n.?'
	error "1:1: unknown character in a board row ( )" ' ..'
	error "2:2: open cell disagrees with the mines around it (shows 5, 0 adjacent)" $'...\n.5.\n...'
	error "2:2: open cell disagrees with the mines around it (shows 1, 2 adjacent)" $'*.*\n.1.'
	error "3:6: row 3 is outside the board (2 rows)" $'..\n..\nopen 3 1'
	error "3:8: column 9 is outside the board (2 columns)" $'..\n..\nopen 1 9'
	error "3:6: row 0 is outside the board (2 rows)" $'..\n..\nflag 0 1'
	error "3:1: unknown action (poke)" $'..\n..\npoke 1 1'
	error "3:6: expected a row number (x)" $'..\n..\nopen x 1'
	error "3:7: expected a column number (empty)" $'..\n..\nopen 1'
	error "3:10: unexpected text after the action (now)" $'..\n..\nopen 1 1 now'
	error "1: action before any board row" 'open 1 1'
	error "4: board row after the actions" $'..\n..\nopen 1 1\n..'
}

@test "-c and --click, the old spellings of -o, still open a cell" {
	b=$'# two rows\n..\n..'
	new=$(mine-reveal -o 2,2 <<<"$b")
	[ "$(mine-reveal -c 2,2 <<<"$b")" = "$new" ]
	[ "$(mine-reveal --click=2,2 <<<"$b")" = "$new" ]
	[ "$(mine-reveal --open=2,2 <<<"$b")" = "$new" ]
	[[ "$new" == 00$'\n'00$'\n'* ]]
}

@test "a click outside a board skips it with the board's first line" {
	run --separate-stderr mine-reveal -o 3,1 <<-'EOF'
	# two rows
	..
	..
	EOF
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: stdin:2: click 3,1 is outside the board (2 rows, 2 columns)" ]
}

# blocks: the blocks of the output, separated by blank lines, one a line
# with its lines joined by "|".
blocks() {
	awk 'BEGIN { RS = "" } { gsub(/\n/, "|"); print }' <<< "$output"
}

@test "a bad board leaves its marker in every mode: one block, or line, a board" {
	three=$'.....\n.....\n\n..\n..\n\n.....\n.....'
	ragged=$'.....\n.....\n\n..\n.?\n\n.....\n.....'
	# The click is outside the second board, or its text is bad.
	for input in "$three" "$ragged"; do
		for mode in "" -v "-v -z" --solve "-v --solve"; do
			run --separate-stderr mine-reveal -o 1,4 $mode <<< "$input"
			[ "$status" -eq 1 ]
			run blocks
			[ "${#lines[@]}" -eq 3 ]
			[[ "${lines[0]}" == *"|# state: won "* ]]
			[ "${lines[1]}" = "# skipped: bad board at line 4" ]
			[[ "${lines[2]}" == *"|# state: won "* ]]
		done
		run --separate-stderr mine-reveal -o 1,4 --stats <<< "$input"
		[ "$status" -eq 1 ]
		[ "${#lines[@]}" -eq 3 ]
		[ "${lines[1]}" = "# skipped: bad board at line 4" ]
		[[ "${lines[2]}" == "3bv=1 "* ]]
	done
	run --separate-stderr mine-reveal -o 1,4 <<< "$three"
	[ "$stderr" = "mine-reveal: stdin:4: click 1,4 is outside the board (2 rows, 2 columns)" ]
	# --hint and --probabilities take no click: a bad row, or a view
	# whose numbers no board fits.
	for mode in --hint --probabilities; do
		run --separate-stderr mine-reveal $mode <<< "$ragged"
		[ "$status" -eq 1 ]
		run blocks
		[ "${#lines[@]}" -eq 3 ]
		[ "${lines[1]}" = "# skipped: bad board at line 4" ]
		run --separate-stderr mine-reveal -i view -m 1 $mode <<< $'##\n#1\n\n#1\n22\n\n##\n#1'
		[ "$status" -eq 1 ]
		[ "$stderr" = "mine-reveal: stdin:4: no board fits these numbers and this many mines" ]
		run blocks
		[ "${#lines[@]}" -eq 3 ]
		[ "${lines[1]}" = "# skipped: bad board at line 4" ]
		[[ "${lines[2]}" == "##|#1|# "* ]]
	done
	# A board read from MBF is named by its first byte.
	run --separate-stderr bash -c 'printf "\003\002\000\000\002\002\000\000\003\002\000\000" |
	    mine-reveal -i mbf -o 1,3 --stats'
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "# skipped: bad board at byte 4" ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$stderr" = "mine-reveal: stdin: byte 4: click 1,3 is outside the board (2 rows, 2 columns)" ]
	# MBF has no comments: the bad board is left out, the others kept.
	run --separate-stderr bash -c 'mine-reveal -o 1,4 -f mbf <<< "$1" | od -An -tx1 | tr -s " \n" " "' - "$three"
	[ "$output" = " 05 02 00 00 05 02 00 00 " ]
}

@test "-z blanks the zeros of a solved board's view" {
	cd "$top_srcdir"
	run mine-reveal -v --solve examples/mine-3bv.txt
	plain=$(head -n 8 <<< "$output" | tr 0 ' ')
	run mine-reveal -z -v --solve examples/mine-3bv.txt
	[ "$status" -eq 0 ]
	[ "$(head -n 8 <<< "$output")" = "$plain" ]
	[ "${lines[0]}" = "  111   " ]
	[[ "${lines[8]}" == "# state: "* ]]
}

@test "-g with -v writes the view of the board it makes, as piping it would" {
	for opts in "-g 9x9 -m 10 -S 3" "-g 9x9 -m 10 -S 3 --safe 5,5 --no-guess"; do
		run mine-reveal $opts -v
		[ "$status" -eq 0 ]
		[[ "${lines[0]}" == "# mine-reveal -g 9x9 -m 10 -S 3"* ]]
		[ "$(sed 1d <<< "$output")" = "$(mine-reveal $opts | mine-reveal -v)" ]
		[ "$(mine-reveal $opts -f view)" = "$output" ]
	done
	run mine-reveal -g 3x2 -m 1 -S 1 -v
	[ "$output" = $'# mine-reveal -g 3x2 -m 1 -S 1\n###\n###\n# state: playing opened=0' ]
	# Played to the end, it is the view of the end; -z blanks its zeros.
	run mine-reveal -f view -g 9x9 -m 10 -S 3 --safe 5,5 --solve
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 11 ]
	[[ "${lines[10]}" =~ ^"# state: "(won|lost)" clicks=" ]]
	! grep -q '[.*]' <<< "$(sed -n 2,10p <<< "$output")" || false
	run mine-reveal -z -v -g 9x9 -m 10 -S 3 --safe 5,5 --solve
	[ "${lines[5]:4:1}" = " " ]
	# What does not go with -g is refused.
	run --separate-stderr mine-reveal -g 3x3 -m 1 -o 1,1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-g makes a board; -o, -i, --hint and --probabilities do not go with it"* ]]
	run --separate-stderr mine-reveal -g 3x3 -m 1 -z
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-z shows the view: it needs -v or -f view"* ]]
}

@test "bad options exit 2 and say why" {
	run --separate-stderr mine-reveal -o 1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-o 1: expected ROW,COLUMN counted from 1"* ]]
	run --separate-stderr mine-reveal -c 1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-c 1: expected ROW,COLUMN counted from 1"* ]]
	run --separate-stderr mine-reveal -f html
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown output format: html (one of: full, mbf, view)"* ]]
	run --separate-stderr mine-reveal -i html
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown input format: html (one of: auto, full, mbf, rawvf, view)"* ]]
	run --separate-stderr mine-reveal -m 3
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-m goes with -g, or with -i view as the mine counter"* ]]
	run --separate-stderr mine-reveal -g 9x9
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-g needs -m"* ]]
	run --separate-stderr mine-reveal -g 9x0 -m 1
	[ "$status" -eq 2 ]
	# One line says what is wrong; the usage is for a wrong option.
	run --separate-stderr mine-reveal -g 9x9 -m 1 board.txt
	[ "$status" -eq 2 ]
	[ "$stderr" = "mine-reveal: -g reads no files: board.txt" ]
	run --separate-stderr mine-reveal --stats --solve
	[ "$status" -eq 2 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	run --separate-stderr mine-reveal --no-such-option
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"usage: mine-reveal "* ]]
}

@test "the man page examples work as shown" {
	cd "$top_srcdir"
	run mine-reveal -o 1,1 -v examples/mine-beginner.txt
	[ "$status" -eq 0 ]
	expected=$(sed -n '/^\$ mine-reveal -o 1,1 -v/,/^# state/p' man/mine-reveal.1 | sed 1d)
	[ "$output" = "$expected" ]
	run mine-reveal -v examples/mine-chord.txt
	expected=$(sed -n '/^\$ mine-reveal -v examples\/mine-chord/,/^# state/p' man/mine-reveal.1 | sed 1d)
	[ "$output" = "$expected" ]
	run bash -c 'mine-reveal -f mbf examples/mine-beginner.txt | mine-reveal -i mbf'
	[ "$status" -eq 0 ]
	diff <(grep -v '^#' examples/mine-beginner.txt) <(printf '%s\n' "$output" | grep -v '^#')
	run bash -c 'mine-reveal --stats examples/mine-video.rawvf | fmt -w 66'
	expected=$(sed -n '/^\$ mine-reveal --stats examples\/mine-video/,/^game=/p' man/mine-reveal.1 | sed 1d)
	[ "$output" = "$expected" ]
	run bash -c "mine-reveal --replay=4.8 --probabilities examples/mine-video.rawvf | grep '^# p 3 7'"
	[ "$output" = "$(grep -A2 '^\$ mine-reveal --replay=4.8' man/mine-reveal.1 | tail -1)" ]
}

@test "the expert pipeline: a random board, opened at its safe cell" {
	run bash -c 'mine-reveal --generate 30x16 --mines 99 --safe 8,15 | mine-reveal -o 8,15 -v'
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 17 ]
	[ "${#lines[0]}" -eq 30 ]
	# The safe cell has no mine around it, so it shows a 0.
	[ "${lines[7]:14:1}" = "0" ]
	[[ "${lines[16]}" == "# state: playing opened="* ]]
}

@test "the mine-board(5) example works as shown" {
	run mine-reveal -v <<-'EOF'
	....
	....
	..*.
	open 1 1
	EOF
	[ "$output" = $'0000\n0111\n01##\n# state: playing opened=10' ]
}

@test "a seed gives the same board, one fixed by the algorithm" {
	run mine-reveal -g 9x9 -m 10 -s 1 -S 5,5
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$data/$d/seed1.out")" ]
	a=$(mine-reveal -g 50x40 -m 300 -s 42)
	b=$(mine-reveal -g 50x40 -m 300 -s 42)
	c=$(mine-reveal -g 50x40 -m 300 -s 43)
	[ "$a" = "$b" ]
	[ "$a" != "$c" ]
}

@test "generated boards have the mines asked for, and the safe block is clear" {
	for m in 0 40 1400 1491; do
		mine-reveal -g 50x30 -m "$m" -S 30,50 > "$BATS_TEST_TMPDIR/g"
		run awk -v m="$m" '
		/^#/ { next }
		{ r++; n += gsub(/\*/, "*") }
		r >= 29 && substr($0, 49, 2) != ".." { clear = "no" }
		END { print (n == m && r == 30 && clear != "no") ? "ok" : "bad " n }
		' "$BATS_TEST_TMPDIR/g"
		[ "$output" = ok ]
	done
}

@test "too many mines is refused with a clear error" {
	run --separate-stderr mine-reveal -g 9x9 -m 73 -S 5,5
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"too many mines: 73 on a 9x9 board that has room for 72 outside the safe 3x3 block"* ]]
	run mine-reveal -g 9x9 -m 72 -S 5,5
	[ "$status" -eq 0 ]
	run --separate-stderr mine-reveal -g 9x9 -m 82
	[ "$status" -eq 2 ]
	run --separate-stderr mine-reveal -g 9x9 -m 1 -S 10,1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--safe 10,1 is outside the 9x9 board"* ]]
}

@test "MBF: bytes as specified, and back" {
	run bash -c 'printf "*..\n..*\n" | mine-reveal -f mbf | od -An -tx1 | tr -s " \n" " "'
	[ "$output" = " 03 02 00 02 00 00 02 01 " ]
	run bash -c 'printf "\003\002\000\002\000\000\002\001" | mine-reveal -i mbf'
	[ "$output" = $'*..\n..*\n# state: playing opened=0' ]
}

@test "MBF round trips over many generated boards" {
	for s in $(seq 1 12); do
		w=$(( s * 23 % 255 + 1 )) h=$(( s * 13 % 200 + 1 ))
		m=$(( w * h * (s % 5) / 10 ))
		mine-reveal -g "${w}x$h" -m "$m" -s "$s" | grep -v '^#' > "$BATS_TEST_TMPDIR/b"
		mine-reveal -f mbf "$BATS_TEST_TMPDIR/b" | mine-reveal -i mbf | grep -v '^#' |
		    cmp - "$BATS_TEST_TMPDIR/b"
	done
}

@test "MBF errors: truncated, outside, twice, too big to write" {
	run --separate-stderr bash -c 'printf "\003\002\000\002\000\000" | mine-reveal -i mbf'
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: stdin: byte 6: truncated board: 1 of 2 mines" ]
	run --separate-stderr bash -c 'printf "\003\002\000\001\003\000" | mine-reveal -i mbf'
	[ "$stderr" = "mine-reveal: stdin: byte 4: mine at x=3 y=0 is outside the 3x2 board" ]
	run --separate-stderr bash -c 'printf "\003\002\000\002\001\001\001\001" | mine-reveal -i mbf'
	[ "$stderr" = "mine-reveal: stdin: byte 6: mine at x=1 y=1 given twice" ]
	run --separate-stderr bash -c 'printf "\003" | mine-reveal -i mbf'
	[ "$stderr" = "mine-reveal: stdin: byte 0: truncated header (1 of 4 bytes)" ]
	run --separate-stderr bash -c 'printf "\000\002\000\000" | mine-reveal -i mbf'
	[ "$stderr" = "mine-reveal: stdin: byte 0: empty board (0x2)" ]
	run --separate-stderr bash -c 'mine-reveal -g 256x1 -m 0 | mine-reveal -f mbf'
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: stdin: a 256x1 board is too large for MBF (255x255 at most)" ]
}

# rawvf BOARD [extra header line [events]]: a RawVF video of a board in
# the full state, as the replay converters write one (CR LF, a header,
# events: by default only its start, lines of their own if given).
rawvf() {
	awk -v extra="$2" -v events="${3-}" '
	    /^#/ { next }
	    { gsub(/\./, "0"); row[++n] = $0; mines += gsub(/\*/, "*") }
	    END {
		printf "RawVF_Version: Rev5\r\nProgram: Arbiter\r\nPlayer: Someone\r\n"
		printf "Width: %d\r\nHeight: %d\r\nMines: %d\r\n", length(row[1]), n, mines
		if (extra != "") printf "%s\r\n", extra
		printf "Time: 12.345\r\nBoard:\r\n"
		for (i = 1; i <= n; i++) printf "%s\r\n", row[i]
		printf "Events:\r\n0.000 start\r\n"
		n = split(events, ev, "\n")
		for (i = 1; i <= n; i++) if (ev[i] != "") printf "%s\r\n", ev[i]
	    }' "$1"
}

@test "RawVF: a video's board is read covered, with its figures; videos may follow each other" {
	b=$BATS_TEST_TMPDIR/b
	mine-reveal -g 30x16 -m 99 -S 4 | grep -v '^#' >"$b"
	rawvf "$b" >"$b.rawvf"
	head -1 "$b.rawvf" | grep -q '^RawVF_Version: Rev5'
	# Read as it stands, every cell covered, as MBF boards are.
	run mine-reveal "$b.rawvf"
	[ "$status" -eq 0 ]
	[ "$(grep -v '^#' <<<"$output")" = "$(cat "$b")" ]
	# Its figures are the board's, and the game's time as the header
	# gives it.
	[ "$(mine-reveal --stats "$b.rawvf")" = "$(mine-reveal --stats "$b") time=12.345" ]
	[ "$(mine-reveal -i rawvf --stats "$b.rawvf")" = "$(mine-reveal --stats "$b") time=12.345" ]
	# The published 3BV example, and two videos in one stream.
	rawvf "$top_srcdir/examples/mine-3bv.txt" >"$b.golf"
	run bash -c "cat '$b.golf' '$b.rawvf' | mine-reveal --stats"
	[ "${lines[0]}" = "3bv=23 openings=3 islands=3 zini=18 mines=10 cells=64 time=12.345" ]
	[ "${lines[1]}" = "$(mine-reveal --stats "$b") time=12.345" ]
	[ "${#lines[@]}" -eq 2 ]
	mine-reveal --solve "$b.rawvf" | tail -1 | grep -q '^# state: \(won\|lost\)'
}

@test "RawVF --stats: a won game's 3BV/s from its time; a game not told won, its time alone" {
	b=$BATS_TEST_TMPDIR/b
	golf=$top_srcdir/examples/mine-3bv.txt
	figures="3bv=23 openings=3 islands=3 zini=18 mines=10 cells=64"
	# 23 3BV in 12.345 s: 1.8631... a second.
	run mine-reveal --stats <(rawvf "$golf" "Status: Won")
	[ "$status" -eq 0 ]
	[ "$output" = "$figures time=12.345 3bv/s=1.863" ]
	run mine-reveal --stats <(rawvf "$golf" "Status: won ")
	[ "$output" = "$figures time=12.345 3bv/s=1.863" ]
	# Lost, or not said: the 3BV solved needs the events, not replayed.
	run mine-reveal --stats <(rawvf "$golf" "Status: Lost")
	[ "$output" = "$figures time=12.345" ]
	run mine-reveal --stats <(rawvf "$golf" "Status: Wonderful")
	[ "$output" = "$figures time=12.345" ]
	# Whole seconds; no time at all; a time of 0 has no rate.
	run mine-reveal --stats <(rawvf "$golf" "Status: Won" | sed 's/^Time: 12.345/Time: 23/')
	[ "$output" = "$figures time=23.000 3bv/s=1.000" ]
	run mine-reveal --stats <(rawvf "$golf" "Status: Won" | sed 's/^Time: 12.345/Time: /')
	[ "$output" = "$figures" ]
	run mine-reveal --stats <(rawvf "$golf" "Status: Won" | sed 's/^Time: 12.345/Time: 0.000/')
	[ "$output" = "$figures time=0.000" ]
	# A time that is not seconds with at most three decimals is refused.
	for t in 12.3456 1e3 -1 12. .5 1234567890; do
		rawvf "$golf" | sed "s/^Time: 12.345/Time: $t/" >"$b"
		run --separate-stderr mine-reveal --stats "$b"
		[ "$status" -eq 1 ]
		[ "$stderr" = "mine-reveal: $b:7: Time is not seconds with at most three decimals (Time: $t)" ]
		[ "$output" = "# skipped: bad board at line 1" ]
	done
}

@test "RawVF errors: sizes that disagree, a bad cell, rows of two widths, no board, each at its line" {
	b=$BATS_TEST_TMPDIR/b
	printf '*..\n..*\n' >"$b"
	rawvf "$b" | sed 's/^Mines: 2/Mines: 3/' >"$b.mines"
	run --separate-stderr mine-reveal --stats "$b.mines"
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: $b.mines:6: Mines: 3, but the board has 2" ]
	[ "$output" = "# skipped: bad board at line 1" ]
	rawvf "$b" | sed 's/^00\*/0x*/' >"$b.cell"
	run --separate-stderr mine-reveal "$b.cell"
	[ "$stderr" = "mine-reveal: $b.cell:10:2: not '*' (a mine) or '0' (a safe cell) in a RawVF board (x*)" ]
	rawvf "$b" | sed 's/^00\*/00*0/' >"$b.width"
	run --separate-stderr mine-reveal "$b.width"
	[ "$stderr" = "mine-reveal: $b.width:10: a row of 4 cells in a board whose first row has 3" ]
	rawvf "$b" "Width 3" >"$b.header"
	run --separate-stderr mine-reveal "$b.header"
	[[ "$stderr" == "mine-reveal: $b.header:7: not a \"Name: value\" line of a RawVF header (Width 3)" ]]
	rawvf "$b" "Height: x" >"$b.number"
	run --separate-stderr mine-reveal "$b.number"
	[[ "$stderr" == "mine-reveal: $b.number:7: Height is not a number of at most 4294967295 (Height: x)" ]]
	# A bad video does not hide the next one; -i rawvf refuses other text.
	printf 'RawVF_Version: Rev6\nWidth: 3\n' >"$b.cut"
	rawvf "$b" >"$b.good"
	run --separate-stderr bash -c "cat '$b.cut' '$b.mines' '$b.good' | mine-reveal --stats"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "mine-reveal: stdin:3: a RawVF video begins before the last one's \"Board:\" line" ]
	[ "${lines[2]}" = "$(mine-reveal --stats "$b") time=12.345" ]
	run --separate-stderr mine-reveal -i rawvf "$b"
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: $b:1: not a RawVF video, which begins with \"RawVF_Version:\" (*..)" ]
}

# The clicks of a lost game on the published 3BV board: it opens the
# corner's opening, flags two mines, chords twice (left then right, and
# right then left, which flags nothing), clicks a flag and off the board
# (nothing), and opens a mine at 3,7; a right click after it is too late.
lost_game='0.100 lc 1 1 (8 8) (l)
0.200 lr 1 1 (8 8)
0.300 rc 4 2 (56 24) (r)
0.350 rr 4 2 (56 24)
0.400 rc 4 3 (56 40) (r)
0.450 rr 4 3 (56 40)
0.500 lc 3 2 (40 24) (l)
0.550 rc 3 2 (40 24) (lr)
0.600 lr 3 2 (40 24) (r)
0.650 rr 3 2 (40 24)
1.000 rc 3 2 (40 24) (r)
1.050 lc 3 2 (40 24) (lr)
1.100 rr 3 2 (40 24) (l)
1.150 lr 3 2 (40 24)
2.000 lc 4 2 (56 24) (l)
2.050 lr 4 2 (56 24)
2.500 lc 9 2 (136 24) (l)
2.550 lr 9 2 (136 24)
4.900 lc 7 3 (104 40) (l)
5.000 lr 7 3 (104 40)
5.100 rc 8 1 (120 8) (r)
5.200 rr 8 1 (120 8)
blast 7 3
lost'

@test "the example video is the lost game of these tests, as a converter writes it" {
	rawvf "$top_srcdir/examples/mine-3bv.txt" "Status: Lost" "$lost_game" | tr -d '\r' |
	    sed -n '/^Board:/,$p' >"$BATS_TEST_TMPDIR/made"
	sed -n '/^Board:/,$p' "$top_srcdir/examples/mine-video.rawvf" | diff - "$BATS_TEST_TMPDIR/made"
}

@test "RawVF --stats replays a video's clicks: the 3BV solved, each kind of click, the efficiency, the end" {
	golf=$top_srcdir/examples/mine-3bv.txt
	figures="3bv=23 openings=3 islands=3 zini=18 mines=10 cells=64"
	# The opening and the island cell 1,4 the first chord opens: 2 3BV
	# in 5 s; 3 left clicks (the flag's counts, off the board does not),
	# 2 right, 2 chords.
	run mine-reveal --stats <(rawvf "$golf" "Status: Lost" "$lost_game")
	[ "$status" -eq 0 ]
	[ "$output" = "$figures time=12.345 3bv/s=0.162 solved=2 clicks=7 left=3 right=2 double=2 ioe=0.286 game=lost fatal=0.148936 safe-cells=3" ]
	# Every safe cell clicked in reading order wins: all 23 3BV, in 54
	# left clicks, the clicks on cells already open among them.
	won=$(awk '!/^#/ { for (c = 1; c <= length($0); c++) if (substr($0, c, 1) == ".")
	    printf "%d.000 lc %d %d (%d %d)\n%d.500 lr %d %d (%d %d)\n", n, c, NR - 2,
	    16 * c - 8, 16 * (NR - 2) - 8, n++, c, NR - 2, 16 * c - 8, 16 * (NR - 2) - 8 }' "$golf")
	run mine-reveal --stats <(rawvf "$golf" "Status: Won" "$won")
	[ "$output" = "$figures time=12.345 3bv/s=1.863 solved=23 clicks=54 left=54 right=0 double=0 ioe=0.426 game=won" ]
	# A video with no clicks is not replayed: its figures as before.
	run mine-reveal --stats <(rawvf "$golf" "Status: Won")
	[ "$output" = "$figures time=12.345 3bv/s=1.863" ]
}

@test "RawVF --stats: the chance that the cell of the click that lost was a mine, as the board stood" {
	golf=$top_srcdir/examples/mine-3bv.txt
	# The first click on a mine: 10 mines in 64 cells.
	run mine-reveal --stats <(rawvf "$golf" "" "0.100 lc 4 2 (56 24)
0.200 lr 4 2 (56 24)")
	[[ "$output" == *" solved=0 clicks=1 left=1 right=0 double=0 ioe=0.000 game=lost fatal=0.156250 safe-cells=0" ]]
	# After the corner's opening, a click on 3,4, which its numbers
	# prove a mine: certain, and 4,3 was safe to click instead.
	run mine-reveal --stats <(rawvf "$golf" "" "0.100 lc 1 1 (8 8)
0.200 lr 1 1 (8 8)
0.300 lc 4 3 (56 40)
0.400 lr 4 3 (56 40)")
	[[ "$output" == *" game=lost fatal=1 safe-cells=1" ]]
	# The same as --probabilities says for that cell just before, and
	# as many safe cells as --hint finds then.
	v=$BATS_TEST_TMPDIR/v
	rawvf "$golf" "Status: Lost" "$lost_game" >"$v"
	[ "$(mine-reveal --replay=4.8 --probabilities "$v" | sed -n 's/^# p 3 7 //p')" = 0.148936 ]
	[ "$(mine-reveal --replay=4.8 --hint "$v" | tail -1)" = "# hint: 3 safe, 0 mines" ]
	# A chord that lost, a flag wrong at 1,4 opening the mine at 3,4,
	# has no such figure.
	run mine-reveal --stats <(rawvf "$golf" "" "0.100 lc 1 1 (8 8)
0.200 lr 1 1 (8 8)
0.300 rc 4 2 (56 24)
0.350 rr 4 2 (56 24)
0.400 rc 4 1 (56 8)
0.450 rr 4 1 (56 8)
0.500 lc 3 2 (40 24)
0.550 rc 3 2 (40 24)
0.600 lr 3 2 (40 24)
0.650 rr 3 2 (40 24)")
	[[ "$output" == *" double=1 ioe=0.250 game=lost" ]]
}

@test "RawVF --replay: the board as the clicks leave it, to the end or to a time, for every mode" {
	golf=$top_srcdir/examples/mine-3bv.txt
	v=$BATS_TEST_TMPDIR/v
	rawvf "$golf" "Status: Lost" "$lost_game" >"$v"
	# Read covered without --replay, as before.
	[ "$(mine-reveal "$v" | tail -1)" = "# state: playing opened=0" ]
	run mine-reveal --replay -v "$v"
	[ "$status" -eq 0 ]
	[ "$output" = "0011####
002F####
113F##X#
#*##*###
##*####*
###*####
######*#
#######*
# state: lost opened=10" ]
	# Up to 0.7 s: two flags and the cell the first chord opened; what
	# the player could know then, and what the game had solved.
	run mine-reveal --replay=0.7 --hint "$v"
	[ "$output" = "0011....
002F....
113F..*.
.*..*...
..*....*
...*....
......*.
.......*
open 1 5
open 2 5
open 4 3
# hint: 3 safe, 0 mines" ]
	run mine-reveal --stats --replay=0.7 "$v"
	[ "$output" = "3bv=23 openings=3 islands=3 zini=18 mines=10 cells=64 time=12.345 solved=2 clicks=4 left=1 right=2 double=1 ioe=0.500 game=unfinished" ]
	# Before its first click, nothing is open.
	[ "$(mine-reveal --replay=0 "$v" | tail -1)" = "# state: playing opened=0" ]
	run --separate-stderr mine-reveal --replay=soon "$v"
	[ "$status" -eq 2 ]
	[ "$stderr" = "mine-reveal: --replay=soon: expected seconds with at most three decimals" ]
	run --separate-stderr mine-reveal --replay -g 9x9 -m 10
	[ "$status" -eq 2 ]
	[[ "$stderr" == "mine-reveal: --replay plays a RawVF video's clicks: it does not go with -g"* ]]
}

@test "RawVF replay: question marks with Marks on, and a left click chords with SuperClick on" {
	b=$BATS_TEST_TMPDIR/b
	printf '*....\n.....\n....*\n' >"$b"
	# Three right clicks on 1,2 then a left click: with marks, flag,
	# mark, nothing, and it opens; without, flag, none, flag, and shut.
	clicks=$(for t in 1 2 3; do printf '0.%d00 rc 2 1 (24 8)\n0.%d50 rr 2 1 (24 8)\n' $t $t; done
	    printf '1.000 lc 2 1 (24 8)\n1.100 lr 2 1 (24 8)\n')
	run mine-reveal --replay <(rawvf "$b" "Marks: On" "$clicks")
	[ "${lines[0]}" = "*1..." ]
	run mine-reveal --replay <(rawvf "$b" "Marks: Off" "$clicks")
	[ "${lines[0]}" = "*f..." ]
	# A flag on the mine, then two left clicks on the 1 at 2,2: the
	# first opens it; the second, with SuperClick on, chords it and
	# opens the rest, won; without, does nothing.
	super='0.100 rc 1 1 (8 8)
0.200 rr 1 1 (8 8)
0.300 lc 2 2 (24 24)
0.400 lr 2 2 (24 24)
0.500 lc 2 2 (24 24)
0.600 lr 2 2 (24 24)'
	run mine-reveal --stats <(rawvf "$b" "SuperClick: On" "$super")
	[[ "$output" == *" solved=1 clicks=3 left=2 right=1 double=0 ioe=0.333 game=won" ]]
	run mine-reveal --stats <(rawvf "$b" "SuperClick: Off" "$super")
	[[ "$output" == *" solved=0 clicks=3 left=2 right=1 double=0 ioe=0.000 game=unfinished" ]]
}

@test "RawVF replay errors: an end other than the video's, an event not known, each at its line" {
	golf=$top_srcdir/examples/mine-3bv.txt
	v=$BATS_TEST_TMPDIR/v
	# A Status or last event the clicks do not reach: the figures would
	# be another game's.
	rawvf "$golf" "Status: Won" "$lost_game" >"$v"
	run --separate-stderr mine-reveal --stats "$v"
	[ "$status" -eq 1 ]
	[ "$output" = "# skipped: bad board at line 1" ]
	[ "$stderr" = "mine-reveal: $v:1: its clicks, replayed, leave the game lost, but its Status says won" ]
	rawvf "$golf" "" "${lost_game%lost}won" >"$v"
	run --separate-stderr mine-reveal --stats "$v"
	[ "$stderr" = "mine-reveal: $v:1: its clicks, replayed, leave the game lost, but its last event says won" ]
	# Up to a time, the end is not reached: nothing to check.
	rawvf "$golf" "Status: Won" "$lost_game" >"$v"
	run mine-reveal --stats --replay=1 "$v"
	[ "$status" -eq 0 ]
	# An event whose effect is not known, a click without its cell, a
	# line that is no event: refused at their lines, the next video read.
	for e in "0.050 sc 1 1 (8 8)" "0.050 lc 1 (8 8)" "0.050" "click 1 1"; do
		rawvf "$golf" "" "$e" >"$v"
		rawvf "$golf" "" "$lost_game" >>"$v"
		run --separate-stderr mine-reveal --stats "$v"
		[ "$status" -eq 1 ]
		[ "${lines[0]}" = "# skipped: bad board at line 1" ]
		[[ "${lines[1]}" == *" game=lost fatal=0.148936 safe-cells=3" ]]
		case $e in
		*sc*) why="an event whose effect the replay does not know" ;;
		*lc*) why="a mouse event without its column and row or its pixels" ;;
		0.050) why="an event whose effect the replay does not know" ;;
		*) why="not an event of a RawVF video" ;;
		esac
		[ "$stderr" = "mine-reveal: $v:19: $why ($e)" ]
	done
	# Without --stats or --replay the events are not read.
	run mine-reveal "$v"
	[ "$status" -eq 0 ]
}

@test "RawVF: a click's cell from its pixels, SquareSize a cell; numbers and pixels must agree" {
	golf=$top_srcdir/examples/mine-3bv.txt
	v=$BATS_TEST_TMPDIR/v.rawvf
	want=$(mine-reveal --stats <(rawvf "$golf" "Status: Lost" "$lost_game"))
	# Without the column and row, as the format allows: the pixels tell.
	rawvf "$golf" "Status: Lost" "$(sed -E 's/ (lc|lr|rc|rr) [0-9]+ [0-9]+ / \1 /' <<<"$lost_game")" >"$v"
	grep -q '^0.100 lc (8 8)' "$v"
	run mine-reveal --stats "$v"
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	# Cells of 64 pixels, as a web clone writes them.
	rawvf "$golf" $'Status: Lost\r\nSquareSize: 64' "$(awk '{ if ($0 ~ /\(/) {
	    split($0, f, /[()]/); split(f[2], p, " "); sub(/\(.*/, "")
	    printf "%s(%d %d)%s\n", $0, 4 * p[1], 4 * p[2], (f[4] != "" ? " (" f[4] ")" : "") }
	    else print }' <<<"$lost_game")" >"$v"
	grep -q '^0.100 lc 1 1 (32 32)' "$v"
	run mine-reveal --stats "$v"
	[ "$output" = "$want" ]
	# A writer that numbers the cells from 0 would have every click
	# replayed beside its cell: refused at its first click.
	rawvf "$golf" $'Status: Lost\r\nSquareSize: 64' "0.100 lc 0 0 (32 32)
0.200 lr 0 0 (32 32)" >"$v"
	run --separate-stderr mine-reveal --stats "$v"
	[ "$status" -eq 1 ]
	[ "$stderr" = "mine-reveal: $v:21: a mouse event's column and row (0 0) are not the cell of its pixels (column 1, row 1 with a cell of 64 pixels): the cells are numbered another way (0.100 lc 0 0 (32 32))" ]
	# Off the board the numbers are the writer's: not checked.
	rawvf "$golf" "" "0.100 lc 9 1 (130 8)
0.200 lr 9 1 (130 8)" >"$v"
	run mine-reveal --stats "$v"
	[ "$status" -eq 0 ]
	rawvf "$golf" "SquareSize: 0" >"$v"
	run --separate-stderr mine-reveal --stats "$v"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"SquareSize is not a number of pixels from 1 to 1024 (SquareSize: 0)" ]]
}

@test "no open zero is left next to a covered safe cell after a click" {
	# Many random boards, clicked at their safe cell: a cascade that
	# missed a span would leave an open 0 beside a '.'.
	for s in $(seq 1 10); do
		mine-reveal -g 120x90 -m $(( 120 * 90 * (s % 4 + 1) / 12 )) -s "$s" -S 45,60 |
		    mine-reveal -o 45,60 | grep -v '^#' > "$BATS_TEST_TMPDIR/o"
		run awk '
		{ row[NR] = $0 }
		END {
			for (r = 1; r <= NR; r++)
				for (c = 1; c <= length(row[r]); c++) {
					if (substr(row[r], c, 1) != "0") continue
					for (i = r - 1; i <= r + 1; i++)
						for (j = c - 1; j <= c + 1; j++)
							if (i >= 1 && i <= NR && substr(row[i], j, 1) == ".")
								bad++
				}
			print bad + 0
		}' "$BATS_TEST_TMPDIR/o"
		[ "$output" = "0" ]
	done
}

@test "a 5000x5000 board opens in one click" {
	mine-reveal -g 5000x5000 -m 125000 -s 5 -S 2500,2500 |
	    mine-reveal -o 2500,2500 > "$BATS_TEST_TMPDIR/o"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/o")" -eq 5001 ]
	state=$(tail -n 1 "$BATS_TEST_TMPDIR/o")
	[[ "$state" == "# state: playing opened="* ]]
	# At 0.5% mines nearly all of the 24875000 safe cells open.
	n=${state#*opened=}
	[ "$n" -gt 24000000 ]
	[ "$n" -le 24875000 ]
	[ "$(head -n 5000 "$BATS_TEST_TMPDIR/o" | tr -cd '0-8' | wc -c)" -eq "$n" ]
}

@test "a big board read from a file opens as it does from a pipe" {
	# From a file the board is sized once from what the file holds; from
	# a pipe it grows as rows come.  Both must give the same boards.
	f=$BATS_TEST_TMPDIR/b
	mine-reveal -g 3000x2000 -m 30000 -s 7 -S 1000,1500 > "$f"
	echo >> "$f"
	mine-reveal -g 20x10 -m 30 -s 7 -S 5,5 >> "$f"
	mine-reveal -o 5,5 "$f" > "$BATS_TEST_TMPDIR/from-file"
	cat "$f" | mine-reveal -o 5,5 > "$BATS_TEST_TMPDIR/from-pipe"
	cmp "$BATS_TEST_TMPDIR/from-file" "$BATS_TEST_TMPDIR/from-pipe"
	[ "$(grep -c '^# state: playing' "$BATS_TEST_TMPDIR/from-file")" -eq 2 ]
}

@test "a write error exits 2" {
	run --separate-stderr bash -c 'mine-reveal "$1" > /dev/full' - "$top_srcdir/examples/mine-beginner.txt"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"write error"* ]]
}

@test "bash completion offers options and formats" {
	run complete_words mine-reveal --v
	[[ "$output" == *"--view"* ]]
	[[ "$output" == *"--version"* ]]
	run complete_words mine-reveal -f ""
	[ "$output" = $'full\nmbf\nview' ]
	run complete_words mine-reveal --input m
	[ "$output" = "mbf" ]
	run complete_words mine-reveal -i r
	[ "$output" = "rawvf" ]
}

@test "a board whose lines end in a CR alone reads as with newlines" {
	tr '\n' '\r' <"$top_srcdir/examples/mine-beginner.txt" >"$BATS_TEST_TMPDIR/mac"
	run --separate-stderr mine-reveal -o 1,1 -v "$BATS_TEST_TMPDIR/mac"
	[ "$status" -eq 0 ]
	[ "$output" = "$(mine-reveal -o 1,1 -v "$top_srcdir/examples/mine-beginner.txt")" ]
	[ "$(mine-reveal --stats <"$BATS_TEST_TMPDIR/mac")" = "$(mine-reveal --stats "$top_srcdir/examples/mine-beginner.txt")" ]
}

@test "a board saved with a byte order mark, UTF-8 or UTF-16 as Windows editors write, or in UTF-16 or UTF-32 without one, reads as UTF-8" {
	b="$top_srcdir/examples/mine-beginner.txt"
	want=$(mine-reveal -o 1,1 "$b")
	{ printf '\357\273\277'; cat "$b"; } >"$BATS_TEST_TMPDIR/u8"
	# Notepad's "Unicode" and PowerShell's redirection: UTF-16LE, CR LF.
	{ printf '\377\376'; sed 's/$/\r/' "$b" | iconv -f UTF-8 -t UTF-16LE; } >"$BATS_TEST_TMPDIR/u16"
	{ printf '\376\377'; iconv -f UTF-8 -t UTF-16BE "$b"; } >"$BATS_TEST_TMPDIR/u16be"
	for f in u8 u16 u16be; do
		run --separate-stderr mine-reveal -o 1,1 "$BATS_TEST_TMPDIR/$f"
		[ "$status" -eq 0 ]
		[ "$output" = "$want" ]
		[ "$(mine-reveal -o 1,1 <"$BATS_TEST_TMPDIR/$f")" = "$want" ]
	done
	# An error is at its line of the text; UTF-16 that does not decode
	# is refused whole.
	{ cat "$b"; echo; echo '1x'; } | iconv -f UTF-8 -t UTF-16 >"$BATS_TEST_TMPDIR/bad"
	run --separate-stderr mine-reveal "$BATS_TEST_TMPDIR/bad"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "mine-reveal: $BATS_TEST_TMPDIR/bad:$(( $(wc -l <"$b") + 2 )):"* ]]
	printf '\377\3761' >"$BATS_TEST_TMPDIR/cut"
	run --separate-stderr mine-reveal "$BATS_TEST_TMPDIR/cut"
	[ "$status" -eq 2 ]
	[ "$stderr" = "mine-reveal: $BATS_TEST_TMPDIR/cut: UTF-16 by its byte order mark, but not text in that encoding" ]
	# Without a mark, told by the NULs of the first line.
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$b" >"$BATS_TEST_TMPDIR/bare"
		run --separate-stderr mine-reveal -o 1,1 "$BATS_TEST_TMPDIR/bare"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[ "$output" = "$want" ]
		# -i auto too: a NUL first is text, not MBF.
		[ "$(mine-reveal -i auto -o 1,1 "$BATS_TEST_TMPDIR/bare")" = "$want" ]
	done
	# A bad line is at its line of the text, as with the mark.
	{ cat "$b"; echo; echo '1x'; } | iconv -f UTF-8 -t UTF-16BE >"$BATS_TEST_TMPDIR/bad"
	run --separate-stderr mine-reveal "$BATS_TEST_TMPDIR/bad"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "mine-reveal: $BATS_TEST_TMPDIR/bad:$(( $(wc -l <"$b") + 2 )):"* ]]
	iconv -f UTF-8 -t UTF-16LE "$b" | head -c -1 >"$BATS_TEST_TMPDIR/short"
	run --separate-stderr mine-reveal "$BATS_TEST_TMPDIR/short"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "mine-reveal: $BATS_TEST_TMPDIR/short: UTF-16LE by the NULs of its first line, but not text in that encoding" ]
}

@test "a ZIP archive of boards and videos is read file by file as -i says, a photo beside them counted" {
	t=$BATS_TEST_TMPDIR
	b="$top_srcdir/examples/mine-beginner.txt"
	mine-reveal -g 9x9 -m 10 -S 4 | grep -v '^#' >"$t/g.txt"
	mine-reveal -f mbf "$t/g.txt" >"$t/g.mbf"
	printf '\377\330\377\340\000\020JFIF\000' >"$t/photo.jpg"
	zip-driver "$t/boards.zip" "beginner.txt=$b" "photo.jpg=$t/photo.jpg" "mbf/g.mbf=$t/g.mbf"
	run --separate-stderr mine-reveal -i auto --stats "$t/boards.zip"
	[ "$status" -eq 0 ]
	[ "$output" = "$(mine-reveal -i auto --stats "$b" "$t/g.mbf")" ]
	[ "$stderr" = "mine-reveal: $t/boards.zip: warning: 1 file not boards (photo.jpg), not read" ]
	# From a pipe too; by default an MBF file is text, as it is alone.
	run --separate-stderr mine-reveal --stats <"$t/boards.zip"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "$(mine-reveal --stats "$b")" ]
	[[ "${stderr_lines[0]}" == "mine-reveal: stdin:mbf/g.mbf:1:1: "* ]]
	# -i mbf reads the archive itself as MBF, as before.
	run --separate-stderr mine-reveal -i mbf --stats "$t/boards.zip"
	[ "$status" -eq 1 ]
}
