/*
 * board.c: reading boards in the fruit-board(5) text format and printing
 * them back, plus the few operations every mode needs (sum, clear).
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

/* A row being read: the cells so far and where a problem was seen. */
struct rowbuf {
	uint8_t		*cell;
	size_t		 n;		/* cells in the whole board so far */
	size_t		 cap;
	size_t		 errcol;
	char		 errmsg[80];
};

static int	 is_separator(int);
static int	 cell_value(int);
static void	 push_cell(struct rowbuf *, uint8_t);
static size_t	 parse_row(const char *, size_t, size_t, struct rowbuf *);
static void	 skip_board(struct linereader *);

static int
is_separator(int ch)
{
	return ch == ' ' || ch == '\t' || ch == ',';
}

/* The value of a cell character, or -1 if it is not one. */
static int
cell_value(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch == '.')
		return 0;
	return -1;
}

static void
push_cell(struct rowbuf *rb, uint8_t v)
{
	if (rb->n == rb->cap) {
		rb->cap = rb->cap == 0 ? 256 : rb->cap;
		if (rb->cap > SIZE_MAX / 2)
			errx(GF_EXIT_ERROR, "board too large");
		rb->cap *= 2;
		rb->cell = xreallocarray(rb->cell, rb->cap, 1);
	}
	rb->cell[rb->n++] = v;
}

/*
 * Append the cells of one line.  A line holding a space, tab or comma
 * between its cells is in the separated form, one character per cell
 * between separators; otherwise every character is a cell.  A row may
 * not hold more than expect cells (0 for no limit).  Returns the number
 * of cells, or 0 with rb->errcol and rb->errmsg set.
 */
static size_t
parse_row(const char *s, size_t len, size_t expect, struct rowbuf *rb)
{
	size_t i, start, end, count;
	int separated, v, prev_cell;

	start = 0;
	end = len;
	while (start < end && (s[start] == ' ' || s[start] == '\t'))
		start++;
	while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	separated = 0;
	for (i = start; i < end; i++)
		if (is_separator((unsigned char)s[i]))
			separated = 1;
	count = 0;
	prev_cell = 0;
	for (i = start; i < end; i++) {
		if (separated && is_separator((unsigned char)s[i])) {
			prev_cell = 0;
			continue;
		}
		rb->errcol = i + 1;
		if ((v = cell_value((unsigned char)s[i])) == -1) {
			snprintf(rb->errmsg, sizeof(rb->errmsg),
			    "bad cell character (%s)", excerpt(s + i, 1));
			return 0;
		}
		if (separated && prev_cell) {
			snprintf(rb->errmsg, sizeof(rb->errmsg),
			    "cells run together in a separated row (%s)",
			    excerpt(s + i - 1, 2));
			return 0;
		}
		if (expect != 0 && count == expect) {
			snprintf(rb->errmsg, sizeof(rb->errmsg),
			    "row has more than %zu cells", expect);
			return 0;
		}
		prev_cell = 1;
		push_cell(rb, (uint8_t)v);
		count++;
	}
	if (count == 0) {
		rb->errcol = 1;
		snprintf(rb->errmsg, sizeof(rb->errmsg), "row has no cells");
	}
	return count;
}

/* After a bad row, the rest of its board is not read as a new board. */
static void
skip_board(struct linereader *lr)
{
	while (lr_next(lr))
		if (lr_blank(lr))
			return;
}

/*
 * Read the next board from lr.  Returns 1 with b filled in, 0 at end of
 * input, or -1 after a diagnostic when the board was bad and skipped.
 */
int
board_read(struct linereader *lr, struct board *b)
{
	struct rowbuf rb;
	size_t got, ncols;

	memset(b, 0, sizeof(*b));
	memset(&rb, 0, sizeof(rb));
	do {
		if (!lr_next(lr))
			return 0;
	} while (lr_blank(lr) || lr->line[0] == '#');
	b->lineno = lr->lineno;
	ncols = 0;
	do {
		if (lr->line[0] == '#')
			continue;
		if (lr_blank(lr))
			break;
		if ((got = parse_row(lr->line, lr->len, ncols, &rb)) == 0)
			goto bad;
		if (ncols == 0)
			ncols = got;
		else if (got != ncols) {
			rb.errcol = lr->len + 1;
			snprintf(rb.errmsg, sizeof(rb.errmsg),
			    "row has %zu cells, expected %zu", got, ncols);
			goto bad;
		}
		if (ncols > UINT32_MAX || b->rows >= UINT32_MAX) {
			rb.errcol = 1;
			snprintf(rb.errmsg, sizeof(rb.errmsg),
			    "board too large (more than %u rows or columns)",
			    UINT32_MAX);
			goto bad;
		}
		b->rows++;
	} while (lr_next(lr));
	b->cols = ncols;
	b->cell = rb.cell;
	return 1;
bad:
	warn_at_column(lr->name, lr->lineno, rb.errcol, "%s", rb.errmsg);
	free(rb.cell);
	skip_board(lr);
	memset(b, 0, sizeof(*b));
	return -1;
}

void
board_free(struct board *b)
{
	free(b->cell);
	memset(b, 0, sizeof(*b));
}

size_t
board_apples(const struct board *b)
{
	size_t i, n;

	n = 0;
	for (i = 0; i < b->rows * b->cols; i++)
		if (b->cell[i] != 0)
			n++;
	return n;
}

/* The sum inside r, and through apples (if not NULL) the digits in it. */
uint64_t
board_sum(const struct board *b, const struct rect *r, size_t *apples)
{
	size_t row, col, n;
	uint64_t sum;
	const uint8_t *p;

	sum = 0;
	n = 0;
	for (row = r->r1; row <= r->r2; row++) {
		p = b->cell + row * b->cols;
		for (col = r->c1; col <= r->c2; col++) {
			sum += p[col];
			n += p[col] != 0;
		}
	}
	if (apples != NULL)
		*apples = n;
	return sum;
}

void
board_clear(struct board *b, const struct rect *r)
{
	cells_clear(b->cell, b->cols, r);
}

/* Clear r in a grid of cells cols wide; returns the apples it held. */
uint32_t
cells_clear(uint8_t *cell, size_t cols, const struct rect *r)
{
	size_t row, col;
	uint32_t n;

	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			n += cell[row * cols + col] != 0;
			cell[row * cols + col] = 0;
		}
	return n;
}

/*
 * One row a line, "." for an empty cell.  With colour, digits are red
 * like the apples they stand for and empty cells are dim.
 */
void
board_print(FILE *fp, const struct board *b, int colour)
{
	size_t row, col;
	uint8_t v;
	int prev;

	for (row = 0; row < b->rows; row++) {
		prev = -1;
		for (col = 0; col < b->cols; col++) {
			v = b->cell[row * b->cols + col];
			if (colour && (v != 0) != prev)
				fputs(v != 0 ? "\033[1;31m" : "\033[2m", fp);
			prev = v != 0;
			putc(v != 0 ? '0' + v : '.', fp);
		}
		if (colour)
			fputs("\033[0m", fp);
		putc('\n', fp);
	}
}
