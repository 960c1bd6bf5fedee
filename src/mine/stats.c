/*
 * stats.c: the difficulty figures of a board's mines, as the players'
 * community defines them (mine-reveal(1) gives the definitions): 3BV,
 * openings, islands and the greedy ZiNi estimate.  Everything is linear
 * in the cells and nothing recurses: regions are labelled by a union-find
 * over one pass of the rows, an opening is opened from an explicit stack,
 * and the greedy's "highest premium, first in reading order" comes from
 * a tree of maxima, 64 cells to a node.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define NOTHING		INT8_MIN	/* no premium: not a numbered cell */
#define FAN		64

struct zini {
	struct board	*b;
	uint32_t	*label;		/* the root of a zero's opening */
	const uint8_t	*unit;		/* 1 a zero, 2 an island cell */
	int8_t		**level;	/* level[0] the premiums, then maxima */
	size_t		*size;		/* entries at each level */
	size_t		 nlevel;
	ptrdiff_t	 off[8];
	uint32_t	*stack;
	size_t		 nstack, capstack;
	uint32_t	*dirty;		/* premiums due again, each once */
	size_t		 ndirty, capdirty;
	uint64_t	 left;		/* 3BV not yet cleared */
};

static int	 is_zero(uint8_t);
static int	 is_numbered(uint8_t);
static void	 join(uint32_t *, uint32_t, uint32_t);
static int	 next_to_zero(const struct board *, const ptrdiff_t *, size_t);
static int8_t	 premium(const struct zini *, size_t);
static void	 tree_set(struct zini *, size_t, int8_t);
static size_t	 tree_top(const struct zini *, int8_t *);
static void	 touched(struct zini *, size_t);
static void	 settle(struct zini *);
static void	 open_cell(struct zini *, size_t);
static void	 open_opening(struct zini *, size_t);
static uint64_t	 greedy(struct zini *, const uint8_t *);

static int
is_zero(uint8_t c)
{
	return (c & (CELL_MINE | CELL_COUNT)) == 0;
}

/* A safe cell with a count from 1 to 8 (not the wall, whose count is 15). */
static int
is_numbered(uint8_t c)
{
	return !(c & CELL_MINE) && (c & CELL_COUNT) >= 1 &&
	    (c & CELL_COUNT) <= 8;
}

/*
 * The root of x's set in a union-find forest, the path to it made to
 * point there straight (no recursion, however long the path).
 */
uint32_t
set_root(uint32_t *parent, uint32_t x)
{
	uint32_t r = x, next;

	while (parent[r] != r)
		r = parent[r];
	while (parent[x] != r) {
		next = parent[x];
		parent[x] = r;
		x = next;
	}
	return r;
}

/* The smaller index becomes the root, so a root is its region's first cell. */
static void
join(uint32_t *parent, uint32_t a, uint32_t b)
{
	a = set_root(parent, a);
	b = set_root(parent, b);
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}

static int
next_to_zero(const struct board *b, const ptrdiff_t *off, size_t i)
{
	int d;

	for (d = 0; d < 8; d++)
		if (is_zero(b->cell[i + off[d]]))
			return 1;
	return 0;
}

/*
 * The premium of chording numbered cell i: the 3BV its chord clears
 * (the openings whose zeros it opens, the island cells it opens, itself
 * if it is still covered and an island cell), less the flags it needs,
 * less one to open it if covered, less one for the chord.
 */
static int8_t
premium(const struct zini *z, size_t i)
{
	const uint8_t *cell = z->b->cell;
	uint32_t seen[8];
	size_t n, nseen = 0, k;
	int d, gain = 0, cost = 1;

	if (!is_numbered(cell[i]))
		return NOTHING;
	if (!(cell[i] & CELL_OPEN)) {
		cost++;
		gain += z->unit[i] == 2;
	}
	for (d = 0; d < 8; d++) {
		n = i + z->off[d];
		if (cell[n] & CELL_MINE) {
			cost += !(cell[n] & CELL_FLAG);
			continue;
		}
		if (cell[n] & CELL_OPEN)
			continue;
		if (is_zero(cell[n])) {
			for (k = 0; k < nseen; k++)
				if (seen[k] == z->label[n])
					break;
			if (k == nseen) {
				seen[nseen++] = z->label[n];
				gain++;
			}
		} else
			gain += z->unit[n] == 2;
	}
	return (int8_t)(gain - cost);
}

