/*
 * rules.c: an exact engine for Buffalo Chess as the site plays it (the
 * board, the start position, the moves of the chief, the dogs and the
 * buffaloes, kills, win and loss), the legal moves of a position in the
 * canonical order that bchess-log(5) defines, and a replay of a record
 * that says where its moves, kill flags and end letter break the rules.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"
#include "rules.h"

static int	 on_board(int, int);
static const char *person_fault(const struct position *,
		    const struct move *, int);
static const char *buffalo_fault(const struct position *,
		    const struct move *);
static uint32_t	 site_base(const struct position *, const struct move *);
static void	 site_shares(const struct position *, const struct move *,
		    size_t, uint64_t *, uint64_t *);
static void	 replay_move(struct position *, const struct move *, size_t,
		    struct replay *, uint8_t *);

static int
on_board(int r, int c)
{
	return r >= 1 && r <= BOARD_ROWS && c >= 1 && c <= BOARD_COLS;
}

void
position_start(struct position *p)
{
	int c;

	memset(p->sq, SQ_EMPTY, sizeof(p->sq));
	for (c = 0; c < BOARD_COLS; c++)
		p->sq[0][c] = SQ_BUFFALO;
	p->sq[3][3] = SQ_CHIEF;
	p->sq[3][2] = SQ_DOG;
	p->sq[3][4] = SQ_DOG;
	p->chief_r = 4;
	p->chief_c = 4;
	p->turn = SIDE_PERSON;
	p->over = 0;
}

/* The piece on (r, c), 1-based, or -1 off the board. */
int
piece_at(const struct position *p, int r, int c)
{
	if (!on_board(r, c))
		return -1;
	return p->sq[r - 1][c - 1];
}

/*
 * Why the chief or a dog may not make this move, or NULL if it may.
 * Whose turn it is does not matter here: real logs hold two moves of
 * the person in a row.
 */
static const char *
person_fault(const struct position *p, const struct move *m, int piece)
{
	int dr, dc, sr, sc, r, c, dest;

	dr = m->r2 - m->r1;
	dc = m->c2 - m->c1;
	if (dr == 0 && dc == 0)
		return "a piece must move";
	if (m->r2 < 2 || m->r2 > 4)
		return "the chief and the dogs stay on rows 2 to 4";
	dest = piece_at(p, m->r2, m->c2);
	if (piece == SQ_CHIEF) {
		if (abs(dr) > 1 || abs(dc) > 1)
			return "the chief moves one square";
		if (dest == SQ_DOG)
			return "the chief never moves onto a dog";
		return NULL;
	}
	if (dr != 0 && dc != 0 && abs(dr) != abs(dc))
		return "a dog moves along a line";
	sr = (dr > 0) - (dr < 0);
	sc = (dc > 0) - (dc < 0);
	for (r = m->r1 + sr, c = m->c1 + sc; r != m->r2 || c != m->c2;
	    r += sr, c += sc)
		if (piece_at(p, r, c) != SQ_EMPTY)
			return "a dog never jumps over a piece";
	if (dest != SQ_EMPTY)
		return "a dog stops before any piece";
	return NULL;
}

static const char *
buffalo_fault(const struct position *p, const struct move *m)
{
	if (p->turn != SIDE_BUFFALO)
		return "a buffalo moves only after the person";
	if (m->r2 != m->r1 + 1 || m->c2 != m->c1)
		return "a buffalo moves one square down";
	if (piece_at(p, m->r2, m->c2) != SQ_EMPTY)
		return "a buffalo moves only onto an empty square";
	return NULL;
}

/* Why this move breaks the rules here, or NULL if it does not. */
const char *
move_fault(const struct position *p, const struct move *m)
{
	int piece;

	if (p->over)
		return "the game has ended";
	if (!on_board(m->r1, m->c1) || !on_board(m->r2, m->c2))
		return "off the board";
	piece = piece_at(p, m->r1, m->c1);
	if (piece == SQ_EMPTY)
		return "no piece stands there";
	if (piece == SQ_BUFFALO)
		return buffalo_fault(p, m);
	return person_fault(p, m, piece);
}

/*
 * The legal moves of the side whose turn it is, kill flags set, in the
 * canonical order: ascending by (r1, c1, r2, c2).  Returns their number.
 */
