#!/usr/bin/env bats
# xq-bitpack's game files: PGN, DhtmlXQ, XQF, CBF and CBR read in any of their
# encodings, every game one record (or every line with --lines), faults
# reported with the rest converted, and PGN, DhtmlXQ and XQF written
# back to the same games.

load helpers

d=$data/xq-files

setup() {
	tmp=$BATS_TEST_TMPDIR
}

@test "Big5 PGN files are told by their text and read, one record each" {
	run --separate-stderr xq-bitpack -f ucci "$d"/ccpd-*.pgn
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/ccpd.ucci")" ]
	run --separate-stderr xq-bitpack -E big5 -f ucci "$d"/ccpd-*.pgn
	[ "$output" = "$(cat "$d/ccpd.ucci")" ]
}

@test "Big5 read as GB18030 decodes without error but yields no moves" {
	run --separate-stderr xq-bitpack -E gb18030 -f iccs "$d/ccpd-00000107.pgn"
	[ "$status" -eq 1 ]
	[ "$output" = "" ]
	[[ "$stderr" == *"ccpd-00000107.pgn: game 1: ply 1: "* ]]
}

@test "GBK, Big5, UTF-8 with a BOM and CRLF all read the same" {
	xq-bitpack --lines -f iccs "$d/features.pgn" > "$tmp/want" 2>/dev/null || true
	iconv -f UTF-8 -t GBK "$d/features.pgn" > "$tmp/gbk.pgn"
	iconv -f UTF-8 -t BIG5 "$d/features.pgn" > "$tmp/big5.pgn"
	{ printf '\357\273\277'; sed 's/$/\r/' "$d/features.pgn"; } > "$tmp/bom.pgn"
	sed 's/$/\r/' "$tmp/gbk.pgn" > "$tmp/gbk-crlf.pgn"
	for f in gbk big5 bom gbk-crlf; do
		run --separate-stderr xq-bitpack --lines -f iccs "$tmp/$f.pgn"
		[ "$status" -eq 1 ]
		[ "$output" = "$(cat "$tmp/want")" ]
	done
	# Standard input too.
	run --separate-stderr xq-bitpack --lines -f iccs < "$tmp/gbk.pgn"
	[ "$output" = "$(cat "$tmp/want")" ]
}

@test "a Big5 byte that is a brace or a backslash stays inside its character" {
	# 功 is A5 5C in Big5: a backslash to whoever tokenises bytes.
	printf '[Event "功夫{}"]\n\n１．炮二平五 {功} 馬８進７ *\n' |
	    iconv -f UTF-8 -t BIG5 > "$tmp/kung.pgn"
	run --separate-stderr xq-bitpack -f json "$tmp/kung.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = '{"tags":{"Event":"功夫{}"},"result":null,"end":null,"moves":["h2e2","h9g7"]}' ]
}

@test "an encoding that cannot be told is refused, and -E says it" {
	printf '[Event "\260\241\260\241"]\n\n1. h2e2 *\n' > "$tmp/unclear.pgn"
	run --separate-stderr xq-bitpack "$tmp/unclear.pgn"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "xq-bitpack: $tmp/unclear.pgn: unknown text encoding: cannot tell GB18030 from Big5 by its text (say it with -E)" ]
	run --separate-stderr xq-bitpack -E gbk -f json "$tmp/unclear.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = '{"tags":{"Event":"啊啊"},"result":null,"end":null,"moves":["h2e2"]}' ]
	run --separate-stderr xq-bitpack -E no-such-encoding "$tmp/unclear.pgn"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "xq-bitpack: unknown encoding: no-such-encoding"* ]]
}

@test "a PGN file whose lines end in CR alone, as classic Mac OS wrote them, is read" {
	printf '[Event "x"]\r[Round "2"]\r\r1. h2e2 h9g7 2. h0g2 *\r' >"$tmp/mac.pgn"
	run --separate-stderr xq-bitpack -f json "$tmp/mac.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = '{"tags":{"Event":"x","Round":"2"},"result":null,"end":null,"moves":["h2e2","h9g7","h0g2"]}' ]
}

