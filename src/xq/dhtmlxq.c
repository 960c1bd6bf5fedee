/*
 * dhtmlxq.c: DhtmlXQ blocks, the game format of the dpxq and CC Bridge
 * web viewers, read and written.
 *
 * A block is [DhtmlXQ] ... [/DhtmlXQ] holding fields
 * [DhtmlXQ_name]value[/DhtmlXQ_name], alone or inside an HTML page.
 * Real files close a field with the wrong name ([DhtmlXQ_blacktime]
 * ...[/DhtmlXQ_time]), so a value runs to the next closing tag, whatever
 * it names.  Squares are two digits, x 0-8 from Red's left and y 0-9
 * from the top; _movelist is four digits a ply, _binit 32 squares in
 * the slot order R N B A K A B N R C C P P P P P, Red then Black, 99 off
 * the board; _move_P_S_B is branch B, which replaces ply S (from 1) of
 * branch P (0 being the main line); _commentN and _commentB_N are on
 * ply N of the main line or of branch B.
 *
 * Inside a web page a block is HTML text: it is read as a browser shows
 * it, markup left out, <br> a line break, the entities decoded, and the
 * move fields with the layout's white space taken out.  In a comment
 * "||" is a line break, as the viewers show it.
 */

#include "config.h"

#include <ctype.h>
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "gamefile.h"

#define DHTML_MAXBRANCH	100000	/* branch numbers read */

/* The kinds of the 16 slots of one side, in _binit's order. */
static const uint8_t slot_kind[16] = {
	ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, ROOK,
	CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN
};

/* Fields kept as tags, under the names PGN gives them. */
static const struct tag_name tag_names[] = {
	{ "title", "Title" }, { "event", "Event" }, { "date", "Date" },
	{ "place", "Site" }, { "round", "Round" }, { "red", "Red" },
	{ "redteam", "RedTeam" }, { "black", "Black" },
	{ "blackteam", "BlackTeam" }, { "author", "Annotator" },
	{ "remark", "Remark" }, { "open", "Opening" }
};

struct field {
	const char	*name, *value;
	size_t		 nlen, vlen;
};

struct branch {
	long		 parent, start;		/* start: its first ply */
	uint32_t	*node;			/* node of ply start + i */
	size_t		 n;
	const struct field *f;
};

static size_t	 read_fields(const char *, const char *, struct field **);
static const struct field *find(const struct field *, size_t, const char *);
static int	 read_binit(const struct field *, struct xqpos *);
static void	 game_block(const char *, const char *, char *, const char *,
		    size_t, game_fn *, void *);
static int	 is_web_page(const char *, const char *);
static void	 put_page_text(FILE *, const char *, int *);
static char	*page_text(const char *, const char *, size_t *);
static void	 squeeze_move_fields(struct field *, size_t, char *);
static void	 comment_text(struct gamerec *, uint32_t, const char *,
		    size_t);
static int	 by_number(const void *, const void *);
static void	 play_branch(struct gamerec *, struct branch *, size_t,
		    size_t);
static int	 find_ply(const struct branch *, size_t, long, long,
		    uint32_t *);
static void	 add_comments(struct gamerec *, struct branch *, size_t,
		    const struct field *, size_t);

int
dhtmlxq_detect(const char *s, size_t len)
{
	return memmem(s, len, "[DhtmlXQ", 8) != NULL;
}

/* The fields between p and end, into an array to free; their number. */
static size_t
read_fields(const char *p, const char *end, struct field **out)
{
	struct field *f = NULL;
	const char *q, *close;
	size_t n = 0;

	while ((q = memmem(p, end - p, "[DhtmlXQ_", 9)) != NULL) {
		p = q + 9;
		if ((close = memchr(p, ']', end - p)) == NULL)
			break;
		f = xreallocarray(f, n + 1, sizeof(*f));
		f[n].name = p;
		f[n].nlen = close - p;
		p = close + 1;
		q = memmem(p, end - p, "[/DhtmlXQ", 9);
		if (q == NULL)
			q = end;
		f[n].value = p;
		f[n].vlen = q - p;
		/* A value stops short of an opening tag, closed or not. */
		close = memmem(p, q - p, "[DhtmlXQ", 8);
		if (close != NULL)
			f[n].vlen = close - p;
		n++;
		p += f[n - 1].vlen;
	}
	*out = f;
	return n;
}

