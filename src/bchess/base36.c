/*
 * base36.c: the form the site's author described but never deployed:
 * each move as r1*4096 + c1*512 + r2*64 + c2*8 + k in three base-36 digits,
 * then the end letter (w, l, or i for a log without an end event).
 */

#include "config.h"

#include <stdio.h>

#include "gf.h"
#include "bchess.h"

int
parse_base36(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	struct move m;
	size_t i, j;
	int d, v;

	if (len % 3 != 1 || !is_end_letter(p[len - 1]))
		return parse_error_set(pe, "not groups of three digits and an "
		    "end letter", 0, p, len);
	if (len / 3 > RECORD_MOVES_MAX)
		return parse_error_set(pe, "a record holds at most "
		    RECORD_MOVES_MAX_TEXT " moves", RECORD_MOVES_MAX + 1,
		    p + 3 * RECORD_MOVES_MAX, 3);
	for (i = 0; i + 1 < len; i += 3) {
		v = 0;
		for (j = 0; j < 3; j++) {
			if ((d = base36_value(p[i + j])) == -1)
				return parse_error_set(pe, "not a base-36 digit",
				    i / 3 + 1, p + i, 3);
			v = v * 36 + d;
		}
		m.r1 = (uint8_t)(v >> 12);
		m.c1 = (uint8_t)(v >> 9 & 7);
		m.r2 = (uint8_t)(v >> 6 & 7);
		m.c2 = (uint8_t)(v >> 3 & 7);
		m.kill = (uint8_t)(v & 7);
		if (m.kill > 1)
			return parse_error_set(pe, "kill field is not 0 or 1",
			    i / 3 + 1, p + i, 3);
		if (!move_in_range(&m))
			return parse_error_set(pe, "coordinate off the 5x7 board",
			    i / 3 + 1, p + i, 3);
		game_add(g, &m);
	}
	g->end = p[len - 1];
	return 0;
}

void
write_base36(FILE *fp, const struct game *g)
{
	size_t i;
	int v;

	for (i = 0; i < g->n; i++) {
		const struct move *m = &g->move[i];

		v = m->r1 * 4096 + m->c1 * 512 + m->r2 * 64 + m->c2 * 8 +
		    m->kill;
		putc_unlocked(base36_digits[v / 1296], fp);
		putc_unlocked(base36_digits[v / 36 % 36], fp);
		putc_unlocked(base36_digits[v % 36], fp);
	}
	putc_unlocked(g->end, fp);
}
