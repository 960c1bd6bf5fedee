/*
 * stats.c: the difficulty figures of a board's mines, as the players'
 * community defines them (mine-reveal(1) gives the definitions): 3BV,
 * openings, islands and the greedy ZiNi estimate.  Everything is linear
 * in the cells and nothing recurses.  The zeros, the numbered cells and
 * the island cells are found a row of 64 cells at a time as planes of
 * bits, and each cell's state and premium is kept in one byte of its own
 * array, so that the greedy touches one byte of it a cell.  An opening
 * or an island is walked a run of cells at a time from an explicit
 * stack, once to count it and, for an opening, once more when the greedy
 * opens it.  The greedy's "highest premium, first in reading order"
 * comes from one set of cells for each premium from 0 up, kept as bits
 * with a bit above each word that is not zero, the words of all the
 * sets for the same cells side by side, so that the first cell of a set
 * is found and a cell moved between sets in a few word operations on
 * one cache line.  The premiums are worked out once, on the covered
 * board, and then changed by what each step of the greedy does, never
 * worked out again: in the state bytes as the step goes, and in the sets
 * once at its end for each premium it changed in the 5 by 5 cells
 * around it, where nearly all its changes fall, several to a cell.
 */

#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

/*
 * The highest premium there can be: a chord gains at most its 8
 * neighbours and the cell itself, and costs 1, or 2 when the cell is
 * covered, which is the only way it gains itself.
 */
#define PREMIUM_MAX	7
#define NSETS		(PREMIUM_MAX + 1)	/* premiums 0 to 7 */
#define BITSET_LEVELS	6		/* 64^6 bits: more than any board */

/*
 * A cell's state byte.  A numbered cell has ST_HAS, its premium plus
 * PREMIUM_BIAS in ST_CODE (a premium is never below -10: at most 8
 * mines without a flag, the click to open and the chord), and its open
 * and island bits; a mine has ST_MINE and its flag bit; a zero is
 * ST_ZERO and its open bit; the wall is 0.
 */
#define ST_CODE		0x1f
#define ST_ZERO		0x01
#define ST_HAS		0x20
#define ST_OPEN		0x40
#define ST_FLAG		0x40
#define ST_ISLAND	0x80
#define ST_MINE		0x80
#define PREMIUM_BIAS	10

/* Sets of cells for each premium: bits, and above each a bit a word. */
struct sets {
	uint64_t	*word[BITSET_LEVELS];	/* NSETS words a group */
	void		*alloc[BITSET_LEVELS];
	size_t		 nlevel;
};

struct zini {
	const struct board *b;
	uint8_t		*state;		/* each cell's, ST_* */
	uint8_t		*state_alloc;	/* with a row and more around */
	size_t		 stride;	/* bytes a row of state */
	size_t		 ncell;		/* cells with the wall, not padding */
	size_t		 pw;		/* words a row of a plane */
	uint64_t	*zeros;		/* planes: a bit a cell, by column */
	uint64_t	*numbered;
	uint64_t	*pending;	/* rim met by the opening walked */
	uint64_t	*covered;	/* zeros not yet opened */
	struct sets	 with;		/* the cells of each premium */
	ptrdiff_t	 off[8];
	uint32_t	*stack;		/* row and column in runs to walk */
	size_t		 nstack, capstack;
	uint32_t	*run;		/* row, first, last of runs walked */
	size_t		 nrun, caprun;
	uint64_t	 left;		/* 3BV not yet cleared */
	size_t		 wrow, wcol;	/* the cell of the step's window */
	uint64_t	 snap[5];	/* its rows' states, as it began */
};

/* What walk_region does with the rim of an opening. */
enum rim {
	RIM_NONE,	/* an island: no rim */
	RIM_COUNT,	/* counting: each rim cell gains the opening */
	RIM_OPEN	/* the greedy: each rim cell is opened */
};

