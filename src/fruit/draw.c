/*
 * draw.c: a board drawn in the game's geometry, so that fruitsolve can
 * make test pictures of any board and read them back: a 720 x 470
 * canvas at scale s, a green frame round a pale field, and the apple of
 * row r, column c centred at (85 + 33c, 89 + 33r) x s.  The apples are
 * plain discs and the digits are fruitsolve's own stroke font, not the
 * game's art; the same font numbers the moves of a plan painted on a
 * picture (see render.c).
 */

#include "config.h"

#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

#define CANVAS_W	720
#define CANVAS_H	470
#define APPLE_X0	85	/* centre of the top left apple, scale 1 */
#define APPLE_Y0	89
#define PITCH		33	/* from an apple to the next */
#define APPLE_R		13.5	/* radius at scale 1 */
#define FONT_UNIT	1.35	/* pixels per font unit at scale 1 */
#define STROKE		0.95	/* half the stroke width, font units */

/*
 * Each digit as strokes on a 6 x 10 box, points in tenths; -1 lifts.
 * No apple shows a 0, but a move's number may.
 */
static const short font[10][40] = {
	{ 30, 0, 10, 8, 3, 30, 3, 70, 10, 92, 30, 100, 50, 92, 57, 70,
	  57, 30, 50, 8, 30, 0, -2 },
	{ 15, 25, 35, 0, 35, 100, -2 },
	{ 5, 25, 15, 5, 45, 5, 55, 25, 55, 40, 5, 100, 58, 100, -2 },
	{ 5, 10, 20, 0, 45, 0, 55, 15, 55, 35, 40, 50, 25, 50, -1,
	  40, 50, 55, 65, 55, 85, 45, 100, 15, 100, 3, 90, -2 },
	{ 45, 100, 45, 0, 0, 70, 60, 70, -2 },
	{ 55, 0, 10, 0, 7, 45, 35, 40, 55, 55, 55, 85, 40, 100, 15, 100,
	  3, 90, -2 },
	{ 50, 5, 30, 0, 15, 10, 5, 40, 5, 80, 15, 100, 45, 100, 55, 85,
	  55, 60, 45, 45, 15, 45, 5, 60, -2 },
	{ 3, 0, 57, 0, 25, 100, -2 },
	{ 30, 0, 10, 5, 7, 25, 15, 45, 30, 50, 45, 45, 53, 25, 50, 5, 30, 0,
	  -1, 30, 50, 10, 58, 3, 78, 12, 97, 30, 100, 48, 97, 57, 78, 50, 58,
	  30, 50, -2 },
	{ 10, 95, 30, 100, 45, 90, 55, 60, 55, 20, 45, 0, 15, 0, 5, 15,
	  5, 40, 15, 55, 45, 55, 55, 40, -2 },
};

static void	 fill(struct picture *, long, long, long, long, const uint8_t *);
static double	 stroke_distance(int, double, double);
static double	 glyph_ink(int, double, double, double);
static void	 draw_apple(struct picture *, double, double, double, int);

static void
fill(struct picture *pic, long x1, long y1, long x2, long y2,
    const uint8_t *rgb)
{
	long x, y;
	uint8_t *p;

	for (y = y1 < 0 ? 0 : y1; y < y2 && (size_t)y < pic->h; y++)
		for (x = x1 < 0 ? 0 : x1; x < x2 && (size_t)x < pic->w; x++) {
			p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
			memcpy(p, rgb, 3);
		}
}

/* Distance from (x, y), in font units, to the nearest stroke of digit d. */
static double
stroke_distance(int d, double x, double y)
{
	const short *f = font[d];
	double best, ax, ay, bx, by, t, ex, ey, len2, dist;
	int i;

	best = 1e9;
	for (i = 0; f[i] != -2; i += 2) {
		if (f[i] == -1)
			i++;
		if (f[i + 2] < 0)
			continue;
		ax = f[i] / 10.0;
		ay = f[i + 1] / 10.0;
		bx = f[i + 2] / 10.0;
		by = f[i + 3] / 10.0;
		ex = bx - ax;
		ey = by - ay;
		len2 = ex * ex + ey * ey;
		t = len2 > 0 ? ((x - ax) * ex + (y - ay) * ey) / len2 : 0;
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		dist = hypot(x - ax - t * ex, y - ay - t * ey);
		if (dist < best)
			best = dist;
	}
	return best;
}

/*
 * How much of a pixel at (u, v), in font units, digit d inks when a
 * font unit is unit pixels: its strokes' edges blended over a pixel.
 */
static double
glyph_ink(int d, double u, double v, double unit)
{
	double ink;

	ink = (STROKE + 0.5 / unit - stroke_distance(d, u, v)) * unit;
	return ink < 0 ? 0 : ink > 1 ? 1 : ink;
}

