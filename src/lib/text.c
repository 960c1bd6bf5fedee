/*
 * text.c: what was found, quoted for a diagnostic.  A bad record may be
 * a megabyte long, hold control bytes or be no UTF-8 at all; the excerpt
 * is short and safe to print on a terminal whatever the input.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gf.h"

#define EXCERPT_BUFS	4
#define EXCERPT_ROOM	(EXCERPT_MAX * 4 + 4)

/*
 * The length of the valid UTF-8 sequence at s (at most n bytes, n > 0),
 * or 0 when the bytes there are not one (overlong forms, surrogates and
 * values past U+10FFFF included).
 */
size_t
utf8_length(const char *text, size_t n)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t len, i;
	unsigned int c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) ||
	    (len == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	return len;
}

/*
 * At most EXCERPT_MAX bytes of s, with control bytes, DEL, backslash and
 * bytes that are not UTF-8 written as \xNN, and "..." when the text was
 * cut; "empty" when there is nothing.  The result lives in one of four
 * static buffers used in turn, so one message may hold four excerpts.
 */
const char *
excerpt(const char *s, size_t len)
{
	static char bufs[EXCERPT_BUFS][EXCERPT_ROOM];
	static unsigned int next;
	const unsigned char *p = (const unsigned char *)s;
	char *out = bufs[next++ % EXCERPT_BUFS];
	size_t i = 0, o = 0, n, lim = len < EXCERPT_MAX ? len : EXCERPT_MAX;

	if (len == 0)
		return "empty";
	while (i < lim) {
		n = utf8_length(s + i, len - i);
		if (n > 1 && i + n > lim)
			break;		/* a character is not cut in two */
		if (n == 0 || (n == 1 && (p[i] < 0x20 || p[i] == 0x7f ||
		    p[i] == '\\'))) {
			snprintf(out + o, 5, "\\x%02x", p[i]);
			o += 4;
			i++;
			continue;
		}
		memcpy(out + o, p + i, n);
		o += n;
		i += n;
	}
	if (i < len) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}
