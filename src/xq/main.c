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
};

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

static const struct option longopts[] = {
	{ "format",	required_argument,	NULL,	'f' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "input",	required_argument,	NULL,	'i' },
	{ "scheme",	required_argument,	NULL,	'S' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static __dead void
usage(int status)
{
	fprintf(status == 0 ? stdout : stderr,
	    "usage: xq-bitpack [-hV] [-f format] [-i format] [-S scheme] "
	    "[file ...]\n");
	exit(status);
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
	else {
		warnx("unknown output format: %s", arg);
		usage(GF_EXIT_ERROR);
	}
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
	else {
		warnx("unknown input format: %s", arg);
		usage(GF_EXIT_ERROR);
	}
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
			warn_at(lr->name, lr->lineno, "%s (%.*s)", why,
			    (int)lr->len, lr->line);
			game_free(&g);
			return -1;
		}
		ml->start = g.start;
		for (i = 0; i < g.n; i++)
			movelist_push(ml, g.move[i]);
		game_free(&g);
		return 0;
	case IN_BOARD:
		if (unpack_board(lr->line, lr->len, &ml->start, &why) == -1) {
			warn_at(lr->name, lr->lineno, "%s (%.*s)", why,
			    (int)lr->len, lr->line);
			return -1;
		}
		return 0;
	case IN_FEN:
		if (fen_parse(&ml->start, lr->line, &end) == 0 &&
		    end == lr->line + lr->len)
			return 0;
		if (end == lr->line)
			warn_at(lr->name, lr->lineno,
			    "no game can reach this position (%.*s)",
			    (int)lr->len, lr->line);
		else
			warn_at_column(lr->name, lr->lineno,
			    (size_t)(end - lr->line) + 1, "bad FEN (%.*s)",
			    (int)(lr->line + lr->len - end), end);
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
		warn_at(lr->name, lr->lineno, "%s (%s)", e.why, e.token);
	else
		warn_at(lr->name, lr->lineno, "ply %zu: %s: %s", e.ply,
		    e.token, e.why);
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
		puts(fen);
		return 0;
	case OUT_BOARD:
		s = pack_board(&pos);
		break;
	case OUT_PACKED:
		g.start = ml->start;
		g.move = ml->move;
		g.n = ml->n;
		s = pack_game(&g, o->scheme);
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
		warn_at(lr->name, lr->lineno, "cannot pack this game "
		    "(%zu plies, more than 10000?)", ml->n);
		return -1;
	}
	puts(s);
	free(s);
	return 0;
}

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
	if (rc == -1)
		printf("%.*s\n", (int)lr->len, lr->line);
	return rc;
}

static int
filter(const char *path, const struct options *o)
{
	struct linereader lr;
	int status = GF_EXIT_OK;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	while (lr_next(&lr) == 1) {
		if (lr.len == 0) {
			putchar('\n');
			continue;
		}
		if (do_line(&lr, o) == -1)
			status = GF_EXIT_BAD;
	}
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

int
main(int argc, char *argv[])
{
	struct options o = { OUT_DEFAULT, NOTATION_ICCS, IN_AUTO,
	    NOTATION_AUTO, SCHEME_RANKED };
	int ch, status = GF_EXIT_OK, s;

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
			if (scheme_from_name(optarg, &o.scheme) == -1) {
				warnx("unknown scheme: %s", optarg);
				usage(GF_EXIT_ERROR);
			}
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
	if (argc == 0)
		status = filter("-", &o);
	for (; argc > 0; argc--, argv++)
		if ((s = filter(*argv, &o)) > status)
			status = s;
	finish_stdout();
	return status;
}
