/*
 * fruit-digit-bound: the most apples a Fruit Box board could give if
 * geometry did not matter, from the counts of its digits alone: the
 * largest number of its apples that can be split into disjoint groups
 * each summing to 10.  bench/fruitsolve.sh measures each plan's gap to
 * it, the apples lost to geometry and to the search.
 *
 * A group holds at most one digit of 6 or more (two would pass 10), and
 * a 5 goes with another 5 or with small digits (1 to 4) summing to 5.
 * So every group is a big digit served by small digits, two 5s, or
 * small digits alone, and the bound is found over the small digits
 * still unspent, u = (ones, twos, threes, fours), by dynamic programming
 * in stages: first the most apples groups of small digits alone make
 * of u; then the 9s, each served by a 1, on top; then the 8s (a 2, or
 * 1 + 1), the 7s, the 6s, each stage a bounded knapsack of as many
 * servings as there are such digits; last the 5s, m of them served and
 * the others paired.  Exact, and fast for boards of 170 apples (about
 * 20^4 states).
 *
 * usage: fruit-digit-bound < boards
 * Boards in fruit-board(5) form, separated by blank lines ('#' lines
 * are skipped); prints one number a board.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL	4	/* digits 1 to 4 */

/* A way to make up a sum from small digits: how many of each, and all. */
struct part {
	int	 n[SMALL + 1];
	int	 size;
	size_t	 offset;	/* what it takes off a state's index */
};

static int	 count[10];	/* the board's digits */
static int	 dim[SMALL + 1];	/* count[d] + 1 */
static size_t	 nstate;

/* The small-digit parts of sum, in parts[], their number returned. */
static int
parts_of(int sum, int max, struct part *cur, struct part *parts, int np)
{
	int d;

	if (sum == 0) {
		parts[np++] = *cur;
		return np;
	}
	for (d = sum < max ? sum : max; d >= 1; d--) {
		cur->n[d]++;
		cur->size++;
		np = parts_of(sum - d, d, cur, parts, np);
		cur->n[d]--;
		cur->size--;
	}
	return np;
}

/* The offsets of the parts, once the dimensions are known. */
static void
offsets(struct part *parts, int np)
{
	size_t o;
	int p, d;

	for (p = 0; p < np; p++) {
		o = 0;
		for (d = 1; d <= SMALL; d++)
			o = o * (size_t)dim[d] + (size_t)parts[p].n[d];
		parts[p].offset = o;
	}
}

static void
decode(size_t i, int *u)
{
	int d;

	for (d = SMALL; d >= 1; d--) {
		u[d] = (int)(i % (size_t)dim[d]);
		i /= (size_t)dim[d];
	}
}

/* The index of u less part p, or -1 if u has too few. */
static long
minus(size_t i, const int *u, const struct part *p)
{
	int d;

	for (d = 1; d <= SMALL; d++)
		if (u[d] < p->n[d])
			return -1;
	return (long)(i - p->offset);
}

/*
 * Serve up to k big digits (each worth 1 with its part) on top of v:
 * a bounded knapsack, one serving a round, each round in place from the
 * last state down so that it adds one serving at most.
 */
static void
serve(int *v, int k, const struct part *parts, int np)
{
	size_t i;
	long j;
	int u[SMALL + 1], p, changed, best;

	for (; k > 0; k--) {
		changed = 0;
		for (i = nstate; i-- > 0;) {
			decode(i, u);
			best = v[i];
			for (p = 0; p < np; p++)
				if ((j = minus(i, u, &parts[p])) >= 0 &&
				    v[j] + 1 + parts[p].size > best)
					best = v[j] + 1 + parts[p].size;
			if (best != v[i]) {
				v[i] = best;
				changed = 1;
			}
		}
		if (!changed)
			break;
	}
}

static int
bound(void)
{
	struct part cur, parts[64];
	int *v, *e, *next, u[SMALL + 1], np, p, m, d, best, total;
	size_t i;
	long j;

	nstate = 1;
	for (d = 1; d <= SMALL; d++) {
		dim[d] = count[d] + 1;
		nstate *= (size_t)dim[d];
	}
	v = malloc(nstate * sizeof(*v));
	e = malloc(nstate * sizeof(*e));
	next = malloc(nstate * sizeof(*next));
	if (v == NULL || e == NULL || next == NULL) {
		perror("fruit-digit-bound");
		exit(2);
	}

	/* Groups of small digits alone, as many as fit. */
	memset(&cur, 0, sizeof(cur));
	np = parts_of(10, SMALL, &cur, parts, 0);
	offsets(parts, np);
	for (i = 0; i < nstate; i++) {
		decode(i, u);
		v[i] = 0;
		for (p = 0; p < np; p++)
			if ((j = minus(i, u, &parts[p])) >= 0 &&
			    v[j] + parts[p].size > v[i])
				v[i] = v[j] + parts[p].size;
	}
	for (d = 9; d >= 6; d--) {
		memset(&cur, 0, sizeof(cur));
		np = parts_of(10 - d, SMALL, &cur, parts, 0);
		offsets(parts, np);
		serve(v, count[d], parts, np);
	}

	/* The 5s: m served by small digits, the rest in pairs. */
	memset(&cur, 0, sizeof(cur));
	np = parts_of(5, SMALL, &cur, parts, 0);
	offsets(parts, np);
	memcpy(e, v, nstate * sizeof(*e));
	best = v[nstate - 1] + 2 * (count[5] / 2);
	for (m = 1; m <= count[5]; m++) {
		for (i = 0; i < nstate; i++) {
			decode(i, u);
			next[i] = -1;
			for (p = 0; p < np; p++)
				if ((j = minus(i, u, &parts[p])) >= 0 &&
				    e[j] >= 0 &&
				    e[j] + 1 + parts[p].size > next[i])
					next[i] = e[j] + 1 + parts[p].size;
		}
		memcpy(e, next, nstate * sizeof(*e));
		if (e[nstate - 1] < 0)
			break;
		total = e[nstate - 1] + 2 * ((count[5] - m) / 2);
		if (total > best)
			best = total;
	}
	free(v);
	free(e);
	free(next);
	return best;
}

int
main(void)
{
	char line[4096];
	int any = 0;
	const char *s;

	for (;;) {
		int eof = fgets(line, sizeof(line), stdin) == NULL;

		if (eof || line[0] == '\n') {
			if (any)
				printf("%d\n", bound());
			memset(count, 0, sizeof(count));
			any = 0;
			if (eof)
				break;
			continue;
		}
		if (line[0] == '#')
			continue;
		for (s = line; *s != '\0'; s++)
			if (*s >= '1' && *s <= '9') {
				count[*s - '0']++;
				any = 1;
			}
	}
	if (fflush(stdout) == EOF || ferror(stdout)) {
		perror("fruit-digit-bound");
		return 2;
	}
	return 0;
}
