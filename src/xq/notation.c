/*
 * notation.c: Xiangqi moves as players write them, read and written.
 *
 * ICCS and UCCI name squares, so a move is read straight off the text.
 * WXF and Chinese notation name a piece by its file, or by its place
 * among pieces of its kind on one file (front, middle, rear), and then a
 * direction and a number, so reading one means finding the pieces that
 * fit the description and keeping the one legal move among them.
 * WXF is written as the federation's rules have it: tandem pieces by
 * place, advisors and elephants always by file (their direction tells
 * them apart), pawns by place on a file of 2 or 3 (+ - and the file for
 * the middle one), by rank on a file of 4 or 5 (++ + - --), and by file
 * and place when two files hold several pawns (3+).  Chinese is written
 * as published records have it, so that they convert back exactly:
 * traditional glyphs, pawns by place (前 中 後 for 2 or 3 on a file,
 * 前 二 三 四 五 for 4 or 5, 前三 when two files hold several), but a
 * rook, horse or cannon by place only when its file would not do.
 */

#include "config.h"

#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"

/* Which of the pieces of one kind on one file a move names. */
enum pick {
	PICK_FILE,	/* the file alone; WXF: the middle of 3 or 5 pawns */
	PICK_FRONT,	/* 前, WXF + (of 2 or 3) */
	PICK_MIDDLE,	/* 中, WXF 33 */
	PICK_REAR,	/* 後, WXF - (of 2 or 3) */
	PICK_NTH,	/* 二 to 五 (一 too): counted from the front */
	PICK_PLUS,	/* WXF P+: the front, or the second of 4 or 5 */
	PICK_MINUS,	/* WXF P-: the rear, or the second from the rear */
	PICK_LAST	/* WXF --: the rearmost of 4 or 5 */
};

/* A move as WXF or Chinese notation describes it. */
struct described {
	int		 kind;		/* enum piece */
	int		 file;		/* board file 0..8, -1 if not given */
	enum pick	 pick;
	int		 nth;		/* PICK_NTH: 0 is the front */
	int		 dir;		/* 1 forward, -1 backward, 0 sideways */
	int		 number;	/* 1..9: a file, or a number of ranks */
	int		 wxf;		/* the WXF middle-pawn rule applies */
};

/* How a move is to be written in WXF or Chinese. */
enum spelling {
	SPELL_FILE,	/* piece and file: C2.5, 炮二平五 */
	SPELL_PLACE,	/* place and piece: C+.5, 前炮平五 */
	SPELL_FILE_PLACE /* pawns on two crowded files: 3+.4, 前三平四 */
};

struct spelled {
	enum spelling	 how;
	int		 kind;
	int		 side;
	int		 place;		/* 0 is the front */
	int		 count;		/* pieces of the kind on the file */
	int		 file;		/* notation file of the origin, 1..9 */
	int		 dir;
	int		 number;
};

/* Glyphs of Chinese notation, simplified and traditional. */
enum glyph_class { G_PIECE, G_NUMBER, G_DIR, G_PLACE };

struct glyph {
	const char	*utf8;
	int		 cls;
	int		 value;
};

static int	 file_to_board(int, int);
static int	 board_to_file(int, int);
static int	 ahead(int, int);
static int	 file_pieces(const struct xqpos *, int, int, int *);
static int	 pick_index(const struct described *, int);
static int	 destination(const struct xqpos *, int, const struct described *);
static const char *illegal_reason(const struct xqpos *, struct xqmove);
static int	 resolve(const struct xqpos *, const struct described *,
		    struct xqmove *, const char **);
static int	 is_iccs(const char *, size_t);
static int	 parse_token(const struct xqpos *, enum notation, const char *,
		    size_t, int, struct xqmove *, const char **);
static int	 parse_iccs(const struct xqpos *, const char *, size_t, int,
		    struct xqmove *, const char **);
static int	 wxf_kind(int);
static int	 wxf_describe(int, const char *, size_t, struct described *);
static int	 next_glyph(const char *, size_t, size_t *, struct glyph *);
static int	 chinese_describe(int, const char *, size_t,
		    struct described *);
static int	 chinese_prefix(int, const struct glyph *, int,
		    struct described *);
static size_t	 chinese_move_length(const char *, size_t);
static void	 spell(const struct xqpos *, struct xqmove, int,
		    struct spelled *);
static int	 file_alone_names(const struct xqpos *, struct xqmove,
		    const struct spelled *);
static int	 reaches(const struct xqpos *, int, int);
static int	 crowded_pawn_files(const struct xqpos *, int);
static size_t	 format_iccs(struct xqmove, char *, size_t);
static size_t	 format_wxf(const struct spelled *, char *, size_t);
static size_t	 format_chinese(const struct spelled *, char *, size_t);
static int	 is_space(const char *, const char *, size_t *);
static int	 is_wide_latin(const char *, size_t);
static int	 parse_wide(const struct xqpos *, enum notation, const char *,
		    size_t, int, struct xqmove *, const char **);
static int	 next_token(const char **, const char *, const char **,
		    size_t *);
static int	 is_move_number(const char *, size_t);
static int	 token_is(const char *, size_t, const char *);
static void	 skip_move_number(const char **, size_t *);
static void	 set_error(struct notation_error *, size_t, const char *,
		    size_t, const char *);
static int	 parse_whole_fen(struct xqpos *, const char *);
static int	 read_position(const char **, const char *, struct xqpos *,
		    struct notation_error *);
static int	 read_moves(const char *, size_t, enum notation, int,
		    struct movelist *, struct xqpos *, struct notation_error *);
static int	 read_json(const char *, size_t, struct movelist *,
		    struct notation_error *);
static int	 read_json_moves(json_t *, struct movelist *, struct xqpos *,
		    struct notation_error *);
static char	*write_json(const struct movelist *);
static const char *game_over(const struct xqpos *, const char *);

