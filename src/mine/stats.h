/*
 * stats.h: what the figures of a board (stats.c) and the greedy ZiNi
 * estimate (zini.c) share: each cell's state byte, the work's own
 * state, and the walk of an opening.
 */

#ifndef STATS_H
#define STATS_H

/*
 * The highest premium there can be: a chord gains at most its 8
 * neighbours and the cell itself, and costs 1, or 2 when the cell is
 * covered, which is the only way it gains itself.
 */
#define PREMIUM_MAX	7

/*
 * A cell's state byte.  A numbered cell has ST_HAS, its premium plus
 * PREMIUM_BIAS in ST_CODE (a premium is never below -10: at most 8
 * mines without a flag, the click to open and the chord), and its open
 * and island bits; a mine has ST_MINE and its flag bit; a zero is
 * ST_ZERO and its open bit; the wall is 0.  A rim cell, never an island
 * cell, has ST_MARK in the island bit once an opening met it: see
 * rim_open and meet_multi.
 */
#define ST_CODE		0x1f
#define ST_ZERO		0x01
#define ST_HAS		0x20
#define ST_OPEN		0x40
#define ST_FLAG		0x40
#define ST_ISLAND	0x80
#define ST_MINE		0x80
#define ST_MARK		0x80
#define PREMIUM_BIAS	10

/*
 * The work of one board's figures: its state bytes, the planes of bits
 * they are made from, the walks' stacks, and the greedy's sweep, heap
 * and 3BV left.
 */
struct zini {
	const struct board *b;
	uint8_t		*state;		/* each cell's, ST_*: the board's */
	size_t		 stride;	/* bytes a row of state */
	size_t		 ncell;		/* cells with the wall, not padding */
	size_t		 pw;		/* words a row of a plane */
	uint64_t	*zeros;		/* planes: a bit a cell, by column */
	uint64_t	*numbered;
	uint64_t	*multi;		/* rim cells of two ring groups, in
					   numbered's memory */
	uint64_t	*covered;	/* zeros not yet opened */
	int		 level;		/* the premium swept */
	size_t		 cursor;	/* the sweep's next cell */
	uint64_t	*heap;		/* cells raised: heap_key order */
	size_t		 nheap, capheap;
	uint32_t	*stack;		/* row and column in runs to walk */
	size_t		 nstack, capstack;
	uint32_t	*marked;	/* multi cells the walk marked */
	size_t		 nmarked, capmarked;
	uint64_t	 left;		/* 3BV not yet cleared */
};

/*
 * What walk_region does with the rim of an opening: counting, each multi
 * rim cell gains the opening (the others have it already); in the greedy,
 * each rim cell is opened.
 */
enum rim {
	RIM_COUNT,
	RIM_OPEN
};

void		 walk_region(struct zini *, uint64_t *, size_t, size_t,
		    enum rim);
uint64_t	 zini_greedy(struct zini *);

#endif /* STATS_H */
