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

/* An outcome a RawVF video tells, by its Status or an event line. */
enum told {
	TOLD_NOTHING,
	TOLD_WON,
	TOLD_LOST
};

/* What replaying a video's clicks did (replay.c). */
struct played {
	int		 replayed;	/* it had clicks, and they were played */
	int		 whole;		/* all of them, not up to a time */
	uint64_t	 left, right, chords;	/* clicks on the board */
	uint64_t	 solved;	/* the 3BV they solved */
	int		 state;		/* an enum state, as they left it */
	int		 fatal_known;	/* a left click on a mine lost it */
	double		 fatal;		/* the chance, as the board stood, that
					   its cell was a mine (NaN: unknown) */
	uint64_t	 fatal_safe;	/* the covered cells proved safe then */
};

/* The game a RawVF video recorded, as its header and events tell it. */
struct recorded {
	int		 timed;		/* a Time is given */
	uint64_t	 time_ms;	/* and it is so many milliseconds */
	enum told	 status;	/* what its Status says */
	enum told	 ending;	/* what a "won" or "lost" event says */
	int		 marks;		/* Marks: On, question marks */
	int		 superclick;	/* SuperClick: On, a left click chords */
	uint64_t	 square;	/* SquareSize: a cell's pixels, or 0 */
	struct played	 played;
};

/*
 * Whether to replay a RawVF video's clicks, and up to which time in
 * milliseconds (INT64_MAX: all of them).
 */
