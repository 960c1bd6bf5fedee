/*
 * odt.c: the text of an .odt document (OpenDocument, as LibreOffice
 * saves it), a line a paragraph or heading: that of its body in
 * content.xml, with its spaces, tabs and line breaks, and the address of
 * each link after its text (link_text); then that of its headers and
 * footers (in styles.xml), then of its notes and comments, which stand
 * inside the body's paragraphs but are read after it.  Lists and the
 * cells of tables give a line a paragraph; the text of tracked changes
 * is not read.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

#define NS_TEXT		"urn:oasis:names:tc:opendocument:xmlns:text:1.0"
#define NS_OFFICE	"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
#define NS_XLINK	"http://www.w3.org/1999/xlink"
#define NS_STYLE	"urn:oasis:names:tc:opendocument:xmlns:style:1.0"
#define NS_DC		"http://purl.org/dc/elements/1.1/"
#define NS_META		"urn:oasis:names:tc:opendocument:xmlns:meta:1.0"

/* What of a part is read: the body, the notes in it, headers and footers. */
enum odt_scope {
	SCOPE_BODY,
	SCOPE_NOTES,
	SCOPE_PAGES
};

static int	 odt_skipped(xmlTextReaderPtr, enum odt_scope);
static int	 odt_scope_opens(xmlTextReaderPtr, enum odt_scope);
static int	 odt_line(struct reader *);
static int	 odt_part(struct reader *, const char *, enum odt_scope);

/*
 * Is the element at x one whose text is not read in scope: the notes and
 * comments of the body (read after it), the number a note is cited by,
 * a comment's author and date, tracked changes?
 */
static int
odt_skipped(xmlTextReaderPtr x, enum odt_scope scope)
{
	if (scope == SCOPE_BODY && (xml_named(x, NS_OFFICE, "annotation") ||
	    xml_named(x, NS_TEXT, "note")))
		return 1;
	return xml_named(x, NS_TEXT, "note-citation") ||
	    xml_named(x, NS_DC, "creator") || xml_named(x, NS_DC, "date") ||
	    xml_named(x, NS_META, "date-string") ||
	    xml_named(x, NS_TEXT, "tracked-changes");
}

/*
 * Does the element at x begin what scope reads: a note's body or a
 * comment, a page's header or footer; the body is read throughout.
 */
static int
odt_scope_opens(xmlTextReaderPtr x, enum odt_scope scope)
{
	const char *n;

	if (scope == SCOPE_NOTES)
		return xml_named(x, NS_TEXT, "note-body") ||
		    xml_named(x, NS_OFFICE, "annotation");
	if (scope == SCOPE_PAGES) {
		n = (const char *)xmlTextReaderConstLocalName(x);
		return n != NULL && (strncmp(n, "header", 6) == 0 ||
		    strncmp(n, "footer", 6) == 0) &&
		    xml_named(x, NS_STYLE, n);
	}
	return 1;
}

/* The line in hand written, and a new one begun. */
static int
odt_line(struct reader *rd)
{
	struct strbuf *cell = &rd->w.cell;

	if (put_line(rd, cell->s != NULL ? cell->s : "", cell->len) == -1)
		return -1;
	sb_clear(cell);
	return 0;
}

/*
 * An .odt: the paragraphs and headings of content.xml, each a line (a
 * line break in one begins another), as the .ods reader reads a cell's;
 * then those of the headers and footers of styles.xml, if it has one,
 * and of the notes and comments of content.xml.
 */
int
odt_read(struct reader *rd)
{
	size_t index;

	sheet_begin(rd);
	if (odt_part(rd, "content.xml", SCOPE_BODY) == -1 ||
	    (zr_find(&rd->zr, "styles.xml", &index) == 0 &&
	    odt_part(rd, "styles.xml", SCOPE_PAGES) == -1) ||
	    odt_part(rd, "content.xml", SCOPE_NOTES) == -1)
		return -1;
	sheet_end(rd, DOCUMENT_TEXT);
	return 0;
}

/*
 * The paragraphs and headings of part that scope reads, each a line
 * after those read before.  Returns 0, or -1 with the reader's message
 * set.
 */
static int
odt_part(struct reader *rd, const char *part, enum odt_scope scope)
{
	xmlTextReaderPtr x;
	struct strbuf *cell = &rd->w.cell;
	char *href = NULL;
	size_t link_at = 0, n;
	int t, rc, empty, in_p = 0, space = 1;
	int skip = -1;		/* depth of the element left out */
	int within = scope == SCOPE_BODY ? 0 : -1;	/* scope's depth */

	if (part_read(rd, part) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	sb_clear(cell);
	while ((rc = xml_next_kept(rd, x, &t, &skip)) == 1) {
		empty = t == XML_READER_TYPE_ELEMENT &&
		    xmlTextReaderIsEmptyElement(x);
		if (t == XML_READER_TYPE_ELEMENT && odt_skipped(x, scope)) {
			xml_skip(x, &skip);
			continue;
		}
		/* Outside what scope reads, only its beginning matters. */
		if (within == -1) {
			if (t == XML_READER_TYPE_ELEMENT && !empty &&
			    odt_scope_opens(x, scope))
				within = xmlTextReaderDepth(x);
			continue;
		}
		if (scope != SCOPE_BODY && t == XML_READER_TYPE_END_ELEMENT &&
		    xmlTextReaderDepth(x) == within) {
			within = -1;
			continue;
		}
		if (xml_named(x, NS_TEXT, "p") || xml_named(x, NS_TEXT, "h")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				/* A paragraph in a frame in a paragraph. */
				if (in_p++ > 0 && (rc = odt_line(rd)) == -1)
					break;
				space = 1;
			}
			if (t == XML_READER_TYPE_END_ELEMENT || empty) {
				in_p--;
				if (space && cell->len > 0 &&
				    cell->s[cell->len - 1] == ' ')
					cell->s[--cell->len] = '\0';
				if ((rc = odt_line(rd)) == -1)
					break;
			}
		} else if (in_p == 0) {
			continue;
		} else if (xml_named(x, NS_TEXT, "a")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				xmlFree(href);
				href = xml_attribute(x, NS_XLINK, "href");
				link_at = cell->len;
			}
			if (href != NULL && (empty ||
			    t == XML_READER_TYPE_END_ELEMENT)) {
				put_link_at(rd, link_at, href, strlen(href));
				xmlFree(href);
				href = NULL;
				space = 0;
			}
		} else if (t == XML_READER_TYPE_ELEMENT &&
		    xml_named(x, NS_TEXT, "s")) {
			n = xml_attribute_count(x, NS_TEXT, "c", BOOK_TEXT_MAX);
			if (n > BOOK_TEXT_MAX - cell->len) {
				rc = part_fail(rd, "more than %u MB of text",
				    (unsigned int)(BOOK_TEXT_MAX >> 20));
				break;
			}
			for (; n > 0; n--)
				sb_addc(cell, ' ');
			space = 0;
		} else if (t == XML_READER_TYPE_ELEMENT &&
		    xml_named(x, NS_TEXT, "tab")) {
			sb_addc(cell, '\t');
			space = 1;
		} else if (t == XML_READER_TYPE_ELEMENT &&
		    xml_named(x, NS_TEXT, "line-break")) {
			if ((rc = odt_line(rd)) == -1)
				break;
			space = 1;
			link_at = 0;
		} else if (xml_is_text(t)) {
			odf_text(cell, (const char *)xmlTextReaderConstValue(x),
			    &space);
		}
	}
	xmlFreeTextReader(x);
	xmlFree(href);
	return rc == -1 ? -1 : 0;
}
