#!/bin/sh
# Throughput of bchess-pack on a million legacy links, against wc -l on
# the same file in the same run.  Prints MB/s and the ratio of times, the
# median of several runs each; the target is a ratio of at most 8.
# Compact to legacy writes three times what it reads, so its ratio is
# also given against wc -l on the file it writes.
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

report() {	# report NAME IN OUT CMD...: our time against wc -l on IN and OUT
	name=$1
	in=$2
	out=$3
	shift 3
	mb=$(wc -c <"$in" | awk '{ printf "%.1f", $1 / 1e6 }')
	cat "$in" "$out" >/dev/null	# into the page cache for all
	ours=$(median_time "$@" "$in")
	base=$(median_time wc -l "$in")
	outbase=$(median_time wc -l "$out")
	awk -v n="$name" -v mb="$mb" -v o="$ours" -v b="$base" -v ob="$outbase" 'BEGIN {
		printf "%-18s %6.1f MB in  %7.1f MB/s  wc -l %7.1f MB/s  ratio %5.1fx (%.1fx of wc -l on the output)\n",
		    n, mb, mb / o, mb / b, o / b, o / ob }'
}

echo "bchess-pack on $n random links, median of $runs runs (output to /dev/null)"
report "legacy -> compact" "$tmp/legacy" "$tmp/compact" "$bin" -q
report "compact -> legacy" "$tmp/compact" "$tmp/legacy" "$bin" -q -f legacy
