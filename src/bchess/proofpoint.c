/*
 * proofpoint.c: links that Proofpoint's URL Defense rewrote in the mail
 * it let through to a company, read back.  Its first form, v1
 * (urldefense.proofpoint.com/v1/url?u=LINK&k=...), holds the link
 * percent-encoded in a parameter, as other redirects do, and is one of
 * redirect.c's.  The two later forms hide the link from a reader of
 * addresses:
 *
 *   v2  https://urldefense.proofpoint.com/v2/url?u=LINK&d=..&c=..&e=
 *       LINK percent-encoded, then each '%' written '-' and each '/'
 *       '_': "https-3A__www.joonas.io_buffalo-2Dchess_-3Fl-3D...".
 *
 *   v3  https://urldefense.com/v3/__LINK__;BYTES!!CUSTOMER!SIGNATURE$
 *       LINK as it was, but that some of its characters (each '%' among
 *       them) are each written '*', or a run of 2 to 65 of them "**"
 *       and a letter for the run's length ('A' to 'Z' 2 to 27, 'a' to
 *       'z' 28 to 53, '0' to '9' 54 to 63, '-' 64, '_' 65); the
 *       characters they stand for, in order, are BYTES, UTF-8 in
 *       URL-safe base64 without padding.  The host may also be
 *       urldefense.proofpoint.com.
 *
 * A line holding such an address whose link is to the game is read as
 * if the link stood there instead: the address is replaced by the link,
 * which is converted as any other.  The wrapper goes, as a redirect's
 * does, for its signature could never match the converted link.
 */

#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <glib.h>

#include "gf.h"
#include "bchess.h"

static const char marker[] = "urldefense";

static int	 ends_address(int);
static size_t	 host_length(const char *, size_t, size_t);
static size_t	 scheme_before(const char *, size_t);
static int	 run_length(int);
static void	 add_decoded(struct strbuf *, const char *, size_t, int);
static int	 unquote(struct strbuf *, const char *, size_t, int, int);
static int	 base64url(struct strbuf *, const char *, size_t);
static int	 put_tokens(struct strbuf *, const char *, size_t,
		    const char *, size_t, int);
static int	 v2_link(const char *, size_t, size_t, int, struct strbuf *,
		    size_t *);
static int	 v3_link(const char *, size_t, size_t, int, struct strbuf *,
		    size_t *);

/* Whether byte c ends an address standing in text. */
static int
ends_address(int c)
{
	return c <= ' ' || c == 0x7f || c == '"' || c == '\'' || c == '<' ||
	    c == '>' || c == '`' || c == '\\' || c == '{' || c == '}' ||
	    c == '|' || c == '^';
}

/*
 * The length of URL Defense's host at line[h..last), which "urldefense"
 * opens, with the '/' after it; 0 if it is not there.
 */
static size_t
host_length(const char *line, size_t h, size_t last)
{
	static const char *const hosts[] = {
		"urldefense.proofpoint.com/", "urldefense.com/"
	};
	size_t i, n;

	for (i = 0; i < sizeof(hosts) / sizeof(hosts[0]); i++) {
		n = strlen(hosts[i]);
		if (last - h >= n && strncasecmp(line + h, hosts[i], n) == 0)
			return n;
	}
	return 0;
}

/* Where the address whose host starts at line[h] starts: its scheme. */
static size_t
scheme_before(const char *line, size_t h)
{
	if (h >= 8 && strncasecmp(line + h - 8, "https://", 8) == 0)
		return h - 8;
	if (h >= 7 && strncasecmp(line + h - 7, "http://", 7) == 0)
		return h - 7;
	return h;
}

/* The characters a v3 run of "**" and c stands for; 0 if c is none. */
static int
run_length(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 2;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 28;
	if (c >= '0' && c <= '9')
		return c - '0' + 54;
	return c == '-' ? 64 : c == '_' ? 65 : 0;
}

/*
 * Append the n bytes of s, decoded out of an address, as markup writes
 * them if markup is set: a link's own '&' would break the XML of a
 * document written back.
 */
static void
add_decoded(struct strbuf *sb, const char *s, size_t n, int markup)
{
	const char *entity;
	size_t i;

	for (i = 0; i < n; i++)
		if (markup && (entity = markup_entity(s[i])) != NULL)
			sb_add(sb, entity, strlen(entity));
		else
			sb_addc(sb, s[i]);
}

/*
 * Append s[0..n), its percent escapes decoded (as markup writes them if
 * markup is set), and, if v2, each '-' read as '%' and each '_' as '/'
 * first.  Returns -1 if a v2 '-' opens no escape (a '-' of the link is
 * "-2D"), else 0; elsewhere a '%' that opens none stands for itself.
 */
