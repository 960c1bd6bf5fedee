/*
 * fruit.h: the stages of fruitsolve, the Fruit Box solver.
 *
 * A board is a grid of cells holding 1 to 9 apples' worth of digit, or 0
 * for a cell already cleared.  A move is a rectangle whose digits sum to
 * exactly 10; it clears every digit inside it.  The stages are: reading
 * and printing boards (board.c), listing rectangles (rects.c and, for the
 * planner, movegen.c), planning a game (plan.c, and nrpa.c for its
 * search), checking a move list (replay.c), drawing (render.c) and
 * making random boards (gen.c).
 */

#ifndef FRUIT_H
#define FRUIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gf.h"

#define FRUIT_TARGET	10	/* what a rectangle must sum to */

struct board {
	size_t		 rows;
	size_t		 cols;
	uint8_t		*cell;		/* rows * cols, row by row, 0 empty */
	size_t		 lineno;	/* line of the first row */
};

/* A rectangle, 0-based inclusive corners; printed 1-based. */
struct rect {
	uint32_t	 r1;
	uint32_t	 c1;
	uint32_t	 r2;
	uint32_t	 c2;
};

/* board.c */
int	 board_read(struct linereader *, struct board *);
void	 board_free(struct board *);
size_t	 board_apples(const struct board *);
void	 board_clear(struct board *, const struct rect *);
uint32_t cells_clear(uint8_t *, size_t, const struct rect *);
uint64_t board_sum(const struct board *, const struct rect *, size_t *);
void	 board_print(FILE *, const struct board *, int);

/*
 * rects.c: every rectangle summing to 10, top row first, then bottom
 * row, left column, right column; the callback gets the apples inside
 * and stops the walk by returning nonzero.
 */
int	 rects_each(const struct board *,
	    int (*)(const struct rect *, unsigned int, void *), void *);

/*
 * Whether two rectangles share a cell; inline, since the planner asks it
 * of every open move at every turn of every game it plays.
 */
static inline int
rects_meet(const struct rect *a, const struct rect *b)
{
	return a->r1 <= b->r2 && b->r1 <= a->r2 && a->c1 <= b->c2 &&
	    b->c1 <= a->c2;
}

/* movegen.c: the distinct moves of a position (tight rectangles). */
struct movegen {
	size_t		 rows;
	size_t		 cols;
	uint32_t	*rowcount;	/* per row, prefix counts of digits */
	uint32_t	*colsum;	/* per column, prefix sums down it */
	uint32_t	*sum;		/* column sums of a strip, saturated */
	uint32_t	*psum;		/* prefix sums of sum */
};

void	 movegen_init(struct movegen *, size_t, size_t);
void	 movegen_free(struct movegen *);
size_t	 movegen_list(struct movegen *, const uint8_t *, struct rect *,
	    size_t);
void	 movegen_load(struct movegen *, const uint8_t *);
void	 movegen_copy(struct movegen *, const struct movegen *);
size_t	 movegen_near(struct movegen *, const uint8_t *, const struct rect *,
	    struct rect *, size_t);

/* greedy.c: greedy games on boards of any size (see there). */
struct gmove {
	uint32_t	 key;		/* the player's preference, low first */
	struct rect	 r;
};

struct greedy {
	size_t		 rows;
	size_t		 cols;
	uint8_t		*sum;		/* column sums of a strip, saturated */
	struct gmove	*heap;		/* the moves waiting */
	size_t		 n, cap;
	int		 heaped;
	struct rng	*rng;		/* NULL: fewest apples first */
	struct rect	**out;		/* for greedy_list */
	size_t		 nout, capout;
};

void	 greedy_init(struct greedy *, size_t, size_t);
void	 greedy_free(struct greedy *);
void	 greedy_near(struct greedy *, const uint8_t *, const struct rect *);
size_t	 greedy_list(struct greedy *, const uint8_t *, struct rect **,
	    size_t *);
uint32_t greedy_play(struct greedy *, uint8_t *, struct rng *,
	    struct rect **, size_t *, size_t *, uint64_t *,
	    int (*)(void *), void *);

/* plan.c */
struct plan_options {
	uint64_t	 effort;	/* node expansions allowed */
	uint64_t	 seed;		/* breaks ties between equal states */
	double		 seconds;	/* wall-clock cap, 0 for none */
	int		 greedy;
};

struct plan {
	struct rect	*move;
	size_t		 nmoves;
	size_t		 cleared;
	uint64_t	 expansions;	/* how much of the effort was used */
};

void	 plan_game(const struct board *, const struct plan_options *,
	    struct plan *);
void	 plan_free(struct plan *);
double	 plan_clock(void);
unsigned int plan_rank(const uint8_t *, size_t, const struct rect *);

/* nrpa.c */
int	 nrpa_fits(const struct board *);
void	 nrpa_plan(const struct board *, const struct plan_options *,
	    struct plan *);

/* polish.c: a round of mending for each POLISH_EFFORT of the effort. */
#define POLISH_EFFORT	1024
void	 polish_plan(const struct board *, struct plan *, uint64_t, double,
	    struct rng *);

/* replay.c */
int	 replay_moves(struct linereader *, struct board *, size_t *);
int	 parse_move(const char *, const struct board *, struct rect *,
	    size_t *, const char **);

/* Where a board lies in a picture: cell (r, c) centred at (x0 + c dx, y0 + r dy). */
struct grid {
	double		 x0;
	double		 y0;
	double		 dx;
	double		 dy;
};

/*
 * What a picture of a plan shows: which moves, over what.  A screenshot
 * is kept as its bytes for an SVG to embed, or as its pixels for a
 * picture to be painted on (see input_board).
 */
struct picture;
struct plan_view {
	size_t		 first;		/* moves before it are played */
	size_t		 count;		/* moves shown, 0 for all */
	const struct picture *picture;	/* the screenshot's pixels, or NULL */
	const uint8_t	*image;		/* the screenshot's bytes, or NULL */
	size_t		 imagelen;
	const char	*mime;
	size_t		 width;		/* of the screenshot */
	size_t		 height;
	struct grid	 grid;		/* the board in it */
};

/* input.c: one input, a text of boards or a screenshot. */
enum input_kind { INPUT_AUTO, INPUT_BOARD, INPUT_IMAGE };

struct input {
	const char	*name;
	int		 picture;	/* nonzero for an image */
	int		 archive;	/* nonzero for a ZIP archive, in data */
	struct linereader lr;		/* text */
	uint8_t		*data;		/* an image's bytes */
	size_t		 len;
	uint8_t		*encoded;	/* a netpbm image as PNG */
	struct picture	*pixels;	/* an image decoded, kept */
};

/* What input_board keeps of a screenshot for its plan's picture. */
enum keep { KEEP_NOTHING, KEEP_BYTES, KEEP_PIXELS };

int	 input_open(struct input *, const char *, enum input_kind);
void	 input_from_bytes(struct input *, const char *, uint8_t *, size_t,
	    enum input_kind);
int	 input_wanted(const char *, size_t);
int	 input_close(struct input *);
int	 input_board(struct input *, struct board *, struct plan_view *,
	    enum keep, char *, size_t);

/* render.c */
void	 render_svg(FILE *, const struct board *, const struct plan *,
	    const struct plan_view *);
void	 render_moves(FILE *, const struct plan *, size_t);

/* gen.c */
void	 board_generate(struct board *, size_t, size_t, struct rng *);

#endif /* FRUIT_H */
