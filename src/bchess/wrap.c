/*
 * wrap.c: links that a line break cut.  A mail or an editor wraps a long
 * line anywhere in a link: in a legacy payload's moves, in the address
 * before its query, in a compact payload.  Here a line is told to end
 * with such a link still open (legacy_open_at_end, address_open_at_end,
 * compact_open_at_end), and the next line to go on with its rest
 * (legacy_goes_on, address_goes_on, compact_goes_on), inside a quoted
 * reply's quoting too (quote_prefix), so that url.c reports the cut
 * link, and --join puts its lines together.  The bytes of a legacy
 * payload (is_legacy_byte, comma_event_at, ends_with_end_event) are
 * told here for url.c too.
 */

#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

static int	is_query_start(const char *, size_t);
static int	quoted_alike(const char *, size_t, const char *, size_t,
		    size_t *);
static int	is_address_byte(int);
static int	begins_address(const char *, const char *, size_t);
static int	is_query_before_l(const char *, size_t);
static int	opens_cut_game_link(const char *, size_t, size_t);
static int	is_compact_byte(int);
static size_t	compact_start(const char *, size_t, int *);

/*
 * Whether c may stand in a legacy payload as written in a link: the
 * digits and letters of its events and kill fields ("true", "false"),
 * its dashes, and its commas, plain or percent-encoded ("%2C").
 */
int
is_legacy_byte(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    c == '-' || c == ',' || c == '%' || c == 'C';
}

/* Whether line[at..last) opens with an event after a comma, "%2C" too. */
int
comma_event_at(const char *line, size_t at, size_t last)
{
	if (line[at] == ',')
		return starts_legacy(line, at + 1, last);
	return last - at >= 3 && line[at] == '%' && line[at + 1] == '2' &&
	    (line[at + 2] == 'C' || line[at + 2] == 'c') &&
	    starts_legacy(line, at + 3, last);
}

/*
 * Whether p[0..n) ends with a legacy end event after its comma, plain or
 * percent-encoded: ",e-w", ",e-l", "%2Ce-w" and the like.
 */
int
ends_with_end_event(const char *p, size_t n)
{
	return n >= 4 && p[n - 3] == 'e' && p[n - 2] == '-' &&
	    (p[n - 1] == 'w' || p[n - 1] == 'l') && (p[n - 4] == ',' ||
	    p[n - 4] == 'C' || p[n - 4] == 'c');
}

/* Whether line[at] opens a query's parameter: "?l", "&l". */
static int
is_query_start(const char *line, size_t at)
{
	return at > 0 && (line[at - 1] == '?' || line[at - 1] == '&');
}

/* Where white space and a CR at the end of line[0..len) begin. */
size_t
trimmed_end(const char *line, size_t len)
{
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' ||
	    line[len - 1] == '\r'))
		len--;
	return len;
}

/*
 * Whether a line ends with a legacy link that has no end event yet: a
 * query's "l=" ("l=3D" in quoted-printable mail), a first move ("m" at
 * least), and to the end of the line (but for white space) only what a
 * legacy payload holds, its last event, but for a comma after it, no
 * "e-w" or "e-l".  Such a link may have been cut by a line break, which
 * the next line tells (legacy_goes_on): the caller reads it before this
 * one is converted.  With tail set the line is the tail of such a link,
 * cut again if it holds nothing else but the quoting of a reply.
 */
int
legacy_open_at_end(const char *line, size_t len, int tail)
{
	size_t last = trimmed_end(line, len), start, at, marks;

	/*
	 * Most lines end with an end event, or with no payload at all; a
	 * line break right after "l=" leaves the link's payload empty.
	 */
	if (last >= 2 && line[last - 1] == '=' && line[last - 2] == 'l')
		return !tail && is_query_start(line, last - 2);
	if (last < 4 || !is_legacy_byte((unsigned char)line[last - 1]) ||
	    ends_with_end_event(line, last))
		return 0;
	for (start = last; start > 0 &&
	    is_legacy_byte((unsigned char)line[start - 1]); start--)
		;
	at = start;
	if (at >= 4 && memcmp(line + at - 4, "l=3D", 4) == 0)
		at -= 2;
	if (!(tail && start == quote_prefix(line, last, &marks)) &&
	    (at < 2 || line[at - 1] != '=' || line[at - 2] != 'l' ||
	    (last > start && (line[start] != 'm' ||
	    (last - start > 1 && line[start + 1] != '-')))))
		return 0;
	/* A comma after the end event is the text's. */
	if (line[last - 1] == ',')
		last--;
	else if (last - start >= 3 && line[last - 3] == '%' &&
	    line[last - 2] == '2' && (line[last - 1] == 'C' ||
	    line[last - 1] == 'c'))
		last -= 3;
	return !ends_with_end_event(line + start, last - start);
}

