/*
 * solve.c: what a player can know about a board from what it shows.
 * The open numbers and the mine counter say which covered cells are
 * certainly safe or certainly mines, and how likely each other one is.
 *
 * First the single-cell and subset rules, run from a work list until
 * nothing changes.  Then the covered cells next to open numbers (the
 * frontier) are split into regions no number links, each region's
 * assignments are counted exactly by an iterative search for each number
 * of mines k it can hold, and the regions are combined with the cells
 * off the frontier: an assignment of the whole frontier with K mines
 * stands for C(F, R - K) boards, F being the cells off the frontier and
 * R the mines not yet known.  Weights are kept as logarithms, so a huge
 * board does not overflow; the counts in each region are exact integers.
 * A region whose search passes its budget is not counted, and then no
 * probability but 0 and 1 is claimed.
 *
 * The solver never looks at a covered cell's mine bit or count: only at
 * open cells, what it marked itself, and the total.
 */

#include "config.h"

#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define NONE		UINT32_MAX
#define REGION_MAX	2048	/* cells a region may have to be counted */
#define COUNTED_MAX	64	/* counted regions kept to reuse */
#define COUNTED_CELLS	128	/* the most cells of a region kept */

static void	 offsets(struct solver *);
static int	 is_number(const struct solver *, size_t);
static int	 unknown(const struct solver *, size_t);
static int	 frontier_number(const struct solver *, size_t);
static size_t	 unknowns(const struct solver *, size_t, size_t *, int *);
static void	 push(struct solver *, size_t);
static void	 push_around(struct solver *, size_t);
static void	 mark(struct solver *, size_t, int);
static int	 single_rule(struct solver *, size_t);
static int	 subset_rule(struct solver *, size_t);
static int	 rules(struct solver *);
static int	 count(struct solver *, int);
static void	 clear_map(struct solver *);
static int	 build_regions(struct solver *);
static int	 count_region(struct solver *, struct region *);
static void	 key_add(struct solver *, uint32_t);
static uint64_t	 region_key(struct solver *, const struct region *);
static int	 recall(struct solver *, struct region *, uint64_t);
static void	 remember(struct solver *, const struct region *, uint64_t);
static double	 lse(double, double);
static void	 convolve(const double *, size_t, const double *, size_t,
		    double *);
static int	 combine(struct solver *);
static void	 local_certain(struct solver *, struct region *,
		    const double *);

void
solver_init(struct solver *s, struct board *b, uint64_t total)
{
	size_t n;

	memset(s, 0, sizeof(*s));
	s->b = b;
	s->total = total;
	s->budget = SOLVE_BUDGET;
	if (b->height + 2 > SIZE_MAX / b->stride)
		errx(GF_EXIT_ERROR, "%s: board too large", b->file);
	n = (b->height + 2) * b->stride;
	if (n >= NONE)
		errx(GF_EXIT_ERROR, "%s: a %zux%zu board is too large for the "
		    "solver (%u cells at most)", b->file, b->width, b->height,
		    NONE - 1);
	s->ncells = n;
	s->know = xcalloc(n, 1);
	s->map = xreallocarray(NULL, n, sizeof(*s->map));
	memset(s->map, 0xff, n * sizeof(*s->map));
	offsets(s);
}

void
solver_free(struct solver *s)
{
	size_t r;

	for (r = 0; r < s->nregion; r++)
		free(s->region[r].count);
	free(s->know);
	free(s->map);
	free(s->queue);
	free(s->fcell);
	free(s->fcon);
	free(s->con);
	free(s->prob);
	free(s->region);
	free(s->work);
	free(s->undo);
	for (r = 0; r < s->ncounted; r++) {
		free(s->counted[r].key);
		free(s->counted[r].count);
	}
	free(s->counted);
	free(s->key);
	memset(s, 0, sizeof(*s));
}

static void
offsets(struct solver *s)
{
	ptrdiff_t w = (ptrdiff_t)s->b->stride;
	ptrdiff_t d[8] = { -w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1 };

	memcpy(s->off, d, sizeof(d));
}

/* The index of (row, column) in the padded board. */
size_t
solver_index(const struct solver *s, size_t r, size_t c)
{
	return r * s->b->stride + c;
}

/* An open safe cell showing a number, which constrains its neighbours. */
static int
is_number(const struct solver *s, size_t i)
{
	uint8_t c = s->b->cell[i];

	return (c & (CELL_OPEN | CELL_MINE)) == CELL_OPEN &&
	    (c & CELL_COUNT) <= 8 && !(s->know[i] & KNOW_MINE);
}

