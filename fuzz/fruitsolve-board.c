/* fuzz-sources: src/fruit/board.c src/fruit/rects.c src/fruit/movegen.c */
/*
 * Fuzz the board reader with any bytes, then list the rectangles and the
 * distinct moves of every board it accepts and check that the two walks
 * agree: each tight move must be among the listed rectangles.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
count_rect(const struct rect *r, unsigned int apples, void *arg)
{
	size_t *n = arg;

	if (apples < 2 || r->r1 > r->r2 || r->c1 > r->c2)
		abort();
	return ++*n > 100000;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linereader lr;
	FILE *fp;
	struct board b;
	struct movegen mg;
	struct rect *moves;
	size_t n, listed, i;
	int got;

	if (size == 0 || size > 4096)
		return 0;
	if ((fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	lr_attach(&lr, fp, "fuzz");
	while ((got = board_read(&lr, &b)) != 0) {
		if (got == -1)
			continue;
		listed = 0;
		rects_each(&b, count_rect, &listed);
		movegen_init(&mg, b.rows, b.cols);
		n = movegen_list(&mg, b.cell, NULL, 0);
		moves = xreallocarray(NULL, n, sizeof(*moves));
		movegen_list(&mg, b.cell, moves, n);
		for (i = 0; i < n; i++)
			if (board_sum(&b, &moves[i], NULL) != FRUIT_TARGET)
				abort();
		if (listed <= 100000 && n > listed)
			abort();
		free(moves);
		movegen_free(&mg);
		board_free(&b);
	}
	lr_close(&lr);
	return 0;
}
