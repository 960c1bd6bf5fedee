/*
 * stats.c: the difficulty figures of a board's mines, as the players'
 * community defines them (mine-reveal(1) gives the definitions): 3BV,
 * openings, islands and the greedy ZiNi estimate.  Everything is linear
 * in the cells and nothing recurses: an opening or an island is walked
 * from an explicit stack, once to count it and once more when the greedy
 * opens it, and the greedy's "highest premium, first in reading order" comes from
 * one set of cells for each premium from 0 up, kept as bits with a bit
 * above each word that is not zero, so that the first cell of a set is
 * found and a cell moved between sets in a few word operations.  The
 * premiums are worked out once, on the covered board, and then changed
 * by what each step of the greedy does, never worked out again.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define NOTHING		INT8_MIN	/* no premium: not a numbered cell */
/*
 * The highest premium there can be: a chord gains at most its 8
 * neighbours and the cell itself, and costs 1, or 2 when the cell is
 * covered, which is the only way it gains itself.
 */
#define PREMIUM_MAX	7
#define BITSET_LEVELS	6		/* 64^6 bits: more than any board */

/* A set of cells: bits, and above each level a bit for each word not 0. */
struct bitset {
	uint64_t	*word[BITSET_LEVELS];
	size_t		 nword[BITSET_LEVELS];
	size_t		 nlevel;
};

struct zini {
	struct board	*b;
	const uint8_t	*unit;		/* 1 a zero, 2 an island cell */
	int8_t		*premium;	/* each cell's, or NOTHING */
	struct bitset	 with[PREMIUM_MAX + 1];	/* the cells of each premium */
	ptrdiff_t	 off[8];
	uint32_t	*stack;
	size_t		 nstack, capstack;
	uint32_t	*rim;		/* the rim met, to unmark */
	size_t		 nrim, caprim;
	uint64_t	 left;		/* 3BV not yet cleared */
};

static int	 is_zero(uint8_t);
static int	 is_numbered(uint8_t);
static void	 find_units(const struct board *, const ptrdiff_t *, uint8_t *);
static void	 premium_init(struct zini *);
static void	 walk_opening(struct zini *, size_t);
static uint64_t	 walk_island(struct zini *, size_t);
static void	 count_regions(struct zini *, struct stats *);
static void	 bitset_init(struct bitset *, size_t);
static void	 bitset_fill(struct bitset *);
static void	 premium_sets(struct zini *, size_t);
static void	 bitset_free(struct bitset *);
static void	 bitset_add(struct bitset *, size_t);
static void	 bitset_remove(struct bitset *, size_t);
static int	 bitset_first(const struct bitset *, size_t *);
static void	 premium_set(struct zini *, size_t, int8_t);
static size_t	 premium_top(const struct zini *, int8_t *);
static void	 shift(struct zini *, size_t, int);
static void	 shift_around(struct zini *, size_t, int);
static void	 push(uint32_t **, size_t *, size_t *, size_t);
static void	 mark(struct zini *, size_t);
static void	 open_cell(struct zini *, size_t);
static void	 open_opening(struct zini *, size_t);
static uint64_t	 greedy(struct zini *);

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
 * Each cell's unit of 3BV: 1 a zero (of an opening), 2 an island cell
 * (a numbered cell next to no zero), 0 any other.  Two passes with no
 * branch on the cells, since mines fall at random.
 */
static void
find_units(const struct board *b, const ptrdiff_t *off, uint8_t *unit)
{
	const uint8_t *cell = b->cell;
	size_t r, c, i;
	int near;

	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			unit[i] = is_zero(cell[i]);
		}
	/* Bit 0 of a unit is a zero still, for the cells rewritten. */
	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			near = (unit[i + off[0]] | unit[i + off[1]] |
			    unit[i + off[2]] | unit[i + off[3]] |
			    unit[i + off[4]] | unit[i + off[5]] |
			    unit[i + off[6]] | unit[i + off[7]]) & 1;
			unit[i] = (uint8_t)(unit[i] |
			    (!near && is_numbered(cell[i])) << 1);
		}
}

