/*
 * render.c: writing a plan out, as a move list, or as a picture with
 * each planned rectangle drawn over the board and numbered in the order
 * of play, the overlay a player follows: an SVG, or the pixels of a PNG
 * or JPEG for the viewers and chats that show no SVG.  The picture is
 * either a board drawn here (from a typed board) or the very screenshot
 * the board was read from, with the rectangles in its own pixels.  The
 * marks are outlines with a small numbered badge on a corner, where the
 * round apples leave the field bare, so every digit stays legible; a
 * badge goes to another corner of its rectangle when an earlier badge
 * sits on the first, so that no number hides another.  plan_marks lays
 * them out once for both kinds of picture.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"
#include "picture.h"

#define CELL	32	/* pixels a side, for a typed board */
#define MARGIN	8
#define VEIL	0.7	/* opacity of the white over moves played */
#define BADGE_HEIGHT	0.4	/* of a cell */

/* A mark of the overlay, in the picture's pixels, in painting order. */
struct mark {
	enum { MARK_PLAYED, MARK_OUTLINE, MARK_BADGE } kind;
	double		 x1, y1, x2, y2;	/* its box */
	double		 round;		/* radius of its corners */
	double		 stroke;	/* width of an outline */
	unsigned int	 hue;
	size_t		 number;	/* a badge's, from 1 */
};

static void	 svg_cells(FILE *, const struct board *);
static int	 badge_corner(uint8_t *, size_t, const struct rect *);
static size_t	 plan_marks(const struct board *, const struct plan *,
		    const struct plan_view *, struct mark **);
static void	 svg_moves(FILE *, const struct board *, const struct plan *,
		    const struct plan_view *);
static void	 hsl_rgb(unsigned int, double, double, uint8_t *);
static double	 box_distance(const struct mark *, double, double);
static void	 paint_mark(struct picture *, const struct mark *);
static void	 base64(FILE *, const uint8_t *, size_t);

/* One move a line, 1-based corners, then the score as a comment. */
void
render_moves(FILE *fp, const struct plan *p, size_t apples)
{
	size_t i;
	const struct rect *r;

	for (i = 0; i < p->nmoves; i++) {
		r = &p->move[i];
		fprintf(fp, "%u %u %u %u\n", r->r1 + 1, r->c1 + 1, r->r2 + 1,
		    r->c2 + 1);
	}
	fprintf(fp, "# cleared %zu of %zu\n", p->cleared, apples);
}

static void
svg_cells(FILE *fp, const struct board *b)
{
	size_t row, col;
	unsigned int v;

	for (row = 0; row < b->rows; row++)
		for (col = 0; col < b->cols; col++) {
			v = b->cell[row * b->cols + col];
			if (v == 0)
				continue;
			fprintf(fp, "<circle cx=\"%zu\" cy=\"%zu\" r=\"%d\" "
			    "fill=\"#d62828\"/>", MARGIN + col * CELL +
			    CELL / 2, MARGIN + row * CELL + CELL / 2,
			    CELL / 2 - 3);
			fprintf(fp, "<text x=\"%zu\" y=\"%zu\">%u</text>\n",
			    MARGIN + col * CELL + CELL / 2,
			    MARGIN + row * CELL + CELL / 2 + 6, v);
		}
}

/*
 * Which corner of r takes its badge: the first of top left, top right,
 * bottom left and bottom right that no earlier badge took, the top left
 * when all are taken.  taken marks the points where the lines between
 * cells cross, cols + 1 a row.  Returns the corner, bit 0 set for the
 * right, bit 1 for the bottom.  Badges are narrower and lower than a
 * cell, so only badges on the same point meet.
 */
static int
badge_corner(uint8_t *taken, size_t cols, const struct rect *r)
{
	size_t row, col;
	int k;

	for (k = 0; k < 4; k++) {
		row = k & 2 ? r->r2 + 1 : r->r1;
		col = k & 1 ? r->c2 + 1 : r->c1;
		if (!taken[row * (cols + 1) + col]) {
			taken[row * (cols + 1) + col] = 1;
			return k;
		}
	}
	return 0;
}

