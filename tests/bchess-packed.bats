#!/usr/bin/env bats
# bchess-pack -f packed: short links that keep everything, checked on the
# published games, on simulated games and on logs that break the rules.

load helpers

d=$data/bchess-rules
site=https://www.joonas.io/buffalo-chess/?l=

vector() {
	awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $2 == f { print $3 }' "$d/vectors.tsv"
}

# random_logs N SEED: N logs of random in-range moves, kill flags and end
# letters, which almost never replay under the rules.
random_logs() {
	awk -v n="$1" -v seed="$2" 'BEGIN {
		srand(seed)
		for (i = 0; i < n; i++) {
			len = 1 + int(rand() * 60)
			for (j = 0; j < len; j++)
				printf "%sm-%d-%d-%d-%d-%d", j ? "," : "",
				    1 + int(rand() * 5), 1 + int(rand() * 7),
				    1 + int(rand() * 5), 1 + int(rand() * 7),
				    rand() < 0.3
			e = int(rand() * 3)
			print e == 0 ? ",e-w" : e == 1 ? ",e-l" : ""
		}
	}'
}

# roundtrip FILE: legacy -> packed -> legacy gives FILE back, and every
# payload is one version letter, base-36 digits and a check letter (a
# game of no moves is a blank line, as it was); the payloads are left in
# $BATS_TEST_TMPDIR/rt.packed.
roundtrip() {
	local rt=$BATS_TEST_TMPDIR/rt
	bchess-pack -q -f packed "$1" >"$rt.packed"
	! grep -Evx '([A-Z][0-9a-z]*[A-Z])?' "$rt.packed" || false
	bchess-pack -q -f legacy "$rt.packed" | cmp - "$1"
	bchess-pack -q -i packed -f legacy "$rt.packed" | cmp - "$1"
}

@test "the published examples: 8 moves in 6 characters, 26 in 13, check letter included" {
	run bchess-pack -f packed <<<"$(vector ex1 compact)"
	[ "$output" = Gko7dO ]
	run bchess-pack -f packed <<<"$(vector ex2 compact)"
	[ "$output" = Ggzdi44vbla7K ]
	[ "${#output}" -le 16 ]
	# The first versions' payloads, without a check letter, still read.
	run bchess-pack -f legacy <<<"${site}Cgzdi44vbla7"
	[ "$output" = "$site$(vector ex2 legacy)" ]
	run bchess-pack <<<"?l=Cko7d&lang=en"
	[ "$output" = "?l=$(vector ex1 compact)&lang=en" ]
}

@test "every input format packs to the same payload" {
	for f in legacy compact base36 json; do
		run bchess-pack -i "$f" -f packed <<<"$(bchess-pack -f "$f" <<<"$(vector ex1 legacy)")"
		[ "$output" = Gko7dO ]
	done
	# A payload that carries a check (or a dash, or braces) is told alone.
	for f in legacy compact json; do
		run bchess-pack -f packed <<<"$(bchess-pack -f "$f" <<<"$(vector ex1 legacy)")"
		[ "$output" = Gko7dO ]
	done
}

@test "simulated games, random and greedy, come back exactly" {
	for players in "random random" "greedy random" "greedy site" "random site"; do
		set -- $players
		bchess-sim -n 1000 -s 5 -p "$1" -c "$2" >"$BATS_TEST_TMPDIR/games"
		roundtrip "$BATS_TEST_TMPDIR/games"
	done
}

@test "unfinished games carry their length and come back exactly" {
	for m in 0 1 7 20 33; do
		bchess-sim -n 150 -s "$m" -m "$m" -p greedy -c site >"$BATS_TEST_TMPDIR/games"
		roundtrip "$BATS_TEST_TMPDIR/games"
	done
}

@test "logs that break the rules come back exactly through the escape" {
	random_logs 2000 17 >"$BATS_TEST_TMPDIR/logs"
	roundtrip "$BATS_TEST_TMPDIR/logs"
	[ "$(grep -c '^Y' "$BATS_TEST_TMPDIR/rt.packed")" -eq 2000 ]
}

