/*
 * bchess.h: what the stages of bchess-pack share.  A record is parsed
 * into a struct game (the moves as written, the kill flags as written and
 * the end letter as written), whatever the format it came in, and
 * formatted from it into the format asked for.
 */

#ifndef BCHESS_H
#define BCHESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct linereader;
struct strbuf;

#define BOARD_ROWS	5
#define BOARD_COLS	7

/*
 * The limits of a record, far above any log the site can write (a game
 * has at most 44 moves): longer records are refused before they are
 * decoded, so that no conversion of a big number takes long.
 */
#define RECORD_MOVES_MAX	10000
#define RECORD_MOVES_MAX_TEXT	"10000"
#define PAYLOAD_MAX		1048576		/* bytes, escapes undecoded */
#define PAYLOAD_MAX_TEXT	"1048576"

/* One move as a log writes it; coordinates are 1-based (row, column). */
struct move {
	uint8_t		 r1, c1, r2, c2;
	uint8_t		 kill;		/* 1 if the log flags a kill */
};

/* A replay log.  end is 'w' (won), 'l' (lost) or 'i' (no end event). */
struct game {
	struct move	*move;
	size_t		 n;
	size_t		 cap;
	char		 end;
	int		 kills_corrupt;	/* compact kill digits the site's
					   arithmetic mangled (read as the
					   site reads them) */
};

enum format {
	FORMAT_NONE = -1,
	FORMAT_LEGACY,
	FORMAT_COMPACT,
	FORMAT_BASE36,
	FORMAT_JSON,
	FORMAT_PACKED
};

/*
 * Why a payload could not be read: the message, the 1-based number of
 * the move it concerns (0 for the record as a whole) and the offending
 * text, which points into the payload.
 */
struct parse_error {
	const char	*why;
	size_t		 move;
	const char	*token;
	size_t		 toklen;
};

/* log.c: the game itself, format names and detection. */
void		 game_init(struct game *);
void		 game_free(struct game *);
void		 game_reset(struct game *);
void		 game_grow(struct game *);
int		 is_end_letter(int);
int		 end_index(int);
int		 move_in_range(const struct move *);
enum format	 format_from_name(const char *);
const char	*format_name(enum format);
enum format	 detect_format(const char *, size_t);
int		 parse_error_set(struct parse_error *, const char *, size_t,
		    const char *, size_t);
int		 parse_payload(enum format, const char *, size_t, struct game *,
		    struct parse_error *);
void		 write_payload(FILE *, enum format, const struct game *);

/* legacy.c, compact.c, base36.c, json.c: one format each. */
int		 parse_legacy(const char *, size_t, struct game *,
		    struct parse_error *);
void		 write_legacy(FILE *, const struct game *);
void		 write_legacy_escaped(FILE *, const struct game *, unsigned int);
int		 parse_compact(const char *, size_t, struct game *,
		    struct parse_error *);
void		 write_compact(FILE *, const struct game *);
int		 compact_site_exact(const struct game *);
int		 compact_shape(const char *, size_t, int);
#define COMPACT_BEGUN	1		/* see compact_shape */
#define COMPACT_WHOLE	2
int		 parse_base36(const char *, size_t, struct game *,
		    struct parse_error *);
void		 write_base36(FILE *, const struct game *);
int		 parse_json(const char *, size_t, struct game *,
		    struct parse_error *);
void		 write_json(FILE *, const struct game *);

/* Append a move; inline, since every parser calls it once a move. */
static inline void
game_add(struct game *g, const struct move *m)
{
	if (g->n == g->cap)
		game_grow(g);
	g->move[g->n++] = *m;
}

/*
 * url.c: where the links stand in a line.  Each link's payload is
 * line[start..end) and the whole link line[link_start..link_end); a bare
 * payload is a link of its own.  A link the line holds that cannot be
 * converted where it stands (cut by a line break, or by tags) is kept
 * with the reason, so that it is reported.
 */
struct link {
	size_t		 start;
	size_t		 end;
	size_t		 link_start;
	size_t		 link_end;
	const char	*why;		/* why it cannot be converted where it
					   stands, or NULL */
	unsigned int	 depth;		/* times it is percent-encoded inside
					   another address, kept in place */
	size_t		 inner;		/* inside a redirect it replaces: */
	size_t		 inner_end;	/* where it stands there, or 0 */
	int		 cell;		/* a cell's payload alone: its legacy
					   commas stay plain */
	int		 rich;		/* its text cut by tags that only
					   format it: read without them */
};

