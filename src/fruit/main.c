/*
 * fruitsolve: list the rectangles summing to 10 on Fruit Box boards,
 * plan whole games, check move lists, make random boards, and read
 * boards from screenshots of the game.  This file only reads the
 * options and the input and hands each board to a stage.
 */

#include "config.h"

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gf.h"
#include "fruit.h"
#include "picture.h"

#define DEFAULT_EFFORT	2200000
#define MAX_SCALE	8

enum mode { PLAN, LIST, REPLAY, GENERATE, READ };
enum format { MOVES, BOARD, GAME, SVG, PPM, PNGOUT, JPEGOUT, WEBPOUT,
    GIFOUT };
/* The formats of a plan played as an animation. */
#define ANIMATED(f)	((f) == WEBPOUT || (f) == GIFOUT)

/* How long a frame of -f webp or gif shows a move, and the plan's end. */
#define ANIM_MOVE_MS	1000
#define ANIM_END_MS	3000

struct config {
	enum mode		 mode;
	enum format		 format;
	const char		*formatname;
	enum input_kind		 input;
	struct plan_options	 plan;
	uint64_t		 count;		/* boards to generate */
	size_t			 rows;
	size_t			 cols;
	size_t			 next;		/* moves shown, 0 for all */
	const char		*steps;		/* prefix of one SVG a move */
	double			 scale;		/* of a drawn board */
	int			 colour;
	int			 summary;
	size_t			 nboards;	/* boards so far in the run */
	int			 in_archive;	/* reading a ZIP archive's files */
	size_t			 pictures;	/* written to standard output */
};

/* Options given, by letter, to refuse those that contradict. */
static char given[UCHAR_MAX + 1];

static long long number(const char *, long long, long long, const char *);
static double	 decimal(const char *, double, double, const char *);
static void	 parse_size(const char *, struct config *);
static void	 parse_format(const char *, struct config *);
static void	 check_options(struct config *);
static int	 print_rect(const struct rect *, unsigned int, void *);
static void	 next_board(struct config *);
static void	 count_picture(struct config *);
static void	 plan_picture(const struct config *, const struct board *,
		    const struct plan *, struct plan_view *, struct picture *);
static int	 write_animation(const struct config *, FILE *,
		    const struct board *, const struct plan *,
		    struct plan_view *);
static int	 write_steps(const struct config *, const struct board *,
		    const struct plan *, struct plan_view *);
static int	 do_plan(const struct config *, struct board *,
		    struct plan_view *);
static int	 do_board(struct config *, struct board *, struct input *,
		    struct plan_view *);
static void	 not_read(const struct config *, const char *, size_t);
static int	 do_picture(struct config *, struct input *);
static int	 do_input(struct config *, struct input *);
static int	 do_member(const char *, char *, size_t, void *);
static int	 do_archive(struct config *, struct input *);
static int	 do_file(struct config *, const char *);
static void	 do_generate(const struct config *);
static void	 parse_options(int, char *[], struct config *);

enum { OPT_SCALE = CHAR_MAX + 1, OPT_STEPS, OPT_SUMMARY };

