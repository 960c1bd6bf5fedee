/* fuzz-sources: src/mine/board.c src/mine/parse.c src/mine/replay.c src/mine/reveal.c src/mine/gen.c src/mine/mbf.c src/mine/play.c src/mine/endgame.c src/mine/guess.c src/mine/solve.c src/mine/stats.c src/mine/zini.c */
/*
 * Fuzz --stats against the definitions: the input's first two bytes are
 * a board's width and height (1 to 24 each), its other bits the mines,
 * row by row.  The figures stats_compute gives must be those of a plain
 * reading of mine-reveal(1) written here, which shares nothing with
 * stats.c: regions by flood fill from an explicit stack, and the ZiNi
 * greedy with every premium worked out again from scratch at every
 * step.  A difference aborts, with both lines on standard error.
 */

#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define SIDE	24
#define CELLS	(SIDE * SIDE)

/* The board as the definitions see it, cells numbered r * w + c. */
struct plain {
	int	 w, h;
	uint8_t	 mine[CELLS], zero[CELLS], island[CELLS];
	uint8_t	 opened[CELLS], flagged[CELLS];
	int	 opening[CELLS];	/* a zero's region, from 0 */
	int	 nopenings;
};

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	 around(const struct plain *, int, int *);
static int	 regions(struct plain *, const uint8_t *, int *);
static void	 open_plain(struct plain *, int);
static int	 left(const struct plain *);
static int	 premium(const struct plain *, int);
static uint64_t	 greedy(struct plain *);
static void	 plain_stats(struct plain *, struct stats *);

/* The cells adjacent to p, in n; how many. */
static int
around(const struct plain *x, int p, int *n)
{
	int r = p / x->w, c = p % x->w, dr, dc, k = 0;

	for (dr = -1; dr <= 1; dr++)
		for (dc = -1; dc <= 1; dc++)
			if ((dr != 0 || dc != 0) && r + dr >= 0 &&
			    r + dr < x->h && c + dc >= 0 && c + dc < x->w)
				n[k++] = (r + dr) * x->w + c + dc;
	return k;
}

/* Label the 8-connected regions of the cells in set; how many. */
static int
regions(struct plain *x, const uint8_t *set, int *label)
{
	int stack[CELLS], n[8], nstack, p, q, k, d, count = 0;

	for (p = 0; p < x->w * x->h; p++)
		label[p] = -1;
	for (p = 0; p < x->w * x->h; p++) {
		if (!set[p] || label[p] != -1)
			continue;
		label[p] = count;
		stack[0] = p;
		nstack = 1;
		while (nstack > 0) {
			q = stack[--nstack];
			k = around(x, q, n);
			for (d = 0; d < k; d++)
				if (set[n[d]] && label[n[d]] == -1) {
					label[n[d]] = count;
					stack[nstack++] = n[d];
				}
		}
		count++;
	}
	return count;
}

/* Open p as a click does: a zero opens what it touches, and so on. */
static void
open_plain(struct plain *x, int p)
{
	int stack[8 * CELLS], n[8], nstack = 1, q, k, d;

	stack[0] = p;
	while (nstack > 0) {
		q = stack[--nstack];
		if (x->opened[q])
			continue;
		x->opened[q] = 1;
		if (!x->zero[q])
			continue;
		k = around(x, q, n);
		for (d = 0; d < k; d++)
			if (!x->opened[n[d]])
				stack[nstack++] = n[d];
	}
}

/* The 3BV not yet cleared: openings with a zero covered, islands cells. */
static int
left(const struct plain *x)
{
	uint8_t seen[CELLS];
	int p, count = 0;

	memset(seen, 0, sizeof(seen));
	for (p = 0; p < x->w * x->h; p++) {
		if (x->zero[p] && !x->opened[p] && !seen[x->opening[p]]) {
			seen[x->opening[p]] = 1;
			count++;
		}
		count += x->island[p] && !x->opened[p];
	}
	return count;
}

