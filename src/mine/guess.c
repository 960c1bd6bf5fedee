/*
 * guess.c: the cell to open when nothing is certain.  A 50/50 that no
 * cell could ever tell apart is guessed first, since it must be guessed
 * some time and what it shows may help the rest.  Otherwise, looking
 * one guess ahead (mine-reveal's default), the one most likely to
 * survive this guess and the best next one, each number it could show
 * weighed by the exact share of the boards that show it; without (its
 * --fast), among the cells nearly as safe as the safest, the one most
 * likely both safe and to give the rules a safe cell at once.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define TIE		1e-9	/* probabilities closer than this are equal */
#define TOLERANCE	0.02	/* guesses this close to the safest compete */
#define DEEP_SHARE	0.10	/* deeper: safety within this share of the best */
#define DEEP_CELLS	8	/* deeper: the cells looked at ahead */

static int	 guessable(const struct solver *, size_t);
static int	 adjacent(const struct solver *, size_t, size_t);
static int	 unresolvable(const struct solver *, size_t, size_t);
static double	 progress(struct solver *, size_t);
static double	 zero_chance(const struct solver *, size_t);
static double	 next_safety(struct solver *, size_t, double, uint8_t *);
static void	 keep_best(size_t *, double *, size_t *, size_t, double);

/*
 * A figure to guess by where the count gave none: the highest share of
 * the mines a neighbouring number still needs.
 */
double
guess_estimate(const struct solver *s, size_t i)
{
	double p = solver_prob(s, i), e = 0;
	size_t j, k, u;
	int d, m;

	if (!isnan(p))
		return p;
	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if ((s->b->cell[j] & (CELL_OPEN | CELL_MINE)) != CELL_OPEN ||
		    (s->b->cell[j] & CELL_COUNT) > 8)
			continue;
		u = 0;
		m = 0;
		for (k = 0; k < 8; k++) {
			size_t n = j + s->off[k];

			if (s->know[n] & KNOW_MINE)
				m++;
			else if (!(s->b->cell[n] & CELL_OPEN) &&
			    !(s->know[n] & KNOW_SAFE))
				u++;
		}
		if (u > 0 && ((s->b->cell[j] & CELL_COUNT) - m) / (double)u > e)
			e = ((s->b->cell[j] & CELL_COUNT) - m) / (double)u;
	}
	if (e == 0)
		e = (double)s->total / ((double)s->b->width * s->b->height);
	return e;
}

/* A covered cell not known to be a mine. */
static int
guessable(const struct solver *s, size_t i)
{
	return !(s->b->cell[i] & CELL_OPEN) && !(s->know[i] & KNOW_MINE);
}

static int
adjacent(const struct solver *s, size_t a, size_t b)
{
	int d;

	for (d = 0; d < 8; d++)
		if (a + s->off[d] == b)
			return 1;
	return 0;
}

/*
 * Could nothing ever opened tell covered cells a and b apart?  So when
 * every cell next to one of them and not the other is the wall or a
 * known mine: a number there would have tied the cell to others.
 */
static int
unresolvable(const struct solver *s, size_t a, size_t b)
{
	size_t x, y, n;
	int d, k;

	for (k = 0; k < 2; k++) {
		x = k ? b : a;
		y = k ? a : b;
		for (d = 0; d < 8; d++) {
			n = x + s->off[d];
			if (n == y || adjacent(s, n, y) ||
			    s->b->cell[n] == CELL_WALL)
				continue;
			if (!(s->b->cell[n] & CELL_OPEN) &&
			    (s->know[n] & KNOW_MINE))
				continue;
			return 0;
		}
	}
	return 1;
}

/*
 * A 50/50 that must be guessed: a number whose unknown neighbours are
 * two cells holding its one missing mine, which nothing can tell apart.
 * Returns 1 and one of the two in *cell, or 0.
 */
int
guess_fifty(const struct solver *s, size_t *cell)
{
	size_t x, j, u[8];
	int d, n, need;
	uint8_t c;

	for (x = 0; x < s->ncells; x++) {
		c = s->b->cell[x];
		if ((c & (CELL_OPEN | CELL_MINE)) != CELL_OPEN ||
		    (c & CELL_COUNT) > 8)
			continue;
		need = c & CELL_COUNT;
		n = 0;
		for (d = 0; d < 8; d++) {
			j = x + s->off[d];
			if (s->b->cell[j] & CELL_OPEN)
				continue;
			if (s->know[j] & KNOW_MINE)
				need--;
			else if (!(s->know[j] & KNOW_SAFE))
				u[n++] = j;
		}
		if (n == 2 && need == 1 && unresolvable(s, u[0], u[1])) {
			*cell = u[0];
			return 1;
		}
	}
	return 0;
}

/*
 * The chance that opening covered cell i, if safe, shows a number from
 * which the rules find a safe cell at once: the numbers it could show
 * weighted as if its unknown neighbours were independent.
 */
