/*
 * board.c: a board in memory, one byte a cell, and its text forms.  Rows
 * are added as they are read, so the input text is never held more than
 * one line at a time; the counts of adjacent mines are worked out once
 * the last row is in, which is also when the open cells of the input are
 * checked against the mines.
 */

#include "config.h"

#include <sys/mman.h>

#include <err.h>
#include <inttypes.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "mine.h"

#define BAD_CHAR	CELL_PENDING	/* never a cell of the input */
#define SLACK		8	/* bytes before and after, for word reads */
#define PREFAULT	((size_t)8 << 20)	/* bytes mapped ahead */
#define OUT_BLOCK	((size_t)1 << 18)	/* bytes of rows written at once */
#define CELLS_COUNT	(ONES * CELL_COUNT)

static void	 grow_rows(struct board *, size_t);
static void	 prefault(struct board *, size_t);
static void	 decode_table(uint8_t *);
static void	 view_decode_table(uint8_t *);
static int	 finish_view(struct board *);
static int	 wrong_glyph(const struct board *, size_t, size_t, int);
static size_t	 decode_plain(const char *, size_t, uint8_t *);
static int	 count_row(struct board *, size_t);
static void	 keep_bytes(uint64_t *, uint64_t *, uint64_t *, uint64_t *,
		    size_t);
static int	 wrong_count(const struct board *, size_t, size_t, uint64_t,
		    uint64_t);
static void	 full_table(char *);
static void	 view_table(char *, enum state, int);
static void	 encode_row(const uint8_t *, size_t, const char *, char *);
static void	 print_table_rows(const struct board *, const char *);
static size_t	 bad_column(const char *, size_t, int);

void
board_init(struct board *b, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->file = file;
}

void
board_free(struct board *b)
{
	free(b->base);
	free(b->rowline);
	free(b->stack);
	free(b->vsum);
	board_init(b, b->file);
}

uint8_t *
board_at(const struct board *b, size_t row, size_t col)
{
	return b->cell + row * b->stride + col;
}

/*
 * Row r is about to be written.  Where the system can, map the pages of
 * the next few megabytes in with one call rather than one fault a page,
 * which costs as much as the parsing itself; a few megabytes at a time,
 * so that capacity never written is never mapped.
 */
static void
prefault(struct board *b, size_t r)
{
#ifdef MADV_POPULATE_WRITE
	size_t need, upto;

	need = (r + 1) * b->stride + SLACK;
	if (need <= b->populated)
		return;
	upto = b->cap_rows * b->stride + SLACK;
	if (upto - need > PREFAULT)
		upto = need + PREFAULT;
	advise_pages(b->base + b->populated, b->base + upto,
	    MADV_POPULATE_WRITE);
	b->populated = upto;
#endif
}

/*
 * Make room for padded rows 0 to need - 1.  Growth is geometric; realloc
 * of a large block moves pages rather than copying them, and pages never
 * touched cost no memory, so the spare capacity is nearly free.  Once a
 * board is big, and the input told how many rows it can still hold at
 * most, it gets them all at once, in huge pages: moving huge pages would
 * split them.
 */
static void
grow_rows(struct board *b, size_t need)
{
	size_t cap, bytes;
	int big;

	if (need <= b->cap_rows)
		return;
	cap = b->cap_rows < 8 ? 8 : b->cap_rows;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	big = cap > HUGE_MIN / b->stride && b->rows_hint >= need;
	if (big)
		cap = b->rows_hint;
	if (cap > (SIZE_MAX - 2 * SLACK) / b->stride)
		errx(GF_EXIT_ERROR, "%s: board too large", b->file);
	bytes = cap * b->stride + 2 * SLACK;
	b->base = xreallocarray(b->base, bytes, 1);
	if (big)
		advise_huge(b->base, bytes);
	b->populated = 0;
	b->cell = b->base + SLACK;
	b->rowline = xreallocarray(b->rowline, cap, sizeof(*b->rowline));
	b->cap_rows = cap;
}

/*
 * Begin a board whose rows are width cells, with its top wall.  If rows
 * is not 0, the board has at most rows - 2 rows (rows counts the walls).
 */
