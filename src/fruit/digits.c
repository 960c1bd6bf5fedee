/*
 * digits.c: reading one cell.  A cell with little apple red is cleared,
 * and so is one ringed in yellow (an apple the game is taking away).
 * Otherwise its digit is the nearest template, and only if it is near
 * enough and clearly nearer than any other digit: a cell that is not
 * sure is refused, never guessed.  A picture's cells are all in one
 * font, the game's or the one fruitsolve draws, so they are read against
 * that font's templates alone: blurred to a few pixels, a digit of one
 * font can come near another digit of the other.  The templates are
 * made from real screenshots by fruit-templates (see templates.c) and
 * kept in digit-templates.c.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gf.h"
#include "picture.h"

#define CLEARED_RED	150	/* per mille of red below which a cell is empty */
#define RING_YELLOW	100	/* per mille of yellow: an apple going away */
/*
 * Over fruit-templates' leave-one-out, no cell came farther than 24
 * from its own digit (half of DIGIT_MAX_DISTANCE), no other digit came
 * nearer than its own, and its own was nearer by less than MIN_MARGIN
 * in 1 cell of 33275.
 */
#define MIN_MARGIN	4	/* how much nearer than another digit */
#define MIN_HEIGHT	25	/* percent of the pitch: the game's digits are
				   34 to 42, fruitsolve's own 42 to 55 */

unsigned int
digit_distance(const struct cell_look *look, const struct digit_template *t)
{
	unsigned int i, d;

	d = 0;
	for (i = 0; i < DIGIT_SIDE * DIGIT_SIDE; i++)
		d += (unsigned int)abs((int)look->ink[i] - (int)t->ink[i]);
	return d / (DIGIT_SIDE * DIGIT_SIDE);
}

/* Whether the look is of a whole apple with a white digit on it. */
int
digit_present(const struct cell_look *look)
{
	return look->yellow < RING_YELLOW && look->red >= CLEARED_RED &&
	    look->height >= MIN_HEIGHT;
}

void
digit_read(const struct cell_look *look, int font, struct digit_match *m)
{
	digit_read_with(look, digit_templates, digit_ntemplates, font, m);
}

/*
 * The font the n cells that hold a digit are nearer, summed over them:
 * each cell's distance to the nearest template of each font.  A sum,
 * not a vote of the cells, since a blurred or dithered picture of the
 * game's digits can come a little nearer our own font in some cells,
 * but not in all of them together.  DIGIT_ANY_FONT when no cell holds
 * a digit.
 */
int
digit_font(const struct cell_look *look, size_t n)
{
	uint64_t sum[2] = { 0, 0 };
	unsigned int best[10];
	size_t i, cells;
	int font;

	cells = 0;
	for (i = 0; i < n; i++) {
		if (!digit_present(&look[i]))
			continue;
		/* Both fonts are in the templates fruitsolve is built with. */
		for (font = DIGIT_GAME_FONT; font <= DIGIT_OWN_FONT; font++) {
			digit_nearest(&look[i], digit_templates,
			    digit_ntemplates, font, best);
			sum[font] += digit_nearest_but(best, 0);
		}
		cells++;
	}
	if (cells == 0)
		return DIGIT_ANY_FONT;
	return sum[1] < sum[0] ? DIGIT_OWN_FONT : DIGIT_GAME_FONT;
}

/*
 * Into best[k], the distance of the look to the nearest template of
 * digit k, 1 to 9, among the n templates t of the font (DIGIT_ANY_FONT:
 * all); UINT32_MAX for a digit with none.
 */
void
digit_nearest(const struct cell_look *look, const struct digit_template *t,
    size_t n, int font, unsigned int best[10])
{
	unsigned int d;
	size_t i;
	int k;

	for (k = 0; k < 10; k++)
		best[k] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		if (font != DIGIT_ANY_FONT && t[i].font != font)
			continue;
		d = digit_distance(look, &t[i]);
		if (d < best[t[i].digit])
			best[t[i].digit] = d;
	}
}

/*
 * The least of the distances best[1] to best[9] of digit_nearest, all
 * but that of digit k (0: the least of all).
 */
unsigned int
digit_nearest_but(const unsigned int best[10], int k)
{
	unsigned int least = UINT32_MAX;
	int j;

	for (j = 1; j <= 9; j++)
		if (j != k && best[j] < least)
			least = best[j];
	return least;
}

/* The same, against the templates t, as fruit-templates checks them. */
void
digit_read_with(const struct cell_look *look, const struct digit_template *t,
    size_t nt, int font, struct digit_match *m)
{
	unsigned int best[10];
	int k;

	m->why[0] = '\0';
	m->distance = m->second = 0;
	if (look->yellow >= RING_YELLOW || look->red < CLEARED_RED) {
		m->digit = 0;
		return;
	}
	/*
	 * An apple with no white digit on it (a page darkened, the digits
	 * drawn dark) would sample as bare red, nearest the thin 1.
	 */
	if (look->height < MIN_HEIGHT) {
		snprintf(m->why, sizeof(m->why), "no white digit on the apple");
		m->digit = -1;
		return;
	}
	digit_nearest(look, t, nt, font, best);
	m->digit = 1;
	for (k = 2; k <= 9; k++)
		if (best[k] < best[m->digit])
			m->digit = k;
	m->distance = best[m->digit];
	m->second = digit_nearest_but(best, m->digit);
	if (m->distance > DIGIT_MAX_DISTANCE) {
		snprintf(m->why, sizeof(m->why), "nearest %d at distance %u, "
		    "more than %u", m->digit, m->distance, DIGIT_MAX_DISTANCE);
		m->digit = -1;
	} else if (m->second - m->distance < MIN_MARGIN) {
		snprintf(m->why, sizeof(m->why), "%d at %u too near another "
		    "digit at %u", m->digit, m->distance, m->second);
		m->digit = -1;
	}
}
