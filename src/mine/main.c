/*
 * mine-reveal: apply Minesweeper actions to boards and print what they
 * open, or make random boards.  This file does options and I/O; the
 * board, the parsers and the flood fill live beside it.
 */

#include "config.h"

#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

struct options {
	struct output	 out;
	int		 input_mbf;
	struct click	*click;
	size_t		 nclick;
	int		 generating;
	struct generate	 gen;
	int		 have_mines, have_seed;
};

static __dead void usage(int);
static int	 parse_pair(const char *, int, size_t *, size_t *);
static int	 parse_format(const char *, int, enum format *);
static void	 add_click(struct options *, const char *);
static uint64_t	 parse_count(int, const char *);
static void	 parse_options(int, char **, struct options *);
static int	 check_generate(struct options *);
static int	 emit(struct board *, const struct options *, size_t *);
static int	 run_file(const char *, const struct options *, size_t *);
static void	 run_generate(const struct options *);

static const struct option longopts[] = {
	{ "blank-zeros",	no_argument,		NULL,	'z' },
	{ "click",		required_argument,	NULL,	'c' },
	{ "format",		required_argument,	NULL,	'f' },
	{ "generate",		required_argument,	NULL,	'g' },
	{ "help",		no_argument,		NULL,	'h' },
	{ "input",		required_argument,	NULL,	'i' },
	{ "mines",		required_argument,	NULL,	'm' },
	{ "safe",		required_argument,	NULL,	'S' },
	{ "seed",		required_argument,	NULL,	's' },
	{ "version",		no_argument,		NULL,	'V' },
	{ "view",		no_argument,		NULL,	'v' },
	{ NULL,			0,			NULL,	0 }
};

static __dead void
usage(int status)
{
	FILE *fp = status == GF_EXIT_OK ? stdout : stderr;

	fprintf(fp,
	    "usage: %s [-hVvz] [-c row,column] [-f format] [-i format] "
	    "[file ...]\n"
	    "       %s -g widthxheight -m mines [-f format] [-S row,column] "
	    "[-s seed]\n", getprogname(), getprogname());
	exit(status);
}

/* "R,C" (sep ',') or "WxH" (sep 'x'), both numbers from 1. */
static int
parse_pair(const char *s, int sep, size_t *a, size_t *b)
{
	char buf[64], *mid;
	const char *errstr;

	if (strlcpy(buf, s, sizeof(buf)) >= sizeof(buf) ||
	    (mid = strchr(buf, sep)) == NULL)
		return -1;
	*mid++ = '\0';
	*a = (size_t)strtonum(buf, 1, BOARD_MAX_SIDE, &errstr);
	if (errstr != NULL)
		return -1;
	*b = (size_t)strtonum(mid, 1, BOARD_MAX_SIDE, &errstr);
	return errstr != NULL ? -1 : 0;
}

static int
parse_format(const char *s, int output, enum format *f)
{
	if (strcmp(s, "full") == 0)
		*f = FORMAT_FULL;
	else if (strcmp(s, "mbf") == 0)
		*f = FORMAT_MBF;
	else if (output && strcmp(s, "view") == 0)
		*f = FORMAT_VIEW;
	else
		return -1;
	return 0;
}

static void
add_click(struct options *o, const char *arg)
{
	struct click *c;

	o->click = xreallocarray(o->click, o->nclick + 1, sizeof(*o->click));
	c = &o->click[o->nclick++];
	c->text = arg;
	if (parse_pair(arg, ',', &c->row, &c->col) == -1)
		errx(GF_EXIT_ERROR, "-c %s: expected ROW,COLUMN counted from 1",
		    arg);
}

/* The argument of -m or -s: a number from 0. */
static uint64_t
parse_count(int opt, const char *arg)
{
	const char *errstr;
	long long n;

	n = strtonum(arg, 0, LLONG_MAX, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "-%c %s: %s", opt, arg, errstr);
	return (uint64_t)n;
}

