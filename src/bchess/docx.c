/*
 * docx.c: the text of a .docx document (Office Open XML, as Word and
 * Google Docs save it), a line a paragraph, from its main part: the
 * text of its runs, tabs, line breaks as line ends, and the address of
 * each hyperlink and HYPERLINK field after its text (link_text), so
 * that a link kept behind the words "game 1" is converted too, then
 * from its headers, footers, notes and comments.  A table gives a line a
 * paragraph of each cell.  Deleted text and the old place of text moved,
 * field codes and the copy of a text box kept for old readers
 * (mc:Fallback) are not read.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

#define NS_W	"http://schemas.openxmlformats.org/wordprocessingml/2006/main"
#define NS_MC	"http://schemas.openxmlformats.org/markup-compatibility/2006"
#define LINKS_OPEN	8	/* hyperlinks and fields inside each other */

/*
 * A hyperlink or field open in the text: where its text began in the
 * line in hand, and its address (none yet for a field before its
 * separator, or one that is no HYPERLINK).
 */
struct open_link {
	size_t		 at;
	struct strbuf	 instr;		/* a field's instruction */
	struct strbuf	 address;
};

/* A document being read: the line in hand and what is open in it. */
struct docx {
	struct reader	*rd;
	struct rel	*rel;
	size_t		 nrel;
	struct open_link link[LINKS_OPEN];
	size_t		 nlink;		/* open, some past LINKS_OPEN */
	int		 in_tabs;	/* in a paragraph's tab stops */
};

static void	 link_open(struct docx *, const char *, size_t);
static void	 link_close(struct docx *);
static int	 line_end(struct docx *);
static int	 docx_element(struct docx *, xmlTextReaderPtr, int);
static int	 separator_note(xmlTextReaderPtr);
static int	 docx_part(struct reader *, const char *);

/*
 * A hyperlink or field begins, its address address (NULL: none yet).
 * Those past LINKS_OPEN deep are counted, not kept.
 */
static void
link_open(struct docx *d, const char *address, size_t len)
{
	struct open_link *l;

	if (d->nlink++ >= LINKS_OPEN)
		return;
	l = &d->link[d->nlink - 1];
	l->at = d->rd->w.cell.len;
	sb_clear(&l->instr);
	sb_clear(&l->address);
	if (address != NULL)
		sb_add(&l->address, address, len);
}

/* The innermost hyperlink or field ends: its address after its text. */
static void
link_close(struct docx *d)
{
	struct strbuf *cell = &d->rd->w.cell;
	struct open_link *l;

	if (d->nlink == 0 || d->nlink-- > LINKS_OPEN)
		return;
	l = &d->link[d->nlink];
	if (l->address.len > 0 && l->at <= cell->len)
		put_link_at(d->rd, l->at, l->address.s, l->address.len);
}

/*
 * The line in hand ends (a paragraph, or a line break in one): written,
 * and the links still open begin again at the next line's start.
 */
static int
line_end(struct docx *d)
{
	struct strbuf *cell = &d->rd->w.cell;
	size_t i;

	if (put_line(d->rd, cell->s != NULL ? cell->s : "", cell->len) == -1)
		return -1;
	sb_clear(cell);
	for (i = 0; i < d->nlink && i < LINKS_OPEN; i++)
		d->link[i].at = 0;
	return 0;
}

/*
 * An element of the document's body, opening (t ELEMENT) or closing:
 * 0, or -1 if the text is past its limit.
 */
