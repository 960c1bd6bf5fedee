/*
 * xqf-to-cbr.c: turn a plain XQF file (version 0x0A, as xq-bitpack -f
 * xqf writes it) into a CBR record of CC Bridge, so that the tests read
 * CBR files made by the project.
 *
 *	xqf-to-cbr [-b] < game.xqf > game.cbr
 *
 * -b says Black moves first (XQF does not say; Red by default).  It is
 * written from the layout in xq-bitpack(1), not from the reader: the
 * header's strings, result, side, move number and board, then the tree
 * in the same depth-first order as XQF's, with the flags and squares of
 * CBR and the comments in UTF-16LE.  The bytes CBR leaves free, and
 * those after the NUL that ends a string, are filled with 0xcd, as
 * CC Bridge leaves whatever its memory held there, so that a reader
 * that looks at them is caught.  The strings XQF has not (round, teams,
 * annotator) are written empty.
 */

#include "config.h"

#include <err.h>
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gf.h"

#define XQF_HEADER	0x400
#define CBR_HEADER	2214

/* The CBR kind of each XQF slot: R N B A K A B N R C C P P P P P. */
static const uint8_t slot_kind[16] = {
	1, 2, 3, 4, 5, 4, 3, 2, 1, 6, 6, 7, 7, 7, 7, 7
};

static __dead void usage(void);
static size_t	 to_utf16(const char *, size_t, char *, size_t);
static uint8_t	 square(uint8_t);

static __dead void
usage(void)
{
	fprintf(stderr, "usage: xqf-to-cbr [-b] < plain.xqf > game.cbr\n");
	exit(GF_EXIT_ERROR);
}

/* GBK text as UTF-16LE into at most max bytes; the bytes written. */
static size_t
to_utf16(const char *s, size_t len, char *out, size_t max)
{
	iconv_t cd;
	char *in = (char *)s, *o = out;
	size_t left = max;

	if ((cd = iconv_open("UTF-16LE", "GB18030")) == (iconv_t)-1)
		err(GF_EXIT_ERROR, "iconv_open");
	/* Text that does not fit is cut (E2BIG), as the fields cut it. */
	if (iconv(cd, &in, &len, &o, &left) == (size_t)-1 && errno != E2BIG)
		errx(GF_EXIT_BAD, "text not in GB18030");
	iconv_close(cd);
	return max - left;
}

/* A CBR square (row from the top times 9, plus file) of an XQF one. */
static uint8_t
square(uint8_t v)
{
	return (uint8_t)((9 - v % 10) * 9 + v / 10);
}

int
main(int argc, char *argv[])
{
	static const struct {
		size_t	xqf, cbr, size;
	} strings[] = {
		{ 0x50, 180, 128 }, { 0xd0, 692, 64 }, { 0x110, 884, 64 },
		{ 0x120, 948, 64 }, { 0x130, 1076, 64 }, { 0x140, 1300, 64 }
	};
	static const size_t empty[] = { 756, 1140, 1364, 1652 };
	/* Static, so that a leak check finds them when a check exits. */
	static unsigned char *x, *out;
	unsigned char h[CBR_HEADER], rec[4];
	char *text;
	size_t n, at, i, tlen, cap;
	uint32_t clen;
	int ch, black = 0, root = 1;

	while ((ch = getopt(argc, argv, "b")) != -1)
		if (ch == 'b')
			black = 1;
		else
			usage();
	if (optind != argc)
		usage();
	if ((x = read_all(stdin, &n)) == NULL)
		err(GF_EXIT_ERROR, "stdin");
	if (n < XQF_HEADER + 8 || x[0] != 'X' || x[1] != 'Q' || x[2] != 0x0a)
		errx(GF_EXIT_BAD, "not a plain XQF file (version 0x0A)");

	memset(h, 0xcd, sizeof(h));
	memcpy(h, "CCBridge Record", 16);
	h[19] = 2;
	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++) {
		tlen = to_utf16((const char *)x + strings[i].xqf + 1,
		    x[strings[i].xqf], (char *)h + strings[i].cbr,
		    strings[i].size - 2);
		memset(h + strings[i].cbr + tlen, 0, 2);
	}
	for (i = 0; i < sizeof(empty) / sizeof(empty[0]); i++)
		memset(h + empty[i], 0, 2);
	h[2076] = x[0x33];
	h[2112] = black ? 2 : 1;
	h[2116] = 1;
	h[2117] = 0;
	memset(h + 2120, 0, 90);
	for (i = 0; i < 32; i++)
		if (x[0x10 + i] < 90)
			h[2120 + square(x[0x10 + i])] = (uint8_t)(slot_kind[i %
			    16] | (i < 16 ? 0x10 : 0x20));
	if (fwrite(h, 1, sizeof(h), stdout) != sizeof(h))
		err(GF_EXIT_ERROR, "stdout");

	/* The records: XQF's order, CBR's flags, squares and comments. */
	for (at = XQF_HEADER; at + 8 <= n; root = 0) {
		clen = le32_get(x + at + 4);
		if (clen > n - at - 8)
			errx(GF_EXIT_BAD, "comment past the end");
		rec[0] = (uint8_t)((x[at + 2] & 0xf0 ? 0 : 1) |
		    (x[at + 2] & 0x0f ? 2 : 0) | (clen > 0 ? 4 : 0));
		rec[1] = 0;
		rec[2] = root ? 0 : square((uint8_t)(x[at] - 0x18));
		rec[3] = root ? 0 : square((uint8_t)(x[at + 1] - 0x20));
		fwrite(rec, 1, 4, stdout);
		if (clen > 0) {
			cap = 4 * (size_t)clen + 4;
			out = xmalloc(cap);
			text = (char *)out + 4;
			tlen = to_utf16((const char *)x + at + 8, clen, text,
			    cap - 4);
			le32_put(out, (uint32_t)tlen);
			fwrite(out, 1, 4 + tlen, stdout);
			free(out);
		}
		at += 8 + clen;
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(GF_EXIT_ERROR, "stdout");
	free(x);
	return GF_EXIT_OK;
}