/*
 * The premium of chording each numbered cell on the board as the greedy
 * finds it, every cell covered and no flag: the 3BV its chord clears
 * (the openings whose zeros it opens, the island cells it opens, itself
 * if an island cell), less a flag for each of its mines, less one to
 * open it, less one for the chord.  Here all but the openings, which
 * walk_opening adds as it meets them; NOTHING for any other cell.
 * The greedy keeps the premiums up to date from there by the change
 * each step makes.
 */
static void
premium_init(struct zini *z)
{
	const struct board *b = z->b;
	const uint8_t *cell = b->cell, *unit = z->unit;
	size_t r, c, i;
	int d, gain;

	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			if (!is_numbered(cell[i]))
				continue;
			gain = unit[i] == 2;
			for (d = 0; d < 8; d++)
				gain += unit[i + z->off[d]] == 2;
			z->premium[i] = (int8_t)(gain - 2 -
			    (cell[i] & CELL_COUNT));
		}
}

/*
 * Walk the opening of zero i, and add one to the premium of each
 * numbered cell on its rim.  The open bit marks the zeros walked, the
 * pending bit the rim met, so that a rim cell gains the opening once.
 */
static void
walk_opening(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;
	size_t j, x, k;
	int d;

	z->nstack = z->nrim = 0;
	cell[i] |= CELL_OPEN;
	z->stack[z->nstack++] = (uint32_t)i;
	while (z->nstack > 0) {
		x = z->stack[--z->nstack];
		for (d = 0; d < 8; d++) {
			j = x + z->off[d];
			if (cell[j] & (CELL_OPEN | CELL_PENDING))
				continue;
			if (is_zero(cell[j])) {
				cell[j] |= CELL_OPEN;
				push(&z->stack, &z->nstack, &z->capstack, j);
			} else {
				cell[j] |= CELL_PENDING;
				push(&z->rim, &z->nrim, &z->caprim, j);
				z->premium[j]++;
			}
		}
	}
	for (k = 0; k < z->nrim; k++)
		cell[z->rim[k]] &= ~CELL_PENDING;
}

/* Walk the island of island cell i, the flag bit marking it; its cells. */
static uint64_t
walk_island(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;
	uint64_t cells = 0;
	size_t j, x;
	int d;

	z->nstack = 0;
	cell[i] |= CELL_FLAG;
	z->stack[z->nstack++] = (uint32_t)i;
	while (z->nstack > 0) {
		x = z->stack[--z->nstack];
		cells++;
		for (d = 0; d < 8; d++) {
			j = x + z->off[d];
			if (z->unit[j] == 2 && !(cell[j] & CELL_FLAG)) {
				cell[j] |= CELL_FLAG;
				push(&z->stack, &z->nstack, &z->capstack, j);
			}
		}
	}
	return cells;
}

/*
 * Count the openings, the islands and their cells, each region walked
 * from its first cell in reading order; the marks of the walks are left
 * on the board.
 */
static void
count_regions(struct zini *z, struct stats *st)
{
	const struct board *b = z->b;
	const uint8_t *cell = b->cell;
	size_t r, c, i;

	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = r * b->stride + c;
			if (z->unit[i] == 1 && !(cell[i] & CELL_OPEN)) {
				st->openings++;
				walk_opening(z, i);
			} else if (z->unit[i] == 2 && !(cell[i] & CELL_FLAG)) {
				st->islands++;
				st->island_cells += walk_island(z, i);
			}
		}
}

/* A set that can hold the cells 0 to n - 1, empty. */
static void
bitset_init(struct bitset *set, size_t n)
{
	size_t l;

	for (l = 0; l < BITSET_LEVELS; l++) {
		n = (n + 63) / 64;
		set->word[l] = xcalloc(n, sizeof(uint64_t));
		set->nword[l] = n;
		set->nlevel = l + 1;
		if (n == 1)
			return;
	}
	abort();	/* more cells than a board may have */
}

