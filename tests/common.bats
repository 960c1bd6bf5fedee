#!/usr/bin/env bats
# What holds for the whole toolkit: clean manual pages and the shape of
# every tool's command line.

load helpers

tools() {
	local t
	for t in bchess-pack xq-bitpack fruitsolve mine-reveal; do
		[ -x "$top_builddir/$t" ] && echo "$t"
	done
}

@test "every manual page is clean under mandoc -Tlint -Wwarning" {
	command -v mandoc || skip "mandoc is not installed"
	run mandoc -Tlint -Wwarning "$top_srcdir"/man/*.[157]
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "every tool prints its version with -V and --version" {
	for t in $(tools); do
		run "$t" -V
		[ "$status" -eq 0 ]
		[[ "$output" == "$t (gamefilters) "* ]]
		run "$t" --version
		[ "$status" -eq 0 ]
		[[ "$output" == "$t (gamefilters) "* ]]
	done
}

@test "every tool prints its usage on -h and --help and exits 0" {
	for t in $(tools); do
		run "$t" -h
		[ "$status" -eq 0 ]
		[[ "$output" == *"usage: $t"* ]]
		run "$t" --help
		[ "$status" -eq 0 ]
	done
}

@test "every tool exits 2 with its usage on an unknown option" {
	for t in $(tools); do
		run --separate-stderr "$t" --no-such-option
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"usage: $t"* ]]
	done
}

@test "every tool exits 2 on a file it cannot open" {
	for t in $(tools); do
		run --separate-stderr "$t" /nonexistent/file
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"/nonexistent/file"* ]]
	done
}

@test "every tool has a manual page and a completion for each shell" {
	for t in $(tools); do
		[ -f "$top_srcdir/man/$t.1" ]
		[ -f "$top_srcdir/completions/bash/$t.bash" ]
		[ -f "$top_srcdir/completions/zsh/_$t" ]
		[ -f "$top_srcdir/completions/fish/$t.fish" ]
	done
}
