/*
 * greedy.c: greedy games on boards of any size, in time that follows the
 * moves played rather than the board.
 *
 * movegen.c keeps prefix sums over whole rows and columns, which pays on
 * boards of the game's size and costs a whole row or column at every
 * move of a long board.  Here nothing global is kept: after a rectangle
 * is cleared only the moves meeting it are new (every other move is as
 * it was), and they are found by column sums of strips around it.  The
 * moves wait in a heap ordered by the player's preference; a move that
 * a later clearing spoilt is noticed when it comes to the top, as its
 * digits no longer sum to 10 (a cleared cell only ever loses its digit),
 * and dropped.  A game thus costs about the moves it lists, each once.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

#define SATURATED	(FRUIT_TARGET + 1)

static int	 gmove_before(const struct gmove *, const struct gmove *);
static void	 heap_push(struct greedy *, const struct gmove *);
static void	 heap_sift(struct greedy *, size_t);
static void	 heap_pop(struct greedy *);
static uint64_t	 rect_total(const uint8_t *, size_t, const struct rect *);
static uint8_t	 column_sum(const struct greedy *, const uint8_t *, size_t,
		    size_t, size_t);
static void	 add_move(struct greedy *, const uint8_t *, size_t, size_t,
		    size_t, size_t);
static void	 strip_moves(struct greedy *, const uint8_t *,
		    const struct rect *, size_t, size_t, size_t, size_t);
static void	 top_moves(struct greedy *, const uint8_t *,
		    const struct rect *, size_t);

void
greedy_init(struct greedy *g, size_t rows, size_t cols)
{
	memset(g, 0, sizeof(*g));
	g->rows = rows;
	g->cols = cols;
	g->sum = xcalloc(cols, 1);
}

void
greedy_free(struct greedy *g)
{
	free(g->sum);
	free(g->heap);
	memset(g, 0, sizeof(*g));
}

/* The player's order: lowest key, then reading order. */
static int
gmove_before(const struct gmove *a, const struct gmove *b)
{
	if (a->key != b->key)
		return a->key < b->key;
	if (a->r.r1 != b->r.r1)
		return a->r.r1 < b->r.r1;
	if (a->r.c1 != b->r.c1)
		return a->r.c1 < b->r.c1;
	if (a->r.r2 != b->r.r2)
		return a->r.r2 < b->r.r2;
	return a->r.c2 < b->r.c2;
}

static void
heap_push(struct greedy *g, const struct gmove *m)
{
	size_t i, up;

	if (g->n == g->cap) {
		g->cap = g->cap == 0 ? 256 : g->cap;
		g->heap = xreallocarray(g->heap, g->cap, 2 * sizeof(*g->heap));
		g->cap *= 2;
	}
	i = g->n++;
	if (!g->heaped) {
		g->heap[i] = *m;
		return;
	}
	while (i > 0) {
		up = (i - 1) / 2;
		if (!gmove_before(m, &g->heap[up]))
			break;
		g->heap[i] = g->heap[up];
		i = up;
	}
	g->heap[i] = *m;
}

/* Move the entry at i down to its place. */
static void
heap_sift(struct greedy *g, size_t i)
{
	struct gmove m;
	size_t child;

	m = g->heap[i];
	for (;;) {
		child = 2 * i + 1;
		if (child >= g->n)
			break;
		if (child + 1 < g->n &&
		    gmove_before(&g->heap[child + 1], &g->heap[child]))
			child++;
		if (!gmove_before(&g->heap[child], &m))
			break;
		g->heap[i] = g->heap[child];
		i = child;
	}
	g->heap[i] = m;
}

static void
heap_pop(struct greedy *g)
{
	g->heap[0] = g->heap[--g->n];
	if (g->n > 0)
		heap_sift(g, 0);
}

static uint64_t
rect_total(const uint8_t *cell, size_t cols, const struct rect *r)
{
	size_t row, col;
	uint64_t t;

	t = 0;
	for (row = r->r1; row <= r->r2; row++)
		for (col = r->c1; col <= r->c2; col++)
			t += cell[row * cols + col];
	return t;
}

