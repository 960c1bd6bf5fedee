/*
 * plan.c: planning a whole game, greedily or by beam search; boards
 * small enough to weigh every rectangle are handed to nrpa.c instead.
 *
 * The greedy player always takes a move clearing the fewest apples: small
 * moves spend the least of the board and leave the most pairings open.
 * Playing alone (--greedy) it also looks one move ahead to break ties;
 * judging positions for the search it does not, to stay cheap.
 * The beam search keeps the best few positions for each count of apples
 * cleared, judged by how a greedy game played out from them ends, and
 * merges positions reached by different orders of the same moves.  Its
 * budget is counted in node expansions (positions whose moves were
 * listed), never in time, so a plan depends only on the board, the effort
 * and the seed.
 */

#include "config.h"

#include <err.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gf.h"
#include "fruit.h"

/* A position kept by the search; its cells are in the pool. */
struct node {
	uint64_t	 hash;
	uint32_t	 cleared;
	uint32_t	 step;		/* its last move, or NONE */
};

/* A move from a kept position, waiting in the layer it would reach. */
struct child {
	int64_t		 score;
	uint64_t	 hash;
	uint32_t	 parent;	/* index of the node it comes from */
	struct rect	 move;
};

struct layer {
	struct child	*child;
	size_t		 n;
	size_t		 cap;
};

/* The tree of kept moves, for reading a plan back. */
struct step {
	uint32_t	 parent;
	struct rect	 move;
};

#define NONE	UINT32_MAX
#define CELL_SALT	0x66727569742e2e2eULL	/* of the cells' hash keys */
#define LOOKAHEAD_CELLS	1024

struct search {
	const struct plan_options *opt;
	struct movegen	 mg;
	struct rng	 rng;		/* breaks the judging games' ties */
	int		 randomise;
	int		 big;		/* played by greedy.c, not movegen */
	struct greedy	 gr;
	double		 deadline;	/* of -t, or 0 */
	size_t		 cols;
	size_t		 ncells;
	struct rect	*moves;
	size_t		 maxmoves;
	uint8_t		*scratch;
	uint8_t		*rollout;
	struct rect	*rmoves;	/* the moves of a greedy game */
	size_t		 maxrmoves;
	struct step	*steps;
	size_t		 nsteps, capsteps;
	struct node	*node;
	uint8_t		*pool;		/* ncells per node */
	size_t		 nnodes, capnodes;
	struct layer	*layer;		/* one per count of apples cleared */
	size_t		 nlayers;
	uint64_t	 expansions;
	uint32_t	 best_step;
	uint32_t	 best_cleared;
	struct rect	*line;		/* the moves of the last greedy game */
	size_t		 nline, capline;
	struct rect	*tail;		/* best game's moves after best_step */
	size_t		 ntail, captail;
	unsigned int	*rank;		/* move_rank of each of rmoves */
};

static uint64_t	 mix64(uint64_t);
static unsigned int rect_apples(const uint8_t *, size_t, const struct rect *);
static uint32_t	 clear_rect(uint8_t *, size_t, const struct rect *,
		    uint64_t *);
static size_t	 list_moves(struct search *, const uint8_t *);
static int64_t	 judge(struct search *, uint32_t, const struct rect *,
		    uint32_t, uint64_t);
static int	 search_spent(void *);
static int	 rect_before(const struct rect *, const struct rect *);
static size_t	 pick_greedy(struct search *, const uint8_t *,
		    const struct rect *, size_t, int);
static size_t	 pick_random(struct search *, size_t);
static void	 rank_moves(struct search *, const uint8_t *, size_t, size_t);
static void	 reserve_moves(struct search *, size_t);
static size_t	 update_moves(struct search *, const uint8_t *,
		    const struct rect *, size_t);
static uint32_t	 play_greedy(struct search *, uint8_t *, int);
static uint32_t	 add_step(struct search *, uint32_t, const struct rect *);
static uint32_t	 add_node(struct search *, const uint8_t *, uint64_t,
		    uint32_t, uint32_t);
static void	 add_child(struct layer *, const struct child *);
static int	 child_cmp(const void *, const void *);
static void	 expand(struct search *, uint32_t);
static void	 keep_best(struct search *, struct layer *, size_t);
static void	 plan_greedy(struct search *, const struct board *);
static void	 plan_beam(struct search *, const struct board *, size_t);
static void	 read_plan(struct search *, struct plan *);