static const struct field *
find(const struct field *f, size_t n, const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < n; i++)
		if (f[i].nlen == len && memcmp(f[i].name, name, len) == 0)
			return &f[i];
	return NULL;
}

/*
 * The board square of two digits, -1 off the board or not digits: x 0-8
 * from Red's left, y 0-9 from the top (CBF's moves use it too).
 */
int
dhtmlxq_square(const char *s)
{
	int x = s[0] - '0', y = s[1] - '0';

	if (x < 0 || x > 8 || y < 0 || y > 9)
		return -1;
	return (9 - y) * XQ_FILES + x;
}

static int
read_binit(const struct field *f, struct xqpos *pos)
{
	int i, sq;

	if (f->vlen != 64)
		return -1;
	memset(pos, 0, sizeof(*pos));
	pos->fullmove = 1;
	for (i = 0; i < 32; i++) {
		if (!isdigit((unsigned char)f->value[2 * i]) ||
		    !isdigit((unsigned char)f->value[2 * i + 1]))
			return -1;
		if ((sq = dhtmlxq_square(f->value + 2 * i)) == -1)
			continue;
		if (pos->sq[sq] != EMPTY)
			return -1;
		pos->sq[sq] = slot_kind[i % 16] | (i >= 16 ? BLACK_PIECE : 0);
	}
	return 0;
}

