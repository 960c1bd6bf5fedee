/*
 * packed.c: the packed format of bchess-log(5).  A record that replays
 * as the site writes it is stored as the index of each move among the
 * legal moves of its position, one exact mixed-radix number in base 36;
 * the kill flags and the end letter follow from the moves, and a
 * finished game needs no length.  Any other record goes through an
 * escape that keeps every move, flag and end letter as written.  The
 * first character names the form, so that later forms can be added.
 */

#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"
#include "rules.h"

#define PACKED_FINISHED		'A'	/* mixed radix, played to the end */
#define PACKED_UNFINISHED	'B'	/* mixed radix, with a move count */
#define PACKED_MODEL_FINISHED	'C'	/* range coded, played to the end */
#define PACKED_MODEL_UNFINISHED	'D'	/* range coded, with a move count */
#define PACKED_ESCAPE		'X'	/* every field as written */
/*
 * The checked versions: the same payloads under the letter four on (Y
 * for X), with a check letter at the end.  They are the ones written.
 */
#define CHECKED_SHIFT		4
#define PACKED_CHECKED_ESCAPE	'Y'

/*
 * The longest payload (digits after the version letter) of each form:
 * a game of 44 moves packs to at most 34 digits mixed radix (36 with a
 * count) and about 90 range coded; a record of RECORD_MOVES_MAX moves
 * takes at most 21779 digits as an escape.  Longer ones are refused
 * before any number is built from them.
 */
#define RADIX_DIGITS_MAX	64
#define MODEL_DIGITS_MAX	256
#define ESCAPE_DIGITS_MAX	21779

/* The range coder keeps six base-36 digits of its interval. */
#define RC_TOP		2176782336ULL	/* 36^6 */
#define RC_BOTTOM	60466176ULL	/* 36^5 */

#define COUNT_RADIX	(MAX_GAME_MOVES)	/* unfinished: 0..43 moves */
#define ESCAPE_RADIX	2451	/* 1 + 2 * (compact pair value) + kill */
#define PAIR_VALUES	1225

struct enc36 {
	uint64_t	 low;
	uint64_t	 range;
	char		*digit;		/* base-36 digit values, then text */
	size_t		 n;
	size_t		 cap;
};

struct dec36 {
	const char	*text;
	size_t		 len;
	size_t		 pos;
	uint64_t	 diff;		/* the code minus the interval's low end */
	uint64_t	 range;
};

static void	 enc_init(struct enc36 *, int);
static void	 enc_digit(struct enc36 *, int);
static void	 enc_carry(struct enc36 *);
static void	 enc_symbol(struct enc36 *, const uint32_t *, size_t, size_t);
static char	*enc_finish(struct enc36 *);
static void	 dec_init(struct dec36 *, const char *, size_t);
static int	 dec_symbol(struct dec36 *, const uint32_t *, size_t,
		    size_t *);
static size_t	 move_freqs(const struct position *, struct move *,
		    uint32_t *);
static char	*encode_model(const struct game *);
static int	 decode_model(int, const char *, size_t, struct game *,
		    const char **);
static size_t	 find_move(const struct move *, size_t, const struct move *);
static int	 check_end(int, const struct position *, const char **);
static char	*with_version(int, const struct bignum *);
static int	 move_indexes(const struct game *, uint8_t *, uint8_t *);
static char	*encode_radix(const struct game *);
static char	*encode_escape(const struct game *);
static char	*encode_unchecked(const struct game *);
static int	 check_letter(const char *, size_t);
static int	 unchecked_version(int);
static size_t	 digits_max(int);
static int	 decode_radix(int, struct bignum *, struct game *,
		    const char **);
static int	 decode_escape(struct bignum *, struct game *, const char **);

static const char end_letters[] = "wli";

static void
enc_init(struct enc36 *rc, int version)
{
	rc->low = 0;
	rc->range = RC_TOP;
	rc->cap = 64;
	rc->digit = xmalloc(rc->cap);
	rc->digit[0] = (char)version;
	rc->n = 1;
}

static void
enc_digit(struct enc36 *rc, int d)
{
	if (rc->n + 1 >= rc->cap) {
		rc->digit = xreallocarray(rc->digit, rc->cap, 2);
		rc->cap *= 2;
	}
	rc->digit[rc->n++] = (char)d;
}

/*
 * Add one to the digits written.  The code stays below 1, so the carry
 * stops before it reaches the version character.
 */
