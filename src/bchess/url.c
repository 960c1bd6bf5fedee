/*
 * url.c: finding the links in a line.  A line holds links to the game
 * (any scheme, www.joonas.io or joonas.io, the path /buffalo-chess, other
 * parameters and a fragment around l) and query strings ("?l=...")
 * standing among any text, may start with "l=...", or is a bare payload
 * alone on its line.  Each payload's place is kept so that output can
 * replace just it, and a copy is made with percent escapes decoded (old
 * links have %2C for commas).  A line of several words with no link is
 * text, not a record.  Links stand in text as exports write them: with
 * HTML's "&amp;", JSON's "\/", "\u0026" and "\u003d", quoted-printable's
 * "=3D", percent-encoded a second time or inside another address; a link
 * the line holds but that cannot be converted where it stands is
 * reported, never passed over.
 */

#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

static int	hex_value(int);
static int	is_trailing_punctuation(int);
static size_t	escape_length(const char *, size_t, size_t);
static int	is_entity(const char *, size_t, size_t);
static size_t	encoded_at(const char *, size_t, size_t, int);
static size_t	slash_before(const char *, size_t, size_t);
static size_t	slash_at(const char *, size_t, size_t);
static int	game_url_start(const char *, size_t, size_t, size_t *);
static size_t	scheme_start(const char *, size_t, size_t);
static size_t	query_end(const char *, size_t, size_t);
static int	opens_parameter(const char *, size_t, size_t);
static size_t	l_sign_length(const char *, size_t, size_t);
static size_t	find_l_parameter(const char *, size_t, size_t);
static size_t	skip_plain(const char *, size_t, size_t);
static int	follows_end_event(const char *, size_t, size_t);
static void	grow_links(struct record *);
static struct link *add_link(struct record *, size_t, size_t, size_t);
static void	add_query_link(struct record *, size_t, size_t, size_t);
static int	is_cut_address(const char *, size_t, size_t, size_t);
static size_t	encoded_before(const char *, size_t, size_t, int);
static size_t	slash_ending(const char *, size_t, size_t);
static size_t	encoded_link_start(const char *, size_t, size_t);
static size_t	encoded_l_value(const char *, size_t, size_t, size_t,
		    unsigned int *);
static size_t	encoded_payload_end(const char *, size_t, size_t);
static void	add_encoded_link(struct record *, size_t, size_t, size_t,
		    size_t, unsigned int);
static void	find_encoded_links(struct record *, size_t, size_t);
static int	payload_byte(const char *, size_t, size_t *);
static int	same_payload(const char *, size_t, const char *, size_t);
static void	find_links(struct record *, size_t, size_t);
static int	is_several_words(const char *, size_t, size_t);
static int	holds_json_record(const char *, size_t, size_t);
static int	is_json_punctuation(const char *, size_t, size_t);
static int	split_quoted(struct record *, size_t, size_t);
static int	holds_alnum(const char *, size_t, size_t);
static int	is_cell_text(const char *, size_t, size_t, size_t, size_t,
		    size_t);
static void	find_cell_payloads(struct record *, size_t, size_t);
static int	split_word(struct record *, size_t, size_t,
		    struct parse_error *);
static const char *unread_file(const char *, size_t);
static int	opens_markup(const char *, size_t, size_t);
static size_t	digits(const char *, size_t, size_t);
static int	opens_chat_log(const char *, size_t, size_t);
static int	opens_chat_title(const char *, size_t, size_t);
static int	decode_escapes(char *, const char *, size_t, size_t *);
static int	percent_decode(struct record *, const char *, size_t);

static const char game_path[] = GAME_PATH;
static const char game_host[] = "joonas.io";

/* The addresses of the game, of which a soft line break may leave a tail. */
const char *const game_addresses[GAME_ADDRESSES] = {
	"https://www.joonas.io/buffalo-chess",
	"http://www.joonas.io/buffalo-chess",
	"https://joonas.io/buffalo-chess",
	"http://joonas.io/buffalo-chess"
};

static const char cut_by_soft_break[] = "a soft line break of "
    "quoted-printable mail cuts the link (decode the mail first)";
static const char cut_at_comma[] = "a legacy link with no end event ends "
    "the line, a comma after it: a line break may have cut it there (join "
    "the lines, or take the comma away)";
static const char tail_of_cut[] = "the moves of the legacy link that "
    "ends the line before, which a line break may have cut (join the "
    "lines)";
static const char cut_before_next[] = "a legacy link with no end event "
    "ends the line, and the next line goes on with its moves: a line break "
    "cut it (join the lines)";
static const char cut_in_address[] = "a link to the game whose address "
    "ends the line, and the next line goes on with the rest of it: a line "
    "break cut it (join the lines)";
static const char tail_of_address[] = "the rest of the address of a link "
    "to the game that ends the line before, which a line break cut (join "
    "the lines)";
static const char cut_in_payload[] = "a compact link whose payload ends "
    "the line, and the next line goes on with the rest of it: a line break "
    "cut it (join the lines)";
static const char tail_of_payload[] = "the rest of the payload of a "
    "compact link that ends the line before, which a line break cut (join "
    "the lines)";
static const char cut_by_tag[] = "the link goes on past a tag that only "
    "formats its text (a run of a document, a span, <wbr>): converted "
    "here, its game would be cut short";
static const char ole_file[] = "a file of Office 97-2003 (.xls, .doc, "
    ".ppt), or one saved with a password, which is not read (save it as "
    ".xlsx, .docx, .ods, .odt or CSV)";
static const char rtf_file[] = "an RTF document (TextEdit, WordPad), not "
    "read: RTF may break a link across lines (save it as .docx, .odt or "
    "text)";
static const char wide_not_named[] = "UTF-16 or UTF-32 text without a "
    "byte order mark, not in the encoding -E names (leave -E out, or name "
    "its encoding)";
static const char nul_byte[] = "not text: a NUL byte; for UTF-16 or "
    "UTF-32, say the encoding with -E";

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
 * The byte that the percent escape at p[i] ("%2C") stands for, or -1 if
 * p[i] opens none.
 */
int
escape_at(const char *p, size_t len, size_t i)
{
	int hi, lo;

	if (p[i] != '%' || len - i < 3 || (hi = hex_value(p[i + 1])) == -1 ||
	    (lo = hex_value(p[i + 2])) == -1)
		return -1;
	return hi << 4 | lo;
}

/*
 * What a byte is to a link standing in text.  BYTE_END ends one: white
 * space, quotes, the brackets that Markdown, HTML and chat logs put
 * around one, the bar of Slack's <URL|label>, the semicolon between the
 * fields of CSV in many locales and the backslash that opens an escape
 * of a JSON string (such as the "\n" or "\"" after a link, but for the
 * escapes of escape_length, which stand inside one); other bytes stay in
 * the payload, whose reader then refuses what is not its.  BYTE_PARAM
 * ends a parameter, BYTE_COMMA may end a payload, BYTE_PERCENT may open
 * an escaped comma.  BYTE_TEXT, a byte of a character past ASCII (the
 * full stop of Chinese and Japanese, an ellipsis, an emoji), ends a
 * payload, which is ASCII, and the parameters after it.  Looked up,
 * since every byte of a payload is.
 */
