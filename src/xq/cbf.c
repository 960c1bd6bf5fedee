/*
 * cbf.c: CBF files, the XML game format of CC Bridge (象棋桥), read
 * through libxml2.
 *
 * The root element is <ChineseChessRecord>; <Head> holds the tags
 * (<Name>, <Contest>, <Date>, <Red>, <Black>, ...), <RecordResult> and
 * <FEN>, the start position; <MoveList> holds one <Move value="XY-XY">
 * a ply in DhtmlXQ's squares (x 0-8 from Red's left, y 0-9 from the
 * top), its text (a CDATA section) being the comment on that ply.  The
 * first <Move>, "00-00", is the start: its text is the comment before
 * the first move.  The last may carry end="1".
 *
 * No file known holds a variation, nor does any public reader of the
 * format know of one, so the move list is read as one line, and any
 * other element inside it is refused (reported) rather than guessed at.
 * RecordResult is read as XQF's result byte is (the files are converted
 * from XQF, and a drawn game says 3): 1 Red won, 2 Black won, 3 a draw;
 * 0 and any other value leave the result unknown.
 */

#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "gamefile.h"

#define CBF_ROOT	"ChineseChessRecord"

/* Elements of <Head> kept as tags, under the names PGN gives them. */
static const struct tag_name tag_names[] = {
	{ "Name", "Title" }, { "Contest", "Event" }, { "Round", "Round" },
	{ "Date", "Date" }, { "Site", "Site" }, { "Red", "Red" },
	{ "RedTeam", "RedTeam" }, { "Black", "Black" },
	{ "BlackTeam", "BlackTeam" }, { "Commentator", "Annotator" },
	{ "ECCO", "ECCO" }
};

static int	 is_named(const xmlNode *, const char *);
static const xmlNode *child_named(const xmlNode *, const char *);
static void	 read_head(struct gamerec *, const xmlNode *, struct xqpos *);
static void	 read_moves(struct gamerec *, const xmlNode *);
static void	 comment_on(struct gamerec *, uint32_t, const xmlNode *);

static int
is_named(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

static const xmlNode *
child_named(const xmlNode *parent, const char *name)
{
	const xmlNode *n;

	for (n = parent->children; n != NULL; n = n->next)
		if (is_named(n, name))
			return n;
	return NULL;
}

/*
 * Is this a CBF file: XML (after a BOM and blanks) whose root element is
 * <ChineseChessRecord>?  libxml2 reads the start of it to say.
 */
int
cbf_detect(const char *s, size_t len)
{
	xmlDoc *doc;
	xmlNode *root;
	size_t i = 0;
	int yes;

	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
	    s[i] == '\n'))
		i++;
	if (i == len || s[i] != '<' || len > INT_MAX)
		return 0;
	/* Cheap first: the root's name must be there. */
	if (memmem(s, len < 4096 ? len : 4096, "<" CBF_ROOT,
	    sizeof(CBF_ROOT)) == NULL)
		return 0;
	doc = xmlReadMemory(s, (int)len, NULL, NULL, XML_PARSE_NONET |
	    XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_RECOVER);
	if (doc == NULL)
		return 0;
	root = xmlDocGetRootElement(doc);
	yes = root != NULL && is_named(root, CBF_ROOT);
	xmlFreeDoc(doc);
	return yes;
}

/* The tags, the result and the start position (standard if none). */
static void
read_head(struct gamerec *g, const xmlNode *head, struct xqpos *pos)
{
	const xmlNode *n;
	const char *end;
	xmlChar *v;
	size_t i;

	start_position(pos);
	if (head == NULL)
		return;
	for (i = 0; i < sizeof(tag_names) / sizeof(tag_names[0]); i++) {
		if ((n = child_named(head, tag_names[i].field)) == NULL ||
		    (v = xmlNodeGetContent(n)) == NULL)
			continue;
		if (*v != '\0')
			gamerec_add_tag(g, tag_names[i].tag,
			    strlen(tag_names[i].tag), (const char *)v,
			    strlen((const char *)v));
		xmlFree(v);
	}
	if ((n = child_named(head, "RecordResult")) != NULL &&
	    (v = xmlNodeGetContent(n)) != NULL) {
		if (strlen((const char *)v) == 1)
			gamerec_set_result_code(g, (unsigned int)(v[0] - '0'));
		xmlFree(v);
	}
	if ((n = child_named(head, "FEN")) != NULL &&
	    (v = xmlNodeGetContent(n)) != NULL) {
		if (*v != '\0' && fen_parse(pos, (const char *)v, &end) == -1) {
			gamerec_fault(g, 0, "bad FEN, the moves are left out",
			    (const char *)v, strlen((const char *)v));
			g->bad_start = g->start_checked = 1;
			start_position(pos);
		}
		xmlFree(v);
	}
}

