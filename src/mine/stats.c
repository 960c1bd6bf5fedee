/*
 * stats.c: the difficulty figures of a board's mines, as the players'
 * community defines them (mine-reveal(1) gives the definitions): 3BV,
 * openings, islands, and the states the greedy ZiNi estimate (zini.c)
 * starts from.  Everything is linear in the cells and nothing recurses.
 * The zeros, the numbered cells and the island cells are found a row of
 * 64 cells at a time as planes of bits, and each cell's state and
 * premium is then kept in the board's own byte for the cell, so that the
 * greedy touches one byte a cell and a huge board needs no second array
 * its size.  The islands are counted a row at a time: each run of island
 * cells joins the regions of the runs it touches in the row before, or
 * begins one, in a union-find whose nodes are renumbered now and then to
 * those of the row's regions.  A numbered cell's premium counts the
 * openings next to it; the ring of its neighbours tells, from the zero
 * plane alone, whether its zeros are all of one opening (it gains one)
 * or may be of more (a multi cell, on a plane of its own, which gains
 * each opening as a walk meets it).  An opening is walked a run of cells
 * at a time from an explicit stack, once to count it and once more when
 * the greedy opens it; a walk marks the rim cells it meets in their
 * state bytes, and takes the marks off the multi cells alone when it is
 * done, for any other rim cell is next to that opening and no other.
 */

#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"
#include "stats.h"

/*
 * The runs of set bits of a row of a plane, and a label for each: the
 * node of its region in a union-find.  After the last run comes one past
 * every column, so that a pass over the runs needs no count.
 */
struct runs {
	uint32_t	*first, *last, *label;
	size_t		 n;
};

/*
 * The union-find of the regions of the island plane: n nodes, one for
 * each region begun, renumbered from 0 before they would pass cap; and
 * the regions there are so far.
 */
struct regions {
	uint32_t	*parent, *renumber;
	size_t		 n, cap;
	uint64_t	 count;
};

static void	 byte_bits_init(void);
static uint64_t	 gather_bits(uint64_t);
static uint64_t	 range_mask(size_t, size_t, size_t);
static uint64_t	 dilate(const uint64_t *, size_t, size_t);
static uint64_t	 west(const uint64_t *, size_t);
static uint64_t	 east(const uint64_t *, size_t, size_t);
static uint64_t	 plane_bytes(const uint64_t *, size_t, size_t, size_t);
static uint64_t	 plane_word(const uint8_t *, size_t, size_t, uint64_t *);
static void	 find_planes(struct zini *);
static void	 find_islands(struct zini *, uint64_t *);
static size_t	 row_runs(const uint64_t *, size_t, struct runs *);
static uint32_t	 uf_root(uint32_t *, uint32_t);
static void	 join_runs(const struct runs *, struct runs *,
		    struct regions *);
static void	 renumber(struct regions *, struct runs *);
static uint64_t	 count_islands(const struct zini *, const uint64_t *,
		    uint64_t *);
static void	 ring_row(const struct zini *, size_t, uint64_t *,
		    uint64_t *);
static void	 state_row(struct zini *, const uint64_t *, const uint64_t *,
		    size_t, uint8_t *);
static void	 find_states(struct zini *, const uint64_t *);
static size_t	 run_first(const uint64_t *, size_t);
static size_t	 run_last(const uint64_t *, size_t);
static void	 take_run(struct zini *, uint64_t *, size_t, size_t);
static void	 seed_word(struct zini *, uint64_t *, size_t, size_t, uint64_t);
static void	 meet_multi(struct zini *, size_t, enum rim);
static void	 rim_multi(struct zini *, size_t, size_t, uint64_t, enum rim);
static void	 rim_open(struct zini *, size_t, size_t, size_t);
static void	 unmark_multi(struct zini *);
static uint64_t	 count_plane(struct zini *, uint64_t *, enum rim);
static void	 push(uint32_t **, size_t *, size_t *, uint32_t, uint32_t,
		    uint32_t, size_t);

/*
 * Eight bits of a plane as eight bytes of 0 or 1, bit k of the index
 * byte k, for the states of eight cells at a time.
 */
static uint64_t	 byte_bits[256];

/* The table of byte_bits, made once. */
static void
byte_bits_init(void)
{
	size_t k, j;

	if (byte_bits[255] != 0)
		return;
	for (k = 0; k < 256; k++)
		for (j = 0; j < 8; j++)
			byte_bits[k] |= (uint64_t)(k >> j & 1) << 8 * j;
}