static void	 byte_bits_init(void);
static uint64_t	 gather_bits(uint64_t);
static void	 put_bits(uint64_t *, size_t, uint64_t);
static uint64_t	 range_mask(size_t, size_t, size_t);
static uint64_t	 dilate(const uint64_t *, size_t, size_t);
static uint64_t	 plane_bytes(const uint64_t *, size_t, size_t, size_t);
static void	 find_planes(struct zini *);
static void	 find_islands(struct zini *, uint64_t *);
static void	 state_row(struct zini *, const uint64_t *, size_t, uint8_t *);
static void	 find_states(struct zini *, const uint64_t *);
static size_t	 run_first(const uint64_t *, size_t);
static size_t	 run_last(const uint64_t *, size_t);
static void	 seed_range(struct zini *, const uint64_t *, size_t, size_t,
		    size_t);
static void	 rim_byte(struct zini *, size_t, size_t, unsigned int,
		    enum rim);
static void	 rim_run(struct zini *, size_t, size_t, size_t, enum rim);
static void	 unmark_rim(struct zini *);
static uint64_t	 walk_region(struct zini *, uint64_t *, size_t, size_t,
		    enum rim);
static uint64_t	 count_plane(struct zini *, uint64_t *, enum rim);
static void	 sets_init(struct sets *, size_t);
static void	 sets_free(struct sets *);
static void	 sets_fill(struct zini *, size_t);
static void	 sets_add(struct sets *, int, size_t);
static void	 sets_remove(struct sets *, int, size_t);
static void	 sets_move(struct sets *, int, int, size_t);
static int	 sets_first(const struct sets *, int, size_t *);
static size_t	 premium_top(const struct zini *, int *);
static void	 nudge(struct zini *, size_t, int);
static void	 shift_around(struct zini *, size_t, int);
static void	 window_begin(struct zini *, size_t);
static void	 window_end(struct zini *);
static void	 push(uint32_t **, size_t *, size_t *, uint32_t, uint32_t,
		    uint32_t, size_t);
static void	 open_cell(struct zini *, size_t);
static void	 open_opening(struct zini *, size_t);
static uint64_t	 chord(struct zini *, size_t);
static uint64_t	 greedy(struct zini *);

/*
 * Eight bits of a plane as eight bytes of 0 or 1, bit k of the index
 * byte k, for the states of eight cells at a time.
 */
static uint64_t	 byte_bits[256];

/* The table of byte_bits, made once. */
static void
byte_bits_init(void)
{
	size_t k, j;

	if (byte_bits[255] != 0)
		return;
	for (k = 0; k < 256; k++)
		for (j = 0; j < 8; j++)
			byte_bits[k] |= (uint64_t)(k >> j & 1) << 8 * j;
}

/* The high bit of each byte of v, as 8 bits, byte 0 in bit 0. */
static uint64_t
gather_bits(uint64_t v)
{
	return ((v >> 7) & ONES) * UINT64_C(0x0102040810204080) >> 56;
}

/* Or the 8 bits g into a row of a plane from column c on. */
static void
put_bits(uint64_t *row, size_t c, uint64_t g)
{
	row[c / 64] |= g << (c % 64);
	if (c % 64 > 56)
		row[c / 64 + 1] |= g >> (64 - c % 64);
}

/* The bits of word w of a row that are columns lo to hi. */
static uint64_t
range_mask(size_t w, size_t lo, size_t hi)
{
	uint64_t m = ~(uint64_t)0;

	if (lo > w * 64)
		m &= m << (lo - w * 64);
	if (hi < w * 64 + 63)
		m &= ~(uint64_t)0 >> (w * 64 + 63 - hi);
	return m;
}

/* Word w of a row of pw words, each bit or'd with its two neighbours. */
static uint64_t
dilate(const uint64_t *row, size_t w, size_t pw)
{
	uint64_t x = row[w], d = x | x << 1 | x >> 1;

	if (w > 0)
		d |= row[w - 1] >> 63;
	if (w + 1 < pw)
		d |= row[w + 1] << 63;
	return d;
}

/*
 * The planes of the zeros and of the numbered cells, eight cells at a
 * time, from the mine bit and the count alone.  Past the last cells of
 * a row a read meets the next row, or the board's slack below the last:
 * their bits are masked off.
 */
