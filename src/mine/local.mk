# mine-reveal: Minesweeper actions applied to boards, and random boards.
bin_PROGRAMS += mine-reveal
mine_reveal_SOURCES = \
	src/mine/board.c \
	src/mine/endgame.c \
	src/mine/gen.c \
	src/mine/guess.c \
	src/mine/main.c \
	src/mine/mbf.c \
	src/mine/mine.h \
	src/mine/parse.c \
	src/mine/play.c \
	src/mine/rawvf.c \
	src/mine/replay.c \
	src/mine/reveal.c \
	src/mine/solve.c \
	src/mine/stats.c \
	src/mine/stats.h \
	src/mine/zini.c
mine_reveal_LDADD = $(LDADD) $(LIBZIP_LIBS)
dist_man_MANS += man/mine-reveal.1 man/mine-board.5
dist_bashcomp_DATA += completions/bash/mine-reveal.bash
dist_zshcomp_DATA += completions/zsh/_mine-reveal
dist_fishcomp_DATA += completions/fish/mine-reveal.fish
TESTS += tests/mine-reveal.bats tests/mine-reveal-solve.bats
EXTRA_DIST += \
	tests/mine-reveal.bats \
	tests/mine-reveal-solve.bats \
	tests/data/mine-reveal/golf-3bv.in \
	tests/data/mine-reveal/endgame.in \
	tests/data/mine-reveal/endgame-brute.py \
	tests/data/mine-reveal/fifty.view \
	tests/data/mine-reveal/stats.in \
	tests/data/mine-reveal/stats.out \
	tests/data/mine-reveal/stats-brute.py \
	tests/data/mine-reveal/README \
	tests/data/mine-reveal/chord-short.in \
	tests/data/mine-reveal/chord-short.out \
	tests/data/mine-reveal/chord-wrong.in \
	tests/data/mine-reveal/chord-wrong.out \
	tests/data/mine-reveal/flag-wall.in \
	tests/data/mine-reveal/flag-wall.out \
	tests/data/mine-reveal/lost-view.in \
	tests/data/mine-reveal/lost-view.out \
	tests/data/mine-reveal/seed1.out \
	tests/data/mine-reveal/stream.in \
	tests/data/mine-reveal/stream.out \
	tests/data/mine-reveal/won-view.out \
	tests/data/mine-reveal/won.in \
	tests/data/mine-reveal/won.out \
	examples/mine-beginner.txt \
	examples/mine-chord.txt \
	examples/mine-3bv.txt
EXTRA_DIST += \
	bench/mine-reveal.sh \
	bench/mine-solve.sh \
	bench/mine-bfs-baseline.c \
	fuzz/mine-reveal-board.c \
	fuzz/mine-reveal-boards.h \
	fuzz/mine-reveal-mbf.c \
	fuzz/mine-reveal-rawvf.c \
	fuzz/mine-reveal-stats.c \
	fuzz/seeds/mine-reveal-main \
	fuzz/seeds/mine-reveal-rawvf