#define BYTE_END	0x01
#define BYTE_PARAM	0x02
#define BYTE_COMMA	0x04
#define BYTE_PERCENT	0x08
#define BYTE_TEXT	0x10

#define TEXT8(b)	[b] = BYTE_TEXT, [b + 1] = BYTE_TEXT, \
			[b + 2] = BYTE_TEXT, [b + 3] = BYTE_TEXT, \
			[b + 4] = BYTE_TEXT, [b + 5] = BYTE_TEXT, \
			[b + 6] = BYTE_TEXT, [b + 7] = BYTE_TEXT
#define TEXT64(b)	TEXT8(b), TEXT8(b + 8), TEXT8(b + 16), TEXT8(b + 24), \
			TEXT8(b + 32), TEXT8(b + 40), TEXT8(b + 48), TEXT8(b + 56)

static const unsigned char byte_class[256] = {
	[' '] = BYTE_END, ['\t'] = BYTE_END, ['\n'] = BYTE_END,
	['\v'] = BYTE_END, ['\f'] = BYTE_END, ['\r'] = BYTE_END,
	['"'] = BYTE_END, ['\''] = BYTE_END, [')'] = BYTE_END,
	[']'] = BYTE_END, ['<'] = BYTE_END, ['>'] = BYTE_END,
	['|'] = BYTE_END, [';'] = BYTE_END, ['\\'] = BYTE_END,
	['&'] = BYTE_PARAM, ['#'] = BYTE_PARAM,
	[','] = BYTE_COMMA, ['%'] = BYTE_PERCENT,
	TEXT64(0x80), TEXT64(0xc0)
};

/* Whether byte c ends a link standing in text (BYTE_END). */
int
ends_link_text(int c)
{
	return byte_class[c] & BYTE_END;
}

/* The bytes of a scheme, host and path glued to a query string. */
int
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
int
starts_legacy(const char *line, size_t at, size_t last)
{
	return last - at >= 2 && (line[at] == 'm' || line[at] == 'e') &&
	    line[at + 1] == '-';
}

/*
 * The length of an escaped byte that stands inside a link in text: the
 * "&amp;" of HTML, the "\/", "\u0026" and "\u003d" of JSON strings; 0
 * when line[i] opens none.
 */
static size_t
escape_length(const char *line, size_t i, size_t last)
{
	if (line[i] == '&')
		return last - i >= 5 && memcmp(line + i, "&amp;", 5) == 0 ? 5 : 0;
	if (line[i] != '\\' || last - i < 2)
		return 0;
	if (line[i + 1] == '/')
		return 2;
	return last - i >= 6 && (memcmp(line + i, "\\u0026", 6) == 0 ||
	    strncasecmp(line + i, "\\u003d", 6) == 0) ? 6 : 0;
}

/*
 * Whether line[i] opens an HTML entity other than "&amp;", such as the
 * "&quot;" that ends a link quoted in HTML text.
 */
static int
is_entity(const char *line, size_t i, size_t last)
{
	size_t j;

	if (line[i] != '&' || escape_length(line, i, last) > 0)
		return 0;
	for (j = i + 1; j < last && j - i <= 8 &&
	    (isalnum((unsigned char)line[j]) || line[j] == '#'); j++)
		continue;
	return j > i + 1 && j < last && line[j] == ';';
}

/*
 * The length of the byte c percent-encoded at line[i], once ("%2C") or
 * twice ("%252C"), or 0 if it is not there.
 */
static size_t
encoded_at(const char *line, size_t i, size_t last, int c)
{
	size_t n = 1;

	if (line[i] != '%')
		return 0;
	if (last - i >= 5 && line[i + 1] == '2' && line[i + 2] == '5')
		n = 3;
	if (last - i < n + 2 || hex_value(line[i + n]) != (c >> 4) ||
	    hex_value(line[i + n + 1]) != (c & 0xf))
		return 0;
	return n + 2;
}

/*
 * The length of the slash ending at line[i], plain or escaped as in a
 * JSON string ("\/"), or 0 if there is none.
 */
static size_t
slash_before(const char *line, size_t first, size_t i)
{
	if (i == first || line[i - 1] != '/')
		return 0;
	return i - first >= 2 && line[i - 2] == '\\' ? 2 : 1;
}

/*
 * The length of the slash at line[i] in any of the forms an address
 * takes inside another one: plain, JSON-escaped, percent-encoded once
 * (%2F) or twice (%252F); 0 if there is none.
 */
