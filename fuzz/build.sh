#!/bin/sh
# Build every libFuzzer harness in fuzz/ with clang, ASan and UBSan.  Each
# harness names the sources it needs on its first line ("fuzz-sources:");
# the internal library is added to all.  Run from a configured build tree
# (for config.h):
#
#	sh ../fuzz/build.sh && ./fuzz/bchess-pack-payload-fuzz -max_total_time=60
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-fuzz}
mkdir -p "$out"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
for harness in "$top"/fuzz/*.c; do
	name=$(basename "$harness" .c)
	sources=$(sed -n '1s/.*fuzz-sources: *\(.*\) *\*\/.*/\1/p' "$harness")
	set --
	for s in $sources; do
		set -- "$@" "$top/$s"
	done
	dirs=""
	for s in $sources; do
		d="-I$top/$(dirname "$s")"
		case " $dirs " in *" $d "*) ;; *) dirs="$dirs $d" ;; esac
	done
	echo "fuzz: building $out/$name-fuzz"
	# shellcheck disable=SC2086
	clang $flags -std=c11 -I. -I"$top/src/lib" $dirs \
	    $(pkg-config --cflags libbsd-overlay jansson) \
	    -o "$out/$name-fuzz" "$harness" "$@" "$top"/src/lib/*.c \
	    $(pkg-config --libs libbsd-overlay jansson) -lm
done
