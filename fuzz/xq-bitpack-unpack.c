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
 * The packed string of a chosen game is then damaged as a messenger
 * damages a link (cut short, one character added at the end, one
 * character changed, the choice and the place from the input's last
 * bytes), and the damaged string must meet the same canonical test: the
 * seeds hold no packed strings alone, so this is how the test on packed
 * strings sees strings close to real ones on every run.
 *
 * It ran at 70 runs a second under ASan because every run packed and
 * unpacked a game as long as the input in all three schemes, and each
 * ply costs a move generation and, ranked, a scoring of every legal
 * move, with every comparison in them traced for coverage; the index
 * scheme also read its integer in quadratic time.  Now a run does one
 * of the two things, a chosen game has at most MAXGEN plies, and long
 * games come from long packed strings.  That still made only 130 runs
 * a second: 70% of the time went to libFuzzer tracing the move
 * generator's comparisons, which build.sh no longer asks for, and
 * MAXGEN was 300.  On the same corpus it now makes about 1400.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

#define MAXGEN	100

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	check_same(const struct game *, const struct game *);
static void	check_legal(const struct game *);
static void	check_roundtrip(const struct game *, enum scheme, int,
		    const uint8_t *, size_t);
static void	check_canonical(const char *, size_t);
static void	check_damaged(const char *, const uint8_t *, size_t);

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
check_roundtrip(const struct game *g, enum scheme s, int version,
    const uint8_t *data, size_t size)
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
	check_damaged(p, data, size);
	free(p);
}

/* A packed string s of n bytes that unpacks is legal and packs to s. */
static void
check_canonical(const char *s, size_t n)
{
	struct game g;
	const char *why;
	char *p;
	int v;

	if (unpack_game(s, n, &g, &why) == 0) {
		check_legal(&g);
		v = s[0] == '2' ? 2 : 1;
		p = pack_game(&g, n > 1 && s[1] == 'g' ? SCHEME_GEOMETRIC :
		    n > 1 && s[1] == 'i' ? SCHEME_INDEX : SCHEME_RANKED, v,
		    &why);
		if (p == NULL || strlen(p) != n || memcmp(p, s, n) != 0)
			abort();
		free(p);
	}
	game_free(&g);
}

/* The packed string p, damaged as the last bytes of data say. */
static void
check_damaged(const char *p, const uint8_t *data, size_t size)
{
	static const char url[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	size_t len = strlen(p), at;
	uint8_t how, where;
	char *d;

	how = size > 0 ? data[size - 1] : 0;
	where = size > 1 ? data[size - 2] : 0;
	at = len > 1 ? 1 + where % (len - 1) : 0;
	d = xmalloc(len + 2);
	memcpy(d, p, len + 1);
	switch (how % 3) {
	case 0:		/* cut after the first at characters */
		check_canonical(d, at);
		break;
	case 1:		/* one character more */
		d[len] = url[how / 3 % 64];
		d[len + 1] = '\0';
		check_canonical(d, len + 1);
		break;
	default:	/* the character at at changed */
		if (len > 1) {
			d[at] = url[how / 3 % 64];
			check_canonical(d, len);
		}
		break;
	}
	free(d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xqmove list[XQ_MAXMOVES];
	struct xqpos pos;
	struct game g;
	const char *end;
	size_t i, n;
	int s, v;

	if (size > 0 && (data[0] == '1' || data[0] == '2')) {
		check_canonical((const char *)data, size);
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
	check_roundtrip(&g, (enum scheme)s, v, data, size);
	game_free(&g);
	return 0;
}
