#!/bin/bash
# What reading a spreadsheet costs bchess-pack over reading its text: a
# sheet of rows (a date, a name, a legacy link) as .xlsx and as .ods,
# with the links as cell text and with the links kept behind the words
# "game N" (hyperlinks), against the tab-separated text bchess-pack
# writes of the same sheet, read in the same run.  Prints the median
# CPU seconds of several runs of each and the ratio to the text; there
# is no target, the ratios say where the time goes.  Then each workbook
# written back (-w) against reading it, quiet and with its messages.
# The workbooks are made from XML written here, zipped by zip-driver.
#
# usage: bench/bchess-sheets.sh [rows] [runs]
#        (from a built tree, after make zip-driver)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${BCHESS_PACK:-./bchess-pack}
zip=${ZIP_DRIVER:-./zip-driver}
n=${1:-20000}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for p in "$bin" "$zip"; do
	[ -x "$p" ] || { echo "bench: build first ($p not found)" >&2; exit 2; }
done

awk -v n="$n" -v seed=1 -v prefix='https://www.joonas.io/buffalo-chess/?l=' \
    -f "$top/tests/data/bchess-pack/random-logs.awk" >"$tmp/links"

# xlsx OUT LINKED: the sheet as an .xlsx, the links behind "game N" if
# LINKED is 1.  Dates are serial days in a date style, names inline.
xlsx() {
	local d=$tmp/x
	mkdir -p "$d"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' >"$d/rels"
	printf '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Games" sheetId="1" r:id="rId1"/></sheets></workbook>' >"$d/workbook"
	printf '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>' >"$d/workbook.rels"
	printf '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>' >"$d/styles"
	awk -v linked="$2" -v d="$d" '
	    function esc(s) { gsub(/&/, "\\&amp;", s); return s }
	    BEGIN {
		printf "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheetData>" >(d "/sheet")
		printf "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">" >(d "/sheet.rels")
	    }
	    {
		text = linked ? "game " NR : esc($0)
		printf "<row r=\"%d\"><c r=\"A%d\" s=\"1\"><v>%d</v></c><c r=\"B%d\" t=\"inlineStr\"><is><t>player %d</t></is></c><c r=\"C%d\" t=\"inlineStr\"><is><t>%s</t></is></c></row>", NR, NR, 44000 + NR % 1000, NR, NR, NR, text >(d "/sheet")
		if (linked) {
			links = links "<hyperlink ref=\"C" NR "\" r:id=\"h" NR "\"/>"
			printf "<Relationship Id=\"h%d\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink\" Target=\"%s\" TargetMode=\"External\"/>", NR, esc($0) >(d "/sheet.rels")
		}
	    }
	    END {
		printf "</sheetData>%s</worksheet>", (linked ? "<hyperlinks>" links "</hyperlinks>" : "") >(d "/sheet")
		printf "</Relationships>" >(d "/sheet.rels")
	    }' "$tmp/links"
	"$zip" "$1" "_rels/.rels=$d/rels" "xl/workbook.xml=$d/workbook" \
	    "xl/_rels/workbook.xml.rels=$d/workbook.rels" \
	    "xl/styles.xml=$d/styles" "xl/worksheets/sheet1.xml=$d/sheet" \
	    "xl/worksheets/_rels/sheet1.xml.rels=$d/sheet.rels"
}

# ods OUT LINKED: the sheet as an .ods, the links as text:a if LINKED.
ods() {
	local d=$tmp/o
	mkdir -p "$d"
	printf 'application/vnd.oasis.opendocument.spreadsheet' >"$d/mimetype"
	awk -v linked="$2" '
	    function esc(s) { gsub(/&/, "\\&amp;", s); return s }
	    BEGIN {
		printf "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><office:body><office:spreadsheet><table:table table:name=\"Games\">"
	    }
	    {
		cell = linked ? "<text:a xlink:href=\"" esc($0) "\">game " NR "</text:a>" : esc($0)
		printf "<table:table-row><table:table-cell office:value-type=\"date\" office:date-value=\"2021-03-14\"><text:p>2021-03-14</text:p></table:table-cell><table:table-cell office:value-type=\"string\"><text:p>player %d</text:p></table:table-cell><table:table-cell office:value-type=\"string\"><text:p>%s</text:p></table:table-cell></table:table-row>", NR, cell
	    }
	    END { printf "</table:table></office:spreadsheet></office:body></office:document-content>" }' \
	    "$tmp/links" >"$d/content"
	"$zip" "$1" "-mimetype=$d/mimetype" "content.xml=$d/content"
}

. "$top/bench/median-cpu.sh"

xlsx "$tmp/plain.xlsx" 0
xlsx "$tmp/linked.xlsx" 1
ods "$tmp/plain.ods" 0
ods "$tmp/linked.ods" 1
"$bin" -q -f legacy "$tmp/plain.xlsx" >"$tmp/plain.tsv" || true
"$bin" -q -f legacy "$tmp/linked.xlsx" >"$tmp/linked.tsv" || true

printf '%d rows, median of %d runs, CPU seconds; each workbook against\n' \
    "$n" "$runs"
printf 'the text bchess-pack writes of it, read in the same run\n'
for kind in plain linked; do
	base=$(median_cpu "$tmp/$kind.tsv")
	printf '%-7s text %6s s' "$kind" "$base"
	for f in xlsx ods; do
		t=$(median_cpu "$tmp/$kind.$f")
		printf '   .%s %6s s %5.1f x' "$f" "$t" \
		    "$(awk -v a="$t" -v b="$base" \
		    'BEGIN { print (b > 0 ? a / b : 0) }')"
	done
	printf '\n'
done

# Written back (-w): the work of the same reading and writing the ZIP
# again, with -q (no message, so the file is not read a second time for
# the places of its links) and without (every warning of the random
# games named at its cell, which reads it again).
printf '\n-w, against reading the same workbook without it:\n'
for kind in plain linked; do
	for f in xlsx ods; do
		base=$(median_cpu "$tmp/$kind.$f")
		t=$(median_cpu -w "$tmp/$kind.$f")
		u=$(quiet= median_cpu -w "$tmp/$kind.$f")
		printf '%-7s .%-4s read %6s s   -w -q %6s s %5.1f x   -w %6s s %5.1f x\n' \
		    "$kind" "$f" "$base" "$t" \
		    "$(awk -v a="$t" -v b="$base" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
		    "$u" "$(awk -v a="$u" -v b="$base" 'BEGIN { print (b > 0 ? a / b : 0) }')"
	done
done
