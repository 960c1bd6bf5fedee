/*
 * url.c: finding the links in a line.  A line holds links to the game
 * (any scheme, www.joonas.io or joonas.io, the path /buffalo-chess, other
 * parameters and a fragment around l) and query strings ("?l=...")
 * standing among any text, may start with "l=...", or is a bare payload
 * alone on its line.  Each payload's place is kept so that output can
 * replace just it, and a copy is made with percent escapes decoded (old
 * links have %2C for commas).  A line of several words with no link is
 * text, not a record.
 */

#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

static int	hex_value(int);
static int	ends_link(int);
static int	is_url_byte(int);
static int	is_trailing_punctuation(int);
static int	starts_legacy(const char *, size_t, size_t);
static int	game_url_start(const char *, size_t, size_t, size_t *);
static size_t	scheme_start(const char *, size_t, size_t);
static size_t	query_end(const char *, size_t, size_t);
static size_t	find_l_parameter(const char *, size_t, size_t);
static size_t	payload_end(const char *, size_t, size_t);
static size_t	link_end(const char *, size_t, size_t);
static void	add_link(struct record *, size_t, size_t, size_t);
static void	find_links(struct record *, size_t, size_t);
static int	is_several_words(const char *, size_t, size_t);
static int	split_word(struct record *, size_t, size_t,
		    struct parse_error *);
static int	percent_decode(struct record *, const char *, size_t);

static const char game_path[] = "buffalo-chess";
static const char game_host[] = "joonas.io";

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
 * What a byte is to a link standing in text.  BYTE_END ends one: white
 * space, quotes, the brackets that Markdown, HTML and chat logs put
 * around one, and the bar of Slack's <URL|label>; other bytes stay in
 * the payload, whose reader then refuses what is not its.  BYTE_PARAM
 * ends a parameter, BYTE_COMMA may end a payload, BYTE_PERCENT may open
 * an escaped comma.  Looked up, since every byte of a payload is.
 */
#define BYTE_END	0x01
#define BYTE_PARAM	0x02
#define BYTE_COMMA	0x04
#define BYTE_PERCENT	0x08

static const unsigned char byte_class[256] = {
	[' '] = BYTE_END, ['\t'] = BYTE_END, ['\n'] = BYTE_END,
	['\v'] = BYTE_END, ['\f'] = BYTE_END, ['\r'] = BYTE_END,
	['"'] = BYTE_END, ['\''] = BYTE_END, [')'] = BYTE_END,
	[']'] = BYTE_END, ['<'] = BYTE_END, ['>'] = BYTE_END,
	['|'] = BYTE_END, ['&'] = BYTE_PARAM, ['#'] = BYTE_PARAM,
	[','] = BYTE_COMMA, ['%'] = BYTE_PERCENT,
};

static int
ends_link(int c)
{
	return byte_class[(unsigned char)c] & BYTE_END;
}

/* The bytes of a scheme, host and path glued to a query string. */
static int
is_url_byte(int c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
	    c == '%' || c == '/' || c == ':' || c == '@' || c == '+';
}

/*
 * Punctuation that chat puts after a link, and that no payload ends with:
 * legacy ends with a kill field or an end event, the other forms with a
 * letter or a digit.
 */
static int
is_trailing_punctuation(int c)
{
	return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' ||
	    c == '?';
}

/* Whether line[at..last) starts as a legacy event, "m-" or "e-". */
static int
starts_legacy(const char *line, size_t at, size_t last)
{
	return last - at >= 2 && (line[at] == 'm' || line[at] == 'e') &&
	    line[at + 1] == '-';
}

/*
 * The scheme name ending at line[colon], a letter and then letters,
 * digits, '+', '-' and '.'; returns its offset, or colon if none.
 */
static size_t
scheme_start(const char *line, size_t first, size_t colon)
{
	size_t i = colon;

	while (i > first && (isalnum((unsigned char)line[i - 1]) ||
	    line[i - 1] == '+' || line[i - 1] == '-' || line[i - 1] == '.'))
		i--;
	while (i < colon && !isalpha((unsigned char)line[i]))
		i++;
	return i;
}

/*
 * Whether the '?' at line[q] opens the query of a link to the game, or a
 * query string standing alone; *startp is then where the link begins.
 * Returns -1 when the text glued before the '?' is not the game's
 * address (another site's link, a word), which is then no link.
 */