/* splitmix64's finaliser: a cheap, well-mixed hash of a 64-bit value. */
static uint64_t
mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static unsigned int
rect_apples(const uint8_t *cell, size_t cols, const struct rect *r)
{
	size_t row, col;
	unsigned int n;

	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++)
			n += cell[row * cols + col] != 0;
	return n;
}

/*
 * Clear r, updating *hash (unless NULL) by each cell's own random key,
 * a hash of its index, so that no table of keys costs memory; returns
 * the apples cleared.
 */
static uint32_t
clear_rect(uint8_t *cell, size_t cols, const struct rect *r,
    uint64_t *hash)
{
	size_t row, col, i;
	uint32_t n;

	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			i = row * cols + col;
			if (cell[i] != 0) {
				if (hash != NULL)
					*hash ^= mix64(i ^ CELL_SALT);
				cell[i] = 0;
				n++;
			}
		}
	return n;
}

static size_t
list_moves(struct search *s, const uint8_t *cell)
{
	size_t n;

	if (s->big)
		return greedy_list(&s->gr, cell, &s->moves, &s->maxmoves);
	for (;;) {
		n = movegen_list(&s->mg, cell, s->moves, s->maxmoves);
		if (n <= s->maxmoves)
			return n;
		s->maxmoves = n;
		s->moves = xreallocarray(s->moves, n, sizeof(struct rect));
	}
}

/*
 * How promising a position (in s->scratch, reached from parent by move)
 * is among those that cleared as many apples: what the greedy player
 * would go on to clear from it, with a seeded hash of the position
 * breaking ties.  Each of these games is a whole plan in itself, so the
 * best of them is kept: the search can only do better than its own
 * judge.
 */
static int64_t
judge(struct search *s, uint32_t parent, const struct rect *move,
    uint32_t cleared, uint64_t hash)
{
	const uint8_t *cell = s->scratch;
	int64_t more;

	memcpy(s->rollout, cell, s->ncells);
	more = play_greedy(s, s->rollout, 0);
	if (cleared + more > s->best_cleared) {
		s->best_cleared = cleared + (uint32_t)more;
		s->best_step = s->node[parent].step;
		if (s->nline + 1 > s->captail) {
			s->captail = s->nline + 1 < 2 * s->captail ?
			    2 * s->captail : s->nline + 1;
			s->tail = xreallocarray(s->tail, s->captail,
			    sizeof(struct rect));
		}
		s->tail[0] = *move;
		if (s->nline > 0)
			memcpy(s->tail + 1, s->line,
			    s->nline * sizeof(struct rect));
		s->ntail = s->nline + 1;
	}
	return more * 1024 + (int64_t)(mix64(hash ^ s->opt->seed) & 1023);
}

static uint32_t
add_step(struct search *s, uint32_t parent, const struct rect *move)
{
	if (s->nsteps == s->capsteps) {
		s->capsteps = s->capsteps == 0 ? 1024 : s->capsteps;
		s->steps = xreallocarray(s->steps, s->capsteps, 2 *
		    sizeof(struct step));
		s->capsteps *= 2;
	}
	if (s->nsteps >= NONE)
		errx(GF_EXIT_ERROR, "plan too long");
	s->steps[s->nsteps].parent = parent;
	s->steps[s->nsteps].move = *move;
	return (uint32_t)s->nsteps++;
}

static uint32_t
add_node(struct search *s, const uint8_t *cell, uint64_t hash,
    uint32_t cleared, uint32_t step)
{
	if (s->nnodes == s->capnodes) {
		s->capnodes = s->capnodes == 0 ? 256 : s->capnodes;
		s->node = xreallocarray(s->node, s->capnodes, 2 *
		    sizeof(struct node));
		s->pool = xreallocarray(s->pool, s->capnodes, 2 * s->ncells);
		s->capnodes *= 2;
	}
	if (s->nnodes >= NONE)
		errx(GF_EXIT_ERROR, "search too large");
	memcpy(s->pool + s->nnodes * s->ncells, cell, s->ncells);
	s->node[s->nnodes].hash = hash;
	s->node[s->nnodes].cleared = cleared;
	s->node[s->nnodes].step = step;
	if (cleared > s->best_cleared) {
		s->best_cleared = cleared;
		s->best_step = step;
		s->ntail = 0;
	}
	return (uint32_t)s->nnodes++;
}

static void
add_child(struct layer *l, const struct child *c)
{
	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 64 : l->cap;
		l->child = xreallocarray(l->child, l->cap, 2 *
		    sizeof(struct child));
		l->cap *= 2;
	}
	l->child[l->n++] = *c;
}

