/*
 * quantize.c: a few colours for many pixels, as a GIF frame holds 256.
 * The pixels' distinct colours are found by sorting them; if there are
 * no more of them than colours allowed, they are the colours, exactly.
 * Otherwise the distinct colours are cut into boxes, each time the box
 * whose colours are furthest from their mean (the sum of their squared
 * distances) at the median of its widest channel (median cut), then
 * each box's mean is moved to the mean of the colours nearest it a few
 * times (k-means).  Each distinct colour counts alike, however many
 * pixels have it: a colour of a few pixels (a thin line, the edge of a
 * digit) keeps a colour near its own as well as the background does,
 * where weighing colours by their pixels would spend the colours on the
 * large areas and move a few pixels by half the scale.
 */

#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

/* The rounds of k-means after the cut. */
#define QUANTIZE_ROUNDS	3

/* A box of the cut: colours lo to hi - 1, their error, widest channel. */
struct box {
	size_t		 lo, hi;
	double		 error;
	int		 channel;	/* 0 red, 1 green, 2 blue */
};

static void	 radix_sort(uint32_t *, uint32_t *, size_t, int);
static size_t	 distinct(const uint8_t *, size_t, uint32_t **);
static unsigned int channel(uint32_t, int);
static void	 measure(const uint32_t *, struct box *);
static void	 sort_by(uint32_t *, const struct box *);
static int	 split(uint32_t *, struct box *, struct box *);
static void	 box_mean(const uint32_t *, const struct box *, double *);
static size_t	 nearest(const int (*)[3], size_t, uint32_t);
static void	 round_palette(const double (*)[3], size_t, int (*)[3]);
static void	 refine(const uint32_t *, size_t, double (*)[3], size_t);

/*
 * Sort a[0..n) by the low bytes of each value, the lowest first,
 * through tmp (n values): linear in n.
 */
