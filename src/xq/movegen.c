/*
 * movegen.c: the rules of Xiangqi, as a legal move generator.
 *
 * Every step a piece can take from every square is worked out once into
 * tables (rays for rooks and cannons, leg and destination pairs for
 * horses, eye and destination pairs for elephants, palace steps), so
 * that generating moves is a walk through short lists.  A move is legal
 * if, once played, the mover's king is not attacked; that is found by
 * looking out from the king along the lines a rook, cannon, horse, pawn
 * or the other king could strike from, never by generating the other
 * side's moves.
 */

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "xq.h"

#define NONE	0xff
#define FAR	(XQ_RANKS + 1)	/* further along a ray than any square */

struct steps {
	uint8_t		 n;
	uint8_t		 to[8];
	uint8_t		 via[8];	/* horse leg or elephant eye */
};

static void	 init_tables(void);
static void	 init_square(int, int);
static void	 init_line_marks(void);
static int	 on_board(int, int);
static int	 in_palace(int, int);
static int	 ray_attacked(const uint8_t *, int, int, int);
static int	 horse_attacked(const uint8_t *, int, int);
static int	 pawn_attacked(const uint8_t *, int, int);
static int	 uncovered(const uint8_t *, const struct king_rays *,
		    struct xqmove, int);
static int	 attacked(const uint8_t *, int, int);
static const struct steps *steps_of(int, int, int);
static size_t	 pseudo_moves(const uint8_t *, int, int, struct xqmove *,
		    uint8_t *);
static size_t	 slide_moves(const uint8_t *, int, int, struct xqmove *,
		    uint8_t *);
static size_t	 generate(const struct xqpos *, struct xqmove *, uint8_t *,
		    uint64_t *, struct king_rays *);
static int	 king_square(const uint8_t *, int);
static int	 king_step_safe(const uint8_t *, const struct king_rays *,
		    const uint64_t *, struct xqmove, int, int);
static int	 faces(const uint8_t *, int, int);
static int	 is_leg(int, int);
static int	 ray_of(int, int);
static int	 ray_lists(const uint8_t *, uint64_t [2][2], int, int,
		    struct king_rays *);
static int	 struck_after(const struct king_rays *, int, struct xqmove,
		    int, int, int);
static int	 reaches(const uint8_t *, int, int, int);
#if !defined(__SSE2__)
static uint64_t	 load8(const uint8_t *);
#endif
static void	 side_masks(const uint8_t *, uint64_t [2][2]);
static int	 low_bit64(uint64_t);
static void	 add_strikes(const uint8_t *, int, uint8_t *);
static void	 struck_squares(const uint8_t *, uint64_t [2][2], int,
		    uint64_t *);

static int		 ready;
static uint8_t		 ray[XQ_SQUARES][4][XQ_RANKS];
static uint8_t		 raylen[XQ_SQUARES][4];
static struct steps	 horse_to[XQ_SQUARES];
static struct steps	 horse_from[XQ_SQUARES];	/* horses striking here */
static struct steps	 elephant_to[XQ_SQUARES];
static struct steps	 advisor_to[XQ_SQUARES];
static struct steps	 king_to[XQ_SQUARES];
static struct steps	 pawn_to[2][XQ_SQUARES];
/* The tables above by side and kind, so that no switch picks one. */
static const struct steps *step_table[2][8];
/* How square b lies from square a: its ray from a (RAY) and LEG. */
static uint8_t		 seen[XQ_SQUARES][XQ_SQUARES];
/* How many steps along a ray square b is from a, or FAR + 1 if on none. */
static uint8_t		 reach[XQ_SQUARES][XQ_SQUARES];
/* What check_squares marks whatever the board, by side and king square. */
static uint8_t		 line_marks[2][XQ_SQUARES][XQ_SQUARES];
#define RAY	7
#define LEG	8
/* Can a piece of the side move to a square holding this? */
static const uint8_t	 open_to[2][16] = {
	{ 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 },
	{ 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0 }
};

#if defined(__SIZEOF_INT128__)
/*
 * Sets of squares, bit s for square s, where the compiler has 128-bit
 * integers: the squares a piece strikes as one value, with no walk.
 */
__extension__ typedef unsigned __int128 sqset;

/* Pieces whose steps a leg or an eye can block: up to four of each. */
struct blockable {
	uint8_t		 via[4];
	sqset		 to[4];
};

static void	 init_sets(void);
static sqset	 line_strikes(sqset, sqset, int, int);
static sqset	 strike_set(const uint8_t *, sqset, int, uint8_t [4][8],
		    const int *);
static int	 lowest(sqset);
static int	 highest(sqset);

static sqset		 below[129];	/* the squares under i */
static sqset		 file_set[XQ_FILES];
static sqset		 rank_set[XQ_RANKS];
static sqset		 fixed_set[2][8][XQ_SQUARES];
static struct blockable	 blockable_set[8][XQ_SQUARES];
#endif

static const int	 dr[4] = { 1, -1, 0, 0 };
static const int	 df[4] = { 0, 0, 1, -1 };

static int
on_board(int r, int f)
{
	return r >= 0 && r < XQ_RANKS && f >= 0 && f < XQ_FILES;
}

static int
in_palace(int r, int f)
{
	return f >= 3 && f <= 5 && (r <= 2 || r >= 7);
}

static void
add_step(struct steps *s, int r, int f, int via)
{
	s->to[s->n] = (uint8_t)(r * XQ_FILES + f);
	s->via[s->n] = (uint8_t)via;
	s->n++;
}

