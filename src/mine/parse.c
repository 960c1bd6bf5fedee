/*
 * parse.c: boards in the text format of mine-board(5), and the actions
 * that follow each.  Rows go straight into the board as they are read;
 * the first action closes the board, and each action is applied as soon
 * as it is read, so nothing but the board itself is kept.
 */

#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

static const char *action_names[] = { "open", "chord", "flag", "unflag" };

static int	 is_action(const char *, size_t);
static int	 parse_number(const struct linereader *, size_t *, size_t,
		    const char *, size_t *);
static int	 parse_action(const struct linereader *, struct board *);
static int	 take_line(struct linereader *, struct board *, int *, int *);
static size_t	 rows_at_most(const struct linereader *);
/* The comment lines just read that are rows of a view (note_view). */
struct view_run {
	size_t		 first;		/* the first one's line, or 0 */
	size_t		 n, width;	/* how many, and the first's width */
	int		 same;		/* all of that width */
	int		 shown;		/* a number, flag or mine among them */
	int		 prose;		/* one begins "# ", as a comment does */
};

static void	 note_view(const struct linereader *, struct view_run *,
		    size_t *);
static int	 shows_cell(const char *, size_t);
static int	 is_view(const struct view_run *);

/*
 * Rows hold no lowercase letter but 'f', and actions begin with a word
 * that is not all 'f'.
 */
static int
is_action(const char *line, size_t len)
{
	size_t i;
	int other = 0;

	if (!islower((unsigned char)line[0]))
		return 0;
	for (i = 0; i < len && islower((unsigned char)line[i]); i++)
		other |= line[i] != 'f';
	return other;
}

/*
 * Read a row or column number at *pos, which must be followed by white
 * space or the end of the line.  Returns -1 after a diagnostic.
 */
static int
parse_number(const struct linereader *lr, size_t *pos, size_t max,
    const char *what, size_t *value)
{
	char buf[24];
	const char *errstr;
	size_t start = *pos, n = 0;

	while (*pos < lr->len && isdigit((unsigned char)lr->line[*pos]))
		(*pos)++;
	n = *pos - start;
	if (n == 0 || n >= sizeof(buf) || (*pos < lr->len &&
	    !isspace((unsigned char)lr->line[*pos]))) {
		warn_at_column(lr->name, lr->lineno, start + 1,
		    "expected a %s number (%s)", what,
		    excerpt(lr->line + start, strcspn(lr->line + start,
		    " \t")));
		return -1;
	}
	memcpy(buf, lr->line + start, n);
	buf[n] = '\0';
	*value = (size_t)strtonum(buf, 1, LLONG_MAX, &errstr);
	if (errstr != NULL || *value > max) {
		warn_at_column(lr->name, lr->lineno, start + 1,
		    "%s %s is outside the board (%zu %ss)", what, buf, max,
		    what);
		return -1;
	}
	return 0;
}

/* Read and apply "WORD ROW COLUMN".  Returns -1 after a diagnostic. */
static int
parse_action(const struct linereader *lr, struct board *b)
{
	const char *line = lr->line;
	size_t pos = 0, word, i, row, col;

	while (pos < lr->len && islower((unsigned char)line[pos]))
		pos++;
	word = pos;
	for (i = 0; i < 4; i++)
		if (strlen(action_names[i]) == word &&
		    strncmp(line, action_names[i], word) == 0)
			break;
	if (i == 4) {
		warn_at_column(lr->name, lr->lineno, 1,
		    "unknown action (%s)", excerpt(line, word));
		return -1;
	}
	while (pos < lr->len && isspace((unsigned char)line[pos]))
		pos++;
	if (parse_number(lr, &pos, b->height, "row", &row) == -1)
		return -1;
	while (pos < lr->len && isspace((unsigned char)line[pos]))
		pos++;
	if (parse_number(lr, &pos, b->width, "column", &col) == -1)
		return -1;
	while (pos < lr->len && isspace((unsigned char)line[pos]))
		pos++;
	if (pos < lr->len) {
		warn_at_column(lr->name, lr->lineno, pos + 1,
		    "unexpected text after the action (%s)",
		    excerpt(line + pos, lr->len - pos));
		return -1;
	}
	reveal_apply(b, (enum action)i, row, col);
	return 0;
}

/*
 * One line that is neither blank nor a comment, part of a board that has
 * no error yet.  Returns -1 after a diagnostic.
 */