# put FILE OFFSET OCTAL...: bytes written over FILE at OFFSET.
put() {
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# refused FROM NAME OFFSET OCTAL STATUS WHY: FROM with the bytes put at
# OFFSET, as $tmp/NAME.cbr, read with STATUS and WHY reported of it.
refused() {
	cp "$1" "$tmp/$2.cbr"
	put "$tmp/$2.cbr" "$3" "$4"
	run --separate-stderr xq-bitpack -f iccs "$tmp/$2.cbr"
	[ "$status" -eq "$5" ]
	[ "$stderr" = "xq-bitpack: $tmp/$2.cbr: $6" ]
}

@test "CBR: a record made of the tool's XQF reads back to the same tree" {
	# xqf-to-cbr writes CBR from the layout in the manual, with 0xcd in
	# the bytes CBR leaves free and after each string's NUL; the shipped
	# record was made the same way.
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/game.xqf"
	xqf-to-cbr < "$tmp/game.xqf" > "$tmp/game.cbr"
	cmp "$tmp/game.cbr" "$d/wukong-game.cbr"
	[ "$(head -c 16 "$tmp/game.cbr" | tr '\000' @)" = "CCBridge Record@" ]
	run --separate-stderr xq-bitpack --lines -f iccs "$tmp/game.cbr"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	# Tags, result and every comment, the one before the first move too.
	xq-bitpack -f pgn "$tmp/game.xqf" > "$tmp/xqf.pgn"
	run --separate-stderr xq-bitpack -f pgn "$tmp/game.cbr"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$tmp/xqf.pgn")" ]
	[[ "$output" == *'{Here branching occurrs}'* ]]
	# Told by its magic from standard input, or named by -i.
	run --separate-stderr xq-bitpack --lines -f iccs < "$tmp/game.cbr"
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	run --separate-stderr xq-bitpack -i cbr --lines -f iccs "$d/wukong-game.cbr"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	run --separate-stderr xq-bitpack -i cbr "$d/features.pgn"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "xq-bitpack: $d/features.pgn: not a CBR file (too short or no CCBridge Record magic)" ]
}

@test "CBR: the side to move, the move number, the result and the tags" {
	cat > "$tmp/black.pgn" <<'EOF2'
[Event "象棋桥"]
[Red "红方"]
[Black "黑方"]
[Result "0-1"]
[FEN "4k4/9/9/9/9/9/9/9/4c4/3K5 b - - 0 1"]
1... e1d1 {将军} 2. d0d1 e9f9 0-1
EOF2
	xq-bitpack -f xqf "$tmp/black.pgn" > "$tmp/black.xqf"
	xqf-to-cbr -b < "$tmp/black.xqf" > "$tmp/black.cbr"
	put "$tmp/black.cbr" 2116 '\007'
	run --separate-stderr xq-bitpack -f json "$tmp/black.cbr"
	[ "$status" -eq 0 ]
	[ "$output" = '{"tags":{"Event":"象棋桥","Red":"红方","Black":"黑方"},"result":"0-1","end":null,"fen":"4k4/9/9/9/9/9/9/9/4c4/3K5 b - - 0 7","moves":["e1d1","d0d1","e9f9"]}' ]
	# Red to move: Black's first move is refused, and said so.
	xqf-to-cbr < "$tmp/black.xqf" > "$tmp/red.cbr"
	run --separate-stderr xq-bitpack -f iccs "$tmp/red.cbr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "xq-bitpack: $tmp/red.cbr: game 1: ply 1: e1d1: "* ]]
	# A square off the board cuts its line, the moves before it kept.
	refused "$tmp/black.cbr" off 2232 '\132' 1 \
	    "game 1: ply 2: 5a4b: square off the board; the rest of its line is left out"
	[ "$output" = "e1d1" ]
	# Neither 1 nor 2: not taken from the first move, reported.
	put "$tmp/red.cbr" 2112 '\000'
	run --separate-stderr xq-bitpack -f iccs "$tmp/red.cbr"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: $tmp/red.cbr: game 1: side to move neither 1 (Red) nor 2 (Black), the moves are left out (0)" ]
}

@test "CBR: a bad record is reported and the rest kept; other kinds and libraries refused by name" {
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/game.xqf"
	xqf-to-cbr < "$tmp/game.xqf" > "$tmp/game.cbr"
	# Cut anywhere in the tree: reported, the moves before the cut kept.
	size=$(wc -c < "$tmp/game.cbr")
	for n in $(seq 2214 $((size - 1))); do
		head -c "$n" "$tmp/game.cbr" > "$tmp/cut.cbr"
		run --separate-stderr xq-bitpack -f iccs "$tmp/cut.cbr"
		[ "$status" -eq 1 ]
		[[ "$stderr" == *"cut.cbr: game 1: file ends "* ]]
	done
	head -c 2300 "$tmp/game.cbr" > "$tmp/cut.cbr"
	run --separate-stderr xq-bitpack -f iccs "$tmp/cut.cbr"
	[ "$output" = "h2e2 h7e7 h0g2 h9g7 c3c4" ]
	# NULs after the tree are padding; anything else is reported.
	cp "$tmp/game.cbr" "$tmp/pad.cbr"
	head -c 100 /dev/zero >> "$tmp/pad.cbr"
	run --separate-stderr xq-bitpack -f iccs "$tmp/pad.cbr"
	[ "$status" -eq 0 ]
	printf 'x' >> "$tmp/pad.cbr"
	run --separate-stderr xq-bitpack -f iccs "$tmp/pad.cbr"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: $tmp/pad.cbr: game 1: bytes after the move tree (101)" ]
	# Not a piece on the board; flags not known.
	refused "$tmp/game.cbr" piece 2125 '\030' 1 \
	    "game 1: not a piece on the board, the moves are left out (18 at 5)"
	refused "$tmp/game.cbr" flags 2214 '\014' 1 \
	    "game 1: record flags not known, the records from it on are left out (0c)"
	# Another kind of record, and a library: refused, nothing written.
	refused "$tmp/game.cbr" kind 19 '\001' 2 \
	    "CBR record of kind 1, which is not read (kind 2 is)"
	[ "$output" = "" ]
	printf 'CCBridgeLibrary\000\000\000\n\000T\000' > "$tmp/lib.cbl"
	run --separate-stderr xq-bitpack -f json "$tmp/lib.cbl"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "xq-bitpack: $tmp/lib.cbl: a CC Bridge library (CBL), which is not read: export its games from CC Bridge as CBR, CBF or PGN" ]
}

