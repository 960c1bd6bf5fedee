/* fuzz-sources: src/xq/board.c src/xq/board64.c src/xq/movegen.c */
/*
 * xq-bitpack-board.c: libFuzzer harness for FEN and packed positions.
 * A FEN that fen_parse() accepts must write back to a FEN that reads to
 * the same position, and must pack to at most 28 characters that unpack
 * to it; a packed position that unpacks must pack back to itself.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "pack.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
same(const struct xqpos *a, const struct xqpos *b)
{
	return memcmp(a->sq, b->sq, sizeof(a->sq)) == 0 && a->side == b->side;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct xqpos pos, back;
	const char *end, *why;
	char *text, fen[XQ_FENMAX], *p;

	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if (fen_parse(&pos, text, &end) == 0) {
		fen_format(&pos, fen, sizeof(fen));
		if (fen_parse(&back, fen, &end) == -1 || !same(&pos, &back) ||
		    back.halfmove != pos.halfmove ||
		    back.fullmove != pos.fullmove)
			abort();
		if ((p = pack_board(&pos, BOARD_VERSION)) == NULL ||
		    strlen(p) > 28 ||
		    unpack_board(p, strlen(p), &back, &why) == -1 ||
		    !same(&pos, &back))
			abort();
		free(p);
	}
	if (unpack_board(text, size, &pos, &why) == 0) {
		/* A string read is the one its version's writer gives. */
		if ((p = pack_board(&pos, text[0] == '3' ? 3 : 0)) == NULL ||
		    strlen(p) != size || memcmp(p, text, size) != 0)
			abort();
		if (unpack_board(p, strlen(p), &back, &why) == -1 ||
		    !same(&pos, &back))
			abort();
		free(p);
	}
	free(text);
	return 0;
}