static int
by_number(const void *a, const void *b)
{
	const long *x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

/*
 * Whether branch b reaches ply ply (0: the start), going up its parents,
 * with its node in *node: NO_NODE when the line that has the ply was cut
 * by a bad move, which is reported, or when no line has it.
 */
static int
find_ply(const struct branch *br, size_t nbr, long b, long ply,
    uint32_t *node)
{
	size_t guard;

	*node = ply == 0 ? 0 : NO_NODE;
	if (ply == 0)
		return 1;
	for (guard = 0; guard < nbr + 1; guard++) {
		if (b < 0 || (size_t)b >= nbr || br[b].f == NULL)
			return 0;
		if (ply >= br[b].start) {
			if ((size_t)(ply - br[b].start) >= br[b].n)
				return 0;
			*node = br[b].node[ply - br[b].start];
			return 1;
		}
		b = br[b].parent;
	}
	return 0;
}

/* The moves of branch b, played after the node they follow. */
static void
play_branch(struct gamerec *g, struct branch *br, size_t nbr, size_t b)
{
	const struct field *f = br[b].f;
	struct xqmove m;
	uint32_t cur;
	size_t i, n;
	int from, to;

	cur = 0;
	if (b != 0 && !find_ply(br, nbr, br[b].parent, br[b].start - 1, &cur))
		gamerec_fault(g, 0, "a branch after a move its line does not "
		    "have, left out", f->name, f->nlen);
	n = f->vlen / 4;
	br[b].node = xreallocarray(NULL, n + 1, sizeof(uint32_t));
	for (i = 0; i < n; i++) {
		from = dhtmlxq_square(f->value + 4 * i);
		to = dhtmlxq_square(f->value + 4 * i + 2);
		if (from == -1 || to == -1) {
			if (cur != NO_NODE)
				gamerec_fault(g, br[b].start + i, "not a move",
				    f->value + 4 * i, 4);
			cur = NO_NODE;
		} else {
			m.from = from;
			m.to = to;
			cur = gamerec_play(g, cur, m, NULL);
		}
		br[b].node[i] = cur;
	}
	br[b].n = n;
	if (f->vlen % 4 != 0 && cur != NO_NODE)
		gamerec_fault(g, br[b].start + n, "a move cut short",
		    f->value + 4 * n, f->vlen % 4);
}

static void
add_comments(struct gamerec *g, struct branch *br, size_t nbr,
    const struct field *f, size_t nf)
{
	const char *p, *end;
	long b, ply;
	uint32_t id;
	size_t i;
	char *e;

	for (i = 0; i < nf; i++) {
		if (f[i].nlen < 8 || memcmp(f[i].name, "comment", 7) != 0)
			continue;
		p = f[i].name + 7;
		end = f[i].name + f[i].nlen;
		b = 0;
		ply = strtol(p, &e, 10);
		if (e < end && *e == '_') {
			b = ply;
			ply = strtol(e + 1, &e, 10);
		}
		if (e != end || ply < 0 || b < 0 || f[i].vlen == 0)
			continue;
		if (!find_ply(br, nbr, b, ply, &id)) {
			gamerec_fault(g, 0, "a comment on a move the game does "
			    "not have, left out", f[i].name, f[i].nlen);
			continue;
		}
		comment_text(g, id, f[i].value, f[i].vlen);
	}
}

/* A comment of the file on a node, its "||" made line breaks. */
static void
comment_text(struct gamerec *g, uint32_t id, const char *s, size_t len)
{
	char *t;
	size_t i, n;

	t = xmalloc(len + 1);
	for (i = n = 0; i < len; i++) {
		if (s[i] == '|' && i + 1 < len && s[i + 1] == '|') {
			t[n++] = '\n';
			i++;
		} else
			t[n++] = s[i];
	}
	gamerec_comment(g, id, t, n);
	free(t);
}

/*
 * One [DhtmlXQ] block, p to end, as a game; page is the text of a web
 * page that p points into (its move fields are squeezed), or NULL.
 */
static void
game_block(const char *p, const char *end, char *page, const char *file,
    size_t number, game_fn *fn, void *arg)
{
	struct gamerec g;
	struct field *f;
	struct branch *br;
	struct xqpos pos;
	const struct field *ml, *x;
	long (*order)[4], v[3];
	size_t nf, i, j, nbr, norder = 0;
	char name[32], *e;

	nf = read_fields(p, end, &f);
	if (page != NULL)
		squeeze_move_fields(f, nf, page);
	gamerec_init(&g, file, number);
	for (i = 0; i < sizeof(tag_names) / sizeof(tag_names[0]); i++)
		if ((x = find(f, nf, tag_names[i].field)) != NULL &&
		    x->vlen > 0)
			gamerec_add_tag(&g, tag_names[i].tag,
			    strlen(tag_names[i].tag), x->value, x->vlen);
	if ((x = find(f, nf, "result")) != NULL) {
		if ((x->vlen == 6 && memcmp(x->value, "红胜", 6) == 0) ||
		    (x->vlen == 6 && memcmp(x->value, "紅勝", 6) == 0) ||
		    (x->vlen == 1 && *x->value == 'W'))
			gamerec_set_result(&g, "1-0");
		else if ((x->vlen == 6 && (memcmp(x->value, "黑胜", 6) == 0 ||
		    memcmp(x->value, "黑勝", 6) == 0)) ||
		    (x->vlen == 1 && *x->value == 'L'))
			gamerec_set_result(&g, "0-1");
		else if ((x->vlen == 6 && memcmp(x->value, "和局", 6) == 0) ||
		    (x->vlen == 1 && *x->value == 'D'))
			gamerec_set_result(&g, "1/2-1/2");
		else if (x->vlen != 0 &&
		    !(x->vlen == 6 && memcmp(x->value, "未知", 6) == 0))
			gamerec_fault(&g, 0, "result not known, left unknown",
			    x->value, x->vlen < 40 ? x->vlen : 40);
	}
	if ((x = find(f, nf, "binit")) != NULL && x->vlen > 0 &&
	    read_binit(x, &pos) == -1) {
		gamerec_fault(&g, 0, "bad _binit, the moves are left out",
		    x->value, x->vlen < 40 ? x->vlen : 40);
		goto done;
	} else if (x == NULL || x->vlen == 0)
		start_position(&pos);
	ml = find(f, nf, "movelist");
	/* Whoever moves first is to move. */
	if (ml != NULL && ml->vlen >= 4 && dhtmlxq_square(ml->value) != -1 &&
	    pos.sq[dhtmlxq_square(ml->value)] != EMPTY)
		pos.side = PIECE_SIDE(pos.sq[dhtmlxq_square(ml->value)]);
	gamerec_set_start(&g, &pos);
	if (ml == NULL)
		goto done;
	/* The branches, in the order of their numbers. */
	order = NULL;
	for (i = 0; i < nf; i++) {
		if (f[i].nlen < 6 || f[i].nlen >= sizeof(name) ||
		    memcmp(f[i].name, "move_", 5) != 0)
			continue;
		memcpy(name, f[i].name + 5, f[i].nlen - 5);
		name[f[i].nlen - 5] = '\0';
		e = name;
		for (j = 0; j < 3; j++) {
			v[j] = strtol(e, &e, 10);
			if ((j < 2 && *e != '_') || (j == 2 && *e != '\0'))
				break;
			e++;
		}
		/* A branch hangs on one numbered before it. */
		if (j < 3 || v[0] < 0 || v[1] < 1 || v[2] < 1 ||
		    v[2] > DHTML_MAXBRANCH || v[0] >= v[2]) {
			gamerec_fault(&g, 0, "not a branch of the game, left "
			    "out", f[i].name, f[i].nlen);
			continue;
		}
		order = xreallocarray(order, norder + 1, sizeof(*order));
		order[norder][0] = v[2];
		order[norder][1] = v[0];
		order[norder][2] = v[1];
		order[norder][3] = (long)i;
		norder++;
	}
	if (norder > 0)
		qsort(order, norder, sizeof(*order), by_number);
	nbr = norder > 0 ? (size_t)order[norder - 1][0] + 1 : 1;
	br = xreallocarray(NULL, nbr, sizeof(*br));
	memset(br, 0, nbr * sizeof(*br));
	br[0].f = ml;
	br[0].start = 1;
	br[0].parent = -1;
	play_branch(&g, br, nbr, 0);
	for (i = 0; i < norder; i++) {
		j = order[i][0];
		if (br[j].f != NULL)
			continue;
		br[j].f = &f[order[i][3]];
		br[j].parent = order[i][1];
		br[j].start = order[i][2];
		play_branch(&g, br, nbr, j);
	}
	add_comments(&g, br, nbr, f, nf);
	for (i = 0; i < nbr; i++)
		free(br[i].node);
	free(br);
	free(order);
done:
	gamerec_check_start(&g);
	fn(&g, arg);
	gamerec_free(&g);
	free(f);
}

void
dhtmlxq_read(const char *text, size_t len, const char *file, game_fn *fn,
    void *arg)
{
	const char *p = text, *end = text + len, *q, *close;
	char *page = NULL;
	size_t number = 0, plen;

	/* A web page is read as the text a browser shows of it. */
	if (is_web_page(text, end)) {
		page = page_text(text, end, &plen);
		p = page;
		end = page + plen;
		len = plen;
	}
	/* [DhtmlXQ] opens a game; a page without one holds one game. */
	if (memmem(p, len, "[DhtmlXQ]", 9) == NULL) {
		if (memmem(p, len, "[DhtmlXQ_", 9) != NULL)
			game_block(p, end, page, file, 1, fn, arg);
		free(page);
		return;
	}
	while ((q = memmem(p, end - p, "[DhtmlXQ]", 9)) != NULL) {
		q += 9;
		close = memmem(q, end - q, "[/DhtmlXQ]", 10);
		p = memmem(q, end - q, "[DhtmlXQ]", 9);
		if (close == NULL || (p != NULL && p < close))
			close = p != NULL ? p : end;
		game_block(q, close, page, file, ++number, fn, arg);
		p = close;
	}
	free(page);
}

/*
 * Reading a web page.  It is one when its first character that is not
 * white space (after a byte order mark) opens markup.
 */
static int
is_web_page(const char *p, const char *end)
{
	if (end - p >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
	    *p == '\n'))
		p++;
	return p < end && *p == '<';
}