static size_t
slash_at(const char *line, size_t i, size_t last)
{
	if (line[i] == '/')
		return 1;
	if (last - i >= 2 && line[i] == '\\' && line[i + 1] == '/')
		return 2;
	return encoded_at(line, i, last, '/');
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
	size_t i = q, n = sizeof(game_path) - 1, h = sizeof(game_host) - 1, s;

	if (i == first || !is_url_byte((unsigned char)line[i - 1])) {
		*startp = q;
		return 0;
	}
	while ((s = slash_before(line, first, i)) > 0)
		i -= s;
	if (i - first < n + 1 || memcmp(line + i - n, game_path, n) != 0 ||
	    slash_before(line, first, i - n) == 0)
		return -1;
	for (i -= n; (s = slash_before(line, first, i)) > 0; i -= s)
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
	if ((s = slash_before(line, first, i)) == 0)
		return -1;
	i -= s;
	if ((s = slash_before(line, first, i)) == 0)
		return -1;
	i -= s;
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
 * '#', a comma (of a CSV field) or a byte ending a link, escapes skipped.
 */
static size_t
query_end(const char *line, size_t q, size_t last)
{
	size_t i = q + 1, n;
	int c;

	for (; i < last; i++) {
		if ((c = byte_class[(unsigned char)line[i]]) == 0 ||
		    c == BYTE_PERCENT || c == BYTE_TEXT)
			continue;
		if ((n = escape_length(line, i, last)) > 0)
			i += n - 1;
		else if (c != BYTE_PARAM || line[i] == '#')
			break;
	}
	return i;
}

/*
 * Whether the parameter at line[i] of the query opened at line[q]
 * follows a separator: the '?', a '&', HTML's "&amp;" or JSON's "\u0026".
 */
static int
opens_parameter(const char *line, size_t q, size_t i)
{
	return line[i - 1] == '?' || line[i - 1] == '&' ||
	    (i - q > 5 && memcmp(line + i - 5, "&amp;", 5) == 0) ||
	    (i - q > 6 && memcmp(line + i - 6, "\\u0026", 6) == 0);
}

/*
 * The length of "l=" at line[i], its '=' plain or escaped as Java's
 * Gson writes it in JSON ("\u003d"); 0 if it is not there.
 */
static size_t
l_sign_length(const char *line, size_t i, size_t last)
{
	if (last - i < 2 || line[i] != 'l')
		return 0;
	if (line[i + 1] == '=')
		return 2;
	return last - i >= 7 && strncasecmp(line + i + 1, "\\u003d", 6) == 0 ?
	    7 : 0;
}

/*
 * The first l parameter of the query line[q..last), q being its '?'.
 * Returns its offset, or last if none, in which case no other '?' of the
 * query has one either.
 */
static size_t
find_l_parameter(const char *line, size_t q, size_t last)
{
	const char *p;
	size_t i = q + 1;

	while (i < last && (p = memchr(line + i, 'l', last - i)) != NULL) {
		i = (size_t)(p - line);
		if (l_sign_length(line, i, last) > 0 &&
		    opens_parameter(line, q, i))
			return i;
		i++;
	}
	return last;
}

/*
 * The first byte of line[i..last) that is not plain, looked at four at
 * a time: most bytes of a payload are.
 */
static size_t
skip_plain(const char *line, size_t i, size_t last)
{
	const unsigned char *p = (const unsigned char *)line;

	while (last - i >= 4 && (byte_class[p[i]] | byte_class[p[i + 1]] |
	    byte_class[p[i + 2]] | byte_class[p[i + 3]]) == 0)
		i += 4;
	while (i < last && byte_class[p[i]] == 0)
		i++;
	return i;
}

/* Whether line[start..comma) ends with an end event, e-w or e-l. */
static int
follows_end_event(const char *line, size_t start, size_t comma)
{
	return comma - start >= 3 && line[comma - 3] == 'e' &&
	    line[comma - 2] == '-' &&
	    (line[comma - 1] == 'w' || line[comma - 1] == 'l') &&
	    (comma - start == 3 || line[comma - 4] == ',');
}

/*
 * The end of the payload starting at line[start]: '&', '#' or a byte that
 * ends a link.  Only legacy payloads hold commas, so any other ends at a
 * comma, as in an unquoted CSV field; so does a legacy payload written
 * with %2C (or %252C), or at a comma after its end event, once the next
 * field does not start as an event.  Punctuation that no payload ends
 * with is left after it.
 */
size_t
payload_end(const char *line, size_t start, size_t last)
{
	size_t end;
	int legacy = starts_legacy(line, start, last), escaped = 0, c;

	for (end = start; (end = skip_plain(line, end, last)) < last; end++) {
		c = byte_class[(unsigned char)line[end]];
		if (c & (BYTE_END | BYTE_PARAM | BYTE_TEXT))
			break;
		if ((c & BYTE_COMMA) && (!legacy || ((end + 1 == last ||
		    line[end + 1] != 'm') && !starts_legacy(line, end + 1,
		    last) && (escaped || follows_end_event(line, start, end)))))
			break;
		if ((c & BYTE_PERCENT) && encoded_at(line, end, last, ','))
			escaped = 1;
	}
	while (end > start && is_trailing_punctuation((unsigned char)line[end - 1]))
		end--;
	return end;
}

/*
 * Whether other parameters or a fragment follow the payload ending at
 * line[end]: a '&' that is no HTML entity such as "&quot;", JSON's
 * "\u0026" or a '#'.
 */
int
opens_more(const char *line, size_t end, size_t last)
{
	if (line[end] == '#')
		return 1;
	if (line[end] == '&')
		return !is_entity(line, end, last);
	return escape_length(line, end, last) == 6;
}

/*
 * The end of the link whose payload ends at line[end]: other parameters
 * and a fragment go on, escapes and all, to a byte that ends a link, a
 * comma, a character past ASCII or an HTML entity, but for the
 * punctuation after them.
 */
size_t
link_end(const char *line, size_t end, size_t last)
{
	size_t i = end, n;

	if (i == last || !opens_more(line, i, last))
		return end;
	while (i < last) {
		if ((n = escape_length(line, i, last)) > 0) {
			i += n;
			continue;
		}
		if (line[i] == ',' || (byte_class[(unsigned char)line[i]] &
		    (BYTE_END | BYTE_TEXT)) || is_entity(line, i, last))
			break;
		i++;
	}
	while (i > end && is_trailing_punctuation((unsigned char)line[i - 1]))
		i--;
	return i;
}

/* Room for one more link. */
static void
grow_links(struct record *rec)
{
	if (rec->nlinks == rec->linkcap) {
		rec->linkcap = rec->linkcap == 0 ? 4 : rec->linkcap * 2;
		rec->link = xreallocarray(rec->link, rec->linkcap,
		    sizeof(*rec->link));
	}
}

static struct link *
add_link(struct record *rec, size_t link_start, size_t start, size_t last)
{
	struct link *k;

	grow_links(rec);
	k = &rec->link[rec->nlinks++];
	k->link_start = link_start;
	/* The payload before may have run on over this link's scheme. */
	if (rec->nlinks > 1 && link_start < k[-1].link_end)
		k->link_start = k[-1].link_end;
	k->start = start;
	k->end = payload_end(rec->line, start, last);
	k->link_end = link_end(rec->line, k->end, last);
	k->why = NULL;
	k->depth = 0;
	k->inner = k->inner_end = 0;
	k->cell = k->rich = 0;
	return k;
}

/*
 * The link whose l parameter's value starts at line[start].  In
 * quoted-printable mail "l=" is "l=3D", and a payload running to a '='
 * that ends the line is cut there by a soft line break: no payload ends
 * with '='.
 */
static void
add_query_link(struct record *rec, size_t link_start, size_t start,
    size_t last)
{
	struct link *k;

	if (last - start >= 2 && rec->line[start] == '3' &&
	    rec->line[start + 1] == 'D')
		start += 2;
	k = add_link(rec, link_start, start, last);
	if (k->end == last && k->end > k->start && rec->line[last - 1] == '=')
		k->why = cut_by_soft_break;
	else if (k->link_end == k->end &&
	    continues_past_tags(rec->line, k->end, last) &&
	    join_past_tags(rec, k, last) == -1)
		k->why = cut_by_tag;
	else if (k->end + 1 == last && rec->line[k->end] == ',' &&
	    starts_legacy(rec->line, k->start, last) &&
	    !follows_end_event(rec->line, k->start, k->end)) {
		k->why = cut_at_comma;
		rec->cut_at_end = 1;
	}
}

/*
 * Whether the query opened at line[q], glued to an address that is not
 * the game's, is the rest of a link to the game that a soft line break
 * of quoted-printable mail cut: its l parameter is "l=3D" and the
 * address is the tail of the game's.
 */
static int
is_cut_address(const char *line, size_t first, size_t q, size_t last)
{
	size_t w = q, n, len, i;

	if (last - q < 5 || memcmp(line + q + 1, "l=3D", 4) != 0)
		return 0;
	while (w > first && is_url_byte((unsigned char)line[w - 1]))
		w--;
	for (n = q; n > w && line[n - 1] == '/'; n--)
		continue;
	if ((len = n - w) == 0)
		return 0;
	for (i = 0; i < sizeof(game_addresses) / sizeof(game_addresses[0]);
	    i++)
		if (strlen(game_addresses[i]) > len &&
		    strncasecmp(game_addresses[i] + strlen(game_addresses[i]) -
		    len, line + w, len) == 0)
			return 1;
	return 0;
}

/*
 * The length of the byte c percent-encoded, once ("%2F") or twice
 * ("%252F"), ending at line[i]; 0 if it is not there.
 */
static size_t
encoded_before(const char *line, size_t first, size_t i, int c)
{
	if (i - first < 3 || hex_value(line[i - 2]) != (c >> 4) ||
	    hex_value(line[i - 1]) != (c & 0xf))
		return 0;
	if (line[i - 3] == '%')
		return 3;
	if (i - first >= 5 && line[i - 5] == '%' && line[i - 4] == '2' &&
	    line[i - 3] == '5')
		return 5;
	return 0;
}

/*
 * The length of the slash ending at line[i] in any of the forms of
 * slash_at; 0 if there is none.
 */
static size_t
slash_ending(const char *line, size_t first, size_t i)
{
	size_t s;

	if ((s = slash_before(line, first, i)) > 0)
		return s;
	return encoded_before(line, first, i, '/');
}

/*
 * Where the link to the game whose path starts at line[at], percent-
 * encoded inside another address, starts: its scheme, whose colon and
 * slashes may be encoded ("https%3A%2F%2F"), or its host if it has
 * none.  Returns at if the host before the path is not the game's.
 */
static size_t
encoded_link_start(const char *line, size_t first, size_t at)
{
	size_t i = at, h = sizeof(game_host) - 1, s, start;

	if (slash_ending(line, first, i) == 0)
		return at;
	while ((s = slash_ending(line, first, i)) > 0)
		i -= s;
	if (i - first < h || strncasecmp(line + i - h, game_host, h) != 0)
		return at;
	i -= h;
	if (i - first >= 4 && strncasecmp(line + i - 4, "www.", 4) == 0)
		i -= 4;
	if (slash_ending(line, first, i) == 0 && i > first &&
	    (isalnum((unsigned char)line[i - 1]) || line[i - 1] == '-' ||
	    line[i - 1] == '.'))
		return at;	/* another host, ending so */
	start = i;
	if ((s = slash_ending(line, first, i)) == 0)
		return start;
	i -= s;
	if ((s = slash_ending(line, first, i)) == 0)
		return start;
	i -= s;
	if (i > first && line[i - 1] == ':')
		i--;
	else if ((s = encoded_before(line, first, i, ':')) > 0)
		i -= s;
	else
		return start;
	if (i - first >= 5 && strncasecmp(line + i - 5, "https", 5) == 0)
		return i - 5;
	if (i - first >= 4 && strncasecmp(line + i - 4, "http", 4) == 0)
		return i - 4;
	return start;
}

/*
 * Where the value of the l parameter of a query percent-encoded inside
 * another address starts, the query's parameters starting at
 * line[params] and running to a '&' or '#' of the outer address or a
 * byte that ends a link: an l at their start or after an encoded '&'
 * ("%26"), then an encoded '=' ("%3D"), or a plain one if the query's
 * '?' was encoded (qlen, the length of the '?' as written, is more than
 * 1).  *depth is how many times the '=' (or the '?') was encoded, as the
 * value's commas are to be.  Returns 0 if there is no such parameter.
 */
static size_t
encoded_l_value(const char *line, size_t params, size_t last, size_t qlen,
    unsigned int *depth)
{
	size_t j, eq;

	for (j = params; j < last; j++) {
		if ((byte_class[(unsigned char)line[j]] &
		    (BYTE_END | BYTE_TEXT | BYTE_PARAM)))
			return 0;
		if (line[j] != 'l' || (j > params &&
		    encoded_before(line, params, j, '&') == 0))
			continue;
		if ((eq = encoded_at(line, j + 1, last, '=')) > 0) {
			*depth = eq == 3 ? 1 : 2;
			return j + 1 + eq;
		}
		if (qlen > 1 && j + 1 < last && line[j + 1] == '=') {
			*depth = qlen == 3 ? 1 : 2;
			return j + 2;
		}
	}
	return 0;
}

/*
 * The end of a payload percent-encoded inside another address, starting
 * at line[start]: where a payload standing in text ends (payload_end),
 * or before, at an encoded '&' or '#' of its own query.
 */
static size_t
encoded_payload_end(const char *line, size_t start, size_t last)
{
	size_t end = payload_end(line, start, last), j;

	for (j = start; j < end; j++)
		if (line[j] == '%' && (encoded_at(line, j, end, '&') > 0 ||
		    encoded_at(line, j, end, '#') > 0))
			return j;
	return end;
}

/*
 * The link to the game line[inner..] percent-encoded inside another
 * address, its payload at line[start..], encoded depth times.  Its
 * payload is converted where it stands, its commas encoded as deep;
 * but if the other address only redirects to it (redirect.c), the link
 * replaces the redirect, decoded.
 */
static void
add_encoded_link(struct record *rec, size_t first, size_t inner,
    size_t start, size_t last, unsigned int depth)
{
	const char *line = rec->line;
	struct link *k = add_link(rec, inner, start, last);
	size_t e, outer;

	k->end = encoded_payload_end(line, start, last);
	for (e = k->end; e < last && !(byte_class[(unsigned char)line[e]] &
	    (BYTE_END | BYTE_TEXT | BYTE_PARAM)) && line[e] != ','; e++)
		continue;
	while (e > k->end && is_trailing_punctuation((unsigned char)line[e - 1]))
		e--;
	k->link_end = e;
	k->depth = depth;
	if (depth == 1 && redirect_start(line, first, inner, e, last,
	    &outer)) {
		k->inner = inner;
		k->inner_end = e;
		k->link_start = outer;
		k->link_end = link_end(line, e, last);
		k->depth = 0;
	}
}

/*
 * Links to the game percent-encoded inside another address in
 * line[from..to): the game's address, its slashes plain or encoded, its
 * query's '?' plain or encoded ("%3F", as Outlook's Safe Links write
 * the address they hold) and its l parameter's '=' encoded ("?l%3D", as
 * Google's redirects in a Google Docs page write it).
 */
static void
find_encoded_links(struct record *rec, size_t from, size_t to)
{
	const char *line = rec->line, *p;
	size_t n = sizeof(game_path) - 1, i = from, at, inner, q, qlen, s;
	size_t value;
	unsigned int depth;

	while (to - i >= n &&
	    (p = memmem(line + i, to - i, game_path, n)) != NULL) {
		at = (size_t)(p - line);
		i = at + n;
		if ((inner = encoded_link_start(line, from, at)) == at)
			continue;
		for (q = i; q < to && (s = slash_at(line, q, to)) > 0; q += s)
			continue;
		if (q < to && line[q] == '?')
			qlen = 1;
		else if ((qlen = encoded_at(line, q, to, '?')) == 0)
			continue;
		if ((value = encoded_l_value(line, q + qlen, to, qlen,
		    &depth)) == 0)
			continue;
		add_encoded_link(rec, from, inner, value, to, depth);
		i = rec->link[rec->nlinks - 1].link_end;
	}
}

/*
 * Every link in line[first..last), in order: "l=" at the start of the
 * line, then each '?' that opens a link to the game or a query string
 * and has an l parameter, and links to the game encoded inside other
 * addresses in the text between them.
 */
static void
find_links(struct record *rec, size_t first, size_t last)
{
	const char *line = rec->line, *p;
	size_t i = first, link_start, qend, l, text = first;
	int cut;

	if (last - first >= 2 && line[first] == 'l' && line[first + 1] == '=') {
		add_query_link(rec, first, first + 2, last);
		i = text = rec->link[0].link_end;
	}
	while (i < last && (p = memchr(line + i, '?', last - i)) != NULL) {
		i = (size_t)(p - line);
		cut = 0;
		if (game_url_start(line, first, i, &link_start) == -1) {
			if (!(cut = is_cut_address(line, first, i, last))) {
				i++;
				continue;
			}
			link_start = l = i + 1;
		} else {
			qend = query_end(line, i, last);
			if ((l = find_l_parameter(line, i, qend)) == qend) {
				i = qend;
				continue;
			}
		}
		if (text < link_start)
			find_encoded_links(rec, text, link_start);
		add_query_link(rec, link_start, l + l_sign_length(line, l,
		    last), last);
		if (cut)
			rec->link[rec->nlinks - 1].why = cut_by_soft_break;
		i = text = rec->link[rec->nlinks - 1].link_end;
	}
	if (text < last)
		find_encoded_links(rec, text, last);
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
 * Whether a line opening with '{' and holding no link is a JSON record
 * of the json format rather than other JSON, such as a line of a chat
 * export: it names "moves" or "result".
 */
static int
holds_json_record(const char *line, size_t first, size_t last)
{
	return memmem(line + first, last - first, "\"moves\"", 7) != NULL ||
	    memmem(line + first, last - first, "\"result\"", 8) != NULL;
}

/*
 * Whether line[first..last) is nothing but the brackets, braces, commas
 * and colons that a pretty-printed JSON export puts alone on a line,
 * which no payload is.
 */
static int
is_json_punctuation(const char *line, size_t first, size_t last)
{
	size_t i;

	for (i = first; i < last; i++)
		if (strchr("[]{},:", line[i]) == NULL || line[i] == '\0')
			return 0;
	return 1;
}

/*
 * A single word in double quotes, then perhaps a comma or a colon: a
 * string of a pretty-printed JSON file or a quoted CSV field alone on
 * its line.  It is a bare payload, converted inside its quotes, if it
 * starts as one in a form with a dash (legacy, compact), and text
 * otherwise, as the names and identifiers of a JSON export are.
 * Returns 0 with the link added, RECORD_TEXT, or -1 if the line is not
 * one word quoted so.
 */
static int
split_quoted(struct record *rec, size_t first, size_t last)
{
	const char *line = rec->line;
	size_t close = last - 1;
	struct link *k;

	if (line[close] == ',' || line[close] == ':')
		close--;
	if (line[first] != '"' || close <= first + 1 || line[close] != '"' ||
	    memchr(line + first + 1, '"', close - first - 1) != NULL ||
	    memchr(line + first + 1, ' ', close - first - 1) != NULL ||
	    memchr(line + first + 1, '\t', close - first - 1) != NULL)
		return -1;
	if (!starts_legacy(line, first + 1, close) &&
	    memchr(line + first + 1, '-', close - first - 1) == NULL)
		return RECORD_TEXT;
	k = add_link(rec, first + 1, first + 1, first + 1);
	k->end = k->link_end = close;
	rec->bare = 1;
	return 0;
}

/*
 * Whether line[first..last) holds an ASCII letter or digit, which every
 * payload does: a word without one (an emoji, a word of Korean, ":)")
 * is no payload, not even a damaged one.
 */
static int
holds_alnum(const char *line, size_t first, size_t last)
{
	size_t i;

	for (i = first; i < last; i++)
		if (isalnum((unsigned char)line[i]))
			return 1;
	return 0;
}

/*
 * Whether line[a..b), a cell of a spreadsheet, is wholly a payload in a
 * form with a dash (legacy, compact) that reads: such a cell is a game
 * wherever it stands in its row.  A cell that does not read is a word
 * ("e-mail", "x-ray"), left as it is.
 */
int
is_cell_payload(const char *line, size_t a, size_t b)
{
	static struct game g;
	struct parse_error pe;
	enum format f;
	size_t i;

	/* Legacy opens with an event, compact ends with "-w", "-l", "-i". */
	if (b - a < 3 || b - a > PAYLOAD_MAX || (!starts_legacy(line, a, b) &&
	    (line[b - 2] != '-' || !is_end_letter(line[b - 1]))))
		return 0;
	for (i = a; i < b; i++)
		if (!isalnum((unsigned char)line[i]) && line[i] != '-' &&
		    line[i] != ',')
			return 0;
	f = detect_format(line + a, b - a);
	if (f != FORMAT_LEGACY && f != FORMAT_COMPACT)
		return 0;
	game_reset(&g);
	return parse_payload(f, line + a, b - a, &g, &pe) == 0;
}

/*
 * The cell line[a..b) holds a payload: a link of its own, in its place
 * among the links found, unless one of them holds it; NULL then.
 */
struct link *
add_cell_link(struct record *rec, size_t a, size_t b)
{
	struct link *k;
	size_t i = rec->nlinks;

	while (i > 0 && rec->link[i - 1].link_start >= a)
		i--;
	if ((i > 0 && rec->link[i - 1].link_end > a) ||
	    (i < rec->nlinks && rec->link[i].link_start < b))
		return NULL;
	grow_links(rec);
	k = &rec->link[i];
	memmove(k + 1, k, (rec->nlinks - i) * sizeof(*k));
	rec->nlinks++;
	memset(k, 0, sizeof(*k));
	k->link_start = k->start = a;
	k->end = k->link_end = b;
	k->cell = 1;
	return k;
}

/*
 * Whether line[a..b) is the whole text of a cell, its tag opening at
 * line[lt] and ending at a, and its end tag at b: the only <t> of an
 * .xlsx's shared or inline string (not a run of rich text), or the only
 * <text:p> of an .ods cell that no formula works out (an .xlsx keeps a
 * formula's value in <v>).
 */
static int
is_cell_text(const char *line, size_t first, size_t lt, size_t a, size_t b,
    size_t last)
{
	static const struct {
		const char	*open, *parent, *close;
	} cells[] = {
		{ "<t", "<si>", "</t></si>" },
		{ "<t", "<is>", "</t></is>" },
		{ "<text:p", "<table:table-cell", "</text:p></table:table-cell>" }
	};
	size_t k, n, p;

	for (k = 0; k < sizeof(cells) / sizeof(cells[0]); k++) {
		n = strlen(cells[k].open);
		if (a - lt <= n || memcmp(line + lt, cells[k].open, n) != 0 ||
		    (line[lt + n] != ' ' && line[lt + n] != '>'))
			continue;
		n = strlen(cells[k].close);
		if (last - b < n || memcmp(line + b, cells[k].close, n) != 0 ||
		    lt == first || line[lt - 1] != '>')
			continue;
		for (p = lt - 1; p > first && line[p] != '<'; p--)
			continue;
		n = strlen(cells[k].parent);
		if (lt - p < n || memcmp(line + p, cells[k].parent, n) != 0 ||
		    (line[p + n - 1] != '>' && line[p + n] != ' ' &&
		    line[p + n] != '>'))
			continue;
		return memmem(line + p, lt - p, "table:formula=", 14) == NULL;
	}
	return 0;
}

/*
 * The cells of line[first..last) that hold a payload alone, as links:
 * its fields between tabs (a row of a spreadsheet read as text, a line
 * of TSV), or the whole text of a cell of a spreadsheet's XML written
 * back (is_cell_text).  White space around a payload stays around it.
 */
static void
find_cell_payloads(struct record *rec, size_t first, size_t last)
{
	const char *line = rec->line, *p;
	size_t a, b, lt, i = first;

	while (i < last) {
		if (rec->cells == CELLS_FIELDS) {
			p = memchr(line + i, '\t', last - i);
			b = p != NULL ? (size_t)(p - line) : last;
			a = i;
			i = b + 1;
		} else {
			if ((p = memchr(line + i, '>', last - i)) == NULL)
				return;
			a = (size_t)(p - line) + 1;
			for (lt = a - 1; lt > first && line[lt] != '<'; lt--)
				continue;
			if ((p = memchr(line + a, '<', last - a)) == NULL)
				return;
			b = (size_t)(p - line);
			i = b;
			if (line[lt] != '<' ||
			    !is_cell_text(line, first, lt, a, b, last))
				continue;
		}
		while (a < b && (line[a] == ' ' || line[a] == '\t'))
			a++;
		while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t' ||
		    line[b - 1] == '\r'))
			b--;
		if (is_cell_payload(line, a, b))
			add_cell_link(rec, a, b);
	}
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
	struct link *k;

	q = memchr(line + first, '?', last - first);
	at = q != NULL ? (size_t)(q - line) : last;
	if (q != NULL || memmem(line + first, last - first, "://", 3) != NULL) {
		if (at > first && game_url_start(line, first, at, &start) == 0)
			return parse_error_set(pe, "no l parameter", 0,
			    line + first, last - first);
		return parse_error_set(pe, "not a link to the game", 0,
		    line + first, last - first);
	}
	k = add_link(rec, first, first, first);
	k->end = k->link_end = last;
	rec->bare = 1;
	return 0;
}

