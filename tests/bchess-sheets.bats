#!/usr/bin/env bats
# bchess-pack: the links in spreadsheets, .xlsx and .ods files.

load helpers

d=$data/bchess-sheets
ex1=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,m-4-5-4-6-0,m-2-1-3-1-0,m-3-5-3-6-0,m-3-1-4-1-0,m-4-3-4-2-0,m-4-1-5-1-0,e-l
ex1c=https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l

# xlsx OUT SHEET [STRINGS [STYLES [WORKBOOK [AFTER [RELS [PART=FILE...]]]]]]:
# an .xlsx of one sheet named Links (or the sheets WORKBOOK's <sheets>
# lists, rId1 the sheet given) whose <sheetData> holds SHEET, followed by
# AFTER (<hyperlinks>), with the shared strings, the cell styles and
# number formats, the sheet's relationships and the other parts given.
xlsx() {
	local t=$BATS_TEST_TMPDIR/x
	mkdir -p "$t/rels" "$t/xl"
	cat >"$t/rels/.rels" <<-'EOF'
	<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
	<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>
	EOF
	printf '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">%s</workbook>' \
	    "${5:-<sheets><sheet name=\"Links\" sheetId=\"1\" r:id=\"rId1\"/></sheets>}" >"$t/xl/workbook.xml"
	cat >"$t/xl/workbook.xml.rels" <<-'EOF'
	<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
	<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
	<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
	<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="/xl/styles.xml"/>
	<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>
	</Relationships>
	EOF
	printf '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>%s</sheetData>%s</worksheet>' \
	    "$2" "${6:-}" >"$t/xl/sheet1.xml"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">%s</Relationships>' \
	    "${7:-}" >"$t/xl/sheet1.xml.rels"
	printf '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>second sheet</t></is></c></row></sheetData></worksheet>' \
	    >"$t/xl/sheet2.xml"
	printf '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">%s</sst>' \
	    "${3:-}" >"$t/xl/sst.xml"
	printf '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">%s</styleSheet>' \
	    "${4:-}" >"$t/xl/styles.xml"
	zip-driver "$1" "_rels/.rels=$t/rels/.rels" \
	    "xl/workbook.xml=$t/xl/workbook.xml" \
	    "xl/_rels/workbook.xml.rels=$t/xl/workbook.xml.rels" \
	    "xl/worksheets/sheet1.xml=$t/xl/sheet1.xml" \
	    "xl/worksheets/_rels/sheet1.xml.rels=$t/xl/sheet1.xml.rels" \
	    "xl/worksheets/sheet2.xml=$t/xl/sheet2.xml" \
	    "xl/sharedStrings.xml=$t/xl/sst.xml" "xl/styles.xml=$t/xl/styles.xml" \
	    "${@:8}"
}

# ods OUT TABLES: an .ods whose <office:spreadsheet> holds TABLES.
ods() {
	local t=$BATS_TEST_TMPDIR/o
	mkdir -p "$t"
	printf 'application/vnd.oasis.opendocument.spreadsheet' >"$t/mimetype"
	printf '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:spreadsheet>%s</office:spreadsheet></office:body></office:document-content>' \
	    "$2" >"$t/content.xml"
	zip-driver "$1" "-mimetype=$t/mimetype" "content.xml=$t/content.xml"
}

