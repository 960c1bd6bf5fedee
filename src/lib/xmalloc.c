/*
 * xmalloc.c: allocation that cannot fail quietly.  Running out of memory
 * is a system error, exit status 2.
 */

#include "config.h"

#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "gf.h"

void *
xmalloc(size_t size)
{
	void *p;

	if ((p = malloc(size == 0 ? 1 : size)) == NULL)
		err(GF_EXIT_ERROR, NULL);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if ((p = calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size)) == NULL)
		err(GF_EXIT_ERROR, NULL);
	return p;
}

/* reallocarray checks nmemb * size for overflow before it sizes anything. */
void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if ((p = reallocarray(ptr, nmemb == 0 ? 1 : nmemb,
	    size == 0 ? 1 : size)) == NULL)
		err(GF_EXIT_ERROR, NULL);
	return p;
}

char *
xstrdup(const char *s)
{
	char *p;

	if ((p = strdup(s)) == NULL)
		err(GF_EXIT_ERROR, NULL);
	return p;
}