static void
init_square(int r, int f)
{
	int sq = r * XQ_FILES + f, d, k, nr, nf, side, fwd;

	for (d = 0; d < 4; d++) {
		nr = r + dr[d];
		nf = f + df[d];
		for (k = 0; on_board(nr, nf); k++, nr += dr[d], nf += df[d])
			ray[sq][d][k] = (uint8_t)(nr * XQ_FILES + nf);
		raylen[sq][d] = (uint8_t)k;
		/* King and pawn steps are the first squares of the rays. */
		if (in_palace(r, f) && k > 0 && in_palace(r + dr[d], f + df[d]))
			add_step(&king_to[sq], r + dr[d], f + df[d], NONE);
		for (side = RED; side <= BLACK; side++) {
			fwd = side == RED ? 1 : -1;
			if (k == 0 || dr[d] == -fwd)
				continue;
			/* Sideways only once across the river. */
			if (dr[d] == 0 && (side == RED ? r < 5 : r > 4))
				continue;
			add_step(&pawn_to[side][sq], r + dr[d], f + df[d], NONE);
		}
	}
	for (d = 0; d < 4; d++) {
		/* Diagonal d: rank step dr2, file step df2. */
		int dr2 = d & 1 ? -1 : 1, df2 = d & 2 ? -1 : 1;
		int diag = (r + dr2) * XQ_FILES + (f + df2);

		if (!on_board(r + dr2, f + df2))
			continue;
		if (in_palace(r, f) && in_palace(r + dr2, f + df2))
			add_step(&advisor_to[sq], r + dr2, f + df2, NONE);
		if (on_board(r + 2 * dr2, f + 2 * df2) &&
		    (r <= 4) == (r + 2 * dr2 <= 4))
			add_step(&elephant_to[sq], r + 2 * dr2, f + 2 * df2,
			    diag);
		/* A horse two away along a line and one across, legged here. */
		if (on_board(r + 2 * dr2, f + df2))
			add_step(&horse_from[sq], r + 2 * dr2, f + df2, diag);
		if (on_board(r + dr2, f + 2 * df2))
			add_step(&horse_from[sq], r + dr2, f + 2 * df2, diag);
	}
	for (d = 0; d < 4; d++) {
		/* The leg is the orthogonal neighbour in direction d. */
		int leg = (r + dr[d]) * XQ_FILES + (f + df[d]);

		if (!on_board(r + dr[d], f + df[d]))
			continue;
		for (k = -1; k <= 1; k += 2) {
			nr = r + 2 * dr[d] + (dr[d] == 0 ? k : 0);
			nf = f + 2 * df[d] + (df[d] == 0 ? k : 0);
			if (on_board(nr, nf))
				add_step(&horse_to[sq], nr, nf, leg);
		}
	}
}

static void
init_tables(void)
{
	int r, f, a, b;

	for (r = 0; r < XQ_RANKS; r++)
		for (f = 0; f < XQ_FILES; f++)
			init_square(r, f);
	for (a = 0; a < XQ_SQUARES; a++)
		for (b = 0; b < XQ_SQUARES; b++) {
			seen[a][b] = (uint8_t)(ray_of(b, a) |
			    (is_leg(b, a) ? LEG : 0));
			reach[a][b] = (uint8_t)(ray_of(b, a) == 4 ? FAR + 1 :
			    abs(a / XQ_FILES - b / XQ_FILES) +
			    abs(a % XQ_FILES - b % XQ_FILES));
		}
	for (a = RED; a <= BLACK; a++) {
		step_table[a][KING] = king_to;
		step_table[a][ADVISOR] = advisor_to;
		step_table[a][ELEPHANT] = elephant_to;
		step_table[a][HORSE] = horse_to;
		step_table[a][PAWN] = pawn_to[a];
	}
	init_line_marks();
#if defined(__SIZEOF_INT128__)
	init_sets();
#endif
	ready = 1;
}

static int
king_square(const uint8_t *sq, int side)
{
	static const uint8_t palace[2][9] = {
		{ 3, 4, 5, 12, 13, 14, 21, 22, 23 },
		{ 66, 67, 68, 75, 76, 77, 84, 85, 86 }
	};
	int i, king = KING | (side == BLACK ? BLACK_PIECE : 0);

	for (i = 0; i < 9; i++)
		if (sq[palace[side][i]] == king)
			return palace[side][i];
	return -1;
}

/*
 * Is square k struck along ray d by a rook, by a cannon over one screen,
 * or by the other king facing it on an open file?
 */
static int
ray_attacked(const uint8_t *sq, int k, int d, int by)
{
	int i, p, screen = 0, b = by == BLACK ? BLACK_PIECE : 0;

	for (i = 0; i < raylen[k][d]; i++) {
		if ((p = sq[ray[k][d][i]]) == EMPTY)
			continue;
		if (screen)
			return p == (CANNON | b);
		if (p == (ROOK | b) || p == (KING | b))
			return 1;
		screen = 1;
	}
	return 0;
}

static int
horse_attacked(const uint8_t *sq, int k, int by)
{
	const struct steps *h = &horse_from[k];
	int i, b = by == BLACK ? BLACK_PIECE : 0;

	for (i = 0; i < h->n; i++)
		if (sq[h->to[i]] == (HORSE | b) && sq[h->via[i]] == EMPTY)
			return 1;
	return 0;
}

/* Is square k, where a king of the side other than by stands, attacked? */
static int
attacked(const uint8_t *sq, int k, int by)
{
	int d;

	if (horse_attacked(sq, k, by) || pawn_attacked(sq, k, by))
		return 1;
	for (d = 0; d < 4; d++)
		if (ray_attacked(sq, k, d, by))
			return 1;
	return 0;
}

/* A pawn strikes forward, or sideways: from behind k or beside it. */
static int
pawn_attacked(const uint8_t *sq, int k, int by)
{
	int i, b = by == BLACK ? BLACK_PIECE : 0, f = k % XQ_FILES;

	i = by == RED ? k - XQ_FILES : k + XQ_FILES;
	if (i >= 0 && i < XQ_SQUARES && sq[i] == (PAWN | b))
		return 1;
	if (f > 0 && sq[k - 1] == (PAWN | b))
		return 1;
	return f < XQ_FILES - 1 && sq[k + 1] == (PAWN | b);
}

/*
 * Once m is played on sq, is the mover's king on k, not in check before
 * and not the piece moved, attacked?  Only along the rays m left or
 * entered where an enemy slider stands, or by a horse whose leg m
 * cleared.
 */
static int
uncovered(const uint8_t *sq, const struct king_rays *kr, struct xqmove m,
    int by)
{
	int k = kr->king, rf = seen[k][m.from] & RAY, rt = seen[k][m.to] & RAY;
	int dt = reach[k][m.to];

	if (kr->danger[rf] && struck_after(kr, rf, m,
	    rt == rf ? dt : FAR + 1, sq[m.to], by))
		return 1;
	if (rt != rf && kr->danger[rt] &&
	    struck_after(kr, rt, m, dt, sq[m.to], by))
		return 1;
	return (seen[k][m.from] & LEG) && horse_attacked(sq, k, by);
}

