#!/usr/bin/env bats
# The rules of Buffalo Chess in bchess-pack: legal moves of hand-checked
# positions (through bchess-sim -l), whole games replayed, and what
# --check and --repair say about real-looking links.

load helpers

d=$data/bchess-rules
site=https://www.joonas.io/buffalo-chess/?l=

# The payload of one row of the vectors file.
vector() {
	awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $2 == f { print $3 }' "$d/vectors.tsv"
}

@test "the start position: 8 moves for each dog and 3 for the chief, in canonical order" {
	run bchess-sim -l <<<''
	[ "$status" -eq 0 ]
	[ "$output" = "m-4-3-2-1-0 m-4-3-2-3-0 m-4-3-2-5-0 m-4-3-3-2-0 m-4-3-3-3-0 m-4-3-3-4-0 m-4-3-4-1-0 m-4-3-4-2-0 m-4-4-3-3-0 m-4-4-3-4-0 m-4-4-3-5-0 m-4-5-2-3-0 m-4-5-2-5-0 m-4-5-2-7-0 m-4-5-3-4-0 m-4-5-3-5-0 m-4-5-3-6-0 m-4-5-4-6-0 m-4-5-4-7-0" ]
}

@test "a dog on row 2 holds the buffalo above it: six buffaloes can move" {
	run bchess-sim -l <<<'m-4-3-2-1-0'
	[ "$output" = "m-1-2-2-2-0 m-1-3-2-3-0 m-1-4-2-4-0 m-1-5-2-5-0 m-1-6-2-6-0 m-1-7-2-7-0" ]
}

@test "the chief may take the buffalo next to it; dogs stop before pieces" {
	run bchess-sim -l <<<'m-4-4-3-4-0,m-1-4-2-4-0'
	[ "${#lines[@]}" -eq 1 ]
	moves=($output)
	[ "${#moves[@]}" -eq 20 ]
	# The chief: six squares, the buffalo on (2,4) a kill, never the dogs.
	[ "$(printf '%s\n' "${moves[@]}" | grep '^m-3-4-' | tr '\n' ' ')" = "m-3-4-2-3-0 m-3-4-2-4-1 m-3-4-2-5-0 m-3-4-3-3-0 m-3-4-3-5-0 m-3-4-4-4-0 " ]
	# The dog on (4,3) reaches (4,4) and stops there, before the other dog.
	[ "$(printf '%s\n' "${moves[@]}" | grep '^m-4-3-' | tr '\n' ' ')" = "m-4-3-2-1-0 m-4-3-2-3-0 m-4-3-3-2-0 m-4-3-3-3-0 m-4-3-4-1-0 m-4-3-4-2-0 m-4-3-4-4-0 " ]
}

@test "a buffalo on row 5 ends the game: no legal moves, lost" {
	run bchess-sim -l <<<"$(vector ex1 legacy)"
	[ "$output" = "e-l" ]
}

@test "a game ends in a win when no buffalo can move" {
	run bchess-sim -l <"$d/win29.legacy"
	[ "$output" = "e-w" ]
}

@test "moves that break the rules are refused with the reason" {
	run --separate-stderr bchess-sim -l <<'EOF'
m-4-4-2-4-0
m-4-3-4-4-0
m-4-3-5-3-0
m-4-5-4-2-0
m-4-4-3-5-0,m-1-1-3-1-0
m-4-4-3-5-0,m-1-1-2-1-0,m-3-5-4-5-0
m-4-4-4-4-0
m-2-2-3-2-0
EOF
	[ "$status" -eq 1 ]
	[ "${lines[*]}" = "" ]
	[[ "$stderr" == *"line 1: move 1: the chief moves one square (m-4-4-2-4-0)"* ]]
	[[ "$stderr" == *"line 2: move 1: a dog stops before any piece (m-4-3-4-4-0)"* ]]
	[[ "$stderr" == *"line 3: move 1: the chief and the dogs stay on rows 2 to 4 (m-4-3-5-3-0)"* ]]
	[[ "$stderr" == *"line 4: move 1: a dog never jumps over a piece (m-4-5-4-2-0)"* ]]
	[[ "$stderr" == *"line 5: move 2: a buffalo moves one square down (m-1-1-3-1-0)"* ]]
	[[ "$stderr" == *"line 6: move 3: the chief never moves onto a dog (m-3-5-4-5-0)"* ]]
	[[ "$stderr" == *"line 7: move 1: a piece must move (m-4-4-4-4-0)"* ]]
	[[ "$stderr" == *"line 8: move 1: no piece stands there (m-2-2-3-2-0)"* ]]
}

@test "-c: the published example games replay cleanly in every format" {
	# As query strings: a base36 payload alone on its line needs -i.
	cut -f3 "$d/vectors.tsv" | sed 's/^/l=/' >"$BATS_TEST_TMPDIR/payloads"
	run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/payloads"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "-c: links, query strings and payloads in every input format" {
	for f in legacy compact base36 json packed; do
		bchess-pack -f "$f" <<<"$(vector ex2 legacy)" >"$BATS_TEST_TMPDIR/p"
		printf '%s\n' "$site$(cat "$BATS_TEST_TMPDIR/p")" "?l=$(cat "$BATS_TEST_TMPDIR/p")&x=1" >"$BATS_TEST_TMPDIR/recs"
		[ "$f" = json ] && cp "$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/recs"
		run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/recs"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
	done
}

