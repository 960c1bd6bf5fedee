/*
 * rng.c: the one random number generator of the toolkit, xoshiro256**
 * seeded through splitmix64.  Both are fixed algorithms on 64-bit
 * integers, so a seed gives the same boards and games on every machine
 * and C library, which rand() would not.
 */

#include "config.h"

#include <stdint.h>

#include "gf.h"

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
		z = (seed += UINT64_C(0x9e3779b97f4a7c15));
		z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
		z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
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

/* Uniform in [0, n), n > 0, rejecting the short last stretch for no bias. */
uint64_t
rng_below(struct rng *g, uint64_t n)
{
	uint64_t x, limit;

	limit = UINT64_MAX - UINT64_MAX % n;
	do
		x = rng_next(g);
	while (x >= limit);
	return x % n;
}

/* Uniform in [0, 1), with the 53 bits a double holds. */
double
rng_unit(struct rng *g)
{
	return (double)(rng_next(g) >> 11) / (double)(UINT64_C(1) << 53);
}

/*
 * An index below n drawn with odds proportional to odds[i], which sum
 * to total: the last one if rounding leaves the draw past them all.
 */
size_t
rng_pick(struct rng *g, const double *odds, size_t n, double total)
{
	double u;
	size_t i;

	u = rng_unit(g) * total;
	for (i = 0; i + 1 < n; i++) {
		u -= odds[i];
		if (u < 0)
			break;
	}
	return i;
}
