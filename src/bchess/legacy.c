/*
 * legacy.c: the long form the site shared until 2021-10-08, comma
 * separated events "m-r1-c1-r2-c2-k" and one final "e-w" or "e-l".  The
 * earliest links wrote the kill field as "true", "false" or nothing; all
 * are read, and "1"/"0" are written.
 */

#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

static int	parse_coordinate(const char **, const char *, uint8_t *);
static int	parse_kill(const char *, const char *, uint8_t *);
static char	*put_comma(char *, int);
static void	write_events(FILE *, const struct game *, int);
static int	parse_event(const char *, const char *, struct game *,
		    struct parse_error *);

/* One digit, then a dash; *pp moves past both. */
static int
parse_coordinate(const char **pp, const char *end, uint8_t *v)
{
	const char *p = *pp;

	if (end - p < 2 || p[0] < '0' || p[0] > '9' || p[1] != '-')
		return -1;
	*v = (uint8_t)(p[0] - '0');
	*pp = p + 2;
	return 0;
}

static int
parse_kill(const char *p, const char *end, uint8_t *kill)
{
	size_t len = (size_t)(end - p);

	if ((len == 1 && *p == '1') || (len == 4 && memcmp(p, "true", 4) == 0))
		*kill = 1;
	else if (len == 0 || (len == 1 && *p == '0') ||
	    (len == 5 && memcmp(p, "false", 5) == 0))
		*kill = 0;
	else
		return -1;
	return 0;
}

static int
parse_event(const char *tok, const char *end, struct game *g,
    struct parse_error *pe)
{
	size_t len = (size_t)(end - tok), number = g->n + 1;
	const char *p = tok;
	struct move m;

	if (g->end != 'i')
		return parse_error_set(pe, "event after the end event",
		    number, tok, len);
	if (g->n == RECORD_MOVES_MAX && !(len == 3 && tok[0] == 'e'))
		return parse_error_set(pe, "a record holds at most "
		    RECORD_MOVES_MAX_TEXT " moves", number, tok, len);
	/* The shape of nearly every event: m-r-c-r-c-k, one digit each. */
	if (len == 11 && tok[0] == 'm' && tok[1] == '-' && tok[3] == '-' &&
	    tok[5] == '-' && tok[7] == '-' && tok[9] == '-' &&
	    (tok[10] == '0' || tok[10] == '1')) {
		m.r1 = (uint8_t)(tok[2] - '0');
		m.c1 = (uint8_t)(tok[4] - '0');
		m.r2 = (uint8_t)(tok[6] - '0');
		m.c2 = (uint8_t)(tok[8] - '0');
		m.kill = tok[10] == '1';
		if (m.r1 - 1u < BOARD_ROWS && m.r2 - 1u < BOARD_ROWS &&
		    m.c1 - 1u < BOARD_COLS && m.c2 - 1u < BOARD_COLS) {
			game_add(g, &m);
			return 0;
		}
	}
	if (len == 3 && tok[0] == 'e' && tok[1] == '-' &&
	    (tok[2] == 'w' || tok[2] == 'l')) {
		g->end = tok[2];
		return 0;
	}
	if (len < 2 || tok[0] != 'm' || tok[1] != '-')
		return parse_error_set(pe, "not a move or end event",
		    number, tok, len);
	p += 2;
	if (parse_coordinate(&p, end, &m.r1) == -1 ||
	    parse_coordinate(&p, end, &m.c1) == -1 ||
	    parse_coordinate(&p, end, &m.r2) == -1 ||
	    parse_coordinate(&p, end, &m.c2) == -1)
		return parse_error_set(pe, "malformed move", number, tok, len);
	if (parse_kill(p, end, &m.kill) == -1)
		return parse_error_set(pe, "kill field is not 0, 1, true, "
		    "false or empty", number, tok, len);
	if (!move_in_range(&m))
		return parse_error_set(pe, "coordinate off the 5x7 board",
		    number, tok, len);
	game_add(g, &m);
	return 0;
}

int
parse_legacy(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	const char *end = p + len, *comma;

	if (len == 0)
		return 0;
	for (;;) {
		/*
		 * A well-formed move has its comma 11 bytes on (13 or 14 with
		 * "true" or "false"), so look there before searching.
		 */
		if (end - p > 11 && p[11] == ',')
			comma = p + 11;
		else if ((comma = memchr(p, ',', (size_t)(end - p))) == NULL)
			comma = end;
		if (parse_event(p, comma, g, pe) == -1)
			return -1;
		if (comma == end)
			return 0;
		p = comma + 1;
	}
}

void
write_legacy(FILE *fp, const struct game *g)
{
	write_events(fp, g, 0);
}

/*
 * With the commas escaped as %2C, so that a link inside a line of CSV
 * keeps the fields around it; with depth 2, encoded twice (%252C), as in
 * a link encoded inside another one that was encoded.
 */
void
write_legacy_escaped(FILE *fp, const struct game *g, unsigned int depth)
{
	write_events(fp, g, depth > 1 ? 2 : 1);
}

/* Moves are built in a block and written a block at a time. */
static void
write_events(FILE *fp, const struct game *g, int escaped)
{
	char buf[4096], *p = buf;
	size_t i;

	for (i = 0; i < g->n; i++) {
		const struct move *m = &g->move[i];

		if (p - buf > (ptrdiff_t)sizeof(buf) - 24) {
			fwrite_unlocked(buf, 1, (size_t)(p - buf), fp);
			p = buf;
		}
		if (i > 0)
			p = put_comma(p, escaped);
		p[0] = 'm';
		p[1] = '-';
		p[2] = (char)('0' + m->r1);
		p[3] = '-';
		p[4] = (char)('0' + m->c1);
		p[5] = '-';
		p[6] = (char)('0' + m->r2);
		p[7] = '-';
		p[8] = (char)('0' + m->c2);
		p[9] = '-';
		p[10] = m->kill ? '1' : '0';
		p += 11;
	}
	if (g->end != 'i') {
		if (g->n > 0)
			p = put_comma(p, escaped);
		*p++ = 'e';
		*p++ = '-';
		*p++ = g->end;
	}
	fwrite_unlocked(buf, 1, (size_t)(p - buf), fp);
}

static char *
put_comma(char *p, int escaped)
{
	if (escaped == 0) {
		*p++ = ',';
		return p;
	}
	if (escaped == 2) {
		memcpy(p, "%252C", 5);
		return p + 5;
	}
	memcpy(p, "%2C", 3);
	return p + 3;
}
