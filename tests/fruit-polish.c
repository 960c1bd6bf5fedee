/*
 * fruit-polish: the test suite's way into fruitsolve's mending stage
 * (src/fruit/polish.c), which the tool only runs on its own search's
 * plans.  It reads a game as fruitsolve -c does (a board, a blank line,
 * a move list, each move checked as it is played), mends that plan and
 * prints the moves of the mended plan and its
 * "# cleared N of M" line, as fruitsolve -f moves does.
 *
 *	-n ROUNDS	rounds of mending (default 100)
 *	-S SEED		seed of the rounds' draws (default 1)
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gf.h"
#include "fruit.h"

int
main(int argc, char *argv[])
{
	struct linereader lr;
	struct board b, now;
	struct plan pl;
	struct rect r;
	struct rng rng;
	const char *why, *errstr;
	uint64_t rounds, seed;
	size_t i, col, apples, cap;
	int ch;

	rounds = 100;
	seed = 1;
	while ((ch = getopt(argc, argv, "n:S:")) != -1)
		switch (ch) {
		case 'n':
			rounds = strtonum(optarg, 0, 1000000000, &errstr);
			if (errstr != NULL)
				errx(2, "-n %s: %s", optarg, errstr);
			break;
		case 'S':
			seed = strtonum(optarg, 0, INT64_MAX, &errstr);
			if (errstr != NULL)
				errx(2, "-S %s: %s", optarg, errstr);
			break;
		default:
			errx(2, "usage: fruit-polish [-n rounds] [-S seed]");
		}
	lr_attach(&lr, stdin, "-");
	if (board_read(&lr, &b) != 1)
		errx(2, "no board on standard input");
	now.rows = b.rows;
	now.cols = b.cols;
	now.cell = xmalloc(b.rows * b.cols);
	memcpy(now.cell, b.cell, b.rows * b.cols);
	memset(&pl, 0, sizeof(pl));
	cap = 0;
	while (lr_next(&lr) == 1) {
		if (lr_blank(&lr) || lr.line[0] == '#')
			continue;
		if (parse_move(lr.line, &b, &r, &col, &why) == -1)
			errx(2, "line %zu: %s", lr.lineno, why);
		if (board_sum(&now, &r, &apples) != FRUIT_TARGET)
			errx(2, "line %zu: the move does not sum to 10",
			    lr.lineno);
		board_clear(&now, &r);
		if (pl.nmoves == cap) {
			cap = cap == 0 ? 16 : 2 * cap;
			pl.move = xreallocarray(pl.move, cap, sizeof(r));
		}
		pl.move[pl.nmoves++] = r;
		pl.cleared += apples;
	}
	rng_seed(&rng, seed);
	polish_plan(&b, &pl, rounds, 0, &rng);
	for (i = 0; i < pl.nmoves; i++)
		printf("%u %u %u %u\n", pl.move[i].r1 + 1, pl.move[i].c1 + 1,
		    pl.move[i].r2 + 1, pl.move[i].c2 + 1);
	printf("# cleared %zu of %zu\n", pl.cleared, board_apples(&b));
	if (fflush(stdout) == EOF || ferror(stdout))
		err(2, "stdout");
	free(pl.move);
	free(now.cell);
	board_free(&b);
	lr_close(&lr);
	return 0;
}
