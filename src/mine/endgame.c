/*
 * endgame.c: the last guesses of a game played perfectly.  When few
 * covered cells are still undecided and few boards fit what the player
 * sees, every such board is listed and the tree of guesses searched to
 * its end: the cell chosen wins on as many of those boards as any way of
 * playing on can.  Every board that fits is equally likely, so that is
 * the best chance of winning there is.
 *
 * A position of the search is the set of boards still possible.  A cell
 * safe on all of them is opened for nothing, and when the number it
 * shows tells the boards apart, each group is played on alone; otherwise
 * a cell that is a mine on some of the boards is guessed.  Each step
 * opens a cell no step above it opened, so the search is never deeper
 * than END_CELLS; a position met twice is looked up, not searched again.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define END_MEMO	((size_t)1 << 17)	/* slots of the table of positions */
#define END_KEYS	((size_t)1 << 20)	/* board numbers the table keeps */
#define END_SCRATCH	((END_CELLS + 2) * END_BOARDS)

/* A number next to undecided cells, and the mines it needs among them. */
struct rule {
	uint64_t	 cells;
	int		 need;
};

/* A position searched: its boards (in keys) and the boards it wins. */
struct seen {
	uint64_t	 hash;
	uint32_t	 key, len;	/* len 0: a free slot */
	int32_t		 wins;
};

struct endgame {
	size_t		 n;			/* undecided cells */
	size_t		 cell[END_CELLS];	/* their padded index */
	size_t		 order[END_CELLS];	/* their slots by that index */
	uint64_t	 near[END_CELLS];	/* undecided neighbours */
	int		 known[END_CELLS];	/* known mines next to it */
	uint64_t	 board[END_BOARDS];	/* the mines of a board that fits */
	size_t		 nboard;
	struct rule	 rule[END_CELLS * 8];
	size_t		 nrule;
	uint16_t	 touch[END_CELLS][8];	/* the rules on a cell */
	int		 ntouch[END_CELLS];
	uint16_t	*scratch;		/* subsets, as a stack */
	size_t		 nscratch;
	struct seen	*seen;
	uint32_t	*used;			/* slots to clear */
	size_t		 nused;
	uint16_t	*keys;
	size_t		 nkeys;
	size_t		 nodes;
};

static void	 sort_slots(struct endgame *);
static uint64_t	 slot_bit(const struct endgame *, size_t);
static int	 collect(struct endgame *, const struct solver *, uint64_t *);
static int	 fits(const struct endgame *, size_t, uint64_t);
static int	 list_boards(struct endgame *, uint64_t);
static int	 shows(const struct endgame *, uint16_t, size_t);
static long	 split(struct endgame *, const uint16_t *, size_t, size_t);
static long	 wins(struct endgame *, const uint16_t *, size_t);
static size_t	 guesses(const struct endgame *, const uint16_t *, size_t,
		    size_t *, size_t *);
static struct seen *look_up(struct endgame *, const uint16_t *, size_t,
		    uint64_t *);
static void	 remember(struct endgame *, struct seen *, uint64_t,
		    const uint16_t *, size_t, long);

struct endgame *
endgame_new(void)
{
	struct endgame *e = xcalloc(1, sizeof(*e));

	e->scratch = xreallocarray(NULL, END_SCRATCH, sizeof(*e->scratch));
	e->seen = xcalloc(END_MEMO, sizeof(*e->seen));
	e->used = xreallocarray(NULL, END_MEMO, sizeof(*e->used));
	e->keys = xreallocarray(NULL, END_KEYS, sizeof(*e->keys));
	return e;
}

void
endgame_free(struct endgame *e)
{
	if (e == NULL)
		return;
	free(e->scratch);
	free(e->seen);
	free(e->used);
	free(e->keys);
	free(e);
}

