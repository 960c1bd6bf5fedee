/*
 * train.c: learns the ranked scheme's model from games, one ICCS move
 * list a line, and writes it as C (src/xq/model.c):
 *
 *	xq-train wxf-masters-hu-liu.iccs.txt > src/xq/model.c
 *
 * The weights are those of a softmax over each position's legal moves,
 * fitted by stochastic gradient ascent on the log-likelihood of the
 * moves played, then rounded to integers.  The rank frequencies are
 * counted with the rounded weights, so they match what the coder sees.
 * Only the wxf file is used for this; the other file measures.
 */

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "notation.h"
#include "pack.h"

#define EPOCHS	6
#define SCALE	16.0	/* weight units per nat */

struct corpus {
	struct movelist	*game;
	size_t		 n, cap;
};

static void	 read_corpus(const char *, struct corpus *);
static void	 epoch(struct corpus *, double *, double);
static void	 count_ranks(struct corpus *, const int16_t *, uint64_t *);
static void	 write_model(const int16_t *, const uint64_t *);
static void	 each_ply(struct corpus *, void (*)(const struct xqpos *,
		    const struct order_context *, struct xqmove, void *),
		    void *);

struct fit {
	double		*w;
	double		 rate;
};

struct rankcount {
	const int16_t	*w;
	uint64_t	*count;
};

static void
read_corpus(const char *path, struct corpus *c)
{
	struct linereader lr;
	struct notation_error e;

	if (lr_open(&lr, path) == -1)
		err(GF_EXIT_ERROR, "%s", path);
	while (lr_next(&lr) == 1) {
		if (c->n == c->cap) {
			c->cap = c->cap ? c->cap * 2 : 1024;
			c->game = xreallocarray(c->game, c->cap,
			    sizeof(*c->game));
		}
		movelist_init(&c->game[c->n]);
		if (read_movelist(lr.line, lr.len, NOTATION_ICCS,
		    &c->game[c->n], &e) == -1)
			errx(GF_EXIT_BAD, "%s:%zu: ply %zu: %s: %s", path,
			    lr.lineno, e.ply, e.token, e.why);
		c->n++;
	}
	lr_close(&lr);
}

/* Call fn on every position of the corpus with the move played there. */
static void
each_ply(struct corpus *c, void (*fn)(const struct xqpos *,
    const struct order_context *, struct xqmove, void *), void *arg)
{
	struct order_context ctx;
	struct xqpos pos;
	size_t g, i;

	for (g = 0; g < c->n; g++) {
		pos = c->game[g].start;
		ctx.last_to = -1;
		for (i = 0; i < c->game[g].n; i++) {
			fn(&pos, &ctx, c->game[g].move[i], arg);
			ctx.last_to = c->game[g].move[i].to;
			make_move(&pos, c->game[g].move[i]);
		}
	}
}

static void
fit_ply(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove played, void *arg)
{
	struct fit *fit = arg;
	struct xqmove list[XQ_MAXMOVES];
	uint8_t mine[XQ_SQUARES], theirs[XQ_SQUARES];
	uint16_t f[XQ_MAXMOVES][8];
	size_t nf[XQ_MAXMOVES], n, i, k;
	double s[XQ_MAXMOVES], max = -1e300, z = 0, g;

	n = legal_moves(pos, list);
	control_map(pos, pos->side, mine);
	control_map(pos, !pos->side, theirs);
	for (i = 0; i < n; i++) {
		nf[i] = move_features(pos, ctx, mine, theirs, list[i], f[i]);
		for (s[i] = 0, k = 0; k < nf[i]; k++)
			s[i] += fit->w[f[i][k]];
		if (s[i] > max)
			max = s[i];
	}
	for (i = 0; i < n; i++)
		z += s[i] = exp(s[i] - max);
	for (i = 0; i < n; i++) {
		g = (list[i].from == played.from && list[i].to == played.to) -
		    s[i] / z;
		for (k = 0; k < nf[i]; k++)
			fit->w[f[i][k]] += fit->rate * g;
	}
}

