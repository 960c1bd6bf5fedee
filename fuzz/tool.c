/* fuzz-tool: built once per tool by build.sh, with that tool's main. */
/*
 * tool.c: libFuzzer harness for a whole tool, main.c included: option
 * handling aside, everything a user's input goes through (line splitting,
 * detection, copy-through of bad lines, CR handling, diagnostics, the
 * exit status).  build.sh compiles the tool's sources with
 * -Dmain=TOOL_MAIN and defines TOOL as its name.
 *
 * Each input is written to a file that the tool's main reads in a forked
 * child, its standard output and error going to files, so that exit(),
 * err() and the tool's static state are the child's alone.  The child's
 * coverage counters are copied back before it exits, so the fuzzer is
 * guided by the code the tool ran.  (Leaks are left to make
 * check-valgrind: the child leaves before LeakSanitizer would look.)  A first byte below the number of
 * modes picks the options (mode 0 otherwise, the whole input as data).
 *
 * What is checked, beyond the sanitizers:
 *	- the tool exits 0, 1 or 2, and is not killed by a signal;
 *	- on 0 or 1, every line on standard error starts with "TOOL: ";
 *	- a line tool writes one output line for each input line (UTF-16
 *	  and UTF-32 the tool reads whole counted as UTF-8), and under -f
 *	  json each of them is one valid JSON value.
 * A failure prints the tool's standard error and aborts, so that
 * libFuzzer keeps the input.
 */

#include "config.h"

#include <sys/mman.h>
#include <link.h>
#include <sys/wait.h>

#include <elf.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gf.h"

#ifndef TOOL
#error "build.sh defines TOOL and TOOL_MAIN"
#endif

int TOOL_MAIN(int, char *[]);

/*
 * xq-bitpack's test of a first line that begins a game file (PGN,
 * DhtmlXQ, XQF, CBF: one output line a game, not a line a line); the
 * other tools do not have it.
 */
int starts_game_file(const char *, size_t) __attribute__((weak));

/*
 * bchess-pack's test of the first bytes of mail (an .eml, an mbox),
 * whose messages it writes as text: 1 or 2 for mail; the other tools
 * do not have it.  It looks at 128 kB at most, as the tool does.
 */
int mail_starts(const char *, size_t) __attribute__((weak));
#define MAIL_LOOK	(128 * 1024)

#define MAXARGS	8
#define CHILD_SECONDS	20

struct mode {
	const char	*args[MAXARGS];
	int		 json;		/* each output line is JSON */
	int		 reports;	/* writes reports, not a line a line */
};

struct tool {
	const char	*name;
	int		 lines;		/* one output line per input line */
	struct mode	 modes[14];
};

static const struct tool tools[] = {
	{ "bchess-pack", 1, {
		{ { NULL } },
		{ { "-f", "json", NULL }, 1 },
		{ { "-c", NULL }, 0, 1 },
		{ { "-r", NULL } },
		{ { "-f", "packed", NULL } },
		{ { "-f", "legacy", NULL } },
		{ { "-f", "base36", NULL } },
		{ { "-r", "-f", "json", NULL }, 1 },
		{ { "-E", "cp1252", NULL } },
		{ { "-E", "shift_jis", "-f", "json", NULL }, 1 },
		/* Lines of UTF-16 without a mark cannot be counted here. */
		{ { "-E", "utf-16le", NULL }, 0, 1 },
		/* An archive written back is one, not lines. */
		{ { "-w", NULL }, 0, 1 },
		/* Cut links joined still leave a line for each line. */
		{ { "--join", NULL } },
		{ { "--join", "-f", "json", NULL }, 1 },
	} },
	{ "xq-bitpack", 1, {
		{ { NULL } },
		{ { "-f", "iccs", NULL } },
		{ { "-f", "json", NULL }, 1 },
		{ { "--scheme=index", NULL } },
		{ { "--scheme=geometric", NULL } },
		{ { "-f", "wxf", NULL } },
		{ { "-f", "chinese", NULL } },
		{ { "-f", "fen", NULL } },
		{ { "-f", "board", NULL } },
		{ { "-f", "ucci", NULL } },
		{ { "-f", "svg", NULL } },
	} },
	{ "fruitsolve", 0, {
		{ { "-l", NULL } },
		{ { "-G", NULL } },
		{ { "-c", NULL } },
		{ { "-e", "200", NULL } },
		{ { "-G", "-f", "svg", NULL } },
		{ { "-G", "-f", "game", NULL } },
		{ { "-c", "-f", "board", NULL } },
		{ { "-R", NULL } },
		{ { "-G", "-n", "3", "-f", "ppm", NULL } },
	} },
	{ "mine-reveal", 0, {
		{ { NULL } },
		{ { "-v", NULL } },
		{ { "-i", "mbf", NULL } },
		{ { "-f", "mbf", NULL } },
		{ { "-o", "1,1", NULL } },
		{ { "-o", "2,2", "-v", NULL } },
	} },
};

