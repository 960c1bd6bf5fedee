/*
 * fruit-picture: the test suite's image editor, so that fruitsolve's
 * screenshot reader is tested on pictures the project makes itself.  It
 * reads a picture (PNG, JPEG, PPM, PAM) on standard input, changes it
 * and writes it in the format asked for:
 *
 *	-d WxH+X+Y	put it on a "desktop" W x H at (X, Y): noise, dark
 *			and light panels, red bars and red discs of other
 *			sizes, as screens hold around the game
 *	-b X,Y,W,H	draw a translucent selection box over it
 *	-c WxH+X+Y	cut it to the W x H pixels from (X, Y)
 *	-G		make it grey, each pixel its luma (as a grey scan)
 *	-D		darken it as a page darkener does: each pixel's
 *			lightness inverted, its hue and saturation kept
 *	-N WxH		make a picture of noise alone (no input read)
 *	-o FORMAT	ppm (default), png, rgba (PNG with an alpha channel,
 *			every pixel opaque), jpeg, cmyk (a CMYK JPEG, inks
 *			stored inverted as Adobe's programs store them) or
 *			webp (lossy)
 *	-q QUALITY	of JPEG and WebP output (default 75)
 *	-r ORIENTATION	of JPEG output: the pixels stored turned as a phone
 *			stores them, with the EXIF tag (2 to 8) that turns
 *			them back upright
 *	-s SCALE	shrink it (SCALE below 1) as a browser zoomed out
 *			or a chat app's resizing does
 *
 * or, with -m FILE, prints how far the picture on standard input is from
 * the one in FILE, of its size: "mean M max X", the mean and the largest
 * difference of a pixel's channel, of 255;
 * or, with -A PREFIX, takes an animated WebP (libwebpdemux) or GIF
 * (giflib) on standard input apart, as a viewer plays it: each frame
 * whole, PREFIX-N.ppm for frame N from 1, and a line "N MILLISECONDS"
 * for each, the time it shows for, on standard output; then "loop
 * COUNT" (none, for a GIF that does not loop).
 */

#include "config.h"

#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <png.h>
#include <webp/demux.h>
#include <webp/encode.h>

#include "gf.h"
#include "picture.h"

#ifndef MIN
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))
#endif

static void	 read_picture(FILE *, const char *, struct picture *);
static void	 read_stdin(struct picture *);
static void	 difference(const char *);
static void	 take_apart(const char *);
static void	 write_frame(const char *, int, const struct picture *);
static int	 gif_read(GifFileType *, GifByteType *, int);
static void	 take_gif_apart(const char *, const uint8_t *, size_t);
static void	 noise(struct picture *, size_t, size_t, struct rng *);
static void	 desktop(struct picture *, const char *);
static void	 box(struct picture *, const char *);
static void	 cut(struct picture *, const char *);
static void	 darken(struct picture *);
static void	 grey(struct picture *);
static int	 webp_write(FILE *, const struct picture *, int);
static int	 rgba_write(FILE *, const struct picture *);
static int	 turned_jpeg_write(FILE *, struct picture *, int, int);

/* The picture in fp, named name in messages. */
static void
read_picture(FILE *fp, const char *name, struct picture *pic)
{
	uint8_t *data;
	size_t len;
	char why[160];

	if ((data = read_all(fp, &len)) == NULL)
		err(2, "%s", name);
	if (picture_decode(data, len, pic, why, sizeof(why)) == -1)
		errx(2, "%s: %s", name, why);
	free(data);
}

static void
read_stdin(struct picture *pic)
{
	read_picture(stdin, "stdin", pic);
}

static void
difference(const char *path)
{
	struct picture a, b;
	size_t i, sum = 0;
	FILE *fp;
	int d, max = 0;

	read_stdin(&a);
	if ((fp = fopen(path, "r")) == NULL)
		err(2, "%s", path);
	read_picture(fp, path, &b);
	fclose(fp);
	if (a.w != b.w || a.h != b.h)
		errx(2, "%s: %zux%zu, not %zux%zu", path, b.w, b.h, a.w, a.h);
	for (i = 0; i < a.w * a.h * 3; i++) {
		d = abs(a.rgb[i] - b.rgb[i]);
		sum += (size_t)d;
		max = d > max ? d : max;
	}
	printf("mean %.2f max %d\n", (double)sum / (double)(a.w * a.h * 3),
	    max);
	picture_free(&a);
	picture_free(&b);
}

