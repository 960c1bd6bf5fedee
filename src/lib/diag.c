/*
 * diag.c: diagnostics in the one shape every tool uses,
 * "tool: file:line: what is wrong (what was found)", and the checks on
 * standard output that turn a failed write into exit status 2.
 */

#include "config.h"

#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

void
vwarn_at(const char *file, size_t line, size_t column, const char *fmt,
    va_list ap)
{
	fflush(stdout);
	run_clear_progress();
	if (column > 0)
		fprintf(stderr, "%s: %s:%zu:%zu: ", getprogname(), file, line,
		    column);
	else
		fprintf(stderr, "%s: %s:%zu: ", getprogname(), file, line);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
warn_at(const char *file, size_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(file, line, 0, fmt, ap);
	va_end(ap);
}

void
warn_at_column(const char *file, size_t line, size_t column,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_at(file, line, column, fmt, ap);
	va_end(ap);
}

void
print_version(void)
{
	printf("%s (%s) %s\n", getprogname(), PACKAGE_NAME, PACKAGE_VERSION);
}

/*
 * --help, in the one shape of every tool: the synopsis, then the options,
 * "  -c, --check" or "      --strict" (no letter), and what each does
 * two columns after the widest; exit 0, or 2 if it could not be written.
 */
void
print_help(const char *synopsis, const struct help_option *opt)
{
	char flags[80];
	size_t k;
	int width = 0, n;

	for (k = 0; opt[k].name != NULL; k++)
		if ((n = (int)strlen(opt[k].name) + (int)strlen(opt[k].arg)) >
		    width)
			width = n;
	fputs(synopsis, stdout);
	for (k = 0; opt[k].name != NULL; k++) {
		snprintf(flags, sizeof(flags), "--%s%s", opt[k].name,
		    opt[k].arg);
		if (opt[k].letter != 0)
			printf("  -%c, ", opt[k].letter);
		else
			fputs("      ", stdout);
		printf("%-*s  %s\n", width + 2, flags, opt[k].what);
	}
	finish_stdout();
	exit(GF_EXIT_OK);
}

/* A command line that is wrong: the synopsis on standard error, exit 2. */
void
print_usage(const char *synopsis)
{
	fputs(synopsis, stderr);
	exit(GF_EXIT_ERROR);
}

/*
 * A filter whose output could not be written has failed, whatever it
 * made of its input: report it and exit 2.
 */
void
finish_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		err(GF_EXIT_ERROR, "write error on standard output");
	if (fclose(stdout) != 0)
		err(GF_EXIT_ERROR, "write error on standard output");
}
