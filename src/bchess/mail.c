/*
 * mail.c: the text of mail, a message at a time: an .eml file (one
 * message) or an mbox (many, each after its "From " line, as Thunderbird
 * keeps a folder and Google exports a mailbox).  GMime reads the MIME:
 * quoted-printable and base64 bodies decoded, each text part made UTF-8
 * from its charset, RFC 2047 words in the headers decoded.  A message is
 * written as its From, Date and Subject lines, a blank line, then the
 * text of its parts, a blank line between two: the plain text of an
 * alternative when it has one (else its HTML, whose links stand in its
 * tags), every other text part, and the messages forwarded inside it,
 * walked from an explicit stack.  An attachment that holds text, or a
 * ZIP archive (a spreadsheet, a document, a zipped chat), is given back
 * whole as a file of its own, for the caller to read as any file; the
 * others (pictures, PDF) are counted and the first named, not read.
 */

#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "gf.h"
#include "bchess.h"

/*
 * The headers that tell a mail, two of them at least in the first block
 * of header lines; the first block may be MAIL_PEEK_MAX bytes long.
 */
static const char *const mail_headers[] = {
	"From", "To", "Date", "Subject", "Message-ID", "MIME-Version",
	"Received", "Return-Path", "Delivered-To", "Content-Type"
};
#define MAIL_HEADERS	(sizeof(mail_headers) / sizeof(mail_headers[0]))

/*
 * Other names a mail's first header may have (and any name with a dash
 * in it, as X-Mozilla-Status, DKIM-Signature): a line that begins with
 * another word and a colon, as a chat's "Ann: hi", is told no mail at
 * once, without waiting for the next line.
 */
static const char *const first_headers[] = {
	"Cc", "Bcc", "Sender", "Organization", "Importance", "Priority",
	"Precedence", "References", "Status", "Path", "Newsgroups", "Xref",
	"Lines", "Comments", "Keywords", "Article"
};
#define FIRST_HEADERS	(sizeof(first_headers) / sizeof(first_headers[0]))

struct mail {
	GMimeParser	*parser;
	GMimeStream	*stream;
	uint64_t	 messages;	/* read so far */
	uint64_t	 skipped;	/* parts not text, not read */
	char		*first_skipped;	/* the name of the first */
	GPtrArray	*stack;		/* of the walk of a message's parts */
	struct mail_file *file;		/* the message's attached files */
	size_t		 nfile, capfile;
};

static int	 header_name(const char *, size_t, int);
static void	 mime_ready(void);
static int	 hides_link(GMimeObject *);
static GByteArray *decoded(GMimeDataWrapper *);
static void	 add_header(struct strbuf *, const char *, const char *);
static void	 add_headers(struct strbuf *, GMimeMessage *);
static void	 add_text(struct strbuf *, GMimeTextPart *);
static GMimeObject *alternative(GMimeMultipart *);
static char	*part_name(GMimeObject *);
static void	 skip_part(struct mail *, GMimeObject *);
static void	 keep_part(struct mail *, GMimeObject *);
static void	 free_files(struct mail *);
static int	 add_message(struct mail *, struct strbuf *, GMimeMessage *,
		    char *, size_t);

/*
 * Which of mail_headers a header line's name is (its index), -1 if
 * none, -2 if the line is no header line: a name of printable ASCII but
 * the colon, a colon, then a space, a tab or the line's end (as every
 * writer of mail puts them, and no address such as https://), or, as
 * the first header, a name that is not one a mail begins with.
 */
static int
header_name(const char *line, size_t len, int first)
{
	const char *colon = memchr(line, ':', len);
	size_t i, n;

	if (colon == NULL || colon == line)
		return -2;
	n = (size_t)(colon - line);
	if (n + 1 < len && line[n + 1] != ' ' && line[n + 1] != '\t' &&
	    line[n + 1] != '\r')
		return -2;
	for (i = 0; i < n; i++)
		if (line[i] <= ' ' || line[i] > '~')
			return -2;
	for (i = 0; i < MAIL_HEADERS; i++)
		if (strlen(mail_headers[i]) == n &&
		    strncasecmp(line, mail_headers[i], n) == 0)
			return (int)i;
	if (!first || memchr(line, '-', n) != NULL)
		return -1;
	for (i = 0; i < FIRST_HEADERS; i++)
		if (strlen(first_headers[i]) == n &&
		    strncasecmp(line, first_headers[i], n) == 0)
			return -1;
	return -2;
}

