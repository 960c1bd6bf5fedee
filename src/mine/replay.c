/*
 * replay.c: a RawVF video's mouse events played on its board, as the
 * classic game reads the mouse (mine-reveal(1) gives the rules): a left
 * click opens the cell under the pointer when the button goes up; a
 * right click flags or unflags it when the button goes down (with
 * Marks on, a flag becomes a question mark first); both buttons held at
 * once, or the middle button, chord the cell where the first button goes
 * up, and the other button's release then does nothing.  The clicks on
 * the board are counted as they are played, and once the game is over
 * nothing counts.  At the end, the 3BV the game solved is counted on the
 * board as it is left, without recursion.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "gf.h"
#include "mine.h"

static int	 on_board(const struct replay *, int64_t, int64_t);
static void	 right_press(struct replay *, size_t, size_t);
static void	 fatal_click(struct played *, struct board *, size_t);
static void	 left_click(struct replay *, size_t, size_t);
static void	 chord_at(struct replay *, int, int64_t, int64_t);
static int	 open_zero(const struct board *, size_t);
static size_t	 neighbour(const struct board *, size_t, int);
static int	 touches_zero(const struct board *, size_t);
static size_t	*push_index(size_t *, size_t *, size_t *, size_t);
static uint64_t	 solved_3bv(const struct board *);

/* How a game stands, as the replay's figures and messages name it. */
const char *
replay_state_name(int state)
{
	static const char *const names[] = {
		[STATE_PLAYING] = "unfinished", [STATE_WON] = "won",
		[STATE_LOST] = "lost"
	};

	return names[state];
}

/* Set r to replay b's events; what they do goes into game->played. */
void
replay_begin(struct replay *r, struct board *b, struct recorded *game)
{
	memset(r, 0, sizeof(*r));
	r->b = b;
	r->played = &game->played;
	r->marks = game->marks;
	r->superclick = game->superclick;
	memset(r->played, 0, sizeof(*r->played));
}

/* Whether row, column (from 1, as the video writes them) is a cell. */
static int
on_board(const struct replay *r, int64_t row, int64_t col)
{
	return row >= 1 && col >= 1 && (uint64_t)row <= r->b->height &&
	    (uint64_t)col <= r->b->width;
}

/*
 * The right button goes down on a cell, the left being up: a covered
 * cell is flagged, a flag unflagged (or, with Marks on, turned into a
 * question mark), and a question mark cleared.  Whether it changed a
 * cell is kept: a press that did not, and turns into a chord, is part
 * of the chord and no right click.
 */
static void
right_press(struct replay *r, size_t row, size_t col)
{
	uint8_t *p = board_at(r->b, row, col);
	size_t i = (size_t)(p - r->b->cell);

	r->played->right++;
	r->right_idle = (*p & CELL_OPEN) != 0;
	if (r->right_idle)
		return;
	if (r->question != NULL && r->question[i])
		r->question[i] = 0;
	else if (*p & CELL_FLAG) {
		reveal_apply(r->b, ACTION_UNFLAG, row, col);
		/* The board's cells are allocated already: no overflow. */
		if (r->marks && r->question == NULL)
			r->question = xcalloc((r->b->height + 2) *
			    r->b->stride, 1);
		if (r->marks)
			r->question[i] = 1;
	} else
		reveal_apply(r->b, ACTION_FLAG, row, col);
}

/*
 * The left click on covered cell i, a mine, loses the game: the chance
 * that it was one, from what the board shows and its count of mines
 * (the solver never looks under a covered cell; NaN if it could not
 * count it exactly), and the covered cells it proves safe, which a
 * player had instead when there are any.
 */
static void
fatal_click(struct played *p, struct board *b, size_t i)
{
	struct solver s;
	size_t j;

	p->fatal_known = 1;
	p->fatal = NAN;
	p->fatal_safe = 0;
	solver_init(&s, b, b->mines);
	if (solver_analyse(&s) != -1) {
		p->fatal = solver_prob(&s, i);
		for (j = 0; j < s.ncells; j++)
			if (!(b->cell[j] & CELL_OPEN) && solver_prob(&s, j) == 0)
				p->fatal_safe++;
	}
	solver_free(&s);
}

/*
 * The left button goes up on a cell, no chord made: it opens (a flag
 * keeps it shut), or, with SuperClick on, chords an open number.  A
 * click that opens a mine first gets its chance of being one, as the
 * player could know it.
 */
static void
left_click(struct replay *r, size_t row, size_t col)
{
	uint8_t *p = board_at(r->b, row, col);
	size_t i = (size_t)(p - r->b->cell);

	r->played->left++;
	if ((*p & CELL_OPEN) && r->superclick)
		reveal_apply(r->b, ACTION_CHORD, row, col);
	else {
		if (r->question != NULL)
			r->question[i] = 0;
		if ((*p & (CELL_MINE | CELL_FLAG)) == CELL_MINE)
			fatal_click(r->played, r->b, i);
		reveal_apply(r->b, ACTION_OPEN, row, col);
	}
}

/*
 * A chord ends where a button goes up; the buttons still held then do
 * nothing more when they go up (after_chord).  A chord off the board
 * counts for nothing.
 */
