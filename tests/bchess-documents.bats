#!/usr/bin/env bats
# bchess-pack: the links in word processors' documents, .docx and .odt.

load helpers

d=$data/bchess-documents
ex1=https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,m-4-5-4-6-0,m-2-1-3-1-0,m-3-5-3-6-0,m-3-1-4-1-0,m-4-3-4-2-0,m-4-1-5-1-0,e-l
ex1c=https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l
ex2c=https://www.joonas.io/buffalo-chess/?l=ns2ppgav-14-w
ex3c=https://www.joonas.io/buffalo-chess/?l=ns2ppgavgr-3d-l

# docx OUT BODY [RELS]: a .docx whose <w:body> holds BODY, its main
# part's relationships RELS.
docx() {
	local t=$BATS_TEST_TMPDIR/w
	mkdir -p "$t"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>' >"$t/rels"
	printf '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>%s</w:body></w:document>' \
	    "$2" >"$t/document.xml"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">%s</Relationships>' \
	    "${3:-}" >"$t/document.rels"
	zip-driver "$1" "_rels/.rels=$t/rels" "word/document.xml=$t/document.xml" \
	    "word/_rels/document.xml.rels=$t/document.rels"
}

# odt OUT TEXT: an .odt whose <office:text> holds TEXT.
odt() {
	local t=$BATS_TEST_TMPDIR/o
	mkdir -p "$t"
	printf 'application/vnd.oasis.opendocument.text' >"$t/mimetype"
	printf '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text>%s</office:text></office:body></office:document-content>' \
	    "$2" >"$t/content.xml"
	zip-driver "$1" "-mimetype=$t/mimetype" "content.xml=$t/content.xml"
}

@test "-w: a link Word split into runs converts whole in the first run; one a span opens inside is reported, not cut" {
	local t=$BATS_TEST_TMPDIR cut=${ex1#*l=m-4-4-3-5-0,}
	# Word's runs: the paragraph's text is whole, its XML is not.  The
	# tags between close the run and open another (a mark of the
	# spelling checker between them): the link is written over them, in
	# the first run, its format kept.
	docx "$t/split.docx" "<w:p><w:r><w:rPr><w:i/></w:rPr><w:t>${ex1%%m-1-1*}</w:t></w:r><w:proofErr w:type=\"spellStart\"/><w:r><w:rPr><w:b/></w:rPr><w:t>$cut</w:t></w:r><w:r><w:t xml:space=\"preserve\"> won</w:t></w:r></w:p><w:p><w:r><w:t>$ex1</w:t></w:r></w:p>"
	run --separate-stderr bchess-pack "$t/split.docx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$ex1c won" "$ex1c")" ]
	bchess-pack -w "$t/split.docx" >"$t/back.docx" 2>"$t/err"
	[ ! -s "$t/err" ]
	[ "$(zip-driver -x "$t/back.docx" word/document.xml)" = "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" xmlns:mc=\"http://schemas.openxmlformats.org/markup-compatibility/2006\"><w:body><w:p><w:r><w:rPr><w:i/></w:rPr><w:t>$ex1c</w:t></w:r><w:r><w:t xml:space=\"preserve\"> won</w:t></w:r></w:p><w:p><w:r><w:t>$ex1c</w:t></w:r></w:p></w:body></w:document>" ]
	[ "$(bchess-pack "$t/back.docx")" = "$output" ]
	# So is one in two spans of an .odt; bad there, it is named at its
	# line of text, as read.
	odt "$t/bad.odt" "<text:p>Ann</text:p><text:p><text:span text:style-name=\"T1\">${ex1%%m-1-1*}</text:span><text:span text:style-name=\"T2\">m-1-1-9-9-0,e-l</text:span></text:p>"
	run --separate-stderr bchess-pack "$t/bad.odt"
	[ "$status" -eq 1 ]
	read_stderr=$stderr
	[ "$read_stderr" = "bchess-pack: $t/bad.odt:2: move 2: coordinate off the 5x7 board (m-1-1-9-9-0)" ]
	bchess-pack -w "$t/bad.odt" >/dev/null 2>"$t/err" && false
	[ "$(cat "$t/err")" = "$read_stderr" ]
	# A span that opens inside the link and closes after it: written over,
	# the span would lose its start, so the link is reported and left.
	odt "$t/split.odt" "<text:p>${ex1%%m-1-1-2*}m-1-<text:span text:style-name=\"T1\">1-2-1-0,${cut#m-1-1-2-1-0,}</text:span></text:p><text:p>$ex1<text:line-break/>m-9</text:p>"
	run --separate-stderr bchess-pack -w "$t/split.odt"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[[ "$stderr" = *"content.xml:1: link 1: the link goes on past a tag that only formats its text"* ]]
	bchess-pack -w "$t/split.odt" >"$t/back.odt" 2>/dev/null || true
	zip-driver -x "$t/back.odt" content.xml | grep -q "?l=m-4-4-3-5-0,m-1-<text:span"
	# A line break ends the word before it: that link is whole.
	zip-driver -x "$t/back.odt" content.xml | grep -q "${ex1c#*l=}<text:line-break/>"
	# So is a page's address broken with <wbr>, without -w too; a
	# link followed by a line break, a comma and a space, or a word
	# after its anchor's end, is whole.
	printf '%s\n' "<p>${ex1%%m-1-1*}m-1-1-2-1-0,<wbr>${cut#m-1-1-2-1-0,}</p>" \
	    "<a href=\"$ex1\">$ex1</a><br>Anna" "<p><a href=\"$ex1\">$ex1</a>, gg</p>" >"$t/page.html"
	run --separate-stderr bchess-pack "$t/page.html"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[0]}" = "<p>$ex1c</p>" ]
	[ "${lines[1]}" = "<a href=\"$ex1c\">$ex1c</a><br>Anna" ]
	[ "${lines[2]}" = "<p><a href=\"$ex1c\">$ex1c</a>, gg</p>" ]
}

