/*
 * strbuf.c: a string that grows as it is appended to, always ended by a
 * NUL so that it can be handed on as a C string.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

/* Append n bytes of s. */
void
sb_add(struct strbuf *sb, const char *s, size_t n)
{
	size_t need;

	if (n > SIZE_MAX - 1 - sb->len)
		errx(GF_EXIT_ERROR, "string too long");
	need = sb->len + n + 1;
	if (need > sb->cap) {
		sb->cap = sb->cap > SIZE_MAX / 2 ? SIZE_MAX : sb->cap * 2;
		if (sb->cap < need)
			sb->cap = need < 256 ? 256 : need;
		sb->s = xreallocarray(sb->s, sb->cap, 1);
	}
	if (n > 0)
		memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

/* Append one byte. */
void
sb_addc(struct strbuf *sb, char c)
{
	sb_add(sb, &c, 1);
}

/* Empty it, keeping its room. */
void
sb_clear(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->s != NULL)
		sb->s[0] = '\0';
}

/* Free it, leaving it empty. */
void
sb_free(struct strbuf *sb)
{
	free(sb->s);
	memset(sb, 0, sizeof(*sb));
}
