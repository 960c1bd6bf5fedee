/* fuzz-sources: src/xq/cbf.c src/xq/cbr.c src/xq/xqf.c src/xq/gamefile.c src/xq/pgn.c src/xq/dhtmlxq.c src/xq/notation.c src/xq/board.c src/xq/board64.c src/xq/movegen.c src/xq/order.c src/xq/model.c src/xq/pack.c */
/*
 * xq-bitpack-cbf.c: libFuzzer harness for the CBF reader.  Any input is
 * read as a CBF file (XML through libxml2); every game it yields must
 * hold only legal lines and read back the same when written
 * (xq-bitpack-files.h).  Seed it with tests/data/xq-files/cbf-*.cbf.
 */

#include <stdint.h>

#include "xq-bitpack-files.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cbf_read((const char *)data, size, "fuzz", NULL, check_game, NULL);
	return 0;
}