static double
progress(struct solver *s, size_t i)
{
	double dist[9], q, sum = 0;
	size_t j;
	int d, v, n = 0, known = 0;

	memset(dist, 0, sizeof(dist));
	dist[0] = 1;
	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if (s->b->cell[j] & CELL_OPEN)
			continue;
		if (s->know[j] & KNOW_MINE) {
			known++;
			continue;
		}
		if (s->know[j] & KNOW_SAFE)
			continue;
		q = guess_estimate(s, j);
		n++;
		for (v = n; v > 0; v--)
			dist[v] = dist[v] * (1 - q) + dist[v - 1] * q;
		dist[0] *= 1 - q;
	}
	for (v = 0; v <= n && known + v <= 8; v++)
		if (dist[v] > 0 && solver_probe(s, i, known + v) == 1)
			sum += dist[v];
	return sum;
}

/* The chance that covered cell i is safe and a zero, as if independent. */
static double
zero_chance(const struct solver *s, size_t i)
{
	double z = 1 - guess_estimate(s, i);
	size_t j;
	int d;

	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if (!(s->b->cell[j] & CELL_OPEN))
			z *= 1 - guess_estimate(s, j);
	}
	return z;
}

/*
 * The chance of surviving a guess of covered cell i and the guess after
 * it: for each number v it could show, the share of the boards where it
 * is safe and shows v (from the count of boards, exactly), times 1 if
 * the solver then finds a safe cell, else the best safety then.  Leaves
 * the solver's marks as they were but not its figures, which the caller
 * makes again (guess_best analyses once more after the last cell).
 * base is the log of the boards before, know room for the marks.
 */
static double
next_safety(struct solver *s, size_t i, double base, uint8_t *know)
{
	struct board *b = s->b;
	uint8_t saved = b->cell[i];
	size_t nsafe = s->nsafe, nmine = s->nmine, x, j;
	double sum = 0, share, then, q;
	int v, d, known = 0, loose = 0;

	memcpy(know, s->know, s->ncells);
	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if (b->cell[j] & CELL_OPEN)
			continue;
		if (s->know[j] & KNOW_MINE)
			known++;
		else if (!(s->know[j] & KNOW_SAFE))
			loose++;
	}
	for (v = known; v <= known + loose; v++) {
		b->cell[i] = (uint8_t)(CELL_OPEN | v);
		if (solver_analyse_at(s, i) != -1 && s->exact) {
			share = exp(s->logboards - base);
			then = s->nsafe > nsafe ? 1 : 0;
			for (x = 0; x < s->ncells && then < 1; x++)
				if (guessable(s, x) &&
				    (q = 1 - solver_prob(s, x)) > then)
					then = q;
			sum += share * then;
		}
		memcpy(s->know, know, s->ncells);
		s->nsafe = nsafe;
		s->nmine = nmine;
	}
	b->cell[i] = saved;
	return sum;
}

/* Keep the DEEP_CELLS best scores, highest first, earliest on a tie. */
static void
keep_best(size_t *cell, double *score, size_t *n, size_t i, double sc)
{
	size_t k = *n < DEEP_CELLS ? (*n)++ : DEEP_CELLS;

	if (k == DEEP_CELLS && sc <= score[DEEP_CELLS - 1] + TIE)
		return;
	for (; k > 0 && score[k - 1] < sc - TIE; k--)
		if (k < DEEP_CELLS) {
			score[k] = score[k - 1];
			cell[k] = cell[k - 1];
		}
	score[k] = sc;
	cell[k] = i;
}

/*
 * The cell to guess.  Among the cells at most TOLERANCE more likely to
 * be a mine than the safest, the one with the best chance of being safe
 * and giving the rules a safe cell at once (progress), a little more for
 * the chance of a zero; then the first in reading order.  deep: among
 * the cells whose safety is within DEEP_SHARE of the best, the
 * DEEP_CELLS that score best so, then by next_safety.
 */
size_t
guess_best(struct solver *s, int deep)
{
	size_t r, c, i, k, best = 0, cell[DEEP_CELLS], n = 0;
	double p, bp = 2, bz = -1, score, sc[DEEP_CELLS], base;
	uint8_t *know;

	deep = deep && s->exact;
	for (r = 1; r <= s->b->height; r++)
		for (c = 1; c <= s->b->width; c++) {
			i = solver_index(s, r, c);
			if (!guessable(s, i))
				continue;
			if ((p = guess_estimate(s, i)) < bp)
				bp = p;
		}
	for (r = 1; r <= s->b->height; r++)
		for (c = 1; c <= s->b->width; c++) {
			i = solver_index(s, r, c);
			if (!guessable(s, i))
				continue;
			p = guess_estimate(s, i);
			if (deep ? p > 1 - (1 - bp) * (1 - DEEP_SHARE) + TIE :
			    p > bp + TOLERANCE + TIE)
				continue;
			score = (1 - p) * (progress(s, i) +
			    zero_chance(s, i) * 1e-3);
			if (deep)
				keep_best(cell, sc, &n, i, score);
			else if (score > bz + TIE) {
				bz = score;
				best = i;
			}
		}
	if (!deep)
		return best;
	base = s->logboards;
	know = xmalloc(s->ncells);
	for (k = 0; k < n; k++) {
		score = next_safety(s, cell[k], base, know) + 1e-6 * sc[k];
		if (score > bz + TIE) {
			bz = score;
			best = cell[k];
		}
	}
	free(know);
	solver_analyse(s);
	return best;
}