struct replaying {
	int		 on;
	int64_t		 until_ms;
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
	int		 view;		/* read from a view: mines unknown */
	size_t		 firstline;	/* input line the board began on, or
					   0 for MBF */
	size_t		 firstbyte;	/* MBF: the offset it began at */
	struct recorded	 recorded;	/* a RawVF video's game */

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
void	 board_reset(struct board *);
int	 board_view_row(const char *, size_t);
void	 board_print_view_rows(const struct board *, int);

/* parse.c: boards and their actions in the text format. */
int	 parse_board(struct linereader *, struct board *, int *);

/* reveal.c: the player's actions. */
void	 reveal_apply(struct board *, enum action, size_t, size_t);
void	 reveal_open(struct board *, size_t, size_t);

/* rawvf.c: the board of a RawVF video, and its events. */
int	 rawvf_starts(const char *, size_t);
int	 rawvf_read(struct linereader *, struct board *, int *,
	    const struct replaying *);
int	 rawvf_seconds(const char *, size_t, uint64_t *);

/* replay.c: a video's mouse events played on its board. */
enum mouse_event {
	MOUSE_LEFT_DOWN,	/* lc */
	MOUSE_LEFT_UP,		/* lr */
	MOUSE_RIGHT_DOWN,	/* rc */
	MOUSE_RIGHT_UP,		/* rr */
	MOUSE_MIDDLE_DOWN,	/* mc */
	MOUSE_MIDDLE_UP		/* mr */
};

struct replay {
	struct board	*b;
	struct played	*played;
	uint8_t		*question;	/* question marks, a byte a cell, made
					   when the first is: or NULL */
	int		 marks, superclick;
	int		 left, right;	/* the buttons held */
	int		 both;		/* held at once since the last chord */
	int		 right_idle;	/* the right click counted changed no
					   cell: a chord's, if the left joins */
	int		 after_chord;	/* a button still held after one */
};

const char *replay_state_name(int);
void	 replay_begin(struct replay *, struct board *, struct recorded *);
void	 replay_event(struct replay *, enum mouse_event, int64_t, int64_t);
void	 replay_toggle_marks(struct replay *);
void	 replay_end(struct replay *);

/* mbf.c: the binary format. */
int	 mbf_read(FILE *, const char *, size_t *, struct board *);
int	 mbf_plausible(const char *, size_t);
int	 mbf_write(const struct board *, FILE *);

/* gen.c: random boards. */
struct generate {
	size_t		 width, height;
	uint64_t	 mines;
	uint64_t	 seed;
	size_t		 safe_row, safe_col;	/* 0 if no safe cell */
	int		 cell_only;	/* the safe cell alone, not its block */
};

void	 generate_board(const struct generate *, struct board *);
void	 generate_draw(const struct generate *, struct board *, struct rng *);
uint64_t generate_no_guess(const struct generate *, struct board *,
	    uint64_t);
uint64_t generate_limit(const struct generate *);

/* stats.c: the figures of a board's mines. */
struct stats {
	uint64_t	 bbbv, openings, islands, island_cells, zini;
	uint64_t	 mines, cells;
};

void	 stats_compute(struct board *, struct stats *);
void	 stats_print(const struct stats *, const struct recorded *);

/* solve.c: what the numbers and the mine counter tell. */
#define KNOW_MINE	0x01	/* certainly a mine */
#define KNOW_SAFE	0x02	/* certainly safe */
#define KNOW_QUEUED	0x04	/* on the work list */
#define SOLVE_BUDGET	((size_t)1 << 22)	/* search nodes a region */

struct constraint {
	int		 need;		/* mines still needed */
	int		 n;		/* unknown neighbours */
};

/* A set of frontier cells no number links to the others. */
struct region {
	size_t		 first, ncells;	/* in the solver's fcell */
	int		 exact;		/* counted within the budget */
	double		*count;		/* [k]: assignments with k mines */
	double		*mines;		/* [p * (ncells + 1) + k]: of those, with
					   cell p a mine */
};

/*
 * A region counted before: its key (each cell, then each number next to
 * it with the mines it needs, then NONE), and its counts as a region
 * holds them.
 */
struct counted {
	uint32_t	*key;
	size_t		 nkey;
	uint64_t	 hash;
	double		*count;
};

struct solver {
	struct board	*b;
	uint8_t		*know;		/* KNOW_* a padded cell */
	uint32_t	*map;		/* padded cell to frontier index */
	size_t		 ncells;	/* padded cells */
	uint64_t	 total;		/* mines on the board */
	size_t		 budget;	/* search nodes a region */
	ptrdiff_t	 off[8];	/* the neighbours */
	size_t		*queue, nqueue, capqueue;
	size_t		 nsafe, nmine;	/* cells marked */
	size_t		*fcell, nfcell, capfcell;	/* frontier cells */
	size_t		*fcon, nfcon, capfcon;	/* frontier numbers */
	struct constraint *con;
	double		*prob;		/* a frontier cell's probability */
	struct region	*region;
	size_t		 nregion;
	double		*work;
	size_t		 capwork;
	size_t		 nodes;		/* searched, in all */
	int		 exact;		/* every region counted */
	double		 interior;	/* a cell off the frontier */
	double		 logboards;	/* log of the boards that fit */
	int		 interior_certain;	/* 1 all safe, 2 all mines */
	uint64_t	 ninterior;
	int		 logging;	/* keep the marks to take back */
	size_t		*undo, nundo, capundo;
	struct counted	*counted;	/* regions counted, kept to reuse */
	size_t		 ncounted, nextcounted;
	uint32_t	*key;		/* the key of the region at hand */
	size_t		 nkey, capkey;
};

void	 solver_init(struct solver *, struct board *, uint64_t);
void	 solver_free(struct solver *);
size_t	 solver_index(const struct solver *, size_t, size_t);
int	 solver_logic(struct solver *);
int	 solver_analyse(struct solver *);
int	 solver_analyse_at(struct solver *, size_t);
double	 solver_prob(const struct solver *, size_t);
void	 solver_print_prob(double);
int	 solver_probe(struct solver *, size_t, int);

/* endgame.c: the last guesses searched whole. */
#define END_CELLS	64	/* undecided cells at most: one bit each */
#define END_BOARDS	512	/* boards that fit what is shown, at most */
#define END_NODES	20000	/* positions searched a guess, at most */

struct endgame;

struct endgame *endgame_new(void);
void	 endgame_free(struct endgame *);
int	 endgame_guess(struct endgame *, const struct solver *, size_t *,
	    size_t *, size_t *);

/* guess.c: the cell to open when nothing is certain. */
double	 guess_estimate(const struct solver *, size_t);
int	 guess_fifty(const struct solver *, size_t *);
size_t	 guess_best(struct solver *, int);

/* play.c: hints, probabilities, a whole game, boards without guesses. */
struct game {
	uint64_t	 clicks, guesses;
	int		 won;
	int		 stuck;		/* logic alone could not go on */
};

int	 play_analyse(struct solver *, struct board *, uint64_t);
void	 play_over(const char *);
void	 play_hint_lines(struct solver *, struct endgame *, int);
void	 play_probability_lines(struct solver *);
void	 play_solve(struct board *, struct endgame *, int, int,
	    struct game *);

#endif /* MINE_H */