static int
unquote(struct strbuf *sb, const char *s, size_t n, int v2, int markup)
{
	char c, esc[3];
	int byte;
	size_t i;

	for (i = 0; i < n; i++) {
		c = s[i];
		if (v2 && c == '_')
			c = '/';
		else if (v2 && c == '-')
			c = '%';
		if (c == '%' && n - i >= 3) {
			esc[0] = '%';
			memcpy(esc + 1, s + i + 1, 2);
			if ((byte = escape_at(esc, 3, 0)) != -1) {
				c = (char)byte;
				add_decoded(sb, &c, 1, markup);
				i += 2;
				continue;
			}
		}
		if (v2 && s[i] == '-')
			return -1;
		sb_addc(sb, c);
	}
	return 0;
}

/*
 * Append s[0..n), URL-safe base64 without padding, decoded; -1 if it is
 * not such base64.
 */
static int
base64url(struct strbuf *sb, const char *s, size_t n)
{
	char *text;
	guchar *bytes;
	size_t i, len;
	gint state = 0;
	guint save = 0;

	if (n % 4 == 1)
		return -1;
	text = xreallocarray(NULL, n + 3, 1);
	for (i = 0; i < n; i++) {
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' &&
		    s[i] != '_') {
			free(text);
			return -1;
		}
		text[i] = s[i] == '-' ? '+' : s[i] == '_' ? '/' : s[i];
	}
	for (len = n; len % 4 != 0; len++)
		text[len] = '=';
	/* Three bytes for each four characters (and one, if there are none). */
	bytes = xreallocarray(NULL, len / 4 * 3 + 1, 1);
	sb_add(sb, (const char *)bytes, g_base64_decode_step(text, len, bytes,
	    &state, &save));
	free(bytes);
	free(text);
	return 0;
}

/*
 * Append the v3 link s[0..n) with each '*' replaced by the next of the
 * characters chars[0..nchars) (UTF-8; as markup writes them if markup
 * is set), and each "**" and a letter by the next run of them; -1 if
 * they are too few or not UTF-8, or a run's letter is none.  Characters
 * left over are no fault: Proofpoint's own reader leaves them.
 */
static int
put_tokens(struct strbuf *sb, const char *s, size_t n, const char *chars,
    size_t nchars, int markup)
{
	size_t i, at = 0, len;
	int run;

	for (i = 0; i < n; i++) {
		if (s[i] != '*') {
			sb_addc(sb, s[i]);
			continue;
		}
		run = 1;
		if (n - i >= 3 && s[i + 1] == '*') {
			if ((run = run_length((unsigned char)s[i + 2])) == 0)
				return -1;
			i += 2;
		}
		for (; run > 0; run--) {
			if (at == nchars ||
			    (len = utf8_length(chars + at, nchars - at)) == 0)
				return -1;
			add_decoded(sb, chars + at, len, markup);
			at += len;
		}
	}
	return 0;
}

/*
 * The link of the v2 address whose "u=" value starts at line[at], into
 * out; *end is where the address ends, past its other parameters.
 * Returns 1, or -1 if the value does not decode.
 */
static int
v2_link(const char *line, size_t at, size_t last, int markup,
    struct strbuf *out, size_t *end)
{
	size_t e = at, n;

	while (e < last && (isalnum((unsigned char)line[e]) ||
	    strchr("-_.~+%", line[e]) != NULL) && line[e] != '\0')
		e++;
	/* Its parameters after it, written "&amp;", tell markup too. */
	if (last - e >= 5 && memcmp(line + e, "&amp;", 5) == 0)
		markup = 1;
	if (unquote(out, line + at, e - at, 1, markup) == -1)
		return -1;
	/* The parameters after: "&d=...", plain or as HTML writes '&'. */
	for (;;) {
		n = e < last && line[e] == '&' ? 1 : 0;
		if (n == 1 && last - e >= 5 && memcmp(line + e, "&amp;", 5) == 0)
			n = 5;
		if (n == 0 || e + n == last || !islower((unsigned char)line[e + n]))
			break;
		n += e;
		while (n < last && islower((unsigned char)line[n]))
			n++;
		if (n == last || line[n] != '=')
			break;
		for (n++; n < last && (isalnum((unsigned char)line[n]) ||
		    line[n] == '-' || line[n] == '_' || line[n] == '='); n++)
			continue;
		e = n;
	}
	*end = e;
	return 1;
}

