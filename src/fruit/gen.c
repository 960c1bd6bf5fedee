/*
 * gen.c: random boards drawn by the game's own rule, from the toolkit's
 * generator (rng.c in the library), so that a seed gives the same boards
 * on every machine.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

/*
 * The game fills every cell with 1 to 9 and draws again until the total
 * is a multiple of 10, so that clearing the whole board is not ruled out
 * from the start.
 */
void
board_generate(struct board *b, size_t rows, size_t cols, struct rng *g)
{
	size_t i, n, total;

	if (rows != 0 && cols > SIZE_MAX / rows)
		errx(GF_EXIT_ERROR, "board too large");
	n = rows * cols;
	memset(b, 0, sizeof(*b));
	b->rows = rows;
	b->cols = cols;
	b->cell = xmalloc(n);
	do {
		total = 0;
		for (i = 0; i < n; i++) {
			b->cell[i] = (uint8_t)(1 + rng_below(g, 9));
			total += b->cell[i];
		}
	} while (total % FRUIT_TARGET != 0);
}