static void
take_apart(const char *prefix)
{
	WebPAnimDecoderOptions options;
	WebPAnimDecoder *dec;
	WebPAnimInfo info;
	WebPData data;
	struct picture pic;
	char why[160];
	uint8_t *rgba;
	size_t len, i;
	int n = 0, ts, before = 0;

	if ((data.bytes = read_all(stdin, &len)) == NULL)
		err(2, "stdin");
	if (len >= 4 && memcmp(data.bytes, "GIF8", 4) == 0) {
		take_gif_apart(prefix, data.bytes, len);
		free((void *)data.bytes);
		return;
	}
	data.size = len;
	if (!WebPAnimDecoderOptionsInit(&options))
		errx(2, "libwebpdemux: wrong version");
	options.color_mode = MODE_RGBA;
	if ((dec = WebPAnimDecoderNew(&data, &options)) == NULL ||
	    !WebPAnimDecoderGetInfo(dec, &info))
		errx(2, "stdin: not an animated WebP");
	if (picture_new(&pic, info.canvas_width, info.canvas_height, why,
	    sizeof(why)) == -1)
		errx(2, "stdin: %s", why);
	while (WebPAnimDecoderHasMoreFrames(dec)) {
		if (!WebPAnimDecoderGetNext(dec, &rgba, &ts))
			errx(2, "stdin: frame %d cannot be decoded", n + 1);
		for (i = 0; i < pic.w * pic.h; i++) {
			if (rgba[4 * i + 3] != 255)
				errx(2, "frame %d: a pixel not opaque", n + 1);
			memcpy(pic.rgb + 3 * i, rgba + 4 * i, 3);
		}
		write_frame(prefix, ++n, &pic);
		printf("%d %d\n", n, ts - before);
		before = ts;
	}
	printf("loop %u\n", info.loop_count);
	WebPAnimDecoderDelete(dec);
	picture_free(&pic);
	free((void *)data.bytes);
}

/* Frame n of an animation, whole, as PREFIX-N.ppm. */
static void
write_frame(const char *prefix, int n, const struct picture *pic)
{
	char path[4096];
	FILE *fp;

	snprintf(path, sizeof(path), "%s-%d.ppm", prefix, n);
	if ((fp = fopen(path, "w")) == NULL)
		err(2, "%s", path);
	if (pnm_write(fp, pic) == -1 || fclose(fp) != 0)
		err(2, "%s", path);
}

/* giflib's input: the bytes read so far, from the memory they are in. */
struct gif_bytes {
	const uint8_t	*p;
	size_t		 len, at;
};

static int
gif_read(GifFileType *gif, GifByteType *out, int n)
{
	struct gif_bytes *in = gif->UserData;
	size_t k = (size_t)n < in->len - in->at ? (size_t)n : in->len - in->at;

	memcpy(out, in->p + in->at, k);
	in->at += k;
	return (int)k;
}

/*
 * A GIF's frames, each drawn over the ones before where it is not
 * transparent (a frame's disposal other than "leave it" is refused: the
 * GIFs fruitsolve writes have none), and the loop count of the
 * NETSCAPE2.0 extension.
 */
