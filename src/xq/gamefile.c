/*
 * gamefile.c: the game a game file holds, as its readers build it: tags,
 * a start position and a tree of moves, each checked against the rules
 * as it is added.  A move that breaks them is reported with the file,
 * the game and the ply, and is left out with all that follows it in its
 * line; the rest of the game stands.
 */

#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "gamefile.h"

static uint32_t	 new_node(struct gamerec *);
static char	*copy_text(const char *, size_t);
static void	 cut_line(struct gamerec *, uint32_t);
static void	 mac_line_ends(char *, size_t);

static char *
copy_text(const char *s, size_t len)
{
	char *t;

	if (len == SIZE_MAX)
		errx(GF_EXIT_ERROR, "text too long");
	t = xmalloc(len + 1);
	memcpy(t, s, len);
	t[len] = '\0';
	return t;
}

void
gamerec_init(struct gamerec *g, const char *file, size_t number)
{
	memset(g, 0, sizeof(*g));
	g->file = file;
	g->number = number;
	start_position(&g->start);
	new_node(g);
	g->pos[0] = g->start;
	g->node[0].ply = 0;
}

void
gamerec_free(struct gamerec *g)
{
	size_t i;

	for (i = 0; i < g->ntags; i++) {
		free(g->tag[i].name);
		free(g->tag[i].value);
	}
	for (i = 0; i < g->n; i++)
		free(g->node[i].comment);
	for (i = 0; i < g->ncut; i++)
		free(g->cut_why[i]);
	free(g->cut_why);
	free(g->first_fault);
	free(g->last_fault);
	free(g->tag);
	free(g->node);
	free(g->pos);
	memset(g, 0, sizeof(*g));
}

/* A new node, linked to nothing. */
static uint32_t
new_node(struct gamerec *g)
{
	struct gnode *nd;

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 64;
		g->node = xreallocarray(g->node, g->cap, sizeof(*g->node));
		g->pos = xreallocarray(g->pos, g->cap, sizeof(*g->pos));
	}
	nd = &g->node[g->n];
	memset(nd, 0, sizeof(*nd));
	nd->parent = nd->child = nd->last_child = nd->sibling = NO_NODE;
	return (uint32_t)g->n++;
}

/* The start position; only before any move is added. */
void
gamerec_set_start(struct gamerec *g, const struct xqpos *pos)
{
	g->start = *pos;
	g->pos[0] = *pos;
}

/*
 * Can a game reach the start position (would a FEN of it be taken)?  If
 * not, it is reported and the game's moves are left out.  Done once, at
 * the first move or when the game is complete.
 */
int
gamerec_check_start(struct gamerec *g)
{
	struct xqpos check;
	const char *end;
	char fen[XQ_FENMAX];

	if (g->start_checked)
		return g->bad_start ? -1 : 0;
	g->start_checked = 1;
	fen_format(&g->start, fen, sizeof(fen));
	if (fen_parse(&check, fen, &end) == -1) {
		gamerec_fault(g, 0, "no game can reach the start position, "
		    "its moves are left out", fen, strlen(fen));
		g->bad_start = 1;
		return -1;
	}
	return 0;
}

void
gamerec_add_tag(struct gamerec *g, const char *name, size_t nlen,
    const char *value, size_t vlen)
{
	g->tag = xreallocarray(g->tag, g->ntags + 1, sizeof(*g->tag));
	g->tag[g->ntags].name = copy_text(name, nlen);
	g->tag[g->ntags].value = copy_text(value, vlen);
	g->ntags++;
}

/* The value of the tag named, or NULL. */
const char *
gamerec_tag(const struct gamerec *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->ntags; i++)
		if (strcmp(g->tag[i].name, name) == 0)
			return g->tag[i].value;
	return NULL;
}

/*
 * Report a fault of the game: "FILE: game N: what", ply naming the move
 * that cut its line, if any.  What is kept: the first, for the record
 * of the game, and the last, for a line gamerec_play cuts.
 */
