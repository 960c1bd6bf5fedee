/*
 * zini.c: the greedy ZiNi estimate of the clicks a board takes, on the
 * states stats.c makes (mine-reveal(1) defines it).  Its "highest
 * premium, first in reading order" is found a premium at a time, from
 * the highest down: a sweep of the state bytes in reading order, eight
 * at a time, finds each cell of the premium, and a small heap holds the
 * cells a step raised above it, or to it behind the sweep.  A step only
 * raises premiums in the 5 by 5 cells around it (it flags mines and
 * opens cells there; an opening opened lowers premiums on its rim, never
 * raises one), so those cells alone are looked at when it is done, and
 * its flags and opens are made on those 5 rows at once, 8 bytes a row,
 * without a branch on what each cell is.  The premiums are worked out
 * once, on the covered board, and then changed by what each step does,
 * never worked out again.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "gf.h"
#include "mine.h"
#include "stats.h"

/*
 * A row of the window's 3 by 3 cells (bytes 1 to 3 of state bytes x),
 * each a byte of 1 or 0: the mines not flagged, the covered island
 * cells, the other covered numbered cells, and the covered zeros.
 */
struct ring_row {
	uint64_t	 flag, isl, num, zero;
};

/*
 * The 5 by 5 cells around a step's cell: the state bytes of 5 rows, 8
 * bytes a row from base, 2 rows above the cell and 2 columns before, as
 * the step began and as it ends (a row off the board is 0).
 */
struct window {
	ptrdiff_t	 base;
	unsigned int	 rows;		/* bit k: row k is on the board */
	uint64_t	 was[5], now[5];
};

static int	 premium(const struct zini *, size_t);
static uint64_t	 heap_key(int, size_t);
static void	 heap_push(struct zini *, int, size_t);
static uint64_t	 heap_pop(struct zini *);
static void	 raised(struct zini *, int, size_t);
static int	 sweep(struct zini *, size_t *);
static int	 next_step(struct zini *, size_t *);
static ptrdiff_t row_start(const struct zini *, const struct window *, int);
static int	 window_row(const struct zini *, const struct window *, int);
static void	 window_begin(const struct zini *, size_t, struct window *);
static void	 window_end(struct zini *, const struct window *);
static uint64_t	 spread(uint64_t);
static unsigned int sum_bytes(uint64_t);
static void	 open_opening(struct zini *, size_t);
static struct ring_row ring_cells(uint64_t);
static uint64_t	 chord_row(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
		    uint64_t);
static uint64_t	 chord(struct zini *, size_t, struct window *);

/* Cell i's premium, or one below any there can be if it has none. */
static int
premium(const struct zini *z, size_t i)
{
	uint8_t s = z->state[i];

	if (!(s & ST_HAS))
		return -PREMIUM_BIAS - 1;
	return (int)(s & ST_CODE) - PREMIUM_BIAS;
}

/* The heap's order: the highest premium first, then reading order. */
static uint64_t
heap_key(int p, size_t i)
{
	return (uint64_t)(PREMIUM_MAX - p) << 32 | i;
}

static void
heap_push(struct zini *z, int p, size_t i)
{
	uint64_t key = heap_key(p, i);
	size_t k, up;

	if (z->nheap == z->capheap) {
		z->capheap *= 2;
		z->heap = xreallocarray(z->heap, z->capheap,
		    sizeof(*z->heap));
	}
	for (k = z->nheap++; k > 0 && z->heap[up = (k - 1) / 2] > key;
	    k = up)
		z->heap[k] = z->heap[up];
	z->heap[k] = key;
}

/* Take the least key off a heap that is not empty. */
static uint64_t
heap_pop(struct zini *z)
{
	uint64_t top = z->heap[0], last = z->heap[--z->nheap];
	size_t k = 0, c;

	while ((c = 2 * k + 1) < z->nheap) {
		if (c + 1 < z->nheap && z->heap[c + 1] < z->heap[c])
			c++;
		if (z->heap[c] >= last)
			break;
		z->heap[k] = z->heap[c];
		k = c;
	}
	z->heap[k] = last;
	return top;
}

/*
 * Cell i's premium is now p: it waits in the heap if the sweep would
 * not find it in time, being above the premium swept, or at it but
 * behind the sweep.
 */
static void
raised(struct zini *z, int p, size_t i)
{
	if (p > PREMIUM_MAX)
		abort();	/* a chord never gains more: see PREMIUM_MAX */
	if (p > z->level || (p == z->level && i < z->cursor))
		heap_push(z, p, i);
}

/*
 * The next cell in reading order, from the sweep's cursor on, whose
 * premium is the one swept, eight state bytes at a time (the padding
 * after the cells is 0, never a premium); 0 if there is none.
 */
