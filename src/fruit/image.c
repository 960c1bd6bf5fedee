/*
 * image.c: finding a Fruit Box board in a screenshot.
 *
 * The game draws a 10 x 17 grid of red apples, each with a white digit,
 * on a pale green field; at scale s the apple in row r, column c sits
 * near (85 + 33c, 89 + 33r) x s in its 720 x 470 canvas, and the canvas
 * may be anywhere in the picture.  The stages: mark the pixels of apple
 * red, gather them into blobs (runs joined row to row through a
 * union-find, no recursion), keep the blobs of the commonest apple size,
 * measure the pitch between neighbours, put each blob on the lattice and
 * take the 17 x 10 window that holds most of them.  digits.c then reads
 * each cell of that window.
 */

#include "config.h"

#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

#ifndef MIN
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))
#endif

#define BOARD_COLS	17
#define BOARD_ROWS	10
#define MIN_APPLE	8	/* pixels across: below scale 0.3 */
#define MAX_APPLE	200	/* pixels across: above scale 7 */
#define VIEW_STEP	2	/* pixels of the picture to one of the view */

struct run {
	uint32_t	 y;
	uint32_t	 x1;		/* first pixel */
	uint32_t	 x2;		/* one past the last */
};

struct blob {
	uint32_t	 x1, y1, x2, y2;	/* inclusive bounds */
	uint64_t	 area;
	double		 cx, cy;
	double		 size;		/* across, the longer way */
	int		 col, row;	/* on the lattice, if on */
	int		 on;
};

struct span {
	long		 cmin, cmax, rmin, rmax;	/* of the blobs on the lattice */
};

static size_t	 view_step(const struct picture *);
static size_t	 find_runs(const struct picture *, size_t, struct run **,
		    uint32_t **);
static size_t	 gather_blobs(const struct run *, uint32_t *, size_t, size_t,
		    struct blob **);
static size_t	 keep_apple_sized(struct blob *, size_t,
		    const struct picture *, size_t);
static int	 cmp_double(const void *, const void *);
static double	 median_step(const struct blob *, size_t, int);
static size_t	 mark_lattice(struct blob *, size_t, double, double,
		    const struct grid *);
static size_t	 best_window(const struct blob *, size_t, const struct span *,
		    int, int, long *, long *);
static void	 lattice_span(const struct blob *, size_t, struct span *);
static long	 field_reach(const struct picture *, long, long, int, int,
		    double);
static int	 board_in_picture(const struct picture *,
		    const struct grid *, char *, size_t);
static int	 edge_start(const struct picture *, const struct grid *,
		    const struct span *, int, long *, char *, size_t);
static double	 ink_edges(const struct picture *, double, int, double,
		    double, double *, double *);
static int	 place_on_lattice(const struct picture *, struct blob *,
		    size_t, struct grid *, char *, size_t);
static void	 fit_axis(const struct blob *, size_t, int, double *,
		    double *);

/*
 * Apple red, normal or "Light Colors" salmon; not the orange of text.
 * A macro, for the loops over every pixel.
 */
/*
 * The pale field the apples lie on and its grid lines, greener than
 * white; and the saturated green of the frame round it.
 */
#define IS_FIELD(p)	((p)[0] >= 150 && (p)[2] >= 140 && \
			    (p)[1] >= (p)[0] + 8 && (p)[1] >= (p)[2] + 8)
#define IS_FRAME(p)	((p)[1] >= 150 && (p)[1] >= (p)[0] + 80 && \
			    (p)[1] >= (p)[2] + 40)
#define IS_APPLE_RED(p)	((p)[0] >= 150 && (p)[0] - (p)[1] >= 80 && \
			    (p)[0] - (p)[2] >= 60 && (p)[1] - (p)[2] < 50)

/*
 * The grid is found on a view of every VIEW_STEP-th pixel each way: the
 * smallest apple looked for still spans four of its pixels, and a
 * desktop screenshot costs a quarter of the tests.  The cells are then
 * read at full resolution.
 */
static size_t
view_step(const struct picture *pic)
{
	(void)pic;
	return VIEW_STEP;
}

/*
 * The runs of red pixels on the view that takes one pixel in step each
 * way, row by row, joined to the runs they touch; coordinates are the
 * view's.  No function is called per pixel: most pixels fail the test
 * of red at once.
 */
