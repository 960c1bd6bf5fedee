/*
 * board.c: positions in and out of FEN, and playing a move on them.
 *
 * FEN is read in the xqbase/UCCI letters (KABNRCP, upper case for Red)
 * and also with WXF's E for elephant and H for horse.  A position is
 * accepted only if every piece stands on a square it could reach in a
 * game, each side has one king and at most the pieces of a full set, and
 * the side that has just moved does not stand in check: the move
 * generator and the packed formats rely on all of that.
 */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "xq.h"

static int	 piece_from_letter(int);
static int	 parse_placement(struct xqpos *, const char **);
static int	 parse_counter(const char **, unsigned int *);
static int	 placement_ok(const struct xqpos *);

static const char piece_letters[] = " KABNRCP";

/* Map a FEN letter to a piece, or -1. */
static int
piece_from_letter(int c)
{
	const char *p;
	int side;

	side = islower(c) ? BLACK_PIECE : 0;
	c = toupper(c);
	if (c == 'E')
		c = 'B';
	else if (c == 'H')
		c = 'N';
	if (c == ' ' || c == '\0' || (p = strchr(piece_letters, c)) == NULL)
		return -1;
	return (int)(p - piece_letters) | side;
}

/* The ten ranks, Black's back rank (rank 9) first, as FEN writes them. */
static int
parse_placement(struct xqpos *pos, const char **sp)
{
	const char *s = *sp;
	int rank, file, p;

	for (rank = XQ_RANKS - 1; rank >= 0; rank--) {
		file = 0;
		while (file < XQ_FILES) {
			if (*s >= '1' && *s <= '9') {
				if (file + (*s - '0') > XQ_FILES)
					goto bad;
				file += *s++ - '0';
				continue;
			}
			if ((p = piece_from_letter((unsigned char)*s)) == -1)
				goto bad;
			pos->sq[rank * XQ_FILES + file++] = (uint8_t)p;
			s++;
		}
		if (rank > 0 && *s++ != '/')
			goto bad;
	}
	*sp = s;
	return 0;
bad:
	*sp = s;
	return -1;
}

static int
parse_counter(const char **sp, unsigned int *value)
{
	const char *s = *sp;
	unsigned long v = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (unsigned long)(*s++ - '0');
		if (v > 99999)
			return -1;
	}
	*value = (unsigned int)v;
	*sp = s;
	return 0;
}

/*
 * True if every piece stands where a game could have put it and the
 * numbers of pieces are those of a set or fewer.
 */
static int
placement_ok(const struct xqpos *pos)
{
	static const int most[8] = { 0, 1, 2, 2, 2, 2, 2, 5 };
	int count[2][8];
	int i, kind, side, rank, file, own;

	memset(count, 0, sizeof(count));
	for (i = 0; i < XQ_SQUARES; i++) {
		if (pos->sq[i] == EMPTY)
			continue;
		kind = PIECE_KIND(pos->sq[i]);
		side = PIECE_SIDE(pos->sq[i]);
		rank = i / XQ_FILES;
		file = i % XQ_FILES;
		/* Ranks counted from the piece's own back rank. */
		own = side == RED ? rank : XQ_RANKS - 1 - rank;
		if (++count[side][kind] > most[kind])
			return 0;
		switch (kind) {
		case KING:
			if (own > 2 || file < 3 || file > 5)
				return 0;
			break;
		case ADVISOR:
			if (own > 2 || file < 3 || file > 5 ||
			    (own + file) % 2 != 1)
				return 0;
			break;
		case ELEPHANT:
			if (own > 4 || own % 2 != 0 || file % 2 != 0 ||
			    (own / 2 + file / 2) % 2 != 1)
				return 0;
			break;
		case PAWN:
			if (own < 3 || (own < 5 && file % 2 != 0))
				return 0;
			break;
		}
	}
	return count[RED][KING] == 1 && count[BLACK][KING] == 1;
}

