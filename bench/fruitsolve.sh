#!/bin/bash
# Scores and CPU time of fruitsolve's plans on boards drawn by the game's
# rule with a fixed seed, the greedy player as the baseline in the same
# run: mean, median, min and max apples cleared of 170, CPU seconds a
# board, and the search's gain over the greedy player.  Every plan is
# replayed before it counts.  Then the time to list every rectangle of 10
# on a 2000x2000 board against wc -l on the same file (medians of runs).
# Targets: greedy at least 115 in under 0.01 s a board; the default
# effort at least 145 in at most 2 s a board; the listing in a few
# seconds.
#
# usage: bench/fruitsolve.sh [boards] [runs]   (from a built tree;
#        FRUITSOLVE names the program, EFFORT a search effort to add)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${FRUITSOLVE:-./fruitsolve}
n=${1:-100}
runs=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }

# cpu CMD...: run CMD once, its stdout to $tmp/out; prints the user and
# system CPU seconds it took.
cpu() {
	local TIMEFORMAT='%3U %3S'
	{ time "$@" >"$tmp/out" 2>/dev/null; } 2>&1 |
	    awk '{ print $1 + $2 }'
}

# median_cpu CMD...: the median CPU seconds of $runs runs of CMD.
median_cpu() {
	local i
	for ((i = 0; i < runs; i++)); do
		cpu "$@"
	done | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

# stats LABEL SECONDS: summary of the "# cleared" lines of $tmp/out after
# checking them by a replay.
stats() {
	local label=$1 secs=$2
	"$bin" -r "$tmp/games" >"$tmp/replayed" ||
	    { echo "bench: a $label plan does not replay" >&2; exit 1; }
	diff <(grep '^# cleared' "$tmp/games") \
	    <(grep '^# cleared' "$tmp/replayed") >/dev/null ||
	    { echo "bench: a $label score is not what replay finds" >&2; exit 1; }
	grep '^# cleared' "$tmp/games" | awk '{ print $3 }' | sort -n |
	    awk -v label="$label" -v secs="$secs" -v n="$n" '
	{ s[NR] = $1; sum += $1 }
	END {
		med = NR % 2 ? s[(NR + 1) / 2] : (s[NR / 2] + s[NR / 2 + 1]) / 2
		printf "%-16s mean %6.2f  median %5.1f  min %3d  max %3d  " \
		    "cpu %.4f s/board\n", label, sum / NR, med, s[1], s[NR],
		    secs / n
	}' | tee -a "$tmp/summary"
}

"$bin" -g "$n" -S 2026 >"$tmp/boards"
echo "$n boards of 10x17, seed 2026"

secs=$(cpu "$bin" -G -f game "$tmp/boards"); cp "$tmp/out" "$tmp/games"
stats greedy "$secs"
secs=$(cpu "$bin" -f game "$tmp/boards"); cp "$tmp/out" "$tmp/games"
stats default "$secs"
if [ -n "${EFFORT:-}" ]; then
	secs=$(cpu "$bin" -e "$EFFORT" -f game "$tmp/boards")
	cp "$tmp/out" "$tmp/games"
	stats "effort $EFFORT" "$secs"
fi
awk '{ m[NR] = $3 } END { printf "search over greedy: %+.2f apples a board\n", m[2] - m[1] }' \
    "$tmp/summary"

"$bin" -g 1 -s 2000x2000 -S 2026 >"$tmp/big"
count=$("$bin" -l "$tmp/big" | wc -l)
t_list=$(median_cpu "$bin" -l "$tmp/big")
t_wc=$(median_cpu wc -l "$tmp/big")
awk -v c="$count" -v a="$t_list" -v b="$t_wc" 'BEGIN {
	printf "list 2000x2000: %d rectangles in %.2f s cpu; wc -l %.3f s; " \
	    "ratio %.0f\n", c, a, b, (b > 0 ? a / b : 0)
}'
