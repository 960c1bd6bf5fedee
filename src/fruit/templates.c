/*
 * fruit-templates: make the digit templates fruitsolve reads screenshots
 * with.  Given screenshots, each beside its board in fruit-board(5) form
 * (shot.png and shot.board), it finds each board as fruitsolve does,
 * averages the look of every cell holding each digit and writes the
 * averages as C source on standard output.  Each screenshot of the game
 * is also read made smaller (SHRINK), as a browser zoomed out or a chat
 * app's resizing shows it, so that small boards have templates of their
 * own: the game's font blurred to a few pixels looks like no sharp one.
 *
 *	fruit-templates DIR/NAME.png ... > src/fruit/digit-templates.c
 *
 * It also reports on standard error, per image, how near each cell came
 * to its own template and to the nearest other one (with FRUIT_DEBUG set
 * in the environment, the look of each cell nearer another digit), so
 * that the thresholds in digits.c can be checked against real shots;
 * and then reads each shot, at each size, with templates made from all
 * the other shots, the honest measure of how the templates do on a
 * shot they have not seen; and again with templates made from the shots
 * of all other publishers (the set names its files PUBLISHER-WHAT), as
 * one publisher's shots are alike.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"
#include "picture.h"

#define NCELLS	170
#define NPITCH	7	/* ranges of pitch */
#define NBANDS	(2 * NPITCH)	/* each twice: the game's font, our own */

static int
pitch_band(double pitch)
{
	static const double below[NPITCH - 1] = { 20, 24, 28, 36, 47, 58 };
	int band;

	for (band = 0; band < NPITCH - 1 && pitch >= below[band]; band++)
		continue;
	return band;
}

/* The font of the templates of a band. */
static int
band_font(int band)
{
	return band < NPITCH ? DIGIT_GAME_FONT : DIGIT_OWN_FONT;
}

/* The sizes each screenshot of the game is also read at. */
static const double shrink[] = { 0.7, 0.6, 0.5 };
#define NSHRINK	(sizeof(shrink) / sizeof(shrink[0]))

/*
 * How near the cells of the shots left out came to their own digit and
 * to the nearest other, to set the thresholds in digits.c by.
 */
struct margins {
	size_t		 cells;
	unsigned int	 farthest;	/* from its own digit */
	size_t		 close[2];	/* own nearest by 0-3, by 4-7 */
	size_t		 beaten;	/* another digit nearer or as near */
	unsigned int	 worst_lead;	/* the most it was nearer by */
	unsigned int	 near_lead;	/* the same, within the distance
					   digits are read at */
};

struct shot {
	const char	*path;
	struct picture	 pic;
	struct grid	 grid;
	uint8_t		 truth[NCELLS];
};

static int	 load_shot(const char *, struct shot *);
static void	 learn_shot(struct shot *, int, int, const char *,
		    uint64_t [NBANDS][10][DIGIT_SIDE * DIGIT_SIDE],
		    uint64_t [NBANDS][10]);
static int	 read_truth(const char *, uint8_t *);
static void	 report(int, char *[], const struct digit_template *, size_t);
static void	 leave_one_out(int);
static int	 publisher_of(const char *);
static void	 cell_margins(const struct cell_look *, int, int,
		    const struct digit_template *, size_t, struct margins *);
static size_t	 average_templates(uint64_t [NBANDS][10][DIGIT_SIDE * DIGIT_SIDE],
		    uint64_t [NBANDS][10], struct digit_template *);

/* What each shot gave, for the leave-one-out check. */
struct seen {
	const char	*path;
	double		 scale;		/* of the shot as published */
	int		 source;	/* the shot it was made from */
	int		 publisher;	/* the first shot of the same */
	int		 band;
	uint8_t		 truth[NCELLS];
	struct cell_look look[NCELLS];
};
static struct seen *seen;
static size_t nseen;
static double seen_scale = 1;	/* of the shot being learnt */

/*
 * One template for each digit seen in each band of cell pitch: the
 * rounded mean of the looks summed for it.  Returns how many were made.
 */
