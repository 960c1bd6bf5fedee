/*
 * pgn.c: PGN files of Xiangqi games, read and written.
 *
 * A file is games one after another, each tag pairs then movetext.  The
 * movetext is in Chinese, WXF or ICCS notation as its [Format] tag says
 * (or as each move looks), with move numbers (ASCII or full-width, a
 * space after them or not, "1." before a first move by Black too),
 * {comments}, ; comments, nested (variations), NAGs and a result token,
 * after which anything up to the next tag pair (an advert, a rule of
 * equals signs) is left alone.  The text is UTF-8 by now: the encoding
 * was converted before, so a byte of a GBK or Big5 character can no
 * longer pass for a brace or a bracket.
 */

#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "gamefile.h"

#define TOKEN_MAX	256	/* longest movetext token looked at */

struct pgn_reader {
	const char	*p, *end;
	const char	*file;
	game_fn		*fn;
	void		*arg;
	struct gamerec	 g;
	int		 open;		/* g holds a game begun */
	int		 moves_seen;	/* movetext began */
	int		 after_result;	/* skipping text to the next tag */
	enum notation	 nt;
	int		 san;		/* [Variant "xiangqi"]: WinBoard's SAN */
	uint32_t	 cur;		/* the node the next move follows */
	uint32_t	*stack;		/* cur before each open variation */
	size_t		 depth, cap;
	size_t		 games;
};

static size_t	 blank_length(const char *, const char *);
static int	 is_tag_start(const char *, const char *);
static void	 begin_game(struct pgn_reader *);
static void	 end_game(struct pgn_reader *);
static void	 read_tag(struct pgn_reader *);
static void	 apply_tag(struct pgn_reader *, const char *, const char *);
static void	 read_token(struct pgn_reader *);
static const char *result_of(const char *, size_t);
static void	 play_token(struct pgn_reader *, const char *, size_t);
static int	 san_move(const struct xqpos *, const char *, size_t,
		    struct xqmove *, const char **);

