#!/usr/bin/env bats
# fruitsolve's planner on boards far from the game's size: the effort and
# the time limit hold, greedy play and listings cost about what they
# output, and every plan still replays.  The time limits of these tests
# are many times what the work takes: they catch a cost that grows with
# the square of the board, not a slow machine.

load helpers

# digits ROWS COLS SEED: a board of random digits 1-9, from an LCG of
# its own so that every awk draws the same board.
digits() {
	awk -v R="$1" -v C="$2" -v x="$3" 'BEGIN {
		for (r = 0; r < R; r++) {
			s = ""
			for (c = 0; c < C; c++) {
				x = (x * 1103515245 + 12345) % 2147483648
				s = s (1 + int(x / 65536) % 9)
			}
			print s
		}
	}'
}

# replays FILE: the plans of a -f game output replay to their claims.
replays() {
	fruitsolve -c "$1" >"$1.replayed" || return 1
	diff <(grep '^# cleared' "$1") <(grep '^# cleared' "$1.replayed")
}

@test "greedy play on a 100000-cell strip, either way round" {
	digits 1 100000 7 >"$BATS_TEST_TMPDIR/wide"
	digits 100000 1 7 >"$BATS_TEST_TMPDIR/tall"
	timeout 20 fruitsolve -G -f game "$BATS_TEST_TMPDIR/wide" \
	    >"$BATS_TEST_TMPDIR/wide.game"
	timeout 20 fruitsolve -G -f game "$BATS_TEST_TMPDIR/tall" \
	    >"$BATS_TEST_TMPDIR/tall.game"
	replays "$BATS_TEST_TMPDIR/wide.game"
	replays "$BATS_TEST_TMPDIR/tall.game"
	# One board is the other turned: greedy clears as much on each.
	[ "$(tail -1 "$BATS_TEST_TMPDIR/wide.game")" = \
	    "$(tail -1 "$BATS_TEST_TMPDIR/tall.game")" ]
	tail -1 "$BATS_TEST_TMPDIR/wide.game" | grep -Eq '^# cleared [1-9][0-9]{4} of 100000$'
}

@test "-t 1 on a 100x100 board stops within about a second with a plan" {
	digits 100 100 3 >"$BATS_TEST_TMPDIR/board"
	start=$SECONDS
	timeout 60 fruitsolve -t 1 -f game "$BATS_TEST_TMPDIR/board" \
	    >"$BATS_TEST_TMPDIR/game"
	# Unbounded, the first expansion alone took minutes.
	[ $((SECONDS - start)) -le 15 ]
	replays "$BATS_TEST_TMPDIR/game"
	tail -1 "$BATS_TEST_TMPDIR/game" | grep -Eq '^# cleared [1-9][0-9]{3} of 10000$'
}

@test "-e bounds the search of a big board, and the plan is reproducible" {
	digits 100 100 5 >"$BATS_TEST_TMPDIR/board"
	timeout 20 fruitsolve -e 20000 -S 3 -f game "$BATS_TEST_TMPDIR/board" \
	    >"$BATS_TEST_TMPDIR/a"
	timeout 20 fruitsolve -e 20000 -S 3 -f game "$BATS_TEST_TMPDIR/board" \
	    >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	replays "$BATS_TEST_TMPDIR/a"
	# Even an effort of 1 gives a plan: the first game, cut short.
	timeout 20 fruitsolve -e 1 -f game "$BATS_TEST_TMPDIR/board" \
	    >"$BATS_TEST_TMPDIR/c"
	replays "$BATS_TEST_TMPDIR/c"
	[ "$(awk 'p && /^[0-9]/ { n++ } /^$/ { p = 1 } END { print n + 0 }' \
	    "$BATS_TEST_TMPDIR/c")" -gt 0 ]
}

@test "an effort of 1 still plays one whole game on a small board" {
	for b in "$top_srcdir/examples/fruit-board.txt" "$top_srcdir/examples/fruit-small.txt"; do
		fruitsolve -e 1 -f game "$b" >"$BATS_TEST_TMPDIR/g"
		replays "$BATS_TEST_TMPDIR/g"
		[ "$(awk 'p && /^[0-9]/ { n++ } /^$/ { p = 1 } END { print n + 0 }' \
		    "$BATS_TEST_TMPDIR/g")" -gt 0 ]
	done
}

