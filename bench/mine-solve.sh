#!/bin/bash
# Benchmark mine-reveal's solver, generator and metrics, in one run:
#   1. --solve win rates over random boards, with the 95% interval of the
#      sample (1.96 standard errors), and CPU milliseconds a game:
#      expert (30x16, 99 mines) with only the first click safe, clicked
#      in the top left corner; expert with the first click an opening at
#      row 4, column 4 (its 3x3 block free of mines); both again with
#      --fast (no look ahead), on the same boards; 9x9/10 and 16x16/40
#      with the opening at row 4, column 4;
#   2. --no-guess expert boards made a second (CPU time);
#   3. --stats on a 10000x10000 board, against reading and writing the
#      same board (mine-reveal with no action) and against wc -l.
#
# The targets it prints beside the figures are those the solver aims
# at: 40.5% and 54% on expert at 5 ms a game, 200 no-guess boards a
# second, metrics within a few times the cost of reading.
#
# usage: bench/mine-solve.sh [builddir]
# GAMES (default 20000; 100000 for figures to quote) sets the games a rate is measured on; the
# interval narrows as 1/sqrt(GAMES).  SIDE (default 10000) the side of
# the board of part 3, RUNS (default 5) the runs of each program there.

set -eu

build=$(cd "${1:-.}" && pwd)
mr=$build/mine-reveal
[ -x "$mr" ] || { echo "no mine-reveal in $build" >&2; exit 2; }
games=${GAMES:-20000}
side=${SIDE:-10000}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mine-solve.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# cpu CMD...: CPU seconds (user + system) of one run, output discarded.
cpu() {
	local TIMEFORMAT='%3U %3S'
	{ time "$@" > /dev/null; } 2> "$tmp/time"
	awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

# rate LABEL TARGET ARGS...: solve GAMES boards made by -g ARGS (which
# may end with --fast).
rate() {
	local label=$1 target=$2
	shift 2
	local TIMEFORMAT='%3U %3S'
	{ time "$mr" -S 1 --count "$games" --solve -g "$@" \
	    > "$tmp/games"; } 2> "$tmp/time"
	grep '^# state:' "$tmp/games" | awk -v label="$label" \
	    -v target="$target" -v t="$(awk '{ print $1 + $2 }' "$tmp/time")" '
	{ n++; if ($3 == "won") w++; g += substr($5, 9) }
	END {
		p = w / n
		printf "%-34s %6.2f%% +- %.2f%%  (target %s)  %.2f ms a game, " \
		    "%.2f guesses a game, %d games\n", label, 100 * p,
		    196 * sqrt(p * (1 - p) / n), target, 1000 * t / n, g / n, n
	}'
}

echo "solver win rates (95% interval), CPU a game:"
rate "expert, first click safe, corner" "40.5% at 5 ms" 30x16 -m 99 --safe-cell 1,1
rate "expert, first click opening 4,4" "54% at 5 ms" 30x16 -m 99 --safe 4,4
rate "expert, corner, --fast" "-" 30x16 -m 99 --safe-cell 1,1 --fast
rate "expert, opening 4,4, --fast" "-" 30x16 -m 99 --safe 4,4 --fast
rate "beginner 9x9/10, opening 4,4" "-" 9x9 -m 10 --safe 4,4
rate "intermediate 16x16/40, opening 4,4" "-" 16x16 -m 40 --safe 4,4

n=$(( games / 20 < 200 ? 200 : games / 20 ))
t=$(cpu "$mr" -g 30x16 -m 99 --safe 4,4 --no-guess -S 1 --count "$n")
awk -v n="$n" -v t="$t" 'BEGIN {
	printf "no-guess expert boards: %.0f a second (target 200), " \
	    "%d boards in %.2f s CPU\n", n / t, n, t }'

"$mr" -g "${side}x$side" -m $(( side * side / 6 )) -S 1 | sed 1d > "$tmp/big"
# RUNS (default 5) runs of each, taken in turn so that a slow spell of a
# shared machine falls on all three alike; the medians are compared.
: > "$tmp/wc"; : > "$tmp/rd"; : > "$tmp/st"
for ((i = 0; i < ${RUNS:-5}; i++)); do
	cpu wc -l "$tmp/big" >> "$tmp/wc"
	cpu "$mr" "$tmp/big" >> "$tmp/rd"
	cpu "$mr" --stats "$tmp/big" >> "$tmp/st"
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
wc=$(median "$tmp/wc")
rd=$(median "$tmp/rd")
st=$(median "$tmp/st")
"$mr" --stats "$tmp/big" > "$tmp/stats"
awk -v wc="$wc" -v rd="$rd" -v st="$st" -v side="$side" \
    -v runs="${RUNS:-5}" -v s="$(cat "$tmp/stats")" 'BEGIN {
	printf "--stats on %dx%d, medians of %d runs: %.2f s CPU; %.2fx " \
	    "reading and writing it (%.2f s), %.1fx wc -l (%.2f s)\n  %s\n",
	    side, side, runs, st, st / rd, rd, st / wc, wc, s }'
