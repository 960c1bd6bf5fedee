/*
 * cbr.c: CBR files, the binary game record of CC Bridge, read.
 *
 * A record is a header of 2214 bytes, then its move tree.  The header
 * holds the magic "CCBridge Record" and its NUL, the record's kind at 19
 * (2; other kinds lay the header out otherwise and are refused), strings
 * of UTF-16LE in fields of fixed size, each ended by a NUL unless it
 * fills its field (header_strings below), the result at 2076, the side to
 * move at 2112 (1 Red, 2 Black), the number of the first move at 2116
 * (16 bits) and the board at 2120: 90 bytes, the top row (Black's back
 * rank) first, each left to right, a piece as 0x10 for Red or 0x20 for
 * Black plus its kind (1 rook, 2 horse, 3 elephant, 4 advisor, 5 king, 6
 * cannon, 7 pawn).  The bytes between the fields are not read: CC Bridge
 * leaves whatever its memory held there.
 *
 * From 2214 come records of four bytes (flags, spare, from, to), each
 * followed by its comment when its flags have 4: a 32-bit length in
 * bytes, then UTF-16LE.  A square is a row from the top times 9 plus a
 * file from the left.  The records come in depth-first pre-order, as in
 * XQF: a node, the line that follows it, then its alternative.  The
 * first record is the start, not a move: its comment is the one before
 * the first move.  Flags 1: no move follows in this line; 2: an
 * alternative to this move comes after the line that follows it.
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

#define CBR_HEADER	2214
#define CBR_KIND	19
#define CBR_RESULT	2076
#define CBR_SIDE	2112
#define CBR_FULLMOVE	2116
#define CBR_BOARD	2120

#define FLAG_END	0x01	/* no move follows in this line */
#define FLAG_SIBLING	0x02	/* an alternative follows the line */
#define FLAG_COMMENT	0x04
#define FLAGS_KNOWN	0x07

static const char cbr_magic[16] = "CCBridge Record";	/* and its NUL */

/* The PGN tags of the header's strings, as the CBF reader names them. */
static const struct {
	size_t		 at, size;
	const char	*tag;
} header_strings[] = {
	{ 180, 128, "Title" }, { 692, 64, "Event" }, { 756, 64, "Round" },
	{ 884, 64, "Date" }, { 948, 64, "Site" }, { 1076, 64, "Red" },
	{ 1140, 64, "RedTeam" }, { 1300, 64, "Black" },
	{ 1364, 64, "BlackTeam" }, { 1652, 64, "Annotator" }
};

/* Our kinds of the CBR ones, 1 to 7. */
static const uint8_t cbr_kind[8] = {
	EMPTY, ROOK, HORSE, ELEPHANT, ADVISOR, KING, CANNON, PAWN
};

struct cbr {
	const unsigned char *b;
	size_t		 len, at;
};

static char	*utf16_text(const unsigned char *, size_t, size_t *);
static void	 add_string(struct gamerec *, const struct cbr *, size_t,
		    size_t, const char *);
static int	 cbr_square(uint8_t);
static int	 read_board(const struct cbr *, struct gamerec *,
		    struct xqpos *);
static int	 read_comment(struct cbr *, struct gamerec *, uint32_t);
static void	 read_tree(struct cbr *, struct gamerec *);

int
cbr_detect(const unsigned char *b, size_t len)
{
	return len >= sizeof(cbr_magic) &&
	    memcmp(b, cbr_magic, sizeof(cbr_magic)) == 0;
}

/*
 * UTF-16LE of len bytes, up to its first NUL, as UTF-8; NULL if it is
 * not UTF-16 (an odd length, a lone surrogate).
 */
static char *
utf16_text(const unsigned char *s, size_t len, size_t *outlen)
{
	const char *why;
	size_t n;

	for (n = 0; n + 1 < len; n += 2)
		if (s[n] == 0 && s[n + 1] == 0) {
			len = n;
			break;
		}
	return text_to_utf8((const char *)s, len, "UTF-16LE", outlen, &why);
}

static void
add_string(struct gamerec *g, const struct cbr *c, size_t at, size_t size,
    const char *tag)
{
	size_t len;
	char *t;

	if ((t = utf16_text(c->b + at, size, &len)) == NULL) {
		gamerec_fault(g, 0, "header string not in UTF-16, left out",
		    tag, strlen(tag));
		return;
	}
	if (len > 0)
		gamerec_add_tag(g, tag, strlen(tag), t, len);
	free(t);
}

/* Our square of a CBR one, -1 off the board. */
static int
cbr_square(uint8_t v)
{
	if (v >= XQ_SQUARES)
		return -1;
	return (XQ_RANKS - 1 - v / XQ_FILES) * XQ_FILES + v % XQ_FILES;
}

