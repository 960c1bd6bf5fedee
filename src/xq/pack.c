/*
 * pack.c: games as packed strings (xq-pack(5)).
 *
 * A packed game is its version ("1" or "2"), a letter for the scheme,
 * in version 2 a check character, then a bit string six bits a
 * character in the base64url alphabet: the number of plies, the start
 * position if it is not the standard one, the moves, and in version 2
 * the result unless the moves end the game.  Bits past the end of the
 * string read as zeros, so the writer drops the trailing zero bits.
 * Every scheme checks each move against the rules both ways, and a
 * reader takes only the one string the writer gives for its game, so
 * that junk after a game is refused rather than ignored.
 */

#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

#define MAXPLIES	10000	/* far beyond any game played */
/*
 * The most bits a ply can take in each scheme: 4 for the piece and 5
 * for its destination; 7 for fewer than 128 legal moves; 16 for a
 * frequency of 1 in at most 2^16, and a little for the coder's rounding.
 * HEADBITS holds a ply count, a start position, a result and the range
 * coder's last bytes.
 */
#define HEADBITS	(27 + 1 + 15 + 141 + 2 + 40)
static const unsigned int ply_bits[] = { 9, 7, 17 };

/* How a game is coded: its version and its scheme. */
struct form {
	int		 version;
	enum scheme	 scheme;
};

struct bits {
	const uint8_t	*buf;
	size_t		 nbits;
	size_t		 pos;
};

static uint32_t	 get_bits(struct bits *, unsigned int);
static uint32_t	 get_truncbin(struct bits *, uint32_t);
static int	 get_gamma(struct bits *, uint32_t *);
static void	 put_gamma(struct bitwriter *, uint32_t);
static int	 find_move(const struct xqmove *, size_t, struct xqmove);
static int	 geometric_pieces(const struct xqpos *, uint8_t *);
static int	 put_geometric(struct bitwriter *, const struct game *, int);
static int	 get_geometric(struct bits *, struct game *, int,
		    const char **);
static int	 put_index(struct bitwriter *, const struct game *, int);
static int	 get_index(struct bits *, struct game *, int, const char **);
static int	 put_ranked(struct bitwriter *, const struct game *, int);
static int	 get_ranked(struct bits *, struct game *, int,
		    struct rc_encoder *, const char **);
static int	 result_coded(const struct xqpos *, enum game_result,
		    enum game_result *);
static char	*bits_to_text(const struct bitwriter *, struct form);
static char	*pack_form(const struct game *, struct form,
		    const struct rc_encoder *, const char **);
static int	 read_form(const char *, size_t, struct form *);
static size_t	 most_chars(struct form, size_t);
static int	 canonical(const char *, size_t, const struct game *,
		    struct form, const struct rc_encoder *, const char **);
static void	 rest_as_integer(struct bits *, struct bignum *);
static int	 ends_cleanly(const char *, size_t, const struct bits *,
		    struct form, const char **);
static int	 b64_value(int);

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
static const char scheme_letter[] = "gir";
static const char version_letter[] = "12";
static const char *scheme_names[] = { "geometric", "index", "ranked" };

const char *
scheme_name(enum scheme s)
{
	return scheme_names[s];
}

int
scheme_from_name(const char *name, enum scheme *out)
{
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(name, scheme_names[i]) == 0) {
			*out = (enum scheme)i;
			return 0;
		}
	return -1;
}

/*
 * The value of a base64url digit, or -1: from a table made once, since
 * tests of the ranges a digit falls in would be guessed wrong about once
 * a digit.
 */
static int
b64_value(int c)
{
	static int8_t value[256];
	static int ready;
	int i;

	if (!ready) {
		memset(value, -1, sizeof(value));
		for (i = 0; i < 64; i++)
			value[(unsigned char)b64[i]] = (int8_t)i;
		ready = 1;
	}
	return value[c & 0xff];
}

/*
 * Bits past the end are zeros.  The buffer has three bytes past the
 * last that holds bits, so that up to 25 bits are read in one go.
 */
static uint32_t
get_bits(struct bits *b, unsigned int n)
{
	const uint8_t *p;
	uint32_t v = 0, w;

	if (n <= 25 && b->pos + n <= b->nbits) {
		p = b->buf + (b->pos >> 3);
		w = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
		v = n == 0 ? 0 : w << (b->pos & 7) >> (32 - n);
		b->pos += n;
		return v;
	}
	while (n-- > 0) {
		v <<= 1;
		if (b->pos < b->nbits)
			v |= (b->buf[b->pos >> 3] >> (7 - (b->pos & 7))) & 1;
		b->pos++;
	}
	return v;
}