/* The high bit of each byte of v, as 8 bits, byte 0 in bit 0. */
static uint64_t
gather_bits(uint64_t v)
{
	return ((v >> 7) & ONES) * UINT64_C(0x0102040810204080) >> 56;
}

/*
 * The bits of word w of a row that are columns lo to hi, w one of the
 * words from lo's to hi's.
 */
static uint64_t
range_mask(size_t w, size_t lo, size_t hi)
{
	const uint64_t all = ~(uint64_t)0;

	return (w == lo / 64 ? all << lo % 64 : all) &
	    (w == hi / 64 ? all >> (63 - hi % 64) : all);
}

/* Word w of a row of pw words, each bit or'd with its two neighbours. */
static uint64_t
dilate(const uint64_t *row, size_t w, size_t pw)
{
	return row[w] | west(row, w) | east(row, w, pw);
}

/* Word w of a row, each bit that of the column before it. */
static uint64_t
west(const uint64_t *row, size_t w)
{
	return row[w] << 1 | (w > 0 ? row[w - 1] >> 63 : 0);
}

/* Word w of a row of pw words, each bit that of the column after it. */
static uint64_t
east(const uint64_t *row, size_t w, size_t pw)
{
	return row[w] >> 1 | (w + 1 < pw ? row[w + 1] << 63 : 0);
}

/*
 * Word w of the zero plane of a row of width cells, and into numbered
 * that of the numbered plane, eight cells at a time, from the mine bit
 * and the count alone.  The walls' bits are masked off (a board used
 * again after an earlier board's figures holds states there, not
 * walls), and so are those past them, read from the next row or from
 * the board's slack below the last.
 */
static uint64_t
plane_word(const uint8_t *row, size_t width, size_t w, uint64_t *numbered)
{
	uint64_t v, m, zero, low, keep, zw = 0, nw = 0;
	size_t c, j;

	for (j = 0; j < 8 && (c = w * 64 + j * 8) <= width; j++) {
		keep = width + 1 - c >= 8 ? 0xff :
		    ((uint64_t)1 << (width + 1 - c)) - 1;
		if (c == 0)
			keep &= ~(uint64_t)1;
		v = load8(row + c);
		m = v & (ONES * (CELL_MINE | CELL_COUNT));
		zero = zero_bytes(m);
		/* Not a mine, and a count below 9 (not the wall). */
		low = ~(m + ONES * (0x80 - 9)) & HIGHS;
		zw |= (gather_bits(zero) & keep) << j * 8;
		nw |= (gather_bits(low & ~zero) & keep) << j * 8;
	}
	*numbered = nw;
	return zw;
}

/*
 * The planes of the zeros and of the numbered cells, a word of each
 * made and written at once.
 */
static void
find_planes(struct zini *z)
{
	const struct board *b = z->b;
	size_t r, w, k;

	for (r = 1; r <= b->height; r++)
		for (w = 0; w < z->pw; w++) {
			k = r * z->pw + w;
			z->zeros[k] = plane_word(b->cell + r * b->stride,
			    b->width, w, &z->numbered[k]);
		}
}

/* The island cells: numbered cells next to no zero. */
static void
find_islands(struct zini *z, uint64_t *island)
{
	const uint64_t *zr;
	size_t r, w, pw = z->pw;

	for (r = 1; r <= z->b->height; r++) {
		zr = z->zeros + r * pw;
		for (w = 0; w < pw; w++)
			island[r * pw + w] = z->numbered[r * pw + w] &
			    ~(dilate(zr - pw, w, pw) | dilate(zr, w, pw) |
			    dilate(zr + pw, w, pw));
	}
}

/*
 * The runs of set bits of a row of pw words, in order, into runs; how
 * many there are.  A run begins at a bit whose column before is clear
 * and ends at one whose column after is.  The run past the last begins
 * at UINT32_MAX and ends just before: no run touches it.
 */
static size_t
row_runs(const uint64_t *row, size_t pw, struct runs *runs)
{
	uint64_t x, b, e;
	size_t w, nb = 0, ne = 0;

	for (w = 0; w < pw; w++) {
		if ((x = row[w]) == 0)
			continue;
		b = x & ~west(row, w);
		e = x & ~east(row, w, pw);
		for (; b != 0; b &= b - 1)
			runs->first[nb++] = (uint32_t)(w * 64 +
			    (size_t)__builtin_ctzll(b));
		for (; e != 0; e &= e - 1)
			runs->last[ne++] = (uint32_t)(w * 64 +
			    (size_t)__builtin_ctzll(e));
	}
	runs->first[nb] = UINT32_MAX;
	runs->last[nb] = UINT32_MAX - 1;
	return runs->n = nb;
}

