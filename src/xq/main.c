/*
 * xq-bitpack: Xiangqi game records to and from short URL-safe strings.
 *
 * Each input line is a move list (ICCS, UCCI, WXF, Chinese or JSON), a
 * packed game, a FEN or a packed position; each gives one output line.
 * A game file (PGN, DhtmlXQ, XQF) is read whole instead, and each game
 * in it gives one output line, or one a line of its tree with --lines;
 * a ZIP archive gives the files in it, each read as a file of its own.
 * This file does the options and the I/O; the work is in board.c and
 * movegen.c (the rules), notation.c (the move notations) and pack.c and
 * board64.c (the packed forms of xq-pack(5)).
 */

#include "config.h"

#include <sys/types.h>

#include <err.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "gf.h"
#include "notation.h"
#include "pack.h"
#include "gamefile.h"

enum output {
	OUT_DEFAULT,	/* packed for text input, ICCS or FEN for packed */
	OUT_PACKED,
	OUT_MOVES,	/* in the notation of out_notation */
	OUT_FEN,
	OUT_BOARD,
	OUT_SVG,	/* the position at the end, drawn */
	OUT_PGN,	/* a game file of the whole tree */
	OUT_DHTMLXQ,
	OUT_XQF		/* binary: one game only */
};

enum input {
	IN_AUTO,
	IN_MOVES,	/* in the notation of in_notation */
	IN_PACKED,
	IN_FEN,
	IN_BOARD,
	IN_FILE		/* a game file, of the format of file_format */
};

struct options {
	enum output	 output;
	enum notation	 out_notation;
	enum input	 input;
	enum notation	 in_notation;
	enum scheme	 scheme;
	int		 version;	/* of the packed games written */
	enum file_format file_format;
	const char	*encoding;	/* of the input; NULL: told by content */
	int		 lines;		/* every line of a game's tree */
	enum notation	 movetext;	/* of PGN written */
	int		 simplified;	/* Chinese written in simplified
					   characters */
};

/* What the games of one game file are written with. */
struct file_run {
	const struct options *o;
	int		 status;
};

/* Games written as XQF in the whole run: its output holds one. */
static size_t xqf_written;

#define OUT_NAMES "packed, fen, board, svg, iccs, ucci, wxf, chinese, json, " \
    "pgn, dhtmlxq, xqf"
#define IN_NAMES "auto, packed, fen, board, iccs, ucci, wxf, chinese, json, " \
    "pgn, dhtmlxq, xqf, cbf, cbr"

static void	 parse_format(const char *, struct options *);
static void	 parse_input(const char *, struct options *);
static int	 filter(const char *, const struct options *);
static int	 filter_stream(struct linereader *, const struct options *);
static int	 filter_wide(struct linereader *, const struct options *,
		    const char *);
static int	 filter_archive(struct linereader *, const struct options *);
static int	 filter_member(const char *, char *, size_t, void *);
static int	 has_high_byte(const char *, size_t);
static char	*line_to_utf8(const struct linereader *, const struct options *,
		    size_t *);
static int	 do_line(const struct linereader *, const struct options *);
static enum input detect_input(const char *, size_t);
static int	 read_game(const struct linereader *, const struct options *,
		    struct movelist *, enum input *);
static int	 write_game(const struct linereader *, const struct options *,
		    const struct movelist *, enum input);
static int	 packing(const struct options *);
static int	 read_checked(const struct linereader *,
		    const struct options *, struct movelist *);
static int	 looks_like_file(const struct linereader *);
static const char *game_file_output(const struct options *);
static int	 writes_chinese(const struct options *);
static int	 filter_file(struct linereader *, const struct options *);
static void	 write_file_game(struct gamerec *, void *);
static int	 write_record(const struct gamerec *, const struct movelist *,
		    const char *, const struct options *);
static char	*game_json(const struct gamerec *, const struct movelist *,
		    const char *);
static void	 report(const struct linereader *, size_t, const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));
static int	 json_lines(const struct options *);
static void	 write_line(const struct linereader *, const struct options *,
		    const char *);
