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
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

/* Column sums above this are all alike: too much for any rectangle. */
#define SATURATED	(FRUIT_TARGET + 1)

struct strip {
	size_t		 cols;
	uint8_t		*sum;		/* column sums, saturated */
	uint8_t		*count;		/* digits per column, saturated */
	size_t		*psum;		/* prefix sums of sum, cols + 1 */
	size_t		*pcount;	/* prefix sums of count, cols + 1 */
};

static int	 add_row(struct strip *, const uint8_t *);
static int	 walk_strip(const struct strip *, struct rect *,
		    int (*)(const struct rect *, unsigned int, void *), void *);

/*
 * Add one row to the strip's column sums.  Returns nonzero while some
 * column could still take part in a rectangle of 10.
 */
static int
add_row(struct strip *st, const uint8_t *row)
{
	size_t c;
	unsigned int s, n;
	int open;

	open = 0;
	st->psum[0] = st->pcount[0] = 0;
	for (c = 0; c < st->cols; c++) {
		s = st->sum[c] + row[c];
		n = st->count[c] + (row[c] != 0);
		st->sum[c] = s > SATURATED ? SATURATED : s;
		st->count[c] = n > SATURATED ? SATURATED : n;
		open |= st->sum[c] <= FRUIT_TARGET;
		st->psum[c + 1] = st->psum[c] + st->sum[c];
		st->pcount[c + 1] = st->pcount[c] + st->count[c];
	}
	return open;
}

/* Report the rectangles of one pair of rows, left column first. */
static int
walk_strip(const struct strip *st, struct rect *r,
    int (*fn)(const struct rect *, unsigned int, void *), void *arg)
{
	size_t left, lo, hi, right;
	const size_t *p = st->psum;

	lo = hi = 0;
	for (left = 0; left < st->cols; left++) {
		/* lo: the first right end reaching 10; hi: the first past. */
		if (lo < left)
			lo = left;
		while (lo < st->cols && p[lo + 1] - p[left] < FRUIT_TARGET)
			lo++;
		if (lo == st->cols)
			break;
		if (hi < lo)
			hi = lo;
		while (hi < st->cols && p[hi + 1] - p[left] <= FRUIT_TARGET)
			hi++;
		for (right = lo; right < hi; right++) {
			r->c1 = (uint32_t)left;
			r->c2 = (uint32_t)right;
			if (fn(r, (unsigned int)(st->pcount[right + 1] -
			    st->pcount[left]), arg))
				return 1;
		}
	}
	return 0;
}

int
rects_each(const struct board *b,
    int (*fn)(const struct rect *, unsigned int, void *), void *arg)
{
	struct strip st;
	struct rect r;
	size_t top, bottom;
	int stop;

	st.cols = b->cols;
	st.sum = xcalloc(b->cols, 1);
	st.count = xcalloc(b->cols, 1);
	st.psum = xreallocarray(NULL, b->cols + 1, sizeof(size_t));
	st.pcount = xreallocarray(NULL, b->cols + 1, sizeof(size_t));
	stop = 0;
	for (top = 0; top < b->rows && !stop; top++) {
		memset(st.sum, 0, b->cols);
		memset(st.count, 0, b->cols);
		r.r1 = (uint32_t)top;
		for (bottom = top; bottom < b->rows && !stop; bottom++) {
			if (!add_row(&st, b->cell + bottom * b->cols))
				break;
			r.r2 = (uint32_t)bottom;
			stop = walk_strip(&st, &r, fn, arg);
		}
	}
	free(st.sum);
	free(st.count);
	free(st.psum);
	free(st.pcount);
	return stop;
}

/* Whether two rectangles share a cell. */
int
rects_meet(const struct rect *a, const struct rect *b)
{
	return a->r1 <= b->r2 && b->r1 <= a->r2 && a->c1 <= b->c2 &&
	    b->c1 <= a->c2;
}
