/*
 * xq-bitpack: Xiangqi game records to and from short URL-safe strings.
 *
 * Each input line is a move list (ICCS, UCCI, WXF, Chinese or JSON), a
 * packed game, a FEN or a packed position; each gives one output line.
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

#include "gf.h"
#include "notation.h"
#include "pack.h"

enum output {
	OUT_DEFAULT,	/* packed for text input, ICCS or FEN for packed */
	OUT_PACKED,
	OUT_MOVES,	/* in the notation of out_notation */
	OUT_FEN,
	OUT_BOARD
};

enum input {
	IN_AUTO,
	IN_MOVES,	/* in the notation of in_notation */
	IN_PACKED,
	IN_FEN,
	IN_BOARD
};

struct options {
	enum output	 output;
	enum notation	 out_notation;
	enum input	 input;
	enum notation	 in_notation;
	enum scheme	 scheme;
	int		 version;	/* of the packed games written */
};

#define OUT_NAMES "packed, fen, board, iccs, ucci, wxf, chinese, json"
#define IN_NAMES "auto, packed, fen, board, iccs, ucci, wxf, chinese, json"

static __dead void usage(int);
static void	 parse_format(const char *, struct options *);
static void	 parse_input(const char *, struct options *);
static int	 filter(const char *, const struct options *);
static int	 do_line(const struct linereader *, const struct options *);
static enum input detect_input(const char *, size_t);
static int	 read_game(const struct linereader *, const struct options *,
		    struct movelist *, enum input *);
static int	 write_game(const struct linereader *, const struct options *,
		    const struct movelist *, enum input);
static int	 packing(const struct options *);
static int	 read_checked(const struct linereader *,
		    const struct options *, struct movelist *);
static void	 report(const struct linereader *, size_t, const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));
static void	 write_line(const struct linereader *, const char *);

/* What was wrong with the line reported last. */
static char	 why_line[512];

enum {
	OPT_PACK_VERSION = 256,
	OPT_SUMMARY
};

static const struct option longopts[] = {
	{ "format",	required_argument,	NULL,	'f' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "input",	required_argument,	NULL,	'i' },
	{ "pack-version", required_argument,	NULL,	OPT_PACK_VERSION },
	{ "scheme",	required_argument,	NULL,	'S' },
	{ "summary",	no_argument,		NULL,	OPT_SUMMARY },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static __dead void
usage(int status)
{
	FILE *fp = status == 0 ? stdout : stderr;

	fprintf(fp, "usage: xq-bitpack [-hV] [-f format] [-i format] "
	    "[-S scheme] [--pack-version=N] [--summary] [file ...]\n");
	if (status != 0)
		exit(status);
	fputs("  -f, --format=FORMAT    what to write (FORMAT: " OUT_NAMES
	    ")\n"
	    "  -h, --help             print this help and exit\n"
	    "  -i, --input=FORMAT     what the lines hold (FORMAT: " IN_NAMES
	    ")\n"
	    "      --pack-version=N   version of the packed games written "
	    "(N: 1, 2)\n"
	    "  -S, --scheme=SCHEME    how packed games code the moves "
	    "(SCHEME: geometric, index, ranked)\n"
	    "      --summary          count the records on standard error "
	    "at the end\n"
	    "  -V, --version          print the version and exit\n", fp);
	finish_stdout();
	exit(GF_EXIT_OK);
}

static void
parse_format(const char *arg, struct options *o)
{
	if (strcmp(arg, "packed") == 0)
		o->output = OUT_PACKED;
	else if (strcmp(arg, "fen") == 0)
		o->output = OUT_FEN;
	else if (strcmp(arg, "board") == 0)
		o->output = OUT_BOARD;
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
 * word of the base64url alphabet with its leading mark; a FEN has ranks
 * separated by slashes and is not a UCCI or JSON line.
 */
static enum input
detect_input(const char *s, size_t len)
{
	if (is_packed_game(s, len))
		return IN_PACKED;
	if (is_packed_board(s, len))
		return IN_BOARD;
	if (len > 0 && s[0] != '{' && strncmp(s, "position", 8) != 0 &&
	    memchr(s, '/', len) != NULL)
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
		report(lr, 0, "%s (%s)", e.why, excerpt(e.token,
		    strlen(e.token)));
	else
		report(lr, 0, "ply %zu: %s: %s", e.ply,
		    excerpt(e.token, strlen(e.token)), e.why);
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
	struct xqpos pos = ml->start;
	struct movelist checked;
	struct game g;
	enum output out = o->output;
	const char *why = NULL;
	char fen[XQ_FENMAX], *s;
	size_t i;
	int rc;

	if (out == OUT_DEFAULT)
		out = by_input[in];
	if (out == OUT_FEN || out == OUT_BOARD)
		for (i = 0; i < ml->n; i++)
			make_move(&pos, ml->move[i]);
	switch (out) {
	case OUT_FEN:
		fen_format(&pos, fen, sizeof(fen));
		write_line(lr, fen);
		return 0;
	case OUT_BOARD:
		s = pack_board(&pos);
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
	write_line(lr, s);
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

/* A record written, ended as its input line was (CR LF or LF). */
static void
write_line(const struct linereader *lr, const char *s)
{
	fputs(s, stdout);
	if (lr->cr)
		putchar('\r');
	putchar('\n');
}

/*
 * One line in, one line out: the game, or for a bad line the line itself
 * byte for byte (under -f json an error object instead, so that the
 * output stays JSON).
 */
static int
do_line(const struct linereader *lr, const struct options *o)
{
	struct movelist ml;
	enum input in;
	int rc = -1;

	movelist_init(&ml);
	if (read_game(lr, o, &ml, &in) == 0)
		rc = write_game(lr, o, &ml, in);
	movelist_free(&ml);
	if (rc == -1) {
		if (o->output == OUT_MOVES && o->out_notation == NOTATION_JSON)
			json_error_line(stdout, lr->lineno, why_line, lr->line,
			    lr->len);
		else
			lr_write(lr, stdout);
	}
	return rc;
}

static int
filter(const char *path, const struct options *o)
{
	struct linereader lr;
	int status = GF_EXIT_OK, rc;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	while (!run_stopped() && lr_next(&lr) == 1) {
		/* A blank line, spaces and tabs only, stays as it is. */
		if (lr_blank(&lr)) {
			lr_write(&lr, stdout);
			check_stdout();
			continue;
		}
		if ((rc = do_line(&lr, o)) == -1)
			status = GF_EXIT_BAD;
		run_record(rc == -1);
	}
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

int
main(int argc, char *argv[])
{
	struct options o = { OUT_DEFAULT, NOTATION_ICCS, IN_AUTO,
	    NOTATION_AUTO, SCHEME_RANKED, PACK_VERSION };
	const char *errstr;
	int ch, status = GF_EXIT_OK, s, summary = 0;

	while ((ch = getopt_long(argc, argv, "f:hi:S:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			parse_format(optarg, &o);
			break;
		case 'h':
			usage(GF_EXIT_OK);
		case 'i':
			parse_input(optarg, &o);
			break;
		case 'S':
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
		case OPT_SUMMARY:
			summary = 1;
			break;
		case 'V':
			print_version();
			finish_stdout();
			return GF_EXIT_OK;
		default:
			usage(GF_EXIT_ERROR);
		}
	}
	argc -= optind;
	argv += optind;
	run_start(summary);
	if (argc == 0)
		status = filter("-", &o);
	for (; argc > 0 && !run_stopped(); argc--, argv++)
		if ((s = filter(*argv, &o)) > status)
			status = s;
	return run_finish(status);
}
