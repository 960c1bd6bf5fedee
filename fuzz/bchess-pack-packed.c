/* fuzz-sources: src/bchess/packed.c src/bchess/rules.c src/bchess/log.c src/bchess/legacy.c src/bchess/compact.c src/bchess/base36.c src/bchess/json.c */
/*
 * bchess-pack-packed.c: libFuzzer harness for the packed format (link
 * with -ljansson as well, for log.c's json stage).  Any input that
 * packed_decode() accepts must be the one packed form of the game it
 * reads; and a game built from the input, either legal (bytes choose
 * among the legal moves) or not (bytes are moves as written), must pack
 * and unpack to itself.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"
#include "rules.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	game_from_bytes(const uint8_t *, size_t, struct game *);
static void	check_roundtrip(const struct game *);

/*
 * With the first byte even, each byte picks a legal move (the game may
 * stop early and the end letter may lie); with it odd, every three bytes
 * are one move with any coordinates and kill flag.
 */
static void
game_from_bytes(const uint8_t *data, size_t size, struct game *g)
{
	struct position p;
	struct move legal[MAX_LEGAL], m;
	size_t i, n;

	g->end = "wli"[data[0] / 2 % 3];
	if (data[0] % 2 == 0) {
		position_start(&p);
		for (i = 1; i < size && !p.over; i++) {
			n = legal_moves(&p, legal);
			position_play(&p, &legal[data[i] % n]);
			game_add(g, &legal[data[i] % n]);
		}
		if (data[0] % 8 < 2)
			g->end = p.over ? p.over : 'i';
		return;
	}
	for (i = 1; i + 2 < size; i += 3) {
		m.r1 = data[i] % 5 + 1;
		m.c1 = data[i] / 5 % 7 + 1;
		m.r2 = data[i + 1] % 5 + 1;
		m.c2 = data[i + 1] / 5 % 7 + 1;
		m.kill = data[i + 2] & 1;
		game_add(g, &m);
	}
}

static void
check_roundtrip(const struct game *g)
{
	struct game h;
	const char *why;
	char *s;

	s = packed_encode(g);
	game_init(&h);
	if (packed_decode(s, strlen(s), &h, &why) != 0 || h.n != g->n ||
	    h.end != g->end || (g->n > 0 &&
	    memcmp(h.move, g->move, g->n * sizeof(*g->move)) != 0))
		abort();
	game_free(&h);
	free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game g;
	const char *why;
	char *s;

	game_init(&g);
	if (packed_decode((const char *)data, size, &g, &why) == 0) {
		s = packed_encode(&g);
		if (strlen(s) != size || memcmp(s, data, size) != 0)
			abort();
		free(s);
	}
	game_free(&g);
	if (size == 0)
		return 0;
	game_init(&g);
	game_from_bytes(data, size, &g);
	check_roundtrip(&g);
	game_free(&g);
	return 0;
}
