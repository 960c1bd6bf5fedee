/*
 * gf.h: the internal library shared by the gamefilters tools.
 *
 * Diagnostics with file:line and the excerpts they quote, a line reader
 * that takes lines of any length, the bookkeeping of a run (signals,
 * write errors, the summary), arbitrary-precision unsigned integers for
 * base-N and mixed-radix codes, and an MSB-first bit writer and reader.
 * Nothing here is installed; each tool links libgf.a.
 */

#ifndef GF_H
#define GF_H

#include <sys/types.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifndef __dead
#define __dead __attribute__((__noreturn__))
#endif

/* Exit status shared by every tool. */
#define GF_EXIT_OK	0	/* every record was good */
#define GF_EXIT_BAD	1	/* at least one bad record, the rest processed */
#define GF_EXIT_ERROR	2	/* usage or system error */

/* diag.c: "tool: file:line: message" and "tool: file:line:column: message". */
void	 warn_at(const char *, size_t, const char *, ...)
	    __attribute__((__format__(__printf__, 3, 4)));
void	 warn_at_column(const char *, size_t, size_t, const char *, ...)
	    __attribute__((__format__(__printf__, 4, 5)));
void	 vwarn_at(const char *, size_t, size_t, const char *, va_list);
void	 print_version(void);
void	 finish_stdout(void);

/*
 * An option as --help lists it: its letter (0 for none), its long name,
 * what follows the name ("=FORMAT", "[=SECONDS]", or "" for nothing) and
 * what it does.  print_help prints the synopsis, then each option of a
 * table ended by a null name on a line of its own, what they do in one
 * column, and exits; print_usage prints the synopsis alone on standard
 * error, for a command line that is wrong, and exits 2.
 */
struct help_option {
	int		 letter;
	const char	*name, *arg, *what;
};
void	 print_help(const char *, const struct help_option *) __dead;
void	 print_usage(const char *) __dead;
/* What --summary does, in every tool (run.c prints the counts). */
#define SUMMARY_HELP	"print the counts of records, good, bad and " \
	"warnings, on standard error at the end"

/*
 * text.c: at most EXCERPT_MAX bytes of what was found, escaped for a
 * terminal ("\xNN" for control bytes, backslash and bytes that are not
 * UTF-8, "..." when cut, "empty" for nothing), in one of four static
 * buffers used in turn; and the length of one UTF-8 character.
 */
#define EXCERPT_MAX	40
const char	*excerpt(const char *, size_t);
size_t		 utf8_length(const char *, size_t);

/*
 * run.c: a run of a filter.  run_start catches SIGINT and SIGTERM (the
 * record in hand is finished, then run_stopped says stop) and, with a
 * nonzero argument, keeps the counts for the --summary line; run_record
 * counts a record written (bad if nonzero) and exits 2 if standard
 * output has failed; run_finish flushes standard output, prints the
 * summary, exits 128 + the signal if one stopped the run, and otherwise
 * returns its argument as the exit status.
 */
void	 run_start(int);
void	 run_record(int);
void	 run_warning(void);
int	 run_stopped(void);
int	 run_finish(int);
void	 run_clear_progress(void);
void	 check_stdout(void);

/*
 * jsonerr.c (needs jansson): {"file":...,"line":N,"error":"...","input":
 * "..."} on a line of its own, for a bad record under -f json, or
 * {"file":...,"line":N,"text":"..."} for a line of text; each line ends
 * as the record's would (see lr_end).
 */
struct linereader;
void	 json_error_line(FILE *, const struct linereader *, const char *,
	    const char *, size_t);
void	 json_text_line(FILE *, const struct linereader *);

/*
 * xmlerr.c (needs libxml2): between xml_error_begin and xml_error_end,
 * libxml2 prints nothing and its first error is kept, as one line.
 */
void		 xml_error_begin(void);
const char	*xml_error_end(void);

/* strbuf.c: a string that grows, always ended by a NUL. */
struct strbuf {
	char		*s;
	size_t		 len, cap;
};

void	 sb_add(struct strbuf *, const char *, size_t);
void	 sb_addc(struct strbuf *, char);
void	 sb_clear(struct strbuf *);
void	 sb_free(struct strbuf *);

/*
 * zipread.c (needs libzip): the files of a ZIP archive in memory, each
 * unpacked whole within a limit.  Messages come back in why.
 */
struct zipread {
	struct zip	*zip;
};

int		 zr_open(struct zipread *, const char *, size_t, char *, size_t);
void		 zr_close(struct zipread *);
int		 zr_find(const struct zipread *, const char *, size_t *);
int		 zr_read(const struct zipread *, size_t, uint64_t,
		    struct strbuf *, char *, size_t);

