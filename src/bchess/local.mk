# bchess-pack: Buffalo Chess replay links.
bin_PROGRAMS += bchess-pack
bchess_pack_SOURCES = \
	src/bchess/bchess.h \
	src/bchess/main.c
bchess_pack_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
bchess_pack_LDADD = $(LDADD) $(JANSSON_LIBS)
