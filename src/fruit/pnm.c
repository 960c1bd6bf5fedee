/*
 * pnm.c: binary netpbm, P6 (PPM) and P7 (PAM), read and P6 written.  The
 * formats are small and fully described by netpbm's pages: a text header
 * of whitespace-separated fields, comments from '#' to the end of a line,
 * then the samples, one byte each when the maximum value is below 256.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

struct header {
	const uint8_t	*p;
	size_t		 len;
	size_t		 pos;
};

static int	 is_space(int);
static void	 skip_space(struct header *);
static size_t	 get_word(struct header *, char *, size_t);
static int	 get_number(struct header *, size_t *);
static int	 ppm_header(struct header *, size_t *, size_t *, size_t *,
		    size_t *);
static int	 pam_header(struct header *, size_t *, size_t *, size_t *,
		    size_t *, char *, size_t);

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	    c == '\f';
}

static void
skip_space(struct header *h)
{
	while (h->pos < h->len) {
		if (h->p[h->pos] == '#') {
			while (h->pos < h->len && h->p[h->pos] != '\n')
				h->pos++;
		} else if (is_space(h->p[h->pos]))
			h->pos++;
		else
			break;
	}
}

/* The next whitespace-delimited word, cut to size; its length or 0. */
static size_t
get_word(struct header *h, char *buf, size_t size)
{
	size_t n;

	skip_space(h);
	n = 0;
	while (h->pos < h->len && !is_space(h->p[h->pos])) {
		if (n + 1 < size)
			buf[n++] = (char)h->p[h->pos];
		h->pos++;
	}
	buf[n] = '\0';
	return n;
}

static int
get_number(struct header *h, size_t *v)
{
	char buf[16];
	const char *errstr;

	if (get_word(h, buf, sizeof(buf)) == 0)
		return -1;
	*v = (size_t)strtonum(buf, 1, 65535, &errstr);
	return errstr == NULL ? 0 : -1;
}

static int
ppm_header(struct header *h, size_t *w, size_t *ht, size_t *depth,
    size_t *maxval)
{
	if (get_number(h, w) == -1 || get_number(h, ht) == -1 ||
	    get_number(h, maxval) == -1)
		return -1;
	/* Exactly one whitespace byte ends the header. */
	if (h->pos >= h->len || !is_space(h->p[h->pos]))
		return -1;
	h->pos++;
	*depth = 3;
	return 0;
}

static int
pam_header(struct header *h, size_t *w, size_t *ht, size_t *depth,
    size_t *maxval, char *tupltype, size_t size)
{
	char key[16];

	*w = *ht = *depth = *maxval = 0;
	tupltype[0] = '\0';
	for (;;) {
		if (get_word(h, key, sizeof(key)) == 0)
			return -1;
		if (strcmp(key, "ENDHDR") == 0)
			break;
		if (strcmp(key, "WIDTH") == 0 && get_number(h, w) == 0)
			continue;
		if (strcmp(key, "HEIGHT") == 0 && get_number(h, ht) == 0)
			continue;
		if (strcmp(key, "DEPTH") == 0 && get_number(h, depth) == 0)
			continue;
		if (strcmp(key, "MAXVAL") == 0 && get_number(h, maxval) == 0)
			continue;
		if (strcmp(key, "TUPLTYPE") == 0 &&
		    get_word(h, tupltype, size) > 0) {
			while (h->pos < h->len && h->p[h->pos] != '\n')
				h->pos++;
			continue;
		}
		return -1;
	}
	while (h->pos < h->len && h->p[h->pos] != '\n')
		h->pos++;
	if (h->pos >= h->len)
		return -1;
	h->pos++;
	return *w == 0 || *ht == 0 || *depth == 0 || *maxval == 0 ? -1 : 0;
}

int
pnm_decode(const uint8_t *p, size_t len, struct picture *pic, char *why,
    size_t whylen)
{
	struct header h = { p, len, 2 };
	size_t w, ht, depth, maxval, bytes, i, n, k;
	char tupltype[32];
	const uint8_t *s;
	int pam = p[1] == '7';

	memset(pic, 0, sizeof(*pic));
	if ((pam ? pam_header(&h, &w, &ht, &depth, &maxval, tupltype,
	    sizeof(tupltype)) : ppm_header(&h, &w, &ht, &depth, &maxval)) ==
	    -1) {
		snprintf(why, whylen, "bad %s header", pam ? "PAM" : "PPM");
		return -1;
	}
	if (maxval > 255 || depth > 4) {
		snprintf(why, whylen, "%s with %zu samples of up to %zu: only "
		    "1 to 4 samples of one byte are read", pam ? "PAM" : "PPM",
		    depth, maxval);
		return -1;
	}
	if (picture_new(pic, w, ht, why, whylen) == -1)
		return -1;
	n = w * ht;
	bytes = n * depth;
	if (len - h.pos < bytes) {
		snprintf(why, whylen, "%s cut short: %zu bytes of pixels, "
		    "expected %zu", pam ? "PAM" : "PPM", len - h.pos, bytes);
		picture_free(pic);
		return -1;
	}
	/* Grey, grey and alpha, RGB, RGB and alpha; alpha is dropped. */
	s = p + h.pos;
	if (depth == 3 && maxval == 255) {
		memcpy(pic->rgb, s, bytes);
		return 0;
	}
	for (i = 0; i < n; i++, s += depth)
		for (k = 0; k < 3; k++)
			pic->rgb[i * 3 + k] = (uint8_t)((depth >= 3 ?
			    s[k] : s[0]) * 255 / maxval);
	return 0;
}

int
pnm_write(FILE *fp, const struct picture *pic)
{
	fprintf(fp, "P6\n%zu %zu\n255\n", pic->w, pic->h);
	fwrite(pic->rgb, 3, pic->w * pic->h, fp);
	return ferror(fp) ? -1 : 0;
}