@test "PGN: move numbers, comments, nested variations, FEN starts, no moves" {
	run --separate-stderr xq-bitpack --lines -f iccs "$d/features.pgn"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$d/features.lines")" ]
	cd "$d"
	run --separate-stderr xq-bitpack --lines -f iccs features.pgn
	[ "$stderr" = "$(cat features.err)" ]
}

@test "PGN: the main line is the game, one line a game in order" {
	run --separate-stderr xq-bitpack -f iccs "$d/features.pgn"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '%s\n' "h2e2 h9g7 h0g2 i9h9 i0h0" \
	    "e1d1 d0d1 e9f9" "" "h2e2 h9g7 h0g2 i9h9")" ]
}

@test "PGN: Chinese, full-width WXF and ICCS movetext give the same games" {
	for f in traditional international; do
		run --separate-stderr xq-bitpack -f iccs "$d/wukong-xqdb-$f.pgn"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$d/wukong-xqdb.iccs")" ]
	done
	run --separate-stderr xq-bitpack -f iccs "$d/wukong-bulk-games-uci.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-bulk-games-uci.iccs")" ]
}

@test "PGN: WinBoard's SAN for Xiangqi under [Variant \"xiangqi\"]" {
	run --separate-stderr xq-bitpack -f iccs "$d/wukong-winboard-san.pgn"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-winboard-san.iccs")" ]
	[[ "$output" == "h2e2 b7b0 a0b0 h7c7 "* ]]
}

@test "PGN: a SAN game written as PGN reads back to the same moves" {
	for m in chinese wxf iccs; do
		run --separate-stderr bash -c "xq-bitpack -f pgn --movetext=$m '$d/wukong-winboard-san.pgn' | xq-bitpack -f iccs"
		[ "$status" -eq 0 ] || { echo "--movetext=$m: $stderr"; false; }
		[ "$output" = "$(cat "$d/wukong-winboard-san.iccs")" ]
	done
	xq-bitpack -f pgn "$d/wukong-winboard-san.pgn" | grep -q '^\[Event "Computer Chess Game"\]'
	! xq-bitpack -f pgn "$d/wukong-winboard-san.pgn" | grep -q '^\[Variant' || false
}

@test "-f json carries the tags, the result and how the game ended" {
	run --separate-stderr xq-bitpack -f json "$d/features.pgn"
	[ "${lines[0]}" = '{"tags":{"Game":"Chinese Chess","Event":"Club night {A1B2-C3}","Red":"Red player","Black":"Black player","Result":"1-0"},"result":"1-0","end":null,"moves":["h2e2","h9g7","h0g2","i9h9","i0h0"]}' ]
	[ "${lines[2]}" = '{"tags":{"Game":"Chinese Chess","Event":"No moves","Result":"*"},"result":null,"end":null,"moves":[]}' ]
	printf '[FEN "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"]\n\n1. a0a9 1-0\n' > "$tmp/mate.pgn"
	run --separate-stderr xq-bitpack -f json "$tmp/mate.pgn"
	[ "$output" = '{"tags":{"FEN":"3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"},"result":"1-0","end":"mate","fen":"3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1","moves":["a0a9"]}' ]
}

@test "DhtmlXQ: branches and comments, alone and inside a web page" {
	run --separate-stderr xq-bitpack --lines -f iccs "$d/wukong-game.ubb"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	[ "${#lines[@]}" -eq 4 ]
	run --separate-stderr xq-bitpack -f iccs "$d/wukong-44.html"
	[ "$status" -eq 0 ]
	[ "$output" = "$(head -1 "$d/wukong-xqdb.iccs")" ]
	run --separate-stderr xq-bitpack -i dhtmlxq -f iccs < "$d/wukong-44.html"
	[ "$output" = "$(head -1 "$d/wukong-xqdb.iccs")" ]
}

@test "DhtmlXQ: a move from an empty square is reported, the rest converts" {
	sed 's/\[DhtmlXQ_move_0_5_2\]1927/[DhtmlXQ_move_0_5_2]4444/' \
	    "$d/wukong-game.ubb" > "$tmp/bad.ubb"
	run --separate-stderr xq-bitpack --lines -f iccs "$tmp/bad.ubb"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: $tmp/bad.ubb: game 1: ply 5: e5e5: no piece on that square; the rest of its line is left out" ]
	# The branch is gone; the main line and the other two stand.
	[ "$output" = "$(sed 3d "$d/wukong-game.lines")" ]
}

