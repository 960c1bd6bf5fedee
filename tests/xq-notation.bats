#!/usr/bin/env bats
# xq-bitpack's move notations: ICCS, UCCI, WXF, Chinese and JSON, read
# and written, checked against 300 published games in Chinese notation.

load helpers

games=$data/xq-notation/ccpd-notation-300.tsv

# The first 12 plies of the first game of the sample, in every notation.
iccs12='g0e2 h7d7 h0g2 h9g7 i0h0 g6g5 h2i2 c9e7 b0c2 c6c5 b2a2 b9c7'
wxf12='E3+5 C8.4 H2+3 H8+7 R1.2 P7+1 C2.1 E3+5 H8+7 P3+1 C8.9 H2+3'
chinese12='相三進五 炮８平４ 馬二進三 馬８進７ 車一平二 卒７進１ 炮二平一 象３進５ 馬八進七 卒３進１ 炮八平九 馬２進３'

setup() {
	tmp=$BATS_TEST_TMPDIR
	tail -n +2 "$games" | cut -f2 >"$tmp/chinese"
	tail -n +2 "$games" | cut -f3 >"$tmp/iccs"
}

@test "the 12-ply vector is the same game in ICCS, WXF and Chinese" {
	[ "$(tail -n +2 "$games" | head -1 | cut -f3 | cut -d' ' -f1-12)" = "$iccs12" ]
	[ "$(tail -n +2 "$games" | head -1 | cut -f2 | cut -d' ' -f1-12)" = "$chinese12" ]
	run --separate-stderr xq-bitpack -f wxf <<<"$iccs12"
	[ "$status" -eq 0 ]
	[ "$output" = "$wxf12" ]
	run --separate-stderr xq-bitpack -f chinese <<<"$iccs12"
	[ "$status" -eq 0 ]
	[ "$output" = "$chinese12" ]
	run --separate-stderr xq-bitpack -f iccs <<<"$wxf12"
	[ "$status" -eq 0 ]
	[ "$output" = "$iccs12" ]
	run --separate-stderr xq-bitpack -f iccs <<<"$chinese12"
	[ "$status" -eq 0 ]
	[ "$output" = "$iccs12" ]
}

@test "the 12-ply vector as a UCCI command and as JSON" {
	run --separate-stderr xq-bitpack -f ucci <<<"$iccs12"
	[ "$output" = "position startpos moves $iccs12" ]
	run --separate-stderr xq-bitpack -f json <<<"$iccs12"
	[ "$output" = "{\"result\":null,\"end\":null,\"moves\":[\"${iccs12// /\",\"}\"]}" ]
	run --separate-stderr xq-bitpack -f iccs <<<"position startpos moves $iccs12"
	[ "$output" = "$iccs12" ]
	run --separate-stderr xq-bitpack -i json -f iccs <<<"{\"moves\":[\"${iccs12// /\",\"}\"]}"
	[ "$output" = "$iccs12" ]
}

@test "all 300 games convert from Chinese to ICCS exactly" {
	run --separate-stderr xq-bitpack -i chinese -f iccs "$tmp/chinese"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u "$tmp/iccs" <(printf '%s\n' "$output")
}

@test "all 300 games convert from ICCS to Chinese exactly" {
	run --separate-stderr xq-bitpack -i iccs -f chinese "$tmp/iccs"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u "$tmp/chinese" <(printf '%s\n' "$output")
}

@test "the notation of each line is detected" {
	cat "$tmp/chinese" "$tmp/iccs" >"$tmp/mixed"
	run --separate-stderr xq-bitpack -f iccs "$tmp/mixed"
	[ "$status" -eq 0 ]
	diff -u <(cat "$tmp/iccs" "$tmp/iccs") <(printf '%s\n' "$output")
}

@test "ICCS to WXF to Chinese to ICCS gives the games back" {
	xq-bitpack -f wxf "$tmp/iccs" >"$tmp/wxf"
	xq-bitpack -i wxf -f chinese "$tmp/wxf" >"$tmp/chinese2"
	diff -u "$tmp/chinese" "$tmp/chinese2"
	xq-bitpack -i chinese -f iccs "$tmp/chinese2" | diff -u "$tmp/iccs" -
	xq-bitpack -i wxf -f iccs "$tmp/wxf" | diff -u "$tmp/iccs" -
}

@test "ICCS to JSON to UCCI to ICCS gives the games back" {
	xq-bitpack -f json "$tmp/iccs" | xq-bitpack -i json -f ucci |
	    xq-bitpack -i ucci -f iccs | diff -u "$tmp/iccs" -
}