/*
 * A rook's or cannon's moves, and one more on map for every square it
 * strikes: a rook up to the first piece, a cannon from past its screen
 * to the next piece, whoever stands there.
 */
static inline size_t
slide_moves(const uint8_t *sq, int from, int cannon, struct xqmove *out,
    uint8_t *map)
{
	const uint8_t *r;
	size_t n = 0;
	int d, i, len, side = PIECE_SIDE(sq[from]);

	/*
	 * Each move is written whether or not it counts, and counted by
	 * adding a truth value, so that only the end of each run of empty
	 * squares is a test to guess.
	 */
	for (d = 0; d < 4; d++) {
		r = ray[from][d];
		len = raylen[from][d];
		for (i = 0; i < len && sq[r[i]] == EMPTY; i++) {
			out[n].from = (uint8_t)from;
			out[n++].to = r[i];
			map[r[i]] += !cannon;
		}
		if (i < len && cannon)
			for (i++; i < len && sq[r[i]] == EMPTY; i++)
				map[r[i]]++;
		if (i == len)
			continue;
		/* The rook's first piece, or the cannon's past its screen. */
		map[r[i]]++;
		out[n].from = (uint8_t)from;
		out[n].to = r[i];
		n += PIECE_SIDE(sq[r[i]]) != side;
	}
	return n;
}

/* The step table of a king, advisor, elephant, horse or pawn on from. */
static const struct steps *
steps_of(int kind, int side, int from)
{
	return &step_table[side][kind][from];
}

/*
 * The moves of the piece on from, before the king-safety test; and one
 * more on map for every square it strikes, as add_strikes.
 */
static size_t
pseudo_moves(const uint8_t *sq, int from, int side, struct xqmove *out,
    uint8_t *map)
{
	const struct steps *s;
	size_t n = 0;
	int i, t, clear, p = sq[from];

	switch (PIECE_KIND(p)) {
	case ROOK:
		return slide_moves(sq, from, 0, out, map);
	case CANNON:
		return slide_moves(sq, from, 1, out, map);
	default:
		s = steps_of(PIECE_KIND(p), side, from);
		break;
	}
	/* As in slide_moves, every move written, counted if it stands. */
	for (i = 0; i < s->n; i++) {
		t = s->to[i];
		clear = s->via[i] == NONE || sq[s->via[i]] == EMPTY;
		map[t] += clear;
		out[n].from = (uint8_t)from;
		out[n].to = (uint8_t)t;
		n += clear & open_to[side][sq[t]];
	}
	return n;
}

/* Is from diagonally next to k, where the leg of a horse striking k is? */
static int
is_leg(int from, int k)
{
	int dr = from / XQ_FILES - k / XQ_FILES;
	int df = from % XQ_FILES - k % XQ_FILES;

	return (dr == 1 || dr == -1) && (df == 1 || df == -1);
}

/* Which of k's four rays a is on (0 up, 1 down, 2 right, 3 left), or 4. */
static int
ray_of(int a, int k)
{
	int dr = a / XQ_FILES - k / XQ_FILES;
	int df = a % XQ_FILES - k % XQ_FILES;

	if (df == 0 && dr != 0)
		return dr > 0 ? 0 : 1;
	if (dr == 0 && df != 0)
		return df > 0 ? 2 : 3;
	return 4;
}

/*
 * Walk out from k along its four rays once, to the third piece on each:
 * kr->at, kr->piece and kr->far keep those pieces, their squares and
 * their distances from k, nearest first, all that struck_after needs
 * once one piece has left the ray and one has arrived.  kr->danger[d]
 * is set if one of them is a rook, cannon or king of side by: a piece
 * further out has at least three in front of it, and one move takes at
 * most one away, so only then can a piece leaving or entering ray d
 * uncover k.  danger[4], for squares on none of the rays, is never set.
 * Returns whether one of those pieces strikes k already.
 */
static int
ray_lists(const uint8_t *sq, uint64_t pieces[2][2], int k, int by,
    struct king_rays *kr)
{
	int d, i, p, n, at, struck = 0, b = by == BLACK ? BLACK_PIECE : 0;
#if defined(__SIZEOF_INT128__)
	sqset m, ray_set[4], occ;

	/* The pieces on each ray: up and right are the higher squares. */
	occ = (sqset)(pieces[RED][1] | pieces[BLACK][1]) << 64 |
	    (pieces[RED][0] | pieces[BLACK][0]);
	ray_set[0] = occ & file_set[k % XQ_FILES] & ~below[k + 1];
	ray_set[1] = occ & file_set[k % XQ_FILES] & below[k];
	ray_set[2] = occ & rank_set[k / XQ_FILES] & ~below[k + 1];
	ray_set[3] = occ & rank_set[k / XQ_FILES] & below[k];
#endif

