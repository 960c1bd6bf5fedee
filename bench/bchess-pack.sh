#!/bin/sh
# Throughput of bchess-pack on a million legacy links, against wc -l on
# the same file in the same run.  Prints MB/s and the ratio of times, the
# median of several runs each; the target is a ratio of at most 8.
#
# usage: bench/bchess-pack.sh [links] [runs]   (from a built tree)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${BCHESS_PACK:-./bchess-pack}
n=${1:-1000000}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }

awk -v n="$n" -v seed=1 -v prefix='https://www.joonas.io/buffalo-chess/?l=' \
    -f "$top/tests/data/bchess-pack/random-logs.awk" >"$tmp/legacy"
"$bin" -q "$tmp/legacy" >"$tmp/compact"

# median_time CMD...: the median wall time of $runs runs, in seconds.
median_time() {
	i=0
	while [ "$i" -lt "$runs" ]; do
		s=$(date +%s.%N)
		"$@" >/dev/null
		e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
		i=$((i + 1))
	done | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

report() {	# report NAME FILE: our time and wc -l's on FILE
	name=$1
	file=$2
	shift 2
	mb=$(wc -c <"$file" | awk '{ printf "%.1f", $1 / 1e6 }')
	cat "$file" >/dev/null	# into the page cache for both
	ours=$(median_time "$@" "$file")
	base=$(median_time wc -l "$file")
	awk -v n="$name" -v mb="$mb" -v o="$ours" -v b="$base" 'BEGIN {
		printf "%-18s %7.1f MB  %8.1f MB/s  wc -l %8.1f MB/s  ratio %5.1fx\n",
		    n, mb, mb / o, mb / b, o / b }'
}

echo "bchess-pack on $n random links, median of $runs runs (output to /dev/null)"
report "legacy -> compact" "$tmp/legacy" "$bin" -q
report "compact -> legacy" "$tmp/compact" "$bin" -q -f legacy