@test "an .xlsx and an .ods LibreOffice saved convert as the text LibreOffice saves of them" {
	bchess-pack "$d/links.libreoffice.tsv" >"$BATS_TEST_TMPDIR/want" 2>/dev/null || true
	run --separate-stderr bchess-pack "$d/links.xlsx"
	[ "$status" -eq 1 ]
	cmp <(printf '%s\n' "$output") "$BATS_TEST_TMPDIR/want"
	[ "${stderr_lines[0]}" = "bchess-pack: $d/links.xlsx:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	run --separate-stderr bchess-pack "$d/links.ods"
	[ "$status" -eq 1 ]
	cmp <(printf '%s\n' "$output") "$BATS_TEST_TMPDIR/want"
	[ "${stderr_lines[0]}" = "bchess-pack: $d/links.ods:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	# Standard input too; every sheet is a file of its own in messages.
	run --separate-stderr bchess-pack --summary <"$d/links.xlsx"
	cmp <(printf '%s\n' "$output") "$BATS_TEST_TMPDIR/want"
	[ "${stderr_lines[0]}" = "bchess-pack: stdin:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: 4 records: 3 good, 1 bad, 0 warnings" ]
}

@test "a spreadsheet's links convert to every format, are checked with -c, and are JSON with -f json" {
	run bchess-pack -f legacy "$d/links.xlsx"
	[ "${lines[1]}" = "$(printf '44269\tJönssön\t%s\t8\n' "$ex1" | bchess-pack -f legacy)" ]
	run --separate-stderr bchess-pack -c "$d/links.ods"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $d/links.ods:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	need jq
	run --separate-stderr bchess-pack -f json "$d/links.xlsx"
	# One JSON object a line, the bad record's too.
	printf '%s\n' "$output" | jq -e . >/dev/null
	[ "$(printf '%s\n' "$output" | jq -r 'select(.error) | .line')" = 6 ]
	# Its place as the message names it: the sheet, not the file alone.
	[ "$(printf '%s\n' "$output" | jq -r 'select(.error) | .file')" = "$d/links.xlsx:Games" ]
}

@test "-w writes a spreadsheet or document back as one: its links converted where they stand, all else as it was" {
	local t=$BATS_TEST_TMPDIR f name
	for f in "$d/links.xlsx" "$d/links.ods" "$d/hyperlinks.ods" \
	    "$data/bchess-documents/links.docx" "$data/bchess-documents/links.odt"; do
		name=$(basename "$f")
		bchess-pack -w "$f" >"$t/$name" 2>"$t/err" || true
		# Read as text, the file written back is the file converted.
		[ "$(bchess-pack "$t/$name" 2>/dev/null)" = "$(bchess-pack "$f" 2>/dev/null)" ]
		# Each file of it in its place, packed and dated as it was
		# (an OpenDocument's mimetype first and stored); those without
		# a link to the game, byte for byte.
		[ "$(zip-driver -l "$t/$name")" = "$(zip-driver -l "$f")" ]
		while read -r part _; do
			case $part in */) continue ;; esac
			if zip-driver -x "$f" "$part" | grep -q 'buffalo-chess/?l='; then
				run cmp -s <(zip-driver -x "$f" "$part") <(zip-driver -x "$t/$name" "$part")
				[ "$status" -eq 1 ]
			else
				cmp <(zip-driver -x "$f" "$part") <(zip-driver -x "$t/$name" "$part")
			fi
		done < <(zip-driver -l "$f")
	done
	# The links are compact now, in the text and behind it (a
	# hyperlink's address); only the one that is no game stays.
	zip-driver -x "$t/links.docx" word/_rels/document.xml.rels | grep -q "?l=${ex1c#*\?l=}\""
	zip-driver -x "$t/links.xlsx" xl/sharedStrings.xml | grep -q "?l=${ex1c#*\?l=}<"
	[ "$(zip-driver -x "$t/links.xlsx" xl/sharedStrings.xml | grep -o '?l=m-[0-9-]*' | sort -u)" = "?l=m-4-4-9-9-0" ]
	# A link that cannot be converted stays, reported at its cell as
	# without -w (not at the part's XML that holds it).
	run --separate-stderr bchess-pack -w "$d/links.xlsx"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $d/links.xlsx:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	run --separate-stderr bchess-pack -w "$d/links.ods"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $d/links.ods:Games:6: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	# LibreOffice's cut hyperlinks are said, as without -w.
	run --separate-stderr bchess-pack -w "$d/hyperlinks.xlsx"
	[ "$status" -eq 0 ]
	[ "$stderr" = "bchess-pack: $d/hyperlinks.xlsx:xl/worksheets/_rels/sheet1.xml.rels: warning: a hyperlink's address is 255 characters long, as LibreOffice cuts a longer one in an .xlsx: its game may be cut short (1 in the part)" ]
	# -w writes one file, and no JSON nor nothing.
	run --separate-stderr bchess-pack -w "$d/links.xlsx" "$d/links.ods"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -w writes one file back: name one file, not 2" ]
	run --separate-stderr bchess-pack -w -f json "$d/links.xlsx"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -f json and -w exclude each other" ]
	run --separate-stderr bchess-pack -w -c "$d/links.xlsx"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -c and -w exclude each other" ]
	# A message of mail in an archive stays a message: its links in
	# plain text converted where they stand, one that quoted-printable
	# cut reported, its headers and base64 as they were; a part in
	# base64 that holds links (Windows Mail's HTML) is reported.
	printf 'From: a@example.org\r\nSubject: games\r\n\r\nsee %s\r\nok\r\n' "$ex1" >"$t/plain.eml"
	zip-driver "$t/mail.zip" "plain.eml=$t/plain.eml" "windows.eml=$data/bchess-mail/windows.eml"
	run --separate-stderr bchess-pack -w "$t/mail.zip"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $t/mail.zip:windows.eml: 1 part of the mail in base64 holds links to the game, left as they were (text/html): convert the mail without -w" ]
	bchess-pack -w "$t/mail.zip" >"$t/mail-back.zip" 2>/dev/null || true
	[ "$(zip-driver -x "$t/mail-back.zip" plain.eml)" = "$(sed "s|$ex1|$ex1c|" "$t/plain.eml")" ]
	cmp <(zip-driver -x "$t/mail-back.zip" windows.eml) "$data/bchess-mail/windows.eml"
	# A part in base64 is left as it was: its links are reported.
	printf 'From: a@example.org\r\nSubject: games\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nplain %s\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="games.txt"\r\n\r\n%s\r\n--b1--\r\n' \
	    "$ex1" "$(printf 'see %s\r\n' "$ex1" | base64 -w0)" >"$t/b64.eml"
	zip-driver "$t/b64.zip" "b64.eml=$t/b64.eml"
	run --separate-stderr bchess-pack -w "$t/b64.zip"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $t/b64.zip:b64.eml: 1 part of the mail in base64 holds links to the game, left as they were (games.txt): convert the mail without -w" ]
	bchess-pack -w "$t/b64.zip" >"$t/b64-back.zip" 2>/dev/null || true
	[ "$(zip-driver -x "$t/b64-back.zip" b64.eml)" = "$(sed "s|plain $ex1|plain $ex1c|" "$t/b64.eml")" ]
	# Without -w, both are read and converted.
	[ "$(bchess-pack "$t/b64.zip" | grep -c "$ex1c")" -eq 2 ]
	# --strict stops at the bad link, before the archive is written.
	run --separate-stderr bchess-pack -w --strict "$d/links.xlsx"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	# Text is written as without -w; a damaged archive is not written.
	[ "$(printf '%s\n' "$ex1" | bchess-pack -w)" = "$ex1c" ]
	head -c 3000 "$d/links.xlsx" >"$t/cut.xlsx"
	run --separate-stderr bchess-pack -w "$t/cut.xlsx"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
}

@test "-w names a bad link at each cell where it stands, as without -w, once; one in no cell at its part" {
	local t=$BATS_TEST_TMPDIR
	bad=https://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0,e-l
	other=https://www.joonas.io/buffalo-chess/?l=m-1-1-9-9-0,e-l
	# The bad link in a string shared by B1 and B3 and again inline in
	# A2, after a good link; another in a formula, whose value is read.
	xlsx "$t/g.xlsx" "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v></c></row><row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>$ex1 $bad</t></is></c></row><row r=\"3\"><c r=\"B3\" t=\"s\"><v>1</v></c><c r=\"C3\" t=\"str\"><f>\"$other\"&amp;\"\"</f><v>x</v></c></row>" \
	    "<si><t>Ann</t></si><si><t>$bad</t></si>"
	run --separate-stderr bchess-pack "$t/g.xlsx"
	[ "$status" -eq 1 ]
	read_stderr=$stderr
	[ "${#stderr_lines[@]}" -eq 3 ]
	[ "${stderr_lines[1]}" = "bchess-pack: $t/g.xlsx:Links:2: link 2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	run --separate-stderr bchess-pack -w "$t/g.xlsx"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 4 ]
	[ "$(printf '%s\n' "${stderr_lines[@]:0:3}")" = "$read_stderr" ]
	# The formula's link is in no cell's text: named by its part.
	[ "${stderr_lines[3]}" = "bchess-pack: $t/g.xlsx:xl/worksheets/sheet1.xml:1: link 3: move 1: coordinate off the 5x7 board (m-1-1-9-9-0)" ]
	# An .ods whose cell holds the link as its text and behind it.
	ods "$t/g.ods" "<table:table table:name=\"Games\"><table:table-row><table:table-cell office:value-type=\"string\"><text:p>Ann Lee</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell office:value-type=\"string\"><text:p><text:a xlink:href=\"$bad\">$bad</text:a></text:p></table:table-cell></table:table-row></table:table>"
	run --separate-stderr bchess-pack "$t/g.ods"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $t/g.ods:Games:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	run --separate-stderr bchess-pack -w "$t/g.ods"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $t/g.ods:Games:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
}

@test "-w: a cell's payload cut into two runs at every place is converted, and the workbook reads back the same" {
	local t=$BATS_TEST_TMPDIR rows= strings= k
	p=${ex1#*\?l=}
	for ((k = 1; k < ${#p}; k++)); do
		rows+="<row r=\"$k\"><c r=\"A$k\" t=\"s\"><v>$((k - 1))</v></c><c r=\"B$k\" t=\"inlineStr\"><is><r><t>${p:0:k}</t></r><r><rPr><b/></rPr><t>${p:k}</t></r></is></c></row>"
		strings+="<si><r><rPr><i/></rPr><t>${p:0:k}</t></r><r><t>${p:k}</t></r></si>"
	done
	xlsx "$t/every.xlsx" "$rows" "$strings"
	bchess-pack -w "$t/every.xlsx" >"$t/back.xlsx"
	[ "$(bchess-pack "$t/back.xlsx")" = "$(bchess-pack "$t/every.xlsx")" ]
	[ "$(bchess-pack "$t/back.xlsx" | grep -c "^${ex1c#*\?l=}	${ex1c#*\?l=}\$")" -eq $((${#p} - 1)) ]
	! zip-driver -x "$t/back.xlsx" xl/sharedStrings.xml | grep -q "m-4-4" || false
}

@test "-w converts a cell whose payload runs of rich text cut, as it is read; a bad one is named at its cell" {
	local t=$BATS_TEST_TMPDIR
	# A shared string in two runs, the second bold; an inline one in
	# three; runs with a space between, which are two words; an illegal
	# game whose kill flag -r repairs.  Read, each cell is its runs put
	# together.
	xlsx "$t/r.xlsx" '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><r><t>nu</t></r><r><rPr><i/><sz val="11"/></rPr><t>-1</t></r><r><t xml:space="preserve">-l </t></r></is></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="s"><v>2</v></c></row>' \
	    '<si><r><t>m-4-4-3</t></r><r><rPr><b/></rPr><t>-5-0,e-l</t></r><rPh sb="0" eb="1"><t>x</t></rPh></si><si><r><t xml:space="preserve">m-4-4-3 </t></r><r><t>-5-0,e-l</t></r></si><si><r><t>m-4-4</t></r><r><t>-3-5-1,e-l</t></r></si>'
	run --separate-stderr bchess-pack -f legacy "$t/r.xlsx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'm-4-4-3-5-0,e-l\tm-4-4-3-5-0,e-l \nm-4-4-3 -5-0,e-l\tm-4-4-3-5-1,e-l')" ]
	[ -z "$stderr" ]
	# Repaired, each game's messages name its cell, as read (in the
	# order of the parts: the sheet's inline string first).
	run --separate-stderr bchess-pack -r "$t/r.xlsx"
	read_stderr=$stderr
	[[ "$read_stderr" == *"r.xlsx:Links:1: link 2: end repaired from l to i"*"r.xlsx:Links:2: move 1: kill flag repaired to 0 (m-4-4-3-5-1)"* ]]
	bchess-pack -r -w "$t/r.xlsx" 2>"$t/err" >/dev/null
	[ "$(sort "$t/err")" = "$(sort <<<"$read_stderr")" ]
	bchess-pack -w "$t/r.xlsx" >"$t/out.xlsx"
	# The cell keeps its first run's format; the runs after it go, the
	# phonetic guide stays; the words stay as they were.  A space after
	# the payload in its last run stays in that run, which keeps its
	# xml:space.
	[ "$(zip-driver -x "$t/out.xlsx" xl/sharedStrings.xml)" = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>nu-1-l</t></r><rPh sb="0" eb="1"><t>x</t></rPh></si><si><r><t xml:space="preserve">m-4-4-3 </t></r><r><t>-5-0,e-l</t></r></si><si><r><t>nu-2-l</t></r></si></sst>' ]
	[[ "$(zip-driver -x "$t/out.xlsx" xl/worksheets/sheet1.xml)" == *'<is><r><t>nu-1-l</t></r><r><t xml:space="preserve"> </t></r></is>'* ]]
	[ "$(bchess-pack -f legacy "$t/out.xlsx")" = "$(printf 'm-4-4-3-5-0,e-l\tm-4-4-3-5-0,e-l \nm-4-4-3 -5-0,e-l\tm-4-4-3-5-1,e-l')" ]
	# An .ods paragraph with spans of styled text, one with white space
	# around the payload and its span open before it; a space of
	# <text:s/> makes two words.
	ods "$t/r.ods" '<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>m-4-4<text:span text:style-name="T1">-3-5-0</text:span>,e-l</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p> <text:span text:style-name="T1">nu-1</text:span>-l </text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>m-4-4<text:s/>-3-5-0,e-l</text:p></table:table-cell></table:table-row></table:table>'
	bchess-pack -w "$t/r.ods" >"$t/out.ods"
	[[ "$(zip-driver -x "$t/out.ods" content.xml)" == *'<text:p>nu-1-l</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>nu-1-l</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>m-4-4<text:s/>-3-5-0,e-l</text:p>'* ]]
	[ "$(bchess-pack -f legacy "$t/out.ods")" = "$(printf 'm-4-4-3-5-0,e-l\tm-4-4-3-5-0,e-l\tm-4-4 -3-5-0,e-l')" ]
	# A span nested in the cell's and closed inside the payload: the
	# space after it stays where it was, and the XML whole.
	ods "$t/n.ods" '<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p><text:span text:style-name="T1">m-4-4<text:span text:style-name="T2">-3-5</text:span>-0,e-l </text:span></text:p></table:table-cell></table:table-row></table:table>'
	bchess-pack -w "$t/n.ods" >"$t/out.ods"
	[[ "$(zip-driver -x "$t/out.ods" content.xml)" == *'<text:p><text:span text:style-name="T1">nu-1-l </text:span></text:p>'* ]]
}

@test "a cell that is wholly a payload is converted beside other cells, and by -w; a word that only looks like one is left" {
	local t=$BATS_TEST_TMPDIR
	# Names beside payloads, a date, words with dashes, a formula whose
	# value is a payload, an inline string: such a sheet came back as it
	# was, exit 0, its payloads unconverted, and -w wrote it unchanged.
	xlsx "$t/games.xlsx" '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row><row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="inlineStr"><is><t>nu-1-l</t></is></c><c r="C2" t="s"><v>4</v></c></row><row r="3"><c r="A3" t="str"><f>"nu-1-"&amp;"l"</f><v>nu-1-l</v></c><c r="B3" t="s"><v>5</v></c><c r="C3" t="s"><v>6</v></c></row>' \
	    '<si><t>Ann</t></si><si><t xml:space="preserve"> m-4-4-3-5-0,e-l </t></si><si><t>2021-03-14</t></si><si><t>Bob</t></si><si><t>e-mail</t></si><si><t>x-ray-l</t></si><si><r><t>m-4-4-3-5-0,e-l</t></r><r><t xml:space="preserve"> gg</t></r></si>'
	run --separate-stderr bchess-pack -f legacy "$t/games.xlsx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'Ann\t m-4-4-3-5-0,e-l \t2021-03-14\nBob\tm-4-4-3-5-0,e-l\te-mail\nm-4-4-3-5-0,e-l\tx-ray-l\tm-4-4-3-5-0,e-l gg')" ]
	[ -z "$stderr" ]
	bchess-pack -w "$t/games.xlsx" >"$t/out.xlsx" 2>"$t/err"
	[ ! -s "$t/err" ]
	[ "$(zip-driver -x "$t/out.xlsx" xl/sharedStrings.xml)" = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Ann</t></si><si><t xml:space="preserve"> nu-1-l </t></si><si><t>2021-03-14</t></si><si><t>Bob</t></si><si><t>e-mail</t></si><si><t>x-ray-l</t></si><si><r><t>m-4-4-3-5-0,e-l</t></r><r><t xml:space="preserve"> gg</t></r></si></sst>' ]
	# A run of rich text is no cell; the formula's value stays the
	# formula's.
	sheet=$(zip-driver -x "$t/out.xlsx" xl/worksheets/sheet1.xml)
	[[ "$sheet" == *'<is><t>nu-1-l</t></is>'* ]]
	[[ "$sheet" == *'<v>nu-1-l</v>'* ]]
	[ "$(bchess-pack -f legacy "$t/out.xlsx")" = "$(bchess-pack -f legacy "$t/games.xlsx")" ]
	# An .ods: the cell's paragraph, but not a formula's.
	ods "$t/games.ods" '<table:table table:name="Games"><table:table-row><table:table-cell office:value-type="string"><text:p>Ann</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>m-4-4-3-5-0,e-l</text:p></table:table-cell><table:table-cell table:formula="of:=&quot;nu-1-&quot;&amp;&quot;l&quot;" office:value-type="string" office:string-value="nu-1-l"><text:p>nu-1-l</text:p></table:table-cell></table:table-row></table:table>'
	bchess-pack -w "$t/games.ods" >"$t/out.ods"
	content=$(zip-driver -x "$t/out.ods" content.xml)
	[[ "$content" == *'<text:p>Ann</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>nu-1-l</text:p>'* ]]
	[[ "$content" == *'office:string-value="nu-1-l"><text:p>nu-1-l</text:p>'* ]]
	# TSV alike; CSV not, whose commas are a legacy payload's too.
	run bchess-pack <<<"$(printf 'Ann\tm-4-4-3-5-0,e-l\nAnn,m-4-4-3-5-0,e-l')"
	[ "$output" = "$(printf 'Ann\tnu-1-l\nAnn,m-4-4-3-5-0,e-l')" ]
}

@test "-w: a link taken out of a redirect keeps the XML whole, its own '&' written as XML writes it" {
	local t=$BATS_TEST_TMPDIR
	xlsx "$t/r.xlsx" '<row r="1"><c r="A1" t="inlineStr"><is><t>game 1</t></is></c><c r="B1" t="inlineStr"><is><t>game 2</t></is></c></row>' '' '' '' \
	    '<hyperlinks><hyperlink ref="A1" r:id="h1"/><hyperlink ref="B1" r:id="h2"/></hyperlinks>' \
	    '<Relationship Id="h1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.google.com/url?q=https://www.joonas.io/buffalo-chess/?l%3Dm-4-4-3-5-0,e-l%26ref%3Dclub&amp;sa=D" TargetMode="External"/><Relationship Id="h2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://urldefense.com/v3/__https://www.joonas.io/buffalo-chess/?l=nu-1-l*ref=club__;Jg!!G2kpM7uM!Zx3$" TargetMode="External"/>'
	bchess-pack -w "$t/r.xlsx" >"$t/out.xlsx"
	rels=$(zip-driver -x "$t/out.xlsx" xl/worksheets/_rels/sheet1.xml.rels)
	[[ "$rels" == *'Target="https://www.joonas.io/buffalo-chess/?l=nu-1-l&amp;ref=club" TargetMode'*'Target="https://www.joonas.io/buffalo-chess/?l=nu-1-l&amp;ref=club" TargetMode'* ]]
	[ "$(bchess-pack -f legacy "$t/out.xlsx")" = "$(printf 'game 1 <https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0%%2Ce-l&ref=club>\tgame 2 <https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0%%2Ce-l&ref=club>')" ]
}

@test "an .xlsx: shared, inline and rich strings, escapes, booleans, errors, formulas, gaps, cells without a reference" {
	xlsx "$BATS_TEST_TMPDIR/a.xlsx" \
	    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="3"><c t="inlineStr"><is><t xml:space="preserve">see </t></is></c><c t="b"><v>1</v></c><c t="b"><v>0</v></c><c t="e"><v>#N/A</v></c><c><f>1+1</f></c><c><v>2.5</v></c><c t="str"><f>A1</f><v>'"$ex1"'</v></c></row><row><c r="B4" t="s"><v>2</v></c><c t="inlineStr"><is></is></c><c t="str"></c></row>' \
	    '<si><t>'"$ex1"'</t></si><si><r><rPr><b/></rPr><t>Ann</t></r><r><t xml:space="preserve"> and Bo</t></r><rPh sb="0" eb="1"><t>アン</t></rPh></si><si><t>tab_x0009_in_x005F_x0041_ and _x0000_</t></si>'
	run bchess-pack "$BATS_TEST_TMPDIR/a.xlsx"
	[ "$status" -eq 0 ]
	# A formula with no value kept is an empty cell; a sheet the workbook
	# does not list is not read.
	[ "$output" = "$(printf '%s\t\tAnn and Bo\n\nsee \tTRUE\tFALSE\t#N/A\t\t2.5\t%s\n\t"tab\tin_x0041_ and _x0000_"' "$ex1c" "$ex1c")" ]
}

@test "an .xlsx's dates and times are written as ISO 8601, other numbers as stored" {
	xlsx "$BATS_TEST_TMPDIR/d.xlsx" \
	    '<row r="1"><c s="1"><v>44269</v></c><c s="2"><v>44269.5730324074</v></c><c s="3"><v>0.75</v></c><c s="4"><v>1.5</v></c><c s="5"><v>0.25</v></c><c s="6"><v>61</v></c><c s="1"><v>-1</v></c><c s="7"><v>44269</v></c></row>' \
	    '' \
	    '<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\-mm\-dd\ hh:mm:ss"/><numFmt numFmtId="165" formatCode="[h]:mm"/><numFmt numFmtId="166" formatCode="&quot;day&quot;\ 0;[Red]0"/></numFmts><cellXfs count="8"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="20"/><xf numFmtId="165"/><xf numFmtId="10"/><xf numFmtId="15"/><xf numFmtId="166"/></cellXfs>'
	run bchess-pack "$BATS_TEST_TMPDIR/d.xlsx"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf '2021-03-14\t2021-03-14 13:45:10\t18:00\t1.5\t0.25\t1900-03-01\t-1\t44269')" ]
	# The 1904 date system of old Macintosh workbooks.
	xlsx "$BATS_TEST_TMPDIR/m.xlsx" '<row r="1"><c s="1"><v>42807</v></c><c><v>1904</v></c></row>' '' \
	    '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>' \
	    '<workbookPr date1904="1"/><sheets><sheet name="Links" sheetId="1" r:id="rId1"/></sheets>'
	run bchess-pack "$BATS_TEST_TMPDIR/m.xlsx"
	[ "$output" = "$(printf '2021-03-14\t1904')" ]
}

@test "an .xlsx's sheets come in the workbook's order, each named in messages" {
	xlsx "$BATS_TEST_TMPDIR/s.xlsx" '<row r="2"><c r="B2" t="inlineStr"><is><t>l=m-4-4-9-9-0</t></is></c></row>' '' '' \
	    '<sheets><sheet name="Zweite" sheetId="2" r:id="rId4"/><sheet name="Tabelle 1" sheetId="1" r:id="rId1"/></sheets>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/s.xlsx"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf 'second sheet\n\n\tl=m-4-4-9-9-0')" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/s.xlsx:Tabelle 1:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
}

@test "an .ods: paragraphs, spaces, tabs, repeated cells and rows, covered cells; comments left out" {
	ods "$BATS_TEST_TMPDIR/a.ods" \
	    '<table:table table:name="Links"><table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2"><text:p>x</text:p></table:table-cell><table:table-cell/><table:covered-table-cell><text:p>y</text:p></table:covered-table-cell></table:table-row><table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="5"/></table:table-row><table:table-header-rows><table:table-row><table:table-cell><office:annotation><text:p>a note</text:p></office:annotation><text:p>  link:<text:s text:c="2"/><text:span>'"$ex1"'</text:span>  </text:p><text:p/><text:p>two<text:tab/>three<text:line-break/>four five</text:p></table:table-cell></table:table-row></table:table-header-rows><table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table>'
	run bchess-pack "$BATS_TEST_TMPDIR/a.ods"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'x\tx\t\ty\nx\tx\t\ty\n\n\n\n"link:  %s\n\ntwo\tthree\nfour five"' "$ex1c")" ]
}

@test "a link kept behind a cell's text (hyperlink, HYPERLINK formula) is written after the text, in an .xlsx and an .ods LibreOffice saved" {
	ex2=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-3-0,m-1-7-2-7-0,m-4-5-4-7-0,m-2-7-3-7-0,e-w
	ex3=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-3-0,m-1-7-2-7-0,m-4-5-4-7-0,m-2-7-3-7-0,m-3-3-3-2-0,e-l
	long=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt")
	[ "${#long}" -gt 255 ]
	rows='Player\tReplay\nAnn\tgame 1 <%s>\nBo\tgame 2 <%s>\nCy\t%s\nDi\tcomputed\nEd\tgame 5 <%s>\n'
	computed="warning: a HYPERLINK formula works out its address, which is not read (1 in the sheet, the first here)"
	# The .ods keeps the long link whole.
	run --separate-stderr bchess-pack "$d/hyperlinks.ods"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf "$rows" "$ex1" "$ex3" "$ex2" "$long" | bchess-pack)" ]
	# A link the formula works out from other cells is not read.
	[ "${stderr_lines[0]}" = "bchess-pack: $d/hyperlinks.ods:Games:5: $computed" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	# LibreOffice cut it to 255 characters in the .xlsx: said.
	run --separate-stderr bchess-pack "$d/hyperlinks.xlsx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf "$rows" "$ex1" "$ex3" "$ex2" "${long:0:255}" | bchess-pack)" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $d/hyperlinks.xlsx:Games:5: $computed" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $d/hyperlinks.xlsx:Games:6: warning: a hyperlink's address is 255 characters long, as LibreOffice cuts a longer one in an .xlsx: its game may be cut short (1 in the sheet, the first here)" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	run --separate-stderr bchess-pack -q "$d/hyperlinks.xlsx"
	[ -z "$stderr" ]
	[ "${lines[1]}" = "$(printf 'Ann\tgame 1 <%s>' "$ex1c")" ]
}

@test "an .xlsx's hyperlinks: ranges, locations, links of empty cells, places in the workbook, the text that holds its link" {
	ex2=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-3-0,m-1-7-2-7-0,m-4-5-4-7-0,m-2-7-3-7-0,e-w
	rel='<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="%s" TargetMode="External"/>'
	# rId2 links B1, whose text holds the address with no scheme.
	xlsx "$BATS_TEST_TMPDIR/h.xlsx" \
	    '<row r="1"><c r="A1" t="inlineStr"><is><t>game</t></is></c><c r="B1" t="inlineStr"><is><t>www.joonas.io/buffalo-chess/?l=m-4-4-3-3-0,m-1-7-2-7-0,m-4-5-4-7-0,m-2-7-3-7-0,e-w</t></is></c><c r="C1" t="inlineStr"><is><t>see</t></is></c><c r="D1"/><c r="E1" t="inlineStr"><is><t>top</t></is></c><c r="F1" t="inlineStr"><is><t>lost</t></is></c><c r="G1" t="inlineStr"><is><t>this</t></is></c></row><row r="2"><c r="C2" t="inlineStr"><is><t>also</t></is></c></row>' \
	    '' '' '' \
	    '<hyperlinks><hyperlink ref="A1" r:id="rId1"/><hyperlink ref="B1" r:id="rId2"/><hyperlink ref="C1:C2" r:id="rId3"/><hyperlink ref="D1" r:id="rId1"/><hyperlink ref="E1" location="Links!A1"/><hyperlink ref="F1" r:id="rId9"/><hyperlink ref="G1" r:id="rId1" location="replay"/><hyperlink ref="A1" r:id="rId3"/></hyperlinks>' \
	    "$(printf "$rel" rId1 "$ex1" rId2 "http://${ex2#https://}" rId3 "$ex2")"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/h.xlsx"
	[ "$status" -eq 0 ]
	# Of two links of one cell the first counts; a place in the workbook
	# and a relationship that is not there are no address.
	[ "$output" = "$(printf 'game <%s>\t%s\tsee <%s>\t%s\ttop\tlost\tthis <%s#replay>\n\t\talso <%s>\n' \
	    "$ex1" "${ex2#https://}" "$ex2" "$ex1" "$ex1" "$ex2" | bchess-pack)" ]
	[ -z "$stderr" ]
	# An .ods: a link among a paragraph's words, one showing its address.
	ods "$BATS_TEST_TMPDIR/h.ods" '<table:table table:name="Links"><table:table-row><table:table-cell><text:p>see <text:a xlink:href="'"$ex1"'">this game</text:a> today</text:p></table:table-cell><table:table-cell><text:p><text:a xlink:href="'"$ex2"'">'"$ex2"'</text:a></text:p></table:table-cell><table:table-cell><text:p><text:a xlink:href="'"$ex2"'"/></text:p></table:table-cell></table:table-row></table:table>'
	run bchess-pack "$BATS_TEST_TMPDIR/h.ods"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'see this game <%s> today\t%s\t%s\n' "$ex1" "$ex2" "$ex2" | bchess-pack)" ]
}

@test "an .xlsx's HYPERLINK formulas: the address a string of the formula read, one the formula works out counted in a warning" {
	xlsx "$BATS_TEST_TMPDIR/f.xlsx" \
	    '<row r="1"><c r="A1" t="str"><f>hyperlink( "'"$ex1"'" ; "g")</f><v>g</v></c><c r="B1" t="str"><f>HYPERLINK("https://example.com/?q=""x""","t")</f><v>t</v></c><c r="C1"><f>SUM(1,2)</f><v>3</v></c><c r="D1" t="str"><f>HYPERLINK("","none")</f><v>none</v></c></row><row r="2"><c r="A2" t="str"><f>IF(TRUE,HYPERLINK("'"$ex1"'","g"),"")</f><v>g</v></c><c r="B2" t="str"><f t="shared" ref="B2:B4" si="0">HYPERLINK(A2,"x")</f><v>open it</v></c></row><row r="3"><c r="B3" t="str"><f t="shared" si="0"/><v>open it</v></c></row><row r="4"><c r="B4" t="str"><f t="shared" si="0"/><v>open it</v></c></row>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/f.xlsx"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'g <%s>\t"t <https://example.com/?q=""x"">"\t3\tnone' "$ex1c")" ]
	[ "${lines[1]}" = "$(printf 'g\topen it')" ]
	[ "${lines[3]}" = "$(printf '\topen it')" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/f.xlsx:Links:2: warning: a HYPERLINK formula works out its address, which is not read (4 in the sheet, the first here)" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "an .xlsx's hyperlink of no cell, or past the limit of cells with one, is refused" {
	rel='<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="'"$ex1"'"/>'
	xlsx "$BATS_TEST_TMPDIR/n.xlsx" '<row r="1"><c t="inlineStr"><is><t>a</t></is></c></row>' '' '' '' \
	    '<hyperlinks><hyperlink ref="A0" r:id="rId1"/></hyperlinks>' "$rel"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/n.xlsx"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/n.xlsx: xl/worksheets/sheet1.xml: a hyperlink of no cell" ]
	xlsx "$BATS_TEST_TMPDIR/l.xlsx" '<row r="1"><c t="inlineStr"><is><t>a</t></is></c></row>' '' '' '' \
	    '<hyperlinks><hyperlink ref="A1:B524288" r:id="rId1"/><hyperlink ref="C1" r:id="rId1"/></hyperlinks>' "$rel"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/l.xlsx"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/l.xlsx: xl/worksheets/sheet1.xml: more than 1048576 cells with a hyperlink, or a hyperlink of no range" ]
}

@test "a damaged spreadsheet is reported by name, nothing of it written, and the next file read" {
	xlsx "$BATS_TEST_TMPDIR/good.xlsx" '<row r="1"><c t="inlineStr"><is><t>'"$ex1"'</t></is></c></row>'
	head -c 300 "$BATS_TEST_TMPDIR/good.xlsx" >"$BATS_TEST_TMPDIR/cut.xlsx"
	echo "$ex1" >"$BATS_TEST_TMPDIR/links.csv"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/cut.xlsx" "$BATS_TEST_TMPDIR/links.csv"
	[ "$status" -eq 2 ]
	[ "$output" = "$ex1c" ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/cut.xlsx: a damaged ZIP archive: "* ]]
	# XML that is not well-formed, a DTD, a shared string that is not there.
	xlsx "$BATS_TEST_TMPDIR/bad.xlsx" '<row r="1"><c><v>1</c></row>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/bad.xlsx"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/bad.xlsx: xl/worksheets/sheet1.xml: not well-formed XML at line 1: "* ]]
	ods "$BATS_TEST_TMPDIR/dtd.ods" '<table:table/>'
	printf '<!DOCTYPE x [<!ENTITY a "aaaaaaaa">]><x>&a;</x>' >"$BATS_TEST_TMPDIR/o/content.xml"
	zip-driver "$BATS_TEST_TMPDIR/dtd.ods" "-mimetype=$BATS_TEST_TMPDIR/o/mimetype" "content.xml=$BATS_TEST_TMPDIR/o/content.xml"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/dtd.ods"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/dtd.ods: content.xml: a DTD, which is not read" ]
	xlsx "$BATS_TEST_TMPDIR/sst.xlsx" '<row r="1"><c t="s"><v>3</v></c></row>' '<si><t>a</t></si>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/sst.xlsx"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/sst.xlsx: xl/worksheets/sheet1.xml: a cell names shared string 3 of 1" ]
}

@test "a spreadsheet past the limits is refused: rows, columns, text, a part's size" {
	xlsx "$BATS_TEST_TMPDIR/r.xlsx" '<row r="1048577"><c><v>1</v></c></row>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/r.xlsx"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/r.xlsx: xl/worksheets/sheet1.xml: a row beyond row 1048576" ]
	ods "$BATS_TEST_TMPDIR/c.ods" '<table:table><table:table-row><table:table-cell table:number-columns-repeated="16384"/><table:table-cell><text:p>x</text:p></table:table-cell></table:table-row></table:table>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/c.ods"
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/c.ods: content.xml: a cell beyond column 16384" ]
	# 150 bytes a row, a million rows a sheet: the second sheet passes
	# 256 MB of text in all.
	row="<table:table-row table:number-rows-repeated=\"1048576\"><table:table-cell><text:p>$(printf 'x%.0s' {1..149})</text:p></table:table-cell></table:table-row>"
	ods "$BATS_TEST_TMPDIR/t.ods" "<table:table table:name=\"a\">$row</table:table><table:table table:name=\"b\">$row</table:table>"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/t.ods"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/t.ods: content.xml: more than 256 MB of text" ]
	# A part the archive says unpacks to 4 GB is refused before it is read:
	# the size in its central directory entry (24 bytes in) made so.
	ods "$BATS_TEST_TMPDIR/z.ods" '<table:table/>'
	off=$(grep -obUaP 'PK\x01\x02' "$BATS_TEST_TMPDIR/z.ods" | sed -n '2s/:.*//p')
	printf '\377\377\377\377' | dd of="$BATS_TEST_TMPDIR/z.ods" bs=1 seek=$((off + 24)) conv=notrunc status=none
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/z.ods"
	[ "$status" -eq 2 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/z.ods: "*"content.xml"* ]] ||
	    [[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/z.ods: a damaged ZIP archive: "* ]]
}

@test "a ZIP archive of chat exports: each file of text converted as a file of its own, the others counted" {
	# WhatsApp zips _chat.txt with the photos; Slack, JSON a channel a day.
	printf '\xef\xbb\xbf[14.03.21, 13:45:10] J\xc3\xb6nss\xc3\xb6n: %s\n[14.03.21, 13:46:02] Ann: https://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0 ?\n' "$ex1" >"$BATS_TEST_TMPDIR/_chat.txt"
	printf '\377\330\377\340\000\020JFIF\000' >"$BATS_TEST_TMPDIR/photo.jpg"
	printf '[\n    {\n        "text": "<%s>",\n' "${ex1//\//\\/}" >"$BATS_TEST_TMPDIR/day.json"
	printf 'x' >"$BATS_TEST_TMPDIR/x"
	zip-driver "$BATS_TEST_TMPDIR/x.zip" "x=$BATS_TEST_TMPDIR/x"
	zip-driver "$BATS_TEST_TMPDIR/chat.zip" "_chat.txt=$BATS_TEST_TMPDIR/_chat.txt" \
	    "00000001-PHOTO.jpg=$BATS_TEST_TMPDIR/photo.jpg" "general/2021-03-14.json=$BATS_TEST_TMPDIR/day.json" \
	    "00000002-PHOTO.jpg=$BATS_TEST_TMPDIR/photo.jpg" "old.zip=$BATS_TEST_TMPDIR/x.zip"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/chat.zip"
	[ "$status" -eq 2 ]
	[ "$output" = "$(bchess-pack "$BATS_TEST_TMPDIR/_chat.txt" "$BATS_TEST_TMPDIR/day.json" 2>/dev/null)" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/chat.zip:_chat.txt:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $BATS_TEST_TMPDIR/chat.zip:old.zip: a ZIP archive inside the archive, which is not opened" ]
	[ "${stderr_lines[2]}" = "bchess-pack: $BATS_TEST_TMPDIR/chat.zip: warning: 2 files not text (00000001-PHOTO.jpg and others), not read" ]
	[ "${stderr_lines[3]}" = "bchess-pack: 3 records: 2 good, 1 bad, 1 warnings" ]
	run --separate-stderr bchess-pack -q "$BATS_TEST_TMPDIR/chat.zip"
	[ "${#stderr_lines[@]}" -eq 2 ]
	# Written back, the files that are not text are copied and counted
	# alike (an archive inside too); a document's pictures are not.
	run --separate-stderr bchess-pack -w --summary "$BATS_TEST_TMPDIR/chat.zip"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[1]}" = "bchess-pack: $BATS_TEST_TMPDIR/chat.zip: warning: 3 files not text (00000001-PHOTO.jpg and others), copied as they were" ]
	[ "${stderr_lines[2]}" = "bchess-pack: 3 records: 2 good, 1 bad, 1 warnings" ]
	run --separate-stderr bchess-pack -w -q "$BATS_TEST_TMPDIR/chat.zip"
	[ "${#stderr_lines[@]}" -eq 1 ]
	zip-driver "$BATS_TEST_TMPDIR/one.zip" "_chat.txt=$BATS_TEST_TMPDIR/_chat.txt" \
	    "00000001-PHOTO.jpg=$BATS_TEST_TMPDIR/photo.jpg"
	run --separate-stderr bchess-pack -w "$BATS_TEST_TMPDIR/one.zip"
	[ "${stderr_lines[1]}" = "bchess-pack: $BATS_TEST_TMPDIR/one.zip: warning: 1 file not text (00000001-PHOTO.jpg), copied as it was" ]
	printf '<w:document/>' >"$BATS_TEST_TMPDIR/document.xml"
	zip-driver "$BATS_TEST_TMPDIR/pictures.docx" "[Content_Types].xml=$BATS_TEST_TMPDIR/document.xml" \
	    "word/document.xml=$BATS_TEST_TMPDIR/document.xml" "word/media/image1.jpg=$BATS_TEST_TMPDIR/photo.jpg"
	run --separate-stderr bchess-pack -w "$BATS_TEST_TMPDIR/pictures.docx"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# A name in the code page of Korean Windows, unmarked: read as CP437
	# with a warning (-q quiets it), or as -E says.
	name=$(printf '대국.txt' | iconv -f UTF-8 -t CP949)
	zip-driver "$BATS_TEST_TMPDIR/ko.zip" "+$name=$BATS_TEST_TMPDIR/_chat.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/ko.zip"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/ko.zip: warning: file names not marked UTF-8, read as CP437 as the format has it ($(printf '%s' "$name" | iconv -f CP437 -t UTF-8)): say their encoding with -E" ]
	run --separate-stderr bchess-pack -q "$BATS_TEST_TMPDIR/ko.zip"
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/ko.zip:$(printf '%s' "$name" | iconv -f CP437 -t UTF-8):2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	run --separate-stderr bchess-pack -E CP949 "$BATS_TEST_TMPDIR/ko.zip"
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/ko.zip:대국.txt:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
}

@test "a WhatsApp chat is read as a document: a message's word alone on its line is a word, links still converted or reported" {
	# iPhone: [date, time] Name: text, a left-to-right mark before some.
	printf '\xe2\x80\x8e[14.03.21, 13:45:10] Ann: look\n%s\ngg\nAnna\n[14.03.21, 13:46:02] Bob: https://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0 ?\n' "$ex1" >"$BATS_TEST_TMPDIR/_chat.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/_chat.txt"
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "$ex1c" ]
	[ "${lines[2]}" = gg ]
	[ "${lines[3]}" = Anna ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/_chat.txt:5: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	# Android: date, time - Name: text, the first line the system's.
	printf '14/03/2021, 13:45 - Messages and calls are end-to-end encrypted.\r\n3/14/21, 1:46 PM - Ann: %s\r\nok\r\n' "$ex1" >"$BATS_TEST_TMPDIR/chat.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/chat.txt"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "$(printf '14/03/2021, 13:45 - Messages and calls are end-to-end encrypted.\r\n3/14/21, 1:46 PM - Ann: %s\r\nok\r' "$ex1c")" ]
	# A file that begins otherwise is a file of payloads: a word that is
	# none is reported, a date and a time in a CSV's first field too.
	printf '2021-03-14 13:45,%s\ngg\n' "$ex1" >"$BATS_TEST_TMPDIR/games.csv"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/games.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/games.csv:2: not a payload in any known format (gg)" ]
}

@test "chats KakaoTalk, LINE and DiscordChatExporter write are told by their title: a message's word alone is a word" {
	# KakaoTalk for Windows, with a byte order mark and CRLF.
	printf '\xef\xbb\xbf버팔로 체스방 님과 카카오톡 대화\r\n저장한 날짜 : 2026-08-29 22:58:30\r\n\r\n--------------- 2026년 8월 29일 토요일 ---------------\r\n[민준] [오후 9:00] 이거 봐\r\n%s\r\ngg\r\n[서준] [오후 9:05] Anna\r\nAnna\r\n' "$ex1" >"$BATS_TEST_TMPDIR/kakao.txt"
	# KakaoTalk in English, the date saved first; LINE, a message of two
	# lines quoted; DiscordChatExporter's rule, a message a paragraph.
	printf 'Date Saved : Oct 23, 2025 at 11:44 AM\nKakaoTalk Chats with Chess\n\nOct 23, 2025 at 11:44 AM, Ann : look\n%s\ngg\n' "$ex1" >"$BATS_TEST_TMPDIR/kakao-en.txt"
	printf '[LINE] Chat history with Chess\nSaved on: 2026/01/25 22:10\n\n2026/01/25 Sun\n20:07\tBob\t"look\n%s\ngg"\n20:08\tAnn\t%s\nok\n' "$ex1" "$ex1" >"$BATS_TEST_TMPDIR/line.txt"
	printf '%s\nGuild: Buffalo\nChannel: Games / chess\n%s\n\n[3/14/2021 1:45 PM] ann\n%s\n\n[3/14/2021 1:46 PM] bob\ngg\n\n' "$(printf '=%.0s' {1..62})" "$(printf '=%.0s' {1..62})" "$ex1" >"$BATS_TEST_TMPDIR/discord.txt"
	# KakaoTalk in English on an iPhone, and on Windows.
	printf 'Chess KakaoTalk Chats
Saved Date : Oct 23, 2025 at 11:44 AM

Oct 23, 2025 at 11:44 AM, Ann : look
%s
gg
' "$ex1" >"$BATS_TEST_TMPDIR/kakao-ios.txt"
	printf 'Chess with KakaoTalk Chats
Date Saved : 2025-10-23 11:44:00

2025-10-23 11:44:00, "Ann", "look"
%s
gg
' "$ex1" >"$BATS_TEST_TMPDIR/kakao-win.txt"
	for f in kakao kakao-en kakao-ios kakao-win line discord; do
		run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/$f.txt"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		# Line for line the chat, its links now compact.
		[ "$output" = "$(sed "s|$ex1|$ex1c|g" "$BATS_TEST_TMPDIR/$f.txt")" ]
	done
	# A damaged link among them is still reported.
	printf '[LINE] Chat history with Chess\n20:07\tBob\thttps://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0\ngg\n' >"$BATS_TEST_TMPDIR/line.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/line.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/line.txt:2: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	# Not a title: a rule too short, or a title not first.
	printf '%s\ngg\n' '==========' >"$BATS_TEST_TMPDIR/rule.txt"
	printf 'games\nKakaoTalk Chats with Chess\ngg\n' >"$BATS_TEST_TMPDIR/late.txt"
	for f in rule late; do
		run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/$f.txt"
		[ "$status" -eq 1 ]
		[ "${#stderr_lines[@]}" -ge 1 ]
		[[ "$stderr" = *"not a payload in any known format (gg)" ]]
	done
}

# A chat exported as web pages, in the shape Telegram Desktop writes its
# messages.html: tags alone on their lines, a message's text on a line of
# its own, each link both the address and the text of an <a>.
write_page() {
	local l="${2%%\?*}?from=tg&amp;${2#*\?}"
	printf '%s\n' '<!DOCTYPE html>' '<html>' '' ' <head>' '  <meta charset="utf-8"/>' \
	    '<title>Exported Data</title>' ' </head>' ' <body>' \
	    '  <div class="message default clearfix" id="message1">' \
	    '     <div class="from_name">' 'J&#246;nss&#246;n' '     </div>' \
	    '     <div class="text">' "game <a href=\"$2\">$2</a>" '     </div>' \
	    '     <div class="text">' 'gg' '     </div>' \
	    '     <div class="text">' "<a href=\"${l//,/%2C}\">again</a><br>Anna" '     </div>' \
	    '  </div>' ' </body>' '</html>' >"$1"
}

@test "a web page (a chat exported as HTML) is read as a document: links converted in place, a word alone is a word" {
	write_page "$BATS_TEST_TMPDIR/messages.html" "$ex1"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/messages.html"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# Line for line the page, its links now compact: still a page.
	[ "$output" = "$(write_page /dev/stdout "$ex1c")" ]
	# One object a link line under -f json; each tag line is text, and
	# so is the blank line.
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/messages.html"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 24 ]
	[ "${lines[2]}" = "{\"file\":\"$BATS_TEST_TMPDIR/messages.html\",\"line\":3,\"text\":\"\"}" ]
	[ "${lines[13]}" = "$(bchess-pack -f json <<<"$ex1")" ]
	[ "${lines[16]}" = "{\"file\":\"$BATS_TEST_TMPDIR/messages.html\",\"line\":17,\"text\":\"gg\"}" ]
	# XHTML and XML open with a declaration; blank lines and a byte
	# order mark before it change nothing.
	printf '\xef\xbb\xbf\n  <?xml version="1.0"?>\n<feed>\nAnna\n<link href="%s"/>\n</feed>\n' "$ex1" >"$BATS_TEST_TMPDIR/feed.xml"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/feed.xml"
	[ "$status" -eq 0 ]
	[ "${lines[4]}" = "<link href=\"$ex1c\"/>" ]
	# A browser's bookmarks exported, to be imported back converted.
	printf '%s\n' '<!DOCTYPE NETSCAPE-Bookmark-file-1>' '<!-- This is an automatically generated file.' \
	    '     DO NOT EDIT! -->' '<TITLE>Bookmarks</TITLE>' '<DL><p>' \
	    "    <DT><A HREF=\"$ex1\" ADD_DATE=\"1600000000\">Buffalo Chess</A>" '</DL><p>' >"$BATS_TEST_TMPDIR/bookmarks.html"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/bookmarks.html"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "$(sed "s|$ex1|$ex1c|" "$BATS_TEST_TMPDIR/bookmarks.html")" ]
	# An address between angle brackets opens no markup: a file of links
	# so written still reports a word that is no payload.
	printf '<%s>\nAnna\n' "$ex1" >"$BATS_TEST_TMPDIR/links.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/links.txt"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "<$ex1c>" ]
	[[ "$stderr" == "bchess-pack: $BATS_TEST_TMPDIR/links.txt:2: a word that reads as a packed payload"* ]]
}

@test "a chat exported as web pages and zipped: the pages converted, their style sheets and scripts counted, not read" {
	t=$BATS_TEST_TMPDIR
	write_page "$t/messages.html" "$ex1"
	write_page "$t/messages2.html" "$ex1c"
	printf '.page_wrap {\n  margin: 0;\n}\n' >"$t/style.css"
	printf '"use strict";\nfunction f() {\n  return;\n}\n' >"$t/script.js"
	printf '\211PNG\r\n\032\n\000\000' >"$t/back.png"
	zip-driver "$t/export.zip" "ChatExport/messages.html=$t/messages.html" \
	    "ChatExport/css/style.css=$t/style.css" "ChatExport/js/script.js=$t/script.js" \
	    "ChatExport/images/back.png=$t/back.png" "ChatExport/messages2.html=$t/messages2.html"
	run --separate-stderr bchess-pack "$t/export.zip"
	[ "$status" -eq 0 ]
	[ "$output" = "$(bchess-pack "$t/messages.html" "$t/messages2.html")" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $t/export.zip: warning: 1 file not text (ChatExport/images/back.png), not read" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $t/export.zip: warning: 2 files of a web page's style or scripts (ChatExport/css/style.css and others), not read" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# Named alone, a script is read as any text.
	run --separate-stderr bchess-pack "$t/script.js"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$t/script.js")" ]
}

@test "a comment of a cell that holds a link is warned of: not read as text, converted by -w" {
	local t=$BATS_TEST_TMPDIR
	printf '<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Ann</author></authors><commentList><comment ref="B3" authorId="0"><text><r><t>see %s</t></r></text></comment><comment ref="A1" authorId="0"><text><t>no link</t></text></comment><comment ref="C7" authorId="0"><text><t>%s</t></text></comment></commentList></comments>' \
	    "$ex1" "$ex1" >"$t/comments1.xml"
	xlsx "$t/c.xlsx" '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>game</t></is></c></row>' '' '' '' '' \
	    '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="../comments1.xml"/>' \
	    "xl/comments1.xml=$t/comments1.xml"
	run --separate-stderr bchess-pack "$t/c.xlsx"
	[ "$status" -eq 0 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $t/c.xlsx:Links:3: warning: a comment of a cell holds a link to the game, which is not read as text (-w writes the file back, its links converted) (2 in the sheet, the first here)" ]
	run --separate-stderr bchess-pack -q "$t/c.xlsx"
	[ -z "$stderr" ]
	bchess-pack -w "$t/c.xlsx" >"$t/back.xlsx"
	zip-driver -x "$t/back.xlsx" xl/comments1.xml | grep -q "see $ex1c"
	# An .ods keeps a cell's comment inside the cell.
	ods "$t/c.ods" '<table:table table:name="S"><table:table-row><table:table-cell/></table:table-row><table:table-row><table:table-cell office:value-type="string"><office:annotation><text:p>'"$ex1"'</text:p></office:annotation><text:p>Ann</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Bo</text:p></table:table-cell></table:table-row></table:table>'
	run --separate-stderr bchess-pack "$t/c.ods"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '\nAnn\tBo')" ]
	[ "$stderr" = "bchess-pack: $t/c.ods:S:2: warning: a comment of a cell holds a link to the game, which is not read as text (-w writes the file back, its links converted) (1 in the sheet, the first here)" ]
}

@test "a document of another kind (.pptx, .odp, an Apple Numbers file) is reported by name, nothing of it written; -w writes all but Apple's back" {
	local t=$BATS_TEST_TMPDIR
	printf '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>' >"$t/rels"
	printf '<p:presentation><a:t>%s</a:t></p:presentation>' "$ex1" >"$t/presentation.xml"
	zip-driver "$t/a.pptx" "_rels/.rels=$t/rels" "ppt/presentation.xml=$t/presentation.xml"
	printf 'application/vnd.oasis.opendocument.presentation' >"$t/mimetype"
	zip-driver "$t/a.odp" "-mimetype=$t/mimetype" "content.xml=$t/presentation.xml"
	zip-driver "$t/a.numbers" "Index/Document.iwa=$t/presentation.xml"
	echo "$ex1" >"$t/links.csv"
	run --separate-stderr bchess-pack "$t/a.pptx" "$t/a.odp" "$t/a.numbers" "$t/links.csv"
	[ "$status" -eq 1 ]
	[ "$output" = "$ex1c" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $t/a.pptx: an Office document that is neither a workbook nor a text (ppt/presentation.xml), which is not read as text (-w writes it back, its links converted)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $t/a.odp: a document of type application/vnd.oasis.opendocument.prese..., which is not read as text (-w writes it back, its links converted)" ]
	[ "${stderr_lines[2]}" = "bchess-pack: $t/a.numbers: an Apple Numbers, Pages or Keynote file, which is not read (export it as .xlsx, .ods or CSV)" ]
	# -w writes a presentation back, its links converted in its slides.
	local f
	for f in a.pptx a.odp; do
		run --separate-stderr bchess-pack -w "$t/$f"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
		bchess-pack -w "$t/$f" >"$t/back-$f"
		[ "$(zip-driver -l "$t/back-$f")" = "$(zip-driver -l "$t/$f")" ]
	done
	[ "$(zip-driver -x "$t/back-a.pptx" ppt/presentation.xml)" = "<p:presentation><a:t>$ex1c</a:t></p:presentation>" ]
	[ "$(zip-driver -x "$t/back-a.odp" content.xml)" = "<p:presentation><a:t>$ex1c</a:t></p:presentation>" ]
	# Apple's packs its text where no link is seen: it is refused, not
	# copied as though it had none.
	run --separate-stderr bchess-pack -w "$t/a.numbers"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[ "$stderr" = "bchess-pack: $t/a.numbers: an Apple Numbers, Pages or Keynote file, which is not read (export it as .xlsx, .ods or CSV)" ]
}

@test "an RTF document (TextEdit's rich text) is reported and copied, not read" {
	# Its links are text, but its writers may break a line anywhere in
	# one, so a link could come out as a shorter game: none is converted.
	printf '{\\rtf1\\ansi\\ansicpg1252\\cocoartf2759\n\\f0\\fs24 \\cf0 {\\field{\\*\\fldinst{HYPERLINK "%s"}}{\\fldrslt %s}}\\\ngg}\n' "$ex1" "$ex1" >"$BATS_TEST_TMPDIR/links.rtf"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/links.rtf"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/links.rtf")" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/links.rtf:1: an RTF document (TextEdit, WordPad), not read: RTF may break a link across lines (save it as .docx, .odt or text) ({\\x5crtf1\\x5cansi\\x5cansicpg1252\\x5ccocoartf2759)" ]
}

@test "an .xls, or a workbook saved with a password, is reported and copied" {
	printf '\320\317\021\340\241\261\032\341\000\000\n' >"$BATS_TEST_TMPDIR/links.xls"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/links.xls"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/links.xls:1: a file of Office 97-2003 (.xls, .doc, .ppt), or one saved with a password, which is not read (save it as .xlsx, .docx, .ods, .odt or CSV) ("* ]]
}
