/* fuzz-sources: src/mine/board.c src/mine/parse.c src/mine/replay.c src/mine/reveal.c src/mine/gen.c src/mine/mbf.c src/mine/play.c src/mine/endgame.c src/mine/guess.c src/mine/solve.c src/mine/stats.c src/mine/zini.c */
/*
 * Fuzz the text board parser, the actions it applies and the printers,
 * and on small boards the solver (hints, probabilities, a whole game
 * with its endgame search): any input must give boards or diagnostics,
 * never a crash.
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
	static struct output views[] = {
		{ FORMAT_FULL, 0 }, { FORMAT_VIEW, 1 }
	};
	static struct endgame *e;	/* made once, as a run does */
	struct linereader lr;
	struct board b;
	struct game g;
	struct solver s;
	FILE *fp;
	int got, n = 0, have_line = 0;

	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	if (e == NULL)
		e = endgame_new();
	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	lr_attach(&lr, fp, "fuzz");
	board_init(&b, lr.name);
	while ((got = parse_board(&lr, &b, &have_line)) != 0) {
		if (got == -1)
			continue;
		reveal_apply(&b, ACTION_CHORD, 1, 1);
		reveal_apply(&b, ACTION_OPEN, b.height, b.width);
		board_print(&b, &views[n++ % 2]);
		(void)mbf_write(&b, stdout);
		if (b.width * b.height <= 100) {
			if (play_analyse(&s, &b, b.mines) == 1) {
				play_hint_lines(&s, e, n % 2);
				play_probability_lines(&s);
				solver_free(&s);
			}
			play_solve(&b, e, n % 2, n % 3 == 0, &g);
		}
	}
	board_free(&b);
	lr_close(&lr);
	return 0;
}
