/*
 * mine-bfs-baseline: the straightforward zero-region reveal that
 * mine-reveal is measured against, written as such code usually is: an
 * object a cell, a queue whose front is taken off by shifting the whole
 * array down, and cells marked open when they leave the queue rather
 * than when they enter it, so one cell may be queued by each of its
 * neighbours.  It reads a full-state board (mine-board(5)), opens the
 * cell given as ROW COLUMN and prints how many cells are open.
 *
 * usage: mine-bfs-baseline row column < board
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cell {
	int	 mine;
	int	 open;
	int	 row, col;
};

struct board {
	struct cell	**cell;
	int		 rows, cols;
};

struct queue {
	struct cell	**item;
	size_t		 n, cap;
};

static void	*must(void *);
static void	 read_board(struct board *);
static int	 count(const struct board *, int, int);
static void	 push(struct queue *, struct cell *);
static struct cell *shift(struct queue *);
static long	 reveal(struct board *, int, int);

static void *
must(void *p)
{
	if (p == NULL) {
		perror("mine-bfs-baseline");
		exit(2);
	}
	return p;
}

static void
read_board(struct board *b)
{
	char *line = NULL;
	size_t cap = 0, len;
	ssize_t n;
	int c;

	memset(b, 0, sizeof(*b));
	while ((n = getline(&line, &cap, stdin)) > 0) {
		len = (size_t)n;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		b->cols = (int)len;
		b->cell = must(realloc(b->cell, (b->rows + 1) * sizeof(*b->cell)));
		b->cell[b->rows] = must(calloc(len, sizeof(struct cell)));
		for (c = 0; c < b->cols; c++) {
			b->cell[b->rows][c].mine = line[c] == '*';
			b->cell[b->rows][c].row = b->rows;
			b->cell[b->rows][c].col = c;
		}
		b->rows++;
	}
	free(line);
}

static int
count(const struct board *b, int r, int c)
{
	int i, j, n = 0;

	for (i = r - 1; i <= r + 1; i++)
		for (j = c - 1; j <= c + 1; j++)
			if (i >= 0 && i < b->rows && j >= 0 && j < b->cols &&
			    b->cell[i][j].mine)
				n++;
	return n;
}

static void
push(struct queue *q, struct cell *x)
{
	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 64;
		q->item = must(realloc(q->item, q->cap * sizeof(*q->item)));
	}
	q->item[q->n++] = x;
}

/* Array.prototype.shift: take the front and move everything else down. */
static struct cell *
shift(struct queue *q)
{
	struct cell *x = q->item[0];

	memmove(q->item, q->item + 1, --q->n * sizeof(*q->item));
	return x;
}

static long
reveal(struct board *b, int r, int c)
{
	struct queue q = { NULL, 0, 0 };
	struct cell *x;
	long opened = 0;
	int i, j;

	push(&q, &b->cell[r][c]);
	while (q.n > 0) {
		x = shift(&q);
		if (x->open || x->mine)
			continue;
		x->open = 1;
		opened++;
		if (count(b, x->row, x->col) != 0)
			continue;
		for (i = x->row - 1; i <= x->row + 1; i++)
			for (j = x->col - 1; j <= x->col + 1; j++)
				if (i >= 0 && i < b->rows && j >= 0 &&
				    j < b->cols && !b->cell[i][j].open)
					push(&q, &b->cell[i][j]);
	}
	free(q.item);
	return opened;
}

int
main(int argc, char *argv[])
{
	struct board b;
	int r, c;

	if (argc != 3) {
		fprintf(stderr, "usage: mine-bfs-baseline row column < board\n");
		return 2;
	}
	read_board(&b);
	r = atoi(argv[1]) - 1;
	c = atoi(argv[2]) - 1;
	if (r < 0 || r >= b.rows || c < 0 || c >= b.cols)
		return 2;
	printf("opened=%ld\n", reveal(&b, r, c));
	return 0;
}
