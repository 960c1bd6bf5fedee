#!/bin/bash
# fruitsolve's plans on boards drawn by the game's rule with a fixed seed
# (not the seed the search was tuned on), the greedy player as the
# baseline in the same run.  For the greedy player and for the search at
# 0.25, 1 and 4 times the default effort: mean and median apples of 170
# and the median CPU seconds (user + system) a board, each board planned
# by a process of its own; every plan is replayed before it counts.
# Then, per board at the default effort, the gap to the count bound; of
# each digit, how many a board has and how many its plan leaves; and the
# time to list every rectangle of 10 on a 2000x2000 board against wc -l
# on the same file.
#
# The digit bound is what a plan could clear if geometry did not matter,
# only the digits: the most apples that can be split into disjoint
# groups of 10, worked out exactly by bench/fruit-digit-bound.c.  The
# gap is that bound less what the plan cleared: apples lost to geometry
# and search.  (The count bound printed beside it is the quick estimate
# printed before, every digit from 1 to 5 and as many 9s, 8s, 7s and 6s
# as the 1s to 4s can make up to 10 by their sum: it is never below the
# digit bound, and often far above, since a 4 cannot serve an 8.)
#
# Targets: greedy at least 115 in a few ms a board; the default effort
# a mean of at least 150 at a median of at most 2 CPU s a board.
#
# usage: bench/fruitsolve.sh [boards] [seed]   (from a built tree;
#        FRUITSOLVE names the program; CURVE=0 skips 0.25x and 4x,
#        CURVE=long adds 16x, to see where the curve flattens (about
#        20 CPU s a board);
#        JOBS boards are planned at once, 1 by default: CPU time is
#        counted a process at a time, so JOBS changes only the wall time)
set -eu
bin=${FRUITSOLVE:-./fruitsolve}
n=${1:-100}
seed=${2:-4242}
default=2200000
jobs=${JOBS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }

# cpu OUT CMD...: run CMD once, its stdout to OUT; prints the user and
# system CPU seconds it took.
cpu() {
	local TIMEFORMAT='%3U %3S' out=$1
	shift
	{ time "$@" >"$out" 2>/dev/null; } 2>&1 |
	    awk '{ print $1 + $2 }'
}

# plan_one LABEL I ARGS...: plan board I into $tmp/LABEL.I.game and its
# CPU seconds into $tmp/LABEL.I.cpu.
plan_one() {
	local label=$1 i=$2
	shift 2
	cpu "$tmp/${label// /_}.$i.game" "$bin" "$@" -f game "$tmp/board.$i" \
	    >"$tmp/${label// /_}.$i.cpu"
}