static int
game_url_start(const char *line, size_t first, size_t q, size_t *startp)
{
	size_t i = q, n = sizeof(game_path) - 1, h = sizeof(game_host) - 1;

	if (i == first || !is_url_byte((unsigned char)line[i - 1])) {
		*startp = q;
		return 0;
	}
	while (i > first && line[i - 1] == '/')
		i--;
	if (i - first < n + 1 || memcmp(line + i - n, game_path, n) != 0 ||
	    line[i - n - 1] != '/')
		return -1;
	for (i -= n; i > first && line[i - 1] == '/'; i--)
		continue;
	if (i - first < h || strncasecmp(line + i - h, game_host, h) != 0)
		return -1;
	i -= h;
	if (i - first >= 4 && strncasecmp(line + i - 4, "www.", 4) == 0)
		i -= 4;
	if (i == first || !is_url_byte((unsigned char)line[i - 1])) {
		*startp = i;
		return 0;
	}
	if (i - first < 2 || line[i - 1] != '/' || line[i - 2] != '/')
		return -1;
	i -= 2;
	if (i > first && line[i - 1] == ':') {
		if ((*startp = scheme_start(line, first, i - 1)) == i - 1)
			return -1;
		return 0;
	}
	if (i > first && is_url_byte((unsigned char)line[i - 1]))
		return -1;
	*startp = i;
	return 0;
}

/*
 * Where the parameters of the query opened at line[q] may start: before
 * '#', a comma (of a CSV field) or a byte ending a link.
 */
static size_t
query_end(const char *line, size_t q, size_t last)
{
	size_t i;

	for (i = q + 1; i < last && line[i] != '#' && line[i] != ',' &&
	    !ends_link((unsigned char)line[i]); i++)
		continue;
	return i;
}

/*
 * The first l parameter of the query line[q..last), q being its '?':
 * "l=" right after a '?' or a '&', or after the "&amp;" of a link copied
 * out of HTML.  Returns its offset, or last if none, in which case no
 * other '?' of the query has one either.
 */
static size_t
find_l_parameter(const char *line, size_t q, size_t last)
{
	const char *p;
	size_t i = q + 1;

	while (i < last && (p = memchr(line + i, 'l', last - i)) != NULL) {
		i = (size_t)(p - line);
		if (i + 1 < last && line[i + 1] == '=' && (line[i - 1] == '?' ||
		    line[i - 1] == '&' || (i - q > 5 &&
		    memcmp(line + i - 5, "&amp;", 5) == 0)))
			return i;
		i++;
	}
	return last;
}

/*
 * The end of the payload starting at line[start]: '&', '#' or a byte that
 * ends a link.  Only legacy payloads hold commas, so any other ends at a
 * comma, as in an unquoted CSV field; so does a legacy payload written
 * with %2C once the next field does not start as an event.  Punctuation
 * that no payload ends with is left after it.
 */
static size_t
payload_end(const char *line, size_t start, size_t last)
{
	size_t end;
	int legacy = starts_legacy(line, start, last), escaped = 0, c;

	for (end = start; end < last; end++) {
		if ((c = byte_class[(unsigned char)line[end]]) == 0)
			continue;
		if (c & (BYTE_END | BYTE_PARAM))
			break;
		if ((c & BYTE_COMMA) && (!legacy ||
		    (escaped && !starts_legacy(line, end + 1, last))))
			break;
		if ((c & BYTE_PERCENT) && last - end >= 3 &&
		    line[end + 1] == '2' &&
		    (line[end + 2] == 'C' || line[end + 2] == 'c'))
			escaped = 1;
	}
	while (end > start && is_trailing_punctuation((unsigned char)line[end - 1]))
		end--;
	return end;
}

/*
 * The end of the link whose payload ends at line[end]: other parameters
 * and a fragment go on to a byte that ends a link or a comma, but for the
 * punctuation after them.
 */
static size_t
link_end(const char *line, size_t end, size_t last)
{
	size_t i = end;

	if (i == last || (line[i] != '&' && line[i] != '#'))
		return end;
	while (i < last && line[i] != ',' && !ends_link((unsigned char)line[i]))
		i++;
	while (i > end && is_trailing_punctuation((unsigned char)line[i - 1]))
		i--;
	return i;
}

static void
add_link(struct record *rec, size_t link_start, size_t start, size_t last)
{
	struct link *k;

	if (rec->nlinks == rec->linkcap) {
		rec->linkcap = rec->linkcap == 0 ? 4 : rec->linkcap * 2;
		rec->link = xreallocarray(rec->link, rec->linkcap,
		    sizeof(*rec->link));
	}
	k = &rec->link[rec->nlinks++];
	k->link_start = link_start;
	k->start = start;
	k->end = payload_end(rec->line, start, last);
	k->link_end = link_end(rec->line, k->end, last);
}