	kr->king = k;
	/* No piece: at no square, nothing, further than any. */
	memset(kr->at, NONE, sizeof(kr->at));
	memset(kr->piece, EMPTY, sizeof(kr->piece));
	memset(kr->far, FAR, sizeof(kr->far));
	for (d = 0; d < 4; d++) {
		kr->danger[d] = 0;
#if defined(__SIZEOF_INT128__)
		/* The nearest three, taken out of the set one at a time. */
		m = ray_set[d];
		for (n = 0; n < 3 && m != 0; n++) {
			at = d & 1 ? highest(m) : lowest(m);
			m &= ~((sqset)1 << at);
			i = reach[k][at] - 1;
			p = sq[at];
#else
		for (n = 0, i = 0; i < raylen[k][d] && n < 3; i++) {
			if ((p = sq[at = ray[k][d][i]]) == EMPTY)
				continue;
#endif
			if (p == (ROOK | b) || p == (KING | b)) {
				kr->danger[d] = 1;
				struck |= n == 0;
			} else if (p == (CANNON | b)) {
				kr->danger[d] = 1;
				struck |= n == 1;
			}
			kr->at[d][n] = (uint8_t)at;
			kr->piece[d][n] = (uint8_t)p;
			kr->far[d][n] = (uint8_t)(i + 1);
#if !defined(__SIZEOF_INT128__)
			n++;
#endif
		}
	}
	kr->danger[4] = 0;
	kr->struck = struck;
	kr->valid = 1;
	return struck;
}

/*
 * Once m is played, the piece moved being moved and arriving dt squares
 * out along ray d (FAR + 1 if m.to is not on it), is kr->king struck
 * along ray d by a rook, king or cannon of side by?  Found from the
 * pieces ray_lists kept: the first two once the one on m.from has left,
 * with the one moved put in its place, without walking the ray.
 */
static int
struck_after(const struct king_rays *kr, int d, struct xqmove m, int dt,
    int moved, int by)
{
	const uint8_t *at = kr->at[d], *piece = kr->piece[d], *far = kr->far[d];
	int b = by == BLACK ? BLACK_PIECE : 0, first, second, f0, f1, j0, j1;

	/* The nearest two once the piece on m.from has left. */
	j0 = at[0] == m.from;
	j1 = j0 || at[1] == m.from ? 2 : 1;
	first = piece[j0];
	f0 = far[j0];
	second = piece[j1];
	f1 = far[j1];
	if (dt <= f0) {
		/* In front of the first, or taking it. */
		second = dt == f0 ? second : first;
		first = moved;
	} else if (dt <= f1)
		second = moved;
	return first == (ROOK | b) || first == (KING | b) ||
	    second == (CANNON | b);
}

#if defined(__SSE2__)
/*
 * The squares of both sides' pieces as bits of mask[side][0] (squares 0
 * to 63) and mask[side][1] (64 up), sixteen squares at a time: the
 * processor gathers the top bit of each of sixteen bytes into a mask in
 * one instruction, so a byte compared with zero gives the pieces, and
 * the bytes shifted up four bits (bit 3, Black's, becoming bit 7) give
 * Black's.  The board is read from a copy with empty squares past the
 * last.
 */
static void
side_masks(const uint8_t *board, uint64_t mask[2][2])
{
	uint8_t sq[96] = { 0 };
	__m128i v;
	uint64_t taken, black;
	int at;

	memcpy(sq, board, XQ_SQUARES);
	mask[RED][0] = mask[RED][1] = mask[BLACK][0] = mask[BLACK][1] = 0;
	for (at = 0; at < 96; at += 16) {
		v = _mm_loadu_si128((const __m128i *)(sq + at));
		taken = (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(v,
		    _mm_setzero_si128())) & 0xffff);
		black = (uint64_t)_mm_movemask_epi8(_mm_slli_epi16(v, 4));
		mask[RED][at >> 6] |= (taken & ~black) << (at & 63);
		mask[BLACK][at >> 6] |= black << (at & 63);
	}
}
#else
/* Eight squares from sq[at] on as the bytes of a word, the first lowest. */
static uint64_t
load8(const uint8_t *sq)
{
	return (uint64_t)sq[0] | (uint64_t)sq[1] << 8 |
	    (uint64_t)sq[2] << 16 | (uint64_t)sq[3] << 24 |
	    (uint64_t)sq[4] << 32 | (uint64_t)sq[5] << 40 |
	    (uint64_t)sq[6] << 48 | (uint64_t)sq[7] << 56;
}

/*
 * The squares of both sides' pieces as bits of mask[side][0] (squares 0
 * to 63) and mask[side][1] (64 up), eight squares at a time: a Black
 * piece has bit 3 set, a Red one only some of bits 0 to 2, and a
 * multiplication gathers the eight bits 3 into one byte.  No branch, so
 * that the irregular board costs no wrong guesses.  The board is read
 * from a copy with empty squares past the last.
 */
static void
side_masks(const uint8_t *board, uint64_t mask[2][2])
{
	const uint64_t ones = 0x0101010101010101ULL;
	const uint64_t gather = 0x0102040810204080ULL;
	uint8_t sq[XQ_SQUARES + 6] = { 0 };
	uint64_t w, red, black;
	int at;

	memcpy(sq, board, XQ_SQUARES);
	mask[RED][0] = mask[RED][1] = mask[BLACK][0] = mask[BLACK][1] = 0;
	for (at = 0; at < XQ_SQUARES; at += 8) {
		w = load8(sq + at);
		black = (w & 8 * ones) >> 3;
		red = (((w & 7 * ones) + 7 * ones) & ~w & 8 * ones) >> 3;
		mask[RED][at >> 6] |= (red * gather) >> 56 << (at & 63);
		mask[BLACK][at >> 6] |= (black * gather) >> 56 << (at & 63);
	}
}
#endif

/*
 * The lowest bit set in m, which is not 0: with the loops over both
 * words of a mask that take it out (m &= m - 1), the squares of a side's
 * pieces in increasing order.
 */
static int
low_bit64(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int i;

	for (i = 0; !(m >> i & 1); i++)
		continue;
	return i;
#endif
}

/*
 * Fill out (room for XQ_MAXMOVES) with the legal moves of the side to
 * move, ordered by origin square then by direction, and count them.
 */
size_t
legal_moves(const struct xqpos *pos, struct xqmove *out)
{
	uint8_t mine[XQ_SQUARES];

	return generate(pos, out, mine, NULL, NULL);
}

/*
 * As legal_moves, and count in mine, as control_maps does for the side
 * to move, the pieces striking each square, and mark in struck (bits,
 * squares 0 to 63 in struck[0], 64 up in struck[1]) the squares the
 * other side strikes, all in one pass: the mover's strikes are found
 * while listing its moves.  rays is the look out from the mover's king:
 * used if valid for that king, else made there.
 */
size_t
legal_moves_mapped(const struct xqpos *pos, struct xqmove *out,
    uint8_t *mine, uint64_t *struck, struct king_rays *rays)
{
	return generate(pos, out, mine, struck, rays);
}

/*
 * Has the game ended here?  The side to move that has no legal move has
 * lost: mated if in check, stalemated otherwise.
 */
enum game_end
position_end(const struct xqpos *pos)
{
	struct xqmove list[XQ_MAXMOVES];

	if (legal_moves(pos, list) > 0)
		return END_NONE;
	return in_check(pos, pos->side) ? END_MATE : END_STALEMATE;
}

/* "mate", "stalemate", or NULL for a game that has not ended. */
const char *
game_end_name(enum game_end end)
{
	switch (end) {
	case END_MATE:
		return "mate";
	case END_STALEMATE:
		return "stalemate";
	default:
		return NULL;
	}
}

