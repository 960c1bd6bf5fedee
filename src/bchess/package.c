/*
 * package.c: the parts of an office document's ZIP archive (zipread.c
 * unpacks them, each within ZIP_FILE_MAX) and their XML, read by libxml2
 * a node at a time: no DTD, no network, the first error caught as text
 * for a message naming the part.
 */

#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"
#include "sheet.h"

int
part_fail(struct reader *rd, const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (rd->partname != NULL)
		n = snprintf(rd->why, rd->whylen, "%s: ", rd->partname);
	if (n < 0 || (size_t)n >= rd->whylen)
		n = 0;
	va_start(ap, fmt);
	vsnprintf(rd->why + n, rd->whylen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Unpack the part name (the names of Office Open XML are told without
 * regard to case) into rd->part: 0, or -1 with rd->why set if it is
 * missing, encrypted, damaged or larger than ZIP_FILE_MAX.
 */
int
part_read(struct reader *rd, const char *name)
{
	char why[200];
	size_t index;

	rd->partname = name;
	if (zr_find(&rd->zr, name, &index) == -1)
		return part_fail(rd, "missing from the archive");
	if (zr_read(&rd->zr, index, ZIP_FILE_MAX, &rd->part, why,
	    sizeof(why)) == -1)
		return part_fail(rd, "%s", why);
	return 0;
}

xmlTextReaderPtr
part_xml(struct reader *rd)
{
	xmlTextReaderPtr x;

	if (rd->part.len > INT_MAX) {
		part_fail(rd, "too large");
		return NULL;
	}
	x = xmlReaderForMemory(rd->part.s, (int)rd->part.len, NULL, NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (x == NULL)
		part_fail(rd, "not XML");
	return x;
}

/*
 * The next node of x: 1 with its type in *type, 0 at the end, -1 with
 * rd->why set if the XML is not well-formed or holds a DTD (whose
 * entities could swell it).
 */
int
xml_next(struct reader *rd, xmlTextReaderPtr x, int *type)
{
	const char *why;
	int rc;

	xml_error_begin();
	rc = xmlTextReaderRead(x);
	why = xml_error_end();
	if (rc == -1)
		return part_fail(rd, "%s", why != NULL ? why :
		    "not well-formed XML");
	if (rc == 0)
		return 0;
	*type = xmlTextReaderNodeType(x);
	if (*type == XML_READER_TYPE_DOCUMENT_TYPE)
		return part_fail(rd, "a DTD, which is not read");
	return 1;
}

int
xml_is_text(int type)
{
	return type == XML_READER_TYPE_TEXT ||
	    type == XML_READER_TYPE_CDATA ||
	    type == XML_READER_TYPE_WHITESPACE ||
	    type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE;
}

/*
 * Does the node of type t open an element with content?  (An element
 * written <e/> has no end; the end of one is type END_ELEMENT.)
 */
int
xml_opens(xmlTextReaderPtr x, int t)
{
	return t == XML_READER_TYPE_ELEMENT && !xmlTextReaderIsEmptyElement(x);
}

int
xml_named(xmlTextReaderPtr x, const char *ns, const char *local)
{
	const xmlChar *n, *u;

	n = xmlTextReaderConstLocalName(x);
	if (n == NULL || strcmp((const char *)n, local) != 0)
		return 0;
	if (ns == NULL)
		return 1;
	u = xmlTextReaderConstNamespaceUri(x);
	return u != NULL && strcmp((const char *)u, ns) == 0;
}

/*
 * The element's attribute local in namespace ns (NULL: no namespace; ""
 * any namespace but none), to be freed, or NULL.
 */
char *
xml_attribute(xmlTextReaderPtr x, const char *ns, const char *local)
{
	const xmlChar *n, *u;
	char *v = NULL;

	if (ns == NULL)
		return (char *)xmlTextReaderGetAttribute(x, BAD_CAST local);
	if (*ns != '\0')
		return (char *)xmlTextReaderGetAttributeNs(x, BAD_CAST local,
		    BAD_CAST ns);
	if (xmlTextReaderMoveToFirstAttribute(x) != 1)
		return NULL;
	do {
		n = xmlTextReaderConstLocalName(x);
		u = xmlTextReaderConstNamespaceUri(x);
		if (n != NULL && u != NULL && strcmp((const char *)n,
		    local) == 0) {
			v = (char *)xmlTextReaderValue(x);
			break;
		}
	} while (xmlTextReaderMoveToNextAttribute(x) == 1);
	xmlTextReaderMoveToElement(x);
	return v;
}

uint64_t
xml_attribute_count(xmlTextReaderPtr x, const char *ns, const char *local,
    uint64_t max)
{
	char *v, *end;
	unsigned long long n;

	if ((v = xml_attribute(x, ns, local)) == NULL)
		return 1;
	n = strtoull(v, &end, 10);
	if (end == v || *end != '\0' || n == 0)
		n = 1;
	xmlFree(v);
	return n > max ? max : n;
}
