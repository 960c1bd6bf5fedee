/* fuzz-sources: src/fruit/picture.c src/fruit/png.c src/fruit/jpeg.c src/fruit/pnm.c src/fruit/webp.c src/fruit/image.c src/fruit/digits.c src/fruit/digit-templates.c src/fruit/board.c */
/*
 * Fuzz the screenshot path with any bytes: the PNG, JPEG and netpbm
 * decoders behind picture_decode, then the board finder and the digit
 * reader.  What is checked, beyond the sanitizers:
 *	- a decoded picture is within the documented limits, and (when
 *	  small) written as PNG and read back it is the same pixels;
 *	- a refusal says why;
 *	- a board read is 17 x 10, each cell 0 to 9, summing to a multiple
 *	  of 10, on a grid of positive pitch, and reading it again gives
 *	  the same board;
 *	- a large picture decoded until enough() says stop (at the half or
 *	  at three quarters, as the input's last byte says) showed enough()
 *	  the same rows as the whole decoding, and is black below them.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "fruit.h"
#include "picture.h"

#define ROUND_TRIP_PIXELS	(1UL << 20)

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 check_round_trip(const struct picture *);
static int	 stop_at(const struct picture *, void *);
static void	 check_early(const uint8_t *, size_t, const struct picture *);
static void	 check_board(const struct picture *);

/* Written as PNG and read back, a picture is the same pixels. */
static void
check_round_trip(const struct picture *pic)
{
	struct picture back;
	uint8_t *png;
	size_t len;
	char why[160];

	if (pic->w * pic->h > ROUND_TRIP_PIXELS)
		return;
	if (png_encode(pic, &png, &len) == -1)
		abort();
	if (picture_decode(png, len, &back, why, sizeof(why)) == -1 ||
	    back.w != pic->w || back.h != pic->h ||
	    memcmp(back.rgb, pic->rgb, pic->w * pic->h * 3) != 0)
		abort();
	picture_free(&back);
	free(png);
}

static void
check_board(const struct picture *pic)
{
	struct board b, again;
	struct grid g, g2;
	char why[160], why2[160];
	size_t i, sum;
	int rv;

	why[0] = '\0';
	rv = image_board(pic, &b, &g, why, sizeof(why));
	if (rv == -1 || rv == IMAGE_NO_GRID) {
		if (why[0] == '\0')
			abort();
		return;
	}
	if (b.rows != 10 || b.cols != 17 || !(g.dx > 0) || !(g.dy > 0) ||
	    !isfinite(g.x0) || !isfinite(g.y0))
		abort();
	for (i = sum = 0; i < b.rows * b.cols; i++) {
		if (b.cell[i] > 9)
			abort();
		sum += b.cell[i];
	}
	if (sum % FRUIT_TARGET != 0)
		abort();
	if (image_board(pic, &again, &g2, why2, sizeof(why2)) != 0 ||
	    memcmp(again.cell, b.cell, b.rows * b.cols) != 0)
		abort();
	board_free(&again);
	board_free(&b);
}

struct stop {
	const struct picture	*whole;
	int			 at;	/* stop at the at-th showing, from 0 */
	size_t			 rows;	/* the rows shown when it stopped */
};

static int
stop_at(const struct picture *part, void *arg)
{
	struct stop *st = arg;

	if (part->w != st->whole->w || part->h >= st->whole->h ||
	    memcmp(part->rgb, st->whole->rgb, part->w * part->h * 3) != 0)
		abort();
	if (st->at-- > 0)
		return 0;
	st->rows = part->h;
	return 1;
}

static void
check_early(const uint8_t *data, size_t size, const struct picture *whole)
{
	struct picture pic;
	struct stop st;
	char why[160];
	size_t i, n;
	int rv;

	st.whole = whole;
	st.at = data[size - 1] % 2;
	st.rows = 0;
	rv = picture_decode_until(data, size, &pic, stop_at, &st, why,
	    sizeof(why));
	if (rv == -1 || pic.w != whole->w || pic.h != whole->h)
		abort();
	if (rv == 1) {
		n = pic.w * pic.h * 3;
		for (i = st.rows * pic.w * 3; i < n; i++)
			if (pic.rgb[i] != 0)
				abort();
	} else if (memcmp(pic.rgb, whole->rgb, pic.w * pic.h * 3) != 0)
		abort();
	picture_free(&pic);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct picture pic;
	char why[160];

	why[0] = '\0';
	if (picture_decode(data, size, &pic, why, sizeof(why)) == -1) {
		if (why[0] == '\0')
			abort();
		return 0;
	}
	if (pic.w == 0 || pic.h == 0 || pic.w > PICTURE_MAX_SIDE ||
	    pic.h > PICTURE_MAX_SIDE || pic.w * pic.h > PICTURE_MAX_PIXELS)
		abort();
	check_round_trip(&pic);
	if (pic.w * pic.h >= PICTURE_EARLY_PIXELS)
		check_early(data, size, &pic);
	check_board(&pic);
	picture_free(&pic);
	return 0;
}