static void
epoch(struct corpus *c, double *w, double rate)
{
	struct fit fit = { w, rate };

	each_ply(c, fit_ply, &fit);
}

static void
rank_ply(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove played, void *arg)
{
	struct rankcount *rc = arg;
	struct xqmove list[XQ_MAXMOVES];
	uint8_t mine[XQ_SQUARES], theirs[XQ_SQUARES];
	uint16_t f[8];
	int s[XQ_MAXMOVES], mine_s = 0;
	size_t n, i, k, nf, at = 0, rank = 0;

	n = legal_moves(pos, list);
	control_map(pos, pos->side, mine);
	control_map(pos, !pos->side, theirs);
	for (i = 0; i < n; i++) {
		nf = move_features(pos, ctx, mine, theirs, list[i], f);
		for (s[i] = 0, k = 0; k < nf; k++)
			s[i] += rc->w[f[k]];
		if (list[i].from == played.from && list[i].to == played.to) {
			at = i;
			mine_s = s[i];
		}
	}
	for (i = 0; i < n; i++)
		if (s[i] > mine_s || (s[i] == mine_s && i < at))
			rank++;
	rc->count[rank]++;
}

static void
count_ranks(struct corpus *c, const int16_t *w, uint64_t *count)
{
	struct rankcount rc = { w, count };

	each_ply(c, rank_ply, &rc);
}

static void
write_model(const int16_t *w, const uint64_t *count)
{
	uint64_t total = 0;
	double bits = 0;
	size_t i;
	unsigned int freq[XQ_MAXMOVES], sum = 0;

	for (i = 0; i < XQ_MAXMOVES; i++)
		total += count[i];
	/* Every rank keeps a frequency of at least 1. */
	for (i = 0; i < XQ_MAXMOVES; i++) {
		freq[i] = 1 + (unsigned int)(count[i] *
		    (RC_MAXTOTAL - XQ_MAXMOVES) / (total ? total : 1));
		sum += freq[i];
	}
	for (i = 0; i < XQ_MAXMOVES; i++)
		if (count[i])
			bits -= count[i] * log2((double)freq[i] / sum);
	printf("/*\n * model.c: the ranked scheme's model, written by "
	    "xq-train from the wxf\n * corpus; do not edit.  %.4f bits a "
	    "move on that corpus (rank\n * coded with the whole table).\n"
	    " */\n\n#include \"gf.h\"\n#include \"pack.h\"\n\n"
	    "const int16_t model_weight[MODEL_NFEATURES] = {",
	    total ? bits / total : 0);
	for (i = 0; i < MODEL_NFEATURES; i++)
		printf("%s%d,", i % 12 ? " " : "\n\t", w[i]);
	printf("\n};\n\nconst uint16_t model_rank_freq[XQ_MAXMOVES] = {");
	for (i = 0; i < XQ_MAXMOVES; i++)
		printf("%s%u,", i % 12 ? " " : "\n\t", freq[i]);
	printf("\n};\n");
}

int
main(int argc, char *argv[])
{
	struct corpus c = { NULL, 0, 0 };
	static double w[MODEL_NFEATURES];
	static int16_t q[MODEL_NFEATURES];
	static uint64_t count[XQ_MAXMOVES];
	double v;
	size_t i;
	int e;

	if (argc != 2) {
		fprintf(stderr, "usage: xq-train file\n");
		return GF_EXIT_ERROR;
	}
	read_corpus(argv[1], &c);
	for (e = 0; e < EPOCHS; e++)
		epoch(&c, w, 0.05 / (1 + e));
	for (i = 0; i < MODEL_NFEATURES; i++) {
		v = round(w[i] * SCALE);
		q[i] = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
	}
	count_ranks(&c, q, count);
	write_model(q, count);
	for (i = 0; i < c.n; i++)
		movelist_free(&c.game[i]);
	free(c.game);
	return GF_EXIT_OK;
}