size_t
legal_moves(const struct position *p, struct move *out)
{
	struct move m;
	size_t n;
	int r, c, piece;

	n = 0;
	if (p->over)
		return 0;
	for (r = 1; r <= BOARD_ROWS; r++) {
		for (c = 1; c <= BOARD_COLS; c++) {
			piece = piece_at(p, r, c);
			m.r1 = r;
			m.c1 = c;
			m.kill = 0;
			if (piece == SQ_BUFFALO && p->turn == SIDE_BUFFALO) {
				m.r2 = r + 1;
				m.c2 = c;
				if (buffalo_fault(p, &m) == NULL)
					out[n++] = m;
				continue;
			}
			if ((piece != SQ_DOG && piece != SQ_CHIEF) ||
			    p->turn != SIDE_PERSON)
				continue;
			for (m.r2 = 2; m.r2 <= 4; m.r2++)
				for (m.c2 = 1; m.c2 <= BOARD_COLS; m.c2++)
					if (person_fault(p, &m, piece) == NULL) {
						m.kill = piece_at(p, m.r2,
						    m.c2) == SQ_BUFFALO;
						out[n++] = m;
					}
		}
	}
	return n;
}

int
buffaloes_can_move(const struct position *p)
{
	int r, c;

	for (r = 0; r < BOARD_ROWS - 1; r++)
		for (c = 0; c < BOARD_COLS; c++)
			if (p->sq[r][c] == SQ_BUFFALO &&
			    p->sq[r + 1][c] == SQ_EMPTY)
				return 1;
	return 0;
}

/*
 * Play a move that move_fault() accepts; set its kill flag from the
 * board, pass the turn and decide whether the game has ended.
 */
void
position_play(struct position *p, struct move *m)
{
	int piece;

	piece = p->sq[m->r1 - 1][m->c1 - 1];
	m->kill = piece == SQ_CHIEF &&
	    p->sq[m->r2 - 1][m->c2 - 1] == SQ_BUFFALO;
	p->sq[m->r1 - 1][m->c1 - 1] = SQ_EMPTY;
	p->sq[m->r2 - 1][m->c2 - 1] = piece;
	if (piece == SQ_CHIEF) {
		p->chief_r = m->r2;
		p->chief_c = m->c2;
	}
	if (piece == SQ_BUFFALO) {
		p->turn = SIDE_PERSON;
		if (m->r2 == BOARD_ROWS)
			p->over = 'l';
	} else {
		p->turn = SIDE_BUFFALO;
		if (!buffaloes_can_move(p))
			p->over = 'w';
	}
}

/*
 * The integer part of the site's weight for a buffalo that is neither on
 * row 4 nor shunned for standing next to the chief: 5 * (row - [a dog
 * stands in its column]) + |chief column - its column|.
 */
static uint32_t
site_base(const struct position *p, const struct move *m)
{
	int r, dog;

	dog = 0;
	for (r = 1; r <= BOARD_ROWS; r++)
		if (piece_at(p, r, m->c1) == SQ_DOG)
			dog = 1;
	return (uint32_t)(5 * (m->r1 - dog) + abs(p->chief_c - m->c1));
}

/*
 * How often the site's ranking alone picks each move, as shares of
 * *total = 420 * 10^a, where a is the number of buffaloes next to the
 * chief: each of those is shunned with probability 9/10, on its own; the
 * highest weight wins and equal integer parts are tied (their random
 * fractions decide), as are buffaloes that are all shunned.  420 is
 * divisible by every tie size.  A buffalo on row 4 always wins.
 */
static void
site_shares(const struct position *p, const struct move *legal, size_t n,
    uint64_t *share, uint64_t *total)
{
	uint32_t base[MAX_LEGAL], best, mask, set, adjacent, row4;
	uint64_t weight;
	size_t j, a, winners;

	adjacent = row4 = 0;
	for (j = 0, a = 0; j < n; j++) {
		share[j] = 0;
		base[j] = site_base(p, &legal[j]);
		if (legal[j].r1 == 4)
			row4 |= 1U << j;
		else if (abs(legal[j].r1 - p->chief_r) <= 1 &&
		    abs(legal[j].c1 - p->chief_c) <= 1) {
			adjacent |= 1U << j;
			a++;
		}
	}
	for (*total = 420; a-- > 0;)
		*total *= 10;
	for (mask = 0; mask < 1U << n; mask++) {
		if ((mask & ~adjacent) != 0)
			continue;
		weight = 1;
		for (j = 0; j < n; j++)
			if (mask & (1U << j))
				weight *= 9;
		set = row4 != 0 ? row4 : ((1U << n) - 1) & ~mask;
		if (set == 0)
			set = mask;
		best = 0;
		for (j = 0; j < n; j++)
			if ((set & (1U << j)) && row4 == 0 && base[j] > best)
				best = base[j];
		winners = 0;
		for (j = 0; j < n; j++)
			if ((set & (1U << j)) && (row4 != 0 || base[j] == best))
				winners++;
		for (j = 0; j < n; j++)
			if ((set & (1U << j)) && (row4 != 0 || base[j] == best))
				share[j] += weight * 420 / winners;
	}
}

