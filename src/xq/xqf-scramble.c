/*
 * xqf-scramble.c: turn a plain XQF file (version 0x0A, as xq-bitpack -f
 * xqf writes it) into an obfuscated one of version 0x12, with the keys
 * given, so that the tests read a disguised file made by the project.
 *
 *	xqf-scramble KEYS < plain.xqf > scrambled.xqf
 *	xqf-scramble -n < scrambled.xqf > normal
 *
 * KEYS is 18 hex digits: header byte 3 (the mask), then bytes 8 to 0x0F.
 * It is written from the layout in xq-bitpack(1), not from the reader.
 * -n undoes the byte mask of a version 0x12 file and clears what the
 * format leaves free (the low five bits of the flags, the spare byte,
 * the root's squares; the order of the pieces of one kind), so that
 * bench/xq-files.sh can check it against XQStudio's own files: what
 * xq-bitpack reads of them, scrambled again with their keys, must
 * normalise to the same bytes as they do.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

#define HEADER	0x400

static const char copyright[] = "[(C) Copyright Mr. Dong Shiwei.]";

static __dead void usage(void);
static int	 hex_keys(const char *, uint8_t *);
static uint8_t	 g(uint8_t);
static void	 set_mask(const unsigned char *, uint8_t *);
static void	 normalise(unsigned char *, size_t);
static int	 by_byte(const void *, const void *);

static __dead void
usage(void)
{
	fprintf(stderr, "usage: xqf-scramble KEYS < plain.xqf > out.xqf\n"
	    "       xqf-scramble -n < scrambled.xqf > normal\n");
	exit(GF_EXIT_ERROR);
}

/* The 9 key bytes of 18 hex digits; -1 if they are not that. */
static int
hex_keys(const char *s, uint8_t *k)
{
	unsigned int v;
	int i;

	if (strlen(s) != 18)
		return -1;
	for (i = 0; i < 9; i++) {
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		k[i] = (uint8_t)v;
	}
	return 0;
}

static uint8_t
g(uint8_t k)
{
	return (uint8_t)(54 * k * k + 221);
}

/* What is added to byte i (mod 32) from 0x400 on, from the header. */
static void
set_mask(const unsigned char *h, uint8_t *mask)
{
	uint8_t f[4];
	int i;

	for (i = 0; i < 4; i++)
		f[i] = (h[0x0c + i] & h[3]) | h[8 + i];
	for (i = 0; i < 32; i++)
		mask[i] = (uint8_t)copyright[i] & f[i % 4];
}

static int
by_byte(const void *a, const void *b)
{
	return *(const uint8_t *)a - *(const uint8_t *)b;
}

/* An obfuscated file in place, in the normal form of -n. */
static void
normalise(unsigned char *b, size_t n)
{
	static const int same_kind[][2] = {
		{ 0, 8 }, { 1, 7 }, { 2, 6 }, { 3, 5 }, { 9, 10 }
	};
	uint8_t mask[32], piece[32], xyp, pair[2];
	uint32_t ckey, len;
	size_t i, at, side, k;

	if (n < HEADER || b[0] != 'X' || b[1] != 'Q' || b[2] != 0x12)
		errx(GF_EXIT_ERROR, "not an XQF file of version 0x12");
	set_mask(b, mask);
	for (i = HEADER; i < n; i++)
		b[i] = (uint8_t)(b[i] - mask[i % 32]);
	xyp = (uint8_t)(g(b[0x0d]) * b[0x0d]);
	for (i = 0; i < 32; i++)
		piece[(xyp + 1 + i) % 32] = (uint8_t)(b[0x10 + i] - xyp) < 90 ?
		    (uint8_t)(b[0x10 + i] - xyp) : 0xff;
	for (side = 0; side < 32; side += 16) {
		for (k = 0; k < 5; k++) {
			pair[0] = piece[side + same_kind[k][0]];
			pair[1] = piece[side + same_kind[k][1]];
			qsort(pair, 2, 1, by_byte);
			piece[side + same_kind[k][0]] = pair[0];
			piece[side + same_kind[k][1]] = pair[1];
		}
		qsort(piece + side + 11, 5, 1, by_byte);
	}
	memcpy(b + 0x10, piece, 32);
	ckey = (b[0x0c] * 256 + b[0x0d]) % 32000 + 767;
	for (at = HEADER; at + 4 <= n; ) {
		if (at == HEADER)
			b[at] = b[at + 1] = 0;
		b[at + 2] &= 0xe0;
		b[at + 3] = 0;
		at += 4;
		if (!(b[at - 2] & 0x20))
			continue;
		if (n - at < 4)
			break;
		len = le32_get(b + at) - ckey;
		at += 4;
		if (len > n - at)
			break;
		at += len;
	}
}

