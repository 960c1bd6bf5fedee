#!/usr/bin/env bats
# xq-bitpack: the rules (perft), packing, unpacking and the errors a user
# can meet.

load helpers

d=$data/xq-bitpack

# perft_checked DEPTH FEN COUNT: xq-perft -c agrees with the long way at
# every node and counts COUNT.
perft_checked() {
	run xq-perft -c "$1" "$2"
	[ "$status" -eq 0 ]
	[ "$output" = "$3" ]
}

@test "perft from the start position matches the published counts" {
	run xq-perft 1
	[ "$output" = 44 ]
	run xq-perft 2
	[ "$output" = 1920 ]
	run xq-perft 3
	[ "$output" = 79666 ]
	run xq-perft 4
	[ "$output" = 3290240 ]
}

@test "perft counts the flying general and cannon screens" {
	# The red king may not step onto the black king's open file.
	run xq-perft 1 '4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1'
	[ "$output" = 1 ]
	# With a cannon between, it may: 2 king moves, 16 cannon moves
	# (it cannot take the king with no screen).
	run xq-perft 1 '4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1'
	[ "$output" = 18 ]
}

@test "the one-move legality test agrees with the move generator" {
	# xq-perft -c asks is_legal about all 90 x 90 square pairs at every
	# node and fails on the first answer that differs from the list.
	run xq-perft -c 3
	[ "$status" -eq 0 ]
	[ "$output" = 79666 ]
	run xq-perft -c 2 '4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1'
	[ "$status" -eq 0 ]
	# Random positions from random games: captures, checks, pins.
	xq-randgame 4099 60 ucci | xq-bitpack -f fen >"$BATS_TEST_TMPDIR/fens"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/fens")" -eq 60 ]
	while read -r fen; do
		xq-perft -c 2 "$fen" >/dev/null
	done <"$BATS_TEST_TMPDIR/fens"
}

@test "a king's step is judged as the long way judges it" {
	# A king's step is tested from the squares the other side strikes
	# and the pieces on the king's rays; xq-perft -c compares that list
	# with legal_moves at every node.  Kings that would face each other
	# after a step aside, a cannon striking through the square the king
	# leaves, one that struck over the king, a rook behind it, a rook
	# guarding a file the king would step onto.  The counts are those
	# of the walk that looks all round the king.
	perft_checked 3 '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1' 6
	perft_checked 3 '3k5/9/9/9/4c4/9/9/9/4K4/9 w - - 0 1' 129
	perft_checked 3 '3k5/9/9/9/4c4/9/4p4/9/4K4/9 w - - 0 1' 44
	perft_checked 3 '4k4/9/9/9/9/4r4/9/9/3K5/9 w - - 0 1' 32
	perft_checked 3 '5k3/4a4/9/9/2c6/9/9/9/3K5/3R5 w - - 0 1' 3673
}

@test "the quick check test and strike counts agree with the long way" {
	# At every node, xq-perft -c also compares move_checks (after
	# check_squares) with making each move and looking all round the
	# other king, and the strikes legal_moves_mapped counts while
	# listing moves with control_maps counted from scratch.  Positions
	# every fifth ply of the sample master games, and of random games.
	awk '{ for (n = 5; n <= NF; n += 5) { s = $1
		for (i = 2; i <= n; i++) s = s " " $i; print s } }' \
	    "$d/ccpd-30.iccs" | xq-bitpack -i iccs -f fen \
	    >"$BATS_TEST_TMPDIR/fens"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/fens")" -gt 400 ]
	xq-randgame 31 100 ucci | xq-bitpack -f fen >>"$BATS_TEST_TMPDIR/fens"
	run --separate-stderr xq-perft -c 2 - <"$BATS_TEST_TMPDIR/fens"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq "$(wc -l <"$BATS_TEST_TMPDIR/fens")" ]
}

@test "every scheme packs the sample games as it always has" {
	for s in geometric index ranked; do
		run --separate-stderr xq-bitpack --scheme="$s" "$d/ccpd-30.iccs"
		[ "$status" -eq 0 ]
		diff -u "$d/ccpd-30.$s-2" <(printf '%s\n' "$output")
		run --separate-stderr xq-bitpack --pack-version=1 --scheme="$s" \
		    "$d/ccpd-30.iccs"
		[ "$status" -eq 0 ]
		diff -u "$d/ccpd-30.$s" <(printf '%s\n' "$output")
	done
}

@test "links of both versions decode to the games they always gave" {
	for s in geometric index ranked; do
		for v in "" -2; do
			run --separate-stderr xq-bitpack "$d/ccpd-30.$s$v"
			[ "$status" -eq 0 ]
			diff -u "$d/ccpd-30.iccs" <(printf '%s\n' "$output")
		done
	done
}

