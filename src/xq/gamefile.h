/*
 * gamefile.h: games as game files hold them, and the readers and
 * writers of those files (pgn.c, dhtmlxq.c, xqf.c, cbf.c, cbr.c).
 *
 * A game is its tags, its start position and a tree of moves whose
 * first child at every node is the line played: the main line is the
 * game, the other children are variations.  Nodes live in one array,
 * node 0 being the start (no move); nothing walks the tree by
 * recursion, as a file may nest variations as deep as it likes.
 */

#ifndef GAMEFILE_H
#define GAMEFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "xq.h"
#include "notation.h"

#define NO_NODE		((uint32_t)-1)
#define GAME_MAXNODES	(1U << 24)	/* moves in one game, all lines */
#define GAME_MAXDEPTH	10000		/* plies in one line */

struct gnode {
	struct xqmove	 move;
	uint32_t	 parent, child, last_child, sibling;
	uint32_t	 ply;
	char		*comment;
	uint32_t	 cut;		/* a move after it was refused: 1 + its
					   fault's index in cut_why, else 0 */
};

struct tagpair {
	char		*name;
	char		*value;
};

/* A file format's name for a field it keeps as a PGN tag. */
struct tag_name {
	const char	*field;		/* the format's own name */
	const char	*tag;		/* the PGN tag's */
};

struct gamerec {
	const char	*file;		/* for diagnostics */
	size_t		 number;	/* in the file, from 1 */
	struct tagpair	*tag;
	size_t		 ntags;
	struct xqpos	 start;
	struct gnode	*node;
	struct xqpos	*pos;		/* the position after each node */
	size_t		 n, cap;
	char		 result[8];	/* "1-0", "0-1", "1/2-1/2" or "" */
	size_t		 faults;	/* faults, each reported */
	char		*first_fault;	/* the first, as reported */
	char		*last_fault;
	char		**cut_why;	/* the faults that cut a line */
	size_t		 ncut;
	int		 start_checked;
	int		 bad_start;	/* no game reaches it: no moves */
};

/* A reader's caller: one game at a time, in the file's order. */
typedef void	 game_fn(struct gamerec *, void *);

/* gamefile.c */
void		 gamerec_init(struct gamerec *, const char *, size_t);
void		 gamerec_free(struct gamerec *);
void		 gamerec_set_start(struct gamerec *, const struct xqpos *);
int		 gamerec_check_start(struct gamerec *);
void		 gamerec_add_tag(struct gamerec *, const char *, size_t,
		    const char *, size_t);
const char	*gamerec_tag(const struct gamerec *, const char *);
uint32_t	 gamerec_play(struct gamerec *, uint32_t, struct xqmove,
		    const char *);
uint32_t	 gamerec_play_squares(struct gamerec *, uint32_t, int, int,
		    const unsigned char *);
uint32_t	 gamerec_play_text(struct gamerec *, uint32_t, enum notation,
		    const char *, size_t);
void		 gamerec_comment(struct gamerec *, uint32_t, const char *,
		    size_t);
void		 gamerec_fault(struct gamerec *, size_t, const char *,
		    const char *, size_t);
void		 gamerec_set_result(struct gamerec *, const char *);
void		 gamerec_set_result_code(struct gamerec *, unsigned int);
void		 gamerec_main_line(const struct gamerec *, struct movelist *);
size_t		 gamerec_leaves(const struct gamerec *, uint32_t **);
void		 gamerec_line(const struct gamerec *, uint32_t,
		    struct movelist *);

/*
 * Move records in depth-first pre-order, as XQF and CBR keep them: a
 * move, the line that follows it, then its alternative.  After each
 * record, preorder_next gives the parent of the next.
 */
struct preorder {
	uint32_t	 parent;	/* of the next record */
	uint32_t	*stack;		/* parents of alternatives to come */
	size_t		 n, cap;
};
int		 preorder_next(struct preorder *, uint32_t, int, int);

/* The readers: a whole file in memory; faults reported as they come. */
void		 pgn_read(const char *, size_t, const char *, game_fn *,
		    void *);
int		 pgn_detect(const char *, size_t);
void		 dhtmlxq_read(const char *, size_t, const char *, game_fn *,
		    void *);
int		 dhtmlxq_detect(const char *, size_t);
int		 dhtmlxq_square(const char *);
/* CBF is XML: libxml2 decodes it as it says (or as the encoding given). */
void		 cbf_read(const char *, size_t, const char *, const char *,
		    game_fn *, void *);
int		 cbf_detect(const char *, size_t);
/* XQF is binary: its strings are converted from the encoding given. */
int		 xqf_read(const unsigned char *, size_t, const char *,
		    const char *, game_fn *, void *);
int		 xqf_detect(const unsigned char *, size_t);
/* CBR is binary too: its strings are UTF-16LE, whatever is given. */
int		 cbr_read(const unsigned char *, size_t, const char *,
		    game_fn *, void *);
int		 cbr_detect(const unsigned char *, size_t);

/* The writers, onto a stream: a whole game, tree and comments. */
void		 pgn_write(FILE *, const struct gamerec *, enum notation);
void		 dhtmlxq_write(FILE *, const struct gamerec *);
void		 xqf_write(FILE *, const struct gamerec *);


/* Game files as a whole: which format, and reading one (gamefile.c). */
enum file_format {
	FILE_NONE,
	FILE_PGN,
	FILE_DHTMLXQ,
	FILE_XQF,
	FILE_CBF,
	FILE_CBR,
	FILE_CBL	/* known by its magic, not read */
};
enum file_format detect_file_format(const char *, size_t);
int	 starts_game_file(const char *, size_t);
int		 read_game_file(const char *, size_t, const char *,
		    enum file_format, const char *, game_fn *, void *);

#endif /* GAMEFILE_H */
