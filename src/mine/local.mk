# mine-reveal: Minesweeper actions applied to boards, and random boards.
bin_PROGRAMS += mine-reveal
mine_reveal_SOURCES = \
	src/mine/board.c \
	src/mine/gen.c \
	src/mine/main.c \
	src/mine/mbf.c \
	src/mine/mine.h \
	src/mine/parse.c \
	src/mine/reveal.c