/* A covered cell the player knows nothing of yet. */
static int
unknown(const struct solver *s, size_t i)
{
	return !(s->b->cell[i] & CELL_OPEN) &&
	    !(s->know[i] & (KNOW_MINE | KNOW_SAFE));
}

/* A number of the frontier, after build_regions: one of s->fcon. */
static int
frontier_number(const struct solver *s, size_t i)
{
	return is_number(s, i) && s->map[i] != NONE && s->fcon[s->map[i]] == i;
}

/*
 * The unknown neighbours of the number at i, and the mines it still
 * needs among them.
 */
static size_t
unknowns(const struct solver *s, size_t i, size_t *list, int *need)
{
	size_t n = 0, j;
	int d, m = 0;

	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if (s->know[j] & KNOW_MINE)
			m++;
		else if (unknown(s, j))
			list[n++] = j;
	}
	*need = (int)(s->b->cell[i] & CELL_COUNT) - m;
	return n;
}

static void
push(struct solver *s, size_t i)
{
	if (s->know[i] & KNOW_QUEUED)
		return;
	if (s->nqueue == s->capqueue) {
		s->capqueue = s->capqueue ? s->capqueue * 2 : 256;
		s->queue = xreallocarray(s->queue, s->capqueue,
		    sizeof(*s->queue));
	}
	s->know[i] |= KNOW_QUEUED;
	s->queue[s->nqueue++] = i;
}

/* Queue cell i, if a number, and the numbers next to it. */
static void
push_around(struct solver *s, size_t i)
{
	int d;

	if (is_number(s, i))
		push(s, i);
	for (d = 0; d < 8; d++)
		if (is_number(s, i + s->off[d]))
			push(s, i + s->off[d]);
}

/* Mark cell i safe or a mine, and look again at the numbers around it. */
static void
mark(struct solver *s, size_t i, int what)
{
	size_t j;
	int d;

	s->know[i] |= what;
	if (s->logging) {
		if (s->nundo == s->capundo) {
			s->capundo = s->capundo ? s->capundo * 2 : 64;
			s->undo = xreallocarray(s->undo, s->capundo,
			    sizeof(*s->undo));
		}
		s->undo[s->nundo++] = i;
	}
	if (what == KNOW_SAFE)
		s->nsafe++;
	else
		s->nmine++;
	for (d = 0; d < 8; d++) {
		j = i + s->off[d];
		if (is_number(s, j))
			push(s, j);
	}
}

/*
 * A number that needs no more mines clears its unknown neighbours; one
 * that needs as many as it has unknown neighbours makes them all mines.
 * Returns 1 if it marked something, -1 if the number cannot be right.
 */
static int
single_rule(struct solver *s, size_t i)
{
	size_t list[8], n, k;
	int need;

	n = unknowns(s, i, list, &need);
	if (need < 0 || (size_t)need > n)
		return -1;
	if (n == 0 || (need != 0 && (size_t)need != n))
		return 0;
	for (k = 0; k < n; k++)
		mark(s, list[k], need == 0 ? KNOW_SAFE : KNOW_MINE);
	return 1;
}

/*
 * Where the unknown neighbours of one number are all among those of
 * another within two cells, the other's remaining cells hold the
 * difference of their needs: none, or all of them.
 */
static int
subset_rule(struct solver *s, size_t a)
{
	size_t la[8], lb[8], diff[8], na, nb, nd, x, y, bcell;
	ptrdiff_t w = (ptrdiff_t)s->b->stride, dr, dc;
	int needa, needb, dn, found = 0, swap;

	na = unknowns(s, a, la, &needa);
	if (na == 0)
		return 0;
	for (dr = -2; dr <= 2; dr++)
		for (dc = -2; dc <= 2; dc++) {
			if (dr == 0 && dc == 0)
				continue;
			bcell = a + dr * w + dc;
			if (bcell >= s->ncells || !is_number(s, bcell))
				continue;
			nb = unknowns(s, bcell, lb, &needb);
			na = unknowns(s, a, la, &needa);
			if (nb == 0 || na == 0)
				continue;
			for (swap = 0; swap < 2; swap++) {
				size_t *small = swap ? lb : la;
				size_t *big = swap ? la : lb;
				size_t ns = swap ? nb : na, nbg = swap ? na : nb;

				if (ns >= nbg)
					continue;
				nd = 0;
				for (y = 0; y < nbg; y++) {
					for (x = 0; x < ns; x++)
						if (small[x] == big[y])
							break;
					if (x == ns)
						diff[nd++] = big[y];
				}
				if (nbg - nd != ns)
					continue;
				dn = swap ? needa - needb : needb - needa;
				if (dn != 0 && (size_t)dn != nd)
					continue;
				for (x = 0; x < nd; x++)
					mark(s, diff[x], dn == 0 ? KNOW_SAFE :
					    KNOW_MINE);
				found = 1;
				break;
			}
			if (found)
				return 1;
		}
	return 0;
}

