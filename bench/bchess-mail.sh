#!/bin/bash
# What reading mail costs bchess-pack over reading its text: an mbox of
# messages, each a legacy link in a line of text, half of them in
# quoted-printable (the long link cut by soft line breaks) and half in
# base64, against the text bchess-pack writes of the same mbox, read in
# the same run.  Prints the median CPU seconds of several runs of each
# and the ratio; there is no target, the ratio says what the MIME costs;
# then the peak memory of reading the mbox named and down a pipe.
# The mbox is written here by awk, and every link must come out of it.
#
# usage: bench/bchess-mail.sh [messages] [runs]   (from a built tree)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${BCHESS_PACK:-./bchess-pack}
n=${1:-20000}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }

awk -v n="$n" -v seed=1 -v prefix='https://www.joonas.io/buffalo-chess/?l=' \
    -f "$top/tests/data/bchess-pack/random-logs.awk" >"$tmp/links"

awk '
    BEGIN {
	b = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for (i = 1; i < 128; i++)
		ord[sprintf("%c", i)] = i
    }
    # The base64 of a line of ASCII, and of its newline.
    function b64(s,   out, i, n, x, k) {
	s = s "\n"
	out = ""
	for (i = 1; i <= length(s); i += 3) {
		n = length(s) - i + 1
		x = ord[substr(s, i, 1)] * 65536
		if (n > 1)
			x += ord[substr(s, i + 1, 1)] * 256
		if (n > 2)
			x += ord[substr(s, i + 2, 1)]
		for (k = 3; k >= 0; k--) {
			if (3 - k > n)
				out = out "="
			else
				out = out substr(b, int(x / 64 ^ k) % 64 + 1, 1)
		}
	}
	return out
    }
    # The quoted-printable of a line: = as =3D, lines of 76 at most,
    # each but the last ending in a soft break.
    function qp(s,   out, line, c, i) {
	gsub(/=/, "=3D", s)
	out = ""
	line = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "=")
			c = substr(s, i, 3)
		if (length(line) + length(c) > 75) {
			out = out line "=\n"
			line = ""
		}
		line = line c
		if (c != substr(s, i, 1))
			i += 2
	}
	return out line "\n"
    }
    {
	printf "From MAILER-DAEMON Sun Mar 14 09:00:00 2021\n"
	printf "From: player%d@example.org\nTo: club@example.org\n", NR
	printf "Subject: game %d\nDate: Sun, 14 Mar 2021 10:00:00 +0000\n", NR
	printf "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
	if (NR % 2 == 1) {
		printf "Content-Transfer-Encoding: quoted-printable\n\n"
		printf "%s\n", qp("Game " NR ": " $0)
	} else {
		enc = b64("Game " NR ": " $0)
		printf "Content-Transfer-Encoding: base64\n\n"
		for (i = 1; i <= length(enc); i += 76)
			print substr(enc, i, 76)
		printf "\n"
	}
    }' "$tmp/links" >"$tmp/mail.mbox"
"$bin" -q -f legacy "$tmp/mail.mbox" >"$tmp/mail.txt"
found=$(grep -c '^Game [0-9]*: https://www.joonas.io/buffalo-chess/?l=' \
    "$tmp/mail.txt" || true)
[ "$found" -eq "$n" ] ||
    { echo "bench: $found links of $n read from the mbox" >&2; exit 1; }

. "$top/bench/median-cpu.sh"

base=$(median_cpu "$tmp/mail.txt")
t=$(median_cpu "$tmp/mail.mbox")
printf '%d messages (%s bytes), median of %d runs, CPU seconds:\n' "$n" \
    "$(wc -c <"$tmp/mail.mbox")" "$runs"
printf 'its text %6s s   the mbox %6s s %5.1f x\n' "$base" "$t" \
    "$(awk -v a="$t" -v b="$base" 'BEGIN { print (b > 0 ? a / b : 0) }')"

# Peak memory (resident, of one run each) reading the mbox named as a
# file and down a pipe: a pipe is read forward as a file is, so the two
# should be about the same and far below the mbox's size.
if [ -x /usr/bin/time ]; then
	file_kb=$(/usr/bin/time -f %M "$bin" -q "$tmp/mail.mbox" 2>&1 >/dev/null |
	    tail -n 1)
	pipe_kb=$(cat "$tmp/mail.mbox" |
	    { /usr/bin/time -f %M "$bin" -q 2>&1 >/dev/null; } | tail -n 1)
	printf 'peak memory: named %s kB, down a pipe %s kB, the mbox %s kB\n' \
	    "$file_kb" "$pipe_kb" "$(($(wc -c <"$tmp/mail.mbox") / 1024))"
else
	echo 'peak memory: not measured (needs GNU time: apt-get install time)'
fi