static size_t
find_runs(const struct picture *pic, size_t step, struct run **out,
    uint32_t **parentp)
{
	struct run *run;
	uint32_t *parent = NULL;
	size_t n, cap, prev, prevend, x, y, x1, i, a, b, vw, pstep;
	const uint8_t *row, *p;

	run = NULL;
	n = cap = 0;
	prev = prevend = 0;
	vw = (pic->w + step - 1) / step;
	pstep = step * 3;
	for (y = 0; y < pic->h; y += step) {
		row = pic->rgb + y * pic->w * 3;
		for (x = 0, p = row; x < vw; x++, p += pstep) {
			if (!IS_APPLE_RED(p))
				continue;
			x1 = x;
			do {
				x++;
				p += pstep;
			} while (x < vw && IS_APPLE_RED(p));
			if (n == cap) {
				cap = cap == 0 ? 4096 : cap;
				if (cap > UINT32_MAX / 2)
					errx(GF_EXIT_ERROR, "image too busy");
				cap *= 2;
				run = xreallocarray(run, cap, sizeof(*run));
				parent = xreallocarray(parent, cap,
				    sizeof(*parent));
			}
			run[n].y = (uint32_t)(y / step);
			run[n].x1 = (uint32_t)x1;
			run[n].x2 = (uint32_t)x;
			parent[n] = (uint32_t)n;
			/* Join the runs of the row above that overlap. */
			for (i = prev; i < prevend; i++) {
				if (run[i].x2 <= x1)
					continue;
				if (run[i].x1 >= x)
					break;
				a = uf_root(parent, (uint32_t)i);
				b = uf_root(parent, (uint32_t)n);
				if (a != b)
					parent[a > b ? a : b] =
					    (uint32_t)(a < b ? a : b);
			}
			n++;
		}
		prev = prevend;
		prevend = n;
	}
	*out = run;
	*parentp = parent;
	return n;
}

/*
 * The blobs the runs make, in the picture's coordinates: a pixel of the
 * view stands for the step x step pixels it starts.
 */
static size_t
gather_blobs(const struct run *run, uint32_t *parent, size_t n, size_t step,
    struct blob **out)
{
	struct blob *blob, *bl;
	uint32_t *index;
	size_t i, nblobs, w;
	uint32_t root;

