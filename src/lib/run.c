/*
 * run.c: the bookkeeping of one run of a filter.  A signal to stop lets
 * the record in hand finish, so that output ends on a whole line; a
 * failed write ends the run at once; the summary counts the records; and
 * on a terminal a progress line says that a long run is still working.
 * Standard output is written through a stream whose writes go on when a
 * signal interrupts them: the signals to stop cut system calls short, so
 * that a read waiting for input returns, and a write cut short must not
 * lose the record in hand or end the run as a write error.
 */

#include "config.h"

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gf.h"

#define PROGRESS_AFTER	2.0	/* seconds before the first progress line */
#define PROGRESS_EVERY	0.5	/* seconds between two of them */

static volatile sig_atomic_t stop_signal;
static int summary;
static int progress_shown;
static double started, last_progress;
static size_t records, bad_records, warnings;

static double	 seconds_now(void);
static void	 on_stop(int);
static void	 catch_stop(int);
static void	 show_progress(void);
static ssize_t	 write_whole(void *, const char *, size_t);
static int	 close_stdout(void *);
static void	 wrap_stdout(void);

static double
seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A second signal of the same kind ends the run at once. */
static void
on_stop(int sig)
{
	if (stop_signal != 0) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	stop_signal = sig;
}

/*
 * Catch sig unless it was ignored when the run began (a job started
 * with nohup or in the background of a shell without job control).
 * Without SA_RESTART, so that a read waiting for input returns.
 */
static void
catch_stop(int sig)
{
	struct sigaction sa, old;

	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* Write all n bytes of buf on standard output, whatever signals come. */
static ssize_t
write_whole(void *cookie, const char *buf, size_t n)
{
	ssize_t k;
	size_t done = 0;

	(void)cookie;
	while (done < n) {
		k = write(STDOUT_FILENO, buf + done, n - done);
		if (k == -1 && errno == EINTR)
			continue;
		if (k == -1)
			return done > 0 ? (ssize_t)done : -1;
		done += (size_t)k;
	}
	return (ssize_t)done;
}

static int
close_stdout(void *cookie)
{
	(void)cookie;
	return close(STDOUT_FILENO);
}

/*
 * Standard output as a stream of write_whole, buffered as stdio buffers
 * it: by line on a terminal, else in large blocks.  A stream of the C
 * library's own, with no cookie to allocate: a run that ends at a write
 * error leaves nothing behind.
 */
static void
wrap_stdout(void)
{
	static const cookie_io_functions_t io = { NULL, write_whole, NULL,
	    close_stdout };
	FILE *fp;

	if (fflush(stdout) != 0)
		err(GF_EXIT_ERROR, "write error on standard output");
	if ((fp = fopencookie(NULL, "w", io)) == NULL)
		err(GF_EXIT_ERROR, "standard output");
	if (setvbuf(fp, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF,
	    1 << 17) != 0)
		err(GF_EXIT_ERROR, "standard output");
	stdout = fp;
}

void
run_start(int want_summary)
{
	summary = want_summary;
	started = last_progress = seconds_now();
	wrap_stdout();
	catch_stop(SIGINT);
	catch_stop(SIGTERM);
}

int
run_stopped(void)
{
	return stop_signal != 0;
}

static void
show_progress(void)
{
	double now = seconds_now();

	if (now - started < PROGRESS_AFTER ||
	    now - last_progress < PROGRESS_EVERY || !isatty(STDERR_FILENO))
		return;
	last_progress = now;
	fprintf(stderr, "\r%s: %zu records, %zu bad, %.0f s\033[K",
	    getprogname(), records, bad_records, now - started);
	progress_shown = 1;
}

/* Clear the progress line, so that a diagnostic starts a line of its own. */
void
run_clear_progress(void)
{
	if (progress_shown) {
		fputs("\r\033[K", stderr);
		progress_shown = 0;
	}
}

/*
 * One record was written: count it, and stop at once if standard output
 * could not take it (a full disk, a closed pipe with SIGPIPE ignored).
 */
void
run_record(int bad)
{
	records++;
	bad_records += bad != 0;
	check_stdout();
	show_progress();
}

void
run_warning(void)
{
	warnings++;
}

/* A write error on standard output so far ends the run with status 2. */
void
check_stdout(void)
{
	if (ferror(stdout))
		err(GF_EXIT_ERROR, "write error on standard output");
}

/*
 * The end of the run: standard output flushed and checked, the summary
 * line if asked for, and the exit status of a signal that stopped it.
 */
int
run_finish(int status)
{
	run_clear_progress();
	finish_stdout();
	if (summary)
		fprintf(stderr, "%s: %zu records: %zu good, %zu bad, "
		    "%zu warnings\n", getprogname(), records,
		    records - bad_records, bad_records, warnings);
	if (stop_signal != 0)
		exit(128 + stop_signal);
	/*
	 * Diagnostics that could not be written (standard error on a full
	 * disk) are a failed write too, though nothing can say so.
	 */
	if (fflush(stderr) != 0 || ferror(stderr))
		return GF_EXIT_ERROR;
	return status;
}