@test "double moves, wrong flags and moves after the end are kept as written" {
	roundtrip "$d/faults.legacy"
	run cut -c1 "$BATS_TEST_TMPDIR/rt.packed"
	[ "${lines[*]}" = "G Y Y Y Y Y" ]
}

@test "a re-shared link and a corrupted 35-move link keep their flags" {
	bchess-pack -q -f legacy "$d/win29-reshared.link" "$d/win35-site.link" |
	    sed 's/^.*?l=//' >"$BATS_TEST_TMPDIR/links"
	roundtrip "$BATS_TEST_TMPDIR/links"
	# Repaired, they take the short form.
	run bchess-pack -q -r -f packed "$d/win29-reshared.link"
	[[ "$output" == G* ]]
	[ "$(bchess-pack -f legacy <<<"$output")" = "$(cat "$d/win29.legacy")" ]
	[ "${#output}" -lt "$(wc -c <"$d/win29.link")" ]
}

@test "on simulated random games, under 0.8 characters a move" {
	bchess-sim -n 1000 -s 9 >"$BATS_TEST_TMPDIR/games"
	bchess-pack -f packed "$BATS_TEST_TMPDIR/games" >"$BATS_TEST_TMPDIR/packed"
	moves=$(tr ',' '\n' <"$BATS_TEST_TMPDIR/games" | grep -c '^m-')
	chars=$(tr -d '\n' <"$BATS_TEST_TMPDIR/packed" | wc -c)
	[ $((chars * 10)) -lt $((moves * 8)) ]
}

@test "payloads that are not packed are reported" {
	run --separate-stderr bchess-pack <<'EOF'
Cko7d!
Q1
hello
A
Azzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz
Cko7d0
Czzzzzzzzzzzzzzzzzzzzzz
EOF
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 7 ]
	[ "${stderr_lines[0]}" = "bchess-pack: stdin:1: not a base-36 digit (Cko7d!)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: stdin:2: unknown packed version (Q1)" ]
	[ "${stderr_lines[2]}" = "bchess-pack: stdin:3: not a payload in any known format (hello)" ]
	[ "${stderr_lines[3]}" = "bchess-pack: stdin:4: too short for a packed payload (A)" ]
	[[ "${stderr_lines[4]}" == "bchess-pack: stdin:5: more digits than the moves use (Azzz"* ]]
	[ "${stderr_lines[5]}" = "bchess-pack: stdin:6: not the packed form of its record (Cko7d0)" ]
	[ "${stderr_lines[6]}" = "bchess-pack: stdin:7: the code names no legal move (Czzzzzzzzzzzzzzzzzzzzzz)" ]
	[ "${lines[0]}" = 'Cko7d!' ]
}

@test "-i packed reads only packed payloads" {
	run --separate-stderr bchess-pack -i packed <<<"$(vector ex1 compact)"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"not a payload in any known format"* ]]
}

@test "manual example: pack a link" {
	run bash -c "echo 'https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l' | bchess-pack -f packed"
	[ "$output" = 'Gko7dO' ]
}

@test "manual example: check a file of links" {
	run --separate-stderr bash -c "cd '$d' && bchess-pack -c win29-reshared.link"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: win29-reshared.link:1: move 13: kill flag 0, but the chief takes a buffalo (m-4-5-3-6-0)" ]
	[ "${stderr_lines[5]}" = "bchess-pack: win29-reshared.link:1: end l contradicts the moves: the person wins (w)" ]
}

@test "manual example: repair links re-shared from a replay" {
	run --separate-stderr bash -c "cd '$d' && bchess-pack -r -q win29-reshared.link"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/win29.link")" ]
}

@test "bash completion offers packed, --check and --repair" {
	run complete_words bchess-pack -f ''
	[[ "$output" == *packed* ]]
	run complete_words bchess-pack -i p
	[ "$output" = packed ]
	run complete_words bchess-pack --
	[[ "$output" == *--check* && "$output" == *--repair* ]]
}

