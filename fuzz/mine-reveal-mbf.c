/* fuzz-sources: src/mine/board.c src/mine/mbf.c src/mine/reveal.c */
/*
 * Fuzz the MBF reader: any bytes must give boards or diagnostics, and a
 * board read must write back to the same mines: written and read again,
 * it has the same size, the same count and a mine on exactly the same
 * cells, and writing that one gives the same bytes.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"
#include "mine-reveal-boards.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 check_round_trip(const struct board *);

/* Write b, read it back, and check it is the same board. */
static void
check_round_trip(const struct board *b)
{
	struct board back;
	char *bytes = NULL, *again = NULL;
	size_t len = 0, len2 = 0, offset = 0;
	FILE *w, *rd;

	if ((w = open_memstream(&bytes, &len)) == NULL)
		abort();
	if (mbf_write(b, w) != 0)
		abort();
	fclose(w);
	if ((rd = fmemopen(bytes, len, "r")) == NULL)
		abort();
	board_init(&back, "again");
	if (mbf_read(rd, "again", &offset, &back) != 1)
		abort();
	fclose(rd);
	if (offset != len)
		abort();
	check_same_mines(b, &back);
	if ((w = open_memstream(&again, &len2)) == NULL)
		abort();
	if (mbf_write(&back, w) != 0)
		abort();
	fclose(w);
	if (len2 != len || memcmp(bytes, again, len) != 0)
		abort();
	board_free(&back);
	free(bytes);
	free(again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct board b;
	FILE *fp;
	size_t offset = 0;

	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	board_init(&b, "fuzz");
	while (mbf_read(fp, "fuzz", &offset, &b) == 1) {
		check_round_trip(&b);
		reveal_apply(&b, ACTION_OPEN, 1, 1);
		/* Opening a cell changes no mine. */
		check_round_trip(&b);
	}
	board_free(&b);
	fclose(fp);
	return 0;
}
