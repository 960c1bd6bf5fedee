/*
 * order.c: the move-ordering model of the ranked scheme.
 *
 * Each legal move is described by a handful of features (piece and
 * squares seen from the mover's side, what it takes and with what,
 * whether it takes back on the square just moved to, gives check, lands
 * on a square the other side strikes or its own side guards, leaves such
 * a square, moves the mover's last piece again or back) and scored by
 * the sum of their weights, learnt from master games by
 * xq-train.  A move's frequency for the range coder falls off from the
 * best score's as 512 exp(-d / 16), d points below it, which is the
 * model's softmax; integer weights and a fixed table of those numbers
 * keep the frequencies the same on every machine, which the decoder
 * depends on.
 */

#include <limits.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gf.h"
#include "pack.h"

#define F_TO		0
#define F_FROM		630
#define F_CAPTURE	1260
#define F_RECAPTURE	1276
#define F_CHECK		1277
#define F_DEST		1278
#define F_ORIGIN	1306
#define F_TAKES		1334
#define F_UNDO		1390
#define F_AGAIN		1391

static int	 relative(int, int);
static void	 prepare_checks(struct move_input *, const struct xqpos *,
		    const struct king_rays *);
static void	 sum_weights(void);
static size_t	 scored_moves(const struct xqpos *, struct order_context *,
		    struct xqmove *, int *, int *);
static uint32_t	 freqs_below(const int *, size_t, int, uint32_t *);

/*
 * 512 exp(-d / 16) rounded, for d = 0, 1, ...; the last, 1, for every d
 * from there on.
 */
#define SOFTMAX_LAST	94
static const uint16_t softmax[SOFTMAX_LAST + 1] = {
	512, 481, 452, 424, 399, 375, 352, 331, 311, 292, 274, 257,
	242, 227, 213, 201, 188, 177, 166, 156, 147, 138, 129, 122,
	114, 107, 101, 95, 89, 84, 79, 74, 69, 65, 61, 57,
	54, 51, 48, 45, 42, 39, 37, 35, 33, 31, 29, 27,
	25, 24, 22, 21, 20, 19, 18, 16, 15, 15, 14, 13,
	12, 11, 11, 10, 9, 9, 8, 8, 7, 7, 6, 6,
	6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3,
	3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1
};

/* Squares seen from the mover's side: Black's turned half a turn. */
static int
relative(int sq, int side)
{
	return side == RED ? sq : XQ_SQUARES - 1 - sq;
}

void
context_start(struct order_context *ctx)
{
	ctx->last_to = -1;
	ctx->has_own = 0;
	ctx->own.from = ctx->own.to = 0;
	ctx->prev.from = ctx->prev.to = 0;
	ctx->has_prev = 0;
	ctx->rays[RED].valid = ctx->rays[BLACK].valid = 0;
}

/*
 * After move m: it is the last move, and the one before the mover's; a
 * king's rays still hold unless m touched them.
 */
void
context_next(struct order_context *ctx, struct xqmove m)
{
	rays_after(&ctx->rays[RED], m);
	rays_after(&ctx->rays[BLACK], m);
	ctx->own = ctx->prev;
	ctx->has_own = ctx->has_prev;
	ctx->prev = m;
	ctx->has_prev = 1;
	ctx->last_to = m.to;
}

/* Work out once what every move of pos needs. */
void
prepare_input(struct move_input *in, const struct xqpos *pos)
{
	control_maps(pos, pos->side, in->mine, in->theirs);
	prepare_checks(in, pos, NULL);
}

/*
 * All of prepare_input but the control maps; the other king's rays are
 * known unless NULL.
 */
static void
prepare_checks(struct move_input *in, const struct xqpos *pos,
    const struct king_rays *known)
{
	in->pos = pos;
	if (known != NULL)
		in->rays = *known;
	else
		in->rays.valid = 0;
	memcpy(in->sq, pos->sq, sizeof(in->sq));
	in->their_king = king_of(pos, !pos->side);
	if (in->their_king != -1)
		check_squares(pos->sq, in->their_king, pos->side, &in->rays,
		    in->hot);
	else
		memset(in->hot, 0, sizeof(in->hot));
}

