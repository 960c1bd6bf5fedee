/*
 * movegen.c: the distinct moves of a position, for the planner.
 *
 * Many rectangles clear the same apples: any rectangle may be widened
 * over empty cells at its edges.  The planner needs each set of apples
 * once, so it takes only tight rectangles, whose four edges each hold a
 * digit; a tight rectangle is the bounding box of what it clears, so no
 * two of them clear the same apples.  The walk is the two-pointer walk of
 * rects.c, keeping for each left column only the first right end that
 * reaches 10 (the later ones add empty columns).
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

static void	 count_rows(struct movegen *, const uint8_t *, size_t, size_t);
static void	 sum_columns(struct movegen *, const uint8_t *, size_t,
		    size_t);
static inline size_t strip_moves(const struct movegen *, const struct rect *,
		    size_t, size_t, size_t, size_t, struct rect *, size_t, size_t);
static void	 update(struct movegen *, const uint8_t *, const struct rect *);
static size_t	 walk(struct movegen *, const uint8_t *, const struct rect *,
		    struct rect *, size_t);
static int	 near_window(struct movegen *, const struct rect *, size_t,
		    size_t, size_t *, size_t *);
static size_t	 strips_near(struct movegen *, const uint8_t *,
		    const struct rect *, size_t, struct rect *, size_t, size_t);

void
movegen_init(struct movegen *mg, size_t rows, size_t cols)
{
	memset(mg, 0, sizeof(*mg));
	mg->rows = rows;
	mg->cols = cols;
	if (rows != 0 && cols + 1 > SIZE_MAX / rows)
		errx(GF_EXIT_ERROR, "board too large");
	mg->rowcount = xreallocarray(NULL, rows * (cols + 1),
	    sizeof(uint32_t));
	if (cols != 0 && rows + 1 > SIZE_MAX / cols)
		errx(GF_EXIT_ERROR, "board too large");
	mg->colsum = xreallocarray(NULL, cols * (rows + 1),
	    sizeof(uint32_t));
	mg->sum = xreallocarray(NULL, cols, sizeof(uint32_t));
	mg->psum = xreallocarray(NULL, cols + 1, sizeof(uint32_t));
}

void
movegen_free(struct movegen *mg)
{
	free(mg->rowcount);
	free(mg->colsum);
	free(mg->sum);
	free(mg->psum);
	memset(mg, 0, sizeof(*mg));
}

/*
 * Copy the row counts and column sums of from into to (both set up for
 * the same board size), so that a game can start from a listing kept
 * from before instead of listing the same board again.
 */
void
movegen_copy(struct movegen *to, const struct movegen *from)
{
	memcpy(to->rowcount, from->rowcount,
	    from->rows * (from->cols + 1) * sizeof(*to->rowcount));
	memcpy(to->colsum, from->colsum,
	    from->cols * (from->rows + 1) * sizeof(*to->colsum));
}

/* Prefix counts of digits along rows r1 to r2, for the tightness test. */
static void
count_rows(struct movegen *mg, const uint8_t *cell, size_t r1, size_t r2)
{
	size_t r, c;
	uint32_t *pc;

	for (r = r1; r <= r2; r++) {
		pc = mg->rowcount + r * (mg->cols + 1);
		pc[0] = 0;
		for (c = 0; c < mg->cols; c++)
			pc[c + 1] = pc[c] + (cell[r * mg->cols + c] != 0);
	}
}

/*
 * Bring the row counts and column sums up to date after r was cleared:
 * a prefix changes only from r's first column along its rows, and from
 * r's first row down its columns.
 */
static void
update(struct movegen *mg, const uint8_t *cell, const struct rect *r)
{
	size_t row, col, stride = mg->rows + 1;
	uint32_t *pc, *cs;

	for (row = r->r1; row <= r->r2; row++) {
		pc = mg->rowcount + row * (mg->cols + 1);
		for (col = r->c1; col < mg->cols; col++)
			pc[col + 1] = pc[col] + (cell[row * mg->cols + col] != 0);
	}
	for (col = r->c1; col <= r->c2; col++) {
		cs = mg->colsum + col * stride;
		for (row = r->r1; row < mg->rows; row++)
			cs[row + 1] = cs[row] + cell[row * mg->cols + col];
	}
}