struct record {
	const char	*line;
	size_t		 len;
	size_t		 bom;		/* bytes of a byte order mark opening it */
	struct link	*link;		/* the links of the line, in order */
	size_t		 nlinks;
	size_t		 linkcap;
	int		 in_text;	/* other text stands beside the links */
	int		 bare;		/* a payload alone, no link around it */
	int		 unread;	/* the input is UTF-16 or ZIP: copied */
	int		 prose;		/* HTML, XML, a chat: -1 until told */
	int		 markup;	/* HTML, XML: told with prose */
	int		 cut_at_end;	/* the line before ends in a legacy link
					   a line break may have cut, or
					   CUT_SEEN: did, the next line read,
					   or CUT_ADDRESS: in its address, or
					   CUT_PAYLOAD: a compact link, in its
					   payload */
	size_t		 marks;		/* of the quoting opening the line (see
					   quote_prefix) */
	int		 next_goes_on;	/* the next line goes on with the
					   moves of a legacy link ending this
					   one (GOES_ON_MOVES, see
					   legacy_goes_on), with the rest of
					   its address (GOES_ON_ADDRESS) or of
					   a compact payload (GOES_ON_PAYLOAD,
					   see compact_goes_on) */
	int		 cells;		/* CELLS_*: where a spreadsheet's cells
					   stand on the line */
	const char	*payload;	/* the payload in hand, percent-decoded */
	size_t		 paylen;
	char		*decoded;	/* where escapes were decoded to */
	size_t		 paycap;
};

#define RECORD_TEXT	1		/* a line of text with no link */
#define CUT_SEEN	2		/* see cut_at_end */
#define CUT_ADDRESS	3		/* the same, cut in its address */
#define CUT_PAYLOAD	4		/* the same, a compact link cut in its
					   payload */
#define GOES_ON_MOVES	1		/* see next_goes_on */
#define GOES_ON_ADDRESS	2
#define GOES_ON_PAYLOAD	3
#define CELLS_NONE	0		/* no cells: a document's text, mail */
#define CELLS_FIELDS	1		/* fields between tabs (TSV, a sheet) */
#define CELLS_ELEMENTS	2		/* <t> and <text:p> of a sheet's XML */
#define GAME_PATH	"buffalo-chess"	/* of the game's address */
#define GAME_ADDRESSES	4		/* https:// or http://, www. or not */

extern const char *const game_addresses[GAME_ADDRESSES];

int		 split_record(struct record *, const char *, size_t, int,
		    struct parse_error *);
void		 record_begin(struct record *);
int		 ends_link_text(int);
int		 is_url_byte(int);
int		 starts_legacy(const char *, size_t, size_t);
int		 opens_more(const char *, size_t, size_t);
size_t		 link_end(const char *, size_t, size_t);
size_t		 payload_end(const char *, size_t, size_t);
int		 is_cell_payload(const char *, size_t, size_t);
struct link	*add_cell_link(struct record *, size_t, size_t);
size_t		 record_games(const struct record *);
int		 record_payload(struct record *, size_t, struct parse_error *);
void		 record_free(struct record *);
void		 write_unescaped(FILE *, const char *, size_t, int);
int		 escape_at(const char *, size_t, size_t);
const char	*markup_entity(int);

/* tags.c: links whose text the tags of a document cut. */
int		 continues_past_tags(const char *, size_t, size_t);
int		 join_past_tags(struct record *, struct link *, size_t);
void		 find_rich_cells(struct record *, size_t, size_t);
size_t		 link_strip_tags(char *, const char *, size_t);
size_t		 last_tag_group(const char *, size_t, size_t, size_t *);

/* wrap.c: links that a line break cut, and the bytes of a legacy payload. */
int		 is_legacy_byte(int);
int		 comma_event_at(const char *, size_t, size_t);
int		 ends_with_end_event(const char *, size_t);
int		 legacy_open_at_end(const char *, size_t, int);
int		 legacy_goes_on(const char *, size_t, const char *, size_t,
		    size_t *);
size_t		 trimmed_end(const char *, size_t);
size_t		 quote_prefix(const char *, size_t, size_t *);
int		 address_open_at_end(const char *, size_t);
int		 address_goes_on(const char *, size_t, const char *, size_t,
		    size_t *);
int		 compact_open_at_end(const char *, size_t, int);
int		 compact_goes_on(const char *, size_t, const char *, size_t,
		    int, size_t *);
size_t		 cut_word(int, const char *, size_t);
size_t		 address_cut_at(const char *, size_t);
#define COMPACT_RECUT	32	/* bytes of a payload's line cut again */
#define LEGACY_JOIN	64	/* bytes of a cut link legacy_goes_on joins */
#define ADDRESS_CUT_MAX	96	/* bytes of an address and its query cut */

/* proofpoint.c: links that Proofpoint's URL Defense rewrote. */
int		 proofpoint_unwrap(const char *, size_t, int, struct strbuf *,
		    size_t *, size_t *);

/* redirect.c: addresses that only redirect to one they hold. */
int		 redirect_start(const char *, size_t, size_t, size_t, size_t,
		    size_t *);

/*
 * sheet.c: the sheets of an .xlsx or .ods spreadsheet as tab-separated
 * text, a line a row.  The limits are those of the spreadsheets (rows
 * and columns) and of what is held in memory (bytes).
 */
