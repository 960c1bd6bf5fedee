#!/usr/bin/env bats
# fruitsolve: rectangles of 10, planned games checked by replaying them,
# bad boards and bad moves, big boards, and the command line.

load helpers

fdata=$data/fruitsolve

# brute_list: every rectangle of 10 on each board of stdin, found by
# trying all of them, in the order fruitsolve -l prints them.
brute_list() {
	awk 'BEGIN { RS = ""; FS = "\n" }
	{
		if (NR > 1)
			print ""
		R = 0
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^#/)
				continue
			R++
			C = length($i)
			for (c = 1; c <= C; c++) {
				ch = substr($i, c, 1)
				v[R, c] = ch == "." ? 0 : ch + 0
			}
		}
		for (a = 1; a <= R; a++) for (b = a; b <= R; b++)
		for (c = 1; c <= C; c++) for (d = c; d <= C; d++) {
			s = 0; n = 0
			for (y = a; y <= b; y++) for (x = c; x <= d; x++) {
				s += v[y, x]; n += v[y, x] > 0
			}
			if (s == 10)
				print a, c, b, d, n
		}
	}'
}

# plan_and_replay ARGS...: plan the boards of stdin with ARGS, replay
# every plan and check that each claimed score is the replayed one.
plan_and_replay() {
	local plans replayed
	plans=$(fruitsolve -f game "$@")
	replayed=$(printf '%s\n' "$plans" | fruitsolve -c) || return 1
	diff <(printf '%s\n' "$plans" | grep '^# cleared') \
	    <(printf '%s\n' "$replayed" | grep '^# cleared')
}

@test "lists every rectangle of 10 on a hand-made board" {
	golden fruitsolve list fruitsolve -l
	[ "$status" -eq 0 ]
}

@test "reads compact, spaced and comma-separated rows alike" {
	golden fruitsolve forms fruitsolve --list
	[ "$status" -eq 0 ]
}

@test "the listing agrees with trying every rectangle, empty cells included" {
	boards=$(fruitsolve -g 6 -s 7x6 -S 11 | sed 's/[14]/./g')
	diff <(printf '%s\n' "$boards" | fruitsolve -l) \
	    <(printf '%s\n' "$boards" | brute_list)
}

@test "a 1x1 board and a one-row board" {
	run fruitsolve -l <<<"5"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run fruitsolve -l <<<"3.7.55"
	[ "$output" = "1 1 1 3 2
1 1 1 4 2
1 4 1 6 2
1 5 1 6 2" ]
}

@test "lists a 1000x1000 board, every rectangle summing to 10" {
	fruitsolve -g 1 -s 1000x1000 -S 4 >"$BATS_TEST_TMPDIR/big"
	fruitsolve -l "$BATS_TEST_TMPDIR/big" >"$BATS_TEST_TMPDIR/rects"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/rects")" -gt 300000 ]
	# Check every 997th rectangle against the board itself.
	awk 'NR == FNR { row[NR] = $0; next }
	FNR % 997 == 0 {
		s = 0
		for (y = $1; y <= $3; y++)
			for (x = $2; x <= $4; x++)
				s += substr(row[y], x, 1)
		if (s != 10) { print "bad:", $0; exit 1 }
	}' "$BATS_TEST_TMPDIR/big" "$BATS_TEST_TMPDIR/rects"
}

@test "reads a 4096-column board and plans a 500-column one" {
	fruitsolve -g 1 -s 4096x3 -S 5 >"$BATS_TEST_TMPDIR/wide"
	fruitsolve -l "$BATS_TEST_TMPDIR/wide" >"$BATS_TEST_TMPDIR/rects"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/rects")" -gt 1000 ]
	[ "$(cut -d' ' -f4 "$BATS_TEST_TMPDIR/rects" | sort -n | tail -1)" -gt 4090 ]
	fruitsolve -g 1 -s 500x2 -S 5 | plan_and_replay --greedy
}