/*
 * Decode the percent escapes of p[0..len) into out, which may be p
 * itself (the text only shrinks).  Returns 0 with *outlen set, or -1
 * for a bad escape.
 */
static int
decode_escapes(char *out, const char *p, size_t len, size_t *outlen)
{
	size_t i, o = 0;
	int c;

	for (i = 0; i < len; i++) {
		if (p[i] != '%') {
			out[o++] = p[i];
			continue;
		}
		if ((c = escape_at(p, len, i)) == -1)
			return -1;
		out[o++] = (char)c;
		i += 2;
	}
	out[o] = '\0';
	*outlen = o;
	return 0;
}

/*
 * Most payloads have no escapes and are used where they stand; the others
 * are decoded into the record's own buffer.  No payload holds a '%', so
 * one that still does once decoded was encoded twice (%252C), as a link
 * pasted into another one is, and is decoded again.
 */
#define DECODE_ROUNDS	3

static int
percent_decode(struct record *rec, const char *p, size_t len)
{
	int round;

	if (memchr(p, '%', len) == NULL) {
		rec->payload = p;
		rec->paylen = len;
		return 0;
	}
	if (rec->paycap < len + 1) {
		rec->decoded = xreallocarray(rec->decoded, len + 1, 1);
		rec->paycap = len + 1;
	}
	if (decode_escapes(rec->decoded, p, len, &rec->paylen) == -1)
		return -1;
	for (round = 1; round < DECODE_ROUNDS &&
	    memchr(rec->decoded, '%', rec->paylen) != NULL; round++)
		if (decode_escapes(rec->decoded, rec->decoded, rec->paylen,
		    &rec->paylen) == -1)
			return -1;
	rec->payload = rec->decoded;
	return 0;
}

