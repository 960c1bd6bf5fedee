/*
 * excerpt-driver: prints excerpt() of each line of standard input, so
 * that the tests can check what a diagnostic quotes.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "gf.h"

int
main(void)
{
	struct linereader lr;

	lr_attach(&lr, stdin, "stdin");
	while (lr_next(&lr))
		printf("%s\n", excerpt(lr.line, lr.len));
	lr_close(&lr);
	finish_stdout();
	return 0;
}
