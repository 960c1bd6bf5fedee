/*
 * linereader.c: lines of any length from a file or standard input, with
 * the line number each diagnostic needs.
 */

#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

/*
 * Open path for reading, "-" meaning standard input.  Returns -1 (after
 * a warning) when the file cannot be opened.
 */
int
lr_open(struct linereader *lr, const char *path)
{
	memset(lr, 0, sizeof(*lr));
	if (strcmp(path, "-") == 0) {
		lr->fp = stdin;
		lr->name = "stdin";
	} else {
		if ((lr->fp = fopen(path, "r")) == NULL) {
			warn("%s", path);
			return -1;
		}
		lr->name = path;
	}
	return 0;
}

/*
 * Read the next line.  Returns 1 with lr->line set (newline removed, a
 * carriage return before it too), 0 at end of file; a read error is
 * fatal.
 */
int
lr_next(struct linereader *lr)
{
	ssize_t n;

	n = getline(&lr->line, &lr->cap, lr->fp);
	if (n == -1) {
		if (ferror(lr->fp))
			err(GF_EXIT_ERROR, "%s", lr->name);
		return 0;
	}
	lr->lineno++;
	lr->newline = 0;
	lr->cr = 0;
	if (n > 0 && lr->line[n - 1] == '\n') {
		lr->line[--n] = '\0';
		lr->newline = 1;
		if (n > 0 && lr->line[n - 1] == '\r') {
			lr->line[--n] = '\0';
			lr->cr = 1;
		}
	}
	lr->len = (size_t)n;
	return 1;
}

void
lr_close(struct linereader *lr)
{
	if (lr->fp != NULL && lr->fp != stdin)
		fclose(lr->fp);
	free(lr->line);
	memset(lr, 0, sizeof(*lr));
}