static int
docx_element(struct docx *d, xmlTextReaderPtr x, int t)
{
	struct open_link *l;
	struct rel key, *found;
	char *v;
	int empty = t == XML_READER_TYPE_ELEMENT &&
	    xmlTextReaderIsEmptyElement(x);

	if (xml_named(x, NS_W, "p")) {
		if (t == XML_READER_TYPE_END_ELEMENT || empty)
			return line_end(d);
	} else if (xml_named(x, NS_W, "tabs")) {
		d->in_tabs = xml_opens(x, t);
	} else if (xml_named(x, NS_W, "tab") || xml_named(x, NS_W, "br") ||
	    xml_named(x, NS_W, "cr")) {
		/* A w:tab of a paragraph's tab stops is no character. */
		if (t != XML_READER_TYPE_ELEMENT || d->in_tabs)
			return 0;
		if (xmlTextReaderConstLocalName(x)[0] == 't')
			sb_addc(&d->rd->w.cell, '\t');
		else
			return line_end(d);
	} else if (xml_named(x, NS_W, "noBreakHyphen")) {
		if (t == XML_READER_TYPE_ELEMENT)
			sb_addc(&d->rd->w.cell, '-');
	} else if (xml_named(x, NS_W, "hyperlink")) {
		if (t == XML_READER_TYPE_ELEMENT) {
			key.id = xml_attribute(x, "", "id");
			found = key.id != NULL && d->nrel > 0 ?
			    bsearch(&key, d->rel, d->nrel, sizeof(*d->rel),
			    rel_order) : NULL;
			xmlFree(key.id);
			link_open(d, found != NULL ? found->target : NULL,
			    found != NULL ? strlen(found->target) : 0);
			/* A place in the target, after a #. */
			v = xml_attribute(x, NS_W, "anchor");
			if (found != NULL && v != NULL && *v != '\0' &&
			    d->nlink <= LINKS_OPEN &&
			    strchr(found->target, '#') == NULL) {
				l = &d->link[d->nlink - 1];
				sb_addc(&l->address, '#');
				sb_add(&l->address, v, strlen(v));
			}
			xmlFree(v);
		}
		if (t == XML_READER_TYPE_END_ELEMENT || empty)
			link_close(d);
	} else if (xml_named(x, NS_W, "fldSimple")) {
		if (t == XML_READER_TYPE_ELEMENT) {
			link_open(d, NULL, 0);
			v = xml_attribute(x, NS_W, "instr");
			if (v != NULL && d->nlink <= LINKS_OPEN) {
				l = &d->link[d->nlink - 1];
				field_link(v, &l->address);
			}
			xmlFree(v);
		}
		if (t == XML_READER_TYPE_END_ELEMENT || empty)
			link_close(d);
	} else if (xml_named(x, NS_W, "fldChar") &&
	    t == XML_READER_TYPE_ELEMENT) {
		v = xml_attribute(x, NS_W, "fldCharType");
		if (v != NULL && strcmp(v, "begin") == 0) {
			link_open(d, NULL, 0);
		} else if (v != NULL && strcmp(v, "separate") == 0 &&
		    d->nlink > 0 && d->nlink <= LINKS_OPEN) {
			/* The field's result, its text, follows. */
			l = &d->link[d->nlink - 1];
			l->at = d->rd->w.cell.len;
			if (l->instr.len > 0)
				field_link(l->instr.s, &l->address);
		} else if (v != NULL && strcmp(v, "end") == 0) {
			link_close(d);
		}
		xmlFree(v);
	}
	return 0;
}

/*
 * Whether the element at x is a note that only draws the line above the
 * notes (a footnote or endnote of a type, which a note of text has not).
 */
static int
separator_note(xmlTextReaderPtr x)
{
	char *v;
	int r;

	if (!xml_named(x, NS_W, "footnote") && !xml_named(x, NS_W, "endnote"))
		return 0;
	v = xml_attribute(x, NS_W, "type");
	r = v != NULL && strcmp(v, "normal") != 0;
	xmlFree(v);
	return r;
}

/*
 * One part of a .docx, its text a line a paragraph after what is read
 * already, with the addresses of its hyperlinks from the part's own
 * relationships.  Returns 0, or -1 with the reader's message set.
 */
