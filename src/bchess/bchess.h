/*
 * bchess.h: what the stages of bchess-pack share.  A record is parsed
 * into a struct game (the moves as written, the kill flags as written and
 * the end letter as written), whatever the format it came in, and
 * formatted from it into the format asked for.
 */

#ifndef BCHESS_H
#define BCHESS_H

#include <stddef.h>
#include <stdint.h>

#define BOARD_ROWS	5
#define BOARD_COLS	7

/* One move as a log writes it; coordinates are 1-based (row, column). */
struct move {
	uint8_t		 r1, c1, r2, c2;
	uint8_t		 kill;		/* 1 if the log flags a kill */
};

/* A replay log.  end is 'w' (won), 'l' (lost) or 'i' (no end event). */
struct game {
	struct move	*move;
	size_t		 n;
	size_t		 cap;
	char		 end;
};

enum format {
	FORMAT_NONE = -1,
	FORMAT_LEGACY,
	FORMAT_COMPACT,
	FORMAT_BASE36,
	FORMAT_JSON,
	FORMAT_PACKED
};

/* log.c: the game itself. */
void		 game_init(struct game *);
void		 game_free(struct game *);
void		 game_clear(struct game *);
void		 game_add(struct game *, const struct move *);
int		 move_in_range(const struct move *);

#endif /* BCHESS_H */
