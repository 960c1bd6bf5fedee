/* fuzz-sources: src/bchess/mail.c src/bchess/forward.c */
/*
 * bchess-pack-mail.c: libFuzzer harness for the reader of mail.  Any
 * input is told as mail or not by its first bytes, as bchess-pack tells
 * it, and is then read as mail all the same (an mbox if its first byte
 * is 'F'), message by message, without a crash, a leak, or a message's
 * text past the limit, not ending in a line end, or holding a NUL.
 */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct linereader lr;
	struct strbuf text = { NULL, 0, 0 };
	struct mail *m;
	const char *first;
	char why[256], *copy, *hidden;
	size_t n;
	int kind, rv;

	/* Telling mail never reads past what it is given. */
	for (n = 0; n <= size && n < 512; n++)
		if ((kind = mail_starts((const char *)data, n)) < MAIL_MORE ||
		    kind > MAIL_MBOX)
			abort();
	kind = mail_starts((const char *)data, size);
	if (kind == MAIL_MORE || kind == 0)
		kind = size > 0 && data[0] == 'F' ? MAIL_MBOX : MAIL_MESSAGE;
	copy = xmalloc(size + 1);
	memcpy(copy, data, size);
	lr_attach_text(&lr, copy, size, "fuzz");
	m = mail_open(&lr, kind);
	while ((rv = mail_next(m, &text, why, sizeof(why))) == 1) {
		if (text.len > BOOK_TEXT_MAX ||
		    (text.len > 0 && text.s[text.len - 1] != '\n') ||
		    (text.len > 0 && strlen(text.s) != text.len))
			abort();
	}
	if (rv == -1 && why[0] == '\0')
		abort();
	mail_skipped(m, &first);
	mail_close(m);
	/* What -w reports of the same mail: the parts in base64 with links. */
	if (mail_hidden_links((const char *)data, size, kind, &hidden) > 0 &&
	    hidden == NULL)
		abort();
	free(hidden);
	sb_free(&text);
	lr_close(&lr);
	return 0;
}