/* The length of the blank at p (ASCII space, the ideographic space), or 0. */
static size_t
blank_length(const char *p, const char *end)
{
	if (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		return 1;
	if (end - p >= 3 && (memcmp(p, "\xe3\x80\x80", 3) == 0 ||
	    memcmp(p, "\xef\xbb\xbf", 3) == 0))
		return 3;
	return 0;
}

/* [Name "  at p: a tag pair begins. */
static int
is_tag_start(const char *p, const char *end)
{
	const char *q;

	if (p >= end || *p != '[')
		return 0;
	for (q = p + 1; q < end && (isalnum((unsigned char)*q) || *q == '_');
	    q++)
		continue;
	if (q == p + 1)
		return 0;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	return q < end && *q == '"';
}

int
pgn_detect(const char *s, size_t len)
{
	const char *p = s, *end = s + len;
	size_t n;

	while (p < end && (n = blank_length(p, end)) > 0)
		p += n;
	return is_tag_start(p, end);
}

static void
begin_game(struct pgn_reader *r)
{
	gamerec_init(&r->g, r->file, ++r->games);
	r->open = 1;
	r->moves_seen = 0;
	r->after_result = 0;
	r->nt = NOTATION_AUTO;
	r->san = 0;
	r->cur = 0;
	r->depth = 0;
}

static void
end_game(struct pgn_reader *r)
{
	const char *tag;

	if (!r->open)
		return;
	if (r->depth > 0)
		gamerec_fault(&r->g, 0, "variation not closed at the end of "
		    "the game", "(", 1);
	if (r->g.result[0] == '\0' && (tag = gamerec_tag(&r->g, "Result")) &&
	    result_of(tag, strlen(tag)) != NULL)
		gamerec_set_result(&r->g, result_of(tag, strlen(tag)));
	r->fn(&r->g, r->arg);
	gamerec_free(&r->g);
	r->open = 0;
}

/* A tag pair at r->p, to the end of its line at most. */
static void
read_tag(struct pgn_reader *r)
{
	const char *p, *name, *value, *eol, *q;
	char *n, *v;
	size_t nlen, nv;

	eol = memchr(r->p, '\n', r->end - r->p);
	if (eol == NULL)
		eol = r->end;
	name = r->p + 1;
	for (p = name; isalnum((unsigned char)*p) || *p == '_'; p++)
		continue;
	nlen = p - name;
	while (*p != '"')
		p++;
	value = ++p;
	/* The value ends at the last quote before the last bracket. */
	for (q = eol; q > value && q[-1] != ']'; q--)
		continue;
	if (q > value)
		q--;
	while (q > value && q[-1] != '"')
		q--;
	if (q > value)
		q--;
	else
		q = eol > value && eol[-1] == '\r' ? eol - 1 : eol;
	n = xmalloc(nlen + 1);
	memcpy(n, name, nlen);
	n[nlen] = '\0';
	if (r->open && (r->moves_seen || r->after_result ||
	    gamerec_tag(&r->g, n) != NULL))
		end_game(r);
	if (!r->open)
		begin_game(r);
	v = xmalloc(q - value + 1);
	/* \" and \\ are a quote and a backslash, as put_tag writes them. */
	for (p = value, nv = 0; p < q; p++) {
		if (*p == '\\' && p + 1 < q && (p[1] == '"' || p[1] == '\\'))
			p++;
		v[nv++] = *p;
	}
	v[nv] = '\0';
	gamerec_add_tag(&r->g, name, nlen, v, nv);
	apply_tag(r, n, v);
	free(n);
	free(v);
	r->p = eol;
}

/* What [FEN] and [Format] say for reading the moves. */
static void
apply_tag(struct pgn_reader *r, const char *name, const char *value)
{
	struct xqpos pos;
	const char *end;
	char *fen;
	size_t len;

	if (strcasecmp(name, "Format") == 0) {
		if (strcasecmp(value, "WXF") == 0)
			r->nt = NOTATION_WXF;
		else if (strcasecmp(value, "ICCS") == 0)
			r->nt = NOTATION_ICCS;
		else if (strcasecmp(value, "Chinese") == 0)
			r->nt = NOTATION_CHINESE;
		return;
	}
	if (strcasecmp(name, "Variant") == 0) {
		r->san = strcasecmp(value, "xiangqi") == 0;
		return;
	}
	if (strcasecmp(name, "FEN") != 0 || value[0] == '\0')
		return;
	/* A board without the side to move: Red's. */
	len = strlen(value);
	fen = xmalloc(len + 3);
	memcpy(fen, value, len + 1);
	if (strchr(fen, ' ') == NULL)
		memcpy(fen + len, " w", 3);
	if (fen_parse(&pos, fen, &end) == 0)
		gamerec_set_start(&r->g, &pos);
	else {
		gamerec_fault(&r->g, 0, "bad FEN, the game's moves are left "
		    "out", value, len);
		r->cur = NO_NODE;
	}
	free(fen);
}

/* The result a token or tag value says, or NULL. */
static const char *
result_of(const char *s, size_t len)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2" };
	size_t i;

	for (i = 0; i < 3; i++)
		if (strlen(results[i]) == len && memcmp(s, results[i],
		    len) == 0)
			return results[i];
	if (len == 1 && *s == '*')
		return "";
	return NULL;
}

/*
 * A move in WinBoard's SAN for Xiangqi: the piece (K A E or B, H or N,
 * R, C; none for a pawn), the file or rank or square it leaves when
 * that is needed, x for a capture, then the square reached in ICCS,
 * ranks 0 to 9 from Red's side: Che2, Cxb0, exe6, Afe1.  Resolved
 * among the legal moves.
 */
static int
san_move(const struct xqpos *pos, const char *s, size_t len,
    struct xqmove *out, const char **why)
{
	static const char letters[] = " KAEHRCP";
	struct xqmove moves[XQ_MAXMOVES];
	size_t n, i, found = 0;
	int kind = PAWN, to, file = -1, rank = -1;
	const char *d, *end = s + len;

