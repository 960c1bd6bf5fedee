# The internal library, linked into every tool and never installed.
noinst_LIBRARIES += libgf.a
libgf_a_SOURCES = \
	src/lib/bignum.c \
	src/lib/bitio.c \
	src/lib/diag.c \
	src/lib/encoding.c \
	src/lib/gf.h \
	src/lib/jsonerr.c \
	src/lib/linereader.c \
	src/lib/rng.c \
	src/lib/run.c \
	src/lib/strbuf.c \
	src/lib/text.c \
	src/lib/xmalloc.c \
	src/lib/xmlerr.c \
	src/lib/zipread.c
libgf_a_CPPFLAGS = $(AM_CPPFLAGS) $(JANSSON_CFLAGS) $(LIBXML_CFLAGS) \
	$(LIBZIP_CFLAGS)

# A driver for the tests of what diagnostics quote.
check_PROGRAMS += excerpt-driver
excerpt_driver_SOURCES = tests/excerpt-driver.c
TESTS += tests/lib.bats
EXTRA_DIST += tests/lib.bats