@test "junk after a game is refused in both versions" {
	for s in geometric index ranked; do
		v1=$(head -n 1 "$d/ccpd-30.$s")
		v2=$(head -n 1 "$d/ccpd-30.$s-2")
		for bad in "${v1}A" "${v1}AAAA" "${v2}A" "${v2}x" "${v2}-_"; do
			run --separate-stderr xq-bitpack <<<"$bad"
			[ "$status" -eq 1 ]
			[ "$output" = "$bad" ]
			[[ "$stderr" = "xq-bitpack: stdin:1: "* ]]
		done
	done
	run --separate-stderr xq-bitpack <<<"$(head -n 1 "$d/ccpd-30.index")A"
	[[ "$stderr" = *": junk after the end of the game ("* ]]
}

@test "a version 2 link cut or lengthened by a character is refused" {
	# Every one of the sample links, each way, in every scheme.
	for s in geometric index ranked; do
		while read -r p; do
			for c in A B x - _ 9; do
				printf '%s\n' "${p%?}" "$p$c"
			done
		done <"$d/ccpd-30.$s-2" >"$BATS_TEST_TMPDIR/bad"
		run --separate-stderr xq-bitpack -f iccs "$BATS_TEST_TMPDIR/bad"
		[ "$status" -eq 1 ]
		diff -u "$BATS_TEST_TMPDIR/bad" <(printf '%s\n' "$output")
	done
}

@test "a version 2 link carries the result; after mate it needs none" {
	mate='3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'
	for s in geometric index ranked; do
		for r in '"1-0"' '"0-1"' '"1/2-1/2"' null; do
			p=$(xq-bitpack --scheme="$s" -i json <<<"{\"result\":$r,\"moves\":[\"h2e2\"]}")
			run --separate-stderr xq-bitpack -f json <<<"$p"
			[ "$output" = "{\"result\":$r,\"end\":null,\"moves\":[\"h2e2\"]}" ]
		done
		# A move list may end with its result.
		for r in 1-0 0-1 1/2-1/2; do
			p=$(xq-bitpack --scheme="$s" <<<"h2e2 h9g7 $r")
			[ "$(xq-bitpack -f json <<<"$p")" = "{\"result\":\"$r\",\"end\":null,\"moves\":[\"h2e2\",\"h9g7\"]}" ]
		done
		[ "$(xq-bitpack --scheme="$s" <<<'C2.5 H8+7 *')" = "$(xq-bitpack --scheme="$s" <<<'h2e2 h9g7')" ]
		# The mate gives the result, in no more characters.
		a=$(xq-bitpack --scheme="$s" <<<"position fen $mate moves e1d1")
		b=$(xq-bitpack --scheme="$s" -i json <<<"{\"result\":\"1-0\",\"fen\":\"$mate\",\"moves\":[\"e1d1\"]}")
		[ "$a" = "$b" ]
		run --separate-stderr xq-bitpack -f json <<<"$a"
		[ "$output" = "{\"result\":\"1-0\",\"end\":\"mate\",\"fen\":\"$mate\",\"moves\":[\"e1d1\"]}" ]
		run --separate-stderr xq-bitpack --scheme="$s" -i json <<<"{\"result\":\"0-1\",\"fen\":\"$mate\",\"moves\":[\"e1d1\"]}"
		[ "$status" -eq 1 ]
		[[ "$stderr" = *"cannot pack this game: the result is not the one the end of the game gives (1 plies)" ]]
	done
}

@test "every scheme gives back the sample games" {
	for s in geometric index ranked; do
		for f in ccpd-30 wxf-20; do
			xq-bitpack --scheme="$s" "$d/$f.iccs" >"$BATS_TEST_TMPDIR/p"
			xq-bitpack "$BATS_TEST_TMPDIR/p" >"$BATS_TEST_TMPDIR/u"
			cmp "$d/$f.iccs" "$BATS_TEST_TMPDIR/u"
		done
	done
}

@test "ranked is the shortest scheme and geometric the longest" {
	local g i r
	g=$(xq-bitpack --scheme=geometric "$d/ccpd-30.iccs" | wc -c)
	i=$(xq-bitpack --scheme=index "$d/ccpd-30.iccs" | wc -c)
	r=$(xq-bitpack --scheme=ranked "$d/ccpd-30.iccs" | wc -c)
	[ "$r" -lt "$i" ]
	[ "$i" -lt "$g" ]
}

@test "random legal games, some from other positions, round-trip" {
	xq-randgame 20261129 300 ucci >"$BATS_TEST_TMPDIR/games"
	for s in geometric index ranked; do
		xq-bitpack --scheme="$s" "$BATS_TEST_TMPDIR/games" >"$BATS_TEST_TMPDIR/p"
		xq-bitpack -f ucci "$BATS_TEST_TMPDIR/p" >"$BATS_TEST_TMPDIR/u"
		cmp "$BATS_TEST_TMPDIR/games" "$BATS_TEST_TMPDIR/u"
	done
}