@test "the ways players write moves are all read" {
	run --separate-stderr xq-bitpack -f ucci "$data/xq-notation/variants.in"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u "$data/xq-notation/variants.ucci" <(printf '%s\n' "$output")
}

@test "tandem pieces are written by place as WXF and Chinese have it" {
	in=$data/xq-notation/tandem.ucci
	xq-bitpack -f wxf "$in" | diff -u "$data/xq-notation/tandem.wxf" -
	xq-bitpack -f chinese "$in" | diff -u "$data/xq-notation/tandem.chinese" -
}

@test "tandem pieces written in WXF and Chinese are read back" {
	in=$data/xq-notation/tandem.ucci
	for f in wxf chinese; do
		paste -d '\t' <(sed 's/^position fen \(.*\) moves .*/\1/' "$in") \
		    "$data/xq-notation/tandem.$f" |
		    awk -F '\t' '{ printf "{\"fen\":\"%s\",\"moves\":[\"%s\"]}\n", $1, $2 }' \
		    >"$tmp/json"
		run --separate-stderr xq-bitpack -i json -f ucci "$tmp/json"
		[ "$status" -eq 0 ]
		diff -u "$in" <(printf '%s\n' "$output")
	done
}

@test "a pawn named by its file twice (WXF 77.6) is a move, not a move number" {
	fen='4k4/9/4P4/3PP1p2/3P5/6p2/4P1p2/6p2/6p2/4K4 w'
	iccs='e7e8 e9f9 e3e4 g2f2 d6d7 g3f3 d7e7 g4f4 d5e5 g1f1 e7f7 f3g3 e6f6 f2g2'
	printf '{"fen":"%s","moves":"%s"}\n' "$fen" "$iccs" >"$tmp/json"
	wxf=$(xq-bitpack -f wxf "$tmp/json")
	[[ " $wxf " == *" 77.6 "* ]]
	printf '{"fen":"%s","moves":"%s"}\n' "$fen" "$wxf" >"$tmp/json"
	[ "$(xq-bitpack -f iccs "$tmp/json")" = "$iccs" ]
	printf '[FEN "%s"]\n\n1. %s\n' "$fen" "$wxf" >"$tmp/game.pgn"
	[ "$(xq-bitpack -f iccs "$tmp/game.pgn")" = "$iccs" ]
}

@test "a move that cannot be read is reported with its ply and the line kept" {
	run --separate-stderr xq-bitpack -f iccs "$data/xq-notation/errors.in"
	[ "$status" -eq 1 ]
	diff -u "$data/xq-notation/errors.in" <(printf '%s\n' "$output")
	cd "$data/xq-notation"
	run --separate-stderr xq-bitpack -f iccs errors.in
	diff -u errors.err <(printf '%s\n' "$stderr")
}

@test "a forced notation reads only that notation" {
	run --separate-stderr xq-bitpack -i wxf -f iccs <<<"h2e2 h9g7"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 1: h2e2: not a WXF move" ]
	run --separate-stderr xq-bitpack -i iccs -f iccs <<<"C2.5"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 1: C2.5: not an ICCS move" ]
	run --separate-stderr xq-bitpack -i chinese -f wxf <<<"炮二平五 马8进7"
	[ "$status" -eq 0 ]
	[ "$output" = "C2.5 H8+7" ]
}

@test "a start other than the standard one is kept by UCCI and JSON" {
	fen='3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1'
	run --separate-stderr xq-bitpack -f json <<<"position fen $fen moves e1e5 d9d8"
	[ "$output" = "{\"result\":null,\"end\":null,\"fen\":\"$fen\",\"moves\":[\"e1e5\",\"d9d8\"]}" ]
	run --separate-stderr xq-bitpack -f wxf <<<"position fen $fen moves e1e5 d9d8"
	[ "$output" = "R5+4 K4+1" ]
	run --separate-stderr xq-bitpack -f chinese <<<"position fen $fen moves e1e5 d9d8"
	[ "$output" = "車五進四 將４進１" ]
}

@test "random legal games come back through WXF and through Chinese" {
	xq-randgame 7 300 >"$tmp/games"
	for f in wxf chinese; do
		xq-bitpack -f "$f" "$tmp/games" >"$tmp/written"
		xq-bitpack -i "$f" -f iccs "$tmp/written" | diff -u "$tmp/games" -
	done
}