/*
 * Prefix sums down columns c1 to c2, so that a strip's sums cost one
 * step a column.
 */
static void
sum_columns(struct movegen *mg, const uint8_t *cell, size_t c1, size_t c2)
{
	size_t r, c, stride = mg->rows + 1;
	uint32_t *cs;

	for (c = c1; c <= c2; c++) {
		cs = mg->colsum + c * stride;
		cs[0] = 0;
		for (r = 0; r < mg->rows; r++)
			cs[r + 1] = cs[r] + cell[r * mg->cols + c];
	}
}

/*
 * Store up to max tight moves of cell in out (out may be NULL to count
 * only) and return how many there are.
 */
size_t
movegen_list(struct movegen *mg, const uint8_t *cell, struct rect *out,
    size_t max)
{
	struct rect all;

	all.r1 = all.c1 = 0;
	all.r2 = (uint32_t)(mg->rows - 1);
	all.c2 = (uint32_t)(mg->cols - 1);
	movegen_load(mg, cell);
	return walk(mg, cell, &all, out, max);
}

/* Fill the row counts and column sums of cell, which movegen_near keeps. */
void
movegen_load(struct movegen *mg, const uint8_t *cell)
{
	count_rows(mg, cell, 0, mg->rows - 1);
	sum_columns(mg, cell, 0, mg->cols - 1);
}

/*
 * The same, for the moves whose rectangle meets r.  After r is cleared,
 * a move that does not meet r is as good or as bad as it was, so these
 * are all the moves there are to add to the old list (less the moves
 * that met r, which have lost apples and so no longer sum to 10).
 * The row counts and column sums must be those of cell before r was
 * cleared (as the last movegen_list, movegen_load or movegen_near of this
 * game left them): only r's rows and columns are brought up to date,
 * which is most of what makes a greedy game cheap.
 */
size_t
movegen_near(struct movegen *mg, const uint8_t *cell, const struct rect *r,
    struct rect *out, size_t max)
{
	size_t top, n;

	update(mg, cell, r);
	n = 0;
	for (top = 0; top <= r->r2; top++)
		if (mg->rowcount[top * (mg->cols + 1) + mg->cols] != 0)
			n = strips_near(mg, cell, r, top, out, max, n);
	return n;
}

/*
 * The columns a move meeting near may use in the strip of rows top to
 * bottom: the runs of columns summing to at most 10 that reach into
 * near's columns, within the window lo to hi found for the strip above
 * (the sums only grow downwards, so the window only shrinks).  Their
 * sums are left in mg->sum.  Returns 0 when there are none, so that no
 * deeper strip can hold a move either.
 */
static int
near_window(struct movegen *mg, const struct rect *near, size_t top,
    size_t bottom, size_t *lo, size_t *hi)
{
	const uint32_t *cs = mg->colsum;
	uint32_t *sum = mg->sum, s, acc;
	size_t c, first, last, stride = mg->rows + 1;

	first = SIZE_MAX;
	last = 0;
	for (c = near->c1; c <= near->c2; c++) {
		sum[c] = cs[c * stride + bottom + 1] - cs[c * stride + top];
		if (sum[c] <= FRUIT_TARGET) {
			if (first == SIZE_MAX)
				first = c;
			last = c;
		}
	}
	if (first == SIZE_MAX)
		return 0;
	/*
	 * A move reaching out of near's columns holds every column between
	 * them and near's nearest edge, so the window ends where the sum of
	 * those columns passes 10, not merely where one column does.
	 */
	if (first == near->c1) {
		acc = sum[first];
		while (first > *lo) {
			c = first - 1;
			s = cs[c * stride + bottom + 1] - cs[c * stride + top];
			acc += s;
			if (acc > FRUIT_TARGET)
				break;
			sum[c] = s;
			first = c;
		}
	}
	if (last == near->c2) {
		acc = sum[last];
		while (last < *hi) {
			c = last + 1;
			s = cs[c * stride + bottom + 1] - cs[c * stride + top];
			acc += s;
			if (acc > FRUIT_TARGET)
				break;
			sum[c] = s;
			last = c;
		}
	}
	*lo = first;
	*hi = last;
	return 1;
}

