/*
 * linereader.c: lines of any length from a file or standard input, with
 * the line number each diagnostic needs.  Input is read in large blocks
 * and each line is handed out where it lies in the block, so a filter
 * pays one pass of memchr per byte and no copy; the block grows only as
 * far as the longest line.
 *
 * A line ends in a newline (LF), or CR LF, unless the first line end of
 * the input is a CR alone: then every line ends in a CR, as the classic
 * Mac OS wrote text and Excel for the Mac still saves "CSV (Macintosh)".
 * The input's first line end decides, once, so that a stray CR inside a
 * line of a text of newlines does not split it; a run of CRs before a
 * newline, as text converted to CR LF twice has, is a newline's.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

#define LR_BLOCK	(1 << 17)

static int	lr_fill(struct linereader *);
static ssize_t	read_piped(struct linereader *);
static char	*find_end(struct linereader *);
static int	 first_line_utf8(struct linereader *);

/*
 * Open path for reading, "-" meaning standard input.  Returns -1 (after
 * a warning) when the file cannot be opened or is a directory.
 */
int
lr_open(struct linereader *lr, const char *path)
{
	struct stat st;
	FILE *fp;

	if (strcmp(path, "-") == 0) {
		lr_attach(lr, stdin, "stdin");
		return 0;
	}
	if ((fp = fopen(path, "r")) == NULL) {
		warn("%s", path);
		return -1;
	}
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		warnc(EISDIR, "%s", path);
		fclose(fp);
		return -1;
	}
	lr_attach(lr, fp, path);
	return 0;
}

/*
 * Read lines from a stream already open, named name in diagnostics; the
 * stream is closed by lr_close unless it is stdin.
 */
void
lr_attach(struct linereader *lr, FILE *fp, const char *name)
{
	struct stat st;
	int fd;

	memset(lr, 0, sizeof(*lr));
	lr->fp = fp;
	lr->name = name;
	fd = fileno(fp);
	lr->piped = fd != -1 && fstat(fd, &st) == 0 && !S_ISREG(st.st_mode);
}

/*
 * A pipe or a terminal is read a line at a time: fread would wait until
 * its whole block was filled or the input ended, so that a filter fed a
 * board at a time would sit on the first board.  The line goes into the
 * block, NULs and all, after whatever is there already.  Until the
 * input's line ends are known, a line is read to its newline: text whose
 * lines end in a CR alone comes in whole then.
 */
static ssize_t
read_piped(struct linereader *lr)
{
	ssize_t n;
	size_t room;

	if ((n = getdelim(&lr->piece, &lr->piece_cap,
	    lr->ends == LR_ENDS_CR ? '\r' : '\n', lr->fp)) <= 0)
		return n;
	if ((size_t)n >= lr->cap - lr->fill) {
		room = lr->fill + (size_t)n + 1;
		if (room < (size_t)n)
			errx(GF_EXIT_ERROR, "%s: line too long", lr->name);
		lr->cap = room;
		lr->buf = xreallocarray(lr->buf, lr->cap, 1);
	}
	memcpy(lr->buf + lr->fill, lr->piece, (size_t)n);
	return n;
}

/*
 * Move the unread bytes to the front, make room (doubling the block when
 * a line fills it) and read more.  Returns 0, or -1 at end of file.  A
 * read error is reported and ends the file as end of file would, with
 * lr->error set; a read cut short by a signal that stops the run ends it
 * quietly.
 */
static int
lr_fill(struct linereader *lr)
{
	size_t left = lr->fill - lr->start;
	ssize_t n;

	if (lr->start > 0) {
		memmove(lr->buf, lr->buf + lr->start, left);
		lr->scanned -= lr->start;
		lr->fill = left;
		lr->start = 0;
	}
	if (lr->cap - lr->fill < LR_BLOCK / 2) {
		if (lr->cap > SIZE_MAX / 2)
			errx(GF_EXIT_ERROR, "%s: line too long", lr->name);
		lr->cap = lr->cap == 0 ? LR_BLOCK : lr->cap * 2;
		lr->buf = xreallocarray(lr->buf, lr->cap, 1);
	}
	/* One byte stays free for the NUL after a last unterminated line. */
	if (lr->piped)
		n = read_piped(lr);
	else
		n = (ssize_t)fread(lr->buf + lr->fill, 1,
		    lr->cap - lr->fill - 1, lr->fp);
	if (n <= 0) {
		lr_read_ended(lr);
		return -1;
	}
	lr->fill += (size_t)n;
	return 0;
}

