/*
 * xq.h: what the stages of xq-bitpack share: the board and its moves.
 *
 * Squares are numbered rank * 9 + file, file 0..8 being ICCS a..i from
 * Red's left and rank 0..9 counted from Red's back rank, as in ICCS.
 */

#ifndef XQ_H
#define XQ_H

#include <stddef.h>
#include <stdint.h>

#define XQ_FILES	9
#define XQ_RANKS	10
#define XQ_SQUARES	90
#define XQ_MAXMOVES	128	/* more than any position's legal moves */
#define XQ_FENMAX	128	/* room for any FEN fen_format writes */

#define RED		0
#define BLACK		1

/* A square holds EMPTY, or a piece kind, plus BLACK_PIECE for Black. */
enum piece {
	EMPTY = 0,
	KING,
	ADVISOR,
	ELEPHANT,
	HORSE,
	ROOK,
	CANNON,
	PAWN
};
#define BLACK_PIECE	8
#define PIECE_KIND(p)	((p) & 7)
#define PIECE_SIDE(p)	((p) >> 3)

struct xqmove {
	uint8_t		 from, to;
};

struct xqpos {
	uint8_t		 sq[XQ_SQUARES];
	int		 side;		/* RED or BLACK to move */
	unsigned int	 halfmove;	/* FEN counters, kept for round trips */
	unsigned int	 fullmove;
};

#define START_FEN \
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/*
 * board.c: positions and FEN.  fen_parse returns 0 and sets *end past the
 * FEN, or returns -1 and sets *end at the offending character (at the
 * start of the text if the placement is one no game can reach).
 */
int		 fen_parse(struct xqpos *, const char *, const char **);
void		 start_position(struct xqpos *);
int		 is_start_position(const struct xqpos *);
void		 fen_format(const struct xqpos *, char *, size_t);
void		 make_move(struct xqpos *, struct xqmove);

/*
 * What a look out along the four rays of a king finds (ray_lists in
 * movegen.c): the nearest three pieces on each ray (their squares, what
 * they are and how far out), which rays hold among them a rook, cannon
 * or king of the side that could strike it (danger[4], for squares on
 * no ray, is 0), and whether one of those strikes it (struck).  valid
 * says whether the rest holds for the position at hand: set to 0 by
 * whoever makes one, it lets a look from one position serve the next
 * when the move between touched none of the rays (rays_after).
 */
struct king_rays {
	int		 king;
	int		 danger[5];
	uint8_t		 at[4][3];
	uint8_t		 piece[4][3];
	uint8_t		 far[4][3];
	int		 struck;
	int		 valid;
};

/*
 * How a game stands once its moves are played: the side to move has a
 * legal move (END_NONE), or none while in check (END_MATE), or none out
 * of check (END_STALEMATE).  In Xiangqi both lose the side to move.
 */
enum game_end {
	END_NONE,
	END_MATE,
	END_STALEMATE
};

/* movegen.c: the rules. */
#define CHECK_FROM	1	/* marks of check_squares */
#define CHECK_LINE	2
#define CHECK_DANGER	4
#define CHECK_HORSE	8
#define CHECK_PAWN	16
size_t		 legal_moves(const struct xqpos *, struct xqmove *);
size_t		 legal_moves_mapped(const struct xqpos *, struct xqmove *,
		    uint8_t *, uint64_t *, struct king_rays *);
void		 rays_after(struct king_rays *, struct xqmove);
int		 is_legal(const struct xqpos *, struct xqmove);
enum game_end	 position_end(const struct xqpos *);
const char	*game_end_name(enum game_end);
int		 in_check(const struct xqpos *, int);
int		 gives_check(const struct xqpos *, struct xqmove);
void		 check_squares(const uint8_t *, int, int, struct king_rays *,
		    uint8_t *);
int		 check_targets(int);
int		 move_checks(uint8_t *, int, const struct king_rays *,
		    struct xqmove);
int		 king_of(const struct xqpos *, int);
size_t		 geometric_targets(const struct xqpos *, int, uint8_t *);
int		 has_geometric_target(const struct xqpos *, int);
void		 control_maps(const struct xqpos *, int, uint8_t *, uint8_t *);

#endif /* XQ_H */
