/*
 * mine-reveal: apply Minesweeper actions to boards and print what they
 * open, tell what a player can know of a board, play it, measure it, or
 * make random boards.  This file does options and I/O; the board, the
 * parsers, the flood fill, the solver and the figures live beside it.
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

#define NO_GUESS_DRAWS	1000000	/* boards drawn for one without guesses */

enum mode {
	MODE_PLAY,
	MODE_HINT,
	MODE_PROBABILITIES,
	MODE_SOLVE,
	MODE_STATS
};

enum input {
	INPUT_FULL,
	INPUT_VIEW,
	INPUT_MBF,
	INPUT_RAWVF,
	INPUT_AUTO
};

struct options {
	struct output	 out;
	int		 have_format;
	enum input	 input;
	enum mode	 mode;
	const char	*mode_name;
	struct click	*click;
	size_t		 nclick;
	int		 generating;
	struct generate	 gen;
	int		 have_mines, have_seed, no_guess, summary, fast;
	struct replaying replay;	/* --replay, and how far */
	uint64_t	 count;
	struct endgame	*endgame;	/* the tables of --solve and --hint */
};

enum {
	OPT_COUNT = 256,
	OPT_FAST,
	OPT_HINT,
	OPT_NO_GUESS,
	OPT_PROBABILITIES,
	OPT_REPLAY,
	OPT_SAFE,
	OPT_SAFE_CELL,
	OPT_SOLVE,
	OPT_STATS,
	OPT_SUMMARY
};

static int	 parse_pair(const char *, int, size_t *, size_t *);
static void	 set_mode(struct options *, enum mode, const char *);
static void	 add_click(struct options *, const char *, const char *);
static uint64_t	 parse_count(const char *, const char *);
static void	 parse_safe(struct options *, const char *, const char *, int);
static void	 parse_replay(struct options *, const char *);
static void	 parse_options(int, char **, struct options *);
static int	 check_options(struct options *);
static void	 print_board(const struct board *, const struct options *);
static int	 emit_analysis(struct board *, const struct options *,
		    size_t *);
static int	 emit(struct board *, const struct options *, size_t *);
static void	 bad_board(const struct board *, const struct options *,
		    size_t *);
static enum input sniff(struct linereader *);
static int	 run_input(struct linereader *, const struct options *,
		    size_t *, int);
static int	 member_wanted(const char *, size_t);
static int	 run_member(const char *, char *, size_t, void *);
static int	 run_archive(struct linereader *, const struct options *,
		    size_t *);
static int	 run_file(const char *, const struct options *, size_t *);
static void	 print_generated(const struct generate *,
		    const struct options *, struct board *, uint64_t);
static int	 run_generate(const struct options *);

static const struct option longopts[] = {
	{ "blank-zeros",	no_argument,		NULL,	'z' },
	{ "click",		required_argument,	NULL,	'c' },	/* old */
	{ "count",		required_argument,	NULL,	OPT_COUNT },
	{ "fast",		no_argument,		NULL,	OPT_FAST },
	{ "format",		required_argument,	NULL,	'f' },
	{ "generate",		required_argument,	NULL,	'g' },
	{ "help",		no_argument,		NULL,	'h' },
	{ "hint",		no_argument,		NULL,	OPT_HINT },
	{ "input",		required_argument,	NULL,	'i' },
	{ "mines",		required_argument,	NULL,	'm' },
	{ "no-guess",		no_argument,		NULL,	OPT_NO_GUESS },
	{ "open",		required_argument,	NULL,	'o' },
	{ "probabilities",	no_argument,		NULL,	OPT_PROBABILITIES },
	{ "replay",		optional_argument,	NULL,	OPT_REPLAY },
	{ "safe",		required_argument,	NULL,	OPT_SAFE },
	{ "safe-cell",		required_argument,	NULL,	OPT_SAFE_CELL },
	{ "seed",		required_argument,	NULL,	'S' },
	{ "solve",		no_argument,		NULL,	OPT_SOLVE },
	{ "stats",		no_argument,		NULL,	OPT_STATS },
	{ "summary",		no_argument,		NULL,	OPT_SUMMARY },
	{ "version",		no_argument,		NULL,	'V' },
	{ "view",		no_argument,		NULL,	'v' },
	{ NULL,			0,			NULL,	0 }
};

