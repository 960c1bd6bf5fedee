#!/bin/sh
# How many damaged packed payloads bchess-pack catches, in the first
# versions (A-D, X: no check letter) and in the checked ones written now
# (E-H, Y), on games played by bchess-sim: the share of payloads cut by
# one character, extended by one base-36 digit, and with one digit
# changed (five of the other 35 digits at random, in every place), that
# are refused rather than read as another game; and what
# the check letter costs a link.
#
# usage: bench/bchess-damage.sh [games]   (from a built tree)
set -eu
bin=${BCHESS_PACK:-./bchess-pack}
sim=${BCHESS_SIM:-./bchess-sim}
n=${1:-1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for b in "$bin" "$sim"; do
	[ -x "$b" ] || { echo "bench: build first ($b not found)" >&2; exit 2; }
done

# Finished and unfinished games, clean and breaking the rules (escapes).
"$sim" -n "$n" -s 1 -p greedy -c site >"$tmp/games"
"$sim" -n "$n" -s 2 -p random -c random >>"$tmp/games"
"$sim" -n "$n" -s 3 -m 12 -p greedy -c site >>"$tmp/games"
"$bin" -q -f packed "$tmp/games" >"$tmp/new"
awk -v seed=4 'BEGIN { srand(seed) } NR % 4 == 0 { sub(/-0,/, "-1,") } { print }' \
    "$tmp/games" >"$tmp/faulty"
"$bin" -q -f packed "$tmp/faulty" >>"$tmp/new"
# The first versions' payload: the letter four back (X for Y), no check.
awk '{ v = substr($0, 1, 1); v = v == "Y" ? "X" : sprintf("%c", index("ABCDEFGH", v) + 60)
    print v substr($0, 2, length($0) - 2) }' "$tmp/new" >"$tmp/old"

# damage KIND FILE: the damaged payloads of every payload of FILE.
damage() {
	awk -v kind="$1" 'BEGIN { d = "0123456789abcdefghijklmnopqrstuvwxyz"; srand(5) }
	{
		s = $0; len = length(s)
		if (kind == "cut" && len > 1)
			print substr(s, 1, len - 1)
		else if (kind == "extend")
			for (i = 1; i <= 36; i++)
				print s substr(d, i, 1)
		else if (kind == "change")
			for (p = 2; p <= len; p++) {
				c = substr(s, p, 1)
				if (c !~ /[0-9a-z]/)
					continue
				# Five of the 35 other digits, chosen at random.
				for (j = 0; j < 5; j++) {
					i = index(d, c) + 1 + int(rand() * 35)
					i = (i - 1) % 36 + 1
					print substr(s, 1, p - 1) substr(d, i, 1) substr(s, p + 1)
				}
			}
	}' "$2"
}

printf '%-8s %-10s %9s %9s %8s\n' form damage payloads refused share
for form in old new; do
	for kind in cut extend change; do
		damage "$kind" "$tmp/$form" >"$tmp/damaged"
		total=$(wc -l <"$tmp/damaged")
		refused=$("$bin" -q -i packed "$tmp/damaged" 2>&1 >/dev/null | wc -l)
		awk -v f="$form" -v k="$kind" -v t="$total" -v r="$refused" \
		    'BEGIN { printf "%-8s %-10s %9d %9d %7.2f%%\n", f, k, t, r, 100 * r / t }'
	done
done
awk -v f="$tmp/old" 'BEGIN { while ((getline l < f) > 0) { n++; c += length(l) } }
    { m += length($0) } END { printf "mean payload: %.2f characters first versions, %.2f checked (+%.2f)\n",
    c / n, m / NR, m / NR - c / n }' "$tmp/new"
