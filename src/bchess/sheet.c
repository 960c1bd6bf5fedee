/*
 * sheet.c: the sheets of a spreadsheet, an .xlsx file (Office Open XML,
 * as Excel and Google Sheets save it) or an .ods file (OpenDocument, as
 * LibreOffice saves it), as text: a line a row, its cells between tabs,
 * as the spreadsheets save "Text (tab-delimited)", for main.c to convert
 * the links in it as in any text.  book_read tells the format and
 * xlsx.c or ods.c reads it; this file writes each sheet as text, a cell
 * and a row at a time.  The text of a word processor's document, read
 * by docx.c or odt.c, is written the same way a line a paragraph.  package.c reads the archive's parts (zipread.c
 * unpacks them) and libxml2 their XML a node at a time, so no sheet is
 * held as a tree.
 *
 * A cell with a tab, a line break or a double quote in it is written
 * between double quotes, its quotes doubled.  Rows and cells keep their
 * places: the empty ones before a cell with a value are written empty,
 * those after the last are not written.  A cell's value is what the file
 * holds: the text of a text cell; in an .ods the text the sheet shows
 * for a number or a date; in an .xlsx, which stores no such text, a
 * number in a date or time format in ISO 8601 and any other as stored,
 * TRUE or FALSE, or an error such as #N/A.  A formula's cell has the
 * value the file keeps; comments and formulas are not read, but for the
 * address of a HYPERLINK formula.  A cell whose hyperlink's address its
 * text does not show is written with the address (link_text), so that
 * a link kept behind the words "game 1" is converted too.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

/* The file every Apple Numbers, Pages or Keynote file holds. */
#define IWORK_INDEX	"Index/Document.iwa"
#define IWORK_WHY	"an Apple Numbers, Pages or Keynote file, which is " \
			"not read (export it as .xlsx, .ods or CSV)"

/*
 * A cell of the row in hand, at column col (from 1): after the cells
 * written so far, a tab before each column between.
 */
int
put_cell(struct reader *rd, uint64_t col, const char *s, size_t len)
{
	struct writer *w = &rd->w;
	uint64_t tabs;
	size_t i;

	if (len == 0)
		return 0;
	if (col > SHEET_COLS_MAX)
		return part_fail(rd, "a cell beyond column %u",
		    (unsigned int)SHEET_COLS_MAX);
	if (col <= w->col)
		return part_fail(rd, "the cells of a row out of order");
	if (len > BOOK_TEXT_MAX / 2 || w->row.len + col - w->col + 2 * len +
	    2 > BOOK_TEXT_MAX)
		return part_fail(rd, "more than %u MB of text",
		    (unsigned int)(BOOK_TEXT_MAX >> 20));
	for (tabs = col - (w->col == 0 ? 1 : w->col); tabs > 0; tabs--)
		sb_addc(&w->row, '\t');
	w->col = col;
	for (i = 0; i < len; i++)
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ||
		    s[i] == '"')
			break;
	if (i == len) {
		sb_add(&w->row, s, len);
		return 0;
	}
	sb_addc(&w->row, '"');
	for (i = 0; i < len; i++) {
		if (s[i] == '"')
			sb_addc(&w->row, '"');
		sb_addc(&w->row, s[i]);
	}
	sb_addc(&w->row, '"');
	return 0;
}

/*
 * A cell of text s at row and column col, whose hyperlink opens address
 * (NULL if it has none): see link_text.  An address written that may
 * have been cut short (cut) is counted for a warning.
 */
int
put_linked(struct reader *rd, uint64_t row, uint64_t col, const char *s,
    size_t len, const char *address, size_t alen, int cut)
{
	if (address == NULL)
		return put_cell(rd, col, s, len);
	if (link_text(&rd->w.linked, s, len, address, alen) && cut)
		note_cell(&rd->cut, row);
	return put_cell(rd, col, rd->w.linked.s, rd->w.linked.len);
}

/*
 * The end of a link in the text in hand (a cell's or a paragraph's),
 * whose text began at byte at: its address after it, as link_text says.
 */
void
put_link_at(struct reader *rd, size_t at, const char *address, size_t alen)
{
	struct strbuf *cell = &rd->w.cell;

	if (at > cell->len)
		at = 0;
	/* An empty text may be the NULL of an empty strbuf. */
	link_text(&rd->w.linked, cell->s != NULL ? cell->s + at : "",
	    cell->len - at, address, alen);
	cell->len = at;
	sb_add(cell, rd->w.linked.s, rd->w.linked.len);
}

