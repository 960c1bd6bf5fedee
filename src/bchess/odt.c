/*
 * odt.c: the text of an .odt document (OpenDocument, as LibreOffice
 * saves it), a line a paragraph or heading, from its content.xml: the
 * paragraph's text with its spaces, tabs and line breaks, and the address
 * of each link after its text (link_text).  Lists and the cells of
 * tables give a line a paragraph; notes, comments and the text of
 * tracked changes are not read.
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

static int	 odt_skipped(xmlTextReaderPtr);
static int	 odt_line(struct reader *);

/* Is the element at x one whose text is not the document's? */
static int
odt_skipped(xmlTextReaderPtr x)
{
	return xml_named(x, NS_OFFICE, "annotation") ||
	    xml_named(x, NS_TEXT, "note") ||
	    xml_named(x, NS_TEXT, "tracked-changes");
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
 * line break in one begins another), as the .ods reader reads a cell's.
 */
int
odt_read(struct reader *rd)
{
	xmlTextReaderPtr x;
	struct strbuf *cell = &rd->w.cell;
	char *href = NULL;
	size_t link_at = 0, n;
	int t, rc, empty, in_p = 0, space = 1;
	int skip = -1;		/* depth of the element left out */

	if (part_read(rd, "content.xml") == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	sheet_begin(rd);
	sb_clear(cell);
	while ((rc = xml_next_kept(rd, x, &t, &skip)) == 1) {
		empty = t == XML_READER_TYPE_ELEMENT &&
		    xmlTextReaderIsEmptyElement(x);
		if (t == XML_READER_TYPE_ELEMENT && odt_skipped(x)) {
			xml_skip(x, &skip);
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
	if (rc == -1)
		return -1;
	sheet_end(rd, DOCUMENT_TEXT);
	return 0;
}