/*
 * The quoting that opens a line of a quoted reply in mail ("> ", ">> ",
 * "> > "): white space, then '>' marks, each with the white space after
 * it.  Its length, and the marks in *marks; 0 and 0 for a line that is
 * not quoted.
 */
size_t
quote_prefix(const char *line, size_t len, size_t *marks)
{
	size_t k = 0, n = 0;

	*marks = 0;
	while (k < len && (line[k] == ' ' || line[k] == '\t'))
		k++;
	while (k < len && line[k] == '>') {
		++*marks;
		for (k++; k < len && (line[k] == ' ' || line[k] == '\t'); k++)
			;
		n = k;
	}
	return n;
}

/*
 * Whether line is quoted as deep as before[0..last) (see quote_prefix),
 * as a line that goes on with a link cut at the end of before must be;
 * *at is where its quoting ends.
 */
static int
quoted_alike(const char *before, size_t last, const char *line, size_t len,
    size_t *at)
{
	size_t marks, was;

	quote_prefix(before, last, &was);
	*at = quote_prefix(line, len, &marks);
	return marks == was;
}

/* Whether c may stand in an address, its query or a legacy payload. */
static int
is_address_byte(int c)
{
	return is_url_byte(c) || is_legacy_byte(c) || c == '?' || c == '=' ||
	    c == '&';
}

/*
 * Whether word[0..n) is the beginning of address a, case aside; a run of
 * slashes in it stands for a single slash of a ("io//buffalo-chess").
 */
static int
begins_address(const char *a, const char *word, size_t n)
{
	size_t i = 0, j = 0;

	while (j < n) {
		if (a[i] == '\0' || tolower((unsigned char)a[i]) !=
		    tolower((unsigned char)word[j]))
			return 0;
		if (a[i] == '/' && a[i + 1] != '/' && (i == 0 || a[i - 1] != '/'))
			while (j + 1 < n && word[j + 1] == '/')
				j++;
		i++;
		j++;
	}
	return 1;
}

/*
 * Whether q[0..n), after the '?' of an address of the game, may be its
 * query cut before the l parameter's value: other parameters
 * ("lang=ko&"), then the beginning of "l=" or nothing, and no parameter
 * that is l's value already.
 */
static int
is_query_before_l(const char *q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (q[j] == '?' || ((j == 0 || q[j - 1] == '&') &&
		    q[j] == 'l' && j + 1 < n && q[j + 1] == '='))
			return 0;
	return 1;
}

/*
 * Where the word of address bytes that ends line[0..last) begins, if it
 * is the beginning of an address of the game and its query up to "l"
 * (a line break cut it there, before the payload began); last
 * otherwise.
 */
size_t
address_cut_at(const char *line, size_t last)
{
	static const char *const forms[] = { "/?l=", "?l=" };
	static char full[2 * sizeof(game_addresses) /
	    sizeof(game_addresses[0])][48];
	const char *a, *q;
	size_t w = last, n, m, i, k;
	int c;

	/*
	 * Lines of links end with a payload, its end event or result letter
	 * after a dash ("e-l", "-w"): in the address a dash is followed by
	 * "c" alone ("buffalo-chess").
	 */
	if (last >= 2 && line[last - 2] == '-' && line[last - 1] != 'c' &&
	    line[last - 1] != 'C')
		return last;
	while (w > 0 && last - w < ADDRESS_CUT_MAX &&
	    is_address_byte((unsigned char)line[w - 1]))
		w--;
	if ((n = last - w) == 0 || (w > 0 &&
	    is_address_byte((unsigned char)line[w - 1])))
		return last;
	/* It opens with the scheme, "www." or the host. */
	if ((c = tolower((unsigned char)line[w])) != 'h' && c != 'w' &&
	    c != 'j')
		return last;
	/* Past the '?', the query is told apart from the address. */
	m = n;
	if ((q = memchr(line + w, '?', n)) != NULL) {
		m = (size_t)(q - (line + w)) + 1;
		if (!is_query_before_l(line + w + m, n - m))
			return last;
	}
	if (full[0][0] == '\0')
		for (i = 0; i < sizeof(full) / sizeof(full[0]); i++)
			snprintf(full[i], sizeof(full[i]), "%s%s",
			    game_addresses[i / 2], forms[i % 2]);
	for (i = 0; i < sizeof(full) / sizeof(full[0]); i++)
		/* The address with its scheme, or from its host. */
		for (a = full[i]; a != NULL; a = k == 0 ? NULL : a + k) {
			if (begins_address(a, line + w, m))
				return w;
			k = strncmp(a, "http", 4) == 0 ?
			    strcspn(a, "/") + 2 : 0;
			if (k == 0 && strncmp(a, "www.", 4) == 0)
				k = 4;
		}
	return last;
}

