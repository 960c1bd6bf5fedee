/*
 * log.c: the replay log itself, independent of how it is written: the
 * list of moves, the names of the formats, and telling a payload's format
 * from its first characters.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

static const char *format_names[] = {
	"legacy", "compact", "base36", "json", "packed"
};

void
game_init(struct game *g)
{
	memset(g, 0, sizeof(*g));
	g->end = 'i';
}

void
game_free(struct game *g)
{
	free(g->move);
	game_init(g);
}

/* Empty the game for the next record, keeping its memory. */
void
game_reset(struct game *g)
{
	g->n = 0;
	g->end = 'i';
	g->kills_corrupt = 0;
}

void
game_grow(struct game *g)
{
	size_t cap;

	cap = g->cap == 0 ? 64 : g->cap * 2;
	g->move = xreallocarray(g->move, cap, sizeof(*g->move));
	g->cap = cap;
}

/*
 * Whether c is one of the end letters w, l and i.  A test of one byte,
 * not strchr(), which also finds the NUL that ends its string.
 */
int
is_end_letter(int c)
{
	return c == 'w' || c == 'l' || c == 'i';
}

/* The index of an end letter in "wli": 0, 1 or 2. */
int
end_index(int c)
{
	return c == 'w' ? 0 : c == 'l' ? 1 : 2;
}

int
move_in_range(const struct move *m)
{
	return m->r1 >= 1 && m->r1 <= BOARD_ROWS &&
	    m->r2 >= 1 && m->r2 <= BOARD_ROWS &&
	    m->c1 >= 1 && m->c1 <= BOARD_COLS &&
	    m->c2 >= 1 && m->c2 <= BOARD_COLS;
}

enum format
format_from_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (strcmp(name, format_names[i]) == 0)
			return (enum format)i;
	return FORMAT_NONE;
}

const char *
format_name(enum format f)
{
	return f == FORMAT_NONE ? "unknown" : format_names[f];
}

static int
is_base36_payload(const char *p, size_t len)
{
	size_t i;

	if (len % 3 != 1 || !is_end_letter(p[len - 1]))
		return 0;
	for (i = 0; i + 1 < len; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'z')))
			return 0;
	return 1;
}

/*
 * The formats differ in their first characters: json opens a brace,
 * legacy opens with an event letter and a dash, compact is the only one
 * with a dash later on, base36 is lowercase base-36 digits in threes with
 * an end letter.  An empty payload is the empty legacy log.  Anything else
 * is left to the packed format's own check.
 */
enum format
detect_format(const char *p, size_t len)
{
	if (len == 0)
		return FORMAT_LEGACY;
	if (p[0] == '{')
		return FORMAT_JSON;
	if (len >= 2 && (p[0] == 'm' || p[0] == 'e') && p[1] == '-')
		return FORMAT_LEGACY;
	if (memchr(p, '-', len) != NULL)
		return FORMAT_COMPACT;
	if (is_base36_payload(p, len))
		return FORMAT_BASE36;
	return FORMAT_PACKED;
}

/* Fill in a parse error; returns -1 so that parsers can return it. */
int
parse_error_set(struct parse_error *pe, const char *why, size_t move,
    const char *token, size_t toklen)
{
	pe->why = why;
	pe->move = move;
	pe->token = token;
	pe->toklen = toklen;
	return -1;
}

int
parse_payload(enum format f, const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	switch (f) {
	case FORMAT_LEGACY:
		return parse_legacy(p, len, g, pe);
	case FORMAT_COMPACT:
		return parse_compact(p, len, g, pe);
	case FORMAT_BASE36:
		return parse_base36(p, len, g, pe);
	case FORMAT_JSON:
		return parse_json(p, len, g, pe);
	default:
		return parse_error_set(pe, "not a payload in any known format",
		    0, p, len);
	}
}

void
write_payload(FILE *fp, enum format f, const struct game *g)
{
	switch (f) {
	case FORMAT_LEGACY:
		write_legacy(fp, g);
		break;
	case FORMAT_COMPACT:
		write_compact(fp, g);
		break;
	case FORMAT_BASE36:
		write_base36(fp, g);
		break;
	case FORMAT_JSON:
		write_json(fp, g);
		break;
	default:
		abort();
	}
}