static void
bitset_free(struct bitset *set)
{
	size_t l;

	for (l = 0; l < set->nlevel; l++)
		free(set->word[l]);
}

/* The levels above the bits, for a set whose bits were set straight. */
static void
bitset_fill(struct bitset *set)
{
	size_t l, k;

	for (l = 1; l < set->nlevel; l++)
		for (k = 0; k < set->nword[l - 1]; k++)
			set->word[l][k / 64] |=
			    (uint64_t)(set->word[l - 1][k] != 0) << (k % 64);
}

static void
bitset_add(struct bitset *set, size_t i)
{
	size_t l;
	uint64_t was;

	for (l = 0; l < set->nlevel; l++, i /= 64) {
		was = set->word[l][i / 64];
		set->word[l][i / 64] = was | (uint64_t)1 << (i % 64);
		if (was != 0)
			return;
	}
}

static void
bitset_remove(struct bitset *set, size_t i)
{
	size_t l;

	for (l = 0; l < set->nlevel; l++, i /= 64) {
		set->word[l][i / 64] &= ~((uint64_t)1 << (i % 64));
		if (set->word[l][i / 64] != 0)
			return;
	}
}

/* The lowest cell of the set, in *i; 0 if the set is empty. */
static int
bitset_first(const struct bitset *set, size_t *i)
{
	size_t l = set->nlevel, k = 0;

	if (set->word[l - 1][0] == 0)
		return 0;
	while (l-- > 0)
		k = k * 64 + (size_t)__builtin_ctzll(set->word[l][k]);
	*i = k;
	return 1;
}

/* The sets of each premium from 0 up, from the premiums of n cells. */
static void
premium_sets(struct zini *z, size_t n)
{
	size_t i;
	int p;

	for (p = 0; p <= PREMIUM_MAX; p++)
		bitset_init(&z->with[p], n);
	for (i = 0; i < n; i++) {
		p = z->premium[i];
		if (p > PREMIUM_MAX)
			abort();
		if (p >= 0)
			z->with[p].word[0][i / 64] |= (uint64_t)1 << (i % 64);
	}
	for (p = 0; p <= PREMIUM_MAX; p++)
		bitset_fill(&z->with[p]);
}

/* Cell i's premium is now v: it moves to the set of v, if v >= 0. */
static void
premium_set(struct zini *z, size_t i, int8_t v)
{
	int8_t old = z->premium[i];

	if (old == v)
		return;
	if (v > PREMIUM_MAX)
		abort();
	z->premium[i] = v;
	if (old >= 0)
		bitset_remove(&z->with[old], i);
	if (v >= 0)
		bitset_add(&z->with[v], i);
}

/*
 * The first cell in reading order of the highest premium from 0 up, and
 * that premium; NOTHING in *top if no premium is 0 or more.
 */
static size_t
premium_top(const struct zini *z, int8_t *top)
{
	size_t i;
	int p;

	for (p = PREMIUM_MAX; p >= 0; p--)
		if (bitset_first(&z->with[p], &i)) {
			*top = (int8_t)p;
			return i;
		}
	*top = NOTHING;
	return 0;
}

/* Cell j's premium, if it has one, changes by v. */
static void
shift(struct zini *z, size_t j, int v)
{
	if (z->premium[j] != NOTHING)
		premium_set(z, j, (int8_t)(z->premium[j] + v));
}

/* The premiums of the neighbours of cell i change by v. */
static void
shift_around(struct zini *z, size_t i, int v)
{
	int d;

	for (d = 0; d < 8; d++)
		shift(z, i + z->off[d], v);
}

/* Push j on a stack of cells that grows as it must. */
static void
push(uint32_t **stack, size_t *n, size_t *cap, size_t j)
{
	if (*n == *cap) {
		*cap *= 2;
		*stack = xreallocarray(*stack, *cap, sizeof(**stack));
	}
	(*stack)[(*n)++] = (uint32_t)j;
}