/*
 * Run the two rules from the work list until nothing changes.  Returns
 * 0, or -1 if the numbers contradict each other.
 */
static int
rules(struct solver *s)
{
	size_t i;
	int got;

	while (s->nqueue > 0) {
		i = s->queue[--s->nqueue];
		s->know[i] &= ~KNOW_QUEUED;
		if ((got = single_rule(s, i)) == -1) {
			while (s->nqueue > 0)
				s->know[s->queue[--s->nqueue]] &= ~KNOW_QUEUED;
			return -1;
		}
		if (got == 0)
			subset_rule(s, i);
	}
	return 0;
}

/*
 * Run the two rules over every number with unknown neighbours until
 * nothing changes.  Returns the cells marked, or -1 if the numbers
 * contradict each other.
 */
int
solver_logic(struct solver *s)
{
	size_t r, c, i, before = s->nsafe + s->nmine;

	for (r = 1; r <= s->b->height; r++)
		for (c = 1; c <= s->b->width; c++) {
			i = solver_index(s, r, c);
			if (is_number(s, i))
				push(s, i);
		}
	if (rules(s) == -1)
		return -1;
	return (int)(s->nsafe + s->nmine - before);
}

/*
 * Gather the frontier: the numbers with unknown neighbours (fcon) and
 * those neighbours (fcell), each region's cells next to each other in
 * the order a search should take them.  Returns -1 if a number cannot
 * be right.
 */
static int
build_regions(struct solver *s)
{
	size_t r, c, i, j, k, list[8], n, nf = 0, nc = 0, x, head;
	uint32_t *parent, *order;
	int need, d;

	s->nfcell = s->nfcon = s->nregion = 0;
	for (r = 1; r <= s->b->height; r++)
		for (c = 1; c <= s->b->width; c++) {
			i = solver_index(s, r, c);
			if (!is_number(s, i))
				continue;
			n = unknowns(s, i, list, &need);
			if (need < 0 || (size_t)need > n)
				return -1;
			if (n == 0)
				continue;
			if (nc == s->capfcon) {
				s->capfcon = s->capfcon ? s->capfcon * 2 : 64;
				s->fcon = xreallocarray(s->fcon, s->capfcon,
				    sizeof(*s->fcon));
				s->con = xreallocarray(s->con, s->capfcon,
				    sizeof(*s->con));
			}
			s->fcon[nc] = i;
			s->con[nc].need = need;
			s->con[nc].n = (int)n;
			s->map[i] = (uint32_t)nc++;
			for (k = 0; k < n; k++) {
				if (s->map[list[k]] != NONE)
					continue;
				if (nf == s->capfcell) {
					s->capfcell = s->capfcell ?
					    s->capfcell * 2 : 64;
					s->fcell = xreallocarray(s->fcell,
					    s->capfcell, sizeof(*s->fcell));
					s->prob = xreallocarray(s->prob,
					    s->capfcell, sizeof(*s->prob));
				}
				s->fcell[nf] = list[k];
				s->map[list[k]] = (uint32_t)nf++;
			}
		}
	s->nfcell = nf;
	s->nfcon = nc;
	if (nf == 0)
		return 0;

	/* Regions: cells that share a number, transitively. */
	parent = xreallocarray(NULL, nf, sizeof(*parent));
	order = xreallocarray(NULL, nf, sizeof(*order));
	for (x = 0; x < nf; x++)
		parent[x] = (uint32_t)x;
	for (k = 0; k < nc; k++) {
		n = unknowns(s, s->fcon[k], list, &need);
		for (j = 1; j < n; j++) {
			size_t a = uf_root(parent, s->map[list[0]]);
			size_t b = uf_root(parent, s->map[list[j]]);
			if (a != b)
				parent[b] = (uint32_t)a;
		}
	}

	/*
	 * Each region in breadth-first order from its first cell, through
	 * the numbers, so that numbers close early in the search.  The
	 * visited mark is the queue position: order[] holds fcell indices.
	 */
	s->region = xreallocarray(s->region, nf, sizeof(*s->region));
	for (x = 0; x < nf; x++)
		s->know[s->fcell[x]] &= ~KNOW_QUEUED;
	n = 0;
	for (x = 0; x < nf; x++) {
		struct region *rg;

		if (s->know[s->fcell[x]] & KNOW_QUEUED)
			continue;
		rg = &s->region[s->nregion++];
		memset(rg, 0, sizeof(*rg));
		rg->first = n;
		head = n;
		order[n++] = (uint32_t)x;
		s->know[s->fcell[x]] |= KNOW_QUEUED;
		while (head < n) {
			i = s->fcell[order[head++]];
			for (d = 0; d < 8; d++) {
				size_t num = i + s->off[d], lst[8], m, q;
				int nd;

				if (!is_number(s, num) || s->map[num] == NONE)
					continue;
				m = unknowns(s, num, lst, &nd);
				for (q = 0; q < m; q++) {
					if (s->know[lst[q]] & KNOW_QUEUED)
						continue;
					s->know[lst[q]] |= KNOW_QUEUED;
					order[n++] = s->map[lst[q]];
				}
			}
		}
		rg->ncells = n - rg->first;
	}
	/* Renumber the frontier in that order. */
	for (x = 0; x < nf; x++)
		parent[x] = (uint32_t)s->fcell[order[x]];
	for (x = 0; x < nf; x++) {
		s->fcell[x] = parent[x];
		s->map[parent[x]] = (uint32_t)x;
		s->know[parent[x]] &= ~KNOW_QUEUED;
	}
	free(parent);
	free(order);
	return 0;
}