@test "the 12-ply game in Chinese packs to 12 characters and back" {
	run xq-bitpack "$d/vector12.chinese"
	[ "$output" = 2rhGkvFheSOr ]
	run xq-bitpack --pack-version=1 "$d/vector12.chinese"
	[ "$output" = 1rGkvFheSOw ]
	run xq-bitpack -f chinese <<<1rGkvFheSOw
	[ "$output" = "$(cat "$d/vector12.chinese")" ]
	run xq-bitpack -f iccs <<<1rGkvFheSOw
	[ "$output" = "$(cat "$d/vector12.iccs")" ]
	run xq-bitpack -f fen <<<1rGkvFheSOw
	[ "$output" = "r2akab1r/9/1cncb1n2/p3p3p/2p3p2/9/P1P1P1P1P/C1N1B1N1C/9/R1BAKA1R1 w - - 12 7" ]
}

@test "the same game reads alike in every notation" {
	local want
	want=$(xq-bitpack "$d/vector12.iccs")
	for n in wxf chinese json ucci; do
		run xq-bitpack <(xq-bitpack -f "$n" <<<"$want")
		[ "$output" = "$want" ]
	done
}

@test "the start position packs to a short code and back" {
	run xq-bitpack <<<"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	[ "$status" -eq 0 ]
	[ "${#output}" -le 28 ]
	run xq-bitpack <<<"$output"
	[ "$output" = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" ]
}

@test "positions of random games pack within 28 characters and back" {
	xq-randgame 7 300 ucci | xq-bitpack -f fen >"$BATS_TEST_TMPDIR/fens"
	xq-bitpack "$BATS_TEST_TMPDIR/fens" >"$BATS_TEST_TMPDIR/codes"
	run awk 'length($0) > 28' "$BATS_TEST_TMPDIR/codes"
	[ -z "$output" ]
	xq-bitpack "$BATS_TEST_TMPDIR/codes" >"$BATS_TEST_TMPDIR/back"
	cmp <(sed 's/ [0-9]* [0-9]*$/ 0 1/' "$BATS_TEST_TMPDIR/fens") \
	    "$BATS_TEST_TMPDIR/back"
}

@test "a game's final position as a packed board" {
	run xq-bitpack -f board "$d/vector12.iccs"
	[ "$status" -eq 0 ]
	run xq-bitpack <<<"$output"
	[ "$output" = "r2akab1r/9/1cncb1n2/p3p3p/2p3p2/9/P1P1P1P1P/C1N1B1N1C/9/R1BAKA1R1 w - - 0 1" ]
}

@test "bad lines are reported, passed through, and the rest is packed" {
	cd "$d"
	run --separate-stderr xq-bitpack errors.in
	[ "$status" -eq 1 ]
	diff -u errors.out <(printf '%s\n' "$output")
	diff -u errors.err <(printf '%s\n' "$stderr")
}

@test "games of more than 10000 plies are refused" {
	local line
	line=$(for i in $(seq 2501); do printf 'h0g2 h9g7 g2h0 g7h9 '; done)
	run --separate-stderr xq-bitpack <<<"$line"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: cannot pack this game: too many plies (more than 10000) (10004 plies)" ]
}

@test "-i forces the notation of the input" {
	run --separate-stderr xq-bitpack -i wxf <<<"h2e2 h9g7"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "xq-bitpack: stdin:1: ply 1: "* ]]
	run xq-bitpack -i iccs <<<"h2e2 h9g7"
	[ "$status" -eq 0 ]
}

@test "unknown formats and schemes are usage errors" {
	run --separate-stderr xq-bitpack -f nonesuch </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "xq-bitpack: unknown output format: nonesuch (one of: packed, fen, board, svg, iccs, ucci, wxf, chinese, json, pgn, dhtmlxq, xqf)" ]
	run --separate-stderr xq-bitpack --scheme=nonesuch </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "xq-bitpack: unknown scheme: nonesuch (one of: geometric, index, ranked)" ]
	run --separate-stderr xq-bitpack -i nonesuch </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "xq-bitpack: unknown input format: nonesuch (one of: auto, packed, fen, board, iccs, ucci, wxf, chinese, json, pgn, dhtmlxq, xqf, cbf, cbr)" ]
	run --separate-stderr xq-bitpack --pack-version=3 </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "xq-bitpack: unknown packed version: 3 (one of: 1, 2)" ]
}

@test "a missing file is reported once and the other files are read" {
	run --separate-stderr xq-bitpack "$BATS_TEST_TMPDIR/nonesuch" "$d/vector12.iccs"
	[ "$status" -eq 2 ]
	[ "$output" = 2rhGkvFheSOr ]
	[ "$stderr" = "xq-bitpack: $BATS_TEST_TMPDIR/nonesuch: No such file or directory" ]
}

