/*
 * tags.c: links whose text the tags of a document cut.  Word splits a
 * paragraph into runs where it likes, a spreadsheet's cell may hold its
 * text in runs of rich text or spans of styled text, and a web page may
 * put a <wbr> in an address: the text of such a link goes on past tags
 * that only format it.  A link is joined past a group of tags that
 * closes just the elements it opens, by name, and is no link of its own
 * (join_past_tags); a spreadsheet's cell in runs is put together as a
 * reader shows it, and is a payload when that is one (find_rich_cells).
 * Either is then read with the tags taken out (link_strip_tags) and
 * written over them, so that the XML stays whole.
 */

#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

/* Whether line[at..last) begins with the n bytes of s. */
#define AT(line, at, last, s) ((last) - (at) >= sizeof(s) - 1 && \
	memcmp((line) + (at), (s), sizeof(s) - 1) == 0)

/* The most pieces of a rich cell's text looked at. */
#define RICH_PIECES	64

/*
 * The most bytes a tag of a rich cell, or a run's format, is looked for
 * in: a file that never ends one costs no more than this at each cell.
 */
#define TAG_MAX		4096

/* The most elements tags_balance follows. */
#define TAG_DEPTH	16

/*
 * Tags that only format a link's text, taken out of it where its text
 * goes on past them (join_past_tags): at joined byte at of the link,
 * len bytes of the line from line.
 */
struct tag_group {
	size_t		 at, line, len;
};

static int	tag_ends_word(const char *, size_t, size_t);
static size_t	tag_name(const char *, size_t, size_t);
static int	tags_balance(const char *, size_t, size_t);
static int	tags_only_format(const char *, size_t, size_t);
static size_t	joined_at(const struct tag_group *, size_t, size_t);
static const char *tag_end(const char *, size_t, size_t);
static size_t	xlsx_runs(const char *, size_t, size_t, size_t *, size_t);
static size_t	ods_spans(const char *, size_t, size_t, size_t *, size_t);
static void	add_rich_cell(struct record *, const size_t *, size_t);

/*
 * Whether tag names line[name..], the name of a tag (after its '<' and
 * '/'), ends a word: a paragraph, a line, a cell, a tab, a space or a
 * comment of HTML, Office Open XML or OpenDocument, told by its name
 * after any prefix ("w:p", "text:line-break").
 */
static int
tag_ends_word(const char *line, size_t name, size_t last)
{
	static const char *const words[] = {
		"p", "br", "div", "li", "td", "th", "tr", "h1", "h2", "h3",
		"h4", "h5", "h6", "si", "c", "is", "tab", "cr", "s", "h",
		"line-break", "table-cell", "table-row", "list-item",
		"comment", "threadedComment"
	};
	size_t end = name, local, n, i;

	while (end < last && line[end] != '>' && line[end] != '/' &&
	    line[end] != ' ' && line[end] != '\t' && line[end] != '\n')
		end++;
	for (local = end; local > name && line[local - 1] != ':'; local--)
		;
	n = end - local;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n &&
		    strncasecmp(line + local, words[i], n) == 0)
			return 1;
	return 0;
}

/*
 * Whether the payload that ends at line[end], at a tag (or a comma
 * before one), goes on after it: past tags that only format the text (a run of a document, a span,
 * <wbr>), the text resumes with what a payload holds (a letter, a digit,
 * '-', or a comma before one).  Word splits a paragraph into runs where
 * it likes, and pages break long addresses with <wbr>: the part before
 * the tag alone may read as a shorter game.
 */
int
continues_past_tags(const char *line, size_t end, size_t last)
{
	const char *close;
	size_t i = end;
	unsigned char c;

	/* A legacy payload cut after a move's comma ends before it. */
	if (i < last && line[i] == ',')
		i++;
	if (i >= last || line[i] != '<')
		return 0;
	while (i < last && line[i] == '<') {
		if (tag_ends_word(line, i + 1 + (i + 1 < last &&
		    line[i + 1] == '/'), last))
			return 0;
		if ((close = memchr(line + i, '>', last - i)) == NULL)
			return 0;
		i = (size_t)(close - line) + 1;
	}
	if (i >= last)
		return 0;
	c = (unsigned char)line[i];
	return isalnum(c) || c == '-' || (c == ',' && i + 1 < last &&
	    isalnum((unsigned char)line[i + 1]));
}

/* The length of the name of the tag whose '<' is at line[i]. */
static size_t
tag_name(const char *line, size_t i, size_t last)
{
	size_t n = i + 1 + (i + 1 < last && line[i + 1] == '/');

	while (n < last && line[n] != '>' && line[n] != '/' &&
	    line[n] != ' ' && line[n] != '\t' && line[n] != '\n')
		n++;
	return n - i;
}

