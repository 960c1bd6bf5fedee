#!/bin/sh
# Build every libFuzzer harness in fuzz/ with clang, ASan and UBSan.  Each
# harness names the sources it needs on its first line ("fuzz-sources:");
# the internal library is added to all.  tool.c is built once per tool,
# as TOOL-main-fuzz, with that tool's own sources and main (the list comes
# from make fuzz-tool-sources).  Run from a configured build tree (for
# config.h and the Makefile):
#
#	sh ../fuzz/build.sh && ./fuzz/bchess-pack-payload-fuzz -max_total_time=60
#
# make fuzz builds and runs them all (fuzz/run.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_OUT:-fuzz}
mkdir -p "$out"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"

# include_dirs SOURCE...: an -I for each directory that holds a source.
include_dirs() {
	dirs=""
	for s; do
		d="-I$top/$(dirname "$s")"
		case " $dirs " in *" $d "*) ;; *) dirs="$dirs $d" ;; esac
	done
	echo "$dirs"
}

for harness in "$top"/fuzz/*.c; do
	name=$(basename "$harness" .c)
	case $name in ${FUZZ_ONLY:-*}) ;; *) continue ;; esac
	sources=$(sed -n '1s/.*fuzz-sources: *\(.*\) *\*\/.*/\1/p' "$harness")
	[ -n "$sources" ] || continue
	set --
	for s in $sources; do
		set -- "$@" "$top/$s"
	done
	echo "fuzz: building $out/$name-fuzz"
	# shellcheck disable=SC2086
	clang $flags -std=c11 -I. -I"$top/src/lib" $(include_dirs $sources) \
	    $(pkg-config --cflags libbsd-overlay jansson libpng libjpeg libxml-2.0) \
	    -o "$out/$name-fuzz" "$harness" "$@" "$top"/src/lib/*.c \
	    $(pkg-config --libs libbsd-overlay jansson libpng libjpeg libxml-2.0) -lm
done

# Each line: tool|sources|compiler flags|libraries, as make expands them.
${MAKE:-make} -s fuzz-tool-sources | while IFS='|' read -r tool sources cflags libs; do
	[ -n "$sources" ] || continue
	case $tool-main in ${FUZZ_ONLY:-*}) ;; *) continue ;; esac
	set --
	for s in $sources; do
		case $s in *.c) set -- "$@" "$top/$s" ;; esac
	done
	keep=""
	for f in $cflags $libs; do
		case $f in
		-I*|-D*|-l*|-L*|-pthread) keep="$keep $f" ;;
		esac
	done
	fn=$(echo "$tool" | tr - _)_main
	echo "fuzz: building $out/$tool-main-fuzz"
	# shellcheck disable=SC2086
	clang $flags -std=c11 -I. -I"$top/src/lib" $(include_dirs $sources) \
	    $(pkg-config --cflags libbsd-overlay jansson libxml-2.0) \
	    -DTOOL="\"$tool\"" -DTOOL_MAIN="$fn" -Dmain="$fn" \
	    -o "$out/$tool-main-fuzz" "$top/fuzz/tool.c" "$@" \
	    "$top"/src/lib/*.c $keep \
	    $(pkg-config --libs libbsd-overlay jansson libxml-2.0) -lm
done