/* The features of move m into f; returns how many. */
size_t
move_features(struct move_input *in, const struct order_context *ctx,
    struct xqmove m, uint16_t *f)
{
	const struct xqpos *pos = in->pos;
	const uint8_t *mine = in->mine, *theirs = in->theirs;
	int side = pos->side, kind = PIECE_KIND(pos->sq[m.from]) - 1;
	int taken = PIECE_KIND(pos->sq[m.to]), self;
	size_t n = 0;

	f[n++] = (uint16_t)(F_TO + kind * XQ_SQUARES + relative(m.to, side));
	f[n++] = (uint16_t)(F_FROM + kind * XQ_SQUARES +
	    relative(m.from, side));
	f[n++] = (uint16_t)(F_CAPTURE + taken * 2 + (theirs[m.to] > 0));
	if (m.to == ctx->last_to)
		f[n++] = F_RECAPTURE;
	f[n++] = (uint16_t)(F_TAKES + kind * 8 + taken);
	/* Going back where the piece came from, or moving it again. */
	if (ctx->has_own && m.from == ctx->own.to)
		f[n++] = m.to == ctx->own.from ? F_UNDO : F_AGAIN;
	if (in->their_king != -1 && ((in->hot[m.from] & CHECK_FROM) ||
	    (in->hot[m.to] & check_targets(kind + 1))) &&
	    move_checks(in->sq, side, &in->rays, m))
		f[n++] = F_CHECK;
	/*
	 * The mover itself strikes where it goes, except a cannon moving
	 * without taking; guards are the others.
	 */
	self = kind + 1 != CANNON || taken != EMPTY;
	f[n++] = (uint16_t)(F_DEST + kind * 4 + (theirs[m.to] > 0) * 2 +
	    (mine[m.to] > self));
	f[n++] = (uint16_t)(F_ORIGIN + kind * 4 + (theirs[m.from] > 0) * 2 +
	    (mine[m.from] > 0));
	return n;
}

/*
 * The weights move_features would look up, summed ahead where they
 * depend on the same things: by side, kind and square for where a
 * piece goes and where it comes from (the latter with how that square
 * is struck and guarded), and by kind and a destination's code (see
 * square_codes) for the rest.
 */
/* Is square s one of the set of legal_moves_mapped's struck? */
#define STRUCK(set, s)	((int)((set)[(s) >> 6] >> ((s) & 63) & 1))

/*
 * What a destination square says of a move there, as one number below
 * 64: what stands there (its kind, EMPTY for none), whether the last
 * move went there, whether the other side strikes it and whether
 * another piece of the mover's guards it.
 */
#define DEST_CODE(taken, recapture, struck, guarded) \
	((taken) << 3 | (recapture) << 2 | (struck) << 1 | (guarded))
#define CODE_RECAPTURE	DEST_CODE(0, 1, 0, 0)
#define NCODES		64
#define PADDED		96	/* XQ_SQUARES rounded up to 16 */

static int	 ready;
static int	 w_to[2][7][XQ_SQUARES];
static int	 w_from[2][7][XQ_SQUARES];
static int	 w_origin[7][4];
static int	 w_dest[7][NCODES];
/* For a piece that may uncover a check: every move of it is tried. */
static uint8_t	 all_hot[XQ_SQUARES];

