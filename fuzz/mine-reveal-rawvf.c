/* fuzz-sources: src/mine/board.c src/mine/rawvf.c src/mine/replay.c src/mine/reveal.c src/mine/solve.c src/mine/stats.c src/mine/zini.c */
/*
 * Fuzz the RawVF reader: any text must give boards or diagnostics, and
 * a board read must hold exactly the mines of its rows: the full state
 * it prints, read back as a RawVF board written from it, is the same
 * board.  Half the inputs have their clicks replayed, whose end must
 * agree with what the video says and whose 3BV solved must be some of
 * the board's (all of it in a game won).  Each board's figures are
 * worked out too, as --stats does.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"
#include "mine-reveal-boards.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 check_round_trip(const struct board *);

/* Write b as a RawVF video, read it back, and check it is the same. */
static void
check_round_trip(const struct board *b)
{
	struct linereader lr;
	struct board back;
	char *text = NULL;
	size_t len = 0, r, c;
	FILE *w, *rd;
	int have_line = 0;

	if ((w = open_memstream(&text, &len)) == NULL)
		abort();
	fprintf(w, "RawVF_Version: Rev6\nWidth: %zu\nHeight: %zu\n"
	    "Mines: %llu\nBoard:\n", b->width, b->height,
	    (unsigned long long)b->mines);
	for (r = 1; r <= b->height; r++) {
		for (c = 1; c <= b->width; c++)
			putc(*board_at(b, r, c) & CELL_MINE ? '*' : '0', w);
		putc('\n', w);
	}
	fputs("Events:\n0.000 start\n", w);
	fclose(w);
	if ((rd = fmemopen(text, len, "r")) == NULL)
		abort();
	lr_attach(&lr, rd, "again");
	board_init(&back, "again");
	if (rawvf_read(&lr, &back, &have_line, NULL) != 1 ||
	    rawvf_read(&lr, &back, &have_line, NULL) != 0)
		abort();
	lr_close(&lr);
	check_same_mines(b, &back);
	board_free(&back);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linereader lr;
	struct board b;
	struct stats st;
	struct replaying rp;
	const struct played *p = &b.recorded.played;
	FILE *fp;
	int got, have_line = 0;

	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	/* Half the inputs replay their clicks, all or up to a time. */
	rp.on = (int)(size & 1);
	rp.until_ms = size & 2 ? INT64_MAX : (int64_t)data[0] * 100;
	lr_attach(&lr, fp, "fuzz");
	board_init(&b, lr.name);
	while ((got = rawvf_read(&lr, &b, &have_line, &rp)) != 0) {
		if (got != 1)
			continue;
		/* A replay to the end agrees with what the video says. */
		if (p->replayed && p->whole && ((b.recorded.status ==
		    TOLD_WON && p->state != STATE_WON) ||
		    (b.recorded.status == TOLD_LOST && p->state != STATE_LOST)))
			abort();
		if (p->replayed && (int)board_state(&b) != p->state)
			abort();
		/* A fatal click's chance is one, or not known; some cell
		   was not proved safe, the one clicked. */
		if (p->fatal_known && ((!isnan(p->fatal) && (p->fatal < 0 ||
		    p->fatal > 1 || p->state != STATE_LOST)) ||
		    p->fatal_safe >= (uint64_t)b.width * b.height))
			abort();
		check_round_trip(&b);
		if (b.width * b.height <= 1 << 16) {
			stats_compute(&b, &st);
			/* The 3BV solved is some of the board's. */
			if (p->replayed && (p->solved > st.bbbv ||
			    (p->state == STATE_WON && p->solved != st.bbbv)))
				abort();
		}
	}
	board_free(&b);
	lr_close(&lr);
	return 0;
}
