/*
 * gif.c: a plan as an animated GIF (giflib), for the apps and sites that
 * play a GIF but not an animated WebP.  A GIF frame holds 256 colours,
 * so its pixels are near the ones drawn, not always the very ones: the
 * first frame is the whole picture reduced to 256 colours (quantize.c);
 * each later one holds only the pixels that changed from the frame
 * before, in the smallest rectangle around them, with 255 colours of
 * their own (exact when they have no more), the rest of the rectangle
 * transparent, so that what is unchanged stays as it was shown.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "gf.h"
#include "picture.h"

/* The colour a later frame's unchanged pixels are: transparent. */
#define GIF_UNCHANGED	255

/* An animation being written: the frame shown before the next one. */
struct gif_anim {
	GifFileType	*gif;
	FILE		*fp;
	size_t		 w, h;
	uint8_t		*shown;		/* the last frame's pixels, drawn */
	uint8_t		*changed;	/* the pixels that changed */
	uint8_t		*index;		/* each pixel's colour, by the box */
	uint8_t		*got;		/* the colour of each changed one */
	int		 frames;
	int		 failed;	/* a write failed */
};

static int	 gif_out(GifFileType *, const GifByteType *, int);
static void	 gif_check(struct gif_anim *, int);
static int	 changed_box(const struct gif_anim *, const struct picture *,
		    size_t *);
static void	 put_frame(struct gif_anim *, const struct picture *,
		    const size_t *, int);

/* giflib's output: the bytes to the animation's stream. */
static int
gif_out(GifFileType *gif, const GifByteType *p, int n)
{
	struct gif_anim *a = gif->UserData;

	return (int)fwrite(p, 1, (size_t)n, a->fp);
}

/*
 * What a call of giflib returned: a write that failed (giflib says
 * "disk full" when fwrite wrote less) is remembered and ends the
 * writing; any other failure (memory) ends the program.
 */
static void
gif_check(struct gif_anim *a, int rv)
{
	if (rv != GIF_ERROR)
		return;
	if (a->gif->Error == E_GIF_ERR_WRITE_FAILED ||
	    a->gif->Error == E_GIF_ERR_DISK_IS_FULL) {
		a->failed = 1;
		return;
	}
	errx(GF_EXIT_ERROR, "giflib: %s", GifErrorString(a->gif->Error));
}

/*
 * A new animation of pictures w x h (each within PICTURE_MAX_SIDE, below
 * the 65535 a side GIF holds), written to fp as it is made, which loops
 * for ever.
 */
struct gif_anim *
gif_anim_new(FILE *fp, size_t w, size_t h)
{
	static const GifByteType loop[] = { 1, 0, 0 };
	struct gif_anim *a;
	int error;

	a = xcalloc(1, sizeof(*a));
	a->fp = fp;
	a->w = w;
	a->h = h;
	/* picture_new bounds w * h: its products do not overflow. */
	a->shown = xreallocarray(NULL, w * h, 3);
	a->changed = xreallocarray(NULL, w * h, 3);
	a->index = xreallocarray(NULL, w, h);
	a->got = xreallocarray(NULL, w, h);
	if ((a->gif = EGifOpen(a, gif_out, &error)) == NULL)
		errx(GF_EXIT_ERROR, "giflib: %s", GifErrorString(error));
	/* Frame delays, transparency and looping are GIF89a's. */
	EGifSetGifVersion(a->gif, true);
	gif_check(a, EGifPutScreenDesc(a->gif, (int)w, (int)h, 8, 0, NULL));
	if (a->failed)
		return a;
	/* The NETSCAPE2.0 extension every player knows: 0, for ever. */
	gif_check(a, EGifPutExtensionLeader(a->gif,
	    APPLICATION_EXT_FUNC_CODE));
	if (!a->failed)
		gif_check(a, EGifPutExtensionBlock(a->gif, 11,
		    "NETSCAPE2.0"));
	if (!a->failed)
		gif_check(a, EGifPutExtensionBlock(a->gif, sizeof(loop),
		    loop));
	if (!a->failed)
		gif_check(a, EGifPutExtensionTrailer(a->gif));
	return a;
}

/*
 * The box (left, top, right, bottom, inclusive) of the pixels of pic
 * that differ from the frame shown; 0 if none does.
 */
