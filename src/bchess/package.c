/*
 * package.c: the parts of an office document's ZIP archive (zipread.c
 * unpacks them, each within ZIP_FILE_MAX) and their XML, read by libxml2
 * a node at a time: no DTD, no network, the first error caught as text
 * for a message naming the part.  Also what the formats share: the
 * relationships of an Office Open XML part (the targets of its links),
 * and the white space of an OpenDocument paragraph.
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

static char	*rels_find(struct reader *, const char *, const char *,
		    const char *, const char *, size_t);
static void	 part_name_clean(char *);

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

/*
 * The next node of x that is not inside an element left out: as
 * xml_next, the nodes up to the end of the element at depth *skip (if
 * it is 0 or more) passed over.  A reader leaves an element out with
 * xml_skip.
 */
int
xml_next_kept(struct reader *rd, xmlTextReaderPtr x, int *type, int *skip)
{
	int rc;

	while ((rc = xml_next(rd, x, type)) == 1) {
		if (*skip < 0)
			return 1;
		if (*type == XML_READER_TYPE_END_ELEMENT &&
		    xmlTextReaderDepth(x) == *skip)
			*skip = -1;
	}
	return rc;
}

/* Leave the element x is at out, if it has content: see xml_next_kept. */
void
xml_skip(xmlTextReaderPtr x, int *skip)
{
	if (!xmlTextReaderIsEmptyElement(x))
		*skip = xmlTextReaderDepth(x);
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

/* Whether the text inside the element at x holds the game's path. */
int
holds_game_link(xmlTextReaderPtr x)
{
	xmlChar *s = xmlTextReaderReadString(x);
	int found = s != NULL && strstr((const char *)s, GAME_PATH) != NULL;

	xmlFree(s);
	return found;
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

/*
 * The relationships part of the .xlsx part name into rels, and the
 * folder of name into dir: xl/workbook.xml's are xl/_rels/workbook.xml.rels,
 * and the part names they give are relative to xl/.
 */
void
rels_of(const char *name, struct strbuf *rels, struct strbuf *dir)
{
	const char *slash = strrchr(name, '/');
	size_t n = slash != NULL ? (size_t)(slash + 1 - name) : 0;

	sb_clear(rels);
	sb_add(rels, name, n);
	sb_add(rels, "_rels/", 6);
	sb_add(rels, name + n, strlen(name + n));
	sb_add(rels, ".rels", 5);
	sb_clear(dir);
	sb_add(dir, name, n);
}

/*
 * From the relationships part rels, the target of the relationship
 * whose Id is id, or (id NULL) whose Type ends in type, as a part name:
 * relative to the folder dir unless it starts with '/'.  NULL if there
 * is none; to be freed.
 */
char *
rels_target(struct reader *rd, const char *rels, const char *dir,
    const char *id, const char *type)
{
	return rels_find(rd, rels, dir, id, type, 0);
}

/* The target of the nth relationship (from 0) whose Type ends in type. */
char *
rels_target_nth(struct reader *rd, const char *rels, const char *dir,
    const char *type, size_t nth)
{
	return rels_find(rd, rels, dir, NULL, type, nth);
}

static char *
rels_find(struct reader *rd, const char *rels, const char *dir,
    const char *id, const char *type, size_t nth)
{
	xmlTextReaderPtr x;
	struct strbuf target = { NULL, 0, 0 };
	char *v, *found = NULL;
	size_t n;
	int t, rc;

	if (part_read(rd, rels) == -1 || (x = part_xml(rd)) == NULL)
		return NULL;
	while (found == NULL && (rc = xml_next(rd, x, &t)) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !xml_named(x, NULL, "Relationship"))
			continue;
		v = xml_attribute(x, NULL, id != NULL ? "Id" : "Type");
		n = v != NULL ? strlen(v) : 0;
		if (v != NULL && (id != NULL ? strcmp(v, id) == 0 :
		    n >= strlen(type) &&
		    strcmp(v + n - strlen(type), type) == 0) && nth-- == 0)
			found = xml_attribute(x, NULL, "Target");
		xmlFree(v);
	}
	xmlFreeTextReader(x);
	if (found == NULL)
		return NULL;
	if (found[0] != '/')
		sb_add(&target, dir, strlen(dir));
	sb_add(&target, found + (found[0] == '/'),
	    strlen(found) - (found[0] == '/'));
	xmlFree(found);
	part_name_clean(target.s);
	return target.s;
}

/*
 * A part name made of a folder and a target relative to it, with its
 * "./" and "dir/../" taken out, in place: Excel names a sheet's
 * comments "../comments1.xml" from xl/worksheets/.  A ".." above the
 * archive's top is dropped.
 */
static void
part_name_clean(char *name)
{
	char *in = name, *out = name, *slash;

	while (*in != '\0') {
		if (strncmp(in, "./", 2) == 0) {
			in += 2;
		} else if (strncmp(in, "../", 3) == 0 ||
		    strcmp(in, "..") == 0) {
			in += in[2] == '/' ? 3 : 2;
			/* Back over the folder written last. */
			if (out > name)
				out--;
			while (out > name && out[-1] != '/')
				out--;
		} else {
			slash = strchr(in, '/');
			if (slash == NULL)
				slash = in + strlen(in) - 1;
			while (in <= slash)
				*out++ = *in++;
		}
	}
	*out = '\0';
}

/*
 * The hyperlink relationships of an .xlsx part in the relationships part
 * rels (their targets, the addresses), in order of Id, into *rel: how
 * many, or -1 if the part is damaged.  A part with none may have no
 * relationships part.
 */
ssize_t
rels_links(struct reader *rd, const char *rels, struct rel **rel)
{
	xmlTextReaderPtr x;
	size_t index, n = 0;
	char *type;
	int t, rc;

	*rel = NULL;
	if (zr_find(&rd->zr, rels, &index) == -1)
		return 0;
	if (part_read(rd, rels) == -1 || (x = part_xml(rd)) == NULL)
		return -1;
	while ((rc = xml_next(rd, x, &t)) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !xml_named(x, NULL, "Relationship"))
			continue;
		type = xml_attribute(x, NULL, "Type");
		if (type != NULL && strlen(type) >= 10 &&
		    strcmp(type + strlen(type) - 10, "/hyperlink") == 0) {
			*rel = xreallocarray(*rel, n + 1, sizeof(**rel));
			(*rel)[n].id = xml_attribute(x, NULL, "Id");
			(*rel)[n].target = xml_attribute(x, NULL, "Target");
			if ((*rel)[n].id != NULL && (*rel)[n].target != NULL)
				n++;
			else {
				xmlFree((*rel)[n].id);
				xmlFree((*rel)[n].target);
			}
		}
		xmlFree(type);
	}
	xmlFreeTextReader(x);
	if (n > 1)
		qsort(*rel, n, sizeof(**rel), rel_order);
	if (rc == -1) {
		rels_free(*rel, n);
		*rel = NULL;
		return -1;
	}
	return (ssize_t)n;
}