@test "a write error is an error" {
	run sh -c 'xq-bitpack "$1" >/dev/full' sh "$d/ccpd-30.iccs"
	[ "$status" -eq 2 ]
}

@test "the examples of xq-bitpack(1)" {
	cd "$top_srcdir"
	run xq-bitpack examples/xq-opening.txt
	[ "$output" = 2rhGkvFheSOr ]
	run xq-bitpack -f wxf <<<1rGkvFheSOw
	[ "$output" = "E3+5 C8.4 H2+3 H8+7 R1.2 P7+1 C2.1 E3+5 H8+7 P3+1 C8.9 H2+3" ]
	run xq-bitpack -f fen examples/xq-opening.txt
	[ "$output" = "r2akab1r/9/1cncb1n2/p3p3p/2p3p2/9/P1P1P1P1P/C1N1B1N1C/9/R1BAKA1R1 w - - 12 7" ]
	run xq-bitpack -f board examples/xq-opening.txt
	[ "$output" = 3RsYMeGtIAYvwULqBu-ZIzNKB ]
	run --separate-stderr xq-bitpack <<<"h2e2 h9g7 h0g2 e9e7"
	[ "$status" -eq 1 ]
	[ "$output" = "h2e2 h9g7 h0g2 e9e7" ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 4: e9e7: illegal: the piece does not move that way" ]
}

@test "the examples of xq-pack(5)" {
	run xq-bitpack --scheme=ranked <<<"g0e2 h7d7 h0g2 h9g7 i0h0 g6g5 h2i2 c9e7 b0c2 c6c5 b2a2 b9c7"
	[ "$output" = 2rhGkvFheSOr ]
	run xq-bitpack --pack-version=1 --scheme=ranked <<<"g0e2 h7d7 h0g2 h9g7 i0h0 g6g5 h2i2 c9e7 b0c2 c6c5 b2a2 b9c7"
	[ "$output" = 1rGkvFheSOw ]
	run xq-bitpack <<<"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	[ "$output" = 3vsQj2Z16cvxZEBTJTkhPFeaB ]
	run xq-bitpack --pack-version=1 <<<"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	[ "$output" = 0BaeFPhkTJTBEZxvc61Z2jQs ]
}

@test "version 0 positions decode as they always did; version 3 is checked" {
	d=$data/xq-bitpack
	# Written by the version 0 writer before version 3 existed.
	run --separate-stderr xq-bitpack -i board -f fen "$d/positions-0.board"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/positions-0.fen")" ]
	run --separate-stderr xq-bitpack --pack-version=1 -f board "$d/positions-0.fen"
	[ "$output" = "$(cat "$d/positions-0.board")" ]
	# Version 3 decodes to the same positions.
	xq-bitpack -f board "$d/positions-0.fen" > "$BATS_TEST_TMPDIR/b3"
	[ "$(cut -c1 "$BATS_TEST_TMPDIR/b3" | sort -u)" = 3 ]
	run --separate-stderr xq-bitpack -f fen "$BATS_TEST_TMPDIR/b3"
	[ "$output" = "$(cat "$d/positions-0.fen")" ]
	# Every one cut by a character, or lengthened by any one, is refused.
	awk '{ print substr($0, 1, length($0) - 1) }' "$BATS_TEST_TMPDIR/b3" > "$BATS_TEST_TMPDIR/cut"
	run --separate-stderr xq-bitpack -i board -f fen "$BATS_TEST_TMPDIR/cut"
	[ "$status" -eq 1 ]
	[ "$(printf '%s\n' "$stderr" | grep -c 'stdin\|cut:[0-9]*: ')" -eq 60 ]
	a=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_
	awk -v a="$a" '{ for (i = 1; i <= 64; i++) print $0 substr(a, i, 1) }' \
	    "$BATS_TEST_TMPDIR/b3" > "$BATS_TEST_TMPDIR/long"
	run --separate-stderr xq-bitpack -i board -f fen "$BATS_TEST_TMPDIR/long"
	[ "$(printf '%s\n' "$stderr" | grep -c 'long:[0-9]*: ')" -eq 3840 ]
	# Version 0 misses some of them: they decode to other positions.
	awk '{ print substr($0, 1, length($0) - 1) }' "$d/positions-0.board" > "$BATS_TEST_TMPDIR/cut0"
	run --separate-stderr xq-bitpack -i board -f fen "$BATS_TEST_TMPDIR/cut0"
	[ "$(printf '%s\n' "$stderr" | grep -c 'cut0:[0-9]*: ')" -lt 60 ]
	run --separate-stderr xq-bitpack -i board <<<"$(sed -n 1p "$BATS_TEST_TMPDIR/cut")"
	[[ "$stderr" == *"the check character does not match: a damaged or cut position"* ]]
}