void
gamerec_fault(struct gamerec *g, size_t ply, const char *why,
    const char *token, size_t len)
{
	char msg[256];

	g->faults++;
	if (ply == 0 && len == 0)
		snprintf(msg, sizeof(msg), "%s", why);
	else if (ply == 0)
		snprintf(msg, sizeof(msg), "%s (%s)", why, excerpt(token, len));
	else
		snprintf(msg, sizeof(msg), "ply %zu: %s: %s; the rest of its "
		    "line is left out", ply, excerpt(token, len), why);
	fflush(stdout);
	warnx("%s: game %zu: %s", g->file, g->number, msg);
	if (g->first_fault == NULL)
		g->first_fault = xstrdup(msg);
	free(g->last_fault);
	g->last_fault = xstrdup(msg);
}

/* The line through parent is cut by the fault just reported. */
static void
cut_line(struct gamerec *g, uint32_t parent)
{
	if (g->node[parent].cut != 0)
		return;
	g->cut_why = xreallocarray(g->cut_why, g->ncut + 1,
	    sizeof(*g->cut_why));
	/* The line takes the message over. */
	g->cut_why[g->ncut++] = g->last_fault;
	g->last_fault = NULL;
	g->node[parent].cut = (uint32_t)g->ncut;
}

/*
 * Play a move after the node parent, as its last child.  Returns the
 * new node, or NO_NODE if the parent is NO_NODE (a line already cut),
 * or if the move breaks the rules: that is reported, token naming the
 * move as the file wrote it (NULL: in ICCS).
 */
uint32_t
gamerec_play(struct gamerec *g, uint32_t parent, struct xqmove m,
    const char *token)
{
	const struct xqpos *pos;
	char iccs[8];
	uint32_t id, last;
	const char *why;

	if (parent == NO_NODE || gamerec_check_start(g) == -1)
		return NO_NODE;
	pos = &g->pos[parent];
	if (m.from >= XQ_SQUARES || m.to >= XQ_SQUARES) {
		gamerec_fault(g, g->node[parent].ply + 1,
		    "square off the board", token ? token : "", token ?
		    strlen(token) : 0);
		cut_line(g, parent);
		return NO_NODE;
	}
	if (!is_legal(pos, m)) {
		iccs[0] = 'a' + m.from % 9;
		iccs[1] = '0' + m.from / 9;
		iccs[2] = 'a' + m.to % 9;
		iccs[3] = '0' + m.to / 9;
		iccs[4] = '\0';
		why = move_fault(pos, m);
		if (token == NULL)
			token = iccs;
		gamerec_fault(g, g->node[parent].ply + 1, why, token,
		    strlen(token));
		cut_line(g, parent);
		return NO_NODE;
	}
	if (g->node[parent].ply >= GAME_MAXDEPTH || g->n >= GAME_MAXNODES) {
		gamerec_fault(g, g->node[parent].ply + 1,
		    "too many moves (the limits are 10000 plies a line and "
		    "16777216 moves a game)", "", 0);
		cut_line(g, parent);
		return NO_NODE;
	}
	id = new_node(g);
	g->node[id].move = m;
	g->node[id].parent = parent;
	g->node[id].ply = g->node[parent].ply + 1;
	g->pos[id] = g->pos[parent];
	make_move(&g->pos[id], m);
	last = g->node[parent].last_child;
	if (last == NO_NODE)
		g->node[parent].child = id;
	else
		g->node[last].sibling = id;
	g->node[parent].last_child = id;
	return id;
}

/* Play a move written in a notation (NOTATION_AUTO: as it looks). */
/*
 * A move of a binary file, from and to our squares or -1 off the board:
 * a square off the board is refused with the file's two bytes for it.
 */
uint32_t
gamerec_play_squares(struct gamerec *g, uint32_t parent, int from, int to,
    const unsigned char *bytes)
{
	struct xqmove m;
	char tok[8];

	if (from < 0 || to < 0) {
		snprintf(tok, sizeof(tok), "%02x%02x", bytes[0], bytes[1]);
		m.from = m.to = XQ_SQUARES;
		return gamerec_play(g, parent, m, tok);
	}
	m.from = (uint8_t)from;
	m.to = (uint8_t)to;
	return gamerec_play(g, parent, m, NULL);
}

uint32_t
gamerec_play_text(struct gamerec *g, uint32_t parent, enum notation nt,
    const char *s, size_t len)
{
	struct xqmove m;
	const char *why;

	if (parent == NO_NODE)
		return NO_NODE;
	if (parse_move(&g->pos[parent], nt, s, len, &m, &why) == -1) {
		gamerec_fault(g, g->node[parent].ply + 1, why, s, len);
		return NO_NODE;
	}
	return gamerec_play(g, parent, m, NULL);
}