int
main(int argc, char *argv[])
{
	/* Static, so that a leak check finds them when a check exits. */
	static unsigned char *in, *out;
	uint8_t k[9], xyp, xyf, xyt, mask[32];
	uint32_t ckey, len;
	size_t n, at, o, i;
	int slot;

	if (argc == 2 && strcmp(argv[1], "-n") == 0) {
		if ((in = read_all(stdin, &n)) == NULL)
			err(GF_EXIT_ERROR, "stdin");
		normalise(in, n);
		if (fwrite(in, 1, n, stdout) != n || fflush(stdout) == EOF)
			err(GF_EXIT_ERROR, "stdout");
		free(in);
		return 0;
	}
	if (argc != 2 || hex_keys(argv[1], k) == -1)
		usage();
	if ((in = read_all(stdin, &n)) == NULL)
		err(GF_EXIT_ERROR, "stdin");
	if (n < HEADER || in[0] != 'X' || in[1] != 'Q' || in[2] != 0x0a)
		errx(GF_EXIT_ERROR, "not a plain XQF file (version 0x0a)");
	/* A comment gains no bytes; records only lose their length. */
	out = xmalloc(n);
	memcpy(out, in, HEADER);
	out[2] = 0x12;
	out[3] = k[0];
	memcpy(out + 8, k + 1, 8);

	xyp = (uint8_t)(g(out[0x0d]) * out[0x0d]);
	xyf = (uint8_t)(g(out[0x0e]) * xyp);
	xyt = (uint8_t)(g(out[0x0f]) * xyf);
	ckey = (out[0x0c] * 256 + out[0x0d]) % 32000 + 767;
	set_mask(out, mask);

	/* Piece byte i holds slot (xyp + 1 + i) mod 32, plus xyp. */
	for (i = 0; i < 32; i++) {
		slot = (xyp + 1 + (int)i) % 32;
		out[0x10 + i] = (uint8_t)(in[0x10 + slot] + xyp);
	}

	/* The records: squares keyed, new flags, a comment only if any. */
	for (at = o = HEADER; at < n; ) {
		if (n - at < 8)
			errx(GF_EXIT_ERROR, "plain XQF cut inside a record");
		len = le32_get(in + at + 4);
		if (len > n - at - 8)
			errx(GF_EXIT_ERROR, "plain XQF cut inside a comment");
		out[o] = (uint8_t)(in[at] + xyf);
		out[o + 1] = (uint8_t)(in[at + 1] + xyt);
		out[o + 2] = (in[at + 2] & 0xf0 ? 0x80 : 0) |
		    (in[at + 2] & 0x0f ? 0x40 : 0) | (len > 0 ? 0x20 : 0);
		out[o + 3] = 0;
		o += 4;
		if (len > 0) {
			le32_put(out + o, len + ckey);
			memcpy(out + o + 4, in + at + 8, len);
			o += 4 + len;
		}
		at += 8 + len;
	}
	for (i = HEADER; i < o; i++)
		out[i] = (uint8_t)(out[i] + mask[i % 32]);
	if (fwrite(out, 1, o, stdout) != o || fflush(stdout) == EOF)
		err(GF_EXIT_ERROR, "stdout");
	free(in);
	free(out);
	return 0;
}
