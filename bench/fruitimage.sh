#!/bin/bash
# Reading Fruit Box boards from real screenshots: for every image in the
# screenshot set (each NAME.png or NAME.jpg beside its true NAME.board),
# whether fruitsolve -R reads the board exactly, how many of its 170
# cells are right, and the CPU milliseconds the read takes (median of
# runs, decoding included).  The baseline, in the same run, is reading
# back fruitsolve's own drawing of a board as a 720x470 PNG; each image's
# time is also given as a ratio to it.  Target: every board exact, at
# most 50 ms of CPU for a 2560x1440 PNG desktop.  Then the screenshots
# made smaller, and saved as JPEG and WebP: none may be read wrong.
# Between the two, the cost of a plan painted as an animated WebP and GIF.
#
# usage: bench/fruitimage.sh [runs]   (from a built tree; SHOTS names
#        the screenshot set, by default ../shared/fruitbox-screens beside
#        the source tree; FRUITSOLVE names the program)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${FRUITSOLVE:-./fruitsolve}
shots=${SHOTS:-$top/../shared/fruitbox-screens}
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$bin" ] || { echo "bench: build first ($bin not found)" >&2; exit 2; }
[ -d "$shots" ] || { echo "bench: no screenshots in $shots" >&2; exit 0; }

# median_ms ARGS...: the median CPU milliseconds of $runs runs of
# fruitsolve ARGS (-R FILE: a read), its output discarded.
median_ms() {
	local i TIMEFORMAT='%3U %3S'
	for ((i = 0; i < runs; i++)); do
		{ time "$bin" "$@" >/dev/null 2>&1; } 2>&1 |
		    awk '{ print ($1 + $2) * 1000 }'
	done | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'
}

"$bin" -g 1 -S 1 >"$tmp/drawn.board"
"$bin" -R -f png "$tmp/drawn.board" >"$tmp/drawn.png"
base=$(median_ms -R "$tmp/drawn.png")
printf 'baseline: own 720x470 drawing read in %s ms\n' "$base"
printf '%-32s %-9s %5s %5s %6s %s\n' image size exact cells ms ratio
exact=0 total=0 cells=0
for img in "$shots"/*.png "$shots"/*.jpg; do
	[ -f "$img" ] || continue
	truth=${img%.*}.board
	[ -f "$truth" ] || continue
	"$bin" -R "$img" >"$tmp/read" 2>"$tmp/err" || true
	right=$(awk 'NR == FNR { a[FNR] = $0; next }
	    { for (i = 1; i <= length($0); i++)
		if (substr($0, i, 1) == substr(a[FNR], i, 1)) n++ }
	    END { print n + 0 }' "$tmp/read" "$truth")
	ok=no
	cmp -s "$tmp/read" "$truth" && ok=yes
	[ "$ok" = yes ] && exact=$((exact + 1))
	total=$((total + 1))
	cells=$((cells + right))
	ms=$(median_ms -R "$img")
	size=$(file -b "$img" | sed -n 's/.* \([0-9]*\) x \([0-9]*\).*/\1x\2/p')
	printf '%-32s %-9s %5s %5s %6s %.1f\n' "$(basename "$img")" "$size" \
	    "$ok" "$right" "$ms" "$(awk -v a="$ms" -v b="$base" \
	    'BEGIN { print (b > 0 ? a / b : 0) }')"
	echo "$ms" >>"$tmp/times"
done
median=$(sort -g "$tmp/times" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
printf 'boards read exactly: %d of %d; cells right: %d of %d; median %s ms an image\n' \
    "$exact" "$total" "$cells" $((total * 170)) "$median"

# A plan painted over the first screenshot: the greedy plan (a fast
# one, so that the drawing is what is timed) as one PNG, and as the
# animations of -f webp and -f gif, a frame a move; their extra time is
# the frames' drawing and encoding (and for the GIF, the colours each
# frame is reduced to).
first=$(ls "$shots"/*.png | head -1)
moves=$("$bin" -G "$first" | grep -vc '^#')
png=$(median_ms -G -f png "$first")
printf 'plan painted on %s (%d moves): png %s ms\n' "$(basename "$first")" \
    "$moves" "$png"
for anim in webp gif; do
	ms=$(median_ms -G -f "$anim" "$first")
	printf '  %s %s ms (%s bytes), %.1fx the png\n' "$anim" "$ms" \
	    "$("$bin" -G -f "$anim" "$first" | wc -c)" \
	    "$(awk -v a="$ms" -v b="$png" 'BEGIN { print a / b }')"
done

# The same screenshots made smaller, as a browser zoomed out or a chat
# app's resizing shows them (fruit-picture -s, a tent filter): at each
# scale, how many read exactly, how many are refused, and how many are
# read WRONG (the figure that must stay 0).
picture=${FRUIT_PICTURE:-./fruit-picture}
if [ ! -x "$picture" ]; then
	echo "smaller screenshots: skipped ($picture not built: make helpers)"
	exit 0
fi
# smaller SCALE FORMAT [QUALITY]: the screenshots made smaller and saved
# as FORMAT: how many read exactly, are refused, are read WRONG.
smaller() {
	local right=0 refused=0 wrong=0 img truth
	for img in "$shots"/*.png "$shots"/*.jpg; do
		[ -f "$img" ] || continue
		truth=${img%.*}.board
		[ -f "$truth" ] || continue
		"$picture" -s "$1" -o "$2" ${3:+-q "$3"} <"$img" >"$tmp/small"
		if "$bin" -R "$tmp/small" >"$tmp/read" 2>/dev/null; then
			if cmp -s "$tmp/read" "$truth"; then
				right=$((right + 1))
			else
				wrong=$((wrong + 1))
			fi
		else
			refused=$((refused + 1))
		fi
	done
	printf 'at %s of their size%s: %d read exactly, %d refused, %d WRONG\n' \
	    "$1" "${3:+, $2 quality $3}" "$right" "$refused" "$wrong"
}

for s in 0.75 0.6 0.5 0.45 0.4 0.35; do
	smaller "$s" png
done
# Saved lossy, as chat apps send them: JPEG and WebP keep colour at
# half the resolution of brightness.
smaller 0.67 jpeg 40
smaller 0.625 jpeg 70
smaller 0.5 jpeg 75
smaller 0.4 jpeg 75
smaller 0.5 webp 75