static const char synopsis[] =
    "usage: mine-reveal [-hVvz] [-o row,column] [-f format] [-i format] "
    "[-m mines]\n"
    "                   [--hint | --probabilities | --solve | --stats] "
    "[--fast]\n"
    "                   [--replay[=seconds]] [--summary] [file ...]\n"
    "       mine-reveal -g widthxheight -m mines [-vz] [-f format] "
    "[-S seed]\n"
    "                   [--count n] [--safe row,column [--no-guess] | "
    "--safe-cell row,column]\n"
    "                   [--solve [--fast] | --stats]\n";

static const struct help_option options_help[] = {
	{ 'z', "blank-zeros", "", "in the view, show open zeros as spaces" },
	{ 0, "count", "=N", "with -g, make N boards, seeds SEED to SEED+N-1" },
	{ 0, "fast", "", "with --solve or --hint, guess without a look "
	    "ahead" },
	{ 'f', "format", "=FORMAT", "write boards as FORMAT, full by default "
	    "(FORMAT: full, mbf, view)" },
	{ 'g', "generate", "=WxH", "make a random board W columns wide, H "
	    "rows high" },
	{ 'h', "help", "", "print this help and exit" },
	{ 0, "hint", "", "print the certainly safe cells and mines as "
	    "actions" },
	{ 'i', "input", "=FORMAT", "read boards as FORMAT, auto by default "
	    "(FORMAT: auto, full, mbf, rawvf, view)" },
	{ 'm', "mines", "=N", "mines of -g, or the mine counter of a view" },
	{ 0, "no-guess", "", "with -g and --safe, only boards logic wins from "
	    "the safe cell" },
	{ 'o', "open", "=ROW,COLUMN", "open the cell on every board, after its "
	    "actions (-c: old spelling)" },
	{ 0, "probabilities", "", "print each covered cell's probability of a "
	    "mine" },
	{ 0, "replay", "[=SECONDS]", "play a RawVF video's clicks on its board "
	    "(up to SECONDS)" },
	{ 0, "safe", "=ROW,COLUMN", "with -g, keep the cell and its neighbours "
	    "free of mines" },
	{ 0, "safe-cell", "=ROW,COLUMN", "with -g, keep the cell alone free of "
	    "mines" },
	{ 'S', "seed", "=SEED", "with -g, the generator's seed (-s SEED: old "
	    "spelling)" },
	{ 0, "solve", "", "play every board to its end and print the "
	    "result" },
	{ 0, "stats", "", "print 3BV, openings, islands, ZiNi, mines and "
	    "cells" },
	{ 0, "summary", "", SUMMARY_HELP },
	{ 'V', "version", "", "print the version and exit" },
	{ 'v', "view", "", "the same as -f view" },
	{ 0, NULL, NULL, NULL }
};

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

static void
set_mode(struct options *o, enum mode m, const char *name)
{
	if (o->mode != MODE_PLAY && o->mode != m)
		errx(GF_EXIT_ERROR, "%s and %s exclude each other",
		    o->mode_name, name);
	o->mode = m;
	o->mode_name = name;
}

static void
add_click(struct options *o, const char *name, const char *arg)
{
	struct click *c;

	o->click = xreallocarray(o->click, o->nclick + 1, sizeof(*o->click));
	c = &o->click[o->nclick++];
	c->text = arg;
	if (parse_pair(arg, ',', &c->row, &c->col) == -1)
		errx(GF_EXIT_ERROR, "%s %s: expected ROW,COLUMN counted from 1", name,
		    arg);
}

/* A number from 0, the argument of option opt. */
static uint64_t
parse_count(const char *opt, const char *arg)
{
	const char *errstr;
	long long n;

	n = strtonum(arg, 0, LLONG_MAX, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "%s %s: %s", opt, arg, errstr);
	return (uint64_t)n;
}

