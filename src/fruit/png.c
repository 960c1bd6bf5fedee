/*
 * png.c: PNG through libpng: its own interface for reading (see below),
 * its simplified one for writing.
 */

#include "config.h"

#include <err.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "picture.h"

/*
 * Reading goes through libpng's own interface, asking for 8-bit RGB and
 * nothing more: a screenshot is 8-bit RGB or RGBA already, so most
 * files need no transformation at all.  The chunks' CRCs and zlib's
 * Adler-32 are not checked: a damaged image must still read as a sure
 * board to be accepted (image.c refuses what it is not sure of), and
 * the checks cost a fifth of the reading.
 */
struct png_source {
	const uint8_t	*p;
	size_t		 len;
	size_t		 off;
	png_bytep	*rows;		/* freed here if libpng jumps out */
	uint8_t		*rgba;
	char		 message[128];
};

static void	 png_fail(png_structp, png_const_charp);
static void	 png_quiet(png_structp, png_const_charp);
static void	 png_from_memory(png_structp, png_bytep, size_t);
static void	 png_want_rgb(png_structp, png_infop);
static int	 png_read_until(png_structp, struct picture *, png_bytep *,
		    const uint8_t *, picture_enough, void *);
static int	 png_read_pixels(png_structp, png_infop, struct png_source *,
		    struct picture *, picture_enough, void *, char *, size_t);

static void
png_fail(png_structp png, png_const_charp message)
{
	struct png_source *src = png_get_error_ptr(png);

	strlcpy(src->message, message, sizeof(src->message));
	png_longjmp(png, 1);
}

/* Warnings (an odd but readable file) are not printed. */
static void
png_quiet(png_structp png, png_const_charp message)
{
	(void)png;
	(void)message;
}

static void
png_from_memory(png_structp png, png_bytep out, size_t n)
{
	struct png_source *src = png_get_io_ptr(png);

	if (n > src->len - src->off)
		png_error(png, "file cut short");
	memcpy(out, src->p + src->off, n);
	src->off += n;
}

/* The transformations that make any PNG 8-bit RGB, with or without alpha. */
static void
png_want_rgb(png_structp png, png_infop info)
{
	int color, depth;

	color = png_get_color_type(png, info);
	depth = png_get_bit_depth(png, info);
	if (color == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if ((color & PNG_COLOR_MASK_COLOR) == 0) {
		if (depth < 8)
			png_set_expand_gray_1_2_4_to_8(png);
		png_set_gray_to_rgb(png);
	}
	if (png_get_valid(png, info, PNG_INFO_tRNS))
		png_set_tRNS_to_alpha(png);
	if (depth == 16)
		png_set_scale_16(png);
	/* A file gamma far from sRGB's is corrected; sRGB itself costs nothing. */
	png_set_gamma(png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
	png_set_interlace_handling(png);
	png_read_update_info(png, info);
}

/*
 * The rows of the picture one by one (into rgba first, when it has
 * alpha), showing enough() the rows read at a half and at three
 * quarters: 1 if it had enough (the rows not read are made black), 0
 * when all are read.
 */
static int
png_read_until(png_structp png, struct picture *pic, png_bytep *rows,
    const uint8_t *rgba, picture_enough enough, void *arg)
{
	struct picture part;
	size_t y, stop[2], k = 0, composed = 0;

	stop[0] = pic->h / 2;
	stop[1] = pic->h - pic->h / 4;
	part = *pic;
	for (y = 0; y < pic->h; y++) {
		png_read_row(png, rows[y], NULL);
		if (k < 2 && y + 1 == stop[k]) {
			k++;
			if (rgba != NULL)
				picture_compose(pic, rgba, composed, y + 1);
			composed = y + 1;
			part.h = y + 1;
			if (enough(&part, arg) == 1) {
				memset(pic->rgb + (y + 1) * pic->w * 3, 0,
				    (pic->h - y - 1) * pic->w * 3);
				return 1;
			}
		}
	}
	if (rgba != NULL)
		picture_compose(pic, rgba, composed, pic->h);
	return 0;
}

/*
 * The pixels, straight into the picture when they are RGB; with alpha,
 * through a buffer of RGBA composed onto white, as a page shows them.
 */
static int
png_read_pixels(png_structp png, png_infop info, struct png_source *src,
    struct picture *pic, picture_enough enough, void *arg, char *why,
    size_t whylen)
{
	png_bytep *rows;
	uint8_t *rgba;
	size_t y, channels;

	channels = png_get_channels(png, info);
	if (picture_new(pic, png_get_image_width(png, info),
	    png_get_image_height(png, info), why, whylen) == -1)
		return -1;
	if (channels != 3 && channels != 4)
		png_error(png, "unexpected number of channels");
	rows = xreallocarray(NULL, pic->h, sizeof(*rows));
	rgba = channels == 4 ? xreallocarray(NULL, pic->w * 4, pic->h) : NULL;
	for (y = 0; y < pic->h; y++)
		rows[y] = rgba != NULL ? rgba + y * pic->w * 4 :
		    pic->rgb + y * pic->w * 3;
	src->rows = rows;
	src->rgba = rgba;
	if (enough != NULL && pic->w * pic->h >= PICTURE_EARLY_PIXELS &&
	    png_get_interlace_type(png, info) == PNG_INTERLACE_NONE) {
		if (png_read_until(png, pic, rows, rgba, enough, arg) == 1)
			return 1;
	} else {
		png_read_image(png, rows);
		if (rgba != NULL)
			picture_compose(pic, rgba, 0, pic->h);
	}
	png_read_end(png, NULL);
	return 0;
}

int
png_decode(const uint8_t *p, size_t len, struct picture *pic,
    picture_enough enough, void *arg, char *why, size_t whylen)
{
	struct png_source src;
	png_structp png;
	png_infop info;
	int rv;

	memset(pic, 0, sizeof(*pic));
	memset(&src, 0, sizeof(src));
	src.p = p;
	src.len = len;
	if ((png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src,
	    png_fail, png_quiet)) == NULL ||
	    (info = png_create_info_struct(png)) == NULL)
		errx(GF_EXIT_ERROR, "out of memory");
	if (setjmp(png_jmpbuf(png))) {
		snprintf(why, whylen, "bad PNG: %s", src.message);
		rv = -1;
		goto done;
	}
	png_set_read_fn(png, &src, png_from_memory);
	png_set_user_limits(png, PICTURE_MAX_SIDE, PICTURE_MAX_SIDE);
	png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#ifdef PNG_IGNORE_ADLER32
	png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
	png_read_info(png, info);
	png_want_rgb(png, info);
	rv = png_read_pixels(png, info, &src, pic, enough, arg, why, whylen);
done:
	if (rv == -1)
		picture_free(pic);
	free(src.rows);
	free(src.rgba);
	png_destroy_read_struct(&png, &info, NULL);
	return rv;
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