/*
 * Whether the tags of line[a..b) close just what they open, by name, so
 * that text written over them leaves the XML whole: "</w:t></w:r>
 * <w:proofErr/><w:r><w:rPr><w:b/></w:rPr><w:t>" closes a <w:t> and a
 * <w:r> and opens the same.  The text between the tags does not count.
 */
static int
tags_balance(const char *line, size_t a, size_t b)
{
	size_t open[TAG_DEPTH], closed[TAG_DEPTH], nopen = 0, nclosed = 0;
	size_t i, n, k, x, y;
	const char *lt, *gt;

	for (i = a; (lt = memchr(line + i, '<', b - i)) != NULL;
	    i = (size_t)(gt - line) + 1) {
		i = (size_t)(lt - line);
		if (i + 1 >= b || line[i + 1] == '!' || line[i + 1] == '?' ||
		    (gt = memchr(line + i, '>', b - i)) == NULL)
			return 0;
		n = tag_name(line, i, b);
		if (line[i + 1] == '/') {
			/* A name is compared from its '<' on, past the '/'. */
			if (nopen > 0 && tag_name(line, open[nopen - 1], b) ==
			    n - 1 && memcmp(line + open[nopen - 1] + 1,
			    line + i + 2, n - 2) == 0)
				nopen--;
			else if (nclosed == TAG_DEPTH)
				return 0;
			else
				closed[nclosed++] = i;
		} else if (gt[-1] != '/' && !(n == 4 &&
		    strncasecmp(line + i + 1, "wbr", 3) == 0)) {
			/* HTML's <wbr> is empty, with or without its '/'. */
			if (nopen == TAG_DEPTH)
				return 0;
			open[nopen++] = i;
		}
	}
	if (nopen != nclosed)
		return 0;
	for (k = 0; k < nopen; k++) {
		x = open[k];
		y = closed[nclosed - 1 - k];
		n = tag_name(line, x, b);
		if (tag_name(line, y, b) != n + 1 ||
		    memcmp(line + x + 1, line + y + 2, n - 1) != 0)
			return 0;
	}
	return 1;
}

/*
 * Whether the tags line[a..b) only format text: none is a link of its
 * own (HTML's and OpenDocument's <a>, Word's <w:hyperlink>) or holds an
 * address, as the next anchor's href does ("...e-l</a><a href=...>").
 */
static int
tags_only_format(const char *line, size_t a, size_t b)
{
	const char *gt;
	size_t i, name, end, local;

	for (i = a; i < b; i = (size_t)(gt - line) + 1) {
		if ((gt = memchr(line + i, '>', b - i)) == NULL ||
		    memmem(line + i, (size_t)(gt - line) - i, "://", 3) != NULL)
			return 0;
		name = i + 1 + (line[i + 1] == '/');
		end = i + tag_name(line, i, b);
		for (local = end; local > name && line[local - 1] != ':';
		    local--)
			continue;
		if ((end - local == 1 && (line[local] == 'a' ||
		    line[local] == 'A')) || (end - local == 9 &&
		    strncasecmp(line + local, "hyperlink", 9) == 0))
			return 0;
	}
	return 1;
}

/*
 * The byte of the line where the text of a link joined past n groups
 * of tags ends at joined byte j: just after the byte before it.
 */
static size_t
joined_at(const struct tag_group *g, size_t n, size_t j)
{
	size_t skipped = 0, i;

	for (i = 0; i < n && g[i].at < j; i++)
		skipped += g[i].len;
	return j + skipped;
}

/*
 * Link k's payload ends at a tag, and its text goes on past tags that
 * only format it (continues_past_tags): Word splits a paragraph into
 * runs where it likes ("...-0,</w:t></w:r><w:r><w:t>m-1-1-..."), an
 * OpenDocument into spans, a page an address with <wbr>.  The text is
 * put together past every such group of tags that closes just what it
 * opens, and the link ends where it ends in that text: it is read with
 * the tags taken out and written over them, so the link converted keeps
 * the format of its first run (text after it in its last run keeps that
 * run's: see write_last_run).  Returns 0, or -1 if a group of tags
 * does not balance (the link is then reported as cut).
 */