	index = xreallocarray(NULL, n + 1, sizeof(*index));
	blob = xreallocarray(NULL, n + 1, sizeof(*blob));
	nblobs = 0;
	for (i = 0; i < n; i++) {
		root = uf_root(parent, (uint32_t)i);
		if (root == i) {
			index[i] = (uint32_t)nblobs;
			bl = &blob[nblobs++];
			memset(bl, 0, sizeof(*bl));
			bl->x1 = run[i].x1;
			bl->y1 = run[i].y;
			bl->x2 = run[i].x2 - 1;
			bl->y2 = run[i].y;
		}
		bl = &blob[index[root]];
		w = run[i].x2 - run[i].x1;
		if (run[i].x1 < bl->x1)
			bl->x1 = run[i].x1;
		if (run[i].x2 - 1 > bl->x2)
			bl->x2 = run[i].x2 - 1;
		if (run[i].y > bl->y2)
			bl->y2 = run[i].y;
		bl->area += w;
		bl->cx += (double)w * (run[i].x1 + run[i].x2 - 1) / 2.0;
		bl->cy += (double)w * run[i].y;
	}
	for (i = 0; i < nblobs; i++) {
		bl = &blob[i];
		bl->cx = (bl->cx / (double)bl->area) * step + (step - 1) / 2.0;
		bl->cy = (bl->cy / (double)bl->area) * step + (step - 1) / 2.0;
		bl->x1 *= (uint32_t)step;
		bl->y1 *= (uint32_t)step;
		bl->x2 = (uint32_t)(bl->x2 * step + step - 1);
		bl->y2 = (uint32_t)(bl->y2 * step + step - 1);
		bl->area *= step * step;
		bl->on = 0;
	}
	free(index);
	*out = blob;
	return nblobs;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Keep the round, solid blobs, then of those the ones within 15% of the
 * commonest width: the board's 170 apples outnumber whatever else is red.
 * A width on the view is a whole number of steps, and an apple measures
 * a step more or less as it falls on them: the bounds are a step wider,
 * or apples 10 and 12 pixels across, 15% apart, would split in two.
 */
static size_t
keep_apple_sized(struct blob *blob, size_t n, const struct picture *pic,
    size_t step)
{
	size_t i, j, best, count;
	double w, h, *width, mode;
	int edge;

	width = xreallocarray(NULL, n + 1, sizeof(*width));
	for (i = j = 0; i < n; i++) {
		w = blob[i].x2 - blob[i].x1 + 1.0;
		h = blob[i].y2 - blob[i].y1 + 1.0;
		/* An apple cut by the picture's edge keeps its other side. */
		edge = blob[i].x1 == 0 || blob[i].y1 == 0 ||
		    blob[i].x2 + 1 == pic->w || blob[i].y2 + 1 == pic->h;
		if (edge && (w < 0.7 * h || h < 0.7 * w))
			w = h = w > h ? w : h;
		if (w < MIN_APPLE || w > MAX_APPLE || h < 0.7 * w ||
		    h > 1.5 * w || (double)blob[i].area < 0.35 * w * h)
			continue;
		width[j] = w > h ? w : h;
		blob[j++] = blob[i];
	}
	n = j;
	for (i = 0; i < n; i++)
		blob[i].size = width[i];
	qsort(width, n, sizeof(*width), cmp_double);
	mode = 0;
	best = 0;
	for (i = 0; i < n; i++) {
		for (j = i, count = 0; j < n &&
		    width[j] <= width[i] * 1.15 + step; j++)
			count++;
		if (count > best) {
			best = count;
			mode = width[(i + j - 1) / 2];
		}
	}
	for (i = j = 0; i < n; i++)
		if (blob[i].size >= mode * 0.85 - step &&
		    blob[i].size <= mode * 1.15 + step)
			blob[j++] = blob[i];
	free(width);
	return j;
}

/*
 * The median distance from each blob to its nearest neighbour to the
 * right (axis 0) or below (axis 1) on about the same line.
 */
static double
median_step(const struct blob *blob, size_t n, int axis)
{
	double *step, d, across, best, size, m;
	size_t i, j, k;

	step = xreallocarray(NULL, n + 1, sizeof(*step));
	for (i = k = 0; i < n; i++) {
		size = blob[i].size;
		best = 0;
		for (j = 0; j < n; j++) {
			d = axis == 0 ? blob[j].cx - blob[i].cx :
			    blob[j].cy - blob[i].cy;
			across = fabs(axis == 0 ? blob[j].cy - blob[i].cy :
			    blob[j].cx - blob[i].cx);
			if (d < size * 0.8 || across > size * 0.4)
				continue;
			if (best == 0 || d < best)
				best = d;
		}
		if (best > 0 && best < size * 2.5)
			step[k++] = best;
	}
	m = 0;
	if (k > 0) {
		qsort(step, k, sizeof(*step), cmp_double);
		m = step[k / 2];
	}
	free(step);
	return m;
}

/* How many blobs sit on the lattice through blob ref, marking them. */
static size_t
mark_lattice(struct blob *blob, size_t n, double x0, double y0,
    const struct grid *g)
{
	double fx, fy;
	long c, r;
	size_t i, on;

	on = 0;
	for (i = 0; i < n; i++) {
		fx = (blob[i].cx - x0) / g->dx;
		fy = (blob[i].cy - y0) / g->dy;
		c = lround(fx);
		r = lround(fy);
		blob[i].on = 0;
		if (fabs(fx - c) > 0.25 || fabs(fy - r) > 0.25 ||
		    labs(c) > 8 * BOARD_COLS || labs(r) > 8 * BOARD_ROWS)
			continue;
		blob[i].col = (int)c;
		blob[i].row = (int)r;
		blob[i].on = 1;
		on++;
	}
	return on;
}

/*
 * The 17 x 10 window of the lattice that holds most blobs, at (bc, br),
 * its first column and row taken from *bc and *br where fixc or fixr
 * say they are known already.
 */
static size_t
best_window(const struct blob *blob, size_t n, const struct span *sp,
    int fixc, int fixr, long *bc, long *br)
{
	long c0, c1, r0, r1, wc, wr, c, r, rr, cc;
	size_t i, inside, best;
	uint32_t *cnt;

	/*
	 * The windows holding all the blobs on the lattice, or when those
	 * span more than the board (red off the board on its lattice, as
	 * an advert's apples) the windows within them.
	 */
	c0 = fixc ? *bc : MIN(sp->cmin, sp->cmax - BOARD_COLS + 1);
	c1 = fixc ? *bc : MAX(sp->cmin, sp->cmax - BOARD_COLS + 1);
	r0 = fixr ? *br : MIN(sp->rmin, sp->rmax - BOARD_ROWS + 1);
	r1 = fixr ? *br : MAX(sp->rmin, sp->rmax - BOARD_ROWS + 1);
	/* Counts over the windows' union, which holds every blob on it. */
	wc = c1 - c0 + BOARD_COLS;
	wr = r1 - r0 + BOARD_ROWS;
	cnt = xcalloc((size_t)(wc * wr), sizeof(*cnt));
	for (i = 0; i < n; i++)
		if (blob[i].on && blob[i].col >= c0 && blob[i].col < c0 + wc &&
		    blob[i].row >= r0 && blob[i].row < r0 + wr)
			cnt[(blob[i].row - r0) * wc + blob[i].col - c0]++;
	best = 0;
	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++) {
			inside = 0;
			for (rr = r - r0; rr < r - r0 + BOARD_ROWS; rr++)
				for (cc = c - c0; cc < c - c0 + BOARD_COLS; cc++)
					inside += cnt[rr * wc + cc];
			if (inside > best) {
				best = inside;
				*bc = c;
				*br = r;
			}
		}
	free(cnt);
	return best;
}

