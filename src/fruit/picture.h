/*
 * picture.h: images decoded to 8-bit RGB, one small interface in front
 * of one file per format (png.c, jpeg.c, pnm.c), and the stages that
 * turn a screenshot into a board (image.c finds the grid, digits.c
 * reads the cells) or a board into a picture (draw.c).
 */

#ifndef PICTURE_H
#define PICTURE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fruit.h"

#define PICTURE_MAX_SIDE	32768		/* pixels, either way */
#define PICTURE_MAX_PIXELS	(64UL << 20)	/* 64 megapixels */

struct picture {
	size_t		 w;
	size_t		 h;
	uint8_t		*rgb;		/* w * h * 3 bytes, row by row */
	int		 turned;	/* stored otherwise: EXIF orientation */
	int		 cmyk;		/* a JPEG in CMYK, made RGB */
};

enum picture_type { NOT_PICTURE, PNG, JPEG, PNM, WEBP, UNREAD };

/*
 * Each decoder returns 0 with pic filled in, or -1 with why set to a
 * short reason; picture_new checks the size before allocating.
 *
 * picture_decode_until shows a large picture that is read row by row
 * (PNG, not interlaced) to enough() when half and when three
 * quarters of its rows are read, as a picture of those rows alone; if
 * enough() returns 1 the rest is not decoded, its rows are left black,
 * and the call returns 1.
 */
typedef int	(*picture_enough)(const struct picture *, void *);

#define PICTURE_EARLY_PIXELS	(2UL << 20)	/* "large", for enough() */

enum picture_type picture_type(const uint8_t *, size_t);
int	 picture_decode(const uint8_t *, size_t, struct picture *, char *,
	    size_t);
int	 picture_decode_until(const uint8_t *, size_t, struct picture *,
	    picture_enough, void *, char *, size_t);
int	 picture_new(struct picture *, size_t, size_t, char *, size_t);
void	 picture_free(struct picture *);
int	 picture_shrink(const struct picture *, double, struct picture *);
void	 picture_orient(struct picture *, int);
void	 picture_compose(struct picture *, const uint8_t *, size_t, size_t);
const char *picture_unread(const uint8_t *, size_t);
int	 webp_decode(const uint8_t *, size_t, struct picture *, char *,
	    size_t);
int	 picture_has_colour(const struct picture *);
int	 png_decode(const uint8_t *, size_t, struct picture *, picture_enough,
	    void *, char *, size_t);
int	 jpeg_decode(const uint8_t *, size_t, struct picture *, char *,
	    size_t);
int	 pnm_decode(const uint8_t *, size_t, struct picture *, char *, size_t);

/* Writers, for pictures of boards; 0 or -1 on a write error. */
int	 png_write(FILE *, const struct picture *);
int	 png_encode(const struct picture *, uint8_t **, size_t *);
int	 jpeg_write(FILE *, const struct picture *, int, int);
int	 pnm_write(FILE *, const struct picture *);
struct webp_anim *webp_anim_new(size_t, size_t);
void	 webp_anim_add(struct webp_anim *, const struct picture *, int);
int	 webp_anim_write(struct webp_anim *, FILE *);
size_t	 quantize(const uint8_t *, size_t, size_t, uint8_t *, uint8_t *);
struct gif_anim *gif_anim_new(FILE *, size_t, size_t);
void	 gif_anim_add(struct gif_anim *, const struct picture *, int);
int	 gif_anim_end(struct gif_anim *);

#define DIGIT_SIDE	16		/* a digit is sampled DIGIT_SIDE square */
#define DIGIT_MAX_DISTANCE 48	/* mean difference per sample, of 255,
					   farthest a digit is read at */

/* What one cell looks like. */
struct cell_look {
	uint8_t		 ink[DIGIT_SIDE * DIGIT_SIDE];	/* 0 red .. 255 white */
	unsigned int	 aspect;	/* digit width / height, percent */
	unsigned int	 height;	/* digit height, percent of the pitch;
					   0 when no white digit is seen */
	unsigned int	 red;		/* pixels of apple red, per mille */
	unsigned int	 yellow;	/* pixels of ring yellow or orange, per mille */
};

/*
 * image.c: find the board; 0, or -1 with why set, or IMAGE_NO_GRID
 * (why set too) when the picture shows no grid of apples at all: a
 * photo, not a screenshot of the game that could not be read.
 */
#define IMAGE_NO_GRID	(-2)
int	 image_grid(const struct picture *, struct grid *, char *, size_t);
void	 image_look(const struct picture *, const struct grid *, int, int,
	    struct cell_look *);
int	 image_board(const struct picture *, struct board *, struct grid *,
	    char *, size_t);

/*
 * digits.c: what one cell holds, 0 for cleared, -1 when unsure, against
 * the templates of one font (DIGIT_ANY_FONT: all); digit_font tells
 * which font a picture's cells are nearer, all together.
 */
#define DIGIT_GAME_FONT	0	/* the game's own */
#define DIGIT_OWN_FONT	1	/* what fruitsolve draws */
#define DIGIT_ANY_FONT	(-1)
struct digit_template {
	uint8_t		 digit;
	uint8_t		 font;
	uint8_t		 ink[DIGIT_SIDE * DIGIT_SIDE];
};
struct digit_match {
	int		 digit;		/* 1..9, 0 cleared, -1 unsure */
	unsigned int	 distance;	/* to the nearest template */
	unsigned int	 second;	/* to the nearest of another digit */
	char		 why[64];	/* when unsure */
};
extern const struct digit_template digit_templates[];
extern const size_t digit_ntemplates;
unsigned int digit_distance(const struct cell_look *,
	    const struct digit_template *);
int	 digit_present(const struct cell_look *);
void	 digit_read(const struct cell_look *, int, struct digit_match *);
void	 digit_read_with(const struct cell_look *,
	    const struct digit_template *, size_t, int, struct digit_match *);
void	 digit_nearest(const struct cell_look *,
	    const struct digit_template *, size_t, int, unsigned int [10]);
unsigned int digit_nearest_but(const unsigned int [10], int);
int	 digit_font(const struct cell_look *, size_t);

/*
 * draw.c: a board as the game draws it, at a scale, and where its cells
 * are; a string of digits
 * in fruitsolve's stroke font, centred on a point, of a height in pixels.
 */
void	 draw_board(const struct board *, double, struct picture *,
	    struct grid *);
void	 draw_digits(struct picture *, double, double, double, const char *,
	    const uint8_t *);

/* render.c: a plan painted into the picture of its board. */
void	 render_picture(struct picture *, const struct board *,
	    const struct plan *, const struct plan_view *);

#endif /* PICTURE_H */