/* --replay and -r are the old spellings of --check and -c. */
static const struct option longopts[] = {
	{ "check",	no_argument,		NULL,	'c' },
	{ "effort",	required_argument,	NULL,	'e' },
	{ "format",	required_argument,	NULL,	'f' },
	{ "generate",	required_argument,	NULL,	'g' },
	{ "greedy",	no_argument,		NULL,	'G' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "input",	required_argument,	NULL,	'i' },
	{ "list",	no_argument,		NULL,	'l' },
	{ "next",	required_argument,	NULL,	'n' },
	{ "read",	no_argument,		NULL,	'R' },
	{ "replay",	no_argument,		NULL,	'c' },
	{ "scale",	required_argument,	NULL,	OPT_SCALE },
	{ "seed",	required_argument,	NULL,	'S' },
	{ "size",	required_argument,	NULL,	's' },
	{ "steps",	required_argument,	NULL,	OPT_STEPS },
	{ "summary",	no_argument,		NULL,	OPT_SUMMARY },
	{ "time",	required_argument,	NULL,	't' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static const char synopsis[] =
    "usage: fruitsolve [-G] [-e effort] [-f format] [-i format] [-n moves] "
    "[-S seed]\n"
    "                  [-t seconds] [--scale scale] [--steps prefix] "
    "[--summary]\n"
    "                  [file ...]\n"
    "       fruitsolve -l [-i format] [file ...]\n"
    "       fruitsolve -c [file ...]\n"
    "       fruitsolve -R [-f format] [-i format] [--scale scale] "
    "[file ...]\n"
    "       fruitsolve -g count [-S seed] [-s widthxheight]\n"
    "       fruitsolve -h | -V\n";

/* The formats -f names, as --help and a wrong one's message list them. */
#define FORMAT_NAMES	"moves, board, game, svg, png, jpeg, ppm, webp, gif"

#define STR(x)		STR_(x)
#define STR_(x)		#x

static const struct help_option options_help[] = {
	{ 'c', "check", "", "check the move list after each board" },
	{ 'e', "effort", "=N", "search effort of a plan, in moves of the "
	    "games it plays (default " STR(DEFAULT_EFFORT) ")" },
	{ 'f', "format", "=FORMAT", "write FORMAT, by default moves, or board "
	    "with -R (FORMAT: " FORMAT_NAMES "; with -R: board, png, jpeg, "
	    "ppm)" },
	{ 'G', "greedy", "", "plan greedily, fast, no search" },
	{ 'g', "generate", "=N", "write N random boards" },
	{ 'h', "help", "", "print this help and exit" },
	{ 'i', "input", "=FORMAT", "read the files as FORMAT, auto by default "
	    "(FORMAT: auto, board, image)" },
	{ 'l', "list", "", "list every rectangle summing to 10" },
	{ 'n', "next", "=N", "with -f svg, png, jpeg, ppm, webp, gif, show "
	    "only the next N moves" },
	{ 'R', "read", "", "print each board as read, plan nothing" },
	{ 'S', "seed", "=SEED", "seed of -g and of the planner's ties" },
	{ 's', "size", "=WxH", "size of -g boards, columns x rows (default "
	    "17x10)" },
	{ 0, "scale", "=S", "scale of a board drawn as ppm, png, jpeg, webp, "
	    "gif (default 1)" },
	{ 0, "steps", "=PREFIX", "with -f svg, png, jpeg, ppm, write "
	    "PREFIX-B-MM.svg (.png, .jpg, .ppm), one a move" },
	{ 0, "summary", "", SUMMARY_HELP },
	{ 't', "time", "=SECONDS", "wall-clock limit of a plan" },
	{ 'V', "version", "", "print the version and exit" },
	{ 0, NULL, NULL, NULL }
};

static long long
number(const char *s, long long min, long long max, const char *opt)
{
	const char *errstr;
	long long v;

	v = strtonum(s, min, max, &errstr);
	if (errstr != NULL)
		errx(GF_EXIT_ERROR, "%s %s: %s (%lld to %lld)", opt, s, errstr,
		    min, max);
	return v;
}

/* A decimal number from min to max, such as 0.5, the argument of opt. */
static double
decimal(const char *s, double min, double max, const char *opt)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || !(v >= min && v <= max))
		errx(GF_EXIT_ERROR, "%s %s: expected a number from %g to %g",
		    opt, s, min, max);
	return v;
}