/* Forget the frontier's marks in map. */
static void
clear_map(struct solver *s)
{
	size_t x;

	for (x = 0; x < s->nfcell; x++)
		s->map[s->fcell[x]] = NONE;
	for (x = 0; x < s->nfcon; x++)
		s->map[s->fcon[x]] = NONE;
}

/*
 * Count the assignments of one region by their number of mines, and for
 * each cell the assignments where it is a mine, with a search that
 * keeps, for each number, the mines placed and the cells still open to
 * it.  Returns -1 if the search passed its budget.
 */
static int
count_region(struct solver *s, struct region *rg)
{
	size_t m = rg->ncells, p, q, nodes = 0, need_work;
	size_t *ncons, (*cons)[8];
	signed char *val;
	int *sum, *left, k = 0, d, ok;
	double *count, *mines;

	if (m > REGION_MAX)
		return -1;
	need_work = (m + 1) * (m + 2);
	if (need_work > s->capwork) {
		s->capwork = need_work;
		s->work = xreallocarray(s->work, need_work,
		    sizeof(*s->work));
	}
	memset(s->work, 0, need_work * sizeof(*s->work));
	count = s->work;
	mines = s->work + (m + 1);
	val = xmalloc(m);
	ncons = xcalloc(m, sizeof(*ncons));
	cons = xcalloc(m, sizeof(*cons));
	sum = xcalloc(s->nfcon, sizeof(*sum));
	left = xcalloc(s->nfcon, sizeof(*left));
	for (p = 0; p < m; p++) {
		size_t cell = s->fcell[rg->first + p];

		for (d = 0; d < 8; d++) {
			size_t num = cell + s->off[d];

			if (frontier_number(s, num)) {
				cons[p][ncons[p]++] = s->map[num];
				left[s->map[num]]++;
			}
		}
	}
	p = 0;
	val[0] = -1;
	for (;;) {
		if (p == m) {
			count[k] += 1;
			for (q = 0; q < m; q++)
				if (val[q] == 1)
					mines[q * (m + 1) + k] += 1;
			p--;
			continue;
		}
		/* Take back the value at p, if any. */
		if (val[p] >= 0) {
			for (q = 0; q < ncons[p]; q++) {
				sum[cons[p][q]] -= val[p];
				left[cons[p][q]]++;
			}
			k -= val[p];
		}
		if (val[p] == 1) {
			if (p == 0)
				break;
			p--;
			continue;
		}
		val[p]++;
		if (++nodes > s->budget) {
			rg->exact = 0;
			goto out;
		}
		ok = 1;
		k += val[p];
		for (q = 0; q < ncons[p]; q++) {
			size_t ci = cons[p][q];

			sum[ci] += val[p];
			left[ci]--;
			if (sum[ci] > s->con[ci].need ||
			    sum[ci] + left[ci] < s->con[ci].need)
				ok = 0;
		}
		if (ok) {
			p++;
			if (p < m)
				val[p] = -1;
		}
	}
	rg->exact = 1;
	rg->count = xreallocarray(NULL, (m + 1) * (m + 2), sizeof(double));
	memcpy(rg->count, s->work, (m + 1) * (m + 2) * sizeof(double));
	rg->mines = rg->count + (m + 1);
out:
	s->nodes += nodes;
	free(val);
	free(ncons);
	free(cons);
	free(sum);
	free(left);
	return rg->exact ? 0 : -1;
}

