/*
 * nrpa.c: planning a game by nested rollout policy adaptation.
 *
 * A policy gives every rectangle of the board a weight; a game played
 * by it draws each move with odds growing with the exponential of the
 * move's weight, less a bias for the greedy player's preference (fewest
 * apples, then a 9, and 1s and 2s kept for the 9s and 8s), so that an
 * untaught policy already plays much like the greedy player.  Level 1
 * plays ITERATIONS such games, each time teaching the policy the best
 * game so far: that game's moves gain weight and the moves it passed
 * over lose it, in proportion to how likely the policy was to play
 * them.  Level 2 does the same with level 1 searches in place of single
 * games, each starting from level 2's policy.  Searches restart from an
 * untaught policy until the budget is spent, and the best game of all
 * is the plan, which polish.c then mends, a round for each
 * POLISH_EFFORT of the budget.  The budget counts the moves of the
 * games played (and one for each game's first listing), never time, so
 * a plan depends only on the board, the effort and the seed.  A lesson
 * replays its game from a record of the moves open at each turn, kept
 * while the game was played: the moves open do not depend on the
 * policy, and listing them is most of a game's cost.
 */

#include "config.h"

#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

#define LEVEL		2	/* levels of nesting */
#define ITERATIONS	75	/* searches a level runs and learns from */
#define BIAS		3.0	/* weight of the greedy preference */
#define SPEND		1.0	/* weight of small digits spent idly */
#define RATE		0.7	/* how far one lesson moves the weights */
#define MAX_CODES	(1UL << 20)	/* rectangles a policy can weigh */
#define RANKS		(2 * FRUIT_TARGET + 2)	/* of a move, 2 * apples + 1 */

/*
 * A game as a lesson needs it: its moves, and for each move the codes
 * and greedy preferences of every move open at that point (the moves
 * open do not depend on the policy, so a game is replayed from this
 * record, not from the board).
 */
struct record {
	struct rect	*move;
	size_t		 nmoves, capmoves;
	size_t		*first;		/* each move's first entry */
	uint32_t	*played;	/* each move's code */
	uint32_t	*code;		/* the open moves' codes */
	double		*bias;		/* and preferences */
	size_t		 nopen, capopen;
};

struct nrpa {
	const struct board *b;
	const struct plan_options *opt;
	struct movegen	 mg;
	size_t		 ncells;
	size_t		 ncodes;	/* rectangles of the board */
	double		*policy[LEVEL + 1];
	double		*weight[LEVEL + 1];	/* exp of policy */
	struct record	 best[LEVEL + 1];	/* each level's; [0] of all */
	uint32_t	 score[LEVEL + 1];	/* the apples they clear */
	struct record	 game;		/* the game being played */
	uint8_t		*cell;
	struct rect	*move;		/* the moves open in cell */
	uint32_t	*code;		/* and their rectangles' numbers */
	double		*bias;		/* and their greedy preference */
	double		*odds;		/* and their unnormalised odds */
	size_t		 maxmoves;
	struct movegen	 mg0;		/* mg as the starting board leaves it */
	struct rect	*move0;		/* the starting board's moves */
	uint32_t	*code0;
	double		*bias0;
	size_t		 n0;
	double		 total;		/* the sum of their odds */
	double		 rankbias[RANKS];
	double		 spendbias[FRUIT_TARGET + 1];
	uint32_t	*stamp;		/* last lesson that changed a code */
	uint32_t	 lessons;
	struct rng	 rng;
	uint64_t	 steps;
	uint32_t	 apples;	/* on the starting board */
	double		 deadline;
};

static uint32_t	 rect_code(const struct nrpa *, const struct rect *);
static double	 preference(struct nrpa *, const struct rect *);
static void	 reserve(struct nrpa *, size_t);
static size_t	 begin(struct nrpa *, const double *);
static size_t	 advance(struct nrpa *, const double *, const struct rect *,
		    size_t);
static void	 record_move(struct record *, const struct nrpa *, size_t,
		    size_t);
static void	 record_copy(struct record *, const struct record *);
static void	 record_free(struct record *);
static uint32_t	 playout(struct nrpa *, const double *);
static void	 adapt(struct nrpa *, int);
static int	 spent(struct nrpa *);
static void	 search(struct nrpa *, int);

/*
 * A rectangle's number among all rectangles of the board: its pair of
 * rows, then its pair of columns, each pair (first, last) numbered as
 * last * (last + 1) / 2 + first.
 */
static uint32_t
rect_code(const struct nrpa *x, const struct rect *r)
{
	size_t rows, cols;

	rows = (size_t)r->r2 * (r->r2 + 1) / 2 + r->r1;
	cols = (size_t)r->c2 * (r->c2 + 1) / 2 + r->c1;
	return (uint32_t)(rows * (x->b->cols * (x->b->cols + 1) / 2) + cols);
}

