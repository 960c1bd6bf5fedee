/*
 * reveal.c: the player's actions.  Opening a zero floods its region with
 * a scanline fill: a stack of spans of opened zeros whose rows above and
 * below are still to look at.  Nothing recurses, every cell is opened
 * once and looked at a bounded number of times, and the stack has a
 * ceiling: spans that do not fit are marked in the board itself and
 * picked up by a sweep over the rows they lie in, so the memory a
 * cascade takes does not depend on the shape of the region.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

/*
 * The stack's ceiling grows with the board, from STACK_MIN spans to
 * STACK_MAX (12 MB), never more than about 0.2 bytes a cell.
 */
#define STACK_MIN	64
#define STACK_MAX	((size_t)1 << 20)
#define OPEN_ZEROS	(ONES * CELL_OPEN)
#define STATUS_BITS	(ONES * 0xf0)

static int	 any_available(uint64_t);
static size_t	 open_run(struct board *, size_t, size_t);
static size_t	 stack_limit(const struct board *);
static void	 push_span(struct board *, size_t, size_t, size_t);
static void	 expand_row(struct board *, size_t, size_t, size_t);
static void	 drain(struct board *);
static int	 sweep_row(struct board *, size_t);
static void	 cascade(struct board *, size_t, size_t);
static void	 chord(struct board *, size_t, size_t);

/*
 * Nonzero if one of eight cells is covered, unflagged and not a mine,
 * which is a byte whose high nibble is zero.
 */
static int
any_available(uint64_t v)
{
	v &= STATUS_BITS;
	return ((v - ONES) & ~v & HIGHS) != 0;
}

/*
 * The cell at (r, x) has just been opened and is a zero: open the whole
 * run of covered zeros it lies in, and the numbered cell at each end
 * (which cannot be a mine, being next to a zero), then queue the run.
 * Eight cells at a time where the run is long.  Returns the run's last
 * column.
 */
static size_t
open_run(struct board *b, size_t r, size_t x)
{
	uint8_t *row = board_at(b, r, 0);
	size_t first = x, last = x;
	uint64_t n = 0;

	while (first >= 9 && load8(row + first - 8) == 0) {
		store8(row + first - 8, OPEN_ZEROS);
		first -= 8;
		n += 8;
	}
	while (row[first - 1] == 0) {
		row[--first] = CELL_OPEN;
		n++;
	}
	while (load8(row + last + 1) == 0) {
		store8(row + last + 1, OPEN_ZEROS);
		last += 8;
		n += 8;
	}
	while (row[last + 1] == 0) {
		row[++last] = CELL_OPEN;
		n++;
	}
	if ((row[first - 1] & 0xf0) == 0) {
		row[first - 1] |= CELL_OPEN;
		n++;
	}
	if ((row[last + 1] & 0xf0) == 0) {
		row[last + 1] |= CELL_OPEN;
		n++;
	}
	b->opened += n;
	push_span(b, r, first, last);
	return last;
}

static size_t
stack_limit(const struct board *b)
{
	size_t n;

	n = b->height > SIZE_MAX / b->stride ? SIZE_MAX :
	    b->height * b->stride / 64;
	return n < STACK_MIN ? STACK_MIN : n > STACK_MAX ? STACK_MAX : n;
}

/*
 * Queue a span.  When the stack is at its ceiling, mark the span's cells
 * pending instead; a later sweep over those rows queues them again.
 */
static void
push_span(struct board *b, size_t r, size_t first, size_t last)
{
	struct span *s;
	uint8_t *row;
	size_t x, cap, limit = stack_limit(b);

	if (b->nstack == b->capstack && b->capstack < limit) {
		cap = b->capstack == 0 ? STACK_MIN : b->capstack * 2;
		if (cap > limit)
			cap = limit;
		b->stack = xreallocarray(b->stack, cap, sizeof(*b->stack));
		b->capstack = cap;
	}
	if (b->nstack == b->capstack) {
		row = board_at(b, r, 0);
		for (x = first; x <= last; x++)
			row[x] |= CELL_PENDING;
		if (b->pending_lo == 0 || r < b->pending_lo)
			b->pending_lo = r;
		if (r > b->pending_hi)
			b->pending_hi = r;
		return;
	}
	s = &b->stack[b->nstack++];
	s->row = (uint32_t)r;
	s->first = (uint32_t)first;
	s->last = (uint32_t)last;
}