/* "17x10": columns, then rows, as players say a board's size. */
static void
parse_size(const char *s, struct config *cf)
{
	char buf[32];
	char *x;
	const char *e1 = NULL, *e2 = NULL;

	if (strlcpy(buf, s, sizeof(buf)) < sizeof(buf) &&
	    (x = strchr(buf, 'x')) != NULL) {
		*x = '\0';
		cf->cols = (size_t)strtonum(buf, 1, 65536, &e1);
		cf->rows = (size_t)strtonum(x + 1, 1, 65536, &e2);
		if (e1 == NULL && e2 == NULL)
			return;
	}
	errx(GF_EXIT_ERROR, "-s %s: expected WIDTHxHEIGHT (columns x rows), "
	    "each from 1 to 65536, as 17x10", s);
}

static void
parse_format(const char *s, struct config *cf)
{
	static const struct {
		const char	*name;
		enum format	 format;
	} formats[] = {
		{ "moves", MOVES }, { "board", BOARD }, { "game", GAME },
		{ "svg", SVG }, { "ppm", PPM }, { "png", PNGOUT },
		{ "jpeg", JPEGOUT }, { "webp", WEBPOUT }, { "gif", GIFOUT },
	};
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcmp(s, formats[i].name) == 0) {
			cf->format = formats[i].format;
			cf->formatname = formats[i].name;
			return;
		}
	errx(GF_EXIT_ERROR, "unknown output format: %s (one of: "
	    FORMAT_NAMES ")", s);
}

/*
 * Options that contradict each other are refused, naming both, rather
 * than resolved by their order.
 */
static void
check_options(struct config *cf)
{
	static const char *const excludes[] = {
		"gl", "gc", "gR", "lc", "lR", "cR",
		"lG", "le", "lt", "lf", "ln", "lS",
		"cG", "ce", "ct", "cf", "cn", "cS",
		"RG", "Re", "Rt", "Rn", "RS",
		"gG", "ge", "gt", "gf", "gn", "gi",
		"Ge", "Gt",
	};
	size_t i;
	int a, b;

	for (i = 0; i < sizeof(excludes) / sizeof(excludes[0]); i++) {
		a = (unsigned char)excludes[i][0];
		b = (unsigned char)excludes[i][1];
		if (given[a] && given[b])
			errx(GF_EXIT_ERROR, "-%c and -%c exclude each other",
			    a, b);
	}
	if (given['s'] && cf->mode != GENERATE)
		errx(GF_EXIT_ERROR, "-s applies to -g only");
	if (cf->mode == READ && cf->format != BOARD && (cf->format < PPM ||
	    ANIMATED(cf->format)))
		errx(GF_EXIT_ERROR, "-R and -f %s exclude each other",
		    cf->formatname);
	if ((given['n'] || cf->steps != NULL) && (cf->mode != PLAN ||
	    cf->format < SVG))
		errx(GF_EXIT_ERROR, "%s applies to plans drawn (-f svg, png, "
		    "jpeg, ppm, webp, gif) only",
		    given['n'] ? "-n" : "--steps");
	if (cf->steps != NULL && ANIMATED(cf->format))
		errx(GF_EXIT_ERROR, "--steps and -f %s exclude each other: "
		    "the animation holds every step", cf->formatname);
	if (cf->scale != 0 && cf->format < PPM)
		errx(GF_EXIT_ERROR, "--scale applies to -f ppm, png, jpeg, "
		    "webp or gif only");
	if (cf->scale == 0)
		cf->scale = 1;
}

static int
print_rect(const struct rect *r, unsigned int apples, void *arg)
{
	(void)arg;
	printf("%u %u %u %u %u\n", r->r1 + 1, r->c1 + 1, r->r2 + 1,
	    r->c2 + 1, apples);
	return 0;
}

/*
 * A board's output begins: text output (the names --steps writes too)
 * is a blank line after the last board's; pictures are files of their
 * own.
 */
static void
next_board(struct config *cf)
{
	if (cf->nboards++ > 0 && (cf->format < SVG || cf->steps != NULL))
		putchar('\n');
}

/*
 * A picture is about to be written to standard output.  PNG, JPEG and
 * SVG hold one picture a file, so that a viewer shows the first of
 * several written one after another alone (PPM is a stream of them, as
 * netpbm reads it): the second is told in a warning, once.
 */
