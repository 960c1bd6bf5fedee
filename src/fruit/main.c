/*
 * fruitsolve: list the rectangles summing to 10 on Fruit Box boards,
 * plan whole games, check move lists and make random boards.  This file
 * only reads the options and the input and hands each board to a stage.
 */

#include "config.h"

#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gf.h"
#include "fruit.h"

#define DEFAULT_EFFORT	2200000

enum mode { PLAN, LIST, REPLAY, GENERATE };
enum format { MOVES, BOARD, GAME, SVG };

struct config {
	enum mode		 mode;
	enum format		 format;
	struct plan_options	 plan;
	uint64_t		 count;		/* boards to generate */
	size_t			 rows;
	size_t			 cols;
	int			 colour;
};

static __dead void usage(int);
static long long number(const char *, long long, long long, const char *);
static void	 parse_size(const char *, struct config *);
static int	 print_rect(const struct rect *, unsigned int, void *);
static void	 do_plan(const struct config *, struct board *);
static int	 do_file(const struct config *, const char *, int *);
static void	 do_generate(const struct config *);
static void	 parse_options(int, char *[], struct config *);

static const struct option longopts[] = {
	{ "effort",	required_argument,	NULL,	'e' },
	{ "format",	required_argument,	NULL,	'f' },
	{ "generate",	required_argument,	NULL,	'g' },
	{ "greedy",	no_argument,		NULL,	'G' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "list",	no_argument,		NULL,	'l' },
	{ "replay",	no_argument,		NULL,	'r' },
	{ "seed",	required_argument,	NULL,	'S' },
	{ "size",	required_argument,	NULL,	's' },
	{ "time",	required_argument,	NULL,	't' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static __dead void
usage(int status)
{
	FILE *fp = status == GF_EXIT_OK ? stdout : stderr;

	fprintf(fp,
	    "usage: fruitsolve [-G] [-e effort] [-f format] [-S seed] "
	    "[-t seconds] [file ...]\n"
	    "       fruitsolve -l [file ...]\n"
	    "       fruitsolve -r [file ...]\n"
	    "       fruitsolve -g count [-S seed] [-s rowsxcolumns]\n"
	    "       fruitsolve -h | -V\n");
	if (status == GF_EXIT_OK)
		finish_stdout();
	exit(status);
}

static long long
number(const char *s, long long min, long long max, const char *what)
{
	const char *errstr;
	long long v;

	v = strtonum(s, min, max, &errstr);
	if (errstr != NULL) {
		warnx("%s is %s: %s", what, errstr, s);
		usage(GF_EXIT_ERROR);
	}
	return v;
}

/* "10x17": rows, then columns, as the board is printed. */
static void
parse_size(const char *s, struct config *cf)
{
	char buf[32];
	char *x;

	if (strlcpy(buf, s, sizeof(buf)) >= sizeof(buf) ||
	    (x = strchr(buf, 'x')) == NULL) {
		warnx("size must be rows x columns, as 10x17: %s", s);
		usage(GF_EXIT_ERROR);
	}
	*x = '\0';
	cf->rows = (size_t)number(buf, 1, 65536, "row count");
	cf->cols = (size_t)number(x + 1, 1, 65536, "column count");
}

static int
print_rect(const struct rect *r, unsigned int apples, void *arg)
{
	(void)arg;
	printf("%u %u %u %u %u\n", r->r1 + 1, r->c1 + 1, r->r2 + 1,
	    r->c2 + 1, apples);
	return 0;
}

static void
do_plan(const struct config *cf, struct board *b)
{
	struct plan p;
	size_t i, apples;

	apples = board_apples(b);
	plan_game(b, &cf->plan, &p);
	switch (cf->format) {
	case MOVES:
		render_moves(stdout, &p, apples);
		break;
	case GAME:
		board_print(stdout, b, 0);
		putchar('\n');
		render_moves(stdout, &p, apples);
		break;
	case SVG: {
		struct svg_view v;

		memset(&v, 0, sizeof(v));
		render_svg(stdout, b, &p, &v);
		break;
	}
	case BOARD:
		for (i = 0; i < p.nmoves; i++)
			board_clear(b, &p.move[i]);
		board_print(stdout, b, cf->colour);
		printf("# cleared %zu of %zu\n", p.cleared, apples);
		break;
	}
	plan_free(&p);
}

/*
 * Every board of one file, each result after a blank line but the
 * first.  Returns the exit status the file earns.
 */
static int
do_file(const struct config *cf, const char *path, int *nout)
{
	struct linereader lr;
	struct board b;
	size_t apples, cleared;
	int got, status;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	status = GF_EXIT_OK;
	while ((got = board_read(&lr, &b)) != 0) {
		if (got == -1) {
			status = GF_EXIT_BAD;
			continue;
		}
		if ((*nout)++ > 0 && cf->format != SVG)
			putchar('\n');
		if (cf->mode == LIST)
			rects_each(&b, print_rect, NULL);
		else if (cf->mode == REPLAY) {
			apples = board_apples(&b);
			if (replay_moves(&lr, &b, &cleared) != 0)
				status = GF_EXIT_BAD;
			board_print(stdout, &b, cf->colour);
			printf("# cleared %zu of %zu\n", cleared, apples);
		} else
			do_plan(cf, &b);
		board_free(&b);
	}
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

static void
do_generate(const struct config *cf)
{
	struct board b;
	struct rng g;
	uint64_t i;

	rng_seed(&g, cf->plan.seed);
	for (i = 0; i < cf->count; i++) {
		board_generate(&b, cf->rows, cf->cols, &g);
		if (i > 0)
			putchar('\n');
		board_print(stdout, &b, 0);
		board_free(&b);
	}
}

/* Options into cf; -h and -V end the program here. */
static void
parse_options(int argc, char *argv[], struct config *cf)
{
	int ch;

	memset(cf, 0, sizeof(*cf));
	cf->mode = PLAN;
	cf->format = MOVES;
	cf->plan.effort = DEFAULT_EFFORT;
	cf->rows = 10;
	cf->cols = 17;
	while ((ch = getopt_long(argc, argv, "e:f:Gg:hlrS:s:t:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'e':
			cf->plan.effort = (uint64_t)number(optarg, 1,
			    1000000000000LL, "effort");
			break;
		case 'f':
			if (strcmp(optarg, "moves") == 0)
				cf->format = MOVES;
			else if (strcmp(optarg, "board") == 0)
				cf->format = BOARD;
			else if (strcmp(optarg, "game") == 0)
				cf->format = GAME;
			else if (strcmp(optarg, "svg") == 0)
				cf->format = SVG;
			else {
				warnx("unknown format: %s", optarg);
				usage(GF_EXIT_ERROR);
			}
			break;
		case 'G':
			cf->plan.greedy = 1;
			break;
		case 'g':
			cf->mode = GENERATE;
			cf->count = (uint64_t)number(optarg, 0, LLONG_MAX,
			    "board count");
			break;
		case 'h':
			usage(GF_EXIT_OK);
		case 'l':
			cf->mode = LIST;
			break;
		case 'r':
			cf->mode = REPLAY;
			break;
		case 'S':
			cf->plan.seed = (uint64_t)number(optarg, 0, LLONG_MAX,
			    "seed");
			break;
		case 's':
			parse_size(optarg, cf);
			break;
		case 't':
			cf->plan.seconds = (double)number(optarg, 1, 86400,
			    "time limit");
			break;
		case 'V':
			print_version();
			finish_stdout();
			exit(GF_EXIT_OK);
		default:
			usage(GF_EXIT_ERROR);
		}
	}
}

int
main(int argc, char *argv[])
{
	struct config cf;
	const char *nocolour;
	int i, nout, status, st;

	parse_options(argc, argv, &cf);
	argc -= optind;
	argv += optind;
	if (cf.mode != PLAN && cf.format != MOVES) {
		warnx("-f applies to plans only");
		usage(GF_EXIT_ERROR);
	}
	if (cf.mode == GENERATE) {
		if (argc > 0)
			usage(GF_EXIT_ERROR);
		do_generate(&cf);
		finish_stdout();
		return GF_EXIT_OK;
	}
	nocolour = getenv("NO_COLOR");
	cf.colour = isatty(STDOUT_FILENO) &&
	    (nocolour == NULL || nocolour[0] == '\0');
	status = GF_EXIT_OK;
	nout = 0;
	if (argc == 0)
		status = do_file(&cf, "-", &nout);
	for (i = 0; i < argc; i++) {
		st = do_file(&cf, argv[i], &nout);
		if (st > status)
			status = st;
	}
	finish_stdout();
	return status;
}