static int
sweep(struct zini *z, size_t *i)
{
	const uint64_t want = ONES * (uint64_t)(ST_HAS | (z->level +
	    PREMIUM_BIAS));
	uint64_t hit;
	size_t j;

	for (j = z->cursor; j < z->ncell; j += 8) {
		/*
		 * A chord found here reads the two rows below, which this
		 * sweep has not read yet: ask for them a few lines ahead.
		 */
		if (j % 64 < 8) {
			__builtin_prefetch(z->state + j + z->stride + 256);
			__builtin_prefetch(z->state + j + 2 * z->stride + 256);
		}
		hit = zero_bytes((load8(z->state + j) & ONES *
		    (ST_HAS | ST_CODE)) ^ want);
		if (hit != 0) {
			*i = j + (size_t)__builtin_ctzll(hit) / 8;
			return *i < z->ncell;
		}
	}
	return 0;
}

/*
 * The cell of the greedy's next chord: the first in reading order of
 * the highest premium, if that is 0 or more.  Every cell above the
 * premium swept, or at it behind the cursor, is in the heap; a key
 * whose cell's premium has changed since is put back at its premium
 * now, if it must wait still.
 */
static int
next_step(struct zini *z, size_t *i)
{
	uint64_t key;
	int p;

	for (;;) {
		if (z->nheap > 0) {
			key = heap_pop(z);
			*i = (size_t)(key & UINT32_MAX);
			p = premium(z, *i);
			if (p == PREMIUM_MAX - (int)(key >> 32))
				return 1;
			raised(z, p, *i);
		} else if (sweep(z, i)) {
			z->cursor = *i + 1;
			return 1;
		} else if (z->level > 0) {
			z->level--;
			z->cursor = 0;
		} else
			return 0;
	}
}

/* The first cell of row k of the window, 2 columns before the step's. */
static ptrdiff_t
row_start(const struct zini *z, const struct window *win, int k)
{
	return win->base + k * (ptrdiff_t)z->stride;
}

/*
 * Whether row k of the window is on the board, walls included: the
 * states are the board's own bytes, with 8 bytes more each side but no
 * row above the top wall or below the bottom one.
 */
static int
window_row(const struct zini *z, const struct window *win, int k)
{
	ptrdiff_t mid = row_start(z, win, k) + 2;

	return mid >= 0 && (size_t)mid < z->ncell;
}

/*
 * A step of the greedy begins at cell i: every premium it raises is in
 * the 5 by 5 cells around i, whose states are kept here (a row past the
 * walls has none).
 */
static void
window_begin(const struct zini *z, size_t i, struct window *win)
{
	int k;

	win->base = (ptrdiff_t)i - 2 * (ptrdiff_t)z->stride - 2;
	win->rows = 0;
	for (k = 0; k < 5; k++) {
		win->was[k] = 0;
		if (!window_row(z, win, k))
			continue;
		win->rows |= 1U << k;
		win->was[k] = load8(z->state + row_start(z, win, k));
	}
}

/*
 * The step is done: each premium of the window that changed to the one
 * swept or more is raised (a premium lowered was in the heap if it had
 * to be, and is put back there as it comes out).  The bytes that
 * changed to such a premium are found eight at a time (no byte carries:
 * codes are below 0x20).
 */
static void
window_end(struct zini *z, const struct window *win)
{
	ptrdiff_t j;
	uint64_t now, was, moves;
	int k, b;

	for (k = 0; k < 5; k++) {
		now = win->now[k] & ONES * ST_CODE;
		was = win->was[k] & ONES * ST_CODE;
		moves = ((now ^ was) + ONES * 0x7f) & (now + ONES *
		    (uint64_t)(0x80 - PREMIUM_BIAS - z->level)) &
		    UINT64_C(0x8080808080);
		for (; moves != 0; moves &= moves - 1) {
			b = __builtin_ctzll(moves) / 8;
			j = row_start(z, win, k) + b;
			raised(z, (int)(now >> 8 * b & 0xff) - PREMIUM_BIAS,
			    (size_t)j);
		}
	}
}

/* Each byte of m added to the bytes west and east of it too. */
static uint64_t
spread(uint64_t m)
{
	return m + (m << 8) + (m >> 8);
}

