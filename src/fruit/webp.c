/*
 * webp.c: WebP through libwebp, as browsers and chat apps save and
 * forward screenshots.  The pixels are decoded as RGBA and put on white,
 * as a PNG with transparency is.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>

#include "gf.h"
#include "picture.h"

int
webp_decode(const uint8_t *p, size_t len, struct picture *pic, char *why,
    size_t whylen)
{
	uint8_t *rgba;
	int w, h;

	memset(pic, 0, sizeof(*pic));
	if (!WebPGetInfo(p, len, &w, &h)) {
		snprintf(why, whylen, "bad WebP: not a picture libwebp reads");
		return -1;
	}
	if (picture_new(pic, (size_t)w, (size_t)h, why, whylen) == -1)
		return -1;
	/* picture_new bounds the pixels: 4 bytes each fit an int. */
	rgba = xreallocarray(NULL, pic->w * pic->h, 4);
	if (WebPDecodeRGBAInto(p, len, rgba, pic->w * pic->h * 4,
	    (int)pic->w * 4) == NULL) {
		snprintf(why, whylen, "bad WebP: its pixels cannot be decoded");
		free(rgba);
		picture_free(pic);
		return -1;
	}
	picture_compose(pic, rgba, 0, pic->h);
	free(rgba);
	return 0;
}