void
board_start(struct board *b, size_t width, size_t rows)
{
	free(b->base);
	free(b->rowline);
	b->base = NULL;
	b->rowline = NULL;
	b->cap_rows = 0;
	b->width = width;
	b->stride = width + 2;
	b->height = 0;
	b->counted = 0;
	b->mines = b->opened = 0;
	b->lost = 0;
	memset(&b->recorded, 0, sizeof(b->recorded));
	b->rows_hint = rows;
	free(b->vsum);
	b->vsum = xmalloc(b->stride + 2 * SLACK);
	grow_rows(b, 2);
	memset(b->base, 0, SLACK);
	memset(b->cell, CELL_WALL, b->stride);
	b->rowline[0] = 0;
}

/* A whole board of covered safe cells, for the generator and MBF. */
void
board_alloc(struct board *b, size_t width, size_t height)
{
	size_t r;

	board_start(b, width, height + 2);
	grow_rows(b, height + 2);
	for (r = 1; r <= height; r++) {
		memset(board_at(b, r, 0), 0, b->stride);
		*board_at(b, r, 0) = CELL_WALL;
		*board_at(b, r, width + 1) = CELL_WALL;
		b->rowline[r] = 0;
	}
	b->height = height;
	memset(board_at(b, height + 1, 0), CELL_WALL, b->stride);
	memset(board_at(b, height + 2, 0), 0, SLACK);
}

static void
decode_table(uint8_t *t)
{
	int i;

	memset(t, BAD_CHAR, 256);
	t['.'] = 0;
	t['*'] = CELL_MINE;
	t['F'] = CELL_FLAG | CELL_MINE;
	t['f'] = CELL_FLAG;
	t['X'] = CELL_OPEN | CELL_MINE;
	for (i = 0; i <= 8; i++)
		t['0' + i] = CELL_OPEN | i;
}

/*
 * What a view shows, read back.  An 'F' is read as a flag on a mine and
 * an 'x' as a flag on a safe cell, as a lost game shows them; until the
 * whole view is in, it is not known whether the game was lost, and if
 * it was not, finish_view makes every flag a guess again.
 */
static void
view_decode_table(uint8_t *t)
{
	int i;

	memset(t, BAD_CHAR, 256);
	t['#'] = 0;
	t['F'] = CELL_FLAG | CELL_MINE;
	t['x'] = CELL_FLAG;
	t['*'] = CELL_MINE;
	t['X'] = CELL_OPEN | CELL_MINE;
	t[' '] = CELL_OPEN;
	for (i = 0; i <= 8; i++)
		t['0' + i] = CELL_OPEN | i;
}

/* Nonzero if every byte of the line is a cell of a view. */
int
board_view_row(const char *text, size_t len)
{
	uint8_t t[256];
	size_t x;

	view_decode_table(t);
	for (x = 0; x < len; x++)
		if (t[(unsigned char)text[x]] == BAD_CHAR)
			return 0;
	return 1;
}

/*
 * Decode the leading cells of a row that are all covered, '.' or '*',
 * eight at a time: a fresh board is nothing else.  Returns how many
 * cells it did; the table does the rest.
 */
static size_t
decode_plain(const char *text, size_t len, uint8_t *cells)
{
	uint64_t v, mine, safe;
	size_t x;

	for (x = 0; x + 8 <= len; x += 8) {
		v = load8((const uint8_t *)text + x);
		mine = zero_bytes(v ^ (ONES * '*'));
		safe = zero_bytes(v ^ (ONES * '.'));
		if ((mine | safe) != HIGHS)
			break;
		store8(cells + x, (mine >> 7) * CELL_MINE);
	}
	return x;
}

/* The column of the first character that is not a cell. */
static size_t
bad_column(const char *text, size_t len, int view)
{
	uint8_t t[256];
	size_t x;

	if (view)
		view_decode_table(t);
	else
		decode_table(t);
	for (x = 0; x < len; x++)
		if (t[(unsigned char)text[x]] == BAD_CHAR)
			break;
	return x + 1;
}

/*
 * Add one row from its text.  Returns -1 after a diagnostic if the row
 * has the wrong length or a character that is not a cell.
 */
