/*
 * jsonerr.c: a bad record under -f json is still one JSON object on its
 * line, so that a bulk run through jq survives real data.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gf.h"

/*
 * The input as a JSON string: bytes that are not UTF-8 (and NULs) become
 * U+FFFD, since a JSON string holds text only.
 */
static json_t *
json_text(const char *s, size_t len)
{
	char *buf;
	size_t i, o = 0, n;
	json_t *j;

	if (len > (SIZE_MAX - 1) / 3)
		return json_string("");
	buf = xmalloc(len * 3 + 1);
	for (i = 0; i < len; i += n) {
		n = utf8_length(s + i, len - i);
		if (n == 0 || s[i] == '\0') {
			memcpy(buf + o, "\xef\xbf\xbd", 3);
			o += 3;
			n = 1;
			continue;
		}
		memcpy(buf + o, s + i, n);
		o += n;
	}
	j = json_stringn(buf, o);
	free(buf);
	return j;
}

/* A new object {"file":"name","line":N} for the line lr read last. */
static json_t *
line_object(const struct linereader *lr)
{
	json_t *obj = json_object();

	json_object_set_new(obj, "file", json_text(lr->name,
	    strlen(lr->name)));
	json_object_set_new(obj, "line", json_integer((json_int_t)lr->lineno));
	return obj;
}

/* Write obj on a line of its own, ended as the line read, and free it. */
static void
put_line_object(FILE *fp, const struct linereader *lr, json_t *obj)
{
	json_dumpf(obj, fp, JSON_COMPACT);
	lr_end(lr, fp, 1);
	json_decref(obj);
}

/*
 * {"file":"name","line":N,"error":"why","input":"the line as read"}:
 * name and N are where the line stands as messages name it (a file, a
 * sheet of a workbook, a mail of an mbox, a file of an archive), input
 * is the line (or what it was made into, such as UTF-8).
 */
void
json_error_line(FILE *fp, const struct linereader *lr, const char *why,
    const char *input, size_t len)
{
	json_t *obj = line_object(lr);

	json_object_set_new(obj, "error", json_text(why, strlen(why)));
	json_object_set_new(obj, "input", json_text(input, len));
	put_line_object(fp, lr, obj);
}

/*
 * {"file":"name","line":N,"text":"the line as read"}: a line of text
 * that holds no record, kept in its place.
 */
void
json_text_line(FILE *fp, const struct linereader *lr)
{
	json_t *obj = line_object(lr);

	json_object_set_new(obj, "text", json_text(lr->line, lr->len));
	put_line_object(fp, lr, obj);
}