@test "-S is the old spelling of --scheme, understood but not listed" {
	d=$data/xq-bitpack
	[ "$(xq-bitpack -S index "$d/ccpd-30.iccs")" = "$(xq-bitpack --scheme=index "$d/ccpd-30.iccs")" ]
	[ "$(xq-bitpack -S index "$d/ccpd-30.iccs")" != "$(xq-bitpack "$d/ccpd-30.iccs")" ]
	run xq-bitpack --help
	[[ "$output" == *"      --scheme=SCHEME"* ]]
	[[ "$output" != *"-S"* ]]
	# The letters of an earlier draft are gone.
	for o in -e -l -m; do
		run xq-bitpack "$o" x </dev/null
		[ "$status" -eq 2 ]
	done
}

@test "bash completion offers options, formats and schemes" {
	run complete_words xq-bitpack --sch
	[ "$output" = --scheme ]
	run complete_words xq-bitpack --scheme=r
	[ "$output" = ranked ]
	run complete_words xq-bitpack -f ch
	[ "$output" = chinese ]
	run complete_words xq-bitpack -i pa
	[ "$output" = packed ]
}

@test "a bad move stops packing with the reason reading it gives" {
	# Moves to pack are checked as they are packed, not as they are
	# read; what is wrong must still be said as a checked read says it.
	printf '%s\n' "h2e2 h9g7 h0g2 e9e7" "h2e2 e6e5 h2h9" "h2e2 h0e2" \
	    "c3c4 g6g5 h2g2 h7e7 g3g4 e7e3 c0e2" "h2e2 h9g7 h0g2 x1" \
	    "h0g2 h9g7 g2e3" "h2e2 h9g7" >"$BATS_TEST_TMPDIR/bad"
	run --separate-stderr xq-bitpack -f iccs "$BATS_TEST_TMPDIR/bad"
	[ "$status" -eq 1 ]
	checked=$stderr
	[ "$(printf '%s\n' "$checked" | wc -l)" -eq 6 ]
	for scheme in geometric index ranked; do
		run --separate-stderr xq-bitpack --scheme="$scheme" \
		    "$BATS_TEST_TMPDIR/bad"
		[ "$status" -eq 1 ]
		[ "$stderr" = "$checked" ]
		[ "${lines[0]}" = "h2e2 h9g7 h0g2 e9e7" ]
		[ "${lines[4]}" = "h2e2 h9g7 h0g2 x1" ]
		[ "${lines[6]}" = "$(xq-bitpack --scheme="$scheme" <<<"h2e2 h9g7")" ]
	done
	printf '%s\n' "$checked" | grep -q 'ply 7: c0e2: illegal: it leaves the king in check'
	printf '%s\n' "$checked" | grep -q 'ply 2: h0e2: not a piece of the side to move'
	printf '%s\n' "$checked" | grep -q 'ply 3: g2e3: illegal: a piece of the same side stands there'
}

@test "-f json says how the game ended: mate, stalemate or not at all" {
	mate='3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'
	stale='3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1'
	run --separate-stderr xq-bitpack -f json <<<"position fen $mate moves e1d1"
	[ "$status" -eq 0 ]
	[ "$output" = "{\"result\":null,\"end\":\"mate\",\"fen\":\"$mate\",\"moves\":[\"e1d1\"]}" ]
	run --separate-stderr xq-bitpack -f json <<<"position fen $stale moves a7a8"
	[ "$output" = "{\"result\":null,\"end\":\"stalemate\",\"fen\":\"$stale\",\"moves\":[\"a7a8\"]}" ]
	run --separate-stderr xq-bitpack -f json <<<"position fen $mate moves e1e2"
	[ "$output" = "{\"result\":null,\"end\":null,\"fen\":\"$mate\",\"moves\":[\"e1e2\"]}" ]
	# Through a packed link in each scheme the end is the same.
	for scheme in geometric index ranked; do
		p=$(xq-bitpack --scheme="$scheme" <<<"position fen $stale moves a7a8")
		run --separate-stderr xq-bitpack -f json <<<"$p"
		[ "$output" = "{\"result\":\"1-0\",\"end\":\"stalemate\",\"fen\":\"$stale\",\"moves\":[\"a7a8\"]}" ]
	done
}

