/*
 * randgame.c: random legal games for property tests, one a line in ICCS,
 * each from the start position or from a random position reached by one
 * (so that packed start positions are tried too).  The same seed gives
 * the same games on every machine.  Built for the tests, not installed.
 */

#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "gf.h"
#include "notation.h"

static uint64_t	 next_random(uint64_t *);
static void	 play_random(struct movelist *, uint64_t *, size_t);

/* xorshift64*: small, fast, and the same everywhere. */
static uint64_t
next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 2685821657736338717ULL;
}

static void
play_random(struct movelist *ml, uint64_t *state, size_t plies)
{
	struct xqmove list[XQ_MAXMOVES];
	struct xqpos pos = ml->start;
	size_t i, n;

	for (i = 0; i < plies; i++) {
		if ((n = legal_moves(&pos, list)) == 0)
			break;
		movelist_push(ml, list[next_random(state) % n]);
		make_move(&pos, ml->move[ml->n - 1]);
	}
}

int
main(int argc, char *argv[])
{
	struct movelist ml;
	const char *errstr;
	enum notation nt = NOTATION_ICCS;
	uint64_t state;
	long long count, i;
	size_t k;
	char *s;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: xq-randgame seed count [ucci]\n");
		return GF_EXIT_ERROR;
	}
	state = (uint64_t)strtonum(argv[1], 1, LLONG_MAX, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "seed %s: %s", argv[1], errstr);
	count = strtonum(argv[2], 0, 1000000, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "count %s: %s", argv[2], errstr);
	/* With ucci, half the games start from a random position. */
	if (argc == 4)
		nt = NOTATION_UCCI;
	movelist_init(&ml);
	for (i = 0; i < count; i++) {
		start_position(&ml.start);
		ml.n = 0;
		if (nt == NOTATION_UCCI && next_random(&state) % 2) {
			play_random(&ml, &state, next_random(&state) % 120);
			for (k = 0; k < ml.n; k++)
				make_move(&ml.start, ml.move[k]);
			/* The packed forms keep no move counters. */
			ml.start.halfmove = 0;
			ml.start.fullmove = 1;
			ml.n = 0;
		}
		play_random(&ml, &state, 1 + next_random(&state) % 200);
		s = write_movelist(&ml, nt);
		puts(s);
		free(s);
	}
	movelist_free(&ml);
	finish_stdout();
	return GF_EXIT_OK;
}