/*
 * The moves meeting near whose top row is top, appended to out from
 * index n.  The strip grows downwards only while some column of near
 * can still take part, and only over the window of columns that can.
 */
static size_t
strips_near(struct movegen *mg, const uint8_t *cell,
    const struct rect *near, size_t top, struct rect *out, size_t max,
    size_t n)
{
	size_t bottom, c, lo, hi, cols = mg->cols;
	const uint32_t *pt, *pb;
	uint32_t *sum = mg->sum, *p = mg->psum;

	pt = mg->rowcount + top * (cols + 1);
	lo = 0;
	hi = cols - 1;
	bottom = top < near->r1 ? near->r1 : top;
	for (; bottom < mg->rows; bottom++) {
		if (!near_window(mg, near, top, bottom, &lo, &hi))
			break;
		/* Tight moves need a digit in the top row, and the bottom. */
		if (pt[hi + 1] == pt[lo])
			break;
		pb = mg->rowcount + bottom * (cols + 1);
		if (pb[hi + 1] == pb[lo])
			continue;
		p[lo] = 0;
		for (c = lo; c <= hi; c++)
			p[c + 1] = p[c] + sum[c];
		n = strip_moves(mg, near, top, bottom, lo, hi, out, max, n);
	}
	return n;
}

/*
 * The tight moves of the strip of rows top to bottom within columns lo
 * to hi that meet near's columns, appended to out from index n; mg->psum
 * holds the prefix sums of the strip's column sums from lo.  Two
 * pointers: the right end of a sum of 10 only moves right as the left
 * end does.  A tight move has a digit in its left and right columns (the
 * sums there are not 0) and in its top and bottom rows.
 */
static inline size_t
strip_moves(const struct movegen *mg, const struct rect *near, size_t top,
    size_t bottom, size_t lo, size_t hi, struct rect *out, size_t max,
    size_t n)
{
	const uint32_t *p = mg->psum, *sum = mg->sum, *pt, *pb;
	size_t left, right, last;

	pt = mg->rowcount + top * (mg->cols + 1);
	pb = mg->rowcount + bottom * (mg->cols + 1);
	last = near->c2 < hi ? near->c2 : hi;
	right = lo;
	for (left = lo; left <= last; left++) {
		if (sum[left] == 0)
			continue;
		if (right < left)
			right = left;
		while (right <= hi && p[right + 1] - p[left] < FRUIT_TARGET)
			right++;
		if (right > hi)
			break;
		if (p[right + 1] - p[left] != FRUIT_TARGET ||
		    right < near->c1 || pt[right + 1] == pt[left] ||
		    pb[right + 1] == pb[left])
			continue;
		if (out != NULL && n < max) {
			out[n].r1 = (uint32_t)top;
			out[n].r2 = (uint32_t)bottom;
			out[n].c1 = (uint32_t)left;
			out[n].c2 = (uint32_t)right;
		}
		n++;
	}
	return n;
}

/* The two-pointer walk, limited to rectangles meeting near. */
static size_t
walk(struct movegen *mg, const uint8_t *cell, const struct rect *near,
    struct rect *out, size_t max)
{
	size_t top, bottom, c, n, cols = mg->cols;
	const uint32_t *pt, *pb;
	uint32_t *sum = mg->sum, *p = mg->psum, s;
	const uint8_t *row;
	int open;

	n = 0;
	p[0] = 0;
	for (top = 0; top <= near->r2; top++) {
		pt = mg->rowcount + top * (cols + 1);
		if (pt[cols] == 0)
			continue;
		memset(sum, 0, cols * sizeof(*sum));
		for (bottom = top; bottom < mg->rows; bottom++) {
			pb = mg->rowcount + bottom * (cols + 1);
			row = cell + bottom * cols;
			open = 0;
			for (c = 0; c < cols; c++) {
				s = sum[c] + row[c];
				s = s > FRUIT_TARGET + 1 ? FRUIT_TARGET + 1 : s;
				sum[c] = s;
				open |= s <= FRUIT_TARGET;
				p[c + 1] = p[c] + s;
			}
			if (!open)
				break;
			if (pb[cols] == 0 || bottom < near->r1)
				continue;
			n = strip_moves(mg, near, top, bottom, 0, cols - 1,
			    out, max, n);
		}
	}
	return n;
}