/*
 * Whether the first len bytes of an input begin a mail: MAIL_MESSAGE
 * (header lines, two of mail_headers among them, up to a blank line),
 * MAIL_MBOX (the same after a "From " line), MAIL_MORE if the bytes end
 * before it is told, 0 if not.
 */
int
mail_starts(const char *p, size_t len)
{
	const char *line = p, *nl, *end = p + len;
	unsigned int seen = 0, n = 0;
	int mbox = 0, k;
	size_t llen;

	if (len >= 5 && memcmp(p, "From ", 5) == 0) {
		if ((nl = memchr(p, '\n', len)) == NULL)
			return len < MAIL_PEEK_MAX ? MAIL_MORE : 0;
		if (p[5] == ' ' || p[5] == '\r' || p[5] == '\n')
			return 0;
		mbox = 1;
		line = nl + 1;
	}
	for (;; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(end - line))) == NULL) {
			/* The line so far must be able to go on as one. */
			llen = (size_t)(end - line);
			if (llen > 0 && line[0] != ' ' && line[0] != '\t' &&
			    memchr(line, ':', llen) != NULL &&
			    header_name(line, llen, n == 0) == -2)
				return 0;
			return len < MAIL_PEEK_MAX ? MAIL_MORE : 0;
		}
		llen = (size_t)(nl - line);
		if (llen > 0 && line[llen - 1] == '\r')
			llen--;
		if (llen == 0)
			break;
		if (line[0] == ' ' || line[0] == '\t') {
			if (n == 0)
				return 0;
			continue;
		}
		if ((k = header_name(line, llen, n == 0)) == -2)
			return 0;
		if (k >= 0)
			seen |= 1U << k;
		n++;
	}
	if (__builtin_popcount(seen) < 2)
		return 0;
	return mbox ? MAIL_MBOX : MAIL_MESSAGE;
}

/* GMime, ready once. */
static void
mime_ready(void)
{
	static int ready;
	struct sigaction pipe_was;

	if (!ready) {
		/*
		 * GMime readies GPGME, which ignores SIGPIPE: output to a
		 * pipe closed early (| head) would then end in a write
		 * error and status 2 instead of the quiet end every other
		 * input has.  No gpg is run here, so the signal is put back.
		 */
		sigaction(SIGPIPE, NULL, &pipe_was);
		g_mime_init();
		sigaction(SIGPIPE, &pipe_was, NULL);
		ready = 1;
	}
}

/*
 * The mail of lr, told by mail_starts as kind, its first line not yet
 * taken: lr gives no line after.  The parser reads what lr read ahead,
 * then the rest of its stream: a pipe forward (forward.c), so that a
 * mailbox of any size takes no more memory down a pipe than from a file.
 */
struct mail *
mail_open(struct linereader *lr, int kind)
{
	struct mail *m = xcalloc(1, sizeof(*m));
	GMimeStream *ahead, *rest;
	char *buf;
	size_t len;
	FILE *fp;

	mime_ready();
	fp = lr_take(lr, &buf, &len);
	m->stream = g_mime_stream_cat_new();
	if (len > 0) {
		ahead = g_mime_stream_mem_new_with_buffer(buf, len);
		g_mime_stream_cat_add_source(GMIME_STREAM_CAT(m->stream),
		    ahead);
		g_object_unref(ahead);
	}
	free(buf);
	if (fp != NULL) {
		/* lr_close closes it. */
		if (lr->piped)
			rest = forward_stream_new(lr);
		else {
			rest = g_mime_stream_file_new(fp);
			g_mime_stream_file_set_owner(GMIME_STREAM_FILE(rest),
			    FALSE);
		}
		g_mime_stream_cat_add_source(GMIME_STREAM_CAT(m->stream),
		    rest);
		g_object_unref(rest);
	}
	m->parser = g_mime_parser_new_with_stream(m->stream);
	/*
	 * A part's content is copied as it is parsed, not read again from
	 * the file (a seek and a read, and a seek to its end for its
	 * length, each time).
	 */
	g_mime_parser_set_persist_stream(m->parser, FALSE);
	g_mime_parser_set_format(m->parser, kind == MAIL_MBOX ?
	    GMIME_FORMAT_MBOX : GMIME_FORMAT_MESSAGE);
	m->stack = g_ptr_array_new();
	return m;
}

