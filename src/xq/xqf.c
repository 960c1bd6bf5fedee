/*
 * xqf.c: XQF files, the binary game format of XQStudio, read.
 *
 * The header (0x000-0x3FF) holds the magic "XQ", the version, the keys
 * of the obfuscated versions, the 32 pieces' squares (slot order R N B
 * A K A B N R C C P P P P P, Red then Black; a square is X * 10 + Y,
 * Y from Red's side, 90 or more off the board), the result and Pascal
 * strings in GBK.  From 0x400 come records of four bytes (from, to,
 * flags, reserved), each with its comment, in depth-first pre-order: a
 * node, then the line that follows it, then its sibling.  Version 0x0A
 * is plain; from 0x0B on squares, the piece table and everything from
 * 0x400 on are disguised with keys derived from header bytes 3 and
 * 8-0x0F, as described in xq-bitpack(1).
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

#define XQF_HEADER	0x400

static const char copyright[32] = "[(C) Copyright Mr. Dong Shiwei.]";

/* The ids of the slots, as in DhtmlXQ's _binit. */
static const uint8_t slot_kind[16] = {
	ROOK, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, ROOK,
	CANNON, CANNON, PAWN, PAWN, PAWN, PAWN, PAWN
};

static const struct {
	size_t		 at;
	const char	*tag;
} header_strings[] = {
	{ 0x50, "Title" }, { 0xd0, "Event" }, { 0x110, "Date" },
	{ 0x120, "Site" }, { 0x130, "Red" }, { 0x140, "Black" }
};

struct xqf {
	const unsigned char *b;
	size_t		 len, at;
	int		 version;
	uint8_t		 xyp, xyf, xyt;
	uint32_t	 comment_key;
	uint8_t		 mask[32];	/* subtracted from bytes at 0x400 on */
	const char	*encoding;
};

static void	 set_keys(struct xqf *);
static int	 get(struct xqf *, uint8_t *, size_t);
static int	 xqf_square(int);
static void	 add_string(struct gamerec *, const struct xqf *, size_t,
		    const char *);
static char	*to_text(const struct xqf *, const unsigned char *, size_t,
		    size_t *);
static void	 add_comment(const struct xqf *, struct gamerec *, uint32_t,
		    const char *, size_t);
static int	 read_pieces(const struct xqf *, struct xqpos *);
static void	 read_tree(struct xqf *, struct gamerec *);

int
xqf_detect(const unsigned char *b, size_t len)
{
	return len >= 2 && b[0] == 'X' && b[1] == 'Q';
}

static uint8_t
key_g(uint8_t k)
{
	return (uint8_t)(54 * k * k + 221);
}

static void
set_keys(struct xqf *x)
{
	const unsigned char *b = x->b;
	uint8_t f[4], m;
	int i;

	memset(x->mask, 0, sizeof(x->mask));
	x->xyp = x->xyf = x->xyt = 0;
	x->comment_key = 0;
	if (x->version <= 0x0a)
		return;
	x->xyp = (uint8_t)(key_g(b[0x0d]) * b[0x0d]);
	x->xyf = (uint8_t)(key_g(b[0x0e]) * x->xyp);
	x->xyt = (uint8_t)(key_g(b[0x0f]) * x->xyf);
	x->comment_key = (b[0x0c] * 256 + b[0x0d]) % 32000 + 767;
	m = b[3];
	for (i = 0; i < 4; i++)
		f[i] = (b[0x0c + i] & m) | b[8 + i];
	for (i = 0; i < 32; i++)
		x->mask[i] = (uint8_t)copyright[i] & f[i % 4];
}

/* n bytes of the move tree, undisguised; -1 at the end of the file. */
static int
get(struct xqf *x, uint8_t *out, size_t n)
{
	size_t i;

	if (n > x->len - x->at)
		return -1;
	for (i = 0; i < n; i++, x->at++)
		out[i] = (uint8_t)(x->b[x->at] - x->mask[x->at % 32]);
	return 0;
}

/* Our square of an XQF one, -1 off the board. */
static int
xqf_square(int v)
{
	if (v < 0 || v >= 90)
		return -1;
	return (v % 10) * XQ_FILES + v / 10;
}

static char *
to_text(const struct xqf *x, const unsigned char *s, size_t len,
    size_t *outlen)
{
	const char *why;

	return text_to_utf8((const char *)s, len, x->encoding, outlen, &why);
}

static void
add_string(struct gamerec *g, const struct xqf *x, size_t at,
    const char *tag)
{
	size_t n = x->b[at], len;
	char *t;

	if (n == 0)
		return;
	if (n > 0x3f || at + 1 + n > XQF_HEADER)
		n = XQF_HEADER - at - 1 < 0x3f ? XQF_HEADER - at - 1 : 0x3f;
	if ((t = to_text(x, x->b + at + 1, n, &len)) == NULL) {
		gamerec_fault(g, 0, "header string not in the encoding, "
		    "left out", tag, strlen(tag));
		return;
	}
	if (len > 0)
		gamerec_add_tag(g, tag, strlen(tag), t, len);
	free(t);
}