static int
changed_box(const struct gif_anim *a, const struct picture *pic,
    size_t *box)
{
	size_t x, y, row = a->w * 3;
	const uint8_t *p, *q;
	int any = 0;

	box[0] = a->w;
	box[1] = a->h;
	box[2] = box[3] = 0;
	for (y = 0; y < a->h; y++) {
		p = pic->rgb + y * row;
		q = a->shown + y * row;
		if (memcmp(p, q, row) == 0)
			continue;
		for (x = 0; x < a->w; x++)
			if (memcmp(p + 3 * x, q + 3 * x, 3) != 0) {
				box[0] = x < box[0] ? x : box[0];
				box[2] = x > box[2] ? x : box[2];
			}
		box[1] = y < box[1] ? y : box[1];
		box[3] = y;
		any = 1;
	}
	return any;
}

/*
 * Frame number a->frames of pic, the rectangle box of it: the pixels
 * that changed (all of the first frame) reduced to a colour map of
 * their own, the others transparent; shown for ms milliseconds.
 */
static void
put_frame(struct gif_anim *a, const struct picture *pic, const size_t *box,
    int ms)
{
	GraphicsControlBlock gcb;
	GifColorType colour[256];
	ColorMapObject *map;
	GifByteType ext[4];
	uint8_t palette[3 * 256];
	size_t bw = box[2] - box[0] + 1, bh = box[3] - box[1] + 1;
	size_t x, y, n = 0, k = 0, ncolour;
	const uint8_t *p;

	/* The changed pixels gathered; the others transparent in index. */
	for (y = box[1]; y <= box[3]; y++)
		for (x = box[0]; x <= box[2]; x++, k++) {
			p = pic->rgb + 3 * (y * a->w + x);
			a->index[k] = GIF_UNCHANGED;
			if (a->frames > 0 && memcmp(p, a->shown + 3 * (y *
			    a->w + x), 3) == 0)
				continue;
			memcpy(a->changed + 3 * n++, p, 3);
			a->index[k] = 0;
		}
	ncolour = quantize(a->changed, n, a->frames == 0 ? 256 : 255,
	    palette, a->got);
	memset(colour, 0, sizeof(colour));
	for (k = 0; k < ncolour; k++) {
		colour[k].Red = palette[3 * k];
		colour[k].Green = palette[3 * k + 1];
		colour[k].Blue = palette[3 * k + 2];
	}
	/* The first frame has no transparency: every pixel changed. */
	for (k = 0, n = 0; k < bw * bh; k++)
		if (a->frames == 0 || a->index[k] != GIF_UNCHANGED)
			a->index[k] = a->got[n++];
	memset(&gcb, 0, sizeof(gcb));
	gcb.DisposalMode = DISPOSE_DO_NOT;
	gcb.DelayTime = ms / 10;
	gcb.TransparentColor = a->frames == 0 ? NO_TRANSPARENT_COLOR :
	    GIF_UNCHANGED;
	EGifGCBToExtension(&gcb, ext);
	if ((map = GifMakeMapObject(256, colour)) == NULL)
		errx(GF_EXIT_ERROR, "giflib: out of memory");
	gif_check(a, EGifPutExtension(a->gif, GRAPHICS_EXT_FUNC_CODE,
	    sizeof(ext), ext));
	if (!a->failed)
		gif_check(a, EGifPutImageDesc(a->gif, (int)box[0],
		    (int)box[1], (int)bw, (int)bh, false, map));
	for (y = 0; y < bh && !a->failed; y++)
		gif_check(a, EGifPutLine(a->gif, a->index + y * bw, (int)bw));
	GifFreeMapObject(map);
}

/*
 * Add pic, of the animation's size, shown for ms milliseconds (GIF
 * counts hundredths of a second).  A frame that changes nothing is one
 * transparent pixel, there for its time.
 */
void
gif_anim_add(struct gif_anim *a, const struct picture *pic, int ms)
{
	size_t box[4] = { 0, 0, 0, 0 };

	if (pic->w != a->w || pic->h != a->h)
		abort();	/* every frame is drawn on the same picture */
	if (a->failed)
		return;
	if (a->frames == 0) {
		box[2] = a->w - 1;
		box[3] = a->h - 1;
	} else if (!changed_box(a, pic, box))
		box[0] = box[1] = box[2] = box[3] = 0;
	put_frame(a, pic, box, ms);
	memcpy(a->shown, pic->rgb, a->w * a->h * 3);
	a->frames++;
}

/* End the animation and free it; -1 if a write failed. */
int
gif_anim_end(struct gif_anim *a)
{
	int error, failed = a->failed;

	if (EGifCloseFile(a->gif, &error) == GIF_ERROR &&
	    (error == E_GIF_ERR_WRITE_FAILED ||
	    error == E_GIF_ERR_DISK_IS_FULL))
		failed = 1;
	free(a->shown);
	free(a->changed);
	free(a->index);
	free(a->got);
	free(a);
	return failed ? -1 : 0;
}