/* A header line, "name: value", if the value is there. */
static void
add_header(struct strbuf *text, const char *name, const char *value)
{
	if (value == NULL || *value == '\0')
		return;
	sb_add(text, name, strlen(name));
	sb_add(text, ": ", 2);
	for (; *value != '\0'; value++)
		if (*value != '\r' && *value != '\n')
			sb_addc(text, *value);
	sb_addc(text, '\n');
}

/* The From, Date and Subject lines of a message, and a blank line. */
static void
add_headers(struct strbuf *text, GMimeMessage *msg)
{
	InternetAddressList *from = g_mime_message_get_from(msg);
	char *s = NULL;

	if (from != NULL && internet_address_list_length(from) > 0)
		s = internet_address_list_to_string(from, NULL, FALSE);
	add_header(text, "From", s);
	g_free(s);
	add_header(text, "Date", g_mime_object_get_header(GMIME_OBJECT(msg),
	    "Date"));
	add_header(text, "Subject", g_mime_message_get_subject(msg));
	sb_addc(text, '\n');
}

/*
 * The text of a part, made UTF-8, its lines ending in a newline, after a
 * blank line if it does not begin the message's body.
 */
static void
add_text(struct strbuf *text, GMimeTextPart *part)
{
	char *s, *p;
	size_t len;

	if ((s = g_mime_text_part_get_text(part)) == NULL)
		return;
	len = strlen(s);
	if (text->len >= 2 && text->s[text->len - 2] != '\n')
		sb_addc(text, '\n');
	/* Its lines end as the headers' do, in a newline alone. */
	for (p = s; *p != '\0'; p++)
		if (*p != '\r' || p[1] != '\n')
			sb_addc(text, *p);
	if (len > 0 && s[len - 1] != '\n')
		sb_addc(text, '\n');
	g_free(s);
}

/*
 * The part of an alternative to read: its plain text, else its HTML,
 * else the last (the sender's best).
 */
static GMimeObject *
alternative(GMimeMultipart *mp)
{
	GMimeObject *part, *html = NULL;
	GMimeContentType *ct;
	int i, n = g_mime_multipart_get_count(mp);

	for (i = 0; i < n; i++) {
		part = g_mime_multipart_get_part(mp, i);
		ct = g_mime_object_get_content_type(part);
		if (g_mime_content_type_is_type(ct, "text", "plain"))
			return part;
		if (html == NULL && g_mime_content_type_is_type(ct, "text",
		    "html"))
			html = part;
	}
	if (html != NULL)
		return html;
	return n > 0 ? g_mime_multipart_get_part(mp, n - 1) : NULL;
}

/* The name a part goes by: its file name, else its type. */
static char *
part_name(GMimeObject *part)
{
	const char *name = NULL;
	char *type, *s;

	if (GMIME_IS_PART(part))
		name = g_mime_part_get_filename(GMIME_PART(part));
	if (name != NULL)
		return xstrdup(name);
	type = g_mime_content_type_get_mime_type(
	    g_mime_object_get_content_type(part));
	s = xstrdup(type);
	g_free(type);
	return s;
}

/* The content of a part, decoded (base64, quoted-printable), to free. */
static GByteArray *
decoded(GMimeDataWrapper *content)
{
	GByteArray *bytes = g_byte_array_new();
	GMimeStream *out = g_mime_stream_mem_new_with_byte_array(bytes);

	g_mime_stream_mem_set_owner(GMIME_STREAM_MEM(out), FALSE);
	g_mime_data_wrapper_write_to_stream(content, out);
	g_object_unref(out);
	return bytes;
}

/* A part that is not read: counted, and its name kept if first. */
static void
skip_part(struct mail *m, GMimeObject *part)
{
	if (m->skipped++ == 0)
		m->first_skipped = part_name(part);
}

/*
 * An attachment: kept as a file if it holds text or a ZIP archive, its
 * content decoded, and named by its file name (else its type); skipped
 * if not, or if its type says a picture, a sound, a film or a PDF.
 */