/*
 * What a file that is not text of lines is, from its first line: UTF-16
 * or UTF-32 without a byte order mark when -E names another encoding
 * (without -E, main.c reads it as what it is), or a file of Office
 * 97-2003 (OLE2, which a spreadsheet, a text and a document saved with
 * a password all are; main.c reads the ZIP archives of later ones), or
 * RTF; NULL for text.
 */
static const char *
unread_file(const char *line, size_t len)
{
	if (wide_unmarked(line, len) != NULL)
		return wide_not_named;
	if (len >= 8 && memcmp(line, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
	    8) == 0)
		return ole_file;
	if (len >= 5 && memcmp(line, "{\\rtf", 5) == 0)
		return rtf_file;
	return NULL;
}

/*
 * Whether a line, the first of its input that is not blank, opens HTML
 * or XML: a tag, a comment, a declaration such as <!DOCTYPE html> or
 * <?xml ...?>.  No payload begins with '<', and an address between
 * angle brackets (<https://...>, as Markdown and mail write one) is no
 * tag: a tag's name ends at white space, '>' or '/', and a scheme's at
 * "://".
 */
static int
opens_markup(const char *line, size_t first, size_t last)
{
	size_t i = first + 1;

	if (last - first < 2 || line[first] != '<')
		return 0;
	if (line[i] == '!' || line[i] == '?')
		return 1;
	if (!isalpha((unsigned char)line[i]))
		return 0;
	while (i < last && (isalnum((unsigned char)line[i]) ||
	    (line[i] != '\0' && strchr("._:-", line[i]) != NULL)))
		i++;
	if (i < last && line[i] == '/' && line[i - 1] == ':')
		return 0;
	return i == last || line[i] == '>' || line[i] == '/' ||
	    line[i] == ' ' || line[i] == '\t' || line[i] == '\r';
}

