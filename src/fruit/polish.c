/*
 * polish.c: mending a plan by tearing out a part of it and playing that
 * part again.
 *
 * A plan is a set of groups of apples, each summing to 10, cleared in
 * an order where no group's rectangle holds, when its turn comes, an
 * apple that is not its own.  So most of a plan's groups can be kept
 * as they are while the others are chosen anew, in any order that
 * keeps that rule.  Each round draws a window of the board (up to
 * WINDOW_ROWS by WINDOW_COLS cells) and frees the groups whose
 * rectangle meets it; the apples the plan leaves on the board are free
 * too.  Then a game is played in which a kept group is cleared as soon
 * as its rectangle holds no other apple, and the player's moves are
 * the rectangles of free apples only, drawn with odds that favour the
 * greedy player's choices (plan_rank).  A kept group whose rectangle
 * never comes clear stays on the board.  When the game clears at least
 * as many apples as the plan, it becomes the plan: a tie is taken too,
 * so that the plan keeps moving.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

#define WINDOW_ROWS	3	/* the most rows a round's window spans */
#define WINDOW_COLS	4	/* and columns */
#define BIAS		2.0	/* weight of the greedy preference */
#define ROUND_CELLS	10000	/* cells past which rounds are fewer */
#define KEPT		(FRUIT_TARGET + 1)	/* a kept apple, to movegen */
#define NONE		UINT32_MAX
#define RANKS		(2 * FRUIT_TARGET + 2)

struct polish {
	const struct board *b;
	size_t		 cols, ncells;
	struct movegen	 mg;
	struct rng	*rng;
	struct rect	*plan;		/* the plan's moves */
	size_t		 nplan;
	uint32_t	 cleared;	/* the apples they clear */
	struct rect	 region;	/* the round's window and moves freed */
	uint32_t	*owner;		/* the plan's move clearing each cell */
	struct rect	*game;		/* the round's moves */
	size_t		 ngame;
	uint32_t	*gameowner;	/* the round's move clearing each cell */
	uint8_t		*cell;		/* the round's board, kept apples KEPT */
	uint8_t		*keep;		/* which moves of the plan it keeps */
	uint32_t	*blocked;	/* their rectangles' apples not their own */
	uint32_t	*first;		/* per cell: its first waiter in wait */
	uint32_t	*wait;		/* kept moves waiting for cells */
	uint32_t	*ready;		/* kept moves free to go */
	size_t		 nready;
	struct rect	*moves;		/* free moves open */
	double		*odds;
	size_t		 maxmoves;
	double		 rankbias[RANKS];
};

static void	 polish_init(struct polish *, const struct board *,
		    const struct plan *, struct rng *);
static void	 polish_free(struct polish *);
static uint32_t	 claim(struct polish *, const struct rect *, uint32_t);
static void	 keep_moves(struct polish *, const struct rect *);
static uint32_t	 take(struct polish *, const struct rect *);
static size_t	 free_moves(struct polish *, const struct rect *);
static size_t	 draw(struct polish *, size_t);
static void	 complete(struct polish *, double);
static uint32_t	 play_round(struct polish *, const struct rect *);

static void
polish_init(struct polish *p, const struct board *b, const struct plan *pl,
    struct rng *rng)
{
	size_t i, n;

	memset(p, 0, sizeof(*p));
	p->b = b;
	p->cols = b->cols;
	p->ncells = b->rows * b->cols;
	p->rng = rng;
	movegen_init(&p->mg, b->rows, b->cols);
	/* A move clears at least two apples: ncells / 2 moves at most. */
	n = p->ncells / 2 + 1;
	p->plan = xreallocarray(NULL, n, sizeof(*p->plan));
	p->game = xreallocarray(NULL, n, sizeof(*p->game));
	p->keep = xmalloc(n);
	p->blocked = xreallocarray(NULL, n, sizeof(*p->blocked));
	p->ready = xreallocarray(NULL, n, sizeof(*p->ready));
	p->owner = xreallocarray(NULL, p->ncells, sizeof(*p->owner));
	p->gameowner = xreallocarray(NULL, p->ncells, sizeof(*p->gameowner));
	p->first = xreallocarray(NULL, p->ncells + 1, sizeof(*p->first));
	p->wait = NULL;
	p->cell = xmalloc(p->ncells);
	p->maxmoves = 256;
	p->moves = xreallocarray(NULL, p->maxmoves, sizeof(*p->moves));
	p->odds = xreallocarray(NULL, p->maxmoves, sizeof(*p->odds));
	for (i = 0; i < RANKS; i++)
		p->rankbias[i] = exp(-BIAS * (double)i);
	if (pl->nmoves > 0)
		memcpy(p->plan, pl->move, pl->nmoves * sizeof(*p->plan));
	p->nplan = pl->nmoves;
	p->cleared = (uint32_t)pl->cleared;
	memcpy(p->cell, b->cell, p->ncells);
	for (i = 0; i < p->ncells; i++)
		p->owner[i] = NONE;
	for (i = 0; i < p->nplan; i++)
		claim(p, &p->plan[i], (uint32_t)i);
}