static void
parse_options(int argc, char **argv, struct options *o)
{
	enum format f;
	int ch;

	while ((ch = getopt_long(argc, argv, "c:f:g:hi:m:S:s:Vvz", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			add_click(o, optarg);
			break;
		case 'f':
			if (parse_format(optarg, 1, &o->out.format) == -1)
				errx(GF_EXIT_ERROR, "-f %s: unknown format "
				    "(full, view or mbf)", optarg);
			break;
		case 'g':
			if (parse_pair(optarg, 'x', &o->gen.width,
			    &o->gen.height) == -1)
				errx(GF_EXIT_ERROR, "-g %s: expected "
				    "WIDTHxHEIGHT, both from 1", optarg);
			o->generating = 1;
			break;
		case 'h':
			usage(GF_EXIT_OK);
		case 'i':
			if (parse_format(optarg, 0, &f) == -1)
				errx(GF_EXIT_ERROR, "-i %s: unknown format "
				    "(full or mbf)", optarg);
			o->input_mbf = f == FORMAT_MBF;
			break;
		case 'm':
			o->gen.mines = parse_count(ch, optarg);
			o->have_mines = 1;
			break;
		case 'S':
			if (parse_pair(optarg, ',', &o->gen.safe_row,
			    &o->gen.safe_col) == -1)
				errx(GF_EXIT_ERROR, "-S %s: expected ROW,COLUMN "
				    "counted from 1", optarg);
			break;
		case 's':
			o->gen.seed = parse_count(ch, optarg);
			o->have_seed = 1;
			break;
		case 'V':
			print_version();
			exit(GF_EXIT_OK);
		case 'v':
			o->out.format = FORMAT_VIEW;
			break;
		case 'z':
			o->out.blank_zeros = 1;
			break;
		default:
			usage(GF_EXIT_ERROR);
		}
	}
}

/* The generator's options belong together and to nothing else. */
static int
check_generate(struct options *o)
{
	struct generate *g = &o->gen;

	if (!o->generating) {
		if (o->have_mines || o->have_seed || g->safe_row != 0) {
			warnx("-m, -S and -s go with -g");
			return -1;
		}
		return 0;
	}
	if (!o->have_mines) {
		warnx("-g needs -m (the number of mines)");
		return -1;
	}
	if (o->nclick > 0 || o->input_mbf || o->out.format == FORMAT_VIEW) {
		warnx("-g makes a board; -c, -i and -v do not go with it");
		return -1;
	}
	if (g->safe_row > g->height || g->safe_col > g->width) {
		warnx("-S %zu,%zu is outside the %zux%zu board", g->safe_row,
		    g->safe_col, g->width, g->height);
		return -1;
	}
	if (g->mines > generate_limit(g)) {
		warnx("too many mines: %" PRIu64 " on a %zux%zu board that "
		    "has room for %" PRIu64 "%s", g->mines, g->width,
		    g->height, generate_limit(g), g->safe_row != 0 ?
		    " outside the safe 3x3 block" : "");
		return -1;
	}
	if (!o->have_seed)
		g->seed = (uint64_t)arc4random() << 31 ^ arc4random();
	return 0;
}

/*
 * Apply the command line's clicks to a board read without error, and
 * print it.  Returns -1 if a click falls outside it.
 */
static int
emit(struct board *b, const struct options *o, size_t *nboards)
{
	size_t i;

	for (i = 0; i < o->nclick; i++) {
		if (o->click[i].row > b->height || o->click[i].col > b->width) {
			warn_at(b->file, b->rowline[1], "click %s is outside "
			    "the board (%zu rows, %zu columns)",
			    o->click[i].text, b->height, b->width);
			return -1;
		}
	}
	for (i = 0; i < o->nclick; i++)
		reveal_apply(b, ACTION_OPEN, o->click[i].row, o->click[i].col);
	if (o->out.format == FORMAT_MBF)
		return mbf_write(b);
	if ((*nboards)++ > 0)
		putchar('\n');
	board_print(b, &o->out);
	return 0;
}

/* Every board of one file; returns the exit status it earns. */
static int
run_file(const char *path, const struct options *o, size_t *nboards)
{
	struct linereader lr;
	struct board b;
	size_t offset = 0;
	int status = GF_EXIT_OK, got;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	board_init(&b, lr.name);
	for (;;) {
		if (o->input_mbf)
			got = mbf_read(lr.fp, lr.name, &offset, &b);
		else
			got = parse_board(&lr, &b);
		if (got == 0)
			break;
		if (got == -1 || emit(&b, o, nboards) == -1)
			status = GF_EXIT_BAD;
		if (got == -1 && o->input_mbf)
			break;
	}
	board_free(&b);
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

static void
run_generate(const struct options *o)
{
	const struct generate *g = &o->gen;
	struct board b;

	board_init(&b, "generated");
	generate_board(g, &b);
	if (o->out.format == FORMAT_MBF) {
		if (mbf_write(&b) == -1)
			exit(GF_EXIT_ERROR);
	} else {
		printf("# %s -g %zux%zu -m %" PRIu64 " -s %" PRIu64,
		    getprogname(), g->width, g->height, g->mines, g->seed);
		if (g->safe_row != 0)
			printf(" -S %zu,%zu", g->safe_row, g->safe_col);
		putchar('\n');
		board_print_rows(&b);
	}
	board_free(&b);
}

int
main(int argc, char *argv[])
{
	struct options o;
	size_t nboards = 0;
	int i, status = GF_EXIT_OK, s;

	memset(&o, 0, sizeof(o));
	parse_options(argc, argv, &o);
	argc -= optind;
	argv += optind;
	if (check_generate(&o) == -1)
		usage(GF_EXIT_ERROR);
	if (o.generating) {
		if (argc > 0)
			usage(GF_EXIT_ERROR);
		run_generate(&o);
	} else if (argc == 0)
		status = run_file("-", &o, &nboards);
	else
		for (i = 0; i < argc; i++)
			if ((s = run_file(argv[i], &o, &nboards)) > status)
				status = s;
	free(o.click);
	finish_stdout();
	return status;
}
