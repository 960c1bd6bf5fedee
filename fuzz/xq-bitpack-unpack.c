/* fuzz-sources: src/xq/board.c src/xq/board64.c src/xq/movegen.c src/xq/order.c src/xq/model.c src/xq/pack.c */
/*
 * xq-bitpack-unpack.c: libFuzzer harness for packed games.  An input
 * that starts with a version letter is a packed string: whatever
 * unpack_game() accepts must be a legal game that packs again, in the
 * same version and scheme, to exactly that string (the canonical form:
 * pack(unpack(s)) == s, or a rejection).  Any other input chooses a
 * game: its first byte a scheme, a version and a result, each byte after
 * it a move among the legal ones, and that game must pack and unpack to
 * itself.
 *
 * It ran at 70 runs a second under ASan because every run packed and
 * unpacked a game as long as the input in all three schemes, and each
 * ply costs a move generation and, ranked, a scoring of every legal
 * move, with every comparison in them traced for coverage; the index
 * scheme also read its integer in quadratic time.  Now a run does one
 * of the two things, a chosen game has at most MAXGEN plies, and long
 * games come from long packed strings.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

#define MAXGEN	300

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	check_same(const struct game *, const struct game *);
static void	check_legal(const struct game *);
static void	check_roundtrip(const struct game *, enum scheme, int);

static void
check_same(const struct game *a, const struct game *b)
{
	if (a->n != b->n ||
	    memcmp(a->start.sq, b->start.sq, sizeof(a->start.sq)) != 0 ||
	    a->start.side != b->start.side ||
	    (a->n > 0 && memcmp(a->move, b->move,
	    a->n * sizeof(*a->move)) != 0))
		abort();
}

static void
check_legal(const struct game *g)
{
	struct xqpos pos = g->start;
	size_t i;

	for (i = 0; i < g->n; i++) {
		if (!is_legal(&pos, g->move[i]))
			abort();
		make_move(&pos, g->move[i]);
	}
}

/* g, whose result agrees with its end, packs and unpacks to itself. */
static void
check_roundtrip(const struct game *g, enum scheme s, int version)
{
	struct game back;
	const char *why;
	char *p;

	if ((p = pack_game(g, s, version, &why)) == NULL)
		abort();
	if (unpack_game(p, strlen(p), &back, &why) == -1)
		abort();
	check_same(g, &back);
	if (version == 2 && back.result != g->result)
		abort();
	game_free(&back);
	free(p);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xqmove list[XQ_MAXMOVES];
	struct xqpos pos;
	struct game g;
	const char *why, *end;
	char *p;
	size_t i, n;
	int s, v;

	if (size > 0 && (data[0] == '1' || data[0] == '2')) {
		if (unpack_game((const char *)data, size, &g, &why) == 0) {
			check_legal(&g);
			v = data[0] == '2' ? 2 : 1;
			p = pack_game(&g, data[1] == 'g' ? SCHEME_GEOMETRIC :
			    data[1] == 'i' ? SCHEME_INDEX : SCHEME_RANKED, v,
			    &why);
			if (p == NULL || strlen(p) != size ||
			    memcmp(p, data, size) != 0)
				abort();
			free(p);
		}
		game_free(&g);
		return 0;
	}

	fen_parse(&g.start, START_FEN, &end);
	g.move = xreallocarray(NULL, MAXGEN + 1, sizeof(*g.move));
	g.n = 0;
	s = size > 0 ? data[0] % 3 : SCHEME_RANKED;
	v = size > 0 ? 1 + data[0] / 3 % 2 : 2;
	g.result = size > 0 ? (enum game_result)(data[0] >> 6) :
	    RESULT_UNKNOWN;
	pos = g.start;
	for (i = 1; i < size && g.n < MAXGEN; i++) {
		if ((n = legal_moves(&pos, list)) == 0)
			break;
		g.move[g.n++] = list[data[i] % n];
		make_move(&pos, list[data[i] % n]);
	}
	/* The end of the game decides the result, as the writer wants. */
	if (position_end(&pos) != END_NONE)
		g.result = pos.side == RED ? RESULT_BLACK : RESULT_RED;
	check_roundtrip(&g, (enum scheme)s, v);
	game_free(&g);
	return 0;
}
