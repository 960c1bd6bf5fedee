/*
 * fruit-exact: the most apples a small Fruit Box board can give, found
 * by searching every game, so that bench/fruit-small.sh can tell how far
 * fruitsolve's plans are from the best there is and how far the best is
 * from the digit bound (bench/fruit-digit-bound.c), the apples geometry
 * alone withholds.
 *
 * A position is the set of cells cleared, a bit a cell, so a board has
 * at most 64 cells.  A move is a rectangle whose apples sum to 10, taken
 * in its tight form only (its first and last rows and columns each hold
 * an apple): every other rectangle clearing the same apples is the same
 * move.  The search is depth first with a table of positions, each
 * holding the value of the game left from it (the most apples it can
 * still give) or a bound over it.  search(s, alpha) returns the value of
 * s if it is above alpha, else a bound no greater than alpha; a position
 * whose digit bound (the most of its apples that split into groups of
 * 10, geometry aside) is not above alpha is cut there.  The depth is at
 * most 32 moves.
 *
 * usage: fruit-exact [-b bits] [-n nodes] < boards
 * Boards in fruit-board(5) form ('1' to '9' an apple, '0' or '.' an
 * empty cell), separated by blank lines; '#' lines are skipped.  Prints
 * a line a board: "optimum N digit-bound D nodes K", or "optimum unknown"
 * if the search passed -n nodes (1e8 by default) or filled its table of
 * 2^bits positions (24 by default: 16M positions, 144 MB).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXCELLS	64
#define MAXSIDE		64
#define TARGET		10
#define EXACT		0x80	/* a table value that is the value itself */
#define BOUND_BITS	20	/* the digit bounds' cache: 2^20 entries */

/* A way to make up a sum from digits no greater than a maximum. */
struct part {
	int	 n[10];
	int	 size;
};

/* A move: the cells it clears and how many. */
struct move {
	uint64_t	 cells;
	int		 apples;
};

static int	 rows, cols, ncells;
static int	 digit[MAXCELLS];
static struct part parts[TARGET][10][64];	/* [sum][max]: the parts */
static int	 nparts[TARGET][10];

static uint64_t	*key;		/* the table: position + 1, 0 if free */
static uint8_t	*value;
static uint64_t	 mask, used, full;
static uint64_t	*bound_key;	/* the digit bounds, by digit counts + 1 */
static uint8_t	*bound_value;
static uint64_t	 nodes, node_limit = 100000000;
static int	 gave_up;

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	return x ^ x >> 33;
}

static void
make_parts(int sum, int max, int left, int top, struct part *cur)
{
	int d;

	if (left == 0) {
		parts[sum][max][nparts[sum][max]++] = *cur;
		return;
	}
	for (d = left < top ? left : top; d >= 1; d--) {
		cur->n[d]++;
		cur->size++;
		make_parts(sum, max, left - d, d, cur);
		cur->n[d]--;
		cur->size--;
	}
}

/*
 * The digit bound of the counts c[1..9]: the largest digit left is
 * either in no group or in one with a part of its complement made of
 * digits no greater than it.  Cached by the counts.
 */
static int
digit_bound(int *c)
{
	uint64_t k = 0, i;
	int d, p, top = 0, best, v, fits;
	const struct part *q;

	for (d = 9; d >= 1 && top == 0; d--)
		if (c[d] > 0)
			top = d;
	if (top == 0)
		return 0;
	for (d = 1; d <= 9; d++)
		k = k << 7 | (uint64_t)c[d];
	k++;
	i = mix(k) & ((UINT64_C(1) << BOUND_BITS) - 1);
	if (bound_key[i] == k)
		return bound_value[i];
	c[top]--;
	best = digit_bound(c);
	for (p = 0; p < nparts[TARGET - top][top]; p++) {
		q = &parts[TARGET - top][top][p];
		for (fits = 1, d = 1; d <= 9 && fits; d++)
			fits = q->n[d] <= c[d];
		if (!fits)
			continue;
		for (d = 1; d <= 9; d++)
			c[d] -= q->n[d];
		v = 1 + q->size + digit_bound(c);
		for (d = 1; d <= 9; d++)
			c[d] += q->n[d];
		if (v > best)
			best = v;
	}
	c[top]++;
	bound_key[i] = k;
	bound_value[i] = (uint8_t)best;
	return best;
}

