#!/usr/bin/env bats
# bchess-pack: the links in mail, an .eml or an mbox.  The test mail was
# written by Python's email package, an independent writer of MIME.

load helpers

d=$data/bchess-mail
ex1=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,m-4-5-4-6-0,m-2-1-3-1-0,m-3-5-3-6-0,m-3-1-4-1-0,m-4-3-4-2-0,m-4-1-5-1-0,e-l
ex1c=https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l

# line N: line N of the output of the last run, from 1, blank lines
# counted (bats's lines leaves them out).
line() {
	printf '%s\n' "$output" | sed -n "$1p"
}

@test "an mbox: quoted-printable and base64 decoded, charsets made UTF-8, the plain text of an alternative, text attachments and forwarded mail read" {
	run --separate-stderr bchess-pack "$d/games.mbox"
	[ "$status" -eq 0 ]
	diff -u "$d/games.out" <(printf '%s\n' "$output")
	# The long legacy link, cut by soft line breaks in the file, whole.
	grep -q '=$' "$d/games.mbox"
	[ "$(line 7)" = "unser Spiel: $ex1c" ]
	# Words of RFC 2047 in the headers, and a Latin-1 body.
	[ "$(line 1)" = "From: Zoë Müller <zoe@example.org>" ]
	[ "$(line 9)" = "Grüße" ]
	[ "$stderr" = "bchess-pack: $d/games.mbox: warning: 1 attachment neither text nor an archive (board.png), not read" ]
	run --separate-stderr bchess-pack -q "$d/games.mbox"
	[ -z "$stderr" ]
}

@test "mail from standard input, from a pipe, and in a ZIP archive reads the same" {
	want=$(bchess-pack "$d/games.mbox" 2>/dev/null)
	[ "$(bchess-pack <"$d/games.mbox" 2>/dev/null)" = "$want" ]
	[ "$(cat "$d/games.mbox" | bchess-pack 2>/dev/null)" = "$want" ]
	zip-driver "$BATS_TEST_TMPDIR/takeout.zip" "Mail/All mail.mbox=$d/games.mbox"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/takeout.zip"
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/takeout.zip:Mail/All mail.mbox: warning: 1 attachment neither text nor an archive (board.png), not read" ]
}

@test "an mbox far longer than what is read ahead to tell it reads the same down a pipe as from the file" {
	big=$BATS_TEST_TMPDIR/big.mbox
	for i in $(seq 100); do
		cat "$d/games.mbox"
	done >"$big"
	[ "$(wc -c <"$big")" -gt $((3 * 128 * 1024)) ]
	run --separate-stderr bchess-pack -q "$big"
	[ "$status" -eq 0 ]
	want=$output
	[ "$(printf '%s\n' "$want" | grep -cxF "unser Spiel: $ex1c")" -eq 100 ]
	[ "$(printf '%s\n' "$want" | grep -c '^From: ')" -eq 400 ]
	run --separate-stderr bash -c 'cat "$1" | bchess-pack -q' _ "$big"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "$want" ]
	# Its output into a pipe closed early (head) ends the run as for a
	# file of text: by SIGPIPE, without a word, not as a write error.
	run --separate-stderr bash -c \
	    'bchess-pack -q "$1" | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}"' _ "$big"
	[ "$output" = 141 ]
	[ -z "$stderr" ]
}

@test "an .eml of HTML alone in GB2312, base64, CRLF line ends, its subject in RFC 2047" {
	run --separate-stderr bchess-pack "$d/windows.eml"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(line 1)" = "From: 王棋手 <wang@example.cn>" ]
	[ "$(line 3)" = "Subject: 水牛棋 对局" ]
	[ "$(line 4)" = "" ]
	[[ "$(line 5)" == '<html><body><p>对局：<a href="https://www.joonas.io/buffalo-chess/?lang=zh&amp;l=nu1dpf9jh9hpoxpv-2j4-l">第一局</a>'* ]]
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 5 ]
}

@test "a bad link in an mbox is named file:mail N:line, the rest converted; -c and -f json" {
	run --separate-stderr bchess-pack "$d/bad.mbox"
	[ "$status" -eq 1 ]
	[ "$(line 6)" = "$ex1c" ]
	[ "$(line 13)" = "https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-x,e-l" ]
	[ "$stderr" = "bchess-pack: $d/bad.mbox:mail 2:6: move 2: kill field is not 0, 1, true, false or empty (m-1-1-2-1-x)" ]
	run --separate-stderr bchess-pack -c "$d/bad.mbox"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "bchess-pack: $d/bad.mbox:mail 2:6: move 2: kill field is not 0, 1, true, false or empty (m-1-1-2-1-x)" ]
	# Under -f json each line is an object, a blank line of the mail's too.
	run --separate-stderr bchess-pack -f json "$d/bad.mbox"
	[ "$status" -eq 1 ]
	[ "$(line 1)" = "{\"file\":\"$d/bad.mbox:mail 1\",\"line\":1,\"text\":\"From: ann@example.org\"}" ]
	[ "$(line 4)" = "{\"file\":\"$d/bad.mbox:mail 1\",\"line\":4,\"text\":\"\"}" ]
	[[ "$(line 6)" == '{"moves":['* ]]
	[ "$(line 12)" = "{\"file\":\"$d/bad.mbox:mail 2\",\"line\":6,\"error\":\"move 2: kill field is not 0, 1, true, false or empty\",\"input\":\"https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-x,e-l\"}" ]
}

