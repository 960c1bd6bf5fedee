/*
 * webp.c: WebP through libwebp, as browsers and chat apps save and
 * forward screenshots.  The pixels are decoded as RGBA and put on white,
 * as a PNG with transparency is.  A plan is written as an animated WebP
 * (libwebpmux): a picture a frame, lossless, so that each frame decodes
 * to the very pixels drawn; the encoder stores only what changed from
 * the frame before.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>

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

/* An animation being made: its encoder, and where the next frame starts. */
struct webp_anim {
	WebPAnimEncoder	*enc;
	WebPConfig	 config;
	int		 at;		/* milliseconds */
	size_t		 w, h;
};

/*
 * A new animation of pictures w x h (each within PICTURE_MAX_SIDE and
 * PICTURE_MAX_PIXELS, as every picture is), which loops for ever.  WebP
 * holds at most WEBP_MAX_DIMENSION pixels a side, fewer than a picture
 * may have: a larger one is refused, naming the formats that hold it.
 */
struct webp_anim *
webp_anim_new(size_t w, size_t h)
{
	WebPAnimEncoderOptions options;
	struct webp_anim *a;

	if (w > WEBP_MAX_DIMENSION || h > WEBP_MAX_DIMENSION)
		errx(GF_EXIT_ERROR, "a picture of %zux%zu pixels, larger than "
		    "the %d a side WebP holds: write png, jpeg or ppm", w, h,
		    WEBP_MAX_DIMENSION);
	a = xcalloc(1, sizeof(*a));
	if (!WebPAnimEncoderOptionsInit(&options) ||
	    !WebPConfigInit(&a->config))
		errx(GF_EXIT_ERROR, "libwebp: a version this program was not "
		    "built with");
	options.anim_params.loop_count = 0;
	/* Lossless at its fastest: a plan of 70 moves in about half a s. */
	a->config.lossless = 1;
	a->config.method = 0;
	a->config.quality = 50;
	a->w = w;
	a->h = h;
	if ((a->enc = WebPAnimEncoderNew((int)w, (int)h, &options)) == NULL)
		errx(GF_EXIT_ERROR, "libwebp: out of memory");
	return a;
}

/* Add pic, of the animation's size, shown for ms milliseconds. */
void
webp_anim_add(struct webp_anim *a, const struct picture *pic, int ms)
{
	WebPPicture frame;

	if (pic->w != a->w || pic->h != a->h)
		abort();	/* every frame is drawn on the same picture */
	if (!WebPPictureInit(&frame))
		errx(GF_EXIT_ERROR, "libwebp: a version this program was not "
		    "built with");
	frame.use_argb = 1;
	frame.width = (int)pic->w;
	frame.height = (int)pic->h;
	if (!WebPPictureImportRGB(&frame, pic->rgb, (int)pic->w * 3) ||
	    !WebPAnimEncoderAdd(a->enc, &frame, a->at, &a->config))
		errx(GF_EXIT_ERROR, "libwebp: %s", frame.error_code ==
		    VP8_ENC_ERROR_OUT_OF_MEMORY ? "out of memory" :
		    WebPAnimEncoderGetError(a->enc));
	WebPPictureFree(&frame);
	a->at += ms;
}

/*
 * Write the animation to fp, its last frame shown for the time it was
 * added with, and free it; -1 on a write error.
 */
int
webp_anim_write(struct webp_anim *a, FILE *fp)
{
	WebPData data;
	int rv = 0;

	WebPDataInit(&data);
	if (!WebPAnimEncoderAdd(a->enc, NULL, a->at, NULL) ||
	    !WebPAnimEncoderAssemble(a->enc, &data))
		errx(GF_EXIT_ERROR, "libwebp: %s",
		    WebPAnimEncoderGetError(a->enc));
	if (fwrite(data.bytes, 1, data.size, fp) != data.size)
		rv = -1;
	WebPDataClear(&data);
	WebPAnimEncoderDelete(a->enc);
	free(a);
	return rv;
}