static const struct tool *tool;
static size_t nmodes;
static unsigned char *counters;	/* the coverage counters libFuzzer reads */
static unsigned char *shared;	/* the child's counters, copied back */
static size_t ncounters;
static char dir[] = "/tmp/gamefilters-fuzz-XXXXXX";
static char inpath[64], outpath[64], errpath[64];

/*
 * Runs first at the child's exit (registered last): libFuzzer's own exit
 * handler would report the exit as a crash, so the child leaves here.
 */
static void
child_exit(int status, void *arg)
{
	if (shared != NULL)
		memcpy(shared, counters, ncounters);
	fflush(NULL);
	_exit(status);
}

static int
load_bias(struct dl_phdr_info *info, size_t size, void *bias)
{
	*(uintptr_t *)bias = info->dlpi_addr;
	return 1;		/* the first object is the program */
}

/*
 * The program's own __sancov_cntrs section, found in its ELF section
 * headers (declaring the linker's __start_ symbols for it stops the
 * compiler's coverage set-up from registering the counters).
 */
static unsigned char *
find_counters(size_t *n)
{
	Elf64_Ehdr eh;
	Elf64_Shdr *sh = NULL;
	char *names = NULL;
	unsigned char *found = NULL;
	uintptr_t bias = 0;
	FILE *f;
	size_t i;

	if ((f = fopen("/proc/self/exe", "r")) == NULL)
		return NULL;
	if (fread(&eh, sizeof(eh), 1, f) != 1 || eh.e_shentsize != sizeof(*sh) ||
	    (sh = calloc(eh.e_shnum, sizeof(*sh))) == NULL ||
	    fseek(f, eh.e_shoff, SEEK_SET) != 0 ||
	    fread(sh, sizeof(*sh), eh.e_shnum, f) != eh.e_shnum ||
	    eh.e_shstrndx >= eh.e_shnum ||
	    (names = calloc(1, sh[eh.e_shstrndx].sh_size + 1)) == NULL ||
	    fseek(f, sh[eh.e_shstrndx].sh_offset, SEEK_SET) != 0 ||
	    fread(names, 1, sh[eh.e_shstrndx].sh_size, f) !=
	    sh[eh.e_shstrndx].sh_size)
		goto done;
	dl_iterate_phdr(load_bias, &bias);
	for (i = 0; i < eh.e_shnum; i++)
		if (sh[i].sh_name < sh[eh.e_shstrndx].sh_size &&
		    strcmp(names + sh[i].sh_name, "__sancov_cntrs") == 0) {
			found = (unsigned char *)(bias + sh[i].sh_addr);
			*n = sh[i].sh_size;
		}
done:
	free(sh);
	free(names);
	fclose(f);
	return found;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	size_t i;

	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++)
		if (strcmp(tools[i].name, TOOL) == 0)
			tool = &tools[i];
	if (tool == NULL)
		errx(2, "no modes for %s", TOOL);
	while (nmodes < sizeof(tool->modes) / sizeof(tool->modes[0]) &&
	    (nmodes == 0 || tool->modes[nmodes].args[0]))
		nmodes++;
	if (mkdtemp(dir) == NULL)
		err(2, "mkdtemp");
	snprintf(inpath, sizeof(inpath), "%s/in", dir);
	snprintf(outpath, sizeof(outpath), "%s/out", dir);
	snprintf(errpath, sizeof(errpath), "%s/err", dir);
	if ((counters = find_counters(&ncounters)) != NULL) {
		shared = mmap(NULL, ncounters, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (shared == MAP_FAILED)
			err(2, "mmap");
	}
	return 0;
}

static void
put_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f;

	if ((f = fopen(path, "w")) == NULL)
		err(2, "%s", path);
	if (size > 0 && fwrite(data, 1, size, f) != size)
		err(2, "%s", path);
	if (fclose(f) != 0)
		err(2, "%s", path);
}