/* The premium of chording numbered cell p now, from scratch. */
static int
premium(const struct plain *x, int p)
{
	uint8_t seen[CELLS];
	int n[8], k, d, q, gain, cost;

	memset(seen, 0, sizeof(seen));
	gain = x->island[p] && !x->opened[p];
	cost = 1 + !x->opened[p];
	k = around(x, p, n);
	for (d = 0; d < k; d++) {
		q = n[d];
		if (x->zero[q] && !x->opened[q] && !seen[x->opening[q]]) {
			seen[x->opening[q]] = 1;
			gain++;
		}
		gain += x->island[q] && !x->opened[q];
		cost += x->mine[q] && !x->flagged[q];
	}
	return gain - cost;
}

static uint64_t
greedy(struct plain *x)
{
	uint64_t clicks = 0;
	int n[8], k, d, p, v, best, at;

	while (left(x) > 0) {
		best = -1000;
		at = -1;
		for (p = 0; p < x->w * x->h; p++)
			if (!x->mine[p] && !x->zero[p] &&
			    (v = premium(x, p)) > best) {
				best = v;
				at = p;
			}
		if (at != -1 && best >= 0) {
			if (!x->opened[at]) {
				clicks++;
				open_plain(x, at);
			}
			k = around(x, at, n);
			for (d = 0; d < k; d++)
				if (x->mine[n[d]] && !x->flagged[n[d]]) {
					x->flagged[n[d]] = 1;
					clicks++;
				}
			clicks++;
			for (d = 0; d < k; d++)
				if (!x->mine[n[d]])
					open_plain(x, n[d]);
			continue;
		}
		for (p = 0; p < x->w * x->h; p++)
			if ((x->zero[p] || x->island[p]) && !x->opened[p])
				break;
		clicks++;
		open_plain(x, p);
	}
	return clicks;
}

static void
plain_stats(struct plain *x, struct stats *st)
{
	int label[CELLS], n[8], k, d, p, count, cells = x->w * x->h;

	memset(st, 0, sizeof(*st));
	for (p = 0; p < cells; p++) {
		k = around(x, p, n);
		for (count = d = 0; d < k; d++)
			count += x->mine[n[d]];
		x->zero[p] = !x->mine[p] && count == 0;
		st->mines += x->mine[p];
	}
	for (p = 0; p < cells; p++) {
		k = around(x, p, n);
		for (count = d = 0; d < k; d++)
			count += x->zero[n[d]];
		x->island[p] = !x->mine[p] && !x->zero[p] && count == 0;
		st->island_cells += x->island[p];
	}
	x->nopenings = regions(x, x->zero, x->opening);
	st->openings = (uint64_t)x->nopenings;
	st->islands = (uint64_t)regions(x, x->island, label);
	st->bbbv = st->openings + st->island_cells;
	st->zini = greedy(x);
	st->cells = (uint64_t)cells;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct plain x;
	static char text[CELLS + 2 * SIDE + 1];
	struct linereader lr;
	struct board b;
	struct stats got, want;
	FILE *fp;
	size_t bit, t = 0;
	int r, c, have_line = 0;

	if (size < 2)
		return 0;
	memset(&x, 0, sizeof(x));
	x.w = data[0] % SIDE + 1;
	x.h = data[1] % SIDE + 1;
	for (r = 0; r < x.h; r++) {
		for (c = 0; c < x.w; c++) {
			bit = (size_t)r * x.w + c;
			x.mine[bit] = 2 + bit / 8 < size &&
			    (data[2 + bit / 8] >> (bit % 8) & 1);
			text[t++] = x.mine[bit] ? '*' : '.';
		}
		text[t++] = '\n';
	}
	if ((fp = fmemopen(text, t, "r")) == NULL)
		abort();
	lr_attach(&lr, fp, "fuzz");
	board_init(&b, lr.name);
	if (parse_board(&lr, &b, &have_line) != 1)
		abort();
	stats_compute(&b, &got);
	plain_stats(&x, &want);
	if (memcmp(&got, &want, sizeof(got)) != 0) {
		fprintf(stderr, "stats.c: 3bv=%" PRIu64 " openings=%" PRIu64
		    " islands=%" PRIu64 " zini=%" PRIu64 "\n"
		    "plain:   3bv=%" PRIu64 " openings=%" PRIu64
		    " islands=%" PRIu64 " zini=%" PRIu64 "\n",
		    got.bbbv, got.openings, got.islands, got.zini,
		    want.bbbv, want.openings, want.islands, want.zini);
		abort();
	}
	board_free(&b);
	lr_close(&lr);
	return 0;
}