/*
 * The byte that ends the line among the bytes not yet scanned, or NULL
 * (they are scanned then, all but a run of CRs last among them while the
 * line ends are not known: the byte after it tells).  The first line end
 * found says how the input's lines end: a run of CRs with no newline
 * after it, or a newline.
 */
static char *
find_end(struct linereader *lr)
{
	char *p, *nl, *cr, *q, *end;
	size_t n = lr->fill - lr->scanned;

	if (n == 0)
		return NULL;
	p = lr->buf + lr->scanned;
	end = lr->buf + lr->fill;
	lr->scanned = lr->fill;
	if (lr->ends == LR_ENDS_CR)
		return memchr(p, '\r', n);
	nl = memchr(p, '\n', n);
	if (lr->ends == LR_ENDS_LF)
		return nl;
	if ((cr = memchr(p, '\r', nl != NULL ? (size_t)(nl - p) : n)) == NULL) {
		if (nl != NULL)
			lr->ends = LR_ENDS_LF;
		return nl;
	}
	for (q = cr; q < end && *q == '\r'; q++)
		continue;
	if (q == end && !lr->eof) {
		lr->scanned = (size_t)(cr - lr->buf);
		return NULL;
	}
	if (q < end && *q == '\n') {
		lr->ends = LR_ENDS_LF;
		return q;
	}
	lr->ends = LR_ENDS_CR;
	return cr;
}

/*
 * Read the next line.  Returns 1 with lr->line set (its line end
 * removed, NUL-terminated, writable until the next call), 0 at end of
 * file, after a read error (reported; lr_close then returns -1) and once
 * a signal has asked the run to stop.  The part of a line a read error
 * cut off is not handed out.
 */
int
lr_next(struct linereader *lr)
{
	char *nl;
	size_t end;

	if (run_stopped())
		return 0;
	for (;;) {
		if ((nl = find_end(lr)) != NULL) {
			end = (size_t)(nl - lr->buf);
			lr->newline = 1;
			break;
		}
		if (lr->eof || lr_fill(lr) == -1) {
			/* A CR last in the input: the end tells it now. */
			if (lr->scanned < lr->fill && !lr->error)
				continue;
			if (lr->start == lr->fill || lr->error)
				return 0;
			end = lr->fill;
			lr->newline = 0;
			break;
		}
	}
	lr->line = lr->buf + lr->start;
	lr->len = end - lr->start;
	lr->buf[end] = '\0';
	lr->start = lr->scanned = end + lr->newline;
	lr->cr = 0;
	if (lr->newline && lr->ends == LR_ENDS_LF && lr->len > 0 &&
	    lr->line[lr->len - 1] == '\r') {
		lr->line[--lr->len] = '\0';
		lr->cr = 1;
	}
	lr->lineno++;
	if (lr->lineno == 1 && lr->want_utf8)
		return first_line_utf8(lr);
	return 1;
}

/*
 * The input read ahead, before its first line is taken: at least want
 * bytes of it or lines line ends, or all of it if it is shorter; *len
 * says how much.  The lines are handed out from the first all the same.
 * A pipe is read a line at a time, so that a filter fed a line at a time
 * waits for lines of them at most.
 */
const char *
lr_peek(struct linereader *lr, size_t want, size_t lines, size_t *len)
{
	size_t seen = 0, ends = 0;
	const char *p;

	while (lr->lineno == 0 && lr->fill < want && !lr->eof) {
		for (; seen < lr->fill; seen++)
			ends += lr->buf[seen] == '\n';
		if (ends >= lines || lr_fill(lr) == -1)
			break;
	}
	*len = lr->lineno == 0 ? lr->fill : 0;
	p = lr->buf;
	return p != NULL ? p : "";
}

/*
 * A read of lr's stream came back with nothing: the input has ended.  A
 * read error is reported and cuts the input short (lr_close then returns
 * -1); a read cut short by a signal that stops the run ends it quietly.
 * For lr_fill, and for a reader of the stream lr_take gave.
 */
void
lr_read_ended(struct linereader *lr)
{
	if (ferror(lr->fp) && !(errno == EINTR && run_stopped())) {
		warn("%s", lr->name);
		lr->error = 1;
	}
	lr->eof = 1;
}

/*
 * The stream of an input whose first line is not yet taken, for a reader
 * of its own: what was read ahead is in *ahead (*len bytes of it), and
 * the rest is read from the stream returned (NULL if there is no rest).
 * A file that can seek is taken back to where the input began, and read
 * from there whole (*len 0); a pipe's stream cannot go back, and is
 * returned where it stands, to be read forward only (lr->piped says
 * which).  lr_close closes the stream.  The reader takes both: the input
 * gives no line after.
 */