static void
keep_part(struct mail *m, GMimeObject *part)
{
	GMimeContentType *ct = g_mime_object_get_content_type(part);
	GMimeDataWrapper *content;
	GByteArray *bytes;
	struct mail_file *f;
	const char *type = g_mime_content_type_get_media_type(ct);

	if (!GMIME_IS_PART(part) || (content = g_mime_part_get_content(
	    GMIME_PART(part))) == NULL || type == NULL ||
	    strcasecmp(type, "image") == 0 || strcasecmp(type, "audio") == 0 ||
	    strcasecmp(type, "video") == 0 ||
	    g_mime_content_type_is_type(ct, "application", "pdf")) {
		skip_part(m, part);
		return;
	}
	bytes = decoded(content);
	if (!(bytes->len >= 4 && memcmp(bytes->data, "PK\x03\x04", 4) == 0) &&
	    !text_bytes((const char *)bytes->data, bytes->len)) {
		g_byte_array_free(bytes, TRUE);
		skip_part(m, part);
		return;
	}
	if (m->nfile == m->capfile) {
		m->capfile = m->capfile == 0 ? 4 : 2 * m->capfile;
		m->file = xreallocarray(m->file, m->capfile, sizeof(*m->file));
	}
	f = &m->file[m->nfile++];
	f->name = part_name(part);
	f->len = bytes->len;
	f->data = xmalloc(bytes->len + 1);
	if (bytes->len > 0)
		memcpy(f->data, bytes->data, bytes->len);
	f->data[bytes->len] = '\0';
	g_byte_array_free(bytes, TRUE);
}

/* The files of the last message, less those the caller took. */
static void
free_files(struct mail *m)
{
	size_t i;

	for (i = 0; i < m->nfile; i++) {
		free(m->file[i].name);
		free(m->file[i].data);
	}
	m->nfile = 0;
}

/*
 * The files attached to the message mail_next read last; the caller
 * may take a file's data (setting it NULL).
 */
struct mail_file *
mail_files(struct mail *m, size_t *n)
{
	*n = m->nfile;
	return m->file;
}

/*
 * The text of message msg and of those forwarded in it, added to text:
 * its parts walked in order from m->stack.  Returns 0, or -1 with why
 * set if the text would pass BOOK_TEXT_MAX.
 */
static int
add_message(struct mail *m, struct strbuf *text, GMimeMessage *msg,
    char *why, size_t whylen)
{
	GPtrArray *st = m->stack;
	GMimeObject *part;
	GMimeMessage *inner;
	int i;

	g_ptr_array_set_size(st, 0);
	g_ptr_array_add(st, msg);
	for (;;) {
		if (text->len > BOOK_TEXT_MAX) {
			snprintf(why, whylen, "more than %u MB of text in a "
			    "message", (unsigned int)(BOOK_TEXT_MAX >> 20));
			return -1;
		}
		if (st->len == 0)
			return 0;
		part = g_ptr_array_remove_index(st, st->len - 1);
		if (GMIME_IS_MESSAGE(part)) {
			add_headers(text, GMIME_MESSAGE(part));
			if ((part = g_mime_message_get_mime_part(
			    GMIME_MESSAGE(part))) != NULL)
				g_ptr_array_add(st, part);
		} else if (GMIME_IS_MESSAGE_PART(part)) {
			inner = g_mime_message_part_get_message(
			    GMIME_MESSAGE_PART(part));
			if (inner != NULL) {
				if (text->len > 0)
					sb_addc(text, '\n');
				g_ptr_array_add(st, inner);
			}
		} else if (GMIME_IS_MULTIPART(part)) {
			if (g_mime_content_type_is_type(
			    g_mime_object_get_content_type(part), "multipart",
			    "alternative")) {
				if ((part = alternative(GMIME_MULTIPART(
				    part))) != NULL)
					g_ptr_array_add(st, part);
				continue;
			}
			/* Last pushed, first walked: in reverse. */
			for (i = g_mime_multipart_get_count(
			    GMIME_MULTIPART(part)) - 1; i >= 0; i--)
				g_ptr_array_add(st, g_mime_multipart_get_part(
				    GMIME_MULTIPART(part), i));
		} else if (GMIME_IS_TEXT_PART(part) &&
		    !g_mime_part_is_attachment(GMIME_PART(part)))
			add_text(text, GMIME_TEXT_PART(part));
		else
			keep_part(m, part);
	}
}