static void
find_planes(struct zini *z)
{
	const struct board *b = z->b;
	const uint8_t *row;
	uint64_t v, m, zero, low, keep;
	size_t r, c, k;

	for (r = 1; r <= b->height; r++) {
		row = b->cell + r * b->stride;
		for (c = 1; c <= b->width; c += 8) {
			k = b->width + 1 - c;
			keep = k >= 8 ? 0xff : ((uint64_t)1 << k) - 1;
			v = load8(row + c);
			m = v & (ONES * (CELL_MINE | CELL_COUNT));
			zero = zero_bytes(m);
			/* Not a mine, and a count below 9 (not the wall). */
			low = ~(m + ONES * (0x80 - 9)) & HIGHS;
			put_bits(z->zeros + r * z->pw, c,
			    gather_bits(zero) & keep);
			put_bits(z->numbered + r * z->pw, c,
			    gather_bits(low & ~zero) & keep);
		}
	}
}

/* The island cells: numbered cells next to no zero. */
static void
find_islands(struct zini *z, uint64_t *island)
{
	const uint64_t *zr;
	size_t r, w, pw = z->pw;

	for (r = 1; r <= z->b->height; r++) {
		zr = z->zeros + r * pw;
		for (w = 0; w < pw; w++)
			island[r * pw + w] = z->numbered[r * pw + w] &
			    ~(dilate(zr - pw, w, pw) | dilate(zr, w, pw) |
			    dilate(zr + pw, w, pw));
	}
}

/* Byte k of row r of a plane of pw words a row, as 8 bytes of 0 or 1. */
static uint64_t
plane_bytes(const uint64_t *plane, size_t pw, size_t r, size_t k)
{
	return byte_bits[(plane[r * pw + k / 8] >> k % 8 * 8) & 0xff];
}

/*
 * The states of row r into st, eight cells at a time, through the
 * scratch rows near and cells (64 * pw bytes each, and 8 more on each
 * side of near): the premium of each numbered cell as the greedy finds
 * it on the covered board, all but the openings it would open, which
 * walk_region adds as it meets them.  That is the island cells among it
 * and its neighbours, less a flag for each of its mines, less one to
 * open it, less one for the chord.
 */
static void
state_row(struct zini *z, const uint64_t *island, size_t r, uint8_t *st)
{
	const size_t pw = z->pw, ncol = pw * 64;
	uint8_t *near = st + ncol + 8, *cells = near + ncol + 8;
	uint64_t v, sum, nm, im, zm;
	size_t k;

	memset(cells, CELL_WALL, ncol);
	memcpy(cells, z->b->cell + r * z->stride, z->stride);
	near[-1] = near[ncol] = 0;
	/* The island cells of each column of three. */
	for (k = 0; k < pw * 8; k++)
		store8(near + 8 * k, plane_bytes(island, pw, r - 1, k) +
		    plane_bytes(island, pw, r, k) +
		    plane_bytes(island, pw, r + 1, k));
	for (k = 0; k < pw * 8; k++) {
		v = load8(cells + 8 * k);
		sum = load8(near + 8 * k - 1) + load8(near + 8 * k) +
		    load8(near + 8 * k + 1);
		nm = plane_bytes(z->numbered, pw, r, k) * 0xff;
		im = plane_bytes(island, pw, r, k) * 0xff;
		zm = plane_bytes(z->zeros, pw, r, k);
		/* At most 9 plus 8, less at most 8: no byte borrows. */
		sum = sum + ONES * (PREMIUM_BIAS - 2) -
		    (v & ONES * CELL_COUNT & nm);
		store8(st + 8 * k, (nm & (ONES * ST_HAS | sum |
		    (im & ONES * ST_ISLAND))) |
		    ((v >> 4) & ONES) * ST_MINE | zm * ST_ZERO);
	}
}

/* The state of every cell, the wall 0. */
static void
find_states(struct zini *z, const uint64_t *island)
{
	const struct board *b = z->b;
	uint8_t *st;
	size_t r;

	st = xreallocarray(NULL, 3, z->pw * 64 + 16);
	memset(z->state, 0, z->stride);
	memset(z->state + (b->height + 1) * z->stride, 0, z->stride);
	for (r = 1; r <= b->height; r++) {
		state_row(z, island, r, st);
		memcpy(z->state + r * z->stride, st, z->stride);
	}
	free(st);
}

/* The first column of the run of set bits of a row through column c. */
static size_t
run_first(const uint64_t *row, size_t c)
{
	size_t w = c / 64;
	uint64_t x = ~row[w] & (((uint64_t)2 << (c % 64)) - 1);

	/* Column 0 is the wall, never set: the loop ends there. */
	while (x == 0)
		x = ~row[--w];
	return w * 64 + 64 - (size_t)__builtin_clzll(x);
}

