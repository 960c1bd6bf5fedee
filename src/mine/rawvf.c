/*
 * rawvf.c: the board of a RawVF video, the open text format that the
 * Minesweeper community converts its replays to (Arbiter's AVF, Vienna
 * Minesweeper's RMV and others): lines of "Name: value", the first
 * "RawVF_Version: ...", then a line "Board:" and the board a row a line,
 * '*' a mine and '0' a safe cell, then "Events:" and the game's events.
 * The board is read covered, as an MBF board is; when asked, the mouse
 * events are then played on it (replay.c), all of them or those up to
 * a time, and a replay to the end must leave the game as the video says
 * it ended.  Width, Height and Mines, when given, must agree with the
 * rows; the game's Time, its Status, the settings that change what a
 * click does (Marks, SuperClick) and the pixels of a cell (SquareSize)
 * are kept.  Videos may follow each other
 * in a stream, each from its RawVF_Version line.
 */

#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "mine.h"

#define VERSION_LINE	"RawVF_Version:"
#define SQUARE		16	/* a cell's pixels, SquareSize not given */
#define SQUARE_MAX	1024	/* and at most */

/* A word of an event line: its bytes and their count. */
struct word {
	const char	*p;
	size_t		 n;
};

/* The mouse events a video's clicks are made of, and their names. */
static const char *const mouse_names[] = {
	[MOUSE_LEFT_DOWN] = "lc", [MOUSE_LEFT_UP] = "lr",
	[MOUSE_RIGHT_DOWN] = "rc", [MOUSE_RIGHT_UP] = "rr",
	[MOUSE_MIDDLE_DOWN] = "mc", [MOUSE_MIDDLE_UP] = "mr"
};

/*
 * The events of the game's board that some converters write after the
 * mouse's (what a cell showed), with its column and row and no time:
 * they follow from the mouse's, and are passed over, as "number0" to
 * "number8" are.
 */
static const char *const board_events[] = {
	"pressed", "pressedqm", "closed", "questionmark", "flag", "blast"
};

/* The sizes a header may give, in the order of struct given's array. */
static const char *const size_names[] = { "Width", "Height", "Mines" };

/* A size the header gives, and the line it stands on (0: not given). */
struct given {
	uint64_t	 value;
	size_t		 line;
};

static int	 is_line(const struct linereader *, const char *);
static void	 header_value(const char *, const char *, const char **,
		    size_t *);
static enum told told(const char *, size_t);
static int	 header_line(const struct linereader *, struct given *,
		    struct recorded *);
static int	 read_rows(struct linereader *, char **, size_t *, size_t *,
		    size_t *, int *);
static int	 check_given(const struct linereader *, const struct given *,
		    size_t, size_t, uint64_t);
static void	 skip_video(struct linereader *, int *);
static size_t	 split_words(const char *, size_t, struct word *, size_t);
static int	 is_word(const struct word *, const char *);
static int	 event_time(const struct word *, int64_t *);
static int	 cell_number(const struct word *, int64_t *);
static int	 pixel(const struct word *, int, int64_t *);
static int	 mouse_cell(const struct linereader *, const struct word *,
		    size_t, const struct board *, const struct recorded *,
		    int64_t *, int64_t *);
static int	 mouse_kind(const struct word *);
static int	 board_event(const struct word *);
static int	 event_line(struct linereader *, struct replay *,
		    struct recorded *, const struct replaying *);
static int	 read_events(struct linereader *, struct board *,
		    struct recorded *, const struct replaying *, int *);
static int	 check_outcome(const struct linereader *, const struct board *,
		    const struct recorded *);

/* Does the line open a RawVF video? */
int
rawvf_starts(const char *line, size_t len)
{
	return len >= sizeof(VERSION_LINE) - 1 &&
	    memcmp(line, VERSION_LINE, sizeof(VERSION_LINE) - 1) == 0;
}

/* Is the line word (with white space after it, or nothing)? */
static int
is_line(const struct linereader *lr, const char *word)
{
	size_t n = strlen(word), i;

	if (lr->len < n || memcmp(lr->line, word, n) != 0)
		return 0;
	for (i = n; i < lr->len; i++)
		if (lr->line[i] != ' ' && lr->line[i] != '\t')
			return 0;
	return 1;
}

/*
 * The value of a header line after its colon at p, up to end, without
 * the white space around it, into *v and *n.
 */
static void
header_value(const char *p, const char *end, const char **v, size_t *n)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*v = p;
	*n = (size_t)(end - p);
}

/*
 * A time of the header, seconds with at most three decimals, as the
 * converters write the game's time, into *ms.  Returns -1 if it is not
 * one (or is a billion seconds or more).
 */