/*
 * Every link in line[first..last), in order: "l=" at the start of the
 * line, then each '?' that opens a link to the game or a query string
 * and has an l parameter.
 */
static void
find_links(struct record *rec, size_t first, size_t last)
{
	const char *line = rec->line, *p;
	size_t i = first, link_start, qend, l;

	if (last - first >= 2 && line[first] == 'l' && line[first + 1] == '=') {
		add_link(rec, first, first + 2, last);
		i = rec->link[0].link_end;
	}
	while (i < last && (p = memchr(line + i, '?', last - i)) != NULL) {
		i = (size_t)(p - line);
		if (game_url_start(line, first, i, &link_start) == -1) {
			i++;
			continue;
		}
		qend = query_end(line, i, last);
		if ((l = find_l_parameter(line, i, qend)) == qend) {
			i = qend;
			continue;
		}
		add_link(rec, link_start, l + 2, last);
		i = rec->link[rec->nlinks - 1].link_end;
	}
}

/*
 * Whether line[first..last), which holds no link, is several words:
 * white space inside it, or, unless it starts as a legacy payload (whose
 * events commas separate), a comma or semicolon between fields.
 */
static int
is_several_words(const char *line, size_t first, size_t last)
{
	size_t i;
	int fields = !starts_legacy(line, first, last);

	for (i = first; i < last; i++)
		if (line[i] == ' ' || line[i] == '\t' ||
		    (fields && (line[i] == ',' || line[i] == ';')))
			return 1;
	return 0;
}

/*
 * A single word alone on its line: an address with no link to the game
 * in it is refused; anything else is taken for a bare payload.
 */
static int
split_word(struct record *rec, size_t first, size_t last,
    struct parse_error *pe)
{
	const char *line = rec->line, *q;
	size_t at, start;

	q = memchr(line + first, '?', last - first);
	at = q != NULL ? (size_t)(q - line) : last;
	if (q != NULL || memmem(line + first, last - first, "://", 3) != NULL) {
		if (at > first && game_url_start(line, first, at, &start) == 0)
			return parse_error_set(pe, "no l parameter", 0,
			    line + first, last - first);
		return parse_error_set(pe, "not a link to the game", 0,
		    line + first, last - first);
	}
	add_link(rec, first, first, first);
	rec->link[0].end = rec->link[0].link_end = last;
	return 0;
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
 * Find the links of line.  A UTF-8 byte order mark opening the input
 * (first_line set) is not part of the first record.  A JSON payload
 * opens with '{' and is the whole line but the white space around it.
 * Returns 0 with rec->link filled in, RECORD_TEXT for a line with no
 * link that is no record, or -1 with *pe set for a word alone on its
 * line that cannot be a payload.
 */
int
split_record(struct record *rec, const char *line, size_t len,
    int first_line, struct parse_error *pe)
{
	size_t first = 0, last = len, n;

	rec->line = line;
	rec->len = len;
	rec->nlinks = 0;
	rec->bom = 0;
	if (first_line && len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0)
		first = rec->bom = 3;
	while (first < last && (line[first] == ' ' || line[first] == '\t'))
		first++;
	while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t'))
		last--;
	if (first == last)
		return RECORD_TEXT;
	if (line[first] == '{') {
		add_link(rec, first, first, first);
		rec->link[0].end = rec->link[0].link_end = last;
	} else {
		find_links(rec, first, last);
		if (rec->nlinks == 0 && is_several_words(line, first, last))
			return RECORD_TEXT;
		if (rec->nlinks == 0 && split_word(rec, first, last, pe) == -1)
			return -1;
	}
	n = rec->nlinks;
	rec->in_text = n > 1 || rec->link[0].link_start > first ||
	    rec->link[n - 1].link_end < last;
	return 0;
}

/*
 * Decode the payload of link k into rec->payload.  Returns -1 with *pe
 * set when it is over the limit or a percent escape is bad.
 */
int
record_payload(struct record *rec, size_t k, struct parse_error *pe)
{
	const struct link *l = &rec->link[k];
	const char *p = rec->line + l->start;
	size_t len = l->end - l->start;

	if (len > PAYLOAD_MAX)
		return parse_error_set(pe, "a payload is at most "
		    PAYLOAD_MAX_TEXT " bytes", 0, p, len);
	if (percent_decode(rec, p, len) == -1)
		return parse_error_set(pe, "bad percent escape", 0, p, len);
	return 0;
}

void
record_free(struct record *rec)
{
	free(rec->decoded);
	free(rec->link);
	memset(rec, 0, sizeof(*rec));
}
