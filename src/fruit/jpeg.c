/*
 * jpeg.c: JPEG through libjpeg-turbo.  libjpeg reports errors by
 * calling a function that must not return, so we jump back out.  A
 * phone stores its pictures as the camera held them and says in the
 * EXIF orientation tag how to turn them; viewers turn them, so the
 * pixels are turned here too, and the board is read as the player sees
 * it.
 */

#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <libexif/exif-data.h>

#include "gf.h"
#include "picture.h"

struct jpeg_failure {
	struct jpeg_error_mgr	 pub;
	jmp_buf			 back;
	char			 message[JMSG_LENGTH_MAX];
};

static void	 jpeg_fail(j_common_ptr);
static void	 jpeg_quiet(j_common_ptr, int);
static int	 exif_orientation(const uint8_t *, size_t);
static int	 jpeg_orientation(j_decompress_ptr);
static void	 cmyk_to_rgb(const uint8_t *, uint8_t *, size_t, int);
static void	 rgb_to_cmyk(const uint8_t *, uint8_t *, size_t);

static void
jpeg_fail(j_common_ptr cinfo)
{
	struct jpeg_failure *f = (struct jpeg_failure *)cinfo->err;

	(*cinfo->err->format_message)(cinfo, f->message);
	longjmp(f->back, 1);
}

/* Warnings (a corrupt but readable file) are not printed by libjpeg. */
static void
jpeg_quiet(j_common_ptr cinfo, int level)
{
	(void)cinfo;
	(void)level;
}

/*
 * The orientation tag of an EXIF block, read by libexif, 1 when there
 * is none or it is not 1 to 8.
 */
static int
exif_orientation(const uint8_t *p, size_t len)
{
	ExifData *ed;
	ExifEntry *e;
	int o = 1;

	if (len > UINT_MAX || (ed = exif_data_new_from_data(p,
	    (unsigned int)len)) == NULL)
		return 1;
	e = exif_data_get_entry(ed, EXIF_TAG_ORIENTATION);
	if (e != NULL && e->format == EXIF_FORMAT_SHORT && e->components == 1 &&
	    e->size >= 2)
		o = exif_get_short(e->data, exif_data_get_byte_order(ed));
	exif_data_unref(ed);
	return o >= 1 && o <= 8 ? o : 1;
}

/* The orientation the file's APP1 markers give, 1 when none. */
static int
jpeg_orientation(j_decompress_ptr cinfo)
{
	jpeg_saved_marker_ptr m;

	for (m = cinfo->marker_list; m != NULL; m = m->next)
		if (m->marker == JPEG_APP0 + 1)
			return exif_orientation(m->data, m->data_length);
	return 1;
}

/*
 * A row of CMYK (as print software saves a picture) made RGB by the
 * plain formula, no colour profile: enough to tell apple red from the
 * white of a digit.  Adobe's files store each ink inverted.
 */
static void
cmyk_to_rgb(const uint8_t *in, uint8_t *out, size_t w, int adobe)
{
	unsigned int c, m, y, k;
	size_t x;

	for (x = 0; x < w; x++, in += 4, out += 3) {
		c = adobe ? in[0] : 255 - in[0];
		m = adobe ? in[1] : 255 - in[1];
		y = adobe ? in[2] : 255 - in[2];
		k = adobe ? in[3] : 255 - in[3];
		out[0] = (uint8_t)(c * k / 255);
		out[1] = (uint8_t)(m * k / 255);
		out[2] = (uint8_t)(y * k / 255);
	}
}

/*
 * The other way, for the test suite's CMYK pictures: the black ink what
 * the brightest channel lacks, each other ink what its channel lacks of
 * that, stored inverted as Adobe's files are (libjpeg writes the marker
 * that says so).
 */
static void
rgb_to_cmyk(const uint8_t *in, uint8_t *out, size_t w)
{
	unsigned int top, ch;
	size_t x;

	for (x = 0; x < w; x++, in += 3, out += 4) {
		top = in[0] > in[1] ? in[0] : in[1];
		if (in[2] > top)
			top = in[2];
		for (ch = 0; ch < 3; ch++)
			out[ch] = (uint8_t)(top == 0 ? 0 : in[ch] * 255 / top);
		out[3] = (uint8_t)top;
	}
}

