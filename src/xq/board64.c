/*
 * board64.c: a position alone as one mixed-radix integer, and that
 * integer as a short string (xq-pack(5), "Positions").
 *
 * The fields, first the least significant: the side to move, each king
 * among its nine palace points, then for each kind and side in a fixed
 * order the set of squares its pieces stand on, as one number among all
 * the sets of that size or smaller that fit the squares still free where
 * that kind may stand.  Restricting advisors, elephants and pawns to the
 * squares they can reach is what keeps every position within 25
 * characters.
 */

#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

#define NGROUPS	12

static int	 may_stand(int, int, int);
static uint32_t	 choose(int, int);
static int	 candidates(const struct xqpos *, int, int, uint8_t *);
static uint32_t	 sets_up_to(int, int);

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
static const uint8_t palace[2][9] = {
	{ 3, 4, 5, 12, 13, 14, 21, 22, 23 },
	{ 66, 67, 68, 75, 76, 77, 84, 85, 86 }
};
/* Kind, side, and most pieces, in the order of the fields. */
static const int group[NGROUPS][3] = {
	{ ADVISOR, RED, 2 }, { ADVISOR, BLACK, 2 },
	{ ELEPHANT, RED, 2 }, { ELEPHANT, BLACK, 2 },
	{ PAWN, RED, 5 }, { PAWN, BLACK, 5 },
	{ HORSE, RED, 2 }, { HORSE, BLACK, 2 },
	{ ROOK, RED, 2 }, { ROOK, BLACK, 2 },
	{ CANNON, RED, 2 }, { CANNON, BLACK, 2 }
};

/* Could a piece of this kind and side ever stand on sq?  (As board.c.) */
static int
may_stand(int kind, int side, int sq)
{
	int rank = sq / XQ_FILES, file = sq % XQ_FILES;
	int own = side == RED ? rank : XQ_RANKS - 1 - rank;

	switch (kind) {
	case ADVISOR:
		return own <= 2 && file >= 3 && file <= 5 &&
		    (own + file) % 2 == 1;
	case ELEPHANT:
		return own <= 4 && own % 2 == 0 && file % 2 == 0 &&
		    (own / 2 + file / 2) % 2 == 1;
	case PAWN:
		return own >= 5 || (own >= 3 && file % 2 == 0);
	default:
		return 1;
	}
}

/* C(n, k) for the small k used here; it fits in 32 bits for n <= 90. */
static uint32_t
choose(int n, int k)
{
	uint64_t c = 1;
	int i;

	if (k < 0 || k > n)
		return 0;
	for (i = 1; i <= k; i++)
		c = c * (uint64_t)(n - k + i) / (uint64_t)i;
	return (uint32_t)c;
}

static uint32_t
sets_up_to(int m, int k)
{
	uint32_t s = 0;
	int j;

	for (j = 0; j <= k; j++)
		s += choose(m, j);
	return s;
}

/* The free squares where the group may stand, in increasing order. */
static int
candidates(const struct xqpos *pos, int kind, int side, uint8_t *out)
{
	int sq, m = 0;

	for (sq = 0; sq < XQ_SQUARES; sq++)
		if (pos->sq[sq] == EMPTY && may_stand(kind, side, sq))
			out[m++] = (uint8_t)sq;
	return m;
}

/* The position as an integer; -1 if it has pieces no game could place. */
int
board_to_bignum(const struct xqpos *pos, struct bignum *v)
{
	struct xqpos built;
	uint32_t radix[3 + NGROUPS], digit[3 + NGROUPS];
	uint8_t cand[XQ_SQUARES];
	int g, i, m, j, k, side, piece;

	memset(&built, 0, sizeof(built));
	radix[0] = 2;
	digit[0] = (uint32_t)pos->side;
	for (side = RED; side <= BLACK; side++) {
		piece = KING | (side == BLACK ? BLACK_PIECE : 0);
		radix[1 + side] = 9;
		for (i = 0; i < 9 && pos->sq[palace[side][i]] != piece; i++)
			continue;
		if (i == 9)
			return -1;
		digit[1 + side] = (uint32_t)i;
		built.sq[palace[side][i]] = (uint8_t)piece;
	}
	for (g = 0; g < NGROUPS; g++) {
		piece = group[g][0] | (group[g][1] == BLACK ? BLACK_PIECE : 0);
		m = candidates(&built, group[g][0], group[g][1], cand);
		radix[3 + g] = sets_up_to(m, group[g][2]);
		/* Colex rank of the set, after the smaller sets. */
		digit[3 + g] = 0;
		for (i = 0, j = 0; i < m; i++)
			if (pos->sq[cand[i]] == piece)
				digit[3 + g] += choose(i, ++j);
		for (k = 0; k < j; k++)
			digit[3 + g] += choose(m, k);
		if (j > group[g][2])
			return -1;
		for (i = 0; i < m; i++)
			if (pos->sq[cand[i]] == piece)
				built.sq[cand[i]] = (uint8_t)piece;
	}
	if (memcmp(built.sq, pos->sq, sizeof(built.sq)) != 0)
		return -1;
	bn_set_u64(v, 0);
	for (i = 3 + NGROUPS; i-- > 0;)
		bn_mul_add(v, radix[i], digit[i]);
	return 0;
}