/* How many ASCII digits stand at line[i..last). */
static size_t
digits(const char *line, size_t i, size_t last)
{
	size_t n = 0;

	while (i + n < last && line[i + n] >= '0' && line[i + n] <= '9')
		n++;
	return n;
}

/*
 * Whether a line, the first of its input that is not blank, opens a
 * chat exported by WhatsApp: a date and a time, then "]" (iPhone,
 * "[14.03.21, 13:45:10] Ann: hi") or " - " (Android, "14/03/2021, 13:45
 * - Ann: hi"), perhaps after a left-to-right mark.  The date is three
 * groups of digits, each after the first following '.', '/' or '-' and
 * perhaps a space ("2021. 3. 14."); the time, digits, ':' and two
 * digits, is found among the 16 bytes after it, where a word such as
 * "PM" or "오후" may stand before or after it.
 */
static int
opens_chat_log(const char *line, size_t first, size_t last)
{
	size_t i = first, n, end;
	int group;

	if (last - i >= 3 && memcmp(line + i, "\xe2\x80\x8e", 3) == 0)
		i += 3;
	if (i < last && line[i] == '[')
		i++;
	for (group = 0; group < 3; group++) {
		if (group > 0) {
			if (i >= last || strchr("./-", line[i]) == NULL ||
			    line[i] == '\0')
				return 0;
			i++;
			if (i < last && line[i] == ' ')
				i++;
		}
		if ((n = digits(line, i, last)) == 0 || n > 4)
			return 0;
		i += n;
	}
	end = last - i > 16 ? i + 16 : last;
	for (; i < end; i++)
		if ((n = digits(line, i, last)) >= 1 && n <= 2 &&
		    i + n + 2 < last && line[i + n] == ':' &&
		    digits(line, i + n + 1, last) == 2)
			break;
	if (i == end)
		return 0;
	for (; i < last && i < end + 16; i++)
		if (line[i] == ']' || (last - i >= 3 &&
		    memcmp(line + i, " - ", 3) == 0))
			return 1;
	return 0;
}

