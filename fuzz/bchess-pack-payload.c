/* fuzz-sources: src/bchess/log.c src/bchess/legacy.c src/bchess/compact.c src/bchess/base36.c src/bchess/json.c src/bchess/url.c src/bchess/packed.c src/bchess/rules.c */
/*
 * bchess-pack-payload.c: libFuzzer harness for the record splitter and
 * the four text formats.  Any input must be read without a crash, and any
 * game a parser accepts must come back the same through every format.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
same_game(const struct game *a, const struct game *b)
{
	size_t i;

	if (a->n != b->n || a->end != b->end)
		return 0;
	for (i = 0; i < a->n; i++)
		if (memcmp(&a->move[i], &b->move[i], sizeof(a->move[i])) != 0)
			return 0;
	return 1;
}

static void
check_round_trip(const struct game *g, enum format f)
{
	struct game back;
	struct parse_error pe;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	if ((fp = open_memstream(&text, &len)) == NULL)
		abort();
	write_payload(fp, f, g);
	fclose(fp);
	game_init(&back);
	if (parse_payload(f, text, len, &back, &pe) == -1 ||
	    !same_game(g, &back))
		abort();
	game_free(&back);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record rec;
	struct game g;
	struct parse_error pe;
	char *line;
	enum format f;

	line = xmalloc(size + 1);
	memcpy(line, data, size);
	line[size] = '\0';
	memset(&rec, 0, sizeof(rec));
	game_init(&g);
	if (split_record(&rec, line, size, &pe) == 0) {
		f = detect_format(rec.payload, rec.paylen);
		if (f != FORMAT_PACKED &&
		    parse_payload(f, rec.payload, rec.paylen, &g, &pe) == 0 &&
		    !g.kills_corrupt) {
			check_round_trip(&g, FORMAT_LEGACY);
			check_round_trip(&g, FORMAT_COMPACT);
			check_round_trip(&g, FORMAT_BASE36);
			check_round_trip(&g, FORMAT_JSON);
		}
	}
	game_free(&g);
	record_free(&rec);
	free(line);
	return 0;
}
