/*
 * gen.c: random boards, from the toolkit's generator (rng.c in the
 * library), so that a seed gives the same board on every machine.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

static int	 in_safe_block(const struct generate *, size_t, size_t);
static uint64_t	 safe_block_cells(const struct generate *);

static int
in_safe_block(const struct generate *gen, size_t r, size_t c)
{
	if (gen->safe_row == 0)
		return 0;
	if (gen->cell_only)
		return r == gen->safe_row && c == gen->safe_col;
	return r + 1 >= gen->safe_row && r <= gen->safe_row + 1 &&
	    c + 1 >= gen->safe_col && c <= gen->safe_col + 1;
}

/* The cells of the 3x3 block around the safe cell that are on the board. */
static uint64_t
safe_block_cells(const struct generate *gen)
{
	uint64_t rows, cols;

	if (gen->safe_row == 0)
		return 0;
	if (gen->cell_only)
		return 1;
	rows = 1 + (gen->safe_row > 1) + (gen->safe_row < gen->height);
	cols = 1 + (gen->safe_col > 1) + (gen->safe_col < gen->width);
	return rows * cols;
}

/* The most mines a board can take. */
uint64_t
generate_limit(const struct generate *gen)
{
	return (uint64_t)gen->width * gen->height - safe_block_cells(gen);
}

/*
 * Place the mines by drawing cells until enough distinct ones are found,
 * or, for a crowded board, by filling it and drawing the cells to leave
 * empty: either way the draws expected are at most twice the cells set.
 * The board is made again in place when it has the size already; its
 * counts are worked out.
 */
void
generate_draw(const struct generate *gen, struct board *b, struct rng *g)
{
	uint64_t cells, room, want, placed = 0, i;
	uint8_t *p, set;
	size_t r, c;

	if (b->base == NULL || b->width != gen->width ||
	    b->height != gen->height)
		board_alloc(b, gen->width, gen->height);
	else
		for (r = 1; r <= gen->height; r++)
			memset(board_at(b, r, 1), 0, gen->width);
	b->mines = b->opened = 0;
	b->lost = 0;
	b->counted = 0;
	cells = (uint64_t)gen->width * gen->height;
	room = generate_limit(gen);
	set = CELL_MINE;
	want = gen->mines;
	if (want > room / 2) {
		for (r = 1; r <= gen->height; r++)
			for (c = 1; c <= gen->width; c++)
				if (!in_safe_block(gen, r, c))
					*board_at(b, r, c) = CELL_MINE;
		set = 0;
		want = room - gen->mines;
	}
	while (placed < want) {
		i = rng_below(g, cells);
		r = (size_t)(i / gen->width) + 1;
		c = (size_t)(i % gen->width) + 1;
		p = board_at(b, r, c);
		if (in_safe_block(gen, r, c) || *p == set)
			continue;
		*p = set;
		placed++;
	}
	(void)board_finish(b);
}

void
generate_board(const struct generate *gen, struct board *b)
{
	struct rng g;

	rng_seed(&g, gen->seed);
	generate_draw(gen, b, &g);
}

/*
 * Draw boards from the seed until the solver wins one from the safe
 * cell without a guess, and leave that one in b, as drawn.  Every board
 * that logic wins is as likely as in plain drawing: the boards follow
 * the uniform distribution on the boards logic wins.  Returns the
 * number of boards drawn, or 0 if max draws found none.
 */
uint64_t
generate_no_guess(const struct generate *gen, struct board *b,
    uint64_t max)
{
	struct rng g;
	struct game game;
	uint64_t n;

	rng_seed(&g, gen->seed);
	for (n = 1; n <= max; n++) {
		generate_draw(gen, b, &g);
		reveal_open(b, gen->safe_row, gen->safe_col);
		play_solve(b, NULL, 1, 0, &game);
		board_reset(b);
		if (game.won)
			return n;
	}
	return 0;
}
