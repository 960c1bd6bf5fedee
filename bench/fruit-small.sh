#!/bin/bash
# fruitsolve's plans against the best there is, on boards small enough
# to search every game (bench/fruit-exact.c, up to 64 cells): for each
# size, the mean apples of the optimum, of the default plan and of the
# greedy player, the digit bound (bench/fruit-digit-bound.c: the most
# apples geometry aside), how many plans reach the optimum, and the
# optimum's gap to the digit bound: the apples geometry alone withholds.
# On 17x10 no optimum is known; this shows how the planner and the
# bound fare where one is, and how the geometry's share moves with size.
#
# usage: bench/fruit-small.sh [boards] [seed] [sizes...]
#        (from a built tree; FRUITSOLVE names the program; sizes are
#        columns x rows, by default 5x4 6x5 7x5 8x5 8x6 7x7 8x7; a board
#        whose search passes 1e8 positions is left out and counted)
set -eu
bin=${FRUITSOLVE:-./fruitsolve}
n=${1:-20}
seed=${2:-4242}
shift $(($# < 2 ? $# : 2))
sizes=${*:-5x4 6x5 7x5 8x5 8x6 7x7 8x7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }
here=$(dirname "$0")
cc -O2 -o "$tmp/exact" "$here/fruit-exact.c"
cc -O2 -o "$tmp/digit-bound" "$here/fruit-digit-bound.c"

# apples FILE: the apples each game of a -f game FILE cleared, a line each.
apples() {
	grep '^# cleared' "$1" | awk '{ print $3 }'
}

echo "$n boards a size by the game's rule, seed $seed"
printf '%-5s %6s %8s %8s %7s %7s %10s %9s %9s %s\n' size cells optimum \
    planner greedy bound "plan=opt" "opt short" "bound-opt" "(share)"
for size in $sizes; do
	"$bin" -g "$n" -S "$seed" -s "$size" >"$tmp/boards"
	"$bin" -f game "$tmp/boards" >"$tmp/plan"
	"$bin" -G -f game "$tmp/boards" >"$tmp/greedy"
	"$bin" -r "$tmp/plan" >/dev/null ||
	    { echo "bench: a plan does not replay" >&2; exit 1; }
	"$tmp/exact" <"$tmp/boards" >"$tmp/exact.out"
	awk '{ print $2 }' "$tmp/exact.out" >"$tmp/opt"
	"$tmp/digit-bound" <"$tmp/boards" >"$tmp/bound"
	# fruit-exact cuts its search by its own digit bound, worked out
	# otherwise: the two must agree, or its cuts are not safe.
	cmp -s <(awk '{ print $4 }' "$tmp/exact.out") "$tmp/bound" ||
	    { echo "bench: fruit-exact's digit bound is not fruit-digit-bound's" >&2; exit 1; }
	paste "$tmp/opt" <(apples "$tmp/plan") <(apples "$tmp/greedy") \
	    "$tmp/bound" | awk -v size="$size" '
	$1 == "unknown" { unknown++; next }
	{
		if ($2 > $1 || $3 > $1) {
			print "bench: a plan beats the optimum" > "/dev/stderr"
			exit 1
		}
		k++; o += $1; p += $2; g += $3; b += $4
		at += $2 == $1
		short += $1 - $2
	}
	END {
		split(size, wh, "x")
		cells = wh[1] * wh[2]
		printf "%-5s %6d %8.2f %8.2f %7.2f %7.2f %7d/%-2d %9.2f %9.2f (%.0f%% of cells)%s\n",
		    size, cells, o / k, p / k, g / k, b / k, at, k,
		    short / k, (b - o) / k, 100 * (b - o) / k / cells,
		    unknown ? sprintf(", %d not solved", unknown) : ""
	}'
done