	while (end > s && strchr("+#", end[-1]) != NULL)
		end--;
	if (end - s < 2 || end[-2] < 'a' || end[-2] > 'i' ||
	    end[-1] < '0' || end[-1] > '9') {
		*why = "not a SAN move";
		return -1;
	}
	to = (end[-1] - '0') * XQ_FILES + (end[-2] - 'a');
	end -= 2;
	if (s < end && *s >= 'A' && *s <= 'Z') {
		d = strchr(letters + 1, *s == 'B' ? 'E' : *s == 'N' ? 'H' :
		    *s);
		if (d == NULL) {
			*why = "not a SAN move";
			return -1;
		}
		kind = (int)(d - letters);
		s++;
	}
	for (; s < end; s++)
		if (*s >= 'a' && *s <= 'i')
			file = *s - 'a';
		else if (*s >= '0' && *s <= '9')
			rank = *s - '0';
		else if (*s != 'x' && *s != '-') {
			*why = "not a SAN move";
			return -1;
		}
	n = legal_moves(pos, moves);
	for (i = 0; i < n; i++)
		if (moves[i].to == to &&
		    PIECE_KIND(pos->sq[moves[i].from]) == kind &&
		    (file == -1 || moves[i].from % XQ_FILES == file) &&
		    (rank == -1 || moves[i].from / XQ_FILES == rank)) {
			*out = moves[i];
			found++;
		}
	if (found == 1)
		return 0;
	*why = found == 0 ? "no legal move fits" :
	    "more than one legal move fits";
	return -1;
}

/* One movetext token, move numbers and glued moves taken apart. */
static void
play_token(struct pgn_reader *r, const char *s, size_t len)
{
	char buf[TOKEN_MAX];
	const char *res;
	size_t n, i, one;

	if ((n = narrow_ascii(s, len, buf, sizeof(buf))) == 0) {
		if (r->cur != NO_NODE)
			gamerec_fault(&r->g, r->g.node[r->cur].ply + 1,
			    "not a move (too long)", s, len < 40 ? len : 40);
		r->cur = NO_NODE;
		return;
	}
	if ((res = result_of(buf, n)) != NULL) {
		if (r->depth == 0) {
			gamerec_set_result(&r->g, res);
			r->after_result = 1;
		}
		return;
	}
	if (buf[0] == '$')
		return;
	/* A move number: "12." "12..." "12" "1.h2e2". */
	for (i = 0; i < n && isdigit((unsigned char)buf[i]); i++)
		continue;
	if (i == n && i > 0)
		return;
	if (is_wxf_file_again(buf, n))
		i = 0;
	else if (i > 0 && buf[i] == '.')
		while (i < n && buf[i] == '.')
			i++;
	else
		i = 0;
	while (i < n && buf[i] == '.')
		i++;
	/* Marks of good and bad moves. */
	while (n > i && (buf[n - 1] == '!' || buf[n - 1] == '?'))
		n--;
	r->moves_seen = 1;
	if (r->san && i < n) {
		struct xqmove m;
		const char *why;

		if (r->cur == NO_NODE)
			return;
		if (gamerec_check_start(&r->g) == -1) {
			r->cur = NO_NODE;
			return;
		}
		if (san_move(&r->g.pos[r->cur], buf + i, n - i, &m,
		    &why) == -1) {
			gamerec_fault(&r->g, r->g.node[r->cur].ply + 1, why,
			    buf + i, n - i);
			r->cur = NO_NODE;
		} else
			r->cur = gamerec_play(&r->g, r->cur, m, NULL);
		return;
	}
	for (; i < n; i += one) {
		one = move_token_length(buf + i, n - i);
		r->cur = gamerec_play_text(&r->g, r->cur, r->nt, buf + i, one);
	}
}