/*
 * Whether a line ends with the beginning of an address of the game that
 * a line break may have cut: the next line tells (address_goes_on).
 */
int
address_open_at_end(const char *line, size_t len)
{
	size_t last = trimmed_end(line, len);

	return address_cut_at(line, last) < last;
}

/*
 * Whether join[0..n), a line break after its first cut bytes, opens with
 * a link to the game cut before its payload: its path the game's, then
 * its l parameter ("?l=", "&l=") and a payload byte, the break before
 * the parameter's '=' is passed.  A break right after it leaves a link
 * to an empty log, which may go on with a payload on the next line:
 * legacy_goes_on and compact_goes_on tell.
 */
static int
opens_cut_game_link(const char *join, size_t n, size_t cut)
{
	const size_t g = sizeof(GAME_PATH) - 1;
	size_t p, q;

	for (p = 0; p < n && join[p] != '?'; p++)
		;
	for (q = p; q + 3 < n; q++)
		if ((join[q] == '?' || join[q] == '&') && join[q + 1] == 'l' &&
		    join[q + 2] == '=')
			break;
	if (q + 3 >= n || cut >= q + 3)
		return 0;
	if (p > 0 && join[p - 1] == '/')
		p--;
	return p >= g && strncasecmp(join + p - g, GAME_PATH, g) == 0;
}

/*
 * Whether a line goes on with the rest of the address of a link to the
 * game that ends the line before (address_open_at_end), after quoting
 * as deep as that line's: *at is where the rest begins.
 */
int
address_goes_on(const char *before, size_t beforelen, const char *line,
    size_t len, size_t *at)
{
	char join[2 * ADDRESS_CUT_MAX];
	size_t last = trimmed_end(before, beforelen), w, word;

	if (!quoted_alike(before, last, line, len, at) ||
	    (w = address_cut_at(before, last)) == last ||
	    last - w > ADDRESS_CUT_MAX)
		return 0;
	word = cut_word(GOES_ON_ADDRESS, line + *at, len - *at);
	if (word > ADDRESS_CUT_MAX)
		word = ADDRESS_CUT_MAX;
	memcpy(join, before + w, last - w);
	memcpy(join + (last - w), line + *at, word);
	return opens_cut_game_link(join, last - w + word, last - w);
}

/* Whether c may stand in a compact payload. */
static int
is_compact_byte(int c)
{
	return base36_value(c) != -1 || c == '-';
}

/*
 * How many bytes open line[0..len) that the rest of a cut link may hold,
 * by what it cuts (see next_goes_on): the moves of a legacy payload
 * (GOES_ON_MOVES), an address with its query (GOES_ON_ADDRESS), or a
 * compact payload (GOES_ON_PAYLOAD).
 */
size_t
cut_word(int what, const char *line, size_t len)
{
	int (*is_byte)(int) = what == GOES_ON_ADDRESS ? is_address_byte :
	    what == GOES_ON_PAYLOAD ? is_compact_byte : is_legacy_byte;
	size_t n;

	for (n = 0; n < len && is_byte((unsigned char)line[n]); n++)
		;
	return n;
}

/*
 * Where the compact payload that ends line[0..last) begins: after the
 * "l=" of a query (*from_start set), the payload empty if the line ends
 * there, or at the start of the line past its quoting, a line that may
 * be the rest of one; last if neither.
 */
static size_t
compact_start(const char *line, size_t last, int *from_start)
{
	size_t w = last, marks;

	while (w > 0 && is_compact_byte(line[w - 1]))
		w--;
	*from_start = w >= 2 && line[w - 1] == '=' && line[w - 2] == 'l' &&
	    is_query_start(line, w - 2);
	if (!*from_start && (w == last || w != quote_prefix(line, last,
	    &marks)))
		return last;
	return w;
}