/* The text of a <Move>, as the comment on node id. */
static void
comment_on(struct gamerec *g, uint32_t id, const xmlNode *move)
{
	xmlChar *v;

	if ((v = xmlNodeGetContent(move)) == NULL)
		return;
	gamerec_comment(g, id, (const char *)v, strlen((const char *)v));
	xmlFree(v);
}

/* The <Move> elements of <MoveList>, one line from the start. */
static void
read_moves(struct gamerec *g, const xmlNode *list)
{
	const xmlNode *n;
	struct xqmove m;
	xmlChar *v;
	uint32_t cur = 0;
	size_t ply = 0;
	int from, to, first = 1;

	for (n = list->children; n != NULL && cur != NO_NODE; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!is_named(n, "Move")) {
			gamerec_fault(g, ply + 1,
			    "not a <Move> (CBF variations are not known)",
			    (const char *)n->name,
			    strlen((const char *)n->name));
			return;
		}
		v = xmlGetProp(n, (const xmlChar *)"value");
		if (first && v != NULL &&
		    strcmp((const char *)v, "00-00") == 0) {
			first = 0;
			/* The start: its text comes before the first move. */
			comment_on(g, 0, n);
			xmlFree(v);
			continue;
		}
		first = 0;
		ply++;
		if (v == NULL || strlen((const char *)v) != 5 || v[2] != '-' ||
		    (from = dhtmlxq_square((const char *)v)) == -1 ||
		    (to = dhtmlxq_square((const char *)v + 3)) == -1) {
			gamerec_fault(g, ply, "not a move (XY-XY)",
			    v != NULL ? (const char *)v : "no value",
			    strlen(v != NULL ? (const char *)v : "no value"));
			xmlFree(v);
			return;
		}
		m.from = from;
		m.to = to;
		if ((cur = gamerec_play(g, cur, m, (const char *)v)) != NO_NODE)
			comment_on(g, cur, n);
		xmlFree(v);
	}
}

/*
 * Read a CBF file in memory: one game.  The XML says its own encoding;
 * encoding, if not NULL, overrides it.  No DTD is loaded, nothing comes
 * from the network, and a document with a DTD of its own (none of the
 * format's files has one) is refused, so entities cannot swell it.
 */
void
cbf_read(const char *s, size_t len, const char *file, const char *encoding,
    game_fn *fn, void *arg)
{
	struct gamerec g;
	struct xqpos pos;
	const xmlNode *root, *list;
	xmlDoc *doc = NULL;
	const char *why;

	gamerec_init(&g, file, 1);
	start_position(&pos);
	gamerec_set_start(&g, &pos);
	if (len > INT_MAX) {
		gamerec_fault(&g, 0, "CBF file too big (the limit is 2 GB)",
		    "", 0);
		goto done;
	}
	xml_error_begin();
	doc = xmlReadMemory(s, (int)len, NULL, encoding, XML_PARSE_NONET |
	    XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	why = xml_error_end();
	if (doc == NULL) {
		gamerec_fault(&g, 0, why != NULL ? why : "not well-formed XML",
		    "", 0);
		goto done;
	}
	if (doc->intSubset != NULL) {
		gamerec_fault(&g, 0, "a DTD in a CBF file is not read", "", 0);
		goto done;
	}
	root = xmlDocGetRootElement(doc);
	if (root == NULL || !is_named(root, CBF_ROOT)) {
		gamerec_fault(&g, 0, "not a CBF file (no <" CBF_ROOT "> root)",
		    root != NULL ? (const char *)root->name : "",
		    root != NULL ? strlen((const char *)root->name) : 0);
		goto done;
	}
	read_head(&g, child_named(root, "Head"), &pos);
	gamerec_set_start(&g, &pos);
	if (g.bad_start)
		goto done;
	if ((list = child_named(root, "MoveList")) != NULL)
		read_moves(&g, list);
done:
	xmlFreeDoc(doc);
	gamerec_check_start(&g);
	fn(&g, arg);
	gamerec_free(&g);
}