static void
enc_carry(struct enc36 *rc)
{
	size_t i;

	for (i = rc->n; i-- > 1;) {
		if (rc->digit[i] != 35) {
			rc->digit[i]++;
			return;
		}
		rc->digit[i] = 0;
	}
}

/* Narrow the interval to symbol k of the n with these frequencies. */
static void
enc_symbol(struct enc36 *rc, const uint32_t *freq, size_t n, size_t k)
{
	uint64_t total, cum, r;
	size_t j;

	total = cum = 0;
	for (j = 0; j < n; j++) {
		total += freq[j];
		if (j < k)
			cum += freq[j];
	}
	r = rc->range / total;
	rc->low += r * cum;
	rc->range = r * freq[k];
	if (rc->low >= RC_TOP) {
		rc->low -= RC_TOP;
		enc_carry(rc);
	}
	while (rc->range < RC_BOTTOM) {
		enc_digit(rc, (int)(rc->low / RC_BOTTOM));
		rc->low = rc->low % RC_BOTTOM * 36;
		rc->range *= 36;
	}
}

/*
 * End the code with the fewest digits that, followed by zeros, fall in
 * the interval; then drop the trailing zeros, which a decoder supplies.
 */
static char *
enc_finish(struct enc36 *rc)
{
	uint64_t unit, m;
	size_t j, i;

	for (j = 0, unit = RC_TOP;; j++, unit /= 36) {
		m = (rc->low + unit - 1) / unit;
		if (m * unit < rc->low + rc->range)
			break;
	}
	if (m * unit >= RC_TOP) {
		enc_carry(rc);
		m = 0;
	}
	for (i = 0; i < j; i++)
		enc_digit(rc, 0);
	for (i = rc->n; m != 0; m /= 36)
		rc->digit[--i] = (char)(m % 36);
	while (rc->n > 1 && rc->digit[rc->n - 1] == 0)
		rc->n--;
	for (i = 1; i < rc->n; i++)
		rc->digit[i] = base36_digits[(int)rc->digit[i]];
	rc->digit[rc->n] = '\0';
	return rc->digit;
}

static void
dec_init(struct dec36 *rd, const char *text, size_t len)
{
	size_t i;

	rd->text = text;
	rd->len = len;
	rd->pos = 0;
	rd->range = RC_TOP;
	rd->diff = 0;
	for (i = 0; i < 6; i++) {
		rd->diff = rd->diff * 36 +
		    (rd->pos < len ? base36_value(text[rd->pos]) : 0);
		rd->pos++;
	}
}

/* The next symbol, in *k; -1 if the code falls outside every symbol. */
static int
dec_symbol(struct dec36 *rd, const uint32_t *freq, size_t n, size_t *k)
{
	uint64_t total, cum, r, v;
	size_t j;

	total = 0;
	for (j = 0; j < n; j++)
		total += freq[j];
	r = rd->range / total;
	v = rd->diff / r;
	if (v >= total)
		return -1;
	for (j = 0, cum = 0; v >= cum + freq[j]; j++)
		cum += freq[j];
	*k = j;
	rd->diff -= r * cum;
	rd->range = r * freq[j];
	while (rd->range < RC_BOTTOM) {
		rd->diff = rd->diff * 36 + (rd->pos < rd->len ?
		    base36_value(rd->text[rd->pos]) : 0);
		rd->pos++;
		rd->range *= 36;
	}
	return 0;
}

/*
 * The legal moves and how likely each is: the person's moves equally,
 * the buffaloes' as the site's computer chooses.
 */
static size_t
move_freqs(const struct position *p, struct move *legal, uint32_t *freq)
{
	size_t n, j;

	n = legal_moves(p, legal);
	if (p->turn == SIDE_BUFFALO)
		site_move_freqs(p, legal, n, freq);
	else
		for (j = 0; j < n; j++)
			freq[j] = 1;
	return n;
}

static size_t
find_move(const struct move *legal, size_t n, const struct move *m)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (legal[k].r1 == m->r1 && legal[k].c1 == m->c1 &&
		    legal[k].r2 == m->r2 && legal[k].c2 == m->c2)
			break;
	return k;
}

