/*
 * hyperlink.c: the addresses of a spreadsheet's hyperlinks, which the
 * text of their cells need not show (a cell reading "game 1" that opens
 * a replay): those of a sheet's cells, looked up a cell at a time in
 * reading order, those of HYPERLINK formulas, and the text a cell is
 * written as with its address.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

static int	 cell_order(const void *, const void *);
static const char *skip_spaces(const char *);
static const char *without_scheme(const char *, size_t, size_t *);

/*
 * The cells of rows r1 to r2 and columns c1 to c2 open address, which
 * may have been cut short if cut: 0, or -1 if the sheet would have more
 * than LINK_CELLS_MAX cells with one.
 */
int
links_add(struct links *l, uint64_t r1, uint64_t c1, uint64_t r2,
    uint64_t c2, const char *address, size_t len, int cut)
{
	uint64_t r, c;
	size_t at = l->address.len;

	if (r2 < r1 || c2 < c1 || (r2 - r1 + 1) > LINK_CELLS_MAX / (c2 -
	    c1 + 1) || (r2 - r1 + 1) * (c2 - c1 + 1) > LINK_CELLS_MAX - l->n)
		return -1;
	sb_add(&l->address, address, len);
	for (r = r1; r <= r2; r++)
		for (c = c1; c <= c2; c++) {
			if (l->n == l->cap) {
				l->cap = l->cap == 0 ? 64 : l->cap * 2;
				l->cell = xreallocarray(l->cell, l->cap,
				    sizeof(*l->cell));
			}
			l->cell[l->n].row = (uint32_t)r;
			l->cell[l->n].col = (uint32_t)c;
			l->cell[l->n].order = (uint32_t)l->n;
			l->cell[l->n].at = at;
			l->cell[l->n].cut = cut;
			l->cell[l->n++].len = len;
		}
	return 0;
}