/* The columns and rows of the lattice that hold blobs. */
static void
lattice_span(const struct blob *blob, size_t n, struct span *sp)
{
	size_t i;

	sp->cmin = sp->rmin = LONG_MAX;
	sp->cmax = sp->rmax = LONG_MIN;
	for (i = 0; i < n; i++) {
		if (!blob[i].on)
			continue;
		sp->cmin = MIN(sp->cmin, blob[i].col);
		sp->cmax = MAX(sp->cmax, blob[i].col);
		sp->rmin = MIN(sp->rmin, blob[i].row);
		sp->rmax = MAX(sp->rmax, blob[i].row);
	}
}

/*
 * How far from (x, y), stepping by (sx, sy), the pale field ends in the
 * game's green frame: the pixels up to there field, the next few frame.
 * -1 when the field ends in anything else or the picture ends first.
 */
static long
field_reach(const struct picture *pic, long x, long y, int sx, int sy,
    double s)
{
	const uint8_t *p;
	long d, k, frame;

	for (d = 0;; d++, x += sx, y += sy) {
		if (x < 0 || y < 0 || (size_t)x >= pic->w || (size_t)y >= pic->h)
			return -1;
		p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
		if (!IS_FIELD(p))
			break;
	}
	/* Past a pixel or two of blending, the frame, for two pixels at scale. */
	frame = lround(2 * s) > 1 ? lround(2 * s) : 1;
	for (k = 0; k < frame + 3; k++, x += sx, y += sy) {
		if (x < 0 || y < 0 || (size_t)x >= pic->w || (size_t)y >= pic->h)
			return -1;
		p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
		if (k >= 3 && !IS_FRAME(p))
			return -1;
	}
	return d;
}

/*
 * Where the board starts along one axis when its apples span fewer than
 * all its lines (a mid-game shot with its edge lines cleared): the gap
 * from the outermost apples to the field's edge, measured along every
 * gap between apples, must be the game's margin plus a whole number of
 * cleared lines, the same number on at least two thirds of them.  The
 * top margin is tried, then the bottom; for columns the left one (the
 * timer bar stands in the right).  -1 with why set when it cannot be
 * told.
 */