/* The slots of the undecided cells in the order of their index. */
static void
sort_slots(struct endgame *e)
{
	size_t k, j, t;

	for (k = 0; k < e->n; k++) {
		t = k;
		for (j = k; j > 0 && e->cell[e->order[j - 1]] > e->cell[t]; j--)
			e->order[j] = e->order[j - 1];
		e->order[j] = t;
	}
}

/* The bit of the slot of padded cell x, or 0 if x is not undecided. */
static uint64_t
slot_bit(const struct endgame *e, size_t x)
{
	size_t lo = 0, hi = e->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (e->cell[e->order[mid]] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < e->n && e->cell[e->order[lo]] == x)
		return UINT64_C(1) << e->order[lo];
	return 0;
}

/*
 * The undecided cells, what is known around each, and the numbers that
 * bound them.  Returns 0 if there are too many, and the mines left among
 * them in *left.
 */
static int
collect(struct endgame *e, const struct solver *s, uint64_t *left)
{
	const struct board *b = s->b;
	size_t x, k, j, r, nfront;
	uint64_t known = 0;
	int d, interior, pass;

	e->n = e->nrule = 0;
	/* Cells next to a number first, so that the listing prunes early. */
	for (pass = 0; pass < 2; pass++)
		for (x = 0; x < s->ncells; x++) {
			if (b->cell[x] & CELL_OPEN)
				continue;
			if (s->know[x] & KNOW_MINE) {
				known += pass == 0;
				continue;
			}
			if (s->know[x] & KNOW_SAFE)
				continue;
			interior = s->map[x] == UINT32_MAX;
			if (interior != pass)
				continue;
			if (e->n == END_CELLS)
				return 0;
			e->cell[e->n++] = x;
		}
	if (s->total == UINT64_MAX || known > s->total)
		return 0;
	*left = s->total - known;
	nfront = e->n;
	sort_slots(e);
	for (k = 0; k < e->n; k++) {
		e->near[k] = 0;
		e->known[k] = 0;
		e->ntouch[k] = 0;
		for (d = 0; d < 8; d++) {
			x = e->cell[k] + s->off[d];
			if (s->know[x] & KNOW_MINE)
				e->known[k]++;
			e->near[k] |= slot_bit(e, x);
		}
	}
	/* Each number next to a frontier cell, once. */
	for (k = 0; k < nfront; k++)
		for (d = 0; d < 8; d++) {
			uint64_t cells = 0;
			int need;

			x = e->cell[k] + s->off[d];
			if ((b->cell[x] & (CELL_OPEN | CELL_MINE)) != CELL_OPEN ||
			    (b->cell[x] & CELL_COUNT) > 8)
				continue;
			need = b->cell[x] & CELL_COUNT;
			for (int d2 = 0; d2 < 8; d2++) {
				size_t y = x + s->off[d2];

				if (s->know[y] & KNOW_MINE)
					need--;
				cells |= slot_bit(e, y);
			}
			for (r = 0; r < e->nrule; r++)
				if (e->rule[r].cells == cells &&
				    e->rule[r].need == need)
					break;
			if (r < e->nrule)
				continue;
			e->rule[r].cells = cells;
			e->rule[r].need = need;
			e->nrule++;
			for (j = 0; j < e->n; j++)
				if ((cells >> j & 1) && e->ntouch[j] < 8)
					e->touch[j][e->ntouch[j]++] = (uint16_t)r;
		}
	return 1;
}

/* Do the first d + 1 cells' mines (x) leave the rules on cell d met? */
static int
fits(const struct endgame *e, size_t d, uint64_t x)
{
	uint64_t set = d + 1 >= 64 ? ~UINT64_C(0) :
	    (UINT64_C(1) << (d + 1)) - 1;
	int t, m, rest;

	for (t = 0; t < e->ntouch[d]; t++) {
		const struct rule *r = &e->rule[e->touch[d][t]];

		m = __builtin_popcountll(x & r->cells);
		rest = __builtin_popcountll(r->cells & ~set);
		if (m > r->need || m + rest < r->need)
			return 0;
	}
	return 1;
}

