/*
 * xmalloc.c: allocation that cannot fail quietly.  Running out of memory
 * is a system error, exit status 2.
 */

#include "config.h"

#include <sys/mman.h>

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Give the system advice on the whole pages between from and to. */
void
advise_pages(void *from, void *to, int advice)
{
	uintptr_t start, end, page;
	long ps;

	if ((ps = sysconf(_SC_PAGESIZE)) <= 0)
		return;
	page = (uintptr_t)ps;
	start = ((uintptr_t)from + page - 1) & ~(page - 1);
	end = (uintptr_t)to & ~(page - 1);
	if (end > start)
		(void)madvise((void *)start, end - start, advice);
}

/*
 * Ask for a block of bytes in huge pages where the system has them.  A
 * page fault costs microseconds, and with small pages a big block takes
 * one every 4 kB.
 */
void
advise_huge(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	if (bytes >= HUGE_MIN)
		advise_pages(p, (char *)p + bytes, MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

/*
 * xcalloc for a large array that will soon be written all over: where
 * the system can, in huge pages, mapped in with one call rather than one
 * fault a page, which for arrays of a byte a cell or more costs as much
 * as the work on them.
 */
void *
xcalloc_mapped(size_t nmemb, size_t size)
{
	void *p = xcalloc(nmemb, size);
	size_t bytes = nmemb * size;	/* calloc checked the product */

	advise_huge(p, bytes);
#ifdef MADV_POPULATE_WRITE
	advise_pages(p, (char *)p + bytes, MADV_POPULATE_WRITE);
#endif
	return p;
}
