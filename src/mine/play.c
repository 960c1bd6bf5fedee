/*
 * play.c: the solver put to work.  Hints as actions that pipe back into
 * mine-reveal (a board in the full state takes actions, a view does
 * not), each covered cell's probability, whole games played from a
 * first click, and the test that a generated board needs no guess.
 */

#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"


static void	 known_from_view(struct solver *);
static int	 all_mines(const struct solver *);
static size_t	 open_known(struct solver *, struct game *);
static void	 unflag_all(struct board *);
static void	 print_guess(struct solver *, struct endgame *, int);

/* A view shows some mines itself once a game is lost. */
static void
known_from_view(struct solver *s)
{
	size_t x;

	if (!s->b->view)
		return;
	for (x = 0; x < s->ncells; x++)
		if ((s->b->cell[x] & (CELL_OPEN | CELL_MINE)) == CELL_MINE)
			s->know[x] |= KNOW_MINE;
}

/*
 * Nonzero if every covered cell is certainly a mine: every safe cell is
 * open, and the game is won.  A view does not hold its mines, so its
 * numbers and counter are what tell.
 */
static int
all_mines(const struct solver *s)
{
	size_t x;

	for (x = 0; x < s->ncells; x++)
		if (!(s->b->cell[x] & CELL_OPEN) &&
		    !(s->know[x] & KNOW_MINE))
			return 0;
	return 1;
}

/*
 * Set a solver to what the board shows, total being its mines
 * (UINT64_MAX if unknown), before anything about it is written.
 * Returns 1 with the solver ready, to be freed by the caller; 0 if the
 * game is over, lost or won; -1 after a diagnostic if no board fits
 * what is shown.
 */
int
play_analyse(struct solver *s, struct board *b, uint64_t total)
{
	if (board_state(b) != STATE_PLAYING)
		return 0;
	solver_init(s, b, total);
	known_from_view(s);
	if (solver_analyse(s) == -1) {
		warn_at(b->file, b->rowline[1], "no board fits these numbers%s",
		    total == UINT64_MAX ? "" : " and this many mines");
		solver_free(s);
		return -1;
	}
	if (all_mines(s)) {
		solver_free(s);
		return 0;
	}
	return 1;
}

/* The line that stands for the analysis of a game that is over. */
void
play_over(const char *what)
{
	printf("# %s: the game is over\n", what);
}

/*
 * The cells certainly safe and certainly mines, after play_analyse, as
 * actions.  A flag on a safe cell is taken off first; flags are the
 * player's guesses, so the analysis does not trust them.
 */
void
play_hint_lines(struct solver *s, struct endgame *e, int deep)
{
	struct board *b = s->b;
	size_t r, c, i, nsafe = 0, nmine = 0;
	uint8_t cell;

	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = solver_index(s, r, c);
			cell = b->cell[i];
			if (cell & CELL_OPEN)
				continue;
			if (s->know[i] & KNOW_SAFE) {
				if (cell & CELL_FLAG)
					printf("unflag %zu %zu\n", r, c);
				printf("open %zu %zu\n", r, c);
				nsafe++;
			} else if ((s->know[i] & KNOW_MINE) &&
			    !(cell & CELL_FLAG) && !(b->view &&
			    (cell & CELL_MINE))) {
				printf("flag %zu %zu\n", r, c);
				nmine++;
			}
		}
	printf("# hint: %zu safe, %zu mines", nsafe, nmine);
	if (!s->exact)
		printf(" (%s)", s->total == UINT64_MAX ?
		    "without the mine count" :
		    "a region too large to count: the rules' cells only");
	putchar('\n');
	if (nsafe == 0)
		print_guess(s, e, deep);
}

/*
 * With nothing certain, the cell --solve would guess, as a comment: the
 * boards it wins on when the end is searched whole, else its chance of
 * being a mine (an estimate where a region could not be counted).
 */
