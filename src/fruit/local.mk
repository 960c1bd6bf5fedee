# fruitsolve: Fruit Box boards, rectangles of 10 and planned games.
bin_PROGRAMS += fruitsolve
# The picture stages, shared with fruit-templates.
fruit_picture_sources = \
	src/fruit/digit-templates.c \
	src/fruit/digits.c \
	src/fruit/image.c \
	src/fruit/jpeg.c \
	src/fruit/picture.c \
	src/fruit/picture.h \
	src/fruit/png.c \
	src/fruit/pnm.c \
	src/fruit/webp.c
fruit_picture_cflags = $(AM_CFLAGS) $(LIBPNG_CFLAGS) $(LIBJPEG_CFLAGS) \
    $(LIBEXIF_CFLAGS) $(LIBWEBP_CFLAGS)
fruit_picture_libs = $(LDADD) $(LIBPNG_LIBS) $(LIBJPEG_LIBS) $(LIBEXIF_LIBS) \
    $(LIBWEBP_LIBS)
fruitsolve_SOURCES = \
	$(fruit_picture_sources) \
	src/fruit/board.c \
	src/fruit/draw.c \
	src/fruit/fruit.h \
	src/fruit/gen.c \
	src/fruit/gif.c \
	src/fruit/greedy.c \
	src/fruit/input.c \
	src/fruit/main.c \
	src/fruit/movegen.c \
	src/fruit/nrpa.c \
	src/fruit/plan.c \
	src/fruit/polish.c \
	src/fruit/quantize.c \
	src/fruit/rects.c \
	src/fruit/render.c \
	src/fruit/replay.c
fruitsolve_CFLAGS = $(fruit_picture_cflags) $(LIBGIF_CFLAGS)
fruitsolve_LDADD = $(fruit_picture_libs) $(LIBGIF_LIBS) $(LIBZIP_LIBS)
# fruit-templates remakes src/fruit/digit-templates.c from the real
# screenshots in SHOTS (each NAME.png beside its NAME.board) and from
# boards fruitsolve draws itself at several scales:
#	make fruit-digit-templates SHOTS=../shared/fruitbox-screens
EXTRA_PROGRAMS += fruit-templates
fruit_templates_SOURCES = \
	$(fruit_picture_sources) \
	src/fruit/board.c \
	src/fruit/fruit.h \
	src/fruit/templates.c
fruit_templates_CFLAGS = $(fruit_picture_cflags)
fruit_templates_LDADD = $(fruit_picture_libs)
dist_man_MANS += man/fruitsolve.1 man/fruit-board.5
dist_bashcomp_DATA += completions/bash/fruitsolve.bash
dist_zshcomp_DATA += completions/zsh/_fruitsolve
dist_fishcomp_DATA += completions/fish/fruitsolve.fish
# The test suite's image editor (tests/fruit-picture.c).
check_PROGRAMS += fruit-picture
fruit_picture_SOURCES = $(fruit_picture_sources) src/fruit/board.c \
	tests/fruit-picture.c
fruit_picture_CFLAGS = $(fruit_picture_cflags) $(LIBWEBPDEMUX_CFLAGS) \
    $(LIBGIF_CFLAGS) \
    -I$(top_srcdir)/src/fruit
fruit_picture_LDADD = $(fruit_picture_libs) $(LIBWEBPDEMUX_LIBS) \
    $(LIBGIF_LIBS)
# The test suite's way into the planner's mending (tests/fruit-polish.c).
check_PROGRAMS += fruit-polish
fruit_polish_SOURCES = src/fruit/board.c src/fruit/fruit.h \
	src/fruit/greedy.c src/fruit/movegen.c src/fruit/nrpa.c \
	src/fruit/plan.c src/fruit/polish.c src/fruit/rects.c \
	src/fruit/replay.c tests/fruit-polish.c
fruit_polish_CFLAGS = $(AM_CFLAGS) -I$(top_srcdir)/src/fruit
TESTS += tests/fruitsolve.bats tests/fruitsolve-image.bats \
	tests/fruitsolve-plan.bats
EXTRA_DIST += \
	tests/fruitsolve.bats \
	tests/fruitsolve-image.bats \
	tests/fruitsolve-plan.bats \
	bench/fruitimage.sh \
	tests/data/fruitsolve/README \
	tests/data/fruitsolve/bad.in \
	tests/data/fruitsolve/badmove.in \
	tests/data/fruitsolve/badmove.out \
	tests/data/fruitsolve/forms.in \
	tests/data/fruitsolve/forms.out \
	tests/data/fruitsolve/list.in \
	tests/data/fruitsolve/list.out \
	tests/data/fruitsolve/moves.in \
	tests/data/fruitsolve/moves.out \
	examples/fruit-board.txt \
	examples/fruit-small.txt \
	bench/fruitsolve.sh \
	bench/fruit-digit-bound.c \
	bench/fruit-exact.c \
	bench/fruit-small.sh \
	fuzz/fruitsolve-board.c \
	fuzz/fruitsolve-image.c \
	fuzz/fruitsolve-replay.c \
	fuzz/seeds/fruitsolve-main \
	tests/data/fruitsolve-image/README \
	tests/data/fruitsolve-image/board-0.25.jpg \
	tests/data/fruitsolve-image/board-0.5.png \
	tests/data/fruitsolve-image/noise.png \
	tests/data/fruitsolve-image/noise.ppm

SHOTS = ../shared/fruitbox-screens
fruit_drawn_scales = 0.5 0.55 0.6 0.65 0.7 0.75 0.8 0.85 0.9 0.95 1 1.1 1.25 1.5 1.75 2 2.5
fruit-digit-templates: fruitsolve$(EXEEXT) fruit-templates$(EXEEXT)
	rm -rf fruit-drawn && mkdir fruit-drawn
	seed=0; for s in $(fruit_drawn_scales); do \
		seed=$$((seed + 1)); \
		./fruitsolve -g 1 -S $$seed | sed '3s/[1-4]/./g' \
		    >fruit-drawn/$$s.board && \
		./fruitsolve -R -f ppm --scale $$s fruit-drawn/$$s.board \
		    >fruit-drawn/$$s.ppm || exit 1; \
	done
	./fruit-templates $(SHOTS)/*.png -- \
	    fruit-drawn/*.ppm >fruit-templates.out
	mv fruit-templates.out $(srcdir)/src/fruit/digit-templates.c
	rm -rf fruit-drawn
.PHONY: fruit-digit-templates
CLEANFILES += fruit-templates$(EXEEXT)
