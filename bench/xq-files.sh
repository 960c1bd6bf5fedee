#!/bin/sh
# xq-files.sh: every game line of a collection of real game files
# (PGN, DhtmlXQ, XQF, CBF) against its true ICCS moves, its CBR files
# read without a fault, the test scrambler (xqf-scramble, built by make
# check) against the real obfuscated XQF files, the test maker of CBR
# (xqf-to-cbr) on each file's first game, and the speed of reading PGN.
#
#	bench/xq-files.sh [DIR]
#
# DIR (by default ../shared/xq-files beside the source tree) holds the
# files, truth.tsv (file, game, line, start FEN, ICCS moves) and
# xianren_all_lines.tsv (every line of one big tree).  A "main" line
# must be the game's record; "lineN" the N-th record of --lines;
# "move_P_S_B" (a DhtmlXQ branch) one of the --lines records.  Prints
# lines right / lines in all for each kind, then games a second reading
# the concatenated CCPD PGN samples (median of five runs) beside the
# same games as one-line ICCS move lists packed (the baseline), and read
# alone (written as ICCS, unpacked).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$top/../shared/xq-files}
xq=${XQ_BITPACK:-$top/xq-bitpack}
if [ ! -f "$dir/truth.tsv" ]; then
	echo "xq-files.sh: no $dir/truth.tsv: nothing to check" >&2
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One record as "FEN<TAB>moves": the FEN "start" for the usual start.
records() {
	"$xq" -f json "$@" 2>>"$tmp/stderr" | jq -r '
	    ((.fen // "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
	    | split(" ") | .[0:2] | join(" ")) + "\t" + (.moves | join(" "))'
}

main_ok=0 main_all=0 lines_ok=0 lines_all=0 br_ok=0 br_all=0
# A tab is blank to read, which would run empty fields together.
sep=$(printf '\001')
tail -n +2 "$dir/truth.tsv" | tr '\t' '\001' > "$tmp/truth"
while IFS="$sep" read -r file game line fen iccs rest; do
	want=$(printf '%s\t%s' "$(echo "$fen" | cut -d' ' -f1-2)" "$iccs")
	case $line in
	main)
		main_all=$((main_all + 1))
		got=$(records "$dir/$file" | sed -n "${game}p")
		if [ "$got" = "$want" ]; then
			main_ok=$((main_ok + 1))
		else
			echo "wrong: $file game $game $line" >&2
		fi ;;
	line*)
		lines_all=$((lines_all + 1))
		n=${line#line}
		got=$(records --lines "$dir/$file" | sed -n "${n}p")
		if [ "$got" = "$want" ]; then
			lines_ok=$((lines_ok + 1))
		else
			echo "wrong: $file game $game $line" >&2
		fi ;;
	*)
		br_all=$((br_all + 1))
		if records --lines "$dir/$file" | grep -qxF "$want"; then
			br_ok=$((br_ok + 1))
		else
			echo "wrong: $file game $game $line" >&2
		fi ;;
	esac
done < "$tmp/truth"
echo "main lines:        $main_ok / $main_all right"
echo "--lines lines:     $lines_ok / $lines_all right"
echo "DhtmlXQ branches:  $br_ok / $br_all found among --lines"
all_ok=$((main_ok + lines_ok + br_ok))
echo "truth.tsv in all:  $all_ok / $((main_all + lines_all + br_all)) right"

# The big tree, in both files: the same lines, in the order of the tree.
# A line the reader stops at a move that is not legal is counted apart,
# with the reader's message: one line of this tree plays, at its ply 65,
# a bishop off the leg of a horse that then gives check (e2g4 with the
# red king on d1 and a black horse on f2), which an independent engine
# (fairy-stockfish, go perft 1) refuses too.
cut -f4 "$dir/xianren_all_lines.tsv" | tail -n +2 | sed 's/ *$//' |
    sort > "$tmp/want"
for f in "dhtmlxq/fastlight126-vschess/dhtmlxq.txt" \
    "xqf/hbsxcjp-cchess_c/仙人指路全集（史上最全最新版）.XQF"; do
	: > "$tmp/stderr.tree"
	"$xq" -f json --lines "$dir/$f" 2>"$tmp/stderr.tree" |
	    jq -r '.moves | join(" ")' | sort > "$tmp/got"
	n=$(wc -l < "$tmp/want")
	ok=$(comm -12 "$tmp/want" "$tmp/got" | wc -l)
	illegal=$(grep -c ': illegal: ' "$tmp/stderr.tree" || true)
	echo "xianren tree ($(echo "$f" | cut -d/ -f1)): $ok / $n lines right," \
	    "$illegal stopped at an illegal move:"
	awk -v dir="$dir/" '{ i = index($0, dir)
	    if (i) $0 = substr($0, 1, i - 1) substr($0, i + length(dir))
	    print "  " $0 }' "$tmp/stderr.tree"
done