@test "bad boards are reported with line and column, the rest still read" {
	run --separate-stderr fruitsolve -l "$fdata/bad.in"
	[ "$status" -eq 1 ]
	# Each bad board leaves a comment in its place, so blocks stay aligned.
	[ "$output" = "# $fdata/bad.in: board 1: not read

# $fdata/bad.in: board 2: not read

# $fdata/bad.in: board 3: not read

1 1 1 2 2" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	[ "${stderr_lines[0]}" = "fruitsolve: $fdata/bad.in:2:3: row has 2 cells, expected 3" ]
	[ "${stderr_lines[1]}" = "fruitsolve: $fdata/bad.in:4:3: bad cell character (x)" ]
	[ "${stderr_lines[2]}" = "fruitsolve: $fdata/bad.in:7:4: cells run together in a separated row (23)" ]
}

@test "a longer row, an empty row and a board on stdin" {
	run --separate-stderr fruitsolve -l <<<$'12\n345'
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: stdin:2:3: row has more than 2 cells" ]
	run --separate-stderr fruitsolve -l <<<$'1,9\n,,'
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: stdin:2:1: row has no cells" ]
}

@test "checks a move list and prints the board it leaves" {
	golden fruitsolve moves fruitsolve --check
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "-r and --replay, the old spellings of -c, still check; --help names -c only" {
	for opt in -r --replay; do
		golden fruitsolve moves fruitsolve $opt
		[ "$status" -eq 0 ]
	done
	run fruitsolve --help
	grep -q '^  -c, --check  ' <<<"$output"
	[ -z "$(grep -- '-r\b\|--replay' <<<"$output")" ]
}

@test "check stops at a move that does not sum to 10" {
	golden fruitsolve badmove fruitsolve -c
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $fdata/badmove.in:6: move does not sum to 10 (sum 5)" ]
}

@test "check rejects moves off the board and malformed moves" {
	run --separate-stderr fruitsolve -c <<<$'19\n\n1 1 1 3'
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: stdin:3:7: column not on the board (1 1 1 3)" ]
	run --separate-stderr fruitsolve -c <<<$'19\n\n1 1 1'
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: stdin:3:6: a move needs four numbers: row column row column (1 1 1)" ]
	# Words are not numbers off the board.
	run --separate-stderr fruitsolve -c <<<$'19\n\nfoo'
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: stdin:3:1: a move needs four numbers: row column row column (foo)" ]
	run --separate-stderr fruitsolve -c <<<$'19\n\n1 1 1 2 x'
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"stdin:3:9: trailing text after the move"* ]]
}

@test "the hand-made board is cleared completely, greedily or not" {
	run fruitsolve "$top_srcdir/examples/fruit-small.txt"
	[ "${lines[-1]}" = "# cleared 8 of 8" ]
	run fruitsolve -G "$top_srcdir/examples/fruit-small.txt"
	[ "${lines[-1]}" = "# cleared 8 of 8" ]
}

@test "every greedy plan replays to the score it claims" {
	fruitsolve -g 10 -S 3 | plan_and_replay --greedy
}

@test "every searched plan replays to the score it claims" {
	fruitsolve -g 3 -S 4 | plan_and_replay -e 20000
}

@test "a board with too many rectangles for the policy is planned by the beam" {
	# 1500x1 has 1125750 rectangles, past the 2^20 the policy can hold.
	fruitsolve -g 1 -s 1500x1 -S 3 | plan_and_replay -e 3000
}

@test "plans on boards of other shapes replay too" {
	fruitsolve -g 3 -s 9x5 -S 5 | plan_and_replay -e 5000
	fruitsolve -g 2 -s 30x1 -S 6 | plan_and_replay -e 5000
}

@test "the search beats the greedy player on these boards" {
	fruitsolve -g 4 -S 8 >"$BATS_TEST_TMPDIR/b"
	g=$(fruitsolve -G "$BATS_TEST_TMPDIR/b" | awk '/^# cleared/ { s += $3 } END { print s }')
	e=$(fruitsolve -e 30000 "$BATS_TEST_TMPDIR/b" | awk '/^# cleared/ { s += $3 } END { print s }')
	[ "$e" -gt "$g" ]
}

