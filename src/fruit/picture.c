/*
 * picture.c: the one door to the image decoders.  The format is told by
 * the first bytes, never by a file name.  Also what is done to a whole
 * picture once decoded: turning it upright, telling whether it has
 * colour, shrinking it.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE	((size_t)2 << 20)
#define GREY_SPREAD	24	/* channel spread that is still grey */

#include "gf.h"
#include "picture.h"

static void	 shrink_axis(const float *, size_t, size_t, size_t, size_t,
		    float *, size_t, double);

/*
 * The kind of a picture of a format not read, by its first bytes, as a
 * player may have saved a screenshot; NULL for none of them.
 */
const char *
picture_unread(const uint8_t *p, size_t len)
{
	if (len >= 6 && (memcmp(p, "GIF87a", 6) == 0 ||
	    memcmp(p, "GIF89a", 6) == 0))
		return "a GIF picture";
	if (len >= 14 && p[0] == 'B' && p[1] == 'M' && p[6] == 0 &&
	    p[7] == 0 && p[8] == 0 && p[9] == 0)
		return "a BMP picture";
	if (len >= 4 && (memcmp(p, "II*\0", 4) == 0 ||
	    memcmp(p, "MM\0*", 4) == 0))
		return "a TIFF picture";
	if (len >= 12 && memcmp(p + 4, "ftyp", 4) == 0 &&
	    (memcmp(p + 8, "heic", 4) == 0 || memcmp(p + 8, "heix", 4) == 0 ||
	    memcmp(p + 8, "mif1", 4) == 0 || memcmp(p + 8, "avif", 4) == 0))
		return "a HEIF or AVIF picture";
	return NULL;
}

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
	if (len >= 12 && memcmp(p, "RIFF", 4) == 0 &&
	    memcmp(p + 8, "WEBP", 4) == 0)
		return WEBP;
	if (picture_unread(p, len) != NULL)
		return UNREAD;
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
	case WEBP:
		return webp_decode(p, len, pic, why, whylen);
	case UNREAD:
		snprintf(why, whylen, "%s, which is not read (save the "
		    "screenshot as PNG)", picture_unread(p, len));
		return -1;
	default:
		snprintf(why, whylen, "not a PNG, JPEG, WebP, PPM or PAM image");
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

/*
 * Where the pixel (x, y) of the upright picture is stored, for an EXIF
 * orientation: 2 to 8 are the mirror, the half turn, the mirror upside
 * down, the transpose, the quarter turn clockwise to show it, the
 * transverse and the quarter turn anticlockwise.
 */
static void
stored_at(int orientation, size_t w, size_t h, size_t x, size_t y,
    size_t *sx, size_t *sy)
{
	switch (orientation) {
	case 2: *sx = w - 1 - x; *sy = y; break;
	case 3: *sx = w - 1 - x; *sy = h - 1 - y; break;
	case 4: *sx = x; *sy = h - 1 - y; break;
	case 5: *sx = y; *sy = x; break;
	case 6: *sx = y; *sy = h - 1 - x; break;
	case 7: *sx = w - 1 - y; *sy = h - 1 - x; break;
	case 8: *sx = w - 1 - y; *sy = x; break;
	default: *sx = x; *sy = y; break;
	}
}

/* The picture turned upright from how an EXIF orientation says it is stored. */
void
picture_orient(struct picture *pic, int orientation)
{
	uint8_t *out;
	size_t w, h, x, y, sx, sy;

	if (orientation < 2 || orientation > 8)
		return;
	w = orientation >= 5 ? pic->h : pic->w;
	h = orientation >= 5 ? pic->w : pic->h;
	out = xreallocarray(NULL, w * h, 3);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			stored_at(orientation, pic->w, pic->h, x, y, &sx, &sy);
			memcpy(out + (y * w + x) * 3,
			    pic->rgb + (sy * pic->w + sx) * 3, 3);
		}
	free(pic->rgb);
	pic->rgb = out;
	pic->w = w;
	pic->h = h;
	pic->turned = orientation;
}

/*
 * Does the picture hold colour: a pixel whose channels differ by more
 * than a JPEG's noise leaves in grey?
 */
