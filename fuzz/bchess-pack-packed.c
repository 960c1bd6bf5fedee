/* fuzz-sources: src/bchess/packed.c src/bchess/rules.c src/bchess/log.c src/bchess/legacy.c src/bchess/compact.c src/bchess/base36.c src/bchess/json.c */
/*
 * bchess-pack-packed.c: libFuzzer harness for the packed format (link
 * with -ljansson as well, for log.c's json stage).  Any input that
 * packed_decode() accepts must be the one packed form of the game it
 * reads; and a game built from the input, either legal (bytes choose
 * among the legal moves) or not (bytes are moves as written), must pack
 * and unpack to itself.
 *
 * An input whose first byte is 0xff drives a generator of long records
 * instead (the fuzzer's own inputs stay short): a legal game or up to a
 * little over RECORD_MOVES_MAX moves as written, from a seed in the
 * input.  Its payload must unpack to it, the same payload in the first
 * versions' form (no check letter) too, and the payload cut short by one
 * to three characters or extended by any byte must be refused.
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
static void	long_record(const uint8_t *, size_t);
static void	must_refuse(const char *, size_t);

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

static void
must_refuse(const char *s, size_t len)
{
	struct game h;
	const char *why;

	game_init(&h);
	if (packed_decode(s, len, &h, &why) == 0)
		abort();
	game_free(&h);
}

/*
 * Byte 1: legal game or not; 2-3: the number of moves (top three bits
 * set: next to the limit); 4-11: the seed;
 * 12: the byte added at the end.
 */
static void
long_record(const uint8_t *data, size_t size)
{
	struct game g, h;
	struct position p;
	struct move legal[MAX_LEGAL], m;
	struct rng rng;
	uint64_t seed = 0, r;
	size_t n, i, len, k;
	const char *why;
	char *s, *old;

	if (size < 13)
		return;
	/*
	 * One in eight next to the limit, the others up to 4096 moves: the
	 * escape's numbers cost time in the square of the length.
	 */
	n = (size_t)(data[2] & 0x1f) << 8 | data[3];
	n = (data[2] & 0xe0) == 0xe0 ? RECORD_MOVES_MAX - 16 + n % 33 :
	    n % 4097;
	for (i = 4; i < 12; i++)
		seed = seed << 8 | data[i];
	rng_seed(&rng, seed);
	game_init(&g);
	if (data[1] % 2 == 0) {
		position_start(&p);
		for (i = 0; i < n && !p.over; i++) {
			k = rng_below(&rng, legal_moves(&p, legal));
			position_play(&p, &legal[k]);
			game_add(&g, &legal[k]);
		}
		g.end = p.over ? p.over : 'i';
	} else {
		for (i = 0; i < n && i < RECORD_MOVES_MAX; i++) {
			r = rng_next(&rng);
			m.r1 = (uint8_t)(r % 5 + 1);
			m.c1 = (uint8_t)((r >> 8) % 7 + 1);
			m.r2 = (uint8_t)((r >> 16) % 5 + 1);
			m.c2 = (uint8_t)((r >> 24) % 7 + 1);
			m.kill = (uint8_t)(r >> 32 & 1);
			game_add(&g, &m);
		}
		g.end = "wli"[rng_below(&rng, 3)];
	}
	check_roundtrip(&g);
	s = packed_encode(&g);
	len = strlen(s);
	for (k = 1; k <= 3 && k < len; k++)
		must_refuse(s, len - k);
	old = xmalloc(len + 2);
	memcpy(old, s, len);
	old[len] = (char)data[12];
	must_refuse(old, len + 1);
	/* The first versions' form: the letter four back, no check letter. */
	old[0] = s[0] == 'Y' ? 'X' : (char)(s[0] - 4);
	game_init(&h);
	if (packed_decode(old, len - 1, &h, &why) != 0 || h.n != g.n ||
	    h.end != g.end || (g.n > 0 &&
	    memcmp(h.move, g.move, g.n * sizeof(*g.move)) != 0))
		abort();
	game_free(&h);
	free(old);
	free(s);
	game_free(&g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game g;
	const char *why;
	char *s;
	size_t len;

	if (size > 0 && data[0] == 0xff) {
		long_record(data, size);
		return 0;
	}
	game_init(&g);
	if (packed_decode((const char *)data, size, &g, &why) == 0) {
		s = packed_encode(&g);
		len = strlen(s);
		/* A payload of the first versions: no check letter. */
		if (strchr("ABCDX", data[0]) != NULL && data[0] != '\0') {
			s[0] = s[0] == 'Y' ? 'X' : (char)(s[0] - 4);
			len--;
		}
		if (len != size || memcmp(s, data, size) != 0)
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