static const struct glyph glyphs[] = {
	{ "帥", G_PIECE, KING }, { "帅", G_PIECE, KING },
	{ "將", G_PIECE, KING }, { "将", G_PIECE, KING },
	{ "仕", G_PIECE, ADVISOR }, { "士", G_PIECE, ADVISOR },
	{ "相", G_PIECE, ELEPHANT }, { "象", G_PIECE, ELEPHANT },
	{ "馬", G_PIECE, HORSE }, { "马", G_PIECE, HORSE },
	{ "傌", G_PIECE, HORSE }, { "車", G_PIECE, ROOK },
	{ "车", G_PIECE, ROOK }, { "俥", G_PIECE, ROOK },
	{ "炮", G_PIECE, CANNON }, { "砲", G_PIECE, CANNON },
	{ "包", G_PIECE, CANNON }, { "兵", G_PIECE, PAWN },
	{ "卒", G_PIECE, PAWN },
	{ "進", G_DIR, 1 }, { "进", G_DIR, 1 }, { "退", G_DIR, -1 },
	{ "平", G_DIR, 0 },
	{ "前", G_PLACE, PICK_FRONT }, { "中", G_PLACE, PICK_MIDDLE },
	{ "後", G_PLACE, PICK_REAR }, { "后", G_PLACE, PICK_REAR },
	{ "一", G_NUMBER, 1 }, { "二", G_NUMBER, 2 }, { "三", G_NUMBER, 3 },
	{ "四", G_NUMBER, 4 }, { "五", G_NUMBER, 5 }, { "六", G_NUMBER, 6 },
	{ "七", G_NUMBER, 7 }, { "八", G_NUMBER, 8 }, { "九", G_NUMBER, 9 },
	{ "１", G_NUMBER, 1 }, { "２", G_NUMBER, 2 }, { "３", G_NUMBER, 3 },
	{ "４", G_NUMBER, 4 }, { "５", G_NUMBER, 5 }, { "６", G_NUMBER, 6 },
	{ "７", G_NUMBER, 7 }, { "８", G_NUMBER, 8 }, { "９", G_NUMBER, 9 }
};

/*
 * The two scripts Chinese is written in: traditional, as most published
 * records and the Big5 files write it (the default), and simplified, as
 * mainland records do.  A diagram prints a few pieces of the traditional
 * set as boards do (Red's 傌 俥, Black's 砲); the simplified set has no
 * such second form.
 */
static const char *const red_pieces[] = {
	"", "帥", "仕", "相", "馬", "車", "炮", "兵"
};
static const char *const black_pieces[] = {
	"", "將", "士", "象", "馬", "車", "炮", "卒"
};
static const char *const red_board_pieces[] = {
	"", "帥", "仕", "相", "傌", "俥", "炮", "兵"
};
static const char *const black_board_pieces[] = {
	"", "將", "士", "象", "馬", "車", "砲", "卒"
};
static const char *const red_numbers[] = {
	"", "一", "二", "三", "四", "五", "六", "七", "八", "九"
};
static const char *const black_numbers[] = {
	"", "１", "２", "３", "４", "５", "６", "７", "８", "９"
};
static const char *const places[] = { "前", "中", "後" };
static const char *const chinese_dirs[] = { "退", "平", "進" };
static const char *const red_pieces_simplified[] = {
	"", "帅", "仕", "相", "马", "车", "炮", "兵"
};
static const char *const black_pieces_simplified[] = {
	"", "将", "士", "象", "马", "车", "炮", "卒"
};
static const char *const places_simplified[] = { "前", "中", "后" };
static const char *const chinese_dirs_simplified[] = { "退", "平", "进" };

static const struct chinese_script traditional = {
	{ red_pieces, black_pieces },
	{ red_board_pieces, black_board_pieces },
	places, chinese_dirs, "漢",
	"'Noto Serif CJK TC','Noto Serif CJK SC','Source Han Serif',"
	"'Songti TC',SimSun,'Microsoft JhengHei',serif"
};
static const struct chinese_script simplified = {
	{ red_pieces_simplified, black_pieces_simplified },
	{ red_pieces_simplified, black_pieces_simplified },
	places_simplified, chinese_dirs_simplified, "汉",
	"'Noto Serif CJK SC','Source Han Serif SC','Songti SC',SimSun,"
	"'Noto Serif CJK TC',serif"
};

/* The script Chinese is written in, moves and diagrams alike. */
static const struct chinese_script *script = &traditional;
static const char wxf_letters[] = " KAEHRCP";

static const char *const no_piece_on_file[] = {
	"", "no king on that file", "no advisor on that file",
	"no elephant on that file", "no horse on that file",
	"no rook on that file", "no cannon on that file",
	"no pawn on that file"
};
static const char *const no_tandem[] = {
	"", "no kings in tandem", "no advisors in tandem",
	"no elephants in tandem", "no horses in tandem",
	"no rooks in tandem", "no cannons in tandem",
	"no pawns in tandem in that place"
};

static const char *const names[] = {
	"auto", "iccs", "ucci", "wxf", "chinese", "json"
};

void
movelist_init(struct movelist *ml)
{
	memset(ml, 0, sizeof(*ml));
	start_position(&ml->start);
}

static const char *result_names[] = { "*", "1-0", "0-1", "1/2-1/2" };

const char *
result_name(enum game_result r)
{
	return result_names[r];
}

int
result_from_name(const char *s, size_t len, enum game_result *out)
{
	int i;

	for (i = 0; i < 4; i++)
		if (strlen(result_names[i]) == len &&
		    memcmp(s, result_names[i], len) == 0) {
			*out = (enum game_result)i;
			return 0;
		}
	return -1;
}

void
movelist_free(struct movelist *ml)
{
	free(ml->move);
	ml->move = NULL;
	ml->n = ml->cap = 0;
}

void
movelist_push(struct movelist *ml, struct xqmove m)
{
	if (ml->n == ml->cap) {
		ml->cap = ml->cap == 0 ? 64 : ml->cap;
		if (ml->n != 0) {
			if (ml->cap > SIZE_MAX / 2)
				ml->cap = SIZE_MAX;
			else
				ml->cap *= 2;
		}
		ml->move = xreallocarray(ml->move, ml->cap, sizeof(*ml->move));
	}
	ml->move[ml->n++] = m;
}

/* The position the moves of ml lead to from its start, into pos. */
void
movelist_end(const struct movelist *ml, struct xqpos *pos)
{
	size_t i;

	*pos = ml->start;
	for (i = 0; i < ml->n; i++)
		make_move(pos, ml->move[i]);
}

const char *
notation_name(enum notation nt)
{
	if ((size_t)nt >= sizeof(names) / sizeof(names[0]))
		return "?";
	return names[nt];
}

int
notation_from_name(const char *name, enum notation *out)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0) {
			*out = (enum notation)i;
			return 0;
		}
	return -1;
}

