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

# Sources built without libFuzzer's tracing of comparisons: the Xiangqi
# move generator and move ordering compare squares and scores, not input
# bytes, and tracing those comparisons took 70% of xq-bitpack-unpack's
# time.  Their edges are still covered.
untraced="src/xq/movegen.c src/xq/order.c"

# include_dirs SOURCE...: an -I for each directory that holds a source.
include_dirs() {
	dirs=""
	for s; do
		d="-I$top/$(dirname "$s")"
		case " $dirs " in *" $d "*) ;; *) dirs="$dirs $d" ;; esac
	done
	echo "$dirs"
}

# with_untraced NAME INCLUDES SOURCE...: the sources, each untraced one
# replaced by an object built from it without comparison tracing.
with_untraced() {
	wu_name=$1 wu_incs=$2
	shift 2
	mkdir -p "$out/obj"
	for wu_src; do
		case " $untraced " in
		*" ${wu_src#"$top"/} "*)
			wu_obj=$out/obj/$wu_name-$(basename "$wu_src" .c).o
			# shellcheck disable=SC2086
			clang $flags -fno-sanitize-coverage=trace-cmp -std=c11 \
			    -I. -I"$top/src/lib" $wu_incs \
			    $(pkg-config --cflags libbsd-overlay) \
			    -c -o "$wu_obj" "$wu_src" || return 1
			echo "$wu_obj" ;;
		*)	echo "$wu_src" ;;
		esac
	done
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
	objs=$(with_untraced "$name" "$(include_dirs $sources)" "$@")
	# shellcheck disable=SC2086
	set -- $objs
	# shellcheck disable=SC2086
	clang $flags -std=c11 -I. -I"$top/src/lib" $(include_dirs $sources) \
	    $(pkg-config --cflags libbsd-overlay jansson libpng libjpeg libexif libwebp libwebpmux libgif libxml-2.0 libzip gmime-3.0) \
	    -o "$out/$name-fuzz" "$harness" "$@" "$top"/src/lib/*.c \
	    $(pkg-config --libs libbsd-overlay jansson libpng libjpeg libexif libwebp libwebpmux libgif libxml-2.0 libzip gmime-3.0) -lm
done

# Each line: tool|sources|compiler flags|libraries, as make expands them.
${MAKE:-make} -s fuzz-tool-sources | while IFS='|' read -r tool sources cflags libs; do
	[ -n "$sources" ] || continue
	case $tool-main in ${FUZZ_ONLY:-*}) ;; *) continue ;; esac
	set --
	for s in $sources; do
		case $s in *.c) set -- "$@" "$top/$s" ;; esac
	done
	keep="" defs=""
	for f in $cflags $libs; do
		case $f in
		-I*|-D*) keep="$keep $f" defs="$defs $f" ;;
		-l*|-L*|-pthread) keep="$keep $f" ;;
		esac
	done
	fn=$(echo "$tool" | tr - _)_main
	echo "fuzz: building $out/$tool-main-fuzz"
	objs=$(with_untraced "$tool-main" "$(include_dirs $sources) $defs" "$@")
	# shellcheck disable=SC2086
	set -- $objs
	# shellcheck disable=SC2086
	clang $flags -std=c11 -I. -I"$top/src/lib" $(include_dirs $sources) \
	    $(pkg-config --cflags libbsd-overlay jansson libxml-2.0 libzip) \
	    -DTOOL="\"$tool\"" -DTOOL_MAIN="$fn" -Dmain="$fn" \
	    -o "$out/$tool-main-fuzz" "$top/fuzz/tool.c" "$@" \
	    "$top"/src/lib/*.c $keep \
	    $(pkg-config --libs libbsd-overlay jansson libxml-2.0 libzip) -lm
done