/* The start: board, side and move number; -1, reported, if it has none. */
static int
read_board(const struct cbr *c, struct gamerec *g, struct xqpos *pos)
{
	const unsigned char *bd = c->b + CBR_BOARD;
	char tok[24];
	unsigned int v;
	int i;

	memset(pos, 0, sizeof(*pos));
	for (i = 0; i < XQ_SQUARES; i++) {
		v = bd[i];
		if (v == 0)
			continue;
		if ((v >> 4 != 1 && v >> 4 != 2) || (v & 15) < 1 ||
		    (v & 15) > 7) {
			snprintf(tok, sizeof(tok), "%02x at %d", v, i);
			gamerec_fault(g, 0, "not a piece on the board, the "
			    "moves are left out", tok, strlen(tok));
			return -1;
		}
		pos->sq[cbr_square((uint8_t)i)] = cbr_kind[v & 15] |
		    (v >> 4 == 2 ? BLACK_PIECE : 0);
	}
	switch (c->b[CBR_SIDE]) {
	case 1:
		pos->side = RED;
		break;
	case 2:
		pos->side = BLACK;
		break;
	default:
		snprintf(tok, sizeof(tok), "%u", c->b[CBR_SIDE]);
		gamerec_fault(g, 0, "side to move neither 1 (Red) nor 2 "
		    "(Black), the moves are left out", tok, strlen(tok));
		return -1;
	}
	v = c->b[CBR_FULLMOVE] | c->b[CBR_FULLMOVE + 1] << 8;
	pos->fullmove = v > 0 ? v : 1;
	return 0;
}

/* The comment of a record, if its flags say it has one: -1 if cut. */
static int
read_comment(struct cbr *c, struct gamerec *g, uint32_t id)
{
	uint32_t len;
	size_t tlen;
	char *t;

	if (c->len - c->at < 4)
		return -1;
	len = le32_get(c->b + c->at);
	c->at += 4;
	if (len > c->len - c->at)
		return -1;
	if ((t = utf16_text(c->b + c->at, len, &tlen)) == NULL) {
		if (id != NO_NODE)
			gamerec_fault(g, 0, "a comment not in UTF-16 is left "
			    "out", "", 0);
	} else {
		gamerec_comment(g, id, t, tlen);
		free(t);
	}
	c->at += len;
	return 0;
}

/* The records from 2214 on, in the order preorder_next follows. */
static void
read_tree(struct cbr *c, struct gamerec *g)
{
	struct preorder t = { 0, NULL, 0, 0 };
	const unsigned char *rec;
	uint32_t id;
	int root = 1, more;
	char tok[24];
	size_t i;

	c->at = CBR_HEADER;
	do {
		/* Every pass is for a record the one before promised. */
		if (c->len - c->at < 4) {
			gamerec_fault(g, 0, root ? "file ends before its "
			    "first record" : "file ends inside the move tree",
			    "", 0);
			goto done;
		}
		rec = c->b + c->at;
		c->at += 4;
		if (rec[0] & ~FLAGS_KNOWN) {
			snprintf(tok, sizeof(tok), "%02x", rec[0]);
			gamerec_fault(g, 0, "record flags not known, the "
			    "records from it on are left out", tok,
			    strlen(tok));
			goto done;
		}
		id = root ? 0 : gamerec_play_squares(g, t.parent,
		    cbr_square(rec[2]), cbr_square(rec[3]), rec + 2);
		if ((rec[0] & FLAG_COMMENT) && read_comment(c, g, id) == -1) {
			gamerec_fault(g, 0, "file ends inside a comment", "",
			    0);
			goto done;
		}
		more = preorder_next(&t, id, !(rec[0] & FLAG_END),
		    !root && (rec[0] & FLAG_SIBLING));
		root = 0;
	} while (more);
	/* A record may be padded with NULs, as in a library's slots. */
	for (i = c->at; i < c->len && c->b[i] == 0; i++)
		continue;
	if (i < c->len) {
		snprintf(tok, sizeof(tok), "%zu", c->len - c->at);
		gamerec_fault(g, 0, "bytes after the move tree", tok,
		    strlen(tok));
	}
done:
	free(t.stack);
}

/*
 * The game of a CBR file, to fn; -1, reported, if the file is not one
 * it can read (no game is made of it).
 */
int
cbr_read(const unsigned char *b, size_t len, const char *file,
    game_fn *fn, void *arg)
{
	struct gamerec g;
	struct xqpos pos;
	struct cbr c;
	size_t i;

	if (len < CBR_HEADER || !cbr_detect(b, len)) {
		fflush(stdout);
		warnx("%s: not a CBR file (too short or no CCBridge Record "
		    "magic)", file);
		return -1;
	}
	if (b[CBR_KIND] != 2) {
		fflush(stdout);
		warnx("%s: CBR record of kind %u, which is not read (kind 2 "
		    "is)", file, b[CBR_KIND]);
		return -1;
	}
	gamerec_init(&g, file, 1);
	c.b = b;
	c.len = len;
	for (i = 0; i < sizeof(header_strings) / sizeof(header_strings[0]);
	    i++)
		add_string(&g, &c, header_strings[i].at, header_strings[i].size,
		    header_strings[i].tag);
	gamerec_set_result_code(&g, b[CBR_RESULT]);
	if (read_board(&c, &g, &pos) == 0) {
		gamerec_set_start(&g, &pos);
		read_tree(&c, &g);
	}
	gamerec_check_start(&g);
	fn(&g, arg);
	gamerec_free(&g);
	return 0;
}
