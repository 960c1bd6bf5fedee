/*
 * sheet.c: the sheets of a spreadsheet, an .xlsx file (Office Open XML,
 * as Excel and Google Sheets save it) or an .ods file (OpenDocument, as
 * LibreOffice saves it), as text: a line a row, its cells between tabs,
 * as the spreadsheets save "Text (tab-delimited)", for main.c to convert
 * the links in it as in any text.  zipread.c opens the archive and
 * libxml2 reads its XML a node at a time, so no sheet is held as a tree.
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

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"

#define ODS_MIMETYPE	"application/vnd.oasis.opendocument.spreadsheet"
#define NS_TABLE	"urn:oasis:names:tc:opendocument:xmlns:table:1.0"
#define NS_TEXT		"urn:oasis:names:tc:opendocument:xmlns:text:1.0"
#define NS_OFFICE	"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
#define NS_XLINK	"http://www.w3.org/1999/xlink"

/* The sheet being written out as text. */
struct writer {
	struct strbuf	 text;		/* its lines so far */
	struct strbuf	 row;		/* the row in hand */
	struct strbuf	 cell;		/* the cell in hand */
	struct strbuf	 linked;	/* a cell with its hyperlink */
	uint64_t	 rows;		/* rows written, empty ones too */
	uint64_t	 col;		/* column of the row's last cell */
};

/* A spreadsheet being read. */
struct reader {
	struct zipread	 zr;
	struct book	*book;
	struct writer	 w;
	struct strbuf	 part;		/* the part being read */
	const char	*partname;
	char		*why;		/* what is wrong, for the caller */
	size_t		 whylen;
	struct strbuf	 strings;	/* an .xlsx's shared strings */
	size_t		*string_at;	/* where each starts in strings */
	size_t		 nstrings;
	uint64_t	 done;		/* bytes of the sheets read before */
	uint8_t		*style_shows;	/* SHOWS_* of each cell style */
	size_t		 nstyles;
	int		 date1904;	/* its days count from 1904 */
	struct links	 links;		/* the sheet's hyperlinks */
	struct strbuf	 formula;	/* the formula of the cell in hand */
	struct strbuf	 address;	/* the address of a HYPERLINK formula */
	uint8_t		*shared_link;	/* shared formulas that are HYPERLINKs */
	size_t		 nshared;
	struct cells_note computed;	/* HYPERLINK formulas not read */
	struct cells_note cut;		/* addresses that may be cut short */
};

/* A relationship of an .xlsx part: the Id and the target of a link. */
struct rel {
	char		*id, *target;
};

/* What the number format of an .xlsx cell shows of a serial day number. */
#define SHOWS_DATE	1
#define SHOWS_TIME	2
#define SHOWS_SECONDS	4
#define FORMATS_BUILTIN	164	/* number formats below are built in */