/* The last column of the run of set bits of a row through column c. */
static size_t
run_last(const uint64_t *row, size_t c)
{
	size_t w = c / 64;
	uint64_t x = ~row[w] & (~(uint64_t)0 << (c % 64));

	/* The last column is the wall, never set: the loop ends there. */
	while (x == 0)
		x = ~row[++w];
	return w * 64 + (size_t)__builtin_ctzll(x) - 1;
}

/* Push the first cell of each run of row r set from column lo to hi. */
static void
seed_range(struct zini *z, const uint64_t *row, size_t r, size_t lo,
    size_t hi)
{
	uint64_t x;
	size_t w;

	for (w = lo / 64; w <= hi / 64; w++) {
		x = row[w] & range_mask(w, lo, hi);
		for (x &= ~(x << 1); x != 0; x &= x - 1)
			push(&z->stack, &z->nstack, &z->capstack,
			    (uint32_t)r, (uint32_t)(w * 64 +
			    (size_t)__builtin_ctzll(x)), 0, 2);
	}
}

/*
 * The rim cells of row r that bits marks among the 8 columns from c on,
 * met for the first time by the opening walked, their state bytes 8 at
 * a time: no byte carries or borrows, for a code is below 0x20, and 1 or
 * more in a cell open before (a premium is never below -10).  Counting,
 * each gains the opening.  In the greedy each covered one opens, and
 * each open before loses 1: in its state alone in the step's window,
 * where window_end moves it between sets, and between sets at once
 * outside it.
 */
static void
rim_byte(struct zini *z, size_t r, size_t c, unsigned int bits,
    enum rim what)
{
	uint8_t *p = z->state + r * z->stride + c;
	uint64_t m = byte_bits[bits], s = load8(p), was;
	int b, old, row_in;

	if (what == RIM_COUNT) {
		store8(p, s + m);
		return;
	}
	was = s >> 6 & m;
	store8(p, (s | (m ^ was) * ST_OPEN) - was);
	row_in = r + 2 - z->wrow <= 4;
	for (; was != 0; was &= was - 1) {
		b = __builtin_ctzll(was) / 8;
		if (row_in && c + (size_t)b + 2 - z->wcol <= 4)
			continue;
		old = (int)(s >> 8 * b & ST_CODE) - PREMIUM_BIAS;
		sets_move(&z->with, old, old - 1, r * z->stride + c +
		    (size_t)b);
	}
}

/*
 * The rim around the run of row r from column first to last: the
 * numbered cells next to it (any cell next to a zero is safe).  The
 * pending plane marks the rim met, so that a rim cell is met once an
 * opening; the runs are kept to unmark it after.
 */
static void
rim_run(struct zini *z, size_t r, size_t first, size_t last,
    enum rim what)
{
	uint64_t x, *pend;
	size_t rr, w, q;

	push(&z->run, &z->nrun, &z->caprun, (uint32_t)r, (uint32_t)first,
	    (uint32_t)last, 3);
	for (rr = r - 1; rr <= r + 1; rr++) {
		pend = z->pending + rr * z->pw;
		for (w = (first - 1) / 64; w <= (last + 1) / 64; w++) {
			x = z->numbered[rr * z->pw + w] & ~pend[w] &
			    range_mask(w, first - 1, last + 1);
			pend[w] |= x;
			for (; x != 0; x &= ~(UINT64_C(0xff) << 8 * q)) {
				q = (size_t)__builtin_ctzll(x) / 8;
				rim_byte(z, rr, w * 64 + 8 * q,
				    (unsigned int)(x >> 8 * q & 0xff), what);
			}
		}
	}
}

/* Take the pending marks of the opening walked off. */
static void
unmark_rim(struct zini *z)
{
	const uint32_t *run;
	size_t k, rr, w;

	for (k = 0; k < z->nrun; k += 3) {
		run = z->run + k;
		for (rr = run[0] - 1; rr <= run[0] + 1; rr++)
			for (w = (run[1] - 1) / 64; w <= (run[2] + 1) / 64;
			    w++)
				z->pending[rr * z->pw + w] &=
				    ~range_mask(w, run[1] - 1, run[2] + 1);
	}
	z->nrun = 0;
}