@test "a board with no move is planned as it stands, by the search and by greedy play" {
	# 2, 5 and 8 make no 10 in any rectangle: nothing to list, search
	# or play, and nothing wrong with the board.
	printf '.258\n' >"$BATS_TEST_TMPDIR/stuck"
	for opt in -e200 -G; do
		run fruitsolve "$opt" "$BATS_TEST_TMPDIR/stuck"
		[ "$status" -eq 0 ]
		[ "$output" = "# cleared 0 of 3" ]
	done
}

@test "greedy play on a big board is the same game as on a listing of it" {
	# Far from the small boards' path: the moves are found around each
	# rectangle cleared; every move must still be the fewest-apples one
	# a full listing of the board left would offer.
	digits 40 60 9 | sed 's/[37]/./g' >"$BATS_TEST_TMPDIR/board"
	fruitsolve -G -f game "$BATS_TEST_TMPDIR/board" >"$BATS_TEST_TMPDIR/game"
	replays "$BATS_TEST_TMPDIR/game"
	awk 'NR > 1 && /^$/ { exit } { print }' "$BATS_TEST_TMPDIR/game" \
	    >"$BATS_TEST_TMPDIR/start"
	grep '^[0-9]* [0-9]* [0-9]* [0-9]*$' "$BATS_TEST_TMPDIR/game" |
	    head -20 >"$BATS_TEST_TMPDIR/moves"
	cp "$BATS_TEST_TMPDIR/start" "$BATS_TEST_TMPDIR/now"
	while read -r r1 c1 r2 c2; do
		# The fewest apples a tight rectangle of the board holds now.
		fewest=$(fruitsolve -l "$BATS_TEST_TMPDIR/now" |
		    awk 'NR == 1 || $5 < m { m = $5 } END { print m }')
		got=$(fruitsolve -l "$BATS_TEST_TMPDIR/now" |
		    awk -v a="$r1 $c1 $r2 $c2" '$1" "$2" "$3" "$4 == a { print $5 }')
		[ "$got" = "$fewest" ]
		{ cat "$BATS_TEST_TMPDIR/now"; echo; echo "$r1 $c1 $r2 $c2"; } |
		    fruitsolve -c | grep -v '^#' >"$BATS_TEST_TMPDIR/next"
		mv "$BATS_TEST_TMPDIR/next" "$BATS_TEST_TMPDIR/now"
	done <"$BATS_TEST_TMPDIR/moves"
}

@test "-l on a 2000x2000 board of two digits lists its 2000 rectangles at once" {
	awk 'BEGIN { for (r = 1; r <= 2000; r++) {
		s = ""
		for (c = 1; c <= 2000; c++)
			s = s ((r == 1 || r == 2000) && c == 1 ? "5" : ".")
		print s
	} }' >"$BATS_TEST_TMPDIR/board"
	timeout 4 fruitsolve -l "$BATS_TEST_TMPDIR/board" >"$BATS_TEST_TMPDIR/rects"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/rects")" -eq 2000 ]
	[ "$(head -1 "$BATS_TEST_TMPDIR/rects")" = "1 1 2000 1 2" ]
	[ "$(tail -1 "$BATS_TEST_TMPDIR/rects")" = "1 1 2000 2000 2" ]
}

@test "-l on boards with empty rows and columns agrees with a listing by hand" {
	# Empty runs at the edges and inside, where the rectangles' edges
	# may fall anywhere.
	printf '%s\n' '.......' '..3....' '.......' '....7..' '.......' \
	    '.1..9..' >"$BATS_TEST_TMPDIR/board"
	fruitsolve -l "$BATS_TEST_TMPDIR/board" >"$BATS_TEST_TMPDIR/rects"
	awk '{ a[NR] = $0 } END {
		for (r = 1; r <= NR; r++) for (c = 1; c <= 7; c++)
			v[r, c] = substr(a[r], c, 1) == "." ? 0 : substr(a[r], c, 1)
		for (t = 1; t <= NR; t++) for (b = t; b <= NR; b++)
		for (l = 1; l <= 7; l++) for (r = l; r <= 7; r++) {
			s = 0; n = 0
			for (y = t; y <= b; y++) for (x = l; x <= r; x++) {
				s += v[y, x]; n += v[y, x] > 0
			}
			if (s == 10)
				print t, l, b, r, n
		}
	}' "$BATS_TEST_TMPDIR/board" | diff - "$BATS_TEST_TMPDIR/rects"
}