/* Reading order, and of two links of one cell the first the file gave. */
static int
cell_order(const void *a, const void *b)
{
	const struct link_cell *x = a, *y = b;

	if (x->row != y->row)
		return x->row < y->row ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Ready the cells added for links_at. */
void
links_sort(struct links *l)
{
	if (l->n > 1)
		qsort(l->cell, l->n, sizeof(*l->cell), cell_order);
	l->next = 0;
}

/*
 * The link of the cell at row and column, or NULL if it has none.  The
 * cells are asked for in reading order: those before are passed over
 * for good.
 */
const struct link_cell *
links_at(struct links *l, uint64_t row, uint64_t col)
{
	while (l->next < l->n && (l->cell[l->next].row < row ||
	    (l->cell[l->next].row == row && l->cell[l->next].col < col)))
		l->next++;
	if (l->next == l->n || l->cell[l->next].row != row ||
	    l->cell[l->next].col != col)
		return NULL;
	return &l->cell[l->next];
}

void
links_free(struct links *l)
{
	free(l->cell);
	sb_free(&l->address);
	memset(l, 0, sizeof(*l));
}

static const char *
skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/*
 * The address of a HYPERLINK formula, as an .xlsx keeps it
 * (HYPERLINK("address","text")) or an .ods (of:=HYPERLINK("address";
 * "text")), into address: 1 if the formula is a HYPERLINK whose address
 * is a string in it; 0 if no HYPERLINK is in it, or one to the empty
 * string; -1 if one is, but its
 * address is made by the formula (a reference, a concatenation), which
 * only a spreadsheet can work out.
 */
int
formula_link(const char *f, struct strbuf *address)
{
	const char *p = f, *colon;
	size_t i;

	sb_clear(address);
	/* A namespace prefix (of:, msoxl:) and the = of an .ods formula. */
	if ((colon = strchr(p, ':')) != NULL && colon[1] == '=' &&
	    strcspn(p, "(\"") > (size_t)(colon - p))
		p = colon + 1;
	p = skip_spaces(p);
	if (*p == '=')
		p = skip_spaces(p + 1);
	if (strncasecmp(p, "HYPERLINK", 9) == 0 &&
	    *(p = skip_spaces(p + 9)) == '(' &&
	    *(p = skip_spaces(p + 1)) == '"') {
		for (p++; *p != '\0'; p++) {
			if (*p == '"' && p[1] != '"')
				break;
			if (*p == '"')
				p++;
			sb_addc(address, *p);
		}
		if (*p == '"' && (*(p = skip_spaces(p + 1)) == ',' ||
		    *p == ';' || *p == ')'))
			return address->len > 0;
	}
	sb_clear(address);
	for (i = 0; f[i] != '\0'; i++)
		if (strncasecmp(f + i, "HYPERLINK", 9) == 0)
			return -1;
	return 0;
}

/*
 * The address of a HYPERLINK field of a word processor's document, from
 * its instruction (HYPERLINK "address" \l "place" \o "tip"), into
 * address, the place after a # (as LibreOffice writes a link's
 * fragment): 1 if it has one; 0 if the field is another, or a HYPERLINK
 * to a place in the document alone.  The arguments of the other
 * switches that take one (\o, \t) are passed over.
 */
int
field_link(const char *instr, struct strbuf *address)
{
	const char *p = skip_spaces(instr), *end;
	struct strbuf *into;
	struct strbuf place = { NULL, 0, 0 };
	int skip = 0;

	sb_clear(address);
	if (strncasecmp(p, "HYPERLINK", 9) != 0 || (p[9] != ' ' &&
	    p[9] != '\t' && p[9] != '"'))
		return 0;
	for (p = skip_spaces(p + 9); *p != '\0'; p = skip_spaces(end)) {
		if (*p == '"') {
			end = strchr(p + 1, '"');
			end = end != NULL ? end + 1 : p + strlen(p);
		} else {
			end = p + strcspn(p, " \t\r\n");
		}
		if (*p == '\\' && end - p == 2) {
			skip = (p[1] | 0x20) == 'l' ? 2 :
			    strchr("ot", p[1] | 0x20) != NULL;
			continue;
		}
		into = skip == 2 ? &place : skip == 0 && address->len == 0 ?
		    address : NULL;
		skip = 0;
		if (into == NULL)
			continue;
		if (*p == '"')
			sb_add(into, p + 1, (size_t)(end - p - 1 -
			    (end[-1] == '"' && end - p > 1)));
		else
			sb_add(into, p, (size_t)(end - p));
	}
	if (address->len > 0 && place.len > 0 &&
	    memchr(address->s, '#', address->len) == NULL) {
		sb_addc(address, '#');
		sb_add(address, place.s, place.len);
	}
	sb_free(&place);
	return address->len > 0;
}

/* An address without its scheme (https://, http://), its length *n. */
static const char *
without_scheme(const char *s, size_t len, size_t *n)
{
	const char *p;

	p = memchr(s, ':', len);
	if (p != NULL && (size_t)(p - s) + 3 <= len && p[1] == '/' &&
	    p[2] == '/') {
		*n = len - (size_t)(p + 3 - s);
		return p + 3;
	}
	*n = len;
	return s;
}

/*
 * The text of a cell whose hyperlink opens address, into out: the text
 * as it is if it holds the address (a link pasted into a cell is its own
 * text, the scheme left off at times), else the text and the address
 * between angle brackets, "game 1 <https://...>", or the address alone
 * if the cell has no text.  Whether the address was written.
 */
int
link_text(struct strbuf *out, const char *text, size_t len,
    const char *address, size_t alen)
{
	const char *bare;
	size_t n;

	sb_clear(out);
	sb_add(out, text, len);
	bare = without_scheme(address, alen, &n);
	if (n == 0 || (len >= n && memmem(text, len, bare, n) != NULL))
		return 0;
	if (len == 0) {
		sb_add(out, address, alen);
		return 1;
	}
	if (text[len - 1] != ' ')
		sb_addc(out, ' ');
	sb_addc(out, '<');
	sb_add(out, address, alen);
	sb_addc(out, '>');
	return 1;
}