# plan_all LABEL ARGS...: plan every board with ARGS, one process a
# board, into $tmp/LABEL.games (-f game) and $tmp/LABEL.cpu; check the
# plans by replaying them; print the summary line.
plan_all() {
	local label=$1 i
	shift
	: >"$tmp/${label// /_}.games"
	: >"$tmp/${label// /_}.cpu"
	for ((i = 1; i <= n; i++)); do
		while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do
			wait -n
		done
		plan_one "$label" "$i" "$@" &
	done
	wait
	for ((i = 1; i <= n; i++)); do
		cat "$tmp/${label// /_}.$i.cpu" >>"$tmp/${label// /_}.cpu"
		cat "$tmp/${label// /_}.$i.game" >>"$tmp/${label// /_}.games"
		echo >>"$tmp/${label// /_}.games"
	done
	"$bin" -r "$tmp/${label// /_}.games" >"$tmp/${label// /_}.replayed" ||
	    { echo "bench: a $label plan does not replay" >&2; exit 1; }
	diff <(grep '^# cleared' "$tmp/${label// /_}.games") \
	    <(grep '^# cleared' "$tmp/${label// /_}.replayed") >/dev/null ||
	    { echo "bench: a $label score is not what replay finds" >&2; exit 1; }
	grep '^# cleared' "$tmp/${label// /_}.games" | awk '{ print $3 }' \
	    >"$tmp/${label// /_}.apples"
	paste "$tmp/${label// /_}.apples" "$tmp/${label// /_}.cpu" | awk -v label="$label" '
	function median(a, k,   i, j, t) {
		for (i = 2; i <= k; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	{ s[NR] = $1; t[NR] = $2; sum += $1; cpu += $2 }
	END {
		printf "%-14s mean %6.2f  median %5.1f  cpu median %.3f s, " \
		    "mean %.3f s a board\n", label, sum / NR, median(s, NR),
		    median(t, NR), cpu / NR
	}'
}

"$bin" -g "$n" -S "$seed" >"$tmp/boards"
awk -v dir="$tmp" 'BEGIN { RS = ""; i = 0 } { print > (dir "/board." ++i) }' \
    "$tmp/boards"
echo "$n boards of 17x10 by the game's rule, seed $seed"

plan_all greedy -G
# A process a board costs more than a greedy game: time them in one.
t=$(cpu /dev/null "$bin" -G "$tmp/boards")
awk -v t="$t" -v n="$n" 'BEGIN {
	printf "greedy: %.1f ms of CPU a board, all boards in one process\n",
	    1000 * t / n
}'
if [ "${CURVE:-1}" != 0 ]; then
	plan_all "0.25x effort" -e $((default / 4))
fi
plan_all "1x effort" -e "$default"
if [ "${CURVE:-1}" != 0 ]; then
	plan_all "4x effort" -e $((default * 4))
fi
if [ "${CURVE:-1}" = long ]; then
	plan_all "16x effort" -e $((default * 16))
fi

# The digit bound and the count bound of each board, then the gap of
# the default plans to the digit bound.
cc -O2 -o "$tmp/digit-bound" "$(dirname "$0")/fruit-digit-bound.c"
for ((i = 1; i <= n; i++)); do
	"$tmp/digit-bound" <"$tmp/board.$i"
done >"$tmp/digit"
for ((i = 1; i <= n; i++)); do
	grep -v '^#' "$tmp/board.$i" | fold -w1 | awk '
	/[1-9]/ { d[$1]++ }
	END {
		small = d[1] + 2 * d[2] + 3 * d[3] + 4 * d[4]
		b = d[1] + d[2] + d[3] + d[4] + d[5]
		nine = d[9] < d[1] ? d[9] : d[1]
		b += nine; small -= nine
		for (k = 8; k >= 6; k--) {
			need = 10 - k
			take = int(small / need)
			take = take < d[k] ? take : d[k]
			b += take; small -= take * need
		}
		print b
	}'
done >"$tmp/bound"
paste "$tmp/digit" "$tmp/bound" "$tmp/1x_effort.apples" | awk '
{ gap = $1 - $3
  printf "board %3d: digit bound %3d (count bound %3d), cleared %3d, gap %3d\n",
      NR, $1, $2, $3, gap
  d += $1; b += $2; g += gap; if (gap > worst) worst = gap }
END { printf "digit bound: mean %.2f (count bound %.2f); gap to it: mean %.2f, worst %d\n",
    d / NR, b / NR, g / NR, worst }'

# Where the apples are lost: of each digit, how many a board has and how
# many the default plan leaves, on average, read from the games (the
# board's rows, then its moves as 1-based "r1 c1 r2 c2").  A 6 to 9
# goes only with small digits (1 to 4) summing to its complement, and a
# move holds at most one of them, so the small digits' sum is what the
# big ones are cleared with: the small digits a plan spends in moves
# holding no 6 to 9 (2 3 5, 3 3 4) are counted too, with their sum.
awk '
/^[1-9.]+$/ {
	row[++rows] = $0
	for (c = 1; c <= length($0); c++)
		had[substr($0, c, 1)]++
	next
}
/^[0-9]+ [0-9]+ [0-9]+ [0-9]+$/ {
	gap = ""
	for (c = $2; c <= $4; c++)
		gap = gap "."
	big = small = mass = 0
	for (r = $1; r <= $3; r++) {
		for (c = $2; c <= $4; c++) {
			d = substr(row[r], c, 1)
			if (d ~ /[6-9]/)
				big++
			else if (d ~ /[1-4]/) {
				small++
				mass += d
			}
		}
		row[r] = substr(row[r], 1, $2 - 1) gap substr(row[r], $4 + 1)
	}
	if (big == 0) {
		idle += small
		idlemass += mass
	}
	next
}
/^# cleared/ {
	for (r = 1; r <= rows; r++)
		for (c = 1; c <= length(row[r]); c++) {
			d = substr(row[r], c, 1)
			if (d ~ /[1-9]/)
				left[d]++
		}
	games++
	rows = 0
}
END {
	printf "each digit left/at the start, a board:"
	for (d = 1; d <= 9; d++)
		printf " %d: %.1f/%.1f", d, left[d] / games, had[d] / games
	printf "\n"
	for (d = 1; d <= 4; d++) {
		smallmass += d * had[d]
		leftmass += d * left[d]
	}
	printf "small digits (1-4), a board: sum %.1f at the start; spent " \
	    "in moves with no 6-9 %.1f (%.1f apples), left %.1f\n",
	    smallmass / games, idlemass / games, idle / games,
	    leftmass / games
}' "$tmp/1x_effort.games"

"$bin" -g 1 -s 2000x2000 -S 2026 >"$tmp/big"
count=$("$bin" -l "$tmp/big" | wc -l)
t_list=$(cpu /dev/null "$bin" -l "$tmp/big")
t_wc=$(cpu /dev/null wc -l "$tmp/big")
awk -v c="$count" -v a="$t_list" -v b="$t_wc" 'BEGIN {
	printf "list 2000x2000: %d rectangles in %.2f s cpu; wc -l %.3f s; " \
	    "ratio %.0f\n", c, a, b, (b > 0 ? a / b : 0)
}'