@test "XQF written by the tool reads back to the same tree, by its magic" {
	run xq-bitpack -f xqf "$d/wukong-game.ubb"
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/game.xqf"
	[ "$(head -c 3 "$tmp/game.xqf" | od -An -tx1 | tr -d ' ')" = 58510a ]
	run --separate-stderr xq-bitpack --lines -f iccs "$tmp/game.xqf"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	run --separate-stderr xq-bitpack --lines -f iccs < "$tmp/game.xqf"
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	# The GBK title and the comments come back.
	run --separate-stderr xq-bitpack -f pgn "$tmp/game.xqf"
	[[ "$output" == *'[Title "无标题"]'* ]]
	[[ "$output" == *'{Here branching occurrs}'* ]]
}

@test "XQF: a file cut short or scrambled never crashes, and says why" {
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/game.xqf"
	head -c 1030 "$tmp/game.xqf" > "$tmp/cut.xqf"
	run --separate-stderr xq-bitpack -f iccs "$tmp/cut.xqf"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"cut.xqf: game 1: file ends inside a comment"* ]]
	head -c 500 "$tmp/game.xqf" > "$tmp/short.xqf"
	run --separate-stderr xq-bitpack -f iccs "$tmp/short.xqf"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "xq-bitpack: $tmp/short.xqf: not an XQF file (too short or no XQ magic)" ]
	for skip in 1024 1100 1200 1300; do
		{ head -c "$skip" "$tmp/game.xqf"; printf '\377\377\377\377\001\377'
		  tail -c +"$((skip + 7))" "$tmp/game.xqf"; } > "$tmp/scrambled.xqf"
		run xq-bitpack --lines -f iccs "$tmp/scrambled.xqf"
		[ "$status" -le 1 ]
	done
}

@test "blank lines before a game file's first line do not hide it; before lines they are kept" {
	{ printf '\n  \n'; cat "$top_srcdir/examples/xq-game.pgn"; } >"$tmp/lead.pgn"
	[ "$(xq-bitpack "$tmp/lead.pgn")" = "$(xq-bitpack "$top_srcdir/examples/xq-game.pgn")" ]
	run --separate-stderr xq-bitpack <<<$'\n\nh2e2\n'
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '\n\n2ryTE')" ]
}

@test "--summary with -L counts as bad only the lines a refused move cut" {
	# A main line and two branches; branch 2 goes on with an illegal move.
	printf '%s\n' '[DhtmlXQ]' \
	    '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]' \
	    '[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]' \
	    '[DhtmlXQ_move_0_2_2]70621010[/DhtmlXQ_move_0_2_2]' '[/DhtmlXQ]' >"$tmp/cut.txt"
	run --separate-stderr xq-bitpack --summary -L -f iccs "$tmp/cut.txt"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf 'h2e2 h9g7\nh2e2 b9c7\nh2e2 h9g7')" ]
	[ "${stderr_lines[1]}" = "xq-bitpack: 3 records: 2 good, 1 bad, 0 warnings" ]
	# Under -f json the line cut says so, and only that line.
	run --separate-stderr xq-bitpack -L -f json "$tmp/cut.txt"
	[ "$(printf '%s\n' "$output" | jq -r '.error // "none"' | paste -sd '|')" = \
	    "none|none|ply 3: b9b9: not a piece of the side to move; the rest of its line is left out" ]
	run --separate-stderr xq-bitpack -f json "$tmp/cut.txt"
	[ "$(jq -r .error <<<"$output")" = "ply 3: b9b9: not a piece of the side to move; the rest of its line is left out" ]
	# A fault no line ends at is the first line's.
	printf '%s\n' '[DhtmlXQ]' '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]' \
	    '[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]' \
	    '[DhtmlXQ_comment9]x[/DhtmlXQ_comment9]' '[/DhtmlXQ]' >"$tmp/tag.txt"
	run --separate-stderr xq-bitpack --summary -L -f iccs "$tmp/tag.txt"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[1]}" = "xq-bitpack: 2 records: 1 good, 1 bad, 0 warnings" ]
}

