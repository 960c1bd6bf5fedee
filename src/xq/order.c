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
 * Fill out with the legal moves, best scored first; moves with equal
 * scores keep the generator's order.  Returns how many.
 */
size_t
ordered_moves(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove *out)
{
	uint8_t mine[XQ_SQUARES], theirs[XQ_SQUARES];
	uint16_t f[8];
	int score[XQ_MAXMOVES], s;
	struct xqmove m;
	size_t n, i, j, k, nf;

	n = legal_moves(pos, out);
	control_map(pos, pos->side, mine);
	control_map(pos, !pos->side, theirs);
	for (i = 0; i < n; i++) {
		nf = move_features(pos, ctx, mine, theirs, out[i], f);
		s = 0;
		for (k = 0; k < nf; k++)
			s += model_weight[f[k]];
		/* Insertion keeps equal scores in generation order. */
		m = out[i];
		for (j = i; j > 0 && score[j - 1] < s; j--) {
			score[j] = score[j - 1];
			out[j] = out[j - 1];
		}
		score[j] = s;
		out[j] = m;
	}
	return n;
}
