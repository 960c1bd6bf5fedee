# Shared by every tests/*.bats file.  The build directory is on PATH and
# $top_srcdir names the source tree (set by make check; the defaults let a
# test file run by hand from the top of a built tree).

: "${top_srcdir:=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
PATH=$top_builddir:$PATH
# make check-valgrind's wrappers, when set, come before the build tree.
[ -z "${TEST_WRAPPER_DIR:-}" ] || PATH=$TEST_WRAPPER_DIR:$PATH
# A test that tries a string cut at every place steps by $places (times
# its own step): 1, or under memcheck, where each run takes a second or
# more, 7, a step that still meets places of every kind over a link.
places=1
[ -z "${TEST_WRAPPER_DIR:-}" ] || places=7
data=$top_srcdir/tests/data
export LC_ALL=C.UTF-8

bats_require_minimum_version 1.5.0

# need COMMAND...: skip the test, saying which, when a command it needs
# is not installed.
need() {
	local c
	for c; do
		command -v "$c" >/dev/null || skip "$c is not installed"
	done
}

# complete_words TOOL WORD...: the words bash completion offers for the
# command line "TOOL WORD..." (the last word being completed), one a line.
# A word with "=" is split as bash splits it: "--format=j" is the words
# "--format" "=" "j", and "--format=" at the end is "--format" "=".
complete_words() {
	local tool=$1
	shift
	bash -c '
		source /usr/share/bash-completion/bash_completion 2>/dev/null
		source "$1"
		shift
		COMP_WORDS=()
		for w; do
			while [[ $w == *=* ]]; do
				[ -z "${w%%=*}" ] || COMP_WORDS+=("${w%%=*}")
				COMP_WORDS+=("=")
				w=${w#*=}
			done
			[ -z "$w" ] && [[ ${COMP_WORDS[-1]} == = ]] ||
			    COMP_WORDS+=("$w")
		done
		COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
		COMP_LINE="${COMP_WORDS[*]}"
		COMP_POINT=${#COMP_LINE}
		fn=$(complete -p "$1" | sed -n "s/.*-F \([^ ]*\).*/\1/p")
		"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}"
	' complete "$top_srcdir/completions/bash/$tool.bash" "$tool" "$@"
}

# golden TOOL CASE [ARGS...]: run TOOL on data/TOOLDIR/CASE.in and
# compare stdout with CASE.out.
golden() {
	local dir=$1 case=$2
	shift 2
	run --separate-stderr "$@" "$data/$dir/$case.in"
	diff -u "$data/$dir/$case.out" <(printf '%s\n' "$output")
}
