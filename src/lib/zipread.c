/*
 * zipread.c (needs libzip): the files of a ZIP archive held in memory,
 * read whole one at a time, within a limit on each file's unpacked size
 * checked before it is unpacked.  What is wrong (a damaged archive, a
 * file encrypted, too large, or not the size the archive gives) comes
 * back as text for a message.
 */

#include "config.h"

#include <err.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

#include "gf.h"

static size_t	 zr_count(const struct zipread *);
static const char *zr_name(const struct zipread *, size_t, const char *,
		    struct strbuf *, int *);
static void	 names_warning(const char *, const char *, int);
static void	 zr_warn(const char *, ...)
		    __attribute__((__format__(__printf__, 1, 2)));
static const char *names_encoding(const struct zipread *);

/* Open the archive in data (kept by the caller until zr_close). */
int
zr_open(struct zipread *zr, const char *data, size_t len, char *why,
    size_t whylen)
{
	zip_source_t *src;
	zip_error_t ze;

	zip_error_init(&ze);
	if ((src = zip_source_buffer_create(data, len, 0, &ze)) == NULL ||
	    (zr->zip = zip_open_from_source(src, ZIP_RDONLY, &ze)) == NULL) {
		snprintf(why, whylen, "a damaged ZIP archive: %s",
		    zip_error_strerror(&ze));
		zip_source_free(src);
		zip_error_fini(&ze);
		return -1;
	}
	zip_error_fini(&ze);
	return 0;
}

void
zr_close(struct zipread *zr)
{
	if (zr->zip != NULL)
		zip_discard(zr->zip);
	zr->zip = NULL;
}

/* The number of files (and folders) in the archive. */
static size_t
zr_count(const struct zipread *zr)
{
	zip_int64_t n = zip_get_num_entries(zr->zip, 0);

	return n > 0 ? (size_t)n : 0;
}

/*
 * The name of file i in UTF-8, into out; NULL if it has none.  A
 * folder's ends in '/'.  A name the archive marks UTF-8, or ASCII, is
 * as it is.  Another is in the code page of the system that made the
 * archive, which the archive does not tell: in encoding (the one -E
 * gives, or names_encoding's) if it decodes, else in CP437, as the
 * format has it, which *cp437 then says.
 */
static const char *
zr_name(const struct zipread *zr, size_t i, const char *encoding,
    struct strbuf *out, int *cp437)
{
	const char *raw, *strict, *why;
	char *utf8 = NULL;
	size_t n;

	raw = zip_get_name(zr->zip, (zip_uint64_t)i, ZIP_FL_ENC_RAW);
	strict = zip_get_name(zr->zip, (zip_uint64_t)i, ZIP_FL_ENC_STRICT);
	if (raw == NULL || strict == NULL)
		return NULL;
	sb_clear(out);
	*cp437 = 0;
	if (strcmp(raw, strict) != 0 && encoding != NULL)
		utf8 = text_to_utf8(raw, strlen(raw), encoding, &n, &why);
	if (utf8 != NULL) {
		sb_add(out, utf8, n);
		free(utf8);
	} else {
		sb_add(out, strict, strlen(strict));
		*cp437 = strcmp(raw, strict) != 0;
	}
	return out->s;
}

/* The index of the file name, told without regard to case; -1: none. */
int
zr_find(const struct zipread *zr, const char *name, size_t *index)
{
	zip_int64_t i = zip_name_locate(zr->zip, name, ZIP_FL_NOCASE);

	if (i < 0)
		return -1;
	*index = (size_t)i;
	return 0;
}

/*
 * Unpack file i into out, NUL-terminated, if it unpacks to max bytes at
 * most: 0, or -1 with why set.
 */
int
zr_read(const struct zipread *zr, size_t i, uint64_t max,
    struct strbuf *out, char *why, size_t whylen)
{
	zip_stat_t st;
	zip_file_t *f;
	zip_int64_t n = 0;
	size_t want;

