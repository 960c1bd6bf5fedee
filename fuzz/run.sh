#!/bin/sh
# make fuzz: build every harness (build.sh), run each for FUZZ_SECONDS
# (600 by default) on its corpus in fuzz/out/NAME/, seeded with examples/,
# the tool's test data and fuzz/seeds/NAME/ (inputs shaped for a harness), and print one line per harness: executions,
# edges covered, features, and the crash, leak, timeout and out-of-memory
# inputs libFuzzer kept (fuzz/out/NAME/crash-*; a harness stops at its
# first).  Exits 1 if any harness kept one.  Run from a configured build
# tree; FUZZ_FLAGS adds libFuzzer flags, FUZZ_ONLY='PATTERN' (a shell
# pattern such as '*-main') builds and runs only the harnesses it matches.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-600}
FUZZ_OUT=fuzz sh "$top/fuzz/build.sh" >fuzz/build.log 2>&1 || {
	cat fuzz/build.log >&2
	echo "fuzz: building the harnesses failed" >&2
	exit 2
}

status=0
printf '%-26s %11s %7s %8s %8s\n' harness executions edges features crashes
for h in fuzz/*-fuzz; do
	name=$(basename "$h" -fuzz)
	case $name in ${FUZZ_ONLY:-*}) ;; *) continue ;; esac
	o=fuzz/out/$name
	mkdir -p "$o/corpus"
	rm -f "$o"/crash-* "$o"/leak-* "$o"/timeout-* "$o"/oom-*
	seeds=$top/examples
	for d in "$top"/tests/data/"${name%%-*}"* "$top/fuzz/seeds/$name"; do
		[ -d "$d" ] && seeds="$seeds $d"
	done
	# shellcheck disable=SC2086
	"$h" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
	    -print_final_stats=1 -artifact_prefix="$o/" ${FUZZ_FLAGS:-} \
	    "$o/corpus" $seeds >"$o/log" 2>&1
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$o/log" | tail -1)
	[ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$o/log" | tail -1)
	cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' "$o/log" | tail -1)
	ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' "$o/log" | tail -1)
	crashes=$(find "$o" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' \
	    -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
	printf '%-26s %11s %7s %8s %8s\n' "$name" "${execs:-?}" "${cov:-?}" \
	    "${ft:-?}" "$crashes"
	if [ "$crashes" -gt 0 ]; then
		status=1
		find "$o" -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' \
		    -o -name 'timeout-*' -o -name 'oom-*' \) | sed 's/^/	/'
	fi
done
exit "$status"
