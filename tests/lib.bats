#!/usr/bin/env bats
# The shared library as every tool meets it: what a diagnostic quotes of
# a bad record, and files that cannot be read in the middle of a list.

load helpers

@test "an excerpt escapes control bytes, backslashes and bytes that are not UTF-8" {
	run excerpt-driver < <(printf 'a\tb\\c\x01\xff\xe4\xb8\n')
	[ "$status" -eq 0 ]
	[ "$output" = 'a\x09b\x5cc\x01\xff\xe4\xb8' ]
}

@test "an excerpt keeps UTF-8 text and names an empty record" {
	run excerpt-driver < <(printf '炮二平五\n\n')
	[ "${lines[0]}" = '炮二平五' ]
	[ "${lines[1]}" = 'empty' ]
}

@test "an excerpt of a long record is cut at 40 bytes, never inside a character" {
	run excerpt-driver < <(printf '%0100d\n' 0; printf 'a%.0s' {1..38}; printf '炮炮\n')
	[ "${lines[0]}" = "$(printf '%040d' 0)..." ]
	[ "${lines[1]}" = "$(printf 'a%.0s' {1..38})..." ]
}

@test "a directory in a list of files is reported, the other files read, exit 2" {
	local t
	printf 'nu1d-4-l\n' > "$BATS_TEST_TMPDIR/bchess"
	printf 'h2e2\n' > "$BATS_TEST_TMPDIR/xq"
	printf '55\n' > "$BATS_TEST_TMPDIR/fruit"
	printf '..\n' > "$BATS_TEST_TMPDIR/mine"
	for t in bchess-pack:bchess xq-bitpack:xq fruitsolve:fruit mine-reveal:mine; do
		run --separate-stderr "${t%%:*}" "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/${t#*:}"
		[ "$status" -eq 2 ]
		[ "$stderr" = "${t%%:*}: $BATS_TEST_TMPDIR: Is a directory" ]
		[ -n "$output" ]
	done
}