/*
 * Clear the apples of r from the plan's last board as the plan's move
 * k; returns how many.
 */
static uint32_t
claim(struct polish *p, const struct rect *r, uint32_t k)
{
	size_t row, col, at;
	uint32_t n;

	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			at = row * p->cols + col;
			if (p->cell[at] != 0) {
				p->owner[at] = k;
				p->cell[at] = 0;
				n++;
			}
		}
	return n;
}

static void
polish_free(struct polish *p)
{
	movegen_free(&p->mg);
	free(p->plan);
	free(p->game);
	free(p->keep);
	free(p->blocked);
	free(p->ready);
	free(p->owner);
	free(p->gameowner);
	free(p->first);
	free(p->wait);
	free(p->cell);
	free(p->moves);
	free(p->odds);
}

/*
 * Set up a round freeing the moves that meet w: the board with the kept
 * apples marked, each kept move's count of apples in its way, and for
 * each cell the kept moves it is in the way of (first and wait, by
 * counting sort); the moves in nobody's way are ready.
 */
static void
keep_moves(struct polish *p, const struct rect *w)
{
	size_t i, j, row, col, at, total;
	const struct rect *r;

	memcpy(p->cell, p->b->cell, p->ncells);
	p->region = *w;
	for (i = 0; i < p->nplan; i++) {
		r = &p->plan[i];
		p->keep[i] = !rects_meet(r, w);
		if (p->keep[i])
			continue;
		p->region.r1 = r->r1 < p->region.r1 ? r->r1 : p->region.r1;
		p->region.c1 = r->c1 < p->region.c1 ? r->c1 : p->region.c1;
		p->region.r2 = r->r2 > p->region.r2 ? r->r2 : p->region.r2;
		p->region.c2 = r->c2 > p->region.c2 ? r->c2 : p->region.c2;
	}
	for (i = 0; i < p->ncells; i++) {
		p->gameowner[i] = NONE;
		p->first[i] = 0;
		if (p->cell[i] != 0 && p->owner[i] != NONE &&
		    p->keep[p->owner[i]])
			p->cell[i] = KEPT;
	}
	p->first[p->ncells] = 0;
	total = 0;
	p->nready = 0;
	for (j = 0; j < p->nplan; j++) {
		if (!p->keep[j])
			continue;
		r = &p->plan[j];
		p->blocked[j] = 0;
		for (row = r->r1; row <= r->r2; row++)
			for (col = r->c1; col <= r->c2; col++) {
				at = row * p->cols + col;
				if (p->cell[at] != 0 && p->owner[at] != j) {
					p->blocked[j]++;
					p->first[at + 1]++;
				}
			}
		total += p->blocked[j];
		if (p->blocked[j] == 0)
			p->ready[p->nready++] = (uint32_t)j;
	}
	for (i = 0; i < p->ncells; i++)
		p->first[i + 1] += p->first[i];
	p->wait = xreallocarray(p->wait, total + 1, sizeof(*p->wait));
	for (j = 0; j < p->nplan; j++) {
		if (!p->keep[j] || p->blocked[j] == 0)
			continue;
		r = &p->plan[j];
		for (row = r->r1; row <= r->r2; row++)
			for (col = r->c1; col <= r->c2; col++) {
				at = row * p->cols + col;
				if (p->cell[at] != 0 && p->owner[at] != j)
					p->wait[p->first[at]++] = (uint32_t)j;
			}
	}
	/* first[at] now ends cell at's waiters: shift back to starts. */
	for (i = p->ncells; i > 0; i--)
		p->first[i] = p->first[i - 1];
	p->first[0] = 0;
}

/*
 * Clear every apple in r as the round's next move, and tell the kept
 * moves they were in the way of; returns the apples cleared.
 */
static uint32_t
take(struct polish *p, const struct rect *r)
{
	size_t row, col, at, i;
	uint32_t n, j;

	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			at = row * p->cols + col;
			if (p->cell[at] == 0)
				continue;
			p->cell[at] = 0;
			p->gameowner[at] = (uint32_t)p->ngame;
			n++;
			for (i = p->first[at]; i < p->first[at + 1]; i++) {
				j = p->wait[i];
				if (--p->blocked[j] == 0)
					p->ready[p->nready++] = j;
			}
		}
	p->game[p->ngame++] = *r;
	return n;
}

