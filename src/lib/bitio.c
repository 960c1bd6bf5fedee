/*
 * bitio.c: a bit writer and a bit reader, most significant bit first,
 * and the truncated binary code for values drawn from 0..n-1.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gf.h"

void
bw_init(struct bitwriter *bw)
{
	memset(bw, 0, sizeof(*bw));
}

void
bw_free(struct bitwriter *bw)
{
	free(bw->buf);
	memset(bw, 0, sizeof(*bw));
}

static void
bw_byte(struct bitwriter *bw, uint8_t byte)
{
	size_t cap;

	if (bw->len == bw->cap) {
		cap = bw->cap < 16 ? 16 : bw->cap * 2;
		bw->buf = xreallocarray(bw->buf, cap, 1);
		bw->cap = cap;
	}
	bw->buf[bw->len++] = byte;
}

/* Write the low nbits (0..32) of value. */
void
bw_put(struct bitwriter *bw, uint32_t value, unsigned int nbits)
{
	if (nbits == 0)
		return;
	if (nbits < 32)
		value &= ((uint32_t)1 << nbits) - 1;
	bw->acc = bw->acc << nbits | value;
	bw->nacc += nbits;
	bw->nbits += nbits;
	while (bw->nacc >= 8) {
		bw->nacc -= 8;
		bw_byte(bw, (uint8_t)(bw->acc >> bw->nacc));
	}
}

/* k = floor(log2 n) and u = 2^(k+1) - n, the values that take k bits. */
static void
truncbin_params(uint32_t n, unsigned int *k, uint32_t *u)
{
	*k = 0;
	while (((uint64_t)1 << (*k + 1)) <= n)
		(*k)++;
	*u = (uint32_t)(((uint64_t)1 << (*k + 1)) - n);
}

/* Write value, one of 0..n-1, in the truncated binary code for n. */
void
bw_put_truncbin(struct bitwriter *bw, uint32_t value, uint32_t n)
{
	unsigned int k;
	uint32_t u;

	if (n <= 1)
		return;
	truncbin_params(n, &k, &u);
	if (value < u)
		bw_put(bw, value, k);
	else
		bw_put(bw, value + u, k + 1);
}

/* Pad the last byte with zero bits. */
void
bw_flush(struct bitwriter *bw)
{
	if (bw->nacc > 0) {
		bw_byte(bw, (uint8_t)(bw->acc << (8 - bw->nacc)));
		bw->nacc = 0;
	}
}

void
br_init(struct bitreader *br, const uint8_t *buf, size_t len)
{
	br->buf = buf;
	br->len = len;
	br->pos = 0;
}

/* Read nbits (0..32) into *value.  Returns -1 past the end, else 0. */
int
br_get(struct bitreader *br, unsigned int nbits, uint32_t *value)
{
	uint32_t v = 0;
	unsigned int i;
	size_t byte;

	if (nbits > br_left(br))
		return -1;
	for (i = 0; i < nbits; i++) {
		byte = br->pos >> 3;
		v = v << 1 | ((br->buf[byte] >> (7 - (br->pos & 7))) & 1);
		br->pos++;
	}
	*value = v;
	return 0;
}

int
br_get_truncbin(struct bitreader *br, uint32_t n, uint32_t *value)
{
	unsigned int k;
	uint32_t u, v, bit;

	if (n <= 1) {
		*value = 0;
		return 0;
	}
	truncbin_params(n, &k, &u);
	if (br_get(br, k, &v) == -1)
		return -1;
	if (v >= u) {
		if (br_get(br, 1, &bit) == -1)
			return -1;
		v = (v << 1 | bit) - u;
	}
	*value = v;
	return 0;
}

size_t
br_left(const struct bitreader *br)
{
	return br->len * 8 - br->pos;
}

uint32_t
le32_get(const unsigned char *p)
{
	return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void
le32_put(unsigned char *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8 & 0xff;
	p[2] = v >> 16 & 0xff;
	p[3] = v >> 24 & 0xff;
}