/*
 * Whether a line ends with the beginning of a compact payload that a
 * line break may have cut: after "l=" (nothing yet, too), no legacy
 * payload, or with tail set the whole line (but for its quoting), the
 * rest of a payload cut before and cut again, unless it ends as a
 * payload ends (a dash and an end letter).  The next line tells
 * (compact_goes_on).
 */
int
compact_open_at_end(const char *line, size_t len, int tail)
{
	size_t last = trimmed_end(line, len), w;
	int from_start;

	/*
	 * Most lines of links end with a payload's end letter after its
	 * kills and their dash: whole, never begun (see compact_shape).
	 */
	if (last >= 3 && line[last - 2] == '-' &&
	    is_end_letter(line[last - 1])) {
		for (w = last - 2; w > 0 && base36_value(line[w - 1]) != -1;
		    w--)
			;
		if (w > 0 && line[w - 1] == '-')
			return 0;
	}
	w = compact_start(line, last, &from_start);
	if (from_start ? starts_legacy(line, w, last) : !tail || w == last)
		return 0;
	return compact_shape(line + w, last - w, from_start) == COMPACT_BEGUN;
}

/*
 * Whether a line goes on with the compact payload that ends the line
 * before (compact_open_at_end, tail as there), after quoting as deep as
 * that line's (*at
 * is where the rest begins): the word that opens it, joined to the
 * payload, is a whole payload (which reads, when the payload's start is
 * in the line before), or the beginning of one still, the word all its
 * line and as long as a line a wrap cut again (COMPACT_RECUT bytes).
 */
int
compact_goes_on(const char *before, size_t beforelen, const char *line,
    size_t len, int tail, size_t *at)
{
	size_t last = trimmed_end(before, beforelen), w, word, n;
	struct parse_error pe;
	struct game g;
	char *join;
	int from_start, shape, ok;

	if (!quoted_alike(before, last, line, len, at))
		return 0;
	w = compact_start(before, last, &from_start);
	if (!from_start && (!tail || w == last))
		return 0;
	word = cut_word(GOES_ON_PAYLOAD, line + *at, len - *at);
	if (word == 0 || last - w > PAYLOAD_MAX || word > PAYLOAD_MAX)
		return 0;
	n = last - w + word;
	join = xmalloc(n);
	memcpy(join, before + w, last - w);
	memcpy(join + (last - w), line + *at, word);
	shape = compact_shape(join, n, from_start);
	ok = 0;
	if (shape == COMPACT_BEGUN)
		ok = word >= COMPACT_RECUT &&
		    trimmed_end(line, len) == *at + word;
	else if (shape == COMPACT_WHOLE && !from_start)
		ok = 1;
	else if (shape == COMPACT_WHOLE) {
		game_init(&g);
		ok = parse_compact(join, n, &g, &pe) == 0;
		game_free(&g);
	}
	free(join);
	return ok;
}

/*
 * Whether a line goes on with the moves of the legacy link that ends the
 * line before (legacy_open_at_end), as a line does that a mail or an
 * editor wrapped inside the link: it opens with a word of what a legacy
 * payload holds, and that word, joined to the link, goes on past the
 * join with an event after a comma (",m-", ",e-", "%2Cm-"), or ends the
 * link with its end event.  In a quoted reply the line goes on after
 * its quoting, which must be as deep as that of the line before: *at is
 * where the word begins.
 */
int
legacy_goes_on(const char *before, size_t beforelen, const char *line,
    size_t len, size_t *at)
{
	char join[2 * LEGACY_JOIN];
	size_t last = trimmed_end(before, beforelen), tail, word, n, i;

	if (!quoted_alike(before, last, line, len, at))
		return 0;
	line += *at;
	len -= *at;
	if ((word = cut_word(GOES_ON_MOVES, line, len < LEGACY_JOIN ? len :
	    LEGACY_JOIN)) == 0)
		return 0;
	tail = last < LEGACY_JOIN / 2 ? last : LEGACY_JOIN / 2;
	memcpy(join, before + last - tail, tail);
	memcpy(join + tail, line, word);
	n = tail + word;
	/* An event after a comma, its "m-" or "e-" past the join. */
	for (i = 0; i + 2 < n; i++)
		if (comma_event_at(join, i, n) &&
		    i + (join[i] == ',' ? 2 : 4) >= tail)
			return 1;
	/*
	 * The end event, the word all the link had left but for its other
	 * parameters and fragment.
	 */
	return (word == len || line[word] == ' ' || line[word] == '\t' ||
	    line[word] == '\r' || opens_more(line, word, len)) &&
	    ends_with_end_event(join, n);
}