@test "a move after mate or stalemate is reported as the game being over" {
	mate='3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'
	stale='3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1'
	for f in iccs json; do
		run --separate-stderr xq-bitpack -f "$f" <<<"position fen $mate moves e1d1 d9e9"
		[ "$status" -eq 1 ]
		[ "$stderr" = "xq-bitpack: stdin:1: ply 2: d9e9: the game is over (mate)" ]
	done
	[ "$output" = "{\"file\":\"stdin\",\"line\":1,\"error\":\"ply 2: d9e9: the game is over (mate)\",\"input\":\"position fen $mate moves e1d1 d9e9\"}" ]
	run --separate-stderr xq-bitpack <<<"position fen $stale moves a7a8 d9d8"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 2: d9d8: the game is over (stalemate)" ]
	run --separate-stderr xq-bitpack -i json -f iccs <<<"{\"fen\":\"$mate\",\"moves\":[\"e1d1\",\"d9d8\"]}"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 2: d9d8: the game is over (mate)" ]
	# Before the end, an illegal move is still said to be one.
	run --separate-stderr xq-bitpack <<<"position fen $mate moves e1e2 e0e1"
	[ "$stderr" = "xq-bitpack: stdin:1: ply 2: e0e1: not a piece of the side to move" ]
}

@test "a bad line is copied through byte for byte, NULs and CR included" {
	printf '1rGkvFheSOw\0junk\nh2e2 zz\r\nh2e2\r\n' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	xq-bitpack "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out" 2>/dev/null || :
	{ printf '1rGkvFheSOw\0junk\nh2e2 zz\r\n'
	  printf '%s\r\n' "$(xq-bitpack <<<h2e2)"; } >"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/out"
	[[ "$stderr" = *"/in:1: "* ]]
	[[ "$stderr" = *"/in:2: ply 2: zz: not an ICCS move" ]]
}

@test "a JSON object without moves, or with a member twice, is refused" {
	for bad in '{"Moves":["h2e2"]}' '{"move":"h2e2"}' '{"fen":"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"}' '{}'; do
		run --separate-stderr xq-bitpack <<<"$bad"
		[ "$status" -eq 1 ]
		[ "$output" = "$bad" ]
		[[ "$stderr" = 'xq-bitpack: stdin:1: no "moves" member ('* ]]
	done
	run --separate-stderr xq-bitpack <<<'{"moves":["h2e2"],"moves":["h2e3"]}'
	[ "$status" -eq 1 ]
	[[ "$stderr" = 'xq-bitpack: stdin:1: a member named twice ('* ]]
	run --separate-stderr xq-bitpack -f iccs <<<'{"moves":[]}'
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
}

@test "a line of spaces and tabs passes through like a blank line" {
	printf '  \t\n\nh2e2\n' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	[ "$(xq-bitpack "$BATS_TEST_TMPDIR/in" | wc -l)" -eq 3 ]
	xq-bitpack "$BATS_TEST_TMPDIR/in" | head -n 2 | cmp - <(printf '  \t\n\n')
}

@test "a packed line longer than any game is refused before it is decoded" {
	big=$(head -c 1000000 /dev/zero | tr '\0' 'B')
	for s in g i r; do
		run --separate-stderr timeout 20 xq-bitpack -f iccs <<<"1$s$big"
		[ "$status" -eq 1 ]
		[[ "$stderr" = *": longer than any packed game (1"$s"BBBB"* ]]
		# Within the limit but more than its plies could take.
		run --separate-stderr timeout 20 xq-bitpack -f iccs <<<"1${s}A${big:0:20000}"
		[ "$status" -eq 1 ]
		[[ "$stderr" = *": too long for its number of plies ("* ]]
	done
}

@test "a game of 10000 plies packs and unpacks in every scheme" {
	line=$(for i in $(seq 2500); do printf 'h0g2 h9g7 g2h0 g7h9 '; done)
	for s in geometric index ranked; do
		p=$(timeout 60 xq-bitpack --scheme="$s" <<<"$line")
		# xq-pack(5): no packed game is longer than 28374 characters.
		[ "${#p}" -le 28374 ]
		run timeout 60 xq-bitpack -f iccs <<<"$p"
		[ "$status" -eq 0 ]
		[ "$output" = "${line% }" ]
	done
}

@test "with SIGPIPE ignored a closed pipe stops the run at once" {
	for i in $(seq 200); do cat "$d/ccpd-30.iccs"; done >"$BATS_TEST_TMPDIR/in"
	echo 'h2e2 zz99' >>"$BATS_TEST_TMPDIR/in"
	run bash -c 'trap "" PIPE; xq-bitpack "$1" 2>"$2" | head -c 1 >/dev/null; exit "${PIPESTATUS[0]}"' \
	    sh "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/err"
	[ "$status" -eq 2 ]
	grep -q 'write error on standard output' "$BATS_TEST_TMPDIR/err"
	! grep -q 'zz99' "$BATS_TEST_TMPDIR/err" || false
}

@test "--help and --version into a full disk exit 2" {
	[ -w /dev/full ] || skip "no /dev/full"
	run sh -c 'xq-bitpack --help >/dev/full'
	[ "$status" -eq 2 ]
	[[ "$output" = *"write error"* ]]
	run sh -c 'xq-bitpack -V >/dev/full'
	[ "$status" -eq 2 ]
}

