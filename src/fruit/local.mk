# fruitsolve: Fruit Box boards, rectangles of 10 and planned games.
bin_PROGRAMS += fruitsolve
fruitsolve_SOURCES = \
	src/fruit/board.c \
	src/fruit/fruit.h \
	src/fruit/gen.c \
	src/fruit/main.c \
	src/fruit/movegen.c \
	src/fruit/plan.c \
	src/fruit/rects.c \
	src/fruit/render.c \
	src/fruit/replay.c
