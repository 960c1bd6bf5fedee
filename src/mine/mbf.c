/*
 * mbf.c: the binary board format of Minesweeper Arbiter, Viennasweeper
 * and JSMinesweeper.  A byte of width, a byte of height, the number of
 * mines as two bytes big-endian, then one (x, y) byte pair a mine,
 * counted from 0.  It holds mines only, so every cell reads as covered.
 * Files may follow each other in a stream.
 */

#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>

#include "gf.h"
#include "mine.h"

static int	 read_mines(FILE *, const char *, size_t *, struct board *,
		    size_t);

/*
 * Could bytes (a file of an archive) be MBF boards: a first byte no
 * board's text begins with (see sniff in main.c), a board of cells, no
 * more mines than cells, and its mines all there?  A photo is not.
 */
int
mbf_plausible(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t mines;

	if (len < 4 || p[0] == 0 || p[1] == 0 || p[0] == '\r' ||
	    p[0] == '\n' || (p[0] >= 0x20 && p[0] <= 0x7e) || p[0] == 0xef ||
	    p[0] == 0xfe || p[0] == 0xff)
		return 0;
	mines = (size_t)(p[2] << 8 | p[3]);
	return mines <= (size_t)p[0] * p[1] && 4 + 2 * mines <= len;
}

/* Read the mine positions; returns -1 after a diagnostic, -2 on a read error. */
static int
read_mines(FILE *fp, const char *name, size_t *offset, struct board *b,
    size_t n)
{
	uint8_t pair[2], *p;
	size_t i;

	for (i = 0; i < n; i++) {
		if (fread(pair, 1, 2, fp) != 2) {
			if (ferror(fp)) {
				warn("%s", name);
				return -2;
			}
			warnx("%s: byte %zu: truncated board: %zu of %zu mines",
			    name, *offset, i, n);
			return -1;
		}
		if (pair[0] >= b->width || pair[1] >= b->height) {
			warnx("%s: byte %zu: mine at x=%u y=%u is outside the "
			    "%zux%zu board", name, *offset, pair[0], pair[1],
			    b->width, b->height);
			return -1;
		}
		p = board_at(b, (size_t)pair[1] + 1, (size_t)pair[0] + 1);
		if (*p & CELL_MINE) {
			warnx("%s: byte %zu: mine at x=%u y=%u given twice",
			    name, *offset, pair[0], pair[1]);
			return -1;
		}
		*p |= CELL_MINE;
		*offset += 2;
	}
	return 0;
}

/*
 * Read the next board of an MBF stream.  Returns 1 with the board ready,
 * 0 at the end of the input, -1 after a diagnostic; an error leaves the
 * rest of the stream unread, since nothing marks where a board begins;
 * -2 after a read error.
 */
int
mbf_read(FILE *fp, const char *name, size_t *offset, struct board *b)
{
	uint8_t head[4];
	size_t got, n;
	int rc;

	b->file = name;
	b->firstline = 0;
	b->firstbyte = *offset;
	got = fread(head, 1, sizeof(head), fp);
	if (got == 0 && !ferror(fp))
		return 0;
	if (got != sizeof(head)) {
		if (ferror(fp)) {
			warn("%s", name);
			return -2;
		}
		warnx("%s: byte %zu: truncated header (%zu of 4 bytes)",
		    name, *offset, got);
		return -1;
	}
	if (head[0] == 0 || head[1] == 0) {
		warnx("%s: byte %zu: empty board (%ux%u)", name, *offset,
		    head[0], head[1]);
		return -1;
	}
	n = (size_t)head[2] << 8 | head[3];
	board_alloc(b, head[0], head[1]);
	*offset += 4;
	if (n > (size_t)head[0] * head[1]) {
		warnx("%s: byte %zu: %zu mines on a %ux%u board", name,
		    *offset - 2, n, head[0], head[1]);
		return -1;
	}
	if ((rc = read_mines(fp, name, offset, b, n)) != 0)
		return rc;
	if (board_finish(b) == -1)
		return -1;
	return 1;
}

/* Write the mines of a board to fp; -1 after a diagnostic if it is too big. */
int
mbf_write(const struct board *b, FILE *fp)
{
	size_t r, x;

	if (b->width > 255 || b->height > 255) {
		warnx("%s: a %zux%zu board is too large for MBF (255x255 at "
		    "most)", b->file, b->width, b->height);
		return -1;
	}
	putc((int)b->width, fp);
	putc((int)b->height, fp);
	putc((int)(b->mines >> 8), fp);
	putc((int)(b->mines & 0xff), fp);
	for (r = 1; r <= b->height; r++)
		for (x = 1; x <= b->width; x++)
			if (*board_at(b, r, x) & CELL_MINE) {
				putc((int)(x - 1), fp);
				putc((int)(r - 1), fp);
			}
	return 0;
}