/* The position an integer stands for; -1 if none (v is used up). */
int
board_from_bignum(struct bignum *v, struct xqpos *pos)
{
	uint8_t cand[XQ_SQUARES];
	uint32_t d, r;
	int g, m, j, c, side, piece;

	memset(pos, 0, sizeof(*pos));
	pos->fullmove = 1;
	pos->side = (int)bn_divmod(v, 2);
	for (side = RED; side <= BLACK; side++)
		pos->sq[palace[side][bn_divmod(v, 9)]] =
		    (uint8_t)(KING | (side == BLACK ? BLACK_PIECE : 0));
	for (g = 0; g < NGROUPS; g++) {
		piece = group[g][0] | (group[g][1] == BLACK ? BLACK_PIECE : 0);
		m = candidates(pos, group[g][0], group[g][1], cand);
		d = bn_divmod(v, sets_up_to(m, group[g][2]));
		for (j = 0; j <= group[g][2] && d >= (r = choose(m, j)); j++)
			d -= r;
		/* Undo the colex rank, largest element first. */
		for (; j > 0; j--) {
			for (c = m - 1; c >= 0 && choose(c, j) > d; c--)
				continue;
			d -= choose(c, j);
			pos->sq[cand[c]] = (uint8_t)piece;
		}
	}
	if (!bn_is_zero(v))
		return -1;
	return in_check(pos, !pos->side) ? -1 : 0;
}

/*
 * The check character of version 2 games (at 2) and version 3 positions
 * (at 1): the sum, modulo 64, of the value of each other character times
 * an odd weight, 2i + 1 for the character at i (counted without the
 * check itself).  An odd weight makes any change of one character
 * change the sum, and a writer never ends a string with "A" (0), so
 * cutting the last character or adding one changes it too.
 */
int
check_value(const char *s, size_t len, size_t at)
{
	const char *p;
	unsigned int sum = 0;
	size_t i, k;

	for (i = 0, k = 0; i < len; i++) {
		if (i == at)
			continue;
		/* Callers check the alphabet; anything else counts 0. */
		p = s[i] != '\0' ? strchr(b64, s[i]) : NULL;
		sum += (unsigned int)((2 * k + 1) % 64) *
		    (unsigned int)(p != NULL ? p - b64 : 0);
		sum %= 64;
		k++;
	}
	return (int)sum;
}

/*
 * Version 0: "0" and the integer in base 64, most significant digit
 * first.  Version 3: "3", the check character, then the digits least
 * significant first, so that a string never ends in "A" (0): the check
 * then catches every cut or added last character (xq-pack(5)).
 */
char *
pack_board(const struct xqpos *pos, int version)
{
	struct bignum v;
	char *digits, *s;
	size_t len, i;

	bn_init(&v);
	if (board_to_bignum(pos, &v) == -1) {
		bn_free(&v);
		return NULL;
	}
	digits = bn_to_text(&v, 64, b64);
	bn_free(&v);
	len = strlen(digits);
	s = xmalloc(len + 3);
	if (version != 3) {
		s[0] = '0';
		memcpy(s + 1, digits, len + 1);
	} else {
		s[0] = '3';
		for (i = 0; i < len; i++)
			s[2 + i] = digits[len - 1 - i];
		s[2 + len] = '\0';
		s[1] = b64[check_value(s, len + 2, 1)];
	}
	free(digits);
	return s;
}

int
unpack_board(const char *s, size_t len, struct xqpos *pos, const char **why)
{
	struct bignum v;
	char digits[32];
	const char *text = s + 1;
	size_t i, n = len - 1;
	int rc;

	if (!is_packed_board(s, len)) {
		*why = "not a packed position";
		return -1;
	}
	if (s[0] == '3') {
		/* No writer ends one in A; the digits come lowest first. */
		if (s[len - 1] == 'A') {
			*why = "not the form a writer gives its position";
			return -1;
		}
		if (check_value(s, len, 1) != (int)(strchr(b64, s[1]) - b64)) {
			*why = "the check character does not match: a damaged "
			    "or cut position";
			return -1;
		}
		n = len - 2;
		for (i = 0; i < n; i++)
			digits[i] = s[len - 1 - i];
		text = digits;
	} else if (len > 2 && s[1] == 'A') {
		/* No writer gives a leading zero digit (0A is zero). */
		*why = "not the form a writer gives its position";
		return -1;
	}
	bn_init(&v);
	if (bn_from_text(&v, text, n, 64, b64) == -1) {
		bn_free(&v);
		*why = "not a packed position";
		return -1;
	}
	rc = board_from_bignum(&v, pos);
	bn_free(&v);
	if (rc == -1)
		*why = "no legal position has this code";
	return rc;
}

/*
 * A packed position: "0" and one to 24 base64url digits (every position
 * fits in 141 bits), or "3", a check character and one to 24 digits.
 */
int
is_packed_board(const char *s, size_t len)
{
	size_t i;

	if (len < 2 || (s[0] != '0' && s[0] != '3') ||
	    len > (s[0] == '0' ? 25U : 26U) || (s[0] == '3' && len < 3))
		return 0;
	for (i = 1; i < len; i++)
		if (s[i] == '\0' || strchr(b64, s[i]) == NULL)
			return 0;
	return 1;
}