int
board_add_row(struct board *b, const char *text, size_t len, size_t lineno)
{
	static uint8_t full[256], view[256];
	static int ready;
	const uint8_t *t = b->view ? view : full;
	uint8_t *row, c, bad = 0;
	size_t x, r, n;

	if (!ready) {
		decode_table(full);
		view_decode_table(view);
		ready = 1;
	}
	if (len != b->width) {
		warn_at_column(b->file, lineno, (len < b->width ? len :
		    b->width) + 1, "ragged row: %zu cells, the first row has %zu",
		    len, b->width);
		return -1;
	}
	if (b->height + 1 > BOARD_MAX_SIDE) {
		warn_at(b->file, lineno, "too many rows (more than %lu)",
		    BOARD_MAX_SIDE);
		return -1;
	}
	r = b->height + 1;
	grow_rows(b, r + 2);
	prefault(b, r);
	row = board_at(b, r, 0);
	row[0] = row[b->width + 1] = CELL_WALL;
	x = b->view ? 0 : decode_plain(text, len, row + 1);
	for (; x < len; x++) {
		c = t[(unsigned char)text[x]];
		row[x + 1] = c;
		bad |= c;
	}
	if (bad & BAD_CHAR) {
		x = bad_column(text, len, b->view);
		n = utf8_length(text + x - 1, len - x + 1);
		warn_at_column(b->file, lineno, x,
		    "unknown character in a board row (%s)%s",
		    excerpt(text + x - 1, n == 0 ? 1 : n),
		    !b->view && board_view_row(text, len) ? ": a view, as -v "
		    "writes it? read it with -i view" : "");
		return -1;
	}
	b->height = r;
	b->rowline[r] = lineno;
	if (b->view)
		return 0;
	if (r >= 2)
		return count_row(b, r - 1);
	return 0;
}

/*
 * Count the mines around each cell of row r, eight cells a word: the
 * mine bit of every byte summed down each column into vsum, then the
 * three column sums around each cell less its own mine.  No byte sum
 * passes 9, so bytes never carry into each other.  Also checks the
 * counts that open cells show, and adds up mines and open cells.  Rows
 * are counted as soon as the row below is in, while they are still in
 * the cache.  Returns -1 after a diagnostic if an open cell shows a
 * count its neighbours contradict.
 */
static int
count_row(struct board *b, size_t r)
{
	const uint8_t *up, *down;
	uint8_t *row, *vsum = b->vsum;
	uint64_t c, n, mine, open, wrong;
	uint64_t mines = 0, opened = 0, exploded = 0;
	size_t x, w = b->width;

	up = board_at(b, r - 1, 0);
	row = board_at(b, r, 0);
	down = board_at(b, r + 1, 0);
	for (x = 0; x < w + 2; x += 8)
		store8(vsum + x, ((load8(up + x) >> 4) & ONES) +
		    ((load8(row + x) >> 4) & ONES) +
		    ((load8(down + x) >> 4) & ONES));
	for (x = 1; x <= w; x += 8) {
		c = load8(row + x);
		mine = (c >> 4) & ONES;
		open = (c >> 5) & ONES;
		n = load8(vsum + x - 1) + load8(vsum + x) +
		    load8(vsum + x + 1) - mine;
		if (x + 8 > w + 1)
			keep_bytes(&c, &n, &mine, &open, w + 1 - x);
		wrong = (c & CELLS_COUNT) ^ n;
		wrong = (wrong | wrong >> 1 | wrong >> 2 | wrong >> 3) & ONES;
		if ((wrong & open & ~mine) != 0)
			return wrong_count(b, r, x, c, n);
		mines += (mine * ONES) >> 56;
		opened += ((open & ~mine) * ONES) >> 56;
		exploded |= open & mine;
		store8(row + x, (c & ~CELLS_COUNT) | n);
	}
	b->mines += mines;
	b->opened += opened;
	b->lost |= exploded != 0;
	b->counted = r;
	return 0;
}

/*
 * In the last word of a row only the first k bytes are cells: give the
 * rest back as they were, so that the wall and what lies past it stay.
 */
static void
keep_bytes(uint64_t *c, uint64_t *n, uint64_t *mine, uint64_t *open,
    size_t k)
{
	uint64_t mask = (UINT64_C(1) << (8 * k)) - 1;

	*n = (*n & mask) | (*c & ~mask & CELLS_COUNT);
	*mine &= mask;
	*open &= mask;
}