static void
key_add(struct solver *s, uint32_t v)
{
	if (s->nkey == s->capkey) {
		s->capkey = s->capkey ? s->capkey * 2 : 256;
		s->key = xreallocarray(s->key, s->capkey, sizeof(*s->key));
	}
	s->key[s->nkey++] = v;
}

/*
 * What a region's counts depend on, into s->key: its cells in the order
 * searched, each followed by the numbers next to it and the mines each
 * still needs.  Two regions with the same key have the same counts, on
 * any board.  Returns the key's hash (FNV-1a over its words).
 */
static uint64_t
region_key(struct solver *s, const struct region *rg)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t p, k, cell, num;
	int d;

	s->nkey = 0;
	for (p = 0; p < rg->ncells; p++) {
		cell = s->fcell[rg->first + p];
		key_add(s, (uint32_t)cell);
		for (d = 0; d < 8; d++) {
			num = cell + s->off[d];
			if (frontier_number(s, num)) {
				key_add(s, (uint32_t)num);
				key_add(s, (uint32_t)s->con[s->map[num]].need);
			}
		}
		key_add(s, NONE);
	}
	for (k = 0; k < s->nkey; k++)
		h = (h ^ s->key[k]) * 0x100000001b3ULL;
	return h;
}

/*
 * Give rg the counts of a region counted before with the key in s->key,
 * if one is kept: returns 1 if so.
 */
static int
recall(struct solver *s, struct region *rg, uint64_t hash)
{
	const struct counted *c;
	size_t k, size = (rg->ncells + 1) * (rg->ncells + 2);

	for (k = 0; k < s->ncounted; k++) {
		c = &s->counted[k];
		if (c->hash != hash || c->nkey != s->nkey ||
		    memcmp(c->key, s->key, s->nkey * sizeof(*s->key)) != 0)
			continue;
		rg->exact = 1;
		rg->count = xreallocarray(NULL, size, sizeof(double));
		memcpy(rg->count, c->count, size * sizeof(double));
		rg->mines = rg->count + (rg->ncells + 1);
		return 1;
	}
	return 0;
}

/*
 * Keep the counts of region rg, just counted, under the key in s->key,
 * in place of the one kept longest once COUNTED_MAX are kept.  The
 * caller keeps only regions of at most COUNTED_CELLS cells.
 */
static void
remember(struct solver *s, const struct region *rg, uint64_t hash)
{
	struct counted *c;
	size_t size = (rg->ncells + 1) * (rg->ncells + 2);

	if (s->counted == NULL)
		s->counted = xcalloc(COUNTED_MAX, sizeof(*s->counted));
	if (s->ncounted < COUNTED_MAX)
		c = &s->counted[s->ncounted++];
	else {
		c = &s->counted[s->nextcounted];
		s->nextcounted = (s->nextcounted + 1) % COUNTED_MAX;
	}
	c->key = xreallocarray(c->key, s->nkey, sizeof(*c->key));
	memcpy(c->key, s->key, s->nkey * sizeof(*c->key));
	c->nkey = s->nkey;
	c->hash = hash;
	c->count = xreallocarray(c->count, size, sizeof(double));
	memcpy(c->count, rg->count, size * sizeof(double));
}

static double
lse(double a, double b)
{
	if (a == -INFINITY)
		return b;
	if (b == -INFINITY)
		return a;
	return a > b ? a + log1p(exp(b - a)) : b + log1p(exp(a - b));
}