static void
print_guess(struct solver *s, struct endgame *e, int deep)
{
	size_t i, won, boards, r, c;
	double p;

	if (endgame_guess(e, s, &i, &won, &boards)) {
		r = i / s->b->stride;
		c = i % s->b->stride;
		printf("# guess %zu %zu: perfect play from it wins on %zu of "
		    "the %zu boards that fit\n", r, c, won, boards);
	} else if (guess_fifty(s, &i)) {
		r = i / s->b->stride;
		c = i % s->b->stride;
		printf("# guess %zu %zu: a 50/50 that no cell can ever tell "
		    "apart, best guessed now\n", r, c);
	} else {
		i = guess_best(s, deep);
		r = i / s->b->stride;
		c = i % s->b->stride;
		p = solver_prob(s, i);
		printf("# guess %zu %zu: a mine with probability ", r, c);
		if (isnan(p))
			printf("about %.6f (estimated)\n", guess_estimate(s, i));
		else {
			solver_print_prob(p);
			putchar('\n');
		}
	}
}

/*
 * Each covered cell's probability of being a mine, after play_analyse,
 * as comment lines "# p ROW COLUMN P".  When a region could not be
 * counted, only the certain cells get a figure and the others "?".
 */
void
play_probability_lines(struct solver *s)
{
	struct board *b = s->b;
	size_t r, c, i, big = 0, x;
	double p;

	for (x = 0; x < s->nregion; x++)
		if (!s->region[x].exact && s->region[x].ncells > big)
			big = s->region[x].ncells;
	if (s->exact)
		printf("# probabilities: exact, %zu regions, %" PRIu64
		    " cells off the frontier\n", s->nregion, s->ninterior);
	else
		printf("# probabilities: not exact: a region of %zu cells is "
		    "too large to count; only certain cells are given\n",
		    big);
	for (r = 1; r <= b->height; r++)
		for (c = 1; c <= b->width; c++) {
			i = solver_index(s, r, c);
			if (b->cell[i] & CELL_OPEN)
				continue;
			printf("# p %zu %zu ", r, c);
			p = solver_prob(s, i);
			solver_print_prob(p);
			putchar('\n');
		}
}

/* Open every cell marked safe; returns how many clicks that took. */
static size_t
open_known(struct solver *s, struct game *g)
{
	size_t x, n = 0;
	struct board *b = s->b;

	for (x = 0; x < s->ncells; x++) {
		if ((s->know[x] & KNOW_SAFE) && !(b->cell[x] & CELL_OPEN)) {
			reveal_open(b, x / b->stride, x % b->stride);
			n++;
		}
	}
	g->clicks += n;
	return n;
}

static void
unflag_all(struct board *b)
{
	size_t x, n = (b->height + 2) * b->stride;

	for (x = 0; x < n; x++)
		b->cell[x] &= ~CELL_FLAG;
}

/*
 * Play the board to its end: certain moves first, then the best guess:
 * near the end the one that wins most often, searched whole; before,
 * the one the estimates favour.
 * With no_guess, stop instead of guessing (g->stuck), and e may be
 * NULL; otherwise e holds the endgame search's tables, made once by
 * endgame_new() for all the games of a run.  A board with no open cell
 * begins with a guess.  Flags of the input are taken off.
 */
void
play_solve(struct board *b, struct endgame *e, int no_guess, int deep,
    struct game *g)
{
	struct solver s;
	size_t i, wins, boards;
	int got;

	memset(g, 0, sizeof(*g));
	unflag_all(b);
	solver_init(&s, b, b->mines);
	while (board_state(b) == STATE_PLAYING) {
		if (b->opened > 0) {
			if (solver_logic(&s) == -1)
				break;
			if (open_known(&s, g) > 0)
				continue;
			got = solver_analyse(&s);
			if (got == -1)
				break;
			if (open_known(&s, g) > 0)
				continue;
		} else
			solver_analyse(&s);
		if (no_guess) {
			g->stuck = 1;
			break;
		}
		if (!endgame_guess(e, &s, &i, &wins, &boards) &&
		    !guess_fifty(&s, &i))
			i = guess_best(&s, deep);
		g->clicks++;
		g->guesses++;
		reveal_open(b, i / b->stride, i % b->stride);
	}
	g->won = board_state(b) == STATE_WON;
	solver_free(&s);
}