# Lines of a UCCI game, a tab and its moves in another notation, as the
# JSON objects of the moves from the game's start.
as_json() {
	awk -F '\t' '{
		fen = ""
		if ($1 ~ /^position fen /) {
			fen = $1
			sub(/^position fen /, "", fen)
			sub(/ moves .*/, "", fen)
			fen = "\"fen\":\"" fen "\","
		}
		printf "{%s\"moves\":\"%s\"}\n", fen, $2
	}'
}

@test "random games from random positions come back through JSON in WXF and Chinese" {
	xq-randgame 11 200 ucci >"$tmp/games"
	for f in wxf chinese; do
		xq-bitpack -f "$f" "$tmp/games" >"$tmp/written"
		paste -d '\t' "$tmp/games" "$tmp/written" | as_json >"$tmp/json"
		xq-bitpack -i json -f ucci "$tmp/json" | diff -u "$tmp/games" -
	done
}

# The traditional characters xq-bitpack writes by default, as simplified
# Chinese writes them; the others are the same in both.
to_simplified() {
	sed 's/帥/帅/g; s/將/将/g; s/馬/马/g; s/車/车/g; s/進/进/g; s/後/后/g'
}

@test "--simplified writes Chinese moves as mainland records do, and they read back" {
	run --separate-stderr xq-bitpack -f chinese --simplified <<<"$iccs12"
	[ "$status" -eq 0 ]
	[ "$output" = '相三进五 炮８平４ 马二进三 马８进７ 车一平二 卒７进１ 炮二平一 象３进５ 马八进七 卒３进１ 炮八平九 马２进３' ]
	# All 300 games: the published moves, but for the characters.
	run --separate-stderr xq-bitpack -i iccs -f chinese --simplified "$tmp/iccs"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u <(to_simplified <"$tmp/chinese") <(printf '%s\n' "$output")
	! grep -q '[帥將馬車進後]' <<<"$output" || false
	printf '%s\n' "$output" | xq-bitpack -f iccs | diff -u "$tmp/iccs" -
	# Tandem pieces: 后, not 後.
	xq-bitpack -f chinese --simplified "$data/xq-notation/tandem.ucci" |
	    diff -u <(to_simplified <"$data/xq-notation/tandem.chinese") -
	grep -q '后' <(xq-bitpack -f chinese --simplified "$data/xq-notation/tandem.ucci")
	# Random games, from random positions too, come back.
	xq-randgame 13 200 ucci >"$tmp/games"
	xq-bitpack -f chinese --simplified "$tmp/games" >"$tmp/written"
	paste -d '\t' "$tmp/games" "$tmp/written" | as_json |
	    xq-bitpack -i json -f ucci | diff -u "$tmp/games" -
}

@test "--simplified: a PGN's moves and a diagram's pieces; refused where nothing is Chinese" {
	# The moves written are simplified; the tags are the file's own.
	printf '[Event "馬後炮"]\n[Format "ICCS"]\n\n1. G0-E2 H7-D7 2. H0-G2 H9-G7 *\n' \
	    >"$tmp/game.pgn"
	run --separate-stderr xq-bitpack -f pgn --simplified "$tmp/game.pgn"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = '[Event "馬後炮"]' ]
	[ "${lines[3]}" = ' 1. 相三进五 炮８平４' ]
	[ "${lines[4]}" = ' 2. 马二进三 马８进７' ]
	xq-bitpack -f pgn --simplified "$tmp/game.pgn" | xq-bitpack -f iccs |
	    grep -qx 'g0e2 h7d7 h0g2 h9g7'
	run --separate-stderr xq-bitpack -f svg --simplified <<<"h2e2 h9g7 h0g2"
	[ "$status" -eq 0 ]
	grep -q '<circle cx="252" cy="502" [^>]*/><text [^>]*>帅</text>' <<<"$output"
	grep -q '<circle cx="252" cy="52" [^>]*/><text [^>]*>将</text>' <<<"$output"
	grep -q '<circle cx="352" cy="402" [^>]*/><text [^>]*>马</text>' <<<"$output"
	grep -q '>楚 河</text>' <<<"$output"
	grep -q '>汉 界</text>' <<<"$output"
	grep -q "font-family=\"'Noto Serif CJK SC'" <<<"$output"
	! grep -q '[帥將傌俥馬車砲漢]' <<<"$output" || false
	for args in "" "-f iccs" "-f wxf" "-f pgn -M wxf" "-f xqf"; do
		run --separate-stderr xq-bitpack $args --simplified <<<"$iccs12"
		[ "$status" -eq 2 ]
		[ -z "$output" ]
		[ "$stderr" = "xq-bitpack: --simplified applies to -f chinese, svg, or pgn with -M chinese only" ]
	done
}
