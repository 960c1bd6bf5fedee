/*
 * rawvf.c: the board of a RawVF video, the open text format that the
 * Minesweeper community converts its replays to (Arbiter's AVF, Vienna
 * Minesweeper's RMV and others): lines of "Name: value", the first
 * "RawVF_Version: ...", then a line "Board:" and the board a row a line,
 * '*' a mine and '0' a safe cell, then "Events:" and the game's events.
 * The events are not replayed: the board is read covered, as an MBF
 * board is, for its figures, its solving or a game played anew.  Width,
 * Height and Mines, when given, must agree with the rows; the game's
 * Time and a Status of Won are kept for the figures.  Videos may
 * follow each other in a stream, each from its RawVF_Version line.
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
static int	 parse_time(const char *, size_t, uint64_t *);
static int	 header_line(const struct linereader *, struct given *,
		    struct recorded *);
static int	 read_rows(struct linereader *, char **, size_t *, size_t *,
		    size_t *, int *);
static int	 check_given(const struct linereader *, const struct given *,
		    size_t, size_t, uint64_t);
static void	 skip_video(struct linereader *, int *);

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
static int
parse_time(const char *v, size_t n, uint64_t *ms)
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

/*
 * A line of the header, "Name: value": Width, Height and Mines into
 * g[0], g[1] and g[2]; the game's Time and whether its Status is Won
 * into *game.  A value left blank, as converters leave what a replay
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
		if (parse_time(v, vn, &game->time_ms) == -1) {
			warn_at(lr->name, lr->lineno, "Time is not seconds "
			    "with at most three decimals (%s)",
			    excerpt(lr->line, lr->len));
			return -1;
		}
		game->timed = 1;
	}
	if (n == 6 && memcmp(lr->line, "Status", 6) == 0)
		game->won = vn == 3 && strncasecmp(v, "won", 3) == 0;
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

/*
 * Read the board of the next video, its first line already in hand if
 * *have_line is set.  Returns 1 with the board ready, 0 at the end of
 * the input, -1 after a diagnostic (the rest of that video skipped).
 */
int
rawvf_read(struct linereader *lr, struct board *b, int *have_line)
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
skip:
	free(cells);
	skip_video(lr, have_line);
	return rc;
}