/*
 * Walk the region of plane v through row r, column c, a run of a row at
 * a time, clearing its bits; what says what to do with its rim.  The
 * greedy also opens the zeros.  Returns the cells walked.
 */
static uint64_t
walk_region(struct zini *z, uint64_t *v, size_t r, size_t c, enum rim what)
{
	uint64_t *row, cells = 0;
	size_t first, last, w, pw = z->pw;

	z->nstack = 0;
	push(&z->stack, &z->nstack, &z->capstack, (uint32_t)r, (uint32_t)c,
	    0, 2);
	while (z->nstack > 0) {
		z->nstack -= 2;
		r = z->stack[z->nstack];
		c = z->stack[z->nstack + 1];
		row = v + r * pw;
		if (!(row[c / 64] >> (c % 64) & 1))
			continue;
		first = run_first(row, c);
		last = run_last(row, c);
		for (w = first / 64; w <= last / 64; w++)
			row[w] &= ~range_mask(w, first, last);
		cells += last - first + 1;
		if (what == RIM_OPEN)
			memset(z->state + r * z->stride + first,
			    ST_ZERO | ST_OPEN, last - first + 1);
		if (what != RIM_NONE)
			rim_run(z, r, first, last, what);
		/* Rows 0 and the last are the wall: r +- 1 is a row. */
		seed_range(z, row - pw, r - 1, first - 1, last + 1);
		seed_range(z, row + pw, r + 1, first - 1, last + 1);
	}
	if (what != RIM_NONE)
		unmark_rim(z);
	return cells;
}

/* Walk every region of plane v, clearing it; how many there were. */
static uint64_t
count_plane(struct zini *z, uint64_t *v, enum rim what)
{
	size_t w, nw = (z->b->height + 2) * z->pw;
	uint64_t n = 0;

	for (w = 0; w < nw; w++)
		while (v[w] != 0) {
			walk_region(z, v, w / z->pw, w % z->pw * 64 +
			    (size_t)__builtin_ctzll(v[w]), what);
			n++;
		}
	return n;
}

/*
 * Sets that can hold the cells 0 to n - 1, empty: at each level a group
 * of NSETS words for each 64 bits below, the word of each set side by
 * side.
 */
static void
sets_init(struct sets *set, size_t n)
{
	size_t l;
	char *p;

	for (l = 0; l < BITSET_LEVELS; l++) {
		n = (n + 63) / 64;
		/* A cache line more, for the groups to start on one. */
		set->alloc[l] = xcalloc_mapped(n * NSETS + 8,
		    sizeof(uint64_t));
		p = set->alloc[l];
		p += (64 - (uintptr_t)p % 64) % 64;
		set->word[l] = (uint64_t *)(void *)p;
		set->nlevel = l + 1;
		if (n == 1)
			return;
	}
	abort();	/* more cells than a board may have */
}

static void
sets_free(struct sets *set)
{
	size_t l;

	for (l = 0; l < set->nlevel; l++)
		free(set->alloc[l]);
}

/*
 * The sets of each premium from 0 up, from the states of n cells: the
 * cells with a premium of 0 or more, a few in each eight, are found
 * eight at a time (no byte carries: a state with ST_HAS is below 0x40)
 * and put in their sets one by one; then the levels above the bits.
 */
static void
sets_fill(struct zini *z, size_t n)
{
	struct sets *set = &z->with;
	uint64_t code, in, *word = set->word[0];
	size_t i, k, l, g, b;
	int p;

	/* The padding after the n states is 0: no premium, in no set. */
	for (i = 0; i < n; i += 8) {
		code = load8(z->state + i) & ONES * (ST_HAS | ST_CODE);
		/* ST_HAS and a code of PREMIUM_BIAS or more. */
		in = (code + ONES * (0x80 - ST_HAS - PREMIUM_BIAS)) & HIGHS;
		for (; in != 0; in &= in - 1) {
			b = (size_t)__builtin_ctzll(in) / 8;
			p = (int)(code >> 8 * b & ST_CODE) - PREMIUM_BIAS;
			if (p > PREMIUM_MAX)
				abort();
			word[i / 64 * NSETS + (size_t)p] |=
			    (uint64_t)1 << (i % 64 + b);
		}
	}
	for (l = 1, g = (n + 63) / 64; l < set->nlevel; l++, g = (g + 63) / 64)
		for (k = 0; k < g; k++)
			for (p = 0; p < NSETS; p++)
				set->word[l][k / 64 * NSETS + p] |= (uint64_t)
				    (set->word[l - 1][k * NSETS + p] != 0) <<
				    (k % 64);
}

