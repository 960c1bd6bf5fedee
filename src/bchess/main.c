/*
 * bchess-pack: convert Buffalo Chess replay links between the legacy form
 * the site no longer reads, the compact form it reads today, the base36
 * form and JSON, one record a line, keeping everything around the payload.
 */

#include "config.h"

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"
#include "bchess.h"

static void __dead usage(int);
static int	 is_blank(const char *, size_t);
static void	 report_error(const struct linereader *, const char *,
		    const struct parse_error *);
static void	 write_line(const struct linereader *);
static void	 warn_site_arithmetic(const struct linereader *);
static int	 convert_record(const struct linereader *);
static int	 convert_file(const char *);

static enum format input_format = FORMAT_NONE;
static enum format output_format = FORMAT_COMPACT;
static int quiet;
static int strict;

static struct game game;
static struct record rec;

static void __dead
usage(int status)
{
	fprintf(status == 0 ? stdout : stderr,
	    "usage: %s [-hqsV] [-f format] [-i format] [file ...]\n",
	    getprogname());
	exit(status);
}

static int
is_blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/*
 * "bchess-pack: FILE:LINE: move N: what is wrong (token)", the token cut
 * short when long, so that one bad line of a megabyte does not flood the
 * terminal.
 */
static void
report_error(const struct linereader *lr, const char *why,
    const struct parse_error *pe)
{
	const char *token = pe != NULL ? pe->token : lr->line;
	size_t toklen = pe != NULL ? pe->toklen : lr->len;
	char where[32] = "";

	if (pe != NULL && pe->move > 0)
		snprintf(where, sizeof(where), "move %zu: ", pe->move);
	if (toklen == 0)
		warn_at(lr->name, lr->lineno, "%s%s (empty)", where, why);
	else if (toklen > 60)
		warn_at(lr->name, lr->lineno, "%s%s (%.57s...)", where, why,
		    token);
	else
		warn_at(lr->name, lr->lineno, "%s%s (%.*s)", where, why,
		    (int)toklen, token);
}

static void
write_line(const struct linereader *lr)
{
	fwrite_unlocked(lr->line, 1, lr->len, stdout);
	if (lr->cr)
		putchar_unlocked('\r');
	putchar_unlocked('\n');
}

static void
warn_site_arithmetic(const struct linereader *lr)
{
	if (quiet)
		return;
	if (game.kills_corrupt)
		warn_at(lr->name, lr->lineno, "warning: kill digits mangled by "
		    "the site's arithmetic, read as the site reads them");
	if (output_format == FORMAT_COMPACT && !compact_site_exact(&game))
		warn_at(lr->name, lr->lineno, "warning: %zu moves: the site "
		    "will misread this link's kill flags (its kill number "
		    "exceeds 2^53)", game.n);
}

/*
 * Convert one line.  Returns 0, or 1 for a bad record, which is written
 * out unchanged so that output lines stay beside their input lines.
 */
static int
convert_record(const struct linereader *lr)
{
	struct parse_error pe;
	const char *why;
	enum format in;

	if (is_blank(lr->line, lr->len)) {
		write_line(lr);
		return 0;
	}
	game_reset(&game);
	if (split_record(&rec, lr->line, lr->len, &why) == -1) {
		report_error(lr, why, NULL);
		write_line(lr);
		return 1;
	}
	in = input_format != FORMAT_NONE ? input_format :
	    detect_format(rec.payload, rec.paylen);
	if (parse_payload(in, rec.payload, rec.paylen, &game, &pe) == -1) {
		report_error(lr, pe.why, &pe);
		write_line(lr);
		return 1;
	}
	warn_site_arithmetic(lr);
	/* JSON stands alone on its line, for jq; the others keep the link. */
	if (output_format == FORMAT_JSON)
		write_payload(stdout, output_format, &game);
	else {
		fwrite_unlocked(lr->line, 1, rec.start, stdout);
		write_payload(stdout, output_format, &game);
		fwrite_unlocked(lr->line + rec.end, 1, lr->len - rec.end, stdout);
	}
	if (lr->cr)
		putchar_unlocked('\r');
	putchar_unlocked('\n');
	return 0;
}

/* Returns the worst status of the file's records, or 2 if unreadable. */
static int
convert_file(const char *path)
{
	struct linereader lr;
	int status = GF_EXIT_OK;

	if (lr_open(&lr, path) == -1)
		return GF_EXIT_ERROR;
	while (lr_next(&lr)) {
		if (convert_record(&lr) != 0) {
			status = GF_EXIT_BAD;
			if (strict) {
				finish_stdout();
				exit(GF_EXIT_BAD);
			}
		}
		if (ferror(stdout))
			break;
	}
	lr_close(&lr);
	return status;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format",	required_argument,	NULL,	'f' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "input",	required_argument,	NULL,	'i' },
		{ "quiet",	no_argument,		NULL,	'q' },
		{ "strict",	no_argument,		NULL,	's' },
		{ "version",	no_argument,		NULL,	'V' },
		{ NULL,		0,			NULL,	0 }
	};
	int ch, status = GF_EXIT_OK, s;

	while ((ch = getopt_long(argc, argv, "f:hi:qsV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			if ((output_format = format_from_name(optarg)) ==
			    FORMAT_NONE || output_format == FORMAT_PACKED)
				errx(GF_EXIT_ERROR, "unknown output format: %s",
				    optarg);
			break;
		case 'h':
			usage(GF_EXIT_OK);
		case 'i':
			if ((input_format = format_from_name(optarg)) ==
			    FORMAT_NONE || input_format == FORMAT_PACKED)
				errx(GF_EXIT_ERROR, "unknown input format: %s",
				    optarg);
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			strict = 1;
			break;
		case 'V':
			print_version();
			exit(GF_EXIT_OK);
		default:
			usage(GF_EXIT_ERROR);
		}
	}
	argc -= optind;
	argv += optind;

	/* Whole blocks to the kernel, not one per 4 KiB. */
	setvbuf(stdout, NULL, _IOFBF, 1 << 17);
	game_init(&game);
	if (argc == 0)
		status = convert_file("-");
	for (; argc > 0; argc--, argv++)
		if ((s = convert_file(*argv)) > status)
			status = s;
	game_free(&game);
	record_free(&rec);
	finish_stdout();
	return status;
}