int
jpeg_decode(const uint8_t *p, size_t len, struct picture *pic, char *why,
    size_t whylen)
{
	struct jpeg_decompress_struct cinfo;
	struct jpeg_failure f;
	JSAMPROW row;
	uint8_t *volatile four = NULL;	/* kept across the longjmp */
	int orientation, cmyk;

	memset(pic, 0, sizeof(*pic));
	cinfo.err = jpeg_std_error(&f.pub);
	f.pub.error_exit = jpeg_fail;
	f.pub.emit_message = jpeg_quiet;
	if (setjmp(f.back)) {
		snprintf(why, whylen, "bad JPEG: %s", f.message);
		jpeg_destroy_decompress(&cinfo);
		picture_free(pic);
		free(four);
		return -1;
	}
	jpeg_create_decompress(&cinfo);
	jpeg_mem_src(&cinfo, p, (unsigned long)len);
	jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xffff);
	jpeg_read_header(&cinfo, TRUE);
	/* The markers saved go with the image, when decoding finishes. */
	orientation = jpeg_orientation(&cinfo);
	/* libjpeg turns YCbCr and grey into RGB, but not CMYK. */
	cmyk = cinfo.jpeg_color_space == JCS_CMYK ||
	    cinfo.jpeg_color_space == JCS_YCCK;
	cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
	if (picture_new(pic, cinfo.image_width, cinfo.image_height, why,
	    whylen) == -1) {
		jpeg_destroy_decompress(&cinfo);
		return -1;
	}
	jpeg_start_decompress(&cinfo);
	if (cmyk) {
		four = xreallocarray(NULL, pic->w, 4);
		pic->cmyk = 1;
	}
	while (cinfo.output_scanline < cinfo.output_height) {
		row = pic->rgb + (size_t)cinfo.output_scanline * pic->w * 3;
		if (!cmyk) {
			jpeg_read_scanlines(&cinfo, &row, 1);
			continue;
		}
		row = four;
		jpeg_read_scanlines(&cinfo, &row, 1);
		cmyk_to_rgb(four, pic->rgb + (size_t)(cinfo.output_scanline -
		    1) * pic->w * 3, pic->w, cinfo.saw_Adobe_marker);
	}
	/* Finishing reads to the end and may fail: four is freed after. */
	jpeg_finish_decompress(&cinfo);
	free(four);
	picture_orient(pic, orientation);
	jpeg_destroy_decompress(&cinfo);
	return 0;
}

/* pic as a JPEG of quality 1 to 100, in CMYK inks if cmyk is nonzero. */
int
jpeg_write(FILE *fp, const struct picture *pic, int quality, int cmyk)
{
	struct jpeg_compress_struct cinfo;
	struct jpeg_failure f;
	JSAMPROW row;
	uint8_t *volatile four = NULL;

	cinfo.err = jpeg_std_error(&f.pub);
	f.pub.error_exit = jpeg_fail;
	if (setjmp(f.back)) {
		jpeg_destroy_compress(&cinfo);
		free(four);
		return -1;
	}
	if (cmyk)
		four = xreallocarray(NULL, pic->w, 4);
	jpeg_create_compress(&cinfo);
	jpeg_stdio_dest(&cinfo, fp);
	cinfo.image_width = (JDIMENSION)pic->w;
	cinfo.image_height = (JDIMENSION)pic->h;
	cinfo.input_components = cmyk ? 4 : 3;
	cinfo.in_color_space = cmyk ? JCS_CMYK : JCS_RGB;
	jpeg_set_defaults(&cinfo);
	if (cmyk)
		jpeg_set_colorspace(&cinfo, JCS_YCCK);
	jpeg_set_quality(&cinfo, quality, TRUE);
	jpeg_start_compress(&cinfo, TRUE);
	while (cinfo.next_scanline < cinfo.image_height) {
		row = pic->rgb + (size_t)cinfo.next_scanline * pic->w * 3;
		if (cmyk) {
			rgb_to_cmyk(row, four, pic->w);
			row = four;
		}
		jpeg_write_scanlines(&cinfo, &row, 1);
	}
	jpeg_finish_compress(&cinfo);
	jpeg_destroy_compress(&cinfo);
	free(four);
	return ferror(fp) ? -1 : 0;
}