/* Mark numbered cell j met by the opening being opened. */
static void
mark(struct zini *z, size_t j)
{
	z->b->cell[j] |= CELL_PENDING;
	push(&z->rim, &z->nrim, &z->caprim, j);
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
	/*
	 * An island cell no longer costs a click to open, nor gains itself,
	 * and its neighbours no longer gain it.  Any other numbered cell
	 * only no longer costs the click: a premium counts a neighbour only
	 * as a zero or an island cell.
	 */
	if (z->unit[i] == 2) {
		z->left--;
		shift_around(z, i, -1);
	} else
		shift(z, i, 1);
}

/*
 * Open the opening of zero i, zeros and rim.  Every numbered cell next
 * to it gains it no more: a rim cell opened now also no longer costs the
 * click to open, so only those open before lose 1.  The pending bit
 * marks those met, so that each loses it once.
 */
static void
open_opening(struct zini *z, size_t i)
{
	uint8_t *cell = z->b->cell;
	size_t j, x, k;
	int d;

	z->left--;
	z->nstack = z->nrim = 0;
	cell[i] |= CELL_OPEN;
	z->stack[z->nstack++] = (uint32_t)i;
	while (z->nstack > 0) {
		x = z->stack[--z->nstack];
		for (d = 0; d < 8; d++) {
			j = x + z->off[d];
			if (cell[j] & CELL_PENDING)
				continue;
			if (!(cell[j] & CELL_OPEN)) {
				cell[j] |= CELL_OPEN;
				if (is_zero(cell[j]))
					push(&z->stack, &z->nstack,
					    &z->capstack, j);
				else if (is_numbered(cell[j]))
					mark(z, j);
			} else if (is_numbered(cell[j])) {
				mark(z, j);
				shift(z, j, -1);
			}
		}
	}
	for (k = 0; k < z->nrim; k++)
		cell[z->rim[k]] &= ~CELL_PENDING;
}

/*
 * The greedy: while 3BV is left, chord the first cell of the highest
 * premium if that premium is 0 or more (opening it first if covered,
 * flagging the mines it needs); otherwise open the first cell in reading
 * order that clears 3BV (a zero or an island cell).  Counts the clicks.
 */
static uint64_t
greedy(struct zini *z)
{
	const uint8_t *unit = z->unit;
	uint8_t *cell = z->b->cell;
	size_t i, n, cursor = 0, ncell = (z->b->height + 2) * z->b->stride;
	uint64_t clicks = 0;
	int8_t top;
	int d;

	while (z->left > 0) {
		i = premium_top(z, &top);
		if (top >= 0) {
			clicks += 1 + !(cell[i] & CELL_OPEN);
			open_cell(z, i);
			for (d = 0; d < 8; d++) {
				n = i + z->off[d];
				if ((cell[n] & CELL_MINE) &&
				    !(cell[n] & CELL_FLAG)) {
					cell[n] |= CELL_FLAG;
					clicks++;
					shift_around(z, n, 1);
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
	size_t n;
	int p;
	uint8_t *unit;
	ptrdiff_t w = (ptrdiff_t)b->stride;
	ptrdiff_t off[8] = { -w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1 };

	memset(st, 0, sizeof(*st));
	board_reset(b);
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
	unit = xcalloc(n, 1);
	z.unit = unit;
	z.premium = xmalloc(n);
	memset(z.premium, NOTHING, n);
	z.capstack = 1024;
	z.stack = xreallocarray(NULL, z.capstack, sizeof(*z.stack));
	z.caprim = 1024;
	z.rim = xreallocarray(NULL, z.caprim, sizeof(*z.rim));

	find_units(b, off, unit);
	premium_init(&z);
	count_regions(&z, st);
	st->bbbv = st->openings + st->island_cells;
	board_reset(b);		/* the marks of the counting */
	premium_sets(&z, n);
	z.left = st->bbbv;
	st->zini = greedy(&z);

	for (p = 0; p <= PREMIUM_MAX; p++)
		bitset_free(&z.with[p]);
	free(z.premium);
	free(z.stack);
	free(z.rim);
	free(unit);
	board_reset(b);
}