static void
take_gif_apart(const char *prefix, const uint8_t *p, size_t len)
{
	struct gif_bytes in = { p, len, 0 };
	GraphicsControlBlock gcb;
	struct picture pic;
	GifFileType *gif;
	SavedImage *f;
	ExtensionBlock *e;
	ColorMapObject *map;
	GifColorType *c;
	char why[160];
	int error, n, k, x, y, loop = -1;
	uint8_t v;

	if ((gif = DGifOpen(&in, gif_read, &error)) == NULL ||
	    DGifSlurp(gif) == GIF_ERROR)
		errx(2, "stdin: not a GIF giflib reads: %s",
		    GifErrorString(gif != NULL ? gif->Error : error));
	if (picture_new(&pic, (size_t)gif->SWidth, (size_t)gif->SHeight, why,
	    sizeof(why)) == -1)
		errx(2, "stdin: %s", why);
	for (n = 0; n < gif->ImageCount; n++) {
		f = &gif->SavedImages[n];
		for (k = 0; k + 1 < f->ExtensionBlockCount; k++) {
			e = &f->ExtensionBlocks[k];
			if (e->Function == APPLICATION_EXT_FUNC_CODE &&
			    e->ByteCount == 11 &&
			    memcmp(e->Bytes, "NETSCAPE2.0", 11) == 0 &&
			    e[1].ByteCount == 3 && e[1].Bytes[0] == 1)
				loop = e[1].Bytes[1] | e[1].Bytes[2] << 8;
		}
		if (DGifSavedExtensionToGCB(gif, n, &gcb) == GIF_ERROR)
			errx(2, "frame %d: no graphics control block", n + 1);
		if (gcb.DisposalMode != DISPOSE_DO_NOT &&
		    gcb.DisposalMode != DISPOSAL_UNSPECIFIED)
			errx(2, "frame %d: disposal %d", n + 1,
			    gcb.DisposalMode);
		map = f->ImageDesc.ColorMap != NULL ? f->ImageDesc.ColorMap :
		    gif->SColorMap;
		if (map == NULL || f->ImageDesc.Left + f->ImageDesc.Width >
		    gif->SWidth || f->ImageDesc.Top + f->ImageDesc.Height >
		    gif->SHeight)
			errx(2, "frame %d: no colours, or off the screen",
			    n + 1);
		for (y = 0; y < f->ImageDesc.Height; y++)
			for (x = 0; x < f->ImageDesc.Width; x++) {
				v = f->RasterBits[y * f->ImageDesc.Width + x];
				if (v == gcb.TransparentColor)
					continue;
				if (v >= map->ColorCount)
					errx(2, "frame %d: colour %d of %d",
					    n + 1, v, map->ColorCount);
				c = &map->Colors[v];
				memcpy(pic.rgb + 3 * ((size_t)(f->ImageDesc.Top +
				    y) * pic.w + (size_t)(f->ImageDesc.Left + x)),
				    (uint8_t[3]){ c->Red, c->Green, c->Blue }, 3);
			}
		write_frame(prefix, n + 1, &pic);
		printf("%d %d\n", n + 1, gcb.DelayTime * 10);
	}
	if (loop >= 0)
		printf("loop %d\n", loop);
	picture_free(&pic);
	DGifCloseFile(gif, &error);
}

static void
noise(struct picture *pic, size_t w, size_t h, struct rng *g)
{
	char why[160];
	size_t i;

	if (picture_new(pic, w, h, why, sizeof(why)) == -1)
		errx(2, "%s", why);
	for (i = 0; i < w * h * 3; i++)
		pic->rgb[i] = (uint8_t)rng_below(g, 256);
}

static void
paint(struct picture *pic, long x1, long y1, long x2, long y2, int r,
    int g, int b)
{
	long x, y;
	uint8_t *p;

	for (y = y1; y < y2; y++)
		for (x = x1; x < x2; x++) {
			if (x < 0 || y < 0 || (size_t)x >= pic->w ||
			    (size_t)y >= pic->h)
				continue;
			p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
			p[0] = (uint8_t)r;
			p[1] = (uint8_t)g;
			p[2] = (uint8_t)b;
		}
}

static void
desktop(struct picture *pic, const char *spec)
{
	struct picture d;
	struct rng g;
	unsigned long w, h, x0, y0;
	size_t y, i;
	long cx, cy, rad, x, yy;

	if (sscanf(spec, "%lux%lu+%lu+%lu", &w, &h, &x0, &y0) != 4 ||
	    x0 + pic->w > w || y0 + pic->h > h)
		errx(2, "bad desktop: %s", spec);
	rng_seed(&g, 1);
	noise(&d, w, h, &g);
	/* Panels, a red bar like a tab or an ad, red discs of other sizes. */
	paint(&d, 0, 0, (long)w, 30, 40, 40, 48);
	paint(&d, 0, (long)h - 200, (long)w / 3, (long)h, 250, 250, 250);
	paint(&d, 10, 5, 300, 25, 220, 30, 40);
	for (i = 0; i < 12; i++) {
		cx = (long)(20 + i * 60);
		cy = (long)h - 100;
		rad = (long)(8 + i * 4);
		for (yy = -rad; yy <= rad; yy++)
			for (x = -rad; x <= rad; x++)
				if (x * x + yy * yy <= rad * rad)
					paint(&d, cx + x, cy + yy, cx + x + 1,
					    cy + yy + 1, 225, 35, 40);
	}
	for (y = 0; y < pic->h; y++)
		memcpy(d.rgb + ((y + y0) * w + x0) * 3,
		    pic->rgb + y * pic->w * 3, pic->w * 3);
	picture_free(pic);
	*pic = d;
}

