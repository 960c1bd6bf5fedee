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
 * page.
 */

#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

int
main(int argc, char *argv[])
{
	zip_t *za;
	zip_source_t *src;
	zip_int64_t index;
	char *eq;
	int i, error, store, raw;

	if (argc < 2)
		errx(2, "usage: zip-driver archive name=file ...");
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