/*
 * Open what a span of zeros in a neighbouring row touches in row r,
 * columns first to last: every covered unflagged cell there is safe.
 * Zeros among them start runs of their own.
 */
static void
expand_row(struct board *b, size_t r, size_t first, size_t last)
{
	uint8_t *row = board_at(b, r, 0), c;
	size_t x = first;

	while (x <= last) {
		if (x + 8 <= last + 1 && !any_available(load8(row + x))) {
			x += 8;
			continue;
		}
		c = row[x];
		if ((c & 0xf0) != 0) {
			x++;
			continue;
		}
		row[x] = c | CELL_OPEN;
		b->opened++;
		if ((c & CELL_COUNT) != 0) {
			x++;
			continue;
		}
		/* The run ends before a cell that is open or never opens. */
		x = open_run(b, r, x) + 2;
	}
}

static void
drain(struct board *b)
{
	struct span s;

	while (b->nstack > 0) {
		s = b->stack[--b->nstack];
		expand_row(b, s.row - 1, s.first - 1, s.last + 1);
		expand_row(b, s.row + 1, s.first - 1, s.last + 1);
	}
}

/*
 * Queue again the pending runs of one row, draining the stack after
 * each so that it has room.  Returns nonzero if it found any.
 */
static int
sweep_row(struct board *b, size_t r)
{
	uint8_t *row = board_at(b, r, 0);
	size_t x, first;
	int found = 0;

	for (x = 1; x <= b->width; x++) {
		if (!(row[x] & CELL_PENDING))
			continue;
		first = x;
		while (row[x] & CELL_PENDING)
			row[x++] &= ~CELL_PENDING;
		push_span(b, r, first, x - 1);
		drain(b);
		found = 1;
	}
	return found;
}

/* Open the region of the zero just opened at (r, c). */
static void
cascade(struct board *b, size_t r, size_t c)
{
	size_t lo, hi;

	open_run(b, r, c);
	drain(b);
	while (b->pending_lo != 0) {
		lo = b->pending_lo;
		hi = b->pending_hi;
		b->pending_lo = b->pending_hi = 0;
		for (; lo <= hi; lo++)
			sweep_row(b, lo);
	}
}

void
reveal_open(struct board *b, size_t r, size_t c)
{
	uint8_t *p = board_at(b, r, c);

	if (*p & (CELL_OPEN | CELL_FLAG))
		return;
	*p |= CELL_OPEN;
	if (*p & CELL_MINE) {
		b->lost = 1;
		return;
	}
	b->opened++;
	if ((*p & CELL_COUNT) == 0)
		cascade(b, r, c);
}

/*
 * A chord on an open number whose flags match it opens the rest of its
 * neighbours; a wrong flag means one of them is a mine.
 */
static void
chord(struct board *b, size_t r, size_t c)
{
	uint8_t cell = *board_at(b, r, c);
	unsigned int flags = 0;
	size_t i, j;

	if ((cell & 0x30) != CELL_OPEN)
		return;
	for (i = r - 1; i <= r + 1; i++)
		for (j = c - 1; j <= c + 1; j++)
			flags += (*board_at(b, i, j) & CELL_FLAG) != 0;
	if (flags != (cell & CELL_COUNT))
		return;
	for (i = r - 1; i <= r + 1; i++)
		for (j = c - 1; j <= c + 1; j++)
			reveal_open(b, i, j);
}

/* Apply one action; once the game is over, nothing changes it. */
void
reveal_apply(struct board *b, enum action act, size_t r, size_t c)
{
	uint8_t *p = board_at(b, r, c);

	if (board_state(b) != STATE_PLAYING)
		return;
	switch (act) {
	case ACTION_OPEN:
		reveal_open(b, r, c);
		break;
	case ACTION_CHORD:
		chord(b, r, c);
		break;
	case ACTION_FLAG:
		if (!(*p & CELL_OPEN))
			*p |= CELL_FLAG;
		break;
	case ACTION_UNFLAG:
		*p &= ~CELL_FLAG;
		break;
	}
}
