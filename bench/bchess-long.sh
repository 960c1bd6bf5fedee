#!/bin/sh
# bchess-pack on its longest lines: a record of 10000 moves (the limit
# of a record) through each conversion whose numbers grow with the
# record, and a valid-looking legacy line of 200 MB, which is refused as
# over the limit and copied through.  Each time is the median of several
# runs, printed against cat on the same file in the same run.
#
# usage: bench/bchess-long.sh [runs] [megabytes]   (from a built tree)
set -eu
bin=${BCHESS_PACK:-./bchess-pack}
runs=${1:-3}
mb=${2:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }

median_time() {
	i=0
	while [ "$i" -lt "$runs" ]; do
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
		i=$((i + 1))
	done | sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

report() {	# report NAME FILE CMD...
	name=$1
	file=$2
	shift 2
	ours=$(median_time "$@" "$file")
	base=$(median_time cat "$file")
	awk -v n="$name" -v o="$ours" -v b="$base" -v sz="$(wc -c <"$file")" \
	    'BEGIN { printf "%-26s %10d bytes %8.3f s  cat %7.3f s  ratio %6.1fx\n",
	    n, sz, o, b, o / b }'
}

awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%sm-%d-%d-%d-%d-%d", i ? "," : "",
    i % 5 + 1, i % 7 + 1, (i + 2) % 5 + 1, (i + 3) % 7 + 1, i % 3 == 0; print ",e-w" }' \
    >"$tmp/legacy"
"$bin" -q "$tmp/legacy" >"$tmp/compact"
"$bin" -q -f packed "$tmp/legacy" >"$tmp/packed"
awk -v mb="$mb" 'BEGIN { m = "m-4-4-3-5-0"; for (i = 1; i < 90; i++) m = m ",m-4-4-3-5-0"
    printf "https://www.joonas.io/buffalo-chess/?l=%s", m
    for (i = 0; i < mb * 1e6 / 1080; i++) printf ",%s", m; print ",e-l" }' >"$tmp/huge"

echo "bchess-pack on long lines, median of $runs runs"
report "10000 moves legacy->compact" "$tmp/legacy" "$bin" -q
report "10000 moves compact->legacy" "$tmp/compact" "$bin" -q -f legacy
report "10000 moves legacy->packed" "$tmp/legacy" "$bin" -q -f packed
report "10000 moves packed->legacy" "$tmp/packed" "$bin" -q -f legacy
report "${mb} MB legacy (refused)" "$tmp/huge" "$bin" -q