/*
 * Once m is played, does kr still hold?  Only if m neither left nor
 * entered a ray of the king (nor moved or took it): the rays then hold
 * the same pieces.
 */
void
rays_after(struct king_rays *kr, struct xqmove m)
{
	int k;

	if (!ready)
		init_tables();
	if (!kr->valid)
		return;
	k = kr->king;
	if (m.from == k || m.to == k || (seen[k][m.from] & RAY) != 4 ||
	    (seen[k][m.to] & RAY) != 4)
		kr->valid = 0;
}

/*
 * legal_moves, counting strikes in mine, and marking the other side's
 * in struck unless NULL.
 */
static size_t
generate(const struct xqpos *pos, struct xqmove *out, uint8_t *mine,
    uint64_t *struck, struct king_rays *rays)
{
	struct xqmove m;
	uint8_t sq[XQ_SQUARES], taken;
	uint64_t pieces[2][2];
	size_t n, i, base, kept = 0;
	struct king_rays own, *kr = rays != NULL ? rays : &own;
	uint64_t w;
	int from, side = pos->side, king, k, check, near, safe, h, other;
	const int *danger = kr->danger;

	if (!ready)
		init_tables();
	memcpy(sq, pos->sq, sizeof(sq));
	memset(mine, 0, XQ_SQUARES);
	side_masks(sq, pieces);
	if (struck != NULL)
		struck_squares(sq, pieces, !side, struck);
	if ((king = king_square(sq, side)) == -1)
		return 0;
	other = king_square(sq, !side);
	if (rays == NULL || !rays->valid || rays->king != king)
		ray_lists(sq, pieces, king, !side, kr);
	check = kr->struck | horse_attacked(sq, king, !side) |
	    pawn_attacked(sq, king, !side);
	safe = !(danger[0] | danger[1] | danger[2] | danger[3]);
	for (h = 0; h < 2; h++)
		for (w = pieces[side][h]; w != 0; w &= w - 1) {
			from = 64 * h + low_bit64(w);
			base = kept;
			n = pseudo_moves(sq, from, side, out + base, mine);
			near = check || from == king ||
			    (seen[king][from] & LEG) ||
			    danger[seen[king][from] & RAY];
			if (!near && safe) {
				/* No line to uncover: every move stands. */
				kept += n;
				continue;
			}
			for (i = 0; i < n; i++) {
				m = out[base + i];
				if (!near && !danger[seen[king][m.to] & RAY]) {
					out[kept++] = m;
					continue;
				}
				taken = sq[m.to];
				sq[m.to] = sq[m.from];
				sq[m.from] = EMPTY;
				if (m.from == king && struck != NULL) {
					if (king_step_safe(sq, kr, struck, m,
					    other, !side))
						out[kept++] = m;
				} else if (check || m.from == king) {
					k = m.from == king ? m.to : king;
					if (!attacked(sq, k, !side))
						out[kept++] = m;
				} else if (!uncovered(sq, kr, m, !side))
					out[kept++] = m;
				sq[m.from] = sq[m.to];
				sq[m.to] = taken;
			}
		}
	return kept;
}

/*
 * Is the king's step m safe, played on sq?  Found from what is known of
 * the position before it: the squares the other side (by) strikes,
 * struck, and the pieces on the king's rays, kr.  The step leaves the
 * squares on the other three rays of m.to as they were, and no horse
 * has its leg on a square beside m.to in line (they stand across), so
 * only the ray from m.to back through m.from changes: a rook or king
 * first beyond m.from, or a cannon second, strikes m.to once the king
 * has left; a cannon first beyond m.from was striking m.to over the
 * king, and then struck alone cannot say whether it was the only one,
 * so that rare case is looked at the long way.  Kings facing, which
 * struck leaves out, are looked for along the file of m.to, where the
 * other king is, on the board after the step.  The other side's
 * advisors, elephants and king never reach the mover's palace, which
 * fen_parse makes sure of.
 */
static int
king_step_safe(const uint8_t *sq, const struct king_rays *kr,
    const uint64_t *struck, struct xqmove m, int other, int by)
{
	int b = by == BLACK ? BLACK_PIECE : 0, back, first;

	back = (seen[m.from][m.to] & RAY) ^ 1;
	first = kr->piece[back][0];
	if (first == (CANNON | b))
		return !attacked(sq, m.to, by);
	return !(struck[m.to >> 6] >> (m.to & 63) & 1) &&
	    first != (ROOK | b) && first != (KING | b) &&
	    kr->piece[back][1] != (CANNON | b) && !faces(sq, m.to, other);
}

/* Does the king on k face the other king, on other (or -1)? */
static int
faces(const uint8_t *sq, int k, int other)
{
	int step, s;

	if (other == -1 || k % XQ_FILES != other % XQ_FILES)
		return 0;
	step = other > k ? XQ_FILES : -XQ_FILES;
	for (s = k + step; s != other; s += step)
		if (sq[s] != EMPTY)
			return 0;
	return 1;
}

/*
 * Can the piece on from reach to by its own geometry: along a clear
 * line for a rook, over exactly one screen for a cannon taking, through
 * an empty leg or eye for a horse or elephant, one step for the others?
 * The caller has checked that to does not hold a piece of the mover.
 */
static int
reaches(const uint8_t *sq, int from, int to, int side)
{
	const struct steps *s;
	int d, i, t, kind = PIECE_KIND(sq[from]), between = 0;

	switch (kind) {
	case ROOK:
	case CANNON:
		if ((d = seen[from][to] & RAY) == 4)
			return 0;
		for (i = 0; (t = ray[from][d][i]) != to; i++)
			between += sq[t] != EMPTY;
		if (kind == ROOK || sq[to] == EMPTY)
			return between == 0;
		return between == 1;
	default:
		s = steps_of(kind, side, from);
		break;
	}
	for (i = 0; i < s->n; i++)
		if (s->to[i] == to)
			return s->via[i] == NONE || sq[s->via[i]] == EMPTY;
	return 0;
}

/*
 * Is m one of the moves legal_moves would give?  The one piece's
 * geometry, then one look out from the mover's king once the move is
 * made, with no list of moves: this is what reading a move costs.
 */