@test "-c: what breaks the rules, one line each, with the line number" {
	run --separate-stderr bchess-pack -c "$d/faults.legacy"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "bchess-pack: $d/faults.legacy:2: note: move 2: the person moves twice in a row (m-4-3-4-4-0)
bchess-pack: $d/faults.legacy:3: move 3: illegal: a dog never jumps over a piece (m-4-5-4-2-0)
bchess-pack: $d/faults.legacy:4: move 9: the game already ended at move 8 (m-4-2-4-1-0)
bchess-pack: $d/faults.legacy:5: move 1: illegal: a buffalo moves only after the person (m-1-1-2-1-0)
bchess-pack: $d/faults.legacy:6: move 1: kill flag 1, but nothing is taken (m-4-4-3-5-1)
bchess-pack: $d/faults.legacy:6: end w contradicts the moves: the game is unfinished (i)" ]
}

@test "-c: two person moves in a row are a note; an error with -s; silent with -q" {
	run --separate-stderr bchess-pack -c <<<'m-4-4-3-5-0,m-4-3-4-4-0,m-1-1-2-1-0'
	[ "$status" -eq 0 ]
	[ "$stderr" = "bchess-pack: stdin:1: note: move 2: the person moves twice in a row (m-4-3-4-4-0)" ]
	run --separate-stderr bchess-pack -c --strict <<<'m-4-4-3-5-0,m-4-3-4-4-0,m-1-1-2-1-0'
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: move 2: the person moves twice in a row (m-4-3-4-4-0)" ]
	run --separate-stderr bchess-pack -c -q <<<'m-4-4-3-5-0,m-4-3-4-4-0,m-1-1-2-1-0'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "-c: a re-shared link (every kill digit 1, end l) contradicts its moves" {
	run --separate-stderr bchess-pack -c "$d/win29-reshared.link"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	[[ "${stderr_lines[0]}" == *":1: move 13: kill flag 0, but the chief takes a buffalo (m-4-5-3-6-0)" ]]
	[[ "${stderr_lines[5]}" == *":1: end l contradicts the moves: the person wins (w)" ]]
	run bchess-pack -c "$d/win29.link"
	[ "$status" -eq 0 ]
}

@test "-c: the site's arithmetic drops the winning kill of a 35-move win" {
	run --separate-stderr bchess-pack -c "$d/win35-site.link"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *":1: move 35: kill flag 0, but the chief takes a buffalo (m-4-4-4-5-0)" ]]
	run bchess-pack -c "$d/win35-exact.link"
	[ "$status" -eq 0 ]
}

@test "-r mends a re-shared link, reporting each repair" {
	run --separate-stderr bchess-pack -r "$d/win29-reshared.link"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/win29.link")" ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $d/win29-reshared.link:1: move 13: kill flag repaired to 1 (m-4-5-3-6-0)" ]]
	[[ "${stderr_lines[5]}" == "bchess-pack: $d/win29-reshared.link:1: end repaired from l to w" ]]
}

@test "-r mends a 35-move link the site's arithmetic corrupted" {
	run --separate-stderr bchess-pack -r "$d/win35-site.link"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/win35-exact.link")" ]
	[[ "$stderr" == *":1: move 35: kill flag repaired to 1 (m-4-4-4-5-0)"* ]]
	[ "$(bchess-pack -f legacy <<<"$output")" = "$site$(cat "$d/win35.legacy")" ]
	# The repaired link is exact; the site itself cannot carry 35 moves.
	[[ "$stderr" == *"warning: 35 moves: the site will misread"* ]]
}

@test "-r on query strings and payloads in every input format, with -f" {
	reshared=$(sed 's/.*?l=//' "$d/win29-reshared.link")
	run --separate-stderr bchess-pack -r -q -f legacy <<<"l=$reshared"
	[ "$output" = "l=$(cat "$d/win29.legacy")" ]
	[ -z "$stderr" ]
	for f in legacy base36 json packed; do
		bchess-pack -q -f "$f" <<<"$reshared" >"$BATS_TEST_TMPDIR/in"
		run bchess-pack -r -q -i "$f" -f legacy "$BATS_TEST_TMPDIR/in"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$d/win29.legacy")" ]
	done
}

@test "-r passes records that break the rules through unchanged, exit 1" {
	run --separate-stderr bchess-pack -r -f legacy "$d/faults.legacy"
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "$(sed -n 3p "$d/faults.legacy")" ]
	[ "${lines[3]}" = "$(sed -n 4p "$d/faults.legacy")" ]
	[ "${lines[4]}" = "$(sed -n 5p "$d/faults.legacy")" ]
	[ "${lines[5]}" = "m-4-4-3-5-0,m-1-1-2-1-0" ]
	[[ "$stderr" == *"faults.legacy:3: not repaired: the moves break the rules"* ]]
	[[ "$stderr" == *"faults.legacy:6: end repaired from w to i"* ]]
}

@test "-c and -r together are a usage error" {
	run --separate-stderr bchess-pack -c -r </dev/null
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"-c and -r exclude each other"* ]]
}

@test "simulated games replay cleanly and -r leaves them as they are" {
	for players in "random random" "greedy random" "greedy site" "random site"; do
		set -- $players
		bchess-sim -n 300 -s 7 -p "$1" -c "$2" >"$BATS_TEST_TMPDIR/games"
		run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/games"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		bchess-pack -r -f legacy "$BATS_TEST_TMPDIR/games" | cmp - "$BATS_TEST_TMPDIR/games"
	done
}

@test "long games: every simulated game of 35 moves or more checks clean" {
	bchess-sim -n 5000 -s 3 -p greedy -c random | awk -F, 'NF > 35' >"$BATS_TEST_TMPDIR/long"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/long")" -gt 0 ]
	run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/long"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "the simulator plays the same games from the same seed" {
	[ "$(bchess-sim -n 5 -s 11 -p greedy -c site)" = "$(bchess-sim -n 5 -s 11 -p greedy -c site)" ]
	[ "$(bchess-sim -n 5 -s 11)" != "$(bchess-sim -n 5 -s 12)" ]
}
