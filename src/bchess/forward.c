/*
 * forward.c: a GMime stream that reads a stdio stream forward from where
 * it stands and never seeks, for mail that comes down a pipe.  GMime's
 * own file stream seeks before each read, which a pipe cannot do, so
 * mail from a pipe was read whole into memory first; a mailbox of some
 * gigabytes (zcat of a compressed one) took twice its size.  Read forward,
 * it takes the parser's buffer.  A seek is granted only to where the
 * stream already is (a stream of streams asks for that before each read);
 * anything else fails as a pipe's would.  A read error is reported by
 * the line reader the stream came from (lr_read_ended), as for its own
 * reads; the stream then ends.
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>

#include <gmime/gmime.h>

#include "gf.h"
#include "bchess.h"

typedef struct {
	GMimeStream	 parent;
	struct linereader *lr;		/* whose stream lr_take gave */
	int		 ended;
} ForwardStream;

typedef struct {
	GMimeStreamClass parent_class;
} ForwardStreamClass;

G_DEFINE_TYPE(ForwardStream, forward_stream, GMIME_TYPE_STREAM)

static ssize_t
forward_read(GMimeStream *stream, char *buf, size_t len)
{
	ForwardStream *f = (ForwardStream *)stream;
	size_t n;

	if (f->ended || len == 0)
		return 0;
	n = fread(buf, 1, len, f->lr->fp);
	if (n == 0) {
		f->ended = 1;
		lr_read_ended(f->lr);
		return 0;
	}
	stream->position += (gint64)n;
	return (ssize_t)n;
}

static ssize_t
forward_write(GMimeStream *stream, const char *buf, size_t len)
{
	(void)stream;
	(void)buf;
	(void)len;
	errno = EBADF;
	return -1;
}

static int
forward_flush(GMimeStream *stream)
{
	(void)stream;
	return 0;
}

/* The caller closes the stdio stream. */
static int
forward_close(GMimeStream *stream)
{
	((ForwardStream *)stream)->ended = 1;
	return 0;
}

static gboolean
forward_eos(GMimeStream *stream)
{
	return ((ForwardStream *)stream)->ended;
}

static gint64
forward_seek(GMimeStream *stream, gint64 offset, GMimeSeekWhence whence)
{
	gint64 to;

	switch (whence) {
	case GMIME_STREAM_SEEK_SET:
		to = offset;
		break;
	case GMIME_STREAM_SEEK_CUR:
		to = stream->position + offset;
		break;
	default:
		to = -1;
		break;
	}
	if (to != stream->position) {
		errno = ESPIPE;
		return -1;
	}
	return to;
}

static int
forward_reset(GMimeStream *stream)
{
	return forward_seek(stream, 0, GMIME_STREAM_SEEK_SET) == -1 ? -1 : 0;
}

static gint64
forward_tell(GMimeStream *stream)
{
	return stream->position;
}

static gint64
forward_length(GMimeStream *stream)
{
	(void)stream;
	errno = ESPIPE;
	return -1;
}

static GMimeStream *
forward_substream(GMimeStream *stream, gint64 start, gint64 end)
{
	(void)stream;
	(void)start;
	(void)end;
	return NULL;
}

static void
forward_stream_class_init(ForwardStreamClass *klass)
{
	GMimeStreamClass *s = GMIME_STREAM_CLASS(klass);

	s->read = forward_read;
	s->write = forward_write;
	s->flush = forward_flush;
	s->close = forward_close;
	s->eos = forward_eos;
	s->reset = forward_reset;
	s->seek = forward_seek;
	s->tell = forward_tell;
	s->length = forward_length;
	s->substream = forward_substream;
}

/* GObject hands out the instance zeroed. */
static void
forward_stream_init(ForwardStream *f)
{
	(void)f;
}

/*
 * A stream of what the stream of lr (from lr_take) holds from where it
 * stands, read forward.  lr outlives the stream, and lr_close closes
 * its stream.
 */
GMimeStream *
forward_stream_new(struct linereader *lr)
{
	ForwardStream *f;

	f = g_object_new(forward_stream_get_type(), NULL);
	f->lr = lr;
	g_mime_stream_construct(GMIME_STREAM(f), 0, -1);
	return GMIME_STREAM(f);
}
