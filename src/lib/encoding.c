/*
 * encoding.c: text in the encodings Chinese files come in, made UTF-8.
 *
 * The conversion is glibc's iconv.  Which encoding a file is in is told
 * by what it says, not by whether it decodes: a Big5 file decodes
 * without error as GB18030 too, into nonsense.  So each candidate
 * decoding is scored by how many common characters of the text's
 * subject it holds, and one that clearly beats the other wins.  The
 * other way, encoding_writer turns a filter's UTF-8 output back into
 * the wide encoding its input came in.
 */

#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <err.h>

#include "gf.h"

#define SAMPLE_MAX	(256 * 1024)	/* bytes scored for detection */
#define MIN_EVIDENCE	2		/* common characters to tell by */
#define WIDE_CHARS	4		/* ASCII characters that tell UTF-16 */
#define WIDE_ASCII	2		/* or that do, among others */

/*
 * Characters that Xiangqi records are full of, in both scripts: the
 * pieces, the directions, the results, the usual words of a header.
 * A wrong decoding yields them rarely.
 */
static const char *const common_chars[] = {
	"進", "进", "退", "平", "車", "车", "馬", "马", "炮", "砲", "兵",
	"卒", "帥", "帅", "將", "将", "仕", "士", "相", "象", "傌", "俥",
	"前", "後", "后", "紅", "红", "黑", "勝", "胜", "負", "负", "和",
	"局", "先", "對", "对", "賽", "赛", "棋", "中", "國", "国", "一",
	"二", "三", "四", "五", "六", "七", "八", "九", "第", "年", "月",
	"日", "杯", "全", "大", "的", "是", "了", "不", "在"
};

static size_t	 score(const char *, size_t);
static char	*convert(const char *, size_t, const char *, const char *,
		    size_t *);

