/*
 * xq-bitpack-files.h: what the game file harnesses check of every game a
 * reader yields, whatever the input: each line of its tree is legal from
 * the start, and the game written as PGN (in each notation), DhtmlXQ
 * and XQF reads back as one game with the same lines.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "gamefile.h"

struct lines {
	char		**line;
	size_t		  n;
	size_t		  games;
};

static void
lines_of(const struct gamerec *g, struct lines *out)
{
	struct movelist ml;
	struct xqpos pos;
	uint32_t *leaf;
	size_t i, j, n;

	out->games++;
	movelist_init(&ml);
	n = gamerec_leaves(g, &leaf);
	out->line = xreallocarray(out->line, out->n + n, sizeof(char *));
	for (i = 0; i < n; i++) {
		gamerec_line(g, leaf[i], &ml);
		pos = ml.start;
		for (j = 0; j < ml.n; j++) {
			if (!is_legal(&pos, ml.move[j]))
				abort();
			make_move(&pos, ml.move[j]);
		}
		out->line[out->n++] = write_movelist(&ml, NOTATION_ICCS);
	}
	free(leaf);
	movelist_free(&ml);
}

static void
collect(struct gamerec *g, void *arg)
{
	lines_of(g, arg);
}

static void
lines_free(struct lines *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	memset(l, 0, sizeof(*l));
}

static void
same_lines(const struct lines *a, const struct lines *b, size_t form)
{
	size_t i;

	if (b->games != 1 || a->n != b->n) {
		fprintf(stderr, "form %zu: %zu games, %zu lines for %zu\n",
		    form, b->games, b->n, a->n);
		abort();
	}
	for (i = 0; i < a->n; i++)
		if (strcmp(a->line[i], b->line[i]) != 0) {
			fprintf(stderr, "form %zu: line %zu: %s for %s\n",
			    form, i, b->line[i], a->line[i]);
			abort();
		}
}

/* Each written form of the game reads back to the same lines. */
static void
check_game(struct gamerec *g, void *arg)
{
	static const enum notation nts[] = { NOTATION_CHINESE, NOTATION_WXF,
	    NOTATION_ICCS };
	struct lines want = { 0 }, got;
	char *buf;
	size_t len, i;
	FILE *fp;

	(void)arg;
	lines_of(g, &want);
	want.games = 1;
	for (i = 0; i < 5; i++) {
		if ((fp = open_memstream(&buf, &len)) == NULL)
			abort();
		if (i < 3)
			pgn_write(fp, g, nts[i]);
		else if (i == 3)
			dhtmlxq_write(fp, g);
		else
			xqf_write(fp, g);
		fclose(fp);
		memset(&got, 0, sizeof(got));
		if (i < 3)
			pgn_read(buf, len, "pgn", collect, &got);
		else if (i == 3)
			dhtmlxq_read(buf, len, "dhtmlxq", collect, &got);
		else
			xqf_read((unsigned char *)buf, len, "xqf", "GB18030",
			    collect, &got);
		same_lines(&want, &got, i);
		lines_free(&got);
		free(buf);
	}
	lines_free(&want);
}
