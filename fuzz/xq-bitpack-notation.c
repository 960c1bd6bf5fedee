/* fuzz-sources: src/xq/notation.c src/xq/board.c src/xq/movegen.c */
/*
 * xq-bitpack-notation.c: libFuzzer harness for the move notations.  Any
 * input is read as a move list in every notation; whatever reads is then
 * written in every notation and must read back as the same game (the
 * start position too, where the notation carries it).
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "xq.h"
#include "notation.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

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
	if (read_movelist(s, strlen(s), out, &back, &e) == -1 ||
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
		if (read_movelist((const char *)data, size, in, &ml, &e) == -1) {
			if (strlen(e.token) >= sizeof(e.token) || e.why == NULL)
				abort();
			continue;
		}
		for (out = NOTATION_ICCS; out <= NOTATION_JSON; out++)
			check_round_trip(&ml, out);
	}
	movelist_free(&ml);
	return 0;
}