/* A selection box as a browser draws one: a light blue veil, a border. */
static void
box(struct picture *pic, const char *spec)
{
	long x1, y1, w, h, x, y;
	uint8_t *p;
	int border;

	if (sscanf(spec, "%ld,%ld,%ld,%ld", &x1, &y1, &w, &h) != 4)
		errx(2, "bad box: %s", spec);
	for (y = y1; y < y1 + h; y++)
		for (x = x1; x < x1 + w; x++) {
			if (x < 0 || y < 0 || (size_t)x >= pic->w ||
			    (size_t)y >= pic->h)
				continue;
			p = pic->rgb + ((size_t)y * pic->w + (size_t)x) * 3;
			border = x < x1 + 2 || y < y1 + 2 || x >= x1 + w - 2 ||
			    y >= y1 + h - 2;
			p[0] = border ? 40 : (uint8_t)(p[0] * 0.8 + 60 * 0.2);
			p[1] = border ? 120 : (uint8_t)(p[1] * 0.8 + 140 * 0.2);
			p[2] = border ? 220 : (uint8_t)(p[2] * 0.8 + 240 * 0.2);
		}
}

/* Only the pixels of a rectangle of the picture. */
static void
cut(struct picture *pic, const char *spec)
{
	struct picture c;
	unsigned long w, h, x0, y0;
	size_t y;

	if (sscanf(spec, "%lux%lu+%lu+%lu", &w, &h, &x0, &y0) != 4 ||
	    w == 0 || h == 0 || x0 + w > pic->w || y0 + h > pic->h)
		errx(2, "bad cut: %s", spec);
	c.w = w;
	c.h = h;
	c.rgb = xreallocarray(NULL, w * h, 3);
	for (y = 0; y < h; y++)
		memcpy(c.rgb + y * w * 3, pic->rgb + ((y + y0) * pic->w + x0) *
		    3, w * 3);
	picture_free(pic);
	*pic = c;
}

/*
 * Lightness inverted: in HSL terms L becomes 1 - L, which moves every
 * channel by the same amount, 255 less the sum of the largest and the
 * smallest.
 */
static void
darken(struct picture *pic)
{
	size_t i, n = pic->w * pic->h;
	uint8_t *p;
	int hi, lo, k, shift;

	for (i = 0, p = pic->rgb; i < n; i++, p += 3) {
		hi = MAX(p[0], MAX(p[1], p[2]));
		lo = MIN(p[0], MIN(p[1], p[2]));
		shift = 255 - hi - lo;
		for (k = 0; k < 3; k++)
			p[k] = (uint8_t)(p[k] + shift);
	}
}

/* The picture as a lossy WebP of the quality given. */
static int
webp_write(FILE *fp, const struct picture *pic, int quality)
{
	uint8_t *out = NULL;
	size_t n;

	n = WebPEncodeRGB(pic->rgb, (int)pic->w, (int)pic->h,
	    (int)pic->w * 3, (float)quality, &out);
	if (n == 0)
		return -1;
	fwrite(out, 1, n, fp);
	WebPFree(out);
	return ferror(fp) ? -1 : 0;
}

/* Each pixel its luma, by the weights of BT.601. */
static void
grey(struct picture *pic)
{
	size_t i, n = pic->w * pic->h;
	uint8_t *p;

	for (i = 0, p = pic->rgb; i < n; i++, p += 3)
		p[0] = p[1] = p[2] = (uint8_t)((299 * p[0] + 587 * p[1] +
		    114 * p[2] + 500) / 1000);
}

/* The picture as a PNG of RGBA, every pixel opaque. */
static int
rgba_write(FILE *fp, const struct picture *pic)
{
	png_image im;
	uint8_t *rgba;
	size_t i, n = pic->w * pic->h;
	int ok;

	rgba = xreallocarray(NULL, n, 4);
	for (i = 0; i < n; i++) {
		memcpy(rgba + 4 * i, pic->rgb + 3 * i, 3);
		rgba[4 * i + 3] = 255;
	}
	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	im.width = (png_uint_32)pic->w;
	im.height = (png_uint_32)pic->h;
	im.format = PNG_FORMAT_RGBA;
	ok = png_image_write_to_stdio(&im, fp, 0, rgba, 0, NULL);
	free(rgba);
	return ok && !ferror(fp) ? 0 : -1;
}

/*
 * The picture as a JPEG stored turned, with an EXIF block after the
 * JFIF one holding the orientation tag alone: a big-endian TIFF header,
 * one directory of one entry, a SHORT.
 */