@test "DhtmlXQ: what the game does not have, or a move cut short, is reported" {
	printf '%s\n' '[DhtmlXQ]' \
	    '[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]' \
	    '[DhtmlXQ_move_0_9_1]1927[/DhtmlXQ_move_0_9_1]' \
	    '[DhtmlXQ_move_5_1_2]1927[/DhtmlXQ_move_5_1_2]' \
	    '[DhtmlXQ_move_0_2_3]797[/DhtmlXQ_move_0_2_3]' \
	    '[DhtmlXQ_comment7]c[/DhtmlXQ_comment7]' \
	    '[DhtmlXQ_comment1]fine[/DhtmlXQ_comment1]' \
	    '[DhtmlXQ_result]胜负[/DhtmlXQ_result]' '[/DhtmlXQ]' >"$tmp/faults.txt"
	run --separate-stderr xq-bitpack -L -f iccs "$tmp/faults.txt"
	[ "$status" -eq 1 ]
	[ "$output" = 'h2e2 h9g7 h0g2' ]
	f="xq-bitpack: $tmp/faults.txt: game 1:"
	[ "$stderr" = "$f result not known, left unknown (胜负)
$f not a branch of the game, left out (move_5_1_2)
$f a branch after a move its line does not have, left out (move_0_9_1)
$f ply 2: 797: a move cut short; the rest of its line is left out
$f a comment on a move the game does not have, left out (comment7)" ]
}

@test "PGN tag values with quotes and backslashes survive any number of passes" {
	printf '[Event "say \\"hi\\" \\\\ ok"]\n[Site "C:\\dir"]\n\n1. h2e2 h9g7 *\n' >"$tmp/q.pgn"
	xq-bitpack -f pgn "$tmp/q.pgn" >"$tmp/p1"
	xq-bitpack -f pgn "$tmp/p1" >"$tmp/p2"
	cmp "$tmp/p1" "$tmp/p2"
	grep -qxF '[Event "say \"hi\" \\ ok"]' "$tmp/p1"
	run xq-bitpack -f json "$tmp/p2"
	[[ "$output" == *'"Event":"say \"hi\" \\ ok"'* ]]
	# A lone backslash is kept as it is: files seldom escape.
	[[ "$output" == *'"Site":"C:\\dir"'* ]]
}

@test "-f pgn, dhtmlxq and xqf refuse a file of lines; XQF output holds one game of the run" {
	printf 'h2e2 h9g7\n' >"$tmp/lines"
	for f in pgn dhtmlxq xqf; do
		run --separate-stderr xq-bitpack -f "$f" "$tmp/lines"
		[ "$status" -eq 2 ]
		[ -z "$output" ]
		[ "$stderr" = "xq-bitpack: $tmp/lines: not a game file: -f $f writes the games of PGN, DhtmlXQ, XQF, CBF and CBR files" ]
	done
	xq-bitpack -f xqf "$d/wukong-game.ubb" >"$tmp/one.xqf"
	run --separate-stderr xq-bitpack -f xqf "$tmp/one.xqf" "$tmp/one.xqf"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"one.xqf: game 1: an XQF file holds one game: left out" ]]
	xq-bitpack -f xqf "$tmp/one.xqf" "$tmp/one.xqf" 2>/dev/null | cmp - "$tmp/one.xqf"
}

@test "XQF: a file cut anywhere in its move tree, or with bytes after it, is reported" {
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/game.xqf"
	size=$(wc -c < "$tmp/game.xqf")
	xq-bitpack -f iccs "$tmp/game.xqf" > "$tmp/whole"
	between=0
	for n in $(seq 1024 $((size - 1))); do
		head -c "$n" "$tmp/game.xqf" > "$tmp/cut.xqf"
		run --separate-stderr xq-bitpack -f iccs "$tmp/cut.xqf"
		[ "$status" -eq 1 ] || { echo "cut at $n: status $status"; false; }
		[[ "$stderr" == *"cut.xqf: game 1: file ends "* ]]
		[[ "$stderr" != *"inside the move tree"* ]] || between=$((between + 1))
	done
	# Cut between two records: most moves are read, and written.
	[ "$between" -gt 10 ]
	{ cat "$tmp/game.xqf" "$tmp/game.xqf"; } > "$tmp/two.xqf"
	run --separate-stderr xq-bitpack -f iccs "$tmp/two.xqf"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$tmp/whole")" ]
	[ "$stderr" = "xq-bitpack: $tmp/two.xqf: game 1: bytes after the move tree ($size)" ]
}

@test "PGN and DhtmlXQ written read back to the same games, every line" {
	for f in features.pgn wukong-game.ubb; do
		xq-bitpack --lines -f ucci "$d/$f" > "$tmp/want" 2>/dev/null || true
		for m in chinese wxf iccs; do
			xq-bitpack -f pgn -M "$m" "$d/$f" 2>/dev/null > "$tmp/out.pgn" || true
			run --separate-stderr xq-bitpack --lines -f ucci "$tmp/out.pgn"
			[ "$status" -eq 0 ]
			[ "$output" = "$(cat "$tmp/want")" ]
		done
		xq-bitpack -f dhtmlxq "$d/$f" 2>/dev/null > "$tmp/out.txt" || true
		run --separate-stderr xq-bitpack --lines -f ucci "$tmp/out.txt"
		[ "$output" = "$(cat "$tmp/want")" ]
	done
}

