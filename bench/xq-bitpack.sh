#!/bin/bash
# Measures xq-bitpack on master games it was not tuned on: bits per move
# and link length for each scheme, that every game comes back, and
# packing and unpacking speed in plies per second, each way:
#   end to end: ICCS lines in, packed out (pack), and back (unpack);
#   codec alone: packed in, the final position out (unpack: every move
#   decoded and checked, no notation written), and packed in, packed out
#   less that unpacking (pack alone, by difference).
# The baseline is reading and writing the same games in ICCS (the same
# parse and legality checks, no packing).  Also replays the wxf games,
# and times perft 5.  Run from the build directory:
#	bash ../main/bench/xq-bitpack.sh	(or with the build directory on PATH)
# Times are CPU seconds (user + system) to the millisecond, medians of
# $RUNS runs, so that a busy machine disturbs them less.

set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=$top/../shared/corpora/xiangqi
games=$corpus/ccpd-masters-5000.iccs.txt
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

echo "corpus: ccpd-masters-5000, $ngames games, $plies plies (model tuned on the wxf file only)"
base=$(median xq-bitpack -i iccs -f iccs "$tmp/games")
printf 'baseline (ICCS in, ICCS out): %s s, %.2f M plies/s\n' "$base" \
    "$(rate "$base")"
for s in geometric index ranked; do
	xq-bitpack -S "$s" "$tmp/games" >"$tmp/$s"
	if xq-bitpack "$tmp/$s" | cmp -s - "$tmp/games"; then
		rt="every game round-trips"
	else
		rt="ROUND TRIP FAILED"
	fi
	# The moves alone: less the letters, the Elias gamma ply count and
	# the start-position bit (the padding of the last letter stays in).
	paste -d ' ' "$tmp/$s" "$tmp/games" | awk -v p="$plies" -v s="$s" -v rt="$rt" '
		{ c += length($1); n++; k = NF - 1
		  h += 2 * int(log(k + 1) / log(2) + 1e-9) + 2 }
		END { printf "%-9s %.3f bits/move (whole links), %.3f without the 2 letters, %.3f the moves alone; %.1f chars a link; %s\n",
		    s, c * 6 / p, (c - 2 * n) * 6 / p, ((c - 2 * n) * 6 - h) / p, c / n, rt }'
	pk=$(median xq-bitpack -S "$s" "$tmp/games")
	un=$(median xq-bitpack "$tmp/$s")
	cu=$(median xq-bitpack -f fen "$tmp/$s")
	re=$(median xq-bitpack -S "$s" -f packed "$tmp/$s")
	cp=$(echo "$re - $cu" | bc -l)
	printf '          end to end: pack %s s, %.2f M plies/s; unpack %s s, %.2f M plies/s (%.2fx, %.2fx baseline)\n' \
	    "$pk" "$(rate "$pk")" "$un" "$(rate "$un")" \
	    "$(echo "$pk / $base" | bc -l)" "$(echo "$un / $base" | bc -l)"
	printf '          codec alone: pack %.3f s, %.2f M plies/s; unpack %s s, %.2f M plies/s (packed to packed %s s)\n' \
	    "$cp" "$(rate "$cp")" "$cu" "$(rate "$cu")" "$re"
done
wxf=$corpus/wxf-masters-hu-liu.iccs.txt
if xq-bitpack -S index "$wxf" >/dev/null; then
	echo "wxf-masters-hu-liu: every move of $(wc -l <"$wxf") games legal"
else
	echo "wxf-masters-hu-liu: ILLEGAL MOVES"
fi
p5=$(median xq-perft 5)
printf 'perft 5: %s nodes in %s s, %.1f M nodes/s\n' "$(xq-perft 5)" "$p5" \
    "$(echo "$(xq-perft 5) / $p5 / 1000000" | bc -l)"
