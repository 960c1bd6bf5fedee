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

#include <string.h>

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

/* 512 exp(-d / 16) rounded, for d = 0, 1, ...; 1 past the end. */
static const uint16_t softmax[] = {
	512, 481, 452, 424, 399, 375, 352, 331, 311, 292, 274, 257,
	242, 227, 213, 201, 188, 177, 166, 156, 147, 138, 129, 122,
	114, 107, 101, 95, 89, 84, 79, 74, 69, 65, 61, 57,
	54, 51, 48, 45, 42, 39, 37, 35, 33, 31, 29, 27,
	25, 24, 22, 21, 20, 19, 18, 16, 15, 15, 14, 13,
	12, 11, 11, 10, 9, 9, 8, 8, 7, 7, 6, 6,
	6, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3,
	3, 3, 2, 2, 2, 2, 2, 2, 2, 2,
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
}

/* After move m: it is the last move, and the one before the mover's. */
void
context_next(struct order_context *ctx, struct xqmove m)
{
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
	in->pos = pos;
	memcpy(in->sq, pos->sq, sizeof(in->sq));
	in->their_king = king_of(pos, !pos->side);
	control_maps(pos, pos->side, in->mine, in->theirs);
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
	if (in->their_king != -1 &&
	    move_checks(in->sq, in->their_king, side, m))
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
 * Fill out with the legal moves in the generator's order and score with
 * their scores.  Returns how many.
 */
size_t
scored_moves(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove *out, int *score)
{
	struct move_input in;
	uint16_t f[MODEL_MAXFEATURES];
	size_t n, i, k, nf;

	n = legal_moves(pos, out);
	prepare_input(&in, pos);
	for (i = 0; i < n; i++) {
		nf = move_features(&in, ctx, out[i], f);
		score[i] = 0;
		for (k = 0; k < nf; k++)
			score[i] += model_weight[f[k]];
	}
	return n;
}

/*
 * The range coder's frequency of each move, at least 1; returns their
 * total, at most 512 * XQ_MAXMOVES = RC_MAXTOTAL.
 */
uint32_t
move_freqs(const int *score, size_t n, uint32_t *freq)
{
	uint32_t total = 0;
	size_t i;
	int best = 0, d;

	for (i = 0; i < n; i++)
		if (i == 0 || score[i] > best)
			best = score[i];
	for (i = 0; i < n; i++) {
		d = best - score[i];
		freq[i] = d < (int)(sizeof(softmax) / sizeof(softmax[0])) ?
		    softmax[d] : 1;
		total += freq[i];
	}
	return total;
}
