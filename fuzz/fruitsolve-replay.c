/* fuzz-sources: src/fruit/board.c src/fruit/replay.c */
/*
 * Fuzz the game reader: a board and its move list from any bytes.  A
 * replay never clears more apples than the board had.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linereader lr;
	FILE *fp;
	struct board b;
	size_t apples, cleared;
	int got;

	if (size == 0)
		return 0;
	if ((fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	lr_attach(&lr, fp, "fuzz");
	while ((got = board_read(&lr, &b)) != 0) {
		if (got == -1)
			continue;
		apples = board_apples(&b);
		replay_moves(&lr, &b, &cleared);
		if (cleared > apples || board_apples(&b) != apples - cleared)
			abort();
		board_free(&b);
	}
	lr_close(&lr);
	return 0;
}
