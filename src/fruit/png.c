/*
 * png.c: PNG through libpng's simplified interface, which does the
 * colour types, bit depths, palettes and gamma for us.
 */

#include "config.h"

#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

int
png_decode(const uint8_t *p, size_t len, struct picture *pic, char *why,
    size_t whylen)
{
	png_image im;

	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&im, p, len)) {
		snprintf(why, whylen, "bad PNG: %s", im.message);
		return -1;
	}
	im.format = PNG_FORMAT_RGB;
	if (picture_new(pic, im.width, im.height, why, whylen) == -1) {
		png_image_free(&im);
		return -1;
	}
	if (!png_image_finish_read(&im, NULL, pic->rgb, 0, NULL)) {
		snprintf(why, whylen, "bad PNG: %s", im.message);
		png_image_free(&im);
		picture_free(pic);
		return -1;
	}
	return 0;
}

int
png_write(FILE *fp, const struct picture *pic)
{
	png_image im;

	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	im.width = (png_uint_32)pic->w;
	im.height = (png_uint_32)pic->h;
	im.format = PNG_FORMAT_RGB;
	if (!png_image_write_to_stdio(&im, fp, 0, pic->rgb, 0, NULL))
		return -1;
	return ferror(fp) ? -1 : 0;
}

/* The picture as PNG in memory, for an SVG to embed. */
int
png_encode(const struct picture *pic, uint8_t **out, size_t *outlen)
{
	png_image im;
	png_alloc_size_t size;

	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	im.width = (png_uint_32)pic->w;
	im.height = (png_uint_32)pic->h;
	im.format = PNG_FORMAT_RGB;
	size = 0;
	if (!png_image_write_to_memory(&im, NULL, &size, 0, pic->rgb, 0,
	    NULL))
		return -1;
	*out = xmalloc(size);
	if (!png_image_write_to_memory(&im, *out, &size, 0, pic->rgb, 0,
	    NULL)) {
		free(*out);
		*out = NULL;
		return -1;
	}
	*outlen = size;
	return 0;
}