int
rawvf_seconds(const char *v, size_t n, uint64_t *ms)
{
	size_t i = 0, digits = 0, decimals = 0;
	uint64_t sec = 0, frac = 0;

	for (; i < n && v[i] >= '0' && v[i] <= '9'; i++, digits++)
		if (digits < 9)
			sec = sec * 10 + (uint64_t)(v[i] - '0');
	if (digits == 0 || digits > 9)
		return -1;
	if (i < n && v[i] == '.') {
		for (i++; i < n && v[i] >= '0' && v[i] <= '9'; i++)
			if (++decimals <= 3)
				frac = frac * 10 + (uint64_t)(v[i] - '0');
		if (decimals == 0)
			return -1;
	}
	if (i != n || decimals > 3)
		return -1;
	for (; decimals < 3; decimals++)
		frac *= 10;
	*ms = sec * 1000 + frac;
	return 0;
}

/* The outcome a Status or an event tells: "won", or "lost" or "loss". */
static enum told
told(const char *v, size_t n)
{
	if (n == 3 && strncasecmp(v, "won", 3) == 0)
		return TOLD_WON;
	if (n == 4 && (strncasecmp(v, "lost", 4) == 0 ||
	    strncasecmp(v, "loss", 4) == 0))
		return TOLD_LOST;
	return TOLD_NOTHING;
}

/*
 * A line of the header, "Name: value": Width, Height and Mines into
 * g[0], g[1] and g[2]; the game's Time, what its Status tells,
 * whether question marks (Marks) and chords by a left click
 * (SuperClick) are on, and the pixels of a cell (SquareSize), into
 * *game.  A value left blank, as converters leave what a replay
 * does not hold, is not given.  Returns -1 after a diagnostic.
 */
static int
header_line(const struct linereader *lr, struct given *g,
    struct recorded *game)
{
	const char *colon, *v, *end = lr->line + lr->len;
	char *stop;
	size_t k, n, vn;

	if ((colon = memchr(lr->line, ':', lr->len)) == NULL) {
		warn_at(lr->name, lr->lineno, "not a \"Name: value\" line of a "
		    "RawVF header (%s)", excerpt(lr->line, lr->len));
		return -1;
	}
	n = (size_t)(colon - lr->line);
	header_value(colon + 1, end, &v, &vn);
	if (n == 4 && memcmp(lr->line, "Time", 4) == 0 && vn > 0) {
		if (rawvf_seconds(v, vn, &game->time_ms) == -1) {
			warn_at(lr->name, lr->lineno, "Time is not seconds "
			    "with at most three decimals (%s)",
			    excerpt(lr->line, lr->len));
			return -1;
		}
		game->timed = 1;
	}
	if (n == 6 && memcmp(lr->line, "Status", 6) == 0)
		game->status = told(v, vn);
	if (n == 5 && memcmp(lr->line, "Marks", 5) == 0)
		game->marks = vn == 2 && strncasecmp(v, "on", 2) == 0;
	if (n == 10 && memcmp(lr->line, "SuperClick", 10) == 0)
		game->superclick = vn == 2 && strncasecmp(v, "on", 2) == 0;
	if (n == 10 && memcmp(lr->line, "SquareSize", 10) == 0 && vn > 0 &&
	    (*v < '1' || *v > '9' || (game->square = strtoull(v, &stop,
	    10)) > SQUARE_MAX || stop != v + vn)) {
		warn_at(lr->name, lr->lineno, "SquareSize is not a number of "
		    "pixels from 1 to %d (%s)", SQUARE_MAX,
		    excerpt(lr->line, lr->len));
		return -1;
	}
	for (k = 0; k < 3; k++) {
		if (strlen(size_names[k]) != n ||
		    memcmp(lr->line, size_names[k], n) != 0)
			continue;
		if (vn == 0 || *v < '0' || *v > '9' ||
		    (g[k].value = strtoull(v, &stop, 10)) > UINT32_MAX ||
		    stop != v + vn) {
			warn_at(lr->name, lr->lineno, "%s is not a number "
			    "of at most %u (%s)", size_names[k], UINT32_MAX,
			    excerpt(lr->line, lr->len));
			return -1;
		}
		g[k].line = lr->lineno;
	}
	return 0;
}

/*
 * The rows after "Board:", up to "Events:", a blank line, the next
 * video's first line (left in hand, *have_line set) or the end, into
 * *cells (grown as it must, one byte a cell); their width and count.
 * Returns -1 after a diagnostic.
 */
