/*
 * compact.c: the form the site reads since 2021-10-08, PAIRS-KILLS-END.
 * Each move is two base-36 digits of (r1-1)*245 + (r2-1)*49 + (c1-1)*7 +
 * (c2-1); the kill flags are one base-3 digit a move (2 kill, 1 none), read
 * as one number and written in base 36.  The page does that arithmetic in
 * doubles, exact below 2^53; here it is exact at every length.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

#define SITE_EXACT_LIMIT	((uint64_t)1 << 53)

static void	kills_number(const struct game *, struct bignum *);
static void	write_kills(FILE *, const struct game *);
static const struct move *pair_moves(void);
static int	parse_pairs(const char *, size_t, struct game *,
		    struct parse_error *);
static int	read_kills(const char *, size_t, struct bignum *, uint64_t *,
		    int *);
static int	parse_kills(const char *, size_t, struct game *,
		    struct parse_error *);

/* The kill digits of the moves, first move most significant. */
static void
kills_number(const struct game *g, struct bignum *x)
{
	size_t i;

	bn_set_u64(x, 0);
	for (i = 0; i < g->n; i++)
		bn_mul_add(x, 3, g->move[i].kill ? 2 : 1);
}

/*
 * Whether the page's double arithmetic carries this game's kill number
 * exactly, i.e. whether the number is below 2^53.  Always so up to 33
 * moves, never from 35 on.
 */
int
compact_site_exact(const struct game *g)
{
	uint64_t v = 0;
	size_t i;

	if (g->n <= 33)
		return 1;
	if (g->n >= 35)
		return 0;
	for (i = 0; i < g->n; i++)
		v = v * 3 + (g->move[i].kill ? 2 : 1);
	return v < SITE_EXACT_LIMIT;
}

/* Every move number's move, worked out once. */
static const struct move *
pair_moves(void)
{
	static struct move table[1225];
	static int ready;
	int v;

	if (!ready) {
		for (v = 0; v < 1225; v++) {
			table[v].r1 = (uint8_t)(v / 245 + 1);
			table[v].r2 = (uint8_t)(v % 245 / 49 + 1);
			table[v].c1 = (uint8_t)(v % 49 / 7 + 1);
			table[v].c2 = (uint8_t)(v % 7 + 1);
			table[v].kill = 0;
		}
		ready = 1;
	}
	return table;
}

static int
parse_pairs(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	const struct move *table = pair_moves();
	size_t i;
	int hi, lo, v;

	if (len % 2 != 0)
		return parse_error_set(pe, "move pairs have an odd length",
		    len / 2 + 1, p + len - 1, 1);
	if (len / 2 > RECORD_MOVES_MAX)
		return parse_error_set(pe, "a record holds at most "
		    RECORD_MOVES_MAX_TEXT " moves", RECORD_MOVES_MAX + 1,
		    p + 2 * RECORD_MOVES_MAX, 2);
	for (i = 0; i < len; i += 2) {
		hi = base36_value(p[i]);
		lo = base36_value(p[i + 1]);
		if (hi == -1 || lo == -1)
			return parse_error_set(pe, "not a base-36 digit",
			    i / 2 + 1, p + i, 2);
		v = hi * 36 + lo;
		if (v > 1224)
			return parse_error_set(pe, "move number above 1224",
			    i / 2 + 1, p + i, 2);
		game_add(g, &table[v]);
	}
	return 0;
}

/*
 * Read the kill number: in 64 bits when it has at most 12 base-36 digits
 * (every log of up to 40 moves), else as a big number.  Returns -1 if a
 * character is not a base-36 digit.
 */
static int
read_kills(const char *p, size_t len, struct bignum *x, uint64_t *small,
    int *is_small)
{
	size_t i;
	int d;

	*is_small = len <= 12;
	if (!*is_small)
		return bn_from_text(x, p, len, 36, base36_digits);
	*small = 0;
	for (i = 0; i < len; i++) {
		if ((d = base36_value(p[i])) == -1)
			return -1;
		*small = *small * 36 + (uint64_t)d;
	}
	return 0;
}

/*
 * The base-3 digits come off the least significant end, last move first.
 * A digit 0 cannot be written by exact arithmetic; the page writes such
 * digits for numbers of 2^53 and more, and reads them as "no kill", so they
 * are read the same way and the game is marked as mangled.
 */