static int	 fail(struct reader *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
static int	 part_read(struct reader *, const char *);
static xmlTextReaderPtr part_xml(struct reader *);
static int	 xml_next(struct reader *, xmlTextReaderPtr, int *);
static int	 is_text_node(int);
static int	 opens(xmlTextReaderPtr, int);
static int	 named(xmlTextReaderPtr, const char *, const char *);
static char	*attribute(xmlTextReaderPtr, const char *, const char *);
static uint64_t	 attribute_count(xmlTextReaderPtr, const char *,
		    const char *, uint64_t);
static void	 add_xstring(struct strbuf *, const char *, size_t);
static int	 put_cell(struct reader *, uint64_t, const char *, size_t);
static int	 put_linked(struct reader *, uint64_t, uint64_t, const char *,
		    size_t, const char *, size_t, int);
static void	 note_cell(struct cells_note *, uint64_t);
static int	 put_row(struct reader *, uint64_t, uint64_t);
static void	 sheet_begin(struct reader *);
static void	 sheet_end(struct reader *, const char *);
static void	 rels_of(const char *, struct strbuf *, struct strbuf *);
static char	*rels_target(struct reader *, const char *, const char *,
		    const char *, const char *);
static int	 xlsx_strings(struct reader *, const char *);
static int	 format_shows(const char *);
static int	 builtin_shows(unsigned long);
static int	 xlsx_styles(struct reader *, const char *);
static size_t	 serial_date(char *, size_t, double, int, int);
static int	 xlsx_cell_ref(const char *, uint64_t *, uint64_t *);
static ssize_t	 rels_links(struct reader *, const char *, struct rel **);
static int	 rel_order(const void *, const void *);
static void	 rels_free(struct rel *, size_t);
static int	 xlsx_link(struct reader *, xmlTextReaderPtr, const struct rel *,
		    size_t);
static int	 xlsx_links(struct reader *, const char *);
static int	 xlsx_formula(struct reader *, const char *, uint64_t);
static int	 xlsx_cell_text(struct reader *, const char *,
		    const struct strbuf *, unsigned long, const char **,
		    size_t *);
static int	 xlsx_cell(struct reader *, const char *, const struct strbuf *,
		    unsigned long, uint64_t, uint64_t, const char *);
static int	 xlsx_sheet(struct reader *, const char *, const char *);
static int	 xlsx_read(struct reader *, const char *);
static void	 ods_text(struct strbuf *, const char *, int *);
static int	 ods_read(struct reader *);

static int
fail(struct reader *rd, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (rd->partname != NULL)
		n = snprintf(rd->why, rd->whylen, "%s: ", rd->partname);
	if (n < 0 || (size_t)n >= rd->whylen)
		n = 0;
	va_start(ap, fmt);
	vsnprintf(rd->why + n, rd->whylen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Unpack the part name (the names of Office Open XML are told without
 * regard to case) into rd->part: 0, or -1 with rd->why set if it is
 * missing, encrypted, damaged or larger than ZIP_FILE_MAX.
 */
static int
part_read(struct reader *rd, const char *name)
{
	char why[200];
	size_t index;

	rd->partname = name;
	if (zr_find(&rd->zr, name, &index) == -1)
		return fail(rd, "missing from the archive");
	if (zr_read(&rd->zr, index, ZIP_FILE_MAX, &rd->part, why,
	    sizeof(why)) == -1)
		return fail(rd, "%s", why);
	return 0;
}

/* A reader of rd->part's XML: no DTD, no network, no error printed. */
static xmlTextReaderPtr
part_xml(struct reader *rd)
{
	xmlTextReaderPtr x;

	if (rd->part.len > INT_MAX) {
		fail(rd, "too large");
		return NULL;
	}
	x = xmlReaderForMemory(rd->part.s, (int)rd->part.len, NULL, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (x == NULL)
		fail(rd, "not XML");
	return x;
}

/*
 * The next node of x: 1 with its type in *type, 0 at the end, -1 with
 * rd->why set if the XML is not well-formed or holds a DTD (whose
 * entities could swell it).
 */
static int
xml_next(struct reader *rd, xmlTextReaderPtr x, int *type)
{
	const char *why;
	int rc;

	xml_error_begin();
	rc = xmlTextReaderRead(x);
	why = xml_error_end();
	if (rc == -1)
		return fail(rd, "%s", why != NULL ? why :
		    "not well-formed XML");
	if (rc == 0)
		return 0;
	*type = xmlTextReaderNodeType(x);
	if (*type == XML_READER_TYPE_DOCUMENT_TYPE)
		return fail(rd, "a DTD, which is not read");
	return 1;
}

static int
is_text_node(int type)
{
	return type == XML_READER_TYPE_TEXT ||
	    type == XML_READER_TYPE_CDATA ||
	    type == XML_READER_TYPE_WHITESPACE ||
	    type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE;
}

/*
 * Does the node of type t open an element with content?  (An element
 * written <e/> has no end; the end of one is type END_ELEMENT.)
 */
static int
opens(xmlTextReaderPtr x, int t)
{
	return t == XML_READER_TYPE_ELEMENT && !xmlTextReaderIsEmptyElement(x);
}

/* Is the node an element named local, in namespace ns if not NULL? */
static int
named(xmlTextReaderPtr x, const char *ns, const char *local)
{
	const xmlChar *n, *u;

	n = xmlTextReaderConstLocalName(x);
	if (n == NULL || strcmp((const char *)n, local) != 0)
		return 0;
	if (ns == NULL)
		return 1;
	u = xmlTextReaderConstNamespaceUri(x);
	return u != NULL && strcmp((const char *)u, ns) == 0;
}

/*
 * The element's attribute local in namespace ns (NULL: no namespace; ""
 * any namespace but none), to be freed, or NULL.
 */
static char *
attribute(xmlTextReaderPtr x, const char *ns, const char *local)
{
	const xmlChar *n, *u;
	char *v = NULL;

	if (ns == NULL)
		return (char *)xmlTextReaderGetAttribute(x, BAD_CAST local);
	if (*ns != '\0')
		return (char *)xmlTextReaderGetAttributeNs(x, BAD_CAST local,
		    BAD_CAST ns);
	if (xmlTextReaderMoveToFirstAttribute(x) != 1)
		return NULL;
	do {
		n = xmlTextReaderConstLocalName(x);
		u = xmlTextReaderConstNamespaceUri(x);
		if (n != NULL && u != NULL && strcmp((const char *)n,
		    local) == 0) {
			v = (char *)xmlTextReaderValue(x);
			break;
		}
	} while (xmlTextReaderMoveToNextAttribute(x) == 1);
	xmlTextReaderMoveToElement(x);
	return v;
}

/* A count the element gives in an attribute: 1 if none, at most max. */
static uint64_t
attribute_count(xmlTextReaderPtr x, const char *ns, const char *local,
    uint64_t max)
{
	char *v, *end;
	unsigned long long n;

	if ((v = attribute(x, ns, local)) == NULL)
		return 1;
	n = strtoull(v, &end, 10);
	if (end == v || *end != '\0' || n == 0)
		n = 1;
	xmlFree(v);
	return n > max ? max : n;
}

/*
 * Text of an .xlsx, whose characters XML cannot hold are written
 * _xHHHH_ (and a "_x" that is text, _x005F_x); _x0000_ stays as it is,
 * for a NUL is no text.
 */
static void
add_xstring(struct strbuf *sb, const char *s, size_t len)
{
	size_t i, start = 0;
	unsigned int c, k;
	char u[4];

	if (len == 0)
		return;		/* s may be the NULL of an empty strbuf */
	for (i = 0; i + 7 <= len; i++) {
		if (s[i] != '_' || s[i + 1] != 'x' || s[i + 6] != '_')
			continue;
		for (c = 0, k = 2; k < 6; k++) {
			if (s[i + k] >= '0' && s[i + k] <= '9')
				c = c * 16 + (unsigned int)(s[i + k] - '0');
			else if ((s[i + k] | 0x20) >= 'a' &&
			    (s[i + k] | 0x20) <= 'f')
				c = c * 16 + (unsigned int)((s[i + k] | 0x20) -
				    'a' + 10);
			else
				break;
		}
		if (k < 6 || c == 0 || (c >= 0xd800 && c <= 0xdfff))
			continue;
		sb_add(sb, s + start, i - start);
		if (c < 0x80) {
			sb_addc(sb, (char)c);
		} else if (c < 0x800) {
			u[0] = (char)(0xc0 | c >> 6);
			u[1] = (char)(0x80 | (c & 0x3f));
			sb_add(sb, u, 2);
		} else {
			u[0] = (char)(0xe0 | c >> 12);
			u[1] = (char)(0x80 | (c >> 6 & 0x3f));
			u[2] = (char)(0x80 | (c & 0x3f));
			sb_add(sb, u, 3);
		}
		i += 6;
		start = i + 1;
	}
	sb_add(sb, s + start, len - start);
}

/*
 * A cell of the row in hand, at column col (from 1): after the cells
 * written so far, a tab before each column between.
 */
static int
put_cell(struct reader *rd, uint64_t col, const char *s, size_t len)
{
	struct writer *w = &rd->w;
	uint64_t tabs;
	size_t i;

	if (len == 0)
		return 0;
	if (col > SHEET_COLS_MAX)
		return fail(rd, "a cell beyond column %u",
		    (unsigned int)SHEET_COLS_MAX);
	if (col <= w->col)
		return fail(rd, "the cells of a row out of order");
	if (len > BOOK_TEXT_MAX / 2 || w->row.len + col - w->col + 2 * len +
	    2 > BOOK_TEXT_MAX)
		return fail(rd, "more than %u MB of text",
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
static int
put_linked(struct reader *rd, uint64_t row, uint64_t col, const char *s,
    size_t len, const char *address, size_t alen, int cut)
{
	if (address == NULL)
		return put_cell(rd, col, s, len);
	if (link_text(&rd->w.linked, s, len, address, alen) && cut)
		note_cell(&rd->cut, row);
	return put_cell(rd, col, rd->w.linked.s, rd->w.linked.len);
}

/* A cell at row for a warning, counted. */
static void
note_cell(struct cells_note *note, uint64_t row)
{
	if (note->n++ == 0)
		note->row = row;
}

/*
 * End the row in hand, row number row (from 1), as many times as
 * repeat: after the rows written so far, an empty line for each row
 * between.  A row with no cell writes nothing.
 */
static int
put_row(struct reader *rd, uint64_t row, uint64_t repeat)
{
	struct writer *w = &rd->w;
	uint64_t k;

	if (w->col == 0)
		return 0;
	if (row <= w->rows)
		return fail(rd, "the rows out of order");
	if (row > SHEET_ROWS_MAX || repeat > SHEET_ROWS_MAX - row + 1)
		return fail(rd, "a row beyond row %u",
		    (unsigned int)SHEET_ROWS_MAX);
	if ((w->row.len + 1) * repeat + (row - w->rows) > BOOK_TEXT_MAX -
	    rd->done - w->text.len)
		return fail(rd, "more than %u MB of text",
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

static void
sheet_begin(struct reader *rd)
{
	sb_clear(&rd->w.text);
	sb_clear(&rd->w.row);
	rd->w.rows = 0;
	rd->w.col = 0;
	memset(&rd->computed, 0, sizeof(rd->computed));
	memset(&rd->cut, 0, sizeof(rd->cut));
}

/* The sheet written, under its name, into the book. */
static void
sheet_end(struct reader *rd, const char *name)
{
	struct book *b = rd->book;
	struct sheet *s;

	b->sheet = xreallocarray(b->sheet, b->n + 1, sizeof(*b->sheet));
	s = &b->sheet[b->n++];
	s->name = xstrdup(name != NULL && *name != '\0' ? name : "?");
	s->len = rd->w.text.len;
	rd->done += s->len;
	s->text = rd->w.text.s != NULL ? rd->w.text.s : xstrdup("");
	s->computed = rd->computed;
	s->cut = rd->cut;
	memset(&rd->w.text, 0, sizeof(rd->w.text));
}

/*
 * The relationships part of the .xlsx part name into rels, and the
 * folder of name into dir: xl/workbook.xml's are xl/_rels/workbook.xml.rels,
 * and the part names they give are relative to xl/.
 */
static void
rels_of(const char *name, struct strbuf *rels, struct strbuf *dir)
{
	const char *slash = strrchr(name, '/');
	size_t n = slash != NULL ? (size_t)(slash + 1 - name) : 0;

	sb_clear(rels);
	sb_add(rels, name, n);
	sb_add(rels, "_rels/", 6);
	sb_add(rels, name + n, strlen(name + n));
	sb_add(rels, ".rels", 5);
	sb_clear(dir);
	sb_add(dir, name, n);
}

/*
 * From the relationships part rels, the target of the relationship
 * whose Id is id, or (id NULL) whose Type ends in type, as a part name:
 * relative to the folder dir unless it starts with '/'.  NULL if there
 * is none; to be freed.
 */
static char *
rels_target(struct reader *rd, const char *rels, const char *dir,
    const char *id, const char *type)
{
	xmlTextReaderPtr x;
	struct strbuf target = { NULL, 0, 0 };
	char *v, *found = NULL;
	size_t n;
	int t, rc;

	if (part_read(rd, rels) == -1 || (x = part_xml(rd)) == NULL)
		return NULL;
	while (found == NULL && (rc = xml_next(rd, x, &t)) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !named(x, NULL, "Relationship"))
			continue;
		v = attribute(x, NULL, id != NULL ? "Id" : "Type");
		n = v != NULL ? strlen(v) : 0;
		if (v != NULL && (id != NULL ? strcmp(v, id) == 0 :
		    n >= strlen(type) &&
		    strcmp(v + n - strlen(type), type) == 0))
			found = attribute(x, NULL, "Target");
		xmlFree(v);
	}
	xmlFreeTextReader(x);
	if (found == NULL)
		return NULL;
	if (found[0] != '/')
		sb_add(&target, dir, strlen(dir));
	sb_add(&target, found + (found[0] == '/'),
	    strlen(found) - (found[0] == '/'));
	xmlFree(found);
	return target.s;
}

/*
 * The shared strings of an .xlsx, from the part name: the text of each
 * <si>, its runs put together, without the phonetic guides of <rPh>.
 */
static int
xlsx_strings(struct reader *rd, const char *name)
{
	xmlTextReaderPtr x;
	size_t cap = 0;
	int t, rc, in_t = 0, in_rph = 0;

	if (part_read(rd, name) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t == XML_READER_TYPE_ELEMENT && named(x, NULL, "si")) {
			if (rd->nstrings == cap) {
				cap = cap == 0 ? 1024 : cap * 2;
				rd->string_at = xreallocarray(rd->string_at,
				    cap + 1, sizeof(*rd->string_at));
			}
			rd->string_at[rd->nstrings++] = rd->strings.len;
		} else if (named(x, NULL, "rPh")) {
			in_rph = opens(x, t);
		} else if (named(x, NULL, "t")) {
			in_t = opens(x, t);
		} else if (is_text_node(t) && in_t && !in_rph &&
		    rd->nstrings > 0) {
			add_xstring(&rd->strings,
			    (const char *)xmlTextReaderConstValue(x),
			    strlen((const char *)xmlTextReaderConstValue(x)));
		}
	}
	xmlFreeTextReader(x);
	if (rc == -1)
		return -1;
	if (rd->string_at != NULL)
		rd->string_at[rd->nstrings] = rd->strings.len;
	sb_add(&rd->strings, "", 0);
	return 0;
}

/*
 * What a number format code shows of a serial day number (SHOWS_*): in
 * its first section, outside quotes, escapes and [brackets], y or d is
 * a date, h or s a time (m alone a month).  Elapsed time ([h]:mm) and
 * other codes show a number.
 */
static int
format_shows(const char *code)
{
	int shows = 0, month = 0, c;

	for (; *code != '\0' && *code != ';'; code++) {
		c = *code >= 'A' && *code <= 'Z' ? *code - 'A' + 'a' : *code;
		if (c == '"') {
			if ((code = strchr(code + 1, '"')) == NULL)
				break;
		} else if (c == '\\' || c == '_' || c == '*') {
			if (*++code == '\0')
				break;
		} else if (c == '[') {
			if (code[1] != '\0' && strchr("hHmMsS", code[1]) !=
			    NULL && (code[2] == ']' || code[2] == code[1]))
				return 0;
			if ((code = strchr(code, ']')) == NULL)
				break;
		} else if (c == 'y' || c == 'd') {
			shows |= SHOWS_DATE;
		} else if (c == 'm') {
			month = 1;
		} else if (c == 'h') {
			shows |= SHOWS_TIME;
		} else if (c == 's') {
			shows |= SHOWS_TIME | SHOWS_SECONDS;
		}
	}
	/* m beside h or s is minutes, and a month otherwise. */
	if (month && !(shows & SHOWS_TIME))
		shows |= SHOWS_DATE;
	return shows;
}

/*
 * What a built-in number format shows: 14 to 17 dates, 18 to 21 times
 * (19 and 21 with seconds), 22 both, 27 to 36 and 50 to 58 the dates of
 * East Asian locales; 45 to 47 are elapsed time, a number.
 */
static int
builtin_shows(unsigned long id)
{
	if ((id >= 14 && id <= 17) || (id >= 27 && id <= 36) ||
	    (id >= 50 && id <= 58))
		return SHOWS_DATE;
	if (id == 18 || id == 20)
		return SHOWS_TIME;
	if (id == 19 || id == 21)
		return SHOWS_TIME | SHOWS_SECONDS;
	if (id == 22)
		return SHOWS_DATE | SHOWS_TIME;
	return 0;
}

/*
 * The number formats of an .xlsx's cell styles (<cellXfs>), from its
 * styles part name: which show a date or a time.
 */
static int
xlsx_styles(struct reader *rd, const char *name)
{
	xmlTextReaderPtr x;
	unsigned long *ids = NULL, id;
	uint8_t *shows = NULL;
	char *v, *code;
	size_t nfmt = 0, cap = 0, i;
	int t, rc, in_xfs = 0;

	if (part_read(rd, name) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (named(x, NULL, "cellXfs")) {
			in_xfs = opens(x, t);
			continue;
		}
		if (t != XML_READER_TYPE_ELEMENT)
			continue;
		v = attribute(x, NULL, "numFmtId");
		id = v != NULL ? strtoul(v, NULL, 10) : 0;
		xmlFree(v);
		if (named(x, NULL, "numFmt") && id >= FORMATS_BUILTIN) {
			code = attribute(x, NULL, "formatCode");
			ids = xreallocarray(ids, nfmt + 1, sizeof(*ids));
			shows = xreallocarray(shows, nfmt + 1, sizeof(*shows));
			ids[nfmt] = id;
			shows[nfmt++] = (uint8_t)format_shows(code != NULL ?
			    code : "");
			xmlFree(code);
		} else if (in_xfs && named(x, NULL, "xf")) {
			if (rd->nstyles == cap) {
				cap = cap == 0 ? 64 : cap * 2;
				rd->style_shows = xreallocarray(
				    rd->style_shows, cap, 1);
			}
			rd->style_shows[rd->nstyles] = (uint8_t)builtin_shows(id);
			for (i = 0; id >= FORMATS_BUILTIN && i < nfmt; i++)
				if (ids[i] == id)
					rd->style_shows[rd->nstyles] = shows[i];
			rd->nstyles++;
		}
	}
	xmlFreeTextReader(x);
	free(ids);
	free(shows);
	return rc == -1 ? -1 : 0;
}

/*
 * A serial day number as ISO 8601 text into buf: the date, the time
 * (to the minute, or the second if shows says so), or both.  Day 1 is
 * 1900-01-01 and day 60 the 1900-02-29 that Excel counts and the
 * calendar has not; with date1904, day 0 is 1904-01-01.  0 if the
 * number is no date from 1900 to 9999.
 */
static size_t
serial_date(char *buf, size_t size, double v, int shows, int date1904)
{
	long long days, secs, z, era, doe, yoe, doy, mp, y, m, d;
	int n;

	if (!(v >= 0 && v < 2958466))
		return 0;
	secs = (long long)(v * 86400 + 0.5);
	days = secs / 86400;
	secs %= 86400;
	if (!date1904 && (shows & SHOWS_DATE) && days == 60)
		return 0;
	if (!date1904 && (shows & SHOWS_DATE) && days < 1)
		return 0;
	/* Days since 1970-01-01: 1899-12-30 is day 0 from 1900-03-01 on. */
	if (date1904)
		z = days - 24107;
	else
		z = days - 25569 + (days < 60);
	/* The proleptic Gregorian calendar, from days to y-m-d. */
	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	y += m <= 2;
	if (!(shows & SHOWS_TIME))
		n = snprintf(buf, size, "%04lld-%02lld-%02lld", y, m, d);
	else if (!(shows & SHOWS_DATE))
		n = snprintf(buf, size, "%02lld:%02lld", secs / 3600,
		    secs / 60 % 60);
	else
		n = snprintf(buf, size, "%04lld-%02lld-%02lld %02lld:%02lld",
		    y, m, d, secs / 3600, secs / 60 % 60);
	if (n > 0 && (shows & SHOWS_SECONDS))
		n += snprintf(buf + n, size - (size_t)n, ":%02lld", secs % 60);
	return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

/*
 * A cell reference such as "B12": its column and row, from 1.  -1 if it
 * is none.
 */
static int
xlsx_cell_ref(const char *ref, uint64_t *col, uint64_t *row)
{
	uint64_t c = 0, r = 0;
	const char *p = ref;

	for (; *p >= 'A' && *p <= 'Z' && c <= SHEET_COLS_MAX; p++)
		c = c * 26 + (uint64_t)(*p - 'A' + 1);
	for (; *p >= '0' && *p <= '9' && r <= SHEET_ROWS_MAX; p++)
		r = r * 10 + (uint64_t)(*p - '0');
	if (*p != '\0' || c == 0 || r == 0)
		return -1;
	*col = c;
	*row = r;
	return 0;
}

/*
 * The text of the cell of type t (NULL: a number), cell style style and
 * value v, into *s and *len (in rd->w.cell if made): 0, or -1 if it
 * names a shared string that is not there.
 */
static int
xlsx_cell_text(struct reader *rd, const char *t, const struct strbuf *v,
    unsigned long style, const char **text, size_t *len)
{
	struct strbuf *cell = &rd->w.cell;
	unsigned long long k;
	const char *s = v->s != NULL ? v->s : "";
	char *end, date[32];
	double d;
	size_t n = v->len;

	sb_clear(cell);
	if (t != NULL && strcmp(t, "s") == 0) {
		if (v->len == 0) {
			n = 0;
		} else {
			k = strtoull(v->s, &end, 10);
			if (*end != '\0' || k >= rd->nstrings)
				return fail(rd, "a cell names shared string "
				    "%s of %zu", excerpt(v->s, v->len),
				    rd->nstrings);
			s = rd->strings.s + rd->string_at[k];
			n = rd->string_at[k + 1] - rd->string_at[k];
		}
	} else if (t != NULL && strcmp(t, "b") == 0 && v->len > 0) {
		s = strcmp(v->s, "0") == 0 ? "FALSE" : "TRUE";
		n = strlen(s);
	} else if (t != NULL && (strcmp(t, "str") == 0 ||
	    strcmp(t, "inlineStr") == 0)) {
		add_xstring(cell, v->s, v->len);
		s = cell->s != NULL ? cell->s : "";
		n = cell->len;
	} else if ((t == NULL || strcmp(t, "n") == 0) && v->len > 0 &&
	    style < rd->nstyles && rd->style_shows[style] != 0) {
		d = strtod(v->s, &end);
		if (*end == '\0' && (k = serial_date(date, sizeof(date), d,
		    rd->style_shows[style], rd->date1904)) > 0) {
			sb_add(cell, date, k);
			s = cell->s;
			n = cell->len;
		}
	}
	*text = s;
	*len = n;
	return 0;
}

/*
 * The hyperlink relationships of an .xlsx part in the relationships part
 * rels (their targets, the addresses), in order of Id, into *rel: how
 * many, or -1 if the part is damaged.  A part with none may have no
 * relationships part.
 */
static ssize_t
rels_links(struct reader *rd, const char *rels, struct rel **rel)
{
	xmlTextReaderPtr x;
	size_t index, n = 0;
	char *type;
	int t, rc;

	*rel = NULL;
	if (zr_find(&rd->zr, rels, &index) == -1)
		return 0;
	if (part_read(rd, rels) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !named(x, NULL, "Relationship"))
			continue;
		type = attribute(x, NULL, "Type");
		if (type != NULL && strlen(type) >= 10 &&
		    strcmp(type + strlen(type) - 10, "/hyperlink") == 0) {
			*rel = xreallocarray(*rel, n + 1, sizeof(**rel));
			(*rel)[n].id = attribute(x, NULL, "Id");
			(*rel)[n].target = attribute(x, NULL, "Target");
			if ((*rel)[n].id != NULL && (*rel)[n].target != NULL)
				n++;
			else {
				xmlFree((*rel)[n].id);
				xmlFree((*rel)[n].target);
			}
		}
		xmlFree(type);
	}
	xmlFreeTextReader(x);
	if (n > 1)
		qsort(*rel, n, sizeof(**rel), rel_order);
	if (rc == -1) {
		rels_free(*rel, n);
		*rel = NULL;
		return -1;
	}
	return (ssize_t)n;
}

static int
rel_order(const void *a, const void *b)
{
	return strcmp(((const struct rel *)a)->id,
	    ((const struct rel *)b)->id);
}

static void
rels_free(struct rel *rel, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		xmlFree(rel[i].id);
		xmlFree(rel[i].target);
	}
	free(rel);
}

/*
 * The hyperlink of an .xlsx sheet at x (<hyperlink ref="B2" r:id="rId1"
 * location="...">) added to rd->links: its address is the target of the
 * relationship it names, with the location after a # if both are given.
 * One with no relationship is a place in the workbook, no address.
 */
static int
xlsx_link(struct reader *rd, xmlTextReaderPtr x, const struct rel *rel,
    size_t nrel)
{
	struct rel key, *found;
	struct strbuf address = { NULL, 0, 0 };
	uint64_t r1, c1, r2, c2;
	char *ref, *location, *colon;
	const char *p;
	size_t n;
	int rc = 0;

	if ((key.id = attribute(x, "", "id")) == NULL)
		return 0;
	found = nrel > 0 ? bsearch(&key, rel, nrel, sizeof(*rel),
	    rel_order) : NULL;
	xmlFree(key.id);
	if (found == NULL)
		return 0;
	ref = attribute(x, NULL, "ref");
	if (ref != NULL && (colon = strchr(ref, ':')) != NULL)
		*colon++ = '\0';
	else
		colon = NULL;
	if (ref == NULL || xlsx_cell_ref(ref, &c1, &r1) == -1 ||
	    xlsx_cell_ref(colon != NULL ? colon : ref, &c2, &r2) == -1) {
		xmlFree(ref);
		return fail(rd, "a hyperlink of no cell");
	}
	xmlFree(ref);
	sb_add(&address, found->target, strlen(found->target));
	location = attribute(x, NULL, "location");
	if (location != NULL && *location != '\0' &&
	    strchr(found->target, '#') == NULL) {
		sb_addc(&address, '#');
		sb_add(&address, location, strlen(location));
	}
	xmlFree(location);
	/* LibreOffice cuts a longer target to LINK_XLSX_MAX characters. */
	for (n = 0, p = found->target; *p != '\0'; p++)
		n += ((unsigned char)*p & 0xc0) != 0x80;
	if (links_add(&rd->links, r1, c1, r2, c2, address.s, address.len,
	    n == LINK_XLSX_MAX) == -1)
		rc = fail(rd, "more than %u cells with a hyperlink, or a "
		    "hyperlink of no range", (unsigned int)LINK_CELLS_MAX);
	sb_free(&address);
	return rc;
}

/*
 * The hyperlinks of the .xlsx sheet in part name into rd->links, which
 * come after its cells (<hyperlinks>), so that its cells can be written
 * with their addresses in one pass: a pass of their own over the sheet,
 * if the sheet has the word.  rd->part is left holding the sheet.
 */
static int
xlsx_links(struct reader *rd, const char *name)
{
	xmlTextReaderPtr x;
	struct strbuf rels = { NULL, 0, 0 }, dir = { NULL, 0, 0 };
	struct rel *rel;
	ssize_t nrel;
	int t, rc;

	links_free(&rd->links);
	rels_of(name, &rels, &dir);
	nrel = rels_links(rd, rels.s, &rel);
	sb_free(&rels);
	sb_free(&dir);
	if (nrel == -1 || part_read(rd, name) == -1) {
		rels_free(rel, nrel > 0 ? (size_t)nrel : 0);
		return -1;
	}
	if (nrel == 0 || rd->part.len == 0 || memmem(rd->part.s,
	    rd->part.len, "hyperlink", 9) == NULL) {
		rels_free(rel, (size_t)nrel);
		return 0;
	}
	if ((x = part_xml(rd)) == NULL) {
		rels_free(rel, (size_t)nrel);
		return -1;
	}
	while ((rc = xml_next(rd, x, &t)) == 1)
		if (t == XML_READER_TYPE_ELEMENT &&
		    named(x, NULL, "hyperlink") &&
		    (rc = xlsx_link(rd, x, rel, (size_t)nrel)) == -1)
			break;
	xmlFreeTextReader(x);
	rels_free(rel, (size_t)nrel);
	links_sort(&rd->links);
	return rc == -1 ? -1 : 0;
}

/*
 * The formula of a cell (<f>): the address of a HYPERLINK into
 * rd->address, 1, or 0 if it has none to be read.  A shared formula
 * (t="shared" si="N") is written in its first cell alone: the cells
 * after, which give only its number, are HYPERLINKs if it is.
 */
static int
xlsx_formula(struct reader *rd, const char *shared, uint64_t row)
{
	unsigned long si = ULONG_MAX;
	size_t k;
	int rc;

	if (shared != NULL)
		si = strtoul(shared, NULL, 10);
	if (rd->formula.len == 0) {
		if (si < rd->nshared && rd->shared_link[si])
			note_cell(&rd->computed, row);
		return 0;
	}
	rc = formula_link(rd->formula.s, &rd->address);
	if (rc != 0 && si < LINK_CELLS_MAX) {
		if (si >= rd->nshared) {
			rd->shared_link = xreallocarray(rd->shared_link,
			    si + 1, 1);
			for (k = rd->nshared; k <= si; k++)
				rd->shared_link[k] = 0;
			rd->nshared = si + 1;
		}
		rd->shared_link[si] = 1;
	}
	if (rc == -1)
		note_cell(&rd->computed, row);
	return rc == 1;
}

/*
 * Put the cell at row and col of type t, value v and style style, with
 * the address of its hyperlink or of its formula (shared names the
 * shared formula it is of) as put_linked says.
 */
static int
xlsx_cell(struct reader *rd, const char *t, const struct strbuf *v,
    unsigned long style, uint64_t row, uint64_t col, const char *shared)
{
	const struct link_cell *link;
	const char *s = "";
	size_t n = 0;

	if (xlsx_cell_text(rd, t, v, style, &s, &n) == -1)
		return -1;
	if ((link = links_at(&rd->links, row, col)) != NULL)
		return put_linked(rd, row, col, s, n, rd->links.address.s +
		    link->at, link->len, link->cut);
	if (xlsx_formula(rd, shared, row))
		return put_linked(rd, row, col, s, n, rd->address.s,
		    rd->address.len, 0);
	return put_cell(rd, col, s, n);
}

/* The sheet of an .xlsx in the part name, named sheet. */
static int
xlsx_sheet(struct reader *rd, const char *name, const char *sheet)
{
	xmlTextReaderPtr x;
	struct strbuf v = { NULL, 0, 0 };
	char *ref, *type = NULL, *shared = NULL;
	unsigned long style = 0;
	uint64_t row = 0, col = 0, r;
	int t, rc, in_v = 0, in_is = 0, in_t = 0, in_rph = 0, in_c = 0;
	int in_f = 0;

	rd->nshared = 0;
	if (xlsx_links(rd, name) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	sheet_begin(rd);
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t == XML_READER_TYPE_ELEMENT && named(x, NULL, "row")) {
			if ((ref = attribute(x, NULL, "r")) != NULL) {
				row = strtoull(ref, NULL, 10);
				xmlFree(ref);
			} else
				row++;
			if (row == 0 || row > SHEET_ROWS_MAX) {
				rc = fail(rd, "a row beyond row %u",
				    (unsigned int)SHEET_ROWS_MAX);
				break;
			}
			col = 0;
			if (!xmlTextReaderIsEmptyElement(x))
				continue;
			/* <row/> ends where it starts. */
			t = XML_READER_TYPE_END_ELEMENT;
		}
		if (t == XML_READER_TYPE_END_ELEMENT && named(x, NULL, "row")) {
			if ((rc = put_row(rd, row, 1)) == -1)
				break;
		} else if (t == XML_READER_TYPE_ELEMENT &&
		    named(x, NULL, "c")) {
			col++;
			if ((ref = attribute(x, NULL, "r")) != NULL) {
				rc = xlsx_cell_ref(ref, &col, &r);
				xmlFree(ref);
				if (rc == -1) {
					rc = fail(rd, "a cell of no column");
					break;
				}
			}
			xmlFree(type);
			type = attribute(x, NULL, "t");
			ref = attribute(x, NULL, "s");
			style = ref != NULL ? strtoul(ref, NULL, 10) : 0;
			xmlFree(ref);
			sb_clear(&v);
			sb_clear(&rd->formula);
			xmlFree(shared);
			shared = NULL;
			in_c = opens(x, t);
			if (in_c)
				continue;
			/* <c/> ends where it starts. */
			t = XML_READER_TYPE_END_ELEMENT;
		}
		if (t == XML_READER_TYPE_END_ELEMENT && named(x, NULL, "c")) {
			in_c = 0;
			if ((rc = xlsx_cell(rd, type, &v, style, row, col,
			    shared)) == -1)
				break;
		} else if (in_c && named(x, NULL, "f")) {
			in_f = opens(x, t);
			if (t == XML_READER_TYPE_ELEMENT) {
				ref = attribute(x, NULL, "t");
				if (ref != NULL && strcmp(ref, "shared") == 0)
					shared = attribute(x, NULL, "si");
				xmlFree(ref);
			}
		} else if (is_text_node(t) && in_c && in_f) {
			const char *s = (const char *)xmlTextReaderConstValue(x);

			sb_add(&rd->formula, s, strlen(s));
		} else if (in_c && named(x, NULL, "v")) {
			in_v = opens(x, t);
		} else if (in_c && named(x, NULL, "is")) {
			in_is = opens(x, t);
		} else if (in_c && named(x, NULL, "t")) {
			in_t = opens(x, t);
		} else if (in_c && named(x, NULL, "rPh")) {
			in_rph = opens(x, t);
		} else if (is_text_node(t) && in_c &&
		    (in_v || (in_is && in_t && !in_rph))) {
			const char *s = (const char *)xmlTextReaderConstValue(x);

			sb_add(&v, s, strlen(s));
		}
	}
	xmlFreeTextReader(x);
	xmlFree(type);
	xmlFree(shared);
	sb_free(&v);
	if (rc == -1)
		return -1;
	sheet_end(rd, sheet);
	return 0;
}

/*
 * An .xlsx: the workbook the package names, its shared strings, its
 * cell styles' number formats and its sheets in the workbook's order.
 */
static int
xlsx_read(struct reader *rd, const char *workbook)
{
	xmlTextReaderPtr x;
	struct strbuf rels = { NULL, 0, 0 }, folder = { NULL, 0, 0 };
	char *dir, *target, *sst, *styles, *v;
	char **names = NULL, **ids = NULL;
	size_t n = 0, i;
	int t, rc, status = 0;

	rels_of(workbook, &rels, &folder);
	dir = folder.s;
	if (part_read(rd, workbook) == -1 ||
	    (x = part_xml(rd)) == NULL) {
		sb_free(&folder);
		sb_free(&rels);
		return -1;
	}
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t == XML_READER_TYPE_ELEMENT &&
		    named(x, NULL, "workbookPr")) {
			v = attribute(x, NULL, "date1904");
			rd->date1904 = v != NULL && (strcmp(v, "1") == 0 ||
			    strcmp(v, "true") == 0);
			xmlFree(v);
		}
		if (t != XML_READER_TYPE_ELEMENT || !named(x, NULL, "sheet"))
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		ids = xreallocarray(ids, n + 1, sizeof(*ids));
		names[n] = attribute(x, NULL, "name");
		ids[n++] = attribute(x, "", "id");
	}
	xmlFreeTextReader(x);
	if (rc == -1)
		status = -1;
	if (status == 0 && (sst = rels_target(rd, rels.s, dir, NULL,
	    "/sharedStrings")) != NULL) {
		status = xlsx_strings(rd, sst);
		free(sst);
	}
	if (status == 0 && (styles = rels_target(rd, rels.s, dir, NULL,
	    "/styles")) != NULL) {
		status = xlsx_styles(rd, styles);
		free(styles);
	}
	for (i = 0; status == 0 && i < n; i++) {
		target = ids[i] != NULL ? rels_target(rd, rels.s, dir, ids[i],
		    NULL) : NULL;
		if (target == NULL) {
			rd->partname = workbook;
			status = fail(rd, "sheet %s has no part",
			    names[i] != NULL ? names[i] : "?");
			break;
		}
		status = xlsx_sheet(rd, target, names[i]);
		free(target);
	}
	for (i = 0; i < n; i++) {
		xmlFree(names[i]);
		xmlFree(ids[i]);
	}
	free(names);
	free(ids);
	sb_free(&folder);
	sb_free(&rels);
	return status;
}

/*
 * Text of an .ods paragraph: white space (space, tab, line end) runs as
 * one space, none at the start of the paragraph; *space says whether
 * the text so far ends in such a space.
 */
static void
ods_text(struct strbuf *sb, const char *s, int *space)
{
	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			if (!*space)
				sb_addc(sb, ' ');
			*space = 1;
		} else {
			sb_addc(sb, *s);
			*space = 0;
		}
	}
}

