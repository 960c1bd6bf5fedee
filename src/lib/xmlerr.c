/*
 * xmlerr.c: libxml2's first error in a document, as one line a message
 * can quote, in place of the lines libxml2 would print on standard error.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <libxml/xmlerror.h>

#include "gf.h"

/* libxml2 2.12 made the error handler's argument const. */
#if LIBXML_VERSION >= 21200
#define XML_ERROR	const xmlError
#else
#define XML_ERROR	xmlError
#endif

static char	 xml_error[160];

static void
first_error(void *arg, XML_ERROR *e)
{
	size_t n;

	(void)arg;
	if (xml_error[0] != '\0' || e == NULL || e->message == NULL)
		return;
	/* Its first line only: the lines after it show the bytes. */
	snprintf(xml_error, sizeof(xml_error),
	    "not well-formed XML at line %d: %.*s", e->line,
	    (int)strcspn(e->message, "\n"), e->message);
	for (n = 0; xml_error[n] != '\0'; n++)
		if ((unsigned char)xml_error[n] < 0x20 ||
		    xml_error[n] == 0x7f)
			xml_error[n] = ' ';
	while (n > 0 && xml_error[n - 1] == ' ')
		xml_error[--n] = '\0';
}

/* What libxml2 says outside its structured errors ("encoder error"). */
static void
no_message(void *arg, const char *fmt, ...)
{
	(void)arg;
	(void)fmt;
}

/* From now on keep libxml2's first error, printing none. */
void
xml_error_begin(void)
{
	xml_error[0] = '\0';
	xmlSetStructuredErrorFunc(NULL, first_error);
	xmlSetGenericErrorFunc(NULL, no_message);
}

/* Stop keeping errors; the first since xml_error_begin, or NULL. */
const char *
xml_error_end(void)
{
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlSetGenericErrorFunc(NULL, NULL);
	return xml_error[0] != '\0' ? xml_error : NULL;
}