static int
position_bound(uint64_t s)
{
	int c[10] = { 0 }, i;

	for (i = 0; i < ncells; i++)
		if (!(s >> i & 1))
			c[digit[i]]++;
	return digit_bound(c);
}

/* The table's entry for position s: its slot, and whether it is there. */
static int
lookup(uint64_t s, uint64_t *slot)
{
	uint64_t i = mix(s) & mask;

	while (key[i] != 0 && key[i] != s + 1)
		i = (i + 1) & mask;
	*slot = i;
	return key[i] == s + 1;
}

static void
store(uint64_t s, int v)
{
	uint64_t i;

	if (!lookup(s, &i)) {
		if (used >= full) {
			gave_up = 1;
			return;
		}
		used++;
		key[i] = s + 1;
	}
	value[i] = (uint8_t)v;
}

/* The sum of a[][] over rows r1..r2 and columns c1..c2, from prefix sums. */
static int
area(int a[][MAXSIDE + 1], int r1, int c1, int r2, int c2)
{
	return a[r2 + 1][c2 + 1] - a[r1][c2 + 1] - a[r2 + 1][c1] + a[r1][c1];
}

/* The moves from position s into mv, fewest apples first; how many. */
static int
moves(uint64_t s, struct move *mv)
{
	static int sum[MAXSIDE + 1][MAXSIDE + 1], cnt[MAXSIDE + 1][MAXSIDE + 1];
	int r, c, r1, c1, r2, c2, v, n = 0, i;
	struct move t;

	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			i = r * cols + c;
			v = s >> i & 1 ? 0 : digit[i];
			sum[r + 1][c + 1] = sum[r][c + 1] + sum[r + 1][c] -
			    sum[r][c] + v;
			cnt[r + 1][c + 1] = cnt[r][c + 1] + cnt[r + 1][c] -
			    cnt[r][c] + (v != 0);
		}
	for (r1 = 0; r1 < rows; r1++)
		for (r2 = r1; r2 < rows; r2++)
			for (c1 = 0; c1 < cols; c1++)
				for (c2 = c1; c2 < cols; c2++) {
					v = area(sum, r1, c1, r2, c2);
					if (v > TARGET)
						break;
					if (v < TARGET ||
					    area(cnt, r1, c1, r1, c2) == 0 ||
					    area(cnt, r2, c1, r2, c2) == 0 ||
					    area(cnt, r1, c1, r2, c1) == 0 ||
					    area(cnt, r1, c2, r2, c2) == 0)
						continue;
					mv[n].cells = 0;
					for (r = r1; r <= r2; r++)
						for (c = c1; c <= c2; c++)
							mv[n].cells |=
							    UINT64_C(1) <<
							    (r * cols + c);
					mv[n].cells &= ~s;
					mv[n++].apples = area(cnt, r1, c1, r2,
					    c2);
				}
	for (i = 1; i < n; i++)
		for (r = i; r > 0 && mv[r - 1].apples > mv[r].apples; r--) {
			t = mv[r];
			mv[r] = mv[r - 1];
			mv[r - 1] = t;
		}
	return n;
}

/* Room for the moves of each depth: a move clears 2 apples or more. */
static struct move stack[MAXCELLS / 2 + 1][MAXSIDE * (MAXSIDE + 1) / 2 + 1];

/*
 * The value of the game from position s at the given depth if it is
 * above alpha; otherwise a bound of it no greater than alpha.
 */
