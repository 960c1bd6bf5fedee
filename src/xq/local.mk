# xq-bitpack: Xiangqi game records packed into short links.
# A perft counter for the tests and the benchmark.
noinst_PROGRAMS += xq-perft
xq_perft_SOURCES = \
	src/xq/board.c \
	src/xq/movegen.c \
	src/xq/perft.c \
	src/xq/xq.h

TESTS += tests/xq-bitpack.bats
EXTRA_DIST += tests/xq-bitpack.bats
