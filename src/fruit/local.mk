# fruitsolve: Fruit Box boards, rectangles of 10 and planned games.
bin_PROGRAMS += fruitsolve
fruitsolve_SOURCES = \
	src/fruit/board.c \
	src/fruit/fruit.h \
	src/fruit/gen.c \
	src/fruit/greedy.c \
	src/fruit/main.c \
	src/fruit/movegen.c \
	src/fruit/nrpa.c \
	src/fruit/plan.c \
	src/fruit/rects.c \
	src/fruit/render.c \
	src/fruit/replay.c
dist_man_MANS += man/fruitsolve.1 man/fruit-board.5
dist_bashcomp_DATA += completions/bash/fruitsolve.bash
dist_zshcomp_DATA += completions/zsh/_fruitsolve
dist_fishcomp_DATA += completions/fish/fruitsolve.fish
TESTS += tests/fruitsolve.bats tests/fruitsolve-plan.bats
EXTRA_DIST += \
	tests/fruitsolve.bats \
	tests/fruitsolve-plan.bats \
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
	fuzz/fruitsolve-board.c \
	fuzz/fruitsolve-replay.c
