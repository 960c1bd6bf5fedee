/*
 * url.c: finding the payload in a record.  A record is a whole link
 * (any scheme and path, other parameters and a fragment around l), a
 * query string ("?l=..." or "l=..."), or a bare payload.  The payload's
 * place is kept so that output can replace just it, and a copy is made
 * with percent escapes decoded (old links have %2C for commas).
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

static int	hex_value(int);
static int	find_l_value(const char *, size_t, size_t *, size_t *);
static int	percent_decode(struct record *, const char *, size_t);

static int
hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * In the query line[0..len), parameters separated by '&', find the one
 * named l.  Returns 0 with its value's bounds, or -1.
 */
static int
find_l_value(const char *q, size_t len, size_t *start, size_t *end)
{
	const char *p = q, *stop = q + len, *amp;

	for (;;) {
		if ((amp = memchr(p, '&', (size_t)(stop - p))) == NULL)
			amp = stop;
		if (amp - p >= 2 && p[0] == 'l' && p[1] == '=') {
			*start = (size_t)(p - q) + 2;
			*end = (size_t)(amp - q);
			return 0;
		}
		if (amp == stop)
			return -1;
		p = amp + 1;
	}
}

/*
 * Most payloads have no escapes and are used where they stand; the others
 * are decoded into the record's own buffer.
 */
static int
percent_decode(struct record *rec, const char *p, size_t len)
{
	size_t i;
	int hi, lo;

	if (memchr(p, '%', len) == NULL) {
		rec->payload = p;
		rec->paylen = len;
		return 0;
	}
	if (rec->paycap < len + 1) {
		rec->decoded = xreallocarray(rec->decoded, len + 1, 1);
		rec->paycap = len + 1;
	}
	rec->paylen = 0;
	for (i = 0; i < len; i++) {
		if (p[i] == '%') {
			if (i + 2 >= len)
				return -1;
			if ((hi = hex_value(p[i + 1])) == -1 ||
			    (lo = hex_value(p[i + 2])) == -1)
				return -1;
			rec->decoded[rec->paylen++] = (char)(hi << 4 | lo);
			i += 2;
		} else
			rec->decoded[rec->paylen++] = p[i];
	}
	rec->decoded[rec->paylen] = '\0';
	rec->payload = rec->decoded;
	return 0;
}

/*
 * Split line into what stands before the payload, the payload and what
 * follows it.  White space around the record stays outside the payload.
 * Returns -1 with *why set when a link has no l parameter or a bad
 * percent escape.
 */
int
split_record(struct record *rec, const char *line, size_t len,
    const char **why)
{
	const char *q, *hash;
	size_t first = 0, last = len, qstart, qend, start, end;

	while (first < last && (line[first] == ' ' || line[first] == '\t'))
		first++;
	while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t'))
		last--;
	rec->line = line;
	rec->len = len;
	rec->is_link = 0;
	start = first;
	end = last;
	if (line[first] != '{' &&
	    ((q = memchr(line + first, '?', last - first)) != NULL ||
	    (last - first >= 2 && line[first] == 'l' && line[first + 1] == '='))) {
		rec->is_link = 1;
		qstart = q != NULL ? (size_t)(q - line) + 1 : first;
		hash = memchr(line + qstart, '#', last - qstart);
		qend = hash != NULL ? (size_t)(hash - line) : last;
		if (find_l_value(line + qstart, qend - qstart, &start, &end) == -1) {
			*why = "no l parameter";
			return -1;
		}
		start += qstart;
		end += qstart;
	}
	rec->start = start;
	rec->end = end;
	if (percent_decode(rec, line + start, end - start) == -1) {
		*why = "bad percent escape";
		return -1;
	}
	return 0;
}

void
record_free(struct record *rec)
{
	free(rec->decoded);
	memset(rec, 0, sizeof(*rec));
}
