/*
 * rects.c: every rectangle of a board whose digits sum to exactly 10.
 *
 * Digits are never negative, so for a fixed pair of rows the sum of the
 * columns c1..c2 grows with c2 and shrinks with c1: the right ends that
 * reach exactly 10 for a given left end form one run, and that run only
 * moves right as the left end does.  Two pointers over prefix sums of the
 * column sums find every run in time linear in the width.  The pairs of
 * rows stop as soon as every column alone is over 10, since adding rows
 * only adds to the column sums; on a board of digits that happens after
 * a few rows, so the whole walk costs about rows x columns x a small
 * height, plus the output.
 *
 * Rows and columns without a digit change no sum: the walk runs on the
 * board with them taken out, and each rectangle found there stands for
 * every rectangle whose edges fall in the empty runs around its own, so
 * a sparse board costs about what its listing does.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

/* Column sums above this are all alike: too much for any rectangle. */
#define SATURATED	(FRUIT_TARGET + 1)

/* A rectangle of the board with its empty rows and columns taken out. */
struct found {
	uint32_t	 left;
	uint32_t	 right;
	unsigned int	 apples;
};

struct strip {
	const struct board *b;
	uint32_t	*row;		/* the rows holding a digit */
	size_t		 nrows;
	uint32_t	*col;		/* the columns holding a digit */
	size_t		 ncols;
	uint8_t		*sum;		/* column sums, saturated, per col */
	uint8_t		*count;		/* digits per column, saturated */
	struct found	*found;		/* the current strip's rectangles */
	size_t		 nfound, capfound;
};

static int	 add_row(struct strip *, size_t);
static void	 walk_strip(struct strip *);
static void	 add_found(struct strip *, size_t, size_t, unsigned int);
static int	 emit(const struct strip *, struct rect *,
		    int (*)(const struct rect *, unsigned int, void *), void *);
static void	 find_lines(struct strip *);

/*
 * Add the row of digits row (an index into st->row) to the strip's
 * column sums.  Returns nonzero while some column could still take part
 * in a rectangle of 10.
 */
static int
add_row(struct strip *st, size_t row)
{
	const uint8_t *cell;
	size_t k;
	unsigned int s, n;
	int open;

	cell = st->b->cell + (size_t)st->row[row] * st->b->cols;
	open = 0;
	for (k = 0; k < st->ncols; k++) {
		s = st->sum[k] + cell[st->col[k]];
		n = st->count[k] + (cell[st->col[k]] != 0);
		st->sum[k] = s > SATURATED ? SATURATED : s;
		st->count[k] = n > SATURATED ? SATURATED : n;
		open |= st->sum[k] <= FRUIT_TARGET;
	}
	return open;
}

static void
add_found(struct strip *st, size_t left, size_t right, unsigned int apples)
{
	if (st->nfound == st->capfound) {
		st->capfound = st->capfound == 0 ? 64 : st->capfound;
		st->found = xreallocarray(st->found, st->capfound,
		    2 * sizeof(*st->found));
		st->capfound *= 2;
	}
	st->found[st->nfound].left = (uint32_t)left;
	st->found[st->nfound].right = (uint32_t)right;
	st->found[st->nfound++].apples = apples;
}

/*
 * The rectangles of the strip as it stands, left column first: for each
 * left end, lo is the first right end reaching 10 and hi the first past
 * it, both only moving right; slo, shi and clo are the sums and the
 * digit count of the columns from left up to them.
 */
static void
walk_strip(struct strip *st)
{
	const uint8_t *sum = st->sum, *count = st->count;
	size_t left, lo, hi, right, n = st->ncols;
	unsigned int slo, shi, clo, c;

	st->nfound = 0;
	lo = hi = 0;
	slo = shi = clo = 0;
	for (left = 0; left < n; left++) {
		if (lo < left) {
			lo = left;
			slo = clo = 0;
		}
		while (lo < n && slo + sum[lo] < FRUIT_TARGET) {
			slo += sum[lo];
			clo += count[lo++];
		}
		if (lo == n)
			break;
		if (hi < lo) {
			hi = lo;
			shi = slo;
		}
		while (hi < n && shi + sum[hi] <= FRUIT_TARGET)
			shi += sum[hi++];
		for (c = clo, right = lo; right < hi; right++) {
			c += count[right];
			add_found(st, left, right, c);
		}
		if (lo > left) {
			slo -= sum[left];
			clo -= count[left];
		}
		if (hi > left)
			shi -= sum[left];
	}
}