/*
 * How many hyperlinks of the relationships part in data (an .xlsx's, in
 * memory) have a target of LINK_XLSX_MAX characters, as LibreOffice cuts
 * a longer one: their games may be cut short.  A part that is not
 * well-formed counts none.
 */
size_t
rels_cut_links(char *data, size_t len)
{
	struct reader rd;
	xmlTextReaderPtr x;
	char why[200], *type, *target;
	const char *p;
	size_t n = 0, chars;
	int t;

	memset(&rd, 0, sizeof(rd));
	rd.why = why;
	rd.whylen = sizeof(why);
	rd.part.s = data;
	rd.part.len = len;
	if ((x = part_xml(&rd)) == NULL)
		return 0;
	while (xml_next(&rd, x, &t) == 1) {
		if (t != XML_READER_TYPE_ELEMENT ||
		    !xml_named(x, NULL, "Relationship"))
			continue;
		type = xml_attribute(x, NULL, "Type");
		target = xml_attribute(x, NULL, "Target");
		if (type != NULL && target != NULL && strlen(type) >= 10 &&
		    strcmp(type + strlen(type) - 10, "/hyperlink") == 0) {
			for (chars = 0, p = target; *p != '\0'; p++)
				chars += ((unsigned char)*p & 0xc0) != 0x80;
			n += chars == LINK_XLSX_MAX;
		}
		xmlFree(type);
		xmlFree(target);
	}
	xmlFreeTextReader(x);
	return n;
}

int
rel_order(const void *a, const void *b)
{
	return strcmp(((const struct rel *)a)->id,
	    ((const struct rel *)b)->id);
}

void
rels_free(struct rel *rel, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		xmlFree(rel[i].id);
		xmlFree(rel[i].target);
	}
	free(rel);
}

/*
 * Text of an .ods paragraph: white space (space, tab, line end) runs as
 * one space, none at the start of the paragraph; *space says whether
 * the text so far ends in such a space.
 */
void
odf_text(struct strbuf *sb, const char *s, int *space)
{
	for (; *s != '\0'; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			if (!*space)
				sb_addc(sb, ' ');
			*space = 1;
		} else {
			sb_addc(sb, *s);
			*space = 0;
		}
	}
}