@test "a plan depends only on the board, the effort and the seed" {
	fruitsolve -g 1 -S 9 >"$BATS_TEST_TMPDIR/b"
	a=$(fruitsolve -e 20000 -S 1 "$BATS_TEST_TMPDIR/b")
	b=$(fruitsolve --effort 20000 --seed 1 "$BATS_TEST_TMPDIR/b")
	[ "$a" = "$b" ]
	c=$(fruitsolve -e 20000 -S 1 -t 60 "$BATS_TEST_TMPDIR/b")
	[ "$a" = "$c" ]
}

@test "the board after a plan, and its score" {
	run fruitsolve -f board "$top_srcdir/examples/fruit-small.txt"
	[ "$output" = "....
....
....
# cleared 8 of 8" ]
}

@test "the SVG shows the starting board and numbers every planned move" {
	run fruitsolve -e 5000 -f svg "$top_srcdir/examples/fruit-board.txt"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "<svg xmlns="* ]]
	[ "${lines[-1]}" = "</svg>" ]
	moves=$(fruitsolve -e 5000 "$top_srcdir/examples/fruit-board.txt" | grep -vc '^#')
	[ "$(grep -c 'class="move"' <<<"$output")" -eq "$moves" ]
	[ "$(grep -c '<circle' <<<"$output")" -eq 170 ]
	# A numbered badge a move, drawn after every outline, no two at the
	# same place: late moves share corners with earlier ones.
	[ "$(grep -c 'class="badge"' <<<"$output")" -eq "$moves" ]
	[ "$(grep -n 'class="move"' <<<"$output" | tail -1 | cut -d: -f1)" -lt \
	    "$(grep -n 'class="badge"' <<<"$output" | head -1 | cut -d: -f1)" ]
	[ "$(grep -o '<text class="n" x="[0-9.]*" y="[0-9.]*"' <<<"$output" | sort -u | wc -l)" -eq "$moves" ]
	for n in $(seq "$moves"); do grep -q ">$n</text></g>" <<<"$output"; done
	# Without the other corners, some would be: the test can fail.
	fruitsolve -e 5000 "$top_srcdir/examples/fruit-board.txt" | grep -v '^#' |
	    awk '{ n[$1 " " $2]++ } END { for (k in n) if (n[k] > 1) found = 1; exit !found }'
}

@test "the SVG is well-formed XML, after a board not read too" {
	need xmllint
	run fruitsolve -e 5000 -f svg "$top_srcdir/examples/fruit-board.txt"
	xmllint --noout - <<<"$output"
	printf 'not a board\n' >"$BATS_TEST_TMPDIR/bad"
	run --separate-stderr fruitsolve -G -f svg "$BATS_TEST_TMPDIR/bad" \
	    "$top_srcdir/examples/fruit-small.txt"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "<!-- "*": board 1: not read -->" ]]
	xmllint --noout - <<<"$output"
}

@test "generated boards follow the game's rule and the seed" {
	run fruitsolve --generate 3 --seed 42
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 30 ]
	[ "$output" = "$(fruitsolve -g 3 -S 42)" ]
	[ "$output" != "$(fruitsolve -g 3 -S 43)" ]
	fruitsolve -g 20 -S 42 | awk 'BEGIN { RS = "" }
	{
		gsub(/\n/, "")
		if (length($0) != 170 || $0 ~ /[^1-9]/) exit 1
		s = 0
		for (i = 1; i <= 170; i++) s += substr($0, i, 1)
		if (s % 10 != 0) exit 1
	}'
	run fruitsolve -g 1 -s 3x2 -S 1
	[ "${#lines[@]}" -eq 2 ]
	[ "${#lines[0]}" -eq 3 ]
}

