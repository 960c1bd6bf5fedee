/*
 * rules.h: the rules of Buffalo Chess as the site plays them, for the
 * stages of bchess-pack that check, repair and pack records by replaying
 * their moves.
 */

#ifndef RULES_H
#define RULES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bchess.h"

/* The person has at most 32 legal moves, the buffaloes at most 7. */
#define MAX_LEGAL	40
/* 22 buffalo moves at most, each after one move of the person. */
#define MAX_GAME_MOVES	44

enum piece {
	SQ_EMPTY,
	SQ_BUFFALO,
	SQ_DOG,
	SQ_CHIEF
};

enum side {
	SIDE_PERSON,
	SIDE_BUFFALO
};

struct position {
	uint8_t		 sq[BOARD_ROWS][BOARD_COLS];	/* enum piece, 0-based */
	uint8_t		 chief_r, chief_c;		/* 1-based */
	int		 turn;				/* enum side */
	char		 over;		/* 0 while playing, else 'w' or 'l' */
};

/* What a replay of a record found; move numbers are 1-based, 0 is none. */
struct replay {
	size_t		 played;	/* moves replayed before stopping */
	size_t		 illegal;	/* the first illegal move */
	const char	*why;		/* why it is illegal */
	size_t		 ended;		/* moves up to the end by the rules */
	size_t		 after_end;	/* the first move after the end */
	size_t		 bad_kills;	/* kill flags that contradict the moves */
	size_t		 first_bad_kill;
	size_t		 doubles;	/* person moves right after another */
	size_t		 first_double;
	char		 end;		/* the end letter the moves call for */
};

void	 position_start(struct position *);
int	 piece_at(const struct position *, int, int);
size_t	 legal_moves(const struct position *, struct move *);
const char *move_fault(const struct position *, const struct move *);
void	 position_play(struct position *, struct move *);
int	 buffaloes_can_move(const struct position *);
void	 site_move_freqs(const struct position *, const struct move *,
	    size_t, uint32_t *);

void	 replay_game(const struct game *, struct replay *, uint8_t *);
int	 replay_is_clean(const struct game *, const struct replay *);
int	 replay_is_repairable(const struct replay *);
size_t	 repair_game(struct game *);
void	 format_move(char *, size_t, const struct move *);

/* packed.c: the packed format of bchess-log(5). */
char	*packed_encode(const struct game *);
int	 packed_decode(const char *, size_t, struct game *, const char **);
int	 packed_unchecked(const char *, size_t);
int	 parse_packed(const char *, size_t, struct game *,
	    struct parse_error *);
void	 write_packed(FILE *, const struct game *);

#endif /* RULES_H */
