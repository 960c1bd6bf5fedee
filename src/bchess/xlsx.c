/*
 * xlsx.c: the sheets of an .xlsx file (Office Open XML, as Excel and
 * Google Sheets save it), in the workbook's order: its shared strings,
 * the number formats of its cell styles (to write dates), its cells and
 * the addresses of their hyperlinks and HYPERLINK formulas.
 */

#include "config.h"

#include <sys/types.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

/* What the number format of an .xlsx cell shows of a serial day number. */
#define SHOWS_DATE	1
#define SHOWS_TIME	2
#define SHOWS_SECONDS	4
#define FORMATS_BUILTIN	164	/* number formats below are built in */

static void	 add_xstring(struct strbuf *, const char *, size_t);
static int	 xlsx_strings(struct reader *, const char *);
static int	 format_shows(const char *);
static int	 builtin_shows(unsigned long);
static int	 xlsx_styles(struct reader *, const char *);
static size_t	 serial_date(char *, size_t, double, int, int);
static int	 xlsx_cell_ref(const char *, uint64_t *, uint64_t *);
static int	 xlsx_cell_text(struct reader *, const char *,
		    const struct strbuf *, unsigned long, const char **,
		    size_t *);
static int	 xlsx_link(struct reader *, xmlTextReaderPtr, const struct rel *,
		    size_t);
static int	 xlsx_links(struct reader *, const char *);
static int	 xlsx_formula(struct reader *, const char *, uint64_t);
static int	 xlsx_cell(struct reader *, const char *, const struct strbuf *,
		    unsigned long, uint64_t, uint64_t, const char *);
