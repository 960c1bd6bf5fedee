/*
 * writeback.c: a ZIP archive written back as one (bchess-pack -w): a
 * spreadsheet, a document or an archive of files, each of its files
 * given to the caller, which converts it or leaves it as it was, and
 * written again in the archive's order with its name, its time and its
 * way of packing, so that an OpenDocument's mimetype stays first and
 * stored, as its format wants.  libzip reads and writes it in memory;
 * nothing is written if a file of it cannot be read.
 */

#include "config.h"

#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

#include "gf.h"
#include "bchess.h"

static void	 zip_fail(zip_t *, const char *);
static int	 add_file(zip_t *, const char *, const zip_stat_t *,
		    struct strbuf *);
static int	 write_zip(zip_source_t *, FILE *);

/* libzip failed at what it does in memory: memory, or a bug. */
static void
zip_fail(zip_t *z, const char *what)
{
	errx(GF_EXIT_ERROR, "libzip: %s: %s", what, zip_strerror(z));
}

/*
 * Add the bytes of data (which the archive takes) as file name, packed
 * as st says (stored stays stored, anything else is deflated) and dated
 * as st; -1 if libzip refuses the name.
 */
static int
add_file(zip_t *z, const char *name, const zip_stat_t *st,
    struct strbuf *data)
{
	zip_source_t *src;
	zip_int64_t i;

	if ((src = zip_source_buffer(z, data->len > 0 ? data->s : NULL,
	    data->len, data->len > 0)) == NULL)
		zip_fail(z, "a file in memory");
	if (data->len == 0)
		sb_free(data);
	memset(data, 0, sizeof(*data));
	if ((i = zip_file_add(z, name, src, ZIP_FL_ENC_GUESS)) < 0) {
		zip_source_free(src);
		return -1;
	}
	if (zip_set_file_compression(z, (zip_uint64_t)i,
	    (st->valid & ZIP_STAT_COMP_METHOD) && st->comp_method ==
	    ZIP_CM_STORE ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0) == -1)
		zip_fail(z, "packing");
	if ((st->valid & ZIP_STAT_MTIME) &&
	    zip_file_set_mtime(z, (zip_uint64_t)i, st->mtime, 0) == -1)
		zip_fail(z, "a file's time");
	return 0;
}

/* The archive libzip wrote into src, to fp; -1 on a write error. */
static int
write_zip(zip_source_t *src, FILE *fp)
{
	char buf[65536];
	zip_int64_t n;
	int rv = 0;

	if (zip_source_open(src) == -1)
		errx(GF_EXIT_ERROR, "libzip: %s",
		    zip_error_strerror(zip_source_error(src)));
	while ((n = zip_source_read(src, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, (size_t)n, fp) != (size_t)n)
			rv = -1;
	if (n < 0)
		errx(GF_EXIT_ERROR, "libzip: %s",
		    zip_error_strerror(zip_source_error(src)));
	zip_source_close(src);
	return rv;
}

/*
 * The archive in data, named archive, written back to fp: each file of
 * it given to fn with its name (archive:file) and bytes, which fn takes,
 * and written as the bytes fn leaves in its strbuf; folders as they
 * were.  Returns the worst status fn returned, or 2 with nothing
 * written if the archive or a file of it cannot be read (reported), or
 * if fp cannot be written.
 */
int
zip_write_back(const char *archive, const char *data, size_t len,
    writeback_fn *fn, void *arg, FILE *fp)
{
	struct zipread zr;
	struct strbuf bytes = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct strbuf name = { NULL, 0, 0 };
	zip_source_t *dst;
	zip_error_t ze;
	zip_stat_t st;
	zip_t *z;
	zip_int64_t n, i, dir;
	const char *file;
	char why[512] = "", reason[256];
	int status = GF_EXIT_OK, s;

	if (zr_open(&zr, data, len, why, sizeof(why)) == -1) {
		fflush(stdout);
		warnx("%s: %s", archive, why);
		return GF_EXIT_ERROR;
	}
	zip_error_init(&ze);
	if ((dst = zip_source_buffer_create(NULL, 0, 0, &ze)) == NULL)
		errx(GF_EXIT_ERROR, "libzip: %s", zip_error_strerror(&ze));
	zip_source_keep(dst);
	if ((z = zip_open_from_source(dst, ZIP_TRUNCATE, &ze)) == NULL)
		errx(GF_EXIT_ERROR, "libzip: %s", zip_error_strerror(&ze));
	zip_error_fini(&ze);
	n = zip_get_num_entries(zr.zip, 0);
	for (i = 0; i < n && status != GF_EXIT_ERROR; i++) {
		zip_stat_init(&st);
		if ((file = zip_get_name(zr.zip, (zip_uint64_t)i,
		    ZIP_FL_ENC_RAW)) == NULL ||
		    zip_stat_index(zr.zip, (zip_uint64_t)i, 0, &st) == -1) {
			snprintf(why, sizeof(why), "%s: %s", archive,
			    zip_strerror(zr.zip));
			status = GF_EXIT_ERROR;
			break;
		}
		sb_clear(&name);
		sb_add(&name, archive, strlen(archive));
		sb_addc(&name, ':');
		sb_add(&name, file, strlen(file));
		if (file[0] != '\0' && file[strlen(file) - 1] == '/') {
			if ((dir = zip_dir_add(z, file, ZIP_FL_ENC_GUESS)) < 0)
				zip_fail(z, file);
			if ((st.valid & ZIP_STAT_MTIME) && zip_file_set_mtime(z,
			    (zip_uint64_t)dir, st.mtime, 0) == -1)
				zip_fail(z, "a folder's time");
			continue;
		}
		if (zr_read(&zr, (size_t)i, ZIP_FILE_MAX, &bytes, reason,
		    sizeof(reason)) == -1) {
			snprintf(why, sizeof(why), "%s: %s", name.s, reason);
			status = GF_EXIT_ERROR;
			break;
		}
		/* fn takes the bytes. */
		s = fn(name.s, bytes.s, bytes.len, &out, arg);
		memset(&bytes, 0, sizeof(bytes));
		if (s > status)
			status = s;
		if (status != GF_EXIT_ERROR && add_file(z, file, &st,
		    &out) == -1) {
			snprintf(why, sizeof(why), "%s: %s", name.s,
			    zip_strerror(z));
			status = GF_EXIT_ERROR;
		}
		sb_free(&out);
	}
	if (status == GF_EXIT_ERROR) {
		fflush(stdout);
		if (why[0] != '\0')
			warnx("%s", why);
		warnx("%s: not written back, for a file of it could not be "
		    "read", archive);
		zip_discard(z);
	} else if (zip_close(z) == -1)
		zip_fail(z, "the archive written");
	else if (write_zip(dst, fp) == -1)
		status = GF_EXIT_ERROR;
	zip_source_free(dst);
	zr_close(&zr);
	sb_free(&bytes);
	sb_free(&name);
	return status;
}