static int
read_rows(struct linereader *lr, char **cells, size_t *cap, size_t *width,
    size_t *height, int *have_line)
{
	size_t i, need;

	*width = *height = 0;
	while (lr_next(lr) && !is_line(lr, "Events:") && !lr_blank(lr)) {
		if (rawvf_starts(lr->line, lr->len)) {
			*have_line = 1;
			break;
		}
		for (i = 0; i < lr->len; i++)
			if (lr->line[i] != '*' && lr->line[i] != '0') {
				warn_at_column(lr->name, lr->lineno, i + 1,
				    "not '*' (a mine) or '0' (a safe cell) in "
				    "a RawVF board (%s)", excerpt(lr->line +
				    i, lr->len - i));
				return -1;
			}
		if (*height == 0)
			*width = lr->len;
		else if (lr->len != *width) {
			warn_at(lr->name, lr->lineno, "a row of %zu cells in "
			    "a board whose first row has %zu", lr->len,
			    *width);
			return -1;
		}
		/* The rows so far are in memory: no overflow. */
		need = (*height + 1) * *width;
		if (need > *cap) {
			*cap = need < 2 * *cap ? 2 * *cap : need;
			*cells = xreallocarray(*cells, *cap, 1);
		}
		memcpy(*cells + *height * *width, lr->line, *width);
		(*height)++;
	}
	if (*height == 0 || *width == 0) {
		warn_at(lr->name, lr->lineno, "a RawVF board with no cells");
		return -1;
	}
	return 0;
}

/* Width, Height and Mines as the header gives them, against the rows. */
static int
check_given(const struct linereader *lr, const struct given *g,
    size_t width, size_t height, uint64_t mines)
{
	const uint64_t found[3] = { width, height, mines };
	int k;

	for (k = 0; k < 3; k++)
		if (g[k].line != 0 && g[k].value != found[k]) {
			warn_at(lr->name, g[k].line, "%s: %" PRIu64 ", but the "
			    "board has %" PRIu64, size_names[k], g[k].value,
			    found[k]);
			return -1;
		}
	return 0;
}

/*
 * Pass over the rest of a video, its events, up to the next video's
 * first line (left in hand, *have_line set) or the end.
 */
static void
skip_video(struct linereader *lr, int *have_line)
{
	while (!*have_line && lr_next(lr))
		if (rawvf_starts(lr->line, lr->len))
			*have_line = 1;
}

/* Split a line at its blanks: the count of words, the first max in w. */
static size_t
split_words(const char *line, size_t len, struct word *w, size_t max)
{
	size_t i = 0, k = 0, start;

	for (;;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len)
			return k;
		start = i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		if (k < max) {
			w[k].p = line + start;
			w[k].n = i - start;
		}
		k++;
	}
}

static int
is_word(const struct word *w, const char *s)
{
	return strlen(s) == w->n && memcmp(w->p, s, w->n) == 0;
}

/*
 * An event's time, seconds with at most three decimals, negative
 * before the game's clock starts, into *ms; -1 if the word is not one.
 */
static int
event_time(const struct word *w, int64_t *ms)
{
	uint64_t t;
	int neg = w->n > 0 && w->p[0] == '-';

	if (rawvf_seconds(w->p + neg, w->n - (size_t)neg, &t) == -1)
		return -1;
	*ms = neg ? -(int64_t)t : (int64_t)t;
	return 0;
}

/*
 * A column or row of a mouse event, from 1 on the board, 0 or less or
 * past it when the pointer was off it: an integer of at most 9 digits.
 */
static int
cell_number(const struct word *w, int64_t *v)
{
	size_t i = w->n > 0 && w->p[0] == '-';
	int64_t x = 0;

	if (i == w->n || w->n - i > 9)
		return -1;
	for (; i < w->n; i++) {
		if (w->p[i] < '0' || w->p[i] > '9')
			return -1;
		x = x * 10 + (w->p[i] - '0');
	}
	*v = w->p[0] == '-' ? -x : x;
	return 0;
}

/* The mouse event a word names, or -1. */
static int
mouse_kind(const struct word *w)
{
	size_t k;

	for (k = 0; k < sizeof(mouse_names) / sizeof(mouse_names[0]); k++)
		if (is_word(w, mouse_names[k]))
			return (int)k;
	return -1;
}

/* Whether a word names an event of the board (see board_events). */
static int
board_event(const struct word *w)
{
	size_t k;

	if (w->n == 7 && memcmp(w->p, "number", 6) == 0 &&
	    w->p[6] >= '0' && w->p[6] <= '8')
		return 1;
	for (k = 0; k < sizeof(board_events) / sizeof(board_events[0]); k++)
		if (is_word(w, board_events[k]))
			return 1;
	return 0;
}