/*
 * Set leaf i and the maxima above it, as far as they change: a node is
 * scanned again only when its old maximum was the value that fell.
 */
static void
tree_set(struct zini *z, size_t i, int8_t v)
{
	size_t l, first, k;
	int8_t old = z->level[0][i], m, parent;

	if (old == v)
		return;
	z->level[0][i] = v;
	for (l = 1; l < z->nlevel; l++) {
		i /= FAN;
		parent = z->level[l][i];
		if (v >= parent)
			m = v;
		else if (old < parent)
			return;
		else {
			first = i * FAN;
			m = NOTHING;
			for (k = first; k < first + FAN &&
			    k < z->size[l - 1]; k++)
				if (z->level[l - 1][k] > m)
					m = z->level[l - 1][k];
		}
		if (m == parent)
			return;
		old = parent;
		v = m;
		z->level[l][i] = m;
	}
}

/* The first leaf holding the highest premium, and that premium. */
static size_t
tree_top(const struct zini *z, int8_t *top)
{
	size_t l = z->nlevel - 1, i = 0, k;

	*top = z->level[l][0];
	while (l-- > 0) {
		for (k = i * FAN; k < z->size[l]; k++)
			if (z->level[l][k] == *top)
				break;
		i = k;
	}
	return i;
}

/*
 * Cell i changed: the premiums around it are due again.  They are marked
 * (the pending bit, which nothing else uses here) and listed, and worked
 * out once each by settle(), however often a step touches them.
 */
static void
touched(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;
	size_t j;
	int d;

	for (d = -1; d < 8; d++) {
		j = d < 0 ? i : i + z->off[d];
		if (!is_numbered(cell[j]) || (cell[j] & CELL_PENDING))
			continue;
		cell[j] |= CELL_PENDING;
		if (z->ndirty == z->capdirty) {
			z->capdirty *= 2;
			z->dirty = xreallocarray(z->dirty, z->capdirty,
			    sizeof(*z->dirty));
		}
		z->dirty[z->ndirty++] = (uint32_t)j;
	}
}

static void
settle(struct zini *z)
{
	uint8_t *cell = z->b->cell;
	size_t j;

	while (z->ndirty > 0) {
		j = z->dirty[--z->ndirty];
		cell[j] &= ~CELL_PENDING;
		tree_set(z, j, premium(z, j));
	}
}

/* Open one safe covered cell; a zero opens its whole opening. */
static void
open_cell(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;

	if (cell[i] & CELL_OPEN)
		return;
	if (is_zero(cell[i])) {
		open_opening(z, i);
		return;
	}
	cell[i] |= CELL_OPEN;
	if (z->unit[i] == 2)
		z->left--;
	touched(z, i);
}

static void
open_opening(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;
	size_t j, x;
	int d;

	z->left--;
	z->nstack = 0;
	cell[i] |= CELL_OPEN;
	z->stack[z->nstack++] = (uint32_t)i;
	while (z->nstack > 0) {
		x = z->stack[--z->nstack];
		touched(z, x);
		for (d = 0; d < 8; d++) {
			j = x + z->off[d];
			if (cell[j] & CELL_OPEN)
				continue;
			cell[j] |= CELL_OPEN;
			if (is_zero(cell[j])) {
				if (z->nstack == z->capstack) {
					z->capstack *= 2;
					z->stack = xreallocarray(z->stack,
					    z->capstack, sizeof(*z->stack));
				}
				z->stack[z->nstack++] = (uint32_t)j;
			} else
				touched(z, j);
		}
	}
}

/*
 * The greedy: while 3BV is left, chord the first cell of the highest
 * premium if that premium is 0 or more (opening it first if covered,
 * flagging the mines it needs); otherwise open the first cell in reading
 * order that clears 3BV (a zero or an island cell).  Counts the clicks.
 */
