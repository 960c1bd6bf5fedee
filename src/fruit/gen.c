/*
 * gen.c: random boards drawn by the game's own rule, from a generator of
 * our own (xoshiro256**, seeded through splitmix64) so that a seed gives
 * the same boards on every machine and every C library.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

static uint64_t	 rotl(uint64_t, int);

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* splitmix64 spreads one seed over the four words of state. */
void
rng_seed(struct rng *g, uint64_t seed)
{
	uint64_t z;
	int i;

	for (i = 0; i < 4; i++) {
		seed += 0x9e3779b97f4a7c15ULL;
		z = seed;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		g->s[i] = z ^ (z >> 31);
	}
}

uint64_t
rng_next(struct rng *g)
{
	uint64_t result, t;

	result = rotl(g->s[1] * 5, 7) * 9;
	t = g->s[1] << 17;
	g->s[2] ^= g->s[0];
	g->s[3] ^= g->s[1];
	g->s[1] ^= g->s[2];
	g->s[0] ^= g->s[3];
	g->s[2] ^= t;
	g->s[3] = rotl(g->s[3], 45);
	return result;
}

/* Uniform in [0, n), rejecting the short last stretch to avoid bias. */
uint64_t
rng_below(struct rng *g, uint64_t n)
{
	uint64_t x, limit;

	limit = UINT64_MAX - UINT64_MAX % n;
	do {
		x = rng_next(g);
	} while (x >= limit);
	return x % n;
}

/*
 * The game fills every cell with 1 to 9 and draws again until the total
 * is a multiple of 10, so that clearing the whole board is not ruled out
 * from the start.
 */
void
board_generate(struct board *b, size_t rows, size_t cols, struct rng *g)
{
	size_t i, n, total;

	if (rows != 0 && cols > SIZE_MAX / rows)
		errx(GF_EXIT_ERROR, "board too large");
	n = rows * cols;
	memset(b, 0, sizeof(*b));
	b->rows = rows;
	b->cols = cols;
	b->cell = xmalloc(n);
	do {
		total = 0;
		for (i = 0; i < n; i++) {
			b->cell[i] = (uint8_t)(1 + rng_below(g, 9));
			total += b->cell[i];
		}
	} while (total % FRUIT_TARGET != 0);
}
