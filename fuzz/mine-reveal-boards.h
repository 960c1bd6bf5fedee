/*
 * mine-reveal-boards.h: what the board format harnesses check of a board
 * written and read back: the same size, the same count of mines, and a
 * mine on exactly the same cells; anything else aborts.
 */

#include <stdlib.h>

#include "gf.h"
#include "mine.h"

static void
check_same_mines(const struct board *a, const struct board *b)
{
	size_t r, c;

	if (a->width != b->width || a->height != b->height ||
	    a->mines != b->mines)
		abort();
	for (r = 1; r <= a->height; r++)
		for (c = 1; c <= a->width; c++)
			if ((*board_at(a, r, c) ^ *board_at(b, r, c)) &
			    CELL_MINE)
				abort();
}