int
is_legal(const struct xqpos *pos, struct xqmove m)
{
	uint8_t sq[XQ_SQUARES];
	int side = pos->side, king, p;

	if (!ready)
		init_tables();
	if (m.from >= XQ_SQUARES || m.to >= XQ_SQUARES)
		return 0;
	p = pos->sq[m.from];
	if (p == EMPTY || PIECE_SIDE(p) != side ||
	    (pos->sq[m.to] != EMPTY && PIECE_SIDE(pos->sq[m.to]) == side))
		return 0;
	if ((king = king_square(pos->sq, side)) == -1 ||
	    !reaches(pos->sq, m.from, m.to, side))
		return 0;
	memcpy(sq, pos->sq, sizeof(sq));
	sq[m.to] = sq[m.from];
	sq[m.from] = EMPTY;
	return !attacked(sq, m.from == king ? m.to : king, !side);
}

/* The square of side's king, or -1. */
int
king_of(const struct xqpos *pos, int side)
{
	return king_square(pos->sq, side);
}

/* Is side's king attacked?  A side without a king is not in check. */
int
in_check(const struct xqpos *pos, int side)
{
	int k;

	if (!ready)
		init_tables();
	if ((k = king_square(pos->sq, side)) == -1)
		return 0;
	return attacked(pos->sq, k, !side);
}

/* Has the piece on from a geometric target (see below)?  Stops early. */
int
has_geometric_target(const struct xqpos *pos, int from)
{
	const struct steps *s;
	int i, t, p = pos->sq[from], side = PIECE_SIDE(p);

	if (!ready)
		init_tables();
	switch (PIECE_KIND(p)) {
	case ROOK:
	case CANNON:
		for (t = 0; t < 4; t++)
			for (i = 0; i < raylen[from][t]; i++)
				if (pos->sq[ray[from][t][i]] == EMPTY ||
				    PIECE_SIDE(pos->sq[ray[from][t][i]]) != side)
					return 1;
		return 0;
	default:
		s = steps_of(PIECE_KIND(p), side, from);
		break;
	}
	for (i = 0; i < s->n; i++)
		if (pos->sq[s->to[i]] == EMPTY ||
		    PIECE_SIDE(pos->sq[s->to[i]]) != side)
			return 1;
	return 0;
}

/*
 * The squares the piece on from could reach on an empty board of the
 * same shape (its geometry alone: palace, river, files and ranks), less
 * those its own side holds, in increasing order.  This is what the
 * geometric packing codes a destination among.
 */
size_t
geometric_targets(const struct xqpos *pos, int from, uint8_t *out)
{
	const struct steps *s;
	size_t n = 0;
	int i, t, p = pos->sq[from], side = PIECE_SIDE(p), kind = PIECE_KIND(p);

	if (!ready)
		init_tables();
	if (kind == ROOK || kind == CANNON) {
		/* The file below, the rank, the file above: in square order. */
		int rank = from / XQ_FILES, file = from % XQ_FILES, r, f;

		for (r = 0; r < XQ_RANKS; r++)
			for (f = 0; f < XQ_FILES; f++) {
				if (r != rank && f == 0)
					f = file;
				t = r * XQ_FILES + f;
				if (t != from && (pos->sq[t] == EMPTY ||
				    PIECE_SIDE(pos->sq[t]) != side))
					out[n++] = (uint8_t)t;
				if (r != rank)
					break;
			}
		return n;
	}
	s = steps_of(kind, side, from);
	for (i = 0; i < s->n; i++) {
		t = s->to[i];
		if (pos->sq[t] == EMPTY || PIECE_SIDE(pos->sq[t]) != side)
			out[n++] = (uint8_t)t;
	}
	/* The step tables are in direction order; the code wants squares. */
	for (i = 1; i < (int)n; i++)
		for (t = i; t > 0 && out[t - 1] > out[t]; t--) {
			uint8_t tmp = out[t];
			out[t] = out[t - 1];
			out[t - 1] = tmp;
		}
	return n;
}

/* Add one to map on every square the piece on from strikes. */
static void
add_strikes(const uint8_t *sq, int from, uint8_t *map)
{
	const struct steps *s;
	const uint8_t *r;
	int d, i, len, kind = PIECE_KIND(sq[from]);

	if (kind == ROOK || kind == CANNON) {
		/* Runs of empty squares, as in slide_moves. */
		for (d = 0; d < 4; d++) {
			r = ray[from][d];
			len = raylen[from][d];
			for (i = 0; i < len && sq[r[i]] == EMPTY; i++)
				map[r[i]] += kind == ROOK;
			if (i < len && kind == CANNON)
				for (i++; i < len && sq[r[i]] == EMPTY; i++)
					map[r[i]]++;
			if (i < len)
				map[r[i]]++;
		}
		return;
	}
	/* Counted without a test: a blocked leg or eye adds 0. */
	s = steps_of(kind, PIECE_SIDE(sq[from]), from);
	if (kind == HORSE || kind == ELEPHANT)
		for (i = 0; i < s->n; i++)
			map[s->to[i]] += sq[s->via[i]] == EMPTY;
	else
		for (i = 0; i < s->n; i++)
			map[s->to[i]]++;
}

/*
 * The squares the pieces of side by strike (bits of struck[0] for
 * squares 0 to 63, struck[1] for 64 up), whoever stands there; pieces
 * are side_masks.  What add_strikes counts, less the counting.
 */
static void
struck_squares(const uint8_t *sq, uint64_t pieces[2][2], int by,
    uint64_t *struck)
{
#if defined(__SIZEOF_INT128__)
	/* The group of each kind, as strike_set takes them. */
	static const uint8_t group[8] = { 3, 3, 3, 2, 2, 0, 1, 3 };
	uint8_t at[4][8];	/* the squares by group; at most 8 in one */
	sqset occ, all;
	uint64_t w;
	int n[4] = { 0 }, h, s, g;

	occ = (sqset)(pieces[RED][1] | pieces[BLACK][1]) << 64 |
	    (pieces[RED][0] | pieces[BLACK][0]);
	for (h = 0; h < 2; h++)
		for (w = pieces[by][h]; w != 0; w &= w - 1) {
			s = 64 * h + low_bit64(w);
			g = group[PIECE_KIND(sq[s])];
			at[g][n[g]++] = (uint8_t)s;
		}
	all = strike_set(sq, occ, by, at, n);
	struck[0] = (uint64_t)all;
	struck[1] = (uint64_t)(all >> 64);
#else
	uint8_t map[XQ_SQUARES] = { 0 };
	uint64_t w;
	int h, i;

	for (h = 0; h < 2; h++)
		for (w = pieces[by][h]; w != 0; w &= w - 1)
			add_strikes(sq, 64 * h + low_bit64(w), map);
	struck[0] = struck[1] = 0;
	for (i = 0; i < XQ_SQUARES; i++)
		struck[i >> 6] |= (uint64_t)(map[i] != 0) << (i & 63);
#endif
}