/*
 * The marks of the moves in view->first .. first + count - 1 (count 0
 * for all the rest), into *marks (to free); returns how many.  Moves
 * before first are played already: their cells are veiled.  Each move
 * shown is an outline in its own hue, turning by the golden angle so
 * that neighbours in play order look different, and a badge with its
 * number centred on a corner (see badge_corner); the badges come after
 * every outline, so that no outline crosses a number.
 */
static size_t
plan_marks(const struct board *b, const struct plan *p,
    const struct plan_view *v, struct mark **marks)
{
	const struct grid *g = &v->grid;
	double x1, y1, x2, y2, inset, bw, bh, bx, by;
	size_t i, end, n = 0;
	struct mark *m;
	uint8_t *taken;
	int corner, pass;

	end = v->count == 0 || v->first + v->count > p->nmoves ? p->nmoves :
	    v->first + v->count;
	inset = g->dx * 0.06;
	bw = g->dx * (p->nmoves >= 100 ? 0.7 : 0.54);
	bh = g->dx * BADGE_HEIGHT;
	/* Each move is at most two marks; a board fits in memory. */
	*marks = xreallocarray(NULL, 2 * end + 1, sizeof(**marks));
	taken = xcalloc(b->rows + 1, b->cols + 1);
	for (pass = 0; pass < 2; pass++)
		for (i = pass == 0 ? 0 : v->first; i < end; i++) {
			x1 = g->x0 + (p->move[i].c1 - 0.5) * g->dx;
			y1 = g->y0 + (p->move[i].r1 - 0.5) * g->dy;
			x2 = g->x0 + (p->move[i].c2 + 0.5) * g->dx;
			y2 = g->y0 + (p->move[i].r2 + 0.5) * g->dy;
			m = &(*marks)[n++];
			memset(m, 0, sizeof(*m));
			m->hue = (unsigned int)((i * 137) % 360);
			m->number = i + 1;
			if (i < v->first) {
				m->kind = MARK_PLAYED;
				m->x1 = x1;
				m->y1 = y1;
				m->x2 = x2;
				m->y2 = y2;
			} else if (pass == 0) {
				m->kind = MARK_OUTLINE;
				m->x1 = x1 + inset;
				m->y1 = y1 + inset;
				m->x2 = x2 - inset;
				m->y2 = y2 - inset;
				m->round = g->dx * 0.15;
				m->stroke = g->dx * 0.09;
			} else {
				corner = badge_corner(taken, b->cols,
				    &p->move[i]);
				bx = corner & 1 ? x2 - inset : x1 + inset;
				by = corner & 2 ? y2 - inset : y1 + inset;
				m->kind = MARK_BADGE;
				m->x1 = bx - bw / 2;
				m->y1 = by - bh / 2;
				m->x2 = bx + bw / 2;
				m->y2 = by + bh / 2;
				m->round = bh / 3;
			}
		}
	free(taken);
	return n;
}

/* The marks of the moves shown, as SVG. */
static void
svg_moves(FILE *fp, const struct board *b, const struct plan *p,
    const struct plan_view *v)
{
	struct mark *marks, *m;
	size_t i, n;
	double bh;

	n = plan_marks(b, p, v, &marks);
	for (i = 0; i < n; i++) {
		m = &marks[i];
		if (m->kind == MARK_PLAYED)
			fprintf(fp, "<rect class=\"done\" x=\"%.1f\" "
			    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
			    m->x1, m->y1, m->x2 - m->x1, m->y2 - m->y1);
		else if (m->kind == MARK_OUTLINE)
			fprintf(fp, "<g class=\"move\"><rect x=\"%.1f\" "
			    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			    "fill=\"none\" stroke=\"hsl(%u,90%%,30%%)\" "
			    "stroke-width=\"%.1f\" rx=\"%.1f\"/></g>\n",
			    m->x1, m->y1, m->x2 - m->x1, m->y2 - m->y1,
			    m->hue, m->stroke, m->round);
		else {
			bh = m->y2 - m->y1;
			fprintf(fp, "<g class=\"badge\"><rect x=\"%.1f\" "
			    "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			    "rx=\"%.1f\" fill=\"hsl(%u,90%%,30%%)\"/><text "
			    "class=\"n\" x=\"%.1f\" y=\"%.1f\"", m->x1,
			    m->y1, m->x2 - m->x1, bh, m->round, m->hue,
			    (m->x1 + m->x2) / 2, (m->y1 + m->y2) / 2 + bh * 0.32);
			/*
			 * A bold sans-serif of the viewer's may be wider than
			 * the badge: a number of two digits or more is fitted
			 * into it.
			 */
			if (m->number >= 10)
				fprintf(fp, " textLength=\"%.1f\" "
				    "lengthAdjust=\"spacingAndGlyphs\"",
				    (m->x2 - m->x1) * 0.8);
			fprintf(fp, ">%zu</text></g>\n", m->number);
		}
	}
	free(marks);
}

