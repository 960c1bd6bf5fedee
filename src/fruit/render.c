/*
 * render.c: writing a plan out, as a move list or as an SVG picture of
 * the starting board with each planned rectangle drawn over it and
 * numbered in the order of play, the overlay a player would follow.
 */

#include "config.h"

#include <stdio.h>

#include "gf.h"
#include "fruit.h"

#define CELL	32	/* pixels a side */
#define MARGIN	8

static void	 svg_cells(FILE *, const struct board *);
static void	 svg_moves(FILE *, const struct plan *);

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
			    CELL / 2 - 2);
			fprintf(fp, "<text x=\"%zu\" y=\"%zu\">%u</text>\n",
			    MARGIN + col * CELL + CELL / 2,
			    MARGIN + row * CELL + CELL / 2 + 6, v);
		}
}

/*
 * Each rectangle gets its own hue, turning by the golden angle so that
 * neighbours in play order look different, and its number in a tag at
 * its top left corner.
 */
static void
svg_moves(FILE *fp, const struct plan *p)
{
	size_t i;
	const struct rect *r;
	unsigned int hue;

	for (i = 0; i < p->nmoves; i++) {
		r = &p->move[i];
		hue = (unsigned int)((i * 137) % 360);
		fprintf(fp, "<g class=\"move\"><rect x=\"%zu\" y=\"%zu\" "
		    "width=\"%zu\" height=\"%zu\" fill=\"none\" "
		    "stroke=\"hsl(%u,80%%,35%%)\" stroke-width=\"3\" "
		    "rx=\"6\"/>",
		    MARGIN + (size_t)r->c1 * CELL + 2,
		    MARGIN + (size_t)r->r1 * CELL + 2,
		    ((size_t)r->c2 - r->c1 + 1) * CELL - 4,
		    ((size_t)r->r2 - r->r1 + 1) * CELL - 4, hue);
		fprintf(fp, "<rect x=\"%zu\" y=\"%zu\" width=\"20\" "
		    "height=\"14\" fill=\"hsl(%u,80%%,35%%)\"/>"
		    "<text class=\"n\" x=\"%zu\" y=\"%zu\">%zu</text></g>\n",
		    MARGIN + (size_t)r->c1 * CELL,
		    MARGIN + (size_t)r->r1 * CELL, hue,
		    MARGIN + (size_t)r->c1 * CELL + 10,
		    MARGIN + (size_t)r->r1 * CELL + 11, i + 1);
	}
}

void
render_svg(FILE *fp, const struct board *b, const struct plan *p)
{
	size_t w, h;

	w = 2 * MARGIN + b->cols * CELL;
	h = 2 * MARGIN + b->rows * CELL;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" "
	    "height=\"%zu\" viewBox=\"0 0 %zu %zu\">\n", w, h, w, h);
	fprintf(fp, "<title>Fruit Box plan: %zu moves, %zu apples</title>\n",
	    p->nmoves, p->cleared);
	fprintf(fp, "<style>text{font:bold 16px sans-serif;fill:#fff;"
	    "text-anchor:middle}text.n{font-size:11px}</style>\n");
	fprintf(fp, "<rect width=\"%zu\" height=\"%zu\" fill=\"#cfe8b8\"/>\n",
	    w, h);
	svg_cells(fp, b);
	svg_moves(fp, p);
	fprintf(fp, "</svg>\n");
}
