/*
 * render.c: writing a plan out, as a move list or as an SVG picture with
 * each planned rectangle drawn over the board and numbered in the order
 * of play, the overlay a player follows.  The picture is either a board
 * drawn here (from a typed board) or the very screenshot the board was
 * read from, embedded, with the rectangles in its own pixels.  The marks
 * are outlines with a small numbered badge on a corner, where the round
 * apples leave the field bare, so every digit stays legible; a badge
 * goes to another corner of its rectangle when an earlier badge sits on
 * the first, so that no number hides another.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

#define CELL	32	/* pixels a side, for a typed board */
#define MARGIN	8

static void	 svg_cells(FILE *, const struct board *);
static int	 badge_corner(uint8_t *, size_t, const struct rect *);
static void	 svg_moves(FILE *, const struct board *, const struct plan *,
		    const struct svg_view *);
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
 * The moves in view->first .. first + count - 1 (count 0 for all the
 * rest), each in its own hue turning by the golden angle so that
 * neighbours in play order look different, with its number in a badge
 * centred on a corner (see badge_corner).  Moves before first are
 * played already: their cells are veiled.
 */
static void
svg_moves(FILE *fp, const struct board *b, const struct plan *p,
    const struct svg_view *v)
{
	const struct grid *g = &v->grid;
	double x1, y1, x2, y2, inset, bw, bh, stroke, bx, by;
	size_t i, end;
	const struct rect *r;
	unsigned int hue;
	uint8_t *taken;
	int corner, pass;

	end = v->count == 0 || v->first + v->count > p->nmoves ? p->nmoves :
	    v->first + v->count;
	inset = g->dx * 0.06;
	stroke = g->dx * 0.09;
	bw = g->dx * (p->nmoves >= 100 ? 0.7 : 0.54);
	bh = g->dx * 0.4;
	/* A board fits in memory, and so do its corners. */
	taken = xcalloc(b->rows + 1, b->cols + 1);
	/* The outlines first, then every badge over them. */
	for (pass = 0; pass < 2; pass++)
		for (i = pass == 0 ? 0 : v->first; i < end; i++) {
			r = &p->move[i];
			x1 = g->x0 + (r->c1 - 0.5) * g->dx;
			y1 = g->y0 + (r->r1 - 0.5) * g->dy;
			x2 = g->x0 + (r->c2 + 0.5) * g->dx;
			y2 = g->y0 + (r->r2 + 0.5) * g->dy;
			hue = (unsigned int)((i * 137) % 360);
			if (i < v->first)
				fprintf(fp, "<rect class=\"done\" x=\"%.1f\" "
				    "y=\"%.1f\" width=\"%.1f\" "
				    "height=\"%.1f\"/>\n", x1, y1, x2 - x1,
				    y2 - y1);
			else if (pass == 0)
				fprintf(fp, "<g class=\"move\"><rect "
				    "x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				    "height=\"%.1f\" fill=\"none\" "
				    "stroke=\"hsl(%u,90%%,30%%)\" "
				    "stroke-width=\"%.1f\" rx=\"%.1f\"/></g>\n",
				    x1 + inset, y1 + inset,
				    x2 - x1 - 2 * inset, y2 - y1 - 2 * inset,
				    hue, stroke, g->dx * 0.15);
			else {
				corner = badge_corner(taken, b->cols, r);
				bx = corner & 1 ? x2 - inset : x1 + inset;
				by = corner & 2 ? y2 - inset : y1 + inset;
				fprintf(fp, "<g class=\"badge\"><rect "
				    "x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				    "height=\"%.1f\" rx=\"%.1f\" "
				    "fill=\"hsl(%u,90%%,30%%)\"/><text "
				    "class=\"n\" x=\"%.1f\" y=\"%.1f\" "
				    "font-size=\"%.1f\">%zu</text></g>\n",
				    bx - bw / 2, by - bh / 2, bw, bh, bh / 3,
				    hue, bx, by + bh * 0.32, bh * 0.85, i + 1);
			}
		}
	free(taken);
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
    const struct svg_view *view)
{
	struct svg_view v = *view;
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
	fprintf(fp, "<style>text{font-family:sans-serif;font-weight:bold;"
	    "fill:#fff;text-anchor:middle}text{font-size:16px}"
	    ".done{fill:#fff;fill-opacity:0.7}</style>\n");
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