int
picture_has_colour(const struct picture *pic)
{
	const uint8_t *p = pic->rgb, *end = pic->rgb + pic->w * pic->h * 3;
	int lo, hi;

	for (; p < end; p += 3) {
		lo = p[0] < p[1] ? p[0] : p[1];
		hi = p[0] < p[1] ? p[1] : p[0];
		lo = p[2] < lo ? p[2] : lo;
		hi = p[2] > hi ? p[2] : hi;
		if (hi - lo > GREY_SPREAD)
			return 1;
	}
	return 0;
}

/* Rows y0 to y1 - 1 of rgba composed onto white into the picture. */
void
picture_compose(struct picture *pic, const uint8_t *rgba, size_t y0, size_t y1)
{
	size_t i, n;
	unsigned int a, k;
	uint8_t *out;

	n = pic->w * (y1 - y0);
	out = pic->rgb + y0 * pic->w * 3;
	rgba += y0 * pic->w * 4;
	for (i = 0; i < n; i++, rgba += 4, out += 3) {
		a = rgba[3];
		for (k = 0; k < 3; k++)
			out[k] = (uint8_t)((rgba[k] * a + 255 * (255 - a) +
			    127) / 255);
	}
}

void
picture_free(struct picture *pic)
{
	free(pic->rgb);
	memset(pic, 0, sizeof(*pic));
}

/*
 * One axis of picture_shrink: n lines of len samples each, `step` apart
 * along a line and `stride` from line to line, into out, len * f long.
 * Each output sample is the mean of the input under a tent one output
 * sample wide each way, as a bilinear resize smooths what it drops.
 */
static void
shrink_axis(const float *in, size_t n, size_t len, size_t step,
    size_t stride, float *out, size_t outlen, double f)
{
	size_t line, o, k, first, last;
	double centre, w, total, acc[3];
	int ch;

	for (line = 0; line < n; line++)
		for (o = 0; o < outlen; o++) {
			centre = (o + 0.5) / f - 0.5;
			first = centre - 1 / f < 0 ? 0 :
			    (size_t)ceil(centre - 1 / f);
			last = (size_t)floor(centre + 1 / f);
			if (last >= len)
				last = len - 1;
			total = acc[0] = acc[1] = acc[2] = 0;
			for (k = first; k <= last; k++) {
				w = 1 - fabs((double)k - centre) * f;
				if (w <= 0)
					continue;
				total += w;
				for (ch = 0; ch < 3; ch++)
					acc[ch] += w * in[line * stride +
					    k * step + (size_t)ch];
			}
			for (ch = 0; ch < 3; ch++)
				out[line * stride + o * step + (size_t)ch] =
				    (float)(total > 0 ? acc[ch] / total : 0);
		}
}

/*
 * in made f times as large (f below 1), into out, as a browser zoomed
 * out or a chat app's resizing shows a screenshot; -1 if nothing is
 * left.  For fruit-templates and the test suite's pictures.
 */
int
picture_shrink(const struct picture *in, double f, struct picture *out)
{
	size_t w, h, i;
	float *a, *b;

	w = (size_t)(in->w * f);
	h = (size_t)(in->h * f);
	if (w == 0 || h == 0 || in->w > SIZE_MAX / 3 / in->h)
		return -1;
	a = xreallocarray(NULL, in->w * in->h, 3 * sizeof(float));
	b = xreallocarray(NULL, in->w * in->h, 3 * sizeof(float));
	for (i = 0; i < in->w * in->h * 3; i++)
		a[i] = in->rgb[i];
	/* Rows first, each kept at its full stride, then columns. */
	shrink_axis(a, in->h, in->w, 3, in->w * 3, b, w, f);
	shrink_axis(b, w, in->h, in->w * 3, 3, a, h, f);
	memset(out, 0, sizeof(*out));
	out->w = w;
	out->h = h;
	out->rgb = xreallocarray(NULL, w * h, 3);
	for (i = 0; i < w * h * 3; i++)
		out->rgb[i] = (uint8_t)lround(a[i / 3 / w * in->w * 3 +
		    i % (w * 3)]);
	free(a);
	free(b);
	return 0;
}