/* Best first; equal positions side by side so that one is kept. */
static int
child_cmp(const void *a, const void *b)
{
	const struct child *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return 0;
}

/* Judge every move from a kept node, filing each by what it clears. */
static void
expand(struct search *s, uint32_t index)
{
	struct child c;
	size_t i, n;
	uint32_t cleared;

	n = list_moves(s, s->pool + (size_t)index * s->ncells);
	for (i = 0; i < n; i++) {
		/* The first move is judged, so that a plan comes out. */
		if (i > 0 && search_spent(s))
			break;
		memcpy(s->scratch, s->pool + (size_t)index * s->ncells,
		    s->ncells);
		c.hash = s->node[index].hash;
		cleared = s->node[index].cleared + clear_rect(s->scratch,
		    s->cols, &s->moves[i], &c.hash);
		c.parent = index;
		c.move = s->moves[i];
		c.score = judge(s, index, &c.move, cleared, c.hash);
		add_child(&s->layer[cleared], &c);
	}
}

/* Keep the width best distinct positions of a layer and expand them. */
static void
keep_best(struct search *s, struct layer *l, size_t width)
{
	struct child *c;
	size_t i, kept;
	uint64_t hash;
	uint32_t index, step;

	if (l->n == 0)
		return;
	qsort(l->child, l->n, sizeof(*l->child), child_cmp);
	kept = 0;
	for (i = 0; i < l->n && kept < width && !search_spent(s); i++) {
		c = &l->child[i];
		if (i > 0 && c->hash == l->child[i - 1].hash)
			continue;
		memcpy(s->scratch, s->pool + (size_t)c->parent * s->ncells,
		    s->ncells);
		hash = s->node[c->parent].hash;
		index = s->node[c->parent].cleared + clear_rect(s->scratch,
		    s->cols, &c->move, &hash);
		step = add_step(s, s->node[c->parent].step, &c->move);
		index = add_node(s, s->scratch, hash, index, step);
		expand(s, index);
		kept++;
	}
	free(l->child);
	memset(l, 0, sizeof(*l));
}

/* Whether the search's effort or time is spent. */
static int
search_spent(void *arg)
{
	struct search *s = arg;

	return s->expansions >= s->opt->effort ||
	    (s->deadline != 0 && plan_clock() > s->deadline);
}

/* Seconds on a clock that only goes forward, for the -t deadline. */
double
plan_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Reading order of the top left corners, then of the bottom right. */
static int
rect_before(const struct rect *a, const struct rect *b)
{
	if (a->r1 != b->r1)
		return a->r1 < b->r1;
	if (a->c1 != b->c1)
		return a->c1 < b->c1;
	if (a->r2 != b->r2)
		return a->r2 < b->r2;
	return a->c2 < b->c2;
}

/*
 * The index of the move clearing the fewest apples, the first such in
 * reading order; with lookahead, among those the one leaving the
 * most moves open, which costs a listing per candidate but keeps the
 * board supple.  The lookahead is for boards of about the game's size: past
 * LOOKAHEAD_CELLS a listing costs too much to make one per candidate.
 */
static size_t
pick_greedy(struct search *s, const uint8_t *cell, const struct rect *m,
    size_t n, int lookahead)
{
	size_t i, best, open, most;
	unsigned int a, fewest;
	uint64_t hash;

	best = 0;
	fewest = UINT32_MAX;
	for (i = 0; i < n; i++) {
		a = rect_apples(cell, s->mg.cols, &m[i]);
		if (a < fewest ||
		    (a == fewest && rect_before(&m[i], &m[best]))) {
			fewest = a;
			best = i;
		}
	}
	if (!lookahead || s->ncells > LOOKAHEAD_CELLS)
		return best;
	most = 0;
	hash = 0;
	for (i = 0; i < n; i++) {
		if (rect_apples(cell, s->mg.cols, &m[i]) != fewest)
			continue;
		memcpy(s->scratch, cell, s->ncells);
		clear_rect(s->scratch, s->mg.cols, &m[i], &hash);
		open = movegen_list(&s->mg, s->scratch, NULL, 0);
		s->expansions++;
		if (open > most ||
		    (open == most && rect_before(&m[i], &m[best]))) {
			most = open;
			best = i;
		}
	}
	return best;
}

/*
 * Make room for need moves in s->rmoves.
 */
static void
reserve_moves(struct search *s, size_t need)
{
	if (need <= s->maxrmoves)
		return;
	s->maxrmoves = need < 2 * s->maxrmoves ? 2 * s->maxrmoves : need;
	s->rmoves = xreallocarray(s->rmoves, s->maxrmoves,
	    sizeof(struct rect));
	s->rank = xreallocarray(s->rank, s->maxrmoves, sizeof(*s->rank));
}

