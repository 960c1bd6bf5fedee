/*
 * ods.c: the tables of an .ods file (OpenDocument, as LibreOffice saves
 * it), from its content.xml: each cell's paragraphs, their spaces, tabs
 * and line breaks, and the addresses of their links.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

#define NS_TABLE	"urn:oasis:names:tc:opendocument:xmlns:table:1.0"
#define NS_TEXT		"urn:oasis:names:tc:opendocument:xmlns:text:1.0"
#define NS_OFFICE	"urn:oasis:names:tc:opendocument:xmlns:office:1.0"
#define NS_XLINK	"http://www.w3.org/1999/xlink"


/*
 * An .ods: the tables of content.xml.  A cell's text is its paragraphs,
 * a line break between two, with text:s, text:tab and text:line-break
 * made the characters they stand for, and the address of each hyperlink
 * in them or of its HYPERLINK formula as link_text says; its comments
 * (office:annotation) and anything in a table inside it are left out.
 */
int
ods_read(struct reader *rd)
{
	xmlTextReaderPtr x;
	char *name = NULL, *href = NULL, *formula;
	uint64_t row = 1, col = 1, rows_rep = 1, cols_rep = 1, k, n;
	size_t link_at = 0;
	int t, rc, in_cell = 0, in_p = 0, paras = 0, space = 1, empty;
	int skip = -1;		/* depth of the element left out */
	int linked = 0;		/* the cell's formula is a HYPERLINK */

	if (part_read(rd, "content.xml") == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next_kept(rd, x, &t, &skip)) == 1) {
		empty = t == XML_READER_TYPE_ELEMENT &&
		    xmlTextReaderIsEmptyElement(x);
		if (t == XML_READER_TYPE_ELEMENT && (xml_named(x, NS_OFFICE,
		    "annotation") || (in_cell && xml_named(x, NS_TABLE,
		    "table")))) {
			if (xml_named(x, NS_OFFICE, "annotation") &&
			    holds_game_link(x))
				note_cell(&rd->commented, row);
			xml_skip(x, &skip);
			continue;
		}
		if (xml_named(x, NS_TABLE, "table")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				xmlFree(name);
				name = xml_attribute(x, NS_TABLE, "name");
				sheet_begin(rd);
				row = 1;
				if (!empty)
					continue;
			}
			if (t == XML_READER_TYPE_ELEMENT ||
			    t == XML_READER_TYPE_END_ELEMENT)
				sheet_end(rd, name);
		} else if (xml_named(x, NS_TABLE, "table-row")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				rows_rep = xml_attribute_count(x, NS_TABLE,
				    "number-rows-repeated", SHEET_ROWS_MAX);
				col = 1;
				if (!empty)
					continue;
			}
			if (t != XML_READER_TYPE_ELEMENT &&
			    t != XML_READER_TYPE_END_ELEMENT)
				continue;
			if ((rc = put_row(rd, row, rows_rep)) == -1)
				break;
			row += rows_rep;
		} else if (xml_named(x, NS_TABLE, "table-cell") ||
		    xml_named(x, NS_TABLE, "covered-table-cell")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				cols_rep = xml_attribute_count(x, NS_TABLE,
				    "number-columns-repeated", SHEET_COLS_MAX);
				sb_clear(&rd->w.cell);
				paras = 0;
				in_cell = 1;
				linked = 0;
				if ((formula = xml_attribute(x, NS_TABLE,
				    "formula")) != NULL) {
					linked = formula_link(formula,
					    &rd->address);
					if (linked == -1)
						note_cell(&rd->computed, row);
					xmlFree(formula);
				}
				if (!empty)
					continue;
			}
			if (t != XML_READER_TYPE_ELEMENT &&
			    t != XML_READER_TYPE_END_ELEMENT)
				continue;
			in_cell = 0;
			if (linked == 1)
				put_link_at(rd, 0, rd->address.s, rd->address.len);
			for (k = 0; rd->w.cell.len > 0 && k < cols_rep; k++)
				if ((rc = put_cell(rd, col + k, rd->w.cell.s,
				    rd->w.cell.len)) == -1)
					break;
			if (rc == -1)
				break;
			col += cols_rep;
		} else if (!in_cell) {
			continue;
		} else if (xml_named(x, NS_TEXT, "p") || xml_named(x, NS_TEXT, "h")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				if (paras++ > 0)
					sb_addc(&rd->w.cell, '\n');
				space = 1;
				in_p = !empty;
			} else if (t == XML_READER_TYPE_END_ELEMENT) {
				in_p = 0;
				if (space && rd->w.cell.len > 0 &&
				    rd->w.cell.s[rd->w.cell.len - 1] == ' ')
					rd->w.cell.s[--rd->w.cell.len] = '\0';
			}
		} else if (in_p && xml_named(x, NS_TEXT, "a")) {
			if (t == XML_READER_TYPE_ELEMENT) {
				xmlFree(href);
				href = xml_attribute(x, NS_XLINK, "href");
				link_at = rd->w.cell.len;
			}
			if (href != NULL && (empty ||
			    t == XML_READER_TYPE_END_ELEMENT)) {
				put_link_at(rd, link_at, href, strlen(href));
				xmlFree(href);
				href = NULL;
				space = 0;
			}
		} else if (in_p && t == XML_READER_TYPE_ELEMENT &&
		    xml_named(x, NS_TEXT, "s")) {
			n = xml_attribute_count(x, NS_TEXT, "c", BOOK_TEXT_MAX);
			if (n > BOOK_TEXT_MAX - rd->w.cell.len) {
				rc = part_fail(rd, "more than %u MB of text",
				    (unsigned int)(BOOK_TEXT_MAX >> 20));
				break;
			}
			for (; n > 0; n--)
				sb_addc(&rd->w.cell, ' ');
			space = 0;
		} else if (in_p && t == XML_READER_TYPE_ELEMENT &&
		    (xml_named(x, NS_TEXT, "tab") ||
		    xml_named(x, NS_TEXT, "line-break"))) {
			sb_addc(&rd->w.cell, xmlTextReaderConstLocalName(x)[0] ==
			    't' ? '\t' : '\n');
			space = 1;
		} else if (in_p && xml_is_text(t)) {
			odf_text(&rd->w.cell,
			    (const char *)xmlTextReaderConstValue(x), &space);
		}
	}
	xmlFreeTextReader(x);
	xmlFree(name);
	xmlFree(href);
	return rc == -1 ? -1 : 0;
}
