/*
 * sheet.h: what the readers of office files share (sheet.c writes a
 * sheet or a document as text, package.c reads the XML parts of the ZIP
 * archive and their relationships, xlsx.c, ods.c, docx.c and odt.c the
 * formats).
 */

#ifndef SHEET_H
#define SHEET_H

#include <sys/types.h>

#include <stdint.h>

#include <libxml/xmlreader.h>

#include "gf.h"
#include "bchess.h"

#define ODS_MIMETYPE	"application/vnd.oasis.opendocument.spreadsheet"
#define ODT_MIMETYPE	"application/vnd.oasis.opendocument.text"

/* The name sheet_end is given for the text of a document. */
#define DOCUMENT_TEXT	((const char *)1)

/* The sheet being written out as text. */
struct writer {
	struct strbuf	 text;		/* its lines so far */
	struct strbuf	 row;		/* the row in hand */
	struct strbuf	 cell;		/* the cell in hand */
	struct strbuf	 linked;	/* a cell with its hyperlink */
	uint64_t	 rows;		/* rows written, empty ones too */
	uint64_t	 col;		/* column of the row's last cell */
};

/* A spreadsheet being read. */
struct reader {
	struct zipread	 zr;
	struct book	*book;
	struct writer	 w;
	struct strbuf	 part;		/* the part being read */
	const char	*partname;
	char		*why;		/* what is wrong, for the caller */
	size_t		 whylen;
	struct strbuf	 strings;	/* an .xlsx's shared strings */
	size_t		*string_at;	/* where each starts in strings */
	size_t		 nstrings;
	uint64_t	 done;		/* bytes of the sheets read before */
	uint8_t		*style_shows;	/* SHOWS_* of each cell style */
	size_t		 nstyles;
	int		 date1904;	/* its days count from 1904 */
	struct links	 links;		/* the sheet's hyperlinks */
	struct strbuf	 formula;	/* the formula of the cell in hand */
	struct strbuf	 address;	/* the address of a HYPERLINK formula */
	uint8_t		*shared_link;	/* shared formulas that are HYPERLINKs */
	size_t		 nshared;
	struct cells_note computed;	/* HYPERLINK formulas not read */
	struct cells_note cut;		/* addresses that may be cut short */
	struct cells_note commented;	/* comments with links, not read */
};

/* A relationship of a part to a hyperlink: its Id and target. */
struct rel {
	char		*id, *target;
};

/*
 * package.c: a part of the archive (part_read) and its XML (part_xml,
 * xml_next); part_fail sets the message of what is wrong, after the
 * part's name, and returns -1.
 */
int		 part_fail(struct reader *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
int		 part_read(struct reader *, const char *);
xmlTextReaderPtr part_xml(struct reader *);
int		 xml_next(struct reader *, xmlTextReaderPtr, int *);
int		 xml_next_kept(struct reader *, xmlTextReaderPtr, int *, int *);
void		 xml_skip(xmlTextReaderPtr, int *);
int		 xml_is_text(int);
int		 xml_opens(xmlTextReaderPtr, int);
int		 xml_named(xmlTextReaderPtr, const char *, const char *);
char		*xml_attribute(xmlTextReaderPtr, const char *, const char *);
uint64_t	 xml_attribute_count(xmlTextReaderPtr, const char *,
		    const char *, uint64_t);
int		 holds_game_link(xmlTextReaderPtr);
void		 rels_of(const char *, struct strbuf *, struct strbuf *);
char		*rels_target(struct reader *, const char *, const char *,
		    const char *, const char *);
char		*rels_target_nth(struct reader *, const char *, const char *,
		    const char *, size_t);
ssize_t		 rels_links(struct reader *, const char *, struct rel **);
int		 rel_order(const void *, const void *);
void		 rels_free(struct rel *, size_t);
void		 odf_text(struct strbuf *, const char *, int *);

/* sheet.c: the sheet in hand written as text, a cell and a row at a time. */
int		 put_cell(struct reader *, uint64_t, const char *, size_t);
int		 put_linked(struct reader *, uint64_t, uint64_t, const char *,
		    size_t, const char *, size_t, int);
void		 put_link_at(struct reader *, size_t, const char *, size_t);
void		 note_cell(struct cells_note *, uint64_t);
int		 put_row(struct reader *, uint64_t, uint64_t);
int		 put_line(struct reader *, const char *, size_t);
void		 sheet_begin(struct reader *);
void		 sheet_end(struct reader *, const char *);

/*
 * xlsx.c and ods.c: the sheets of each format; docx.c and odt.c: the
 * text of a document, a line a paragraph.
 */
int		 xlsx_read(struct reader *, const char *);
int		 ods_read(struct reader *);
int		 docx_read(struct reader *, const char *);
int		 odt_read(struct reader *);

#endif /* SHEET_H */