FILE *
lr_take(struct linereader *lr, char **ahead, size_t *len)
{
	FILE *fp = lr->fp;
	off_t at;

	if (fp != NULL && !lr->piped && lr->start == 0 &&
	    (at = ftello(fp)) != -1 && (uintmax_t)at >= lr->fill &&
	    fseeko(fp, at - (off_t)lr->fill, SEEK_SET) == 0) {
		free(lr->buf);
		*ahead = NULL;
		*len = 0;
		lr->buf = NULL;
		lr->cap = lr->fill = lr->start = lr->scanned = 0;
		lr->eof = 1;
		return fp;
	}
	if (lr->eof)
		fp = NULL;
	if (lr->start > 0)
		memmove(lr->buf, lr->buf + lr->start, lr->fill - lr->start);
	lr->fill -= lr->start;
	lr->start = 0;
	*ahead = lr->buf;
	*len = lr->fill;
	lr->buf = NULL;
	lr->cap = lr->fill = lr->scanned = 0;
	lr->eof = 1;
	return fp;
}

/*
 * Hand out the lines of this input in UTF-8 without a byte order mark,
 * for readers of plain text such as boards, which editors on Windows
 * save with one: a UTF-8 mark before the first line is dropped, and a
 * text that begins with the mark of UTF-16 (Notepad's "Unicode", what
 * PowerShell redirects), or with ASCII in UTF-16 or UTF-32 that has no
 * mark, is read whole and made UTF-8 first.  Call it before the first
 * line is read.
 */
void
lr_want_utf8(struct linereader *lr)
{
	lr->want_utf8 = 1;
}

/*
 * The first line of an input that wants UTF-8, read last: its UTF-8
 * byte order mark dropped; or, after a UTF-16 one or in UTF-16 or UTF-32
 * without one (told, with its byte order, by the NULs of its first
 * line: see wide_unmarked), the input read whole, converted and read
 * again from the memory it is in, from its first line.  Returns as
 * lr_next; a text that is not in that encoding after all is reported and
 * ends the input as a read error would.
 */
static int
first_line_utf8(struct linereader *lr)
{
	const char *why, *enc, *told;

	lr->want_utf8 = 0;
	if (lr->len >= 3 && memcmp(lr->line, "\xef\xbb\xbf", 3) == 0) {
		lr->line += 3;
		lr->len -= 3;
		return 1;
	}
	if (has_utf16_bom(lr->line, lr->len)) {
		enc = "UTF-16";
		told = "by its byte order mark";
	} else if ((enc = wide_unmarked(lr->line, lr->len)) != NULL)
		told = "by the NULs of its first line";
	else
		return 1;
	if (lr_reread_utf8(lr, enc, &why) == -1) {
		if (why != NULL)
			warnx("%s: %s %s, but %s", lr->name, enc, told, why);
		lr->error = 1;
		return 0;
	}
	return lr_next(lr);
}

/* Whether the line read last holds nothing but spaces and tabs. */
int
lr_blank(const struct linereader *lr)
{
	size_t i;

	for (i = 0; i < lr->len; i++)
		if (lr->line[i] != ' ' && lr->line[i] != '\t')
			return 0;
	return 1;
}

/*
 * How many bytes of the input follow the line read last, when the input
 * is a regular file; -1 when that cannot be known (a pipe, a terminal).
 * Filters that keep a whole record in memory size it from this once.
 */
off_t
lr_left(const struct linereader *lr)
{
	struct stat st;
	off_t pos;

	if (fstat(fileno(lr->fp), &st) == -1 || !S_ISREG(st.st_mode) ||
	    (pos = ftello(lr->fp)) == -1 || pos > st.st_size)
		return -1;
	return st.st_size - pos + (off_t)(lr->fill - lr->start);
}

/*
 * Write the line read last exactly as it was read: its bytes (NULs
 * included) and its line end if it had one.  This is how a bad record is
 * copied through.
 */
void
lr_write(const struct linereader *lr, FILE *fp)
{
	fwrite(lr->line, 1, lr->len, fp);
	if (lr->newline)
		lr_end(lr, fp, 0);
}

/*
 * End a line written in place of the line read last as the input's
 * lines end: CR LF if it ended so, a CR in text whose lines end in a CR,
 * else a newline, also after a last line that had no end.  JSON Lines
 * (json nonzero) end in a newline, or CR LF, even then.
 */