/*
 * The greedy player's preference for a move on the board as it is now,
 * as a factor of its odds: e to the minus BIAS times its rank, twice the
 * apples it clears plus one unless it holds a 9, and to the minus SPEND
 * times the 1s and 2s it spends idly (all of them, less the one a 9 or
 * an 8 needs).  The losses of these games are mostly 9s and 8s left
 * with no 1 or 2 to go with; keeping the small digits for them cleared
 * about half an apple more a board at the same effort.
 */
static double
preference(struct nrpa *x, const struct rect *r)
{
	size_t row, col;
	unsigned int n, d[FRUIT_TARGET], spend;
	uint8_t v;

	memset(d, 0, sizeof(d));
	n = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++) {
			v = x->cell[row * x->b->cols + col];
			n += v != 0;
			d[v]++;
		}
	if (d[9] != 0)
		spend = d[1] - 1 + d[2];
	else if (d[8] != 0)
		spend = d[1] + d[2] - 1;
	else
		spend = d[1] + d[2];
	return x->rankbias[2 * n + (d[9] == 0)] * x->spendbias[spend];
}

static void
reserve(struct nrpa *x, size_t need)
{
	if (need <= x->maxmoves)
		return;
	x->maxmoves = need < 2 * x->maxmoves ? 2 * x->maxmoves : need;
	x->move = xreallocarray(x->move, x->maxmoves, sizeof(*x->move));
	x->code = xreallocarray(x->code, x->maxmoves, sizeof(*x->code));
	x->bias = xreallocarray(x->bias, x->maxmoves, sizeof(*x->bias));
	x->odds = xreallocarray(x->odds, x->maxmoves, sizeof(*x->odds));
}

/*
 * Set up the starting board and its moves, with their odds under the
 * weights w; returns how many.
 */
static size_t
begin(struct nrpa *x, const double *w)
{
	size_t i, n;
	double total;

	memcpy(x->cell, x->b->cell, x->ncells);
	if (x->move0 == NULL) {
		for (;;) {
			n = movegen_list(&x->mg, x->cell, x->move,
			    x->maxmoves);
			if (n <= x->maxmoves)
				break;
			reserve(x, n);
		}
		for (i = 0; i < n; i++) {
			x->code[i] = rect_code(x, &x->move[i]);
			x->bias[i] = preference(x, &x->move[i]);
		}
		/*
		 * Every game starts from the same board, so its moves are
		 * listed once and copied after.
		 */
		x->n0 = n;
		x->move0 = xreallocarray(NULL, n + 1, sizeof(*x->move0));
		x->code0 = xreallocarray(NULL, n + 1, sizeof(*x->code0));
		x->bias0 = xreallocarray(NULL, n + 1, sizeof(*x->bias0));
		memcpy(x->move0, x->move, n * sizeof(*x->move0));
		memcpy(x->code0, x->code, n * sizeof(*x->code0));
		memcpy(x->bias0, x->bias, n * sizeof(*x->bias0));
		movegen_init(&x->mg0, x->b->rows, x->b->cols);
		movegen_copy(&x->mg0, &x->mg);
	} else {
		n = x->n0;
		reserve(x, n);
		memcpy(x->move, x->move0, n * sizeof(*x->move0));
		memcpy(x->code, x->code0, n * sizeof(*x->code0));
		memcpy(x->bias, x->bias0, n * sizeof(*x->bias0));
		movegen_copy(&x->mg, &x->mg0);
	}
	total = 0;
	for (i = 0; i < n; i++) {
		x->odds[i] = w[x->code[i]] * x->bias[i];
		total += x->odds[i];
	}
	x->total = total;
	x->steps++;
	return n;
}

/*
 * After r was cleared from a board with n moves open: drop the moves
 * that met it, add those that meet it now (see movegen_near) and return
 * the new count.
 */
static size_t
advance(struct nrpa *x, const double *w, const struct rect *r, size_t n)
{
	size_t i, kept, more;
	double total;

	kept = 0;
	total = 0;
	for (i = 0; i < n; i++)
		if (!rects_meet(&x->move[i], r)) {
			x->move[kept] = x->move[i];
			x->code[kept] = x->code[i];
			x->odds[kept] = x->odds[i];
			total += x->odds[i];
			x->bias[kept++] = x->bias[i];
		}
	for (;;) {
		more = movegen_near(&x->mg, x->cell, r, x->move + kept,
		    x->maxmoves - kept);
		if (kept + more <= x->maxmoves)
			break;
		reserve(x, kept + more);
	}
	for (i = kept; i < kept + more; i++) {
		x->code[i] = rect_code(x, &x->move[i]);
		x->bias[i] = preference(x, &x->move[i]);
		x->odds[i] = w[x->code[i]] * x->bias[i];
		total += x->odds[i];
	}
	x->total = total;
	x->steps++;
	return kept + more;
}