@test "bad option values exit 2 with one line naming what is wrong" {
	for args in "-e 0:-e 0: too small" "-R --steps x:--steps applies" \
	    "-s 10:-s 10: expected WIDTHxHEIGHT" "-s 0x5:-s 0x5: expected" \
	    "-t 0:-t 0: expected a number" "-t 1s:-t 1s:" "-t 0.5x:-t 0.5x:" \
	    "-R -f png --scale 1.5x:--scale 1.5x:" "-g -1:-g -1: too small" \
	    "-l -f svg:-l and -f exclude each other" "-g 1:-g reads no files"; do
		run --separate-stderr fruitsolve ${args%%:*} /dev/null
		[ "$status" -eq 2 ]
		[ "${#stderr_lines[@]}" -eq 1 ]
		[[ "$stderr" == "fruitsolve: ${args#*:}"* ]] || { echo "$stderr"; false; }
	done
	# A wrong option or a missing argument gives the usage.
	run --separate-stderr fruitsolve -e
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"usage: fruitsolve"* ]]
	# A time may be a fraction of a second.
	run fruitsolve -t 0.2 "$top_srcdir/examples/fruit-small.txt"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "# cleared "* ]]
}

@test "a missing file is reported and the others still read" {
	run --separate-stderr fruitsolve -l /nonexistent "$fdata/list.in"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"/nonexistent"* ]]
	[ "${#lines[@]}" -eq 6 ]
}

@test "a write error is exit status 2, and stops the run at once" {
	[ -w /dev/full ] || skip "no /dev/full"
	run bash -c 'fruitsolve -g 5 >/dev/full'
	[ "$status" -eq 2 ]
	# A hundred million boards would take minutes to write.
	run bash -c 'timeout 20 fruitsolve -g 100000000 2>&1 >/dev/full'
	[ "$status" -eq 2 ]
	[[ "$output" == "fruitsolve: write error on standard output: "* ]]
	for opt in --help -V --version; do
		run bash -c "fruitsolve $opt 2>&1 >/dev/full"
		[ "$status" -eq 2 ]
		[[ "$output" == *"write error"* ]]
	done
}

@test "--help names every option, its formats, and the usage" {
	run fruitsolve --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: fruitsolve "* ]]
	for opt in check effort format greedy generate help input list next read \
	    seed size scale steps summary time version; do
		grep -q -- "--$opt" <<<"$output"
	done
	grep -q 'FORMAT: moves, board, game, svg, png, jpeg, ppm, webp, gif; with -R: board, png, jpeg, ppm' <<<"$output"
	grep -q 'FORMAT: auto, board, image' <<<"$output"
}

@test "options that contradict each other are refused, naming both" {
	for args in "-g 1 -l:-g and -l" "-l -G:-l and -G" "-G -e 5:-G and -e" \
	    "-R -G:-R and -G" "-c -e 5:-c and -e" "-r -R:-c and -R" \
	    "-G -t 3:-G and -t"; do
		run --separate-stderr fruitsolve ${args%%:*} /dev/null
		[ "$status" -eq 2 ]
		[[ "$stderr" == "fruitsolve: ${args#*:} exclude each other"* ]]
	done
	run --separate-stderr fruitsolve -f tiff /dev/null
	[ "$status" -eq 2 ]
	[[ "$stderr" == "fruitsolve: unknown output format: tiff (one of: moves, board, game, svg, png, jpeg, ppm, webp, gif)"* ]]
	run --separate-stderr fruitsolve -R -f moves /dev/null
	[[ "$stderr" == "fruitsolve: -R and -f moves exclude each other"* ]]
	run --separate-stderr fruitsolve -n 3 /dev/null
	[ "$status" -eq 2 ]
	[[ "$stderr" == "fruitsolve: -n applies to plans drawn (-f svg, png, jpeg, ppm, webp, gif) only"* ]]
}

@test "sizes are width x height, as players say 17x10" {
	run fruitsolve -g 1 -s 5x3 -S 1
	[ "${#lines[@]}" -eq 3 ]
	[ "${#lines[0]}" -eq 5 ]
	[ "$(fruitsolve -g 2 -S 3)" = "$(fruitsolve -g 2 -S 3 -s 17x10)" ]
}

@test "--summary counts the boards, good and bad" {
	run --separate-stderr fruitsolve -l --summary "$fdata/bad.in"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[-1]}" = "fruitsolve: 4 records: 1 good, 3 bad, 0 warnings" ]
}