void
lr_end(const struct linereader *lr, FILE *fp, int json)
{
	if (lr->ends == LR_ENDS_CR && !json) {
		putc('\r', fp);
		return;
	}
	if (lr->cr)
		putc('\r', fp);
	putc('\n', fp);
}

/*
 * The whole of a stream, from where it stands to its end, in memory
 * of its own; NULL, with errno set, if a read fails.  Too large to hold
 * is fatal.
 */
unsigned char *
read_all(FILE *fp, size_t *outlen)
{
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	for (;;) {
		if (len == cap) {
			if (cap > SIZE_MAX / 2)
				errx(GF_EXIT_ERROR, "input too large");
			cap = cap ? cap * 2 : 65536;
			buf = xreallocarray(buf, cap, 1);
		}
		if ((n = fread(buf + len, 1, cap - len, fp)) == 0)
			break;
		len += n;
	}
	if (ferror(fp)) {
		free(buf);
		return NULL;
	}
	*outlen = len;
	return buf;
}

/*
 * The whole input, its first line already read: that line as it was,
 * then the rest, for a reader that needs the file whole (a game file,
 * or text to convert before its lines can be told apart).  NULL after a
 * warning when a read fails; the file is too large to hold is fatal.
 */
char *
lr_slurp(struct linereader *lr, size_t *outlen)
{
	char *buf;
	size_t len, cap, rest, n;

	rest = lr->fill - lr->start;
	if (lr->len > SIZE_MAX / 2 - rest - 3)
		errx(GF_EXIT_ERROR, "%s: file too large", lr->name);
	cap = (lr->len + rest + 3) * 2 + 65536;
	buf = xmalloc(cap);
	memcpy(buf, lr->line, lr->len);
	len = lr->len;
	if (lr->cr || (lr->newline && lr->ends == LR_ENDS_CR))
		buf[len++] = '\r';
	if (lr->newline && lr->ends != LR_ENDS_CR)
		buf[len++] = '\n';
	memcpy(buf + len, lr->buf + lr->start, rest);
	len += rest;
	lr->start = lr->fill;
	for (;;) {
		if (len == cap) {
			if (cap > SIZE_MAX / 2)
				errx(GF_EXIT_ERROR, "%s: file too large",
				    lr->name);
			cap *= 2;
			buf = xreallocarray(buf, cap, 1);
		}
		n = fread(buf + len, 1, cap - len, lr->fp);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(lr->fp)) {
		warn("%s", lr->name);
		free(buf);
		return NULL;
	}
	*outlen = len;
	return buf;
}

/*
 * Read the rest of the input, from the line in hand, as text in enc, and
 * go on handing out its lines made UTF-8, from its first line: for text
 * whose lines cannot be told apart before it is converted (UTF-16).
 * Returns 0, or -1 when the read fails (reported, *why NULL) or the text
 * is not in enc (*why says how, for the caller to report).
 */
int
lr_reread_utf8(struct linereader *lr, const char *enc, const char **why)
{
	const char *name = lr->name;
	char *buf, *text;
	size_t len, tlen;

	*why = NULL;
	if ((buf = lr_slurp(lr, &len)) == NULL)
		return -1;
	text = text_to_utf8(buf, len, enc, &tlen, why);
	free(buf);
	if (text == NULL)
		return -1;
	if (lr->fp != NULL && lr->fp != stdin)
		fclose(lr->fp);
	free(lr->buf);
	free(lr->piece);
	free(lr->text);
	lr_attach_text(lr, text, tlen, name);
	return 0;
}

/*
 * Read lines from text in memory, named name in diagnostics; lr_close
 * frees the text.
 */
void
lr_attach_text(struct linereader *lr, char *text, size_t len,
    const char *name)
{
	FILE *fp;

	/* fmemopen wants a byte at least: an empty text ends at once. */
	if (len == 0) {
		memset(lr, 0, sizeof(*lr));
		lr->name = name;
		lr->eof = 1;
		lr->text = text;
		return;
	}
	if ((fp = fmemopen(text, len, "r")) == NULL)
		err(GF_EXIT_ERROR, "fmemopen");
	lr_attach(lr, fp, name);
	lr->text = text;
}

/* Returns -1 if a read error cut the file short (it was reported), else 0. */
int
lr_close(struct linereader *lr)
{
	int error = lr->error;

	if (lr->fp != NULL && lr->fp != stdin)
		fclose(lr->fp);
	free(lr->buf);
	free(lr->piece);
	free(lr->text);
	memset(lr, 0, sizeof(*lr));
	return error ? -1 : 0;
}