/*
 * The text of the next message into text (cleared first).  Returns 1,
 * 0 at the end of the mail, or -1 with why set.
 */
int
mail_next(struct mail *m, struct strbuf *text, char *why, size_t whylen)
{
	GMimeMessage *msg;
	int rv;

	sb_clear(text);
	free_files(m);
	if (g_mime_parser_eos(m->parser))
		return 0;
	if ((msg = g_mime_parser_construct_message(m->parser,
	    NULL)) == NULL) {
		if (g_mime_parser_eos(m->parser) && m->messages > 0)
			return 0;
		snprintf(why, whylen, "message %" PRIu64 " cannot be read",
		    m->messages + 1);
		return -1;
	}
	m->messages++;
	rv = add_message(m, text, msg, why, whylen);
	g_object_unref(msg);
	return rv == -1 ? -1 : 1;
}

/*
 * Whether leaf part holds a link to the game that its lines do not show:
 * its content is in base64 or uuencoded, and the game's path is there
 * once it is decoded.
 */
static int
hides_link(GMimeObject *part)
{
	GMimeContentEncoding enc;
	GMimeDataWrapper *content;
	GByteArray *bytes;
	int found;

	if (!GMIME_IS_PART(part))
		return 0;
	enc = g_mime_part_get_content_encoding(GMIME_PART(part));
	if ((enc != GMIME_CONTENT_ENCODING_BASE64 &&
	    enc != GMIME_CONTENT_ENCODING_UUENCODE) ||
	    (content = g_mime_part_get_content(GMIME_PART(part))) == NULL)
		return 0;
	bytes = decoded(content);
	found = bytes->len > 0 && memmem(bytes->data, bytes->len, GAME_PATH,
	    sizeof(GAME_PATH) - 1) != NULL;
	g_byte_array_free(bytes, TRUE);
	return found;
}

/*
 * How many parts of the mail in data (of kind, as mail_starts tells it)
 * hold links to the game in base64 or uuencoded, where its lines do not
 * show them: mail written back as it stands (-w) leaves such parts as
 * they were.  *first is the name of the first, to free.  Every part of
 * every message is looked at, walked from a stack.
 */
uint64_t
mail_hidden_links(const char *data, size_t len, int kind, char **first)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg, *inner;
	GMimeObject *part;
	GPtrArray *st = g_ptr_array_new();
	uint64_t n = 0;
	int i;

	mime_ready();
	*first = NULL;
	stream = g_mime_stream_mem_new_with_buffer(data, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, kind == MAIL_MBOX ?
	    GMIME_FORMAT_MBOX : GMIME_FORMAT_MESSAGE);
	while (!g_mime_parser_eos(parser) &&
	    (msg = g_mime_parser_construct_message(parser, NULL)) != NULL) {
		g_ptr_array_set_size(st, 0);
		if ((part = g_mime_message_get_mime_part(msg)) != NULL)
			g_ptr_array_add(st, part);
		while (st->len > 0) {
			part = g_ptr_array_remove_index(st, st->len - 1);
			if (GMIME_IS_MESSAGE_PART(part)) {
				inner = g_mime_message_part_get_message(
				    GMIME_MESSAGE_PART(part));
				if (inner != NULL && (part =
				    g_mime_message_get_mime_part(inner)) !=
				    NULL)
					g_ptr_array_add(st, part);
			} else if (GMIME_IS_MULTIPART(part)) {
				for (i = g_mime_multipart_get_count(
				    GMIME_MULTIPART(part)) - 1; i >= 0; i--)
					g_ptr_array_add(st,
					    g_mime_multipart_get_part(
					    GMIME_MULTIPART(part), i));
			} else if (hides_link(part) && n++ == 0)
				*first = part_name(part);
		}
		g_object_unref(msg);
	}
	g_ptr_array_free(st, TRUE);
	g_object_unref(parser);
	g_object_unref(stream);
	return n;
}

/* The parts not text so far, and the name of the first. */
uint64_t
mail_skipped(const struct mail *m, const char **first)
{
	*first = m->first_skipped;
	return m->skipped;
}

void
mail_close(struct mail *m)
{
	if (m == NULL)
		return;
	g_object_unref(m->parser);
	g_object_unref(m->stream);
	g_ptr_array_free(m->stack, TRUE);
	free_files(m);
	free(m->file);
	free(m->first_skipped);
	free(m);
}
