# The internal library, linked into every tool and never installed.
noinst_LIBRARIES += libgf.a
libgf_a_SOURCES = \
	src/lib/bignum.c \
	src/lib/bitio.c \
	src/lib/diag.c \
	src/lib/encoding.c \
	src/lib/gf.h \
	src/lib/linereader.c \
	src/lib/rng.c \
	src/lib/xmalloc.c