/* As br_get_truncbin: n values in floor or ceil of log2 n bits. */
static uint32_t
get_truncbin(struct bits *b, uint32_t n)
{
	uint32_t u, v;
	unsigned int k;

	if (n <= 1)
		return 0;
	for (k = 0; (2U << k) <= n; k++)
		continue;
	u = (2U << k) - n;
	v = get_bits(b, k);
	if (v >= u)
		v = (v << 1 | get_bits(b, 1)) - u;
	return v;
}

/* Elias gamma: k zeros, then the k + 1 bits of v >= 1. */
static void
put_gamma(struct bitwriter *bw, uint32_t v)
{
	unsigned int k;

	for (k = 0; (v >> k) > 1; k++)
		bw_put(bw, 0, 1);
	bw_put(bw, v, k + 1);
}

static int
get_gamma(struct bits *b, uint32_t *v)
{
	unsigned int k;

	for (k = 0; get_bits(b, 1) == 0; k++)
		if (k == 31 || b->pos > b->nbits)
			return -1;
	*v = (1U << k) | get_bits(b, k);
	return 0;
}

static int
find_move(const struct xqmove *list, size_t n, struct xqmove m)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i].from == m.from && list[i].to == m.to)
			return (int)i;
	return -1;
}

/* The mover's pieces that have a geometric destination, by square. */
static int
geometric_pieces(const struct xqpos *pos, uint8_t *out)
{
	int sq, n = 0;

	for (sq = 0; sq < XQ_SQUARES; sq++)
		if (pos->sq[sq] != EMPTY &&
		    PIECE_SIDE(pos->sq[sq]) == pos->side &&
		    has_geometric_target(pos, sq))
			out[n++] = (uint8_t)sq;
	return n;
}

/*
 * Once the moves are played from the start: 1 if the result is coded
 * (the game goes on), 0 if the end gives it (*out: the side to move has
 * lost, mated or stalemated), -1 if the record's result says otherwise.
 */
static int
result_coded(const struct xqpos *pos, enum game_result r,
    enum game_result *out)
{
	if (position_end(pos) == END_NONE) {
		*out = r;
		return 1;
	}
	*out = pos->side == RED ? RESULT_BLACK : RESULT_RED;
	return r == RESULT_UNKNOWN || r == *out ? 0 : -1;
}

static int
put_geometric(struct bitwriter *bw, const struct game *g, int version)
{
	struct xqpos pos = g->start;
	uint8_t piece[16 + 1], t[XQ_SQUARES];
	enum game_result r;
	size_t i, nt, k;
	int np, p;

	for (i = 0; i < g->n; i++) {
		if (!is_legal(&pos, g->move[i]))
			return -1;
		np = geometric_pieces(&pos, piece);
		for (p = 0; piece[p] != g->move[i].from; p++)
			continue;
		bw_put_truncbin(bw, (uint32_t)p, (uint32_t)np);
		nt = geometric_targets(&pos, g->move[i].from, t);
		for (k = 0; t[k] != g->move[i].to; k++)
			continue;
		bw_put_truncbin(bw, (uint32_t)k, (uint32_t)nt);
		make_move(&pos, g->move[i]);
	}
	if (version == 2) {
		if ((p = result_coded(&pos, g->result, &r)) == -1)
			return -2;
		if (p == 1)
			bw_put_truncbin(bw, (uint32_t)r, 4);
	}
	return 0;
}

static int
get_geometric(struct bits *b, struct game *g, int version, const char **why)
{
	struct xqpos pos = g->start;
	uint8_t piece[16 + 1], t[XQ_SQUARES];
	struct xqmove m;
	size_t i, nt;
	int np;

	for (i = 0; i < g->n; i++) {
		if ((np = geometric_pieces(&pos, piece)) == 0)
			goto illegal;
		m.from = piece[get_truncbin(b, (uint32_t)np)];
		nt = geometric_targets(&pos, m.from, t);
		m.to = t[get_truncbin(b, (uint32_t)nt)];
		if (!is_legal(&pos, m))
			goto illegal;
		g->move[i] = m;
		make_move(&pos, m);
	}
	if (version == 2 && result_coded(&pos, RESULT_UNKNOWN, &g->result))
		g->result = (enum game_result)get_truncbin(b, 4);
	return 0;
illegal:
	g->n = i;
	*why = "the code gives an illegal move";
	return -1;
}