/*
 * The judging games' order of preference, lowest first: fewest apples,
 * then, among moves of as many, one holding a 9.  A 9 pairs only with a
 * lone 1, and every other kind of move may spend that 1; taking the 9
 * and its 1 while they can still meet cleared a third of an apple more
 * a board on the bench's boards at the same effort.
 */
unsigned int
plan_rank(const uint8_t *cell, size_t cols, const struct rect *r)
{
	size_t row, col;
	unsigned int n, nine;

	n = nine = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			n += cell[row * cols + col] != 0;
			nine |= cell[row * cols + col] == 9;
		}
	return 2 * n + !nine;
}

/* Rank rmoves from index from to n, on the board they were listed on. */
static void
rank_moves(struct search *s, const uint8_t *cell, size_t from, size_t n)
{
	size_t i;

	for (i = from; i < n; i++)
		s->rank[i] = plan_rank(cell, s->mg.cols, &s->rmoves[i]);
}

/* The judging games' move: one of the lowest rank, drawn at random. */
static size_t
pick_random(struct search *s, size_t n)
{
	size_t i, best;
	unsigned int low;
	uint64_t ties;

	best = 0;
	low = UINT_MAX;
	ties = 0;
	for (i = 0; i < n; i++) {
		if (s->rank[i] < low) {
			low = s->rank[i];
			best = i;
			ties = 1;
		} else if (s->rank[i] == low &&
		    rng_below(&s->rng, ++ties) == 0)
			best = i;
	}
	return best;
}

/*
 * Bring the move list up to date after r was cleared: drop the moves
 * that met it and add those that now meet it.
 */
static size_t
update_moves(struct search *s, const uint8_t *cell, const struct rect *r,
    size_t n)
{
	size_t i, kept, more;

	kept = 0;
	for (i = 0; i < n; i++)
		if (!rects_meet(&s->rmoves[i], r)) {
			s->rank[kept] = s->rank[i];
			s->rmoves[kept++] = s->rmoves[i];
		}
	for (;;) {
		more = movegen_near(&s->mg, cell, r, s->rmoves + kept,
		    s->maxrmoves - kept);
		if (kept + more <= s->maxrmoves)
			break;
		reserve_moves(s, kept + more);
	}
	rank_moves(s, cell, kept, kept + more);
	return kept + more;
}

/*
 * Play greedily from cell to the end, clearing it and keeping the moves
 * in s->line.  Returns the apples cleared.  The moves are listed once
 * and then only updated around each cleared rectangle, which is what
 * makes these games cheap enough to judge every position by.
 */
static uint32_t
play_greedy(struct search *s, uint8_t *cell, int lookahead)
{
	struct rect r;
	uint64_t hash;
	size_t n, best;
	uint32_t cleared;

	cleared = 0;
	hash = 0;
	s->nline = 0;
	if (s->big)
		return greedy_play(&s->gr, cell, s->randomise ? &s->rng : NULL,
		    &s->line, &s->nline, &s->capline, &s->expansions,
		    s->opt->greedy ? NULL : search_spent, s);
	if (s->capline < s->ncells / 2 + 1) {
		s->capline = s->ncells / 2 + 1;
		s->line = xreallocarray(s->line, s->capline,
		    sizeof(struct rect));
	}
	for (;;) {
		n = movegen_list(&s->mg, cell, s->rmoves, s->maxrmoves);
		if (n <= s->maxrmoves)
			break;
		reserve_moves(s, n);
	}
	rank_moves(s, cell, 0, n);
	s->expansions++;
	while (n > 0) {
		if (s->randomise)
			best = pick_random(s, n);
		else
			best = pick_greedy(s, cell, s->rmoves, n, lookahead);
		r = s->rmoves[best];
		cleared += clear_rect(cell, s->mg.cols, &r, &hash);
		s->line[s->nline++] = r;
		/* The lookahead's listings left movegen another board's. */
		if (lookahead)
			movegen_load(&s->mg, cell);
		n = update_moves(s, cell, &r, n);
		s->expansions++;
	}
	return cleared;
}

static void
plan_greedy(struct search *s, const struct board *b)
{
	uint8_t *cell;

	cell = xmalloc(s->ncells);
	memcpy(cell, b->cell, s->ncells);
	s->best_cleared = play_greedy(s, cell, 1);
	s->best_step = NONE;
	/* The game is the plan: hand its moves over as they are. */
	free(s->tail);
	s->tail = s->line;
	s->ntail = s->nline;
	s->captail = s->capline;
	s->line = NULL;
	s->nline = s->capline = 0;
	free(cell);
}

