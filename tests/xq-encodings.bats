#!/usr/bin/env bats
# xq-bitpack's text doors: UTF-16 with a byte order mark, lines in GBK
# or Big5, full-width WXF on a line, DhtmlXQ inside a web page, and
# DhtmlXQ comments with their "||" line breaks.

load helpers

d=$data/xq-encodings

setup() {
	tmp=$BATS_TEST_TMPDIR
}

# The file in UTF-16LE with a byte order mark and CR LF, as Notepad saves.
utf16() {
	printf '\377\376'
	sed 's/$/\r/' "$1" | iconv -f UTF-8 -t UTF-16LE
}

@test "a PGN file in UTF-16 with a byte order mark is read as PGN" {
	utf16 "$d/game.pgn" > "$tmp/game.pgn"
	run --separate-stderr xq-bitpack -f json "$tmp/game.pgn"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	[ "$output" = "$(xq-bitpack -f json "$d/game.pgn")" ]
}

@test "a file of lines in UTF-16 is read line by line, CR LF kept" {
	utf16 "$d/moves.txt" > "$tmp/moves.txt"
	run --separate-stderr xq-bitpack -f iccs "$tmp/moves.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'h2e2 h9g7 h0g2 i9h9\r\nh2e2 h9g7\r')" ]
}

@test "UTF-16 and UTF-32 without a mark are read by the NULs beside their first letters, or when -E says it" {
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$d/game.pgn" > "$tmp/game.pgn"
		run --separate-stderr xq-bitpack -E $enc -f iccs "$tmp/game.pgn"
		[ "$status" -eq 0 ]
		[ "$output" = "h2e2 h9g7 h0g2 i9h9" ]
		run --separate-stderr xq-bitpack -f iccs "$tmp/game.pgn"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[ "$output" = "h2e2 h9g7 h0g2 i9h9" ]
		printf 'h2e2 h9g7\n' | iconv -f UTF-8 -t $enc > "$tmp/moves.txt"
		run --separate-stderr xq-bitpack -f iccs "$tmp/moves.txt"
		[ "$status" -eq 0 ]
		[ "$output" = "h2e2 h9g7" ]
	done
	# The Chinese after the first letters is not looked at.
	printf '[Event "全国象棋锦标赛"]\n\n1. h2e2 h9g7 *\n' | iconv -f UTF-8 -t UTF-16LE > "$tmp/cn.pgn"
	run --separate-stderr xq-bitpack -f pgn "$tmp/cn.pgn"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = '[Event "全国象棋锦标赛"]' ]
	# A line of it after lines of other text says what it looks like,
	# not "not a move".
	{ printf 'h2e2\n'; printf 'h2e2 h9g7\n' | iconv -f UTF-8 -t UTF-16LE; } > "$tmp/moves.txt"
	run --separate-stderr xq-bitpack "$tmp/moves.txt"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "xq-bitpack: $tmp/moves.txt:2: UTF-16 or UTF-32 text after lines of other text: give it a file of its own ("* ]]
}

@test "UTF-16 and UTF-32 without a mark whose first line opens in Chinese are told by the whole line" {
	# Lines of Chinese moves: the spaces between them are the ASCII.
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$d/moves.txt" > "$tmp/moves.txt"
		run --separate-stderr xq-bitpack -f iccs "$tmp/moves.txt"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		[ "$output" = "$(printf 'h2e2 h9g7 h0g2 i9h9\nh2e2 h9g7')" ]
	done
	# A line of Chinese and nothing else: UTF-32 has NULs in every
	# character, and is told.
	printf '炮二平五\n' | iconv -f UTF-8 -t UTF-32LE > "$tmp/one.txt"
	run --separate-stderr xq-bitpack -f iccs "$tmp/one.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "h2e2" ]
	# In UTF-16 such a line has no NUL, nor ASCII to tell its byte
	# order by: the NULs of the next line are reported, not taken for
	# moves.
	printf '炮二平五\n傌二進三\n' | iconv -f UTF-8 -t UTF-16LE > "$tmp/two.txt"
	run --separate-stderr xq-bitpack -f iccs "$tmp/two.txt"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[1]}" == "xq-bitpack: $tmp/two.txt:2: not text: a NUL byte; for UTF-16 or UTF-32, say the encoding with -E ("* ]]
	run --separate-stderr xq-bitpack -E UTF-16LE -f iccs "$tmp/two.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'h2e2\nh0g2')" ]
	# One character of ASCII is too little; -E says it.
	printf '炮二 平五\n' | iconv -f UTF-8 -t UTF-16LE > "$tmp/few.txt"
	run --separate-stderr xq-bitpack -f iccs "$tmp/few.txt"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"not text: a NUL byte; for UTF-16 or UTF-32, say the encoding with -E ("* ]]
}