@test "PGN written is xqbase style: tags, Chinese by default, the result" {
	run --separate-stderr xq-bitpack -f pgn "$d/wukong-game.ubb"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = '[Game "Chinese Chess"]' ]
	[ "${lines[2]}" = '[Result "*"]' ]
	[[ "$output" == *" 1. 炮二平五 {start of main line} 1... 炮８平５"* ]]
	[ "${lines[-1]}" = " *" ]
	run --separate-stderr xq-bitpack -f pgn -M wxf "$d/wukong-game.ubb"
	[[ "$output" == *'[Format "WXF"]'* ]]
	[[ "$output" == *" 1. C2.5 "* ]]
	# ICCS as the standard and the files that use it write it: H2-E2.
	run --separate-stderr xq-bitpack -f pgn -M iccs "$d/wukong-game.ubb"
	[ "$status" -eq 0 ]
	[[ "$output" == *'[Format "ICCS"]'* ]]
	[[ "$output" == *" 1. H2-E2 {start of main line} 1... H7-E7"* ]]
	! grep -q '[a-i][0-9][a-i][0-9]' <<<"$output" || false
	run --separate-stderr xq-bitpack -f pgn -M ucci "$d/wukong-game.ubb"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "xq-bitpack: unknown movetext notation: ucci (one of: chinese, iccs, wxf)"* ]]
}

@test "variations nested ten thousand deep are read without recursion" {
	{
		printf '1. h2e2'
		for i in $(seq 5000); do printf ' (1. c3c4 (1. h2e2'; done
		for i in $(seq 10000); do printf ')'; done
		echo ' *'
	} > "$tmp/deep.pgn"
	run --separate-stderr xq-bitpack -i pgn --lines -f iccs "$tmp/deep.pgn"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 10001 ]
	[ "${lines[0]}" = h2e2 ]
	[ "${lines[1]}" = c3c4 ]
}

@test "one-line move lists skip glued move numbers and a closing result" {
	run --separate-stderr xq-bitpack -f iccs <<'EOF2'
1.h2e2 h9g7 2.h0g2 1-0
１．炮二平五 馬８進７ ２．馬二進三
EOF2
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "h2e2 h9g7 h0g2" ]
	[ "${lines[1]}" = "h2e2 h9g7 h0g2" ]
}

@test "-i names the file format; a file of none is refused" {
	# No game is made of a file of another format: nothing is written.
	for f in xqf cbf dhtmlxq; do
		run --separate-stderr xq-bitpack -i "$f" "$d/features.pgn"
		[ "$status" -eq 2 ]
		[ -z "$output" ]
	done
	[[ "$stderr" == *"features.pgn: not a DhtmlXQ file (no [DhtmlXQ] tag)" ]]
	run --separate-stderr xq-bitpack -i xqf "$d/features.pgn"
	[[ "$stderr" == *"features.pgn: not an XQF file (too short or no XQ magic)" ]]
	printf 'h2e2 h9g7\n' > "$tmp/moves.txt"
	run --separate-stderr xq-bitpack -i pgn "$tmp/moves.txt"
	[ "$status" -eq 0 ]
	run --separate-stderr xq-bitpack -f pgn -i iccs "$tmp/moves.txt"
	[ "$status" -eq 2 ]
}

@test "the manual's game file example" {
	cd "$top_srcdir"
	run --separate-stderr xq-bitpack --lines -f iccs examples/xq-game.pgn
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' 'h2e2 h9g7 h0g2 i9h9' 'h2e2 h9g7 c3c4 g6g5')" ]
	run --separate-stderr xq-bitpack -f dhtmlxq examples/xq-game.pgn
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' '[DhtmlXQ]' \
	    '[DhtmlXQ_event]Club night[/DhtmlXQ_event]' \
	    '[DhtmlXQ_result]红胜[/DhtmlXQ_result]' \
	    '[DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]' \
	    '[DhtmlXQ_move_0_3_1]26256364[/DhtmlXQ_move_0_3_1]' \
	    '[/DhtmlXQ]')" ]
}

@test "bash completion offers the game file options and formats" {
	run complete_words xq-bitpack -f ''
	[[ "$output" == *pgn* && "$output" == *dhtmlxq* && "$output" == *xqf* ]]
	run complete_words xq-bitpack -M ''
	[ "$output" = "$(printf '%s\n' chinese iccs wxf)" ]
	run complete_words xq-bitpack --l
	[ "$output" = "--lines" ]
	run complete_words xq-bitpack -E ''
	[[ "$output" == *big5* && "$output" == *gbk* ]]
}

