/*
 * replay.c: checking a move list against its board, move by move, as the
 * game would: each rectangle must lie on the board and its digits, empty
 * cells counting 0, must sum to exactly 10.
 */

#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"

static int	 is_space(int);
static int	 read_number(const char **, long long, long long *);
static int	 check_move(const struct board *, const struct rect *,
		    char *, size_t);

static int
is_space(int ch)
{
	return ch == ' ' || ch == '\t' || ch == ',';
}

/* One decimal number from 1 to max at *sp; advances past it. */
static int
read_number(const char **sp, long long max, long long *v)
{
	char buf[24];
	const char *s = *sp, *errstr;
	size_t n;

	for (n = 0; s[n] != '\0' && !is_space((unsigned char)s[n]); n++)
		;
	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtonum(buf, 1, max, &errstr);
	if (errstr != NULL)
		return -1;
	*sp = s + n;
	return 0;
}

/*
 * A move is four numbers, the 1-based row and column of one corner and
 * then of the opposite one, separated by blanks or commas.  Returns 0,
 * or -1 with *col at the faulty field and *why saying what is wrong.
 */
int
parse_move(const char *line, const struct board *b, struct rect *r,
    size_t *col, const char **why)
{
	const char *s = line;
	long long v[4], max;
	int i;

	for (i = 0; i < 4; i++) {
		while (is_space((unsigned char)*s))
			s++;
		*col = (size_t)(s - line) + 1;
		if (*s == '\0') {
			*why = "a move needs four numbers: "
			    "row column row column";
			return -1;
		}
		max = i % 2 == 0 ? (long long)b->rows : (long long)b->cols;
		if (!isdigit((unsigned char)*s)) {
			*why = "a move needs four numbers: "
			    "row column row column";
			return -1;
		}
		if (read_number(&s, max, &v[i]) == -1) {
			*why = i % 2 == 0 ? "row not on the board" :
			    "column not on the board";
			return -1;
		}
	}
	while (is_space((unsigned char)*s))
		s++;
	if (*s != '\0') {
		*col = (size_t)(s - line) + 1;
		*why = "trailing text after the move";
		return -1;
	}
	r->r1 = (uint32_t)(v[0] < v[2] ? v[0] : v[2]) - 1;
	r->r2 = (uint32_t)(v[0] < v[2] ? v[2] : v[0]) - 1;
	r->c1 = (uint32_t)(v[1] < v[3] ? v[1] : v[3]) - 1;
	r->c2 = (uint32_t)(v[1] < v[3] ? v[3] : v[1]) - 1;
	return 0;
}

static int
check_move(const struct board *b, const struct rect *r, char *msg,
    size_t size)
{
	uint64_t sum;

	sum = board_sum(b, r, NULL);
	if (sum == FRUIT_TARGET)
		return 0;
	snprintf(msg, size, "move does not sum to 10 (sum %llu)",
	    (unsigned long long)sum);
	return -1;
}

/*
 * Play the moves that follow a board, up to a blank line or the end of
 * the input, clearing b as they go.  Returns 0 if every move was good;
 * at the first bad one, reports it and returns 1 with b as it stood
 * before it (the rest of the list is skipped).
 */
int
replay_moves(struct linereader *lr, struct board *b, size_t *cleared)
{
	struct rect r;
	const char *why, *s;
	char msg[64];
	size_t col, apples;
	int bad;

	*cleared = 0;
	bad = 0;
	while (lr_next(lr)) {
		for (s = lr->line; *s == ' ' || *s == '\t'; s++)
			;
		if (*s == '\0')
			break;
		if (*s == '#' || bad)
			continue;
		if (parse_move(lr->line, b, &r, &col, &why) == -1) {
			warn_at_column(lr->name, lr->lineno, col, "%s (%s)",
			    why, lr->line);
			bad = 1;
			continue;
		}
		if (check_move(b, &r, msg, sizeof(msg)) == -1) {
			warn_at(lr->name, lr->lineno, "%s", msg);
			bad = 1;
			continue;
		}
		board_sum(b, &r, &apples);
		board_clear(b, &r);
		*cleared += apples;
	}
	return bad;
}