/* A clean record, range coded under the model of move_freqs(). */
static char *
encode_model(const struct game *g)
{
	struct enc36 rc;
	struct position p;
	struct move legal[MAX_LEGAL];
	uint32_t freq[MAX_LEGAL > COUNT_RADIX ? MAX_LEGAL : COUNT_RADIX];
	size_t i, k, n;

	enc_init(&rc, g->end == 'i' ? PACKED_MODEL_UNFINISHED :
	    PACKED_MODEL_FINISHED);
	if (g->end == 'i') {
		for (k = 0; k < COUNT_RADIX; k++)
			freq[k] = 1;
		enc_symbol(&rc, freq, COUNT_RADIX, g->n);
	}
	position_start(&p);
	for (i = 0; i < g->n; i++) {
		n = move_freqs(&p, legal, freq);
		k = find_move(legal, n, &g->move[i]);
		enc_symbol(&rc, freq, n, k);
		position_play(&p, &legal[k]);
	}
	return enc_finish(&rc);
}

static int
decode_model(int version, const char *text, size_t len, struct game *g,
    const char **why)
{
	struct dec36 rd;
	struct position p;
	struct move legal[MAX_LEGAL];
	uint32_t freq[MAX_LEGAL > COUNT_RADIX ? MAX_LEGAL : COUNT_RADIX];
	size_t k, n, count;

	dec_init(&rd, text, len);
	count = MAX_GAME_MOVES + 1;
	if (version == PACKED_MODEL_UNFINISHED) {
		for (k = 0; k < COUNT_RADIX; k++)
			freq[k] = 1;
		if (dec_symbol(&rd, freq, COUNT_RADIX, &count) == -1) {
			*why = "no move count in the code";
			return -1;
		}
	}
	position_start(&p);
	while (g->n < count && !p.over) {
		if ((n = move_freqs(&p, legal, freq)) == 0)
			abort();
		if (dec_symbol(&rd, freq, n, &k) == -1) {
			*why = "the code names no legal move";
			return -1;
		}
		position_play(&p, &legal[k]);
		game_add(g, &legal[k]);
	}
	g->end = p.over ? p.over : 'i';
	return check_end(version == PACKED_MODEL_FINISHED, &p, why);
}

/* Whether the game ended as its version says it does. */
static int
check_end(int finished, const struct position *p, const char **why)
{
	if (!finished && p->over) {
		*why = "an unfinished game that the moves end";
		return -1;
	}
	if (finished && !p->over) {
		*why = "a finished game that does not end";
		return -1;
	}
	return 0;
}

/* The version character followed by x in base 36. */
static char *
with_version(int version, const struct bignum *x)
{
	char *digits, *s;
	size_t len;

	digits = bn_to_text(x, 36, base36_digits);
	len = strlen(digits);
	s = xmalloc(len + 2);
	s[0] = (char)version;
	memcpy(s + 1, digits, len + 1);
	free(digits);
	return s;
}

/*
 * The index of every move among the legal moves of its position and
 * the number of those moves.  Returns -1 if a move is not among them.
 */
static int
move_indexes(const struct game *g, uint8_t *idx, uint8_t *radix)
{
	struct position p;
	struct move legal[MAX_LEGAL];
	size_t i, k, n;

	position_start(&p);
	for (i = 0; i < g->n; i++) {
		n = legal_moves(&p, legal);
		k = find_move(legal, n, &g->move[i]);
		if (k == n)
			return -1;
		idx[i] = (uint8_t)k;
		radix[i] = (uint8_t)n;
		position_play(&p, &legal[k]);
	}
	return 0;
}

/* A clean record: its move indexes, most significant last. */
static char *
encode_radix(const struct game *g)
{
	struct bignum x;
	uint8_t idx[MAX_GAME_MOVES], radix[MAX_GAME_MOVES];
	size_t i;
	char *s;

	if (move_indexes(g, idx, radix) == -1)
		return NULL;
	bn_init(&x);
	for (i = g->n; i-- > 0;)
		bn_mul_add(&x, radix[i], idx[i]);
	if (g->end == 'i')
		bn_mul_add(&x, COUNT_RADIX, (uint32_t)g->n);
	s = with_version(g->end == 'i' ? PACKED_UNFINISHED : PACKED_FINISHED,
	    &x);
	bn_free(&x);
	return s;
}