@test "-w: a link split into two runs or spans at every place of its payload is written back whole, and reads back the same" {
	local t=$BATS_TEST_TMPDIR body= spans= k
	base=${ex1%%\?l=*}?l=
	for ((k = ${#base} + 1; k < ${#ex1}; k++)); do
		body+="<w:p><w:r><w:t>${ex1:0:k}</w:t></w:r><w:proofErr w:type=\"gramStart\"/><w:r w:rsidR=\"00A1\"><w:rPr><w:b/></w:rPr><w:t>${ex1:k}</w:t></w:r></w:p>"
		spans+="<text:p><text:span text:style-name=\"T1\">${ex1:0:k}</text:span><text:span text:style-name=\"T2\">${ex1:k}</text:span> ok</text:p>"
	done
	n=$((${#ex1} - ${#base} - 1))
	docx "$t/every.docx" "$body"
	odt "$t/every.odt" "$spans"
	for f in every.docx every.odt; do
		bchess-pack -w "$t/$f" >"$t/back.$f" 2>"$t/err"
		[ ! -s "$t/err" ]
		# Read again (its XML whole, or the reader would refuse it),
		# the file written holds the link converted on every line.
		[ "$(bchess-pack "$t/back.$f")" = "$(bchess-pack "$t/$f")" ]
		[ "$(bchess-pack "$t/back.$f" | grep -c "^$ex1c")" -eq "$n" ]
		[ "$(bchess-pack -f legacy "$t/back.$f")" = "$(bchess-pack -f legacy "$t/$f")" ]
	done
}

@test "-w: text after a link in its last run or span stays there, in that run's format" {
	local t=$BATS_TEST_TMPDIR w='xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
	local k=${#ex1}
	k=$((k - 9))
	# The second run is bold and holds " won " after the payload: the
	# link goes to the first run, the words stay bold with their spaces.
	docx "$t/rest.docx" "<w:p><w:r><w:t>${ex1:0:k}</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\">${ex1:k} won </w:t></w:r></w:p>"
	odt "$t/rest.odt" "<text:p><text:span text:style-name=\"T1\">${ex1:0:k}</text:span><text:span text:style-name=\"T2\">${ex1:k} won</text:span></text:p>"
	bchess-pack -w "$t/rest.docx" >"$t/back.docx" 2>"$t/err"
	[ ! -s "$t/err" ]
	[ "$(zip-driver -x "$t/back.docx" word/document.xml)" = "<w:document $w><w:body><w:p><w:r><w:t>$ex1c</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\"> won </w:t></w:r></w:p></w:body></w:document>" ]
	bchess-pack -w "$t/rest.odt" >"$t/back.odt" 2>"$t/err"
	[ ! -s "$t/err" ]
	[[ "$(zip-driver -x "$t/back.odt" content.xml)" == *"<text:p><text:span text:style-name=\"T1\">$ex1c</text:span><text:span text:style-name=\"T2\"> won</text:span></text:p>"* ]]
	# Read again, each says what the file read says, converted.
	[ "$(bchess-pack "$t/back.docx")" = "$ex1c won " ]
	[ "$(bchess-pack "$t/back.odt")" = "$ex1c won" ]
	# Packed, the whole link goes and the words keep their run too.
	bchess-pack -f packed -w "$t/rest.docx" >"$t/packed.docx"
	[[ "$(zip-driver -x "$t/packed.docx" word/document.xml)" == *"</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\"> won </w:t></w:r></w:p>"* ]]
}

@test "two anchors side by side: the second's address is no text of the first link, which is reported as cut" {
	local t=$BATS_TEST_TMPDIR
	ex2=https://www.joonas.io/buffalo-chess/?l=m-1-1-2-1-0,e-l
	printf '<p><a href="%s">%s</a><a href="%s">%s</a></p>\n' "$ex1" "$ex1" "$ex2" "$ex2" >"$t/two.html"
	run --separate-stderr bchess-pack "$t/two.html"
	[ "$status" -eq 1 ]
	[ "$output" = "<p><a href=\"$ex1c\">$ex1</a><a href=\"${ex2%%\?l=*}?l=1d-1-l\">${ex2%%\?l=*}?l=1d-1-l</a></p>" ]
	[[ "$stderr" == "bchess-pack: $t/two.html:1: link 2: the link goes on past a tag that only formats its text"* ]]
}

@test "a .docx and an .odt LibreOffice saved: a line a paragraph, links behind words written after them, then notes and comments" {
	want=$(printf '%s\n' "My games" \
	    "Against Jönssön: game 1 <$ex1c>, won." "$ex2c" \
	    "see this one <$ex3c>" "typed: $ex2c" "Bo" "game 3 <$ex1c>" \
	    "first line" "second: $ex3c" "$(printf 'a\tb and "quoted" after')" \
	    "with a fragment: game 4 <https://www.joonas.io/buffalo-chess/?lang=ko&l=ns2p-4-l#replay>" \
	    "" "last one")
	# The footnote and the comment come after the body; Word's footnote
	# opens with the tab after its number.
	for f in links.docx links.odt; do
		run --separate-stderr bchess-pack "$d/$f"
		[ "$status" -eq 0 ]
		if [ "$f" = links.docx ]; then
			[ "$output" = "$want"$'\n\ta footnote\na comment' ]
		else
			[ "$output" = "$want"$'\na footnote\na comment' ]
		fi
		[ -z "$stderr" ]
	done
	# A word alone in a paragraph ("Bo") is a word, not a payload, as
	# it would be in a file of payloads; links convert to any format.
	run bchess-pack -f legacy "$d/links.odt"
	[ "${lines[5]}" = "Bo" ]
	# In text a legacy link's commas are escaped, as they would end it.
	[ "${lines[6]}" = "game 3 <$(printf '%s\n' "$ex1" | sed 's/,/%2C/g')>" ]
}

@test "a .docx's hyperlinks, HYPERLINK fields, tabs, breaks, text boxes and tracked changes" {
	rel='<Relationship Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="%s" TargetMode="External"/>'
	docx "$BATS_TEST_TMPDIR/a.docx" \
	    '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t xml:space="preserve">see </w:t></w:r><w:hyperlink r:id="rId5"><w:r><w:t>game 1</w:t></w:r></w:hyperlink><w:r><w:tab/><w:t>and</w:t></w:r></w:p><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "'"$ex1"'" \o "a tip" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>field</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p><w:p><w:fldSimple w:instr=" HYPERLINK &quot;'"$ex1"'&quot; "><w:r><w:t>simple</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> </w:t></w:r><w:hyperlink w:anchor="top"><w:r><w:t>back</w:t></w:r></w:hyperlink><w:r><w:br/><w:t>next line</w:t></w:r></w:p><w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:txbxContent><w:p><w:r><w:t>in a box</w:t></w:r></w:p></w:txbxContent></mc:Choice><mc:Fallback><w:txbxContent><w:p><w:r><w:t>in a box</w:t></w:r></w:p></w:txbxContent></mc:Fallback></mc:AlternateContent></w:r></w:p><w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:moveFrom><w:r><w:t>moved</w:t></w:r></w:moveFrom><w:r><w:t>kept</w:t></w:r><w:moveTo><w:r><w:t xml:space="preserve"> moved</w:t></w:r></w:moveTo></w:p><w:p/><w:p><w:r><w:t>nu1dpf9jh9hpoxpv-2j4-l</w:t></w:r></w:p><w:p><w:hyperlink r:id="rId5" w:anchor="replay"><w:r><w:t>at</w:t></w:r></w:hyperlink><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>HYPERLINK \l "top"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve"> up</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' \
	    "$(printf "$rel" rId5 "$ex1")"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/a.docx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' "$(printf 'see game 1 <%s>\tand' "$ex1c")" \
	    "field <$ex1c> page 3" "simple <$ex1c> back" "next line" \
	    "in a box" "" "kept moved" "" "nu1dpf9jh9hpoxpv-2j4-l" \
	    "at <$ex1c#replay> up")" ]
	[ -z "$stderr" ]
}

@test "an .odt's notes come after its body, tracked changes are left out; a bad link is reported at its line, named by the file alone" {
	odt "$BATS_TEST_TMPDIR/a.odt" '<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>deleted</text:p></text:deletion></text:changed-region></text:tracked-changes><text:p>one<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>a note '"$ex1"'</text:p></text:note-body></text:note></text:p><text:p>  two   words </text:p><text:p>bad: https://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0</text:p>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/a.odt"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf 'one\ntwo words\nbad: https://www.joonas.io/buffalo-chess/?l=m-4-4-9-9-0\na note %s' "$ex1c")" ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/a.odt:3: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
	# -w names it there too, not at the line of content.xml.
	run --separate-stderr bchess-pack -w "$BATS_TEST_TMPDIR/a.odt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/a.odt:3: move 1: coordinate off the 5x7 board (m-4-4-9-9-0)" ]
}

@test "a document's headers, footers, notes and comments are read after its body, their links converted" {
	local t=$BATS_TEST_TMPDIR w='xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
	local type=http://schemas.openxmlformats.org/officeDocument/2006/relationships
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="%s/officeDocument" Target="word/document.xml"/></Relationships>' "$type" >"$t/rels"
	printf '<w:document %s><w:body><w:p><w:r><w:t>body</w:t></w:r></w:p></w:body></w:document>' "$w" >"$t/document.xml"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="%s/footer" Target="footer1.xml"/><Relationship Id="rId3" Type="%s/header" Target="header1.xml"/><Relationship Id="rId4" Type="%s/footnotes" Target="footnotes.xml"/><Relationship Id="rId5" Type="%s/comments" Target="/word/comments.xml"/><Relationship Id="rId6" Type="%s/header" Target="header2.xml"/></Relationships>' \
	    "$type" "$type" "$type" "$type" "$type" >"$t/document.rels"
	printf '<w:hdr %s><w:p><w:r><w:t>first header</w:t></w:r></w:p></w:hdr>' "$w" >"$t/header1.xml"
	printf '<w:hdr %s><w:p><w:r><w:t>second header</w:t></w:r></w:p></w:hdr>' "$w" >"$t/header2.xml"
	printf '<w:ftr %s><w:p><w:hyperlink r:id="rId1"><w:r><w:t>club page</w:t></w:r></w:hyperlink></w:p></w:ftr>' "$w" >"$t/footer1.xml"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="%s/hyperlink" Target="%s" TargetMode="External"/></Relationships>' "$type" "$ex1" >"$t/footer.rels"
	printf '<w:footnotes %s><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t>see %s</w:t></w:r></w:p></w:footnote></w:footnotes>' "$w" "$ex1" >"$t/footnotes.xml"
	printf '<w:comments %s><w:comment w:id="0" w:author="Ann"><w:p><w:r><w:t>gg %s</w:t></w:r></w:p></w:comment></w:comments>' "$w" "$ex1" >"$t/comments.xml"
	zip-driver "$t/notes.docx" "_rels/.rels=$t/rels" "word/document.xml=$t/document.xml" \
	    "word/_rels/document.xml.rels=$t/document.rels" "word/header1.xml=$t/header1.xml" \
	    "word/header2.xml=$t/header2.xml" "word/footer1.xml=$t/footer1.xml" \
	    "word/_rels/footer1.xml.rels=$t/footer.rels" "word/footnotes.xml=$t/footnotes.xml" \
	    "word/comments.xml=$t/comments.xml"
	run --separate-stderr bchess-pack "$t/notes.docx"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' body "first header" "second header" "club page <$ex1c>" "see $ex1c" "gg $ex1c")" ]
	[ -z "$stderr" ]
	# An .odt keeps its headers and footers in styles.xml, its comments
	# in the body's paragraphs: their author and date are not read.
	odt "$t/notes.odt" '<text:p>body<office:annotation xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ann</dc:creator><dc:date>2021-03-14T10:00:00</dc:date><text:p>gg '"$ex1"'</text:p></office:annotation></text:p>'
	printf '<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:styles><style:style style:name="P"><text:p>not text</text:p></style:style></office:styles><office:master-styles><style:master-page style:name="Standard"><style:header><text:p>the header</text:p></style:header><style:footer><text:p>%s</text:p></style:footer></style:master-page></office:master-styles></office:document-styles>' "$ex1" >"$t/styles.xml"
	zip-driver "$t/notes2.odt" "-mimetype=$BATS_TEST_TMPDIR/o/mimetype" "content.xml=$BATS_TEST_TMPDIR/o/content.xml" "styles.xml=$t/styles.xml"
	run --separate-stderr bchess-pack "$t/notes2.odt"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' body "the header" "$ex1c" "gg $ex1c")" ]
}

@test "a damaged or oversized document is refused by name, nothing of it written" {
	docx "$BATS_TEST_TMPDIR/bad.docx" '<w:p><w:r><w:t>x</w:r></w:p>'
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/bad.docx"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[[ "$stderr" == "bchess-pack: $BATS_TEST_TMPDIR/bad.docx: word/document.xml: not well-formed XML at line 1: "* ]]
	# 256 MB of text from a few kB: a paragraph of a million spaces,
	# 300 times.
	p='<text:p>x<text:s text:c="1000000"/>x</text:p>'
	odt "$BATS_TEST_TMPDIR/big.odt" "$(for i in $(seq 300); do printf '%s' "$p"; done)"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/big.odt"
	[ "$status" -eq 2 ]
	[ -z "$output" ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/big.odt: content.xml: more than 256 MB of text" ]
}