int
join_past_tags(struct record *rec, struct link *k, size_t last)
{
	const char *line = rec->line;
	struct tag_group *g = NULL;
	char *text;
	size_t n = 0, cap = 0, len = 0, i = k->start, from, e, le, room;
	int rv = 0;

	/* A link's text is a payload, its parameters and a fragment. */
	room = last - k->start < 2 * PAYLOAD_MAX ? last - k->start :
	    2 * PAYLOAD_MAX;
	text = xreallocarray(NULL, room, 1);
	for (;;) {
		while (i < last && len < room && !ends_link_text((unsigned
		    char)line[i]))
			text[len++] = line[i++];
		if (i == last || line[i] != '<' || len == room ||
		    !continues_past_tags(line, i, last))
			break;
		for (from = i; i < last && line[i] == '<'; i++)
			i = (size_t)((const char *)memchr(line + i, '>',
			    last - i) - line);
		if (!tags_balance(line, from, i) ||
		    !tags_only_format(line, from, i)) {
			rv = -1;
			break;
		}
		if (n == cap) {
			cap = cap == 0 ? 4 : cap * 2;
			g = xreallocarray(g, cap, sizeof(*g));
		}
		g[n].at = len;
		g[n].line = from;
		g[n++].len = i - from;
	}
	e = payload_end(text, 0, len);
	le = link_end(text, e, len);
	if (rv == 0 && n > 0 && e > g[0].at) {
		k->end = k->start + joined_at(g, n, e);
		k->link_end = k->start + joined_at(g, n, le);
		k->rich = 1;
	} else if (rv == 0 && n > 0 && le > g[0].at)
		k->link_end = k->start + joined_at(g, n, le);
	free(g);
	free(text);
	return rv;
}

/* The end of the tag or text at line[at], a '>', if it comes soon. */
static const char *
tag_end(const char *line, size_t at, size_t last)
{
	return memchr(line + at, '>', last - at < TAG_MAX ? last - at :
	    TAG_MAX);
}

/*
 * The runs of rich text of an .xlsx string whose <si> or <is> opens at
 * line[at]: the text of each <t> into piece (its start and end, in
 * pairs), how many runs; 0 if the string is no run of a known shape
 * (<r>, its format <rPr> if any, one <t>, </r>), or has more than max /
 * 2.  What follows the runs is the string's end or its phonetic guides,
 * which are no text of the cell.
 */
static size_t
xlsx_runs(const char *line, size_t at, size_t last, size_t *piece,
    size_t max)
{
	const char *p;
	size_t n = 0;

	for (at += 4; AT(line, at, last, "<r>"); at += 8) {
		at += 3;
		if (AT(line, at, last, "<rPr>")) {
			if ((p = memmem(line + at, last - at < TAG_MAX ?
			    last - at : TAG_MAX, "</rPr>", 6)) == NULL)
				return 0;
			at = (size_t)(p - line) + 6;
		}
		if (n + 2 > max || !AT(line, at, last, "<t") ||
		    last - at < 3 || (line[at + 2] != '>' &&
		    line[at + 2] != ' ') ||
		    (p = tag_end(line, at, last)) == NULL)
			return 0;
		piece[n++] = at = (size_t)(p - line) + 1;
		if ((p = memchr(line + at, '<', last - at)) == NULL)
			return 0;
		piece[n++] = at = (size_t)(p - line);
		if (!AT(line, at, last, "</t></r>"))
			return 0;
	}
	if (!AT(line, at, last, "</si>") && !AT(line, at, last, "</is>") &&
	    !AT(line, at, last, "<rPh") && !AT(line, at, last, "<phoneticPr"))
		return 0;
	return n / 2;
}

/*
 * The text of the paragraph of an .ods cell that opens at line[at] (the
 * cell's only <text:p>, no formula's), cut by spans of styled text: the
 * pieces between the tags into piece, how many; 0 if the paragraph has
 * no span, a tag of another kind (a space <text:s/>, a link), or more
 * than max / 2 pieces.
 */
static size_t
ods_spans(const char *line, size_t at, size_t last, size_t *piece,
    size_t max)
{
	const char *p;
	size_t n = 0, spans = 0;

	if ((p = tag_end(line, at, last)) == NULL ||
	    memmem(line + at, (size_t)(p - line) - at, "table:formula=",
	    14) != NULL)
		return 0;
	at = (size_t)(p - line) + 1;
	if (!AT(line, at, last, "<text:p") || last - at < 8 ||
	    (line[at + 7] != '>' && line[at + 7] != ' ') ||
	    (p = tag_end(line, at, last)) == NULL || p[-1] == '/')
		return 0;
	at = (size_t)(p - line) + 1;
	for (;;) {
		if (n + 2 > max ||
		    (p = memchr(line + at, '<', last - at)) == NULL)
			return 0;
		piece[n++] = at;
		piece[n++] = at = (size_t)(p - line);
		if (AT(line, at, last, "</text:p></table:table-cell>"))
			break;
		if (AT(line, at, last, "</text:span>"))
			at += 12;
		else if (AT(line, at, last, "<text:span") && last - at > 10 &&
		    (line[at + 10] == ' ' || line[at + 10] == '>') &&
		    (p = tag_end(line, at, last)) != NULL)
			at = (size_t)(p - line) + 1;
		else
			return 0;
		spans++;
	}
	return spans > 0 ? n / 2 : 0;
}

