/*
 * input.c: one input of fruitsolve, a text of boards or a screenshot.
 * Which one is told by the first bytes: a PNG, JPEG or netpbm signature
 * makes it a picture, anything else is text in fruit-board(5) form (no
 * board starts with those bytes).  A picture is read whole, since it is
 * decoded whole and embedded whole in an SVG; text is streamed.
 */

#include "config.h"

#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gf.h"
#include "fruit.h"
#include "picture.h"

#define INPUT_MAX_PICTURE	(256UL << 20)	/* bytes of one image file */

static int	 slurp(FILE *, int, struct input *);
static int	 maybe_picture(int);

/* Bytes a picture's signature starts with. */
static int
maybe_picture(int c)
{
	return c == 0x89 || c == 0xff || c == 'P' || c == 'R' || c == 'G' ||
	    c == 'B' || c == 'I' || c == 'M' || c == 0;
}

/* The whole stream, first byte c already read, into in->data. */
static int
slurp(FILE *fp, int c, struct input *in)
{
	struct stat st;
	size_t cap, got;

	cap = 1 << 16;
	/* A file's size saves copying it as the buffer grows. */
	if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uintmax_t)st.st_size < INPUT_MAX_PICTURE)
		cap = (size_t)st.st_size + 1;
	in->data = xmalloc(cap);
	in->data[0] = (uint8_t)c;
	in->len = 1;
	for (;;) {
		if (in->len == cap) {
			if (cap >= INPUT_MAX_PICTURE) {
				warnx("%s: larger than %lu MB, the limit for "
				    "an image", in->name,
				    INPUT_MAX_PICTURE >> 20);
				return -1;
			}
			cap *= 2;
			in->data = xreallocarray(in->data, cap, 1);
		}
		got = fread(in->data + in->len, 1, cap - in->len, fp);
		if (got == 0)
			break;
		in->len += got;
	}
	if (ferror(fp)) {
		warn("%s", in->name);
		return -1;
	}
	return 0;
}

/*
 * An input of the len bytes data, named name, which it takes: a picture
 * if kind or its first bytes say so, else text.
 */
void
input_from_bytes(struct input *in, const char *name, uint8_t *data,
    size_t len, enum input_kind kind)
{
	memset(in, 0, sizeof(*in));
	in->name = name;
	in->picture = kind == INPUT_IMAGE || (kind == INPUT_AUTO &&
	    picture_type(data, len) != NOT_PICTURE);
	if (in->picture) {
		in->data = data;
		in->len = len;
		return;
	}
	lr_attach_text(&in->lr, (char *)data, len, name);
	lr_want_utf8(&in->lr);
}

/*
 * Is a file of a ZIP archive a picture or boards: a picture by its first
 * bytes, or text whose first line that is not blank or a comment is made
 * of cells and separators alone, or UTF-16 or UTF-32, which the reader
 * tells?  A chat's text beside the screenshots in an archive is not.
 */
int
input_wanted(const char *s, size_t len)
{
	const char *p = s, *end = p + len, *nl;

	if (len == 0)
		return 0;
	if (picture_type((const uint8_t *)s, len) != NOT_PICTURE)
		return 1;
	size_t i, n;
	int cells;

	nl = memchr(p, '\n', len);
	if (has_utf16_bom(p, len) || wide_unmarked(p, nl != NULL ?
	    (size_t)(nl - p) : len) != NULL)
		return 1;
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = (nl != NULL ? nl : end) - p;
		for (i = 0, cells = 0; i < n; i++) {
			if ((p[i] >= '0' && p[i] <= '9') || p[i] == '.')
				cells++;
			else if (p[i] != ' ' && p[i] != '\t' && p[i] != ',' &&
			    p[i] != '\r')
				break;
		}
		if (i == n && cells == 0 && nl != NULL)
			continue;	/* a blank line */
		if (n > 0 && p[0] == '#' && nl != NULL)
			continue;	/* a comment */
		return i == n && cells > 0;
	}
	return 0;
}

/*
 * Open path ("-" for standard input) as kind (INPUT_AUTO, INPUT_BOARD
 * or INPUT_IMAGE).  Returns 0 with in->picture set for a picture,
 * in->archive for a ZIP archive (its bytes in in->data), or in->lr ready
 * for text; -1 after a diagnostic when the file cannot be read at all.
 */
