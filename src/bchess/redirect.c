/*
 * redirect.c: the addresses whose only work is to send the browser on to
 * an address they hold in a parameter, percent-encoded: Google's (every
 * link of a Google Docs page saved as HTML, of Gmail and of its search
 * results), Outlook's Safe Links (mail of a company), Facebook's,
 * Messenger's and Instagram's, YouTube's, Slack's, VK's and Reddit's,
 * and the first form of Proofpoint's URL Defense (its later forms are
 * proofpoint.c's).
 * A link to the game that stands inside one of them is written alone,
 * the redirect left out: the redirect's own checks (Google's usg and
 * ust, a time after which it warns before it goes on) would no longer
 * match the converted link.
 */

#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "gf.h"
#include "bchess.h"

/*
 * A redirecting address: its host (or, when it starts with '.', any host
 * ending so), its path (or NULL: any) and the parameter that holds the
 * address it sends to.
 */
struct redirector {
	const char	*host;
	const char	*path;
	const char	*param;
};

static const struct redirector redirectors[] = {
	{ "www.google.com", "/url", "q" },
	{ "www.google.com", "/url", "url" },
	{ "google.com", "/url", "q" },
	{ "google.com", "/url", "url" },
	{ ".safelinks.protection.outlook.com", NULL, "url" },
	{ "l.facebook.com", "/l.php", "u" },
	{ "lm.facebook.com", "/l.php", "u" },
	{ "l.messenger.com", "/l.php", "u" },
	{ "l.instagram.com", "/", "u" },
	{ "www.youtube.com", "/redirect", "q" },
	{ "youtube.com", "/redirect", "q" },
	{ "slack-redir.net", "/link", "url" },
	{ "vk.com", "/away.php", "to" },
	{ "m.vk.com", "/away.php", "to" },
	{ "out.reddit.com", NULL, "url" },
	{ "urldefense.proofpoint.com", "/v1/url", "u" }
};

static int	 in_address(int);
static size_t	 separator_before(const char *, size_t, size_t);
static int	 host_is(const char *, size_t, const char *);
static const struct redirector *redirector(const char *, size_t,
		    const char *, size_t, const char *, size_t);

/* The bytes of an address before its query, and of its parameters. */
static int
in_address(int c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
	    c == '%' || c == '/' || c == ':' || c == '@' || c == '+' ||
	    c == '=' || c == '&' || c == ';' || c == '?';
}

/*
 * The length of the separator of parameters ending at line[i]: '?', '&'
 * or HTML's "&amp;"; 0 if there is none.
 */
static size_t
separator_before(const char *line, size_t first, size_t i)
{
	if (i == first)
		return 0;
	if (i - first >= 5 && memcmp(line + i - 5, "&amp;", 5) == 0)
		return 5;
	return line[i - 1] == '?' || line[i - 1] == '&' ? 1 : 0;
}

/* Whether host line[h..h+n) is want, or ends with it if it starts '.'. */
static int
host_is(const char *h, size_t n, const char *want)
{
	size_t w = strlen(want);

	if (want[0] == '.')
		return n > w && strncasecmp(h + n - w, want, w) == 0;
	return n == w && strncasecmp(h, want, w) == 0;
}

static const struct redirector *
redirector(const char *host, size_t hlen, const char *path, size_t plen,
    const char *param, size_t namelen)
{
	const struct redirector *r;
	size_t i;

	for (i = 0; i < sizeof(redirectors) / sizeof(redirectors[0]); i++) {
		r = &redirectors[i];
		if (host_is(host, hlen, r->host) && (r->path == NULL ||
		    (strlen(r->path) == plen &&
		    strncmp(path, r->path, plen) == 0)) &&
		    strlen(r->param) == namelen &&
		    strncmp(param, r->param, namelen) == 0)
			return r;
	}
	return NULL;
}

/*
 * Whether the link line[inner..end), percent-encoded, is the whole value
 * of the parameter of a redirecting address that holds the address it
 * sends to: that parameter's value starts at inner, and ends at end (at
 * a separator, or where the redirect's address ends).  *startp is then
 * where the redirect's address starts (its scheme).
 */
int
redirect_start(const char *line, size_t first, size_t inner, size_t end,
    size_t last, size_t *startp)
{
	size_t name, sep, q, s, host, hend, pend;

	if (inner == first || line[inner - 1] != '=')
		return 0;
	if (end < last && line[end] != '&' && line[end] != '#' &&
	    in_address((unsigned char)line[end]))
		return 0;
	for (name = inner - 1; name > first &&
	    (isalnum((unsigned char)line[name - 1]) || line[name - 1] == '_');
	    name--)
		continue;
	if ((sep = separator_before(line, first, name)) == 0)
		return 0;
	/* The redirect's '?', the first of its address. */
	for (q = name - sep; q > first && line[q] != '?'; q--)
		if (!in_address((unsigned char)line[q - 1]))
			return 0;
	if (line[q] != '?')
		return 0;
	for (s = q; s > first && in_address((unsigned char)line[s - 1]) &&
	    line[s - 1] != '=' && line[s - 1] != '&' && line[s - 1] != ';' &&
	    line[s - 1] != '?'; s--)
		continue;
	if (q - s >= 8 && strncasecmp(line + s, "https://", 8) == 0)
		host = s + 8;
	else if (q - s >= 7 && strncasecmp(line + s, "http://", 7) == 0)
		host = s + 7;
	else
		return 0;
	for (hend = host; hend < q && line[hend] != '/'; hend++)
		continue;
	pend = q;
	if (redirector(line + host, hend - host, line + hend, pend - hend,
	    line + name, inner - 1 - name) == NULL)
		return 0;
	*startp = s;
	return 1;
}