static size_t
average_templates(uint64_t sum[NBANDS][10][DIGIT_SIDE * DIGIT_SIDE],
    uint64_t count[NBANDS][10], struct digit_template *t)
{
	size_t nt = 0, k;
	int band, d;

	for (band = 0; band < NBANDS; band++)
		for (d = 1; d <= 9; d++) {
			if (count[band][d] == 0)
				continue;
			t[nt].digit = (uint8_t)d;
			t[nt].font = (uint8_t)band_font(band);
			for (k = 0; k < DIGIT_SIDE * DIGIT_SIDE; k++)
				t[nt].ink[k] = (uint8_t)((sum[band][d][k] +
				    count[band][d] / 2) / count[band][d]);
			nt++;
		}
	return nt;
}

/*
 * How each shot reads with the new templates: the cells wrong, the
 * farthest a cell was from its own digit and the nearest it came to
 * another, against the thresholds in digits.c.
 */
static void
report(int argc, char *argv[], const struct digit_template *t, size_t nt)
{
	struct shot s;
	struct cell_look look;
	unsigned int d, own, other, worst_own, worst_gap;
	size_t i, wrong;
	int a, r, c, v;

	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--") == 0 || load_shot(argv[a], &s) == -1)
			continue;
		wrong = 0;
		worst_own = 0;
		worst_gap = UINT32_MAX;
		for (r = 0; r < 10; r++)
			for (c = 0; c < 17; c++) {
				v = s.truth[r * 17 + c];
				image_look(&s.pic, &s.grid, r, c, &look);
				if (v == 0) {
					if (look.red >= 150 && look.yellow < 100)
						wrong++;
					continue;
				}
				own = other = UINT32_MAX;
				for (i = 0; i < nt; i++) {
					d = digit_distance(&look, &t[i]);
					if (t[i].digit == v && d < own)
						own = d;
					if (t[i].digit != v && d < other)
						other = d;
				}
				if (own >= other) {
					wrong++;
					if (getenv("FRUIT_DEBUG") != NULL) {
						fprintf(stderr, "cell %d,%d truth "
						    "%d own %u other %u aspect %u "
						    "red %u\n", r + 1, c + 1, v, own,
						    other, look.aspect, look.red);
						for (i = 0; i < DIGIT_SIDE *
						    DIGIT_SIDE; i++)
							fprintf(stderr, "%c%s",
							    " .:-=+*#%@"[
							    look.ink[i] * 10 /
							    256], i % DIGIT_SIDE ==
							    DIGIT_SIDE - 1 ?
							    "\n" : "");
					}
				}
				if (own > worst_own)
					worst_own = own;
				if (other - own < worst_gap ||
				    (other < own && worst_gap != 0))
					worst_gap = other > own ? other - own :
					    0;
			}
		fprintf(stderr, "%s: %zu cells wrong, farthest from its own "
		    "digit %u, least margin %u\n", argv[a], wrong, worst_own,
		    worst_gap);
		picture_free(&s.pic);
	}
}

static int
read_truth(const char *image, uint8_t *truth)
{
	struct linereader lr;
	struct board b;
	char path[4096], *dot;
	int got;

	strlcpy(path, image, sizeof(path));
	if ((dot = strrchr(path, '.')) == NULL)
		return -1;
	strlcpy(dot, ".board", sizeof(path) - (size_t)(dot - path));
	if (lr_open(&lr, path) == -1)
		return -1;
	got = board_read(&lr, &b);
	lr_close(&lr);
	if (got != 1 || b.rows * b.cols != NCELLS) {
		if (got == 1)
			board_free(&b);
		warnx("%s: not a 17x10 board", path);
		return -1;
	}
	memcpy(truth, b.cell, NCELLS);
	board_free(&b);
	return 0;
}

static int
load_shot(const char *path, struct shot *s)
{
	char why[160];
	uint8_t *data;
	size_t len;
	FILE *fp;

	memset(s, 0, sizeof(*s));
	s->path = path;
	if ((fp = fopen(path, "rb")) == NULL) {
		warn("%s", path);
		return -1;
	}
	if ((data = read_all(fp, &len)) == NULL) {
		warn("%s", path);
		fclose(fp);
		return -1;
	}
	fclose(fp);
	if (picture_decode(data, len, &s->pic, why, sizeof(why)) == -1 ||
	    image_grid(&s->pic, &s->grid, why, sizeof(why)) != 0) {
		warnx("%s: %s", path, why);
		free(data);
		return -1;
	}
	free(data);
	return read_truth(path, s->truth);
}