static void
sum_weights(void)
{
	const int16_t *w = model_weight;
	int side, kind, sq, taken, t, recapture;

	for (side = RED; side <= BLACK; side++)
		for (kind = 0; kind < 7; kind++)
			for (sq = 0; sq < XQ_SQUARES; sq++) {
				t = kind * XQ_SQUARES + relative(sq, side);
				w_to[side][kind][sq] = w[F_TO + t];
				w_from[side][kind][sq] = w[F_FROM + t];
			}
	/* t is (struck by the other side) * 2 + (guarded by the mover). */
	for (kind = 0; kind < 7; kind++)
		for (t = 0; t < 4; t++)
			w_origin[kind][t] = w[F_ORIGIN + kind * 4 + t];
	for (kind = 0; kind < 7; kind++)
		for (taken = 0; taken < 8; taken++)
			for (recapture = 0; recapture < 2; recapture++)
				for (t = 0; t < 4; t++)
					w_dest[kind][DEST_CODE(taken, recapture,
					    t >> 1, t & 1)] =
					    w[F_CAPTURE + taken * 2 + t / 2] +
					    w[F_TAKES + kind * 8 + taken] +
					    w[F_DEST + kind * 4 + t] +
					    recapture * w[F_RECAPTURE];
	memset(all_hot, 0xff, sizeof(all_hot));
	ready = 1;
}

/*
 * The DEST_CODE of every square, for a move there: in code for every
 * piece's move but a cannon's, in cannon for a cannon's.  A piece
 * strikes where it goes (mine counts it), so another guards the square
 * if mine counts two; a cannon moving without taking strikes nothing
 * there, so one is enough for it.  Sixteen squares at a time where the
 * processor has SSE2; both arrays have PADDED bytes.
 */
static void
square_codes(const uint8_t *board, const uint8_t *mine,
    const uint64_t *struck, int last_to, uint8_t *code, uint8_t *cannon)
{
	uint8_t sq[PADDED] = { 0 }, guards[PADDED] = { 0 };
	int at;
#if defined(__SSE2__)
	const __m128i bit = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1,
	    -128, 64, 32, 16, 8, 4, 2, 1);
	const __m128i one = _mm_set1_epi8(1), zero = _mm_setzero_si128();
	__m128i taken, g, s, base, occupied;
#else
	int taken, base;
#endif

	memcpy(sq, board, XQ_SQUARES);
	memcpy(guards, mine, XQ_SQUARES);
#if defined(__SSE2__)
	for (at = 0; at < PADDED; at += 16) {
		taken = _mm_and_si128(_mm_loadu_si128((const __m128i *)(sq +
		    at)), _mm_set1_epi8(7));
		g = _mm_loadu_si128((const __m128i *)(guards + at));
		/* The 16 bits of struck for these squares, a byte each. */
		s = _mm_cvtsi32_si128((int)(struck[at >> 6] >> (at & 63) &
		    0xffff));
		s = _mm_unpacklo_epi8(s, s);
		s = _mm_unpacklo_epi16(s, s);
		s = _mm_unpacklo_epi32(s, s);
		s = _mm_cmpeq_epi8(_mm_and_si128(s, bit), bit);
		/* taken << 3 stays within each byte: taken is below 8. */
		base = _mm_or_si128(_mm_slli_epi16(taken, 3),
		    _mm_and_si128(s, _mm_set1_epi8(2)));
		occupied = _mm_andnot_si128(_mm_cmpeq_epi8(taken, zero), one);
		_mm_storeu_si128((__m128i *)(code + at), _mm_or_si128(base,
		    _mm_and_si128(_mm_cmpgt_epi8(g, one), one)));
		_mm_storeu_si128((__m128i *)(cannon + at), _mm_or_si128(base,
		    _mm_and_si128(_mm_cmpgt_epi8(g, occupied), one)));
	}
#else
	for (at = 0; at < XQ_SQUARES; at++) {
		taken = PIECE_KIND(sq[at]);
		base = DEST_CODE(taken, 0, STRUCK(struck, at), 0);
		code[at] = (uint8_t)(base | (guards[at] > 1));
		cannon[at] = (uint8_t)(base | (guards[at] > (taken != EMPTY)));
	}
#endif
	if (last_to >= 0) {
		code[last_to] |= CODE_RECAPTURE;
		cannon[last_to] |= CODE_RECAPTURE;
	}
}

