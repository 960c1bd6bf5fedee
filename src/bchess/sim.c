/*
 * sim.c: bchess-sim plays games of Buffalo Chess under the rules and
 * prints their replay logs in the legacy form, one a line, for the tests
 * and the benchmark of bchess-pack.  The person plays at random or
 * greedily; the computer plays at random or as the site documents it.
 * The same seed gives the same games everywhere.  With -l it instead
 * reads logs and prints the legal moves of the position each reaches, in
 * the canonical order, so that the rules can be checked by hand.
 */

#include "config.h"

#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"
#include "rules.h"

enum player {
	PLAY_RANDOM,
	PLAY_GREEDY,
	PLAY_SITE
};

static struct rng	rng;

static __dead void usage(int);
static size_t	 greedy_choice(const struct position *, const struct move *,
		    size_t);
static double	 site_weight(const struct position *, const struct move *);
static size_t	 site_choice(const struct position *, const struct move *,
		    size_t);
static void	 play_game(int, int, size_t);
static int	 player_from_name(const char *);
static int	 list_legal(void);
static int	 replay_line(struct position *, char *, size_t);

static const struct option longopts[] = {
	{ "computer",	required_argument,	NULL,	'c' },
	{ "help",	no_argument,		NULL,	'h' },
	{ "legal",	no_argument,		NULL,	'l' },
	{ "moves",	required_argument,	NULL,	'm' },
	{ "games",	required_argument,	NULL,	'n' },
	{ "person",	required_argument,	NULL,	'p' },
	{ "seed",	required_argument,	NULL,	's' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

static __dead void
usage(int status)
{
	fprintf(status ? stderr : stdout, "usage: %s [-hlV] "
	    "[-c random | site] [-m moves] [-n games]\n"
	    "\t\t  [-p random | greedy] [-s seed]\n", getprogname());
	exit(status);
}

/*
 * A person who kills when able, keeps the buffaloes from moving and
 * above all from reaching the village; ties broken at random.
 */
static size_t
greedy_choice(const struct position *p, const struct move *legal, size_t n)
{
	struct position next;
	struct move m;
	static const double penalty[] = { 5, 20, 200, 1000 };
	double score, best;
	size_t i, choice, r, c;

	best = -1e9;
	choice = 0;
	for (i = 0; i < n; i++) {
		next = *p;
		m = legal[i];
		position_play(&next, &m);
		score = m.kill ? 150 : 0;
		if (next.over == 'w')
			score += 1000;
		for (r = 0; r + 1 < BOARD_ROWS; r++)
			for (c = 0; c < BOARD_COLS; c++)
				if (next.sq[r][c] == SQ_BUFFALO &&
				    next.sq[r + 1][c] == SQ_EMPTY)
					score -= penalty[r];
		score += rng_unit(&rng);
		if (score > best) {
			best = score;
			choice = i;
		}
	}
	return choice;
}

/* The weight the site gives the buffalo that makes this move. */
static double
site_weight(const struct position *p, const struct move *m)
{
	int r, dog, dr, dc;

	if (m->r1 == 4)
		return 999;
	dr = abs(m->r1 - p->chief_r);
	dc = abs(m->c1 - p->chief_c);
	if (dr <= 1 && dc <= 1 && rng_unit(&rng) < 0.9)
		return -999;
	dog = 0;
	for (r = 1; r <= BOARD_ROWS; r++)
		if (piece_at(p, r, m->c1) == SQ_DOG)
			dog = 1;
	return 5 * (m->r1 - dog) + dc + rng_unit(&rng);
}

/* The computer's documented choice among the buffaloes that can move. */
static size_t
site_choice(const struct position *p, const struct move *legal, size_t n)
{
	double w, best;
	size_t i, choice;

	if (rng_unit(&rng) < 0.01)
		return (size_t)rng_below(&rng, n);
	best = -1e9;
	choice = 0;
	for (i = 0; i < n; i++) {
		w = site_weight(p, &legal[i]);
		if (w > best) {
			best = w;
			choice = i;
		}
	}
	return choice;
}

static void
play_game(int person, int computer, size_t maxmoves)
{
	struct position p;
	struct move legal[MAX_LEGAL];
	size_t n, k, moves;
	int who;

	position_start(&p);
	for (moves = 0; !p.over && moves < maxmoves; moves++) {
		n = legal_moves(&p, legal);
		who = p.turn == SIDE_PERSON ? person : computer;
		if (who == PLAY_GREEDY)
			k = greedy_choice(&p, legal, n);
		else if (who == PLAY_SITE)
			k = site_choice(&p, legal, n);
		else
			k = (size_t)rng_below(&rng, n);
		position_play(&p, &legal[k]);
		printf("%sm-%u-%u-%u-%u-%u", moves == 0 ? "" : ",",
		    legal[k].r1, legal[k].c1, legal[k].r2, legal[k].c2,
		    legal[k].kill);
	}
	if (p.over)
		printf("%se-%c", moves == 0 ? "" : ",", p.over);
	putchar('\n');
}

/*
 * Play the moves of a legacy log (kill flags and end events ignored) on
 * p.  Returns 0, or -1 after a message naming the first move that breaks
 * the rules.
 */
static int
replay_line(struct position *p, char *line, size_t lineno)
{
	struct move m;
	const char *why;
	char *tok;
	unsigned int r1, c1, r2, c2;
	size_t i;

	position_start(p);
	for (i = 1; (tok = strsep(&line, ",")) != NULL; i++) {
		if (*tok == '\0' || *tok == 'e')
			continue;
		if (sscanf(tok, "m-%u-%u-%u-%u", &r1, &c1, &r2, &c2) != 4 ||
		    r1 > 9 || c1 > 9 || r2 > 9 || c2 > 9) {
			warnx("line %zu: event %zu: not a move (%s)", lineno, i,
			    tok);
			return -1;
		}
		m.r1 = r1;
		m.c1 = c1;
		m.r2 = r2;
		m.c2 = c2;
		if ((why = move_fault(p, &m)) != NULL) {
			warnx("line %zu: move %zu: %s (%s)", lineno, i, why,
			    tok);
			return -1;
		}
		position_play(p, &m);
	}
	return 0;
}

/* For each log on standard input, the legal moves after it, one line. */
static int
list_legal(void)
{
	struct position p;
	struct move legal[MAX_LEGAL];
	char *line = NULL;
	size_t cap = 0, lineno = 0, n, i;
	ssize_t len;
	int status = GF_EXIT_OK;

	while ((len = getline(&line, &cap, stdin)) != -1) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (replay_line(&p, line, lineno) == -1) {
			status = GF_EXIT_BAD;
			putchar('\n');
			continue;
		}
		n = legal_moves(&p, legal);
		for (i = 0; i < n; i++)
			printf("%sm-%u-%u-%u-%u-%u", i == 0 ? "" : " ",
			    legal[i].r1, legal[i].c1, legal[i].r2, legal[i].c2,
			    legal[i].kill);
		if (p.over)
			printf("e-%c", p.over);
		putchar('\n');
	}
	free(line);
	return status;
}

static int
player_from_name(const char *name)
{
	if (strcmp(name, "random") == 0)
		return PLAY_RANDOM;
	if (strcmp(name, "greedy") == 0)
		return PLAY_GREEDY;
	if (strcmp(name, "site") == 0)
		return PLAY_SITE;
	return -1;
}

int
main(int argc, char *argv[])
{
	const char *errstr;
	long long games, maxmoves;
	int ch, person, computer, legal;

	games = 1;
	maxmoves = MAX_GAME_MOVES;
	person = PLAY_RANDOM;
	computer = PLAY_RANDOM;
	rng_seed(&rng, 1);
	legal = 0;
	while ((ch = getopt_long(argc, argv, "c:hlm:n:p:s:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			computer = player_from_name(optarg);
			if (computer == PLAY_GREEDY || computer == -1)
				errx(GF_EXIT_ERROR, "computer: %s", optarg);
			break;
		case 'h':
			usage(GF_EXIT_OK);
		case 'l':
			legal = 1;
			break;
		case 'm':
			maxmoves = strtonum(optarg, 0, MAX_GAME_MOVES, &errstr);
			if (errstr != NULL)
				errx(GF_EXIT_ERROR, "moves %s: %s", errstr,
				    optarg);
			break;
		case 'n':
			games = strtonum(optarg, 0, 100000000, &errstr);
			if (errstr != NULL)
				errx(GF_EXIT_ERROR, "games %s: %s", errstr,
				    optarg);
			break;
		case 'p':
			person = player_from_name(optarg);
			if (person == PLAY_SITE || person == -1)
				errx(GF_EXIT_ERROR, "person: %s", optarg);
			break;
		case 's':
			rng_seed(&rng, (uint64_t)strtonum(optarg, 0, LLONG_MAX,
			    &errstr));
			if (errstr != NULL)
				errx(GF_EXIT_ERROR, "seed %s: %s", errstr,
				    optarg);
			break;
		case 'V':
			print_version();
			exit(GF_EXIT_OK);
		default:
			usage(GF_EXIT_ERROR);
		}
	}
	if (optind != argc)
		usage(GF_EXIT_ERROR);
	if (legal) {
		ch = list_legal();
		finish_stdout();
		return ch;
	}
	while (games-- > 0)
		play_game(person, computer, (size_t)maxmoves);
	finish_stdout();
	return GF_EXIT_OK;
}