static int
take_line(struct linereader *lr, struct board *b, int *rows, int *acting)
{
	if (is_action(lr->line, lr->len) && !(b->view &&
	    board_view_row(lr->line, lr->len))) {
		if (!*rows) {
			warn_at(lr->name, lr->lineno,
			    "action before any board row");
			return -1;
		}
		if (!*acting) {
			*acting = 1;
			if (board_finish(b) == -1)
				return -1;
		}
		if (b->view) {
			warn_at(lr->name, lr->lineno, "actions need the "
			    "mines, which a view does not show");
			return -1;
		}
		return parse_action(lr, b);
	}
	if (*acting) {
		warn_at(lr->name, lr->lineno, "board row after the actions");
		return -1;
	}
	if (!*rows) {
		if (lr->len > BOARD_MAX_SIDE) {
			warn_at(lr->name, lr->lineno,
			    "row too long (more than %lu cells)",
			    BOARD_MAX_SIDE);
			return -1;
		}
		board_start(b, lr->len, rows_at_most(lr));
		*rows = 1;
	}
	return board_add_row(b, lr->line, lr->len, lr->lineno);
}

/*
 * The most padded rows a board whose first row was just read can have:
 * the rest of a regular file cannot hold more rows of that length.
 * Returns 0 if the input does not tell.
 */
static size_t
rows_at_most(const struct linereader *lr)
{
	off_t left;

	if ((left = lr_left(lr)) < 0 || (uintmax_t)left > SIZE_MAX - 4)
		return 0;
	return (size_t)left / (lr->len + 1) + 4;
}

/*
 * A comment line before any row of a board in the full state: is it part
 * of a view, as -v writes one (rows of view cells, '#' the covered ones,
 * then the state line), which the full state reads as comments alone?
 * run holds the view rows just before; *view is set to the first one's
 * line once the state line follows them.
 */
static void
note_view(const struct linereader *lr, struct view_run *run, size_t *view)
{
	static const char state[] = "# state: ";

	if (board_view_row(lr->line, lr->len)) {
		if (run->first == 0) {
			memset(run, 0, sizeof(*run));
			run->first = lr->lineno;
			run->width = lr->len;
			run->same = 1;
		}
		run->n++;
		run->same &= lr->len == run->width;
		run->shown |= shows_cell(lr->line, lr->len);
		run->prose |= lr->len >= 2 && lr->line[1] == ' ';
	} else {
		if (run->first != 0 && lr->len >= sizeof(state) - 1 &&
		    memcmp(lr->line, state, sizeof(state) - 1) == 0)
			*view = run->first;
		run->first = 0;
	}
}

/* Whether a view row shows a number, a flag or a mine. */
static int
shows_cell(const char *line, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (strchr("012345678FX*", line[i]) != NULL && line[i] != '\0')
			return 1;
	return 0;
}

/*
 * Whether view rows without their state line, ended by a blank line or
 * the end, are a view written by hand all the same: two rows or more,
 * all as wide, a number, flag or mine shown among them (a banner of '#'
 * alone is a comment), and none beginning "# " as a comment's words do
 * (so a view written with -z, its zeros blank, needs its state line).
 */
static int
is_view(const struct view_run *run)
{
	return run->first != 0 && run->n >= 2 && run->same && run->shown &&
	    !run->prose;
}

/*
 * Read the next board and apply its actions, its first line already in
 * hand if *have_line is set (it is cleared).  Returns 1 with the board
 * ready, 0 at the end of the input, -1 if the board had an error (told,
 * and the rest of that board skipped).  A view read as the full state,
 * all its rows beginning with '#', would be comments and no board: it is
 * told as an error, so that it is not passed over without a word, with
 * its state line or, written by hand, without one (is_view).
 */
int
parse_board(struct linereader *lr, struct board *b, int *have_line)
{
	struct view_run run = { 0 };
	int rows = 0, acting = 0, bad = 0, next = 0;
	size_t view = 0;

	b->file = lr->name;
	for (; *have_line || lr_next(lr); *have_line = 0) {
		if (lr->len == 0) {
			if (!rows && !bad && is_view(&run))
				view = run.first;
			if (rows || bad || view)
				break;
			run.first = 0;
			continue;
		}
		if (bad || (lr->line[0] == '#' && !(b->view && !acting &&
		    board_view_row(lr->line, lr->len)))) {
			if (!bad && !rows && !b->view)
				note_view(lr, &run, &view);
			continue;
		}
		if (view) {
			next = 1;	/* the next board's first line */
			break;
		}
		if (!rows)
			b->firstline = lr->lineno;
		if (take_line(lr, b, &rows, &acting) == -1)
			bad = 1;
	}
	if (bad)
		return -1;
	if (!rows && !view && is_view(&run))
		view = run.first;
	if (!rows && view) {
		*have_line = next;
		b->firstline = view;
		warn_at(lr->name, view, "a view, as -v writes it, whose rows "
		    "begin with '#' and read as comments here: read it with "
		    "-i view");
		return -1;
	}
	if (!rows)
		return 0;
	if (!acting && board_finish(b) == -1)
		return -1;
	return 1;
}
