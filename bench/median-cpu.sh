# median-cpu.sh: sourced by the bench scripts of bchess-pack's inputs.
# median_cpu [OPTION...] FILE: the median CPU seconds (user and system)
# of $runs runs of $bin -q [OPTION...] on FILE, its output and messages
# discarded; with quiet set empty, without -q.
median_cpu() {
	local i TIMEFORMAT='%3U %3S'
	for ((i = 0; i < runs; i++)); do
		{ time "$bin" ${quiet--q} "$@" >/dev/null 2>&1; } 2>&1 |
		    awk '{ print $1 + $2 }'
	done | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}