/* out[0..na+nb-2] = a (x) b, all as logarithms. */
static void
convolve(const double *a, size_t na, const double *b, size_t nb, double *out)
{
	size_t i, j;

	for (i = 0; i < na + nb - 1; i++)
		out[i] = -INFINITY;
	for (i = 0; i < na; i++) {
		if (a[i] == -INFINITY)
			continue;
		for (j = 0; j < nb; j++)
			if (b[j] != -INFINITY)
				out[i + j] = lse(out[i + j], a[i] + b[j]);
	}
}

/*
 * Cells of a counted region that are safe or mines in every assignment
 * whose number of mines k has weight (ok[k] nonzero, or every k if ok
 * is NULL) are certain.
 */
static void
local_certain(struct solver *s, struct region *rg, const double *g)
{
	size_t m = rg->ncells, p, k;
	int safe, mine, any;

	for (p = 0; p < m; p++) {
		safe = mine = 1;
		any = 0;
		for (k = 0; k <= m; k++) {
			if (rg->count[k] == 0 || (g != NULL &&
			    g[k] == -INFINITY))
				continue;
			any = 1;
			if (rg->mines[p * (m + 1) + k] != 0)
				safe = 0;
			if (rg->mines[p * (m + 1) + k] != rg->count[k])
				mine = 0;
		}
		if (!any)
			continue;
		if (safe)
			s->prob[rg->first + p] = 0;
		else if (mine)
			s->prob[rg->first + p] = 1;
	}
}

/*
 * Combine the regions with the cells off the frontier: the probability
 * of every frontier cell (prob) and of any cell off it (interior).
 * Returns -1 if no board fits what is shown.
 */