/* The most a file of an archive may unpack to. */
#define ZIP_FILE_MAX	((uint64_t)256 << 20)
typedef int	 zr_file_fn(const char *, char *, size_t, void *);
/* How zr_each_file walks an archive. */
struct zr_walk {
	const char	*encoding;	/* of names not marked UTF-8, or NULL */
	int		 flags;
	int		(*wanted)(const char *, size_t);	/* or NULL */
	const char	*unwanted;	/* what the others are, to warn */
	zr_file_fn	*fn;
	void		*arg;
	const char	*skipped;	/* what a file fn skipped is, to warn */
};
#define ZR_SKIPPED	(-1)	/* fn's answer: not what the walk is for */
#define ZR_QUIET	1	/* no warning is printed */
#define ZR_OPTION_E	2	/* the tool's -E names an encoding */
int		 zr_each_file(const char *, const char *, size_t,
		    const struct zr_walk *);
void		 zr_files_warning(const char *, size_t, const char *,
		    const char *, const char *, int);

/*
 * linereader.c: reads one line at a time from a named file or from
 * standard input ("-"), any length, counting lines for diagnostics.
 */
struct linereader {
	FILE		*fp;
	const char	*name;		/* as given, "-" shown as "stdin" */
	size_t		 lineno;	/* number of the line last read */
	char		*line;		/* the line, without its newline */
	size_t		 len;		/* its length */
	int		 newline;	/* nonzero if a line end ended it */
	int		 cr;		/* nonzero if a CR preceded the newline */
	int		 ends;		/* LR_ENDS_*: how the input's lines end */
	char		*buf;		/* input read ahead; line points here */
	size_t		 cap;
	size_t		 start;		/* next unread byte in buf */
	size_t		 fill;		/* end of the bytes in buf */
	size_t		 scanned;	/* buf[start..scanned) has no newline */
	int		 eof;
	int		 error;		/* a read error ended the input */
	int		 piped;		/* a pipe or terminal: read by lines */
	char		*piece;		/* the line read from it last */
	size_t		 piece_cap;
	int		 want_utf8;	/* see lr_want_utf8 */
	char		*text;		/* UTF-8 made of UTF-16, read from */
};

/* How the lines of an input end, told by its first line end. */
#define LR_ENDS_UNKNOWN	0	/* no line end read yet */
#define LR_ENDS_LF	1	/* in a newline, or CR LF */
#define LR_ENDS_CR	2	/* in a CR alone */

int	 lr_open(struct linereader *, const char *);
void	 lr_attach(struct linereader *, FILE *, const char *);
int	 lr_next(struct linereader *);
void	 lr_write(const struct linereader *, FILE *);
void	 lr_end(const struct linereader *, FILE *, int);
void	 lr_want_utf8(struct linereader *);
int	 lr_close(struct linereader *);
int	 lr_blank(const struct linereader *);
off_t	 lr_left(const struct linereader *);
char	*lr_slurp(struct linereader *, size_t *);
const char *lr_peek(struct linereader *, size_t, size_t, size_t *);
FILE	*lr_take(struct linereader *, char **, size_t *);
void	 lr_read_ended(struct linereader *);
unsigned char	*read_all(FILE *, size_t *);
int	 lr_reread_utf8(struct linereader *, const char *, const char **);
void	 lr_attach_text(struct linereader *, char *, size_t, const char *);

/*
 * bignum.c: unsigned integers of any size in 32-bit limbs, least
 * significant first.  Enough arithmetic for mixed-radix codes: multiply
 * by a small radix and add a digit, divide by a small radix and take the
 * remainder, and conversion to and from text in any base up to 64.
 */
struct bignum {
	uint32_t	*limb;
	size_t		 n;		/* limbs in use; 0 means zero */
	size_t		 cap;
};

void	 bn_init(struct bignum *);
void	 bn_free(struct bignum *);
void	 bn_set_u64(struct bignum *, uint64_t);
int	 bn_is_zero(const struct bignum *);
int	 bn_fits_u64(const struct bignum *, uint64_t *);
size_t	 bn_bits(const struct bignum *);
void	 bn_mul_add(struct bignum *, uint32_t, uint32_t);
uint32_t bn_divmod(struct bignum *, uint32_t);
int	 bn_compare(const struct bignum *, const struct bignum *);
char	*bn_to_text(const struct bignum *, unsigned int, const char *);
int	 bn_from_text(struct bignum *, const char *, size_t, unsigned int,
	    const char *);

/*
 * The root of x's set in a union-find forest kept as an array of
 * parents, each step of the path to it halved on the way (a loop, however
 * long the path).  Who joins two sets chooses which root stays.
 */
