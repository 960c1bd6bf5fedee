/*
 * train.c: learns the ranked scheme's model from games, one ICCS move
 * list a line, and writes it as C (src/xq/model.c):
 *
 *	xq-train tests/data/xq-bitpack/wxf-masters-hu-liu.iccs > src/xq/model.c
 *
 * (make xq-model does this).  The same games give the same file, byte
 * for byte: the fit visits games and plies in order, with no random
 * numbers.
 *
 * The weights are those of a softmax over each position's legal moves,
 * fitted by stochastic gradient ascent on the log-likelihood of the
 * moves played, then rounded to integers, SCALE to a nat, the unit of
 * order.c's frequency table.  The cost printed in the file is measured
 * with the rounded weights and that table, as the coder sees them.
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

#define EPOCHS	12
#define SCALE	16.0	/* weight units per nat */

struct corpus {
	struct movelist	*game;
	size_t		 n, cap;
};

static void	 read_corpus(const char *, struct corpus *);
static void	 epoch(struct corpus *, double *, double);
static double	 cost(struct corpus *, const int16_t *);
static void	 write_model(const int16_t *, double);
static void	 each_ply(struct corpus *, void (*)(const struct xqpos *,
		    const struct order_context *, struct xqmove, void *),
		    void *);

struct fit {
	double		*w;
	double		 rate;
};

struct cost {
	const int16_t	*w;
	double		 bits;
	uint64_t	 plies;
};

static void
read_corpus(const char *path, struct corpus *c)
{
	struct linereader lr;
	struct notation_error e;

	if (lr_open(&lr, path) == -1)
		exit(GF_EXIT_ERROR);
	while (lr_next(&lr) == 1) {
		if (c->n == c->cap) {
			c->cap = c->cap ? c->cap * 2 : 1024;
			c->game = xreallocarray(c->game, c->cap,
			    sizeof(*c->game));
		}
		movelist_init(&c->game[c->n]);
		if (read_movelist(lr.line, lr.len, NOTATION_ICCS, 1,
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
		context_start(&ctx);
		for (i = 0; i < c->game[g].n; i++) {
			fn(&pos, &ctx, c->game[g].move[i], arg);
			context_next(&ctx, c->game[g].move[i]);
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
	struct move_input in;
	uint16_t f[XQ_MAXMOVES][MODEL_MAXFEATURES];
	size_t nf[XQ_MAXMOVES], n, i, k;
	double s[XQ_MAXMOVES], max = -1e300, z = 0, g;

	n = legal_moves(pos, list);
	prepare_input(&in, pos);
	for (i = 0; i < n; i++) {
		nf[i] = move_features(&in, ctx, list[i], f[i]);
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
cost_ply(const struct xqpos *pos, const struct order_context *ctx,
    struct xqmove played, void *arg)
{
	struct cost *c = arg;
	struct xqmove list[XQ_MAXMOVES];
	struct move_input in;
	uint16_t f[MODEL_MAXFEATURES];
	uint32_t freq[XQ_MAXMOVES], total;
	int s[XQ_MAXMOVES];
	size_t n, i, k, nf, at = 0;

	n = legal_moves(pos, list);
	prepare_input(&in, pos);
	for (i = 0; i < n; i++) {
		nf = move_features(&in, ctx, list[i], f);
		for (s[i] = 0, k = 0; k < nf; k++)
			s[i] += c->w[f[k]];
		if (list[i].from == played.from && list[i].to == played.to)
			at = i;
	}
	total = move_freqs(s, n, freq);
	c->bits -= log2((double)freq[at] / total);
	c->plies++;
}

/* Bits a move with the rounded weights, as the range coder sees them. */
static double
cost(struct corpus *corpus, const int16_t *w)
{
	struct cost c = { w, 0, 0 };

	each_ply(corpus, cost_ply, &c);
	return c.plies ? c.bits / c.plies : 0;
}

static void
write_model(const int16_t *w, double bits)
{
	size_t i;

	printf("/*\n * model.c: the ranked scheme's model, written by "
	    "xq-train from the wxf\n * corpus; do not edit.  %.4f bits a "
	    "move on that corpus.\n */\n\n#include \"gf.h\"\n"
	    "#include \"pack.h\"\n\n"
	    "const int16_t model_weight[MODEL_NFEATURES] = {", bits);
	for (i = 0; i < MODEL_NFEATURES; i++)
		printf("%s%d,", i % 12 ? " " : "\n\t", w[i]);
	printf("\n};\n");
}

int
main(int argc, char *argv[])
{
	struct corpus c = { NULL, 0, 0 };
	static double w[MODEL_NFEATURES];
	static int16_t q[MODEL_NFEATURES];
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
	write_model(q, cost(&c, q));
	for (i = 0; i < c.n; i++)
		movelist_free(&c.game[i]);
	free(c.game);
	return GF_EXIT_OK;
}
