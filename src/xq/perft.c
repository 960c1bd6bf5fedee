/*
 * perft.c: counts the leaf nodes of the legal move tree to a given depth,
 * the standard check of a move generator against published figures.
 * With -c it also asks is_legal about every pair of squares at every
 * node and fails if it ever disagrees with the list: the one-move test
 * must accept exactly the moves the generator gives; and it asks
 * move_checks whether each listed move checks, after check_squares has
 * said whether it could, and fails unless both agree with gives_check,
 * which makes the move and looks all round the other king; and that
 * legal_moves_mapped gives the same list and the same strikes as
 * control_maps; and that a king's rays rays_after keeps once a move is
 * played are those looked at afresh.  Given "-" for the FEN, it counts
 * from each FEN read on stdin, one a line, so that many positions cost
 * one process.  It is built for the tests and the benchmark, not
 * installed.
 */

#include <sys/types.h>

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "xq.h"

static uint64_t	 perft(const struct xqpos *, int);
static void	 check_node(const struct xqpos *, const struct xqmove *,
		    size_t);
static void	 check_checks(const struct xqpos *, const struct xqmove *,
		    size_t);
static void	 check_maps(const struct xqpos *, const struct xqmove *,
		    size_t);
static void	 check_rays(const struct xqpos *, const struct xqmove *,
		    size_t);
static void	 look(const struct xqpos *, int, struct king_rays *);
static void	 count_from(const char *, int);

static int	 cflag;
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
	if (cflag)
		check_node(pos, list, n);
	if (depth == 1)
		return n;
	for (i = 0; i < n; i++) {
		next = *pos;
		make_move(&next, list[i]);
		total += perft(&next, depth - 1);
	}
	return total;
}

/* Exit at the first move is_legal and the list disagree on. */
static void
check_node(const struct xqpos *pos, const struct xqmove *list, size_t n)
{
	uint8_t listed[XQ_SQUARES][XQ_SQUARES] = { { 0 } };
	struct xqmove m;
	char fen[XQ_FENMAX];
	size_t i;

	for (i = 0; i < n; i++)
		listed[list[i].from][list[i].to] = 1;
	for (m.from = 0; m.from < XQ_SQUARES; m.from++)
		for (m.to = 0; m.to < XQ_SQUARES; m.to++) {
			if (is_legal(pos, m) == listed[m.from][m.to])
				continue;
			fen_format(pos, fen, sizeof(fen));
			errx(GF_EXIT_BAD, "%s: is_legal says %d for %d-%d",
			    fen, !listed[m.from][m.to], m.from, m.to);
		}
	check_checks(pos, list, n);
	check_maps(pos, list, n);
	check_rays(pos, list, n);
}

/* A fresh look out from the king of side c (none if it has none). */
static void
look(const struct xqpos *pos, int c, struct king_rays *kr)
{
	uint8_t hot[XQ_SQUARES];
	int k;

	memset(kr, 0, sizeof(*kr));
	if ((k = king_of(pos, c)) != -1)
		check_squares(pos->sq, k, !c, kr, hot);
}

/*
 * Exit unless every look out from a king that rays_after keeps once a
 * move is played is the one made afresh after it.
 */
static void
check_rays(const struct xqpos *pos, const struct xqmove *list, size_t n)
{
	struct king_rays kept, fresh;
	struct xqpos next;
	char fen[XQ_FENMAX];
	size_t i;
	int c;

	for (i = 0; i < n; i++)
		for (c = RED; c <= BLACK; c++) {
			look(pos, c, &kept);
			rays_after(&kept, list[i]);
			if (!kept.valid)
				continue;
			next = *pos;
			make_move(&next, list[i]);
			look(&next, c, &fresh);
			if (memcmp(&kept, &fresh, sizeof(kept)) == 0)
				continue;
			fen_format(pos, fen, sizeof(fen));
			errx(GF_EXIT_BAD, "%s: rays_after keeps %d-%d's rays",
			    fen, list[i].from, list[i].to);
		}
}