@test "the mending frees a move that stranded apples" {
	# Taking 8 + 2 strands the 1s; 1 + 1 + 8 clears an apple more.
	printf '1182\n\n1 3 1 4\n' >"$BATS_TEST_TMPDIR/game"
	run fruit-polish -n 50 <"$BATS_TEST_TMPDIR/game"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "1 1 1 3" ]
	[ "${lines[1]}" = "# cleared 3 of 4" ]
	# With no plan at all, it plays the board from the start.
	printf '1182\n' | fruit-polish -n 50 | grep -qx '# cleared 3 of 4'
}

@test "mended plans replay, never clear fewer apples, and repeat from the seed" {
	fruitsolve -g 5 -S 99 | fruitsolve -G -f game >"$BATS_TEST_TMPDIR/greedy"
	awk -v RS= -v d="$BATS_TEST_TMPDIR" '
		NR % 2 == 1 { b = $0 }
		NR % 2 == 0 { print b "\n\n" $0 > (d "/g" NR / 2) }' \
	    "$BATS_TEST_TMPDIR/greedy"
	gained=0
	for i in 1 2 3 4 5; do
		g=$BATS_TEST_TMPDIR/g$i
		fruit-polish -n 300 -S 7 <"$g" >"$g.mended"
		fruit-polish -n 300 -S 7 <"$g" | cmp - "$g.mended"
		{ sed '/^$/q' "$g"; grep -v '^#' "$g.mended"; } |
		    fruitsolve -c >"$g.replayed"
		before=$(awk '/^# cleared/ { print $3 }' "$g")
		after=$(awk '/^# cleared/ { print $3 }' "$g.mended")
		[ "$(awk '/^# cleared/ { print $3 }' "$g.replayed")" = "$after" ]
		[ "$after" -ge "$before" ]
		# Played to the end: the board left has no rectangle of 10.
		[ -z "$(grep -v '^#' "$g.replayed" | fruitsolve -l)" ]
		gained=$((gained + after - before))
	done
	# Greedy play leaves much to mend: 60 apples on these five boards.
	[ "$gained" -ge 20 ]
}

@test "a board too big for the policy search is mended, and played to the end" {
	# 40x60 has more rectangles than a policy weighs: the beam search
	# plans it, and the mending lists only the part each round frees.
	digits 40 60 11 >"$BATS_TEST_TMPDIR/board"
	fruitsolve -e 30000 -f game "$BATS_TEST_TMPDIR/board" >"$BATS_TEST_TMPDIR/game"
	replays "$BATS_TEST_TMPDIR/game"
	fruitsolve -c "$BATS_TEST_TMPDIR/game" | grep -v '^#' >"$BATS_TEST_TMPDIR/left"
	[ -z "$(fruitsolve -l "$BATS_TEST_TMPDIR/left")" ]
	fruit-polish -n 300 <"$BATS_TEST_TMPDIR/game" >"$BATS_TEST_TMPDIR/mended"
	{ cat "$BATS_TEST_TMPDIR/board"; echo; grep -v '^#' "$BATS_TEST_TMPDIR/mended"; } |
	    fruitsolve -c >"$BATS_TEST_TMPDIR/replayed"
	[ "$(tail -1 "$BATS_TEST_TMPDIR/replayed")" = "$(tail -1 "$BATS_TEST_TMPDIR/mended")" ]
	[ "$(awk '{ print $3 }' <(tail -1 "$BATS_TEST_TMPDIR/mended"))" -gt \
	    "$(awk '/^# cleared/ { print $3 }' "$BATS_TEST_TMPDIR/game")" ]
	grep -v '^#' "$BATS_TEST_TMPDIR/replayed" >"$BATS_TEST_TMPDIR/left"
	[ -z "$(fruitsolve -l "$BATS_TEST_TMPDIR/left")" ]
}
