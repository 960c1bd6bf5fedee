#!/bin/sh
# Size of bchess-pack's packed links against the site's compact ones, in
# base-36 characters a move, every marker and length included, on games
# played by bchess-sim: random and greedy persons against a random
# computer and against the site's documented one.  Each figure is the
# median over several seeds; then the published examples, and the time
# to write packed against compact on the same games (median of runs).
#
# usage: bench/bchess-packed.sh [games] [runs]   (from a built tree)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${BCHESS_PACK:-./bchess-pack}
sim=${BCHESS_SIM:-./bchess-sim}
n=${1:-2000}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for b in "$bin" "$sim"; do
	[ -x "$b" ] || { echo "bench: build first ($b not found)" >&2; exit 2; }
done

median() {
	sort -n | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

# per_move FORMAT FILE: payload characters a move of FILE's games.
per_move() {
	"$bin" -q -f "$1" "$2" >"$tmp/out"
	moves=$(tr ',' '\n' <"$2" | grep -c '^m-')
	chars=$(tr -d '\n' <"$tmp/out" | wc -c)
	awk -v c="$chars" -v m="$moves" 'BEGIN { printf "%.3f\n", c / m }'
}

echo "characters a move, median of $runs seeds of $n games each"
printf '%-28s %8s %8s %8s %7s\n' "person / computer" moves/game packed compact ratio
for players in "random random" "greedy random" "random site" "greedy site"; do
	set -- $players
	s=1
	: >"$tmp/p"
	: >"$tmp/c"
	: >"$tmp/m"
	while [ "$s" -le "$runs" ]; do
		"$sim" -n "$n" -s "$s" -p "$1" -c "$2" >"$tmp/games"
		per_move packed "$tmp/games" >>"$tmp/p"
		per_move compact "$tmp/games" >>"$tmp/c"
		tr ',' '\n' <"$tmp/games" | grep -c '^m-' |
		    awk -v n="$n" '{ printf "%.1f\n", $1 / n }' >>"$tmp/m"
		s=$((s + 1))
	done
	p=$(median <"$tmp/p")
	c=$(median <"$tmp/c")
	printf '%-28s %8s %8s %8s %6.2fx\n' "$1 / $2" "$(median <"$tmp/m")" \
	    "$p" "$c" "$(awk -v p="$p" -v c="$c" 'BEGIN { print c / p }')"
done

vectors=$top/../shared/vectors/bchess-vectors.tsv
if [ -r "$vectors" ]; then
	echo "published examples (../shared/vectors):"
	grep -v '^#' "$vectors" | awk -F '\t' '$2 == "compact"' |
	while IFS="$(printf '\t')" read -r name format payload; do
		p=$(echo "$payload" | "$bin" -f packed)
		m=$(echo "$payload" | "$bin" -f legacy | tr ',' '\n' | grep -c '^m-')
		printf '  %s: %d moves, packed %s (%d chars), compact %d chars\n' \
		    "$name" "$m" "$p" "${#p}" "${#payload}"
	done
else
	echo "published examples: ../shared/vectors not found, skipped"
fi

"$sim" -n $((n * 10)) -s 1 -p greedy -c site >"$tmp/games"
for f in packed compact; do
	i=0
	while [ "$i" -lt "$runs" ]; do
		s=$(date +%s.%N)
		"$bin" -q -f "$f" "$tmp/games" >/dev/null
		e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
		i=$((i + 1))
	done | median >"$tmp/t.$f"
done
awk -v p="$(cat "$tmp/t.packed")" -v c="$(cat "$tmp/t.compact")" -v n=$((n * 10)) 'BEGIN {
	printf "writing %d greedy/site games: packed %.3f s, compact %.3f s, ratio %.1fx\n",
	    n, p, c, p / c }'