/* Tell which cell of the word of cells c at column x shows a wrong count. */
static int
wrong_count(const struct board *b, size_t r, size_t x, uint64_t c,
    uint64_t n)
{
	unsigned int i, cell, count;

	for (i = 0; i < 8; i++) {
		cell = (c >> (8 * i)) & 0xff;
		count = (n >> (8 * i)) & CELL_COUNT;
		if ((cell & 0x30) == CELL_OPEN && (cell & CELL_COUNT) != count)
			break;
	}
	warn_at_column(b->file, b->rowline[r], x + i,
	    "open cell disagrees with the mines around it "
	    "(shows %u, %u adjacent)", cell & CELL_COUNT, count);
	return -1;
}

/*
 * The last row is in: close the board with its bottom wall and count the
 * rows not yet counted.  Returns -1 after a diagnostic if an open cell
 * shows a count its neighbours contradict, or a view shows what its game
 * cannot.
 */
int
board_finish(struct board *b)
{
	size_t r;

	grow_rows(b, b->height + 2);
	memset(board_at(b, b->height + 1, 0), CELL_WALL, b->stride);
	memset(board_at(b, b->height + 2, 0), 0, SLACK);
	if (b->view)
		return finish_view(b);
	for (r = b->counted + 1; r <= b->height; r++)
		if (count_row(b, r) == -1)
			return -1;
	return 0;
}

/*
 * A view keeps the counts it shows; they are checked only for being
 * possible, since the mines are not known.  Once a game is lost, the
 * view shows every mine: opened (X), flagged (F) or neither (*), and its
 * wrong flags (x); before, a flag is only the player's guess, and x and
 * * cannot be shown.  Returns -1 after a diagnostic for an x or a * in a
 * view with no X.
 */
static int
finish_view(struct board *b)
{
	size_t r, x;
	uint8_t *c;

	for (r = 1; r <= b->height && !b->lost; r++)
		for (x = 1; x <= b->width; x++)
			if ((*board_at(b, r, x) & (CELL_OPEN | CELL_MINE)) ==
			    (CELL_OPEN | CELL_MINE))
				b->lost = 1;
	for (r = 1; r <= b->height; r++)
		for (x = 1; x <= b->width; x++) {
			c = board_at(b, r, x);
			if (!b->lost && (*c & (CELL_FLAG | CELL_MINE)) ==
			    CELL_FLAG)
				return wrong_glyph(b, r, x, 'x');
			if (!b->lost && (*c & (CELL_FLAG | CELL_OPEN |
			    CELL_MINE)) == CELL_MINE)
				return wrong_glyph(b, r, x, '*');
			if (!b->lost && (*c & CELL_FLAG))
				*c &= ~CELL_MINE;
			if (*c & CELL_MINE)
				b->mines++;
			if ((*c & (CELL_OPEN | CELL_MINE)) == CELL_OPEN)
				b->opened++;
		}
	b->counted = b->height;
	return 0;
}

static int
wrong_glyph(const struct board *b, size_t r, size_t x, int glyph)
{
	warn_at_column(b->file, b->rowline[r], x, "%c in a view of a game "
	    "not lost (no X on the board)", glyph);
	return -1;
}

/* Cover every cell again and take the flags off, keeping the mines. */
void
board_reset(struct board *b)
{
	size_t r, x;
	uint8_t *row;

	for (r = 1; r <= b->height; r++) {
		row = board_at(b, r, 0);
		for (x = 1; x <= b->width; x++)
			row[x] &= CELL_MINE | CELL_COUNT;
	}
	b->opened = 0;
	b->lost = 0;
	b->nstack = 0;
	b->pending_lo = b->pending_hi = 0;
}

enum state
board_state(const struct board *b)
{
	uint64_t cells;

	if (b->lost)
		return STATE_LOST;
	cells = (uint64_t)b->width * b->height;
	return b->opened == cells - b->mines ? STATE_WON : STATE_PLAYING;
}

/* The full state: every cell byte (without its pending bit) to a letter. */
static void
full_table(char *t)
{
	int i;

	for (i = 0; i < 128; i++) {
		if ((i & 0x30) == CELL_OPEN)
			t[i] = (i & CELL_COUNT) <= 8 ? '0' + (i & CELL_COUNT) : '?';
		else if ((i & 0x30) == 0x30)
			t[i] = 'X';
		else if (i & CELL_FLAG)
			t[i] = (i & CELL_MINE) ? 'F' : 'f';
		else
			t[i] = (i & CELL_MINE) ? '*' : '.';
		t[i + 128] = t[i];
	}
}