/*
 * The titles chats exported as text open with, where a message's first
 * line does not tell them (see opens_chat_title): each ends the line, or
 * begins it.
 */
static const struct {
	const char	*text;
	int		 at_end;
} chat_titles[] = {
	/* KakaoTalk: "Room 님과 카카오톡 대화" (or 님과의), in English
	   "KakaoTalk Chats with Room", and "Room KakaoTalk Chats" or "Room
	   with KakaoTalk Chats" (English on iPhones, Windows) */
	{ "\xec\xb9\xb4\xec\xb9\xb4\xec\x98\xa4\xed\x86\xa1 "
	    "\xeb\x8c\x80\xed\x99\x94", 1 },
	{ "KakaoTalk Chats with ", 0 },
	{ " KakaoTalk Chats", 1 },
	/* The date KakaoTalk saved it, which some exports put first:
	   "저장한 날짜 : ...", "Date Saved : ...", "Saved Date : ..." */
	{ "\xec\xa0\x80\xec\x9e\xa5\xed\x95\x9c "
	    "\xeb\x82\xa0\xec\xa7\x9c", 0 },
	{ "Date Saved", 0 },
	{ "Saved Date", 0 },
	/* LINE, in every language: "[LINE] Chat history with Room" */
	{ "[LINE] ", 0 }
};

/*
 * The rule of '=' that the text DiscordChatExporter writes opens with
 * (Discord exports no text of its own) is 62 long; this many make one.
 */
#define CHAT_RULE	20

/*
 * Whether a line, the first of its input that is not blank, is the title
 * of a chat exported as text by KakaoTalk or LINE (chat_titles), or the
 * rule of '=' a Discord channel's export opens with (CHAT_RULE long at
 * least, and nothing else).  Their messages begin "[Ann] [2:30 PM] hi",
 * "10:30<tab>Ann<tab>hi" or "[3/14/2021 1:45 PM] Ann", which
 * opens_chat_log does not tell, and may come after lines of the date.
 */
static int
opens_chat_title(const char *line, size_t first, size_t last)
{
	size_t k, n, len = last - first;

	for (k = 0; k < sizeof(chat_titles) / sizeof(chat_titles[0]); k++) {
		n = strlen(chat_titles[k].text);
		if (len >= n && memcmp(line + (chat_titles[k].at_end ?
		    last - n : first), chat_titles[k].text, n) == 0)
			return 1;
	}
	for (k = first; k < last && line[k] == '='; k++)
		;
	return k == last && len >= CHAT_RULE;
}

/*
 * A new input begins: its first line may tell it unread (see
 * unread_file), and its first line that is not blank whether it is
 * prose (see opens_markup, opens_chat_log and opens_chat_title).
 */
void
record_begin(struct record *rec)
{
	rec->unread = 0;
	rec->prose = -1;
	rec->markup = 0;
	rec->cut_at_end = 0;
	rec->marks = 0;
}

/*
 * Find the links of line.  A UTF-8 byte order mark opening the input
 * (first_line set) is not part of the first record; a first line of
 * UTF-16 with no mark, or of an archive, is bad and the rest of the
 * file text, copied unread.  A line opening
 * with '{' and holding no link is a JSON payload, the whole line but the
 * white space around it, if it is a record of the json format, and text
 * otherwise (a line of a JSON chat export, whose links are converted
 * like any others), as is a line of JSON punctuation alone and a quoted
 * word that is no payload.  rec->prose is set at the input's first line
 * that is not blank (record_begin begins an input).  Returns 0 with
 * rec->link filled in, RECORD_TEXT for a line with no link that is no
 * record, or -1 with *pe set for a word alone on its line that cannot be
 * a payload.
 */