/* A cell at row for a warning, counted. */
void
note_cell(struct cells_note *note, uint64_t row)
{
	if (note->n++ == 0)
		note->row = row;
}

/*
 * A line of a document's text (see docx.c and odt.c), as it is: a line
 * of text is not a row of cells, and is not quoted.
 */
int
put_line(struct reader *rd, const char *s, size_t len)
{
	struct writer *w = &rd->w;

	if (len >= BOOK_TEXT_MAX - rd->done - w->text.len)
		return part_fail(rd, "more than %u MB of text",
		    (unsigned int)(BOOK_TEXT_MAX >> 20));
	sb_add(&w->text, s, len);
	sb_addc(&w->text, '\n');
	w->rows++;
	return 0;
}

/*
 * End the row in hand, row number row (from 1), as many times as
 * repeat: after the rows written so far, an empty line for each row
 * between.  A row with no cell writes nothing.
 */
int
put_row(struct reader *rd, uint64_t row, uint64_t repeat)
{
	struct writer *w = &rd->w;
	uint64_t k;

	if (w->col == 0)
		return 0;
	if (row <= w->rows)
		return part_fail(rd, "the rows out of order");
	if (row > SHEET_ROWS_MAX || repeat > SHEET_ROWS_MAX - row + 1)
		return part_fail(rd, "a row beyond row %u",
		    (unsigned int)SHEET_ROWS_MAX);
	if ((w->row.len + 1) * repeat + (row - w->rows) > BOOK_TEXT_MAX -
	    rd->done - w->text.len)
		return part_fail(rd, "more than %u MB of text",
		    (unsigned int)(BOOK_TEXT_MAX >> 20));
	for (; w->rows + 1 < row; w->rows++)
		sb_addc(&w->text, '\n');
	for (k = 0; k < repeat; k++) {
		sb_add(&w->text, w->row.s, w->row.len);
		sb_addc(&w->text, '\n');
	}
	w->rows = row + repeat - 1;
	sb_clear(&w->row);
	w->col = 0;
	return 0;
}

void
sheet_begin(struct reader *rd)
{
	sb_clear(&rd->w.text);
	sb_clear(&rd->w.row);
	rd->w.rows = 0;
	rd->w.col = 0;
	memset(&rd->computed, 0, sizeof(rd->computed));
	memset(&rd->cut, 0, sizeof(rd->cut));
	memset(&rd->commented, 0, sizeof(rd->commented));
}

void
sheet_end(struct reader *rd, const char *name)
{
	struct book *b = rd->book;
	struct sheet *s;

	b->sheet = xreallocarray(b->sheet, b->n + 1, sizeof(*b->sheet));
	s = &b->sheet[b->n++];
	/* A document's text has no name of its own. */
	if (name == DOCUMENT_TEXT)
		s->name = NULL;
	else
		s->name = xstrdup(name != NULL && *name != '\0' ? name : "?");
	s->len = rd->w.text.len;
	rd->done += s->len;
	s->text = rd->w.text.s != NULL ? rd->w.text.s : xstrdup("");
	s->computed = rd->computed;
	s->cut = rd->cut;
	s->commented = rd->commented;
	memset(&rd->w.text, 0, sizeof(rd->w.text));
}

/*
 * Read the spreadsheet in the ZIP archive data into book: 0; BOOK_NONE
 * if the archive is no document of an office suite; BOOK_DOCUMENT, with
 * why set to what it is, if it is one that is no .xlsx or .ods (a text
 * or a presentation, whose XML is no text of lines); or -1 with why set
 * to what is wrong with it (the part that is, first).
 */