/* Any record: the end letter, then each move's pair value and flag. */
static char *
encode_escape(const struct game *g)
{
	struct bignum x;
	const struct move *m;
	size_t i;
	uint32_t v;
	char *s;

	bn_init(&x);
	for (i = g->n; i-- > 0;) {
		m = &g->move[i];
		v = (uint32_t)((m->r1 - 1) * 245 + (m->r2 - 1) * 49 +
		    (m->c1 - 1) * 7 + (m->c2 - 1));
		bn_mul_add(&x, ESCAPE_RADIX, 1 + 2 * v + (m->kill != 0));
	}
	bn_mul_add(&x, 3, (uint32_t)end_index(g->end));
	s = with_version(PACKED_ESCAPE, &x);
	bn_free(&x);
	return s;
}

/*
 * The packed payload of a record as the first versions wrote it.  A
 * record that replays cleanly and is not longer than a game can be takes
 * the short form.
 */
static char *
encode_unchecked(const struct game *g)
{
	struct replay rep;
	char *s, *model;

	replay_game(g, &rep, NULL);
	if (!replay_is_clean(g, &rep) || g->n > MAX_GAME_MOVES ||
	    (g->end == 'i' && g->n >= COUNT_RADIX))
		return encode_escape(g);
	s = encode_radix(g);
	model = encode_model(g);
	if (strlen(model) < strlen(s)) {
		free(s);
		return model;
	}
	free(model);
	return s;
}

/*
 * The check letter of text[0..len), a version letter and base-36
 * digits: 'A' + (the sum of w_k * v_k) mod 26, where v_0 is the version
 * letter's place in the alphabet, v_k the value of digit k and w_k runs
 * through the twelve odd numbers below 26 other than 13, so that every
 * w_k is prime to 26 and a single changed digit is caught unless it
 * moves by 26.
 */
static int
check_letter(const char *text, size_t len)
{
	static const unsigned int weight[] = {
		1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25
	};
	unsigned int sum;
	size_t k;

	sum = (unsigned int)(text[0] - 'A');
	for (k = 1; k < len; k++)
		sum = (sum + weight[k % 12] *
		    (unsigned int)base36_value(text[k])) % 26;
	return 'A' + (int)sum;
}

/*
 * The packed payload of a record, allocated: the first versions' form
 * under its checked letter, then the check letter.  An end cut off or a
 * character added leaves no upper-case letter at the end.
 */
char *
packed_encode(const struct game *g)
{
	char *s;
	size_t len;

	s = encode_unchecked(g);
	len = strlen(s);
	s = xreallocarray(s, len + 2, 1);
	s[0] = s[0] == PACKED_ESCAPE ? PACKED_CHECKED_ESCAPE :
	    (char)(s[0] + CHECKED_SHIFT);
	s[len] = (char)check_letter(s, len);
	s[len + 1] = '\0';
	return s;
}

/* The first versions' letter of a version, 0 if there is none. */
static int
unchecked_version(int version)
{
	switch (version) {
	case PACKED_FINISHED:
	case PACKED_UNFINISHED:
	case PACKED_MODEL_FINISHED:
	case PACKED_MODEL_UNFINISHED:
	case PACKED_ESCAPE:
		return version;
	case PACKED_FINISHED + CHECKED_SHIFT:
	case PACKED_UNFINISHED + CHECKED_SHIFT:
	case PACKED_MODEL_FINISHED + CHECKED_SHIFT:
	case PACKED_MODEL_UNFINISHED + CHECKED_SHIFT:
		return version - CHECKED_SHIFT;
	case PACKED_CHECKED_ESCAPE:
		return PACKED_ESCAPE;
	default:
		return 0;
	}
}

/*
 * Whether payload p[0..len) is of a first version, whose letter and
 * digits carry no check: a word that starts with A to D or X and goes on
 * in lower case (a name) often reads as one.
 */
int
packed_unchecked(const char *p, size_t len)
{
	return len > 0 && unchecked_version((unsigned char)p[0]) == p[0];
}

static size_t
digits_max(int version)
{
	switch (version) {
	case PACKED_FINISHED:
	case PACKED_UNFINISHED:
		return RADIX_DIGITS_MAX;
	case PACKED_ESCAPE:
		return ESCAPE_DIGITS_MAX;
	default:
		return MODEL_DIGITS_MAX;
	}
}

