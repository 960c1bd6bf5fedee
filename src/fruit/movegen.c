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

static void	 count_rows(struct movegen *, const uint8_t *);
static size_t	 walk(struct movegen *, const uint8_t *, const struct rect *,
		    struct rect *, size_t);

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
	mg->sum = xreallocarray(NULL, cols, sizeof(uint32_t));
	mg->psum = xreallocarray(NULL, cols + 1, sizeof(uint32_t));
}

void
movegen_free(struct movegen *mg)
{
	free(mg->rowcount);
	free(mg->sum);
	free(mg->psum);
	memset(mg, 0, sizeof(*mg));
}

/* Prefix counts of digits along each row, for the tightness test. */
static void
count_rows(struct movegen *mg, const uint8_t *cell)
{
	size_t r, c;
	uint32_t *pc;

	for (r = 0; r < mg->rows; r++) {
		pc = mg->rowcount + r * (mg->cols + 1);
		pc[0] = 0;
		for (c = 0; c < mg->cols; c++)
			pc[c + 1] = pc[c] + (cell[r * mg->cols + c] != 0);
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
	return walk(mg, cell, &all, out, max);
}

/*
 * The same, for the moves whose rectangle meets r.  After r is cleared,
 * a move that does not meet r is as good or as bad as it was, so these
 * are all the moves there are to add to the old list (less the moves
 * that met r, which have lost apples and so no longer sum to 10).
 */
size_t
movegen_near(struct movegen *mg, const uint8_t *cell, const struct rect *r,
    struct rect *out, size_t max)
{
	return walk(mg, cell, r, out, max);
}

/* The two-pointer walk, limited to rectangles meeting near. */
static size_t
walk(struct movegen *mg, const uint8_t *cell, const struct rect *near,
    struct rect *out, size_t max)
{
	size_t top, bottom, c, left, lo, n, cols = mg->cols;
	const uint32_t *pt, *pb;
	uint32_t *sum = mg->sum, *p = mg->psum, s;
	const uint8_t *row;
	int open;

	count_rows(mg, cell);
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
			lo = 0;
			for (left = 0; left <= near->c2; left++) {
				/* Tight: a digit in the left column. */
				if (sum[left] == 0)
					continue;
				if (lo < left)
					lo = left;
				while (lo < cols &&
				    p[lo + 1] - p[left] < FRUIT_TARGET)
					lo++;
				if (lo == cols)
					break;
				if (p[lo + 1] - p[left] != FRUIT_TARGET ||
				    lo < near->c1 ||
				    pt[lo + 1] == pt[left] ||
				    pb[lo + 1] == pb[left])
					continue;
				if (out != NULL && n < max) {
					out[n].r1 = (uint32_t)top;
					out[n].r2 = (uint32_t)bottom;
					out[n].c1 = (uint32_t)left;
					out[n].c2 = (uint32_t)lo;
				}
				n++;
			}
		}
	}
	return n;
}