/*
 * A pixel of a mouse event, "(X" or "Y)" as the word w is written, the
 * parenthesis at the side open: an integer of at most 9 digits.
 */
static int
pixel(const struct word *w, int open, int64_t *v)
{
	struct word inner = *w;

	if (w->n < 2 || (open ? w->p[0] != '(' : w->p[w->n - 1] != ')'))
		return -1;
	inner.n--;
	if (open)
		inner.p++;
	return cell_number(&inner, v);
}

/*
 * The cell of a mouse event, "TIME lc COLUMN ROW (X Y)": its column and
 * row from 1, or, written without them as the format allows, those of
 * its pixels from the board's top left corner, SquareSize a cell (16 if
 * not given).  Given both, a pixel on the board must be in the cell the
 * numbers name: a writer that numbered the cells another way (from 0)
 * would otherwise have every click replayed on the cell beside its own.
 * Returns -1 after a diagnostic.
 */
static int
mouse_cell(const struct linereader *lr, const struct word *w, size_t n,
    const struct board *b, const struct recorded *game, int64_t *row,
    int64_t *col)
{
	int64_t x, y, size = game->square != 0 ? (int64_t)game->square :
	    SQUARE, pc, pr;
	int numbers, pixels;

	numbers = n >= 4 && cell_number(&w[2], col) == 0 &&
	    cell_number(&w[3], row) == 0;
	pixels = numbers ? n >= 6 && pixel(&w[4], 1, &x) == 0 &&
	    pixel(&w[5], 0, &y) == 0 : n >= 4 && pixel(&w[2], 1, &x) == 0 &&
	    pixel(&w[3], 0, &y) == 0;
	if (!numbers && !pixels) {
		warn_at(lr->name, lr->lineno, "a mouse event without its "
		    "column and row or its pixels (%s)",
		    excerpt(lr->line, lr->len));
		return -1;
	}
	if (!pixels)
		return 0;
	/* Off the board by any count: 0, or past its last cell. */
	pc = x < 0 ? 0 : x / size + 1;
	pr = y < 0 ? 0 : y / size + 1;
	if (!numbers) {
		*col = pc;
		*row = pr;
		return 0;
	}
	if (pc >= 1 && (uint64_t)pc <= b->width && pr >= 1 &&
	    (uint64_t)pr <= b->height && (pc != *col || pr != *row)) {
		warn_at(lr->name, lr->lineno, "a mouse event's column and row "
		    "(%" PRId64 " %" PRId64 ") are not the cell of its pixels "
		    "(column %" PRId64 ", row %" PRId64 " with a cell of %"
		    PRId64 " pixels): the cells are numbered another way (%s)",
		    *col, *row, pc, pr, size, excerpt(lr->line, lr->len));
		return -1;
	}
	return 0;
}

/*
 * One line of a video's events, played if it is a mouse event at or
 * before the time asked: "TIME lc COLUMN ROW (X Y)" and the like (the
 * pointer's pixels, and the buttons held after them, are not needed),
 * "TIME mt" (question marks turned on or off), "TIME start", "TIME mv
 * ..." and "TIME reduced ..." (the pointer moves, which a click's own
 * cell makes needless), an event of the board, or "won", "lost" or
 * "nonstandard" alone.  Returns -1 after a diagnostic.
 */
static int
event_line(struct linereader *lr, struct replay *r, struct recorded *game,
    const struct replaying *rp)
{
	struct word w[6];
	size_t n = split_words(lr->line, lr->len, w, 6);
	int64_t t, row, col;
	int k;

	if (n == 0 || (n == 1 && is_word(&w[0], "Events:")))
		return 0;
	if (event_time(&w[0], &t) == 0) {
		if (n >= 2 && (k = mouse_kind(&w[1])) != -1) {
			if (mouse_cell(lr, w, n, r->b, game, &row, &col) == -1)
				return -1;
			game->played.replayed = 1;
			if (t <= rp->until_ms)
				replay_event(r, (enum mouse_event)k, row, col);
			return 0;
		}
		if (n >= 2 && is_word(&w[1], "mt")) {
			if (t <= rp->until_ms)
				replay_toggle_marks(r);
			return 0;
		}
		if (n >= 2 && (is_word(&w[1], "start") || is_word(&w[1],
		    "mv") || is_word(&w[1], "reduced")))
			return 0;
		warn_at(lr->name, lr->lineno, "an event whose effect the "
		    "replay does not know (%s)", excerpt(lr->line, lr->len));
		return -1;
	}
	if (n == 1 && told(w[0].p, w[0].n) != TOLD_NOTHING) {
		game->ending = told(w[0].p, w[0].n);
		return 0;
	}
	if ((n == 1 && is_word(&w[0], "nonstandard")) || board_event(&w[0]))
		return 0;
	warn_at(lr->name, lr->lineno, "not an event of a RawVF video (%s)",
	    excerpt(lr->line, lr->len));
	return -1;
}