/*
 * Label the runs of a row by the runs of the row before that touch them
 * (run a to b touches run c to d if c <= b + 1 and d >= a - 1): a run
 * touching none begins a region, one touching more joins their regions.
 * Both rows' runs are in order, so one pass does it.
 */
static void
join_runs(const struct runs *prev, struct runs *cur, struct regions *u)
{
	uint32_t a, b;
	size_t i, j = 0, k;

	for (i = 0; i < cur->n; i++) {
		while (prev->last[j] + 1 < cur->first[i])
			j++;
		a = UINT32_MAX;
		for (k = j; prev->first[k] <= cur->last[i] + 1; k++) {
			b = uf_root(u->parent, prev->label[k]);
			if (a == UINT32_MAX || a == b) {
				a = b;
				continue;
			}
			/* Two regions become one, the lower node its root. */
			if (a < b)
				u->parent[b] = a;
			else {
				u->parent[a] = b;
				a = b;
			}
			u->count--;
		}
		if (a == UINT32_MAX) {
			a = (uint32_t)u->n;
			u->parent[u->n++] = a;
			u->count++;
		}
		cur->label[i] = a;
	}
}

/*
 * Number the regions of the runs of row prev from 0, and forget every
 * other node: no later run can touch a region prev does not.
 */
static void
renumber(struct regions *u, struct runs *prev)
{
	uint32_t root;
	size_t i, n = 0;

	for (i = 0; i < u->n; i++)
		u->renumber[i] = UINT32_MAX;
	for (i = 0; i < prev->n; i++) {
		root = uf_root(u->parent, prev->label[i]);
		if (u->renumber[root] == UINT32_MAX)
			u->renumber[root] = (uint32_t)n++;
		prev->label[i] = u->renumber[root];
	}
	for (i = 0; i < n; i++)
		u->parent[i] = (uint32_t)i;
	u->n = n;
}

/*
 * The islands: the regions of the island plane, counted a row at a time
 * by the runs of each row and those of the row before; the cells of the
 * runs are added to cells.  A row has at most max = stride / 2 + 1 runs,
 * so the nodes are renumbered at most once every 2 * max regions begun,
 * to at most max: linear time, and 4 nodes a column.
 */
static uint64_t
count_islands(const struct zini *z, const uint64_t *island,
    uint64_t *cells)
{
	struct runs rows[2], *prev = &rows[0], *cur = &rows[1], *t;
	struct regions u;
	size_t max = z->stride / 2 + 1, r, i;

	/*
	 * The board's (height + 2) * stride cells are below UINT32_MAX, and
	 * it has a row at least: 4 * max nodes are numbered in 32 bits, and
	 * no column reaches the runs past the last.
	 */
	u.cap = 4 * max;
	u.parent = xreallocarray(NULL, u.cap, sizeof(*u.parent));
	u.renumber = xreallocarray(NULL, u.cap, sizeof(*u.renumber));
	u.n = 0;
	u.count = 0;
	for (i = 0; i < 2; i++) {
		rows[i].first = xreallocarray(NULL, max + 1, sizeof(uint32_t));
		rows[i].last = xreallocarray(NULL, max + 1, sizeof(uint32_t));
		rows[i].label = xreallocarray(NULL, max, sizeof(uint32_t));
		rows[i].n = 0;
		rows[i].first[0] = UINT32_MAX;
		rows[i].last[0] = UINT32_MAX - 1;
	}
	for (r = 1; r <= z->b->height; r++) {
		row_runs(island + r * z->pw, z->pw, cur);
		for (i = 0; i < cur->n; i++)
			*cells += cur->last[i] - cur->first[i] + 1;
		if (u.n + cur->n > u.cap)
			renumber(&u, prev);
		join_runs(prev, cur, &u);
		t = prev;
		prev = cur;
		cur = t;
	}
	for (i = 0; i < 2; i++) {
		free(rows[i].first);
		free(rows[i].last);
		free(rows[i].label);
	}
	free(u.parent);
	free(u.renumber);
	return u.count;
}

