/*
 * bignum.c: unsigned integers of any size, for the exact base-N and
 * mixed-radix codes of the tools.  A mixed-radix number is built by
 * bn_mul_add(x, radix, digit) once per digit, most significant first, and
 * taken apart by bn_divmod(x, radix) in the reverse order.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gf.h"

const char base36_digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

const signed char base36_values[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

void
bn_init(struct bignum *x)
{
	x->limb = NULL;
	x->n = 0;
	x->cap = 0;
}

void
bn_free(struct bignum *x)
{
	free(x->limb);
	bn_init(x);
}

static void
bn_reserve(struct bignum *x, size_t n)
{
	size_t cap;

	if (n <= x->cap)
		return;
	cap = x->cap < 4 ? 4 : x->cap;
	while (cap < n)
		cap *= 2;
	x->limb = xreallocarray(x->limb, cap, sizeof(*x->limb));
	x->cap = cap;
}

void
bn_set_u64(struct bignum *x, uint64_t v)
{
	x->n = 0;
	bn_reserve(x, 2);
	while (v != 0) {
		x->limb[x->n++] = (uint32_t)v;
		v >>= 32;
	}
}

int
bn_is_zero(const struct bignum *x)
{
	return x->n == 0;
}

/* Store x in *v and return 1 if it fits in 64 bits; else return 0. */
int
bn_fits_u64(const struct bignum *x, uint64_t *v)
{
	if (x->n > 2)
		return 0;
	*v = 0;
	if (x->n > 1)
		*v = (uint64_t)x->limb[1] << 32;
	if (x->n > 0)
		*v |= x->limb[0];
	return 1;
}

/* The number of significant bits: 0 for zero. */
size_t
bn_bits(const struct bignum *x)
{
	uint32_t top;
	size_t bits;

	if (x->n == 0)
		return 0;
	bits = (x->n - 1) * 32;
	for (top = x->limb[x->n - 1]; top != 0; top >>= 1)
		bits++;
	return bits;
}

/* x = x * mul + add. */
void
bn_mul_add(struct bignum *x, uint32_t mul, uint32_t add)
{
	uint64_t carry = add;
	size_t i;

	for (i = 0; i < x->n; i++) {
		carry += (uint64_t)x->limb[i] * mul;
		x->limb[i] = (uint32_t)carry;
		carry >>= 32;
	}
	if (carry != 0) {
		bn_reserve(x, x->n + 1);
		x->limb[x->n++] = (uint32_t)carry;
	}
}

/* x = x / div; returns x % div.  div must not be 0. */
uint32_t
bn_divmod(struct bignum *x, uint32_t div)
{
	uint64_t rem = 0;
	size_t i;

	for (i = x->n; i-- > 0;) {
		rem = rem << 32 | x->limb[i];
		x->limb[i] = (uint32_t)(rem / div);
		rem %= div;
	}
	while (x->n > 0 && x->limb[x->n - 1] == 0)
		x->n--;
	return (uint32_t)rem;
}

int
bn_compare(const struct bignum *a, const struct bignum *b)
{
	size_t i;

	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (i = a->n; i-- > 0;)
		if (a->limb[i] != b->limb[i])
			return a->limb[i] < b->limb[i] ? -1 : 1;
	return 0;
}

/*
 * Write x in the given base (2..64) with the given digits, most
 * significant first, as a new string; zero is one digits[0].  Digits are
 * taken off several at a time so that a long number costs one pass of
 * division per chunk.
 */
char *
bn_to_text(const struct bignum *x, unsigned int base, const char *digits)
{
	struct bignum t;
	uint32_t chunk, rem;
	size_t len, cap, i, per;
	char *s, c;

	per = 0;
	for (chunk = 1; chunk <= UINT32_MAX / base; chunk *= base)
		per++;
	cap = (x->n * 32) + 2;
	s = xmalloc(cap);
	len = 0;
	t.limb = xreallocarray(NULL, x->n == 0 ? 1 : x->n, sizeof(*t.limb));
	if (x->n > 0)
		memcpy(t.limb, x->limb, x->n * sizeof(*t.limb));
	t.n = t.cap = x->n;
	while (t.n > 0) {
		rem = bn_divmod(&t, chunk);
		for (i = 0; i < per && (t.n > 0 || rem != 0); i++) {
			s[len++] = digits[rem % base];
			rem /= base;
		}
	}
	if (len == 0)
		s[len++] = digits[0];
	s[len] = '\0';
	for (i = 0; i < len / 2; i++) {
		c = s[i];
		s[i] = s[len - 1 - i];
		s[len - 1 - i] = c;
	}
	free(t.limb);
	return s;
}

/*
 * Read len characters of text as a number in the given base.  Returns 0,
 * or -1 if a character is not one of the digits (x is then undefined).
 */
int
bn_from_text(struct bignum *x, const char *text, size_t len,
    unsigned int base, const char *digits)
{
	signed char value[256];
	uint32_t acc, mul;
	size_t i;
	unsigned int d;

	memset(value, -1, sizeof(value));
	for (d = 0; d < base; d++)
		value[(unsigned char)digits[d]] = (signed char)d;
	bn_set_u64(x, 0);
	acc = 0;
	mul = 1;
	for (i = 0; i < len; i++) {
		if (value[(unsigned char)text[i]] < 0)
			return -1;
		acc = acc * base + (uint32_t)value[(unsigned char)text[i]];
		mul *= base;
		if (mul > UINT32_MAX / base) {
			bn_mul_add(x, mul, acc);
			acc = 0;
			mul = 1;
		}
	}
	if (mul > 1)
		bn_mul_add(x, mul, acc);
	return 0;
}