/*
 * A cell whose text is the n pieces given (start and end in pairs):
 * if, white space around it aside, that text is wholly a payload, it is
 * a link from its first byte to its last, read with the tags between
 * taken out.
 */
static void
add_rich_cell(struct record *rec, const size_t *piece, size_t n)
{
	const char *line = rec->line;
	struct link *k;
	size_t a = SIZE_MAX, b = 0, len = 0, i, j;

	/* The first byte and past the last that are not white space. */
	for (i = 0; i < 2 * n; i += 2)
		for (j = piece[i]; j < piece[i + 1]; j++)
			if (line[j] != ' ' && line[j] != '\t' &&
			    line[j] != '\r') {
				a = a < j ? a : j;
				b = j + 1;
			}
	if (a >= b || b - a > PAYLOAD_MAX)
		return;
	/* The record's buffer for payloads is free while it is parsed. */
	if (rec->paycap < b - a) {
		rec->decoded = xreallocarray(rec->decoded, b - a, 1);
		rec->paycap = b - a;
	}
	for (i = 0; i < 2 * n; i += 2)
		for (j = piece[i]; j < piece[i + 1]; j++)
			if (j >= a && j < b)
				rec->decoded[len++] = line[j];
	if (!is_cell_payload(rec->decoded, 0, len))
		return;
	/*
	 * Written over, the tags between must close what they open (a
	 * paragraph " <span>nu-1</span>-l" would lose its </span>): else
	 * the whole text is the link, white space around it too.
	 */
	if (!tags_balance(line, a, b)) {
		a = piece[0];
		b = piece[2 * n - 1];
	}
	if ((k = add_cell_link(rec, a, b)) != NULL)
		k->rich = memchr(line + a, '<', b - a) != NULL;
}

/*
 * The cells of a spreadsheet's XML written back whose text is cut by
 * tags that only format it: an .xlsx's string in runs of rich text
 * (<si><r><rPr>..</rPr><t>m-4-4</t></r><r><t>-3-5-0,e-l</t></r></si>),
 * an .ods cell's paragraph with spans of styled text.  Read without -w,
 * such a cell is its text put together, and a payload when that is one;
 * written back, the payload is a link from the first run's text to the
 * last's, and the tags between are written over by it converted, so the
 * cell keeps the format of its first run (white space after it in the
 * last run stays in that run).
 */
void
find_rich_cells(struct record *rec, size_t first, size_t last)
{
	const char *line = rec->line, *p;
	size_t piece[RICH_PIECES], n, at = first;

	while ((p = memchr(line + at, '<', last - at)) != NULL) {
		at = (size_t)(p - line);
		n = 0;
		if (AT(line, at, last, "<si><r>") ||
		    AT(line, at, last, "<is><r>"))
			n = xlsx_runs(line, at, last, piece, RICH_PIECES);
		else if (AT(line, at, last, "<table:table-cell") &&
		    last - at > 17 && (line[at + 17] == ' ' ||
		    line[at + 17] == '>'))
			n = ods_spans(line, at, last, piece, RICH_PIECES);
		if (n > 0)
			add_rich_cell(rec, piece, n);
		at++;
	}
}

/*
 * The payload of a link whose text tags cut (its rich flag),
 * line[0..len), into out with the tags and the white space around it
 * taken out (add_rich_cell and join_past_tags let no other in); its
 * length.
 */
size_t
link_strip_tags(char *out, const char *line, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if (line[i] == '<') {
			while (i < len && line[i] != '>')
				i++;
		} else if (line[i] != ' ' && line[i] != '\t' &&
		    line[i] != '\r')
			out[n++] = line[i];
	out[n] = '\0';
	return n;
}

/*
 * The last group of tags in a link's text, line[from..to), whose tags
 * follow each other with no text between, if it ends an element and
 * begins the same again (a run, a span; not a <wbr>, nor the end of a
 * span nested in the link's first): its start into *start,
 * and its end, where the link's last piece of text begins, returned; 0
 * if there is no such group.  The last piece is the link's own bytes,
 * which hold no '>'.
 */
size_t
last_tag_group(const char *line, size_t from, size_t to, size_t *start)
{
	size_t end = to, p, q;

	while (end > from && line[end - 1] != '>')
		end--;
	if (end == from)
		return 0;
	for (p = end; p > from && line[p - 1] == '>'; p = q) {
		for (q = p - 1; q > from && line[q] != '<'; q--)
			continue;
		if (line[q] != '<')
			break;
	}
	if (!tags_balance(line, p, end) ||
	    memmem(line + p, end - p, "</", 2) == NULL)
		return 0;
	*start = p;
	return end;
}