static void	 write_blank(const struct linereader *, const struct options *,
		    FILE *);

/* What was wrong with the line reported last. */
static char	 why_line[512];

enum {
	OPT_PACK_VERSION = 256,
	OPT_SCHEME,
	OPT_SIMPLIFIED,
	OPT_SUMMARY
};

static const struct option longopts[] = {
	{ "encoding",	required_argument,	NULL,	'E' },
	{ "format",	required_argument,	NULL,	'f' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "input",	required_argument,	NULL,	'i' },
	{ "lines",	no_argument,		NULL,	'L' },
	{ "movetext",	required_argument,	NULL,	'M' },
	{ "pack-version", required_argument,	NULL,	OPT_PACK_VERSION },
	{ "scheme",	required_argument,	NULL,	OPT_SCHEME },
	{ "simplified",	no_argument,		NULL,	OPT_SIMPLIFIED },
	{ "summary",	no_argument,		NULL,	OPT_SUMMARY },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static const char synopsis[] =
    "usage: xq-bitpack [-hLV] [-E encoding] [-f format] [-i format] "
    "[-M notation]\n"
    "                  [--pack-version=N] [--scheme=scheme] [--simplified] "
    "[--summary]\n"
    "                  [file ...]\n";

static const struct help_option options_help[] = {
	{ 'E', "encoding", "=ENCODING", "text encoding of game files, auto by "
	    "default (ENCODING: auto, or any iconv knows)" },
	{ 'f', "format", "=FORMAT", "write FORMAT; by default packs, and "
	    "unpacks what is packed (FORMAT: " OUT_NAMES ")" },
	{ 'h', "help", "", "print this help and exit" },
	{ 'i', "input", "=FORMAT", "read the input as FORMAT, auto by default "
	    "(FORMAT: " IN_NAMES ")" },
	{ 'L', "lines", "", "every line of a game file's trees as a record" },
	{ 'M', "movetext", "=NOTATION", "moves of PGN written (NOTATION: "
	    "chinese, iccs, wxf)" },
	{ 0, "pack-version", "=N", "version of the packed games written (N: 1, "
	    "2; see xq-pack(5))" },
	{ 0, "scheme", "=SCHEME", "how packed games code the moves (SCHEME: "
	    "geometric, index, ranked)" },
	{ 0, "simplified", "", "write Chinese in simplified characters (马 车 "
	    "帅 将 进 后), with -f chinese, svg, or pgn and -M chinese" },
	{ 0, "summary", "", SUMMARY_HELP },
	{ 'V', "version", "", "print the version and exit" },
	{ 0, NULL, NULL, NULL }
};

static void
parse_format(const char *arg, struct options *o)
{
	if (strcmp(arg, "packed") == 0)
		o->output = OUT_PACKED;
	else if (strcmp(arg, "fen") == 0)
		o->output = OUT_FEN;
	else if (strcmp(arg, "board") == 0)
		o->output = OUT_BOARD;
	else if (strcmp(arg, "svg") == 0)
		o->output = OUT_SVG;
	else if (strcmp(arg, "pgn") == 0)
		o->output = OUT_PGN;
	else if (strcmp(arg, "dhtmlxq") == 0)
		o->output = OUT_DHTMLXQ;
	else if (strcmp(arg, "xqf") == 0)
		o->output = OUT_XQF;
	else if (notation_from_name(arg, &o->out_notation) == 0 &&
	    o->out_notation != NOTATION_AUTO)
		o->output = OUT_MOVES;
	else
		errx(GF_EXIT_ERROR, "unknown output format: %s (one of: "
		    OUT_NAMES ")", arg);
}

static void
parse_input(const char *arg, struct options *o)
{
	static const struct {
		const char	*name;
		enum file_format format;
	} files[] = {
		{ "pgn", FILE_PGN }, { "dhtmlxq", FILE_DHTMLXQ },
		{ "xqf", FILE_XQF }, { "cbf", FILE_CBF }, { "cbr", FILE_CBR }
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (strcmp(arg, files[i].name) == 0) {
			o->input = IN_FILE;
			o->file_format = files[i].format;
			return;
		}
	if (strcmp(arg, "packed") == 0)
		o->input = IN_PACKED;
	else if (strcmp(arg, "fen") == 0)
		o->input = IN_FEN;
	else if (strcmp(arg, "board") == 0)
		o->input = IN_BOARD;
	else if (notation_from_name(arg, &o->in_notation) == 0)
		o->input = o->in_notation == NOTATION_AUTO ? IN_AUTO :
		    IN_MOVES;
	else
		errx(GF_EXIT_ERROR, "unknown input format: %s (one of: "
		    IN_NAMES ")", arg);
}

/*
 * What the line holds, when not forced: a packed game or position is one
 * word of the base64url alphabet with its leading mark; a FEN's first
 * word is its ranks, separated by slashes (a move list may end in the
 * result 1/2-1/2).
 */
static enum input
detect_input(const char *s, size_t len)
{
	size_t i, word;

	if (is_packed_game(s, len))
		return IN_PACKED;
	if (is_packed_board(s, len))
		return IN_BOARD;
	for (i = 0; i < len && (s[i] == ' ' || s[i] == '\t'); i++)
		continue;
	for (word = i; i < len && s[i] != ' ' && s[i] != '\t'; i++)
		continue;
	if (s[word] != '{' && memchr(s + word, '/', i - word) != NULL)
		return IN_FEN;
	return IN_MOVES;
}

/* Read the line as a game; *in tells what the line held. */
static int
read_game(const struct linereader *lr, const struct options *o,
    struct movelist *ml, enum input *in)
{
	struct notation_error e;
	struct game g;
	const char *why, *end;
	size_t i;

	*in = o->input;
	if (*in == IN_AUTO)
		*in = detect_input(lr->line, lr->len);
	ml->n = 0;
	switch (*in) {
	case IN_PACKED:
		if (unpack_game(lr->line, lr->len, &g, &why) == -1) {
			report(lr, 0, "%s (%s)", why,
			    excerpt(lr->line, lr->len));
			game_free(&g);
			return -1;
		}
		ml->start = g.start;
		ml->result = g.result;
		for (i = 0; i < g.n; i++)
			movelist_push(ml, g.move[i]);
		game_free(&g);
		return 0;
	case IN_BOARD:
		if (unpack_board(lr->line, lr->len, &ml->start, &why) == -1) {
			report(lr, 0, "%s (%s)", why,
			    excerpt(lr->line, lr->len));
			return -1;
		}
		return 0;
	case IN_FEN:
		if (fen_parse(&ml->start, lr->line, &end) == 0 &&
		    end == lr->line + lr->len)
			return 0;
		if (end == lr->line)
			report(lr, 0, "no game can reach this position (%s)",
			    excerpt(lr->line, lr->len));
		else
			report(lr, (size_t)(end - lr->line) + 1,
			    "bad FEN (%s)", excerpt(end,
			    (size_t)(lr->line + lr->len - end)));
		return -1;
	default:
		/* A list to pack is checked against the rules as it packs. */
		if (read_movelist(lr->line, lr->len, o->in_notation,
		    !packing(o), ml, &e) == 0)
			return 0;
		return read_checked(lr, o, ml);
	}
}

/* Is a move list read to be packed? */
static int
packing(const struct options *o)
{
	return o->output == OUT_PACKED || o->output == OUT_DEFAULT;
}

/*
 * Read the move list on the line with every move checked against the
 * rules, and say what is wrong with it if anything is.
 */
static int
read_checked(const struct linereader *lr, const struct options *o,
    struct movelist *ml)
{
	struct notation_error e;

	if (read_movelist(lr->line, lr->len, o->in_notation, 1, ml,
	    &e) == 0)
		return 0;
	if (e.ply == 0)
		report(lr, 0, "%s (%s)", e.why, excerpt(e.token, e.toklen));
	else
		report(lr, 0, "ply %zu: %s: %s", e.ply,
		    excerpt(e.token, e.toklen), e.why);
	return -1;
}

/*
 * Write the game in the chosen form; by default a move list or a FEN is
 * packed and a packed game or position is unpacked.
 */
static int
write_game(const struct linereader *lr, const struct options *o,
    const struct movelist *ml, enum input in)
{
	static const enum output by_input[] = { OUT_PACKED, OUT_PACKED,
	    OUT_MOVES, OUT_BOARD, OUT_FEN };
	struct xqpos pos;
	struct movelist checked;
	struct game g;
	enum output out = o->output;
	const char *why = NULL;
	char fen[XQ_FENMAX], *s;
	int rc;

	if (out == OUT_DEFAULT)
		out = by_input[in];
	if (out == OUT_FEN || out == OUT_BOARD)
		movelist_end(ml, &pos);
	switch (out) {
	case OUT_FEN:
		fen_format(&pos, fen, sizeof(fen));
		write_line(lr, o, fen);
		return 0;
	case OUT_SVG:
		s = svg_diagram(ml);
		break;
	case OUT_BOARD:
		s = pack_board(&pos, o->version >= 2 ? BOARD_VERSION : 0);
		break;
	case OUT_PACKED:
		g.start = ml->start;
		g.move = ml->move;
		g.n = ml->n;
		g.result = ml->result;
		s = pack_game(&g, o->scheme, o->version, &why);
		break;
	default:
		s = write_movelist(ml, o->output == OUT_MOVES ?
		    o->out_notation : NOTATION_ICCS);
		break;
	}
	if (s == NULL && in == IN_MOVES && packing(o)) {
		/* Read without the rules: an illegal move, or too long? */
		movelist_init(&checked);
		rc = read_checked(lr, o, &checked);
		movelist_free(&checked);
		if (rc == -1)
			return -1;
	}
	if (s == NULL) {
		report(lr, 0, "cannot pack this game: %s "
		    "(%zu plies)", why, ml->n);
		return -1;
	}
	write_line(lr, o, s);
	free(s);
	return 0;
}

/*
 * Say what is wrong with the line on standard error, and keep it for the
 * JSON error line that stands in for the record under -f json.
 */
static void
report(const struct linereader *lr, size_t column, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why_line, sizeof(why_line), fmt, ap);
	va_end(ap);
	if (column > 0)
		warn_at_column(lr->name, lr->lineno, column, "%s", why_line);
	else
		warn_at(lr->name, lr->lineno, "%s", why_line);
}

/* Does the output of a file of lines hold one JSON object a line? */
static int
json_lines(const struct options *o)
{
	return o->output == OUT_MOVES && o->out_notation == NOTATION_JSON;
}

/*
 * A record written, ended as its input line was (CR LF, LF, or a CR in
 * text whose lines end so; JSON by a newline).
 */
static void
write_line(const struct linereader *lr, const struct options *o,
    const char *s)
{
	fputs(s, stdout);
	lr_end(lr, stdout, json_lines(o));
}

/*
 * A blank line copied, ended as it was, or under -f json a JSON object
 * that holds it, so that every line of JSON Lines is JSON.
 */
static void
write_blank(const struct linereader *lr, const struct options *o, FILE *fp)
{
	if (json_lines(o)) {
		json_text_line(fp, lr);
		return;
	}
	fwrite(lr->line, 1, lr->len, fp);
	if (lr->newline)
		lr_end(lr, fp, 0);
}

/*
 * Does the line hold a byte outside ASCII?  Only such a line can be in
 * an encoding other than UTF-8 or need checking for it.
 */
static int
has_high_byte(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 1;
	return 0;
}

/*
 * The line as UTF-8 text, NUL-terminated: converted from the encoding
 * -E gives, or checked to be UTF-8 already.  NULL, reported, when it is
 * not text in that encoding: a line in GBK or Big5 is not guessed at.
 */
static char *
line_to_utf8(const struct linereader *lr, const struct options *o,
    size_t *outlen)
{
	const char *enc = o->encoding != NULL ? o->encoding : "UTF-8";
	const char *why;
	char *s;

	if ((s = text_to_utf8(lr->line, lr->len, enc, outlen, &why)) != NULL)
		return s;
	if (memchr(lr->line, '\0', lr->len) != NULL)
		report(lr, 0, "not text: a NUL byte; for UTF-16 or UTF-32, "
		    "say the encoding with -E (%s)",
		    excerpt(lr->line, lr->len));
	else if (o->encoding == NULL)
		report(lr, 0, "not UTF-8 text: say its encoding with -E (%s)",
		    excerpt(lr->line, lr->len));
	else
		report(lr, 0, "%s: %s (%s)", o->encoding, why,
		    excerpt(lr->line, lr->len));
	return NULL;
}

/*
 * One line in, one line out: the game, or for a bad line the line itself
 * byte for byte (under -f json an error object instead, so that the
 * output stays JSON).  A line with bytes outside ASCII is read as UTF-8
 * text, converted first from the encoding -E gives.
 */
static int
do_line(const struct linereader *lr, const struct options *o)
{
	struct linereader text = *lr;
	struct movelist ml;
	enum input in;
	char *s = NULL;
	int rc = -1, high;

	movelist_init(&ml);
	/*
	 * Text with NULs beside every letter is UTF-16 or UTF-32 without a
	 * mark: read whole when the input opens with it (filter_stream),
	 * but not a line of it after lines of other text.
	 */
	if (o->encoding == NULL && wide_unmarked(lr->line, lr->len) != NULL)
		report(lr, 0, "UTF-16 or UTF-32 text after lines of other "
		    "text: give it a file of its own (%s)",
		    excerpt(lr->line, lr->len));
	else {
		if ((high = has_high_byte(lr->line, lr->len)) &&
		    (s = line_to_utf8(lr, o, &text.len)) != NULL)
			text.line = s;
		if ((!high || s != NULL) && read_game(&text, o, &ml, &in) == 0)
			rc = write_game(&text, o, &ml, in);
	}
	movelist_free(&ml);
	if (rc == -1) {
		if (json_lines(o))
			json_error_line(stdout, lr, why_line,
			    text.line, text.len);
		else
			lr_write(lr, stdout);
	}
	free(s);
	return rc;
}

/* Does the first line begin a game file (see starts_game_file)? */
static int
looks_like_file(const struct linereader *lr)
{
	return starts_game_file(lr->line, lr->len);
}

/* A game file: every game in it, one record each (or each line). */
static int
filter_file(struct linereader *lr, const struct options *o)
{
	struct file_run run;
	char *buf;
	size_t len;

	if ((buf = lr_slurp(lr, &len)) == NULL)
		return GF_EXIT_ERROR;
	run.o = o;
	run.status = GF_EXIT_OK;
	if (read_game_file(buf, len, lr->name, o->input == IN_FILE ?
	    o->file_format : FILE_NONE, o->encoding, write_file_game,
	    &run) == -1)
		run.status = GF_EXIT_ERROR;
	free(buf);
	return run.status;
}

/* A game read from a file, written as one record, or one a line. */
static void
write_file_game(struct gamerec *g, void *arg)
{
	struct file_run *run = arg;
	const struct options *o = run->o;
	struct movelist ml;
	enum game_result result;
	uint32_t *leaf;
	const char *why;
	size_t i, n, cut;

	if (g->faults > 0)
		run->status = GF_EXIT_BAD;
	if (o->output == OUT_PGN) {
		pgn_write(stdout, g, o->movetext);
		run_record(g->faults > 0);
		return;
	}
	if (o->output == OUT_DHTMLXQ) {
		dhtmlxq_write(stdout, g);
		run_record(g->faults > 0);
		return;
	}
	if (o->output == OUT_XQF) {
		/* An XQF file holds one game. */
		if (xqf_written++ > 0) {
			fflush(stdout);
			warnx("%s: game %zu: an XQF file holds one game: left "
			    "out", g->file, g->number);
			run->status = GF_EXIT_BAD;
			return;
		}
		xqf_write(stdout, g);
		run_record(g->faults > 0);
		return;
	}
	movelist_init(&ml);
	if (result_from_name(g->result, strlen(g->result), &result) == -1)
		result = RESULT_UNKNOWN;
	if (!o->lines) {
		gamerec_main_line(g, &ml);
		ml.result = result;
		if (write_record(g, &ml, g->first_fault, o) == -1)
			run->status = GF_EXIT_BAD;
	} else {
		/*
		 * A line is bad if the file's line went on past its end with
		 * a move refused; a fault no line ends at (a bad tag, a cut
		 * that other moves go on from) is the first line's.
		 */
		n = gamerec_leaves(g, &leaf);
		for (i = 0, cut = 0; i < n; i++)
			cut += g->node[leaf[i]].cut != 0;
		for (i = 0; i < n; i++) {
			gamerec_line(g, leaf[i], &ml);
			ml.result = result;
			why = g->node[leaf[i]].cut != 0 ?
			    g->cut_why[g->node[leaf[i]].cut - 1] :
			    i == 0 && g->faults > cut ? g->first_fault : NULL;
			if (write_record(g, &ml, why, o) == -1)
				run->status = GF_EXIT_BAD;
		}
		free(leaf);
	}
	movelist_free(&ml);
}

/*
 * One line of a game from a file, in the form chosen (packed by default);
 * fault, if not NULL, is what was reported of it, which JSON carries.
 */
static int
write_record(const struct gamerec *g, const struct movelist *ml,
    const char *fault, const struct options *o)
{
	struct xqpos pos;
	struct game pg;
	const char *why = "";
	char fen[XQ_FENMAX], *s;

	switch (o->output) {
	case OUT_SVG:
		s = svg_diagram(ml);
		break;
	case OUT_FEN:
	case OUT_BOARD:
		movelist_end(ml, &pos);
		if (o->output == OUT_BOARD)
			s = pack_board(&pos, o->version >= 2 ?
			    BOARD_VERSION : 0);
		else {
			fen_format(&pos, fen, sizeof(fen));
			s = xmalloc(strlen(fen) + 1);
			strlcpy(s, fen, strlen(fen) + 1);
		}
		break;
	case OUT_MOVES:
		if (o->out_notation == NOTATION_JSON)
			s = game_json(g, ml, fault);
		else
			s = write_movelist(ml, o->out_notation);
		break;
	default:
		pg.start = ml->start;
		pg.move = ml->move;
		pg.n = ml->n;
		pg.result = ml->result;
		s = pack_game(&pg, o->scheme, o->version, &why);
		break;
	}
	if (s == NULL) {
		fflush(stdout);
		warnx("%s: game %zu: cannot pack this game: %s (%zu plies)",
		    g->file, g->number, why, ml->n);
		puts("#");
		run_record(1);
		return -1;
	}
	puts(s);
	free(s);
	run_record(fault != NULL);
	return 0;
}

/*
 * The JSON of a game: its tags, then what -f json has of a move list,
 * and "error", what was reported of it, if anything.
 */
static char *
game_json(const struct gamerec *g, const struct movelist *ml,
    const char *fault)
{
	json_t *obj, *tags, *moves;
	char *s;
	size_t i;

	s = write_movelist(ml, NOTATION_JSON);
	moves = json_loads(s, 0, NULL);
	free(s);
	if (moves == NULL)
		errx(GF_EXIT_ERROR, "JSON of a game not made");
	obj = json_object();
	tags = json_object();
	for (i = 0; i < g->ntags; i++)
		json_object_set_new(tags, g->tag[i].name,
		    json_string(g->tag[i].value));
	json_object_set_new(obj, "tags", tags);
	json_object_update(obj, moves);
	json_decref(moves);
	if (fault != NULL)
		json_object_set_new(obj, "error", json_string(fault));
	s = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(obj);
	if (s == NULL)
		errx(GF_EXIT_ERROR, "JSON of a game not made");
	return s;
}

/* Whether the output holds Chinese: moves, a PGN's, a diagram's pieces. */
static int
writes_chinese(const struct options *o)
{
	return (o->output == OUT_MOVES && o->out_notation ==
	    NOTATION_CHINESE) || o->output == OUT_SVG ||
	    (o->output == OUT_PGN && o->movetext == NOTATION_CHINESE);
}

/* The name of the game file format written, NULL for one of lines. */
static const char *
game_file_output(const struct options *o)
{
	switch (o->output) {
	case OUT_PGN:
		return "pgn";
	case OUT_DHTMLXQ:
		return "dhtmlxq";
	case OUT_XQF:
		return "xqf";
	default:
		return NULL;
	}
}

static int
filter(const char *path, const struct options *o)
{
	struct linereader lr;
	int status;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	status = filter_stream(&lr, o);
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * Input in a wide encoding, its first line already read: the whole of
 * it converted to UTF-8, then read as any other input.
 */
static int
filter_wide(struct linereader *lr, const struct options *o, const char *enc)
{
	struct options utf8 = *o;
	const char *why;

	if (lr_reread_utf8(lr, enc, &why) == -1) {
		if (why != NULL) {
			fflush(stdout);
			warnx("%s: %s: %s", lr->name, enc, why);
		}
		return GF_EXIT_ERROR;
	}
	utf8.encoding = "UTF-8";
	return filter_stream(lr, &utf8);
}

/* A file of an archive (see filter_archive), which reader takes. */
static int
filter_member(const char *name, char *bytes, size_t len, void *arg)
{
	struct linereader member;
	int status;

	lr_attach_text(&member, bytes, len, name);
	status = filter_stream(&member, arg);
	if (lr_close(&member) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * A ZIP archive, as collections of game files are handed round: each
 * file in it, in the archive's order, read as an input of its own named
 * archive:file (see zr_each_file).
 */
static int
filter_archive(struct linereader *lr, const struct options *o)
{
	struct zr_walk walk = { NULL, ZR_OPTION_E, NULL, NULL, filter_member,
	    NULL, NULL };
	char *buf;
	size_t len;
	int status;

	if ((buf = lr_slurp(lr, &len)) == NULL)
		return GF_EXIT_ERROR;
	walk.encoding = o->encoding;
	walk.arg = (void *)(uintptr_t)o;
	status = zr_each_file(lr->name, buf, len, &walk);
	free(buf);
	return status;
}

/* The input of one reader, a game file or a file of lines. */
static int
filter_stream(struct linereader *lr, const struct options *o)
{
	FILE *blanks;
	char *kept = NULL;
	const char *wide = NULL;	/* the encoding of a wide input */
	size_t nkept = 0;
	int status = GF_EXIT_OK, rc, first;

	/*
	 * Blank lines before the first that says what the file is are kept
	 * aside: written if it is a file of lines, dropped from a game file.
	 */
	if ((blanks = open_memstream(&kept, &nkept)) == NULL)
		err(GF_EXIT_ERROR, "open_memstream");
	while ((first = !run_stopped() && lr_next(lr) == 1) && lr_blank(lr))
		write_blank(lr, o, blanks);
	if (fclose(blanks) != 0)
		err(GF_EXIT_ERROR, "open_memstream");
	/* A ZIP archive of game files (never one inside one: see there). */
	if (first && lr->lineno == 1 && lr->len >= 4 &&
	    memcmp(lr->line, "PK\x03\x04", 4) == 0 &&
	    (o->input == IN_AUTO || o->input == IN_FILE)) {
		free(kept);
		return filter_archive(lr, o);
	}
	/*
	 * UTF-16 by its mark; UTF-16 or UTF-32 by the NULs beside the
	 * letters of the input's first line (after a blank line, a NUL
	 * would begin the line of UTF-16LE, and look like UTF-16BE).
	 */
	if (first && o->encoding == NULL)
		wide = has_utf16_bom(lr->line, lr->len) ? "UTF-16" :
		    lr->lineno == 1 ? wide_unmarked(lr->line, lr->len) : NULL;
	else if (first && encoding_is_wide(o->encoding))
		wide = o->encoding;
	if (wide != NULL) {
		free(kept);
		return filter_wide(lr, o, wide);
	}
	if (first && (o->input == IN_FILE || (o->input == IN_AUTO &&
	    looks_like_file(lr)))) {
		free(kept);
		return filter_file(lr, o);
	}
	fwrite(kept, 1, nkept, stdout);
	free(kept);
	check_stdout();
	if (first && game_file_output(o) != NULL) {
		fflush(stdout);
		warnx("%s: not a game file: -f %s writes the games of PGN, "
		    "DhtmlXQ, XQF, CBF and CBR files", lr->name,
		    game_file_output(o));
		return GF_EXIT_ERROR;
	}
	for (; first || (!run_stopped() && lr_next(lr) == 1); first = 0) {
		/* A blank line, spaces and tabs only, stays as it is. */
		if (lr_blank(lr)) {
			write_blank(lr, o, stdout);
			check_stdout();
			continue;
		}
		if ((rc = do_line(lr, o)) == -1)
			status = GF_EXIT_BAD;
		run_record(rc == -1);
	}
	return status;
}

int
main(int argc, char *argv[])
{
	struct options o = { OUT_DEFAULT, NOTATION_ICCS, IN_AUTO,
	    NOTATION_AUTO, SCHEME_RANKED, PACK_VERSION, FILE_NONE, NULL, 0,
	    NOTATION_CHINESE, 0 };
	const char *errstr;
	int ch, status = GF_EXIT_OK, s, summary = 0;

	/* getopt names the tool by argv[0], as every other message does. */
	argv[0] = (char *)(uintptr_t)getprogname();
	while ((ch = getopt_long(argc, argv, "E:f:hi:LM:S:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'E':
			if (strcasecmp(optarg, "auto") == 0)
				o.encoding = NULL;
			else if (!encoding_known(optarg))
				errx(GF_EXIT_ERROR, "unknown encoding: %s "
				    "(auto, or one iconv knows)", optarg);
			else
				o.encoding = optarg;
			break;
		case 'f':
			parse_format(optarg, &o);
			break;
		case 'h':
			print_help(synopsis, options_help);
		case 'i':
			parse_input(optarg, &o);
			break;
		case 'L':
			o.lines = 1;
			break;
		case 'M':
			if (notation_from_name(optarg, &o.movetext) == -1 ||
			    (o.movetext != NOTATION_CHINESE &&
			    o.movetext != NOTATION_WXF &&
			    o.movetext != NOTATION_ICCS))
				errx(GF_EXIT_ERROR, "unknown movetext notation: "
				    "%s (one of: chinese, iccs, wxf)", optarg);
			break;
		case 'S':	/* the old spelling of --scheme */
		case OPT_SCHEME:
			if (scheme_from_name(optarg, &o.scheme) == -1)
				errx(GF_EXIT_ERROR, "unknown scheme: %s (one "
				    "of: geometric, index, ranked)", optarg);
			break;
		case OPT_PACK_VERSION:
			o.version = (int)strtonum(optarg, 1, PACK_VERSION,
			    &errstr);
			if (errstr != NULL)
				errx(GF_EXIT_ERROR, "unknown packed version: "
				    "%s (one of: 1, 2)", optarg);
			break;
		case OPT_SIMPLIFIED:
			o.simplified = 1;
			break;
		case OPT_SUMMARY:
			summary = 1;
			break;
		case 'V':
			print_version();
			finish_stdout();
			return GF_EXIT_OK;
		default:
			print_usage(synopsis);
		}
	}
	argc -= optind;
	argv += optind;
	if (game_file_output(&o) != NULL && o.input != IN_FILE &&
	    o.input != IN_AUTO)
		errx(GF_EXIT_ERROR, "-f %s reads game files: -i pgn, "
		    "dhtmlxq, xqf or auto", game_file_output(&o));
	if (o.simplified && !writes_chinese(&o))
		errx(GF_EXIT_ERROR, "--simplified applies to -f chinese, svg, "
		    "or pgn with -M chinese only");
	notation_simplified(o.simplified);
	run_start(summary);
	if (argc == 0)
		status = filter("-", &o);
	for (; argc > 0 && !run_stopped(); argc--, argv++)
		if ((s = filter(*argv, &o)) > status)
			status = s;
	return run_finish(status);
}