/*
 * List the free moves of the round's board that meet near; returns how
 * many.
 */
static size_t
free_moves(struct polish *p, const struct rect *near)
{
	size_t n;

	for (;;) {
		movegen_load(&p->mg, p->cell);
		n = movegen_near(&p->mg, p->cell, near, p->moves,
		    p->maxmoves);
		if (n <= p->maxmoves)
			return n;
		p->maxmoves = 2 * n;
		p->moves = xreallocarray(p->moves, p->maxmoves,
		    sizeof(*p->moves));
		p->odds = xreallocarray(p->odds, p->maxmoves,
		    sizeof(*p->odds));
	}
}

/*
 * One of the n moves listed, drawn with odds falling by e to the BIAS
 * for each rank of plan_rank.
 */
static size_t
draw(struct polish *p, size_t n)
{
	size_t i;
	double total;

	total = 0;
	for (i = 0; i < n; i++) {
		p->odds[i] = p->rankbias[plan_rank(p->cell, p->cols,
		    &p->moves[i])];
		total += p->odds[i];
	}
	return rng_pick(p->rng, p->odds, n, total);
}

/*
 * Play out the moves the plan leaves open, so that its last board has
 * none: then a round's new moves all meet the part it frees (an apple
 * outside it is one the plan left, and a rectangle of those alone would
 * have been open at the plan's end), and only that part is listed.
 */
static void
complete(struct polish *p, double deadline)
{
	struct rect all;
	size_t n, i;

	all.r1 = all.c1 = 0;
	all.r2 = (uint32_t)p->b->rows - 1;
	all.c2 = (uint32_t)p->cols - 1;
	while ((n = free_moves(p, &all)) > 0) {
		if (deadline != 0 && plan_clock() > deadline)
			return;
		i = draw(p, n);
		p->cleared += claim(p, &p->moves[i], (uint32_t)p->nplan);
		p->plan[p->nplan++] = p->moves[i];
	}
}

/* One round freeing the moves that meet w; returns the apples cleared. */
static uint32_t
play_round(struct polish *p, const struct rect *w)
{
	size_t n, i;
	uint32_t cleared;

	keep_moves(p, w);
	p->ngame = 0;
	cleared = 0;
	for (;;) {
		while (p->nready > 0)
			cleared += take(p, &p->plan[p->ready[--p->nready]]);
		if ((n = free_moves(p, &p->region)) == 0)
			break;
		i = draw(p, n);
		cleared += take(p, &p->moves[i]);
	}
	return cleared;
}

/*
 * Mend the plan pl of board b for the given number of rounds, or until
 * the clock passes deadline (0 for none), drawing from rng.  A round
 * sets up the whole board again, so on boards of more than ROUND_CELLS
 * cells the rounds are fewer in proportion, the mending costing at most
 * what it does on a board of that size.
 */
void
polish_plan(const struct board *b, struct plan *pl, uint64_t rounds,
    double deadline, struct rng *rng)
{
	struct polish p;
	struct rect w, *t;
	uint32_t *o, got;
	uint64_t i, far;

	if (b->rows != 0 && b->cols != 0 &&
	    b->rows * b->cols > ROUND_CELLS)
		rounds = rounds / (b->rows * b->cols / ROUND_CELLS + 1);
	if (rounds == 0 || b->rows == 0 || b->cols == 0 ||
	    (deadline != 0 && plan_clock() > deadline))
		return;
	polish_init(&p, b, pl, rng);
	complete(&p, deadline);
	for (i = 0; i < rounds; i++) {
		if (deadline != 0 && plan_clock() > deadline)
			break;
		w.r1 = (uint32_t)rng_below(rng, b->rows);
		w.c1 = (uint32_t)rng_below(rng, b->cols);
		/* The window's far corner, on the board. */
		far = w.r1 + rng_below(rng, WINDOW_ROWS);
		w.r2 = (uint32_t)(far < b->rows ? far : b->rows - 1);
		far = w.c1 + rng_below(rng, WINDOW_COLS);
		w.c2 = (uint32_t)(far < b->cols ? far : b->cols - 1);
		got = play_round(&p, &w);
		if (got < p.cleared)
			continue;
		t = p.plan;
		p.plan = p.game;
		p.game = t;
		p.nplan = p.ngame;
		p.cleared = got;
		o = p.owner;
		p.owner = p.gameowner;
		p.gameowner = o;
	}
	pl->move = xreallocarray(pl->move, p.nplan + 1, sizeof(*pl->move));
	memcpy(pl->move, p.plan, p.nplan * sizeof(*pl->move));
	pl->nmoves = p.nplan;
	pl->cleared = p.cleared;
	polish_free(&p);
}