@test "CBF: told by its XML root, tags, result, comments and the moves" {
	run --separate-stderr xq-bitpack -f iccs "$d/cbf-opening.cbf"
	[ "$status" -eq 0 ]
	[ "$output" = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" ]
	run --separate-stderr xq-bitpack -i cbf -f json "$d/cbf-opening.cbf"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | jq -r '.tags.Red, .tags.Black, .tags.Event, .result')" = "$(printf 'Red player\nBlack player\nTest & Practice\n0-1')" ]
	run --separate-stderr xq-bitpack -f pgn "$d/cbf-opening.cbf"
	[[ "$output" == *'[Title "中炮对屏风马 (a test game)"]'* ]]
	[[ "$output" == *'{Central cannon against screen horses.}'*'1. 炮二平五'* ]]
	[[ "$output" == *'{The screen horse: <not a tag>, & not an entity.}'* ]]
	[[ "$output" == *'{Black is fine.}'* ]]
	# The same file in GB18030, as its declaration says, and from stdin.
	iconv -f UTF-8 -t GB18030 "$d/cbf-opening.cbf" |
	    sed 's/encoding="UTF-8"/encoding="GB18030"/' > "$tmp/gbk.cbf"
	run --separate-stderr xq-bitpack -f pgn "$tmp/gbk.cbf"
	[[ "$output" == *'[Title "中炮对屏风马 (a test game)"]'* ]]
	run --separate-stderr xq-bitpack -f iccs < "$tmp/gbk.cbf"
	[ "$output" = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" ]
}

@test "CBF: a FEN start, RecordResult's values, and what is not known" {
	sed -e 's,<FEN>.*</FEN>,<FEN>4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1</FEN>,' \
	    -e '/<Move value="[1-9]/d' -e 's,<RecordResult>2,<RecordResult>3,' \
	    -e 's,</MoveList>,<Move value="08-00" />\n</MoveList>,' \
	    "$d/cbf-opening.cbf" > "$tmp/fen.cbf"
	run --separate-stderr xq-bitpack -f json "$tmp/fen.cbf"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | jq -r '.fen, .moves[0], .result')" = "$(printf '4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\na1a9\n1/2-1/2')" ]
	for r in 0 4 x; do
		sed "s,<RecordResult>2,<RecordResult>$r," "$d/cbf-opening.cbf" > "$tmp/r.cbf"
		run --separate-stderr xq-bitpack -f json "$tmp/r.cbf"
		[ "$(echo "$output" | jq -r .result)" = null ]
	done
	sed 's,<RecordResult>2,<RecordResult>1,' "$d/cbf-opening.cbf" > "$tmp/r.cbf"
	run --separate-stderr xq-bitpack -f json "$tmp/r.cbf"
	[ "$(echo "$output" | jq -r .result)" = 1-0 ]
	# An element of the move list that is not a move is refused.
	sed 's,<Move value="89-79" />,<Variation />,' "$d/cbf-opening.cbf" > "$tmp/v.cbf"
	run --separate-stderr xq-bitpack -f iccs "$tmp/v.cbf"
	[ "$status" -eq 1 ]
	[ "$output" = "h2e2 h9g7 h0g2 i9h9" ]
	[ "$stderr" = "xq-bitpack: $tmp/v.cbf: game 1: ply 5: Variation: not a <Move> (CBF variations are not known); the rest of its line is left out" ]
}

@test "CBF: bad XML and an illegal move are reported, the rest converts" {
	run --separate-stderr xq-bitpack -f iccs "$d/cbf-illegal.cbf" "$d/cbf-opening.cbf"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf 'h2e2 h9g7 h0g2 i9h9\nh2e2 h9g7 h0g2 i9h9 i0h0 b9c7')" ]
	[ "$stderr" = "xq-bitpack: $d/cbf-illegal.cbf: game 1: ply 5: 89-69: illegal: a piece of the same side stands there; the rest of its line is left out" ]
	run --separate-stderr xq-bitpack -i cbf -f iccs "$d/cbf-broken.cbf" "$d/cbf-opening.cbf"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '\nh2e2 h9g7 h0g2 i9h9 i0h0 b9c7')" ]
	[[ "$stderr" == "xq-bitpack: $d/cbf-broken.cbf: game 1: not well-formed XML at line "[0-9]*": "* ]]
	# libxml2's message is cut to its first line: one diagnostic, one line.
	sed '9s/^ /\xe4/' "$d/cbf-opening.cbf" > "$tmp/bad-utf8.cbf"
	run --separate-stderr xq-bitpack "$tmp/bad-utf8.cbf"
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: $tmp/bad-utf8.cbf: game 1: not well-formed XML at line 9: Input is not proper UTF-8, indicate encoding !" ]
	# Told by its root element: other XML is not CBF, a DTD is not read.
	printf '<?xml version="1.0"?>\n<html><p>[DhtmlXQ]</p></html>\n' > "$tmp/other.cbf"
	run --separate-stderr xq-bitpack -i cbf "$tmp/other.cbf"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "xq-bitpack: $tmp/other.cbf: not a CBF file (no <ChineseChessRecord> root)" ]
	printf '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY a "aa">]>\n<ChineseChessRecord/>\n' > "$tmp/dtd.cbf"
	run --separate-stderr xq-bitpack "$tmp/dtd.cbf"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"dtd.cbf: game 1: a DTD in a CBF file is not read" ]]
}