/* The colour hsl(h, s, l) of CSS, s and l from 0 to 1, as RGB. */
static void
hsl_rgb(unsigned int h, double s, double l, uint8_t *rgb)
{
	double c, x, m, r = 0, g = 0, b = 0, hp = (h % 360) / 60.0;

	c = (1 - fabs(2 * l - 1)) * s;
	x = c * (1 - fabs(fmod(hp, 2) - 1));
	m = l - c / 2;
	switch ((int)hp) {
	case 0: r = c; g = x; break;
	case 1: r = x; g = c; break;
	case 2: g = c; b = x; break;
	case 3: g = x; b = c; break;
	case 4: r = x; b = c; break;
	default: r = c; b = x; break;
	}
	rgb[0] = (uint8_t)lround((r + m) * 255);
	rgb[1] = (uint8_t)lround((g + m) * 255);
	rgb[2] = (uint8_t)lround((b + m) * 255);
}

/*
 * How far (x, y) is outside the rounded box of m, negative inside: the
 * distance to its edge.
 */
static double
box_distance(const struct mark *m, double x, double y)
{
	double hx = (m->x2 - m->x1) / 2, hy = (m->y2 - m->y1) / 2, r, qx, qy;

	r = m->round < hx && m->round < hy ? m->round : hx < hy ? hx : hy;
	qx = fabs(x - (m->x1 + m->x2) / 2) - (hx - r);
	qy = fabs(y - (m->y1 + m->y2) / 2) - (hy - r);
	return hypot(qx > 0 ? qx : 0, qy > 0 ? qy : 0) +
	    (qx > qy ? (qx < 0 ? qx : 0) : (qy < 0 ? qy : 0)) - r;
}

/*
 * One mark painted as svg_moves draws it, its edges blended over a
 * pixel: a veil of white, an outline, or a badge and its number in
 * fruitsolve's stroke font.
 */
static void
paint_mark(struct picture *pic, const struct mark *m)
{
	static const uint8_t white[3] = { 255, 255, 255 };
	char number[24];
	uint8_t rgb[3];
	double d, a, reach;
	long x, y, x0, y0, x1, y1, k;
	uint8_t *px;

	hsl_rgb(m->hue, 0.9, 0.3, rgb);
	reach = m->stroke / 2 + 1;
	x0 = lround(floor(m->x1 - reach));
	y0 = lround(floor(m->y1 - reach));
	x1 = lround(ceil(m->x2 + reach));
	y1 = lround(ceil(m->y2 + reach));
	for (y = y0 < 0 ? 0 : y0; y <= y1 && (size_t)y < pic->h; y++)
		for (x = x0 < 0 ? 0 : x0; x <= x1 && (size_t)x < pic->w;
		    x++) {
			d = box_distance(m, x + 0.5, y + 0.5);
			a = m->kind == MARK_OUTLINE ?
			    m->stroke / 2 + 0.5 - fabs(d) : 0.5 - d;
			if (a <= 0)
				continue;
			a = a > 1 ? 1 : a;
			if (m->kind == MARK_PLAYED)
				a *= VEIL;
			px = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
			for (k = 0; k < 3; k++)
				px[k] = (uint8_t)lround(px[k] * (1 - a) + a *
				    (m->kind == MARK_PLAYED ? 255 : rgb[k]));
		}
	if (m->kind != MARK_BADGE)
		return;
	snprintf(number, sizeof(number), "%zu", m->number);
	draw_digits(pic, (m->x1 + m->x2) / 2, (m->y1 + m->y2) / 2,
	    (m->y2 - m->y1) * 0.62, number, white);
}