/* Add to g the move x->move[chosen] and the n moves open beside it. */
static void
record_move(struct record *g, const struct nrpa *x, size_t chosen, size_t n)
{
	size_t cap;

	if (g->nmoves == g->capmoves) {
		cap = g->capmoves == 0 ? 64 : g->capmoves;
		g->move = xreallocarray(g->move, cap, 2 * sizeof(*g->move));
		g->first = xreallocarray(g->first, cap, 2 * sizeof(*g->first));
		g->played = xreallocarray(g->played, cap,
		    2 * sizeof(*g->played));
		g->capmoves = 2 * cap;
	}
	if (n > g->capopen - g->nopen) {
		cap = g->nopen + n;
		cap = cap < 2 * g->capopen ? 2 * g->capopen : cap;
		g->code = xreallocarray(g->code, cap, sizeof(*g->code));
		g->bias = xreallocarray(g->bias, cap, sizeof(*g->bias));
		g->capopen = cap;
	}
	g->move[g->nmoves] = x->move[chosen];
	g->played[g->nmoves] = x->code[chosen];
	g->first[g->nmoves++] = g->nopen;
	memcpy(g->code + g->nopen, x->code, n * sizeof(*g->code));
	memcpy(g->bias + g->nopen, x->bias, n * sizeof(*g->bias));
	g->nopen += n;
}

static void
record_copy(struct record *to, const struct record *from)
{
	if (from->nmoves > to->capmoves) {
		to->capmoves = from->nmoves;
		to->move = xreallocarray(to->move, to->capmoves,
		    sizeof(*to->move));
		to->first = xreallocarray(to->first, to->capmoves,
		    sizeof(*to->first));
		to->played = xreallocarray(to->played, to->capmoves,
		    sizeof(*to->played));
	}
	if (from->nopen > to->capopen) {
		to->capopen = from->nopen;
		to->code = xreallocarray(to->code, to->capopen,
		    sizeof(*to->code));
		to->bias = xreallocarray(to->bias, to->capopen,
		    sizeof(*to->bias));
	}
	to->nmoves = from->nmoves;
	to->nopen = from->nopen;
	if (from->nmoves == 0)
		return;
	memcpy(to->move, from->move, from->nmoves * sizeof(*to->move));
	memcpy(to->first, from->first, from->nmoves * sizeof(*to->first));
	memcpy(to->played, from->played, from->nmoves * sizeof(*to->played));
	memcpy(to->code, from->code, from->nopen * sizeof(*to->code));
	memcpy(to->bias, from->bias, from->nopen * sizeof(*to->bias));
}

static void
record_free(struct record *g)
{
	free(g->move);
	free(g->first);
	free(g->played);
	free(g->code);
	free(g->bias);
	memset(g, 0, sizeof(*g));
}

/*
 * Play a game by the weights w into x->game; returns the apples it
 * clears.
 */
static uint32_t
playout(struct nrpa *x, const double *w)
{
	struct rect r;
	size_t i, n;
	uint32_t cleared;

	x->game.nmoves = x->game.nopen = 0;
	n = begin(x, w);
	cleared = 0;
	while (n > 0) {
		i = rng_pick(&x->rng, x->odds, n, x->total);
		record_move(&x->game, x, i, n);
		r = x->move[i];
		cleared += cells_clear(x->cell, x->b->cols, &r);
		n = advance(x, w, &r, n);
	}
	return cleared;
}

/*
 * Teach the policy of a level its best game: at each move, raise the
 * weight of the move played and lower every open move's by its
 * probability.  The probabilities are those of the policy before the
 * lesson, which the exponentials in w still hold until the end.
 */
static void
adapt(struct nrpa *x, int level)
{
	const struct record *g = &x->best[level];
	double *policy = x->policy[level], *w = x->weight[level], total;
	size_t i, t, end;
	uint32_t c;

	x->lessons++;
	for (t = 0; t < g->nmoves; t++) {
		end = t + 1 < g->nmoves ? g->first[t + 1] : g->nopen;
		total = 0;
		for (i = g->first[t]; i < end; i++)
			total += w[g->code[i]] * g->bias[i];
		policy[g->played[t]] += RATE;
		for (i = g->first[t]; i < end; i++) {
			c = g->code[i];
			policy[c] -= RATE * w[c] * g->bias[i] / total;
			x->stamp[c] = x->lessons;
		}
	}
	/* Every move played was open, so the codes open are all changed. */
	for (i = 0; i < g->nopen; i++) {
		c = g->code[i];
		if (x->stamp[c] == x->lessons) {
			w[c] = exp(policy[c]);
			x->stamp[c] = 0;
		}
	}
}

static int
spent(struct nrpa *x)
{
	return x->steps >= x->opt->effort || x->score[0] == x->apples ||
	    (x->deadline != 0 && plan_clock() > x->deadline);
}

