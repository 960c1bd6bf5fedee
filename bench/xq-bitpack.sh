#!/bin/bash
# Measures xq-bitpack on master games it was not tuned on: bits per move
# and link length for each scheme, that every game comes back, and
# packing and unpacking speed in plies per second, each way:
#   end to end: ICCS lines in, packed out (pack), and back (unpack);
#   codec alone: packed in, the final position out (unpack: every move
#   decoded and checked, no notation written), and packed in, packed out
#   less that unpacking (pack alone, by difference).
# The baseline is reading and writing the same games in ICCS (the same
# parse and legality checks, no packing).  Then, for both versions of
# the packed format, the share of links cut by their last character or
# lengthened by one (each of the 64 letters) that are refused, and what
# version 2's check and result cost; replays the training games, and
# times perft 5.  Run from the build directory:
#	bash ../bench/xq-bitpack.sh [GAMES]	(or with it on PATH)
# GAMES is a file of ICCS move lists, one a line, by default the CCPD
# sample that ships in tests/data (500 games); the 5,000-game sample it
# is cut from measures the same way.  Times are CPU seconds (user +
# system) to the millisecond, medians of $RUNS runs, so that a busy
# machine disturbs them less.

set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
data=$top/tests/data/xq-bitpack
games=${1:-$data/ccpd-500.iccs}
RUNS=${RUNS:-5}
PATH=$(pwd):$PATH

if [ ! -r "$games" ]; then
	echo "xq-bitpack bench: $games is missing; nothing measured" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/ *$//' "$games" >"$tmp/games"
plies=$(wc -w <"$tmp/games")
ngames=$(wc -l <"$tmp/games")

# cpu CMD...: CPU seconds of one run, output to /dev/null.
cpu() {
	local TIMEFORMAT='%3U %3S'
	{ time "$@" >/dev/null; } 2>"$tmp/t"
	awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
}

# median CMD...: the median of $RUNS runs.
median() {
	i=0
	while [ $i -lt "$RUNS" ]; do
		cpu "$@"
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# rate SECONDS: millions of plies a second, or 0 for no measurable time.
rate() {
	echo "if ($1 > 0) $plies / $1 / 1000000 else 0" | bc -l
}

echo "corpus: $(basename "$games"), $ngames games, $plies plies (model tuned on the wxf file only)"
base=$(median xq-bitpack -i iccs -f iccs "$tmp/games")
printf 'baseline (ICCS in, ICCS out): %s s, %.2f M plies/s\n' "$base" \
    "$(rate "$base")"
for s in geometric index ranked; do
	xq-bitpack --scheme="$s" "$tmp/games" >"$tmp/$s"
	if xq-bitpack "$tmp/$s" | cmp -s - "$tmp/games"; then
		rt="every game round-trips"
	else
		rt="ROUND TRIP FAILED"
	fi
	# The moves alone: less the 3 letters (version, scheme, check), the
	# Elias gamma ply count, the start-position bit and the 2 bits of
	# the result (the padding of the last letter stays in).
	paste -d ' ' "$tmp/$s" "$tmp/games" | awk -v p="$plies" -v s="$s" -v rt="$rt" '
		{ c += length($1); n++; k = NF - 1
		  h += 2 * int(log(k + 1) / log(2) + 1e-9) + 4 }
		END { printf "%-9s %.3f bits/move (whole links), %.3f without the 3 letters, %.3f the moves alone; %.1f chars a link; %s\n",
		    s, c * 6 / p, (c - 3 * n) * 6 / p, ((c - 3 * n) * 6 - h) / p, c / n, rt }'
	pk=$(median xq-bitpack --scheme="$s" "$tmp/games")
	un=$(median xq-bitpack "$tmp/$s")
	cu=$(median xq-bitpack -f fen "$tmp/$s")
	re=$(median xq-bitpack --scheme="$s" -f packed "$tmp/$s")
	cp=$(echo "$re - $cu" | bc -l)
	printf '          end to end: pack %s s, %.2f M plies/s; unpack %s s, %.2f M plies/s (%.2fx, %.2fx baseline)\n' \
	    "$pk" "$(rate "$pk")" "$un" "$(rate "$un")" \
	    "$(echo "$pk / $base" | bc -l)" "$(echo "$un / $base" | bc -l)"
	printf '          codec alone: pack %.3f s, %.2f M plies/s; unpack %s s, %.2f M plies/s (packed to packed %s s)\n' \
	    "$cp" "$(rate "$cp")" "$cu" "$(rate "$cu")" "$re"
done
# damage VERSION SCHEME: the share of cut and of lengthened links refused.
damage() {
	xq-bitpack --pack-version="$1" --scheme="$2" "$tmp/games" >"$tmp/d$1"
	awk '{ print substr($0, 1, length($0) - 1) }' "$tmp/d$1" >"$tmp/cut"
	awk 'BEGIN { a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" }
	    { for (i = 1; i <= 64; i++) print $0 substr(a, i, 1) }' \
	    "$tmp/d$1" >"$tmp/ext"
	for f in cut ext; do
		printf '%s ' "$f"
		xq-bitpack -f iccs "$tmp/$f" 2>/dev/null | paste -d '\t' - "$tmp/$f" |
		    awk -F '\t' '$1 == $2 { n++ } END { printf "%d/%d (%.2f%%), ", n, NR, 100 * n / NR }'
	done
	awk '{ c += length($0) } END { printf "%.2f chars a link\n", c / NR }' "$tmp/d$1"
}
for s in geometric index ranked; do
	for v in 1 2; do
		printf '%-9s version %d refuses: %s\n' "$s" "$v" "$(damage "$v" "$s")"
	done
done
wxf=$data/wxf-masters-hu-liu.iccs
if xq-bitpack --scheme=index "$wxf" >/dev/null; then
	echo "wxf-masters-hu-liu: every move of $(wc -l <"$wxf") games legal"
else
	echo "wxf-masters-hu-liu: ILLEGAL MOVES"
fi
p5=$(median xq-perft 5)
printf 'perft 5: %s nodes in %s s, %.1f M nodes/s\n' "$(xq-perft 5)" "$p5" \
    "$(echo "$(xq-perft 5) / $p5 / 1000000" | bc -l)"