static int
parse_kills(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	struct bignum x;
	uint64_t v = 0;
	size_t i;
	uint32_t d = 0;
	int zero = 0, large, is_small, left;

	if (g->n == 0) {
		if (len == 3 && memcmp(p, "NaN", 3) == 0)
			return 0;
		return parse_error_set(pe, "a log without moves has kills NaN",
		    0, p, len);
	}
	/* n base-3 digits never take more than n / 3 + 1 base-36 ones. */
	if (len > g->n / 3 + 1)
		return parse_error_set(pe, "kill digits do not match the moves",
		    0, p, len);
	bn_init(&x);
	if (len == 0 || read_kills(p, len, &x, &v, &is_small) == -1) {
		bn_free(&x);
		return parse_error_set(pe, "kills are not a base-36 number",
		    0, p, len);
	}
	large = is_small ? v >= SITE_EXACT_LIMIT : 1;
	for (i = g->n; i-- > 0;) {
		if (is_small) {
			d = (uint32_t)(v % 3);
			v /= 3;
		} else
			d = bn_divmod(&x, 3);
		g->move[i].kill = d == 2;
		if (d == 0)
			zero = 1;
	}
	left = is_small ? v != 0 : !bn_is_zero(&x);
	bn_free(&x);
	/* d is now the first move's digit: 0 there means too few digits. */
	if (left || d == 0 || (zero && !large))
		return parse_error_set(pe, "kill digits do not match the moves",
		    0, p, len);
	g->kills_corrupt = zero;
	return 0;
}

/*
 * The shape of p[0..len) as a compact payload, its numbers unread
 * (parse_compact reads them): COMPACT_WHOLE for PAIRS-KILLS-END in full,
 * COMPACT_BEGUN for the beginning of one that a line break may have cut
 * (its pairs and kills so far, a dash after them or not), 0 for neither.
 * With from_start 0, p may begin anywhere in a payload: its fields are
 * told by its dashes from the end, and the pairs' length is not known.
 */
int
compact_shape(const char *p, size_t len, int from_start)
{
	size_t i, field = 0, pairs = 0, after = 0;

	for (i = 0; i < len; i++) {
		if (p[i] == '-') {
			if (++field > 2)
				return 0;
			after = 0;
		} else if (base36_value(p[i]) == -1)
			return 0;
		else if (field == 0)
			pairs++;
		else
			after++;
	}
	if (from_start && field > 0 && pairs % 2 != 0)
		return 0;
	if (len >= 2 && p[len - 2] == '-' && is_end_letter(p[len - 1]) &&
	    (field == 2 || !from_start))
		return COMPACT_WHOLE;
	return field == 2 && after > 0 ? 0 : COMPACT_BEGUN;
}

int
parse_compact(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	const char *dash1, *dash2, *end = p + len;

	dash1 = memchr(p, '-', len);
	dash2 = dash1 == NULL ? NULL :
	    memchr(dash1 + 1, '-', (size_t)(end - dash1 - 1));
	if (dash1 == NULL || dash2 == NULL || end - dash2 != 2 ||
	    !is_end_letter(dash2[1]))
		return parse_error_set(pe, "not PAIRS-KILLS-END", 0, p, len);
	if (parse_pairs(p, (size_t)(dash1 - p), g, pe) == -1 ||
	    parse_kills(dash1 + 1, (size_t)(dash2 - dash1 - 1), g, pe) == -1)
		return -1;
	g->end = dash2[1];
	return 0;
}

/*
 * Up to 40 moves the kill number fits in 64 bits (3^40 < 2^64), which is
 * nearly every real game; longer ones take the big-number path.
 */
static void
write_kills(FILE *fp, const struct game *g)
{
	struct bignum x;
	char digits[16], *kills;
	uint64_t v = 0;
	size_t i, n = 0;

	if (g->n == 0) {
		fputs("NaN", fp);
		return;
	}
	if (g->n > 40) {
		bn_init(&x);
		kills_number(g, &x);
		kills = bn_to_text(&x, 36, base36_digits);
		fputs(kills, fp);
		free(kills);
		bn_free(&x);
		return;
	}
	for (i = 0; i < g->n; i++)
		v = v * 3 + (g->move[i].kill ? 2 : 1);
	do {
		digits[n++] = base36_digits[v % 36];
		v /= 36;
	} while (v != 0);
	while (n > 0)
		putc_unlocked(digits[--n], fp);
}

void
write_compact(FILE *fp, const struct game *g)
{
	char buf[4096], *p = buf;
	size_t i;
	int v;

	for (i = 0; i < g->n; i++) {
		const struct move *m = &g->move[i];

		/* Room for this pair and for the dash after the last. */
		if (sizeof(buf) - (size_t)(p - buf) < 3) {
			fwrite_unlocked(buf, 1, (size_t)(p - buf), fp);
			p = buf;
		}
		v = (m->r1 - 1) * 245 + (m->r2 - 1) * 49 + (m->c1 - 1) * 7 +
		    (m->c2 - 1);
		*p++ = base36_digits[v / 36];
		*p++ = base36_digits[v % 36];
	}
	*p++ = '-';
	fwrite_unlocked(buf, 1, (size_t)(p - buf), fp);
	write_kills(fp, g);
	putc_unlocked('-', fp);
	putc_unlocked(g->end, fp);
}