@test "a directory among the files is reported, the others still read" {
	run --separate-stderr fruitsolve -l "$BATS_TEST_TMPDIR" "$fdata/list.in"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "fruitsolve: $BATS_TEST_TMPDIR: Is a directory" ]]
	[ "$output" = "$(fruitsolve -l "$fdata/list.in")" ]
}

@test "plans are written board by board, not at the end" {
	# The small board is cleared at once; the second takes its 4 s.
	{ cat "$top_srcdir/examples/fruit-small.txt"; echo; fruitsolve -g 1 -S 2; } >"$BATS_TEST_TMPDIR/two"
	run bash -c 'fruitsolve -e 1000000000000 -t 4 "$1" |
	    { read -t 3 -r first && echo "$first"; cat >/dev/null; }' sh "$BATS_TEST_TMPDIR/two"
	[[ "$output" =~ ^[0-9]+\ [0-9]+\ [0-9]+\ [0-9]+$ ]]
}

@test "diagnostics escape what they quote" {
	run --separate-stderr fruitsolve -l <<<$'12\x1b3'
	[ "$status" -eq 1 ]
	[ "$stderr" = 'fruitsolve: stdin:1:3: bad cell character (\x1b)' ]
	[ "$output" = "# stdin: board 1: not read" ]
}

@test "a closed pipe ends the listing quietly" {
	fruitsolve -g 1 -s 300x300 -S 2 >"$BATS_TEST_TMPDIR/b"
	run bash -c 'fruitsolve -l "$1" 2>"$1.err" | head -1' sh "$BATS_TEST_TMPDIR/b"
	[[ "$output" =~ ^1\ [0-9]+\ [0-9]+\ [0-9]+\ [0-9]+$ ]]
	[ ! -s "$BATS_TEST_TMPDIR/b.err" ]
}