# The test scrambler against XQStudio's own files: each version 0x12
# file, read, written plain and scrambled again with its keys, must be
# the same file where the format fixes the bytes (xqf-scramble -n).  A
# file whose reading reports a fault has lines left out, and differs.
scramble=${XQF_SCRAMBLE:-$top/xqf-scramble}
same=0 all=0 faulty=0
for f in "$dir"/xqf/*/*; do
	[ "$(od -An -tx1 -j2 -N1 "$f" | tr -d ' ')" = 12 ] || continue
	all=$((all + 1))
	keys=$(od -An -tx1 -j3 -N1 "$f" | tr -d ' ')$(od -An -tx1 -j8 -N8 "$f" | tr -d ' \n')
	if ! "$xq" -f xqf "$f" > "$tmp/plain.xqf" 2>/dev/null; then
		faulty=$((faulty + 1))
		continue
	fi
	"$scramble" "$keys" < "$tmp/plain.xqf" | "$scramble" -n |
	    tail -c +9 > "$tmp/ours"
	"$scramble" -n < "$f" | tail -c +9 > "$tmp/theirs"
	# The strings of the header are the writer's own (cut, re-encoded).
	if cmp -s "$tmp/ours" "$tmp/theirs" ||
	    { head -c 40 "$tmp/ours" | cmp -s - "$tmp/theirs" -n 40 &&
	    tail -c +1017 "$tmp/ours" | cmp -s - "$tmp/theirs" -i 0:1016; }; then
		same=$((same + 1))
	fi
done
echo "XQF 0x12 scrambled again: $same / $((all - faulty)) the same ($faulty with faults left out)"

# CC Bridge's binary records: no true line is known for them, so each
# must read without a fault, its moves checked against the rules as they
# are read, and write the same moves again as XQF and back.
cbr_ok=0 cbr_all=0
find "$dir" -name '*.cbr' | sort > "$tmp/cbr.files"
while IFS= read -r f; do
	cbr_all=$((cbr_all + 1))
	if "$xq" --lines -f iccs "$f" > "$tmp/cbr.lines" 2>&1 &&
	    "$xq" -f xqf "$f" > "$tmp/cbr.xqf" 2>/dev/null &&
	    "$xq" --lines -f iccs "$tmp/cbr.xqf" | cmp -s - "$tmp/cbr.lines"; then
		cbr_ok=$((cbr_ok + 1))
	else
		echo "fault: $f" >&2
	fi
done < "$tmp/cbr.files"
echo "CBR files read without a fault: $cbr_ok / $cbr_all"

# The first game of each real file, written as XQF and made a CBR record
# by the test maker (xqf-to-cbr, built by make check): the same lines,
# and the same PGN but for its tags, which CBR's fields may cut.
to_cbr=${XQF_TO_CBR:-$top/xqf-to-cbr}
made_ok=0 made_all=0
find "$dir" -type f \( -name '*.pgn' -o -name '*.xqf' -o -name '*.XQF' \
    -o -name '*.txt' -o -name '*.ubb' -o -name '*.cbf' \) | sort \
    > "$tmp/made.files"
while IFS= read -r f; do
	"$xq" -f xqf "$f" > "$tmp/made.xqf" 2>/dev/null
	[ -s "$tmp/made.xqf" ] || continue
	made_all=$((made_all + 1))
	side=
	if "$xq" -f json "$tmp/made.xqf" 2>/dev/null |
	    grep -q '"fen":"[^"]* b '; then
		side=-b
	fi
	"$to_cbr" $side < "$tmp/made.xqf" > "$tmp/made.cbr"
	for r in xqf cbr; do
		{
			"$xq" --lines -f iccs "$tmp/made.$r"
			"$xq" -f pgn "$tmp/made.$r" | grep -v '^\['
		} > "$tmp/out.$r" 2>/dev/null
	done
	if cmp -s "$tmp/out.xqf" "$tmp/out.cbr"; then
		made_ok=$((made_ok + 1))
	else
		echo "differs: $f made CBR" >&2
	fi
done < "$tmp/made.files"
echo "CBR made of each file's XQF: $made_ok / $made_all the same lines and comments"

# Speed: the CCPD samples concatenated, a hundred times over.
for i in $(seq 100); do
	for f in "$dir"/pgn/ccpd/*/*.pgn; do
		cat "$f"
		echo
	done
done > "$tmp/ccpd.pgn"
"$xq" -E big5 -f iccs "$tmp/ccpd.pgn" > "$tmp/ccpd.iccs" 2>/dev/null
games=$(wc -l < "$tmp/ccpd.iccs")
median() {
	sort -n | sed -n 3p
}
time_of() {
	for i in 1 2 3 4 5; do
		s=$(date +%s.%N)
		"$@" > /dev/null 2>&1
		e=$(date +%s.%N)
		echo "$e - $s" | bc
	done | median
}
t_read=$(time_of "$xq" -E big5 -f iccs "$tmp/ccpd.pgn")
t_pgn=$(time_of "$xq" -E big5 "$tmp/ccpd.pgn")
t_base=$(time_of "$xq" "$tmp/ccpd.iccs")
echo "PGN read (-f iccs): $games games in $t_read s:" \
    "$(echo "$games / $t_read" | bc) games a second"
echo "PGN read and packed: $games games in $t_pgn s:" \
    "$(echo "$games / $t_pgn" | bc) games a second"
echo "the same games from ICCS lines: $t_base s:" \
    "$(echo "scale=2; $t_pgn / $t_base" | bc) times as long from PGN"