/* A comment on the node (appended, on a line of its own, to any). */
void
gamerec_comment(struct gamerec *g, uint32_t id, const char *s, size_t len)
{
	struct gnode *nd;
	size_t old;
	char *t;

	if (id == NO_NODE || len == 0)
		return;
	nd = &g->node[id];
	if (nd->comment == NULL) {
		nd->comment = copy_text(s, len);
		return;
	}
	old = strlen(nd->comment);
	if (len > SIZE_MAX - old - 2)
		errx(GF_EXIT_ERROR, "comment too long");
	t = xmalloc(old + len + 2);
	memcpy(t, nd->comment, old);
	t[old] = '\n';
	memcpy(t + old + 1, s, len);
	t[old + 1 + len] = '\0';
	free(nd->comment);
	nd->comment = t;
}

void
gamerec_set_result(struct gamerec *g, const char *r)
{
	strlcpy(g->result, r, sizeof(g->result));
}

/*
 * The result as XQF, CBF and CBR number it: 1 Red won, 2 Black won, 3 a
 * draw; any other number leaves it unknown.
 */
void
gamerec_set_result_code(struct gamerec *g, unsigned int code)
{
	static const char *const result[] = { "1-0", "0-1", "1/2-1/2" };

	if (code >= 1 && code <= 3)
		gamerec_set_result(g, result[code - 1]);
}

/* The line from the start to the node, as a move list. */
void
gamerec_line(const struct gamerec *g, uint32_t leaf, struct movelist *ml)
{
	uint32_t id;
	size_t i, n;

	ml->n = 0;
	ml->start = g->start;
	n = g->node[leaf].ply;
	for (i = 0; i < n; i++)
		movelist_push(ml, g->node[0].move);
	for (id = leaf, i = n; id != 0; id = g->node[id].parent)
		ml->move[--i] = g->node[id].move;
}

void
gamerec_main_line(const struct gamerec *g, struct movelist *ml)
{
	uint32_t id;

	ml->n = 0;
	ml->start = g->start;
	for (id = g->node[0].child; id != NO_NODE; id = g->node[id].child)
		movelist_push(ml, g->node[id].move);
}

/*
 * The ends of every line, main line first, then in depth-first order
 * of the tree (first children first), into an array to free.  An
 * explicit stack of the siblings still to visit stands in for
 * recursion.
 */
size_t
gamerec_leaves(const struct gamerec *g, uint32_t **out)
{
	uint32_t *stack, *leaf, id;
	size_t sp = 0, n = 0;

	stack = xreallocarray(NULL, g->n + 1, sizeof(*stack));
	leaf = xreallocarray(NULL, g->n + 1, sizeof(*leaf));
	stack[sp++] = 0;
	while (sp > 0) {
		id = stack[--sp];
		/* Down the first children; the others wait on the stack. */
		for (;;) {
			if (g->node[id].sibling != NO_NODE && id != 0)
				stack[sp++] = g->node[id].sibling;
			if (g->node[id].child == NO_NODE)
				break;
			id = g->node[id].child;
		}
		leaf[n++] = id;
	}
	free(stack);
	*out = leaf;
	return n;
}

/*
 * After the record of node id (NO_NODE if it was refused; 0, the start,
 * for the first record, which has no alternative), which child says a
 * move follows in its line and sibling that an alternative to it comes
 * after that line: t->parent is the parent of the next record.  A
 * record with an alternative keeps its parent on the stack; a line that
 * ends takes the parent of the next record off it.  Returns 1 if a
 * record follows, 0 when the tree is done (the stack freed) or holds
 * more alternatives than a game may have moves.
 */
int
preorder_next(struct preorder *t, uint32_t id, int child, int sibling)
{
	if (sibling) {
		if (t->n == t->cap) {
			t->cap = t->cap ? t->cap * 2 : 64;
			if (t->cap > GAME_MAXNODES)
				goto done;
			t->stack = xreallocarray(t->stack, t->cap,
			    sizeof(*t->stack));
		}
		t->stack[t->n++] = t->parent;
	}
	if (child) {
		t->parent = id;
		return 1;
	}
	if (t->n > 0) {
		t->parent = t->stack[--t->n];
		return 1;
	}
done:
	free(t->stack);
	memset(t, 0, sizeof(*t));
	return 0;
}