static int
edge_start(const struct picture *pic, const struct grid *g,
    const struct span *sp, int vertical, long *start, char *why,
    size_t whylen)
{
	static const struct {
		int	 vertical, sign;
		double	 margin;	/* apple centre to field, at scale 1 */
	} edge[] = {
		{ 0, -1, 47 }, { 1, -1, 44.5 }, { 1, 1, 41.5 },
	};
	long lo, hi, size, i, d, k, votes[BOARD_COLS + 1], nlines, x, y;
	double s, pitch, f, from;
	size_t e;
	int seen;

	s = (vertical ? g->dy : g->dx) / 33.0;
	pitch = vertical ? g->dy : g->dx;
	lo = vertical ? sp->rmin : sp->cmin;
	hi = vertical ? sp->rmax : sp->cmax;
	size = vertical ? BOARD_ROWS : BOARD_COLS;
	seen = 0;
	for (e = 0; e < sizeof(edge) / sizeof(edge[0]); e++) {
		if (edge[e].vertical != vertical)
			continue;
		memset(votes, 0, sizeof(votes));
		nlines = 0;
		/* Along the gaps between the lines of the other axis. */
		for (i = vertical ? sp->cmin : sp->rmin;
		    i < (vertical ? sp->cmax : sp->rmax); i++) {
			nlines++;
			/* From the gap past the outermost apples, clear of stems. */
			from = (edge[e].sign < 0 ? lo - 0.5 : hi + 0.5);
			if (vertical) {
				x = lround(g->x0 + (i + 0.5) * g->dx);
				y = lround(g->y0 + from * g->dy);
			} else {
				x = lround(g->x0 + from * g->dx);
				y = lround(g->y0 + (i + 0.5) * g->dy);
			}
			d = field_reach(pic, x, y, vertical ? 0 : edge[e].sign,
			    vertical ? edge[e].sign : 0, s);
			if (d < 0)
				continue;
			f = (d + 0.5 * pitch - edge[e].margin * s) / pitch;
			k = lround(f);
			if (fabs(f - k) > 0.3 || k < 0 || k > size - (hi - lo + 1))
				continue;
			votes[k]++;
		}
		for (k = 0; k <= size - (hi - lo + 1); k++) {
			if (nlines < 2 || votes[k] * 3 < nlines * 2)
				continue;
			d = edge[e].sign < 0 ? lo - k : hi + k - (size - 1);
			if (seen && d != *start) {
				snprintf(why, whylen, "apples in only %ld %s, "
				    "and the field's edges disagree on which",
				    hi - lo + 1, vertical ? "rows" : "columns");
				return -1;
			}
			*start = d;
			seen = 1;
		}
	}
	if (!seen) {
		snprintf(why, whylen, "apples in only %ld %s of %ld, and the "
		    "field's edge is not clear enough to tell which",
		    hi - lo + 1, vertical ? "rows" : "columns", size);
		return -1;
	}
	return 0;
}

/* Least squares of position against lattice index along one axis. */
static void
fit_axis(const struct blob *blob, size_t n, int axis, double *origin,
    double *pitch)
{
	double sx, sy, sxx, sxy, x, y, cnt, den;
	size_t i;

	sx = sy = sxx = sxy = cnt = 0;
	for (i = 0; i < n; i++) {
		if (!blob[i].on)
			continue;
		x = axis == 0 ? blob[i].col : blob[i].row;
		y = axis == 0 ? blob[i].cx : blob[i].cy;
		sx += x;
		sy += y;
		sxx += x * x;
		sxy += x * y;
		cnt++;
	}
	den = cnt * sxx - sx * sx;
	if (cnt >= 2 && den > 0) {
		*pitch = (cnt * sxy - sx * sy) / den;
		*origin = (sy - *pitch * sx) / cnt;
	}
}

/*
 * Put the blobs on the lattice the pitch gives, through the blob that
 * has most others on its lattice, take the 17 x 10 window holding most
 * of them and fit the grid to those, twice.
 */
static int
place_on_lattice(const struct picture *pic, struct blob *blob, size_t n,
    struct grid *g, char *why, size_t whylen)
{
	struct span sp;
	long bc, br;
	size_t i, on, best, ref, pass, step;
	int fixc, fixr;

	g->dx = median_step(blob, n, 0);
	g->dy = median_step(blob, n, 1);
	if (n < 20 || g->dx == 0 || g->dy == 0 ||
	    fabs(g->dx - g->dy) > 0.1 * g->dx) {
		/* A grey screenshot of the game may be one. */
		if (!picture_has_colour(pic)) {
			snprintf(why, whylen, "no grid of apples found (a "
			    "picture without colour: the apples are found by "
			    "their red)");
			return -1;
		}
		snprintf(why, whylen, "no grid of apples found");
		return IMAGE_NO_GRID;
	}
	best = ref = 0;
	step = n / 40 + 1;
	for (i = 0; i < n; i += step)
		if ((on = mark_lattice(blob, n, blob[i].cx, blob[i].cy,
		    g)) > best) {
			best = on;
			ref = i;
		}
	g->x0 = blob[ref].cx;
	g->y0 = blob[ref].cy;
	for (pass = 0; pass < 2; pass++) {
		mark_lattice(blob, n, g->x0, g->y0, g);
		lattice_span(blob, n, &sp);
		/* The grid fitted may have left no blob on it. */
		if (sp.cmax < sp.cmin) {
			snprintf(why, whylen, "no grid of apples found");
			return IMAGE_NO_GRID;
		}
		fixc = sp.cmax - sp.cmin + 1 < BOARD_COLS;
		fixr = sp.rmax - sp.rmin + 1 < BOARD_ROWS;
		if ((fixc && edge_start(pic, g, &sp, 0, &bc, why,
		    whylen) == -1) || (fixr && edge_start(pic, g, &sp, 1, &br,
		    why, whylen) == -1))
			return -1;
		best_window(blob, n, &sp, fixc, fixr, &bc, &br);
		for (i = 0; i < n; i++) {
			blob[i].col -= (int)bc;
			blob[i].row -= (int)br;
			if (blob[i].col < 0 || blob[i].col >= BOARD_COLS ||
			    blob[i].row < 0 || blob[i].row >= BOARD_ROWS)
				blob[i].on = 0;
		}
		g->x0 += bc * g->dx;
		g->y0 += br * g->dy;
		fit_axis(blob, n, 0, &g->x0, &g->dx);
		fit_axis(blob, n, 1, &g->y0, &g->dy);
	}
	return board_in_picture(pic, g, why, whylen);
}

