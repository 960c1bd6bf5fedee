# xq-bitpack: Xiangqi game records packed into short links.
bin_PROGRAMS += xq-bitpack
xq_bitpack_SOURCES = \
	src/xq/board.c \
	src/xq/board64.c \
	src/xq/cbf.c \
	src/xq/cbr.c \
	src/xq/dhtmlxq.c \
	src/xq/diagram.c \
	src/xq/gamefile.c \
	src/xq/gamefile.h \
	src/xq/main.c \
	src/xq/model.c \
	src/xq/movegen.c \
	src/xq/notation.c \
	src/xq/notation.h \
	src/xq/order.c \
	src/xq/pack.c \
	src/xq/pack.h \
	src/xq/pgn.c \
	src/xq/xq.h \
	src/xq/xqf.c
xq_bitpack_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(LIBXML_CFLAGS) \
	$(LIBZIP_CFLAGS)
xq_bitpack_LDADD = $(LDADD) $(JANSSON_LIBS) $(LIBXML_LIBS) $(LIBZIP_LIBS)
libgf_a_SOURCES += src/lib/rangecoder.c

# A perft counter for the tests and the benchmark.
check_PROGRAMS += xq-perft
xq_perft_SOURCES = \
	src/xq/board.c \
	src/xq/movegen.c \
	src/xq/perft.c \
	src/xq/xq.h

# Random legal games for the property tests.
check_PROGRAMS += xq-randgame
xq_randgame_SOURCES = \
	src/xq/board.c \
	src/xq/movegen.c \
	src/xq/notation.c \
	src/xq/notation.h \
	src/xq/randgame.c \
	src/xq/xq.h
xq_randgame_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
xq_randgame_LDADD = $(LDADD) $(JANSSON_LIBS)

# The program that writes src/xq/model.c from the games it was learnt
# from, which ship in tests/data; `make xq-model` writes it again, byte
# for byte (git diff shows nothing), and the tests check that it does,
# so it is built for the tests and never installed.
check_PROGRAMS += xq-train
XQ_TRAINING = $(srcdir)/tests/data/xq-bitpack/wxf-masters-hu-liu.iccs
xq-model: xq-train$(EXEEXT)
	./xq-train$(EXEEXT) $(XQ_TRAINING) >$(srcdir)/src/xq/model.c.tmp
	mv -f $(srcdir)/src/xq/model.c.tmp $(srcdir)/src/xq/model.c
.PHONY: xq-model
xq_train_SOURCES = \
	src/xq/board.c \
	src/xq/model.c \
	src/xq/movegen.c \
	src/xq/notation.c \
	src/xq/notation.h \
	src/xq/order.c \
	src/xq/pack.h \
	src/xq/train.c \
	src/xq/xq.h
xq_train_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
xq_train_LDADD = $(LDADD) $(JANSSON_LIBS)

TESTS += tests/xq-bitpack.bats
EXTRA_DIST += tests/xq-bitpack.bats

dist_man_MANS += man/xq-bitpack.1 man/xq-pack.5
dist_bashcomp_DATA += completions/bash/xq-bitpack.bash
dist_zshcomp_DATA += completions/zsh/_xq-bitpack
dist_fishcomp_DATA += completions/fish/xq-bitpack.fish
EXTRA_DIST += \
	examples/xq-game.pgn \
	examples/xq-opening.txt \
	tests/data/xq-bitpack/README \
	tests/data/xq-bitpack/ccpd-500.iccs \
	tests/data/xq-bitpack/ccpd-30.geometric \
	tests/data/xq-bitpack/ccpd-30.geometric-2 \
	tests/data/xq-bitpack/ccpd-30.iccs \
	tests/data/xq-bitpack/ccpd-30.index \
	tests/data/xq-bitpack/ccpd-30.index-2 \
	tests/data/xq-bitpack/ccpd-30.ranked \
	tests/data/xq-bitpack/ccpd-30.ranked-2 \
	tests/data/xq-bitpack/errors.err \
	tests/data/xq-bitpack/errors.in \
	tests/data/xq-bitpack/errors.out \
	tests/data/xq-bitpack/positions-0.board \
	tests/data/xq-bitpack/positions-0.fen \
	tests/data/xq-bitpack/vector12.chinese \
	tests/data/xq-bitpack/vector12.iccs \
	tests/data/xq-bitpack/wxf-20.iccs \
	tests/data/xq-bitpack/wxf-masters-hu-liu.iccs
