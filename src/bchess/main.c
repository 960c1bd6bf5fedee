/*
 * bchess-pack: convert Buffalo Chess replay links between the legacy form
 * the site no longer reads, the compact form it reads today, the base36
 * form, JSON and the packed form, one record a line, keeping everything
 * around the payload; check records against the rules of the game and
 * repair the kill flags and end letters the site got wrong.
 */

#include "config.h"

#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "gf.h"
#include "bchess.h"
#include "rules.h"

static enum format format_option(const char *, const char *, int);
static struct places *book_places(void);
static void	 warn_link_at(const char *, size_t, size_t, size_t,
		    const char *);
static void	 warn_link(const struct linereader *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
static int	 reject_link(const struct linereader *,
		    const struct parse_error *);
static int	 reject_line(const struct linereader *, const char *,
		    const char *, size_t);
static void	 write_text_line(const struct linereader *);
static void	 warn_site_arithmetic(const struct linereader *);
static const char *unchecked_word(enum format, const char *, size_t);
static int	 read_link(const struct linereader *);
static void	 write_link(const struct linereader *);
static void	 write_last_run(const struct linereader *, size_t, size_t);
static void	 finish_line(const struct linereader *, int);
static int	 report_replay(const struct linereader *, struct replay *);
static int	 report_contradictions(const struct linereader *,
		    const struct replay *);
static int	 check_link(const struct linereader *);
static int	 repair_link(const struct linereader *);
static int	 convert_link(const struct linereader *);
static int	 process_text(const struct linereader *);
static int	 process_encoded(const struct linereader *);
static int	 process_unwrapped(const struct linereader *);
static int	 is_sheet_part(const char *);
static int	 process_line(const struct linereader *);
static int	 convert_lines(struct linereader *, int);
static void	 begin_wide_output(const char *, int);
static void	 end_wide_output(void);
static int	 convert_whole(struct linereader *, const char *,
		    const char *, int);
static int	 convert_encoded(struct linereader *);
static void	 warn_cells(const char *, const struct cells_note *,
		    const char *);
static int	 convert_book(struct linereader *);
static int	 mail_kind(struct linereader *);
static int	 convert_mail(struct linereader *, int);
static int	 convert_attached(struct mail *, const char *);
static void	 blank_between(void);
static int	 page_code(const char *);
static int	 convert_member(const char *, char *, size_t, void *);
static int	 convert_archive(const char *, const char *, size_t);
static int	 write_back_book(const char *, char *, size_t);
static int	 write_back_member(const char *, char *, size_t,
		    struct strbuf *, void *);
static int	 convert_input(struct linereader *);
static int	 convert_file(const char *);

/* The files -w copied as they were, for they are not text. */
struct copied {
	int		 document;	/* an office file: its pictures untold */
	int		 sheets;	/* a spreadsheet: its cells' text read */
	size_t		 prefix;	/* of a file's name: "archive:" */
	size_t		 n;
	struct strbuf	 first;		/* the first's name in the archive */
};

static enum format input_format = FORMAT_NONE;
static enum format output_format = FORMAT_COMPACT;
static int quiet;
static int strict;
static int summary;
static int mode;		/* 0 convert, 'c' check, 'r' repair */

static uint8_t *kills;		/* the kill flags the rules give */
static size_t kills_cap;

static struct game game;
static struct record rec;
static size_t current;		/* the link in hand */
static size_t copied;		/* bytes of the line written so far */
static char bad_why[160];	/* why the line is bad, for -f json */
static FILE *narrow_stdout;	/* standard output while it is converted */
static const char *encoding;	/* -E: of text without a byte order mark */
static const char *line_encoding; /* each line's, while converting them */
static int	 links_only;	/* a document's text: no payload alone */
static int	 cells = CELLS_FIELDS;	/* where cells stand: see split_record */
static int	 attached;	/* a file attached to mail: no mail itself */
static int	 write_back;	/* -w: a ZIP archive written back as one */
/*
 * -w of a spreadsheet or document: the file, read again for where its
 * links stand (places.c) when a message first needs it, and what was
 * found.
 */
static struct {
	const char	*name, *data;
	size_t		 len;
	int		 read;
	struct places	 places;
	struct places	*found;		/* &places, if it was read */
} book_at;
static int	 join_cut;	/* --join: join a legacy link a line break cut */
#define JOIN_MAX	65536	/* bytes of a cut link --join makes at most */

static const char synopsis[] =
    "usage: bchess-pack [-chqrVw] [-E encoding] [-f format] [-i format] "
    "[--join]\n"
    "                   [--strict] [--summary] [file ...]\n";

static const struct help_option options_help[] = {
	{ 'c', "check", "", "replay each record under the rules and report, "
	    "writing nothing" },
	{ 'E', "encoding", "=ENCODING", "text encoding of the input, auto by "
	    "default (ENCODING: auto, or any iconv knows)" },
	{ 'f', "format", "=FORMAT", "write FORMAT, compact by default "
	    "(FORMAT: legacy, compact, base36, json, packed)" },
	{ 'h', "help", "", "print this help and exit" },
	{ 'i', "input", "=FORMAT", "read every payload as FORMAT, auto by "
	    "default (FORMAT: auto, legacy, compact, base36, json, packed)" },
	{ 0, "join", "", "join a link a line break cut with the rest of "
	    "it on the next lines, and convert it" },
	{ 'q', "quiet", "", "do not print warnings, notes or repairs" },
	{ 'r', "repair", "", "rewrite kill flags and end letters from the "
	    "moves" },
	{ 0, "strict", "", "stop at the first bad record; with -c, double "
	    "moves are errors (-s: old spelling)" },
	{ 0, "summary", "", SUMMARY_HELP },
	{ 'V', "version", "", "print the version and exit" },
	{ 'w', "write-back", "", "write a ZIP file (.xlsx, .ods, .docx, .odt, "
	    "an archive) back as one, its links converted where they stand" },
	{ 0, NULL, NULL, NULL }
};

/* The format named by the argument of -f or -i (which may say auto). */
static enum format
format_option(const char *name, const char *what, int allow_auto)
{
	enum format f;

	if (allow_auto && strcmp(name, "auto") == 0)
		return FORMAT_NONE;
	if ((f = format_from_name(name)) == FORMAT_NONE)
		errx(GF_EXIT_ERROR, "unknown %s format: %s (one of: %slegacy, "
		    "compact, base36, json, packed)", what, name,
		    allow_auto ? "auto, " : "");
	return f;
}

/*
 * Where the links of the spreadsheet or document written back stand when
 * it is read, read the first time it is asked for; NULL if nothing is
 * written back, or it is no spreadsheet nor document.
 */
static struct places *
book_places(void)
{
	if (book_at.data != NULL && !book_at.read) {
		book_at.read = 1;
		if (places_read(&book_at.places, book_at.name, book_at.data,
		    book_at.len) == 0)
			book_at.found = &book_at.places;
	}
	return book_at.found;
}

/* msg about link number link (from 0) of the nlinks of name's line. */
static void
warn_link_at(const char *name, size_t line, size_t link, size_t nlinks,
    const char *msg)
{
	if (nlinks > 1)
		warn_at(name, line, "link %zu: %s", link + 1, msg);
	else
		warn_at(name, line, "%s", msg);
}

/*
 * "bchess-pack: FILE:LINE: what is wrong", with "link N: " before it when
 * the line holds more than one link, so that each is told apart.  Under
 * -w, a link of a spreadsheet's or document's XML is named where its
 * payload stands when the file is read (book_places): at each of those
 * places, by the first link of the XML with that payload alone; a link
 * the XML cuts (a tag in it) by its part, for its payload there is not
 * the one read, which may stand whole elsewhere.
 */
static void
warn_link(const struct linereader *lr, const char *fmt, ...)
{
	const struct link *l;
	struct places *pl;
	struct place *first, *p;
	const char *text;
	char msg[512], *stripped = NULL;
	va_list ap;
	size_t n, len;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (current < rec.nlinks && rec.link[current].why == NULL &&
	    (pl = book_places()) != NULL) {
		l = &rec.link[current];
		/* A payload that tags cut is read without them. */
		text = rec.line + l->start;
		len = l->end - l->start;
		if (l->rich) {
			text = stripped = xreallocarray(NULL, len + 1, 1);
			len = link_strip_tags(stripped, rec.line + l->start,
			    len);
		}
		first = places_find(pl, text, len, &n);
		free(stripped);
		if (first != NULL) {
			if (!places_claim(first, lr->name, lr->lineno, current))
				return;
			for (p = first; p < first + n; p++)
				warn_link_at(places_name(pl, p), p->row,
				    p->link, p->nlinks, msg);
			return;
		}
	}
	warn_link_at(lr->name, lr->lineno, current, rec.nlinks, msg);
}

/*
 * "move N: what is wrong (excerpt)"; the link is left as it stands, and
 * under -f json the line becomes an error object that says why.
 * Returns 1, the line being bad.
 */
static int
reject_link(const struct linereader *lr, const struct parse_error *pe)
{
	if (pe->move > 0)
		snprintf(bad_why, sizeof(bad_why), "move %zu: %s", pe->move,
		    pe->why);
	else
		snprintf(bad_why, sizeof(bad_why), "%s", pe->why);
	warn_link(lr, "%s (%s)", bad_why, excerpt(pe->token, pe->toklen));
	return 1;
}

/* A fault of the line as a whole, such as two links where one must be. */
static int
reject_line(const struct linereader *lr, const char *why, const char *token,
    size_t toklen)
{
	snprintf(bad_why, sizeof(bad_why), "%s", why);
	warn_at(lr->name, lr->lineno, "%s (%s)", why, excerpt(token, toklen));
	return 1;
}

/*
 * A line that holds no record keeps its place: copied as read, or under
 * -f json a JSON object that holds it, a blank line too, so that every
 * line of the output is JSON.  A JSON string is text: bytes that are not
 * UTF-8 become U+FFFD, said in a warning.
 */
static void
write_text_line(const struct linereader *lr)
{
	if (output_format == FORMAT_JSON) {
		if (!utf8_valid(lr->line, lr->len)) {
			run_warning();
			if (!quiet)
				warn_at(lr->name, lr->lineno, "warning: not "
				    "UTF-8 text: its bad bytes written as "
				    "U+FFFD (say its encoding with -E) (%s)",
				    excerpt(lr->line, lr->len));
		}
		json_text_line(stdout, lr);
		return;
	}
	fwrite_unlocked(lr->line, 1, lr->len, stdout);
	lr_end(lr, stdout, output_format == FORMAT_JSON);
}

static void
warn_site_arithmetic(const struct linereader *lr)
{
	if (game.kills_corrupt)
		run_warning();
	if (output_format == FORMAT_COMPACT && !compact_site_exact(&game))
		run_warning();
	if (quiet)
		return;
	if (game.kills_corrupt)
		warn_link(lr, "warning: kill digits mangled by the site's "
		    "arithmetic, read as the site reads them");
	if (output_format == FORMAT_COMPACT && !compact_site_exact(&game))
		warn_link(lr, "warning: %zu moves: the site will misread this "
		    "link's kill flags (its kill number reaches 2^53)", game.n);
}

/*
 * Why a payload alone on its line, read as format f, is not taken for
 * one unless -i names its format; NULL if it is.  base36 and the packed
 * payloads of the first versions carry no check, and words and names
 * read as them ("Anna", "Carl", "bowl" are games): such a word is
 * reported rather than converted into a game no one wrote.
 */
static const char *
unchecked_word(enum format f, const char *p, size_t len)
{
	if (f == FORMAT_BASE36)
		return "a word that reads as a base36 payload, which has no "
		    "check: not converted (-i base36 reads it)";
	if (f == FORMAT_PACKED && packed_unchecked(p, len))
		return "a word that reads as a packed payload of a first "
		    "version, which has no check letter: not converted "
		    "(-i packed reads it)";
	return NULL;
}

/*
 * Read the payload of the link in hand into game.  Returns 0, or 1 for
 * a bad link, reported.
 */
static int
read_link(const struct linereader *lr)
{
	struct parse_error pe;
	const char *why;
	enum format in;
	int rc;

	game_reset(&game);
	if (record_payload(&rec, current, &pe) == -1)
		return reject_link(lr, &pe);
	in = input_format != FORMAT_NONE ? input_format :
	    detect_format(rec.payload, rec.paylen);
	if (in == FORMAT_PACKED)
		rc = parse_packed(rec.payload, rec.paylen, &game, &pe);
	else
		rc = parse_payload(in, rec.payload, rec.paylen, &game, &pe);
	if (rc == -1)
		return reject_link(lr, &pe);
	if (input_format == FORMAT_NONE && rec.bare &&
	    (why = unchecked_word(in, rec.payload, rec.paylen)) != NULL) {
		parse_error_set(&pe, why, 0, rec.payload, rec.paylen);
		return reject_link(lr, &pe);
	}
	return 0;
}

/*
 * Write the text since the last link, then the link in hand converted.
 * JSON stands alone on its line, for jq (after the byte order mark of
 * the input, if any).  A packed payload replaces the whole link, which
 * the site could not open.  The other formats replace the payload
 * alone; legacy commas are escaped when other text stands on the line
 * (but in a cell that holds the payload alone), and as deep as the link
 * is encoded inside another address.  A link
 * inside a redirect replaces the redirect, decoded.
 */
static void
write_link(const struct linereader *lr)
{
	const struct link *l = &rec.link[current];
	size_t before = l->start, after = l->end;
	int unwrap = l->inner_end > 0;

	warn_site_arithmetic(lr);
	if (output_format == FORMAT_PACKED || unwrap) {
		before = l->link_start;
		after = l->link_end;
	}
	if (output_format == FORMAT_JSON)
		fwrite_unlocked(lr->line, 1, rec.bom, stdout);
	else
		fwrite_unlocked(lr->line + copied, 1, before - copied, stdout);
	if (output_format == FORMAT_PACKED) {
		write_packed(stdout, &game);
		write_last_run(lr, before, after);
		copied = after;
		return;
	}
	if (unwrap && output_format != FORMAT_JSON)
		write_unescaped(stdout, lr->line + l->inner,
		    l->start - l->inner, rec.markup);
	if (output_format == FORMAT_LEGACY && ((rec.in_text && !l->cell) ||
	    l->depth > 0))
		write_legacy_escaped(stdout, &game, l->depth);
	else
		write_payload(stdout, output_format, &game);
	if (unwrap && output_format != FORMAT_JSON)
		write_unescaped(stdout, lr->line + l->end,
		    l->inner_end - l->end, rec.markup);
	else if (output_format != FORMAT_JSON)
		write_last_run(lr, before, after);
	copied = after;
}

/*
 * A link that tags cut is written over them, in the format of its first
 * run; if its last run's text goes on after it, that run's tags are
 * written again before the rest, which keeps its own format (and, in
 * .xlsx and .docx, its xml:space) rather than taking the first run's.
 */
static void
write_last_run(const struct linereader *lr, size_t before, size_t after)
{
	size_t start, end;

	if (rec.link[current].rich && after < lr->len &&
	    lr->line[after] != '<' &&
	    (end = last_tag_group(lr->line, before, after, &start)) > 0)
		fwrite_unlocked(lr->line + start, 1, end - start, stdout);
}

/*
 * The rest of the line after the last link written, bad links as they
 * stand; under -f json a bad line is an error object instead.
 */
static void
finish_line(const struct linereader *lr, int bad)
{
	if (output_format == FORMAT_JSON && bad) {
		json_error_line(stdout, lr, bad_why, lr->line, lr->len);
		return;
	}
	if (output_format != FORMAT_JSON)
		fwrite_unlocked(lr->line + copied, 1, lr->len - copied, stdout);
	lr_end(lr, stdout, output_format == FORMAT_JSON);
}

/*
 * Replay the record and report what breaks the rules, one line each:
 * an illegal move, a move after the end, a double move of the person (a
 * note unless -s), and, unless repairing, kill flags and an end letter
 * that contradict the moves.  Returns the number of errors.
 */
static int
report_replay(const struct linereader *lr, struct replay *rep)
{
	char tok[32];
	int errors = 0;

	if (game.n > kills_cap) {
		kills = xreallocarray(kills, game.n, 1);
		kills_cap = game.n;
	}
	replay_game(&game, rep, kills);
	if (rep->illegal > 0) {
		format_move(tok, sizeof(tok), &game.move[rep->illegal - 1]);
		warn_link(lr, "move %zu: illegal: %s (%s)", rep->illegal,
		    rep->why, tok);
		errors++;
	}
	if (rep->after_end > 0) {
		format_move(tok, sizeof(tok), &game.move[rep->after_end - 1]);
		warn_link(lr, "move %zu: the game already ended at move %zu "
		    "(%s)", rep->after_end, rep->ended, tok);
		errors++;
	}
	if (rep->doubles > 0 && !(strict && mode == 'c'))
		run_warning();
	if (rep->doubles > 0 && (!quiet || (strict && mode == 'c'))) {
		format_move(tok, sizeof(tok), &game.move[rep->first_double - 1]);
		warn_link(lr, "%smove %zu: the person moves twice in a row "
		    "(%s)%s", strict && mode == 'c' ? "" : "note: ",
		    rep->first_double, tok, rep->doubles > 1 ?
		    ", and again later" : "");
		errors += strict && mode == 'c';
	}
	if (mode != 'r')
		errors += report_contradictions(lr, rep);
	return errors;
}

/* Kill flags and an end letter that the moves replayed contradict. */
static int
report_contradictions(const struct linereader *lr, const struct replay *rep)
{
	static const char *ends[] = { "the person wins (w)",
	    "the person loses (l)", "the game is unfinished (i)" };
	char tok[32];
	size_t i;
	int errors = 0;

	for (i = 0; i < rep->played; i++)
		if (kills[i] != (game.move[i].kill != 0)) {
			format_move(tok, sizeof(tok), &game.move[i]);
			warn_link(lr, "move %zu: kill flag %u, but %s (%s)",
			    i + 1, game.move[i].kill != 0, kills[i] ?
			    "the chief takes a buffalo" : "nothing is taken",
			    tok);
			errors++;
		}
	if (replay_is_repairable(rep) && game.end != rep->end) {
		warn_link(lr, "end %c contradicts the moves: %s", game.end,
		    ends[end_index(rep->end)]);
		errors++;
	}
	return errors;
}

/*
 * check_link, repair_link and convert_link take the link in hand and
 * return 0 for a good one, 1 for a bad one.
 */
static int
check_link(const struct linereader *lr)
{
	struct replay rep;

	if (read_link(lr) != 0)
		return 1;
	return report_replay(lr, &rep) > 0;
}

/*
 * Rewrite kill flags and the end letter from the moves, saying so for
 * each.  A link that does not replay is left as it stands.
 */
static int
repair_link(const struct linereader *lr)
{
	static const char unrepaired[] =
	    "not repaired: the moves break the rules";
	struct replay rep;
	char tok[32];
	size_t i;

	if (read_link(lr) != 0)
		return 1;
	report_replay(lr, &rep);
	if (!replay_is_repairable(&rep)) {
		warn_link(lr, "%s", unrepaired);
		snprintf(bad_why, sizeof(bad_why), "%s", unrepaired);
		return 1;
	}
	for (i = 0; i < game.n; i++)
		if (kills[i] != (game.move[i].kill != 0)) {
			format_move(tok, sizeof(tok), &game.move[i]);
			run_warning();
			if (!quiet)
				warn_link(lr, "move %zu: kill flag repaired "
				    "to %u (%s)", i + 1, kills[i], tok);
			game.move[i].kill = kills[i];
		}
	if (game.end != rep.end)
		run_warning();
	if (game.end != rep.end && !quiet)
		warn_link(lr, "end repaired from %c to %c", game.end, rep.end);
	game.end = rep.end;
	game.kills_corrupt = 0;
	write_link(lr);
	return 0;
}

static int
convert_link(const struct linereader *lr)
{
	if (read_link(lr) != 0)
		return 1;
	write_link(lr);
	return 0;
}

/*
 * Convert (check, repair) every link of the line, bad ones reported and
 * left as they stand; JSON holds one record a line, so a line of two
 * links is bad under -f json.  Returns 0 for a good record, 1 for a bad
 * one and -1 for a blank line or a line of text with no link, which are
 * copied (except when checking) so that output lines stay beside their
 * input lines.
 */
static int
process_text(const struct linereader *lr)
{
	struct parse_error pe;
	size_t n;
	int rc = RECORD_TEXT, bad = 0;

	copied = 0;
	if (lr->lineno == 1)
		record_begin(&rec);
	rec.cells = links_only ? CELLS_NONE : cells;
	if (!lr_blank(lr))
		rc = split_record(&rec, lr->line, lr->len, lr->lineno == 1, &pe);
	/*
	 * A paragraph of one word is a word, not a payload, and so is a
	 * word of HTML or XML (a tag alone on its line) or of a chat.
	 */
	if ((links_only || rec.prose == 1) && (rc == -1 ||
	    (rc == 0 && rec.bare)))
		rc = RECORD_TEXT;
	if (rc == RECORD_TEXT) {
		if (mode != 'c')
			write_text_line(lr);
		return -1;
	}
	/* Under -f json, one game a line: HTML's <a href="L">L</a> is one. */
	n = rec.nlinks;
	if (rc == 0 && output_format == FORMAT_JSON && mode != 'c' &&
	    (n = record_games(&rec)) > 1)
		bad = reject_line(lr, "more than one game on the line",
		    lr->line + rec.link[n - 1].link_start,
		    rec.link[n - 1].link_end - rec.link[n - 1].link_start);
	else if (rc == -1)
		bad = reject_link(lr, &pe);
	else
		for (current = 0; current < n; current++)
			bad |= mode == 'c' ? check_link(lr) : mode == 'r' ?
			    repair_link(lr) : convert_link(lr);
	if (mode != 'c')
		finish_line(lr, bad);
	return bad;
}

/*
 * A line in the encoding -E names, made UTF-8 and processed; the output
 * stream turns it back (see convert_encoded).  A line that is not text
 * in that encoding is bad: reported, and copied as it was read, past
 * the stream that converts.
 */
static int
process_encoded(const struct linereader *lr)
{
	struct linereader text = *lr;
	const char *why;
	char *s;
	FILE *raw;
	int rc;

	if ((s = text_to_utf8(lr->line, lr->len, line_encoding, &text.len,
	    &why)) != NULL) {
		text.line = s;
		rc = process_unwrapped(&text);
		free(s);
		return rc;
	}
	snprintf(bad_why, sizeof(bad_why), "%s: %s", line_encoding, why);
	warn_at(lr->name, lr->lineno, "%s (%s)", bad_why,
	    excerpt(lr->line, lr->len));
	if (mode == 'c')
		return 1;
	if (output_format == FORMAT_JSON) {
		json_error_line(stdout, lr, bad_why, lr->line, lr->len);
		return 1;
	}
	raw = stdout;
	if (narrow_stdout != NULL) {
		if (fflush(stdout) != 0)
			check_stdout();
		raw = narrow_stdout;
	}
	fwrite_unlocked(lr->line, 1, lr->len, raw);
	lr_end(lr, raw, 0);
	return 1;
}

/*
 * A line whose links to the game Proofpoint's URL Defense rewrote is
 * processed with each link in place of its address: see proofpoint.c.
 * An address that holds one but does not decode makes the line bad.
 */
static int
process_unwrapped(const struct linereader *lr)
{
	static struct strbuf unwrapped;
	struct linereader text = *lr;
	size_t at, n;
	int rc;

	/*
	 * Both forms hold a '_' ("v3/__", the slashes of v2's link), which
	 * no payload and few lines do: looked for first, for it is cheaper
	 * to find than the host.
	 */
	if (memchr(lr->line, '_', lr->len) == NULL ||
	    memmem(lr->line, lr->len, "urldefense", 10) == NULL)
		return process_text(lr);
	/*
	 * The lines before told whether the input is markup; a first line
	 * is if it opens a tag (the XML of a document's part may be one).
	 */
	rc = proofpoint_unwrap(lr->line, lr->len, lr->lineno > 1 ?
	    rec.markup : lr->line[0] == '<', &unwrapped, &at, &n);
	if (rc == 0)
		return process_text(lr);
	if (rc == 1) {
		text.line = unwrapped.s;
		text.len = unwrapped.len;
		return process_text(&text);
	}
	/* A new input begins here too: see process_text. */
	if (lr->lineno == 1)
		record_begin(&rec);
	reject_line(lr, "a link to the game in an address of Proofpoint's "
	    "URL Defense that is cut or does not decode", lr->line + at, n);
	if (mode != 'c') {
		copied = 0;
		finish_line(lr, 1);
	}
	return 1;
}

/* A line of the input: see process_text. */
static int
process_line(const struct linereader *lr)
{
	if (line_encoding != NULL)
		return process_encoded(lr);
	return process_unwrapped(lr);
}

/*
 * Process the lines of lr, the first already in hand if have_line is
 * set; returns the worst status of their records.  -s stops the run at
 * the first bad one, with the output written so far finished.
 */
/*
 * A line held while the next is read, and under --join the moves joined
 * to it and the lines joined whole (each left in the output as the
 * quoting of a reply it had, or empty); and what is left of a line
 * whose first moves were joined, its quoting kept.
 */
static struct {
	struct strbuf	 text;
	struct linereader *whole;
	size_t		 nwhole, capwhole;
	size_t		 quote;		/* of text, trimmed */
	struct strbuf	 rest;
} held;

/*
 * The quoting of a reply that opens line[0..len) (see quote_prefix),
 * less the white space after its last mark: what is left of a quoted
 * line that --join took whole.
 */
static size_t
quoting(const char *line, size_t len)
{
	size_t n, marks;

	n = quote_prefix(line, len, &marks);
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	return n;
}

/* Whether the line in hand in lr holds only white space from byte k. */
static int
blank_after(const struct linereader *lr, size_t k)
{
	return trimmed_end(lr->line, lr->len) <= k;
}

/*
 * --join: the moves opening lr's line at its byte at, which go on with
 * the legacy link that ends held.text (what = GOES_ON_MOVES, see
 * legacy_goes_on), are joined to it, or the rest of the address and the
 * payload (GOES_ON_ADDRESS, see address_goes_on), or the rest of a
 * compact payload (GOES_ON_PAYLOAD, see compact_goes_on); a line that is
 * those bytes alone, the link still open, is followed by the next in
 * turn, up to JOIN_MAX bytes; the link's other parameters and fragment
 * go with them.  Returns whether a line is left in hand in lr, its first
 * *skip bytes joined; *words is the bytes joined but for those
 * parameters and fragment.
 */
static int
join_lines(struct linereader *lr, size_t at, int what, size_t *skip,
    size_t *words)
{
	size_t n;

	*words = 0;

	held.quote = quoting(held.text.s, held.text.len);
	for (;;) {
		n = at + cut_word(what, lr->line + at, lr->len - at);
		*words += n - at;
		n = link_end(lr->line, n, trimmed_end(lr->line, lr->len));
		sb_add(&held.text, lr->line + at, n - at);
		what = legacy_open_at_end(held.text.s, held.text.len, 0) ?
		    GOES_ON_MOVES : compact_open_at_end(held.text.s,
		    held.text.len, 0) ? GOES_ON_PAYLOAD : 0;
		if (!blank_after(lr, n) || held.text.len > JOIN_MAX ||
		    what == 0) {
			*skip = n;
			return 1;
		}
		if (held.nwhole == held.capwhole) {
			held.capwhole = held.capwhole == 0 ? 4 :
			    2 * held.capwhole;
			held.whole = xreallocarray(held.whole, held.capwhole,
			    sizeof(*held.whole));
		}
		held.whole[held.nwhole] = *lr;
		held.whole[held.nwhole++].len = held.quote;
		*skip = 0;
		if (run_stopped() || !lr_next(lr))
			return 0;
		if (what == GOES_ON_MOVES ? !legacy_goes_on(held.text.s,
		    held.text.len, lr->line, lr->len, &at) :
		    !compact_goes_on(held.text.s, held.text.len, lr->line,
		    lr->len, 0, &at))
			return 1;
	}
}

/*
 * The line in hand in lr less its first skip bytes, which --join joined
 * to the line before, into line: after the quoting of a reply, if it
 * has one.
 */
static void
rest_of_line(const struct linereader *lr, size_t skip,
    struct linereader *line)
{
	size_t quote, marks;

	*line = *lr;
	quote = quote_prefix(lr->line, skip, &marks);
	if (blank_after(lr, skip))
		quote = quoting(lr->line, skip);
	if (quote == 0) {
		line->line += skip;
		line->len -= skip;
		return;
	}
	sb_clear(&held.rest);
	sb_add(&held.rest, lr->line, quote);
	sb_add(&held.rest, lr->line + skip, lr->len - skip);
	line->line = held.rest.s;
	line->len = held.rest.len;
}

/* What --join says it joined, for each GOES_ON_ kind. */
static const struct {
	const char	*link, *bytes;
} cut_kinds[] = {
	[GOES_ON_MOVES] = { "legacy link", "of moves " },
	[GOES_ON_ADDRESS] = { "link to the game whose address", "" },
	[GOES_ON_PAYLOAD] = { "compact link", "of its payload " },
};

/*
 * A link a line break may have cut ends *line (a legacy link with no end
 * event, the beginning of an address of the game, a compact payload not
 * whole): the next line is read into lr first, for it may go on with
 * the rest, and then the link is no game to convert (rec.next_goes_on),
 * or under --join the rest is joined to it.  *line is then the line
 * held.  Returns whether a line is left in hand in lr, its first *skip
 * bytes joined.
 */
static int
hold_open_link(struct linereader *lr, struct linereader *line,
    size_t *skip)
{
	size_t first, at, moves;
	int have_line, what;

	sb_clear(&held.text);
	sb_add(&held.text, line->line, line->len);
	first = held.text.len;
	have_line = !run_stopped() && lr_next(lr);
	rec.next_goes_on = !have_line ? 0 : legacy_goes_on(held.text.s,
	    held.text.len, lr->line, lr->len, &at) ? GOES_ON_MOVES :
	    address_goes_on(held.text.s, held.text.len, lr->line, lr->len,
	    &at) ? GOES_ON_ADDRESS : compact_goes_on(held.text.s,
	    held.text.len, lr->line, lr->len, rec.cut_at_end == CUT_PAYLOAD,
	    &at) ? GOES_ON_PAYLOAD : 0;
	if (rec.next_goes_on && join_cut) {
		what = rec.next_goes_on;
		rec.next_goes_on = 0;
		have_line = join_lines(lr, at, what, skip, &moves);
		/* The rest of an address is counted whole. */
		if (what == GOES_ON_ADDRESS)
			moves = held.text.len - first;
		run_warning();
		if (!quiet)
			warn_at(line->name, line->lineno, "warning: a %s a "
			    "line break cut, joined with %zu bytes %sfrom the "
			    "next line%s", cut_kinds[what].link, moves,
			    cut_kinds[what].bytes,
			    held.nwhole + (*skip > 0) > 1 ? "s" : "");
	}
	line->line = held.text.s;
	line->len = held.text.len;
	return have_line;
}

static int
convert_lines(struct linereader *lr, int have_line)
{
	struct linereader line;
	const struct linereader *cur;
	size_t skip = 0, k;
	int status = GF_EXIT_OK, bad, open;

	for (; have_line || (!run_stopped() && lr_next(lr));) {
		/* What a join before left of the line. */
		have_line = 0;
		cur = lr;
		open = legacy_open_at_end(lr->line + skip, lr->len - skip,
		    rec.cut_at_end == CUT_SEEN) ||
		    address_open_at_end(lr->line + skip, lr->len - skip) ||
		    compact_open_at_end(lr->line + skip, lr->len - skip,
		    rec.cut_at_end == CUT_PAYLOAD);
		if (skip > 0 || open) {
			rest_of_line(lr, skip, &line);
			skip = 0;
			if (open)
				have_line = hold_open_link(lr, &line, &skip);
			cur = &line;
		}
		bad = process_line(cur);
		rec.next_goes_on = 0;
		/* The lines joined whole are left empty. */
		for (k = 0; k < held.nwhole && mode != 'c'; k++) {
			held.whole[k].line = held.text.s;
			write_text_line(&held.whole[k]);
		}
		held.nwhole = 0;
		/* A blank line or a line of text is copied, but is no record. */
		if (bad == -1) {
			check_stdout();
			continue;
		}
		run_record(bad);
		if (bad) {
			status = GF_EXIT_BAD;
			if (strict) {
				end_wide_output();
				exit(run_finish(GF_EXIT_BAD));
			}
		}
	}
	return status;
}

/*
 * Write standard output in the encoding, its byte order mark first if
 * bom is set, until end_wide_output, for text read in that encoding:
 * the lines around the links go back to the spreadsheet or editor in
 * the encoding it wrote.  JSON is UTF-8 whatever the input, and -c
 * writes nothing.
 */
static void
begin_wide_output(const char *to, int bom)
{
	FILE *fp;

	if (mode == 'c' || output_format == FORMAT_JSON)
		return;
	if (fflush(stdout) != 0)
		check_stdout();
	if ((fp = encoding_writer(stdout, to, bom)) == NULL)
		err(GF_EXIT_ERROR, "%s output", to);
	/* Lines typed at a terminal come back as they are converted. */
	if (isatty(fileno(stdout)))
		setvbuf(fp, NULL, _IOLBF, 0);
	narrow_stdout = stdout;
	stdout = fp;
}

static void
end_wide_output(void)
{
	FILE *wide = stdout;

	if (narrow_stdout == NULL)
		return;
	stdout = narrow_stdout;
	narrow_stdout = NULL;
	if (fclose(wide) != 0)
		err(GF_EXIT_ERROR, "write error on standard output");
	check_stdout();
}

/*
 * Text whose lines cannot be told apart before the whole of it is made
 * UTF-8 (UTF-16, UTF-32): a file that opens with a UTF-16 byte order
 * mark, as spreadsheets save "Unicode Text", Windows Notepad saves
 * "Unicode" and PowerShell redirects output; one in UTF-16 or UTF-32
 * without the mark, told with its byte order by the NULs beside each
 * letter of its first line; or one that -E says is in such an encoding.
 * Its output goes back in the encoding `to`, with a byte order mark if
 * bom is set.  Returns as convert_lines, or 2 if the file cannot be read
 * or is not text in that encoding throughout.
 */
static int
convert_whole(struct linereader *lr, const char *from, const char *to,
    int bom)
{
	const char *why;
	int status;

	if (lr_reread_utf8(lr, from, &why) == -1) {
		if (why != NULL) {
			fflush(stdout);
			if (bom)
				warnx("%s: %s by its byte order mark, but %s",
				    lr->name, from, why);
			else
				warnx("%s: %s: %s", lr->name, from, why);
		}
		return GF_EXIT_ERROR;
	}
	begin_wide_output(to, bom);
	status = convert_lines(lr, 0);
	end_wide_output();
	return status;
}

/*
 * Text in the encoding -E names, one in which ASCII stays ASCII (CP1252,
 * Latin-1, GBK, Big5, Shift_JIS): each line made UTF-8 as it comes, so
 * that output keeps pace with input, and the output turned back.
 */
static int
convert_encoded(struct linereader *lr)
{
	int status;

	if (strcasecmp(encoding, "UTF-8") != 0 &&
	    strcasecmp(encoding, "UTF8") != 0)
		begin_wide_output(encoding, 0);
	line_encoding = encoding;
	status = convert_lines(lr, 1);
	line_encoding = NULL;
	end_wide_output();
	return status;
}

/*
 * The warning what about the cells of sheet name that note counts, if
 * any: at the first of them, with how many there are.
 */
static void
warn_cells(const char *name, const struct cells_note *note, const char *what)
{
	if (note->n == 0)
		return;
	run_warning();
	if (quiet)
		return;
	if (fflush(stdout) != 0)
		check_stdout();
	warn_at(name, note->row, "warning: %s (%" PRIu64 " in the sheet, "
	    "the first here)", what, note->n);
}

/*
 * A spreadsheet, an .xlsx or .ods file (a ZIP archive): each sheet made
 * text by sheet.c, a line a row and its cells between tabs, converted
 * as a file of its own, named file:sheet in messages.  An archive that
 * holds no document is read file by file (convert_archive); one that
 * cannot be read, or a document of another kind (a text, a presentation),
 * is reported by name, and nothing of it is written.
 */
static int
convert_book(struct linereader *lr)
{
	struct linereader sheet;
	struct book book;
	struct strbuf name = { NULL, 0, 0 };
	char why[256], *data;
	size_t len, i;
	int status = GF_EXIT_OK, s;

	if ((data = lr_slurp(lr, &len)) == NULL)
		return GF_EXIT_ERROR;
	if (write_back)
		return write_back_book(lr->name, data, len);
	s = book_read(data, len, &book, why, sizeof(why));
	if (s == BOOK_NONE) {
		status = convert_archive(lr->name, data, len);
		free(data);
		return status;
	}
	free(data);
	if (s == -1 || s == BOOK_DOCUMENT) {
		if (fflush(stdout) != 0)
			check_stdout();
		warnx("%s: %s", lr->name, why);
		return s == -1 ? GF_EXIT_ERROR : GF_EXIT_BAD;
	}
	for (i = 0; i < book.n && !run_stopped(); i++) {
		sb_clear(&name);
		sb_add(&name, lr->name, strlen(lr->name));
		/* A document's text is named by its file alone. */
		if (book.sheet[i].name != NULL) {
			sb_addc(&name, ':');
			sb_add(&name, book.sheet[i].name,
			    strlen(book.sheet[i].name));
		}
		/* The reader takes the sheet's text. */
		lr_attach_text(&sheet, book.sheet[i].text, book.sheet[i].len,
		    name.s);
		book.sheet[i].text = NULL;
		warn_cells(name.s, &book.sheet[i].computed, "a HYPERLINK "
		    "formula works out its address, which is not read");
		warn_cells(name.s, &book.sheet[i].cut, "a hyperlink's "
		    "address is 255 characters long, as LibreOffice cuts a "
		    "longer one in an .xlsx: its game may be cut short");
		warn_cells(name.s, &book.sheet[i].commented, "a comment of a "
		    "cell holds a link to the game, which is not read as text "
		    "(-w writes the file back, its links converted)");
		links_only = book.sheet[i].name == NULL;
		s = convert_lines(&sheet, 0);
		links_only = 0;
		if (s > status)
			status = s;
		lr_close(&sheet);
	}
	sb_free(&name);
	book_free(&book);
	return status;
}

/*
 * Whether the input of lr, its first line not yet taken, is mail: 0, or
 * MAIL_MESSAGE or MAIL_MBOX.  Its first lines are read ahead as far as
 * telling it needs (a pipe is read no further), and no line is taken.
 */
static int
mail_kind(struct linereader *lr)
{
	const char *p;
	size_t len = 0, n, lines = 0, i;
	int kind;

	for (;;) {
		p = lr_peek(lr, MAIL_PEEK_MAX, lines + 1, &n);
		if ((kind = mail_starts(p, n)) != MAIL_MORE)
			return kind;
		/* The input, or what is read ahead, ended. */
		if (n == len)
			return 0;
		for (i = len; i < n; i++)
			lines += p[i] == '\n';
		len = n;
	}
}

/*
 * A blank line between two texts of mail (messages, files attached) in
 * the output: none under -c, which writes nothing, nor under -f json,
 * whose lines are objects.
 */
static void
blank_between(void)
{
	if (mode != 'c' && output_format != FORMAT_JSON)
		putchar_unlocked('\n');
}

/*
 * The files attached to the message of m read last, named after the
 * message's name: each converted as a file of its own (a spreadsheet, a
 * document, an archive, text), after a blank line.  A file attached is
 * not read as mail in turn.  Returns the worst status.
 */
static int
convert_attached(struct mail *m, const char *message)
{
	struct linereader file;
	struct mail_file *f;
	struct strbuf name = { NULL, 0, 0 };
	size_t i, n;
	int status = GF_EXIT_OK, s;

	f = mail_files(m, &n);
	for (i = 0; i < n && !run_stopped(); i++) {
		sb_clear(&name);
		sb_add(&name, message, strlen(message));
		sb_addc(&name, ':');
		sb_add(&name, f[i].name, strlen(f[i].name));
		blank_between();
		/* The reader takes the data. */
		lr_attach_text(&file, f[i].data, f[i].len, name.s);
		f[i].data = NULL;
		attached = 1;
		s = convert_input(&file);
		attached = 0;
		if (lr_close(&file) == -1)
			s = GF_EXIT_ERROR;
		if (s > status)
			status = s;
	}
	sb_free(&name);
	return status;
}

/*
 * Mail, an .eml or an mbox (mail.c makes each message text): each
 * message converted as a text of its own, an mbox's named file:mail N in
 * messages, then the files attached to it; a paragraph of one word is a
 * word, as in a document.  The attachments that are neither text nor an
 * archive are counted in one warning, which names the first.  A message
 * that cannot be read ends the file, with status 2.
 */
static int
convert_mail(struct linereader *lr, int kind)
{
	struct linereader msg;
	struct strbuf text = { NULL, 0, 0 }, name = { NULL, 0, 0 };
	struct mail *m;
	const char *first;
	char why[256], number[32];
	uint64_t n = 0, skipped;
	int status = GF_EXIT_OK, s, rv;

	m = mail_open(lr, kind);
	while (!run_stopped() &&
	    (rv = mail_next(m, &text, why, sizeof(why))) == 1) {
		sb_clear(&name);
		sb_add(&name, lr->name, strlen(lr->name));
		if (kind == MAIL_MBOX) {
			snprintf(number, sizeof(number), ":mail %" PRIu64,
			    ++n);
			sb_add(&name, number, strlen(number));
		}
		if (n > 1)
			blank_between();
		/* The reader takes the text. */
		lr_attach_text(&msg, text.s, text.len, name.s);
		memset(&text, 0, sizeof(text));
		links_only = 1;
		s = convert_lines(&msg, 0);
		links_only = 0;
		if (lr_close(&msg) == -1)
			s = GF_EXIT_ERROR;
		if (s > status)
			status = s;
		if ((s = convert_attached(m, name.s)) > status)
			status = s;
	}
	if (fflush(stdout) != 0)
		check_stdout();
	if (rv == -1) {
		warnx("%s: %s", lr->name, why);
		status = GF_EXIT_ERROR;
	}
	if ((skipped = mail_skipped(m, &first)) > 0) {
		run_warning();
		if (!quiet)
			warnx("%s: warning: %" PRIu64 " attachment%s neither "
			    "text nor an archive (%s%s), not read", lr->name,
			    skipped, skipped > 1 ? "s" : "", first, skipped > 1 ?
			    " and others" : "");
	}
	mail_close(m);
	sb_free(&text);
	sb_free(&name);
	return status;
}

/*
 * Whether a file is a web page's code, a style sheet or a script, by its
 * name: what a chat exported as HTML (Telegram's) or a page saved whole
 * brings beside its pages.
 */
static int
page_code(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot != NULL && (strcasecmp(dot, ".css") == 0 ||
	    strcasecmp(dot, ".js") == 0);
}

/*
 * A file of text of an archive (see convert_archive), which it takes; a
 * web page's style sheet or script is skipped.
 */
static int
convert_member(const char *name, char *bytes, size_t len, void *arg)
{
	struct linereader member;
	int status;

	(void)arg;
	if (page_code(name)) {
		free(bytes);
		return ZR_SKIPPED;
	}
	lr_attach_text(&member, bytes, len, name);
	status = convert_input(&member);
	if (lr_close(&member) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * Whether the part of a spreadsheet named part holds the text of its
 * cells: an .xlsx's shared strings or a sheet (its inline strings), an
 * .ods's content.
 */
static int
is_sheet_part(const char *part)
{
	size_t n = strlen(part);

	return strcmp(part, "xl/sharedStrings.xml") == 0 ||
	    strcmp(part, "content.xml") == 0 ||
	    (strncmp(part, "xl/worksheets/", 14) == 0 &&
	    strchr(part + 14, '/') == NULL && n > 18 &&
	    strcmp(part + n - 4, ".xml") == 0);
}

/*
 * A file of an archive written back (-w; see zip_write_back), which it
 * takes: a file of text converted as a file of its own, its output, line
 * for line, what is written back in out; any other (a picture, an
 * OpenDocument's mimetype, which names its kind in a word) as it was.
 * The parts of a spreadsheet or a document are XML, read as web pages
 * are: only links are converted, a word alone on its line is a word; so
 * is a message of mail, read as lines so that it stays a message (the
 * parts in base64 that hold links, and a link cut by quoted-printable,
 * are reported, not converted).  The
 * files of an archive that is no document and are not text are counted
 * in arg (a struct copied), as convert_archive counts those it does not
 * read.
 */
static int
write_back_member(const char *name, char *bytes, size_t len,
    struct strbuf *out, void *arg)
{
	struct copied *c = arg;
	struct linereader member;
	const char *base = strrchr(name, ':');
	FILE *text, *saved = stdout;
	char *buf = NULL, *first = NULL;
	size_t size = 0, n, cut;
	uint64_t hidden;
	int status, unended, kind;

	if (!text_bytes(bytes, len) || strcmp(base + 1, "mimetype") == 0) {
		if (!c->document && strcmp(base + 1, "mimetype") != 0 &&
		    c->n++ == 0)
			sb_add(&c->first, name + c->prefix, strlen(name) -
			    c->prefix);
		out->s = bytes;
		out->len = out->cap = len;
		return GF_EXIT_OK;
	}
	/* An .xlsx's hyperlinks, as the sheet's text says of them. */
	if (strstr(name, ":xl/") != NULL && (n = strlen(name)) > 5 &&
	    strcmp(name + n - 5, ".rels") == 0 &&
	    (cut = rels_cut_links(bytes, len)) > 0) {
		run_warning();
		if (!quiet)
			warnx("%s: warning: a hyperlink's address is 255 "
			    "characters long, as LibreOffice cuts a longer one "
			    "in an .xlsx: its game may be cut short (%zu in the "
			    "part)", name, cut);
	}
	/* A last line without its end is written back without one. */
	unended = len > 0 && bytes[len - 1] != '\n' && bytes[len - 1] != '\r';
	if ((text = open_memstream(&buf, &size)) == NULL)
		err(GF_EXIT_ERROR, "open_memstream");
	stdout = text;
	lr_attach_text(&member, bytes, len, name);
	/*
	 * Mail stays mail: read as lines, not made text, and as a document,
	 * for its headers, boundaries and base64 are no payloads.  Links in
	 * base64 stay as they were, and are reported.
	 */
	kind = mail_kind(&member);
	links_only = kind != 0;
	attached = 1;
	if (c->sheets && is_sheet_part(name + c->prefix))
		cells = CELLS_ELEMENTS;
	status = convert_input(&member);
	attached = links_only = 0;
	cells = CELLS_FIELDS;
	if (kind != 0 && (hidden = mail_hidden_links(bytes, len, kind,
	    &first)) > 0) {
		warnx("%s: %" PRIu64 " part%s of the mail in base64 hold%s "
		    "links to the game, left as they were (%s): convert the "
		    "mail without -w", name, hidden, hidden > 1 ? "s" : "",
		    hidden > 1 ? "" : "s", first);
		if (status < GF_EXIT_BAD)
			status = GF_EXIT_BAD;
	}
	free(first);
	if (lr_close(&member) == -1)
		status = GF_EXIT_ERROR;
	stdout = saved;
	if (fclose(text) != 0)
		err(GF_EXIT_ERROR, "%s", name);
	if (unended && size > 0 && (buf[size - 1] == '\n' ||
	    buf[size - 1] == '\r'))
		size--;
	out->s = buf;
	out->len = out->cap = size;
	return status;
}

/*
 * A ZIP archive that is no spreadsheet, as chat exports come (WhatsApp
 * zips its _chat.txt with the photos, Slack its JSON a channel a day):
 * each file of text in it, in the archive's order, converted as a file
 * of its own named archive:file (see zr_each_file).  The files that are
 * not text (photos, sound) are counted in one warning, which names the
 * first, and so are the style sheets and scripts beside a chat exported
 * as web pages (Telegram's).
 */
static int
convert_archive(const char *archive, const char *data, size_t len)
{
	struct zr_walk walk = { encoding, ZR_OPTION_E, text_bytes,
	    "not text", convert_member, NULL, "of a web page's style or "
	    "scripts" };

	if (quiet)
		walk.flags |= ZR_QUIET;
	return zr_each_file(archive, data, len, &walk);
}

/*
 * The ZIP archive in data, named name, which it takes, written back as
 * one (-w): an Apple Numbers, Pages or Keynote file, whose text no link
 * can be seen in, is reported by name and not written, as it is not
 * read without -w; in an archive that is no document (a chat export,
 * not an Office file, an OpenDocument or an e-book, whose pictures are
 * no text), the files copied as they were for they are not text are
 * counted in one warning that names the first, as without -w.
 */
static int
write_back_book(const char *name, char *data, size_t len)
{
	struct copied c = { 0, 0, 0, 0, { NULL, 0, 0 } };
	char why[256];
	int kind, status;

	if (fflush(stdout) != 0)
		check_stdout();
	kind = book_kind(data, len, why, sizeof(why));
	if (kind == BOOK_UNREAD) {
		free(data);
		warnx("%s: %s", name, why);
		return GF_EXIT_BAD;
	}
	c.document = kind == BOOK_DOCUMENT || kind == BOOK_SHEETS;
	c.sheets = kind == BOOK_SHEETS;
	c.prefix = strlen(name) + 1;
	if (c.document) {
		book_at.name = name;
		book_at.data = data;
		book_at.len = len;
	}
	status = zip_write_back(name, data, len, write_back_member, &c,
	    stdout);
	if (book_at.found != NULL)
		places_free(book_at.found);
	memset(&book_at, 0, sizeof(book_at));
	free(data);
	if (status != GF_EXIT_ERROR) {
		if (fflush(stdout) != 0)
			check_stdout();
		zr_files_warning(name, c.n, "not text", c.first.s, c.n > 1 ?
		    "copied as they were" : "copied as it was",
		    quiet ? ZR_QUIET : 0);
	}
	sb_free(&c.first);
	return status;
}

/*
 * The input of lr, opened: a spreadsheet or archive, UTF-16 or UTF-32,
 * text in the encoding -E names, or lines.  Returns the worst status of
 * its records, or 2 if it could not be read.  A signal stops the run
 * between two records.
 */
static int
convert_input(struct linereader *lr)
{
	const char *unmarked;
	int kind;

	if (run_stopped())
		return GF_EXIT_OK;
	if (!attached && (kind = mail_kind(lr)) != 0)
		return convert_mail(lr, kind);
	if (!lr_next(lr))
		return GF_EXIT_OK;
	/* A byte order mark says more than -E. */
	if (lr->len >= 4 && memcmp(lr->line, "PK\x03\x04", 4) == 0)
		return convert_book(lr);
	if (has_utf16_bom(lr->line, lr->len))
		return convert_whole(lr, "UTF-16",
		    lr->line[0] == '\xfe' ? "UTF-16BE" : "UTF-16LE", 1);
	if (encoding == NULL &&
	    (unmarked = wide_unmarked(lr->line, lr->len)) != NULL)
		return convert_whole(lr, unmarked, unmarked, 0);
	if (encoding == NULL || (lr->len >= 3 &&
	    memcmp(lr->line, "\xef\xbb\xbf", 3) == 0))
		return convert_lines(lr, 1);
	if (encoding_is_wide(encoding))
		return convert_whole(lr, encoding, encoding, 0);
	return convert_encoded(lr);
}

/*
 * Returns the worst status of the file's records, or 2 if it could not
 * be opened or read to its end.
 */
static int
convert_file(const char *path)
{
	struct linereader lr;
	int status;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	status = convert_input(&lr);
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "check",	no_argument,		NULL,	'c' },
		{ "encoding",	required_argument,	NULL,	'E' },
		{ "format",	required_argument,	NULL,	'f' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "input",	required_argument,	NULL,	'i' },
		{ "join",	no_argument,		&join_cut, 1 },
		{ "quiet",	no_argument,		NULL,	'q' },
		{ "repair",	no_argument,		NULL,	'r' },
		{ "strict",	no_argument,		NULL,	's' },
		{ "summary",	no_argument,		&summary, 1 },
		{ "version",	no_argument,		NULL,	'V' },
		{ "write-back",	no_argument,		NULL,	'w' },
		{ NULL,		0,			NULL,	0 }
	};
	const char *fname = NULL;
	int ch, status = GF_EXIT_OK, s;

	/* getopt names the tool by argv[0], as every other message does. */
	argv[0] = (char *)(uintptr_t)getprogname();
	while ((ch = getopt_long(argc, argv, "cE:f:hi:qrsVw", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c':
		case 'r':
			if (mode != 0 && mode != ch)
				errx(GF_EXIT_ERROR, "-c and -r exclude each "
				    "other");
			mode = ch;
			break;
		case 'E':
			if (strcasecmp(optarg, "auto") == 0)
				encoding = NULL;
			else if (!encoding_known(optarg))
				errx(GF_EXIT_ERROR, "unknown encoding: %s "
				    "(auto, or one iconv knows)", optarg);
			else
				encoding = optarg;
			break;
		case 'f':
			output_format = format_option(optarg, "output", 0);
			fname = optarg;
			break;
		case 'h':
			print_help(synopsis, options_help);
		case 'i':
			input_format = format_option(optarg, "input", 1);
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			strict = 1;
			break;
		case 'V':
			print_version();
			finish_stdout();
			exit(GF_EXIT_OK);
		case 'w':
			write_back = 1;
			break;
		case 0:
			break;
		default:
			print_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	/* -c writes nothing, so a format to write in contradicts it. */
	if (mode == 'c' && fname != NULL)
		errx(GF_EXIT_ERROR, "-c and -f %s exclude each other", fname);
	/* -w writes the file it reads: one, and not as JSON lines. */
	if (write_back && mode == 'c')
		errx(GF_EXIT_ERROR, "-c and -w exclude each other");
	if (write_back && output_format == FORMAT_JSON)
		errx(GF_EXIT_ERROR, "-f json and -w exclude each other");
	if (write_back && argc > 1)
		errx(GF_EXIT_ERROR, "-w writes one file back: name one file, "
		    "not %d", argc);

	game_init(&game);
	run_start(summary);
	if (argc == 0)
		status = convert_file("-");
	for (; argc > 0; argc--, argv++)
		if ((s = convert_file(*argv)) > status)
			status = s;
	game_free(&game);
	record_free(&rec);
	free(kills);
	return run_finish(status);
}