static void
sets_add(struct sets *set, int p, size_t i)
{
	uint64_t *w, was;
	size_t l;

	for (l = 0; l < set->nlevel; l++, i /= 64) {
		w = &set->word[l][i / 64 * NSETS + (size_t)p];
		was = *w;
		*w = was | (uint64_t)1 << (i % 64);
		if (was != 0)
			return;
	}
}

static void
sets_remove(struct sets *set, int p, size_t i)
{
	uint64_t *w;
	size_t l;

	for (l = 0; l < set->nlevel; l++, i /= 64) {
		w = &set->word[l][i / 64 * NSETS + (size_t)p];
		*w &= ~((uint64_t)1 << (i % 64));
		if (*w != 0)
			return;
	}
}

/* Cell i's premium goes from old to new: it leaves and joins sets. */
static void
sets_move(struct sets *set, int old, int new, size_t i)
{
	if (new > PREMIUM_MAX)
		abort();
	if (old >= 0)
		sets_remove(set, old, i);
	if (new >= 0)
		sets_add(set, new, i);
}

/* The lowest cell of the set of premium p, in *i; 0 if it is empty. */
static int
sets_first(const struct sets *set, int p, size_t *i)
{
	size_t l = set->nlevel, k = 0;

	if (set->word[l - 1][p] == 0)
		return 0;
	while (l-- > 0)
		k = k * 64 + (size_t)__builtin_ctzll(set->word[l][k * NSETS +
		    (size_t)p]);
	*i = k;
	return 1;
}

/*
 * The first cell in reading order of the highest premium from 0 up, and
 * that premium; -1 in *top if no premium is 0 or more.
 */
static size_t
premium_top(const struct zini *z, int *top)
{
	size_t i;
	int p;

	for (p = PREMIUM_MAX; p >= 0; p--)
		if (sets_first(&z->with, p, &i)) {
			*top = p;
			return i;
		}
	*top = -1;
	return 0;
}

/*
 * Cell j's premium, if it has one, changes by v in its state alone:
 * window_end moves it between sets.  Premiums change most by the cells
 * around a step, each several times, and mostly for cells that have
 * one, so this takes no branch.
 */
static void
nudge(struct zini *z, size_t j, int v)
{
	uint8_t s = z->state[j];

	z->state[j] = (uint8_t)(s + (s >> 5 & 1) * v);
}

/* The premiums of the neighbours of cell i change by v, in the window. */
static void
shift_around(struct zini *z, size_t i, int v)
{
	int d;

	for (d = 0; d < 8; d++)
		nudge(z, i + z->off[d], v);
}

/*
 * A step of the greedy begins at cell i: every premium it changes in
 * the 5 by 5 cells around i (all but some of an opening's rim) changes
 * in the state alone, from the states kept here.
 */
static void
window_begin(struct zini *z, size_t i)
{
	const uint8_t *p = z->state + (ptrdiff_t)i - 2 * z->off[6] - 2;
	ptrdiff_t j;
	int k;

	z->wrow = i / z->stride;
	z->wcol = i % z->stride;
	for (k = 0; k < 5; k++)
		z->snap[k] = load8(p + k * z->stride);
	/*
	 * The sets' words of the window, that window_end may change, are
	 * fetched while the step goes: each is a cache line, seldom cached.
	 */
	for (k = 0; k < 5; k++) {
		j = p + k * z->off[6] - z->state;
		/* Not the rows of padding above and below the board. */
		if (j < 0 || (size_t)j + 4 >= z->ncell)
			continue;
		__builtin_prefetch(z->with.word[0] + j / 64 * NSETS, 1);
		__builtin_prefetch(z->with.word[0] + (j + 4) / 64 * NSETS, 1);
	}
}

/*
 * The step is done: each premium of the window changed moves sets.  A
 * premium that was and is below 0 is in no set, and stays out of the
 * loop: the high bit of each byte of the window's row that moves is
 * found eight bytes at a time (no byte carries: codes are below 0x20).
 */