	sb_clear(out);
	zip_stat_init(&st);
	if (zip_stat_index(zr->zip, (zip_uint64_t)i, 0, &st) == -1 ||
	    !(st.valid & ZIP_STAT_SIZE)) {
		snprintf(why, whylen, "%s", zip_strerror(zr->zip));
		return -1;
	}
	if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) &&
	    st.encryption_method != ZIP_EM_NONE) {
		snprintf(why, whylen, "encrypted");
		return -1;
	}
	if (st.size > max || st.size > SIZE_MAX - 2) {
		snprintf(why, whylen, "larger than %llu MB unpacked",
		    (unsigned long long)(max >> 20));
		return -1;
	}
	want = (size_t)st.size;
	if ((f = zip_fopen_index(zr->zip, (zip_uint64_t)i, 0)) == NULL) {
		snprintf(why, whylen, "%s", zip_strerror(zr->zip));
		return -1;
	}
	/* The size is known: read it and one byte more, which must not be. */
	if (out->cap < want + 2) {
		out->s = xreallocarray(out->s, want + 2, 1);
		out->cap = want + 2;
	}
	while (out->len < want + 1) {
		n = zip_fread(f, out->s + out->len, want + 1 - out->len);
		if (n <= 0)
			break;
		out->len += (size_t)n;
	}
	if (n < 0)
		snprintf(why, whylen, "damaged: %s", zip_file_strerror(f));
	else if (out->len != want)
		snprintf(why, whylen, "damaged: not the size the archive "
		    "gives");
	zip_fclose(f);
	if (n < 0 || out->len != want) {
		sb_clear(out);
		return -1;
	}
	out->s[out->len] = '\0';
	return 0;
}

/*
 * The encoding of the names of an archive that are not marked UTF-8,
 * told by all of them together as a text's is (detect_encoding): UTF-8
 * if they are valid UTF-8 (as zip writes on Linux and macOS), GB18030
 * or Big5 if their characters tell one clearly (the GBK of Chinese
 * Windows, the Big5 of Taiwan's); NULL if they do not say.
 */
static const char *
names_encoding(const struct zipread *zr)
{
	struct strbuf all = { NULL, 0, 0 };
	const char *raw, *strict, *enc = NULL, *why;
	size_t i;

	for (i = 0; i < zr_count(zr); i++) {
		raw = zip_get_name(zr->zip, (zip_uint64_t)i, ZIP_FL_ENC_RAW);
		strict = zip_get_name(zr->zip, (zip_uint64_t)i,
		    ZIP_FL_ENC_STRICT);
		if (raw == NULL || strict == NULL || strcmp(raw, strict) == 0)
			continue;
		sb_add(&all, raw, strlen(raw));
		sb_addc(&all, '\n');
	}
	if (all.len > 0)
		enc = detect_encoding(all.s, all.len, &why);
	sb_free(&all);
	return enc;
}

/*
 * A message on standard error, after what standard output holds so far
 * and with no progress line in the way.
 */
static void
zr_warn(const char *fmt, ...)
{
	va_list ap;

	run_clear_progress();
	if (fflush(stdout) != 0)
		check_stdout();
	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
}

/*
 * The warning, once an archive, that a file name in it (the first,
 * name) is not marked UTF-8 and was read as CP437: the archive does not
 * say the code page of the system that made it.
 */
static void
names_warning(const char *archive, const char *name, int flags)
{
	run_warning();
	if (flags & ZR_QUIET)
		return;
	zr_warn("%s: warning: file names not marked UTF-8, read as CP437 as "
	    "the format has it (%s)%s", archive, name, flags & ZR_OPTION_E ?
	    ": say their encoding with -E" : "");
}

/*
 * The warning, once an archive, that n of its files (the first, name)
 * are what and were done so ("not read").
 */
void
zr_files_warning(const char *archive, size_t n, const char *what,
    const char *name, const char *done, int flags)
{
	if (n == 0)
		return;
	run_warning();
	if (!(flags & ZR_QUIET))
		zr_warn("%s: warning: %zu file%s %s (%s%s), %s", archive,
		    n, n > 1 ? "s" : "", what, name, n > 1 ? " and others" :
		    "", done);
}

