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
	need mandoc
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

@test "every tool's --help has one shape: usage, then an option a line, one column" {
	local t line widths
	local re='^(  -[A-Za-z], |      )--[a-z-]+(=[A-Za-z,]+|\[=[A-Z]+\])? +'
	for t in $(tools); do
		run --separate-stderr "$t" --help
		[ "$status" -eq 0 ]
		[[ "${lines[0]}" == "usage: $t "* ]]
		widths=
		for line in "${lines[@]}"; do
			[[ "$line" == "  -"* || "$line" == "      --"* ]] || continue
			[[ "$line" =~ $re ]] || { echo "$t: $line"; false; }
			widths="$widths ${#BASH_REMATCH[0]}"
		done
		# Every description begins in the same column.
		[ "$(tr ' ' '\n' <<<"$widths" | sed '/^$/d' | sort -u | wc -l)" -eq 1 ] ||
		    { echo "$t: columns$widths"; false; }
		grep -q -- '^  -h, --help  *print this help and exit$' <<<"$output"
		grep -q -- '^  -V, --version  *print the version and exit$' <<<"$output"
		grep -q -- '^      --summary  *print the counts of records, good, bad and warnings, on standard error at the end$' <<<"$output"
	done
}

@test "the completions describe -h, -V and --summary in the same words everywhere" {
	local t
	for t in $(tools); do
		grep -q -- "-s h -l help -d 'Print the usage and options and exit'" "$top_srcdir/completions/fish/$t.fish"
		grep -q -- "-s V -l version -d 'Print the version and exit'" "$top_srcdir/completions/fish/$t.fish"
		grep -q -- "-l summary -d 'Print the counts of records on standard error at the end'" "$top_srcdir/completions/fish/$t.fish"
		grep -q -- "{-h,--help}'\[print the usage and options and exit\]'" "$top_srcdir/completions/zsh/_$t"
		grep -q -- "{-V,--version}'\[print the version and exit\]'" "$top_srcdir/completions/zsh/_$t"
		grep -q -- "'--summary\[print the counts of records on standard error at the end\]'" "$top_srcdir/completions/zsh/_$t"
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

# formats_bash TOOL OPTION: the values bash completion offers after
# "OPTION=", sorted, on one line.
formats_bash() {
	complete_words "$1" "$2=" | sort | tr '\n' ' '
}

@test "bash completes the value after --format= as after --format" {
	for t in $(tools); do
		after_space=$(complete_words "$t" --format '' | sort | tr '\n' ' ')
		[ -n "$after_space" ]
		[ "$(formats_bash "$t" --format)" = "$after_space" ]
		first=${after_space%% *}
		[ "$(complete_words "$t" "--format=${first:0:2}" | head -1)" = "$first" ]
		[ "$(complete_words "$t" -f "${first:0:2}" | head -1)" = "$first" ]
	done
}

@test "every zsh completion loads and offers the formats bash offers" {
	need zsh
	for t in $(tools); do
		f=$top_srcdir/completions/zsh/_$t
		zsh -n "$f"
		# compinit registers the function for the tool from #compdef.
		run zsh -f -c 'fpath=("$1" $fpath); autoload -U compinit
		    compinit -u -d "$2/zcompdump"; print -r -- $_comps[$3]' \
		    zsh "$top_srcdir/completions/zsh" "$BATS_TEST_TMPDIR" "$t"
		[ "$output" = "_$t" ]
		# The action of the --format= spec, as _arguments would read it.
		zsh_formats=$(zsh -f -c '_arguments() {
			local s a
			for s; do
				[[ $s == *--format=* ]] || continue
				a=${s##*:}; a=${a#\(}; a=${a%\)}
				print -rl -- ${=${(e)a}}
			done
		}
		source "$1"' zsh "$f" | sort | tr '\n' ' ')
		[ -n "$zsh_formats" ]
		[ "$zsh_formats" = "$(formats_bash "$t" --format)" ]
	done
}

@test "every fish completion loads and offers the formats bash offers" {
	need fish
	for t in $(tools); do
		f=$top_srcdir/completions/fish/$t.fish
		fish -n "$f"
		fish_formats=$(fish -c 'source $argv[1]; complete -C "$argv[2] --format="' \
		    "$f" "$t" | sed 's/^--format=//; s/\t.*//' | sort | tr '\n' ' ')
		[ -n "$fish_formats" ]
		[ "$fish_formats" = "$(formats_bash "$t" --format)" ]
	done
}

@test "make install puts the four tools, the pages and the examples they name" {
	need make
	d=$BATS_TEST_TMPDIR/root
	make -s -C "$top_builddir" install DESTDIR="$d" prefix=/usr >/dev/null
	[ "$(ls "$d/usr/bin" | sort | tr '\n' ' ')" = \
	    "bchess-pack fruitsolve mine-reveal xq-bitpack " ]
	doc=$d/usr/share/doc/gamefilters
	[ -f "$doc/README.md" ] && [ -f "$doc/NEWS" ]
	grep -q '/usr/share/doc/gamefilters/examples' "$d/usr/share/man/man1/fruitsolve.1"
	! grep -q /usr/local "$d"/usr/share/man/man*/* || false
	# Every example file a page names is installed, and the commands
	# work where the pages say to run them.
	for f in $(cat "$d"/usr/share/man/man*/* | grep -o 'examples/[a-z0-9.-]*\.txt' | sort -u); do
		[ -f "$doc/$f" ]
	done
	cd "$doc"
	run fruitsolve -l examples/fruit-small.txt
	[ "$status" -eq 0 ] && [ "${#lines[@]}" -eq 6 ]
}

@test "the manual pages agree on the longest packed position, and it holds" {
	[ -x "$top_builddir/xq-randgame" ] || skip "xq-randgame is not built"
	n1=$(grep -o 'packed into at most [0-9]* characters' "$top_srcdir/man/xq-bitpack.1" | grep -o '[0-9]*')
	n5=$(tr '\n' ' ' <"$top_srcdir/man/xq-pack.5" | grep -o 'packed position is at most [0-9]* characters' | grep -o '[0-9]*')
	[ -n "$n1" ] && [ "$n1" = "$n5" ]
	longest=$(xq-randgame 7 300 ucci | xq-bitpack -f board | awk '{ if (length($0) > m) m = length($0) } END { print m }')
	[ "$longest" -gt 0 ] && [ "$longest" -le "$n1" ]
}

@test "the completions describe fruitsolve's effort as its manual page does" {
	grep -q 'effort counts the moves of the games played' "$top_srcdir/man/fruitsolve.1"
	grep -q 'moves played' "$top_srcdir/completions/zsh/_fruitsolve"
	grep -q 'moves played' "$top_srcdir/completions/fish/fruitsolve.fish"
	! grep -qi 'expansion' "$top_srcdir"/completions/*/*fruitsolve* || false
}

@test "gamefilters(7): absolute line numbers and statuses under parallel --pipe" {
	need parallel
	cd "$BATS_TEST_TMPDIR"
	for i in $(seq 1 45); do
		if [ $((i % 7)) -eq 0 ] && [ "$i" -le 35 ]; then
			echo "bad$i"
		else
			echo 'm-4-4-3-5-0,m-1-1-2-1-0,e-l'
		fi
	done >links.txt
	bchess-pack links.txt >serial.out 2>serial.err || true
	# The page's commands, with blocks of 10 lines instead of 100000.
	st=0
	parallel --pipe -k -N 10 --joblog jobs.log \
	    'bchess-pack 2>block{#}.err' < links.txt > compact.txt || st=$?
	[ "$st" -eq 4 ]	# blocks 1 to 4 have a bad line, block 5 none
	awk -F: -v OFS=: -v n=10 '$2 == " stdin" { b = FILENAME;
	    gsub(/[^0-9]/, "", b); $2 = " links.txt"; $3 += (b - 1) * n } 1' \
	    $(ls block*.err | sort -t k -k 2n) 2>parallel.err >&2
	cmp serial.out compact.txt
	[ "$(grep -c 'links.txt:' serial.err)" -eq 5 ]
	diff -u serial.err parallel.err
	# The seventh column: block 5 exited 0, the others 1.
	[ "$(awk -F'\t' 'NR > 1 { print $1, $7 }' jobs.log | sort -n |
	    awk '{ printf "%s", $2 }')" = 11110 ]
}

@test "gamefilters(7): a text of CR line ends through parallel --pipe --recend" {
	need parallel
	cd "$BATS_TEST_TMPDIR"
	awk 'BEGIN { for (i = 1; i <= 3000; i++)
		printf "%d,https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r", i }' >mac.csv
	# The page's command, with blocks small enough to make several.
	parallel --pipe -k --recend '\r' --block 20k bchess-pack <mac.csv >compact.csv
	cmp compact.csv <(bchess-pack mac.csv)
	[ "$(tr -cd '\r' <compact.csv | wc -c)" -eq 3000 ]
}

@test "a stop signal while a slow reader holds the output up ends on a whole record" {
	cd "$BATS_TEST_TMPDIR"
	# The generators write far faster than the reader takes: the signal
	# comes while a write waits, and must neither fail it nor cut it.
	run bash -c 'timeout --foreground --preserve-status -s INT 1 \
	    fruitsolve -g 1000000 | { sleep 2; cat > fruit.out; }
	    echo "${PIPESTATUS[0]}"'
	[ "$output" = 130 ]
	[ -s fruit.out ]
	[ $(($(wc -l < fruit.out) % 11)) -eq 10 ]
	! grep -Evx '[1-9]{17}|' fruit.out || false
	run bash -c 'timeout --foreground --preserve-status -s TERM 1 \
	    mine-reveal -g 30x16 -m 99 -S 1 --count 100000000 |
	    { sleep 2; cat > mine.out; }; echo "${PIPESTATUS[0]}"'
	[ "$output" = 143 ]
	[ "$(awk 'NF == 0 { next } /^#/ { if (n) print n; n = 0; next }
	    { n++ } END { print n }' mine.out | sort -u)" = 16 ]
}

@test "a bad option is reported under the tool's name, whatever path ran it" {
	for t in $(tools); do
		run --separate-stderr "$top_builddir/$t" -x
		[ "$status" -eq 2 ]
		[[ "$stderr" == "$t: invalid option -- 'x'"* ]]
		run --separate-stderr "$top_builddir/$t" --no-such-option
		[ "$status" -eq 2 ]
		[[ "$stderr" == "$t: unrecognized option '--no-such-option'"* ]]
	done
}

@test "a diagnostic that cannot be written is a failed write: exit 2" {
	[ -w /dev/full ] || skip "no /dev/full"
	run bash -c 'printf "zz\n" | xq-bitpack 2>/dev/full; echo $?'
	[ "${lines[-1]}" = 2 ]
	run bash -c 'bchess-pack --summary "$1" 2>/dev/full >/dev/null; echo $?' _ \
	    "$top_srcdir/examples/legacy-links.txt"
	[ "$output" = 2 ]
	# Nothing to say, nothing lost.
	run bash -c 'printf "h2e2\n" | xq-bitpack 2>/dev/full; echo $?'
	[ "${lines[-1]}" = 0 ]
}

@test "no check in a test is a command negated with !, which bats never fails on" {
	# Under set -e a failing "! command" stops nothing unless it is the
	# test's last: each such check must end in "|| false".
	run grep -nP '^\t+! (?!.*\|\| false$)' "$top_srcdir"/tests/*.bats
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}