/* The standard start position, Red to move, counters 0 and 1. */
void
start_position(struct xqpos *pos)
{
	static struct xqpos start;
	static int ready;
	const char *end;

	if (!ready) {
		fen_parse(&start, START_FEN, &end);
		ready = 1;
	}
	*pos = start;
}

/* Is pos the standard start (the pieces and the side to move)? */
int
is_start_position(const struct xqpos *pos)
{
	struct xqpos start;

	start_position(&start);
	return memcmp(start.sq, pos->sq, sizeof(start.sq)) == 0 &&
	    start.side == pos->side;
}

/*
 * Read a FEN: placement and side to move, then optionally the two unused
 * fields ("- -") and the two counters.  On success *end points just past
 * what was read; on failure it points at the offending character.
 */
int
fen_parse(struct xqpos *pos, const char *text, const char **end)
{
	const char *s = text;

	memset(pos, 0, sizeof(*pos));
	pos->fullmove = 1;
	if (parse_placement(pos, &s) == -1 || *s != ' ')
		goto bad;
	while (*s == ' ')
		s++;
	if (*s == 'w' || *s == 'r')
		pos->side = RED;
	else if (*s == 'b')
		pos->side = BLACK;
	else
		goto bad;
	s++;
	if (*s != '\0' && *s != ' ')
		goto bad;
	*end = s;
	/* The optional fields: "- -" then the two counters. */
	while (*s == ' ')
		s++;
	if (s[0] == '-' && s[1] == ' ' && s[2] == '-' &&
	    (s[3] == ' ' || s[3] == '\0')) {
		s += 3;
		*end = s;
		while (*s == ' ')
			s++;
	}
	if (isdigit((unsigned char)*s)) {
		if (parse_counter(&s, &pos->halfmove) == -1)
			goto bad;
		*end = s;
		while (*s == ' ')
			s++;
		if (isdigit((unsigned char)*s)) {
			if (parse_counter(&s, &pos->fullmove) == -1 ||
			    pos->fullmove == 0)
				goto bad;
			*end = s;
		}
	}
	if (!placement_ok(pos) || in_check(pos, !pos->side)) {
		*end = text;
		return -1;
	}
	return 0;
bad:
	*end = s;
	return -1;
}

/* Write the FEN of pos into buf (at least XQ_FENMAX bytes are enough). */
void
fen_format(const struct xqpos *pos, char *buf, size_t size)
{
	char tmp[XQ_FENMAX];
	size_t n = 0;
	int rank, file, empty, p;

	for (rank = XQ_RANKS - 1; rank >= 0; rank--) {
		empty = 0;
		for (file = 0; file < XQ_FILES; file++) {
			p = pos->sq[rank * XQ_FILES + file];
			if (p == EMPTY) {
				empty++;
				continue;
			}
			if (empty > 0)
				tmp[n++] = (char)('0' + empty);
			empty = 0;
			tmp[n] = piece_letters[PIECE_KIND(p)];
			if (PIECE_SIDE(p) == BLACK)
				tmp[n] = (char)tolower((unsigned char)tmp[n]);
			n++;
		}
		if (empty > 0)
			tmp[n++] = (char)('0' + empty);
		if (rank > 0)
			tmp[n++] = '/';
	}
	snprintf(tmp + n, sizeof(tmp) - n, " %c - - %u %u",
	    pos->side == RED ? 'w' : 'b', pos->halfmove, pos->fullmove);
	if (size > 0)
		snprintf(buf, size, "%s", tmp);
}

/* Play a move known to be legal, keeping the FEN counters. */
void
make_move(struct xqpos *pos, struct xqmove m)
{
	if (pos->sq[m.to] != EMPTY)
		pos->halfmove = 0;
	else
		pos->halfmove++;
	pos->sq[m.to] = pos->sq[m.from];
	pos->sq[m.from] = EMPTY;
	if (pos->side == BLACK)
		pos->fullmove++;
	pos->side = !pos->side;
}