/*
 * Each file of the archive in data, named archive, in the archive's
 * order, as walk says: its name is archive:file, the file's name decoded
 * as zr_name says with walk->encoding (NULL: told by names_encoding).
 * A file walk->wanted wants (every file, if it is NULL) is given to
 * walk->fn with its bytes, which fn keeps, and fn returns an exit
 * status; the others are counted in one warning, which says they are
 * walk->unwanted and names the first; so are the files fn, having
 * looked inside, answers ZR_SKIPPED (walk->skipped says what they are:
 * the pictures of a chat that show no board).  The first name read as CP437 is
 * told in a warning, for the code page of such names is a guess.  No
 * warning is printed if walk->flags has ZR_QUIET.  A file that cannot
 * be unpacked, or that is an archive itself (never opened: no archive
 * is read inside another), is reported with status 2, and so is an
 * archive that cannot be opened.  Folders are passed over, and so is
 * the rest once run_stopped.  Returns the worst status.
 */
int
zr_each_file(const char *archive, const char *data, size_t len,
    const struct zr_walk *walk)
{
	struct zipread zr;
	struct strbuf file = { NULL, 0, 0 }, name = { NULL, 0, 0 };
	struct strbuf decoded = { NULL, 0, 0 }, first = { NULL, 0, 0 };
	struct strbuf first_skipped = { NULL, 0, 0 };
	const char *fname, *encoding = walk->encoding;
	char why[256];
	size_t i, ncp437 = 0, nunwanted = 0, nskipped = 0;
	int status = GF_EXIT_OK, s, cp437;

	if (zr_open(&zr, data, len, why, sizeof(why)) == -1) {
		zr_warn("%s: %s", archive, why);
		return GF_EXIT_ERROR;
	}
	if (encoding == NULL)
		encoding = names_encoding(&zr);
	for (i = 0; i < zr_count(&zr) && !run_stopped(); i++) {
		/* A folder's name ends in a slash. */
		if ((fname = zr_name(&zr, i, encoding, &decoded,
		    &cp437)) == NULL || *fname == '\0' ||
		    fname[strlen(fname) - 1] == '/')
			continue;
		if (cp437 && ncp437++ == 0)
			names_warning(archive, fname, walk->flags);
		sb_clear(&name);
		sb_add(&name, archive, strlen(archive));
		sb_addc(&name, ':');
		sb_add(&name, fname, strlen(fname));
		s = GF_EXIT_ERROR;
		if (zr_read(&zr, i, ZIP_FILE_MAX, &file, why,
		    sizeof(why)) == -1) {
			zr_warn("%s: %s", name.s, why);
		} else if (file.len >= 4 &&
		    memcmp(file.s, "PK\x03\x04", 4) == 0) {
			zr_warn("%s: a ZIP archive inside the archive, which is "
			    "not opened", name.s);
		} else if (walk->wanted != NULL &&
		    !walk->wanted(file.s, file.len)) {
			if (nunwanted++ == 0)
				sb_add(&first, fname, strlen(fname));
			s = GF_EXIT_OK;
		} else {
			s = walk->fn(name.s, file.s, file.len, walk->arg);
			memset(&file, 0, sizeof(file));
			if (s == ZR_SKIPPED) {
				if (nskipped++ == 0)
					sb_add(&first_skipped, fname,
					    strlen(fname));
				s = GF_EXIT_OK;
			}
		}
		if (s > status)
			status = s;
	}
	zr_files_warning(archive, nunwanted, walk->unwanted, first.s,
	    "not read", walk->flags);
	zr_files_warning(archive, nskipped, walk->skipped, first_skipped.s,
	    "not read", walk->flags);
	zr_close(&zr);
	sb_free(&file);
	sb_free(&name);
	sb_free(&decoded);
	sb_free(&first);
	sb_free(&first_skipped);
	return status;
}