#if defined(__SIZEOF_INT128__)
/* The sets of squares strike_set reads, from the step tables. */
static void
init_sets(void)
{
	const struct steps *s;
	struct blockable *b;
	int i, j, sq, side, kind;

	for (i = 0; i < 128; i++)
		below[i] = ((sqset)1 << i) - 1;
	below[128] = ~(sqset)0;
	for (sq = 0; sq < XQ_SQUARES; sq++) {
		file_set[sq % XQ_FILES] |= (sqset)1 << sq;
		rank_set[sq / XQ_FILES] |= (sqset)1 << sq;
		for (side = RED; side <= BLACK; side++)
			for (kind = KING; kind <= PAWN; kind++) {
				if (kind == ROOK || kind == CANNON ||
				    kind == HORSE || kind == ELEPHANT)
					continue;
				s = steps_of(kind, side, sq);
				for (i = 0; i < s->n; i++)
					fixed_set[side][kind][sq] |=
					    (sqset)1 << s->to[i];
			}
		/* Unused slots: blocked by the piece itself, striking nothing. */
		for (kind = ELEPHANT; kind <= HORSE; kind++) {
			b = &blockable_set[kind][sq];
			memset(b->via, sq, sizeof(b->via));
			s = steps_of(kind, RED, sq);
			for (i = 0; i < s->n; i++) {
				for (j = 0; j < 4 && b->to[j] != 0 &&
				    b->via[j] != s->via[i]; j++)
					continue;
				b->via[j] = s->via[i];
				b->to[j] |= (sqset)1 << s->to[i];
			}
		}
	}
}

/* The lowest square of a set that is not empty. */
static int
lowest(sqset x)
{
	uint64_t lo = (uint64_t)x;

	return lo != 0 ? low_bit64(lo) : 64 + low_bit64((uint64_t)(x >> 64));
}

/* The highest square of a set that is not empty. */
static int
highest(sqset x)
{
#if defined(__GNUC__)
	uint64_t hi = (uint64_t)(x >> 64);

	if (hi != 0)
		return 127 - __builtin_clzll(hi);
	return 63 - __builtin_clzll((uint64_t)x);
#else
	int i;

	for (i = 127; !(x >> i & 1); i--)
		continue;
	return i;
#endif
}

/*
 * The squares a rook (or a cannon) on s strikes along line, the set of
 * its file or its rank, with the squares taken occ: a rook up to the
 * first piece each way, a cannon past it up to the next.  The first and
 * second pieces above s are at a1 and a2, and below at b1 and b2; one
 * missing above is taken as square 127 (all squares are under it), one
 * missing below as square 0 (the squares from it are all of them).
 */
static inline sqset
line_strikes(sqset occ, sqset line, int s, int cannon)
{
	sqset up, down;
	int a1, a2, b1, b2;

	up = occ & line & ~below[s + 1];
	a1 = up != 0 ? lowest(up) : 127;
	down = occ & line & below[s];
	b1 = down != 0 ? highest(down) : 0;
	if (!cannon)
		return line & ((below[a1 + 1] & ~below[s + 1]) |
		    (below[s] & ~below[b1]));
	up &= up - 1;
	a2 = up != 0 ? lowest(up) : 127;
	down &= ~((sqset)1 << b1);
	b2 = down != 0 ? highest(down) : 0;
	return line & ((below[a2 + 1] & ~below[a1 + 1]) |
	    (below[b1] & ~below[b2]));
}

/*
 * The squares the pieces on at[g][0..n[g]-1] strike, whoever stands
 * there: rooks in group 0, cannons in 1, horses and elephants in 2, the
 * others in 3.  A group at a time, so that the test of what a piece is
 * comes once a group, not once a piece, where it would be guessed wrong.
 */
static sqset
strike_set(const uint8_t *sq, sqset occ, int side, uint8_t at[4][8],
    const int *n)
{
	const struct blockable *b;
	sqset all = 0;
	int i, s;

	for (i = 0; i < n[0]; i++) {
		s = at[0][i];
		all |= line_strikes(occ, file_set[s % XQ_FILES], s, 0) |
		    line_strikes(occ, rank_set[s / XQ_FILES], s, 0);
	}
	for (i = 0; i < n[1]; i++) {
		s = at[1][i];
		all |= line_strikes(occ, file_set[s % XQ_FILES], s, 1) |
		    line_strikes(occ, rank_set[s / XQ_FILES], s, 1);
	}
	/* Each leg or eye: all its steps if empty, else none. */
	for (i = 0; i < n[2]; i++) {
		s = at[2][i];
		b = &blockable_set[PIECE_KIND(sq[s])][s];
		all |= (b->to[0] & -(sqset)(sq[b->via[0]] == EMPTY)) |
		    (b->to[1] & -(sqset)(sq[b->via[1]] == EMPTY)) |
		    (b->to[2] & -(sqset)(sq[b->via[2]] == EMPTY)) |
		    (b->to[3] & -(sqset)(sq[b->via[3]] == EMPTY));
	}
	for (i = 0; i < n[3]; i++) {
		s = at[3][i];
		all |= fixed_set[side][PIECE_KIND(sq[s])][s];
	}
	return all;
}
#endif

/*
 * Count, for every square, the pieces of side that strike it into mine
 * and those of the other side into theirs (whoever stands there, friend
 * or foe), ignoring whether the striker is pinned.  Both in one pass
 * over the board, which is what a position's features need.
 */