static void
add_comment(const struct xqf *x, struct gamerec *g, uint32_t id,
    const char *s, size_t len)
{
	size_t tlen;
	char *u;

	if ((u = to_text(x, (const unsigned char *)s, len, &tlen)) == NULL) {
		if (id != NO_NODE)
			gamerec_fault(g, 0, "a comment not in the encoding "
			    "is left out", "", 0);
		return;
	}
	gamerec_comment(g, id, u, tlen);
	free(u);
}

static int
read_pieces(const struct xqf *x, struct xqpos *pos)
{
	int i, slot, sq, v;

	memset(pos, 0, sizeof(*pos));
	pos->fullmove = 1;
	for (i = 0; i < 32; i++) {
		v = x->b[0x10 + i];
		slot = i;
		if (x->version > 0x0a)
			v = (uint8_t)(v - x->xyp);
		if (x->version >= 0x0c)
			slot = (x->xyp + 1 + i) % 32;
		if ((sq = xqf_square(v)) == -1)
			continue;
		if (pos->sq[sq] != EMPTY)
			return -1;
		pos->sq[sq] = slot_kind[slot % 16] |
		    (slot >= 16 ? BLACK_PIECE : 0);
	}
	return 0;
}

/* The records from 0x400 on, in the order preorder_next follows. */
static void
read_tree(struct xqf *x, struct gamerec *g)
{
	struct preorder t = { 0, NULL, 0, 0 };
	uint8_t rec[4], lb[4];
	struct xqpos start;
	int child, sibling, comment, from, root = 1, more;
	uint32_t id, len;
	char *text, tok[24];

	x->at = XQF_HEADER;
	do {
		/* Every pass is for a record the one before promised. */
		if (get(x, rec, 4) == -1) {
			gamerec_fault(g, 0, root ? "file ends before its "
			    "first record" : "file ends inside the move tree",
			    "", 0);
			goto done;
		}
		if (x->version <= 0x0a) {
			child = rec[2] & 0xf0;
			sibling = rec[2] & 0x0f;
			comment = 1;
		} else {
			child = rec[2] & 0x80;
			sibling = rec[2] & 0x40;
			comment = rec[2] & 0x20;
		}
		id = 0;
		if (!root) {
			from = xqf_square((uint8_t)(rec[0] - 0x18 - x->xyf));
			/* Whoever moves first is to move. */
			if (g->n == 1 && t.parent == 0 && from != -1 &&
			    g->start.sq[from] != EMPTY) {
				start = g->start;
				start.side = PIECE_SIDE(g->start.sq[from]);
				gamerec_set_start(g, &start);
			}
			id = gamerec_play_squares(g, t.parent, from,
			    xqf_square((uint8_t)(rec[1] - 0x20 - x->xyt)), rec);
		}
		if (comment) {
			if (get(x, lb, 4) == -1)
				goto truncated;
			len = le32_get(lb) - x->comment_key;
			if (len > x->len - x->at)
				goto truncated;
			if (len > 0) {
				text = xmalloc(len);
				get(x, (uint8_t *)text, len);
				add_comment(x, g, id, text, len);
				free(text);
			}
		}
		more = preorder_next(&t, id, child, !root && sibling);
		root = 0;
	} while (more);
	if (x->at < x->len) {
		snprintf(tok, sizeof(tok), "%zu", x->len - x->at);
		gamerec_fault(g, 0, "bytes after the move tree", tok,
		    strlen(tok));
	}
	goto done;
truncated:
	gamerec_fault(g, 0, "file ends inside a comment", "", 0);
done:
	free(t.stack);
}

/*
 * The game of an XQF file, to fn; -1, reported, if the file is not one
 * it can read (no game is made of it).
 */
int
xqf_read(const unsigned char *b, size_t len, const char *file,
    const char *encoding, game_fn *fn, void *arg)
{
	struct gamerec g;
	struct xqpos pos;
	struct xqf x;
	size_t i;

	if (len < XQF_HEADER || !xqf_detect(b, len)) {
		fflush(stdout);
		warnx("%s: not an XQF file (too short or no XQ magic)", file);
		return -1;
	}
	if (b[2] < 0x0a || b[2] > 0x12) {
		fflush(stdout);
		warnx("%s: XQF version not known (0x%02x; 0x0a to 0x12 are)",
		    file, b[2]);
		return -1;
	}
	gamerec_init(&g, file, 1);
	memset(&x, 0, sizeof(x));
	x.b = b;
	x.len = len;
	x.encoding = encoding;
	x.version = b[2];
	set_keys(&x);
	for (i = 0; i < sizeof(header_strings) / sizeof(header_strings[0]);
	    i++)
		add_string(&g, &x, header_strings[i].at, header_strings[i].tag);
	gamerec_set_result_code(&g, b[0x33]);
	if (read_pieces(&x, &pos) == -1) {
		gamerec_fault(&g, 0, "two pieces on one square in the piece "
		    "table, the moves are left out", "", 0);
		goto done;
	}
	gamerec_set_start(&g, &pos);
	read_tree(&x, &g);
done:
	gamerec_check_start(&g);
	fn(&g, arg);
	gamerec_free(&g);
	return 0;
}

