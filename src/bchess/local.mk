# bchess-pack: Buffalo Chess replay links.
bin_PROGRAMS += bchess-pack
bchess_pack_SOURCES = \
	src/bchess/base36.c \
	src/bchess/bchess.h \
	src/bchess/compact.c \
	src/bchess/docx.c \
	src/bchess/forward.c \
	src/bchess/hyperlink.c \
	src/bchess/json.c \
	src/bchess/legacy.c \
	src/bchess/log.c \
	src/bchess/mail.c \
	src/bchess/main.c \
	src/bchess/ods.c \
	src/bchess/odt.c \
	src/bchess/package.c \
	src/bchess/places.c \
	src/bchess/proofpoint.c \
	src/bchess/redirect.c \
	src/bchess/sheet.c \
	src/bchess/sheet.h \
	src/bchess/tags.c \
	src/bchess/url.c \
	src/bchess/wrap.c \
	src/bchess/writeback.c \
	src/bchess/xlsx.c
bchess_pack_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(LIBXML_CFLAGS) \
	$(LIBZIP_CFLAGS) $(GMIME_CFLAGS)
bchess_pack_LDADD = $(LDADD) $(JANSSON_LIBS) $(LIBXML_LIBS) $(LIBZIP_LIBS) \
	$(GMIME_LIBS)
dist_man_MANS += man/bchess-pack.1 man/bchess-log.5
dist_bashcomp_DATA += completions/bash/bchess-pack.bash
dist_zshcomp_DATA += completions/zsh/_bchess-pack
dist_fishcomp_DATA += completions/fish/bchess-pack.fish

# The rules of the game: --check, --repair and the packed format, with a
# simulator of games for the tests and the benchmark (built by make check,
# or alone by make bchess-sim, never installed).
bchess_pack_SOURCES += \
	src/bchess/packed.c \
	src/bchess/rules.c \
	src/bchess/rules.h
check_PROGRAMS += bchess-sim
bchess_sim_SOURCES = \
	src/bchess/rules.c \
	src/bchess/rules.h \
	src/bchess/sim.c
TESTS += tests/bchess-rules.bats tests/bchess-packed.bats
EXTRA_DIST += \
	tests/bchess-rules.bats \
	tests/bchess-packed.bats \
	tests/data/bchess-rules \
	bench/bchess-packed.sh \
	fuzz/bchess-pack-packed.c
TESTS += tests/bchess-pack.bats tests/bchess-hardening.bats
EXTRA_DIST += tests/bchess-pack.bats tests/bchess-hardening.bats \
	tests/data/bchess-pack \
	examples/legacy-links.txt

# Spreadsheets (.xlsx, .ods): the tests make their own archives of the
# XML they write with zip-driver, beside two files LibreOffice wrote.
check_PROGRAMS += zip-driver
zip_driver_SOURCES = tests/zip-driver.c
zip_driver_CFLAGS = $(AM_CFLAGS) $(LIBZIP_CFLAGS)
zip_driver_LDADD = $(LIBZIP_LIBS)
TESTS += tests/bchess-sheets.bats tests/bchess-documents.bats \
	tests/bchess-mail.bats
EXTRA_DIST += tests/bchess-sheets.bats tests/data/bchess-sheets \
	tests/bchess-documents.bats tests/data/bchess-documents \
	tests/bchess-mail.bats tests/data/bchess-mail \
	fuzz/bchess-pack-mail.c fuzz/seeds/bchess-pack-mail \
	fuzz/bchess-pack-sheet.c fuzz/seeds/bchess-pack-sheet \
	fuzz/seeds/bchess-pack-main
EXTRA_DIST += fuzz/bchess-pack-payload.c bench/bchess-pack.sh \
	bench/bchess-sheets.sh bench/bchess-mail.sh bench/median-cpu.sh \
	bench/bchess-damage.sh bench/bchess-long.sh
