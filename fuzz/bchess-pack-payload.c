/* fuzz-sources: src/bchess/log.c src/bchess/legacy.c src/bchess/compact.c src/bchess/base36.c src/bchess/json.c src/bchess/url.c src/bchess/tags.c src/bchess/wrap.c src/bchess/redirect.c src/bchess/proofpoint.c src/bchess/packed.c src/bchess/rules.c */
/*
 * bchess-pack-payload.c: libFuzzer harness for the record splitter, the
 * reader of Proofpoint's addresses and the four text formats.  Any input
 * must be read without a crash, an address taken out of a line must
 * leave it no longer (or say where it stands, inside the line), and any
 * game a parser accepts must come back the same through every format.
 *
 * An input whose first byte is 0xff drives a generator instead, since
 * the fuzzer's own inputs stay a few hundred bytes long: it builds a
 * record of up to a little over RECORD_MOVES_MAX moves, writes it in
 * every format, damages the text where the rest of the input says, and
 * reads it back.  Undamaged, a record within the limit must come back
 * the same and one over it must be refused.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	same_game(const struct game *, const struct game *);
static void	check_round_trip(const struct game *, enum format);
static void	long_record(const uint8_t *, size_t);
static void	check_link(const struct record *, size_t, size_t);

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

/*
 * Bytes 1-2: the number of moves (top three bits set: next to the
 * limit); 3-10: the seed of the moves; then pairs of (place, byte)
 * written over the text of each format.
 */
static void
long_record(const uint8_t *data, size_t size)
{
	static const enum format formats[] = {
		FORMAT_LEGACY, FORMAT_COMPACT, FORMAT_BASE36, FORMAT_JSON
	};
	struct game g, back;
	struct parse_error pe;
	struct rng rng;
	struct move m;
	uint64_t seed = 0, r;
	size_t n, i, f, len = 0, at;
	char *text = NULL;
	FILE *fp;
	int rc;

	if (size < 11)
		return;
	/*
	 * One in eight next to the limit, the others up to 4096 moves: the
	 * escape's numbers cost time in the square of the length.
	 */
	n = (size_t)(data[1] & 0x1f) << 8 | data[2];
	n = (data[1] & 0xe0) == 0xe0 ? RECORD_MOVES_MAX - 16 + n % 33 :
	    n % 4097;
	for (i = 3; i < 11; i++)
		seed = seed << 8 | data[i];
	rng_seed(&rng, seed);
	game_init(&g);
	for (i = 0; i < n; i++) {
		r = rng_next(&rng);
		m.r1 = (uint8_t)(r % 5 + 1);
		m.c1 = (uint8_t)(r >> 8 & 7) % 7 + 1;
		m.r2 = (uint8_t)(r >> 16 & 7) % 5 + 1;
		m.c2 = (uint8_t)(r >> 24 & 7) % 7 + 1;
		m.kill = (uint8_t)(r >> 32 & 1);
		game_add(&g, &m);
	}
	g.end = "wli"[rng_below(&rng, 3)];
	for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
		if ((fp = open_memstream(&text, &len)) == NULL)
			abort();
		write_payload(fp, formats[f], &g);
		fclose(fp);
		for (i = 11; i + 1 < size && len > 0; i += 2) {
			at = ((size_t)data[i] * 2654435761u) % len;
			text[at] = (char)data[i + 1];
		}
		game_init(&back);
		rc = parse_payload(formats[f], text, len, &back, &pe);
		if (size < 13 && (rc == 0) != (n <= RECORD_MOVES_MAX))
			abort();
		if (size < 13 && rc == 0 && !same_game(&g, &back))
			abort();
		if (rc == 0 && !back.kills_corrupt)
			check_round_trip(&back, formats[f]);
		game_free(&back);
		free(text);
		text = NULL;
	}
	game_free(&g);
}

/*
 * The places of link k: inside the line, in order, after the link before
 * it; a link taken out of a redirect stands inside it.
 */
static void
check_link(const struct record *rec, size_t k, size_t size)
{
	const struct link *l = &rec->link[k];

	if (!(l->link_start <= l->start && l->start <= l->end &&
	    l->end <= l->link_end && l->link_end <= size))
		abort();
	if (k > 0 && l->link_start < rec->link[k - 1].link_end)
		abort();
	if (l->inner_end > 0 && !(l->link_start <= l->inner &&
	    l->inner <= l->start && l->end <= l->inner_end &&
	    l->inner_end <= l->link_end))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record rec;
	struct game g;
	struct parse_error pe;
	struct strbuf unwrapped = { 0 };
	char *line;
	enum format f;
	size_t k, at, n;
	int rc;

	if (size > 0 && data[0] == 0xff) {
		long_record(data, size);
		return 0;
	}
	line = xmalloc(size + 1);
	memcpy(line, data, size);
	line[size] = '\0';
	rc = proofpoint_unwrap(line, size, (int)(size >> 1 & 1), &unwrapped,
	    &at, &n);
	if ((rc == 1 && unwrapped.len > size) ||
	    (rc == -1 && (at > size || n > size - at)))
		abort();
	if (rc == 1) {
		free(line);
		line = xmalloc(unwrapped.len + 1);
		memcpy(line, unwrapped.s, unwrapped.len + 1);
		size = unwrapped.len;
	}
	sb_free(&unwrapped);
	memset(&rec, 0, sizeof(rec));
	record_begin(&rec);
	/* Cells between tabs, in XML elements, or none, by the length. */
	rec.cells = (int)(size % 3);
	game_init(&g);
	if (split_record(&rec, line, size, 1, &pe) == 0)
		for (k = 0; k < rec.nlinks; k++) {
			check_link(&rec, k, size);
			if (record_payload(&rec, k, &pe) == -1)
				continue;
			game_free(&g);
			game_init(&g);
			f = detect_format(rec.payload, rec.paylen);
			if (f != FORMAT_PACKED && parse_payload(f, rec.payload,
			    rec.paylen, &g, &pe) == 0 && !g.kills_corrupt) {
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