static int
docx_part(struct reader *rd, const char *part)
{
	struct docx d;
	struct strbuf rels = { NULL, 0, 0 }, dir = { NULL, 0, 0 };
	xmlTextReaderPtr x;
	ssize_t nrel;
	size_t i;
	int t, rc = 0, in_t = 0;
	int skip = -1;		/* depth of the element left out */

	memset(&d, 0, sizeof(d));
	d.rd = rd;
	rels_of(part, &rels, &dir);
	nrel = rels_links(rd, rels.s, &d.rel);
	sb_free(&rels);
	sb_free(&dir);
	if (nrel == -1 || part_read(rd, part) == -1 ||
	    (x = part_xml(rd)) == NULL) {
		rels_free(d.rel, nrel > 0 ? (size_t)nrel : 0);
		return -1;
	}
	d.nrel = (size_t)nrel;
	sb_clear(&rd->w.cell);
	while ((rc = xml_next_kept(rd, x, &t, &skip)) == 1) {
		/*
		 * Text moved elsewhere is read where it went to; the
		 * notes that only draw the line above the notes are
		 * no text.
		 */
		if (t == XML_READER_TYPE_ELEMENT &&
		    (xml_named(x, NS_MC, "Fallback") ||
		    xml_named(x, NS_W, "moveFrom") ||
		    separator_note(x))) {
			xml_skip(x, &skip);
			continue;
		}
		if (xml_named(x, NS_W, "t")) {
			in_t = xml_opens(x, t);
		} else if (xml_named(x, NS_W, "instrText")) {
			if (xml_opens(x, t))
				in_t = 2;
			else
				in_t = 0;
		} else if (xml_is_text(t) && in_t == 1) {
			sb_add(&rd->w.cell,
			    (const char *)xmlTextReaderConstValue(x),
			    strlen((const char *)xmlTextReaderConstValue(x)));
		} else if (xml_is_text(t) && in_t == 2 && d.nlink > 0 &&
		    d.nlink <= LINKS_OPEN) {
			sb_add(&d.link[d.nlink - 1].instr,
			    (const char *)xmlTextReaderConstValue(x),
			    strlen((const char *)xmlTextReaderConstValue(x)));
		} else if ((t == XML_READER_TYPE_ELEMENT ||
		    t == XML_READER_TYPE_END_ELEMENT) &&
		    (rc = docx_element(&d, x, t)) == -1) {
			break;
		}
	}
	xmlFreeTextReader(x);
	/* Text after the last paragraph, in a document cut short. */
	if (rc != -1 && rd->w.cell.len > 0)
		rc = line_end(&d);
	for (i = 0; i < LINKS_OPEN; i++) {
		sb_free(&d.link[i].instr);
		sb_free(&d.link[i].address);
	}
	rels_free(d.rel, d.nrel);
	return rc == -1 ? -1 : 0;
}

/*
 * A .docx: the text of its main part, document (word/document.xml), a
 * line a paragraph, then that of the parts its relationships name after
 * it, in the order of docx_more: its headers and footers, its footnotes,
 * endnotes and comments.  A link in a note is a link all the same.
 */
int
docx_read(struct reader *rd, const char *document)
{
	static const char *const docx_more[] = {
		"/header", "/footer", "/footnotes", "/endnotes", "/comments"
	};
	struct strbuf rels = { NULL, 0, 0 }, dir = { NULL, 0, 0 };
	size_t i, n, index;
	char *part;
	int rc, linked;

	sheet_begin(rd);
	rc = docx_part(rd, document);
	rels_of(document, &rels, &dir);
	/* A document with no relationships part has no other parts. */
	linked = zr_find(&rd->zr, rels.s, &index) == 0;
	for (i = 0; rc == 0 && linked &&
	    i < sizeof(docx_more) / sizeof(docx_more[0]); i++)
		for (n = 0; rc == 0 && (part = rels_target_nth(rd, rels.s,
		    dir.s, docx_more[i], n)) != NULL; n++) {
			rc = docx_part(rd, part);
			free(part);
		}
	sb_free(&rels);
	sb_free(&dir);
	if (rc == -1 || rd->why[0] != '\0')
		return -1;
	sheet_end(rd, DOCUMENT_TEXT);
	return 0;
}