/*
 * The moves as one integer, the first move the least significant digit;
 * in version 2 the result is one more digit, of radix 4, unless the
 * moves end the game.
 */
static int
put_index(struct bitwriter *bw, const struct game *g, int version)
{
	struct xqpos pos = g->start;
	struct xqmove list[XQ_MAXMOVES];
	uint8_t *radix, *digit;
	enum game_result r;
	struct bignum v;
	size_t i, n, nbits;
	int k, rc = 0;

	radix = xmalloc(g->n + 1);
	digit = xmalloc(g->n + 1);
	for (i = 0; i < g->n; i++) {
		radix[i] = (uint8_t)legal_moves(&pos, list);
		if ((k = find_move(list, radix[i], g->move[i])) == -1) {
			rc = -1;
			goto out;
		}
		digit[i] = (uint8_t)k;
		make_move(&pos, g->move[i]);
	}
	n = g->n;
	if (version == 2) {
		if ((k = result_coded(&pos, g->result, &r)) == -1) {
			rc = -2;
			goto out;
		}
		if (k == 1) {
			radix[n] = 4;
			digit[n++] = (uint8_t)r;
		}
	}
	bn_init(&v);
	for (i = n; i-- > 0;)
		bn_mul_add(&v, radix[i], digit[i]);
	/* Least significant bit first, so the padding is leading zeros. */
	nbits = bn_bits(&v);
	for (i = 0; i < nbits; i++)
		bw_put(bw, (v.limb[i / 32] >> (i % 32)) & 1, 1);
	bn_free(&v);
out:
	free(radix);
	free(digit);
	return rc;
}

/*
 * The bits left, least significant first, as an integer: made limb by
 * limb, as building it a bit at a time costs the square of its length.
 */
static void
rest_as_integer(struct bits *b, struct bignum *v)
{
	size_t i, k, nbits;

	bn_init(v);
	if (b->pos >= b->nbits)
		return;
	nbits = b->nbits - b->pos;
	v->cap = v->n = (nbits + 31) / 32;
	v->limb = xcalloc(v->cap, sizeof(*v->limb));
	for (k = 0, i = b->pos; i < b->nbits; i++, k++)
		if ((b->buf[i >> 3] >> (7 - (i & 7))) & 1)
			v->limb[k / 32] |= 1U << (k % 32);
	while (v->n > 0 && v->limb[v->n - 1] == 0)
		v->n--;
	b->pos = b->nbits;
}

static int
get_index(struct bits *b, struct game *g, int version, const char **why)
{
	struct xqpos pos = g->start;
	struct xqmove list[XQ_MAXMOVES];
	struct bignum v;
	size_t i, n;
	uint32_t d;

	rest_as_integer(b, &v);
	for (i = 0; i < g->n; i++) {
		if ((n = legal_moves(&pos, list)) == 0)
			break;
		d = bn_divmod(&v, (uint32_t)n);
		g->move[i] = list[d];
		make_move(&pos, list[d]);
	}
	if (i == g->n && version == 2 &&
	    result_coded(&pos, RESULT_UNKNOWN, &g->result))
		g->result = (enum game_result)bn_divmod(&v, 4);
	if (i < g->n || !bn_is_zero(&v)) {
		bn_free(&v);
		*why = i < g->n ? "the code plays past the end of the game" :
		    "the code is too large for its moves";
		g->n = i;
		return -1;
	}
	bn_free(&v);
	return 0;
}

/*
 * Each move range coded with the frequencies the model gives the legal
 * moves, taken in the generator's order; in version 2 then the result,
 * one of 4 alike, unless the moves end the game.
 */