@test "a word alone in a mail is a word; a text that only begins like mail is read as lines" {
	printf 'Subject: games\r\nDate: today\r\n\r\nBo\r\n%s\r\n' "$ex1" >"$BATS_TEST_TMPDIR/m.eml"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/m.eml"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(line 4)" = "Bo" ]
	[ "$(line 5)" = "$ex1c" ]
	# A chat whose lines begin with a name and a colon is no mail: one
	# header that tells mail (Date) is not two, and "Ann hi" is no header.
	printf 'Ann: hi\nDate: today\nAnn hi\n%s\n' "$ex1" >"$BATS_TEST_TMPDIR/chat.txt"
	run bchess-pack "$BATS_TEST_TMPDIR/chat.txt"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[3]}" = "$ex1c" ]
	printf 'From here on, the games:\n%s\n' "$ex1" >"$BATS_TEST_TMPDIR/from.txt"
	run bchess-pack "$BATS_TEST_TMPDIR/from.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "From here on, the games:" ]
	[ "${lines[1]}" = "$ex1c" ]
	# A link cut by the soft line breaks of mail text that is no mail
	# (pasted without its headers) is still reported, not passed over.
	sed -n '/^unser/,/^,m-4-5/p' "$d/games.mbox" >"$BATS_TEST_TMPDIR/cut.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/cut.txt"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"a soft line break of quoted-printable mail cuts the link"* ]]
}

@test "files attached to mail are read as files: a spreadsheet, payloads alone on their lines; a PDF is counted" {
	t=$BATS_TEST_TMPDIR
	{
		printf 'From: a@example.org\nSubject: our games\nDate: Sat, 20 Mar 2021 08:00:00 +0000\n'
		printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=XX\n\n'
		printf -- '--XX\nContent-Type: text/plain\n\nThe sheet and the payloads.\n'
		printf -- '--XX\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\n'
		printf 'Content-Disposition: attachment; filename=links.xlsx\nContent-Transfer-Encoding: base64\n\n'
		base64 <"$data/bchess-sheets/links.xlsx"
		printf -- '--XX\nContent-Type: application/octet-stream\n'
		printf 'Content-Disposition: attachment; filename=payloads.txt\nContent-Transfer-Encoding: base64\n\n'
		printf 'nu1dpf9jh9hpoxpv-2j4-l\nGko7dO\n' | base64
		printf -- '--XX\nContent-Type: text/plain\nContent-Disposition: attachment; filename=empty.txt\n\n'
		printf -- '--XX\nContent-Type: application/pdf\n'
		printf 'Content-Disposition: attachment; filename=report.pdf\n\n%%PDF-1.4\n--XX--\n'
	} >"$t/m.eml"
	run --separate-stderr bchess-pack -f legacy "$t/m.eml"
	[ "$status" -eq 1 ]
	# The message's text, then each file after a blank line, as the
	# files alone would give.
	want=$(printf 'From: a@example.org\nDate: Sat, 20 Mar 2021 08:00:00 +0000\nSubject: our games\n\nThe sheet and the payloads.\n\n%s\n\n%s\n%s' \
	    "$(bchess-pack -f legacy "$data/bchess-sheets/links.xlsx" 2>/dev/null)" "${ex1#*\?l=}" "${ex1#*\?l=}")
	[ "$output" = "$want" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $t/m.eml:links.xlsx:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $t/m.eml: warning: 1 attachment neither text nor an archive (report.pdf), not read" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "a terminal typed at a line at a time is not held up by the test for mail" {
	script -qc 'test -t 1' /dev/null >/dev/null 2>&1 ||
	    skip "script cannot give a terminal here"
	# The first line, a link, is no header: the test decides at once and
	# the line is converted before the next one is typed.
	coproc script -qfc bchess-pack /dev/null
	printf '%s\n' "$ex1" >&"${COPROC[1]}"
	got=
	while IFS= read -r -t 10 l <&"${COPROC[0]}"; do
		if [ "${l%$'\r'}" = "$ex1c" ]; then
			got=1
			break
		fi
	done
	kill "$COPROC_PID" 2>/dev/null || true
	[ -n "$got" ]
}