static void
count_picture(struct config *cf)
{
	if (cf->steps != NULL || (cf->mode != PLAN && cf->mode != READ) ||
	    cf->format == PPM || cf->format < SVG || ++cf->pictures != 2)
		return;
	run_clear_progress();
	fflush(stdout);
	run_warning();
	warnx("warning: several pictures written one after another, of "
	    "which a viewer shows the first alone: give one board a run%s",
	    ANIMATED(cf->format) ? "" : ", or write a file a move with "
	    "--steps");
}

/* A picture in the format asked for, on fp; -1 on a write error. */
static int
write_picture(const struct config *cf, FILE *fp, const struct picture *pic)
{
	return cf->format == PPM ? pnm_write(fp, pic) :
	    cf->format == PNGOUT ? png_write(fp, pic) :
	    jpeg_write(fp, pic, 90, 0);
}

/*
 * The plan painted into pic, over the screenshot its board was read
 * from, or over the board drawn at --scale.
 */
static void
plan_picture(const struct config *cf, const struct board *b,
    const struct plan *p, struct plan_view *v, struct picture *pic)
{
	char why[160];

	if (v->picture != NULL) {
		if (picture_new(pic, v->picture->w, v->picture->h, why,
		    sizeof(why)) == -1)
			errx(GF_EXIT_ERROR, "%s", why);
		memcpy(pic->rgb, v->picture->rgb, pic->w * pic->h * 3);
	} else {
		draw_board(b, cf->scale, pic, &v->grid);
	}
	render_picture(pic, b, p, v);
}

/*
 * The plan painted (see plan_picture), written to fp in the format asked
 * for; -1 on a write error.
 */
static int
write_plan_picture(const struct config *cf, FILE *fp, const struct board *b,
    const struct plan *p, struct plan_view *v)
{
	struct picture pic;
	int rv;

	plan_picture(cf, b, p, v, &pic);
	rv = write_picture(cf, fp, &pic);
	picture_free(&pic);
	return rv;
}

/*
 * The plan as an animated WebP or GIF on fp: a frame a move, showing it
 * (and the next ones, with -n) over the board with the moves before it
 * veiled, as --steps draws them, for ANIM_MOVE_MS each; then the board
 * as the plan leaves it, for ANIM_END_MS.  -1 on a write error.
 */
static int
write_animation(const struct config *cf, FILE *fp, const struct board *b,
    const struct plan *p, struct plan_view *v)
{
	struct webp_anim *webp = NULL;
	struct gif_anim *gif = NULL;
	struct picture pic;
	size_t i;
	int ms;

	for (i = 0; i <= p->nmoves; i++) {
		v->first = i;
		v->count = cf->next == 0 ? 1 : cf->next;
		plan_picture(cf, b, p, v, &pic);
		ms = i < p->nmoves ? ANIM_MOVE_MS : ANIM_END_MS;
		if (cf->format == GIFOUT) {
			if (gif == NULL)
				gif = gif_anim_new(fp, pic.w, pic.h);
			gif_anim_add(gif, &pic, ms);
		} else {
			if (webp == NULL)
				webp = webp_anim_new(pic.w, pic.h);
			webp_anim_add(webp, &pic, ms);
		}
		picture_free(&pic);
	}
	return gif != NULL ? gif_anim_end(gif) : webp_anim_write(webp, fp);
}

/*
 * One picture a move, PREFIX-B-MM.svg (or .png, .jpg, .ppm) for move MM
 * of board B of the run, showing that move (and the next ones, with -n)
 * over the board with the moves before it veiled; the names written go
 * to standard output.
 */