/*
 * The numbered cells of row r next to zeros, by the ring groups of their
 * zero neighbours (the groups the ring of 8 falls into, two neighbours
 * touching): those of one group into single, of more into multi.  A
 * numbered cell has a mine next to it, which no zero is next to, so two
 * orthogonal neighbours across it from each other are never both zeros:
 * its zero orthogonal neighbours touch, one group, and a zero corner is a
 * group of its own when neither orthogonal neighbour beside it is a zero.  The
 * cells of a group are of one opening; those of a multi cell's groups may
 * be of one or of more.
 */
static void
ring_row(const struct zini *z, size_t r, uint64_t *single, uint64_t *multi)
{
	const size_t pw = z->pw;
	const uint64_t *up = z->zeros + (r - 1) * pw, *mid = up + pw;
	const uint64_t *down = mid + pw;
	uint64_t n, s, e, w, orth, cnw, cne, csw, cse, any, two, num;
	size_t k;

	for (k = 0; k < pw; k++) {
		n = up[k];
		s = down[k];
		w = west(mid, k);
		e = east(mid, k, pw);
		orth = n | s | w | e;
		cnw = west(up, k) & ~(n | w);
		cne = east(up, k, pw) & ~(n | e);
		csw = west(down, k) & ~(s | w);
		cse = east(down, k, pw) & ~(s | e);
		any = orth | cnw | cne | csw | cse;
		two = (orth & (cnw | cne | csw | cse)) |
		    (cnw & (cne | csw | cse)) | (cne & (csw | cse)) |
		    (csw & cse);
		num = z->numbered[r * pw + k];
		single[k] = num & any & ~two;
		multi[k] = num & two;
	}
}

/* Byte k of row r of a plane of pw words a row, as 8 bytes of 0 or 1. */
static uint64_t
plane_bytes(const uint64_t *plane, size_t pw, size_t r, size_t k)
{
	return byte_bits[(plane[r * pw + k / 8] >> k % 8 * 8) & 0xff];
}

/*
 * The states of row r into st, eight cells at a time, through the
 * scratch rows near and cells (64 * pw bytes each, and 8 more on each
 * side of near): the premium of each numbered cell as the greedy finds
 * it on the covered board, all but the openings of a multi cell, which
 * walk_region adds as it meets them.  That is the island cells among it
 * and its neighbours, and its opening if it is in the row single, less a
 * flag for each of its mines, less one to open it, less one for the
 * chord.
 */
static void
state_row(struct zini *z, const uint64_t *island, const uint64_t *single,
    size_t r, uint8_t *st)
{
	const size_t pw = z->pw, ncol = pw * 64;
	uint8_t *near = st + ncol + 8, *cells = near + ncol + 8;
	uint64_t v, sum, nm, im, zm;
	size_t k;

	memset(cells, CELL_WALL, ncol);
	memcpy(cells, z->b->cell + r * z->stride, z->stride);
	near[-1] = near[ncol] = 0;
	/* The island cells of each column of three. */
	for (k = 0; k < pw * 8; k++)
		store8(near + 8 * k, plane_bytes(island, pw, r - 1, k) +
		    plane_bytes(island, pw, r, k) +
		    plane_bytes(island, pw, r + 1, k));
	for (k = 0; k < pw * 8; k++) {
		v = load8(cells + 8 * k);
		sum = load8(near + 8 * k - 1) + load8(near + 8 * k) +
		    load8(near + 8 * k + 1);
		nm = plane_bytes(z->numbered, pw, r, k) * 0xff;
		im = plane_bytes(island, pw, r, k) * 0xff;
		zm = plane_bytes(z->zeros, pw, r, k);
		/* At most 9 plus 1 plus 8, less at most 8: no borrows. */
		sum = sum + plane_bytes(single, pw, 0, k) +
		    ONES * (PREMIUM_BIAS - 2) -
		    (v & ONES * CELL_COUNT & nm);
		store8(st + 8 * k, (nm & (ONES * ST_HAS | sum |
		    (im & ONES * ST_ISLAND))) |
		    ((v >> 4) & ONES) * ST_MINE | zm * ST_ZERO);
	}
}

/*
 * The state of every cell, the wall 0.  Each row of the numbered plane,
 * once its states are made, is replaced by its multi cells: the plane
 * is the multi plane after.
 */