/*
 * Add the look of every cell of s to the sums of its band, and keep it
 * for the leave-one-out check, as made from argument `source`.
 */
static void
learn_shot(struct shot *s, int source, int own, const char *path,
    uint64_t sum[NBANDS][10][DIGIT_SIDE * DIGIT_SIDE],
    uint64_t count[NBANDS][10])
{
	struct cell_look look;
	size_t k;
	int r, c, d, band;

	band = own * NPITCH + pitch_band(s->grid.dx);
	seen = xreallocarray(seen, nseen + 1, sizeof(*seen));
	seen[nseen].path = path;
	seen[nseen].scale = seen_scale;
	seen[nseen].source = source;
	seen[nseen].publisher = publisher_of(path);
	seen[nseen].band = band;
	memcpy(seen[nseen].truth, s->truth, NCELLS);
	for (r = 0; r < 10; r++)
		for (c = 0; c < 17; c++) {
			d = s->truth[r * 17 + c];
			image_look(&s->pic, &s->grid, r, c, &look);
			seen[nseen].look[r * 17 + c] = look;
			if (d == 0)
				continue;
			count[band][d]++;
			for (k = 0; k < DIGIT_SIDE * DIGIT_SIDE; k++)
				sum[band][d][k] += look.ink[k];
		}
	nseen++;
}

int
main(int argc, char *argv[])
{
	struct shot s, small;
	uint64_t sum[NBANDS][10][DIGIT_SIDE * DIGIT_SIDE];
	uint64_t count[NBANDS][10];
	struct digit_template *t;
	char why[160];
	size_t nt, i, k;
	int a, own;

	if (argc < 2) {
		fprintf(stderr, "usage: fruit-templates image ... "
		    "[-- drawn ...]\n");
		return GF_EXIT_ERROR;
	}
	memset(sum, 0, sizeof(sum));
	memset(count, 0, sizeof(count));
	own = 0;
	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--") == 0) {
			own = 1;
			continue;
		}
		if (load_shot(argv[a], &s) == -1)
			continue;
		learn_shot(&s, a, own, argv[a], sum, count);
		for (i = 0; !own && i < NSHRINK; i++) {
			small.path = argv[a];
			memcpy(small.truth, s.truth, NCELLS);
			if (picture_shrink(&s.pic, shrink[i], &small.pic) == -1)
				continue;
			if (image_grid(&small.pic, &small.grid, why,
			    sizeof(why)) == 0) {
				seen_scale = shrink[i];
				learn_shot(&small, a, own, argv[a], sum, count);
			} else
				warnx("%s at %g: %s", argv[a], shrink[i], why);
			picture_free(&small.pic);
		}
		seen_scale = 1;
		picture_free(&s.pic);
	}
	t = xcalloc(NBANDS * 10, sizeof(*t));
	nt = average_templates(sum, count, t);
	printf("/*\n * digit-templates.c: the look of each digit as the game "
	    "draws it, the\n * mean over the cells of real screenshots, %d "
	    "samples square, 0 apple\n * red to 255 white.  Made by "
	    "fruit-templates (templates.c); do not edit.\n */\n\n"
	    "#include \"config.h\"\n\n#include \"picture.h\"\n\n"
	    "const struct digit_template digit_templates[] = {\n",
	    DIGIT_SIDE);
	for (i = 0; i < nt; i++) {
		printf("\t{ %u, %u, {", t[i].digit, t[i].font);
		for (k = 0; k < DIGIT_SIDE * DIGIT_SIDE; k++)
			printf("%s%u,", k % 16 == 0 ? "\n\t    " : " ",
			    t[i].ink[k]);
		printf("\n\t} },\n");
	}
	printf("};\n\nconst size_t digit_ntemplates = %zu;\n", nt);
	report(argc, argv, t, nt);
	leave_one_out(0);
	leave_one_out(1);
	free(t);
	finish_stdout();
	return GF_EXIT_OK;
}

/*
 * Who published the shot at path, as the set names its files
 * (PUBLISHER-WHAT.png): the source of the first shot seen with the same
 * name up to its first '-'; the shot's own when its name has none.
 */