/* A token of movetext at r->p. */
static void
read_token(struct pgn_reader *r)
{
	const char *p = r->p, *q;
	uint32_t parent;

	switch (*p) {
	case '{':
		q = memchr(p, '}', r->end - p);
		if (q == NULL)
			q = r->end;
		gamerec_comment(&r->g, r->cur, p + 1, q - p - 1);
		r->p = q < r->end ? q + 1 : q;
		return;
	case ';':
		q = memchr(p, '\n', r->end - p);
		r->p = q == NULL ? r->end : q;
		return;
	case '(':
		if (r->depth == r->cap) {
			r->cap = r->cap ? r->cap * 2 : 16;
			r->stack = xreallocarray(r->stack, r->cap,
			    sizeof(*r->stack));
		}
		r->stack[r->depth++] = r->cur;
		/* A variation replaces the move before it. */
		parent = r->cur == NO_NODE || r->cur == 0 ? NO_NODE :
		    r->g.node[r->cur].parent;
		if (r->cur == 0)
			gamerec_fault(&r->g, 1, "variation before any move",
			    "(", 1);
		r->cur = parent;
		r->p++;
		return;
	case ')':
		if (r->depth > 0)
			r->cur = r->stack[--r->depth];
		else
			gamerec_fault(&r->g, 0, "unmatched parenthesis", ")",
			    1);
		r->p++;
		return;
	}
	for (q = p; q < r->end && blank_length(q, r->end) == 0 &&
	    strchr("{}();", *q) == NULL; q++)
		continue;
	if (q == p)
		q++;
	r->p = q;
	if (*p == '}')
		return;
	play_token(r, p, q - p);
}

void
pgn_read(const char *text, size_t len, const char *file, game_fn *fn,
    void *arg)
{
	struct pgn_reader r;
	const char *eol;
	size_t n;
	int bol = 1;

	memset(&r, 0, sizeof(r));
	r.p = text;
	r.end = text + len;
	r.file = file;
	r.fn = fn;
	r.arg = arg;
	while (r.p < r.end) {
		if ((n = blank_length(r.p, r.end)) > 0) {
			if (*r.p == '\n')
				bol = 1;
			r.p += n;
			continue;
		}
		if (bol && is_tag_start(r.p, r.end)) {
			read_tag(&r);
			continue;
		}
		bol = 0;
		if (!r.open)
			begin_game(&r);
		if (r.after_result) {
			eol = memchr(r.p, '\n', r.end - r.p);
			r.p = eol == NULL ? r.end : eol;
			continue;
		}
		read_token(&r);
	}
	end_game(&r);
	free(r.stack);
}

/*
 * Writing.  xqbase's style: the tags (Game first), [FEN] for a start
 * that is not the usual one, [Format] unless the moves are Chinese, then
 * the moves numbered, a full move to a line, variations in parentheses
 * where they branch, comments in braces, and the result.
 */

/* What the writer has still to do: a line from a node, or a ")". */
struct pgn_item {
	uint32_t	 node;
	int		 close;
};

static void	 put_tag(FILE *, const char *, const char *);
static void	 put_comment(FILE *, const char *);
static void	 put_move(FILE *, const struct gamerec *, uint32_t,
		    enum notation, int);

static void
put_tag(FILE *fp, const char *name, const char *value)
{
	const char *p;

	fprintf(fp, "[%s \"", name);
	for (p = value; *p != '\0'; p++)
		if (*p == '"' || *p == '\\')
			fprintf(fp, "\\%c", *p);
		else if (*p == '\n' || *p == '\r')
			putc(' ', fp);
		else
			putc(*p, fp);
	fputs("\"]\n", fp);
}

/* A comment; a closing brace in it would end it, so it is made wide. */
static void
put_comment(FILE *fp, const char *s)
{
	fputs(" {", fp);
	for (; *s != '\0'; s++)
		if (*s == '}')
			fputs("\xef\xbd\x9d", fp);
		else
			putc(*s, fp);
	putc('}', fp);
}

