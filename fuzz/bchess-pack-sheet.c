/* fuzz-sources: src/bchess/sheet.c src/bchess/package.c src/bchess/xlsx.c src/bchess/ods.c src/bchess/docx.c src/bchess/odt.c src/bchess/hyperlink.c */
/*
 * bchess-pack-sheet.c: libFuzzer harness for the spreadsheet reader.
 * Any input is read as a ZIP archive without a crash, a leak or a
 * sheet past the limits.  Since the fuzzer seldom makes a ZIP archive
 * whose deflated XML means anything, an input whose first byte is 'x'
 * or 'o' is made into one: the rest of it, stored, as the only sheet of
 * an .xlsx (its shared strings the first 200 bytes, if the second byte
 * is odd; with relationships of hyperlinks for <hyperlink r:id="h1">
 * to "h3", if its bit 2 is set) or as the content.xml of an .ods; and
 * one whose first byte is 'd' or 't' as the main part of a .docx (with
 * the same relationships) or the content.xml of an .odt.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

#include "gf.h"
#include "bchess.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char rels[] = "<Relationships><Relationship Id=\"r\" "
    "Type=\"x/officeDocument\" Target=\"xl/workbook.xml\"/>"
    "</Relationships>";
static const char docx_rels[] = "<Relationships><Relationship Id=\"r\" "
    "Type=\"x/officeDocument\" Target=\"word/document.xml\"/>"
    "</Relationships>";
static const char workbook[] = "<workbook><sheets><sheet name=\"S\" "
    "r:id=\"rId1\" xmlns:r=\"r\"/></sheets></workbook>";
static const char workbook_rels[] = "<Relationships><Relationship "
    "Id=\"rId1\" Type=\"x/worksheet\" Target=\"s.xml\"/><Relationship "
    "Id=\"rId2\" Type=\"x/sharedStrings\" Target=\"t.xml\"/>"
    "</Relationships>";

/* A short address, one as LibreOffice cuts a longer one, one with #. */
static const char sheet_rels[] = "<Relationships><Relationship Id=\"h1\" "
    "Type=\"x/hyperlink\" Target=\"https://www.joonas.io/buffalo-chess/"
    "?l=m-4-4-3-5-0,e-l\"/><Relationship Id=\"h2\" Type=\"x/hyperlink\" "
    "Target=\"https://www.joonas.io/buffalo-chess/?l=m-4-4-3-3-0,m-1-7-2-"
    "7-0,m-4-5-4-7-0,m-2-7-3-7-0,m-3-3-3-2-0,m-1-6-2-6-0,m-4-3-4-6-0,m-2-"
    "6-3-6-0,m-3-2-3-3-0,m-1-5-2-5-0,m-3-3-3-4-0,m-1-1-2-1-0,m-3-4-2-5-1,"
    "m-2-1-3-1-0,m-4-6-4-1-0,m-1-2-2-2-0,m-2-5-3-6-1,m-2-2-3-2-0,\"/>"
    "<Relationship Id=\"h3\" Type=\"x/hyperlink\" Target=\"x#y\"/>"
    "</Relationships>";

static void	 add(zip_t *, const char *, const void *, size_t);
static void	 check(const struct book *);

static void
add(zip_t *za, const char *name, const void *data, size_t len)
{
	zip_source_t *src;
	zip_int64_t i;

	src = zip_source_buffer(za, data, len, 0);
	if (src == NULL || (i = zip_file_add(za, name, src, 0)) == -1)
		abort();
	zip_set_file_compression(za, (zip_uint64_t)i, ZIP_CM_STORE, 0);
}

/* The sheets' text is within the limit, each ending in a line end. */
static void
check(const struct book *b)
{
	size_t i, total = 0;

	for (i = 0; i < b->n; i++) {
		total += b->sheet[i].len;
		if (total > BOOK_TEXT_MAX)
			abort();
		if (b->sheet[i].len > 0 &&
		    b->sheet[i].text[b->sheet[i].len - 1] != '\n')
			abort();
		if (strlen(b->sheet[i].text) != b->sheet[i].len)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	zip_source_t *src;
	zip_error_t ze;
	zip_t *za;
	zip_stat_t st;
	struct book b;
	char why[256], *buf = NULL;
	size_t len = size, split;

	if (size >= 2 && data[0] != 0 && strchr("xotd", data[0]) != NULL) {
		zip_error_init(&ze);
		src = zip_source_buffer_create(NULL, 0, 0, &ze);
		if (src == NULL || (za = zip_open_from_source(src,
		    ZIP_TRUNCATE, &ze)) == NULL)
			abort();
		zip_source_keep(src);
		if (data[0] == 'o' || data[0] == 't') {
			add(za, "mimetype", data[0] == 'o' ?
			    "application/vnd.oasis.opendocument.spreadsheet" :
			    "application/vnd.oasis.opendocument.text",
			    data[0] == 'o' ? 46 : 39);
			add(za, "content.xml", data + 1, size - 1);
		} else if (data[0] == 'd') {
			add(za, "_rels/.rels", docx_rels,
			    sizeof(docx_rels) - 1);
			add(za, "word/document.xml", data + 1, size - 1);
			add(za, "word/_rels/document.xml.rels", sheet_rels,
			    sizeof(sheet_rels) - 1);
		} else {
			split = (data[1] & 1) && size > 202 ? 202 : 2;
			add(za, "_rels/.rels", rels, sizeof(rels) - 1);
			add(za, "xl/workbook.xml", workbook,
			    sizeof(workbook) - 1);
			add(za, "xl/_rels/workbook.xml.rels", workbook_rels,
			    sizeof(workbook_rels) - 1);
			add(za, "xl/s.xml", data + split, size - split);
			if (split > 2)
				add(za, "xl/t.xml", data + 2, split - 2);
			if (data[1] & 2)
				add(za, "xl/_rels/s.xml.rels", sheet_rels,
				    sizeof(sheet_rels) - 1);
		}
		if (zip_close(za) == -1 || zip_source_open(src) == -1 ||
		    zip_source_stat(src, &st) == -1)
			abort();
		len = (size_t)st.size;
		buf = malloc(len > 0 ? len : 1);
		if (buf == NULL || zip_source_read(src, buf, len) !=
		    (zip_int64_t)len)
			abort();
		zip_source_close(src);
		zip_source_free(src);
		zip_error_fini(&ze);
		data = (const uint8_t *)buf;
	}
	if (book_read((const char *)data, len, &b, why, sizeof(why)) == 0) {
		check(&b);
		book_free(&b);
	} else if (b.n != 0 || b.sheet != NULL) {
		abort();	/* a book not read is left empty */
	}
	free(buf);
	return 0;
}