/*
 * Fill out with the legal moves in the generator's order and score with
 * their scores, the sums of the weights of their move_features, taken
 * from the tables above, and *top with the best of them (when there are
 * any).  Returns how many.
 */
static size_t
scored_moves(const struct xqpos *pos, struct order_context *ctx,
    struct xqmove *out, int *score, int *top)
{
	struct move_input in;
	const int *to_weight = NULL, *dest = NULL;
	const uint8_t *mine = in.mine, *code = NULL, *hot_at = NULL;
	uint8_t code_all[PADDED], code_cannon[PADDED];
	uint64_t struck[2];
	struct xqmove m;
	size_t n, i;
	int side = pos->side, kind, from = -1, base = 0, again = 0;
	int s, hot = 0, best = INT_MIN;

	if (!ready)
		sum_weights();
	n = legal_moves_mapped(pos, out, in.mine, struck, &ctx->rays[side]);
	prepare_checks(&in, pos, &ctx->rays[!side]);
	ctx->rays[!side] = in.rays;
	square_codes(in.sq, mine, struck, ctx->last_to, code_all, code_cannon);
	for (i = 0; i < n; i++) {
		m = out[i];
		if (m.from != from) {
			/* The generator gives each piece's moves together. */
			from = m.from;
			kind = PIECE_KIND(in.sq[from]) - 1;
			base = w_from[side][kind][from] + w_origin[kind]
			    [STRUCK(struck, from) * 2 + (mine[from] > 0)];
			to_weight = w_to[side][kind];
			dest = w_dest[kind];
			code = kind + 1 == CANNON ? code_cannon : code_all;
			again = ctx->has_own && from == ctx->own.to;
			/* What may make a check: see check_squares. */
			hot = in.their_king == -1 ? 0 : check_targets(kind + 1);
			hot_at = hot != 0 && (in.hot[from] & CHECK_FROM) ?
			    all_hot : in.hot;
		}
		s = base + to_weight[m.to] + dest[code[m.to]];
		if (again)
			s += model_weight[m.to == ctx->own.from ? F_UNDO :
			    F_AGAIN];
		if ((hot_at[m.to] & hot) &&
		    move_checks(in.sq, side, &in.rays, m))
			s += model_weight[F_CHECK];
		score[i] = s;
		best = s > best ? s : best;
	}
	*top = best;
	return n;
}

/*
 * Fill out with the legal moves in the generator's order and freq with
 * their frequencies for the range coder (as move_freqs), *total with the
 * sum of those; returns how many moves.  One pass finds the best score
 * while scoring, which move_freqs has to look for.
 */
size_t
ranked_moves(const struct xqpos *pos, struct order_context *ctx,
    struct xqmove *out, uint32_t *freq, uint32_t *total)
{
	int score[XQ_MAXMOVES], best;
	size_t n;

	n = scored_moves(pos, ctx, out, score, &best);
	*total = n == 0 ? 0 : freqs_below(score, n, best, freq);
	return n;
}

/* The frequencies of scores below best, the highest of them, and their sum. */
static uint32_t
freqs_below(const int *score, size_t n, int best, uint32_t *freq)
{
	uint32_t total = 0;
	size_t i;
	int d;

	for (i = 0; i < n; i++) {
		d = best - score[i];
		freq[i] = softmax[d < SOFTMAX_LAST ? d : SOFTMAX_LAST];
		total += freq[i];
	}
	return total;
}

/*
 * The range coder's frequency of each move, at least 1; returns their
 * total, at most 512 * XQ_MAXMOVES = RC_MAXTOTAL.
 */
uint32_t
move_freqs(const int *score, size_t n, uint32_t *freq)
{
	size_t i;
	int best;

	if (n == 0)
		return 0;
	/* Written without branches on the scores, which nothing predicts. */
	for (best = score[0], i = 1; i < n; i++)
		best = score[i] > best ? score[i] : best;
	return freqs_below(score, n, best, freq);
}