/* A move, numbered if Red's or if it opens a line (number). */
static void
put_move(FILE *fp, const struct gamerec *g, uint32_t id, enum notation nt,
    int number)
{
	const struct gnode *nd = &g->node[id];
	const struct xqpos *before = &g->pos[nd->parent];
	char buf[32];
	unsigned int n;

	n = g->start.side == RED ? (nd->ply + 1) / 2 : nd->ply / 2 + 1;
	if (before->side == RED)
		fprintf(fp, " %u.", n);
	else if (number)
		fprintf(fp, " %u...", n);
	format_move(before, nt, nd->move, buf, sizeof(buf));
	/*
	 * A PGN's ICCS moves are written as the ICCS standard has them,
	 * capitals and a dash (H2-E2), which its readers look for; the
	 * lines' h2e2 is UCCI's shorter form.
	 */
	if (nt == NOTATION_ICCS)
		fprintf(fp, " %c%c-%c%c", toupper((unsigned char)buf[0]), buf[1],
		    toupper((unsigned char)buf[2]), buf[3]);
	else
		fprintf(fp, " %s", buf);
}

void
pgn_write(FILE *fp, const struct gamerec *g, enum notation nt)
{
	struct pgn_item *stack, it;
	const struct gnode *nd;
	char fen[XQ_FENMAX];
	size_t i, sp = 0, depth = 0;
	uint32_t id, sib, rev;
	int number;

	if (gamerec_tag(g, "Game") == NULL)
		put_tag(fp, "Game", "Chinese Chess");
	/*
	 * FEN, Format and Result are written below from the game itself;
	 * [Variant "xiangqi"] says the movetext is WinBoard's SAN, which
	 * is never what is written here.
	 */
	for (i = 0; i < g->ntags; i++)
		if (strcasecmp(g->tag[i].name, "FEN") != 0 &&
		    strcasecmp(g->tag[i].name, "Format") != 0 &&
		    strcasecmp(g->tag[i].name, "Result") != 0 &&
		    strcasecmp(g->tag[i].name, "Variant") != 0)
			put_tag(fp, g->tag[i].name, g->tag[i].value);
	put_tag(fp, "Result", g->result[0] ? g->result : "*");
	if (!is_start_position(&g->start)) {
		fen_format(&g->start, fen, sizeof(fen));
		put_tag(fp, "FEN", fen);
	}
	if (nt != NOTATION_CHINESE)
		put_tag(fp, "Format", nt == NOTATION_WXF ? "WXF" : "ICCS");
	if (g->node[0].comment != NULL) {
		put_comment(fp, g->node[0].comment);
		putc('\n', fp);
	}
	stack = xreallocarray(NULL, 2 * g->n + 2, sizeof(*stack));
	if (g->node[0].child != NO_NODE) {
		stack[sp].node = g->node[0].child;
		stack[sp++].close = 0;
	}
	number = 1;
	while (sp > 0) {
		it = stack[--sp];
		if (it.close) {
			fputs(" )", fp);
			depth--;
			number = 1;
			continue;
		}
		id = it.node;
		nd = &g->node[id];
		if (g->node[nd->parent].child != id) {
			fputs(" (", fp);
			depth++;
			number = 1;
		}
		if (depth == 0 && g->pos[nd->parent].side == RED &&
		    nd->ply > 1)
			putc('\n', fp);
		put_move(fp, g, id, nt, number);
		number = 0;
		if (nd->comment != NULL) {
			put_comment(fp, nd->comment);
			number = 1;
		}
		/* Then the line goes on, after the alternatives to id. */
		if (nd->child != NO_NODE) {
			stack[sp].node = nd->child;
			stack[sp++].close = 0;
		}
		if (g->node[nd->parent].child != id)
			continue;
		/* The siblings, pushed last to first. */
		rev = NO_NODE;
		for (sib = nd->sibling; sib != NO_NODE;
		    sib = g->node[sib].sibling)
			rev = sib;
		while (rev != NO_NODE && rev != id) {
			stack[sp].close = 1;
			stack[sp++].node = rev;
			stack[sp].close = 0;
			stack[sp++].node = rev;
			/* The sibling before rev. */
			for (sib = id; g->node[sib].sibling != rev;
			    sib = g->node[sib].sibling)
				continue;
			rev = sib;
		}
		if (nd->sibling != NO_NODE)
			number = 1;
	}
	free(stack);
	fprintf(fp, "\n %s\n\n", g->result[0] ? g->result : "*");
}
