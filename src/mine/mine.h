/*
 * mine.h: what the stages of mine-reveal share.  A board is one byte a
 * cell in a grid with a wall of one cell around it, so that neighbours
 * never need a bounds check; the byte holds the mine, open and flag bits
 * and the count of adjacent mines.
 */

#ifndef MINE_H
#define MINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gf.h"

/* The bits of a cell. */
#define CELL_COUNT	0x0f	/* adjacent mines, 0 to 8 */
#define CELL_MINE	0x10
#define CELL_OPEN	0x20
#define CELL_FLAG	0x40
#define CELL_PENDING	0x80	/* opened zero whose neighbours wait a sweep */
#define CELL_WALL	(CELL_OPEN | CELL_COUNT)	/* never covered, never zero */

/*
 * Eight cells at a time, at any alignment: the count and the scanline
 * fill work a 64-bit word of cells where they can.
 */
static inline uint64_t
load8(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline void
store8(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, sizeof(v));
}

#define ONES		UINT64_C(0x0101010101010101)
#define HIGHS		UINT64_C(0x8080808080808080)

/* The high bit of each byte of v that is zero, exactly (no borrows). */
static inline uint64_t
zero_bytes(uint64_t v)
{
	const uint64_t low7 = ~HIGHS;

	return ~(((v & low7) + low7) | v | low7);
}

/* Longest side: the padded width and height must fit in 32 bits. */
#define BOARD_MAX_SIDE	4000000000UL

/* A span of opened zero cells in one row whose neighbours are not done. */
struct span {
	uint32_t	 row;
	uint32_t	 first, last;
};

struct board {
	uint8_t		*base;		/* the allocation */
	uint8_t		*cell;		/* padded row 0, column 0 */
	size_t		 width, height;	/* without the wall */
	size_t		 counted;	/* rows whose counts are done */
	uint8_t		*vsum;		/* a row of column sums of mines */
	size_t		 stride;	/* width + 2 */
	size_t		 cap_rows;	/* padded rows allocated */
	size_t		 rows_hint;	/* padded rows at most, or 0 */
	size_t		 populated;	/* bytes of base known mapped */
	size_t		*rowline;	/* input line of each row, from 1 */
	const char	*file;
	uint64_t	 mines;
	uint64_t	 opened;	/* open safe cells */
	int		 lost;

	/* The work of a cascade: bounded, with a sweep when it overflows. */
	struct span	*stack;
	size_t		 nstack, capstack;
	size_t		 pending_lo, pending_hi;	/* rows, 0 if none */
};

enum state {
	STATE_PLAYING,
	STATE_WON,
	STATE_LOST
};

enum action {
	ACTION_OPEN,
	ACTION_CHORD,
	ACTION_FLAG,
	ACTION_UNFLAG
};

/* The formats boards are written in. */
enum format {
	FORMAT_FULL,
	FORMAT_VIEW,
	FORMAT_MBF
};

struct output {
	enum format	 format;
	int		 blank_zeros;	/* view: open zeros as spaces */
};

/* A click given on the command line, applied to every board. */
struct click {
	size_t		 row, col;
	const char	*text;
};

/* board.c: storage, counts and printing. */
void	 board_init(struct board *, const char *);
void	 board_free(struct board *);
void	 board_start(struct board *, size_t, size_t);
void	 board_alloc(struct board *, size_t, size_t);
int	 board_add_row(struct board *, const char *, size_t, size_t);
int	 board_finish(struct board *);
uint8_t	*board_at(const struct board *, size_t, size_t);
enum state board_state(const struct board *);
void	 board_print(const struct board *, const struct output *);
void	 board_print_rows(const struct board *);

/* parse.c: boards and their actions in the text format. */
int	 parse_board(struct linereader *, struct board *);

/* reveal.c: the player's actions. */
void	 reveal_apply(struct board *, enum action, size_t, size_t);
void	 reveal_open(struct board *, size_t, size_t);

/* mbf.c: the binary format. */
int	 mbf_read(FILE *, const char *, size_t *, struct board *);
int	 mbf_write(const struct board *);

/* gen.c: random boards. */
struct generate {
	size_t		 width, height;
	uint64_t	 mines;
	uint64_t	 seed;
	size_t		 safe_row, safe_col;	/* 0 if no safe cell */
};

void	 generate_board(const struct generate *, struct board *);
uint64_t generate_limit(const struct generate *);

#endif /* MINE_H */