@test "XQF: obfuscated version 0x12 files read back to the same tree" {
	# Shipped: wukong-game.ubb written as XQF and scrambled with the keys
	# of an XQStudio file (xqf-scramble af322adfc5158d332b).
	[ "$(head -c 3 "$d/wukong-game-0x12.xqf" | od -An -tx1 | tr -d ' ')" = 585112 ]
	run --separate-stderr xq-bitpack --lines -f iccs "$d/wukong-game-0x12.xqf"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	run --separate-stderr xq-bitpack -f pgn "$d/wukong-game-0x12.xqf"
	[[ "$output" == *'[Title "无标题"]'* ]]
	[[ "$output" == *'{Here branching occurrs}'* ]]
	# Made now, with other keys: the piece table's rotation, the square
	# keys, the byte mask and the comment key all change with them.
	xq-bitpack -f xqf "$d/wukong-game.ubb" > "$tmp/plain.xqf"
	for keys in 000000000000000000 ff0123456789abcdef 5a00ff00ff10203040 \
	    c3deadbeef01020304; do
		xqf-scramble "$keys" < "$tmp/plain.xqf" > "$tmp/s.xqf"
		! cmp -s "$tmp/s.xqf" "$d/wukong-game-0x12.xqf" || false
		run --separate-stderr xq-bitpack --lines -f iccs "$tmp/s.xqf"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$d/wukong-game.lines")" ]
	done
	# The plain file is refused by the scrambler once it is scrambled.
	run xqf-scramble 000000000000000000 < "$tmp/s.xqf"
	[ "$status" -eq 2 ]
}

@test "a ZIP archive of game files is read file by file, each named archive:file in messages" {
	printf 'h2e2 h9g7\nh2e2 z9z9\n' >"$tmp/moves.txt"
	zip-driver "$tmp/inner.zip" "moves.txt=$tmp/moves.txt"
	zip-driver "$tmp/games.zip" "big5/game.pgn=$d/ccpd-00000008.pgn" \
	    "game.xqf=$d/wukong-game-0x12.xqf" "game.cbr=$d/wukong-game.cbr" \
	    "moves.txt=$tmp/moves.txt" "inner.zip=$tmp/inner.zip"
	run --separate-stderr xq-bitpack -f ucci "$tmp/games.zip"
	[ "$status" -eq 2 ]
	# The same as the files one after the other, the archive's last file
	# reported instead of opened.
	[ "$output" = "$(xq-bitpack -f ucci "$d/ccpd-00000008.pgn" \
	    "$d/wukong-game-0x12.xqf" "$d/wukong-game.cbr" "$tmp/moves.txt" 2>/dev/null)" ]
	[[ "${stderr_lines[0]}" == "xq-bitpack: $tmp/games.zip:moves.txt:2: "* ]]
	[ "${stderr_lines[1]}" = "xq-bitpack: $tmp/games.zip:inner.zip: a ZIP archive inside the archive, which is not opened" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# From standard input too; a damaged archive is reported by name.
	run --separate-stderr xq-bitpack -f ucci <"$tmp/games.zip"
	[[ "${stderr_lines[0]}" == "xq-bitpack: stdin:moves.txt:2: "* ]]
	head -c 200 "$tmp/games.zip" >"$tmp/cut.zip"
	run --separate-stderr xq-bitpack "$tmp/cut.zip"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "xq-bitpack: $tmp/cut.zip: a damaged ZIP archive: "* ]]
}

@test "the names of an archive's files not marked UTF-8: told by their characters, by -E, or read as CP437 with a warning" {
	printf 'h2e2 h9g7\nh2e2 z9z9\n' >"$tmp/moves.txt"
	# Chinese Windows writes its names in GBK, unmarked.
	zip-driver "$tmp/gbk.zip" \
	    "+$(printf '第一局.txt' | iconv -f UTF-8 -t GBK)=$tmp/moves.txt" \
	    "+$(printf '第二局.txt' | iconv -f UTF-8 -t GBK)=$tmp/moves.txt"
	run --separate-stderr xq-bitpack "$tmp/gbk.zip"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "xq-bitpack: $tmp/gbk.zip:第一局.txt:2: ply 2: z9z9: not an ICCS move" ]
	[ "${stderr_lines[1]}" = "xq-bitpack: $tmp/gbk.zip:第二局.txt:2: ply 2: z9z9: not an ICCS move" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# A name that tells nothing is CP437, as the format has it, said in
	# a warning; -E names the code page.
	zip-driver "$tmp/oem.zip" "+k$(printf '\233')benhavn.txt=$tmp/moves.txt"
	run --separate-stderr xq-bitpack "$tmp/oem.zip"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "xq-bitpack: $tmp/oem.zip: warning: file names not marked UTF-8, read as CP437 as the format has it (k¢benhavn.txt): say their encoding with -E" ]
	[ "${stderr_lines[1]}" = "xq-bitpack: $tmp/oem.zip:k¢benhavn.txt:2: ply 2: z9z9: not an ICCS move" ]
	run --separate-stderr xq-bitpack -E CP850 "$tmp/oem.zip"
	[ "${stderr_lines[0]}" = "xq-bitpack: $tmp/oem.zip:københavn.txt:2: ply 2: z9z9: not an ICCS move" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}