static void
find_states(struct zini *z, const uint64_t *island)
{
	const struct board *b = z->b;
	uint64_t *single, *multi;
	uint8_t *st;
	size_t r;

	st = xreallocarray(NULL, 3, z->pw * 64 + 16);
	single = xreallocarray(NULL, 2 * z->pw, sizeof(*single));
	multi = single + z->pw;
	memset(z->state, 0, z->stride);
	memset(z->state + (b->height + 1) * z->stride, 0, z->stride);
	for (r = 1; r <= b->height; r++) {
		ring_row(z, r, single, multi);
		state_row(z, island, single, r, st);
		memcpy(z->state + r * z->stride, st, z->stride);
		memcpy(z->numbered + r * z->pw, multi,
		    z->pw * sizeof(*multi));
	}
	z->multi = z->numbered;
	free(single);
	free(st);
}

/* The first column of the run of set bits of a row through column c. */
static size_t
run_first(const uint64_t *row, size_t c)
{
	size_t w = c / 64;
	uint64_t x = ~row[w] & (((uint64_t)2 << (c % 64)) - 1);

	/* Column 0 is the wall, never set: the loop ends there. */
	while (x == 0)
		x = ~row[--w];
	return w * 64 + 64 - (size_t)__builtin_clzll(x);
}

/* The last column of the run of set bits of a row through column c. */
static size_t
run_last(const uint64_t *row, size_t c)
{
	size_t w = c / 64;
	uint64_t x = ~row[w] & (~(uint64_t)0 << (c % 64));

	/* The last column is the wall, never set: the loop ends there. */
	while (x == 0)
		x = ~row[++w];
	return w * 64 + (size_t)__builtin_ctzll(x) - 1;
}

/*
 * Take the run of set bits of row r through column c off its plane and
 * push it to be walked, row, first column and last: a run is pushed
 * once, when the walk first meets it.
 */
static void
take_run(struct zini *z, uint64_t *row, size_t r, size_t c)
{
	size_t first = run_first(row, c), last = run_last(row, c), w;
	const uint8_t *st = z->state + r * z->stride + first;

	/*
	 * The states of the rows either side are read when the run comes
	 * off the stack, and are seldom in the cache yet: ask for them now.
	 */
	__builtin_prefetch(st - z->stride);
	__builtin_prefetch(st + z->stride);
	for (w = first / 64; w <= last / 64; w++)
		row[w] &= ~range_mask(w, first, last);
	push(&z->stack, &z->nstack, &z->capstack, (uint32_t)r,
	    (uint32_t)first, (uint32_t)last, 3);
}

/* Take and push each run of row r with a cell in word w under mask m. */
static void
seed_word(struct zini *z, uint64_t *row, size_t r, size_t w, uint64_t m)
{
	uint64_t x;

	while ((x = row[w] & m) != 0)
		take_run(z, row, r, w * 64 + (size_t)__builtin_ctzll(x));
}

/*
 * Multi cell i meets the opening walked: the first time, counting, it
 * gains the opening; in the greedy it opens if covered (it loses the
 * opening and the click to open it: its premium stays), or loses the
 * opening if open before.  Its mark comes off when the walk is done, for
 * another opening may meet it.
 */
static void
meet_multi(struct zini *z, size_t i, enum rim what)
{
	uint8_t s = z->state[i];

	if (s & ST_MARK)
		return;
	if (what == RIM_COUNT)
		s++;
	else if (s & ST_OPEN)
		s--;
	else
		s |= ST_OPEN;
	z->state[i] = s | ST_MARK;
	push(&z->marked, &z->nmarked, &z->capmarked, (uint32_t)i, 0, 0, 1);
}

/* The multi cells of rows r - 1 to r + 1 in word w under mask m. */
static void
rim_multi(struct zini *z, size_t r, size_t w, uint64_t m, enum rim what)
{
	const size_t pw = z->pw;
	const uint64_t *up = z->multi + (r - 1) * pw + w;
	uint64_t x;
	size_t k;

	/* Multi cells are few: most runs meet none. */
	if (((up[0] | up[pw] | up[2 * pw]) & m) == 0)
		return;
	for (k = 0; k < 3; k++)
		for (x = up[k * pw] & m; x != 0; x &= x - 1)
			meet_multi(z, (r - 1 + k) * z->stride + w * 64 +
			    (size_t)__builtin_ctzll(x), what);
}