static int
write_steps(const struct config *cf, const struct board *b,
    const struct plan *p, struct plan_view *v)
{
	static const char *const ext[] = { "svg", "ppm", "png", "jpg" };
	char path[PATH_MAX];
	size_t i;
	FILE *fp;
	int width;

	/* As many digits as the last move's, and two at least. */
	for (width = 2, i = 100; i <= p->nmoves; i *= 10)
		width++;
	for (i = 0; i < p->nmoves; i++) {
		if (snprintf(path, sizeof(path), "%s-%zu-%0*zu.%s",
		    cf->steps, cf->nboards, width, i + 1,
		    ext[cf->format - SVG]) >= (int)sizeof(path))
			errx(GF_EXIT_ERROR, "%s: name too long", cf->steps);
		if ((fp = fopen(path, "w")) == NULL)
			err(GF_EXIT_ERROR, "%s", path);
		v->first = i;
		v->count = cf->next == 0 ? 1 : cf->next;
		if (cf->format == SVG)
			render_svg(fp, b, p, v);
		else if (write_plan_picture(cf, fp, b, p, v) == -1)
			err(GF_EXIT_ERROR, "%s", path);
		if (fflush(fp) != 0 || ferror(fp) || fclose(fp) != 0)
			err(GF_EXIT_ERROR, "%s", path);
		printf("%s\n", path);
	}
	printf("# cleared %zu of %zu\n", p->cleared, board_apples(b));
	return 0;
}

static int
do_plan(const struct config *cf, struct board *b, struct plan_view *v)
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
	case SVG:
	case PPM:
	case PNGOUT:
	case JPEGOUT:
		if (cf->steps != NULL) {
			write_steps(cf, b, &p, v);
			break;
		}
		v->first = 0;
		v->count = cf->next;
		if (cf->format == SVG)
			render_svg(stdout, b, &p, v);
		else if (write_plan_picture(cf, stdout, b, &p, v) == -1)
			err(GF_EXIT_ERROR, "write error on standard output");
		break;
	case WEBPOUT:
	case GIFOUT:
		if (write_animation(cf, stdout, b, &p, v) == -1)
			err(GF_EXIT_ERROR, "write error on standard output");
		break;
	case BOARD:
		for (i = 0; i < p.nmoves; i++)
			board_clear(b, &p.move[i]);
		board_print(stdout, b, cf->colour);
		printf("# cleared %zu of %zu\n", p.cleared, apples);
		break;
	default:
		break;
	}
	plan_free(&p);
	return 0;
}

/* A picture of the board, as the game would draw it. */
static void
draw(const struct config *cf, const struct board *b)
{
	struct picture pic;
	int rv;

	draw_board(b, cf->scale, &pic, NULL);
	rv = write_picture(cf, stdout, &pic);
	picture_free(&pic);
	if (rv == -1)
		err(GF_EXIT_ERROR, "write error on standard output");
}

/*
 * One board read, in the mode asked for; its output is flushed at once,
 * a plan taking seconds.  Returns the exit status it earns.
 */
static int
do_board(struct config *cf, struct board *b, struct input *in,
    struct plan_view *v)
{
	size_t apples, cleared;
	int status = GF_EXIT_OK;

	next_board(cf);
	count_picture(cf);
	switch (cf->mode) {
	case LIST:
		rects_each(b, print_rect, NULL);
		break;
	case REPLAY:
		apples = board_apples(b);
		if (replay_moves(&in->lr, b, &cleared) != 0)
			status = GF_EXIT_BAD;
		board_print(stdout, b, cf->colour);
		printf("# cleared %zu of %zu\n", cleared, apples);
		break;
	case READ:
		if (cf->format == BOARD)
			board_print(stdout, b, cf->colour);
		else
			draw(cf, b);
		break;
	default:
		do_plan(cf, b, v);
		break;
	}
	fflush(stdout);
	run_record(status != GF_EXIT_OK);
	return status;
}

/* The comment that keeps output aligned where board n was not read. */
static void
not_read(const struct config *cf, const char *name, size_t n)
{
	if (cf->format >= PPM && cf->steps == NULL)
		return;
	if (cf->format == SVG)
		printf("<!-- %s: board %zu: not read -->\n", name, n);
	else
		printf("# %s: board %zu: not read\n", name, n);
	fflush(stdout);
	run_record(1);
}