/*
 * The events of a video, up to the next video's first line (left in
 * hand, *have_line set) or the end, replayed on its board b.  Returns
 * -1 after a diagnostic (the rest of the video passed over).
 */
static int
read_events(struct linereader *lr, struct board *b, struct recorded *game,
    const struct replaying *rp, int *have_line)
{
	struct replay r;
	int rc = 0;

	replay_begin(&r, b, game);
	game->played.whole = rp->until_ms == INT64_MAX;
	while (lr_next(lr)) {
		if (rawvf_starts(lr->line, lr->len)) {
			*have_line = 1;
			break;
		}
		if (event_line(lr, &r, game, rp) == -1) {
			rc = -1;
			break;
		}
	}
	replay_end(&r);
	if (rc == 0)
		rc = check_outcome(lr, b, game);
	return rc;
}

/*
 * The clicks replayed to the end must leave the game as the video says
 * it ended, by its Status or by its last event; if they do not, the
 * figures of the replay would be those of another game.
 */
static int
check_outcome(const struct linereader *lr, const struct board *b,
    const struct recorded *game)
{
	const enum told said[2] = { game->status, game->ending };
	const struct played *p = &game->played;
	int k, want;

	if (!p->replayed || !p->whole)
		return 0;
	for (k = 0; k < 2; k++) {
		if (said[k] == TOLD_NOTHING)
			continue;
		want = said[k] == TOLD_WON ? STATE_WON : STATE_LOST;
		if (p->state != want) {
			warn_at(lr->name, b->firstline, "its clicks, "
			    "replayed, leave the game %s, but its %s says %s",
			    replay_state_name(p->state), k == 0 ? "Status" :
			    "last event", replay_state_name(want));
			return -1;
		}
	}
	return 0;
}

/*
 * Read the board of the next video, its first line already in hand if
 * *have_line is set, and, if rp asks, replay its events on it.  Returns
 * 1 with the board ready, 0 at the end of the input, -1 after a
 * diagnostic (the rest of that video skipped).
 */
int
rawvf_read(struct linereader *lr, struct board *b, int *have_line,
    const struct replaying *rp)
{
	struct given g[3];
	struct recorded game;
	char *cells = NULL;
	size_t cap = 0, width, height, r, c;
	uint64_t mines = 0;
	int rc = -1;

	b->file = lr->name;
	b->firstbyte = 0;
	memset(g, 0, sizeof(g));
	memset(&game, 0, sizeof(game));
	for (;;) {
		if (!*have_line && !lr_next(lr))
			return 0;
		*have_line = 0;
		if (!lr_blank(lr))
			break;
	}
	b->firstline = lr->lineno;
	if (!rawvf_starts(lr->line, lr->len)) {
		warn_at(lr->name, lr->lineno, "not a RawVF video, which "
		    "begins with \"%s\" (%s)", VERSION_LINE,
		    excerpt(lr->line, lr->len));
		goto skip;
	}
	for (;;) {
		if (!lr_next(lr)) {
			warn_at(lr->name, lr->lineno, "a RawVF video with no "
			    "\"Board:\" line");
			return -1;
		}
		if (is_line(lr, "Board:"))
			break;
		if (rawvf_starts(lr->line, lr->len)) {
			warn_at(lr->name, lr->lineno, "a RawVF video begins "
			    "before the last one's \"Board:\" line");
			*have_line = 1;
			return -1;
		}
		if (header_line(lr, g, &game) == -1)
			goto skip;
	}
	if (read_rows(lr, &cells, &cap, &width, &height, have_line) == -1)
		goto skip;
	for (r = 0; r < width * height; r++)
		mines += cells[r] == '*';
	if (check_given(lr, g, width, height, mines) == -1)
		goto skip;
	board_alloc(b, width, height);
	for (r = 0; r < height; r++)
		for (c = 0; c < width; c++)
			if (cells[r * width + c] == '*')
				*board_at(b, r + 1, c + 1) |= CELL_MINE;
	b->recorded = game;
	rc = board_finish(b) == -1 ? -1 : 1;
	if (rc == 1 && rp != NULL && rp->on && !*have_line &&
	    read_events(lr, b, &b->recorded, rp, have_line) == -1)
		rc = -1;
skip:
	free(cells);
	skip_video(lr, have_line);
	return rc;
}