static int
put_ranked(struct bitwriter *bw, const struct game *g, int version)
{
	struct xqpos pos = g->start;
	struct xqmove list[XQ_MAXMOVES];
	struct order_context ctx;
	struct rc_encoder rc;
	enum game_result r;
	uint32_t freq[XQ_MAXMOVES], total, cum;
	size_t i, n;
	int j, k;

	rc_enc_init(&rc);
	context_start(&ctx);
	for (i = 0; i < g->n; i++) {
		n = ranked_moves(&pos, &ctx, list, freq, &total);
		if ((k = find_move(list, n, g->move[i])) == -1) {
			rc_enc_free(&rc);
			return -1;
		}
		if (n > 1) {
			for (cum = 0, j = 0; j < k; j++)
				cum += freq[j];
			rc_encode(&rc, cum, freq[k], total);
		}
		context_next(&ctx, g->move[i]);
		make_move(&pos, g->move[i]);
	}
	if (version == 2) {
		if ((k = result_coded(&pos, g->result, &r)) == -1) {
			rc_enc_free(&rc);
			return -2;
		}
		if (k == 1)
			rc_encode(&rc, (uint32_t)r, 1, 4);
	}
	rc_enc_finish(&rc);
	for (i = 0; i < rc.len; i++)
		bw_put(bw, rc.buf[i], 8);
	rc_enc_free(&rc);
	return 0;
}

/*
 * The decoder codes each move again as it goes (into enc), so that the
 * string can be checked to be the writer's without scoring the moves a
 * second time.
 */
static int
get_ranked(struct bits *b, struct game *g, int version,
    struct rc_encoder *enc, const char **why)
{
	struct xqpos pos = g->start;
	struct xqmove list[XQ_MAXMOVES];
	struct order_context ctx;
	struct rc_decoder rc;
	uint32_t freq[XQ_MAXMOVES], total, cum, v;
	uint8_t *bytes;
	size_t i, k, n, nbytes;

	nbytes = b->pos < b->nbits ? (b->nbits - b->pos + 7) / 8 : 0;
	bytes = xmalloc(nbytes + 1);
	for (i = 0; i < nbytes; i++)
		bytes[i] = (uint8_t)get_bits(b, 8);
	rc_dec_init(&rc, bytes, nbytes);
	context_start(&ctx);
	for (i = 0; i < g->n; i++) {
		if ((n = ranked_moves(&pos, &ctx, list, freq, &total)) == 0)
			break;
		k = 0;
		if (n > 1) {
			v = rc_decode_freq(&rc, total);
			for (cum = 0; cum + freq[k] <= v; k++)
				cum += freq[k];
			rc_decode_update(&rc, cum, freq[k]);
			rc_encode(enc, cum, freq[k], total);
		}
		g->move[i] = list[k];
		context_next(&ctx, list[k]);
		make_move(&pos, list[k]);
	}
	if (i == g->n && version == 2 &&
	    result_coded(&pos, RESULT_UNKNOWN, &g->result)) {
		v = rc_decode_freq(&rc, 4);
		rc_decode_update(&rc, v, 1);
		rc_encode(enc, v, 1, 4);
		g->result = (enum game_result)v;
	}
	rc_enc_finish(enc);
	free(bytes);
	if (i < g->n) {
		g->n = i;
		*why = "the code plays past the end of the game";
		return -1;
	}
	return 0;
}

/* The bits written, trailing zeros dropped, after the letters. */
static char *
bits_to_text(const struct bitwriter *bw, struct form f)
{
	size_t nbits = bw->nbits, n, i, k, head;
	uint32_t v;
	unsigned int have;
	char *s;

	while (nbits > 0 &&
	    ((bw->buf[(nbits - 1) >> 3] >> (7 - ((nbits - 1) & 7))) & 1) == 0)
		nbits--;
	n = (nbits + 5) / 6;
	head = f.version == 2 ? 3 : 2;
	s = xmalloc(n + head + 1);
	s[0] = version_letter[f.version - 1];
	s[1] = scheme_letter[f.scheme];
	/*
	 * A byte at a time into v, six bits at a time out of it; past
	 * nbits the bits are zeros (the buffer's, then none).
	 */
	for (v = 0, have = 0, k = 0, i = 0; i < n; i++) {
		if (have < 6) {
			v = v << 8 | (k < bw->len ? bw->buf[k] : 0);
			k++;
			have += 8;
		}
		have -= 6;
		s[head + i] = b64[v >> have & 63];
	}
	s[head + n] = '\0';
	if (f.version == 2)
		s[2] = b64[check_value(s, head + n, 2)];
	return s;
}

/*
 * The packed string in the given version (1 or 2), or NULL with *why
 * set if a move is illegal, there are too many, or the result is not
 * the one the end of the game gives.
 */
char *
pack_game(const struct game *g, enum scheme scheme, int version,
    const char **why)
{
	struct form f;

	f.version = version;
	f.scheme = scheme;
	return pack_form(g, f, NULL, why);
}

