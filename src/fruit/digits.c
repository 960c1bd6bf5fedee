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
#define MAX_DISTANCE	48	/* mean difference per sample, of 255 */
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

void
digit_read(const struct cell_look *look, int font, struct digit_match *m)
{
	digit_read_with(look, digit_templates, digit_ntemplates, font, m);
}

/*
 * The font of most of the n cells that hold a digit: the font of the
 * template each is nearest; DIGIT_ANY_FONT when no cell holds one.
 */
int
digit_font(const struct cell_look *look, size_t n)
{
	size_t i, j, votes[2] = { 0, 0 };
	unsigned int d, best;
	int font;

	for (i = 0; i < n; i++) {
		if (look[i].yellow >= RING_YELLOW ||
		    look[i].red < CLEARED_RED || look[i].height < MIN_HEIGHT)
			continue;
		best = UINT32_MAX;
		font = 0;
		for (j = 0; j < digit_ntemplates; j++)
			if ((d = digit_distance(&look[i],
			    &digit_templates[j])) < best) {
				best = d;
				font = digit_templates[j].font;
			}
		votes[font != 0]++;
	}
	if (votes[0] == 0 && votes[1] == 0)
		return DIGIT_ANY_FONT;
	return votes[1] > votes[0] ? DIGIT_OWN_FONT : DIGIT_GAME_FONT;
}

/* The same, against the templates t, as fruit-templates checks them. */
void
digit_read_with(const struct cell_look *look, const struct digit_template *t,
    size_t nt, int font, struct digit_match *m)
{
	unsigned int best[10], d;
	size_t i;
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
	for (k = 0; k < 10; k++)
		best[k] = UINT32_MAX;
	for (i = 0; i < nt; i++) {
		if (font != DIGIT_ANY_FONT && t[i].font != font)
			continue;
		d = digit_distance(look, &t[i]);
		if (d < best[t[i].digit])
			best[t[i].digit] = d;
	}
	m->digit = 1;
	for (k = 2; k <= 9; k++)
		if (best[k] < best[m->digit])
			m->digit = k;
	m->distance = best[m->digit];
	m->second = UINT32_MAX;
	for (k = 1; k <= 9; k++)
		if (k != m->digit && best[k] < m->second)
			m->second = best[k];
	if (m->distance > MAX_DISTANCE) {
		snprintf(m->why, sizeof(m->why), "nearest %d at distance %u, "
		    "more than %u", m->digit, m->distance, MAX_DISTANCE);
		m->digit = -1;
	} else if (m->second - m->distance < MIN_MARGIN) {
		snprintf(m->why, sizeof(m->why), "%d at %u too near another "
		    "digit at %u", m->digit, m->distance, m->second);
		m->digit = -1;
	}
}