/*
 * Writing: version 0x0A, the plain one of the 1.0 specification, its
 * strings in GBK (GB18030).  Nothing tells the side to move but the
 * first move, so a start with Black to move and no move is written as
 * Red's.
 */

static void	 put_string(unsigned char *, size_t, size_t, const char *);
static void	 put_xqf_comment(FILE *, const char *);

/* A Pascal string of at most max bytes, cut at a character. */
static void
put_string(unsigned char *h, size_t at, size_t max, const char *s)
{
	const char *why;
	char *t;
	size_t len, n;

	if (s == NULL || *s == '\0')
		return;
	if ((t = text_from_utf8(s, strlen(s), "GB18030", &len, &why)) == NULL)
		return;
	/* A GB18030 character is one byte below 0x80, else two or four. */
	for (n = 0; n < len; ) {
		size_t w = (unsigned char)t[n] < 0x80 ? 1 :
		    n + 1 < len && (unsigned char)t[n + 1] >= 0x30 &&
		    (unsigned char)t[n + 1] <= 0x39 ? 4 : 2;
		if (n + w > max)
			break;
		n += w;
	}
	h[at] = (unsigned char)n;
	memcpy(h + at + 1, t, n);
	free(t);
}

static void
put_xqf_comment(FILE *fp, const char *s)
{
	unsigned char lb[4];
	const char *why;
	size_t len = 0;
	char *t = NULL;

	if (s != NULL)
		t = text_from_utf8(s, strlen(s), "GB18030", &len, &why);
	if (t == NULL)
		len = 0;
	le32_put(lb, (uint32_t)len);
	fwrite(lb, 1, 4, fp);
	fwrite(t, 1, len, fp);
	free(t);
}

void
xqf_write(FILE *fp, const struct gamerec *g)
{
	static const size_t max_len[] = { 0x7f, 0x3f, 0x0f, 0x0f, 0x0f,
	    0x0f };
	unsigned char h[XQF_HEADER];
	uint32_t *stack, id;
	int used[XQ_SQUARES], slot, sq, kind;
	size_t i, sp = 0;
	uint8_t flags;

	memset(h, 0, sizeof(h));
	h[0] = 'X';
	h[1] = 'Q';
	h[2] = 0x0a;
	memset(used, 0, sizeof(used));
	for (slot = 0; slot < 32; slot++) {
		kind = slot_kind[slot % 16] | (slot >= 16 ? BLACK_PIECE : 0);
		h[0x10 + slot] = 0xff;
		for (sq = 0; sq < XQ_SQUARES; sq++)
			if (!used[sq] && g->start.sq[sq] == kind) {
				used[sq] = 1;
				h[0x10 + slot] = (sq % XQ_FILES) * 10 +
				    sq / XQ_FILES;
				break;
			}
	}
	h[0x33] = strcmp(g->result, "1-0") == 0 ? 1 :
	    strcmp(g->result, "0-1") == 0 ? 2 :
	    strcmp(g->result, "1/2-1/2") == 0 ? 3 : 0;
	h[0x40] = is_start_position(&g->start) ? 0 : 3;
	for (i = 0; i < sizeof(header_strings) / sizeof(header_strings[0]);
	    i++)
		put_string(h, header_strings[i].at, max_len[i],
		    gamerec_tag(g, header_strings[i].tag));
	fwrite(h, 1, sizeof(h), fp);
	/* Pre-order: a node, its line, then its sibling. */
	stack = xreallocarray(NULL, g->n + 1, sizeof(*stack));
	stack[sp++] = 0;
	while (sp > 0) {
		id = stack[--sp];
		flags = 0;
		if (g->node[id].child != NO_NODE)
			flags |= 0xf0;
		if (id != 0 && g->node[id].sibling != NO_NODE)
			flags |= 0x0f;
		if (id == 0) {
			putc(0x18, fp);
			putc(0x20, fp);
		} else {
			sq = g->node[id].move.from;
			putc((sq % XQ_FILES) * 10 + sq / XQ_FILES + 0x18, fp);
			sq = g->node[id].move.to;
			putc((sq % XQ_FILES) * 10 + sq / XQ_FILES + 0x20, fp);
		}
		putc(flags, fp);
		putc(0, fp);
		put_xqf_comment(fp, g->node[id].comment);
		if (id != 0 && g->node[id].sibling != NO_NODE)
			stack[sp++] = g->node[id].sibling;
		if (g->node[id].child != NO_NODE)
			stack[sp++] = g->node[id].child;
	}
	free(stack);
}
