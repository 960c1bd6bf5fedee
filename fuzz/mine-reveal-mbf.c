/* fuzz-sources: src/mine/board.c src/mine/mbf.c src/mine/reveal.c */
/*
 * Fuzz the MBF reader: any bytes must give boards or diagnostics, and a
 * board read must write back to the same mines.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct board b;
	FILE *fp;
	size_t offset = 0;

	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	board_init(&b, "fuzz");
	while (mbf_read(fp, "fuzz", &offset, &b) == 1) {
		reveal_apply(&b, ACTION_OPEN, 1, 1);
		if (mbf_write(&b) != 0)
			abort();
	}
	board_free(&b);
	fclose(fp);
	return 0;
}
