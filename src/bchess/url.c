/*
 * url.c: finding the payload in a record.  A record is a line holding a
 * link (any scheme and path, other parameters and a fragment around l)
 * or a query string ("?l=..." or "l=...") among any text, or a bare
 * payload.  The payload's
 * place is kept so that output can replace just it, and a copy is made
 * with percent escapes decoded (old links have %2C for commas).
 */

#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

static int	hex_value(int);
static int	ends_link(int);
static size_t	find_l_parameter(const char *, size_t, size_t);
static size_t	link_start(const char *, size_t, size_t);
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
 * The bytes that end a link standing in text: white space, quotes, and
 * the brackets that Markdown, HTML and chat logs put around one.  Other
 * bytes stay in the payload, whose reader then refuses what is not its.
 */
static int
ends_link(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	    c == '\f' || c == '\r' || c == '"' || c == '\'' || c == ')' ||
	    c == ']' || c == '<' || c == '>';
}

/*
 * The first l parameter of line[first..last): "l=" right after a '?' or
 * a '&', or at first itself.  Returns its offset, or last if none.
 */
static size_t
find_l_parameter(const char *line, size_t first, size_t last)
{
	const char *p;
	size_t i = first;

	if (last - first >= 2 && line[first] == 'l' && line[first + 1] == '=')
		return first;
	while (i < last && (p = memchr(line + i, 'l', last - i)) != NULL) {
		i = (size_t)(p - line);
		if (i + 1 < last && line[i + 1] == '=' && i > first &&
		    (line[i - 1] == '?' || line[i - 1] == '&'))
			return i;
		i++;
	}
	return last;
}

/*
 * Where the link holding offset at begins: after the byte that ends a
 * link before it, or, when a scheme ("https://") stands there, at the
 * scheme's name, so that a link in an unquoted CSV field keeps the field
 * before it.
 */
static size_t
link_start(const char *line, size_t first, size_t at)
{
	size_t start = at, i;

	while (start > first && !ends_link((unsigned char)line[start - 1]))
		start--;
	for (i = start; i + 3 <= at; i++)
		if (memcmp(line + i, "://", 3) == 0) {
			while (i > start && (isalnum((unsigned char)line[i - 1]) ||
			    line[i - 1] == '+' || line[i - 1] == '-' ||
			    line[i - 1] == '.'))
				i--;
			return i;
		}
	return start;
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
 * follows it.  A link (or query string) may stand anywhere in the line:
 * its l value ends at '&', '#' or a byte that ends a link.  A bare
 * payload is the whole line but the white space around it.  Returns -1
 * with *pe set when a link has no l parameter, the payload is over the
 * limit or a percent escape is bad.
 */
int
split_record(struct record *rec, const char *line, size_t len,
    struct parse_error *pe)
{
	size_t first = 0, last = len, l, start, end;

	while (first < last && (line[first] == ' ' || line[first] == '\t'))
		first++;
	while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t'))
		last--;
	rec->line = line;
	rec->len = len;
	rec->is_link = 0;
	start = rec->link_start = first;
	end = rec->link_end = last;
	if (first < last && line[first] != '{') {
		l = find_l_parameter(line, first, last);
		if (l < last) {
			rec->is_link = 1;
			start = l + 2;
			for (end = start; end < last && line[end] != '&' &&
			    line[end] != '#' &&
			    !ends_link((unsigned char)line[end]); end++)
				continue;
			rec->link_start = link_start(line, first, l);
			for (rec->link_end = end; rec->link_end < last &&
			    !ends_link((unsigned char)line[rec->link_end]);
			    rec->link_end++)
				continue;
		} else if (memchr(line + first, '?', last - first) != NULL)
			return parse_error_set(pe, "no l parameter", 0,
			    line + first, last - first);
	}
	rec->start = start;
	rec->end = end;
	if (end - start > PAYLOAD_MAX)
		return parse_error_set(pe, "a payload is at most "
		    PAYLOAD_MAX_TEXT " bytes", 0, line + start, end - start);
	if (percent_decode(rec, line + start, end - start) == -1)
		return parse_error_set(pe, "bad percent escape", 0,
		    line + start, end - start);
	return 0;
}

void
record_free(struct record *rec)
{
	free(rec->decoded);
	memset(rec, 0, sizeof(*rec));
}