/* Is s valid UTF-8 (ASCII included)? */
int
utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	unsigned int c;
	int n;

	while (p < end) {
		c = *p++;
		if (c < 0x80)
			continue;
		if (c >= 0xc2 && c <= 0xdf)
			n = 1;
		else if (c >= 0xe0 && c <= 0xef)
			n = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 3;
		else
			return 0;
		if (end - p < n)
			return 0;
		for (; n > 0; n--)
			if ((*p++ & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

/* How many common characters UTF-8 text s holds. */
static size_t
score(const char *s, size_t len)
{
	size_t i, n = 0;
	const char *p, *end = s + len;

	for (p = s; p + 3 <= end; p++) {
		if ((unsigned char)*p < 0xe0)
			continue;
		for (i = 0; i < sizeof(common_chars) /
		    sizeof(common_chars[0]); i++)
			if (memcmp(p, common_chars[i], 3) == 0) {
				n++;
				break;
			}
		p += 2;
	}
	return n;
}

/*
 * s converted from the encoding to UTF-8, NUL-terminated, or NULL with
 * errno set (EILSEQ or EINVAL: not text in that encoding).
 */
static char *
convert(const char *s, size_t len, const char *to, const char *from,
    size_t *outlen)
{
	iconv_t cd;
	char *out, *in, *o;
	size_t cap, inleft, oleft, done;
	int saved;

	if ((cd = iconv_open(to, from)) == (iconv_t)-1)
		return NULL;
	if (len > (SIZE_MAX - 16) / 2)
		errx(GF_EXIT_ERROR, "text too large to convert");
	cap = len * 2 + 16;
	out = xmalloc(cap);
	in = (char *)s;
	inleft = len;
	o = out;
	oleft = cap - 1;
	while (inleft > 0) {
		if (iconv(cd, &in, &inleft, &o, &oleft) != (size_t)-1)
			continue;
		if (errno != E2BIG) {
			saved = errno;
			iconv_close(cd);
			free(out);
			errno = saved;
			return NULL;
		}
		done = o - out;
		if (cap > SIZE_MAX / 2)
			errx(GF_EXIT_ERROR, "text too large to convert");
		cap *= 2;
		out = xreallocarray(out, cap, 1);
		o = out + done;
		oleft = cap - 1 - done;
	}
	iconv_close(cd);
	*o = '\0';
	*outlen = o - out;
	return out;
}

const char *
detect_encoding(const char *s, size_t len, const char **why)
{
	char *gb, *big5;
	size_t n, sample, gbscore = 0, big5score = 0;
	int gbok, big5ok;

	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		return "UTF-8";
	if (utf8_valid(s, len))
		return "UTF-8";
	sample = len < SAMPLE_MAX ? len : SAMPLE_MAX;
	/* A sample may cut a character in two: leave the last bytes out. */
	if (sample < len)
		while (sample > 0 && (unsigned char)s[sample - 1] >= 0x80)
			sample--;
	gb = convert(s, sample, "UTF-8", "GB18030", &n);
	if ((gbok = gb != NULL))
		gbscore = score(gb, n);
	big5 = convert(s, sample, "UTF-8", "CP950", &n);
	if ((big5ok = big5 != NULL))
		big5score = score(big5, n);
	free(gb);
	free(big5);
	if (!gbok && !big5ok) {
		*why = "neither UTF-8, GB18030 nor Big5";
		return NULL;
	}
	/*
	 * The winner must hold twice the other's common characters, and a
	 * few of them when both decode: one character is no evidence.
	 */
	if (gbok && gbscore > 2 * big5score &&
	    (!big5ok || gbscore >= MIN_EVIDENCE))
		return "GB18030";
	if (big5ok && big5score > 2 * gbscore &&
	    (!gbok || big5score >= MIN_EVIDENCE))
		return "BIG5";
	*why = "cannot tell GB18030 from Big5 by its text (say it with -E)";
	return NULL;
}

char *
text_to_utf8(const char *s, size_t len, const char *encoding,
    size_t *outlen, const char **why)
{
	char *out;

	if (strcasecmp(encoding, "UTF-8") == 0 ||
	    strcasecmp(encoding, "UTF8") == 0) {
		if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			len -= 3;
		}
		if (!utf8_valid(s, len)) {
			*why = "not valid UTF-8";
			return NULL;
		}
		out = xmalloc(len + 1);
		memcpy(out, s, len);
		out[len] = '\0';
		*outlen = len;
		return out;
	}
	/* Big5 as Windows writes it, with its extensions. */
	if (strcasecmp(encoding, "BIG5") == 0)
		encoding = "CP950";
	if ((out = convert(s, len, "UTF-8", encoding, outlen)) == NULL)
		*why = "not text in that encoding";
	return out;
}

int
encoding_known(const char *encoding)
{
	iconv_t cd;

	if ((cd = iconv_open("UTF-8", encoding)) == (iconv_t)-1)
		return 0;
	iconv_close(cd);
	return 1;
}

/* UTF-8 text in another encoding, as text_to_utf8 the other way. */
char *
text_from_utf8(const char *s, size_t len, const char *encoding,
    size_t *outlen, const char **why)
{
	char *out;

	if ((out = convert(s, len, encoding, "UTF-8", outlen)) == NULL)
		*why = "a character the encoding does not have";
	return out;
}

/*
 * Is the encoding one in which ASCII is not ASCII (UTF-16, UTF-32)?  Its
 * lines cannot be told apart before the text is converted.
 */
int
encoding_is_wide(const char *enc)
{
	return strncasecmp(enc, "UTF-16", 6) == 0 ||
	    strncasecmp(enc, "UTF16", 5) == 0 ||
	    strncasecmp(enc, "UTF-32", 6) == 0 ||
	    strncasecmp(enc, "UTF32", 5) == 0 ||
	    strncasecmp(enc, "UCS-2", 5) == 0 ||
	    strncasecmp(enc, "UCS-4", 5) == 0;
}

/*
 * Does the text begin with a UTF-16 byte order mark, as Windows Notepad
 * and the "Unicode Text" of spreadsheets write it?
 */
int
has_utf16_bom(const char *s, size_t len)
{
	return len >= 2 && ((s[0] == '\xff' && s[1] == '\xfe') ||
	    (s[0] == '\xfe' && s[1] == '\xff'));
}

/*
 * The ASCII characters of a line read as UTF-16 (k 2) or UTF-32 (k 4)
 * in a byte order (be: big-endian), or -1 if a character of it is not
 * one a line of text holds: a control character other than a tab or a
 * CR, a surrogate not in a pair, a code past U+10FFFF, U+FFFE or
 * U+FFFF.  Bytes left after the last whole character must be NULs: they
 * begin the newline of big-endian text that the line was cut before.
 */
static int
wide_ascii(const unsigned char *s, size_t len, size_t k, int be)
{
	size_t i, j, n = len / k * k;
	uint32_t c, lo;
	int ascii = 0;

	for (i = n; i < len; i++)
		if (s[i] != 0)
			return -1;
	for (i = 0; i < n; i += k) {
		for (c = 0, j = 0; j < k; j++)
			c |= (uint32_t)s[i + j] << 8 * (be ? k - 1 - j : j);
		if (k == 2 && c >= 0xd800 && c < 0xdc00 && i + 2 < n) {
			lo = be ? (uint32_t)s[i + 2] << 8 | s[i + 3] :
			    (uint32_t)s[i + 3] << 8 | s[i + 2];
			if (lo < 0xdc00 || lo >= 0xe000)
				return -1;
			i += 2;
			continue;
		}
		if ((c < 0x20 && c != '\t' && c != '\r') ||
		    (c >= 0x7f && c < 0xa0) || (c >= 0xd800 && c < 0xe000) ||
		    c == 0xfffe || c == 0xffff || c > 0x10ffff)
			return -1;
		ascii += c < 0x7f;
	}
	return ascii;
}

/*
 * The encoding of a line in UTF-16 or UTF-32 with no byte order mark:
 * NULs beside each ASCII character, which no text of lines has.  Taken
 * 2 or 4 bytes at a time, its first WIDE_CHARS characters (or all, if
 * it has fewer, but 2 at least) are printable ASCII (or a tab or CR) in
 * the last byte and NULs in the others ("UTF-16BE", "UTF-32BE"), or the
 * same from the first byte ("UTF-16LE", "UTF-32LE"); what follows them
 * is not looked at, so a line of Chinese after `[Event "` is UTF-16 all
 * the same.  A line that does not open so (a line of Chinese moves) is
 * told by the whole line, if it has a NUL.  UTF-32: read in one byte
 * order, 2 characters or more, each one a text holds (see wide_ascii);
 * read in the other, a character that is not (a code past U+10FFFF, as
 * a NUL character is in UTF-16).  UTF-16: read in one byte order, each
 * character one a text holds and WIDE_ASCII or more ASCII; read in the
 * other, a character that is not, or a quarter as many ASCII at most
 * (a Chinese character such as U+4E00 reads as ASCII the other way).
 * NULL for any other line, and for one that could be either.
 */
const char *
wide_unmarked(const char *s, size_t len)
{
	static const char *const name[2][2] = {
		{ "UTF-16LE", "UTF-16BE" }, { "UTF-32LE", "UTF-32BE" }
	};
	const unsigned char *u = (const unsigned char *)s;
	size_t n, k;
	int wide, be, a[2];

	/* The first characters, every one of them ASCII. */
	for (wide = 1; wide >= 0; wide--) {
		k = wide ? 4 : 2;
		n = len / k < WIDE_CHARS ? len / k * k : WIDE_CHARS * k;
		for (be = 0; be < 2; be++)
			if (n >= 2 * k && wide_ascii(u, n, k, be) == (int)(n / k))
				return name[wide][be];
	}
	if (memchr(s, '\0', len) == NULL)
		return NULL;
	for (wide = 1; wide >= 0; wide--) {
		k = wide ? 4 : 2;
		for (be = 0; be < 2; be++)
			a[be] = wide_ascii(u, len, k, be);
		for (be = 0; be < 2; be++)
			if (wide ? a[be] >= 0 && a[!be] < 0 && len >= 2 * k :
			    a[be] >= WIDE_ASCII && (a[!be] < 0 ||
			    4 * a[!be] <= a[be]))
				return name[wide][be];
	}
	return NULL;
}

/*
 * Are bytes text?  Not if a NUL stands in their first 4 kB, unless they
 * are UTF-16 or UTF-32 (by a byte order mark, or by the NULs of their
 * first line), which readers convert.
 */
int
text_bytes(const char *s, size_t len)
{
	const char *nl;
	size_t first;

	if (len == 0)
		return 1;
	first = (nl = memchr(s, '\n', len)) != NULL ? (size_t)(nl - s) : len;
	if (has_utf16_bom(s, len) || wide_unmarked(s, first) != NULL)
		return 1;
	return memchr(s, '\0', len < 4096 ? len : 4096) == NULL;
}

/*
 * A stream that writes UTF-8 text to another in a wide encoding, so
 * that a filter's output goes back in the encoding its input came in.
 * stdio hands the write function its buffer in pieces that may cut a
 * character in two: the bytes of a character not yet whole are kept
 * for the next piece.
 */
struct encoder {
	iconv_t		 cd;
	FILE		*to;
	char		 carry[8];	/* a character cut by a piece */
	size_t		 ncarry;
};

/* Convert n bytes of in and write them; -1 on a bad byte or write error. */
static int
encoder_put(struct encoder *e, const char *in, size_t n, size_t *used)
{
	char out[4096], *ip = (char *)in, *op;
	size_t ileft = n, oleft, rc;

	while (ileft > 0) {
		op = out;
		oleft = sizeof(out);
		rc = iconv(e->cd, &ip, &ileft, &op, &oleft);
		if (op > out && fwrite(out, 1, (size_t)(op - out), e->to) !=
		    (size_t)(op - out))
			return -1;
		if (rc != (size_t)-1 || errno == E2BIG)
			continue;
		if (errno != EINVAL)
			return -1;
		/* A character cut short: the rest comes with the next piece. */
		break;
	}
	*used = n - ileft;
	return 0;
}

static ssize_t
encoder_write(void *cookie, const char *buf, size_t n)
{
	struct encoder *e = cookie;
	size_t used, take, k;

	k = 0;
	/* First make whole the character the last piece cut. */
	while (e->ncarry > 0 && k < n) {
		e->carry[e->ncarry++] = buf[k++];
		if (encoder_put(e, e->carry, e->ncarry, &used) == -1)
			return -1;
		if (used == e->ncarry)
			e->ncarry = 0;
		else if (e->ncarry == sizeof(e->carry)) {
			errno = EILSEQ;
			return -1;
		}
	}
	if (encoder_put(e, buf + k, n - k, &used) == -1)
		return -1;
	take = n - k - used;
	if (take > sizeof(e->carry) - 1) {
		errno = EILSEQ;
		return -1;
	}
	memcpy(e->carry + e->ncarry, buf + k + used, take);
	e->ncarry += take;
	return (ssize_t)n;
}

static int
encoder_close(void *cookie)
{
	struct encoder *e = cookie;
	int rv = 0;

	if (e->ncarry > 0) {
		errno = EILSEQ;
		rv = -1;
	}
	iconv_close(e->cd);
	free(e);
	return rv;
}

/*
 * A stream writing to `to` in the encoding, which begins with the byte
 * order mark (U+FEFF) written at once if bom is set; NULL if iconv does
 * not know the encoding.  Closing it flushes it but leaves `to` open.
 */
FILE *
encoding_writer(FILE *to, const char *encoding, int bom)
{
	static const cookie_io_functions_t io = { NULL, encoder_write, NULL,
	    encoder_close };
	struct encoder *e;
	size_t used;
	FILE *fp;

	e = xmalloc(sizeof(*e));
	memset(e, 0, sizeof(*e));
	e->to = to;
	/* Big5 as text_to_utf8 reads it. */
	if (strcasecmp(encoding, "BIG5") == 0)
		encoding = "CP950";
	if ((e->cd = iconv_open(encoding, "UTF-8")) == (iconv_t)-1) {
		free(e);
		return NULL;
	}
	if ((bom && encoder_put(e, "\xef\xbb\xbf", 3, &used) == -1) ||
	    (fp = fopencookie(e, "w", io)) == NULL) {
		iconv_close(e->cd);
		free(e);
		return NULL;
	}
	return fp;
}