/* The sum of the bytes of v, if it is below 256. */
static unsigned int
sum_bytes(uint64_t v)
{
	return (unsigned int)((v * ONES) >> 56);
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

/* The ring_row of the window's row x, one of its rows 1 to 3. */
static struct ring_row
ring_cells(uint64_t x)
{
	const uint64_t ring = UINT64_C(0x01010100);
	uint64_t has = x >> 5 & ONES, open = x >> 6 & ONES, high = x >> 7;
	struct ring_row c;

	c.flag = high & ~has & ~open & ring;
	c.isl = high & has & ~open & ring;
	c.num = has & ~high & ~open & ring;
	c.zero = zero_bytes(x ^ ONES * ST_ZERO) >> 7 & ring;
	return c;
}

/*
 * State bytes x of a window's row after a chord.  flags and isls hold, a
 * byte a column, how many of the column's cells in the rows above, this
 * and below were flagged and how many island cells opened: each cell
 * with a premium gains 1 for each flag around it (the counts of its own
 * column and those west and east of it), and 1 more if it is in num (an
 * opened cell no longer costs its click), and loses 1 for each island
 * cell opened around it but itself (self: this row's).  The cells in set
 * gain ST_FLAG or ST_OPEN, the same bit.
 */
static uint64_t
chord_row(uint64_t x, uint64_t flags, uint64_t num, uint64_t isls,
    uint64_t self, uint64_t set)
{
	uint64_t has = (x >> 5 & ONES) * 0xff;

	return (x + ((spread(flags) + num) & has) -
	    ((spread(isls) - self) & has)) | set * (ST_FLAG | ST_OPEN);
}

/*
 * Chord numbered cell i, the window's centre, opening it first if
 * covered and flagging the mines it needs; the clicks it takes.  The
 * window's rows as it began hold the 3 by 3 cells around i in bytes 1
 * to 3 of rows 1 to 3, and all they change in bytes 0 to 4 of its 5
 * rows, so the changes are made on those rows at once, a byte a cell,
 * and written back.  Each mine not flagged is flagged, and each cell
 * with a premium next to it gains 1: it no longer costs that flag.
 * Each covered numbered cell opens: an island cell's neighbours lose it
 * (it is 3BV they no longer clear), and it neither gains itself nor
 * costs its click any more; any other gains the click.  No byte carries
 * nor borrows, for the codes stay from 0 to PREMIUM_MAX + PREMIUM_BIAS
 * and a gain is at most 9.  Then each covered zero opens its opening
 * (walk_region works on the board's bytes): the order does not matter,
 * for a rim cell open before loses the opening as a cell opened with it
 * does not cost the click.  The window's rows as the step ends are read
 * again if an opening opened, for its rim may reach into them.
 */
static uint64_t
chord(struct zini *z, size_t i, struct window *win)
{
	const struct ring_row a = ring_cells(win->was[1]);
	const struct ring_row b = ring_cells(win->was[2]);
	const struct ring_row c = ring_cells(win->was[3]);
	const uint64_t *was = win->was;
	uint64_t *now = win->now, zero[3] = { a.zero, b.zero, c.zero }, x;
	uint64_t clicks = 1 + !(was[2] >> 8 * 2 & ST_OPEN);
	size_t n;
	int k, opened = 0;

	now[0] = chord_row(was[0], a.flag, 0, a.isl, 0, 0);
	now[1] = chord_row(was[1], a.flag + b.flag, a.num, a.isl + b.isl,
	    a.isl, a.flag | a.isl | a.num);
	now[2] = chord_row(was[2], a.flag + b.flag + c.flag, b.num,
	    a.isl + b.isl + c.isl, b.isl, b.flag | b.isl | b.num);
	now[3] = chord_row(was[3], b.flag + c.flag, c.num, b.isl + c.isl,
	    c.isl, c.flag | c.isl | c.num);
	now[4] = chord_row(was[4], c.flag, 0, c.isl, 0, 0);
	for (k = 0; k < 5; k++)
		if (win->rows >> k & 1)
			store8(z->state + row_start(z, win, k), now[k]);
	z->left -= sum_bytes(a.isl + b.isl + c.isl);
	for (k = 0; k < 3; k++)
		for (x = zero[k]; x != 0; x &= x - 1) {
			n = (size_t)row_start(z, win, k + 1) +
			    (size_t)__builtin_ctzll(x) / 8;
			if (z->state[n] == ST_ZERO) {
				open_opening(z, n);
				opened = 1;
			}
		}
	for (k = 0; opened && k < 5; k++)
		if (win->rows >> k & 1)
			now[k] = load8(z->state + row_start(z, win, k));
	return clicks + sum_bytes(a.flag + b.flag + c.flag);
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
uint64_t
zini_greedy(struct zini *z)
{
	struct window win;
	size_t i;
	uint64_t clicks = 0;

	z->level = PREMIUM_MAX;
	z->cursor = 0;
	z->nheap = 0;
	z->capheap = 1024;
	z->heap = xreallocarray(NULL, z->capheap, sizeof(*z->heap));
	while (z->left > 0) {
		if (!next_step(z, &i)) {
			clicks += z->left;
			break;
		}
		window_begin(z, i, &win);
		clicks += chord(z, i, &win);
		window_end(z, &win);
	}
	free(z->heap);
	z->heap = NULL;
	return clicks;
}