/*
 * The layers are the counts of apples cleared, visited in order: every
 * position kept in a layer has cleared as many apples as the others, so
 * they are compared on their prospects alone.  Width positions are kept
 * in each.  Once the effort or the time is spent the search stops: the
 * greedy games that judged the positions are whole games, so the best of
 * them is a plan already.
 */
static void
plan_beam(struct search *s, const struct board *b, size_t width)
{
	size_t i, apples;

	apples = board_apples(b);
	s->nlayers = apples + 1;
	s->layer = xcalloc(s->nlayers, sizeof(*s->layer));
	s->best_step = NONE;
	s->best_cleared = 0;
	expand(s, add_node(s, b->cell, 0, 0, NONE));
	for (i = 1; i < s->nlayers; i++) {
		if (search_spent(s))
			break;
		keep_best(s, &s->layer[i], width);
	}
	for (; i < s->nlayers; i++)
		free(s->layer[i].child);
	free(s->layer);
	free(s->node);
	free(s->pool);
}

/* Follow the history back from the best end and lay it out in order. */
static void
read_plan(struct search *s, struct plan *p)
{
	uint32_t st;
	size_t n;

	n = 0;
	for (st = s->best_step; st != NONE; st = s->steps[st].parent)
		n++;
	p->nmoves = n + s->ntail;
	if (n == 0) {
		/* The whole plan is the tail: hand it over. */
		p->move = s->tail;
		s->tail = NULL;
		s->ntail = s->captail = 0;
	} else {
		p->move = xreallocarray(NULL, p->nmoves + 1,
		    sizeof(struct rect));
		if (s->ntail > 0)
			memcpy(p->move + n, s->tail,
			    s->ntail * sizeof(struct rect));
	}
	for (st = s->best_step; st != NONE; st = s->steps[st].parent)
		p->move[--n] = s->steps[st].move;
	p->cleared = s->best_cleared;
	p->expansions = s->expansions;
}

/*
 * Each position kept costs a greedy game played out from each of its
 * moves, about four listings per apple squared over the whole search
 * for each unit of width (measured on 17x10 boards): the width is what
 * the effort pays for at that rate, and the search stops when the effort
 * is spent.  The judging games break their ties at random (from the
 * seed), not in reading order: the positions a layer compares then
 * differ in how their games went, where reading order sent every game
 * down the same corner first; this cleared about 2 apples more a board
 * for the same width.
 */
void
plan_game(const struct board *b, const struct plan_options *opt,
    struct plan *p)
{
	struct search s;
	size_t width, apples;
	uint64_t unit;

	memset(p, 0, sizeof(*p));
	if (!opt->greedy && nrpa_fits(b)) {
		nrpa_plan(b, opt, p);
		return;
	}
	memset(&s, 0, sizeof(s));
	s.opt = opt;
	s.cols = b->cols;
	s.ncells = b->rows * b->cols;
	s.big = s.ncells > LOOKAHEAD_CELLS;
	s.deadline = opt->seconds > 0 ? plan_clock() + opt->seconds : 0;
	if (s.big)
		greedy_init(&s.gr, b->rows, b->cols);
	else
		movegen_init(&s.mg, b->rows, b->cols);
	if (!opt->greedy)
		s.rollout = xmalloc(s.ncells);
	s.scratch = xmalloc(s.ncells);
	if (opt->greedy)
		plan_greedy(&s, b);
	else {
		apples = board_apples(b);
		unit = 4 * (uint64_t)apples * apples + 1;
		width = opt->effort / unit > 4096 ? 4096 :
		    (size_t)(opt->effort / unit);
		if (width < 1)
			width = 1;
		s.randomise = 1;
		rng_seed(&s.rng, opt->seed);
		plan_beam(&s, b, width);
	}
	read_plan(&s, p);
	if (!opt->greedy)
		polish_plan(b, p, opt->effort / POLISH_EFFORT, s.deadline,
		    &s.rng);
	if (s.big)
		greedy_free(&s.gr);
	else
		movegen_free(&s.mg);
	free(s.scratch);
	free(s.rank);
	free(s.rollout);
	free(s.line);
	free(s.tail);
	free(s.rmoves);
	free(s.moves);
	free(s.steps);
}

void
plan_free(struct plan *p)
{
	free(p->move);
	memset(p, 0, sizeof(*p));
}