/*
 * Files in WXF and Chinese notation are counted from each player's
 * right: Red's 1 is ICCS file i, Black's 1 is ICCS file a.
 */
static int
file_to_board(int side, int n)
{
	return side == RED ? 9 - n : n - 1;
}

static int
board_to_file(int side, int f)
{
	return side == RED ? 9 - f : f + 1;
}

/* Moving steps ranks forward, as the side sees it, as a rank difference. */
static int
ahead(int side, int steps)
{
	return side == RED ? steps : -steps;
}

/*
 * The squares of the pieces equal to piece on file f, front first (the
 * front being the one nearest the other side).  Returns how many.
 */
static int
file_pieces(const struct xqpos *pos, int piece, int f, int *sq)
{
	int n, i, r;

	n = 0;
	for (i = 0; i < XQ_RANKS; i++) {
		r = PIECE_SIDE(piece) == RED ? XQ_RANKS - 1 - i : i;
		if (pos->sq[r * XQ_FILES + f] == piece)
			sq[n++] = r * XQ_FILES + f;
	}
	return n;
}

/*
 * Which of count pieces on a file the description names, or -1 if none.
 * PICK_FILE is handled by the caller, except for the WXF rule that a
 * pawn named by its file alone on a file of 3 or 5 is the middle one.
 */
static int
pick_index(const struct described *d, int count)
{
	switch (d->pick) {
	case PICK_FILE:
		return d->wxf && d->kind == PAWN && count % 2 == 1 &&
		    count > 1 ? count / 2 : -1;
	case PICK_FRONT:
		return count >= 2 ? 0 : -1;
	case PICK_REAR:
	case PICK_LAST:
		return count >= 2 ? count - 1 : -1;
	case PICK_MIDDLE:
		return count == 3 || count == 5 ? count / 2 : -1;
	case PICK_NTH:
		return count >= 2 && d->nth < count ? d->nth : -1;
	case PICK_PLUS:
		return count >= 4 ? 1 : count >= 2 ? 0 : -1;
	case PICK_MINUS:
		return count >= 4 ? count - 2 : count >= 2 ? count - 1 : -1;
	}
	return -1;
}

/*
 * Where the piece on from goes by the description, or -1 if the
 * description is not a move that kind of piece makes.  Legality is
 * checked by the caller.
 */
static int
destination(const struct xqpos *pos, int from, const struct described *d)
{
	int side, r, f, tf, df;

	side = pos->side;
	r = from / XQ_FILES;
	f = from % XQ_FILES;
	tf = file_to_board(side, d->number);
	df = abs(tf - f);
	switch (d->kind) {
	case ADVISOR:
	case ELEPHANT:
	case HORSE:
		if (d->dir == 0)
			return -1;
		if (d->kind == ADVISOR && df == 1)
			r += ahead(side, d->dir);
		else if (d->kind == ELEPHANT && df == 2)
			r += ahead(side, 2 * d->dir);
		else if (d->kind == HORSE && (df == 1 || df == 2))
			r += ahead(side, (3 - df) * d->dir);
		else
			return -1;
		f = tf;
		break;
	default:
		if (d->dir == 0) {
			if (tf == f)
				return -1;
			f = tf;
		} else
			r += ahead(side, d->number * d->dir);
		break;
	}
	if (r < 0 || r >= XQ_RANKS)
		return -1;
	return r * XQ_FILES + f;
}

/* Why a move that fits the board is still not legal. */
static const char *
illegal_reason(const struct xqpos *pos, struct xqmove m)
{
	struct xqpos after;
	int there;

	there = pos->sq[m.to];
	if (there != EMPTY && PIECE_SIDE(there) == pos->side)
		return "illegal: a piece of the same side stands there";
	after = *pos;
	make_move(&after, m);
	if (in_check(&after, pos->side))
		return "illegal: it leaves the king in check";
	return "illegal: the piece does not move that way";
}

/*
 * Find the one legal move that fits the description.  Each piece the
 * description can name is tried; the reason given on failure is the
 * furthest any of them got.
 */
static int
resolve(const struct xqpos *pos, const struct described *d,
    struct xqmove *out, const char **why)
{
	struct xqmove m, bad;
	int sq[XQ_RANKS], piece, f, n, i, lo, hi, to;
	int named = 0, fitting = 0, legal = 0;

	piece = d->kind | (pos->side == BLACK ? BLACK_PIECE : 0);
	for (f = 0; f < XQ_FILES; f++) {
		if ((d->file >= 0 && f != d->file) ||
		    (n = file_pieces(pos, piece, f, sq)) == 0)
			continue;
		if ((i = pick_index(d, n)) >= 0) {
			lo = i;
			hi = i + 1;
		} else if (d->pick == PICK_FILE) {
			lo = 0;
			hi = n;
		} else
			continue;
		for (i = lo; i < hi; i++) {
			named++;
			if ((to = destination(pos, sq[i], d)) < 0)
				continue;
			fitting++;
			m.from = sq[i];
			m.to = to;
			if (!is_legal(pos, m)) {
				bad = m;
				continue;
			}
			if (legal++ == 0)
				*out = m;
		}
	}
	if (legal == 1)
		return 0;
	if (legal > 1)
		*why = "ambiguous: more than one piece fits";
	else if (named == 0)
		*why = d->file >= 0 ? no_piece_on_file[d->kind] :
		    no_tandem[d->kind];
	else if (fitting == 0)
		*why = "the piece cannot move that way";
	else
		*why = illegal_reason(pos, bad);
	return -1;
}

