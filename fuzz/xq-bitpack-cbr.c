/* fuzz-sources: src/xq/cbr.c src/xq/cbf.c src/xq/xqf.c src/xq/gamefile.c src/xq/pgn.c src/xq/dhtmlxq.c src/xq/notation.c src/xq/board.c src/xq/board64.c src/xq/movegen.c src/xq/order.c src/xq/model.c src/xq/pack.c */
/*
 * xq-bitpack-cbr.c: libFuzzer harness for the CBR reader.  Any input is
 * read as a CBR file; every game it yields must hold only legal lines
 * and read back the same when written (xq-bitpack-files.h).  Seeded
 * with tests/data/xq-files/wukong-game.cbr, which xqf-to-cbr made of the
 * tool's XQF output; more can be made the same way.
 */

#include <stdint.h>

#include "xq-bitpack-files.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cbr_read(data, size, "fuzz", check_game, NULL);
	return 0;
}