static char *
get_file(const char *path, size_t *size)
{
	FILE *f;
	char *s;
	long n;

	if ((f = fopen(path, "r")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (n = ftell(f)) < 0)
		err(2, "%s", path);
	*size = n;
	rewind(f);
	if ((s = malloc(*size + 1)) == NULL)
		err(2, "malloc");
	if (fread(s, 1, *size, f) != *size)
		err(2, "%s", path);
	s[*size] = '\0';
	fclose(f);
	return s;
}

/*
 * The byte that ends the lines of a text: a CR if the first line end is
 * a run of CRs with no newline after it (the classic Mac OS's text),
 * else a newline.
 */
static char
line_end(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i] != '\n'; i++)
		if (s[i] == '\r') {
			while (i < n && s[i] == '\r')
				i++;
			return i < n && s[i] == '\n' ? '\n' : '\r';
		}
	return '\n';
}

/* Lines as a user counts them: line ends, and an unterminated last one. */
static size_t
count_newlines(const char *s, size_t n)
{
	size_t i, lines = 0;
	char end = line_end(s, n);

	for (i = 0; i < n; i++)
		if (s[i] == end)
			lines++;
	return lines + (n > 0 && s[n - 1] != end);
}

/*
 * Whether the mode in hand names the input's encoding (-E): text in
 * UTF-16 or UTF-32 without a mark is then no wide text to the tool but
 * a bad first line, its bytes copied as lines.
 */
static int named_encoding;

/*
 * The n bytes of s as the tool reads them: made UTF-8 into *text (to
 * free) if it reads them whole, UTF-16 by its mark or UTF-16 or UTF-32
 * by the first line (unless -E names an encoding), with *n set; s
 * itself otherwise; NULL if they do not decode.
 */
static const char *
as_read(const char *s, size_t *n, char **text)
{
	const char *end, *enc, *why;
	size_t first;

	*text = NULL;
	end = memchr(s, line_end(s, *n), *n);
	/*
	 * The first line as the line reader hands it, a CR before its
	 * newline taken off: the tool tells a wide encoding by that.
	 */
	first = end != NULL ? (size_t)(end - s) : *n;
	if (end != NULL && *end == '\n' && first > 0 && s[first - 1] == '\r')
		first--;
	if (has_utf16_bom(s, *n))
		enc = "UTF-16";
	else if (named_encoding || (enc = wide_unmarked(s, first)) == NULL)
		return s;
	return *text = text_to_utf8(s, *n, enc, n, &why);
}

/*
 * The same, counted as the tool reads them and writes them back; SIZE_MAX
 * if they do not decode.
 */
static size_t
count_lines(const char *s, size_t n)
{
	const char *p;
	size_t lines;
	char *text;

	if ((p = as_read(s, &n, &text)) == NULL)
		return SIZE_MAX;
	lines = count_newlines(p, n);
	free(text);
	return lines;
}

static __attribute__((noreturn)) void
fail(const char *why, const struct mode *m)
{
	size_t n, i;
	char *e = get_file(errpath, &n);

	fprintf(stderr, "%s", TOOL);
	for (i = 0; m->args[i] != NULL; i++)
		fprintf(stderr, " %s", m->args[i]);
	fprintf(stderr, ": %s\n--- its standard error:\n", why);
	fwrite(e, 1, n > 4000 ? 4000 : n, stderr);
	fprintf(stderr, "---\n");
	abort();
}

static void
run_child(const struct mode *m)
{
	char *argv[MAXARGS + 3];
	int argc = 0, fd, i;

	signal(SIGALRM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if ((fd = open("/dev/null", O_RDONLY)) == -1 || dup2(fd, 0) == -1 ||
	    (fd = open(outpath, O_WRONLY | O_CREAT | O_TRUNC, 0600)) == -1 ||
	    dup2(fd, 1) == -1 ||
	    (fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600)) == -1 ||
	    dup2(fd, 2) == -1)
		_exit(98);
	/* Diagnostics name the tool, not the harness (err(3), getprogname). */
	program_invocation_name = program_invocation_short_name = (char *)TOOL;
	setprogname(TOOL);
	argv[argc++] = (char *)TOOL;
	for (i = 0; m->args[i] != NULL; i++)
		argv[argc++] = (char *)m->args[i];
	argv[argc++] = inpath;
	argv[argc] = NULL;
	on_exit(child_exit, NULL);
	alarm(CHILD_SECONDS);
	exit(TOOL_MAIN(argc, argv));
}