@test "a diagnostic quotes a short excerpt, escaped" {
	long=$(head -c 100000 /dev/zero | tr '\0' 'x')
	run --separate-stderr xq-bitpack <<<"h2e2 $long"
	[ "$status" -eq 1 ]
	[ "${#stderr}" -lt 200 ]
	[[ "$stderr" = *"xxxxxxxx...: not an ICCS move" ]]
	run --separate-stderr xq-bitpack < <(printf '1gA\033[2J\n')
	[ "$status" -eq 1 ]
	[[ "$stderr" = *'\x1b[2J'* ]]
	[[ "$stderr" != *$'\033'* ]]
	# A NUL is shown too, not taken for the end of the token.
	run --separate-stderr xq-bitpack < <(printf 'h2e2\0h9g7\n')
	[ "$status" -eq 1 ]
	[ "$stderr" = 'xq-bitpack: stdin:1: ply 1: h2e2\x00h9g7: not a move in any notation' ]
}

@test "-f json writes one JSON object a line, bad records too" {
	printf '%s\n' h2e2 'h2e2 zz99' '1gA' '' '{"moves":["h2e2"' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = '{"result":null,"end":null,"moves":["h2e2"]}' ]
	[ "${lines[1]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\","'"line":2,"error":"ply 2: zz99: not an ICCS move","input":"h2e2 zz99"}' ]
	[[ "${lines[2]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\","'"line":3,"error":"'*'","input":"1gA"}' ]]
	# A blank line is an object too: every line of JSON Lines is JSON.
	[ "${lines[3]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":4,\"text\":\"\"}" ]
	[[ "${lines[4]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\","'"line":5,"error":"not a JSON object ('*'","input":"{\"moves\":[\"h2e2\""}' ]]
	[ "$(xq-bitpack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | wc -l)" -eq 5 ]
	if command -v jq >/dev/null; then
		xq-bitpack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | jq -e . >/dev/null || false
	fi
}

@test "-f json ends every object as a CR LF file's lines end, bad and blank lines too" {
	printf '%s\r\n' h2e2 zz99 '' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$(xq-bitpack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | grep -c $'\r$')" -eq 3 ]
	[ "${lines[0]}" = '{"result":null,"end":null,"moves":["h2e2"]}'$'\r' ]
	[ "${lines[1]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\","'"line":2,"error":"ply 1: zz99: not a move in any notation","input":"zz99"}'$'\r' ]
	[ "${lines[2]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":3,\"text\":\"\"}"$'\r' ]
}

@test "--summary counts the records on standard error" {
	printf '%s\n' h2e2 'h2e2 zz99' '' h0g2 >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[[ "$stderr" = *$'\n''xq-bitpack: 3 records: 2 good, 1 bad, 0 warnings' ]]
	run --separate-stderr xq-bitpack "$BATS_TEST_TMPDIR/in"
	[[ "$stderr" != *records* ]]
}

@test "--help lists every option, one line each, with the names it takes" {
	run xq-bitpack --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" = "usage: xq-bitpack "* ]]
	for o in -E,\ --encoding= -f,\ --format= -h,\ --help -i,\ --input= \
	    -L,\ --lines -M,\ --movetext= --pack-version= \
	    "    --scheme=" --simplified --summary -V,\ --version; do
		[ "$(printf '%s\n' "${lines[@]:2}" | grep -c -- "^  .*$o")" -eq 1 ]
	done
	printf '%s\n' "$output" | grep -q 'FORMAT: packed, fen, board, svg, iccs, ucci, wxf, chinese, json, pgn, dhtmlxq, xqf)'
	printf '%s\n' "$output" | grep -q 'SCHEME: geometric, index, ranked)'
	# The usage, three lines, and the eleven options.
	[ "${#lines[@]}" -eq 14 ]
}

@test "-i auto detects what each line holds" {
	printf '%s\n' h2e2 "$(xq-bitpack <<<h2e2)" 'C2.5' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr xq-bitpack -i auto -f iccs "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "$output" = $'h2e2\nh2e2\nh2e2' ]
}

@test "the ranked model is learnt again, byte for byte, from the games that ship" {
	run xq-train "$d/wxf-masters-hu-liu.iccs"
	[ "$status" -eq 0 ]
	diff -u "$top_srcdir/src/xq/model.c" <(printf '%s\n' "$output")
}

