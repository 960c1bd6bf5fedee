/*
 * order.c: the move-ordering model of the ranked scheme.
 *
 * Each legal move is described by a handful of features (piece and
 * squares seen from the mover's side, what it takes, whether it takes
 * back on the square just moved to, gives check, lands on a square the
 * other side strikes or its own side guards, leaves such a square) and
 * scored by the sum of their weights, learnt from master games by
 * xq-train.  Integer weights keep the order the same on every machine,
 * which the decoder depends on.
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

static int	 relative(int, int);

/* Squares seen from the mover's side: Black's turned half a turn. */
static int
relative(int sq, int side)
{
	return side == RED ? sq : XQ_SQUARES - 1 - sq;
}

/*
 * The features of move m; mine and theirs are the control maps of the
 * side to move and of the other side.  Returns how many went into f.
 */
size_t
move_features(const struct xqpos *pos, const struct order_context *ctx,
    const uint8_t *mine, const uint8_t *theirs, struct xqmove m, uint16_t *f)
{
	int side = pos->side, kind = PIECE_KIND(pos->sq[m.from]) - 1;
	int taken = PIECE_KIND(pos->sq[m.to]), self;
	size_t n = 0;

	f[n++] = (uint16_t)(F_TO + kind * XQ_SQUARES + relative(m.to, side));
	f[n++] = (uint16_t)(F_FROM + kind * XQ_SQUARES +
	    relative(m.from, side));
	f[n++] = (uint16_t)(F_CAPTURE + taken * 2 + (theirs[m.to] > 0));
	if (m.to == ctx->last_to)
		f[n++] = F_RECAPTURE;
	if (gives_check(pos, m))
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
 * their scores; the model's order is by score, highest first, equal
 * scores keeping the generator's order.  Returns how many.
 */
size_t
scored_moves(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove *out, int *score)
{
	uint8_t mine[XQ_SQUARES], theirs[XQ_SQUARES];
	uint16_t f[8];
	size_t n, i, k, nf;

	n = legal_moves(pos, out);
	control_map(pos, pos->side, mine);
	control_map(pos, !pos->side, theirs);
	for (i = 0; i < n; i++) {
		nf = move_features(pos, ctx, mine, theirs, out[i], f);
		score[i] = 0;
		for (k = 0; k < nf; k++)
			score[i] += model_weight[f[k]];
	}
	return n;
}

/* The place of move m in the model's order, or -1 if it is not there. */
int
move_rank(const struct xqmove *list, const int *score, size_t n,
    struct xqmove m)
{
	size_t i, at;
	int rank = 0;

	for (at = 0; at < n; at++)
		if (list[at].from == m.from && list[at].to == m.to)
			break;
	if (at == n)
		return -1;
	for (i = 0; i < n; i++)
		if (score[i] > score[at] || (score[i] == score[at] && i < at))
			rank++;
	return rank;
}

/*
 * The move in place r (< n) of the model's order.  Picking the best left
 * r + 1 times is quick, as the move played is nearly always near the top.
 */
struct xqmove
move_at_rank(const struct xqmove *list, const int *score, size_t n, size_t r)
{
	uint8_t taken[XQ_MAXMOVES];
	size_t i, best = 0, k;

	memset(taken, 0, n);
	for (k = 0; k <= r; k++) {
		best = n;
		for (i = 0; i < n; i++)
			if (!taken[i] && (best == n || score[i] > score[best]))
				best = i;
		taken[best] = 1;
	}
	return list[best];
}