static uint64_t
greedy(struct zini *z, const uint8_t *unit)
{
	uint8_t *cell = z->b->cell;
	size_t i, n, cursor = 0, ncell = z->size[0];
	uint64_t clicks = 0;
	int8_t top;
	int d;

	while (z->left > 0) {
		settle(z);
		i = tree_top(z, &top);
		if (top != NOTHING && top >= 0) {
			clicks += 1 + !(cell[i] & CELL_OPEN);
			open_cell(z, i);
			for (d = 0; d < 8; d++) {
				n = i + z->off[d];
				if ((cell[n] & CELL_MINE) &&
				    !(cell[n] & CELL_FLAG)) {
					cell[n] |= CELL_FLAG;
					clicks++;
					touched(z, n);
				}
			}
			for (d = 0; d < 8; d++) {
				n = i + z->off[d];
				if (!(cell[n] & (CELL_MINE | CELL_OPEN)))
					open_cell(z, n);
			}
			continue;
		}
		while (cursor < ncell && (!unit[cursor] ||
		    (cell[cursor] & CELL_OPEN)))
			cursor++;
		if (cursor == ncell)
			break;
		clicks++;
		open_cell(z, cursor);
	}
	return clicks;
}

/*
 * The figures of a board's mines; its open cells and flags do not count
 * (the board is left covered and unflagged).
 */
void
stats_compute(struct board *b, struct stats *st)
{
	struct zini z;
	size_t n, r, c, i, l, k;
	uint8_t *unit;
	ptrdiff_t w = (ptrdiff_t)b->stride;
	ptrdiff_t off[8] = { -w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1 };
	uint8_t *cell;

	memset(st, 0, sizeof(*st));
	board_reset(b);
	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++)
			*board_at(b, r, c) &= ~CELL_FLAG;
	cell = b->cell;
	n = (b->height + 2) * b->stride;
	if (n >= UINT32_MAX)
		errx(GF_EXIT_ERROR, "%s: a %zux%zu board is too large for "
		    "--stats (%u cells at most)", b->file, b->width,
		    b->height, UINT32_MAX - 1);
	st->cells = (uint64_t)b->width * b->height;
	st->mines = b->mines;
	memset(&z, 0, sizeof(z));
	z.b = b;
	memcpy(z.off, off, sizeof(off));
	z.label = xreallocarray(NULL, n, sizeof(*z.label));
	unit = xcalloc(n, 1);
	z.unit = unit;

	/* Label openings and islands in one pass, looking back only. */
	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			z.label[i] = (uint32_t)i;
			if (is_zero(cell[i]))
				unit[i] = 1;
			else if (is_numbered(cell[i]) &&
			    !next_to_zero(b, off, i))
				unit[i] = 2;
			else
				continue;
			for (k = 0; k < 4; k++)
				if (unit[i + off[k]] == unit[i])
					join(z.label, (uint32_t)i,
					    (uint32_t)(i + off[k]));
		}
	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			if (!unit[i])
				continue;
			z.label[i] = set_root(z.label, (uint32_t)i);
			if (z.label[i] == i) {
				if (unit[i] == 1)
					st->openings++;
				else
					st->islands++;
			}
			if (unit[i] == 2)
				st->island_cells++;
		}
	st->bbbv = st->openings + st->island_cells;

	/* The premium tree. */
	for (l = 1, k = n; k > 1; l++)
		k = (k + FAN - 1) / FAN;
	z.nlevel = l;
	z.level = xcalloc(l, sizeof(*z.level));
	z.size = xcalloc(l, sizeof(*z.size));
	for (l = 0, k = n; l < z.nlevel; l++, k = (k + FAN - 1) / FAN) {
		z.size[l] = k;
		z.level[l] = xmalloc(k);
		memset(z.level[l], NOTHING, k);
	}
	for (i = 0; i < n; i++)
		if (unit[i] || is_numbered(cell[i]))
			z.level[0][i] = premium(&z, i);
	for (l = 1; l < z.nlevel; l++)
		for (k = 0; k < z.size[l - 1]; k++)
			if (z.level[l - 1][k] > z.level[l][k / FAN])
				z.level[l][k / FAN] = z.level[l - 1][k];
	z.capstack = 1024;
	z.stack = xreallocarray(NULL, z.capstack, sizeof(*z.stack));
	z.capdirty = 1024;
	z.dirty = xreallocarray(NULL, z.capdirty, sizeof(*z.dirty));
	z.left = st->bbbv;
	st->zini = greedy(&z, unit);

	for (l = 0; l < z.nlevel; l++)
		free(z.level[l]);
	free(z.level);
	free(z.size);
	free(z.stack);
	free(z.dirty);
	free(z.label);
	free(unit);
	board_reset(b);
}
