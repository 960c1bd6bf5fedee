/*
 * picture.c: the one door to the image decoders.  The format is told by
 * the first bytes, never by a file name.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE	((size_t)2 << 20)

#include "gf.h"
#include "picture.h"

enum picture_type
picture_type(const uint8_t *p, size_t len)
{
	static const uint8_t png[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
	    0x1a, '\n' };

	if (len >= 8 && memcmp(p, png, 8) == 0)
		return PNG;
	if (len >= 3 && p[0] == 0xff && p[1] == 0xd8 && p[2] == 0xff)
		return JPEG;
	if (len >= 3 && p[0] == 'P' && (p[1] == '6' || p[1] == '7') &&
	    (p[2] == ' ' || p[2] == '\t' || p[2] == '\n' || p[2] == '\r'))
		return PNM;
	return NOT_PICTURE;
}

int
picture_decode(const uint8_t *p, size_t len, struct picture *pic, char *why,
    size_t whylen)
{
	return picture_decode_until(p, len, pic, NULL, NULL, why, whylen);
}

int
picture_decode_until(const uint8_t *p, size_t len, struct picture *pic,
    picture_enough enough, void *arg, char *why, size_t whylen)
{
	memset(pic, 0, sizeof(*pic));
	switch (picture_type(p, len)) {
	case PNG:
		return png_decode(p, len, pic, enough, arg, why, whylen);
	case JPEG:
		return jpeg_decode(p, len, pic, why, whylen);
	case PNM:
		return pnm_decode(p, len, pic, why, whylen);
	default:
		snprintf(why, whylen, "not a PNG, JPEG, PPM or PAM image");
		return -1;
	}
}

/* Room for a w x h picture, within the documented limits. */
int
picture_new(struct picture *pic, size_t w, size_t h, char *why,
    size_t whylen)
{
	memset(pic, 0, sizeof(*pic));
	if (w == 0 || h == 0 || w > PICTURE_MAX_SIDE ||
	    h > PICTURE_MAX_SIDE || w * h > PICTURE_MAX_PIXELS) {
		snprintf(why, whylen, "image of %zux%zu pixels is empty or "
		    "larger than %u pixels a side or %lu megapixels", w, h,
		    PICTURE_MAX_SIDE, PICTURE_MAX_PIXELS >> 20);
		return -1;
	}
	pic->w = w;
	pic->h = h;
	pic->rgb = xreallocarray(NULL, w * h, 3);
#ifdef MADV_HUGEPAGE
	/*
	 * A desktop screenshot is 11 MB of pixels, touched once: in large
	 * pages it costs far fewer page faults, a good part of its reading.
	 */
	if (w * h * 3 >= HUGE_PAGE) {
		size_t size = (w * h * 3 + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		void *p;

		if ((p = aligned_alloc(HUGE_PAGE, size)) != NULL) {
			free(pic->rgb);
			pic->rgb = p;
			madvise(p, size, MADV_HUGEPAGE);
		}
	}
#endif
	return 0;
}

void
picture_free(struct picture *pic)
{
	free(pic->rgb);
	memset(pic, 0, sizeof(*pic));
}