/*
 * Report the strip's rectangles with r's rows, each for every pair of
 * columns of the board it stands for, in the order of the listing.
 */
static int
emit(const struct strip *st, struct rect *r,
    int (*fn)(const struct rect *, unsigned int, void *), void *arg)
{
	const uint32_t *col = st->col;
	size_t i, j, end, left, right, lfirst, rlast;

	for (i = 0; i < st->nfound; i = end) {
		for (end = i; end < st->nfound &&
		    st->found[end].left == st->found[i].left; end++)
			continue;
		left = st->found[i].left;
		lfirst = left == 0 ? 0 : col[left - 1] + 1;
		for (r->c1 = (uint32_t)lfirst; r->c1 <= col[left]; r->c1++)
			for (j = i; j < end; j++) {
				right = st->found[j].right;
				rlast = right + 1 < st->ncols ?
				    col[right + 1] - 1 : st->b->cols - 1;
				for (r->c2 = col[right]; r->c2 <= rlast;
				    r->c2++)
					if (fn(r, st->found[j].apples, arg))
						return 1;
			}
	}
	return 0;
}

/* The rows and columns holding a digit. */
static void
find_lines(struct strip *st)
{
	const struct board *b = st->b;
	size_t r, c;
	uint8_t *used;

	used = xcalloc(b->cols, 1);
	st->row = xreallocarray(NULL, b->rows, sizeof(uint32_t));
	st->nrows = 0;
	for (r = 0; r < b->rows; r++) {
		const uint8_t *cell = b->cell + r * b->cols;
		int any = 0;

		for (c = 0; c < b->cols; c++)
			if (cell[c] != 0)
				any = used[c] = 1;
		if (any)
			st->row[st->nrows++] = (uint32_t)r;
	}
	st->ncols = 0;
	for (c = 0; c < b->cols; c++)
		st->ncols += used[c];
	st->col = xreallocarray(NULL, st->ncols, sizeof(uint32_t));
	st->ncols = 0;
	for (c = 0; c < b->cols; c++)
		if (used[c])
			st->col[st->ncols++] = (uint32_t)c;
	free(used);
}

int
rects_each(const struct board *b,
    int (*fn)(const struct rect *, unsigned int, void *), void *arg)
{
	struct strip st;
	struct rect r;
	size_t i, j, top, bottom, last;
	int stop;

	memset(&st, 0, sizeof(st));
	st.b = b;
	find_lines(&st);
	st.sum = xcalloc(st.ncols, 1);
	st.count = xcalloc(st.ncols, 1);
	stop = 0;
	for (i = 0; i < st.nrows && !stop; i++) {
		/* Every top row down to row i's stands for the same strips. */
		top = i == 0 ? 0 : st.row[i - 1] + 1;
		for (; top <= st.row[i] && !stop; top++) {
			memset(st.sum, 0, st.ncols);
			memset(st.count, 0, st.ncols);
			r.r1 = (uint32_t)top;
			for (j = i; j < st.nrows && !stop; j++) {
				if (!add_row(&st, j))
					break;
				walk_strip(&st);
				if (st.nfound == 0)
					continue;
				last = j + 1 < st.nrows ? st.row[j + 1] - 1 :
				    b->rows - 1;
				for (bottom = st.row[j]; bottom <= last &&
				    !stop; bottom++) {
					r.r2 = (uint32_t)bottom;
					stop = emit(&st, &r, fn, arg);
				}
			}
		}
	}
	free(st.row);
	free(st.col);
	free(st.sum);
	free(st.count);
	free(st.found);
	return stop;
}
