/*
 * notation.h: reading and writing Xiangqi moves as players write them.
 *
 * A move list is a start position and the moves played from it.  A line
 * of text holds one move list in one notation: ICCS coordinates
 * ("h2e2", "H2-E2"), a UCCI "position" command, WXF ("C2.5"), Chinese
 * ("炮二平五") or a JSON object.  Every move read is checked against the
 * rules; writing assumes the moves are legal.
 */

#ifndef NOTATION_H
#define NOTATION_H

#include <stddef.h>

#include "pack.h"
#include "xq.h"

enum notation {
	NOTATION_AUTO,		/* reading: detect it from the line */
	NOTATION_ICCS,		/* h2e2 h9g7 (reads H2-E2 too) */
	NOTATION_UCCI,		/* position startpos|fen FEN moves h2e2 ... */
	NOTATION_WXF,		/* C2.5 H8+7 */
	NOTATION_CHINESE,	/* 炮二平五 馬８進７ */
	NOTATION_JSON		/* {"fen":"...","moves":["h2e2",...]} */
};

/*
 * Why a line could not be read.  ply counts moves from 1; ply 0 means
 * the line as a whole (not JSON, a bad FEN).  token is what was found,
 * cut to fit and always NUL-terminated; why is a static string.
 */
struct notation_error {
	size_t		 ply;
	char		 token[64];	/* what was read, NULs and all */
	size_t		 toklen;
	const char	*why;
};

struct movelist {
	struct xqpos	 start;
	struct xqmove	*move;
	size_t		 n, cap;
	enum game_result result;	/* RESULT_UNKNOWN unless read */
};

void		 movelist_init(struct movelist *);
void		 movelist_free(struct movelist *);
void		 movelist_push(struct movelist *, struct xqmove);
void		 movelist_end(const struct movelist *, struct xqpos *);

/* diagram.c: where a game ends, as an SVG document on one line. */
char		*svg_diagram(const struct movelist *);

/* The result as PGN writes it: 1-0, 0-1, 1/2-1/2, or * if unknown. */
const char	*result_name(enum game_result);
/* 0 and *out set if the text is one of those four, else -1. */
int		 result_from_name(const char *, size_t, enum game_result *);

/*
 * Full-width ASCII (Ｃ２＝５, １．) made ASCII, into buf, NUL-terminated;
 * the length written, 0 if it did not fit.
 */
size_t		 narrow_ascii(const char *, size_t, char *, size_t);

/* Whether a token such as "33.4" is a WXF move, not a move number. */
int		 is_wxf_file_again(const char *, size_t);

/* "iccs", "ucci", "wxf", "chinese", "json"; "auto" for NOTATION_AUTO. */
const char	*notation_name(enum notation);
/* 0 and *out set if the name is known (the names above), else -1. */
int		 notation_from_name(const char *, enum notation *);

/* The notation of a line, or NOTATION_AUTO if it looks like none. */
enum notation	 detect_notation(const char *, size_t);

/*
 * Read a line (without its newline) into a move list, which is reset
 * first.  NOTATION_AUTO detects the notation.  Returns 0, or -1 with
 * the error filled in; the list then holds the moves before the bad one.
 * Unless checked, an ICCS move is taken as written once a piece of the
 * side to move stands where it starts: the caller then checks every
 * move against the rules itself (pack_game does) and, if one fails,
 * reads the line again, checked, to learn which and why.
 */
int		 read_movelist(const char *, size_t, enum notation, int,
		    struct movelist *, struct notation_error *);

/*
 * The move list as one line, without a newline, in a string to free.
 * Only ucci and json carry the start position; the other notations
 * write the moves alone.
 */
char		*write_movelist(const struct movelist *, enum notation);

/*
 * One move token in the given notation (NOTATION_AUTO: ICCS, WXF or
 * Chinese as it looks; UCCI and JSON mean ICCS) played from a position.
 * Returns 0 with the move, which is legal, or -1 with *why set.
 */
int		 parse_move(const struct xqpos *, enum notation, const char *,
		    size_t, struct xqmove *, const char **);

/*
 * Chinese moves are sometimes written without spaces between them: the
 * length of the first move in s (all of it if not Chinese).
 */
size_t		 move_token_length(const char *, size_t);

/* Why a move that is not legal is not: a static string. */
const char	*move_fault(const struct xqpos *, struct xqmove);

/*
 * The characters Chinese is written in, one set for moves and diagrams
 * alike, chosen once by notation_simplified (traditional by default).
 */
struct chinese_script {
	const char *const *move_pieces[2];	/* by side, then kind */
	const char *const *board_pieces[2];	/* on a diagram's discs */
	const char *const *places;		/* 前 中 後 */
	const char *const *dirs;		/* 退 平 進 */
	const char	*han;			/* 漢 of the river's 漢界 */
	const char	*fonts;			/* an SVG font-family for it */
};

void		 notation_simplified(int);
const struct chinese_script *chinese_script(void);

/*
 * A legal move written in the given notation into buf, NUL-terminated
 * and cut to fit like snprintf; returns the length it needs.  32 bytes
 * are always enough.
 */
size_t		 format_move(const struct xqpos *, enum notation, struct xqmove,
		    char *, size_t);

#endif /* NOTATION_H */