/*
 * As pack_game; for the ranked scheme, coded is the range coder's code
 * of the moves if a decoder has made it already, or NULL.
 */
static char *
pack_form(const struct game *g, struct form f, const struct rc_encoder *coded,
    const char **why)
{
	struct bitwriter bw;
	struct bignum v;
	char *s = NULL;
	size_t i, nbits;
	int rc;

	*why = "too many plies (more than 10000)";
	if (g->n > MAXPLIES)
		return NULL;
	bw_init(&bw);
	put_gamma(&bw, (uint32_t)g->n + 1);
	if (is_start_position(&g->start))
		bw_put(&bw, 0, 1);
	else {
		bw_put(&bw, 1, 1);
		bn_init(&v);
		*why = "no game can reach the start position";
		if (board_to_bignum(&g->start, &v) == -1) {
			bn_free(&v);
			goto out;
		}
		nbits = bn_bits(&v);
		put_gamma(&bw, (uint32_t)nbits + 1);
		for (i = nbits; i-- > 0;)
			bw_put(&bw, (v.limb[i / 32] >> (i % 32)) & 1, 1);
		bn_free(&v);
	}
	rc = 0;
	if (coded != NULL)
		for (i = 0; i < coded->len; i++)
			bw_put(&bw, coded->buf[i], 8);
	else if (f.scheme == SCHEME_GEOMETRIC)
		rc = put_geometric(&bw, g, f.version);
	else if (f.scheme == SCHEME_INDEX)
		rc = put_index(&bw, g, f.version);
	else
		rc = put_ranked(&bw, g, f.version);
	bw_flush(&bw);
	if (rc == 0)
		s = bits_to_text(&bw, f);
	else
		*why = rc == -1 ? "illegal move" :
		    "the result is not the one the end of the game gives";
out:
	bw_free(&bw);
	return s;
}

/* The version and scheme a packed game's letters name, or -1. */
static int
read_form(const char *s, size_t len, struct form *f)
{
	const char *p;

	if (len < 2 || s[0] == '\0' || s[1] == '\0' ||
	    (p = strchr(version_letter, s[0])) == NULL)
		return -1;
	f->version = (int)(p - version_letter) + 1;
	if ((p = strchr(scheme_letter, s[1])) == NULL ||
	    (f->version == 2 && len < 3))
		return -1;
	f->scheme = (enum scheme)(p - scheme_letter);
	return 0;
}

/* A packed game: a version, a scheme letter, and base64url digits. */
int
is_packed_game(const char *s, size_t len)
{
	struct form f;
	size_t i;

	if (read_form(s, len, &f) == -1)
		return 0;
	for (i = 2; i < len; i++)
		if (b64_value((unsigned char)s[i]) == -1)
			return 0;
	return 1;
}

/* The longest string a game of so many plies packs into. */
static size_t
most_chars(struct form f, size_t plies)
{
	return 3 + (HEADBITS + ply_bits[f.scheme] * plies + 5) / 6;
}

/* The longest packed game, for the man pages and the tests. */
size_t
packed_game_max(void)
{
	struct form f = { 2, SCHEME_RANKED };

	return most_chars(f, MAXPLIES);
}

static int
read_start(struct bits *b, struct game *g, const char **why)
{
	struct bignum v;
	uint32_t nbits, i;
	int rc;

	if (get_bits(b, 1) == 0) {
		start_position(&g->start);
		return 0;
	}
	if (get_gamma(b, &nbits) == -1 || nbits > 200) {
		*why = "bad start position";
		return -1;
	}
	bn_init(&v);
	for (i = 1; i < nbits; i++)
		bn_mul_add(&v, 2, get_bits(b, 1));
	/* A writer gives no leading zero bits, and the start as one bit. */
	if (bn_bits(&v) != nbits - 1) {
		bn_free(&v);
		*why = "not the form a writer gives its game";
		return -1;
	}
	rc = board_from_bignum(&v, &g->start);
	bn_free(&v);
	if (rc == -1)
		*why = "bad start position";
	else if (is_start_position(&g->start)) {
		*why = "not the form a writer gives its game";
		rc = -1;
	}
	return rc;
}

