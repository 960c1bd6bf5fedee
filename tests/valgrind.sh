#!/bin/sh
# make check-valgrind links this script under the name of every program
# it tests and puts the links first on PATH: it runs the program of that
# name from the build tree under valgrind memcheck.  A memory error or a
# definite leak makes the program exit 99 and leaves its report in
# $VALGRIND_LOG_DIR; a clean run leaves an empty log there.
name=$(basename "$0")
exec "${VALGRIND:-valgrind}" -q --error-exitcode=99 \
    --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=definite \
    --log-file="${VALGRIND_LOG_DIR:-.}/$name.%p" \
    "$top_builddir/$name" "$@"