static inline uint32_t
uf_root(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

extern const char base36_digits[];	/* "0123456789abcdefghijklmnopqrstuvwxyz" */
extern const signed char base36_values[256];	/* digit -> value or -1 */

/* The value of a lowercase base-36 digit, or -1. */
static inline int
base36_value(int c)
{
	return base36_values[(unsigned char)c];
}

/*
 * bitio.c: bits written and read most significant first, as a byte
 * string.  Truncated binary codes give n equally likely values
 * floor(log2 n) or ceil(log2 n) bits.
 */
struct bitwriter {
	uint8_t		*buf;
	size_t		 len;		/* whole bytes written */
	size_t		 cap;
	uint64_t	 acc;		/* bits not yet in buf */
	unsigned int	 nacc;
	size_t		 nbits;		/* total bits written */
};

struct bitreader {
	const uint8_t	*buf;
	size_t		 len;
	size_t		 pos;		/* next bit to read */
};

void	 bw_init(struct bitwriter *);
void	 bw_free(struct bitwriter *);
void	 bw_put(struct bitwriter *, uint32_t, unsigned int);
void	 bw_put_truncbin(struct bitwriter *, uint32_t, uint32_t);
void	 bw_flush(struct bitwriter *);
void	 br_init(struct bitreader *, const uint8_t *, size_t);
int	 br_get(struct bitreader *, unsigned int, uint32_t *);
int	 br_get_truncbin(struct bitreader *, uint32_t, uint32_t *);
size_t	 br_left(const struct bitreader *);

/* Words of 32 bits least significant byte first, as XQF and CBR keep. */
uint32_t le32_get(const unsigned char *);
void	 le32_put(unsigned char *, uint32_t);

/*
 * rangecoder.c: a range coder for symbols given as [cum, cum + freq) of a
 * total of at most RC_MAXTOTAL.  The code is as short as the coder can
 * make it: the decoder reads zero bytes past the end of its input.
 */
#define RC_MAXTOTAL	(1U << 16)

struct rc_encoder {
	uint8_t		*buf;		/* the code so far */
	size_t		 len;
	size_t		 cap;
	uint64_t	 low;
	uint32_t	 range;
	uint8_t		 cache;
	uint64_t	 pending;
	int		 first;
};

struct rc_decoder {
	const uint8_t	*buf;
	size_t		 len;
	size_t		 pos;
	uint32_t	 code;
	uint32_t	 range;
	uint32_t	 r;
};

void	 rc_enc_init(struct rc_encoder *);
void	 rc_enc_free(struct rc_encoder *);
void	 rc_encode(struct rc_encoder *, uint32_t, uint32_t, uint32_t);
void	 rc_enc_finish(struct rc_encoder *);
void	 rc_dec_init(struct rc_decoder *, const uint8_t *, size_t);
uint32_t rc_decode_freq(struct rc_decoder *, uint32_t);
void	 rc_decode_update(struct rc_decoder *, uint32_t, uint32_t);

/*
 * rng.c: xoshiro256** seeded through splitmix64, so that a seed gives the
 * same boards and games everywhere.
 */
struct rng {
	uint64_t	 s[4];
};

void	 rng_seed(struct rng *, uint64_t);
uint64_t rng_next(struct rng *);
uint64_t rng_below(struct rng *, uint64_t);
double	 rng_unit(struct rng *);
size_t	 rng_pick(struct rng *, const double *, size_t, double);

/*
 * encoding.c: text made UTF-8 through iconv.  detect_encoding tells
 * "UTF-8", "GB18030" or "BIG5" by the text's content, or returns NULL
 * with *why set; text_to_utf8 converts (dropping a UTF-8 BOM) into a
 * NUL-terminated string to free, or returns NULL with *why set;
 * utf8_valid tells valid UTF-8; encoding_is_wide an encoding whose
 * lines cannot be split before converting (UTF-16, UTF-32);
 * has_utf16_bom tells text that opens with a UTF-16 byte order mark,
 * wide_unmarked the encoding of ASCII in UTF-16 or UTF-32 without one;
 * text_bytes whether bytes are text at all (no NUL in the first 4 kB but
 * in UTF-16 or UTF-32), as a file of an archive beside photos is;
 * encoding_writer gives a stream that writes UTF-8 to another stream in
 * an encoding, a byte order mark first if asked, or NULL.
 */
const char *detect_encoding(const char *, size_t, const char **);
char	*text_to_utf8(const char *, size_t, const char *, size_t *,
	    const char **);
char	*text_from_utf8(const char *, size_t, const char *, size_t *,
	    const char **);
int	 encoding_known(const char *);
int	 utf8_valid(const char *, size_t);
int	 encoding_is_wide(const char *);
int	 has_utf16_bom(const char *, size_t);
const char *wide_unmarked(const char *, size_t);
int	 text_bytes(const char *, size_t);
FILE	*encoding_writer(FILE *, const char *, int);

/* xmalloc.c: allocation that exits with status 2 on failure. */
#define HUGE_MIN	((size_t)4 << 20)	/* smallest block in huge pages */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xcalloc_mapped(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
void	 advise_pages(void *, void *, int);
void	 advise_huge(void *, size_t);

#endif /* GF_H */