/* An apple at (cx, cy) with digit d, edges blended over a pixel. */
static void
draw_apple(struct picture *pic, double cx, double cy, double s, int d)
{
	static const uint8_t red[3] = { 222, 34, 42 };
	static const uint8_t stem[3] = { 110, 70, 30 };
	double r, u, v, a, ink;
	long x, y, k;
	uint8_t *p;

	r = APPLE_R * s;
	fill(pic, lround(cx - s), lround(cy - r - 3 * s), lround(cx + s),
	    lround(cy - r + s), stem);
	for (y = lround(cy - r - 1); y <= lround(cy + r + 1); y++)
		for (x = lround(cx - r - 1); x <= lround(cx + r + 1); x++) {
			if (x < 0 || y < 0 || (size_t)x >= pic->w ||
			    (size_t)y >= pic->h)
				continue;
			a = r + 0.5 - hypot(x - cx, y - cy);
			if (a <= 0)
				continue;
			a = a > 1 ? 1 : a;
			u = (x - cx) / (FONT_UNIT * s) + 3;
			v = (y - cy - 1.0 * s) / (FONT_UNIT * s) + 5;
			ink = glyph_ink(d, u, v, FONT_UNIT * s);
			p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
			for (k = 0; k < 3; k++)
				p[k] = (uint8_t)lround(p[k] * (1 - a) +
				    a * (red[k] * (1 - ink) + 255 * ink));
		}
}

/*
 * The digits of s in colour rgb, centred on (cx, cy), height pixels
 * high: each on the font's 6 x 10 box, a 2 unit gap between them.
 */
void
draw_digits(struct picture *pic, double cx, double cy, double height,
    const char *s, const uint8_t *rgb)
{
	double unit = height / 10, left, a;
	size_t n = strlen(s), i;
	long x, y, k;
	uint8_t *p;

	left = cx - (8.0 * (double)n - 2) * unit / 2;
	for (i = 0; i < n; i++, left += 8 * unit) {
		if (s[i] < '0' || s[i] > '9')
			continue;
		for (y = lround(floor(cy - height / 2 - unit));
		    y <= lround(ceil(cy + height / 2 + unit)); y++)
			for (x = lround(floor(left - unit));
			    x <= lround(ceil(left + 7 * unit)); x++) {
				if (x < 0 || y < 0 || (size_t)x >= pic->w ||
				    (size_t)y >= pic->h)
					continue;
				a = glyph_ink(s[i] - '0', (x + 0.5 - left) /
				    unit, (y + 0.5 - cy + height / 2) / unit,
				    unit);
				if (a <= 0)
					continue;
				p = pic->rgb + ((size_t)y * pic->w +
				    (size_t)x) * 3;
				for (k = 0; k < 3; k++)
					p[k] = (uint8_t)lround(p[k] * (1 - a) +
					    a * rgb[k]);
			}
	}
}

/*
 * The board b (17 x 10 or any size) drawn at scale s into pic, and its
 * grid in pixels into g unless g is NULL.
 */
void
draw_board(const struct board *b, double s, struct picture *pic,
    struct grid *g)
{
	static const uint8_t frame[3] = { 30, 196, 90 };
	static const uint8_t field[3] = { 226, 246, 214 };
	static const uint8_t line[3] = { 206, 234, 190 };
	size_t w, h, r, c;
	char why[128];
	long x, y, step;

	w = (size_t)lround((CANVAS_W + (double)PITCH * (b->cols > 17 ?
	    b->cols - 17 : 0)) * s);
	h = (size_t)lround((CANVAS_H + (double)PITCH * (b->rows > 10 ?
	    b->rows - 10 : 0)) * s);
	if (g != NULL) {
		g->x0 = APPLE_X0 * s;
		g->y0 = APPLE_Y0 * s;
		g->dx = g->dy = PITCH * s;
	}
	if (picture_new(pic, w, h, why, sizeof(why)) == -1)
		errx(GF_EXIT_ERROR, "%s", why);
	fill(pic, 0, 0, (long)w, (long)h, frame);
	fill(pic, lround(38 * s), lround(44 * s), (long)w - lround(38 * s),
	    (long)h - lround(44 * s), field);
	step = lround(11 * s) > 2 ? lround(11 * s) : 2;
	for (x = lround(38 * s); x < (long)w - lround(38 * s); x += step)
		fill(pic, x, lround(44 * s), x + 1, (long)h - lround(44 * s),
		    line);
	for (y = lround(44 * s); y < (long)h - lround(44 * s); y += step)
		fill(pic, lround(38 * s), y, (long)w - lround(38 * s), y + 1,
		    line);
	for (r = 0; r < b->rows; r++)
		for (c = 0; c < b->cols; c++)
			if (b->cell[r * b->cols + c] != 0)
				draw_apple(pic, (APPLE_X0 + (double)PITCH * c) *
				    s, (APPLE_Y0 + (double)PITCH * r) * s, s,
				    b->cell[r * b->cols + c]);
}