static int
do_picture(struct config *cf, struct input *in)
{
	struct board b;
	struct plan_view v;
	char why[160];
	int status, rv;

	memset(&v, 0, sizeof(v));
	if (cf->mode == REPLAY) {
		warnx("%s: -c needs the moves after a board in text", in->name);
		return GF_EXIT_BAD;
	}
	if ((rv = input_board(in, &b, &v, cf->mode != PLAN ? KEEP_NOTHING :
	    cf->format == SVG ? KEEP_BYTES : cf->format >= PPM ? KEEP_PIXELS :
	    KEEP_NOTHING, why, sizeof(why))) < 0) {
		/* A chat's photos: counted by the archive's walk. */
		if (rv == IMAGE_NO_GRID && cf->in_archive)
			return ZR_SKIPPED;
		run_clear_progress();
		fflush(stdout);
		warnx("%s: %s", in->name, why);
		next_board(cf);
		not_read(cf, in->name, 1);
		return GF_EXIT_BAD;
	}
	if (cf->mode == PLAN && cf->format >= PPM && cf->scale != 1) {
		run_warning();
		warnx("%s: warning: --scale applies to boards drawn from "
		    "text: the plan is painted on the screenshot as it is",
		    in->name);
	}
	status = do_board(cf, &b, in, &v);
	board_free(&b);
	return status;
}

/*
 * Every board of one input opened, a picture or text.  Returns the exit
 * status the input earns.
 */
static int
do_input(struct config *cf, struct input *in)
{
	struct board b;
	struct plan_view v;
	size_t n;
	int got, status;

	if (in->picture)
		return do_picture(cf, in);
	status = GF_EXIT_OK;
	memset(&v, 0, sizeof(v));
	n = 0;
	while (!run_stopped() && (got = board_read(&in->lr, &b)) != 0) {
		n++;
		if (got == -1) {
			status = GF_EXIT_BAD;
			next_board(cf);
			not_read(cf, in->name, n);
			continue;
		}
		if (do_board(cf, &b, in, &v) != GF_EXIT_OK)
			status = GF_EXIT_BAD;
		board_free(&b);
	}
	return status;
}

/* A picture or file of boards of an archive (see do_archive). */
static int
do_member(const char *name, char *bytes, size_t len, void *arg)
{
	struct input in;
	int status;

	input_from_bytes(&in, name, (uint8_t *)bytes, len, INPUT_AUTO);
	status = do_input(arg, &in);
	if (input_close(&in) == -1)
		status = GF_EXIT_ERROR;
	return status;
}

/*
 * A ZIP archive, as screenshots come in a chat's export: each picture
 * or file of boards in it, in the archive's order, read as an input of
 * its own named archive:file (see zr_each_file).  The other files (the
 * chat's text) are counted in one warning, which names the first, and
 * so are the pictures that show no grid of apples at all (the chat's
 * photos), which a screenshot of the game does; one that does and is
 * not read is reported as any other.
 */
static int
do_archive(struct config *cf, struct input *in)
{
	struct zr_walk walk = { NULL, 0, input_wanted,
	    "neither a picture nor boards", do_member, cf,
	    "showing no grid of apples" };
	int status;

	cf->in_archive = 1;
	status = zr_each_file(in->name, (const char *)in->data, in->len,
	    &walk);
	cf->in_archive = 0;
	return status;
}

/*
 * Every board of one file.  Returns the exit status the file earns.
 */
static int
do_file(struct config *cf, const char *path)
{
	struct input in;
	int status;

	if (input_open(&in, path, cf->input) == -1)
		return GF_EXIT_ERROR;
	status = in.archive ? do_archive(cf, &in) : do_input(cf, &in);
	if (input_close(&in) == -1)
		return GF_EXIT_ERROR;
	return status;
}