/*
 * Whether every cell of the board placed lies in the picture, up to
 * the edge of its apple: cleared lines placed past the last apples
 * (the right edge, which cannot be measured, above all) must be seen to
 * be cleared, not cut off by the picture's edge.
 */
static int
board_in_picture(const struct picture *pic, const struct grid *g,
    char *why, size_t whylen)
{
	double half = 0.25 * g->dx, left, right, top, bottom;

	left = g->x0 - half;
	right = g->x0 + (BOARD_COLS - 1) * g->dx + half;
	top = g->y0 - half;
	bottom = g->y0 + (BOARD_ROWS - 1) * g->dy + half;
	if (left >= 0 && top >= 0 && right < (double)pic->w &&
	    bottom < (double)pic->h)
		return 0;
	snprintf(why, whylen, "the picture is cut inside the board");
	return -1;
}

/*
 * How white pixel p is against the apple: its brightness (luma, BT.601's
 * weights in 8-bit fixed point).  A white digit differs from the red
 * apple most in green and blue, but JPEG, as chat apps and browsers
 * save screenshots, keeps colour at half the resolution of brightness:
 * a stroke a pixel or two wide loses much of its green and blue to the
 * red around it, and little of its brightness.
 */
static inline int
luma(const uint8_t *p)
{
	return (77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8;
}

/* The whiteness of the pixel at x, y, 0 off the picture. */
static inline int
whiteness(const struct picture *pic, long x, long y)
{
	const uint8_t *p;

	if (x < 0 || y < 0 || (size_t)x >= pic->w || (size_t)y >= pic->h)
		return 0;
	p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
	return luma(p);
}

static double
whiteness_at(const struct picture *pic, double x, double y)
{
	long ix = (long)floor(x), iy = (long)floor(y);
	double fx = x - ix, fy = y - iy;

	return (1 - fy) * ((1 - fx) * whiteness(pic, ix, iy) +
	    fx * whiteness(pic, ix + 1, iy)) +
	    fy * ((1 - fx) * whiteness(pic, ix, iy + 1) +
	    fx * whiteness(pic, ix + 1, iy + 1));
}

/*
 * Along rows (vertical) or columns, the longest unbroken run of lines
 * holding a pixel whiter than mid within half of (cx, cy), counting
 * only the pixels between lo and hi the other way.
 */
static int
white_run(const struct picture *pic, double cx, double cy, double half,
    double mid, int vertical, double lo, double hi, double *first,
    double *last)
{
	long a, b, a1, a2, b1, b2, start, len, best;
	int any;

	a1 = lround((vertical ? cy : cx) - half);
	a2 = lround((vertical ? cy : cx) + half);
	b1 = lround((vertical ? cx : cy) - half);
	b2 = lround((vertical ? cx : cy) + half);
	best = 0;
	start = a1;
	for (a = a1; a <= a2 + 1; a++) {
		any = 0;
		for (b = b1; a <= a2 && b <= b2 && !any; b++) {
			if (b < lo || b > hi)
				continue;
			if (vertical)
				any = whiteness(pic, b, a) > mid &&
				    (b - cx) * (b - cx) + (a - cy) * (a - cy) <=
				    half * half;
			else
				any = whiteness(pic, a, b) > mid &&
				    (a - cx) * (a - cx) + (b - cy) * (b - cy) <=
				    half * half;
		}
		if (any)
			continue;
		len = a - start;
		if (len > best) {
			best = len;
			*first = start;
			*last = a - 1;
		}
		start = a + 1;
	}
	return best > 0;
}

/*
 * The edges of the digit's box along rows (vertical) or columns, to a
 * fraction of a pixel, and the whiteness of the digit's whitest pixel.
 * The profile of the box is the whitest pixel of each line, across the
 * lines lo to hi the other way; an edge is where the profile crosses
 * half way from the apple's level to that whitest, between the box's
 * outermost line and the one outside it, as a pixel half covered by
 * ink is half as white.  *first and *last hold the box's first and
 * last lines on entry and its edges on return.  A digit 8 pixels high
 * is placed to a tenth of a pixel, not to the whole pixel the lines of
 * the box give: its look no longer depends on where the resizing put
 * its edges.
 */
static double
ink_edges(const struct picture *pic, double level, int vertical, double lo,
    double hi, double *first, double *last)
{
	double prof[4], peak, half, in, out;
	long a, b, a1, a2;
	int k, w;

	a1 = lround(*first);
	a2 = lround(*last);
	peak = 0;
	for (k = 0; k < 4; k++)
		prof[k] = 0;
	for (a = a1 - 1; a <= a2 + 1; a++) {
		in = 0;
		for (b = lround(lo); b <= lround(hi); b++) {
			w = vertical ? whiteness(pic, b, a) :
			    whiteness(pic, a, b);
			if (w > in)
				in = w;
		}
		if (in > peak)
			peak = in;
		if (a <= a1)
			prof[a - a1 + 1] = in;
		if (a >= a2)
			prof[a - a2 + 2] = in;
	}
	half = (level + peak) / 2;
	*first = a1 - 0.5;
	*last = a2 + 0.5;
	/* A line outside as white as half: the edge is past it (blur). */
	in = prof[1];
	out = prof[0];
	if (in > half && out < half)
		*first = a1 - 1 + (half - out) / (in - out);
	else if (out >= half)
		*first = a1 - 1;
	in = prof[2];
	out = prof[3];
	if (in > half && out < half)
		*last = a2 + (in - half) / (in - out);
	else if (out >= half)
		*last = a2 + 1;
	return peak;
}

/*
 * What cell (row, col) looks like: how much of it is apple red and ring
 * yellow, and its digit, found as the white inside the middle of the
 * apple and sampled on a square as high as the digit, from the apple's
 * level to the digit's whitest, so that the look does not depend on the
 * scale, on where the digit sits or on how far resizing or compression
 * dimmed its strokes.
 */
void
image_look(const struct picture *pic, const struct grid *g, int row,
    int col, struct cell_look *look)
{
	double cx, cy, half, side, v, lo, hi, bx1, by1, bx2, by2, mid;
	double ry1, ry2;
	long x, y, x1, y1, x2, y2;
	size_t total, red, yellow, i, j, k, hist[256];
	const uint8_t *p;

	memset(look, 0, sizeof(*look));
	cx = g->x0 + col * g->dx;
	cy = g->y0 + row * g->dy;
	half = 0.4 * g->dx;
	x1 = lround(cx - half); x2 = lround(cx + half);
	y1 = lround(cy - half); y2 = lround(cy + half);
	/* Every pixel of the window counts; those off the picture are none. */
	total = (size_t)(x2 - x1 + 1) * (size_t)(y2 - y1 + 1);
	red = yellow = 0;
	memset(hist, 0, sizeof(hist));
	x1 = MAX(x1, 0);
	y1 = MAX(y1, 0);
	x2 = MIN(x2, (long)pic->w - 1);
	y2 = MIN(y2, (long)pic->h - 1);
	for (y = y1; y <= y2; y++) {
		p = pic->rgb + ((size_t)y * pic->w + (size_t)x1) * 3;
		for (x = x1; x <= x2; x++, p += 3) {
			if (IS_APPLE_RED(p)) {
				red++;
				hist[luma(p)]++;
			} else if (p[0] > 200 && p[2] < 110 && p[1] - p[2] > 50)
				yellow++;
		}
	}
	look->red = (unsigned int)(red * 1000 / total);
	look->yellow = (unsigned int)(yellow * 1000 / total);
	if (red == 0)
		return;
	/* The apple's own level: the median whiteness of its red. */
	for (i = 0, k = 0; i < 256 && k < red / 2; i++)
		k += hist[i];
	lo = i;
	mid = (lo + 250) / 2;
	/*
	 * The digit's box: the white pixels near the middle, the rows and
	 * then the columns of one unbroken run, so that a glint on the
	 * apple or its stem does not count.
	 */
	half = 0.3 * g->dx;
	if (!white_run(pic, cx, cy, half, mid, 1, -1e9, 1e9, &by1, &by2) ||
	    !white_run(pic, cx, cy, half, mid, 0, by1, by2, &bx1, &bx2))
		return;
	if (bx2 < bx1)
		return;
	/*
	 * The box refined, each way across the lines of the other, and
	 * the digit's whitest, above mid and so above the apple's level.
	 */
	ry1 = by1;
	ry2 = by2;
	hi = ink_edges(pic, lo, 1, bx1, bx2, &by1, &by2);
	ink_edges(pic, lo, 0, ry1, ry2, &bx1, &bx2);
	side = by2 - by1;
	if (bx2 - bx1 > side)
		side = bx2 - bx1;
	cx = (bx1 + bx2) / 2;
	cy = (by1 + by2) / 2;
	for (i = 0; i < DIGIT_SIDE; i++)
		for (j = 0; j < DIGIT_SIDE; j++) {
			v = whiteness_at(pic,
			    cx + ((j + 0.5) / DIGIT_SIDE - 0.5) * side,
			    cy + ((i + 0.5) / DIGIT_SIDE - 0.5) * side);
			v = (v - lo) * 255 / (hi - lo);
			look->ink[i * DIGIT_SIDE + j] = (uint8_t)(v < 0 ? 0 :
			    v > 255 ? 255 : v);
		}
	look->aspect = (unsigned int)((bx2 - bx1) * 100 / side);
	look->height = (unsigned int)((by2 - by1) * 100 / g->dx);
}

/*
 * The grid of the board in pic, or -1 with why set (IMAGE_NO_GRID if
 * there is no grid of apples at all).
 */
int
image_grid(const struct picture *pic, struct grid *g, char *why,
    size_t whylen)
{
	struct run *run;
	uint32_t *parent;
	struct blob *blob;
	size_t nruns, n, step;
	int rv;

	step = view_step(pic);
	nruns = find_runs(pic, step, &run, &parent);
	n = gather_blobs(run, parent, nruns, step, &blob);
	free(run);
	free(parent);
	n = keep_apple_sized(blob, n, pic, step);
	rv = place_on_lattice(pic, blob, n, g, why, whylen);
	free(blob);
	return rv;
}

/*
 * The board in pic: the grid, then each cell read, refusing a board
 * with a cell that fits no digit well (why names the first, and how many
 * there are: a few in a picture blurred or shrunk, all of them in one
 * the reader does not know) and a board whose sum is not a multiple of
 * 10.  No board with such a cell is given with the cell left out: in
 * the pictures that have them, a digit read with confidence is wrong
 * now and then, which the sum would no longer catch.
 */
int
image_board(const struct picture *pic, struct board *b, struct grid *g,
    char *why, size_t whylen)
{
	struct cell_look look[BOARD_ROWS * BOARD_COLS];
	struct digit_match m;
	size_t r, c, sum, unsure = 0;
	int font, rv;

	memset(b, 0, sizeof(*b));
	if ((rv = image_grid(pic, g, why, whylen)) < 0)
		return rv;
	for (r = 0; r < BOARD_ROWS; r++)
		for (c = 0; c < BOARD_COLS; c++)
			image_look(pic, g, (int)r, (int)c,
			    &look[r * BOARD_COLS + c]);
	font = digit_font(look, BOARD_ROWS * BOARD_COLS);
	b->rows = BOARD_ROWS;
	b->cols = BOARD_COLS;
	b->cell = xcalloc(BOARD_ROWS * BOARD_COLS, 1);
	sum = 0;
	for (r = 0; r < BOARD_ROWS; r++)
		for (c = 0; c < BOARD_COLS; c++) {
			digit_read(&look[r * BOARD_COLS + c], font, &m);
			if (m.digit == -1) {
				if (unsure++ == 0)
					snprintf(why, whylen, "cell %zu,%zu "
					    "fits no digit well (%s)", r + 1,
					    c + 1, m.why);
				continue;
			}
			b->cell[r * BOARD_COLS + c] = (uint8_t)m.digit;
			sum += (size_t)m.digit;
		}
	if (unsure > 1)
		snprintf(why + strlen(why), whylen - strlen(why), ", nor do "
		    "%zu other cells", unsure - 1);
	if (unsure > 0) {
		board_free(b);
		return -1;
	}
	if (sum % FRUIT_TARGET != 0) {
		snprintf(why, whylen, "digits read sum to %zu, not a multiple "
		    "of 10: a digit was misread", sum);
		board_free(b);
		return -1;
	}
	return 0;
}