/*
 * What a file holds, from its first bytes: XQF and CBR by their magic,
 * PGN by a tag pair at its start, CBF by its XML root element, DhtmlXQ
 * by its tags anywhere in the first megabyte (a web page has much before
 * them).  CC Bridge's library of records, CBL, is told by its magic only
 * to be refused by name.  The tests look at ASCII only, so they hold in
 * any encoding the text may be in.
 */
static const char cbl_magic[] = "CCBridgeLibrary";	/* and its NUL */

enum file_format
detect_file_format(const char *s, size_t len)
{
	if (xqf_detect((const unsigned char *)s, len))
		return FILE_XQF;
	if (cbr_detect((const unsigned char *)s, len))
		return FILE_CBR;
	if (len >= sizeof(cbl_magic) &&
	    memcmp(s, cbl_magic, sizeof(cbl_magic)) == 0)
		return FILE_CBL;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	if (pgn_detect(s, len))
		return FILE_PGN;
	if (cbf_detect(s, len))
		return FILE_CBF;
	if (dhtmlxq_detect(s, len < (1 << 20) ? len : (1 << 20)))
		return FILE_DHTMLXQ;
	return FILE_NONE;
}

/*
 * Does a first line, without its newline, begin a game file?  A web
 * page may hold DhtmlXQ blocks further down: its first line is markup.
 */
int
starts_game_file(const char *s, size_t len)
{
	if (detect_file_format(s, len) != FILE_NONE)
		return 1;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	return len > 0 && *s == '<';
}

/*
 * Read the games of a file in memory, in the format given (FILE_NONE:
 * detect it) and the encoding given (NULL: tell it by the text).
 * Returns 0, or -1 when the file could not be read at all (reported).
 */
int
read_game_file(const char *s, size_t len, const char *name,
    enum file_format ff, const char *encoding, game_fn *fn, void *arg)
{
	const char *why;
	char *text;
	size_t tlen;

	if (ff == FILE_NONE && (ff = detect_file_format(s, len)) == FILE_NONE) {
		fflush(stdout);
		warnx("%s: not a PGN, DhtmlXQ, XQF, CBF or CBR file", name);
		return -1;
	}
	if (ff == FILE_CBL) {
		fflush(stdout);
		warnx("%s: a CC Bridge library (CBL), which is not read: "
		    "export its games from CC Bridge as CBR, CBF or PGN", name);
		return -1;
	}
	if (ff == FILE_XQF)
		return xqf_read((const unsigned char *)s, len, name,
		    encoding != NULL ? encoding : "GB18030", fn, arg);
	if (ff == FILE_CBR)
		return cbr_read((const unsigned char *)s, len, name, fn, arg);
	if ((ff == FILE_CBF && !cbf_detect(s, len)) ||
	    (ff == FILE_DHTMLXQ && !dhtmlxq_detect(s, len))) {
		fflush(stdout);
		warnx("%s: %s", name, ff == FILE_CBF ? "not a CBF file (no "
		    "<ChineseChessRecord> root)" : "not a DhtmlXQ file (no "
		    "[DhtmlXQ] tag)");
		return -1;
	}
	if (ff == FILE_CBF) {
		cbf_read(s, len, name, encoding, fn, arg);
		return 0;
	}
	if (encoding == NULL &&
	    (encoding = detect_encoding(s, len, &why)) == NULL) {
		fflush(stdout);
		warnx("%s: unknown text encoding: %s", name, why);
		return -1;
	}
	if ((text = text_to_utf8(s, len, encoding, &tlen, &why)) == NULL) {
		fflush(stdout);
		warnx("%s: %s: %s", name, encoding, why);
		return -1;
	}
	mac_line_ends(text, tlen);
	if (ff == FILE_PGN)
		pgn_read(text, tlen, name, fn, arg);
	else
		dhtmlxq_read(text, tlen, name, fn, arg);
	free(text);
	return 0;
}

/*
 * A CR alone ends a line, as the classic Mac OS and some old programs
 * wrote text: made a newline, so that the readers, which split at
 * newlines, do not take a whole file of tags and moves for one tag.  A
 * CR before a newline stays.
 */
static void
mac_line_ends(char *text, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n'))
			text[i] = '\n';
}