/*
 * The checks that make a geometric or index string the writer's: no
 * trailing "A" (the writer drops trailing zero bits) and, geometric, no
 * bit set after the code; the header was checked as it was read, and an
 * index integer must be used up by its moves.  Each code word of these
 * schemes stands for one value, so nothing else could differ.
 */
static int
ends_cleanly(const char *s, size_t len, const struct bits *b, struct form f,
    const char **why)
{
	size_t i;

	if (s[len - 1] == 'A') {
		*why = "junk after the end of the game";
		return -1;
	}
	if (f.scheme == SCHEME_GEOMETRIC)
		for (i = b->pos; i < b->nbits; i++)
			if ((b->buf[i >> 3] >> (7 - (i & 7))) & 1) {
				*why = "junk after the end of the game";
				return -1;
			}
	return 0;
}

/*
 * Is the ranked string s the very string the writer gives for the game
 * decoded from it?  The range decoder takes many codes for one game;
 * the writer gives the shortest, which coded holds, as the decoder made
 * it.  Anything after the game, or another code, is refused.
 */
static int
canonical(const char *s, size_t len, const struct game *g, struct form f,
    const struct rc_encoder *coded, const char **why)
{
	const char *w;
	char *p;
	size_t n;
	int rc = 0;

	if ((p = pack_form(g, f, coded, &w)) == NULL) {
		*why = w;
		return -1;
	}
	n = strlen(p);
	if (n != len || memcmp(p, s, len) != 0) {
		rc = -1;
		*why = n < len && memcmp(p, s, n) == 0 ?
		    "junk after the end of the game" :
		    "not the form a writer gives its game";
	}
	free(p);
	return rc;
}

/*
 * Decode a packed game into g (to free with game_free, also on failure,
 * when g holds the moves decoded before the fault).
 */
int
unpack_game(const char *s, size_t len, struct game *g, const char **why)
{
	struct rc_encoder enc;
	struct bits b;
	struct form f;
	uint8_t *buf;
	uint32_t n, acc;
	size_t i, k, head;
	unsigned int nacc;
	int rc = -1;

	g->move = NULL;
	g->n = 0;
	g->result = RESULT_UNKNOWN;
	if (!is_packed_game(s, len) || read_form(s, len, &f) == -1) {
		*why = "not a packed game";
		return -1;
	}
	/* What cannot be a game is refused before it is decoded. */
	if (len > packed_game_max()) {
		*why = "longer than any packed game";
		return -1;
	}
	head = f.version == 2 ? 3 : 2;
	if (f.version == 2 &&
	    b64_value((unsigned char)s[2]) != check_value(s, len, 2)) {
		*why = "the check character does not match: a damaged or "
		    "cut link";
		return -1;
	}
	/* Six bits a digit, first bit highest; room for get_bits. */
	buf = xcalloc(len + 3, 1);
	for (acc = 0, nacc = 0, k = 0, i = head; i < len; i++) {
		acc = acc << 6 | (uint32_t)b64_value((unsigned char)s[i]);
		nacc += 6;
		if (nacc >= 8) {
			nacc -= 8;
			buf[k++] = (uint8_t)(acc >> nacc);
		}
	}
	if (nacc > 0)
		buf[k] = (uint8_t)(acc << (8 - nacc));
	b.buf = buf;
	b.nbits = (len - head) * 6;
	b.pos = 0;
	if (get_gamma(&b, &n) == -1 || n - 1 > MAXPLIES) {
		*why = "bad ply count";
		goto out;
	}
	if (len > most_chars(f, n - 1)) {
		*why = "too long for its number of plies";
		goto out;
	}
	if (read_start(&b, g, why) == -1)
		goto out;
	g->n = n - 1;
	g->move = xreallocarray(NULL, g->n + 1, sizeof(*g->move));
	rc_enc_init(&enc);
	if (f.scheme == SCHEME_GEOMETRIC)
		rc = get_geometric(&b, g, f.version, why);
	else if (f.scheme == SCHEME_INDEX)
		rc = get_index(&b, g, f.version, why);
	else
		rc = get_ranked(&b, g, f.version, &enc, why);
	if (rc == 0 && f.scheme == SCHEME_RANKED)
		rc = canonical(s, len, g, f, &enc, why);
	else if (rc == 0)
		rc = ends_cleanly(s, len, &b, f, why);
	rc_enc_free(&enc);
out:
	free(buf);
	return rc;
}

void
game_free(struct game *g)
{
	free(g->move);
	g->move = NULL;
	g->n = 0;
}