/* Whether p to end is spaces, tabs and a CR only. */
static int
is_blank(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p != ' ' && *p != '\t' && *p != '\r')
			return 0;
	return 1;
}

static void
check_output(const struct mode *m, size_t inlines)
{
	char *out, *errs, *p, *nl;
	size_t n, en, outlines;
	json_error_t jerr;
	json_t *j;

	errs = get_file(errpath, &en);
	for (p = errs; p < errs + en; p = nl + 1) {
		if (strncmp(p, TOOL ": ", strlen(TOOL) + 2) != 0)
			fail("a diagnostic does not start with the tool's name", m);
		if ((nl = memchr(p, '\n', errs + en - p)) == NULL)
			fail("standard error does not end with a newline", m);
	}
	free(errs);
	if (!tool->lines || m->reports)
		return;
	out = get_file(outpath, &n);
	outlines = count_lines(out, n);
	if (inlines != SIZE_MAX && outlines == SIZE_MAX)
		fail("the output is UTF-16 that does not decode", m);
	if (inlines != SIZE_MAX && outlines != inlines)
		fail("the output has not as many lines as the input", m);
	if (m->json)
		for (p = out; p < out + n; p = nl + 1) {
			if ((nl = memchr(p, '\n', out + n - p)) == NULL)
				nl = out + n;
			/* Blank lines are copied, as JSON Lines readers allow. */
			if (is_blank(p, nl))
				continue;
			j = json_loadb(p, nl - p, JSON_DECODE_ANY, &jerr);
			if (j == NULL)
				fail("-f json wrote a line that is not JSON", m);
			json_decref(j);
		}
	free(out);
}

/* Does the tool read this input, made UTF-8, as a game file, not lines? */
static int
game_file(const char *s, size_t size)
{
	const char *nl;
	size_t len = size;

	if (starts_game_file == NULL)
		return 0;
	if ((nl = memchr(s, line_end(s, size), size)) != NULL) {
		len = nl - s;
		if (len > 0 && s[len - 1] == '\r')
			len--;
	}
	return starts_game_file(s, len);
}

/*
 * The lines of the input as the tool reads it, made UTF-8 once for both
 * questions; SIZE_MAX, not to be checked, for a game file, text that
 * does not decode, a ZIP archive (a spreadsheet, whose rows are the
 * lines, or another archive, read as the files in it), or mail.
 */
static size_t
input_lines(const uint8_t *data, size_t size)
{
	const char *p;
	char *text;
	size_t lines;

	if (size >= 4 && memcmp(data, "PK\x03\x04", 4) == 0)
		return SIZE_MAX;
	if (mail_starts != NULL && mail_starts((const char *)data,
	    size < MAIL_LOOK ? size : MAIL_LOOK) > 0)
		return SIZE_MAX;
	if ((p = as_read((const char *)data, &size, &text)) == NULL)
		return SIZE_MAX;
	lines = game_file(p, size) ? SIZE_MAX : count_newlines(p, size);
	free(text);
	return lines;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct mode *m = &tool->modes[0];
	size_t i;
	pid_t pid;
	int status;

	if (size > 0 && data[0] < nmodes) {
		m = &tool->modes[data[0]];
		data++;
		size--;
	}
	named_encoding = 0;
	for (i = 0; m->args[i] != NULL; i++)
		named_encoding |= strcmp(m->args[i], "-E") == 0;
	put_file(inpath, data, size);
	if (shared != NULL)
		memset(shared, 0, ncounters);
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) == -1)
		err(2, "fork");
	if (pid == 0)
		run_child(m);
	/* libFuzzer's timer for -timeout interrupts the wait. */
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			err(2, "waitpid");
	for (i = 0; shared != NULL && i < ncounters; i++)
		if (shared[i] > counters[i])
			counters[i] = shared[i];
	if (WIFSIGNALED(status))
		fail(strsignal(WTERMSIG(status)), m);
	if (WEXITSTATUS(status) > 2)
		fail("exit status above 2", m);
	if (WEXITSTATUS(status) < 2)
		check_output(m, input_lines(data, size));
	return 0;
}