/* h2e2, H2-E2: file a..i and rank 0..9, twice, in either case. */
static int
is_iccs(const char *s, size_t len)
{
	const char *to;

	if (len != 4 && !(len == 5 && s[2] == '-'))
		return 0;
	to = s + len - 2;
	return (s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'i' &&
	    s[1] >= '0' && s[1] <= '9' &&
	    (to[0] | 0x20) >= 'a' && (to[0] | 0x20) <= 'i' &&
	    to[1] >= '0' && to[1] <= '9';
}

/* An ICCS move; checked, as parse_move, or see read_movelist. */
static int
parse_iccs(const struct xqpos *pos, const char *s, size_t len, int checked,
    struct xqmove *m, const char **why)
{
	const char *to;
	int piece;

	if (!is_iccs(s, len)) {
		*why = "not an ICCS move";
		return -1;
	}
	to = s + len - 2;
	m->from = (s[1] - '0') * XQ_FILES + ((s[0] | 0x20) - 'a');
	m->to = (to[1] - '0') * XQ_FILES + ((to[0] | 0x20) - 'a');
	piece = pos->sq[m->from];
	if (piece == EMPTY) {
		*why = "no piece on that square";
		return -1;
	}
	if (PIECE_SIDE(piece) != pos->side) {
		*why = "not a piece of the side to move";
		return -1;
	}
	if (checked && !is_legal(pos, *m)) {
		*why = illegal_reason(pos, *m);
		return -1;
	}
	return 0;
}

/* The piece a WXF letter names, in either case; N and B as in English. */
static int
wxf_kind(int c)
{
	switch (c | 0x20) {
	case 'k':
		return KING;
	case 'a':
		return ADVISOR;
	case 'b':
	case 'e':
		return ELEPHANT;
	case 'h':
	case 'n':
		return HORSE;
	case 'r':
		return ROOK;
	case 'c':
		return CANNON;
	case 'p':
		return PAWN;
	}
	return EMPTY;
}

/*
 * A WXF move: piece, file, + - or . (= too), then a file or a number of
 * ranks.  Tandem pieces: C+ C- (and +C -C); pawns also ++ and -- on a
 * file of 4 or 5, and 3+ 33 3- when two files hold several.  "C25"
 * without the dot, as some books print sideways moves, is read too.
 */
static int
wxf_describe(int side, const char *s, size_t len, struct described *d)
{
	int c0, c1, op, num;

	if (len == 3 && s[1] >= '1' && s[1] <= '9') {
		op = '.';
		num = s[2];
	} else if (len == 4) {
		op = s[2];
		num = s[3];
	} else
		return -1;
	memset(d, 0, sizeof(*d));
	d->file = -1;
	d->wxf = 1;
	d->number = num - '0';
	d->dir = op == '+' ? 1 : op == '-' ? -1 : 0;
	if ((op != '+' && op != '-' && op != '.' && op != '=') ||
	    num < '1' || num > '9')
		return -1;
	c0 = s[0];
	c1 = s[1];
	if ((d->kind = wxf_kind(c0)) != EMPTY) {
		if (c1 >= '1' && c1 <= '9')
			d->file = file_to_board(side, c1 - '0');
		else if (c1 == '+')
			d->pick = d->kind == PAWN ? PICK_PLUS : PICK_FRONT;
		else if (c1 == '-')
			d->pick = d->kind == PAWN ? PICK_MINUS : PICK_REAR;
		else
			return -1;
	} else if (c0 == '+' || c0 == '-') {
		if (c1 == c0)
			d->kind = PAWN;
		else if ((d->kind = wxf_kind(c1)) == EMPTY)
			return -1;
		d->pick = c0 == '+' ? PICK_FRONT : PICK_LAST;
		if (c1 != c0 && d->kind == PAWN)
			d->pick = c0 == '+' ? PICK_PLUS : PICK_MINUS;
	} else if (c0 >= '1' && c0 <= '9') {
		d->kind = PAWN;
		d->file = file_to_board(side, c0 - '0');
		if (c1 == '+')
			d->pick = PICK_FRONT;
		else if (c1 == '-')
			d->pick = PICK_REAR;
		else if (c1 == c0)
			d->pick = PICK_MIDDLE;
		else
			return -1;
	} else
		return -1;
	return 0;
}

/*
 * The glyph at s[*at], its class and value, moving *at past it.  ASCII
 * digits count as numbers, as some records mix them in.
 */
static int
next_glyph(const char *s, size_t len, size_t *at, struct glyph *g)
{
	size_t i;

	if (*at >= len)
		return -1;
	if (s[*at] >= '1' && s[*at] <= '9') {
		g->cls = G_NUMBER;
		g->value = s[(*at)++] - '0';
		return 0;
	}
	/* Every glyph of the table is three bytes of UTF-8. */
	if (len - *at < 3)
		return -1;
	for (i = 0; i < sizeof(glyphs) / sizeof(glyphs[0]); i++)
		if (s[*at + 2] == glyphs[i].utf8[2] &&
		    memcmp(s + *at, glyphs[i].utf8, 3) == 0) {
			*g = glyphs[i];
			*at += 3;
			return 0;
		}
	return -1;
}

/*
 * A Chinese move: what names the piece (two or three glyphs), then
 * 進 退 or 平 and a number.
 */
static int
chinese_describe(int side, const char *s, size_t len, struct described *d)
{
	struct glyph g[5];
	size_t at;
	int n;

	at = 0;
	for (n = 0; at < len; n++)
		if (n == 5 || next_glyph(s, len, &at, &g[n]) == -1)
			return -1;
	if (n < 4 || g[n - 2].cls != G_DIR || g[n - 1].cls != G_NUMBER)
		return -1;
	memset(d, 0, sizeof(*d));
	d->file = -1;
	d->dir = g[n - 2].value;
	d->number = g[n - 1].value;
	return chinese_prefix(side, g, n - 2, d);
}

/*
 * The glyphs that name the piece: 炮二, 前炮 (or 炮前), 三兵 (third from
 * the front), 前三 (a pawn on a crowded file), 前兵三.
 */
static int
chinese_prefix(int side, const struct glyph *g, int n, struct described *d)
{
	int a, b;

	a = g[0].cls;
	b = g[1].cls;
	if (n == 3 && a == G_PLACE && b == G_PIECE && g[2].cls == G_NUMBER) {
		d->kind = g[1].value;
		d->pick = g[0].value;
		d->file = file_to_board(side, g[2].value);
	} else if (n != 2)
		return -1;
	else if (a == G_PIECE && b == G_NUMBER) {
		d->kind = g[0].value;
		d->file = file_to_board(side, g[1].value);
	} else if (a == G_PLACE && b == G_PIECE) {
		d->kind = g[1].value;
		d->pick = g[0].value;
	} else if (a == G_PIECE && b == G_PLACE) {
		d->kind = g[0].value;
		d->pick = g[1].value;
	} else if (a == G_NUMBER && b == G_PIECE && g[0].value <= 5) {
		d->kind = g[1].value;
		d->pick = PICK_NTH;
		d->nth = g[0].value - 1;
	} else if (a == G_PLACE && b == G_NUMBER) {
		d->kind = PAWN;
		d->pick = g[0].value;
		d->file = file_to_board(side, g[1].value);
	} else
		return -1;
	return 0;
}

/*
 * Chinese moves are sometimes written without spaces between them.  A
 * move ends one glyph after its direction; the length of the first.
 */
static size_t
chinese_move_length(const char *s, size_t len)
{
	struct glyph g;
	size_t at;

	at = 0;
	while (next_glyph(s, len, &at, &g) == 0)
		if (g.cls == G_DIR)
			return next_glyph(s, len, &at, &g) == 0 ? at : len;
	return len;
}

const char *
move_fault(const struct xqpos *pos, struct xqmove m)
{
	if (pos->sq[m.from] == EMPTY)
		return "no piece on that square";
	if (PIECE_SIDE(pos->sq[m.from]) != pos->side)
		return "not a piece of the side to move";
	return illegal_reason(pos, m);
}

size_t
move_token_length(const char *s, size_t len)
{
	if (len > 0 && (unsigned char)s[0] >= 0x80)
		return chinese_move_length(s, len);
	return len;
}

int
parse_move(const struct xqpos *pos, enum notation nt, const char *s,
    size_t len, struct xqmove *m, const char **why)
{
	return parse_token(pos, nt, s, len, 1, m, why);
}

/* parse_move, with ICCS moves checked or not as read_movelist says. */
static int
parse_token(const struct xqpos *pos, enum notation nt, const char *s,
    size_t len, int checked, struct xqmove *m, const char **why)
{
	struct described d;
	int guessed;

	guessed = nt == NOTATION_AUTO;
	if (guessed)
		nt = len > 0 && (unsigned char)s[0] >= 0x80 ?
		    NOTATION_CHINESE : is_iccs(s, len) ?
		    NOTATION_ICCS : NOTATION_WXF;
	switch (nt) {
	case NOTATION_WXF:
		if (wxf_describe(pos->side, s, len, &d) == -1) {
			*why = guessed ? "not a move in any notation" :
			    "not a WXF move";
			return -1;
		}
		return resolve(pos, &d, m, why);
	case NOTATION_CHINESE:
		if (chinese_describe(pos->side, s, len, &d) == -1) {
			*why = "not a move in Chinese notation";
			return -1;
		}
		return resolve(pos, &d, m, why);
	default:
		return parse_iccs(pos, s, len, checked, m, why);
	}
}

/* Files holding two or more of piece (a pawn). */
static int
crowded_pawn_files(const struct xqpos *pos, int piece)
{
	int sq[XQ_RANKS], f, n;

	n = 0;
	for (f = 0; f < XQ_FILES; f++)
		if (file_pieces(pos, piece, f, sq) >= 2)
			n++;
	return n;
}

/* How WXF and Chinese notation name a legal move. */
static void
spell(const struct xqpos *pos, struct xqmove m, int official,
    struct spelled *sp)
{
	int sq[XQ_RANKS], piece, dr, i;

	piece = pos->sq[m.from];
	sp->kind = PIECE_KIND(piece);
	sp->side = PIECE_SIDE(piece);
	sp->count = file_pieces(pos, piece, m.from % XQ_FILES, sq);
	sp->place = 0;
	for (i = 0; i < sp->count; i++)
		if (sq[i] == m.from)
			sp->place = i;
	sp->file = board_to_file(sp->side, m.from % XQ_FILES);
	dr = ahead(sp->side, m.to / XQ_FILES - m.from / XQ_FILES);
	sp->dir = dr > 0 ? 1 : dr < 0 ? -1 : 0;
	if (sp->dir == 0 || sp->kind == ADVISOR || sp->kind == ELEPHANT ||
	    sp->kind == HORSE)
		sp->number = board_to_file(sp->side, m.to % XQ_FILES);
	else
		sp->number = abs(dr);
	if (sp->count < 2 || sp->kind == KING || sp->kind == ADVISOR ||
	    sp->kind == ELEPHANT)
		sp->how = SPELL_FILE;
	else if (sp->kind == PAWN && crowded_pawn_files(pos, piece) > 1)
		sp->how = SPELL_FILE_PLACE;
	else
		sp->how = SPELL_PLACE;
	if (sp->how != SPELL_FILE && !official && file_alone_names(pos, m, sp))
		sp->how = SPELL_FILE;
}

/*
 * Whether the piece and its file are enough, as published records have
 * it: a rook, horse or cannon is named by its file unless another of its
 * kind on that file could make a move described the same way, the king
 * aside (so a pinned piece still counts).  Pawns on a shared file are
 * always named by place.
 */
static int
file_alone_names(const struct xqpos *pos, struct xqmove m,
    const struct spelled *sp)
{
	struct described d;
	int sq[XQ_RANKS], n, i, to;

	if (sp->kind == PAWN)
		return 0;
	memset(&d, 0, sizeof(d));
	d.kind = sp->kind;
	d.dir = sp->dir;
	d.number = sp->number;
	n = file_pieces(pos, pos->sq[m.from], m.from % XQ_FILES, sq);
	for (i = 0; i < n; i++)
		if (sq[i] != m.from && (to = destination(pos, sq[i], &d)) >= 0 &&
		    reaches(pos, sq[i], to))
			return 0;
	return 1;
}

/*
 * Whether a rook, horse or cannon on from reaches to (a square on its
 * lines) by the rules of its moves alone, whatever that does to its king.
 */
static int
reaches(const struct xqpos *pos, int from, int to)
{
	int kind, dr, df, step, sq, between;

	kind = PIECE_KIND(pos->sq[from]);
	if (pos->sq[to] != EMPTY &&
	    PIECE_SIDE(pos->sq[to]) == PIECE_SIDE(pos->sq[from]))
		return 0;
	dr = to / XQ_FILES - from / XQ_FILES;
	df = to % XQ_FILES - from % XQ_FILES;
	if (kind == HORSE) {
		if (abs(dr) == 2)
			return pos->sq[from + dr / 2 * XQ_FILES] == EMPTY;
		return pos->sq[from + df / 2] == EMPTY;
	}
	step = dr > 0 ? XQ_FILES : dr < 0 ? -XQ_FILES : df > 0 ? 1 : -1;
	between = 0;
	for (sq = from + step; sq != to; sq += step)
		if (pos->sq[sq] != EMPTY)
			between++;
	if (kind == CANNON && pos->sq[to] != EMPTY)
		return between == 1;
	return between == 0;
}

/* Four characters written directly: every unpacked move comes here. */
static size_t
format_iccs(struct xqmove m, char *buf, size_t size)
{
	char s[5];

	s[0] = (char)('a' + m.from % XQ_FILES);
	s[1] = (char)('0' + m.from / XQ_FILES);
	s[2] = (char)('a' + m.to % XQ_FILES);
	s[3] = (char)('0' + m.to / XQ_FILES);
	s[4] = '\0';
	return strlcpy(buf, s, size);
}

static size_t
format_wxf(const struct spelled *sp, char *buf, size_t size)
{
	char who[3];
	int middle;

	middle = sp->count % 2 == 1 && sp->place == sp->count / 2;
	who[0] = wxf_letters[sp->kind];
	who[1] = '0' + sp->file;
	who[2] = '\0';
	if (sp->how == SPELL_FILE_PLACE) {
		who[0] = '0' + sp->file;
		if (!middle)
			who[1] = sp->place == 0 ? '+' : '-';
	} else if (sp->how == SPELL_PLACE) {
		if (sp->count >= 4 && sp->place == 0)
			memcpy(who, "++", 2);
		else if (sp->count >= 4 && sp->place == sp->count - 1)
			memcpy(who, "--", 2);
		else if (!middle)
			who[1] = sp->place < sp->count / 2 ? '+' : '-';
	}
	return snprintf(buf, size, "%s%c%d", who,
	    sp->dir > 0 ? '+' : sp->dir < 0 ? '-' : '.', sp->number);
}

/*
 * Write Chinese, moves and diagrams, in simplified characters (帅 将 马
 * 车 进 后), or in traditional ones, as most published records do (the
 * default).
 */
void
notation_simplified(int on)
{
	script = on ? &simplified : &traditional;
}

const struct chinese_script *
chinese_script(void)
{
	return script;
}

static size_t
format_chinese(const struct spelled *sp, char *buf, size_t size)
{
	const char *const *piece = script->move_pieces[sp->side];
	const char *const *num;
	const char *first, *second;
	int place;

	num = sp->side == RED ? red_numbers : black_numbers;
	place = sp->count == 2 ? 2 * sp->place : sp->place;
	first = piece[sp->kind];
	second = num[sp->file];
	if (sp->how == SPELL_FILE_PLACE)
		first = script->places[place];
	else if (sp->how == SPELL_PLACE) {
		first = sp->count >= 4 && sp->place > 0 ?
		    red_numbers[sp->place + 1] : script->places[place];
		second = piece[sp->kind];
	}
	return snprintf(buf, size, "%s%s%s%s", first, second,
	    script->dirs[sp->dir + 1], num[sp->number]);
}

size_t
format_move(const struct xqpos *pos, enum notation nt, struct xqmove m,
    char *buf, size_t size)
{
	struct spelled sp;

	switch (nt) {
	case NOTATION_WXF:
		spell(pos, m, 1, &sp);
		return format_wxf(&sp, buf, size);
	case NOTATION_CHINESE:
		spell(pos, m, 0, &sp);
		return format_chinese(&sp, buf, size);
	default:
		return format_iccs(m, buf, size);
	}
}

size_t
narrow_ascii(const char *s, size_t len, char *buf, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, o = 0;
	unsigned int cp;

	while (i < len) {
		if (o + 4 > size)
			return 0;
		if (len - i >= 3 && p[i] == 0xef && (p[i + 1] == 0xbc ||
		    p[i + 1] == 0xbd)) {
			cp = ((p[i + 1] & 0x3f) << 6) | (p[i + 2] & 0x3f);
			cp |= 0xf000;
			if (cp >= 0xff01 && cp <= 0xff5e) {
				buf[o++] = (char)(cp - 0xfee0);
				i += 3;
				continue;
			}
		}
		buf[o++] = s[i++];
	}
	buf[o] = '\0';
	return o;
}

/*
 * Does a token begin with a full-width Latin letter or sign, as WXF is
 * typed on a Chinese keyboard (Ｃ２＝５, ＋Ｐ＋１)?  No Chinese move
 * does.
 */
static int
is_wide_latin(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;

	if (len < 3 || p[0] != 0xef)
		return 0;
	if (p[1] == 0xbc)
		return p[2] == 0x8b || p[2] == 0x8d ||
		    (p[2] >= 0xa1 && p[2] <= 0xba);
	return p[1] == 0xbd && p[2] >= 0x81 && p[2] <= 0x9a;
}

/* A full-width move token read as the ASCII it stands for. */
static int
parse_wide(const struct xqpos *pos, enum notation nt, const char *s,
    size_t len, int checked, struct xqmove *m, const char **why)
{
	char buf[64];
	size_t n;

	if ((n = narrow_ascii(s, len, buf, sizeof(buf))) == 0) {
		*why = "not a move (too long)";
		return -1;
	}
	return parse_token(pos, nt, buf, n, checked, m, why);
}

/*
 * What separates moves: ASCII white space, and what text pasted from
 * Chinese documents puts between them (the ideographic space, the
 * full-width and ideographic commas and full stop, a byte order mark).
 */
static int
is_space(const char *p, const char *end, size_t *n)
{
	static const char *const wide[] = {
		"\xe3\x80\x80", "\xef\xbc\x8c", "\xe3\x80\x81",
		"\xe3\x80\x82", "\xef\xbb\xbf"
	};
	size_t i;

	*n = 1;
	if (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		return 1;
	/* The wide ones all start with a byte of 0x80 or more. */
	if ((unsigned char)*p < 0x80)
		return 0;
	*n = 3;
	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
		if (end - p >= 3 && memcmp(p, wide[i], 3) == 0)
			return 1;
	return 0;
}

static int
next_token(const char **p, const char *end, const char **tok, size_t *len)
{
	size_t n;

	while (*p < end && is_space(*p, end, &n))
		*p += n;
	if (*p == end)
		return 0;
	*tok = *p;
	while (*p < end && !is_space(*p, end, &n))
		(*p)++;
	*len = *p - *tok;
	return 1;
}

/* "12." or "12...": a move number, which says nothing the list does not. */
static int
is_move_number(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		continue;
	if (i == 0 || i == len)
		return 0;
	for (; i < len && s[i] == '.'; i++)
		continue;
	return i == len;
}

/*
 * Whether a token is a WXF move that names a pawn by its file twice
 * ("33.4", "77.6"), not a move number glued to a move: a lone digit
 * is never a move.
 */
int
is_wxf_file_again(const char *s, size_t len)
{
	return len == 4 && s[0] >= '1' && s[0] <= '9' && s[1] == s[0] &&
	    s[2] == '.' && s[3] >= '1' && s[3] <= '9';
}

/*
 * A move number glued to its move ("1.h2e2", "１．炮二平五", "12...h9g7"):
 * skipped.  Full-width digits are three bytes, EF BC 90 to 99, and the
 * full-width full stop EF BC 8E.
 */
static void
skip_move_number(const char **tok, size_t *len)
{
	const unsigned char *s = (const unsigned char *)*tok;
	size_t i = 0, digits = 0;

	for (;;) {
		if (i < *len && s[i] >= '0' && s[i] <= '9')
			i++;
		else if (*len - i >= 3 && s[i] == 0xef && s[i + 1] == 0xbc &&
		    s[i + 2] >= 0x90 && s[i + 2] <= 0x99)
			i += 3;
		else
			break;
		digits++;
	}
	if (digits == 0)
		return;
	/* "33.4": the middle of three pawns on file 3 moves (WXF). */
	if (is_wxf_file_again(*tok, *len))
		return;
	if (i < *len && s[i] == '.')
		while (i < *len && s[i] == '.')
			i++;
	else if (*len - i >= 3 && s[i] == 0xef && s[i + 1] == 0xbc &&
	    s[i + 2] == 0x8e)
		while (*len - i >= 3 && s[i] == 0xef && s[i + 1] == 0xbc &&
		    s[i + 2] == 0x8e)
			i += 3;
	else
		return;
	*tok += i;
	*len -= i;
}

static int
token_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* The token is cut, at a character boundary, to fit. */
static void
set_error(struct notation_error *e, size_t ply, const char *s, size_t len,
    const char *why)
{
	if (len >= sizeof(e->token)) {
		len = sizeof(e->token) - 1;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(e->token, s, len);
	e->token[len] = '\0';
	e->toklen = len;
	e->ply = ply;
	e->why = why;
}

enum notation
detect_notation(const char *line, size_t len)
{
	struct described d;
	const char *p, *end, *tok;
	char wide[64];
	size_t n;

	p = line;
	end = line + len;
	do {
		if (!next_token(&p, end, &tok, &n))
			return NOTATION_AUTO;
	} while (is_move_number(tok, n));
	if (tok[0] == '{')
		return NOTATION_JSON;
	if (token_is(tok, n, "position"))
		return NOTATION_UCCI;
	if (is_wide_latin(tok, n) &&
	    (n = narrow_ascii(tok, n, wide, sizeof(wide))) > 0)
		tok = wide;
	if ((unsigned char)tok[0] >= 0x80)
		return NOTATION_CHINESE;
	if (is_iccs(tok, n))
		return NOTATION_ICCS;
	if (wxf_describe(RED, tok, n, &d) == 0)
		return NOTATION_WXF;
	return NOTATION_AUTO;
}

/* A FEN with nothing after it but spaces. */
static int
parse_whole_fen(struct xqpos *pos, const char *text)
{
	const char *end;

	if (fen_parse(pos, text, &end) == -1)
		return -1;
	while (*end == ' ')
		end++;
	return *end == '\0' ? 0 : -1;
}

/*
 * The rest of a UCCI "position" command up to its moves: "startpos" or
 * "fen" and the FEN's fields, then "moves" (or the end of the line).
 */
static int
read_position(const char **p, const char *end, struct xqpos *start,
    struct notation_error *e)
{
	const char *tok, *fen, *last;
	char *text;
	size_t n;
	int rc;

	if (!next_token(p, end, &tok, &n) ||
	    (!token_is(tok, n, "startpos") && !token_is(tok, n, "fen"))) {
		set_error(e, 0, "position", 8, "startpos or fen expected");
		return -1;
	}
	if (token_is(tok, n, "fen")) {
		fen = last = *p;
		while (next_token(p, end, &tok, &n) &&
		    !token_is(tok, n, "moves"))
			last = *p;
		while (fen < last && is_space(fen, last, &n))
			fen += n;
		text = xmalloc(last - fen + 1);
		memcpy(text, fen, last - fen);
		text[last - fen] = '\0';
		rc = parse_whole_fen(start, text);
		if (rc == -1)
			set_error(e, 0, text, strlen(text), "bad FEN");
		free(text);
		return rc;
	}
	if (next_token(p, end, &tok, &n) && !token_is(tok, n, "moves")) {
		set_error(e, 0, tok, n, "moves expected");
		return -1;
	}
	return 0;
}

/*
 * Why a move cannot be played here: once the game is over, that it is,
 * rather than the move's own fault.
 */
static const char *
game_over(const struct xqpos *pos, const char *why)
{
	switch (position_end(pos)) {
	case END_MATE:
		return "the game is over (mate)";
	case END_STALEMATE:
		return "the game is over (stalemate)";
	default:
		return why;
	}
}

/* The moves of a line from the position cur, which they update. */
static int
read_moves(const char *s, size_t len, enum notation nt, int checked,
    struct movelist *ml, struct xqpos *cur, struct notation_error *e)
{
	struct xqmove m;
	const char *p, *end, *tok, *why;
	size_t n, one;

	p = s;
	end = s + len;
	while (next_token(&p, end, &tok, &n)) {
		if (is_move_number(tok, n))
			continue;
		/* A result closes the list, and is the game's. */
		if (result_from_name(tok, n, &ml->result) == 0) {
			if (next_token(&p, end, &tok, &n)) {
				set_error(e, ml->n + 1, tok, n,
				    "moves after the result");
				return -1;
			}
			break;
		}
		skip_move_number(&tok, &n);
		for (; n > 0; tok += one, n -= one) {
			one = n;
			if ((unsigned char)tok[0] >= 0x80 &&
			    !is_wide_latin(tok, n))
				one = chinese_move_length(tok, n);
			if ((is_wide_latin(tok, one) ? parse_wide(cur, nt, tok,
			    one, checked, &m, &why) : parse_token(cur, nt, tok,
			    one, checked, &m, &why)) == -1) {
				set_error(e, ml->n + 1, tok, one,
				    game_over(cur, why));
				return -1;
			}
			make_move(cur, m);
			movelist_push(ml, m);
		}
	}
	return 0;
}

int
read_movelist(const char *line, size_t len, enum notation nt, int checked,
    struct movelist *ml, struct notation_error *e)
{
	struct xqpos cur;
	const char *p, *q, *end, *tok;
	size_t n;

	ml->n = 0;
	ml->result = RESULT_UNKNOWN;
	start_position(&ml->start);
	if (nt == NOTATION_AUTO)
		nt = detect_notation(line, len);
	if (nt == NOTATION_JSON)
		return read_json(line, len, ml, e);
	p = q = line;
	end = line + len;
	if (nt != NOTATION_WXF && nt != NOTATION_CHINESE &&
	    next_token(&q, end, &tok, &n) && token_is(tok, n, "position")) {
		p = q;
		if (read_position(&p, end, &ml->start, e) == -1)
			return -1;
	}
	cur = ml->start;
	return read_moves(p, end - p, nt, checked, ml, &cur, e);
}

/*
 * A JSON object: "fen" (optional, the standard start by default),
 * "moves", a list of move strings or one string of moves, each in ICCS,
 * WXF or Chinese notation, and "result" (optional).  Other members are
 * left alone; a member named twice, or no "moves", is refused.
 */
static int
read_json(const char *line, size_t len, struct movelist *ml,
    struct notation_error *e)
{
	json_error_t jerr;
	json_t *root, *fen, *res;
	struct xqpos cur;
	int rc;

	root = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
	if (root == NULL || !json_is_object(root)) {
		set_error(e, 0, line, len, root == NULL &&
		    strstr(jerr.text, "duplicate") != NULL ?
		    "a member named twice" : "not a JSON object");
		json_decref(root);
		return -1;
	}
	if (json_object_get(root, "moves") == NULL) {
		set_error(e, 0, line, len, "no \"moves\" member");
		json_decref(root);
		return -1;
	}
	rc = 0;
	if ((res = json_object_get(root, "result")) != NULL &&
	    !json_is_null(res) && (!json_is_string(res) ||
	    result_from_name(json_string_value(res), json_string_length(res),
	    &ml->result) == -1)) {
		set_error(e, 0, json_is_string(res) ? json_string_value(res) :
		    "result", json_is_string(res) ? json_string_length(res) :
		    6, "result is not \"1-0\", \"0-1\", \"1/2-1/2\", \"*\" "
		    "or null");
		rc = -1;
	}
	if (rc == 0 && (fen = json_object_get(root, "fen")) != NULL &&
	    (!json_is_string(fen) ||
	    parse_whole_fen(&ml->start, json_string_value(fen)) == -1)) {
		set_error(e, 0, json_is_string(fen) ? json_string_value(fen) :
		    "fen", json_is_string(fen) ? json_string_length(fen) : 3,
		    "bad FEN");
		rc = -1;
	}
	cur = ml->start;
	if (rc == 0)
		rc = read_json_moves(json_object_get(root, "moves"), ml, &cur,
		    e);
	json_decref(root);
	return rc;
}

static int
read_json_moves(json_t *moves, struct movelist *ml, struct xqpos *cur,
    struct notation_error *e)
{
	struct xqmove m;
	json_t *v;
	const char *why;
	size_t i;

	if (moves == NULL)
		return 0;
	if (json_is_string(moves))
		return read_moves(json_string_value(moves),
		    json_string_length(moves), NOTATION_AUTO, 1, ml, cur, e);
	if (!json_is_array(moves)) {
		set_error(e, 0, "moves", 5, "not a list of moves");
		return -1;
	}
	json_array_foreach(moves, i, v) {
		if (!json_is_string(v)) {
			set_error(e, ml->n + 1, "moves", 5, "not a string");
			return -1;
		}
		if (parse_move(cur, NOTATION_AUTO, json_string_value(v),
		    json_string_length(v), &m, &why) == -1) {
			set_error(e, ml->n + 1, json_string_value(v),
			    json_string_length(v), game_over(cur, why));
			return -1;
		}
		make_move(cur, m);
		movelist_push(ml, m);
	}
	return 0;
}

static char *
write_json(const struct movelist *ml)
{
	json_t *root, *moves;
	struct xqpos pos;
	const char *end;
	char buf[160];
	char *s;
	size_t i;

	root = json_object();
	moves = json_array();
	if (root == NULL || moves == NULL)
		errx(GF_EXIT_ERROR, "out of memory");
	json_object_set_new(root, "result", ml->result == RESULT_UNKNOWN ?
	    json_null() : json_string(result_name(ml->result)));
	movelist_end(ml, &pos);
	end = game_end_name(position_end(&pos));
	json_object_set_new(root, "end", end == NULL ? json_null() :
	    json_string(end));
	if (!is_start_position(&ml->start)) {
		fen_format(&ml->start, buf, sizeof(buf));
		json_object_set_new(root, "fen", json_string(buf));
	}
	for (i = 0; i < ml->n; i++) {
		format_iccs(ml->move[i], buf, sizeof(buf));
		json_array_append_new(moves, json_string(buf));
	}
	json_object_set_new(root, "moves", moves);
	s = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (s == NULL)
		errx(GF_EXIT_ERROR, "out of memory");
	return s;
}

char *
write_movelist(const struct movelist *ml, enum notation nt)
{
	struct strbuf sb;
	struct xqpos pos;
	char buf[160];
	size_t i, n;

	if (nt == NOTATION_JSON)
		return write_json(ml);
	memset(&sb, 0, sizeof(sb));
	sb_add(&sb, "", 0);
	if (nt == NOTATION_UCCI) {
		if (is_start_position(&ml->start))
			sb_add(&sb, "position startpos", 17);
		else {
			fen_format(&ml->start, buf, sizeof(buf));
			sb_add(&sb, "position fen ", 13);
			sb_add(&sb, buf, strlen(buf));
		}
		if (ml->n > 0)
			sb_add(&sb, " moves", 6);
	}
	pos = ml->start;
	for (i = 0; i < ml->n; i++) {
		if (sb.len > 0)
			sb_add(&sb, " ", 1);
		n = format_move(&pos, nt, ml->move[i], buf, sizeof(buf));
		sb_add(&sb, buf, n < sizeof(buf) ? n : sizeof(buf) - 1);
		/* Only WXF and Chinese read the position; ICCS plays nothing. */
		if (nt == NOTATION_WXF || nt == NOTATION_CHINESE)
			make_move(&pos, ml->move[i]);
	}
	return sb.s;
}