static int
search(uint64_t s, int depth, int alpha)
{
	struct move *mv = stack[depth];
	uint64_t slot;
	int n, i, v, best = 0, bound = 0, need;

	if (gave_up || ++nodes > node_limit) {
		gave_up = 1;
		return 0;
	}
	if (lookup(s, &slot)) {
		v = value[slot];
		if (v & EXACT)
			return v & ~EXACT;
		if (v <= alpha)
			return v;
	}
	if ((v = position_bound(s)) <= alpha) {
		store(s, v);
		return v;
	}
	n = moves(s, mv);
	for (i = 0; i < n; i++) {
		need = (best > alpha ? best : alpha) - mv[i].apples;
		v = search(s | mv[i].cells, depth + 1, need);
		if (v > need)
			best = mv[i].apples + v;
		if (mv[i].apples + v > bound)
			bound = mv[i].apples + v;
	}
	if (gave_up)
		return 0;
	if (best > alpha) {
		store(s, best | EXACT);
		return best;
	}
	store(s, bound);
	return bound;
}

/* Read a board into rows, cols and digit[]; 0 at the end of input. */
static int
read_board(FILE *fp)
{
	char line[1024];
	size_t len, k;
	int c;

	rows = cols = ncells = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		len = strcspn(line, "\r\n");
		line[len] = '\0';
		if (line[0] == '#')
			continue;
		if (len == 0) {
			if (rows > 0)
				return 1;
			continue;
		}
		if (cols == 0)
			cols = (int)len;
		if ((int)len != cols || cols > MAXSIDE ||
		    ncells + cols > MAXCELLS) {
			fprintf(stderr, "fruit-exact: a board of more than %d "
			    "cells or with rows of different lengths\n",
			    MAXCELLS);
			exit(2);
		}
		for (k = 0; k < len; k++) {
			c = line[k];
			if (c == '.' || c == '0')
				digit[ncells++] = 0;
			else if (c >= '1' && c <= '9')
				digit[ncells++] = c - '0';
			else {
				fprintf(stderr, "fruit-exact: not a board "
				    "cell: %c\n", c);
				exit(2);
			}
		}
		rows++;
	}
	return rows > 0;
}

int
main(int argc, char *argv[])
{
	struct part cur;
	uint64_t empty;
	int sum, max, bits = 24, ch, v, i;

	while ((ch = getopt(argc, argv, "b:n:")) != -1)
		switch (ch) {
		case 'b':
			bits = atoi(optarg);
			break;
		case 'n':
			node_limit = (uint64_t)strtod(optarg, NULL);
			break;
		default:
			fprintf(stderr, "usage: fruit-exact [-b bits] "
			    "[-n nodes] < boards\n");
			return 2;
		}
	if (bits < 10 || bits > 30) {
		fprintf(stderr, "fruit-exact: -b from 10 to 30\n");
		return 2;
	}
	memset(&cur, 0, sizeof(cur));
	for (sum = 1; sum < TARGET; sum++)
		for (max = 1; max <= 9; max++)
			make_parts(sum, max, sum, max, &cur);
	mask = (UINT64_C(1) << bits) - 1;
	full = mask / 10 * 9;	/* kept below 90% full */
	key = calloc(mask + 1, sizeof(*key));
	value = malloc(mask + 1);
	bound_key = calloc(UINT64_C(1) << BOUND_BITS, sizeof(*bound_key));
	bound_value = malloc(UINT64_C(1) << BOUND_BITS);
	if (key == NULL || value == NULL || bound_key == NULL ||
	    bound_value == NULL) {
		fprintf(stderr, "fruit-exact: out of memory\n");
		return 2;
	}
	while (read_board(stdin)) {
		memset(key, 0, (mask + 1) * sizeof(*key));
		used = nodes = 0;
		gave_up = 0;
		/* Empty cells start cleared. */
		for (empty = 0, i = 0; i < ncells; i++)
			if (digit[i] == 0)
				empty |= UINT64_C(1) << i;
		v = search(empty, 0, -1);
		if (gave_up)
			printf("optimum unknown digit-bound %d nodes %llu\n",
			    position_bound(empty), (unsigned long long)nodes);
		else
			printf("optimum %d digit-bound %d nodes %llu\n", v,
			    position_bound(empty), (unsigned long long)nodes);
	}
	return 0;
}