/*
 * The plan painted into pic, the screenshot its board was read from or
 * the board drawn (see draw_board), as render_svg draws it.
 */
void
render_picture(struct picture *pic, const struct board *b,
    const struct plan *p, const struct plan_view *view)
{
	struct mark *marks;
	size_t i, n;

	n = plan_marks(b, p, view, &marks);
	for (i = 0; i < n; i++)
		paint_mark(pic, &marks[i]);
	free(marks);
}

/* Standard base64, no line breaks, for a data URI. */
static void
base64(FILE *fp, const uint8_t *p, size_t len)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char out[4];
	uint32_t v;
	size_t i;

	for (i = 0; i + 2 < len; i += 3) {
		v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
		out[0] = digits[v >> 18];
		out[1] = digits[(v >> 12) & 63];
		out[2] = digits[(v >> 6) & 63];
		out[3] = digits[v & 63];
		fwrite(out, 1, 4, fp);
	}
	if (i < len) {
		v = (uint32_t)p[i] << 16 | (i + 1 < len ?
		    (uint32_t)p[i + 1] << 8 : 0);
		out[0] = digits[v >> 18];
		out[1] = digits[(v >> 12) & 63];
		out[2] = i + 1 < len ? digits[(v >> 6) & 63] : '=';
		out[3] = '=';
		fwrite(out, 1, 4, fp);
	}
}

/*
 * The plan over its board: over the screenshot when view->image is set,
 * else over a board drawn here.
 */
void
render_svg(FILE *fp, const struct board *b, const struct plan *p,
    const struct plan_view *view)
{
	struct plan_view v = *view;
	size_t w, h;

	if (v.image == NULL) {
		w = 2 * MARGIN + b->cols * CELL;
		h = 2 * MARGIN + b->rows * CELL;
		v.grid.x0 = v.grid.y0 = MARGIN + CELL / 2.0;
		v.grid.dx = v.grid.dy = CELL;
	} else {
		w = v.width;
		h = v.height;
	}
	/*
	 * No XML declaration, which UTF-8 does not need: a board not read
	 * leaves a comment before the next board's SVG, and nothing may
	 * come before a declaration.
	 */
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%zu\" "
	    "height=\"%zu\" viewBox=\"0 0 %zu %zu\">\n", w, h, w, h);
	fprintf(fp, "<title>Fruit Box plan: %zu moves, %zu apples", p->nmoves,
	    p->cleared);
	if (v.first > 0 || v.count > 0)
		fprintf(fp, "; moves %zu to %zu shown", v.first + 1,
		    v.count == 0 || v.first + v.count > p->nmoves ?
		    p->nmoves : v.first + v.count);
	fprintf(fp, "</title>\n");
	/*
	 * The size of the badges' numbers is a rule of the style, not an
	 * attribute of each: a rule for every text would override it.
	 */
	fprintf(fp, "<style>text{font-family:sans-serif;font-weight:bold;"
	    "fill:#fff;text-anchor:middle}text{font-size:16px}"
	    ".n{font-size:%.1fpx}.done{fill:#fff;fill-opacity:0.7}</style>\n",
	    v.grid.dx * BADGE_HEIGHT * 0.85);
	if (v.image == NULL) {
		fprintf(fp, "<rect width=\"%zu\" height=\"%zu\" "
		    "fill=\"#cfe8b8\"/>\n", w, h);
		svg_cells(fp, b);
	} else {
		fprintf(fp, "<image width=\"%zu\" height=\"%zu\" "
		    "xlink:href=\"data:%s;base64,", w, h, v.mime);
		base64(fp, v.image, v.imagelen);
		fprintf(fp, "\"/>\n");
	}
	svg_moves(fp, b, p, &v);
	fprintf(fp, "</svg>\n");
}