static void
window_end(struct zini *z)
{
	ptrdiff_t base = ((ptrdiff_t)z->wrow - 2) * z->off[6] +
	    (ptrdiff_t)z->wcol - 2, j;
	uint64_t now, was, diff, moves;
	int k, b, old, new;

	for (k = 0; k < 5; k++) {
		now = load8(z->state + base + k * z->off[6]) & ONES * ST_CODE;
		was = z->snap[k] & ONES * ST_CODE;
		diff = now ^ was;
		moves = (diff + ONES * 0x7f) & ((now + ONES * (0x80 -
		    PREMIUM_BIAS)) | (was + ONES * (0x80 - PREMIUM_BIAS))) &
		    UINT64_C(0x8080808080);
		for (; moves != 0; moves &= moves - 1) {
			b = __builtin_ctzll(moves) / 8;
			j = base + k * z->off[6] + b;
			old = (int)(was >> 8 * b & 0xff) - PREMIUM_BIAS;
			new = (int)(now >> 8 * b & 0xff) - PREMIUM_BIAS;
			sets_move(&z->with, old, new, (size_t)j);
		}
	}
}

/* Push n of a, b and c on a stack that grows as it must. */
static void
push(uint32_t **stack, size_t *n, size_t *cap, uint32_t a, uint32_t b,
    uint32_t c, size_t k)
{
	if (*n + k > *cap) {
		*cap *= 2;
		*stack = xreallocarray(*stack, *cap, sizeof(**stack));
	}
	(*stack)[(*n)++] = a;
	(*stack)[(*n)++] = b;
	if (k == 3)
		(*stack)[(*n)++] = c;
}

/*
 * Open one safe covered cell; a zero opens its whole opening.  An island
 * cell no longer costs a click to open, nor gains itself, and its
 * neighbours no longer gain it.  Any other numbered cell only no longer
 * costs the click: a premium counts a neighbour only as a zero or an
 * island cell.
 */
static void
open_cell(struct zini *z, size_t i)
{
	uint8_t s = z->state[i];

	if (s & ST_OPEN)
		return;
	if (s == ST_ZERO) {
		open_opening(z, i);
		return;
	}
	z->state[i] = s | ST_OPEN;
	if (s & ST_ISLAND) {
		z->left--;
		shift_around(z, i, -1);
	} else
		nudge(z, i, 1);
}

/*
 * Open the opening of zero i, zeros and rim.  Every numbered cell next
 * to it gains it no more: a rim cell opened now also no longer costs the
 * click to open, so only those open before lose 1.
 */
static void
open_opening(struct zini *z, size_t i)
{
	z->left--;
	walk_region(z, z->covered, i / z->stride, i % z->stride, RIM_OPEN);
}

/*
 * Chord numbered cell i, opening it first if covered and flagging the
 * mines it needs; the clicks it takes.
 */
static uint64_t
chord(struct zini *z, size_t i)
{
	uint64_t clicks = 1 + !(z->state[i] & ST_OPEN);
	uint8_t s;
	size_t n;
	int d;

	open_cell(z, i);
	for (d = 0; d < 8; d++) {
		n = i + z->off[d];
		s = z->state[n];
		if ((s & (ST_HAS | ST_MINE | ST_FLAG)) == ST_MINE) {
			z->state[n] = s | ST_FLAG;
			clicks++;
			shift_around(z, n, 1);
		}
	}
	for (d = 0; d < 8; d++) {
		n = i + z->off[d];
		s = z->state[n];
		if (!(s & ST_OPEN) && (s & ST_HAS || s == ST_ZERO))
			open_cell(z, n);
	}
	return clicks;
}

/*
 * The greedy: while 3BV is left, chord the first cell of the highest
 * premium if that premium is 0 or more (opening it first if covered,
 * flagging the mines it needs); otherwise open the first cell in reading
 * order that clears 3BV (a zero or an island cell).  Counts the clicks.
 *
 * Once no premium is 0 or more, the rest is one click for each 3BV left,
 * and the opens need not be played: opening an island cell or an
 * opening raises no premium (the island cell no longer gains itself nor
 * costs its click, its neighbours lose it; a covered rim cell loses the
 * opening and the click to open it, a rim cell open before only loses
 * the opening), so no premium reaches 0 again, and each open clears one
 * 3BV and no other (a rim is never an island cell).
 */
