/*
 * perft.c: counts the leaf nodes of the legal move tree to a given depth,
 * the standard check of a move generator against published figures.
 * It is built for the tests and the benchmark, not installed.
 */

#include <err.h>
#include <stdio.h>
#include <stdlib.h>

#include "gf.h"
#include "xq.h"

static uint64_t	 perft(const struct xqpos *, int);
static __dead void usage(void);

/* The depth is at most 8, so the recursion is shallow. */
static uint64_t
perft(const struct xqpos *pos, int depth)
{
	struct xqmove list[XQ_MAXMOVES];
	struct xqpos next;
	uint64_t total = 0;
	size_t n, i;

	n = legal_moves(pos, list);
	if (depth == 1)
		return n;
	for (i = 0; i < n; i++) {
		next = *pos;
		make_move(&next, list[i]);
		total += perft(&next, depth - 1);
	}
	return total;
}

static __dead void
usage(void)
{
	fprintf(stderr, "usage: xq-perft depth [fen]\n");
	exit(GF_EXIT_ERROR);
}

int
main(int argc, char *argv[])
{
	struct xqpos pos;
	const char *errstr, *end;
	int depth;

	if (argc < 2 || argc > 3)
		usage();
	depth = (int)strtonum(argv[1], 1, 8, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "depth %s: %s", argv[1], errstr);
	if (fen_parse(&pos, argc == 3 ? argv[2] : START_FEN, &end) == -1 ||
	    *end != '\0')
		errx(GF_EXIT_ERROR, "bad FEN (at column %zu)",
		    (size_t)(end - (argc == 3 ? argv[2] : START_FEN)) + 1);
	printf("%llu\n", (unsigned long long)perft(&pos, depth));
	return GF_EXIT_OK;
}