static void
radix_sort(uint32_t *a, uint32_t *tmp, size_t n, int bytes)
{
	size_t at[256], i, sum, c;
	uint32_t *from = a, *to = tmp, *t;
	int shift;

	for (shift = 0; shift < 8 * bytes; shift += 8) {
		memset(at, 0, sizeof(at));
		for (i = 0; i < n; i++)
			at[from[i] >> shift & 0xff]++;
		/* at[v]: where the first value of byte v goes. */
		for (i = 0, sum = 0; i < 256; i++) {
			c = at[i];
			at[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			to[at[from[i] >> shift & 0xff]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != a)
		memcpy(a, from, n * sizeof(*a));
}

/*
 * The distinct colours of the n pixels rgb, 0xRRGGBB in order, into
 * *colours; how many there are.
 */
static size_t
distinct(const uint8_t *rgb, size_t n, uint32_t **colours)
{
	uint32_t *all, *tmp;
	size_t i, u = 0;

	all = xreallocarray(NULL, n, sizeof(*all));
	tmp = xreallocarray(NULL, n, sizeof(*tmp));
	for (i = 0; i < n; i++)
		all[i] = (uint32_t)rgb[3 * i] << 16 |
		    (uint32_t)rgb[3 * i + 1] << 8 | rgb[3 * i + 2];
	radix_sort(all, tmp, n, 3);
	free(tmp);
	for (i = 0; i < n; i++)
		if (u == 0 || all[u - 1] != all[i])
			all[u++] = all[i];
	*colours = all;
	return u;
}

/* Channel k (0 red, 1 green, 2 blue) of colour v. */
static unsigned int
channel(uint32_t v, int k)
{
	return v >> (16 - 8 * k) & 0xff;
}

/*
 * The box's error, the sum of its colours' squared distances from their
 * mean, and its widest channel, that of the most error; a box of one
 * colour, which cannot be cut, is below any other.
 */
static void
measure(const uint32_t *colour, struct box *b)
{
	double sum[3] = { 0, 0, 0 }, sq[3] = { 0, 0, 0 }, e[3], n, v;
	size_t i;
	int k;

	n = (double)(b->hi - b->lo);
	for (i = b->lo; i < b->hi; i++)
		for (k = 0; k < 3; k++) {
			v = channel(colour[i], k);
			sum[k] += v;
			sq[k] += v * v;
		}
	b->error = 0;
	b->channel = 0;
	for (k = 0; k < 3; k++) {
		e[k] = sq[k] - sum[k] * sum[k] / n;
		if (e[k] > e[b->channel])
			b->channel = k;
		b->error += e[k];
	}
	if (b->hi - b->lo < 2)
		b->error = -1;
}

/*
 * Sort the colours of box b by its widest channel: that channel's byte
 * made the highest of each value is the key, and put back after.
 */
static void
sort_by(uint32_t *colour, const struct box *b)
{
	size_t n = b->hi - b->lo, i;
	uint32_t *tmp, v;
	int k = b->channel;

	tmp = xreallocarray(NULL, n, sizeof(*tmp));
	for (i = 0; i < n; i++) {
		v = colour[b->lo + i];
		colour[b->lo + i] = channel(v, k) << 24 | (v & 0xffffff);
	}
	radix_sort(colour + b->lo, tmp, n, 4);
	for (i = 0; i < n; i++)
		colour[b->lo + i] &= 0xffffff;
	free(tmp);
}

/*
 * Cut box a at the median of its widest channel, into a and b; 0 if it
 * cannot be cut (one colour).
 */
static int
split(uint32_t *colour, struct box *a, struct box *b)
{
	size_t mid;

	if (a->hi - a->lo < 2)
		return 0;
	sort_by(colour, a);
	mid = a->lo + (a->hi - a->lo) / 2;
	b->lo = mid;
	b->hi = a->hi;
	a->hi = mid;
	measure(colour, a);
	measure(colour, b);
	return 1;
}

/* The mean of the colours of box b. */
static void
box_mean(const uint32_t *colour, const struct box *b, double *mean)
{
	size_t i;
	int k;

	for (k = 0; k < 3; k++) {
		mean[k] = 0;
		for (i = b->lo; i < b->hi; i++)
			mean[k] += channel(colour[i], k);
		mean[k] /= (double)(b->hi - b->lo);
	}
}

/* The colour of pal (k whole colours) nearest v, the first as near. */
static size_t
nearest(const int (*pal)[3], size_t k, uint32_t v)
{
	const int r = (int)channel(v, 0), g = (int)channel(v, 1);
	const int b = (int)channel(v, 2);
	int d, best = INT_MAX;
	size_t i, at = 0;

	for (i = 0; i < k; i++) {
		d = (pal[i][0] - r) * (pal[i][0] - r) +
		    (pal[i][1] - g) * (pal[i][1] - g) +
		    (pal[i][2] - b) * (pal[i][2] - b);
		if (d < best) {
			best = d;
			at = i;
		}
	}
	return at;
}

/* The k colours of pal rounded into whole. */
static void
round_palette(const double (*pal)[3], size_t k, int (*whole)[3])
{
	size_t i;
	int ch;

	for (i = 0; i < k; i++)
		for (ch = 0; ch < 3; ch++)
			whole[i][ch] = (int)(pal[i][ch] + 0.5);
}

/*
 * Move each of the k colours of pal to the mean of the n colours nearest
 * it, QUANTIZE_ROUNDS times (a colour nearest none stays).
 */
static void
refine(const uint32_t *colour, size_t n, double (*pal)[3], size_t k)
{
	double (*sum)[4];
	int (*whole)[3];
	size_t i, j, at;
	int round, ch;

	sum = xreallocarray(NULL, k, sizeof(*sum));
	whole = xreallocarray(NULL, k, sizeof(*whole));
	for (round = 0; round < QUANTIZE_ROUNDS; round++) {
		memset(sum, 0, k * sizeof(*sum));
		round_palette((const double (*)[3])pal, k, whole);
		for (i = 0; i < n; i++) {
			at = nearest((const int (*)[3])whole, k, colour[i]);
			for (ch = 0; ch < 3; ch++)
				sum[at][ch] += channel(colour[i], ch);
			sum[at][3]++;
		}
		for (j = 0; j < k; j++)
			for (ch = 0; ch < 3 && sum[j][3] > 0; ch++)
				pal[j][ch] = sum[j][ch] / sum[j][3];
	}
	free(sum);
	free(whole);
}

/*
 * At most k colours (1 to 256) for the n pixels rgb (3 bytes each): the
 * colours into palette (3 bytes each), how many there are, and each
 * pixel's into index.
 */
size_t
quantize(const uint8_t *rgb, size_t n, size_t k, uint8_t *palette,
    uint8_t *index)
{
	struct box *box;
	double (*pal)[3];
	int (*whole)[3];
	uint32_t *colour, *cut, v;
	uint8_t *which;
	size_t u, nbox, i, j, lo, hi;
	int ch;

	if (n == 0)
		return 0;
	u = distinct(rgb, n, &colour);
	nbox = u < k ? u : k;
	pal = xreallocarray(NULL, nbox, sizeof(*pal));
	whole = xreallocarray(NULL, nbox, sizeof(*whole));
	which = xreallocarray(NULL, u, 1);
	if (u <= k) {
		/* Few enough: the colours themselves, exactly. */
		for (i = 0; i < u; i++)
			for (ch = 0; ch < 3; ch++)
				pal[i][ch] = channel(colour[i], ch);
	} else {
		/* The cut sorts its boxes' colours: a copy of them. */
		cut = xreallocarray(NULL, u, sizeof(*cut));
		memcpy(cut, colour, u * sizeof(*cut));
		box = xreallocarray(NULL, k, sizeof(*box));
		box[0].lo = 0;
		box[0].hi = u;
		measure(cut, &box[0]);
		for (nbox = 1; nbox < k; nbox++) {
			for (i = 1, j = 0; i < nbox; i++)
				if (box[i].error > box[j].error)
					j = i;
			/* More colours than boxes: one has two at least. */
			if (!split(cut, &box[j], &box[nbox]))
				abort();
		}
		for (i = 0; i < nbox; i++)
			box_mean(cut, &box[i], pal[i]);
		free(box);
		free(cut);
		refine(colour, u, pal, nbox);
	}
	round_palette((const double (*)[3])pal, nbox, whole);
	for (i = 0; i < nbox; i++)
		for (ch = 0; ch < 3; ch++)
			palette[3 * i + ch] = (uint8_t)whole[i][ch];
	for (i = 0; i < u; i++)
		which[i] = (uint8_t)(u <= k ? i :
		    nearest((const int (*)[3])whole, nbox, colour[i]));
	/* Each pixel's colour, found among the distinct ones. */
	for (i = 0; i < n; i++) {
		v = (uint32_t)rgb[3 * i] << 16 | (uint32_t)rgb[3 * i + 1] << 8 |
		    rgb[3 * i + 2];
		for (lo = 0, hi = u; hi - lo > 1; )
			if (colour[(lo + hi) / 2] <= v)
				lo = (lo + hi) / 2;
			else
				hi = (lo + hi) / 2;
		index[i] = which[lo];
	}
	free(pal);
	free(whole);
	free(which);
	free(colour);
	return nbox;
}
