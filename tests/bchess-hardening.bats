#!/usr/bin/env bats
# bchess-pack on hostile input: buffer edges, NUL bytes, very long lines,
# damaged packed payloads, signals and failing files.

load helpers

# repeat_moves N MOVE: one legacy log of N copies of MOVE.
repeat_moves() {
	awk -v n="$1" -v m="$2" 'BEGIN { for (i = 0; i < n; i++)
	    printf "%s%s", i ? "," : "", m; print "" }'
}

@test "compact output at multiples of 2048 moves (a full staging buffer) is whole and reads back" {
	# Before the fix the dash after the pairs was written one byte past
	# the staging buffer; the sanitizer build of the suite caught it.
	cd "$BATS_TEST_TMPDIR"
	for n in 2047 2048 2049 4096; do
		repeat_moves "$n" m-1-1-1-2-0 >log
		bchess-pack -q log >compact
		pairs=$(cut -d- -f1 compact)
		[ "${#pairs}" -eq $((2 * n)) ]
		bchess-pack -q -f legacy compact | cmp - log
	done
}

@test "legacy output at the staging buffer's edge reads back" {
	cd "$BATS_TEST_TMPDIR"
	for n in 340 341 342 372 373 683; do
		{ repeat_moves "$n" m-4-4-3-5-1 | sed 's/$/,e-w/'; } >log
		bchess-pack -q log | bchess-pack -q -f legacy | cmp - log
	done
}

@test "a NUL where the end letter stands (%00) is not an end letter" {
	for input in 'l=nu1d-4-%00' 'nu1d-4-%00' 'l=nu1%00' 'l=X%00'; do
		run --separate-stderr bchess-pack -f legacy <<<"$input"
		[ "$status" -eq 1 ]
		[ "$output" = "$input" ]
	done
	run --separate-stderr bchess-pack <<<'l=nu1d-4-%00'
	[[ "$stderr" == *"stdin:1: not PAIRS-KILLS-END"* ]]
}

@test "a record of more than 10000 moves is refused in every format, naming the limit" {
	cd "$BATS_TEST_TMPDIR"
	repeat_moves 10001 m-4-4-3-5-0 >long
	run --separate-stderr bchess-pack long
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat long)" ]
	[ "$stderr" = "bchess-pack: long:1: move 10001: a record holds at most 10000 moves (m-4-4-3-5-0)" ]
	awk 'BEGIN { for (i = 0; i < 10001; i++) printf "nu"; print "-1-i" }' >pairs
	run --separate-stderr bchess-pack pairs
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: pairs:1: move 10001: a record holds at most 10000 moves (nu)" ]
	awk 'BEGIN { for (i = 0; i < 10001; i++) printf "eeg"; print "w" }' >b36
	run --separate-stderr bchess-pack b36
	[[ "$stderr" == "bchess-pack: b36:1: move 10001: a record holds at most 10000 moves"* ]]
	awk 'BEGIN { printf "{\"moves\":["; for (i = 0; i < 10001; i++) printf "%s{\"from\":[4,4],\"to\":[3,5],\"kill\":false}", i ? "," : ""; print "],\"result\":\"lost\"}" }' >json
	run --separate-stderr bchess-pack json
	[[ "$stderr" == "bchess-pack: json:1: move 10001: a record holds at most 10000 moves"* ]]
}

@test "a payload over 1048576 bytes is refused before it is read, and the line copied through" {
	cd "$BATS_TEST_TMPDIR"
	# 20 MB of valid-looking legacy moves: once this took minutes.
	{ printf 'see https://www.joonas.io/buffalo-chess/?l='
	  repeat_moves 1700000 m-4-4-3-5-0; } >huge
	run --separate-stderr bchess-pack huge
	[ "$status" -eq 1 ]
	[[ "$stderr" == "bchess-pack: huge:1: a payload is at most 1048576 bytes (m-4-4-3-5-0,"* ]]
	[ "${#stderr}" -lt 200 ]
	bchess-pack huge 2>/dev/null | cmp - huge
}

@test "compact kill digits longer than the moves allow are refused before they are decoded" {
	kills=$(head -c 50000 /dev/zero | tr '\0' z)
	run --separate-stderr bchess-pack <<<"nu1d-$kills-l"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"kill digits do not match the moves"* ]]
}

@test "packed payloads longer than any record packs to are refused before they are decoded" {
	for v in A B C D E F G H X Y; do
		run --separate-stderr bchess-pack <<<"$v$(head -c 30000 /dev/zero | tr '\0' 1)"
		[ "$status" -eq 1 ]
		case $v in
		[E-HY]) [[ "$stderr" == *"no check letter at the end"* ]] ;;
		*) [[ "$stderr" == *"longer than any record packs to"* ]] ;;
		esac
		run --separate-stderr bchess-pack <<<"$v$(head -c 30000 /dev/zero | tr '\0' 1)K"
		[ "$status" -eq 1 ]
	done
	# The longest escape a record of 10000 moves can need still reads.
	cd "$BATS_TEST_TMPDIR"
	repeat_moves 10000 m-5-7-5-7-1 | sed 's/$/,e-l/' >long
	bchess-pack -f packed long >packed
	[ "$(wc -c <packed)" -eq 21782 ]
	bchess-pack -f legacy packed | cmp - long
}