@test "bash completion offers the options and the formats" {
	run complete_words fruitsolve --g
	[[ "$output" == *"--generate"* ]]
	[[ "$output" == *"--greedy"* ]]
	run complete_words fruitsolve -f ""
	[ "$output" = "board
game
gif
jpeg
moves
png
ppm
svg
webp" ]
	run complete_words fruitsolve --format s
	[ "$output" = "svg" ]
	run complete_words fruitsolve --format=s
	[ "$output" = "svg" ]
	run complete_words fruitsolve -i ""
	[ "$output" = "auto
board
image" ]
	run complete_words fruitsolve --st
	[[ "$output" == *"--steps"* ]]
}

@test "manual: list the rectangles of the small example" {
	cd "$top_srcdir"
	run fruitsolve -l examples/fruit-small.txt
	[ "${lines[0]}" = "1 1 1 2 2" ]
	[ "${#lines[@]}" -eq 6 ]
}

@test "manual: plan, then check the plan by replaying it" {
	cd "$top_srcdir"
	run bash -c 'fruitsolve -e 20000 -f game examples/fruit-board.txt | fruitsolve -c | tail -1'
	[ "$status" -eq 0 ]
	[[ "$output" == "# cleared "*" of 170" ]]
}

@test "manual: greedy scores of five practice boards" {
	run bash -c 'fruitsolve --generate 5 --seed 7 | fruitsolve --greedy | grep cleared'
	[ "${#lines[@]}" -eq 5 ]
	[[ "${lines[0]}" == "# cleared "*" of 170" ]]
}

@test "manual: a picture of the plan" {
	cd "$top_srcdir"
	run bash -c 'fruitsolve -e 20000 -f svg examples/fruit-board.txt > "$BATS_TEST_TMPDIR/plan.svg"'
	[ "$status" -eq 0 ]
	grep -q '</svg>' "$BATS_TEST_TMPDIR/plan.svg"
}

@test "colours on a terminal, none with NO_COLOR or through a pipe" {
	command -v script >/dev/null || skip "script is not installed"
	# A container or chroot without /dev/pts has no terminal to give.
	script -qc 'test -t 1' /dev/null >/dev/null 2>&1 ||
	    skip "script cannot open a terminal here"
	b=$top_srcdir/examples/fruit-board.txt
	run script -qc "NO_COLOR= fruitsolve -G -f board '$b'" /dev/null
	[[ "$output" == *$'\033[1;31m'* ]]
	run script -qc "NO_COLOR=1 fruitsolve -G -f board '$b'" /dev/null
	[[ "$output" != *$'\033'* ]]
	run fruitsolve -G -f board "$b"
	[[ "$output" != *$'\033'* ]]
	[ "${#lines[@]}" -eq 11 ]
}

@test "the examples of fruit-board(5)" {
	run fruitsolve -l <<<$'# Two pairs on top, a pair across an empty cell below.\n1955\n3.7.\n\n1,9,5,5\n3,.,7,.'
	[ "$output" = "1 1 1 2 2
1 3 1 4 2
2 1 2 3 2
2 1 2 4 2

1 1 1 2 2
1 3 1 4 2
2 1 2 3 2
2 1 2 4 2" ]
	run fruitsolve -c <<<$'1955\n3.7.\n\n1 1 1 2\n1 3 1 4\n2 1 2 3\n# cleared 6 of 6'
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "# cleared 6 of 6" ]
}

@test "the completions for zsh and fish parse" {
	need zsh fish
	zsh -n "$top_srcdir/completions/zsh/_fruitsolve"
	fish -n "$top_srcdir/completions/fish/fruitsolve.fish"
}

@test "a board whose lines end in a CR alone reads as with newlines" {
	tr '\n' '\r' <"$top_srcdir/examples/fruit-board.txt" >"$BATS_TEST_TMPDIR/mac"
	run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/mac"
	[ "$status" -eq 0 ]
	[ "$output" = "$(fruitsolve -G "$top_srcdir/examples/fruit-board.txt")" ]
}

@test "a board saved with a byte order mark, UTF-8 or UTF-16 as Windows editors write, or in UTF-16 or UTF-32 without one, reads as UTF-8" {
	b="$top_srcdir/examples/fruit-board.txt"
	want=$(fruitsolve -G "$b")
	{ printf '\357\273\277'; cat "$b"; } >"$BATS_TEST_TMPDIR/u8"
	{ printf '\377\376'; sed 's/$/\r/' "$b" | iconv -f UTF-8 -t UTF-16LE; } >"$BATS_TEST_TMPDIR/u16"
	{ printf '\376\377'; iconv -f UTF-8 -t UTF-16BE "$b"; } >"$BATS_TEST_TMPDIR/u16be"
	for f in u8 u16 u16be; do
		run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/$f"
		[ "$status" -eq 0 ]
		[ "$output" = "$want" ]
		[ "$(fruitsolve -G <"$BATS_TEST_TMPDIR/$f")" = "$want" ]
		[ "$(fruitsolve -G -i board "$BATS_TEST_TMPDIR/$f")" = "$want" ]
	done
	printf '\377\3761' >"$BATS_TEST_TMPDIR/cut"
	run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/cut"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "fruitsolve: $BATS_TEST_TMPDIR/cut: UTF-16 by its byte order mark, but not text in that encoding"* ]]
	# Without a mark, told by the NULs of the first line.
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$b" >"$BATS_TEST_TMPDIR/bare"
		run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/bare"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[ "$output" = "$want" ]
		[ "$(fruitsolve -G <"$BATS_TEST_TMPDIR/bare")" = "$want" ]
	done
	head -c -1 "$BATS_TEST_TMPDIR/bare" >"$BATS_TEST_TMPDIR/short"
	run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/short"
	[ "$status" -eq 2 ]
	[ "$stderr" = "fruitsolve: $BATS_TEST_TMPDIR/short: UTF-32BE by the NULs of its first line, but not text in that encoding" ]
	# A first line that opens in Chinese is told by the whole line.
	{ printf '# 盤面 1 號\n'; cat "$b"; } >"$BATS_TEST_TMPDIR/cn"
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/cn" >"$BATS_TEST_TMPDIR/bare"
		run --separate-stderr fruitsolve -G "$BATS_TEST_TMPDIR/bare"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[ "$output" = "$want" ]
	done
}