/*
 * The greedy opens the run of row r from column first to last and its
 * rim, their state bytes 8 at a time: the covered zeros among them (all
 * of the run's opening) and the cells with a premium next to it (a cell
 * next to a zero is no island cell).  Each rim cell not yet marked is
 * marked and opens, or loses the opening if open before: no byte
 * borrows, for a code is 1 or more in a cell open before (a premium is
 * never below -10, and such a cell no longer costs the click).  A cell
 * that is not multi is next to this opening alone, so its mark stays;
 * multi cells are marked by rim_multi first.
 */
static void
rim_open(struct zini *z, size_t r, size_t first, size_t last)
{
	const size_t n = last - first + 3;
	uint64_t v, m, was, keep, zero;
	uint8_t *p;
	size_t rr, k;

	for (rr = r - 1; rr <= r + 1; rr++) {
		p = z->state + rr * z->stride + first - 1;
		for (k = 0; k < n; k += 8) {
			v = load8(p + k);
			keep = n - k < 8 ? ~(~(uint64_t)0 << 8 * (n - k)) :
			    ~(uint64_t)0;
			m = (v >> 5 & ~v >> 7) & ONES & keep;
			zero = zero_bytes(v ^ ONES * ST_ZERO) >> 7 & keep;
			was = v >> 6 & m;
			store8(p + k, (v | m * (ST_OPEN | ST_MARK) |
			    zero * ST_OPEN) - was);
		}
	}
}

/* Take the marks of the multi cells the walk met off. */
static void
unmark_multi(struct zini *z)
{
	size_t k;

	for (k = 0; k < z->nmarked; k++)
		z->state[z->marked[k]] &= ~ST_MARK;
	z->nmarked = 0;
}

/*
 * Walk the opening of plane v through row r, column c, a run of a row at
 * a time, clearing its bits; what says what to do with its rim (the
 * greedy opens the zeros with it).
 */
void
walk_region(struct zini *z, uint64_t *v, size_t r, size_t c, enum rim what)
{
	uint64_t m;
	size_t first, last, w, pw = z->pw;

	z->nstack = 0;
	take_run(z, v + r * pw, r, c);
	while (z->nstack > 0) {
		z->nstack -= 3;
		r = z->stack[z->nstack];
		first = z->stack[z->nstack + 1];
		last = z->stack[z->nstack + 2];
		/*
		 * The rim and the runs next to the run, a word at a time:
		 * rows 0 and the last are the wall, so r +- 1 is a row.
		 * The words' masks are range_mask's from first - 1 to
		 * last + 1, made as the loop goes (2% of the whole on a
		 * large board).
		 */
		w = (first - 1) / 64;
		m = ~(uint64_t)0 << (first - 1) % 64;
		for (;;) {
			if (w == (last + 1) / 64)
				m &= ~(uint64_t)0 >> (63 - (last + 1) % 64);
			rim_multi(z, r, w, m, what);
			seed_word(z, v + (r - 1) * pw, r - 1, w, m);
			seed_word(z, v + (r + 1) * pw, r + 1, w, m);
			if (w++ == (last + 1) / 64)
				break;
			m = ~(uint64_t)0;
		}
		if (what == RIM_OPEN)
			rim_open(z, r, first, last);
	}
	unmark_multi(z);
}

/* Walk every opening of plane v, clearing it; how many there were. */
static uint64_t
count_plane(struct zini *z, uint64_t *v, enum rim what)
{
	size_t w, nw = (z->b->height + 2) * z->pw;
	uint64_t n = 0;

	for (w = 0; w < nw; w++)
		while (v[w] != 0) {
			walk_region(z, v, w / z->pw, w % z->pw * 64 +
			    (size_t)__builtin_ctzll(v[w]), what);
			n++;
		}
	return n;
}

/* Push a, and b and c when k is 3, on a stack that grows as it must. */
static void
push(uint32_t **stack, size_t *n, size_t *cap, uint32_t a, uint32_t b,
    uint32_t c, size_t k)
{
	if (*n + k > *cap) {
		*cap *= 2;
		*stack = xreallocarray(*stack, *cap, sizeof(**stack));
	}
	(*stack)[(*n)++] = a;
	if (k == 3) {
		(*stack)[(*n)++] = b;
		(*stack)[(*n)++] = c;
	}
}

/*
 * The figures of a board's mines; its open cells and flags do not count.
 * The board is spent: its cells hold the greedy's states when it is
 * done, so that a huge board needs no second array its size.
 */