static int
turned_jpeg_write(FILE *fp, struct picture *pic, int orientation,
    int quality)
{
	static const uint8_t exif[] = { 0xff, 0xe1, 0, 34, 'E', 'x', 'i',
	    'f', 0, 0, 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3,
	    0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 };
	uint8_t tag[sizeof(exif)], *jpeg = NULL;
	size_t len = 0, head;
	FILE *mem;

	if (orientation < 2 || orientation > 8)
		errx(2, "bad orientation: %d", orientation);
	/* Stored turned back: 6 and 8 undo each other, the rest themselves. */
	picture_orient(pic, orientation == 6 ? 8 : orientation == 8 ? 6 :
	    orientation);
	if ((mem = open_memstream((char **)&jpeg, &len)) == NULL ||
	    jpeg_write(mem, pic, quality, 0) == -1 || fclose(mem) == EOF)
		return -1;
	memcpy(tag, exif, sizeof(tag));
	tag[29] = (uint8_t)orientation;
	/* After SOI and the APP0 (JFIF) segment, when there is one. */
	head = 2;
	if (len > 6 && jpeg[2] == 0xff && jpeg[3] == 0xe0)
		head = 4 + ((size_t)jpeg[4] << 8 | jpeg[5]);
	if (head > len)
		head = 2;
	fwrite(jpeg, 1, head, fp);
	fwrite(tag, 1, sizeof(tag), fp);
	fwrite(jpeg + head, 1, len - head, fp);
	free(jpeg);
	return ferror(fp) ? -1 : 0;
}

int
main(int argc, char *argv[])
{
	struct picture pic;
	struct rng g;
	const char *out = "ppm", *dspec = NULL, *bspec = NULL, *nspec = NULL;
	const char *cspec = NULL;
	unsigned long w, h;
	struct picture small;
	double scale = 1;
	int ch, quality = 75, rv, dark = 0, grey_out = 0, orientation = 1;

	while ((ch = getopt(argc, argv, "A:b:c:DGd:m:N:o:q:r:s:")) != -1)
		switch (ch) {
		case 'A':
			take_apart(optarg);
			finish_stdout();
			return 0;
		case 'm':
			difference(optarg);
			finish_stdout();
			return 0;
		case 'b': bspec = optarg; break;
		case 'c': cspec = optarg; break;
		case 'D': dark = 1; break;
		case 'G': grey_out = 1; break;
		case 'd': dspec = optarg; break;
		case 'N': nspec = optarg; break;
		case 'o': out = optarg; break;
		case 'q': quality = atoi(optarg); break;
		case 'r': orientation = atoi(optarg); break;
		case 's': scale = atof(optarg); break;
		default:
			fprintf(stderr, "usage: fruit-picture [-A prefix] [-m file] [-b box] [-c cut] [-D] [-G] "
			    "[-d desktop] [-N size] [-o format] [-q quality] "
			    "[-r orientation] [-s scale]\n");
			return 2;
		}
	if (nspec != NULL) {
		if (sscanf(nspec, "%lux%lu", &w, &h) != 2)
			errx(2, "bad size: %s", nspec);
		rng_seed(&g, 2);
		noise(&pic, w, h, &g);
	} else
		read_stdin(&pic);
	if (scale < 1) {
		if (scale <= 0 || picture_shrink(&pic, scale, &small) == -1)
			errx(2, "bad scale: %g", scale);
		picture_free(&pic);
		pic = small;
	}
	if (cspec != NULL)
		cut(&pic, cspec);
	if (dspec != NULL)
		desktop(&pic, dspec);
	if (bspec != NULL)
		box(&pic, bspec);
	if (dark)
		darken(&pic);
	if (grey_out)
		grey(&pic);
	if (strcmp(out, "png") == 0)
		rv = png_write(stdout, &pic);
	else if (strcmp(out, "rgba") == 0)
		rv = rgba_write(stdout, &pic);
	else if (strcmp(out, "cmyk") == 0)
		rv = jpeg_write(stdout, &pic, quality, 1);
	else if (strcmp(out, "jpeg") == 0 && orientation != 1)
		rv = turned_jpeg_write(stdout, &pic, orientation, quality);
	else if (strcmp(out, "jpeg") == 0)
		rv = jpeg_write(stdout, &pic, quality, 0);
	else if (strcmp(out, "webp") == 0)
		rv = webp_write(stdout, &pic, quality);
	else
		rv = pnm_write(stdout, &pic);
	if (rv == -1)
		errx(2, "write error");
	picture_free(&pic);
	finish_stdout();
	return 0;
}