/*
 * The frequency with which the site's computer makes each of the n
 * buffalo moves listed by legal_moves(), for a range coder: one move in
 * a hundred is a uniform choice, the rest follow the ranking.  Integers
 * throughout, so that every implementation gets the same numbers.
 */
void
site_move_freqs(const struct position *p, const struct move *legal,
    size_t n, uint32_t *freq)
{
	uint64_t share[MAX_LEGAL], total;
	size_t j;

	site_shares(p, legal, n, share, &total);
	for (j = 0; j < n; j++)
		freq[j] = (uint32_t)(600 / n + 1 + share[j] * 59400 / total);
}

static void
replay_move(struct position *p, const struct move *written, size_t i,
    struct replay *rep, uint8_t *kills)
{
	struct move m;

	m = *written;
	if (p->turn == SIDE_BUFFALO &&
	    piece_at(p, m.r1, m.c1) != SQ_BUFFALO) {
		if (rep->doubles++ == 0)
			rep->first_double = i + 1;
	}
	position_play(p, &m);
	if (kills != NULL)
		kills[i] = m.kill;
	if (m.kill != (written->kill != 0) && rep->bad_kills++ == 0)
		rep->first_bad_kill = i + 1;
	if (p->over)
		rep->ended = i + 1;
}

/*
 * Replay a record from the start position and note in rep what breaks
 * the rules.  The replay stops at the first illegal move and at the
 * first move after the end.  If kills is not NULL it receives the kill
 * flag the rules give each move replayed.
 */
void
replay_game(const struct game *g, struct replay *rep, uint8_t *kills)
{
	struct position p;
	size_t i;

	memset(rep, 0, sizeof(*rep));
	position_start(&p);
	for (i = 0; i < g->n; i++) {
		if (p.over) {
			rep->after_end = i + 1;
			break;
		}
		rep->why = move_fault(&p, &g->move[i]);
		if (rep->why != NULL) {
			rep->illegal = i + 1;
			break;
		}
		replay_move(&p, &g->move[i], i, rep, kills);
		rep->played = i + 1;
	}
	rep->end = p.over ? p.over : 'i';
}

/* A record that replays as the site would have written it. */
int
replay_is_clean(const struct game *g, const struct replay *rep)
{
	return rep->illegal == 0 && rep->after_end == 0 &&
	    rep->bad_kills == 0 && rep->doubles == 0 && rep->end == g->end;
}

/* Whether the kill flags and the end letter can be derived. */
int
replay_is_repairable(const struct replay *rep)
{
	return rep->illegal == 0 && rep->after_end == 0;
}

/*
 * Rewrite the kill flags and the end letter from the moves of a record
 * that replay_is_repairable() accepts.  Returns the number of kill flags
 * changed.
 */
size_t
repair_game(struct game *g)
{
	struct replay rep;
	uint8_t *kills;
	size_t i, changed;

	kills = xcalloc(g->n == 0 ? 1 : g->n, 1);
	replay_game(g, &rep, kills);
	changed = 0;
	if (replay_is_repairable(&rep)) {
		for (i = 0; i < g->n; i++) {
			if ((g->move[i].kill != 0) != kills[i])
				changed++;
			g->move[i].kill = kills[i];
		}
		g->end = rep.end;
	}
	free(kills);
	return changed;
}

/* A move in the legacy form, which every diagnostic uses. */
void
format_move(char *buf, size_t size, const struct move *m)
{
	snprintf(buf, size, "m-%u-%u-%u-%u-%u", m->r1, m->c1, m->r2, m->c2,
	    m->kill);
}
