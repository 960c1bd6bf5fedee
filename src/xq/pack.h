/*
 * pack.h: the packed forms of xq-pack(5): a game as a short URL-safe
 * string in one of three schemes, and a position alone.
 */

#ifndef PACK_H
#define PACK_H

#include <stddef.h>

#include "xq.h"

enum scheme {
	SCHEME_GEOMETRIC,	/* piece, then a destination by its geometry */
	SCHEME_INDEX,		/* index among the legal moves, one integer */
	SCHEME_RANKED		/* range coded by the model's likelihoods */
};

/*
 * What a game's record says of its result: not known, a win for Red
 * (1-0) or for Black (0-1), or a draw (1/2-1/2).
 */
enum game_result {
	RESULT_UNKNOWN,
	RESULT_RED,
	RESULT_BLACK,
	RESULT_DRAW
};

/*
 * A game: where it starts, the moves played and the result its record
 * gives (RESULT_UNKNOWN unless a reader sets it).
 */
struct game {
	struct xqpos	 start;
	struct xqmove	*move;
	size_t		 n;
	enum game_result result;
};

/* pack.c */
const char	*scheme_name(enum scheme);
int		 scheme_from_name(const char *, enum scheme *);
int		 is_packed_game(const char *, size_t);
int		 is_packed_board(const char *, size_t);
#define PACK_VERSION	2	/* the version pack_game writes by default */
char		*pack_game(const struct game *, enum scheme, int,
		    const char **);
size_t		 packed_game_max(void);
int		 unpack_game(const char *, size_t, struct game *,
		    const char **);
void		 game_free(struct game *);

/* The check character's value of s, the one at `at' left out (board64.c). */
int		 check_value(const char *, size_t, size_t);

/*
 * board64.c: a position alone: version 0 ("0", at most 25 characters)
 * or 3 ("3", a check character, at most 26).
 */
#define BOARD_VERSION	3
char		*pack_board(const struct xqpos *, int);
int		 unpack_board(const char *, size_t, struct xqpos *,
		    const char **);
int		 board_to_bignum(const struct xqpos *, struct bignum *);
int		 board_from_bignum(struct bignum *, struct xqpos *);

/* order.c: the legal moves scored by the model, and their frequencies. */
#define MODEL_NFEATURES	1392
#define MODEL_MAXFEATURES 12	/* most features one move has */
struct order_context {
	int		 last_to;	/* the previous move's square, or -1 */
	struct xqmove	 own;		/* the mover's previous move */
	int		 has_own;
	struct xqmove	 prev;		/* the previous move */
	int		 has_prev;
	struct king_rays rays[2];	/* of each king, kept while valid */
};
void		 context_start(struct order_context *);
void		 context_next(struct order_context *, struct xqmove);
size_t		 ranked_moves(const struct xqpos *, struct order_context *,
		    struct xqmove *, uint32_t *, uint32_t *);
uint32_t	 move_freqs(const int *, size_t, uint32_t *);
/* What the features of every move in one position are read from. */
struct move_input {
	const struct xqpos *pos;
	uint8_t		 sq[XQ_SQUARES];	/* a board to try moves on */
	int		 their_king;
	struct king_rays rays;			/* check_squares of the mover */
	uint8_t		 hot[XQ_SQUARES];
	uint8_t		 mine[XQ_SQUARES];	/* control_maps of the mover */
	uint8_t		 theirs[XQ_SQUARES];	/* and of the other side */
};
void		 prepare_input(struct move_input *, const struct xqpos *);
size_t		 move_features(struct move_input *,
		    const struct order_context *, struct xqmove, uint16_t *);

/* model.c, written by xq-train: the feature weights. */
extern const int16_t	 model_weight[MODEL_NFEATURES];

#endif /* PACK_H */