@test "a packed position is at most 25 or 26 characters, without zero padding" {
	# xq-pack(5): every position fits in 141 bits, 24 digits after the
	# 0 (version 0) or after the 3 and its check character (version 3).
	run xq-randgame 3 200 ucci
	printf '%s\n' "$output" | xq-bitpack --pack-version=1 -f board >"$BATS_TEST_TMPDIR/b"
	[ "$(awk 'length($0) > 25' "$BATS_TEST_TMPDIR/b" | wc -l)" -eq 0 ]
	printf '%s\n' "$output" | xq-bitpack -f board >"$BATS_TEST_TMPDIR/b3"
	[ "$(awk 'length($0) > 26' "$BATS_TEST_TMPDIR/b3" | wc -l)" -eq 0 ]
	p=$(xq-bitpack --pack-version=1 -f board <<<h2e2)
	run --separate-stderr xq-bitpack <<<"0A${p#0}"
	[ "$status" -eq 1 ]
	[[ "$stderr" = *": not the form a writer gives its position (0A"* ]]
	run --separate-stderr xq-bitpack -f fen <<<"$p"
	[ "$status" -eq 0 ]
	# Version 3: a trailing A (a high zero digit) is refused before the check.
	p=$(xq-bitpack -f board <<<h2e2)
	run --separate-stderr xq-bitpack <<<"${p}A"
	[ "$status" -eq 1 ]
	[[ "$stderr" = *": not the form a writer gives its position (${p}A)" ]]
}

@test "a file of moves whose lines end in a CR alone is read line for line" {
	printf 'h2e2 h9g7\rc3c4\r\rzz\r' >"$BATS_TEST_TMPDIR/mac"
	run --separate-stderr xq-bitpack "$BATS_TEST_TMPDIR/mac"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: $BATS_TEST_TMPDIR/mac:4: ply 1: zz: not a move in any notation" ]
	cmp <(xq-bitpack <"$BATS_TEST_TMPDIR/mac" 2>/dev/null) \
	    <(printf '%s\r%s\r\rzz\r' "$(xq-bitpack <<<'h2e2 h9g7')" "$(xq-bitpack <<<c3c4)")
	# JSON Lines end in a newline, the blank line an object in its place.
	run --separate-stderr xq-bitpack -f json "$BATS_TEST_TMPDIR/mac"
	[ "${#lines[@]}" -eq 4 ]
	[ "$(xq-bitpack -f json "$BATS_TEST_TMPDIR/mac" 2>/dev/null | wc -l)" -eq 4 ]
	[ "$(jq -c .moves <<<"${lines[0]}")" = '["h2e2","h9g7"]' ]
	[ "$(jq -c '[.line, .text]' <<<"${lines[2]}")" = '[3,""]' ]
	[ "$(jq -r .line <<<"${lines[3]}")" = 4 ]
}

@test "-f svg draws the position at the end, a line a record: a disc and its character a piece, the last move marked" {
	printf '%s\n' "h2e2 h9g7 h0g2" "h2e2 h9g7 h0g2 e9e7" "$(xq-bitpack -f fen <<<'h2e2')" \
	    >"$BATS_TEST_TMPDIR/games"
	run --separate-stderr xq-bitpack -f svg "$BATS_TEST_TMPDIR/games"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	# The bad record is copied, as in every format.
	[ "${lines[1]}" = "h2e2 h9g7 h0g2 e9e7" ]
	svg=${lines[0]}
	[[ "$svg" = "<svg xmlns=\"http://www.w3.org/2000/svg\""*"</svg>" ]]
	[ "$(grep -o '<title>[^<]*</title>' <<<"$svg")" = "<title>$(xq-bitpack -f fen <<<'h2e2 h9g7 h0g2')</title>" ]
	[ "$(grep -o 'class="red"' <<<"$svg" | wc -l)" -eq 16 ]
	[ "$(grep -o 'class="black"' <<<"$svg" | wc -l)" -eq 16 ]
	# Lines 50 pixels apart from (52, 52), Red's back rank at the
	# bottom: its king on e0, the horse on g2 it moved from h0.
	grep -q '<circle cx="252" cy="502" [^>]*/><text [^>]*>帥</text>' <<<"$svg"
	grep -q '<circle cx="252" cy="52" [^>]*/><text [^>]*>將</text>' <<<"$svg"
	grep -q '<circle cx="352" cy="402" [^>]*/><text [^>]*>傌</text>' <<<"$svg"
	grep -q '<circle cx="402" cy="502" r="20" fill="none" stroke="#1565c0" stroke-width="3" stroke-dasharray="4 3"/>' <<<"$svg"
	grep -q '<circle cx="352" cy="402" r="24" fill="none" stroke="#1565c0" stroke-width="3"/></svg>$' <<<"$svg"
	# A position given alone has no last move to mark.
	[ "$(grep -c 'stroke="#1565c0"' <<<"${lines[2]}")" -eq 0 ]
	if command -v xmllint >/dev/null; then
		printf '%s\n' "$svg" | xmllint --noout -
	fi
	command -v rsvg-convert >/dev/null || skip "rsvg-convert is not installed"
	printf '%s\n' "$svg" | rsvg-convert -o "$BATS_TEST_TMPDIR/board.png"
	[ "$(head -c 8 "$BATS_TEST_TMPDIR/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]
}
