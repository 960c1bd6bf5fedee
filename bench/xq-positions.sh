#!/bin/sh
# xq-positions.sh: how often a packed position cut or lengthened by one
# character is caught, in version 0 (no check) and version 3 (a check
# character), over the position after every ply of the shipped CCPD
# games, and what the check costs in characters.
#
#	bench/xq-positions.sh
#
# A damaged string is caught when xq-bitpack refuses it; one not caught
# decodes to some other position.  Every character of the alphabet is
# tried as the one added.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
xq=${XQ_BITPACK:-$top/xq-bitpack}
games=$top/tests/data/xq-bitpack/ccpd-30.iccs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
alphabet=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_

# Every prefix of every game but the empty one: one position each.
awk '{ s = ""; for (i = 1; i <= NF; i++) { s = s (i > 1 ? " " : "") $i; print s } }' \
    "$games" > "$tmp/prefixes"

for v in 1 2; do
	"$xq" --pack-version=$v -f board < "$tmp/prefixes" > "$tmp/b$v"
	n=$(wc -l < "$tmp/b$v")
	chars=$(awk '{ c += length($0) } END { print c }' "$tmp/b$v")
	awk '{ print substr($0, 1, length($0) - 1) }' "$tmp/b$v" > "$tmp/cut"
	awk -v a="$alphabet" '{ for (i = 1; i <= 64; i++) print $0 substr(a, i, 1) }' \
	    "$tmp/b$v" > "$tmp/long"
	cut_caught=$("$xq" -i board -f fen < "$tmp/cut" 2>&1 >/dev/null | wc -l)
	long_caught=$("$xq" -i board -f fen < "$tmp/long" 2>&1 >/dev/null | wc -l)
	long_n=$(wc -l < "$tmp/long")
	name=$([ "$v" = 1 ] && echo "version 0" || echo "version 3")
	echo "$name: $n positions, $(echo "scale=2; $chars / $n" | bc) characters on average"
	echo "  cut by one:      $cut_caught / $n caught"
	echo "  lengthened by one: $long_caught / $long_n caught"
done