static uint64_t
greedy(struct zini *z)
{
	size_t i;
	uint64_t clicks = 0;
	int top;

	while (z->left > 0) {
		i = premium_top(z, &top);
		if (top < 0)
			return clicks + z->left;
		window_begin(z, i);
		clicks += chord(z, i);
		window_end(z);
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
	size_t n, nw, w;
	uint64_t *island;
	ptrdiff_t s = (ptrdiff_t)b->stride;
	ptrdiff_t off[8] = { -s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1 };

	memset(st, 0, sizeof(*st));
	board_reset(b);
	n = (b->height + 2) * b->stride;
	if (n >= UINT32_MAX || SIZE_MAX - n < 2 * (b->stride + 8))
		errx(GF_EXIT_ERROR, "%s: a %zux%zu board is too large for "
		    "--stats (%u cells at most)", b->file, b->width,
		    b->height, UINT32_MAX - 1);
	st->cells = (uint64_t)b->width * b->height;
	st->mines = b->mines;
	st->timed = b->timed;
	st->time_ms = b->time_ms;
	st->won = b->won;
	memset(&z, 0, sizeof(z));
	z.b = b;
	z.stride = b->stride;
	z.ncell = n;
	z.pw = (b->stride + 63) / 64;
	memcpy(z.off, off, sizeof(off));
	/* No more words than cells and a word a row: no overflow. */
	nw = (b->height + 2) * z.pw;
	z.zeros = xcalloc_mapped(nw, sizeof(uint64_t));
	z.numbered = xcalloc_mapped(nw, sizeof(uint64_t));
	island = xcalloc_mapped(nw, sizeof(uint64_t));
	z.covered = xcalloc_mapped(nw, sizeof(uint64_t));
	/* A row and 8 cells more each side, for the window's rows. */
	z.state_alloc = xcalloc_mapped(n + 2 * (b->stride + 8), 1);
	z.state = z.state_alloc + b->stride + 8;
	z.capstack = 1024;
	z.stack = xreallocarray(NULL, z.capstack, sizeof(*z.stack));
	z.caprun = 1024;
	z.run = xreallocarray(NULL, z.caprun, sizeof(*z.run));

	byte_bits_init();
	find_planes(&z);
	find_islands(&z, island);
	find_states(&z, island);
	/* count_plane clears the zeros as it walks: the greedy's copy. */
	memcpy(z.covered, z.zeros, nw * sizeof(uint64_t));
	for (w = 0; w < nw; w++)
		st->island_cells += (uint64_t)__builtin_popcountll(island[w]);
	st->islands = count_plane(&z, island, RIM_NONE);
	/* The island plane is all clear now: it marks the rim met. */
	z.pending = island;
	st->openings = count_plane(&z, z.zeros, RIM_COUNT);
	st->bbbv = st->openings + st->island_cells;
	free(z.zeros);
	sets_init(&z.with, n);
	sets_fill(&z, n);
	z.left = st->bbbv;
	st->zini = greedy(&z);

	sets_free(&z.with);
	free(z.numbered);
	free(island);
	free(z.covered);
	free(z.state_alloc);
	free(z.stack);
	free(z.run);
}

/*
 * Write the figures as one line.  A board whose video gives its time
 * gains the time and, if the video says the game was won in more than
 * no time, the 3BV solved a second, rounded to three decimals; of a
 * game lost, or whose outcome the header does not say, the 3BV solved
 * is not known without its events.
 */
void
stats_print(const struct stats *st)
{
	printf("3bv=%" PRIu64 " openings=%" PRIu64 " islands=%" PRIu64
	    " zini=%" PRIu64 " mines=%" PRIu64 " cells=%" PRIu64, st->bbbv,
	    st->openings, st->islands, st->zini, st->mines, st->cells);
	if (st->timed) {
		printf(" time=%" PRIu64 ".%03u", st->time_ms / 1000,
		    (unsigned int)(st->time_ms % 1000));
		if (st->won && st->time_ms > 0)
			printf(" 3bv/s=%.3f", (double)st->bbbv * 1000 /
			    (double)st->time_ms);
	}
	putchar('\n');
}