/*
 * Every placement of the left mines on the undecided cells that fits
 * the numbers, by a search without recursion.  Returns 0 if there are
 * more than END_BOARDS or the search passes its budget.
 */
static int
list_boards(struct endgame *e, uint64_t left)
{
	signed char choice[END_CELLS];
	uint64_t x = 0;
	size_t d = 0, m = 0, steps = 0;

	e->nboard = 0;
	if (e->n == 0 || left > e->n)
		return 0;
	choice[0] = -1;
	for (;;) {
		if (choice[d] == 1) {
			x &= ~(UINT64_C(1) << d);
			m--;
		}
		if (++choice[d] > 1) {
			if (d == 0)
				break;
			d--;
			continue;
		}
		if (choice[d] == 1) {
			x |= UINT64_C(1) << d;
			m++;
		}
		if (++steps > END_NODES * 4)
			return 0;
		if (m > left || m + (e->n - d - 1) < left || !fits(e, d, x))
			continue;
		if (d + 1 == e->n) {
			if (e->nboard == END_BOARDS)
				return 0;
			e->board[e->nboard++] = x;
			continue;
		}
		choice[++d] = -1;
	}
	return e->nboard >= 2;
}

/* The number undecided cell c shows on board k, if it is safe there. */
static int
shows(const struct endgame *e, uint16_t k, size_t c)
{
	return e->known[c] + __builtin_popcountll(e->board[k] & e->near[c]);
}

/*
 * Open cell c on the boards of set where it is safe: the boards it wins
 * on, each group that shows the same number played on alone.  -1 if the
 * search passed its budget.
 */
static long
split(struct endgame *e, const uint16_t *set, size_t len, size_t c)
{
	size_t at[10], n[9], i, base = e->nscratch;
	long total = 0, w;
	int v;

	memset(n, 0, sizeof(n));
	for (i = 0; i < len; i++)
		if (!(e->board[set[i]] >> c & 1))
			n[shows(e, set[i], c)]++;
	at[0] = base;
	for (v = 0; v < 9; v++)
		at[v + 1] = at[v] + n[v];
	for (i = 0; i < len; i++)
		if (!(e->board[set[i]] >> c & 1))
			e->scratch[at[shows(e, set[i], c)]++] = set[i];
	e->nscratch = at[9];
	for (v = 0, i = base; v < 9; i += n[v], v++) {
		if (n[v] == 0)
			continue;
		if ((w = wins(e, e->scratch + i, n[v])) == -1) {
			total = -1;
			break;
		}
		total += w;
	}
	e->nscratch = base;
	return total;
}

/*
 * The cells to guess on set, most often safe first, in list; returns how
 * many, and the cell safe on all boards that tells some apart in *open
 * (e->n if none).
 */
static size_t
guesses(const struct endgame *e, const uint16_t *set, size_t len,
    size_t *list, size_t *open)
{
	uint64_t any = 0, all = ~UINT64_C(0);
	size_t i, c, n = 0, j, safe[END_CELLS];

	for (i = 0; i < len; i++) {
		any |= e->board[set[i]];
		all &= e->board[set[i]];
	}
	*open = e->n;
	for (c = 0; c < e->n; c++) {
		if (any >> c & 1)
			continue;
		for (i = 1; i < len; i++)
			if (shows(e, set[i], c) != shows(e, set[0], c))
				break;
		if (i < len) {
			*open = c;
			return 0;
		}
	}
	for (c = 0; c < e->n; c++) {
		if (!((any & ~all) >> c & 1))
			continue;
		safe[c] = 0;
		for (i = 0; i < len; i++)
			safe[c] += !(e->board[set[i]] >> c & 1);
		for (j = n; j > 0 && safe[list[j - 1]] < safe[c]; j--)
			list[j] = list[j - 1];
		list[j] = c;
		n++;
	}
	return n;
}