int
book_read(const char *data, size_t len, struct book *book, char *why,
    size_t whylen)
{
	struct reader rd;
	size_t index;
	char *workbook;
	int status;

	memset(book, 0, sizeof(*book));
	memset(&rd, 0, sizeof(rd));
	rd.book = book;
	rd.why = why;
	rd.whylen = whylen;
	why[0] = '\0';
	if (zr_open(&rd.zr, data, len, why, whylen) == -1)
		return -1;
	status = BOOK_NONE;
	if (zr_find(&rd.zr, "mimetype", &index) == 0) {
		if (part_read(&rd, "mimetype") == -1) {
			status = -1;
		} else if (strncmp(rd.part.s, ODS_MIMETYPE,
		    strlen(ODS_MIMETYPE)) == 0) {
			status = ods_read(&rd);
		} else if (strncmp(rd.part.s, ODT_MIMETYPE,
		    strlen(ODT_MIMETYPE)) == 0 &&
		    rd.part.s[strlen(ODT_MIMETYPE)] == '\0') {
			status = odt_read(&rd);
		} else {
			snprintf(why, whylen, "a document of type %s, which "
			    "is not read as text (-w writes it back, its links "
			    "converted)", excerpt(rd.part.s, rd.part.len));
			status = BOOK_DOCUMENT;
		}
	} else if (zr_find(&rd.zr, "_rels/.rels", &index) == 0) {
		workbook = rels_target(&rd, "_rels/.rels", "", NULL,
		    "/officeDocument");
		if (workbook == NULL && why[0] != '\0') {
			status = -1;
		} else if (workbook != NULL && strlen(workbook) >= 12 &&
		    strcasecmp(workbook + strlen(workbook) - 12,
		    "workbook.xml") == 0) {
			status = xlsx_read(&rd, workbook);
		} else if (workbook != NULL && strlen(workbook) >= 12 &&
		    strcasecmp(workbook + strlen(workbook) - 12,
		    "document.xml") == 0) {
			status = docx_read(&rd, workbook);
		} else if (workbook != NULL) {
			snprintf(why, whylen, "an Office document that is "
			    "neither a workbook nor a text (%s), which is not "
			    "read as text (-w writes it back, its links "
			    "converted)",
			    excerpt(workbook, strlen(workbook)));
			status = BOOK_DOCUMENT;
		}
		free(workbook);
	} else if (zr_find(&rd.zr, IWORK_INDEX, &index) == 0) {
		snprintf(why, whylen, "%s", IWORK_WHY);
		status = BOOK_DOCUMENT;
	}
	zr_close(&rd.zr);
	sb_free(&rd.part);
	sb_free(&rd.strings);
	sb_free(&rd.w.text);
	sb_free(&rd.w.row);
	sb_free(&rd.w.cell);
	sb_free(&rd.w.linked);
	sb_free(&rd.formula);
	sb_free(&rd.address);
	links_free(&rd.links);
	free(rd.shared_link);
	free(rd.string_at);
	free(rd.style_shows);
	if (status != 0)
		book_free(book);
	return status;
}

/*
 * What the ZIP archive in data is, its parts not read: BOOK_UNREAD, with
 * why set, for an Apple Numbers, Pages or Keynote file, whose text is
 * packed where no link can be seen; BOOK_SHEETS for a spreadsheet (an
 * .xlsx's xl/workbook.xml, an .ods's mimetype); BOOK_DOCUMENT for
 * another document of an office suite or an e-book (an OpenDocument's
 * mimetype, an Office file's [Content_Types].xml, as EPUB and Office
 * have them); BOOK_NONE
 * for any other archive, or one that cannot be opened (whose reader
 * says why).
 */
int
book_kind(const char *data, size_t len, char *why, size_t whylen)
{
	static const char ods[] =
	    "application/vnd.oasis.opendocument.spreadsheet";
	struct zipread zr;
	struct strbuf mime = { NULL, 0, 0 };
	size_t index;
	int kind = BOOK_NONE;

	if (zr_open(&zr, data, len, why, whylen) == -1)
		return BOOK_NONE;
	if (zr_find(&zr, IWORK_INDEX, &index) == 0) {
		snprintf(why, whylen, "%s", IWORK_WHY);
		kind = BOOK_UNREAD;
	} else if (zr_find(&zr, "xl/workbook.xml", &index) == 0)
		kind = BOOK_SHEETS;
	else if (zr_find(&zr, "mimetype", &index) == 0) {
		kind = BOOK_DOCUMENT;
		if (zr_read(&zr, index, 256, &mime, why, whylen) == 0 &&
		    mime.len == sizeof(ods) - 1 &&
		    memcmp(mime.s, ods, mime.len) == 0)
			kind = BOOK_SHEETS;
		sb_free(&mime);
	} else if (zr_find(&zr, "[Content_Types].xml", &index) == 0)
		kind = BOOK_DOCUMENT;
	zr_close(&zr);
	return kind;
}

void
book_free(struct book *book)
{
	size_t i;

	for (i = 0; i < book->n; i++) {
		free(book->sheet[i].name);
		free(book->sheet[i].text);
	}
	free(book->sheet);
	memset(book, 0, sizeof(*book));
}