@test "a checked payload cut short or extended by any character is refused" {
	bchess-sim -n 200 -s 3 -p greedy -c site >"$BATS_TEST_TMPDIR/games"
	bchess-pack -f packed "$BATS_TEST_TMPDIR/games" >"$BATS_TEST_TMPDIR/packed"
	# Every cut of one to three characters and every base-36 character
	# or upper-case letter added: none may read.
	awk '{ for (k = 1; k <= 3 && k < length($0); k++) print substr($0, 1, length($0) - k)
	    n = split("0 9 a k z A K Z", c, " ")
	    for (i = 1; i <= n; i++) print $0 c[i] }' "$BATS_TEST_TMPDIR/packed" >"$BATS_TEST_TMPDIR/damaged"
	total=$(wc -l <"$BATS_TEST_TMPDIR/damaged")
	bad=$(bchess-pack -q "$BATS_TEST_TMPDIR/damaged" 2>&1 >/dev/null | wc -l)
	[ "$bad" -eq "$total" ]
	run --separate-stderr bchess-pack <<<'Gko7d'
	[ "$stderr" = "bchess-pack: stdin:1: no check letter at the end (cut short or extended) (Gko7d)" ]
	run --separate-stderr bchess-pack <<<'Gko7eO'
	[ "$stderr" = "bchess-pack: stdin:1: the check letter does not match (damaged) (Gko7eO)" ]
}

@test "the payloads of the first versions, without a check letter, read as before with -i packed or in a link" {
	for p in Cko7d Bca X3z6 Cgzdi44vbla7; do
		run --separate-stderr bchess-pack -i packed -f legacy <<<"$p"
		[ "$status" -eq 0 ]
		# and pack again to the checked form of the same record.
		[ "$(bchess-pack -i packed -f packed <<<"$p" | bchess-pack -f legacy)" = "$output" ]
		# In a query string it is a payload, whatever its form.
		[ "$(bchess-pack -f legacy <<<"?l=$p")" = "?l=$output" ]
	done
	# The checked letter is four on (Y for X), the digits the same.
	[ "$(bchess-pack -i packed -f packed <<<Bca)" = FcaN ]
	[ "$(bchess-pack -i packed -f packed <<<X3z6)" = Y3z6Q ]
}

@test "a name alone on its line is not taken for a payload with no check" {
	# Each of these words decodes as a game of a form that carries no
	# check: a first packed version (A to D, X) or base36.
	printf 'Anna\nCarl\nXavier\nAlex\nbowl\nGko7dO\n' >"$BATS_TEST_TMPDIR/names"
	run --separate-stderr bchess-pack -f legacy "$BATS_TEST_TMPDIR/names"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = Anna ]
	[ "${lines[3]}" = Alex ]
	[ "${lines[4]}" = bowl ]
	[ "${lines[5]}" = "$(vector ex1 legacy)" ]
	[ "${#lines[@]}" -eq 6 ]
	[ "${#stderr_lines[@]}" -eq 5 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/names:1: a word that reads as a packed payload of a first version, which has no check letter: not converted (-i packed reads it) (Anna)" ]
	[ "${stderr_lines[4]}" = "bchess-pack: $BATS_TEST_TMPDIR/names:5: a word that reads as a base36 payload, which has no check: not converted (-i base36 reads it) (bowl)" ]
	# Named, they are read: the words were games after all.
	run bchess-pack -i packed -f legacy <<<Anna
	[ "$status" -eq 0 ]
	[[ "$output" == m-* ]]
	run bchess-pack -i base36 -f legacy <<<bowl
	[ "$status" -eq 0 ]
	[[ "$output" == m-* ]]
	# Under -f json the line is an error object, valid JSON.
	run --separate-stderr bchess-pack -f json <<<Carl
	[ "$status" -eq 1 ]
	[ "$output" = '{"file":"stdin","line":1,"error":"a word that reads as a packed payload of a first version, which has no check letter: not converted (-i packed reads it)","input":"Carl"}' ]
}