/* The boards of set that perfect play wins on, or -1 past the budget. */
static long
wins(struct endgame *e, const uint16_t *set, size_t len)
{
	size_t list[END_CELLS], n, i, open, safe, k;
	struct seen *slot;
	uint64_t hash;
	long best = 0, w;

	if (len == 1)
		return 1;
	if ((slot = look_up(e, set, len, &hash)) != NULL && slot->len > 0)
		return slot->wins;
	if (++e->nodes > END_NODES)
		return -1;
	n = guesses(e, set, len, list, &open);
	if (open < e->n)
		best = split(e, set, len, open);
	for (i = 0; i < n && best != -1; i++) {
		for (k = safe = 0; k < len; k++)
			safe += !(e->board[set[k]] >> list[i] & 1);
		if ((long)safe <= best)
			break;
		if ((w = split(e, set, len, list[i])) == -1)
			best = -1;
		else if (w > best)
			best = w;
	}
	if (best != -1)
		remember(e, slot, hash, set, len, best);
	return best;
}

/*
 * The slot of set in the table: the one holding it, or the free one it
 * would go in, or NULL if the table is too full to take it.
 */
static struct seen *
look_up(struct endgame *e, const uint16_t *set, size_t len, uint64_t *hash)
{
	uint64_t h = len * UINT64_C(0x9e3779b97f4a7c15);
	size_t i, probe;
	struct seen *slot;

	for (i = 0; i < len; i++)
		h = (h ^ set[i]) * UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 29;
	*hash = h;
	for (probe = 0; probe < 64; probe++) {
		slot = &e->seen[(h + probe) & (END_MEMO - 1)];
		if (slot->len == 0)
			return slot;
		if (slot->hash == h && slot->len == len &&
		    memcmp(e->keys + slot->key, set, len * sizeof(*set)) == 0)
			return slot;
	}
	return NULL;
}

static void
remember(struct endgame *e, struct seen *slot, uint64_t hash,
    const uint16_t *set, size_t len, long w)
{
	if (slot == NULL || slot->len > 0 || e->nkeys + len > END_KEYS ||
	    e->nused == END_MEMO / 2)
		return;
	memcpy(e->keys + e->nkeys, set, len * sizeof(*set));
	slot->hash = hash;
	slot->key = (uint32_t)e->nkeys;
	slot->len = (uint32_t)len;
	slot->wins = (int32_t)w;
	e->nkeys += len;
	e->used[e->nused++] = (uint32_t)(slot - e->seen);
}

/*
 * The guess that wins most often, if the end of the game is near enough
 * to search it whole: returns 1, the padded cell in *cell and the boards
 * it wins on of those that fit in *won and *boards; or 0 to leave the
 * guess to the estimates.  s must have been analysed exactly.
 */
int
endgame_guess(struct endgame *e, const struct solver *s, size_t *cell,
    size_t *won, size_t *boards)
{
	size_t list[END_CELLS], n, i, open, k, safe, best_cell = 0;
	uint16_t *all = e->scratch;
	uint64_t left;
	long best = 0, w = 0;

	if (!s->exact || !collect(e, s, &left) || !list_boards(e, left))
		return 0;
	for (k = 0; k < e->nboard; k++)
		all[k] = (uint16_t)k;
	e->nscratch = e->nboard;
	e->nodes = 0;
	n = guesses(e, all, e->nboard, list, &open);
	for (i = 0; i < n; i++) {
		for (k = safe = 0; k < e->nboard; k++)
			safe += !(e->board[k] >> list[i] & 1);
		if ((long)safe <= best)
			break;
		if ((w = split(e, all, e->nboard, list[i])) == -1)
			break;
		if (w > best) {
			best = w;
			best_cell = list[i];
		}
	}
	for (k = 0; k < e->nused; k++)
		e->seen[e->used[k]].len = 0;
	e->nused = e->nkeys = 0;
	if (w == -1 || open < e->n || best == 0)
		return 0;
	*cell = e->cell[best_cell];
	*won = (size_t)best;
	*boards = e->nboard;
	return 1;
}