/* Exit unless legal_moves_mapped agrees with legal_moves and control_maps. */
static void
check_maps(const struct xqpos *pos, const struct xqmove *list, size_t n)
{
	struct xqmove again[XQ_MAXMOVES];
	uint8_t mine[XQ_SQUARES], theirs[XQ_SQUARES], mine2[XQ_SQUARES];
	uint64_t struck[2], marked[2] = { 0, 0 };
	char fen[XQ_FENMAX];
	int i;

	control_maps(pos, pos->side, mine, theirs);
	for (i = 0; i < XQ_SQUARES; i++)
		marked[i >> 6] |= (uint64_t)(theirs[i] != 0) << (i & 63);
	if (legal_moves_mapped(pos, again, mine2, struck, NULL) == n &&
	    memcmp(again, list, n * sizeof(*list)) == 0 &&
	    struck[0] == marked[0] && struck[1] == marked[1] &&
	    (n == 0 || memcmp(mine, mine2, sizeof(mine)) == 0))
		return;
	fen_format(pos, fen, sizeof(fen));
	errx(GF_EXIT_BAD, "%s: legal_moves_mapped differs", fen);
}

/* Exit at the first move whose check the quick tests get wrong. */
static void
check_checks(const struct xqpos *pos, const struct xqmove *list, size_t n)
{
	uint8_t sq[XQ_SQUARES], hot[XQ_SQUARES];
	char fen[XQ_FENMAX];
	size_t i;
	struct king_rays kr;
	int k, may, quick, slow;

	if ((k = king_of(pos, !pos->side)) == -1)
		return;
	memcpy(sq, pos->sq, sizeof(sq));
	kr.valid = 0;
	check_squares(sq, k, pos->side, &kr, hot);
	for (i = 0; i < n; i++) {
		may = (hot[list[i].from] & CHECK_FROM) || (hot[list[i].to] &
		    check_targets(PIECE_KIND(sq[list[i].from])));
		quick = may && move_checks(sq, pos->side, &kr, list[i]);
		slow = gives_check(pos, list[i]);
		if (quick == slow && memcmp(sq, pos->sq, sizeof(sq)) == 0)
			continue;
		fen_format(pos, fen, sizeof(fen));
		errx(GF_EXIT_BAD, "%s: move_checks says %d for %d-%d",
		    fen, quick, list[i].from, list[i].to);
	}
}

static __dead void
usage(void)
{
	fprintf(stderr, "usage: xq-perft [-c] depth [fen | -]\n");
	exit(GF_EXIT_ERROR);
}

/* Count from one FEN and print the count; exit on a bad FEN. */
static void
count_from(const char *fen, int depth)
{
	struct xqpos pos;
	const char *end;

	if (fen_parse(&pos, fen, &end) == -1 || *end != '\0')
		errx(GF_EXIT_ERROR, "bad FEN (at column %zu)",
		    (size_t)(end - fen) + 1);
	printf("%llu\n", (unsigned long long)perft(&pos, depth));
}

/* With "-" for the FEN, one count a line for the FENs read from stdin. */
int
main(int argc, char *argv[])
{
	struct linereader lr;
	const char *errstr;
	int depth, ch;

	while ((ch = getopt(argc, argv, "c")) != -1) {
		if (ch != 'c')
			usage();
		cflag = 1;
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc < 2 || argc > 3)
		usage();
	depth = (int)strtonum(argv[1], 1, 8, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "depth %s: %s", argv[1], errstr);
	if (argc == 2 || strcmp(argv[2], "-") != 0) {
		count_from(argc == 3 ? argv[2] : START_FEN, depth);
		return GF_EXIT_OK;
	}
	lr_open(&lr, "-");
	while (lr_next(&lr))
		count_from(lr.line, depth);
	lr_close(&lr);
	return GF_EXIT_OK;
}
