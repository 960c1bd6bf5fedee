/*
 * rangecoder.c: a byte-oriented range coder for symbols with given
 * frequencies (total at most RC_MAXTOTAL).
 *
 * The coder keeps a 32-bit range and a low end with a carry bit; bytes
 * that a carry might still change wait in a cache, as in LZMA.  Two
 * things keep the output short: the first byte, always zero, is never
 * written, and at the end the coder picks the number inside its interval
 * with the most trailing zero bits and drops trailing zero bytes, since
 * the decoder reads zeros past the end of its input.
 */

#include <stdint.h>
#include <stdlib.h>

#include "gf.h"

#define TOP	(1U << 24)

static void	 put_byte(struct rc_encoder *, uint8_t);
static void	 shift_low(struct rc_encoder *);
static uint8_t	 next_byte(struct rc_decoder *);

void
rc_enc_init(struct rc_encoder *rc)
{
	rc->buf = NULL;
	rc->len = rc->cap = 0;
	rc->low = 0;
	rc->range = UINT32_MAX;
	rc->cache = 0;
	rc->pending = 1;
	rc->first = 1;
}

void
rc_enc_free(struct rc_encoder *rc)
{
	free(rc->buf);
	rc->buf = NULL;
	rc->len = rc->cap = 0;
}

static void
put_byte(struct rc_encoder *rc, uint8_t b)
{
	if (rc->first) {
		/* The leading byte is zero by construction. */
		rc->first = 0;
		return;
	}
	if (rc->len == rc->cap) {
		rc->cap = rc->cap == 0 ? 64 : rc->cap;
		rc->buf = xreallocarray(rc->buf, rc->cap, 2);
		rc->cap *= 2;
	}
	rc->buf[rc->len++] = b;
}

/* Move the top byte of low out, resolving any carry into waiting bytes. */
static void
shift_low(struct rc_encoder *rc)
{
	uint8_t carry, b;

	if ((uint32_t)rc->low < 0xff000000U || (rc->low >> 32) != 0) {
		carry = (uint8_t)(rc->low >> 32);
		b = rc->cache;
		do {
			put_byte(rc, (uint8_t)(b + carry));
			b = 0xff;
		} while (--rc->pending != 0);
		rc->cache = (uint8_t)(rc->low >> 24);
	}
	rc->pending++;
	rc->low = (rc->low & 0x00ffffffU) << 8;
}

/* Code the symbol that owns [cum, cum + freq) of total. */
void
rc_encode(struct rc_encoder *rc, uint32_t cum, uint32_t freq, uint32_t total)
{
	uint32_t r = rc->range / total;

	rc->low += (uint64_t)r * cum;
	rc->range = r * freq;
	while (rc->range < TOP) {
		rc->range <<= 8;
		shift_low(rc);
	}
}

/* End the code; rc->buf and rc->len then hold it. */
void
rc_enc_finish(struct rc_encoder *rc)
{
	uint64_t hi = rc->low + rc->range - 1, v;
	int k, i;

	/* The number in [low, hi] with the most trailing zero bits. */
	for (k = 40; k > 0; k--) {
		v = hi >> k << k;
		if (v >= rc->low)
			break;
	}
	rc->low = hi >> k << k;
	for (i = 0; i < 5; i++)
		shift_low(rc);
	while (rc->len > 0 && rc->buf[rc->len - 1] == 0)
		rc->len--;
}

static uint8_t
next_byte(struct rc_decoder *rc)
{
	return rc->pos < rc->len ? rc->buf[rc->pos++] : (rc->pos++, 0);
}

void
rc_dec_init(struct rc_decoder *rc, const uint8_t *buf, size_t len)
{
	int i;

	rc->buf = buf;
	rc->len = len;
	rc->pos = 0;
	rc->range = UINT32_MAX;
	rc->code = 0;
	rc->r = 1;
	for (i = 0; i < 4; i++)
		rc->code = rc->code << 8 | next_byte(rc);
}

/* The cumulative count that the next symbol's interval holds. */
uint32_t
rc_decode_freq(struct rc_decoder *rc, uint32_t total)
{
	uint32_t v;

	rc->r = rc->range / total;
	v = rc->code / rc->r;
	return v < total ? v : total - 1;
}

/* Take the symbol found from rc_decode_freq out of the code. */
void
rc_decode_update(struct rc_decoder *rc, uint32_t cum, uint32_t freq)
{
	rc->code -= rc->r * cum;
	rc->range = rc->r * freq;
	while (rc->range < TOP) {
		rc->code = rc->code << 8 | next_byte(rc);
		rc->range <<= 8;
	}
}