EXTRA_DIST += bench/xq-bitpack.sh bench/xq-positions.sh
EXTRA_DIST += fuzz/xq-bitpack-board.c fuzz/xq-bitpack-unpack.c \
	fuzz/seeds/xq-bitpack-main

# Move notations: 300 published games and golden files.
TESTS += tests/xq-notation.bats
EXTRA_DIST += \
	fuzz/xq-bitpack-notation.c \
	tests/xq-notation.bats \
	tests/data/xq-notation/README.md \
	tests/data/xq-notation/ccpd-notation-300.tsv \
	tests/data/xq-notation/errors.err \
	tests/data/xq-notation/errors.in \
	tests/data/xq-notation/tandem.chinese \
	tests/data/xq-notation/tandem.ucci \
	tests/data/xq-notation/tandem.wxf \
	tests/data/xq-notation/variants.in \
	tests/data/xq-notation/variants.ucci

# Text encodings and the doors of text: UTF-16, GBK lines, web pages.
TESTS += tests/xq-encodings.bats
EXTRA_DIST += \
	tests/xq-encodings.bats \
	tests/data/xq-encodings/game.pgn \
	tests/data/xq-encodings/moves.txt \
	tests/data/xq-encodings/page.html

# Game files: PGN, DhtmlXQ and XQF, read and written.
TESTS += tests/xq-files.bats
EXTRA_DIST += \
	bench/xq-files.sh \
	fuzz/xq-bitpack-cbf.c \
	fuzz/xq-bitpack-cbr.c \
	fuzz/xq-bitpack-dhtmlxq.c \
	fuzz/xq-bitpack-files.h \
	fuzz/xq-bitpack-pgn.c \
	fuzz/xq-bitpack-xqf.c \
	tests/xq-files.bats \
	tests/data/xq-files/README.md \
	tests/data/xq-files/cbf-broken.cbf \
	tests/data/xq-files/cbf-illegal.cbf \
	tests/data/xq-files/cbf-opening.cbf \
	tests/data/xq-files/ccpd-00000008.pgn \
	tests/data/xq-files/ccpd-00000037.pgn \
	tests/data/xq-files/ccpd-00000080.pgn \
	tests/data/xq-files/ccpd-00000107.pgn \
	tests/data/xq-files/ccpd-00000149.pgn \
	tests/data/xq-files/ccpd-00000202.pgn \
	tests/data/xq-files/ccpd-00000476.pgn \
	tests/data/xq-files/ccpd-00000556.pgn \
	tests/data/xq-files/ccpd-00000875.pgn \
	tests/data/xq-files/ccpd-00001034.pgn \
	tests/data/xq-files/ccpd-00001074.pgn \
	tests/data/xq-files/ccpd-00001287.pgn \
	tests/data/xq-files/ccpd-00001514.pgn \
	tests/data/xq-files/ccpd-00002050.pgn \
	tests/data/xq-files/ccpd.ucci \
	tests/data/xq-files/features.err \
	tests/data/xq-files/features.lines \
	tests/data/xq-files/features.pgn \
	tests/data/xq-files/wukong-44.html \
	tests/data/xq-files/wukong-44.iccs \
	tests/data/xq-files/wukong-bulk-games-uci.iccs \
	tests/data/xq-files/wukong-bulk-games-uci.pgn \
	tests/data/xq-files/wukong-game-0x12.xqf \
	tests/data/xq-files/wukong-game.cbr \
	tests/data/xq-files/wukong-game.lines \
	tests/data/xq-files/wukong-game.ubb \
	tests/data/xq-files/wukong-winboard-san.iccs \
	tests/data/xq-files/wukong-winboard-san.pgn \
	tests/data/xq-files/wukong-xqdb-international.pgn \
	tests/data/xq-files/wukong-xqdb-traditional.pgn \
	tests/data/xq-files/wukong-xqdb.iccs

# Plain XQF files disguised as version 0x12, for the tests of the reader.
check_PROGRAMS += xqf-scramble
xqf_scramble_SOURCES = src/xq/xqf-scramble.c

# Plain XQF files made CBR records, for the tests of the CBR reader.
check_PROGRAMS += xqf-to-cbr
xqf_to_cbr_SOURCES = src/xq/xqf-to-cbr.c