@test "a PGN file whose encoding one character would decide is refused, not guessed" {
	# D6 D0 is 中 in GBK and 笢 in Big5: one common character in the
	# GBK reading is no evidence that the file is GBK.
	printf '[Event "\326\320"]\n\n1. h2e2 h9g7 *\n' > "$tmp/one.pgn"
	run --separate-stderr xq-bitpack -f iccs "$tmp/one.pgn"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "xq-bitpack: $tmp/one.pgn: unknown text encoding: cannot tell GB18030 from Big5 by its text (say it with -E)" ]
	run --separate-stderr xq-bitpack -E big5 -f pgn "$tmp/one.pgn"
	[ "$status" -eq 0 ]
	[[ "$output" == *'[Event "笢"]'* ]]
	# Two common characters tell GBK.
	printf '[Event "\326\320\271\372"]\n\n1. h2e2 h9g7 *\n' > "$tmp/two.pgn"
	run --separate-stderr xq-bitpack -f pgn "$tmp/two.pgn"
	[ "$status" -eq 0 ]
	[[ "$output" == *'[Event "中国"]'* ]]
}

@test "a line in GBK or Big5 is refused unless -E names its encoding" {
	iconv -f UTF-8 -t GBK "$d/moves.txt" > "$tmp/gbk.txt"
	iconv -f UTF-8 -t BIG5 "$d/moves.txt" > "$tmp/big5.txt"
	run --separate-stderr xq-bitpack -f iccs "$tmp/gbk.txt"
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "h2e2 h9g7" ]
	[[ "$stderr" = "xq-bitpack: $tmp/gbk.txt:1: not UTF-8 text: say its encoding with -E ("* ]]
	run --separate-stderr xq-bitpack -E gbk -f iccs "$tmp/gbk.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'h2e2 h9g7 h0g2 i9h9\nh2e2 h9g7')" ]
	run --separate-stderr xq-bitpack -E big5 -f iccs "$tmp/big5.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'h2e2 h9g7 h0g2 i9h9\nh2e2 h9g7')" ]
}

@test "a bad line in GBK is copied byte for byte" {
	printf '炮二平九\n' | iconv -f UTF-8 -t GBK > "$tmp/bad.txt"
	run --separate-stderr xq-bitpack -E gbk -f iccs "$tmp/bad.txt"
	[ "$status" -eq 1 ]
	cmp <(printf '%s\n' "$output") "$tmp/bad.txt"
	[[ "$stderr" = *":1: ply 1: 炮二平九: "* ]]
}

@test "a binary line is not text, not a question of encoding" {
	run --separate-stderr xq-bitpack -f iccs <(printf 'CC\000\377\n')
	[ "$status" -eq 1 ]
	[[ "$stderr" = *":1: not text: a NUL byte; for UTF-16 or UTF-32, say the encoding with -E (CC\x00\xff)" ]]
}

@test "WXF in full-width characters is read on a line" {
	run --separate-stderr xq-bitpack -f iccs <<< 'Ｃ２＝５ Ｈ８＋７ ｈ２＋３，Ｒ９．８'
	[ "$status" -eq 0 ]
	[ "$output" = "h2e2 h9g7 h0g2 i9h9" ]
	run --separate-stderr xq-bitpack -f iccs <<< 'Ｃ２＝５ Ｈ８＋８'
	[ "$status" -eq 1 ]
	[ "$stderr" = "xq-bitpack: stdin:1: ply 2: Ｈ８＋８: the piece cannot move that way" ]
}

@test "DhtmlXQ in a web page is read as the page shows it" {
	run --separate-stderr xq-bitpack -f pgn "$d/page.html"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	[ "${lines[1]}" = '[Title "甲&乙 \"决赛\""]' ]
	[ "${lines[2]}" = '[Red "张三"]' ]
	[ "${lines[4]}" = ' 1. 炮二平五 {好棋<中炮>' ]
	[ "${lines[5]}" = '第二行' ]
	[ "${lines[6]}" = '第三行} 1... 馬８進７' ]
	[ "${lines[7]}" = ' 2. 馬二進三 車９平８' ]
}

@test "a DhtmlXQ comment's line breaks are || and come back the same" {
	xq-bitpack -f dhtmlxq "$d/page.html" > "$tmp/one.txt"
	grep -qF '[DhtmlXQ_comment1]好棋<中炮>||第二行||第三行[/DhtmlXQ_comment1]' "$tmp/one.txt"
	xq-bitpack -f dhtmlxq "$tmp/one.txt" > "$tmp/two.txt"
	cmp "$tmp/one.txt" "$tmp/two.txt"
	xq-bitpack -f pgn "$tmp/one.txt" | xq-bitpack -f dhtmlxq > "$tmp/three.txt"
	cmp "$tmp/one.txt" "$tmp/three.txt"
}

@test "Chinese comments pass through PGN, DhtmlXQ and XQF" {
	iconv -f UTF-8 -t BIG5 "$d/game.pgn" > "$tmp/big5.pgn"
	xq-bitpack -f pgn "$d/game.pgn" > "$tmp/utf8.out"
	xq-bitpack -f pgn "$tmp/big5.pgn" | cmp - "$tmp/utf8.out"
	grep -qF '{開局評論：中炮對屏風馬}' "$tmp/utf8.out"
	xq-bitpack -f xqf "$d/game.pgn" > "$tmp/game.xqf"
	xq-bitpack -f pgn "$tmp/game.xqf" | cmp - "$tmp/utf8.out"
	xq-bitpack -f dhtmlxq "$d/game.pgn" | xq-bitpack -f pgn | cmp - "$tmp/utf8.out"
}