int
input_open(struct input *in, const char *path, enum input_kind kind)
{
	struct stat st;
	FILE *fp;
	int c;

	memset(in, 0, sizeof(*in));
	in->name = strcmp(path, "-") == 0 ? "stdin" : path;
	if (kind == INPUT_BOARD) {
		if (lr_open(&in->lr, path) == -1)
			return -1;
		lr_want_utf8(&in->lr);
		return 0;
	}
	if (strcmp(path, "-") == 0)
		fp = stdin;
	else if ((fp = fopen(path, "rb")) == NULL) {
		warn("%s", path);
		return -1;
	}
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		warnc(EISDIR, "%s", in->name);
		if (fp != stdin)
			fclose(fp);
		return -1;
	}
	c = getc(fp);
	if (c != EOF && (maybe_picture(c) || kind == INPUT_IMAGE)) {
		if (slurp(fp, c, in) == -1) {
			if (fp != stdin)
				fclose(fp);
			input_close(in);
			return -1;
		}
		if (fp != stdin)
			fclose(fp);
		if (kind == INPUT_AUTO && in->len >= 4 &&
		    memcmp(in->data, "PK\3\4", 4) == 0) {
			in->archive = 1;
			return 0;
		}
		/* A picture, or text after all, read from memory. */
		input_from_bytes(in, in->name, in->data, in->len, kind);
		return 0;
	}
	if (c == EOF && ferror(fp)) {
		warn("%s", in->name);
		if (fp != stdin)
			fclose(fp);
		return -1;
	}
	if (c != EOF)
		ungetc(c, fp);
	lr_attach(&in->lr, fp, in->name);
	lr_want_utf8(&in->lr);
	return 0;
}

/* Closes the input; -1 if a read error cut its text short. */
int
input_close(struct input *in)
{
	int rv = 0;

	/* A text read from memory may have no stream: lr_close frees it. */
	rv = lr_close(&in->lr);
	free(in->data);
	free(in->encoded);
	if (in->pixels != NULL)
		picture_free(in->pixels);
	free(in->pixels);
	memset(in, 0, sizeof(*in));
	return rv;
}

/* A board found in the top part of a picture, by board_in_part(). */
struct early_board {
	struct board	 b;
	struct grid	 g;
};

/*
 * Whether the rows of a large picture read so far hold the whole board:
 * every one of its 170 cells an apple read with confidence, and the
 * rows read going on for two cells below its last row (past the field's
 * bottom margin).  No other board in the rest of the picture could hold
 * more apples, so the rest need not be decoded.  A board with cleared
 * cells waits for the whole picture.
 */
static int
board_in_part(const struct picture *part, void *arg)
{
	struct early_board *e = arg;
	char why[128];

	if (image_board(part, &e->b, &e->g, why, sizeof(why)) < 0)
		return 0;
	/* g.y0 is the middle of the first row. */
	if (board_apples(&e->b) == e->b.rows * e->b.cols &&
	    e->g.y0 + (double)(e->b.rows + 1) * e->g.dy <= (double)part->h)
		return 1;
	board_free(&e->b);
	return 0;
}

/*
 * The board in a picture input: 0 with b, its grid and what the picture
 * of its plan needs (keep says which: the bytes an SVG embeds, or the
 * whole picture decoded, which the input keeps until it is closed), or
 * -1 with why set: IMAGE_NO_GRID if the picture shows no grid of apples.
 */
int
input_board(struct input *in, struct board *b, struct plan_view *view,
    enum keep keep, char *why, size_t whylen)
{
	struct early_board early;
	struct picture pic;
	struct grid g;
	int rv;

	memset(&early, 0, sizeof(early));
	/* A picture to paint on is decoded whole, not only to its board. */
	rv = keep == KEEP_PIXELS ? picture_decode(in->data, in->len, &pic,
	    why, whylen) : picture_decode_until(in->data, in->len, &pic,
	    board_in_part, &early, why, whylen);
	if (rv == -1)
		return -1;
	if (rv == 1) {
		*b = early.b;
		g = early.g;
	} else if ((rv = image_board(&pic, b, &g, why, whylen)) < 0) {
		picture_free(&pic);
		return rv;
	}
	view->width = pic.w;
	view->height = pic.h;
	view->grid = g;
	if (keep == KEEP_PIXELS) {
		in->pixels = xmalloc(sizeof(*in->pixels));
		*in->pixels = pic;
		view->picture = in->pixels;
		return 0;
	}
	/*
	 * A browser shows PNG and JPEG; netpbm goes in as PNG, and so does a
	 * JPEG stored turned, since not every viewer of an SVG turns the
	 * image it embeds as the EXIF tag says and the moves are drawn on
	 * the picture upright; and a CMYK JPEG, which not every viewer
	 * shows.
	 */
	switch (keep == KEEP_BYTES ? (pic.turned || pic.cmyk ? PNM :
	    picture_type(in->data, in->len)) : NOT_PICTURE) {
	case NOT_PICTURE:
		break;
	case PNG:
		view->mime = "image/png";
		view->image = in->data;
		view->imagelen = in->len;
		break;
	case JPEG:
		view->mime = "image/jpeg";
		view->image = in->data;
		view->imagelen = in->len;
		break;
	default:
		view->mime = "image/png";
		if (png_encode(&pic, &in->encoded, &view->imagelen) == -1) {
			snprintf(why, whylen, "cannot encode as PNG");
			picture_free(&pic);
			board_free(b);
			return -1;
		}
		view->image = in->encoded;
		break;
	}
	picture_free(&pic);
	return 0;
}