/*
 * The link of the v3 address whose link starts at line[at] (after
 * "v3/__"), into out; *end is where the address ends, past its '$'.
 * Returns 1, 0 if the address is not whole (no "__;" and '!' after the
 * link), or -1 if it does not decode.
 */
static int
v3_link(const char *line, size_t at, size_t last, int markup,
    struct strbuf *out, size_t *end)
{
	struct strbuf link = { 0 }, chars = { 0 };
	size_t e, b, slash;
	int rc = -1;

	for (e = at; e + 3 <= last && memcmp(line + e, "__;", 3) != 0; e++)
		if (ends_address((unsigned char)line[e]))
			return 0;
	if (e + 3 > last)
		return 0;
	for (b = e + 3; b < last && (isalnum((unsigned char)line[b]) ||
	    line[b] == '-' || line[b] == '_'); b++)
		continue;
	if (b == last || line[b] != '!')
		return 0;
	if (memmem(line + at, e - at, "&amp;", 5) != NULL)
		markup = 1;
	if (unquote(&link, line + at, e - at, 0, markup) == 0 &&
	    base64url(&chars, line + e + 3, b - e - 3) == 0 &&
	    put_tokens(out, link.s, link.len, chars.s, chars.len,
	    markup) == 0)
		rc = 1;
	sb_free(&link);
	sb_free(&chars);
	if (rc != 1)
		return rc;
	/* "https:/host": Proofpoint's reader puts the second slash back. */
	for (slash = 0; slash < out->len && (isalnum((unsigned char)
	    out->s[slash]) || strchr("+.-", out->s[slash]) != NULL) &&
	    out->s[slash] != '\0'; slash++)
		continue;
	if (slash > 0 && out->len - slash >= 3 && out->s[slash] == ':' &&
	    out->s[slash + 1] == '/' && out->s[slash + 2] != '/') {
		sb_addc(out, '\0');
		memmove(out->s + slash + 2, out->s + slash + 1,
		    out->len - slash - 2);
		out->s[slash + 1] = '/';
	}
	while (b < last && (isalnum((unsigned char)line[b]) ||
	    line[b] == '-' || line[b] == '_' || line[b] == '!'))
		b++;
	if (b < last && line[b] == '$')
		b++;
	*end = b;
	return 1;
}

/*
 * The line line[0..len) with each URL Defense address whose link is to
 * the game replaced by the link, into out; in markup (markup set, or
 * the address writes '&' "&amp;"), a byte decoded is written as markup
 * writes it.  Returns 1 if one was, 0 if
 * none (out is then not to be read), or -1 if such an address does not
 * decode: *bad and *badlen are then where it stands.
 */
int
proofpoint_unwrap(const char *line, size_t len, int markup,
    struct strbuf *out, size_t *bad, size_t *badlen)
{
	struct strbuf link = { 0 };
	const char *p;
	size_t i = 0, copied = 0, h, n, s, e, at;
	int rc, found = 0;

	sb_clear(out);
	while (len - i >= sizeof(marker) - 1 && (p = memmem(line + i,
	    len - i, marker, sizeof(marker) - 1)) != NULL) {
		h = (size_t)(p - line);
		i = h + 1;
		if ((n = host_length(line, h, len)) == 0)
			continue;
		at = h + n;
		sb_clear(&link);
		if (len - at >= 9 && memcmp(line + at, "v2/url?u=", 9) == 0)
			rc = v2_link(line, at + 9, len, markup, &link, &e);
		else if (len - at >= 5 && memcmp(line + at, "v3/__", 5) == 0)
			rc = v3_link(line, at + 5, len, markup, &link, &e);
		else
			continue;
		/* The scheme, if the address before did not end in it. */
		if ((s = scheme_before(line, h)) < copied)
			s = h;
		/* Not the game's: left as it is, unless it does not decode. */
		if (rc == 1 && (link.len == 0 || memmem(link.s, link.len,
		    GAME_PATH, sizeof(GAME_PATH) - 1) == NULL))
			continue;
		if (rc != 1) {
			for (e = at; e < len &&
			    !ends_address((unsigned char)line[e]); e++)
				continue;
			if (memmem(line + at, e - at, GAME_PATH,
			    sizeof(GAME_PATH) - 1) == NULL &&
			    memmem(line + at, e - at, "buffalo-2Dchess", 15) ==
			    NULL)
				continue;
			*bad = s;
			*badlen = e - s;
			sb_free(&link);
			return -1;
		}
		sb_add(out, line + copied, s - copied);
		sb_add(out, link.s, link.len);
		copied = i = e;
		found = 1;
	}
	sb_free(&link);
	if (found)
		sb_add(out, line + copied, len - copied);
	return found;
}