void
control_maps(const struct xqpos *pos, int side, uint8_t *mine,
    uint8_t *theirs)
{
	uint64_t pieces[2][2], w;
	int h;

	if (!ready)
		init_tables();
	memset(mine, 0, XQ_SQUARES);
	memset(theirs, 0, XQ_SQUARES);
	side_masks(pos->sq, pieces);
	for (h = 0; h < 2; h++) {
		for (w = pieces[side][h]; w != 0; w &= w - 1)
			add_strikes(pos->sq, 64 * h + low_bit64(w), mine);
		for (w = pieces[!side][h]; w != 0; w &= w - 1)
			add_strikes(pos->sq, 64 * h + low_bit64(w), theirs);
	}
}

/*
 * Mark in hot the squares where a move of side's can start or end only
 * if it might check the other king, on k (never in check before): the
 * few moves that touch them are then tried with move_checks, and the
 * others give no check.  A check can be uncovered by leaving a ray of k
 * that holds a rook, cannon or king of side (danger, as ray_lists),
 * or the leg of a horse of side's that would strike k; made by a rook,
 * cannon or king moving onto one of k's rays, by any piece moving onto
 * a ray in danger (a cannon's new screen), by a horse landing where it
 * strikes k over an empty leg, or by a pawn landing beside or before k.
 * kr is used as it is if valid for k, else made here.
 */
void
check_squares(const uint8_t *sq, int k, int side, struct king_rays *kr,
    uint8_t *hot)
{
	const int *danger = kr->danger;
	const struct steps *h;
	uint64_t pieces[2][2];
	int d, i, b = side == BLACK ? BLACK_PIECE : 0;

	if (!ready)
		init_tables();
	if (!kr->valid || kr->king != k) {
		side_masks(sq, pieces);
		ray_lists(sq, pieces, k, side, kr);
	}
	/* The lines and the pawns' squares, which only k decides. */
	memcpy(hot, line_marks[side][k], XQ_SQUARES);
	for (d = 0; d < 4; d++)
		if (danger[d])
			for (i = 0; i < raylen[k][d]; i++)
				hot[ray[k][d][i]] |= CHECK_DANGER | CHECK_FROM;
	h = &horse_from[k];
	for (i = 0; i < h->n; i++) {
		if (sq[h->to[i]] == (HORSE | b))
			hot[h->via[i]] |= CHECK_FROM;
		if (sq[h->via[i]] == EMPTY)
			hot[h->to[i]] |= CHECK_HORSE;
	}
}

/*
 * The marks of check_squares that depend on the king's square k alone,
 * for checks by side: CHECK_LINE on k's rays, CHECK_PAWN where a pawn
 * strikes k from (before it, forward, and beside it).
 */
static void
init_line_marks(void)
{
	uint8_t *hot;
	int side, k, d, i, fwd;

	for (side = RED; side <= BLACK; side++)
		for (k = 0; k < XQ_SQUARES; k++) {
			hot = line_marks[side][k];
			for (d = 0; d < 4; d++)
				for (i = 0; i < raylen[k][d]; i++)
					hot[ray[k][d][i]] = CHECK_LINE;
			fwd = side == RED ? -XQ_FILES : XQ_FILES;
			if (k + fwd >= 0 && k + fwd < XQ_SQUARES)
				hot[k + fwd] |= CHECK_PAWN;
			if (k % XQ_FILES > 0)
				hot[k - 1] |= CHECK_PAWN;
			if (k % XQ_FILES < XQ_FILES - 1)
				hot[k + 1] |= CHECK_PAWN;
		}
}

/* Which marks of check_squares a move of a piece of kind ends on. */
int
check_targets(int kind)
{
	switch (kind) {
	case ROOK:
	case CANNON:
	case KING:
		return CHECK_LINE;
	case HORSE:
		return CHECK_HORSE | CHECK_DANGER;
	case PAWN:
		return CHECK_PAWN | CHECK_DANGER;
	default:
		return CHECK_DANGER;
	}
}

/*
 * Does the move, played by side on the board sq (which may be changed
 * and changed back), check the other king, on kr->king (kr from
 * check_squares)?  That king is not in check before, so a check can
 * only come along a ray of it the move left or entered, from the piece
 * moved if a horse or pawn, or from a horse whose leg the move cleared.
 * A ray matters only if ray_lists found one of side's rooks, cannons or
 * kings near the king on it (danger), or the piece moved is one and
 * lands on it; struck_after then answers from the pieces listed.
 */
int
move_checks(uint8_t *sq, int side, const struct king_rays *kr,
    struct xqmove m)
{
	int k = kr->king, rf, rt, kind = PIECE_KIND(sq[m.from]), taken;
	int line, tf, tt, leg, check = 0;

	rf = seen[k][m.from] & RAY;
	rt = seen[k][m.to] & RAY;
	leg = kind == HORSE || (seen[k][m.from] & LEG);
	line = kind == ROOK || kind == CANNON || kind == KING;
	tf = rf != 4 && (kr->danger[rf] || (line && rt == rf));
	tt = rt != 4 && rt != rf && (kr->danger[rt] || line);
	if ((tf && struck_after(kr, rf, m, rt == rf ? reach[k][m.to] :
	    FAR + 1, sq[m.from], side)) || (tt && struck_after(kr, rt, m,
	    reach[k][m.to], sq[m.from], side)))
		return 1;
	if (!leg && kind != PAWN)
		return 0;
	taken = sq[m.to];
	sq[m.to] = sq[m.from];
	sq[m.from] = EMPTY;
	if ((leg && horse_attacked(sq, k, side)) ||
	    (kind == PAWN && pawn_attacked(sq, k, side)))
		check = 1;
	sq[m.from] = sq[m.to];
	sq[m.to] = (uint8_t)taken;
	return check;
}

/*
 * Does the move, played by the side to move, check the other king?
 * Worked out the long way, by making the move and looking out from that
 * king in every direction: the reference move_checks is tested against.
 */
int
gives_check(const struct xqpos *pos, struct xqmove m)
{
	uint8_t sq[XQ_SQUARES];
	int k;

	if (!ready)
		init_tables();
	if ((k = king_square(pos->sq, !pos->side)) == -1)
		return 0;
	memcpy(sq, pos->sq, sizeof(sq));
	sq[m.to] = sq[m.from];
	sq[m.from] = EMPTY;
	return attacked(sq, k, pos->side);
}