static void
chord_at(struct replay *r, int still_held, int64_t row, int64_t col)
{
	r->both = 0;
	r->after_chord = still_held;
	if (!on_board(r, row, col))
		return;
	r->played->chords++;
	reveal_apply(r->b, ACTION_CHORD, (size_t)row, (size_t)col);
}

/*
 * One mouse event at row, column (from 1; a pointer off the board is
 * outside 1 to height or width).  Once the game is won or lost, nothing
 * is played nor counted.
 */
void
replay_event(struct replay *r, enum mouse_event ev, int64_t row, int64_t col)
{
	int on = on_board(r, row, col);

	if (board_state(r->b) != STATE_PLAYING)
		return;
	switch (ev) {
	case MOUSE_LEFT_DOWN:
		r->left = 1;
		r->after_chord = 0;
		if (r->right) {
			r->both = 1;
			/* A right press that flagged nothing was a chord's. */
			if (r->right_idle) {
				r->played->right--;
				r->right_idle = 0;
			}
		}
		break;
	case MOUSE_LEFT_UP:
		if (r->both)
			chord_at(r, r->right, row, col);
		else if (r->after_chord)
			r->after_chord = 0;
		else if (on)
			left_click(r, (size_t)row, (size_t)col);
		r->left = 0;
		break;
	case MOUSE_RIGHT_DOWN:
		r->right = 1;
		r->after_chord = 0;
		r->right_idle = 0;
		if (r->left)
			r->both = 1;
		else if (on)
			right_press(r, (size_t)row, (size_t)col);
		break;
	case MOUSE_RIGHT_UP:
		if (r->both)
			chord_at(r, r->left, row, col);
		else if (r->after_chord)
			r->after_chord = 0;
		r->right = 0;
		break;
	case MOUSE_MIDDLE_DOWN:
		break;
	case MOUSE_MIDDLE_UP:
		chord_at(r, 0, row, col);
		break;
	}
}

/* An "mt" event: the question marks are turned on or off. */
void
replay_toggle_marks(struct replay *r)
{
	r->marks = !r->marks;
}

/* Push i on a stack of n indices, grown as it must; the stack. */
static size_t *
push_index(size_t *stack, size_t *n, size_t *cap, size_t i)
{
	if (*n == *cap) {
		*cap = *cap == 0 ? 64 : 2 * *cap;
		stack = xreallocarray(stack, *cap, sizeof(*stack));
	}
	stack[(*n)++] = i;
	return stack;
}

/* Whether cell i is an open zero (the wall is never one). */
static int
open_zero(const struct board *b, size_t i)
{
	return (b->cell[i] & (CELL_OPEN | CELL_MINE | CELL_COUNT)) ==
	    CELL_OPEN;
}

/* The index of neighbour k (0 to 7) of cell i. */
static size_t
neighbour(const struct board *b, size_t i, int k)
{
	int d = k < 4 ? k : k + 1;	/* 4 would be the cell itself */

	return i + (size_t)(d / 3) * b->stride + (size_t)(d % 3) -
	    b->stride - 1;
}

/* Whether safe cell i has a zero among its neighbours. */
static int
touches_zero(const struct board *b, size_t i)
{
	int k;

	for (k = 0; k < 8; k++)
		if ((b->cell[neighbour(b, i, k)] & (CELL_MINE |
		    CELL_COUNT)) == 0)
			return 1;
	return 0;
}

/*
 * The 3BV of the open cells: each opening with an open zero (a zero
 * opens its whole opening, so the groups of open zeros, eight ways
 * joined, are the openings opened), and each open numbered cell that
 * touches no zero.  The groups are walked from an explicit stack.
 */
static uint64_t
solved_3bv(const struct board *b)
{
	const size_t s = b->stride, n = (b->height + 2) * s;
	uint8_t *seen = xcalloc(n, 1);
	size_t *stack = NULL, nstack = 0, cap = 0, i, j, m;
	uint64_t solved = 0;
	uint8_t v;
	int k;

	for (i = s; i < n - s; i++) {
		v = b->cell[i];
		if ((v & (CELL_OPEN | CELL_MINE)) != CELL_OPEN ||
		    (v & CELL_COUNT) == CELL_COUNT)
			continue;	/* covered, a mine, or the wall */
		if ((v & CELL_COUNT) != 0) {
			solved += !touches_zero(b, i);
			continue;
		}
		if (seen[i])
			continue;
		solved++;
		seen[i] = 1;
		stack = push_index(stack, &nstack, &cap, i);
		while (nstack > 0) {
			j = stack[--nstack];
			for (k = 0; k < 8; k++) {
				m = neighbour(b, j, k);
				if (!seen[m] && open_zero(b, m)) {
					seen[m] = 1;
					stack = push_index(stack, &nstack,
					    &cap, m);
				}
			}
		}
	}
	free(stack);
	free(seen);
	return solved;
}

/* The events are done: the 3BV solved, and the state they left. */
void
replay_end(struct replay *r)
{
	r->played->state = (int)board_state(r->b);
	r->played->solved = solved_3bv(r->b);
	free(r->question);
	r->question = NULL;
}