void
stats_compute(struct board *b, struct stats *st)
{
	struct zini z;
	size_t n, nw;
	uint64_t *island;

	/*
	 * Only each cell's mine bit and count are read: its open and flag
	 * bits need no clearing first.
	 */
	memset(st, 0, sizeof(*st));
	n = (b->height + 2) * b->stride;
	if (n >= UINT32_MAX)
		errx(GF_EXIT_ERROR, "%s: a %zux%zu board is too large for "
		    "--stats (%u cells at most)", b->file, b->width,
		    b->height, UINT32_MAX - 1);
	st->cells = (uint64_t)b->width * b->height;
	st->mines = b->mines;
	memset(&z, 0, sizeof(z));
	z.b = b;
	z.stride = b->stride;
	z.ncell = n;
	z.pw = (b->stride + 63) / 64;
	/* No more words than cells and a word a row: no overflow. */
	nw = (b->height + 2) * z.pw;
	z.zeros = xcalloc_mapped(nw, sizeof(uint64_t));
	z.numbered = xcalloc_mapped(nw, sizeof(uint64_t));
	island = xcalloc_mapped(nw, sizeof(uint64_t));
	/* Each row of states replaces the row of cells it is made from. */
	z.state = b->cell;
	z.capstack = 1024;
	z.stack = xreallocarray(NULL, z.capstack, sizeof(*z.stack));
	z.capmarked = 1024;
	z.marked = xreallocarray(NULL, z.capmarked, sizeof(*z.marked));

	byte_bits_init();
	find_planes(&z);
	find_islands(&z, island);
	st->islands = count_islands(&z, island, &st->island_cells);
	find_states(&z, island);
	/*
	 * count_plane clears the zeros as it walks: the greedy's copy, in
	 * the island plane's memory, spent now.
	 */
	z.covered = island;
	memcpy(z.covered, z.zeros, nw * sizeof(uint64_t));
	st->openings = count_plane(&z, z.zeros, RIM_COUNT);
	st->bbbv = st->openings + st->island_cells;
	free(z.zeros);
	z.left = st->bbbv;
	st->zini = zini_greedy(&z);

	free(z.multi);
	free(z.covered);
	free(z.stack);
	free(z.marked);
}

/*
 * Write the figures as one line.  A board whose video gives its time
 * gains the time; a video whose clicks were replayed gains what they
 * did (the 3BV solved, the clicks, the index of efficiency, the game's
 * end, and for a left click that lost it the chance its cell was a mine
 * and the cells proved safe then)
 * and, replayed to the end in more than no time, the 3BV solved a
 * second.  A video not replayed has a rate only if its Status says it
 * was won, when the 3BV solved is the board's.  Rates are rounded to
 * three decimals.
 */
void
stats_print(const struct stats *st, const struct recorded *game)
{
	const struct played *p = &game->played;
	uint64_t clicks = p->left + p->right + p->chords;

	printf("3bv=%" PRIu64 " openings=%" PRIu64 " islands=%" PRIu64
	    " zini=%" PRIu64 " mines=%" PRIu64 " cells=%" PRIu64, st->bbbv,
	    st->openings, st->islands, st->zini, st->mines, st->cells);
	if (game->timed) {
		printf(" time=%" PRIu64 ".%03u", game->time_ms / 1000,
		    (unsigned int)(game->time_ms % 1000));
		if (game->time_ms > 0 && p->replayed && p->whole)
			printf(" 3bv/s=%.3f", (double)p->solved * 1000 /
			    (double)game->time_ms);
		else if (game->time_ms > 0 && !p->replayed &&
		    game->status == TOLD_WON)
			printf(" 3bv/s=%.3f", (double)st->bbbv * 1000 /
			    (double)game->time_ms);
	}
	if (p->replayed) {
		printf(" solved=%" PRIu64 " clicks=%" PRIu64 " left=%" PRIu64
		    " right=%" PRIu64 " double=%" PRIu64, p->solved, clicks,
		    p->left, p->right, p->chords);
		if (clicks > 0)
			printf(" ioe=%.3f", (double)p->solved /
			    (double)clicks);
		printf(" game=%s", replay_state_name(p->state));
		if (p->fatal_known) {
			printf(" fatal=");
			solver_print_prob(p->fatal);
			printf(" safe-cells=%" PRIu64, p->fatal_safe);
		}
	}
	putchar('\n');
}