static int
combine(struct solver *s)
{
	size_t nr = s->nregion, r, k, K, kmax = 0, x, m;
	uint64_t known = 0, F = 0, R;
	double **pre, **suf, *lc, *rest, *g, z = -INFINITY, pint;
	int allnone, allfull;
	size_t *len, *plen, *slen;
	ptrdiff_t xlo, xhi, xx;

	/* Mines known, cells off the frontier. */
	for (x = 0; x < s->ncells; x++) {
		if (s->b->cell[x] & CELL_OPEN)
			continue;
		if (s->know[x] & KNOW_MINE)
			known++;
		else if (!(s->know[x] & KNOW_SAFE) && s->map[x] == NONE)
			F++;
	}
	if (known > s->total)
		return -1;
	R = s->total - known;
	s->ninterior = F;

	len = xcalloc(nr + 1, sizeof(*len));
	plen = xcalloc(nr + 2, sizeof(*plen));
	slen = xcalloc(nr + 2, sizeof(*slen));
	pre = xcalloc(nr + 1, sizeof(*pre));
	suf = xcalloc(nr + 2, sizeof(*suf));
	for (r = 0; r < nr; r++) {
		len[r] = s->region[r].ncells + 1;
		kmax += s->region[r].ncells;
	}
	/* pre[r]: the regions before r; suf[r]: r and after. */
	pre[0] = xmalloc(sizeof(double));
	pre[0][0] = 0;
	plen[0] = 1;
	for (r = 0; r < nr; r++) {
		double *w = xreallocarray(NULL, len[r], sizeof(double));

		for (k = 0; k < len[r]; k++)
			w[k] = s->region[r].count[k] > 0 ?
			    log(s->region[r].count[k]) : -INFINITY;
		plen[r + 1] = plen[r] + len[r] - 1;
		pre[r + 1] = xreallocarray(NULL, plen[r + 1], sizeof(double));
		convolve(pre[r], plen[r], w, len[r], pre[r + 1]);
		free(w);
	}
	suf[nr] = xmalloc(sizeof(double));
	suf[nr][0] = 0;
	slen[nr] = 1;
	for (r = nr; r-- > 0;) {
		double *w = xreallocarray(NULL, len[r], sizeof(double));

		for (k = 0; k < len[r]; k++)
			w[k] = s->region[r].count[k] > 0 ?
			    log(s->region[r].count[k]) : -INFINITY;
		slen[r] = slen[r + 1] + len[r] - 1;
		suf[r] = xreallocarray(NULL, slen[r], sizeof(double));
		convolve(w, len[r], suf[r + 1], slen[r + 1], suf[r]);
		free(w);
	}

	/* lc[x - xlo] = log C(F, x) up to a constant, by its recurrence. */
	xlo = (ptrdiff_t)R - (ptrdiff_t)kmax;
	if (xlo < 0)
		xlo = 0;
	xhi = R > F ? (ptrdiff_t)F : (ptrdiff_t)R;
	lc = xreallocarray(NULL, kmax + 2, sizeof(double));
	for (xx = xlo; xx <= (ptrdiff_t)R && xx - xlo <= (ptrdiff_t)kmax; xx++)
		lc[xx - xlo] = -INFINITY;
	if (xhi >= xlo) {
		lc[0] = 0;
		for (xx = xlo; xx < xhi; xx++)
			lc[xx + 1 - xlo] = lc[xx - xlo] +
			    log((double)(F - (uint64_t)xx)) - log((double)xx + 1);
	}
#define LOGC(K) ((ptrdiff_t)R - (ptrdiff_t)(K) < xlo || \
	    (ptrdiff_t)R - (ptrdiff_t)(K) > xhi ? -INFINITY : \
	    lc[(ptrdiff_t)R - (ptrdiff_t)(K) - xlo])

	/* The whole: Z, and the interior's share. */
	pint = -INFINITY;
	allnone = allfull = F > 0;
	for (K = 0; K < plen[nr]; K++) {
		double t = pre[nr][K] + LOGC(K);

		if (t == -INFINITY)
			continue;
		z = lse(z, t);
		if (R - K != 0)
			allnone = 0;
		if (R - K != F)
			allfull = 0;
		if (F > 0 && R > K)
			pint = lse(pint, t + log((double)(R - K)) -
			    log((double)F));
	}
	if (z == -INFINITY)
		goto out;
	/* lc is log C(F, x) less log C(F, xlo): the boards, in full. */
	s->logboards = z + lgamma((double)F + 1) - lgamma((double)xlo + 1) -
	    lgamma((double)(F - (uint64_t)xlo) + 1);
	s->interior = F > 0 ? exp(pint - z) : 0;
	s->interior_certain = allnone ? 1 : allfull ? 2 : 0;
	if (allfull)
		s->interior = 1;

	/* Each region given the others. */
	for (r = 0; r < nr; r++) {
		struct region *rg = &s->region[r];
		size_t nrest = plen[r] + slen[r + 1] - 1, p;

		m = rg->ncells;
		rest = xreallocarray(NULL, nrest, sizeof(double));
		g = xreallocarray(NULL, m + 1, sizeof(double));
		convolve(pre[r], plen[r], suf[r + 1], slen[r + 1], rest);
		for (k = 0; k <= m; k++) {
			g[k] = -INFINITY;
			for (K = 0; K < nrest; K++)
				if (rest[K] != -INFINITY)
					g[k] = lse(g[k], rest[K] + LOGC(k + K));
		}
		for (p = 0; p < m; p++) {
			double t = -INFINITY;

			for (k = 0; k <= m; k++)
				if (rg->mines[p * (m + 1) + k] > 0 &&
				    g[k] != -INFINITY)
					t = lse(t, log(rg->mines[p * (m + 1) +
					    k]) + g[k]);
			s->prob[rg->first + p] = t == -INFINITY ? 0 :
			    exp(t - z);
			if (s->prob[rg->first + p] > 1)
				s->prob[rg->first + p] = 1;
		}
		local_certain(s, rg, g);
		free(rest);
		free(g);
	}
#undef LOGC
out:
	for (r = 0; r <= nr; r++)
		free(pre[r]);
	for (r = 0; r <= nr; r++)
		free(suf[r]);
	free(pre);
	free(suf);
	free(len);
	free(plen);
	free(slen);
	free(lc);
	return z == -INFINITY ? -1 : 0;
}

/*
 * The full analysis: the rules, then the count.  Fills prob for every
 * frontier cell (exactly when s->exact) and interior; marks every cell
 * found certain.  Returns the cells newly marked, or -1 if no board
 * fits what is shown.
 */
int
solver_analyse(struct solver *s)
{
	int got;

	if ((got = solver_logic(s)) == -1)
		return -1;
	return count(s, got);
}

/*
 * The same after covered cell i was opened on a board the solver had
 * analysed exactly, its marks all kept: every other number has told
 * all it can, so the rules run from i and its neighbours only.
 */
int
solver_analyse_at(struct solver *s, size_t i)
{
	size_t before = s->nsafe + s->nmine;

	push_around(s, i);
	if (rules(s) == -1)
		return -1;
	return count(s, (int)(s->nsafe + s->nmine - before));
}