static int
decode_radix(int version, struct bignum *x, struct game *g,
    const char **why)
{
	struct position p;
	struct move legal[MAX_LEGAL];
	size_t n, count;
	uint32_t k;

	count = MAX_GAME_MOVES + 1;
	if (version == PACKED_UNFINISHED)
		count = bn_divmod(x, COUNT_RADIX);
	position_start(&p);
	while (g->n < count && !p.over) {
		/* The chief can always move, so n is never 0 here. */
		if ((n = legal_moves(&p, legal)) == 0)
			abort();
		k = bn_divmod(x, (uint32_t)n);
		position_play(&p, &legal[k]);
		game_add(g, &legal[k]);
	}
	g->end = p.over ? p.over : 'i';
	if (!bn_is_zero(x)) {
		*why = "more digits than the moves use";
		return -1;
	}
	return check_end(version == PACKED_FINISHED, &p, why);
}

static int
decode_escape(struct bignum *x, struct game *g, const char **why)
{
	struct move m;
	uint32_t d, v;

	g->end = end_letters[bn_divmod(x, 3)];
	while (!bn_is_zero(x)) {
		if (g->n == RECORD_MOVES_MAX) {
			*why = "a record holds at most " RECORD_MOVES_MAX_TEXT
			    " moves";
			return -1;
		}
		d = bn_divmod(x, ESCAPE_RADIX);
		if (d == 0) {
			*why = "a move digit is zero";
			return -1;
		}
		v = (d - 1) / 2;
		m.r1 = (uint8_t)(v / 245 + 1);
		m.r2 = (uint8_t)(v % 245 / 49 + 1);
		m.c1 = (uint8_t)(v % 49 / 7 + 1);
		m.c2 = (uint8_t)(v % 7 + 1);
		m.kill = (d - 1) % 2;
		game_add(g, &m);
	}
	return 0;
}

/*
 * Read a packed payload into g (which must be empty).  Returns 0, or -1
 * with the reason in *why.  Only the form that the writer of its version
 * writes is accepted, so that every record has one packed payload of
 * each version; a payload longer than any record packs to is refused
 * before it is decoded.
 */
int
packed_decode(const char *payload, size_t len, struct game *g,
    const char **why)
{
	struct bignum x;
	const char *body;
	char *again;
	size_t i, n;
	int rc, version, form, checked;

	version = len > 0 ? (unsigned char)payload[0] : '\0';
	if ((form = unchecked_version(version)) == 0) {
		*why = isupper(version) || (version >= '0' && version <= '2') ?
		    "unknown packed version" :
		    "not a payload in any known format";
		return -1;
	}
	checked = form != version;
	body = payload + 1;
	n = len - 1;
	if (checked) {
		if (len < 2 || !isupper((unsigned char)payload[len - 1])) {
			*why = "no check letter at the end (cut short or "
			    "extended)";
			return -1;
		}
		if (check_letter(payload, len - 1) != payload[len - 1]) {
			*why = "the check letter does not match (damaged)";
			return -1;
		}
		n--;
	}
	if (n < 1 && form != PACKED_MODEL_FINISHED &&
	    form != PACKED_MODEL_UNFINISHED) {
		*why = "too short for a packed payload";
		return -1;
	}
	for (i = 0; i < n; i++)
		if (base36_value(body[i]) == -1) {
			*why = "not a base-36 digit";
			return -1;
		}
	if (n > digits_max(form)) {
		*why = "longer than any record packs to";
		return -1;
	}
	bn_init(&x);
	if (form == PACKED_MODEL_FINISHED || form == PACKED_MODEL_UNFINISHED)
		rc = decode_model(form, body, n, g, why);
	else {
		bn_from_text(&x, body, n, 36, base36_digits);
		rc = form == PACKED_ESCAPE ? decode_escape(&x, g, why) :
		    decode_radix(form, &x, g, why);
	}
	bn_free(&x);
	if (rc == 0) {
		again = checked ? packed_encode(g) : encode_unchecked(g);
		if (strlen(again) != len || memcmp(again, payload, len) != 0) {
			*why = "not the packed form of its record";
			rc = -1;
		}
		free(again);
	}
	return rc;
}

int
parse_packed(const char *p, size_t len, struct game *g,
    struct parse_error *pe)
{
	const char *why;

	if (packed_decode(p, len, g, &why) == -1)
		return parse_error_set(pe, why, 0, p, len);
	return 0;
}

void
write_packed(FILE *fp, const struct game *g)
{
	char *s;

	s = packed_encode(g);
	fputs(s, fp);
	free(s);
}