/* The sum of column c over rows top to bottom, saturated. */
static uint8_t
column_sum(const struct greedy *g, const uint8_t *cell, size_t c,
    size_t top, size_t bottom)
{
	size_t row;
	unsigned int s;

	s = 0;
	for (row = top; row <= bottom && s < SATURATED; row++)
		s += cell[row * g->cols + c];
	return s > SATURATED ? SATURATED : (uint8_t)s;
}

/* File the tight move of rows top to bottom, columns left to right. */
static void
add_move(struct greedy *g, const uint8_t *cell, size_t top, size_t bottom,
    size_t left, size_t right)
{
	struct gmove m;
	size_t c;
	unsigned int rank;

	/* Tight: a digit in the top row and in the bottom row. */
	for (c = left; c <= right; c++)
		if (cell[top * g->cols + c] != 0)
			break;
	if (c > right)
		return;
	for (c = left; c <= right; c++)
		if (cell[bottom * g->cols + c] != 0)
			break;
	if (c > right)
		return;
	m.r.r1 = (uint32_t)top;
	m.r.r2 = (uint32_t)bottom;
	m.r.c1 = (uint32_t)left;
	m.r.c2 = (uint32_t)right;
	rank = plan_rank(cell, g->cols, &m.r);
	if (g->rng != NULL)
		m.key = (uint32_t)rank << 24 |
		    (uint32_t)(rng_next(g->rng) & 0xffffff);
	else
		m.key = rank / 2;
	if (g->out != NULL) {
		if (g->nout == g->capout) {
			g->capout = g->capout == 0 ? 256 : 2 * g->capout;
			*g->out = xreallocarray(*g->out, g->capout,
			    sizeof(struct rect));
		}
		(*g->out)[g->nout++] = m.r;
	} else
		heap_push(g, &m);
}

/*
 * The tight moves of the strip of rows top to bottom whose columns lie
 * in lo to hi (g->sum holds the strip's column sums there) and meet
 * near's columns: two pointers, the first right end reaching 10 for
 * each left column holding a digit.
 */
static void
strip_moves(struct greedy *g, const uint8_t *cell, const struct rect *near,
    size_t top, size_t bottom, size_t lo, size_t hi)
{
	const uint8_t *s = g->sum;
	size_t left, right, last;
	unsigned int acc;

	last = near->c2 < hi ? near->c2 : hi;
	right = lo;
	acc = 0;
	for (left = lo; left <= last; left++) {
		if (right < left) {
			right = left;
			acc = 0;
		}
		while (right <= hi && acc < FRUIT_TARGET)
			acc += s[right++];
		if (acc < FRUIT_TARGET)
			break;
		if (acc == FRUIT_TARGET && s[left] != 0 &&
		    right - 1 >= near->c1)
			add_move(g, cell, top, bottom, left, right - 1);
		acc -= s[left];
	}
}

/*
 * The moves meeting near whose top row is top.  The strip grows
 * downwards while a column of near can still take part; its columns
 * reach out on each side of near's as far as they sum to 10 at most,
 * since a move reaching past them would span them all.
 */
static void
top_moves(struct greedy *g, const uint8_t *cell, const struct rect *near,
    size_t top)
{
	uint8_t *s = g->sum;
	size_t bottom, c, lo, hi, first;
	unsigned int v, acc;
	int open;

	bottom = top > near->r1 ? top : near->r1;
	for (c = near->c1; c <= near->c2; c++)
		s[c] = column_sum(g, cell, c, top, bottom);
	lo = near->c1;
	for (acc = 0; lo > 0; acc += v) {
		v = column_sum(g, cell, lo - 1, top, bottom);
		if (acc + v > FRUIT_TARGET)
			break;
		s[--lo] = (uint8_t)v;
	}
	hi = near->c2;
	for (acc = 0; hi + 1 < g->cols; acc += v) {
		v = column_sum(g, cell, hi + 1, top, bottom);
		if (acc + v > FRUIT_TARGET)
			break;
		s[++hi] = (uint8_t)v;
	}
	first = bottom;
	for (; bottom < g->rows; bottom++) {
		if (bottom > first) {
			for (c = lo; c <= hi; c++) {
				v = s[c] + cell[bottom * g->cols + c];
				s[c] = v > SATURATED ? SATURATED : (uint8_t)v;
			}
			for (acc = 0, c = near->c1; c > lo; c--)
				if ((acc += s[c - 1]) > FRUIT_TARGET) {
					lo = c;
					break;
				}
			for (acc = 0, c = near->c2; c < hi; c++)
				if ((acc += s[c + 1]) > FRUIT_TARGET) {
					hi = c;
					break;
				}
		}
		open = 0;
		for (c = near->c1; c <= near->c2 && !open; c++)
			open = s[c] <= FRUIT_TARGET;
		if (!open)
			break;
		strip_moves(g, cell, near, top, bottom, lo, hi);
	}
}

