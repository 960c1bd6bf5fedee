/*
 * json.c: one JSON object a game, for jq and friends:
 * {"moves":[{"from":[r,c],"to":[r,c],"kill":false},...],"result":"won"}
 * with "won", "lost" or "unfinished".  Writing is plain printing; reading
 * goes through jansson, and accepts exactly that shape.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "gf.h"
#include "bchess.h"

static int	parse_square(json_t *, uint8_t *, uint8_t *);
static int	parse_move_object(json_t *, struct move *);

static const struct {
	char		 end;
	const char	*word;
} results[] = {
	{ 'w', "won" }, { 'l', "lost" }, { 'i', "unfinished" }
};

static int
parse_square(json_t *a, uint8_t *row, uint8_t *col)
{
	json_t *r, *c;

	if (!json_is_array(a) || json_array_size(a) != 2)
		return -1;
	r = json_array_get(a, 0);
	c = json_array_get(a, 1);
	if (!json_is_integer(r) || !json_is_integer(c) ||
	    json_integer_value(r) < 1 || json_integer_value(r) > BOARD_ROWS ||
	    json_integer_value(c) < 1 || json_integer_value(c) > BOARD_COLS)
		return -1;
	*row = (uint8_t)json_integer_value(r);
	*col = (uint8_t)json_integer_value(c);
	return 0;
}

static int
parse_move_object(json_t *o, struct move *m)
{
	json_t *kill;

	if (!json_is_object(o) || json_object_size(o) != 3)
		return -1;
	kill = json_object_get(o, "kill");
	if (!json_is_boolean(kill) ||
	    parse_square(json_object_get(o, "from"), &m->r1, &m->c1) == -1 ||
	    parse_square(json_object_get(o, "to"), &m->r2, &m->c2) == -1)
		return -1;
	m->kill = json_is_true(kill);
	return 0;
}

int
parse_json(const char *p, size_t len, struct game *g, struct parse_error *pe)
{
	json_t *root, *moves, *result;
	json_error_t error;
	struct move m;
	size_t i, r;
	const char *word;

	if ((root = json_loadb(p, len, JSON_REJECT_DUPLICATES, &error)) == NULL)
		return parse_error_set(pe, "not valid JSON", 0, p, len);
	moves = json_object_get(root, "moves");
	result = json_object_get(root, "result");
	if (!json_is_object(root) || json_object_size(root) != 2 ||
	    !json_is_array(moves) || !json_is_string(result)) {
		json_decref(root);
		return parse_error_set(pe, "not an object with just \"moves\" "
		    "and \"result\"", 0, p, len);
	}
	if (json_array_size(moves) > RECORD_MOVES_MAX) {
		json_decref(root);
		return parse_error_set(pe, "a record holds at most "
		    RECORD_MOVES_MAX_TEXT " moves", RECORD_MOVES_MAX + 1,
		    p, len);
	}
	for (i = 0; i < json_array_size(moves); i++) {
		if (parse_move_object(json_array_get(moves, i), &m) == -1) {
			json_decref(root);
			return parse_error_set(pe, "a move needs \"from\" and "
			    "\"to\" squares on the board and a boolean \"kill\"",
			    i + 1, p, len);
		}
		game_add(g, &m);
	}
	word = json_string_value(result);
	for (r = 0; r < sizeof(results) / sizeof(results[0]); r++)
		if (strcmp(word, results[r].word) == 0)
			break;
	json_decref(root);
	if (r == sizeof(results) / sizeof(results[0]))
		return parse_error_set(pe, "result is not \"won\", \"lost\" or "
		    "\"unfinished\"", 0, p, len);
	g->end = results[r].end;
	return 0;
}

void
write_json(FILE *fp, const struct game *g)
{
	size_t i, r;

	fputs("{\"moves\":[", fp);
	for (i = 0; i < g->n; i++) {
		const struct move *m = &g->move[i];

		fprintf(fp, "%s{\"from\":[%d,%d],\"to\":[%d,%d],\"kill\":%s}",
		    i > 0 ? "," : "", m->r1, m->c1, m->r2, m->c2,
		    m->kill ? "true" : "false");
	}
	for (r = 0; results[r].end != g->end; r++)
		continue;
	fprintf(fp, "],\"result\":\"%s\"}", results[r].word);
}