/*
 * Text of a page's node as a browser lays it out, onto fp: a line
 * break of the source, with the blanks that follow it, one space (none
 * after a <br>, which is a line break).  *last is the last byte put.
 */
static void
put_page_text(FILE *fp, const char *t, int *last)
{
	for (; *t != '\0'; t++) {
		if (*t == '\r' || *t == '\n') {
			while (t[1] == '\r' || t[1] == '\n' || t[1] == ' ' ||
			    t[1] == '\t')
				t++;
			if (*last != 0 && *last != '\n')
				putc(*last = ' ', fp);
		} else
			putc(*last = (unsigned char)*t, fp);
	}
}

/*
 * The text of a page as a browser shows it, NUL-terminated, read by
 * libxml2's HTML parser: markup and comments left out, <br> a line
 * break, entities decoded.  The nodes are walked in document order
 * without recursion.
 */
static char *
page_text(const char *p, const char *end, size_t *outlen)
{
	htmlDocPtr doc;
	xmlNodePtr n;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;
	int last = 0;

	if ((fp = open_memstream(&out, &len)) == NULL)
		err(GF_EXIT_ERROR, "open_memstream");
	doc = end - p > INT_MAX ? NULL : htmlReadMemory(p, (int)(end - p),
	    NULL, "UTF-8", HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
	for (n = doc != NULL ? doc->children : NULL; n != NULL; ) {
		if (n->type == XML_ELEMENT_NODE &&
		    xmlStrcasecmp(n->name, (const xmlChar *)"br") == 0)
			putc(last = '\n', fp);
		else if ((n->type == XML_TEXT_NODE ||
		    n->type == XML_CDATA_SECTION_NODE) && n->content != NULL)
			put_page_text(fp, (const char *)n->content, &last);
		if (n->type == XML_ELEMENT_NODE && n->children != NULL) {
			n = n->children;
			continue;
		}
		while (n != NULL && n->next == NULL)
			n = n->parent != (xmlNodePtr)doc ? n->parent : NULL;
		if (n != NULL)
			n = n->next;
	}
	if (doc != NULL)
		xmlFreeDoc(doc);
	if (fclose(fp) != 0)
		err(GF_EXIT_ERROR, "open_memstream");
	*outlen = len;
	return out;
}

/*
 * The squares of _movelist, _move_P_S_B and _binit with the white space
 * a page's layout put among them taken out, in place in page.
 */
static void
squeeze_move_fields(struct field *f, size_t nf, char *page)
{
	size_t i, j, k, at;
	char *v;

	for (i = 0; i < nf; i++) {
		if (!(f[i].nlen == 8 && memcmp(f[i].name, "movelist", 8) ==
		    0) && !(f[i].nlen == 5 && memcmp(f[i].name, "binit",
		    5) == 0) && !(f[i].nlen > 5 && memcmp(f[i].name,
		    "move_", 5) == 0))
			continue;
		at = (size_t)(f[i].value - page);
		v = page + at;
		for (j = k = 0; j < f[i].vlen; j++)
			if (v[j] != ' ' && v[j] != '\n' && v[j] != '\t')
				v[k++] = v[j];
		f[i].vlen = k;
	}
}

/*
 * Writing: a block as the dpxq viewer reads it.  Branch numbers are
 * given in depth-first order of the tree, so that a branch's parent is
 * always written before it.
 */

static void	 put_field(FILE *, const char *, const char *, int);
static void	 put_square(FILE *, int);

/*
 * A field; in a comment (breaks nonzero) a line break is written "||",
 * as the viewers read it.
 */
static void
put_field(FILE *fp, const char *name, const char *value, int breaks)
{
	const char *p;

	fprintf(fp, "[DhtmlXQ_%s]", name);
	/* A bracket would end the value early. */
	for (p = value; *p != '\0'; p++)
		if (breaks && *p == '\r' && p[1] == '\n')
			continue;
		else if (breaks && *p == '\n')
			fputs("||", fp);
		else if (*p == '[')
			fputs("\xef\xbc\xbb", fp);
		else if (*p == ']')
			fputs("\xef\xbc\xbd", fp);
		else
			putc(*p, fp);
	fprintf(fp, "[/DhtmlXQ_%s]\n", name);
}

static void
put_square(FILE *fp, int sq)
{
	fprintf(fp, "%d%d", sq % XQ_FILES, 9 - sq / XQ_FILES);
}

void
dhtmlxq_write(FILE *fp, const struct gamerec *g)
{
	const struct gnode *nd;
	uint32_t *stack, *branch, id, head, sib;
	size_t i, j, sp = 0, sp0, nbranch = 0;
	int used[XQ_SQUARES], sq, slot, side;
	char name[48];
	const char *r;

	fputs("[DhtmlXQ]\n", fp);
	for (i = 0; i < sizeof(tag_names) / sizeof(tag_names[0]); i++)
		if ((r = gamerec_tag(g, tag_names[i].tag)) != NULL)
			put_field(fp, tag_names[i].field, r, 0);
	r = strcmp(g->result, "1-0") == 0 ? "红胜" :
	    strcmp(g->result, "0-1") == 0 ? "黑胜" :
	    strcmp(g->result, "1/2-1/2") == 0 ? "和局" : "未知";
	put_field(fp, "result", r, 0);
	if (!is_start_position(&g->start)) {
		/* Every piece into the first free slot of its kind. */
		memset(used, 0, sizeof(used));
		fputs("[DhtmlXQ_binit]", fp);
		for (slot = 0; slot < 32; slot++) {
			side = slot >= 16;
			for (sq = 0; sq < XQ_SQUARES; sq++)
				if (!used[sq] && g->start.sq[sq] ==
				    (slot_kind[slot % 16] |
				    (side ? BLACK_PIECE : 0)))
					break;
			if (sq == XQ_SQUARES)
				fputs("99", fp);
			else {
				used[sq] = 1;
				put_square(fp, sq);
			}
		}
		fputs("[/DhtmlXQ_binit]\n", fp);
	}
	/*
	 * Each branch is a head node (a child other than the first) and the
	 * line of first children below it; node 0's line is branch 0.
	 * branch[] maps a node to its branch number.
	 */
	branch = xreallocarray(NULL, g->n, sizeof(*branch));
	stack = xreallocarray(NULL, g->n + 1, sizeof(*stack));
	stack[sp++] = 0;
	while (sp > 0) {
		head = stack[--sp];
		j = nbranch++;
		if (head == 0) {
			branch[0] = 0;
			fputs("[DhtmlXQ_movelist]", fp);
			id = g->node[0].child;
		} else {
			nd = &g->node[head];
			snprintf(name, sizeof(name), "move_%u_%u_%zu",
			    branch[nd->parent], nd->ply, j);
			fprintf(fp, "[DhtmlXQ_%s]", name);
			id = head;
		}
		for (; id != NO_NODE; id = g->node[id].child) {
			nd = &g->node[id];
			branch[id] = (uint32_t)j;
			put_square(fp, nd->move.from);
			put_square(fp, nd->move.to);
		}
		if (head == 0)
			fputs("[/DhtmlXQ_movelist]\n", fp);
		else
			fprintf(fp, "[/DhtmlXQ_%s]\n", name);
		/* The branches off this one: the alternatives to its moves. */
		id = head == 0 ? g->node[0].child : g->node[head].child;
		sp0 = sp;
		for (; id != NO_NODE; id = g->node[id].child)
			for (sib = g->node[id].sibling; sib != NO_NODE;
			    sib = g->node[sib].sibling)
				stack[sp++] = sib;
		/* Numbered in the order of the tree: the first out first. */
		for (i = sp0, j = sp; i + 1 < j; i++, j--) {
			sib = stack[i];
			stack[i] = stack[j - 1];
			stack[j - 1] = sib;
		}
	}
	for (id = 0; id < g->n; id++) {
		if (g->node[id].comment == NULL)
			continue;
		if (branch[id] == 0)
			snprintf(name, sizeof(name), "comment%u",
			    g->node[id].ply);
		else
			snprintf(name, sizeof(name), "comment%u_%u",
			    branch[id], g->node[id].ply);
		put_field(fp, name, g->node[id].comment, 1);
	}
	free(stack);
	free(branch);
	fputs("[/DhtmlXQ]\n", fp);
}