static void
parse_safe(struct options *o, const char *opt, const char *arg, int cell)
{
	if (o->gen.safe_row != 0 && o->gen.cell_only != cell)
		errx(GF_EXIT_ERROR, "--safe and --safe-cell exclude each other");
	if (parse_pair(arg, ',', &o->gen.safe_row, &o->gen.safe_col) == -1)
		errx(GF_EXIT_ERROR, "%s %s: expected ROW,COLUMN counted from 1",
		    opt, arg);
	o->gen.cell_only = cell;
}

/*
 * --replay, or --replay=SECONDS: a RawVF video's clicks up to that time
 * of its clock, with at most three decimals.
 */
static void
parse_replay(struct options *o, const char *arg)
{
	uint64_t ms;

	o->replay.on = 1;
	o->replay.until_ms = INT64_MAX;
	if (arg == NULL)
		return;
	if (rawvf_seconds(arg, strlen(arg), &ms) == -1)
		errx(GF_EXIT_ERROR, "--replay=%s: expected seconds with at "
		    "most three decimals", arg);
	o->replay.until_ms = (int64_t)ms;
}

static void
parse_options(int argc, char **argv, struct options *o)
{
	int ch;

	/* getopt names the tool by argv[0], as every other message does. */
	argv[0] = (char *)(uintptr_t)getprogname();
	while ((ch = getopt_long(argc, argv, "c:f:g:hi:m:o:S:s:Vvz", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':	/* the old spelling of -o */
		case 'o':
			add_click(o, ch == 'c' ? "-c" : "-o", optarg);
			break;
		case OPT_COUNT:
			o->count = parse_count("--count", optarg);
			if (o->count == 0)
				errx(GF_EXIT_ERROR, "--count 0: at least 1");
			break;
		case 'f':
			o->have_format = 1;
			if (strcmp(optarg, "full") == 0)
				o->out.format = FORMAT_FULL;
			else if (strcmp(optarg, "mbf") == 0)
				o->out.format = FORMAT_MBF;
			else if (strcmp(optarg, "view") == 0)
				o->out.format = FORMAT_VIEW;
			else
				errx(GF_EXIT_ERROR, "unknown output format: %s "
				    "(one of: full, mbf, view)", optarg);
			break;
		case 'g':
			if (parse_pair(optarg, 'x', &o->gen.width,
			    &o->gen.height) == -1)
				errx(GF_EXIT_ERROR, "-g %s: expected "
				    "WIDTHxHEIGHT (columns x rows), both from 1",
				    optarg);
			o->generating = 1;
			break;
		case 'h':
			print_help(synopsis, options_help);
		case OPT_FAST:
			o->fast = 1;
			break;
		case OPT_HINT:
			set_mode(o, MODE_HINT, "--hint");
			break;
		case 'i':
			if (strcmp(optarg, "full") == 0)
				o->input = INPUT_FULL;
			else if (strcmp(optarg, "mbf") == 0)
				o->input = INPUT_MBF;
			else if (strcmp(optarg, "rawvf") == 0)
				o->input = INPUT_RAWVF;
			else if (strcmp(optarg, "view") == 0)
				o->input = INPUT_VIEW;
			else if (strcmp(optarg, "auto") == 0)
				o->input = INPUT_AUTO;
			else
				errx(GF_EXIT_ERROR, "unknown input format: %s "
				    "(one of: auto, full, mbf, rawvf, view)", optarg);
			break;
		case 'm':
			o->gen.mines = parse_count("-m", optarg);
			o->have_mines = 1;
			break;
		case OPT_NO_GUESS:
			o->no_guess = 1;
			break;
		case OPT_PROBABILITIES:
			set_mode(o, MODE_PROBABILITIES, "--probabilities");
			break;
		case OPT_REPLAY:
			parse_replay(o, optarg);
			break;
		case OPT_SAFE:
			parse_safe(o, "--safe", optarg, 0);
			break;
		case OPT_SAFE_CELL:
			parse_safe(o, "--safe-cell", optarg, 1);
			break;
		case 'S':
			/* The old spelling of --safe: an argument with a comma. */
			if (strchr(optarg, ',') != NULL) {
				parse_safe(o, "-S", optarg, 0);
				break;
			}
			o->gen.seed = parse_count("-S", optarg);
			o->have_seed = 1;
			break;
		case 's':
			o->gen.seed = parse_count("-s", optarg);
			o->have_seed = 1;
			break;
		case OPT_SOLVE:
			set_mode(o, MODE_SOLVE, "--solve");
			break;
		case OPT_STATS:
			set_mode(o, MODE_STATS, "--stats");
			break;
		case OPT_SUMMARY:
			o->summary = 1;
			break;
		case 'V':
			print_version();
			finish_stdout();
			exit(GF_EXIT_OK);
		case 'v':
			o->have_format = 1;
			o->out.format = FORMAT_VIEW;
			break;
		case 'z':
			o->out.blank_zeros = 1;
			break;
		default:
			print_usage(synopsis);
		}
	}
}

/* Options that belong together, and options that cannot. */
static int
check_options(struct options *o)
{
	struct generate *g = &o->gen;

	if (o->out.blank_zeros && o->out.format != FORMAT_VIEW) {
		warnx("-z shows the view: it needs -v or -f view");
		return -1;
	}
	if (o->no_guess && (g->safe_row == 0 || g->cell_only)) {
		warnx("--no-guess needs --safe (the first click it starts "
		    "from)");
		return -1;
	}
	if (o->mode == MODE_HINT || o->mode == MODE_PROBABILITIES) {
		if (o->nclick > 0 || (o->have_format &&
		    o->out.format == FORMAT_MBF)) {
			warnx("%s writes the board as read: -o and -f mbf do "
			    "not go with it", o->mode_name);
			return -1;
		}
	}
	if (o->fast && o->mode != MODE_SOLVE && o->mode != MODE_HINT) {
		warnx("--fast goes with --solve or --hint");
		return -1;
	}
	if (o->mode == MODE_STATS && o->input == INPUT_VIEW) {
		warnx("--stats needs the mines, which a view does not show");
		return -1;
	}
	if (o->input == INPUT_VIEW && (o->mode == MODE_PLAY ||
	    o->mode == MODE_SOLVE)) {
		warnx("-i view goes with --hint or --probabilities: a view "
		    "has no mines to play against");
		return -1;
	}
	if (o->input == INPUT_VIEW && o->mode == MODE_PROBABILITIES &&
	    !o->have_mines) {
		warnx("--probabilities on a view needs the mine counter (-m)");
		return -1;
	}
	if (o->generating && o->replay.on) {
		warnx("--replay plays a RawVF video's clicks: it does not go "
		    "with -g");
		return -1;
	}
	if (!o->generating) {
		if (o->no_guess || o->have_seed || g->safe_row != 0 ||
		    o->count != 0) {
			warnx("-S, --count, --no-guess, --safe and --safe-cell "
			    "go with -g");
			return -1;
		}
		if (o->have_mines && o->input != INPUT_VIEW) {
			warnx("-m goes with -g, or with -i view as the mine "
			    "counter");
			return -1;
		}
		return 0;
	}
	if (!o->have_mines) {
		warnx("-g needs -m (the number of mines)");
		return -1;
	}
	if (o->nclick > 0 || o->input != INPUT_FULL ||
	    o->mode == MODE_HINT || o->mode == MODE_PROBABILITIES) {
		warnx("-g makes a board; -o, -i, --hint and --probabilities "
		    "do not go with it");
		return -1;
	}
	if (g->safe_row > g->height || g->safe_col > g->width) {
		warnx("%s %zu,%zu is outside the %zux%zu board",
		    g->cell_only ? "--safe-cell" : "--safe", g->safe_row,
		    g->safe_col, g->width, g->height);
		return -1;
	}
	if (g->mines > generate_limit(g)) {
		warnx("too many mines: %" PRIu64 " on a %zux%zu board that "
		    "has room for %" PRIu64 "%s", g->mines, g->width,
		    g->height, generate_limit(g), g->safe_row == 0 ? "" :
		    g->cell_only ? " besides the safe cell" :
		    " outside the safe 3x3 block");
		return -1;
	}
	if (!o->have_seed)
		g->seed = (uint64_t)arc4random() << 31 ^ arc4random();
	if (o->count == 0)
		o->count = 1;
	return 0;
}

static void
print_board(const struct board *b, const struct options *o)
{
	if (b->view || o->out.format == FORMAT_VIEW)
		board_print_view_rows(b, o->out.blank_zeros);
	else
		board_print_rows(b);
}

/*
 * --hint and --probabilities: the board as read, then what the solver
 * makes of it.  Returns -1, having written nothing, if no board fits.
 */
static int
emit_analysis(struct board *b, const struct options *o, size_t *nboards)
{
	struct solver s;
	uint64_t total = b->mines;
	int got;

	if (b->view)
		total = o->have_mines ? o->gen.mines : UINT64_MAX;
	if ((got = play_analyse(&s, b, total)) == -1)
		return -1;
	if ((*nboards)++ > 0)
		putchar('\n');
	print_board(b, o);
	if (got == 0)
		play_over(o->mode == MODE_HINT ? "hint" : "probabilities");
	else if (o->mode == MODE_HINT)
		play_hint_lines(&s, o->endgame, !o->fast);
	else
		play_probability_lines(&s);
	if (got == 1)
		solver_free(&s);
	return 0;
}

/*
 * Apply the command line's clicks to a board read without error, and
 * write what the mode asks.  Returns -1, having written nothing, if the
 * board is bad after all.
 */
static int
emit(struct board *b, const struct options *o, size_t *nboards)
{
	struct stats st;
	struct game g;
	size_t i;

	for (i = 0; i < o->nclick; i++) {
		if (o->click[i].row > b->height || o->click[i].col > b->width) {
			if (b->firstline == 0)
				warnx("%s: byte %zu: click %s is outside the "
				    "board (%zu rows, %zu columns)", b->file,
				    b->firstbyte, o->click[i].text, b->height,
				    b->width);
			else
				warn_at(b->file, b->rowline[1], "click %s is "
				    "outside the board (%zu rows, %zu columns)",
				    o->click[i].text, b->height, b->width);
			return -1;
		}
	}
	for (i = 0; i < o->nclick; i++)
		reveal_apply(b, ACTION_OPEN, o->click[i].row, o->click[i].col);
	if (o->mode == MODE_STATS) {
		stats_compute(b, &st);
		stats_print(&st, &b->recorded);
		return 0;
	}
	if (o->mode == MODE_SOLVE) {
		play_solve(b, o->endgame, 0, !o->fast, &g);
		if (o->out.format == FORMAT_MBF)
			return mbf_write(b, stdout);
		if ((*nboards)++ > 0)
			putchar('\n');
		print_board(b, o);
		printf("# state: %s clicks=%" PRIu64 " guesses=%" PRIu64 "\n",
		    g.won ? "won" : "lost", g.clicks, g.guesses);
		return 0;
	}
	if (o->mode == MODE_HINT || o->mode == MODE_PROBABILITIES)
		return emit_analysis(b, o, nboards);
	if (o->out.format == FORMAT_MBF)
		return mbf_write(b, stdout);
	if ((*nboards)++ > 0)
		putchar('\n');
	board_print(b, &o->out);
	return 0;
}

/*
 * A bad board leaves a comment in its place, so that the output keeps
 * one block (or, with --stats, one line) a board.
 */
static void
bad_board(const struct board *b, const struct options *o, size_t *nboards)
{
	if (o->out.format == FORMAT_MBF && o->mode != MODE_STATS)
		return;
	if (o->mode != MODE_STATS && (*nboards)++ > 0)
		putchar('\n');
	if (b->firstline == 0)
		printf("# skipped: bad board at byte %zu\n", b->firstbyte);
	else
		printf("# skipped: bad board at line %zu\n", b->firstline);
}

/*
 * -i auto: MBF if the first byte cannot begin a board's text (a control
 * byte other than CR and LF, or a byte past 0x7e but the first of a
 * byte order mark, 0xef, 0xfe or 0xff), which is every MBF board up to
 * 31 columns wide but 10 and 13, and those of 127 or more but 239, 254
 * and 255; otherwise INPUT_AUTO still: text, which run_file tells by its
 * first line, a RawVF video or the full state.  A NUL is text too, the
 * first byte of UTF-16 or UTF-32 in big-endian order: no MBF board is
 * 0 columns wide.
 */
static enum input
sniff(struct linereader *lr)
{
	int c;

	if ((c = getc(lr->fp)) == EOF)
		return INPUT_FULL;
	ungetc(c, lr->fp);
	if (c == 0xef || c == 0xfe || c == 0xff || c == 0)
		return INPUT_AUTO;
	if ((c < 0x20 && c != '\r' && c != '\n') || c > 0x7e)
		return INPUT_MBF;
	return INPUT_AUTO;
}

/*
 * Every board of one input, opened; returns the exit status it earns.
 * With archives, a ZIP archive (told by its first line, unless -i names
 * a view, MBF or RawVF) is read file by file (run_archive).
 */
static int
run_input(struct linereader *lr, const struct options *o, size_t *nboards,
    int archives)
{
	struct board b;
	struct replaying rp = o->replay;
	size_t offset = 0;
	int status = GF_EXIT_OK, got, have_line = 0, more = 1;
	enum input in = o->input;

	/* --stats counts a video's clicks, which it plays for that. */
	rp.on = rp.on || o->mode == MODE_STATS;

	if (in == INPUT_AUTO)
		in = sniff(lr);
	if (in != INPUT_MBF)
		lr_want_utf8(lr);
	/*
	 * A RawVF video is told by its first line, which no board of the
	 * full state begins with; the line is kept for the reader.
	 */
	if (in == INPUT_AUTO || in == INPUT_FULL) {
		/* An empty input, or one not read (reported), ends here. */
		if (!(have_line = lr_next(lr)))
			more = 0;
		if (more && archives && lr->len >= 4 &&
		    memcmp(lr->line, "PK\x03\x04", 4) == 0)
			return run_archive(lr, o, nboards);
		in = more && rawvf_starts(lr->line, lr->len) ? INPUT_RAWVF :
		    INPUT_FULL;
	}
	board_init(&b, lr->name);
	while (more && !run_stopped()) {
		b.view = in == INPUT_VIEW;
		if (in == INPUT_MBF)
			got = mbf_read(lr->fp, lr->name, &offset, &b);
		else if (in == INPUT_RAWVF)
			got = rawvf_read(lr, &b, &have_line, &rp);
		else
			got = parse_board(lr, &b, &have_line);
		if (got == 0)
			break;
		if (got == -2) {
			status = GF_EXIT_ERROR;
			break;
		}
		if (got == -1) {
			if (in != INPUT_MBF)
				bad_board(&b, o, nboards);
			if (status < GF_EXIT_BAD)
				status = GF_EXIT_BAD;
			run_record(1);
			if (in == INPUT_MBF)
				break;
		} else if (emit(&b, o, nboards) == -1) {
			bad_board(&b, o, nboards);
			if (status < GF_EXIT_BAD)
				status = GF_EXIT_BAD;
			run_record(1);
		} else
			run_record(0);
	}
	board_free(&b);
	return status;
}

/*
 * Is a file of an archive boards: text (boards, a view, a RawVF video),
 * or MBF?  A photo or a video of another format beside them is not.
 */
static int
member_wanted(const char *s, size_t len)
{
	return len > 0 && (mbf_plausible(s, len) || text_bytes(s, len));
}

/* What run_member needs of the run. */
struct member_run {
	const struct options *o;
	size_t		*nboards;
};

/* A file of an archive (see run_archive), whose bytes it takes. */
static int
run_member(const char *name, char *bytes, size_t len, void *arg)
{
	struct member_run *run = arg;
	struct linereader lr;
	int status;

	lr_attach_text(&lr, bytes, len, name);
	status = run_input(&lr, run->o, run->nboards, 0);
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * A ZIP archive, its first line read, as boards and videos are handed
 * round: each file of boards (MBF or text) in it, in the archive's
 * order, read as an input of its own named archive:file (see
 * zr_each_file); the other files are counted in one warning.
 */
static int
run_archive(struct linereader *lr, const struct options *o,
    size_t *nboards)
{
	struct member_run run = { o, nboards };
	struct zr_walk walk = { NULL, 0, member_wanted, "not boards",
	    run_member, &run, NULL };
	char *data;
	size_t len;
	int status;

	if ((data = lr_slurp(lr, &len)) == NULL)
		return GF_EXIT_ERROR;
	status = zr_each_file(lr->name, data, len, &walk);
	free(data);
	return status;
}

/* Every board of one file; returns the exit status it earns. */
static int
run_file(const char *path, const struct options *o, size_t *nboards)
{
	struct linereader lr;
	int status;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	status = run_input(&lr, o, nboards, 1);
	if (lr_close(&lr) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * A board made by -g, after the comment line that makes it again.  In
 * the full state a --no-guess board is followed by the action that opens
 * its safe cell; a view cannot carry actions, so it shows the board once
 * that cell is open, as the full state read back would.
 */
static void
print_generated(const struct generate *g, const struct options *o,
    struct board *b, uint64_t draws)
{
	struct game game;

	printf("# %s -g %zux%zu -m %" PRIu64 " -S %" PRIu64, getprogname(),
	    g->width, g->height, g->mines, g->seed);
	if (g->safe_row != 0)
		printf(" --safe%s %zu,%zu", g->cell_only ? "-cell" : "",
		    g->safe_row, g->safe_col);
	if (o->no_guess)
		printf(" --no-guess (board %" PRIu64 " drawn)", draws);
	putchar('\n');
	if (o->mode == MODE_SOLVE) {
		if (g->safe_row != 0)
			reveal_open(b, g->safe_row, g->safe_col);
		play_solve(b, o->endgame, 0, !o->fast, &game);
		print_board(b, o);
		printf("# state: %s clicks=%" PRIu64 " guesses=%" PRIu64 "\n",
		    game.won ? "won" : "lost", game.clicks, game.guesses);
	} else if (o->out.format == FORMAT_VIEW) {
		if (o->no_guess)
			reveal_open(b, g->safe_row, g->safe_col);
		board_print(b, &o->out);
	} else {
		board_print_rows(b);
		if (o->no_guess)
			printf("open %zu %zu\n", g->safe_row, g->safe_col);
	}
}

static int
run_generate(const struct options *o)
{
	struct generate g = o->gen;
	struct board b;
	struct stats st;
	uint64_t i, draws = 1;
	size_t nboards = 0;

	board_init(&b, "generated");
	for (i = 0; i < o->count && !run_stopped(); i++, g.seed++,
	    run_record(0)) {
		if (o->no_guess) {
			draws = generate_no_guess(&g, &b, NO_GUESS_DRAWS);
			if (draws == 0) {
				warnx("-S %" PRIu64 ": no board that logic wins "
				    "in %d draws", g.seed, NO_GUESS_DRAWS);
				board_free(&b);
				return GF_EXIT_ERROR;
			}
		} else
			generate_board(&g, &b);
		if (o->mode == MODE_STATS) {
			stats_compute(&b, &st);
			stats_print(&st, &b.recorded);
			continue;
		}
		if (o->out.format == FORMAT_MBF) {
			if (mbf_write(&b, stdout) == -1) {
				board_free(&b);
				return GF_EXIT_ERROR;
			}
			continue;
		}
		if (nboards++ > 0)
			putchar('\n');
		print_generated(&g, o, &b, draws);
	}
	board_free(&b);
	return GF_EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct options o;
	size_t nboards = 0;
	int i, status = GF_EXIT_OK, s;

	memset(&o, 0, sizeof(o));
	o.replay.until_ms = INT64_MAX;
	parse_options(argc, argv, &o);
	argc -= optind;
	argv += optind;
	if (check_options(&o) == -1)
		exit(GF_EXIT_ERROR);
	if (o.mode == MODE_SOLVE || o.mode == MODE_HINT)
		o.endgame = endgame_new();
	run_start(o.summary);
	if (o.generating) {
		if (argc > 0)
			errx(GF_EXIT_ERROR, "-g reads no files: %s", argv[0]);
		status = run_generate(&o);
	} else if (argc == 0)
		status = run_file("-", &o, &nboards);
	else
		for (i = 0; i < argc && !run_stopped(); i++)
			if ((s = run_file(argv[i], &o, &nboards)) > status)
				status = s;
	free(o.click);
	endgame_free(o.endgame);
	return run_finish(status);
}
