/*
 * zip-driver: writes a ZIP archive of the files given, each under the
 * name given, so that the tests can make .xlsx and .ods files from XML
 * they write out in full:
 *
 *	zip-driver ARCHIVE NAME=FILE ...
 *
 * A NAME starting with '-' is stored without compression (the mimetype
 * of an .ods comes first and uncompressed), under the name without it.
 * A NAME is marked UTF-8, unless it starts with '+' (after any '-'): then
 * its bytes are stored unmarked, as Windows writes names in its code
 * page.  To look into an archive:
 *
 *	zip-driver -l ARCHIVE		each file's name, "stored" or
 *					"deflated", and its time, a line each
 *	zip-driver -x ARCHIVE NAME	the bytes of file NAME
 */

#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

static void	 list(const char *);
static void	 extract(const char *, const char *);

static void
list(const char *path)
{
	zip_stat_t st;
	zip_t *za;
	zip_int64_t i, n;
	int error;

	if ((za = zip_open(path, ZIP_RDONLY, &error)) == NULL)
		errx(2, "%s: cannot open (libzip error %d)", path, error);
	n = zip_get_num_entries(za, 0);
	for (i = 0; i < n; i++) {
		if (zip_stat_index(za, (zip_uint64_t)i, 0, &st) == -1)
			errx(2, "%s: %s", path, zip_strerror(za));
		printf("%s %s %lld\n", st.name, st.comp_method == ZIP_CM_STORE ?
		    "stored" : "deflated", (long long)st.mtime);
	}
	zip_discard(za);
}

static void
extract(const char *path, const char *name)
{
	char buf[8192];
	zip_file_t *f;
	zip_int64_t n;
	zip_t *za;
	int error;

	if ((za = zip_open(path, ZIP_RDONLY, &error)) == NULL)
		errx(2, "%s: cannot open (libzip error %d)", path, error);
	if ((f = zip_fopen(za, name, 0)) == NULL)
		errx(2, "%s: %s: %s", path, name, zip_strerror(za));
	while ((n = zip_fread(f, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	if (n < 0)
		errx(2, "%s: %s: cannot be read", path, name);
	zip_fclose(f);
	zip_discard(za);
}

int
main(int argc, char *argv[])
{
	zip_t *za;
	zip_source_t *src;
	zip_int64_t index;
	char *eq;
	int i, error, store, raw;

	if (argc == 3 && strcmp(argv[1], "-l") == 0) {
		list(argv[2]);
		return fflush(stdout) == 0 ? 0 : 2;
	}
	if (argc == 4 && strcmp(argv[1], "-x") == 0) {
		extract(argv[2], argv[3]);
		return fflush(stdout) == 0 ? 0 : 2;
	}
	if (argc < 2)
		errx(2, "usage: zip-driver archive name=file ... | -l archive | "
		    "-x archive name");
	if ((za = zip_open(argv[1], ZIP_CREATE | ZIP_TRUNCATE, &error)) ==
	    NULL)
		errx(2, "%s: cannot create (libzip error %d)", argv[1], error);
	for (i = 2; i < argc; i++) {
		if ((eq = strchr(argv[i], '=')) == NULL)
			errx(2, "%s: not name=file", argv[i]);
		*eq = '\0';
		store = argv[i][0] == '-';
		raw = argv[i][store] == '+';
		if ((src = zip_source_file(za, eq + 1, 0, -1)) == NULL ||
		    (index = zip_file_add(za, argv[i] + store + raw, src,
		    raw ? ZIP_FL_ENC_CP437 : ZIP_FL_ENC_UTF_8)) == -1)
			errx(2, "%s: %s", eq + 1, zip_strerror(za));
		if (store && zip_set_file_compression(za, (zip_uint64_t)index,
		    ZIP_CM_STORE, 0) == -1)
			errx(2, "%s: %s", eq + 1, zip_strerror(za));
	}
	if (zip_close(za) == -1)
		errx(2, "%s: %s", argv[1], zip_strerror(za));
	return 0;
}