/*
 * File every tight move of cell that meets near: in the heap, or in
 * *g->out when it is set.  A move above near spans rows down to near's
 * first, so the tops stop where every column of near, summed from there
 * to just above near, is over 10.
 */
void
greedy_near(struct greedy *g, const uint8_t *cell, const struct rect *near)
{
	uint8_t *s = g->sum;
	size_t top, c;
	unsigned int v;
	int open;

	top = near->r1;
	for (c = near->c1; c <= near->c2; c++)
		s[c] = 0;
	while (top > 0) {
		open = 0;
		for (c = near->c1; c <= near->c2; c++) {
			v = s[c] + cell[(top - 1) * g->cols + c];
			s[c] = v > SATURATED ? SATURATED : (uint8_t)v;
			open |= s[c] <= FRUIT_TARGET;
		}
		if (!open)
			break;
		top--;
	}
	for (; top <= near->r2; top++)
		top_moves(g, cell, near, top);
}

/* Every tight move of cell into *out (grown as needed); returns how many. */
size_t
greedy_list(struct greedy *g, const uint8_t *cell, struct rect **out,
    size_t *cap)
{
	struct rect all;

	all.r1 = all.c1 = 0;
	all.r2 = (uint32_t)(g->rows - 1);
	all.c2 = (uint32_t)(g->cols - 1);
	g->rng = NULL;
	g->out = out;
	g->nout = 0;
	g->capout = *cap;
	greedy_near(g, cell, &all);
	*cap = g->capout;
	g->out = NULL;
	return g->nout;
}

/*
 * Play cell out: the move of the lowest key each time, which is the
 * fewest apples (rng NULL) or plan_rank with random ties.  The moves
 * go to *line, grown as needed; every STEP_CHECK moves, spent(arg) is
 * asked whether to stop (the moves so far are still a valid game).
 * Returns the apples cleared; *steps counts one listing a move.
 */
#define STEP_CHECK	64

uint32_t
greedy_play(struct greedy *g, uint8_t *cell, struct rng *rng,
    struct rect **line, size_t *nline, size_t *capline, uint64_t *steps,
    int (*spent)(void *), void *arg)
{
	struct rect r, all;
	size_t i, moves;
	uint32_t cleared;

	g->rng = rng;
	g->n = 0;
	g->heaped = 0;
	all.r1 = all.c1 = 0;
	all.r2 = (uint32_t)(g->rows - 1);
	all.c2 = (uint32_t)(g->cols - 1);
	greedy_near(g, cell, &all);
	/* Heapify what the listing left in plain order. */
	g->heaped = 1;
	for (i = g->n / 2; i-- > 0;)
		heap_sift(g, i);
	cleared = 0;
	moves = 0;
	(*steps)++;
	while (g->n > 0) {
		r = g->heap[0].r;
		heap_pop(g);
		if (rect_total(cell, g->cols, &r) != FRUIT_TARGET)
			continue;
		cleared += cells_clear(cell, g->cols, &r);
		if (*nline == *capline) {
			*capline = *capline == 0 ? 256 : 2 * *capline;
			*line = xreallocarray(*line, *capline, sizeof(**line));
		}
		(*line)[(*nline)++] = r;
		greedy_near(g, cell, &r);
		(*steps)++;
		if (++moves % STEP_CHECK == 0 && spent != NULL && spent(arg))
			break;
	}
	g->n = 0;
	return cleared;
}
