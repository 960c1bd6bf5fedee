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

@test "a diagnostic quotes a short escaped excerpt, never the whole line" {
	cd "$BATS_TEST_TMPDIR"
	{ printf 'l='; head -c 300000 /dev/zero | tr '\0' 'q'; printf '\n'; } >long
	run --separate-stderr bchess-pack long
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: long:1: not a payload in any known format (qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq...)" ]
	printf 'nu1d-4-\033[2J\001\n' >ctl
	run --separate-stderr bchess-pack ctl
	[ "$stderr" = 'bchess-pack: ctl:1: not PAIRS-KILLS-END (nu1d-4-\x1b[2J\x01)' ]
	# The bad line itself is still copied byte for byte, NUL included.
	printf 'nu1d\000-4-l\r\n' >nul
	bchess-pack nul 2>/dev/null | cmp - nul
}

@test "a directory or unreadable file among the inputs is reported, the others converted, exit 2" {
	cd "$BATS_TEST_TMPDIR"
	echo 'nu1d-4-l' >a
	echo 'm-4-4-3-5-0' >b
	mkdir dir
	run --separate-stderr bchess-pack -f legacy a dir missing b
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = 'm-4-4-3-5-0,m-1-1-2-1-0,e-l' ]
	[ "${lines[1]}" = 'm-4-4-3-5-0' ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "$stderr" == *"bchess-pack: dir: "* ]]
	[[ "$stderr" == *"bchess-pack: missing: "* ]]
}

@test "a write error stops the run at once, SIGPIPE ignored or not" {
	[ -w /dev/full ] || skip "no /dev/full"
	# An endless input: only stopping at the first failed write ends it.
	run --separate-stderr timeout 20 bash -c "yes m-4-4-3-5-0 | bchess-pack >/dev/full"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: write error on standard output: No space left on device" ]
	run --separate-stderr timeout 20 bash -c "trap '' PIPE; yes m-4-4-3-5-0 | bchess-pack | head -1"
	[ "$output" = 'nu-1-i' ]
	[[ "$stderr" == *"bchess-pack: write error on standard output"* ]]
}

# stop_with SIGNAL: bchess-pack reading a pipe that stays open, stopped
# by SIGNAL once it has read two records; prints its exit status.
stop_with() {
	cd "$BATS_TEST_TMPDIR"
	rm -f pipe out
	mkfifo pipe
	# A background job of a script starts with SIGINT ignored, and a
	# filter leaves an ignored signal alone: perl restores it first.
	perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' bchess-pack -f legacy \
	    <pipe >out &
	pid=$!
	exec 3>pipe
	printf 'nu1d-4-l\nnu1d-4-w\n' >&3
	sleep 1
	kill "-$1" "$pid"
	# Should it not stop, the test fails instead of hanging.
	(sleep 10; kill -KILL "$pid" 2>/dev/null) &
	watchdog=$!
	wait "$pid" && status=0 || status=$?
	kill "$watchdog" 2>/dev/null || true
	exec 3>&-
	echo "$status"
}

@test "SIGTERM and SIGINT end the run on a whole line, exit 143 and 130" {
	command -v perl >/dev/null || skip "perl is not installed"
	[ "$(stop_with TERM)" -eq 143 ]
	# Whatever was written is whole, converted lines.
	! grep -v '^m-4-4-3-5-0,m-1-1-2-1-0,e-[lw]$' "$BATS_TEST_TMPDIR/out" || false
	[ "$(tail -c 1 "$BATS_TEST_TMPDIR/out" | od -An -c | tr -d ' ')" = '\n' ] ||
	    [ ! -s "$BATS_TEST_TMPDIR/out" ]
	[ "$(stop_with INT)" -eq 130 ]
}