#define SHEET_ROWS_MAX	1048576
#define SHEET_COLS_MAX	16384
#define BOOK_TEXT_MAX	((uint64_t)256 << 20)	/* of all its sheets' text */
#define BOOK_NONE	1		/* the archive holds no document */
#define BOOK_DOCUMENT	2		/* it holds a document, no sheets */
#define BOOK_UNREAD	3		/* a document no link can be read in */
#define BOOK_SHEETS	4		/* a spreadsheet (book_kind alone) */

/* Cells of a sheet a warning tells of: how many, and the first's row. */
struct cells_note {
	uint64_t	 n, row;
};

struct sheet {
	char		*name;		/* NULL: the text of a document */
	char		*text;		/* its rows, each ending in a newline */
	size_t		 len;
	struct cells_note computed;	/* HYPERLINK formulas not read */
	struct cells_note cut;		/* addresses that may be cut short */
	struct cells_note commented;	/* comments with links, not read */
};

struct book {
	struct sheet	*sheet;
	size_t		 n;
};

int		 book_read(const char *, size_t, struct book *, char *, size_t);
int		 book_kind(const char *, size_t, char *, size_t);
size_t		 rels_cut_links(char *, size_t);
void		 book_free(struct book *);

/*
 * places.c: where each link of a spreadsheet or document stands when it
 * is read (a sheet's row), for the messages of -w.
 */
struct place {
	const char	*payload;	/* into the book's text */
	size_t		 len;
	size_t		 order;		/* of the place in the file */
	size_t		 sheet;
	uint64_t	 row;
	size_t		 link, nlinks;	/* the link's number on its row */
	char		*claimed_by;	/* the part whose message names it */
	uint64_t	 claimed_line;
	size_t		 claimed_link;
};

struct places {
	struct place	*at;		/* by payload, then order */
	size_t		 n, cap;
	char		**names;	/* "file:sheet" of each sheet */
	struct book	 book;
};

int		 places_read(struct places *, const char *, const char *,
		    size_t);
struct place	*places_find(struct places *, const char *, size_t, size_t *);
int		 places_claim(struct place *, const char *, uint64_t, size_t);
const char	*places_name(const struct places *, const struct place *);
void		 places_free(struct places *);

/*
 * mail.c: the text of mail (an .eml, an mbox), a message at a time.
 * mail_starts tells one by the first MAIL_PEEK_MAX bytes at most.
 */
#define MAIL_PEEK_MAX	(128 * 1024)
#define MAIL_MORE	(-1)		/* more bytes are needed to tell */
#define MAIL_MESSAGE	1
#define MAIL_MBOX	2

struct mail;
struct mail_file {
	char		*name;		/* the file name it was sent under */
	char		*data;		/* decoded */
	size_t		 len;
};
int		 mail_starts(const char *, size_t);
struct mail	*mail_open(struct linereader *, int);
int		 mail_next(struct mail *, struct strbuf *, char *, size_t);
uint64_t	 mail_skipped(const struct mail *, const char **);
uint64_t	 mail_hidden_links(const char *, size_t, int, char **);
struct mail_file *mail_files(struct mail *, size_t *);
void		 mail_close(struct mail *);

/* forward.c: a GMime stream of a pipe's FILE, read forward only. */
struct _GMimeStream *forward_stream_new(struct linereader *);

/*
 * hyperlink.c: the addresses of a sheet's hyperlinks, a cell at a time
 * (a range's link is one for each of its cells, LINK_CELLS_MAX at most
 * a sheet), and those of HYPERLINK formulas.
 */
#define LINK_CELLS_MAX	1048576

struct link_cell {
	uint32_t	 row, col;
	uint32_t	 order;		/* the file's order, of one cell's */
	size_t		 at, len;	/* the address, in links.address */
	int		 cut;		/* it may have been cut short */
};

struct links {
	struct link_cell *cell;
	size_t		 n, cap;
	size_t		 next;		/* the first links_at has not passed */
	struct strbuf	 address;	/* the addresses, one after another */
};

/*
 * Excel 2007 and LibreOffice write no address longer than this into an
 * .xlsx: LibreOffice cuts a longer one to it.
 */
#define LINK_XLSX_MAX	255

int		 links_add(struct links *, uint64_t, uint64_t, uint64_t,
		    uint64_t, const char *, size_t, int);
void		 links_sort(struct links *);
const struct link_cell *links_at(struct links *, uint64_t, uint64_t);
void		 links_free(struct links *);
int		 formula_link(const char *, struct strbuf *);
int		 field_link(const char *, struct strbuf *);
int		 link_text(struct strbuf *, const char *, size_t, const char *,
		    size_t);

/*
 * writeback.c: a ZIP archive written back as one (-w), each file of it
 * given to a writeback_fn, which takes the bytes, leaves those to write
 * in its strbuf and returns an exit status.
 */
typedef int	 writeback_fn(const char *, char *, size_t, struct strbuf *,
		    void *);
int		 zip_write_back(const char *, const char *, size_t,
		    writeback_fn *, void *, FILE *);

#endif /* BCHESS_H */
