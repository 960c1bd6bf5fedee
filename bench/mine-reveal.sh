#!/bin/bash
# Benchmark mine-reveal against baselines run in the same go, and print
# ratios of medians:
#   1. end to end (parse, one click that opens most of the board, print)
#      on a 10000x10000 board at 0.1% mines, against wc -l on the file;
#   2. the reveal step alone: the same run less a run with no click, in
#      cells opened a second;
#   3. one click on a 3000x3000 board at 5% mines, against the
#      straightforward queue BFS of mine-bfs-baseline.c (run once: it is
#      slow);
#   4. with --huge, a 40000x40000 board: time and peak memory of one
#      click (needs about 5 GB of disk and 4 GB of memory).
#
# usage: bench/mine-reveal.sh [--huge] [builddir]
# builddir defaults to the current directory, which must hold mine-reveal.

set -eu

huge=no
if [ "${1:-}" = --huge ]; then
	huge=yes
	shift
fi
build=$(cd "${1:-.}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
mr=$build/mine-reveal
[ -x "$mr" ] || { echo "no mine-reveal in $build" >&2; exit 2; }
runs=${RUNS:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mine-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# seconds CMD...: elapsed and CPU seconds of one run, output discarded,
# to the millisecond: wc -l takes a few hundredths of a second, and a
# timer that counts hundredths would make the ratios coarse.
seconds() {
	local TIMEFORMAT='%3R %3U %3S'
	{ time "$@" > /dev/null; } 2> "$tmp/time"
	awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/time"
}

# median N CMD...: medians of N runs, elapsed then CPU.
median() {
	n=$1
	shift
	i=0
	: > "$tmp/runs"
	while [ "$i" -lt "$n" ]; do
		seconds "$@" >> "$tmp/runs"
		i=$((i + 1))
	done
	for f in 1 2; do
		cut -d' ' -f$f "$tmp/runs" | sort -n |
		    awk '{ v[NR] = $1 } END { printf "%s ", v[int((NR + 1) / 2)] }'
	done
	echo
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'
}

echo "medians of $runs runs; elapsed seconds, then CPU seconds"

board=$tmp/10k.txt
"$mr" -g 10000x10000 -m 100000 -S 1 --safe 5000,5000 > "$board"
opened=$("$mr" -c 5000,5000 "$board" | tail -n 1 | sed 's/.*opened=//')
set -- $(median "$runs" wc -l "$board");		wc_e=$1 wc_c=$2
set -- $(median "$runs" "$mr" -c 5000,5000 "$board");	mr_e=$1 mr_c=$2
set -- $(median "$runs" "$mr" "$board");		no_e=$1 no_c=$2
echo "10000x10000, 0.1% mines, one click opening $opened cells:"
echo "  wc -l $wc_e s ($wc_c s CPU); mine-reveal $mr_e s ($mr_c s CPU)"
echo "  end to end: $(ratio "$mr_e" "$wc_e")x wc -l elapsed," \
    "$(ratio "$mr_c" "$wc_c")x CPU"
echo "  without the click $no_e s ($no_c s CPU); the reveal step alone:" \
    "$(awk -v n="$opened" -v a="$mr_c" -v b="$no_c" 'BEGIN {
	d = a - b; if (d <= 0) print "too fast to measure";
	else printf "%.0f million cells/s (CPU)", n / d / 1e6 }')"
rm -f "$board"

board=$tmp/3k.txt
"$mr" -g 3000x3000 -m 450000 -S 1 --safe 1500,1500 > "$board"
cc -O2 -o "$tmp/bfs" "$top/bench/mine-bfs-baseline.c"
set -- $(median "$runs" "$mr" -c 1500,1500 "$board");	mr_e=$1 mr_c=$2
b=$("$tmp/bfs" 1500 1500 < "$board")
m=$("$mr" -c 1500,1500 "$board" | tail -n 1 | sed 's/.*opened=/opened=/')
[ "$b" = "$m" ] || { echo "baseline disagrees: $b, $m" >&2; exit 1; }
set -- $(seconds sh -c '"$1" 1500 1500 < "$2"' - "$tmp/bfs" "$board")
echo "3000x3000, 5% mines, one click ($m):"
echo "  queue BFS (one run) $1 s ($2 s CPU); mine-reveal $mr_e s" \
    "($mr_c s CPU), parse and print included"
echo "  speedup: $(ratio "$1" "$mr_e")x elapsed, $(ratio "$2" "$mr_c")x CPU"
rm -f "$board"

[ "$huge" = yes ] || exit 0
board=$tmp/40k.txt
"$mr" -g 40000x40000 -m 1600000 -S 1 --safe 20000,20000 > "$board"
/usr/bin/time -v "$mr" -c 20000,20000 "$board" 2> "$tmp/v" |
    tail -n 1 > "$tmp/state"
echo "40000x40000, 0.1% mines, one click: $(cat "$tmp/state")"
grep -E 'Elapsed|Maximum resident' "$tmp/v" | sed 's/^[[:space:]]*/  /'