/*
 * The end of a hyperlink of an .ods paragraph (text:a), whose text began
 * at byte at of the cell in hand: its address after it, as link_text
 * says.
 */
static void
ods_link(struct reader *rd, size_t at, const char *address)
{
	struct strbuf *cell = &rd->w.cell;

	/* An empty cell's text may be the NULL of an empty strbuf. */
	link_text(&rd->w.linked, cell->s != NULL ? cell->s + at : "",
	    cell->len - at, address, strlen(address));
	cell->len = at;
	sb_add(cell, rd->w.linked.s, rd->w.linked.len);
}

/*
 * An .ods: the tables of content.xml.  A cell's text is its paragraphs,
 * a line break between two, with text:s, text:tab and text:line-break
 * made the characters they stand for, and the address of each hyperlink
 * in them or of its HYPERLINK formula as link_text says; its comments
 * (office:annotation) and anything in a table inside it are left out.
 */
static int
ods_read(struct reader *rd)
{
	xmlTextReaderPtr x;
	char *name = NULL, *href = NULL, *formula;
	uint64_t row = 1, col = 1, rows_rep = 1, cols_rep = 1, k, n;
	size_t link_at = 0;
	int t, rc, in_cell = 0, in_p = 0, paras = 0, space = 1, empty;
	int skip = -1;		/* depth of the element left out */
	int linked = 0;		/* the cell's formula is a HYPERLINK */

	if (part_read(rd, "content.xml") == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (skip >= 0) {
			if (t == XML_READER_TYPE_END_ELEMENT &&
			    xmlTextReaderDepth(x) == skip)
				skip = -1;
			continue;
		}
		empty = t == XML_READER_TYPE_ELEMENT &&
		    xmlTextReaderIsEmptyElement(x);
		if (t == XML_READER_TYPE_ELEMENT && (named(x, NS_OFFICE,
		    "annotation") || (in_cell && named(x, NS_TABLE,
		    "table")))) {
			if (!empty)
				skip = xmlTextReaderDepth(x);
			continue;
		}
		if (named(x, NS_TABLE, "table")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				xmlFree(name);
				name = attribute(x, NS_TABLE, "name");
				sheet_begin(rd);
				row = 1;
				if (!empty)
					continue;
			}
			if (t == XML_READER_TYPE_ELEMENT ||
			    t == XML_READER_TYPE_END_ELEMENT)
				sheet_end(rd, name);
		} else if (named(x, NS_TABLE, "table-row")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				rows_rep = attribute_count(x, NS_TABLE,
				    "number-rows-repeated", SHEET_ROWS_MAX);
				col = 1;
				if (!empty)
					continue;
			}
			if (t != XML_READER_TYPE_ELEMENT &&
			    t != XML_READER_TYPE_END_ELEMENT)
				continue;
			if ((rc = put_row(rd, row, rows_rep)) == -1)
				break;
			row += rows_rep;
		} else if (named(x, NS_TABLE, "table-cell") ||
		    named(x, NS_TABLE, "covered-table-cell")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				cols_rep = attribute_count(x, NS_TABLE,
				    "number-columns-repeated", SHEET_COLS_MAX);
				sb_clear(&rd->w.cell);
				paras = 0;
				in_cell = 1;
				linked = 0;
				if ((formula = attribute(x, NS_TABLE,
				    "formula")) != NULL) {
					linked = formula_link(formula,
					    &rd->address);
					if (linked == -1)
						note_cell(&rd->computed, row);
					xmlFree(formula);
				}
				if (!empty)
					continue;
			}
			if (t != XML_READER_TYPE_ELEMENT &&
			    t != XML_READER_TYPE_END_ELEMENT)
				continue;
			in_cell = 0;
			if (linked == 1)
				ods_link(rd, 0, rd->address.s);
			for (k = 0; rd->w.cell.len > 0 && k < cols_rep; k++)
				if ((rc = put_cell(rd, col + k, rd->w.cell.s,
				    rd->w.cell.len)) == -1)
					break;
			if (rc == -1)
				break;
			col += cols_rep;
		} else if (!in_cell) {
			continue;
		} else if (named(x, NS_TEXT, "p") || named(x, NS_TEXT, "h")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				if (paras++ > 0)
					sb_addc(&rd->w.cell, '\n');
				space = 1;
				in_p = !empty;
			} else if (t == XML_READER_TYPE_END_ELEMENT) {
				in_p = 0;
				if (space && rd->w.cell.len > 0 &&
				    rd->w.cell.s[rd->w.cell.len - 1] == ' ')
					rd->w.cell.s[--rd->w.cell.len] = '\0';
			}
		} else if (in_p && named(x, NS_TEXT, "a")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				xmlFree(href);
				href = attribute(x, NS_XLINK, "href");
				link_at = rd->w.cell.len;
			}
			if (href != NULL && (empty ||
			    t == XML_READER_TYPE_END_ELEMENT)) {
				ods_link(rd, link_at, href);
				xmlFree(href);
				href = NULL;
				space = 0;
			}
		} else if (in_p && t == XML_READER_TYPE_ELEMENT &&
		    named(x, NS_TEXT, "s")) {
			n = attribute_count(x, NS_TEXT, "c", BOOK_TEXT_MAX);
			if (n > BOOK_TEXT_MAX - rd->w.cell.len) {
				rc = fail(rd, "more than %u MB of text",
				    (unsigned int)(BOOK_TEXT_MAX >> 20));
				break;
			}
			for (; n > 0; n--)
				sb_addc(&rd->w.cell, ' ');
			space = 0;
		} else if (in_p && t == XML_READER_TYPE_ELEMENT &&
		    (named(x, NS_TEXT, "tab") ||
		    named(x, NS_TEXT, "line-break"))) {
			sb_addc(&rd->w.cell, xmlTextReaderConstLocalName(x)[0] ==
			    't' ? '\t' : '\n');
			space = 1;
		} else if (in_p && is_text_node(t)) {
			ods_text(&rd->w.cell,
			    (const char *)xmlTextReaderConstValue(x), &space);
		}
	}
	xmlFreeTextReader(x);
	xmlFree(name);
	xmlFree(href);
	return rc == -1 ? -1 : 0;
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
		} else {
			snprintf(why, whylen, "a document of type %s, which "
			    "is not read", excerpt(rd.part.s, rd.part.len));
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
		} else if (workbook != NULL) {
			snprintf(why, whylen, "an Office document that is no "
			    "workbook (%s), which is not read",
			    excerpt(workbook, strlen(workbook)));
			status = BOOK_DOCUMENT;
		}
		free(workbook);
	} else if (zr_find(&rd.zr, "Index/Document.iwa", &index) == 0) {
		snprintf(why, whylen, "an Apple Numbers, Pages or Keynote "
		    "file, which is not read (export it as .xlsx, .ods or "
		    "CSV)");
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