static void
do_generate(const struct config *cf)
{
	struct board b;
	struct rng g;
	uint64_t i;

	rng_seed(&g, cf->plan.seed);
	for (i = 0; i < cf->count && !run_stopped(); i++) {
		board_generate(&b, cf->rows, cf->cols, &g);
		if (i > 0)
			putchar('\n');
		board_print(stdout, &b, 0);
		board_free(&b);
		run_record(0);
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
	cf->input = INPUT_AUTO;
	cf->plan.effort = DEFAULT_EFFORT;
	cf->rows = 10;
	cf->cols = 17;
	/* getopt names the tool by argv[0], as every other message does. */
	argv[0] = (char *)(uintptr_t)getprogname();
	while ((ch = getopt_long(argc, argv, "ce:f:Gg:hi:ln:RrS:s:t:V",
	    longopts, NULL)) != -1) {
		if (ch == 'r')
			ch = 'c';
		if (ch > 0 && ch <= UCHAR_MAX)
			given[ch] = 1;
		switch (ch) {
		case 'e':
			cf->plan.effort = (uint64_t)number(optarg, 1,
			    1000000000000LL, "-e");
			break;
		case 'f':
			parse_format(optarg, cf);
			break;
		case 'G':
			cf->plan.greedy = 1;
			break;
		case 'g':
			cf->mode = GENERATE;
			cf->count = (uint64_t)number(optarg, 0, LLONG_MAX,
			    "-g");
			break;
		case 'h':
			print_help(synopsis, options_help);
		case 'i':
			if (strcmp(optarg, "auto") == 0)
				cf->input = INPUT_AUTO;
			else if (strcmp(optarg, "board") == 0)
				cf->input = INPUT_BOARD;
			else if (strcmp(optarg, "image") == 0)
				cf->input = INPUT_IMAGE;
			else {
				errx(GF_EXIT_ERROR, "unknown input format: %s "
				    "(one of: auto, board, image)", optarg);
			}
			break;
		case 'l':
			cf->mode = LIST;
			break;
		case 'n':
			cf->next = (size_t)number(optarg, 1, INT_MAX, "-n");
			break;
		case 'R':
			cf->mode = READ;
			break;
		case 'c':
			cf->mode = REPLAY;
			break;
		case 'S':
			cf->plan.seed = (uint64_t)number(optarg, 0, LLONG_MAX,
			    "-S");
			break;
		case 's':
			parse_size(optarg, cf);
			break;
		case 't':
			cf->plan.seconds = decimal(optarg, 0.001, 86400, "-t");
			break;
		case 'V':
			print_version();
			finish_stdout();
			exit(GF_EXIT_OK);
		case OPT_SCALE:
			cf->scale = decimal(optarg, 0.25, MAX_SCALE, "--scale");
			break;
		case OPT_STEPS:
			cf->steps = optarg;
			break;
		case OPT_SUMMARY:
			cf->summary = 1;
			break;
		default:
			print_usage(synopsis);
		}
	}
	if (cf->mode == READ && !given['f'])
		cf->format = BOARD;
	check_options(cf);
}

int
main(int argc, char *argv[])
{
	struct config cf;
	const char *nocolour;
	int i, status, st;

	parse_options(argc, argv, &cf);
	argc -= optind;
	argv += optind;
	run_start(cf.summary);
	if (cf.mode == GENERATE) {
		if (argc > 0)
			errx(GF_EXIT_ERROR, "-g reads no files: %s", argv[0]);
		do_generate(&cf);
		return run_finish(GF_EXIT_OK);
	}
	nocolour = getenv("NO_COLOR");
	cf.colour = isatty(STDOUT_FILENO) &&
	    (nocolour == NULL || nocolour[0] == '\0');
	status = GF_EXIT_OK;
	if (argc == 0)
		status = do_file(&cf, "-");
	for (i = 0; i < argc && !run_stopped(); i++) {
		st = do_file(&cf, argv[i]);
		if (st > status)
			status = st;
	}
	return run_finish(status);
}
