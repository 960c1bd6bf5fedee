/* fuzz-sources: src/bchess/mail.c src/bchess/forward.c */
/*
 * bchess-pack-mail.c: libFuzzer harness for the reader of mail.  Any
 * input is told as mail or not by its first bytes, as bchess-pack tells
 * it, and is then read as mail all the same (an mbox if its first byte
 * is 'F'), message by message, without a crash, a leak, or a message's
 * text past the limit, not ending in a line end, or holding a NUL; and
 * read again as from a pipe (forward.c, no seek), to the same messages.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * Every message of the mail in data, as mail_next gives it, into all,
 * each text after its length; its first lines read ahead, and the rest
 * read forward only, as from a pipe, if piped.  Returns mail_next's last
 * value.
 */
static int
read_messages(const uint8_t *data, size_t size, int kind, int piped,
    struct strbuf *all)
{
	struct linereader lr;
	struct strbuf text = { NULL, 0, 0 };
	struct mail *m;
	const char *first;
	char why[256], *copy, head[32];
	size_t n;
	int rv;

	copy = xmalloc(size + 1);
	memcpy(copy, data, size);
	lr_attach_text(&lr, copy, size, "fuzz");
	lr.piped = piped;
	/* bchess-pack reads ahead some lines to tell mail, and so here. */
	(void)lr_peek(&lr, MAIL_PEEK_MAX, 1 + size % 5, &n);
	m = mail_open(&lr, kind);
	while ((rv = mail_next(m, &text, why, sizeof(why))) == 1) {
		if (text.len > BOOK_TEXT_MAX ||
		    (text.len > 0 && text.s[text.len - 1] != '\n') ||
		    (text.len > 0 && strlen(text.s) != text.len))
			abort();
		snprintf(head, sizeof(head), "%zu:", text.len);
		sb_add(all, head, strlen(head));
		sb_add(all, text.s, text.len);
	}
	if (rv == -1 && why[0] == '\0')
		abort();
	mail_skipped(m, &first);
	mail_close(m);
	sb_free(&text);
	if (lr_close(&lr) == -1)
		abort();
	return rv;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf seek = { NULL, 0, 0 }, forward = { NULL, 0, 0 };
	char *hidden;
	size_t n;
	int kind;

	/* Telling mail never reads past what it is given. */
	for (n = 0; n <= size && n < 512; n++)
		if ((kind = mail_starts((const char *)data, n)) < MAIL_MORE ||
		    kind > MAIL_MBOX)
			abort();
	kind = mail_starts((const char *)data, size);
	if (kind == MAIL_MORE || kind == 0)
		kind = size > 0 && data[0] == 'F' ? MAIL_MBOX : MAIL_MESSAGE;
	/* Read forward, as from a pipe, the same messages come out. */
	if (read_messages(data, size, kind, 0, &seek) !=
	    read_messages(data, size, kind, 1, &forward) ||
	    seek.len != forward.len ||
	    (seek.len > 0 && memcmp(seek.s, forward.s, seek.len) != 0))
		abort();
	sb_free(&seek);
	sb_free(&forward);
	/* What -w reports of the same mail: the parts in base64 with links. */
	if (mail_hidden_links((const char *)data, size, kind, &hidden) > 0 &&
	    hidden == NULL)
		abort();
	free(hidden);
	return 0;
}