static int
publisher_of(const char *path)
{
	const char *name, *other, *dash;
	size_t i, len;

	name = (name = strrchr(path, '/')) == NULL ? path : name + 1;
	if ((dash = strchr(name, '-')) == NULL)
		return -1 - (int)nseen;
	len = (size_t)(dash - name) + 1;
	for (i = 0; i < nseen; i++) {
		other = strrchr(seen[i].path, '/');
		other = other == NULL ? seen[i].path : other + 1;
		if (strncmp(name, other, len) == 0)
			return seen[i].publisher;
	}
	return (int)nseen;
}

/*
 * Each shot read with templates made from all the others (by_publisher:
 * from the shots of all other publishers): how well the templates
 * would do on a shot they have not seen, with the thresholds fruitsolve
 * uses.  Many shots of one publisher are alike, so that leaving out
 * only the one shot flatters the templates.
 */
static void
leave_one_out(int by_publisher)
{
	uint64_t sum[NBANDS][10][DIGIT_SIDE * DIGIT_SIDE];
	uint64_t count[NBANDS][10];
	struct digit_template t[NBANDS * 10];
	struct digit_match m;
	struct margins st;
	size_t i, j, k, nt, exact, right, refused, wrong;
	int d, c, ok, font;
	const char *what;

	what = by_publisher ? "leave-publisher-out" : "leave-one-out";
	exact = refused = wrong = 0;
	memset(&st, 0, sizeof(st));
	for (i = 0; i < nseen; i++) {
		memset(sum, 0, sizeof(sum));
		memset(count, 0, sizeof(count));
		for (j = 0; j < nseen; j++) {
			if (seen[j].source == seen[i].source ||
			    (by_publisher &&
			    seen[j].publisher == seen[i].publisher))
				continue;
			for (c = 0; c < NCELLS; c++) {
				d = seen[j].truth[c];
				if (d == 0)
					continue;
				count[seen[j].band][d]++;
				for (k = 0; k < DIGIT_SIDE * DIGIT_SIDE; k++)
					sum[seen[j].band][d][k] +=
					    seen[j].look[c].ink[k];
			}
		}
		nt = average_templates(sum, count, t);
		right = 0;
		ok = 1;
		font = band_font(seen[i].band);
		for (c = 0; c < NCELLS; c++) {
			cell_margins(&seen[i].look[c], seen[i].truth[c], font,
			    t, nt, &st);
			digit_read_with(&seen[i].look[c], t, nt, font, &m);
			if (m.digit == seen[i].truth[c])
				right++;
			else if (m.digit == -1)
				ok = 0;
			else
				ok = -1;
		}
		exact += right == NCELLS;
		refused += ok == 0;
		wrong += ok == -1;
		fprintf(stderr, "%s: %s at %g: %zu of %d cells right%s\n", what,
		    seen[i].path, seen[i].scale, right, NCELLS, ok == 1 ? "" :
		    ok == 0 ? ", refused as unsure" : ", MISREAD");
	}
	fprintf(stderr, "%s: %zu of %zu exact, %zu refused, %zu WRONG\n",
	    what, exact, nseen, refused, wrong);
	fprintf(stderr, "%s cells: %zu with a digit, farthest from "
	    "its own %u; the right digit nearest by 0 to 3 in %zu, 4 to 7 in "
	    "%zu; a wrong one nearest in %zu, by at most %u (%u where it "
	    "was within %d)\n", what, st.cells, st.farthest, st.close[0],
	    st.close[1], st.beaten, st.worst_lead, st.near_lead,
	    DIGIT_MAX_DISTANCE);
}

/*
 * How near the cell with digit v came to its own digit and to the
 * nearest other, among the templates of its font, added to st.
 */
static void
cell_margins(const struct cell_look *look, int v, int font,
    const struct digit_template *t, size_t nt, struct margins *st)
{
	unsigned int best[10], own, other;

	if (v == 0 || !digit_present(look))
		return;
	digit_nearest(look, t, nt, font, best);
	own = best[v];
	other = digit_nearest_but(best, v);
	st->cells++;
	if (own > st->farthest)
		st->farthest = own;
	if (other <= own) {
		st->beaten++;
		if (own - other > st->worst_lead)
			st->worst_lead = own - other;
		if (other <= DIGIT_MAX_DISTANCE && own - other > st->near_lead)
			st->near_lead = own - other;
	} else if (other - own < 8)
		st->close[(other - own) / 4]++;
}
