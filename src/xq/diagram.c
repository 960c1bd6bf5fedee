/*
 * diagram.c: a position drawn as players print one, as an SVG document
 * on one line (so that a file of records gives a line a record): the
 * board of 9 files and 10 ranks with its river and palaces, Red at the
 * bottom, the files numbered as each side counts them (Black's 1 to 9
 * from the left along the top, Red's 九 to 一 along the bottom), each
 * piece a disc with its character (Red's 帥仕相傌俥炮兵 in red, Black's
 * 將士象馬車砲卒 in black, or in simplified characters 帅仕相马车炮兵 and
 * 将士象马车炮卒, the river's 汉 too), and the move that led to it, if
 * any, marked on both its squares.  The position's FEN is the document's
 * title.
 */

#include "config.h"

#include <err.h>
#include <stdio.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"

#define CELL		50	/* between two lines, in pixels */
#define MARGIN		52	/* around the board, for the numbers */
#define WIDTH		(2 * MARGIN + (XQ_FILES - 1) * CELL)
#define HEIGHT		(2 * MARGIN + (XQ_RANKS - 1) * CELL)

static const char *const red_files[] = {
	"一", "二", "三", "四", "五", "六", "七", "八", "九"
};

static int	 x_of(int);
static int	 y_of(int);
static void	 line(FILE *, int, int, int, int, int);

/* The x of file f (0 is ICCS a, Red's left), the y of rank r (0 Red's back). */
static int
x_of(int f)
{
	return MARGIN + f * CELL;
}

static int
y_of(int r)
{
	return MARGIN + (XQ_RANKS - 1 - r) * CELL;
}

/* A line of the board from (f1, r1) to (f2, r2), w pixels wide. */
static void
line(FILE *fp, int f1, int r1, int f2, int r2, int w)
{
	fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"%s/>", x_of(f1),
	    y_of(r1), x_of(f2), y_of(r2), w > 1 ? " stroke-width=\"3\"" : "");
}

/*
 * The position the game ml ends in drawn, its last move (if it has one)
 * marked on its two squares, in the script Chinese is written in
 * (chinese_script, with fonts for it); a string on one line, to be
 * freed.
 */
char *
svg_diagram(const struct movelist *ml)
{
	const struct xqmove *last = ml->n > 0 ? &ml->move[ml->n - 1] : NULL;
	struct xqpos pos;
	const struct chinese_script *cs = chinese_script();
	char fen[XQ_FENMAX], *svg = NULL;
	size_t len = 0;
	int f, r, sq, p, k;
	FILE *fp;

	if ((fp = open_memstream(&svg, &len)) == NULL)
		err(GF_EXIT_ERROR, "open_memstream");
	movelist_end(ml, &pos);
	fen_format(&pos, fen, sizeof(fen));
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\">", WIDTH,
	    HEIGHT, WIDTH, HEIGHT, cs->fonts);
	fprintf(fp, "<title>%s</title>", fen);
	fprintf(fp, "<rect width=\"%d\" height=\"%d\" fill=\"#f2d8a7\"/>", WIDTH,
	    HEIGHT);
	fprintf(fp, "<g stroke=\"#5a3d1e\" stroke-width=\"1.5\">");
	for (r = 0; r < XQ_RANKS; r++)
		line(fp, 0, r, XQ_FILES - 1, r, r == 0 || r == XQ_RANKS - 1);
	/* The inner files stop at the river. */
	for (f = 0; f < XQ_FILES; f++) {
		if (f == 0 || f == XQ_FILES - 1) {
			line(fp, f, 0, f, XQ_RANKS - 1, 2);
			continue;
		}
		line(fp, f, 0, f, 4, 1);
		line(fp, f, 5, f, XQ_RANKS - 1, 1);
	}
	/* The palaces' diagonals. */
	line(fp, 3, 0, 5, 2, 1);
	line(fp, 5, 0, 3, 2, 1);
	line(fp, 3, 7, 5, 9, 1);
	line(fp, 5, 7, 3, 9, 1);
	fprintf(fp, "</g>");
	fprintf(fp, "<g font-size=\"%d\" fill=\"#5a3d1e\" text-anchor=\"middle\" "
	    "dominant-baseline=\"central\">", CELL * 3 / 5);
	fprintf(fp, "<text x=\"%d\" y=\"%d\">楚 河</text>", x_of(2),
	    (y_of(4) + y_of(5)) / 2);
	fprintf(fp, "<text x=\"%d\" y=\"%d\">%s 界</text>", x_of(6),
	    (y_of(4) + y_of(5)) / 2, cs->han);
	fprintf(fp, "</g>");
	/* Black counts its files from its right, Red from its right. */
	fprintf(fp, "<g font-size=\"%d\" fill=\"#5a3d1e\" text-anchor=\"middle\" "
	    "dominant-baseline=\"central\">", CELL * 2 / 5);
	for (f = 0; f < XQ_FILES; f++) {
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%d</text>", x_of(f),
		    MARGIN / 4, f + 1);
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%s</text>", x_of(f),
		    HEIGHT - MARGIN / 4, red_files[XQ_FILES - 1 - f]);
	}
	fprintf(fp, "</g>");
	if (last != NULL)
		fprintf(fp, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
		    "stroke=\"#1565c0\" stroke-width=\"3\" "
		    "stroke-dasharray=\"4 3\"/>", x_of(last->from % XQ_FILES),
		    y_of(last->from / XQ_FILES), CELL * 2 / 5);
	fprintf(fp, "<g font-size=\"%d\" text-anchor=\"middle\" "
	    "dominant-baseline=\"central\">", CELL / 2);
	for (sq = 0; sq < XQ_SQUARES; sq++) {
		if ((p = pos.sq[sq]) == EMPTY)
			continue;
		k = PIECE_KIND(p);
		f = sq % XQ_FILES;
		r = sq / XQ_FILES;
		fprintf(fp, "<g class=\"%s\"><circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
		    "fill=\"#fbf0d9\" stroke=\"%s\" stroke-width=\"2\"/>"
		    "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text></g>",
		    PIECE_SIDE(p) == RED ? "red" : "black", x_of(f), y_of(r),
		    CELL * 22 / 50, PIECE_SIDE(p) == RED ? "#b71c1c" : "#212121",
		    x_of(f), y_of(r), PIECE_SIDE(p) == RED ? "#b71c1c" :
		    "#212121", cs->board_pieces[PIECE_SIDE(p)][k]);
	}
	fprintf(fp, "</g>");
	if (last != NULL)
		fprintf(fp, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
		    "stroke=\"#1565c0\" stroke-width=\"3\"/>",
		    x_of(last->to % XQ_FILES), y_of(last->to / XQ_FILES),
		    CELL * 24 / 50);
	fprintf(fp, "</svg>");
	if (fclose(fp) != 0)
		err(GF_EXIT_ERROR, "a diagram in memory");
	return svg;
}