/* What the player sees, which depends on how the game stands. */
static void
view_table(char *t, enum state st, int blank_zeros)
{
	int i;

	for (i = 0; i < 128; i++) {
		if ((i & 0x30) == CELL_OPEN)
			t[i] = (i & CELL_COUNT) == 0 && blank_zeros ? ' ' :
			    '0' + (i & CELL_COUNT);
		else if ((i & 0x30) == 0x30)
			t[i] = 'X';
		else if (i & CELL_FLAG)
			t[i] = st == STATE_LOST && !(i & CELL_MINE) ? 'x' : 'F';
		else if ((i & CELL_MINE) && st == STATE_LOST)
			t[i] = '*';
		else if ((i & CELL_MINE) && st == STATE_WON)
			t[i] = 'F';
		else
			t[i] = '#';
		t[i + 128] = t[i];
	}
}

/*
 * Letters for eight cells at once where none is flagged, pending or an
 * opened mine, which is nearly every word of a board in play: a covered
 * cell takes the table's letter for a covered safe cell or mine, an open
 * one its digit (or the table's letter for an open zero: both tables show
 * counts 1 to 8 as their digits).  Other words go through the table.
 */
static void
encode_row(const uint8_t *cells, size_t w, const char *t, char *line)
{
	uint64_t v, open, mine, zero, out;
	uint64_t safe_c, mine_c, zero_c;
	size_t x, i;

	safe_c = ONES * (unsigned char)t[0];
	mine_c = ONES * (unsigned char)t[CELL_MINE];
	zero_c = ONES * (unsigned char)t[CELL_OPEN];
	for (x = 0; x + 8 <= w; x += 8) {
		v = load8(cells + x);
		open = (v >> 5) & ONES;
		mine = (v >> 4) & ONES;
		if ((v & (ONES * (CELL_FLAG | CELL_PENDING))) != 0 ||
		    (open & mine) != 0) {
			for (i = 0; i < 8; i++)
				line[x + i] = t[cells[x + i]];
			continue;
		}
		zero = (zero_bytes(v & (ONES * CELL_COUNT)) >> 7) & open;
		open = (open & ~zero) * 0xff;
		mine *= 0xff;
		zero *= 0xff;
		out = (open & ((ONES * '0') + (v & (ONES * CELL_COUNT)))) |
		    (zero & zero_c) |
		    (~(open | zero) & ((mine & mine_c) | (~mine & safe_c)));
		store8((uint8_t *)line + x, out);
	}
	for (; x < w; x++)
		line[x] = t[cells[x]];
}

/*
 * Rows go out in blocks of many rows: one write a row would cost more
 * than turning the row into letters.
 */
static void
print_table_rows(const struct board *b, const char *t)
{
	char *out;
	size_t r, w = b->width, per, n = 0;

	per = OUT_BLOCK / (w + 1);
	if (per == 0)
		per = 1;
	out = xreallocarray(NULL, per, w + 1);
	for (r = 1; r <= b->height; r++) {
		encode_row(board_at(b, r, 1), w, t, out + n);
		n += w;
		out[n++] = '\n';
		if (r % per == 0 || r == b->height) {
			if (fwrite(out, 1, n, stdout) != n)
				break;
			n = 0;
		}
	}
	free(out);
}

void
board_print_rows(const struct board *b)
{
	char t[256];

	full_table(t);
	print_table_rows(b, t);
}

void
board_print_view_rows(const struct board *b, int blank_zeros)
{
	char t[256];

	view_table(t, board_state(b), blank_zeros);
	print_table_rows(b, t);
}

void
board_print(const struct board *b, const struct output *out)
{
	static const char *names[] = { "playing", "won", "lost" };
	enum state st;
	char t[256];

	st = board_state(b);
	if (out->format == FORMAT_VIEW)
		view_table(t, st, out->blank_zeros);
	else
		full_table(t);
	print_table_rows(b, t);
	printf("# state: %s opened=%" PRIu64 "\n", names[st], b->opened);
}