int
split_record(struct record *rec, const char *line, size_t len,
    int first_line, struct parse_error *pe)
{
	size_t first = 0, last = len, n;
	size_t at, quote, was = rec->marks;
	struct link *k;
	const char *why;
	int rc, cut_before;

	rec->line = line;
	rec->len = len;
	rec->nlinks = 0;
	rec->bom = 0;
	rec->bare = 0;
	cut_before = rec->cut_at_end;
	rec->cut_at_end = 0;
	if (first_line && (why = unread_file(line, len)) != NULL) {
		rec->unread = 1;
		return parse_error_set(pe, why, 0, line, len);
	}
	if (rec->unread)
		return RECORD_TEXT;
	/*
	 * UTF-16 or UTF-32 that its first line did not tell (a line of
	 * Chinese), or a file that is no text: no link is found in it, and
	 * copying it as text would hide that.
	 */
	if (memchr(line, '\0', len) != NULL)
		return parse_error_set(pe, nul_byte, 0, line, len);
	if (first_line && len >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0)
		first = rec->bom = 3;
	while (first < last && (line[first] == ' ' || line[first] == '\t'))
		first++;
	while (last > first && (line[last - 1] == ' ' ||
	    line[last - 1] == '\t' || line[last - 1] == '\r'))
		last--;
	rec->marks = 0;
	if (first == last)
		return RECORD_TEXT;
	quote = quote_prefix(line + first, last - first, &rec->marks);
	if (rec->prose == -1) {
		rec->markup = opens_markup(line, first, last);
		rec->prose = rec->markup || opens_chat_log(line, first, last) ||
		    opens_chat_title(line, first, last);
	}
	/*
	 * The moves a line break cut from the link at the end of the last,
	 * after the quoting of a reply as deep as the last line's.
	 */
	at = first + quote;
	if (rec->marks != was || at == last)
		cut_before = 0;
	if (cut_before == CUT_ADDRESS || cut_before == CUT_PAYLOAD) {
		k = add_link(rec, at, at, last);
		k->why = cut_before == CUT_ADDRESS ? tail_of_address :
		    tail_of_payload;
		k->end = at + cut_word(cut_before == CUT_ADDRESS ?
		    GOES_ON_ADDRESS : GOES_ON_PAYLOAD, line + at, last - at);
		k->link_end = link_end(line, k->end, last);
		find_links(rec, k->link_end, last);
	} else if ((cut_before == CUT_SEEN && is_legacy_byte((unsigned char)line[at])) ||
	    (cut_before && starts_legacy(line, at, last))) {
		k = add_link(rec, at, at, last);
		k->why = tail_of_cut;
		n = at + cut_word(GOES_ON_MOVES, line + at, last - at);
		if (k->end < n) {
			k->end = n;
			k->link_end = link_end(line, n, last);
		}
		find_links(rec, k->link_end, last);
	} else
		find_links(rec, first, last);
	/*
	 * The link that ends the line goes on on the next, or the tail of
	 * one a line break cut does, cut again.
	 */
	if (rec->next_goes_on == GOES_ON_ADDRESS) {
		if (rec->nlinks == 0 ||
		    (k = &rec->link[rec->nlinks - 1])->link_end != last) {
			n = address_cut_at(line, last);
			k = add_link(rec, n, n, last);
			k->end = k->link_end = last;
		}
		k->why = cut_in_address;
		rec->cut_at_end = CUT_ADDRESS;
	} else if (rec->next_goes_on == GOES_ON_PAYLOAD && rec->nlinks > 0 &&
	    (k = &rec->link[rec->nlinks - 1])->link_end == last) {
		if (k->why != tail_of_payload && k->why != tail_of_address)
			k->why = cut_in_payload;
		rec->cut_at_end = CUT_PAYLOAD;
	} else if (rec->next_goes_on == GOES_ON_MOVES && rec->nlinks > 0 &&
	    (k = &rec->link[rec->nlinks - 1])->link_end == last) {
		if (k->why == NULL && (k->end == k->start ||
		    line[k->start] == 'm')) {
			k->why = cut_before_next;
			rec->cut_at_end = CUT_SEEN;
		} else if (k->why == tail_of_cut || k->why == tail_of_address)
			rec->cut_at_end = CUT_SEEN;
	}
	if ((rec->cells == CELLS_FIELDS && rec->prose != 1 &&
	    memchr(line + first, '\t', last - first) != NULL) ||
	    rec->cells == CELLS_ELEMENTS)
		find_cell_payloads(rec, first, last);
	if (rec->cells == CELLS_ELEMENTS)
		find_rich_cells(rec, first, last);
	if (rec->nlinks == 0 && line[first] == '{') {
		if (!holds_json_record(line, first, last))
			return RECORD_TEXT;
		k = add_link(rec, first, first, first);
		k->end = k->link_end = last;
		rec->bare = 1;
	}
	if (rec->nlinks == 0 && last - first >= 3 &&
	    (rc = split_quoted(rec, first, last)) == RECORD_TEXT)
		return RECORD_TEXT;
	if (rec->nlinks == 0 && (is_several_words(line, first, last) ||
	    is_json_punctuation(line, first, last) ||
	    !holds_alnum(line, first, last)))
		return RECORD_TEXT;
	if (rec->nlinks == 0 && split_word(rec, first, last, pe) == -1)
		return -1;
	n = rec->nlinks;
	rec->in_text = n > 1 || rec->link[0].link_start > first ||
	    rec->link[n - 1].link_end < last;
	return 0;
}

/*
 * How many games the links of a record hold, if each is told by its
 * payload as written: 1 if every link repeats the first one's (as HTML
 * writes a link, <a href="L">L</a>, and Markdown [L](L)), else the
 * index, plus 1, of the first link that differs.
 */
size_t
record_games(const struct record *rec)
{
	const struct link *a = &rec->link[0], *b;
	size_t k;

	for (k = 1; k < rec->nlinks; k++) {
		b = &rec->link[k];
		if (!same_payload(rec->line + a->start, a->end - a->start,
		    rec->line + b->start, b->end - b->start))
			return k + 1;
	}
	return 1;
}

/*
 * The byte of a payload at p[*i], its percent escapes decoded as often
 * as they were encoded ("%2C", "%252C"); *i is moved past it.
 */
static int
payload_byte(const char *p, size_t len, size_t *i)
{
	int c, e;

	if ((c = escape_at(p, len, *i)) == -1)
		return (unsigned char)p[(*i)++];
	*i += 3;
	/* "%252C": the '%' it decodes to opens an escape with what follows. */
	while (c == '%' && len - *i >= 2 && hex_value(p[*i]) != -1 &&
	    (e = hex_value(p[*i + 1])) != -1) {
		c = hex_value(p[*i]) << 4 | e;
		*i += 2;
	}
	return c;
}

/*
 * Whether two payloads are the same once decoded: an address behind a
 * link (a redirect's) may encode the commas its text shows.
 */
static int
same_payload(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen && j < blen)
		if (payload_byte(a, alen, &i) != payload_byte(b, blen, &j))
			return 0;
	return i == alen && j == blen;
}

/*
 * Decode the payload of link k into rec->payload.  Returns -1 with *pe
 * set when it is over the limit, a percent escape is bad or the link
 * cannot be converted where it stands.
 */
int
record_payload(struct record *rec, size_t k, struct parse_error *pe)
{
	const struct link *l = &rec->link[k];
	const char *p = rec->line + l->start;
	size_t len = l->end - l->start;

	if (l->why != NULL)
		return parse_error_set(pe, l->why, 0, p, len);
	if (l->rich) {
		/* Its text, the tags taken out, is decoded where it is. */
		if (rec->paycap < len + 1) {
			rec->decoded = xreallocarray(rec->decoded, len + 1, 1);
			rec->paycap = len + 1;
		}
		len = link_strip_tags(rec->decoded, p, len);
		p = rec->decoded;
	}
	if (len > PAYLOAD_MAX)
		return parse_error_set(pe, "a payload is at most "
		    PAYLOAD_MAX_TEXT " bytes", 0, p, len);
	if (percent_decode(rec, p, len) == -1)
		return parse_error_set(pe, "bad percent escape", 0, p, len);
	return 0;
}

/*
 * The entity markup (HTML, XML) writes byte c as, or NULL if c stands
 * for itself there.
 */
const char *
markup_entity(int c)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	default:
		return NULL;
	}
}

/*
 * Write line[0..len) with its percent escapes decoded once: the part of
 * a link around its payload, taken out of the redirect it was encoded
 * in.  A '%' that opens no escape is written as it is.  In markup (HTML,
 * the XML of a document), a byte decoded that markup escapes is written
 * as its entity: a link's own '&' would break the XML of a document
 * written back.
 */
void
write_unescaped(FILE *fp, const char *p, size_t len, int markup)
{
	const char *entity;
	size_t i, from = 0;
	int c;

	for (i = 0; i < len; i++) {
		if ((c = escape_at(p, len, i)) == -1)
			continue;
		fwrite_unlocked(p + from, 1, i - from, fp);
		if (markup && (entity = markup_entity(c)) != NULL)
			fputs_unlocked(entity, fp);
		else
			putc_unlocked(c, fp);
		i += 2;
		from = i + 1;
	}
	fwrite_unlocked(p + from, 1, len - from, fp);
}

void
record_free(struct record *rec)
{
	free(rec->decoded);
	free(rec->link);
	memset(rec, 0, sizeof(*rec));
}