/*
 * The count, after the rules marked got cells: the analysis but for
 * its first step.
 */
static int
count(struct solver *s, int got)
{
	size_t r, x, before;
	int all = 1;

	before = s->nsafe + s->nmine;
	for (r = 0; r < s->nregion; r++)
		free(s->region[r].count);
	clear_map(s);
	s->nregion = 0;
	if (build_regions(s) == -1)
		return -1;
	for (r = 0; r < s->nregion; r++) {
		struct region *rg = &s->region[r];
		int keep = rg->ncells <= COUNTED_CELLS;
		uint64_t hash = 0;

		rg->count = NULL;
		if (keep && recall(s, rg, hash = region_key(s, rg)))
			continue;
		if (count_region(s, rg) == -1)
			all = 0;
		else if (keep)
			remember(s, rg, hash);
	}
	for (x = 0; x < s->nfcell; x++)
		s->prob[x] = NAN;
	/* Without the mine counter, each region stands alone. */
	s->exact = all = all && s->total != UINT64_MAX;
	s->interior = NAN;
	s->interior_certain = 0;
	if (all) {
		if (combine(s) == -1)
			return -1;
	} else {
		for (r = 0; r < s->nregion; r++)
			if (s->region[r].exact)
				local_certain(s, &s->region[r], NULL);
	}
	/* Marks from the count. */
	for (x = 0; x < s->nfcell; x++) {
		if (s->prob[x] == 0)
			s->know[s->fcell[x]] |= KNOW_SAFE, s->nsafe++;
		else if (s->prob[x] == 1)
			s->know[s->fcell[x]] |= KNOW_MINE, s->nmine++;
	}
	if (s->interior_certain)
		for (x = 0; x < s->ncells; x++)
			if (!(s->b->cell[x] & CELL_OPEN) && s->map[x] == NONE &&
			    !(s->know[x] & (KNOW_SAFE | KNOW_MINE))) {
				s->know[x] |= s->interior_certain == 1 ?
				    KNOW_SAFE : KNOW_MINE;
				if (s->interior_certain == 1)
					s->nsafe++;
				else
					s->nmine++;
			}
	return got + (int)(s->nsafe + s->nmine - before);
}

/*
 * A probability as the solver's figures are written: 0 and 1 only when
 * certain, otherwise never rounded to either; "?" if it is not known
 * (NaN, a region too large to count).
 */
void
solver_print_prob(double p)
{
	if (isnan(p))
		putchar('?');
	else if (p == 0 || p == 1)
		printf("%d", (int)p);
	else if (p < 0.0000005)
		printf("%.2e", p);
	else if (p > 0.9999995)
		printf("%.12f", p);
	else
		printf("%.6f", p);
}

/* The probability that padded cell i is a mine, after an analysis. */
double
solver_prob(const struct solver *s, size_t i)
{
	if (s->know[i] & KNOW_MINE)
		return 1;
	if ((s->know[i] & KNOW_SAFE) || (s->b->cell[i] & CELL_OPEN))
		return 0;
	if (s->map[i] != NONE && s->fcell[s->map[i]] == i)
		return s->prob[s->map[i]];
	return s->interior;
}

/*
 * If covered cell i were safe and showed v, would the rules find a safe
 * cell?  Returns 1 if so, 0 if not, -1 if v cannot be; changes nothing.
 */
int
solver_probe(struct solver *s, size_t i, int v)
{
	uint8_t saved = s->b->cell[i];
	size_t k, before = s->nsafe;
	int got = 0, found;

	s->b->cell[i] = (uint8_t)(CELL_OPEN | v);
	s->logging = 1;
	s->nundo = 0;
	push_around(s, i);
	while (s->nqueue > 0) {
		size_t x = s->queue[--s->nqueue];

		s->know[x] &= ~KNOW_QUEUED;
		if (got == -1)
			continue;
		if ((got = single_rule(s, x)) == 0)
			subset_rule(s, x);
	}
	found = got == -1 ? -1 : s->nsafe > before;
	for (k = 0; k < s->nundo; k++) {
		if (s->know[s->undo[k]] & KNOW_SAFE)
			s->nsafe--;
		else
			s->nmine--;
		s->know[s->undo[k]] &= ~(KNOW_SAFE | KNOW_MINE);
	}
	s->nundo = 0;
	s->logging = 0;
	s->b->cell[i] = saved;
	return found;
}