/*
 * One search of the given level from x->policy[level], leaving its best
 * game in x->best[level] and the best of all in x->best[0].  It recurses
 * once for each level below, never deeper than LEVEL.
 */
static void
search(struct nrpa *x, int level)
{
	const struct record *g;
	uint32_t score;
	int i;

	x->score[level] = 0;
	x->best[level].nmoves = x->best[level].nopen = 0;
	for (i = 0; i < ITERATIONS && !spent(x); i++) {
		if (level == 1) {
			score = playout(x, x->weight[1]);
			g = &x->game;
		} else {
			memcpy(x->policy[level - 1], x->policy[level],
			    x->ncodes * sizeof(double));
			memcpy(x->weight[level - 1], x->weight[level],
			    x->ncodes * sizeof(double));
			search(x, level - 1);
			score = x->score[level - 1];
			g = &x->best[level - 1];
		}
		if (score >= x->score[level]) {
			x->score[level] = score;
			record_copy(&x->best[level], g);
		}
		if (score > x->score[0] || x->best[0].nmoves == 0) {
			x->score[0] = score;
			record_copy(&x->best[0], g);
		}
		adapt(x, level);
	}
}

/*
 * Whether a policy can weigh every rectangle of b: the search keeps a
 * weight for each at each level, which past MAX_CODES costs too much
 * memory; plan_game then searches otherwise.
 */
int
nrpa_fits(const struct board *b)
{
	size_t rows, cols;

	rows = b->rows * (b->rows + 1) / 2;
	cols = b->cols * (b->cols + 1) / 2;
	return b->rows < 65536 && b->cols < 65536 && rows <= MAX_CODES &&
	    cols <= MAX_CODES / rows;
}

void
nrpa_plan(const struct board *b, const struct plan_options *opt,
    struct plan *p)
{
	struct nrpa x;
	size_t i;

	memset(&x, 0, sizeof(x));
	/* Room for some moves, so that a board with none still has lists. */
	reserve(&x, 64);
	x.b = b;
	x.opt = opt;
	x.ncells = b->rows * b->cols;
	x.ncodes = b->rows * (b->rows + 1) / 2 * (b->cols * (b->cols + 1) / 2);
	movegen_init(&x.mg, b->rows, b->cols);
	for (i = 0; i <= LEVEL; i++) {
		x.policy[i] = xcalloc(x.ncodes, sizeof(double));
		x.weight[i] = xreallocarray(NULL, x.ncodes, sizeof(double));
	}
	x.stamp = xcalloc(x.ncodes, sizeof(*x.stamp));
	for (i = 0; i < RANKS; i++)
		x.rankbias[i] = exp(-BIAS * (double)i);
	for (i = 0; i <= FRUIT_TARGET; i++)
		x.spendbias[i] = exp(-SPEND * (double)i);
	x.cell = xmalloc(x.ncells);
	rng_seed(&x.rng, opt->seed);
	x.deadline = opt->seconds > 0 ? plan_clock() + opt->seconds : 0;
	for (i = 0; i < x.ncodes; i++)
		x.weight[LEVEL][i] = 1;
	/* Without a move to start with there is nothing to search. */
	x.apples = begin(&x, x.weight[LEVEL]) == 0 ? 0 :
	    (uint32_t)board_apples(b);
	while (!spent(&x)) {
		memset(x.policy[LEVEL], 0, x.ncodes * sizeof(double));
		for (i = 0; i < x.ncodes; i++)
			x.weight[LEVEL][i] = 1;
		search(&x, LEVEL);
	}
	/* A budget too small for a single game still buys one. */
	if (x.best[0].nmoves == 0 && x.apples > 0) {
		x.score[0] = playout(&x, x.weight[LEVEL]);
		record_copy(&x.best[0], &x.game);
	}
	p->nmoves = x.best[0].nmoves;
	p->move = xreallocarray(NULL, p->nmoves + 1, sizeof(struct rect));
	if (p->nmoves > 0)
		memcpy(p->move, x.best[0].move,
		    p->nmoves * sizeof(struct rect));
	p->cleared = x.score[0];
	p->expansions = x.steps;
	if (p->cleared < x.apples)
		polish_plan(b, p, opt->effort / POLISH_EFFORT, x.deadline,
		    &x.rng);
	for (i = 0; i <= LEVEL; i++) {
		free(x.policy[i]);
		free(x.weight[i]);
		record_free(&x.best[i]);
	}
	record_free(&x.game);
	free(x.stamp);
	free(x.cell);
	free(x.move);
	free(x.code);
	free(x.bias);
	free(x.odds);
	free(x.move0);
	free(x.code0);
	free(x.bias0);
	if (x.move0 != NULL)
		movegen_free(&x.mg0);
	movegen_free(&x.mg);
}
