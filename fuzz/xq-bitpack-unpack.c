/* fuzz-sources: src/xq/board.c src/xq/board64.c src/xq/movegen.c src/xq/order.c src/xq/model.c src/xq/pack.c */
/*
 * xq-bitpack-unpack.c: libFuzzer harness for packed games.  Any string
 * unpack_game() accepts must be a legal game that packs again, in the
 * same scheme, to a string that unpacks to the same game; and a game
 * whose moves the input bytes choose among the legal moves must pack and
 * unpack to itself in every scheme.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	check_roundtrip(const struct game *, enum scheme);

static void
check_roundtrip(const struct game *g, enum scheme s)
{
	struct game back;
	const char *why;
	char *p;

	if ((p = pack_game(g, s)) == NULL)
		abort();
	if (unpack_game(p, strlen(p), &back, &why) == -1 || back.n != g->n ||
	    memcmp(back.start.sq, g->start.sq, sizeof(g->start.sq)) != 0 ||
	    back.start.side != g->start.side ||
	    (g->n > 0 && memcmp(back.move, g->move,
	    g->n * sizeof(*g->move)) != 0))
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
	size_t i, n;
	int s;

	if (unpack_game((const char *)data, size, &g, &why) == 0)
		check_roundtrip(&g, data[1] == 'g' ? SCHEME_GEOMETRIC :
		    data[1] == 'i' ? SCHEME_INDEX : SCHEME_RANKED);
	game_free(&g);

	fen_parse(&g.start, START_FEN, &end);
	g.move = xreallocarray(NULL, size + 1, sizeof(*g.move));
	g.n = 0;
	pos = g.start;
	for (i = 0; i < size; i++) {
		if ((n = legal_moves(&pos, list)) == 0)
			break;
		g.move[g.n++] = list[data[i] % n];
		make_move(&pos, list[data[i] % n]);
	}
	for (s = SCHEME_GEOMETRIC; s <= SCHEME_RANKED; s++)
		check_roundtrip(&g, (enum scheme)s);
	game_free(&g);
	return 0;
}