static int	 xlsx_sheet(struct reader *, const char *, const char *);
static int	 xlsx_comments(struct reader *, const char *);

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
		if (t == XML_READER_TYPE_ELEMENT && xml_named(x, NULL, "si")) {
			if (rd->nstrings == cap) {
				cap = cap == 0 ? 1024 : cap * 2;
				rd->string_at = xreallocarray(rd->string_at,
				    cap + 1, sizeof(*rd->string_at));
			}
			rd->string_at[rd->nstrings++] = rd->strings.len;
		} else if (xml_named(x, NULL, "rPh")) {
			in_rph = xml_opens(x, t);
		} else if (xml_named(x, NULL, "t")) {
			in_t = xml_opens(x, t);
		} else if (xml_is_text(t) && in_t && !in_rph &&
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
		if (xml_named(x, NULL, "cellXfs")) {
			in_xfs = xml_opens(x, t);
			continue;
		}
		if (t != XML_READER_TYPE_ELEMENT)
			continue;
		v = xml_attribute(x, NULL, "numFmtId");
		id = v != NULL ? strtoul(v, NULL, 10) : 0;
		xmlFree(v);
		if (xml_named(x, NULL, "numFmt") && id >= FORMATS_BUILTIN) {
			code = xml_attribute(x, NULL, "formatCode");
			ids = xreallocarray(ids, nfmt + 1, sizeof(*ids));
			shows = xreallocarray(shows, nfmt + 1, sizeof(*shows));
			ids[nfmt] = id;
			shows[nfmt++] = (uint8_t)format_shows(code != NULL ?
			    code : "");
			xmlFree(code);
		} else if (in_xfs && xml_named(x, NULL, "xf")) {
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
				return part_fail(rd, "a cell names shared string "
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

	if ((key.id = xml_attribute(x, "", "id")) == NULL)
		return 0;
	found = nrel > 0 ? bsearch(&key, rel, nrel, sizeof(*rel),
	    rel_order) : NULL;
	xmlFree(key.id);
	if (found == NULL)
		return 0;
	ref = xml_attribute(x, NULL, "ref");
	if (ref != NULL && (colon = strchr(ref, ':')) != NULL)
		*colon++ = '\0';
	else
		colon = NULL;
	if (ref == NULL || xlsx_cell_ref(ref, &c1, &r1) == -1 ||
	    xlsx_cell_ref(colon != NULL ? colon : ref, &c2, &r2) == -1) {
		xmlFree(ref);
		return part_fail(rd, "a hyperlink of no cell");
	}
	xmlFree(ref);
	sb_add(&address, found->target, strlen(found->target));
	location = xml_attribute(x, NULL, "location");
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
		rc = part_fail(rd, "more than %u cells with a hyperlink, or a "
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
		    xml_named(x, NULL, "hyperlink") &&
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
		if (t == XML_READER_TYPE_ELEMENT && xml_named(x, NULL, "row")) {
			if ((ref = xml_attribute(x, NULL, "r")) != NULL) {
				row = strtoull(ref, NULL, 10);
				xmlFree(ref);
			} else
				row++;
			if (row == 0 || row > SHEET_ROWS_MAX) {
				rc = part_fail(rd, "a row beyond row %u",
				    (unsigned int)SHEET_ROWS_MAX);
				break;
			}
			col = 0;
			if (!xmlTextReaderIsEmptyElement(x))
				continue;
			/* <row/> ends where it starts. */
			t = XML_READER_TYPE_END_ELEMENT;
		}
		if (t == XML_READER_TYPE_END_ELEMENT && xml_named(x, NULL, "row")) {
			if ((rc = put_row(rd, row, 1)) == -1)
				break;
		} else if (t == XML_READER_TYPE_ELEMENT &&
		    xml_named(x, NULL, "c")) {
			col++;
			if ((ref = xml_attribute(x, NULL, "r")) != NULL) {
				rc = xlsx_cell_ref(ref, &col, &r);
				xmlFree(ref);
				if (rc == -1) {
					rc = part_fail(rd, "a cell of no column");
					break;
				}
			}
			xmlFree(type);
			type = xml_attribute(x, NULL, "t");
			ref = xml_attribute(x, NULL, "s");
			style = ref != NULL ? strtoul(ref, NULL, 10) : 0;
			xmlFree(ref);
			sb_clear(&v);
			sb_clear(&rd->formula);
			xmlFree(shared);
			shared = NULL;
			in_c = xml_opens(x, t);
			if (in_c)
				continue;
			/* <c/> ends where it starts. */
			t = XML_READER_TYPE_END_ELEMENT;
		}
		if (t == XML_READER_TYPE_END_ELEMENT && xml_named(x, NULL, "c")) {
			in_c = 0;
			if ((rc = xlsx_cell(rd, type, &v, style, row, col,
			    shared)) == -1)
				break;
		} else if (in_c && xml_named(x, NULL, "f")) {
			in_f = xml_opens(x, t);
			if (t == XML_READER_TYPE_ELEMENT) {
				ref = xml_attribute(x, NULL, "t");
				if (ref != NULL && strcmp(ref, "shared") == 0)
					shared = xml_attribute(x, NULL, "si");
				xmlFree(ref);
			}
		} else if (xml_is_text(t) && in_c && in_f) {
			const char *s = (const char *)xmlTextReaderConstValue(x);

			sb_add(&rd->formula, s, strlen(s));
		} else if (in_c && xml_named(x, NULL, "v")) {
			in_v = xml_opens(x, t);
		} else if (in_c && xml_named(x, NULL, "is")) {
			in_is = xml_opens(x, t);
		} else if (in_c && xml_named(x, NULL, "t")) {
			in_t = xml_opens(x, t);
		} else if (in_c && xml_named(x, NULL, "rPh")) {
			in_rph = xml_opens(x, t);
		} else if (xml_is_text(t) && in_c &&
		    (in_v || (in_is && in_t && !in_rph))) {
			const char *s = (const char *)xmlTextReaderConstValue(x);

			sb_add(&v, s, strlen(s));
		}
	}
	xmlFreeTextReader(x);
	xmlFree(type);
	xmlFree(shared);
	sb_free(&v);
	if (rc == -1 || xlsx_comments(rd, name) == -1)
		return -1;
	sheet_end(rd, sheet);
	return 0;
}

/*
 * The comments (notes) of the cells of sheet part name that hold links to
 * the game, which are not read, counted for a warning.  Excel keeps a
 * threaded comment's text in a note too, so the notes alone are looked
 * at.  Returns 0, or -1 if the part is damaged.
 */
static int
xlsx_comments(struct reader *rd, const char *name)
{
	xmlTextReaderPtr x;
	struct strbuf rels = { NULL, 0, 0 }, dir = { NULL, 0, 0 };
	size_t index;
	uint64_t row, col;
	char *part = NULL, *ref;
	int t, rc = 0;

	rels_of(name, &rels, &dir);
	if (zr_find(&rd->zr, rels.s, &index) == 0)
		part = rels_target(rd, rels.s, dir.s, NULL, "/comments");
	sb_free(&rels);
	sb_free(&dir);
	if (part == NULL)
		return rd->why[0] != '\0' ? -1 : 0;
	if (zr_find(&rd->zr, part, &index) == -1) {
		free(part);
		return 0;
	}
	if (part_read(rd, part) == -1 || (x = part_xml(rd)) == NULL) {
		free(part);
		return -1;
	}
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !xml_named(x, NULL, "comment") || !holds_game_link(x))
			continue;
		row = 0;
		if ((ref = xml_attribute(x, NULL, "ref")) != NULL &&
		    xlsx_cell_ref(ref, &col, &row) == -1)
			row = 0;
		xmlFree(ref);
		note_cell(&rd->commented, row);
	}
	xmlFreeTextReader(x);
	free(part);
	return rc == -1 ? -1 : 0;
}

/*
 * An .xlsx: the workbook the package names, its shared strings, its
 * cell styles' number formats and its sheets in the workbook's order.
 */
int
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
		    xml_named(x, NULL, "workbookPr")) {
			v = xml_attribute(x, NULL, "date1904");
			rd->date1904 = v != NULL && (strcmp(v, "1") == 0 ||
			    strcmp(v, "true") == 0);
			xmlFree(v);
		}
		if (t != XML_READER_TYPE_ELEMENT || !xml_named(x, NULL, "sheet"))
			continue;
		names = xreallocarray(names, n + 1, sizeof(*names));
		ids = xreallocarray(ids, n + 1, sizeof(*ids));
		names[n] = xml_attribute(x, NULL, "name");
		ids[n++] = xml_attribute(x, "", "id");
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
			status = part_fail(rd, "sheet %s has no part",
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
