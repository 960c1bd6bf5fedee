/*
 * places.c: where the links of a spreadsheet or a document stand, as
 * bchess-pack names them when it reads the file (a sheet's row, a line of
 * a document's text), for the messages of -w.  A file written back is
 * converted as the XML of its parts, whose lines are no rows: an .xlsx
 * keeps its strings in one part, most often on one line, so a message
 * there named "xl/sharedStrings.xml:2: link 57", which no one can find.
 * The file is read once more as without -w (sheet.c), the payload of
 * every link of every row kept with its place, and a message about a link
 * of the XML names instead each place where the same payload stands, as
 * the same run without -w would, once: the same payload met again in the
 * XML (a hyperlink's address beside its text, a string shared by cells)
 * is not reported again.  A payload read nowhere in the rows (a link in
 * a comment, or inside a redirect) is left to be named by its part.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

/* Order places by payload, then as they stand in the file. */
static int
place_cmp(const void *a, const void *b)
{
	const struct place *p = a, *q = b;
	size_t n = p->len < q->len ? p->len : q->len;
	int c;

	if ((c = memcmp(p->payload, q->payload, n)) != 0)
		return c;
	if (p->len != q->len)
		return p->len < q->len ? -1 : 1;
	return p->order < q->order ? -1 : p->order > q->order;
}

static void
add_place(struct places *pl, const char *payload, size_t len, size_t sheet,
    uint64_t row, size_t link, size_t nlinks)
{
	struct place *p;

	if (pl->n == pl->cap) {
		pl->cap = pl->cap == 0 ? 64 : pl->cap * 2;
		pl->at = xreallocarray(pl->at, pl->cap, sizeof(*pl->at));
	}
	p = &pl->at[pl->n];
	memset(p, 0, sizeof(*p));
	p->payload = payload;
	p->len = len;
	p->order = pl->n++;
	p->sheet = sheet;
	p->row = row;
	p->link = link;
	p->nlinks = nlinks;
}

/*
 * The links of sheet i's text, found as bchess-pack finds them reading
 * the file: its lines split as records are, a document's text (no name)
 * without cells.
 */
static void
sheet_places(struct places *pl, size_t i)
{
	const struct sheet *s = &pl->book.sheet[i];
	struct record r;
	struct parse_error pe;
	const char *line, *nl, *end = s->text + s->len;
	size_t len, k, j;
	uint64_t row = 0;

	memset(&r, 0, sizeof(r));
	record_begin(&r);
	r.cells = s->name == NULL ? CELLS_NONE : CELLS_FIELDS;
	for (line = s->text; line < end; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(end - line))) == NULL)
			nl = end;
		len = (size_t)(nl - line);
		if (len > 0 && line[len - 1] == '\r')
			len--;
		row++;
		for (j = 0; j < len && (line[j] == ' ' || line[j] == '\t');
		    j++)
			continue;
		if (j == len || split_record(&r, line, len, row == 1,
		    &pe) != 0 || (s->name == NULL && r.bare))
			continue;
		for (k = 0; k < r.nlinks; k++)
			add_place(pl, line + r.link[k].start, r.link[k].end -
			    r.link[k].start, i, row, k, r.nlinks);
	}
	record_free(&r);
}

/*
 * Read the places of the links of the spreadsheet or document in data,
 * named file: 0, or -1 if it is neither (nothing is kept then).
 */
int
places_read(struct places *pl, const char *file, const char *data,
    size_t len)
{
	struct strbuf name = { NULL, 0, 0 };
	char why[256];
	size_t i;

	memset(pl, 0, sizeof(*pl));
	if (book_read(data, len, &pl->book, why, sizeof(why)) != 0)
		return -1;
	pl->names = xreallocarray(NULL, pl->book.n + 1, sizeof(char *));
	for (i = 0; i < pl->book.n; i++) {
		sb_clear(&name);
		sb_add(&name, file, strlen(file));
		if (pl->book.sheet[i].name != NULL) {
			sb_addc(&name, ':');
			sb_add(&name, pl->book.sheet[i].name,
			    strlen(pl->book.sheet[i].name));
		}
		pl->names[i] = xstrdup(name.s);
		sheet_places(pl, i);
	}
	sb_free(&name);
	if (pl->n > 0)
		qsort(pl->at, pl->n, sizeof(*pl->at), place_cmp);
	return 0;
}

/*
 * The places of payload[0..len), in the order they stand in the file:
 * the first, and their number in *n; NULL if it stands nowhere.
 */
struct place *
places_find(struct places *pl, const char *payload, size_t len, size_t *n)
{
	struct place key, *p, *first;
	size_t lo = 0, hi = pl->n, mid;

	memset(&key, 0, sizeof(key));
	key.payload = payload;
	key.len = len;
	/* The first place whose payload is not below it. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (place_cmp(&pl->at[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == pl->n || pl->at[lo].len != len ||
	    memcmp(pl->at[lo].payload, payload, len) != 0)
		return NULL;
	first = &pl->at[lo];
	for (p = first; p < pl->at + pl->n && p->len == len &&
	    memcmp(p->payload, payload, len) == 0; p++)
		continue;
	*n = (size_t)(p - first);
	return first;
}

/*
 * Whether the messages of link number link of line line of part, whose
 * payload's places begin at first, are the ones to give: those of the
 * first link of the XML that has this payload, every one of them, and
 * no other's.
 */
int
places_claim(struct place *first, const char *part, uint64_t line,
    size_t link)
{
	if (first->claimed_by == NULL) {
		first->claimed_by = xstrdup(part);
		first->claimed_line = line;
		first->claimed_link = link;
		return 1;
	}
	return strcmp(first->claimed_by, part) == 0 &&
	    first->claimed_line == line && first->claimed_link == link;
}

/* The name of the sheet of place p: "file:sheet", or "file". */
const char *
places_name(const struct places *pl, const struct place *p)
{
	return pl->names[p->sheet];
}

void
places_free(struct places *pl)
{
	size_t i;

	for (i = 0; i < pl->n; i++)
		free(pl->at[i].claimed_by);
	for (i = 0; i < pl->book.n && pl->names != NULL; i++)
		free(pl->names[i]);
	free(pl->names);
	free(pl->at);
	book_free(&pl->book);
	memset(pl, 0, sizeof(*pl));
}
