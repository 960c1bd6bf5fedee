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
