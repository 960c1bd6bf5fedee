/* fuzz-sources: src/xq/notation.c src/xq/board.c src/xq/board64.c src/xq/movegen.c src/xq/order.c src/xq/model.c src/xq/pack.c */
/*
 * xq-bitpack-notation.c: libFuzzer harness for the move notations.  Any
 * input is read as a move list in every notation; whatever reads is then
 * written in every notation and must read back as the same game (the
 * start position too, where the notation carries it).  A list read
 * without the rules (as xq-bitpack reads one to pack it) must pack if
 * and only if it reads with them, and pack to the same string.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"
#include "pack.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 check_unchecked(const uint8_t *, size_t, enum notation,
		    const struct movelist *, int);

static void
check_round_trip(const struct movelist *ml, enum notation out)
{
	struct notation_error e;
	struct movelist back;
	struct xqpos std;
	const char *end;
	char *s;

	fen_parse(&std, START_FEN, &end);
	if (out != NOTATION_UCCI && out != NOTATION_JSON &&
	    (memcmp(std.sq, ml->start.sq, sizeof(std.sq)) != 0 ||
	    std.side != ml->start.side))
		return;
	s = write_movelist(ml, out);
	movelist_init(&back);
	if (read_movelist(s, strlen(s), out, 1, &back, &e) == -1 ||
	    back.n != ml->n ||
	    memcmp(back.start.sq, ml->start.sq, sizeof(std.sq)) != 0 ||
	    back.start.side != ml->start.side ||
	    (ml->n > 0 &&
	    memcmp(back.move, ml->move, ml->n * sizeof(*ml->move)) != 0))
		abort();
	movelist_free(&back);
	free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct notation_error e;
	struct movelist ml;
	int in, out;

	movelist_init(&ml);
	for (in = NOTATION_AUTO; in <= NOTATION_JSON; in++) {
		if (read_movelist((const char *)data, size, in, 1, &ml,
		    &e) == -1) {
			if (strlen(e.token) >= sizeof(e.token) || e.why == NULL)
				abort();
			check_unchecked(data, size, in, &ml, 0);
			continue;
		}
		check_unchecked(data, size, in, &ml, 1);
		for (out = NOTATION_ICCS; out <= NOTATION_JSON; out++)
			check_round_trip(&ml, out);
	}
	movelist_free(&ml);
	return 0;
}

/* The packed game of a list read without the rules, or NULL. */
static void
check_unchecked(const uint8_t *data, size_t size, enum notation in,
    const struct movelist *checked, int legal)
{
	struct notation_error e;
	struct movelist ml;
	struct game g;
	char *s, *t = NULL;
	const char *why;

	movelist_init(&ml);
	if (read_movelist((const char *)data, size, in, 0, &ml, &e) == -1) {
		if (legal)
			abort();
		movelist_free(&ml);
		return;
	}
	g.start = ml.start;
	g.move = ml.move;
	g.n = ml.n;
	g.result = ml.result;
	s = pack_game(&g, SCHEME_RANKED, PACK_VERSION, &why);
	if (legal) {
		g.start = checked->start;
		g.move = checked->move;
		g.n = checked->n;
		g.result = checked->result;
		t = pack_game(&g, SCHEME_RANKED, PACK_VERSION, &why);
	}
	if ((s == NULL) != (t == NULL) ||
	    (s != NULL && strcmp(s, t) != 0))
		abort();
	free(s);
	free(t);
	movelist_free(&ml);
}
