#!/usr/bin/env bats
# bchess-pack: converting Buffalo Chess replay links.

load helpers

d=$data/bchess-pack

vector() {	# vector NAME FORMAT: a payload from the published examples
	awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $2 == f { print $3 }' \
	    "$d/vectors.tsv"
}

random_logs() {	# random_logs N MAX SEED: random legacy logs, no blank lines
	awk -v n="$1" -v max="$2" -v seed="$3" -f "$d/random-logs.awk" |
	    grep -v '^$'
}

@test "the first published example converts to its published compact and base36 forms" {
	run bchess-pack <<<"$(vector ex1 legacy)"
	[ "$status" -eq 0 ]
	[ "$output" = "$(vector ex1 compact)" ]
	run bchess-pack -f base36 <<<"$(vector ex1 legacy)"
	[ "$output" = "$(vector ex1 base36)" ]
	run bchess-pack -i base36 -f legacy <<<"$(vector ex1 base36)"
	[ "$output" = "$(vector ex1 legacy)" ]
	run bchess-pack -f legacy <<<"$(vector ex1 compact)"
	[ "$output" = "$(vector ex1 legacy)" ]
}

@test "the second published example (26 moves) converts both ways" {
	run bchess-pack <<<"$(vector ex2 legacy)"
	[ "$status" -eq 0 ]
	[ "$output" = "$(vector ex2 compact)" ]
	run bchess-pack -f legacy <<<"$(vector ex2 compact)"
	[ "$output" = "$(vector ex2 legacy)" ]
}

@test "links keep everything but the payload: double slash, %2C, other parameters, fragment, spaces, CRLF" {
	run --separate-stderr bchess-pack "$d/links.in"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u "$d/links.out" <(bchess-pack "$d/links.in")
}

@test "an old link becomes the link the site opens today" {
	run bchess-pack <<<'https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,e-l'
	[ "$output" = 'https://www.joonas.io/buffalo-chess/?l=nu1d-4-l' ]
}

@test "the early true/false/empty kill fields are read as 1/0/0" {
	run bchess-pack -f legacy <<<'m-4-4-3-5-true,m-1-1-2-1-false,m-4-5-4-6-,e-w'
	[ "$output" = 'm-4-4-3-5-1,m-1-1-2-1-0,m-4-5-4-6-0,e-w' ]
}

@test "an empty log is -NaN-i, as the site writes it, and back" {
	run bchess-pack <<<'l='
	[ "$output" = 'l=-NaN-i' ]
	run bchess-pack -f legacy <<<'l=-NaN-i'
	[ "$output" = 'l=' ]
	run bchess-pack -f json <<<'-NaN-w'
	[ "$output" = '{"moves":[],"result":"won"}' ]
}

@test "json output is one object a line with from, to, kill and the result" {
	run bchess-pack -f json <<<'https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-3-5-2-5-1,e-w'
	[ "$output" = '{"moves":[{"from":[4,4],"to":[3,5],"kill":false},{"from":[3,5],"to":[2,5],"kill":true}],"result":"won"}' ]
}

@test "compact output agrees with the site's own double arithmetic on 3000 random logs of up to 33 moves" {
	random_logs 3000 33 11 >"$BATS_TEST_TMPDIR/logs"
	awk -f "$d/site-compact.awk" "$BATS_TEST_TMPDIR/logs" >"$BATS_TEST_TMPDIR/site"
	bchess-pack "$BATS_TEST_TMPDIR/logs" >"$BATS_TEST_TMPDIR/ours"
	cmp "$BATS_TEST_TMPDIR/site" "$BATS_TEST_TMPDIR/ours"
}

@test "every format pair converts there and back losslessly over 2000 random logs of 0..44 moves" {
	cd "$BATS_TEST_TMPDIR"
	random_logs 2000 44 5 | sed 's/^/l=/' >legacy
	n=$(wc -l <legacy)
	for f in compact base36 json; do
		bchess-pack -q -f "$f" legacy >"$f"
	done
	for a in legacy compact base36 json; do
		for b in legacy compact base36 json; do
			bchess-pack -q -f "$b" "$a" >there
			[ "$(wc -l <there)" -eq "$n" ]
			bchess-pack -q -i "$b" -f "$a" there >back
			if [ "$a" = json ] || [ "$b" = json ]; then
				# JSON stands alone: compare payloads only.
				sed 's/^l=//' "$a" >want
				sed 's/^l=//' back >got
			else
				cp "$a" want
				cp back got
			fi
			cmp want got
		done
	done
}

@test "a log past 33 moves converts exactly, with a warning that the site will misread it" {
	run --separate-stderr bchess-pack "$d/long35.legacy"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"long35.legacy:1: warning: 35 moves: the site will misread this link's kill flags"* ]]
	run bchess-pack -q -f legacy <<<"$output"
	[ "$output" = "$(cat "$d/long35.legacy")" ]
}

@test "no warning for a 33-move log, which the site carries exactly" {
	log=$(random_logs 200 33 3 | awk -F, 'NF >= 33' | head -1)
	[ -n "$log" ]
	run --separate-stderr bchess-pack <<<"$log"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "a link with kill digits mangled by the site is read as the site reads it, with a warning" {
	run --separate-stderr bchess-pack -f legacy "$d/mangled35.compact"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"mangled35.compact:1: warning: kill digits mangled by the site's arithmetic"* ]]
	# The winning kill of the last move is lost, as on the site.
	[[ "$output" == *",m-3-2-4-4-0,e-w" ]]
}

@test "bad records: diagnostic with file and line, line copied, the rest converted, exit 1" {
	printf '%s\n' 'm-4-4-3-5-0' 'm-4-4-3-9-0' '' 'nu-1-i' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 'nu-1-i' ]
	[ "${lines[1]}" = 'm-4-4-3-9-0' ]
	[ "${#lines[@]}" -eq 3 ]	# run drops the blank line from lines
	[ "$(bchess-pack "$BATS_TEST_TMPDIR/in" 2>/dev/null | wc -l)" -eq 4 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/in:2: move 1: coordinate off the 5x7 board (m-4-4-3-9-0)" ]
}

@test "--strict (old spelling -s) stops at the first bad record" {
	printf '%s\n' 'm-4-4-3-5-0' 'm-9-4-3-5-0' 'm-4-4-3-5-0' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack -s "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 'nu-1-i' ]
	[ "${#lines[@]}" -le 2 ]	# nothing after the bad record
	[ "${lines[1]:-}" != 'nu-1-i' ]
	[[ "$stderr" == *"in:2: move 1: coordinate off the 5x7 board (m-9-4-3-5-0)" ]]
	run --separate-stderr bchess-pack --strict "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -le 2 ]
}

@test "every error a user can meet names the problem and the token" {
	while IFS='|' read -r input message; do
		run --separate-stderr bchess-pack <<<"$input"
		[ "$status" -eq 1 ] || { echo "no error for $input"; false; }
		[ "$output" = "$input" ]
		[ "$stderr" = "bchess-pack: stdin:1: $message" ] ||
		    { echo "got: $stderr"; echo "want: $message"; false; }
	done <<'EOF_CASES'
https://www.joonas.io/buffalo-chess/?lang=en|no l parameter (https://www.joonas.io/buffalo-chess/?lan...)
l=m-4-4-3-5-0%2|bad percent escape (m-4-4-3-5-0%2)
m-4-4-3-5-0,e-w,m-1-1-2-1-0|move 2: event after the end event (m-1-1-2-1-0)
m-4-4-3-5-0,x-1|move 2: not a move or end event (x-1)
m-4-4-3-5-0,,e-w|move 2: not a move or end event (empty)
m-4-4-3|move 1: malformed move (m-4-4-3)
m-4-4-3-5-yes|move 1: kill field is not 0, 1, true, false or empty (m-4-4-3-5-yes)
m-6-4-3-5-0|move 1: coordinate off the 5x7 board (m-6-4-3-5-0)
e-x|move 1: not a move or end event (e-x)
nu1-1-l|move 2: move pairs have an odd length (1)
nu!d-4-l|move 2: not a base-36 digit (!d)
nuzz-4-l|move 2: move number above 1224 (zz)
nu1d-0-l|kill digits do not match the moves (0)
nu1d-zz-l|kill digits do not match the moves (zz)
nu1d-4|not PAIRS-KILLS-END (nu1d-4)
nu1d-4-x|not PAIRS-KILLS-END (nu1d-4-x)
nu1d-4-l-|not PAIRS-KILLS-END (nu1d-4-l-)
nu1d-A-l|kills are not a base-36 number (A)
-0-i|a log without moves has kills NaN (0)
zzzl|move 1: kill field is not 0 or 1 (zzz)
000l|move 1: coordinate off the 5x7 board (000)
{"moves":[],"result":"won"|not valid JSON ({"moves":[],"result":"won")
{"moves":[]}|not an object with just "moves" and "result" ({"moves":[]})
{"moves":[{"from":[4,4],"to":[3,9],"kill":false}],"result":"won"}|move 1: a move needs "from" and "to" squares on the board and a boolean "kill" ({"moves":[{"from":[4,4],"to":[3,9],"kill...)
{"moves":[],"result":"draw"}|result is not "won", "lost" or "unfinished" ({"moves":[],"result":"draw"})
see https://www.joonas.io/buffalo-chess/?l=3Dnu1d-4-=|a soft line break of quoted-printable mail cuts the link (decode the mail first) (nu1d-4-=)
lo-chess/?l=3Dnu1d-4-l bye|a soft line break of quoted-printable mail cuts the link (decode the mail first) (nu1d-4-l)
EOF_CASES
}

@test "-i forces the input format" {
	run --separate-stderr bchess-pack -i base36 <<<'nu1dpf9jh9hpoxpv-2j4-l'
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"move 1: coordinate off the 5x7 board (nu1)"* ]]
	run bchess-pack -i compact -f legacy <<<'nu1d-4-l'
	[ "$output" = 'm-4-4-3-5-0,m-1-1-2-1-0,e-l' ]
}

@test "an unknown format name is a usage error" {
	run --separate-stderr bchess-pack -f nosuch </dev/null
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unknown output format: nosuch"* ]]
	run --separate-stderr bchess-pack -i nosuch </dev/null
	[ "$status" -eq 2 ]
}

@test "a line without a final newline still gets one line of output" {
	run bash -c "printf 'm-4-4-3-5-0' | bchess-pack | od -c | head -1"
	[[ "$output" == *"n   u   -   1   -   i  \\n"* ]]
}

@test "a log of 10000 moves, the limit of a record, converts there and back in every format" {
	cd "$BATS_TEST_TMPDIR"
	awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%sm-%d-%d-%d-%d-%d", i ? "," : "", i % 5 + 1, i % 7 + 1, (i + 2) % 5 + 1, (i + 3) % 7 + 1, i % 3 == 0; print ",e-w" }' >long
	bchess-pack -q long >compact
	[ "$(wc -c <compact)" -gt 20000 ]
	bchess-pack -q -f legacy compact | cmp - long
	for f in base36 json packed; do
		bchess-pack -q -f "$f" long | bchess-pack -q -i "$f" -f legacy | cmp - long
	done
}

@test "write errors are reported and exit 2" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c "bchess-pack '$d/links.in' >/dev/full"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"write error"* ]]
}

@test "a closed pipe ends the run quietly" {
	random_logs 20000 44 9 >"$BATS_TEST_TMPDIR/many"
	run --separate-stderr bash -c "bchess-pack -q '$BATS_TEST_TMPDIR/many' | head -1"
	[ "$status" -eq 0 ]
	[ -n "$output" ]
	[ -z "$stderr" ]
}

@test "GNU parallel output equals serial output" {
	command -v parallel || skip "GNU parallel is not installed"
	random_logs 3000 44 21 | sed 's|^|https://www.joonas.io/buffalo-chess/?l=|' >"$BATS_TEST_TMPDIR/links"
	bchess-pack -q "$BATS_TEST_TMPDIR/links" >"$BATS_TEST_TMPDIR/serial"
	parallel --pipe -k --block 64k bchess-pack -q <"$BATS_TEST_TMPDIR/links" >"$BATS_TEST_TMPDIR/parallel"
	cmp "$BATS_TEST_TMPDIR/serial" "$BATS_TEST_TMPDIR/parallel"
}

@test "manual example: an old link becomes one the site opens" {
	run bash -c "echo 'https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,e-l' | bchess-pack"
	[ "$output" = 'https://www.joonas.io/buffalo-chess/?l=nu1d-4-l' ]
}

@test "manual example: counting moves with jq" {
	command -v jq || skip "jq is not installed"
	run bash -c "echo 'nu1dpf9jh9hpoxpv-2j4-l' | bchess-pack -f json | jq '.moves | length'"
	[ "$output" = 8 ]
}

@test "manual and README example: the shipped legacy links convert with no error" {
	run --separate-stderr bchess-pack "$top_srcdir/examples/legacy-links.txt"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq "$(grep -c '' "$top_srcdir/examples/legacy-links.txt")" ]
	[[ "${lines[0]}" == https://www.joonas.io/buffalo-chess/\?l=*-*-[wli] ]]
}

@test "bash completion offers the options and the format names" {
	run complete_words bchess-pack -f ''
	[[ "$output" == *compact* && "$output" == *legacy* && "$output" == *base36* && "$output" == *json* ]]
	run complete_words bchess-pack --
	[[ "$output" == *--format* && "$output" == *--strict* && "$output" == *--input* ]]
}

@test "a link inside text (TSV, CSV, Markdown, HTML, chat logs) converts, the text around it kept byte for byte" {
	golden bchess-pack text bchess-pack
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# Every byte outside the payload is the input's.
	diff <(sed 's/l=[^ \t"'"'"')<>#&]*/l=/' "$d/text.in") \
	    <(sed 's/l=[^ \t"'"'"')<>#&]*/l=/' "$d/text.out")
}

@test "a link ends at white space, a quote, ')', ']', '<', '>' or '|'" {
	b=https://www.joonas.io/buffalo-chess/
	for c in ' ' '	' '"' "'" ')' ']' '<' '>' '|'; do
		run --separate-stderr bchess-pack <<<"x ${b}?l=m-4-4-3-5-0${c}y"
		[ "$status" -eq 0 ]
		[ "$output" = "x ${b}?l=nu-1-i${c}y" ]
	done
	# Other punctuation inside the payload stays in it, which then does
	# not read.
	run --separate-stderr bchess-pack <<<"look ${b}?l=nu1d-4-l!x"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: not PAIRS-KILLS-END (nu1d-4-l!x)" ]
}

@test "-f packed writes the payload alone in place of the link, which the site could not open" {
	diff -u "$d/text-packed.out" <(bchess-pack -f packed "$d/text.in")
	run bchess-pack -f packed <<<'https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l'
	[ "$output" = Gko7dO ]
	[[ "$output" != *joonas* ]]
	# Links of the earlier writers, packed payload in the link, still read.
	run bchess-pack <<<'https://www.joonas.io/buffalo-chess/?l=Cko7d'
	[ "$output" = 'https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l' ]
	run bchess-pack <<<'https://www.joonas.io/buffalo-chess/?l=Gko7dO'
	[ "$output" = 'https://www.joonas.io/buffalo-chess/?l=nu1dpf9jh9hpoxpv-2j4-l' ]
}

@test "-f json writes one JSON object a line, a bad record included" {
	printf '%s\n' 'nu1d-4-l' 'm-4-4-3-9-0' '' 'l=nu1d-4-%00' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":2,\"error\":\"move 1: coordinate off the 5x7 board\",\"input\":\"m-4-4-3-9-0\"}" ]
	# A blank line is an object too: every line of JSON Lines is JSON.
	[ "${lines[2]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":3,\"text\":\"\"}" ]
	[ "${lines[3]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":4,\"error\":\"not PAIRS-KILLS-END\",\"input\":\"l=nu1d-4-%00\"}" ]
	[ "$(bchess-pack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | wc -l)" -eq 4 ]
	! bchess-pack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | grep -q '^$' || false
	command -v jq >/dev/null || skip "jq is not installed"
	bchess-pack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | jq -e . >/dev/null
	[ "$(bchess-pack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | jq -r 'select(.error) | .line' | tr '\n' ' ')" = "2 4 " ]
}

@test "-f json ends every object as a CR LF file's lines end, bad and blank lines too" {
	printf '%s\r\n' 'nu1d-4-l' 'm-4-4-3-9-0' '' 'hello' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 4 ]
	# Each of the 4 lines ends in CR LF, and none in a bare LF.
	[ "$(bchess-pack -f json "$BATS_TEST_TMPDIR/in" 2>/dev/null | grep -c $'\r$')" -eq 4 ]
	[ "${lines[2]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":3,\"text\":\"\"}"$'\r' ]
	[ "${lines[3]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":4,\"error\":\"not a payload in any known format\",\"input\":\"hello\"}"$'\r' ]
}

@test "-f json keeps a bad line with control bytes and invalid UTF-8 valid JSON" {
	command -v jq >/dev/null || skip "jq is not installed"
	run --separate-stderr bash -c "printf 'l=\\001bad\\377\\n' | bchess-pack -f json | jq -r .line"
	[ "$output" = 1 ]
}

@test "contradicting options are refused, naming both" {
	run --separate-stderr bchess-pack -c -f packed </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -c and -f packed exclude each other" ]
	run --separate-stderr bchess-pack --format=json --check </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -c and -f json exclude each other" ]
	run --separate-stderr bchess-pack -r -c </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: -c and -r exclude each other" ]
}

@test "unknown format names list the valid ones; -i auto detects" {
	run --separate-stderr bchess-pack -f nosuch </dev/null
	[ "$stderr" = "bchess-pack: unknown output format: nosuch (one of: legacy, compact, base36, json, packed)" ]
	run --separate-stderr bchess-pack -i nosuch </dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: unknown input format: nosuch (one of: auto, legacy, compact, base36, json, packed)" ]
	run bchess-pack -i auto -f legacy <<<'nu1d-4-l'
	[ "$status" -eq 0 ]
	[ "$output" = 'm-4-4-3-5-0,m-1-1-2-1-0,e-l' ]
	run bchess-pack -i packed -i auto -f legacy <<<'nu1d-4-l'
	[ "$output" = 'm-4-4-3-5-0,m-1-1-2-1-0,e-l' ]
}

@test "--help lists every option on a line of its own, with the format names" {
	run --separate-stderr bchess-pack --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: bchess-pack "* ]]
	for o in -c,\ --check -E,\ --encoding=ENCODING -f,\ --format=FORMAT -h,\ --help \
	    -i,\ --input=FORMAT '    --join' -q,\ --quiet -r,\ --repair '    --strict' \
	    '    --summary' -V,\ --version -w,\ --write-back; do
		[ "$(printf '%s\n' "${lines[@]}" | grep -c -- "^  $o ")" -eq 1 ] ||
		    { echo "missing: $o"; false; }
	done
	# The usage, two lines, and the twelve options.
	[ "${#lines[@]}" -eq 14 ]
	[[ "$output" == *"(FORMAT: legacy, compact, base36, json, packed)"* ]]
	[[ "$output" == *"(FORMAT: auto, legacy, compact, base36, json, packed)"* ]]
}

@test "--help and --version into a full device exit 2 with a message" {
	[ -w /dev/full ] || skip "no /dev/full"
	for o in --help -h --version -V; do
		run --separate-stderr bash -c "bchess-pack $o >/dev/full"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"write error"* ]]
	done
}

@test "--summary counts records, bad records and warnings on standard error" {
	printf '%s\n' 'nu1d-4-l' 'x' '' "$(cat "$d/long35.legacy")" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[-1]}" = "bchess-pack: 3 records: 2 good, 1 bad, 1 warnings" ]
	run --separate-stderr bchess-pack -q --summary "$BATS_TEST_TMPDIR/in"
	[ "${stderr_lines[-1]}" = "bchess-pack: 3 records: 2 good, 1 bad, 1 warnings" ]
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[[ "$stderr" != *records:* ]]
}

@test "bash completion completes after --format= and offers --summary and -i auto" {
	run complete_words bchess-pack --format=j
	[ "$output" = json ]
	# Where '=' breaks words, as in an interactive bash.
	run complete_words bchess-pack --input = a
	[ "$output" = auto ]
	run complete_words bchess-pack -i ''
	[[ "$output" == *auto* && "$output" == *packed* ]]
	run complete_words bchess-pack --su
	[ "$output" = --summary ]
	run complete_words bchess-pack -E cp
	[ "$output" = cp1252 ]
}

@test "zsh and fish completions parse and name every long option" {
	for o in check encoding format help input quiet repair strict summary version; do
		grep -q -- "--$o" "$top_srcdir/completions/zsh/_bchess-pack"
		grep -q -- "-l $o" "$top_srcdir/completions/fish/bchess-pack.fish"
	done
	if command -v zsh >/dev/null; then
		zsh -n "$top_srcdir/completions/zsh/_bchess-pack"
	fi
	if command -v fish >/dev/null; then
		fish -c "source '$top_srcdir/completions/fish/bchess-pack.fish'; complete -C 'bchess-pack --su'" | grep -q -- --summary
	fi
}

@test "manual example: the links of a Markdown file convert, the text kept" {
	run bash -c "echo '[my game](https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,m-1-1-2-1-0,e-l)' | bchess-pack"
	[ "$status" -eq 0 ]
	[ "$output" = '[my game](https://www.joonas.io/buffalo-chess/?l=nu1d-4-l)' ]
}

@test "every link on a line is converted in place, the text between them kept" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack <<<"x	${b}?l=m-4-4-3-5-0	${b}?l=m-4-4-3-5-0,e-l	y"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "x	${b}?l=nu-1-i	${b}?l=nu-1-l	y" ]
	run bchess-pack -f packed <<<"a ${b}?l=nu1d-4-l b ?l=m-4-4-3-5-0 c"
	[ "$output" = "a YfpnvK b Fc9I c" ]
	# Back and forth, the line comes back as it was.
	printf 'x,%s?l=nu1d-4-l,%s?l=nu-1-i\n' "$b" "$b" >"$BATS_TEST_TMPDIR/two"
	bchess-pack -f legacy "$BATS_TEST_TMPDIR/two" | bchess-pack | cmp - "$BATS_TEST_TMPDIR/two"
}

@test "a bad link among others is reported with its number and left as it was; the line is bad" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack --summary <<<"${b}?l=nu1d-4-l ${b}?l=nu1d-4-x ${b}?l=m-4-4-3-5-0"
	[ "$status" -eq 1 ]
	[ "$output" = "${b}?l=nu1d-4-l ${b}?l=nu1d-4-x ${b}?l=nu-1-i" ]
	[ "${stderr_lines[0]}" = "bchess-pack: stdin:1: link 2: not PAIRS-KILLS-END (nu1d-4-x)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: 1 records: 0 good, 1 bad, 0 warnings" ]
}

@test "-c and -r name the link of a line that they report on" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack -c <<<"${b}?l=m-4-4-3-5-0 ${b}?l=m-4-4-3-5-1"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: link 2: move 1: kill flag 1, but nothing is taken (m-4-4-3-5-1)" ]
	run --separate-stderr bchess-pack -r -f legacy <<<"${b}?l=m-4-4-3-5-0 ${b}?l=m-4-4-3-5-1"
	[ "$status" -eq 0 ]
	[ "$output" = "${b}?l=m-4-4-3-5-0 ${b}?l=m-4-4-3-5-0" ]
	[ "$stderr" = "bchess-pack: stdin:1: link 2: move 1: kill flag repaired to 0 (m-4-4-3-5-1)" ]
}

@test "-f json refuses a line of two links, which one object cannot hold, and keeps its place" {
	b=https://www.joonas.io/buffalo-chess/
	printf '%s\n' 'nu1d-4-l' "x ${b}?l=nu1d-4-l ${b}?l=nu-1-i" 'nu-1-i' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[1]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":2,\"error\":\"more than one game on the line\",\"input\":\"x ${b}?l=nu1d-4-l ${b}?l=nu-1-i\"}" ]
	[ "${lines[2]}" = '{"moves":[{"from":[4,4],"to":[3,5],"kill":false}],"result":"unfinished"}' ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/in:2: more than one game on the line (https://www.joonas.io/buffalo-chess/?l=n...)" ]
}

@test "-f json takes a line that repeats one link, as HTML's <a href=L>L</a>, for one game" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack -f json <<<"<a href=\"${b}?l=nu1d-4-l\">${b}?l=nu1d-4-l</a> [${b}?l=nu1d-4-l](${b}?l=nu1d-4-l)"
	[ "$status" -eq 0 ]
	[ "$output" = '{"moves":[{"from":[4,4],"to":[3,5],"kill":false},{"from":[1,1],"to":[2,1],"kill":false}],"result":"lost"}' ]
	[ "$stderr" = "" ]
	run --separate-stderr bchess-pack -f json <<<"<a href=\"${b}?l=nu1d-4-l\">${b}?l=nu-1-i</a>"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: more than one game on the line (https://www.joonas.io/buffalo-chess/?l=n...)" ]
}

@test "only links to the game are converted; another site's ?l= is left alone" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack <<<"see https://shop.example.com/item?l=bowl and ${b}?l=m-4-4-3-5-0,e-l"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$output" = "see https://shop.example.com/item?l=bowl and ${b}?l=nu-1-l" ]
	for other in https://shop.example.com/item?l=nu1d-4-l https://evil-joonas.io/buffalo-chess/?l=nu1d-4-l \
	    https://joonas.io.example.com/buffalo-chess/?l=nu1d-4-l https://www.joonas.io/other/?l=nu1d-4-l \
	    word?l=nu1d-4-l; do
		run --separate-stderr bchess-pack --summary <<<"look at $other"
		[ "$status" -eq 0 ]
		[ "$output" = "look at $other" ]
		[ "$stderr" = "bchess-pack: 0 records: 0 good, 0 bad, 0 warnings" ]
	done
	for game in http://joonas.io/buffalo-chess?l= //www.joonas.io//buffalo-chess/?l= \
	    www.joonas.io/buffalo-chess/?l= HTTPS://WWW.JOONAS.IO/buffalo-chess/?l=; do
		run bchess-pack <<<"look at ${game}nu1d-4-l"
		[ "$output" = "look at ${game}nu1d-4-l" ]
		run bchess-pack -f legacy <<<"look at ${game}nu1d-4-l"
		[ "$output" = "look at ${game}m-4-4-3-5-0%2Cm-1-1-2-1-0%2Ce-l" ]
	done
	# Alone on its line, another site's link is an error, not a payload.
	run --separate-stderr bchess-pack <<<'https://shop.example.com/item?l=bowl'
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: not a link to the game (https://shop.example.com/item?l=bowl)" ]
}

@test "a link in an unquoted CSV field ends at the comma; -f legacy escapes its commas there" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack -f legacy <<<"alice,${b}?l=nu1d-4-l,won"
	[ "$status" -eq 0 ]
	[ "$output" = "alice,${b}?l=m-4-4-3-5-0%2Cm-1-1-2-1-0%2Ce-l,won" ]
	run bchess-pack <<<"$output"
	[ "$output" = "alice,${b}?l=nu1d-4-l,won" ]
	run bchess-pack <<<"alice,${b}?l=nu1dpf9jh9hpoxpv-2j4-l,won"
	[ "$output" = "alice,${b}?l=nu1dpf9jh9hpoxpv-2j4-l,won" ]
	run bchess-pack -f packed <<<"alice,${b}?l=nu1dpf9jh9hpoxpv-2j4-l&x=1,won"
	[ "$output" = "alice,Gko7dO,won" ]
	# Alone on its line, a legacy link keeps plain commas.
	run bchess-pack -f legacy <<<"${b}?l=nu1d-4-l"
	[ "$output" = "${b}?l=m-4-4-3-5-0,m-1-1-2-1-0,e-l" ]
	# A CSV file of links comes back as it was, column for column.
	printf '%s\n' "name,link,result" "alice,${b}?l=nu1d-4-l,won" "bob,${b}?l=-NaN-i,lost" >"$BATS_TEST_TMPDIR/csv"
	bchess-pack -f legacy "$BATS_TEST_TMPDIR/csv" >"$BATS_TEST_TMPDIR/legacy"
	[ "$(cut -d, -f3 "$BATS_TEST_TMPDIR/legacy" | tr '\n' ' ')" = "result won lost " ]
	bchess-pack "$BATS_TEST_TMPDIR/legacy" | cmp - "$BATS_TEST_TMPDIR/csv"
}

@test "punctuation after a link, Slack's <URL|label> and HTML's &amp; are left around the converted link" {
	b=https://www.joonas.io/buffalo-chess/
	for c in . , ';' : '!' '?' ')' '...' '?!'; do
		run --separate-stderr bchess-pack <<<"look: ${b}?l=m-4-4-3-5-0,e-l${c} ok"
		[ "$status" -eq 0 ]
		[ "$output" = "look: ${b}?l=nu-1-l${c} ok" ]
	done
	# A legacy payload may end with an empty kill field: its dash stays.
	run bchess-pack <<<"look: ${b}?l=m-4-4-3-5-. ok"
	[ "$output" = "look: ${b}?l=nu-1-i. ok" ]
	run bchess-pack -f packed <<<"end ${b}?l=nu1d-4-l&x=1."
	[ "$output" = "end YfpnvK." ]
	run bchess-pack <<<"<${b}?l=m-4-4-3-5-0|my game>"
	[ "$output" = "<${b}?l=nu-1-i|my game>" ]
	run bchess-pack <<<"<a href=\"${b}?lang=en&amp;l=m-4-4-3-5-0&amp;x=1\">x</a>"
	[ "$output" = "<a href=\"${b}?lang=en&amp;l=nu-1-i&amp;x=1\">x</a>" ]
}

@test "a line of words with no link is copied, not counted and not reported" {
	b=https://www.joonas.io/buffalo-chess/
	printf '%s\n' 'name,link' "alice,${b}?l=nu-1-i" 'hello world' 'John: check this out' \
	    'name;link' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	[ "$stderr" = "bchess-pack: 1 records: 1 good, 0 bad, 0 warnings" ]
	run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# Under -f json every line is an object, a line of text too.
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":1,\"text\":\"name,link\"}" ]
	[ "${lines[3]}" = "{\"file\":\"$BATS_TEST_TMPDIR/in\",\"line\":4,\"text\":\"John: check this out\"}" ]
	[ "$(printf '%s\n' "$output" | jq -c .line | paste -sd ' ')" = '1 null 3 4 5' ]
	# A single word alone on its line is still a payload, and this one bad.
	run --separate-stderr bchess-pack --summary <<<'hello'
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "bchess-pack: stdin:1: not a payload in any known format (hello)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: 1 records: 0 good, 1 bad, 0 warnings" ]
	# So is a legacy payload, whose commas separate events, not fields.
	run --separate-stderr bchess-pack <<<'m-4-4-3-5-0,x-1'
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: stdin:1: move 2: not a move or end event (x-1)" ]
}

@test "a UTF-8 byte order mark opening the input is kept and is not part of the first record" {
	run --separate-stderr bash -c "printf '\\357\\273\\277nu1d-4-l\\nnu-1-i\\n' | bchess-pack -f legacy | od -An -c"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(echo $output)" = "357 273 277 m - 4 - 4 - 3 - 5 - 0 , m - 1 - 1 - 2 - 1 - 0 , e - l \\n m - 4 - 4 - 3 - 5 - 0 \\n" ]
	printf '\357\273\277l=m-4-4-3-5-0\n' >"$BATS_TEST_TMPDIR/bom"
	[ "$(bchess-pack "$BATS_TEST_TMPDIR/bom")" = "$(printf '\357\273\277l=nu-1-i')" ]
	[ "$(bchess-pack -f json "$BATS_TEST_TMPDIR/bom" | head -c 4 | od -An -c | tr -d ' ')" = '357273277{' ]
	# Elsewhere it is no byte order mark.
	run --separate-stderr bash -c "printf 'nu-1-i\\n\\357\\273\\277nu1d-4-l\\n' | bchess-pack"
	[ "$status" -eq 1 ]
}

@test "a word alone with no ASCII letter or digit is text: no payload is written without one" {
	printf '%s\n' 'ㅋㅋㅋ' '👍' ':)' '...' '?' 'nu1dpf9jh9hpoxpv-2j4-l' '사진2' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	# Copied as they stand; the payload among them is a record.
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	# A word with one is still tried, and reported if it is none.
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/in:7: not a payload in any known format (사진2)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: 2 records: 1 good, 1 bad, 0 warnings" ]
}

@test "each file begins anew: a blank first line after a file that is not read does not leave the next unread" {
	printf '\320\317\021\340\241\261\032\341 rest\n' >"$BATS_TEST_TMPDIR/old.xls"
	printf '\n%s\n' 'https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/old.xls" "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '\320\317\021\340\241\261\032\341 rest\n\nhttps://www.joonas.io/buffalo-chess/?l=nu-1-l')" ]
}

@test "links in the exports users keep them in convert in place: JSON, HTML, WhatsApp, CSV with semicolons, Markdown" {
	# Slack's JSON escapes slashes (\/) and writes &amp;, Telegram's
	# writes \n and \" after a link, an old DiscordChatExporter \u0026,
	# Telegram's HTML &amp; and &quot;; WhatsApp's lines are CRLF.
	golden bchess-pack exports bchess-pack
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	diff -u "$d/exports-packed.out" <(bchess-pack -f packed "$d/exports.in")
	# Every byte outside the payloads is the input's, and the links come
	# back from legacy to the same compact ones.
	diff <(sed 's/l=[A-Za-z0-9%,-]*/l=/g' "$d/exports.in") \
	    <(sed 's/l=[A-Za-z0-9%,-]*/l=/g' "$d/exports.out")
	bchess-pack -f legacy "$d/exports.in" | bchess-pack | cmp - "$d/exports.out"
}

@test "JSON that escapes '=' and '&' as Java's Gson does (\\u003d, \\u0026): its links convert in place" {
	run --separate-stderr bchess-pack <<<'{"text":"gg https://www.joonas.io/buffalo-chess/?l\u003dm-4-4-3-5-0,e-l\u0026x\u003d1"}'
	[ "$status" -eq 0 ]
	[ "$output" = '{"text":"gg https://www.joonas.io/buffalo-chess/?l\u003dnu-1-l\u0026x\u003d1"}' ]
	[ -z "$stderr" ]
	run bchess-pack -f packed <<<'{"u":"https:\/\/www.joonas.io\/buffalo-chess\/?lang\u003dko\u0026l\u003dnu-1-l"}'
	[ "$output" = '{"u":"Y3z4C"}' ]
}

@test "a JSON line that is not a record of the json format is text: its links are converted, the rest copied" {
	# As in a pretty-printed export: brackets and braces alone on a line.
	b='https:\/\/www.joonas.io\/buffalo-chess\/'
	printf '%s\n' '[' ' {' "  {\"text\": \"gg ${b}?l=m-4-4-3-5-0,e-l\"}," ' },' \
	    '{"type":"message","text":"no link"}' '{"moves":[],"result":"won"}' \
	    ']' >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "  {\"text\": \"gg ${b}?l=nu-1-l\"}," ]
	[ "${lines[5]}" = '-NaN-w' ]
	[ "$(printf '%s\n' "$output" | sed '3d;6d')" = "$(sed '3d;6d' "$BATS_TEST_TMPDIR/in")" ]
	[ "$stderr" = "bchess-pack: 2 records: 2 good, 0 bad, 0 warnings" ]
	run --separate-stderr bchess-pack <<<'],'
	[ "$status" -eq 0 ]
	[ "$output" = '],' ]
	# A string alone on its line, as in an array: an identifier is text,
	# a payload is converted inside its quotes (as is a quoted CSV field).
	printf '%s\n' '    "U0G9QF9C6",' '    "m-4-4-3-5-0,e-l",' '"m-4-4-3-5-0,e-l"' >"$BATS_TEST_TMPDIR/strings"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/strings"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' '    "U0G9QF9C6",' '    "nu-1-l",' '"nu-1-l"')" ]
	[ "$stderr" = "bchess-pack: 2 records: 2 good, 0 bad, 0 warnings" ]
	# A record of the json format that does not read is still reported.
	run --separate-stderr bchess-pack <<<'{"moves":[{"from":[4,4]}],"result":"won"}'
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"move 1: a move needs"* ]]
}

@test "a payload percent-encoded twice (%252C) reads, in a CSV field too" {
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack <<<"${b}?l=m-4-4-3-5-0%252Cm-1-1-2-1-0%252Ce-l"
	[ "$status" -eq 0 ]
	[ "$output" = "${b}?l=nu1d-4-l" ]
	run --separate-stderr bchess-pack <<<"alice,${b}?l=m-4-4-3-5-0%252Cm-1-1-2-1-0%252Ce-l,won"
	[ "$status" -eq 0 ]
	[ "$output" = "alice,${b}?l=nu1d-4-l,won" ]
}

@test "a link that cannot be converted where it stands is reported, never passed over" {
	b=https://www.joonas.io/buffalo-chess/
	# Quoted-printable mail: a soft line break cuts the link, at its
	# payload or inside its address; a link whole on its line converts.
	printf '%s\n' "see ${b}?l=3Dm-4-4-3-5-0,m-1-1-2-=" '1-0,e-l bye' \
	    'see https://www.joonas.io/buffa=' 'lo-chess/?l=3Dm-4-4-3-5-0,e-l' \
	    "${b}?l=3Dm-4-4-3-5-0,e-l" >"$BATS_TEST_TMPDIR/mail"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/mail"
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "${b}?l=3Dnu-1-l" ]
	[ "$(printf '%s\n' "$output" | head -4)" = "$(head -4 "$BATS_TEST_TMPDIR/mail")" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/mail:1: a soft line break of quoted-printable mail cuts the link (decode the mail first) (m-4-4-3-5-0,m-1-1-2-=)" ]
	[[ "${stderr_lines[1]}" == "bchess-pack: $BATS_TEST_TMPDIR/mail:4: a soft line break of quoted-printable mail cuts the link"* ]]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "a legacy link a line break may have cut after a comma is reported with its tail, not read as a shorter game" {
	b=https://www.joonas.io/buffalo-chess/
	printf '%s\n' "see ${b}?l=m-4-4-3-5-0,m-1-1-2-1-0," 'm-4-5-4-6-0,e-l' \
	    "${b}?l=m-4-4-3-5-0,e-l," 'm-1-1-2-1-0' "${b}?l=m-4-4-3-5-0, ok" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	# The cut link and its tail stay as they were; a link closed by its
	# end event, a comma after it, and a comma inside the line are fine.
	[ "${lines[0]}" = "see ${b}?l=m-4-4-3-5-0,m-1-1-2-1-0," ]
	[ "${lines[1]}" = 'm-4-5-4-6-0,e-l' ]
	[ "${lines[2]}" = "${b}?l=nu-1-l," ]
	[ "${lines[4]}" = "${b}?l=nu-1-i, ok" ]
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/in:1: a legacy link with no end event ends the line, a comma after it: a line break may have cut it there (join the lines, or take the comma away) (m-4-4-3-5-0,m-1-1-2-1-0)" ]
	[ "${stderr_lines[1]}" = "bchess-pack: $BATS_TEST_TMPDIR/in:2: the moves of the legacy link that ends the line before, which a line break may have cut (join the lines) (m-4-5-4-6-0,e-l)" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
}

@test "a legacy link a line break cut anywhere in its moves is reported with its tail, never read as a shorter game" {
	local link cut n base end
	# Plain commas and %2C, "&l=" and a fragment, cut at every place
	# after "l=" up to the fragment: a mail wrapped at its margin, an
	# editor's hard wrap.
	for n in 2 3 4; do
		link=$(sed -n "${n}p" "$top_srcdir/examples/legacy-links.txt")
		base=${link%%[?&]l=*}
		end=${link%%#*}
		for ((cut = ${#base} + 3; cut < ${#end}; cut += places)); do
			printf '%s\n%s\n' "${link:0:cut}" "${link:cut}" >"$BATS_TEST_TMPDIR/in"
			run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 1 ] || { echo "cut at $cut: $status"; false; }
			# Both lines stay as they were, each reported.
			[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ] ||
			    { echo "cut at $cut: $output"; false; }
			[ "${#stderr_lines[@]}" -eq 2 ]
			[[ "${stderr_lines[1]}" == *":2: the moves of the legacy link that ends the line before"* ]]
		done
	done
	# The message says where, and why.
	link=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt")
	printf '%s\n%s\n' "${link:0:72}" "${link:72}" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/in:1: a legacy link with no end event ends the line, and the next line goes on with its moves: a line break cut it (join the lines) (m-4-4-3-3-0,m-1-7-2-7-0,m-4-5-4-7)" ]
	# Wrapped at 72 columns, on four lines: each is reported.
	printf '%s\n' "${link:0:72}" "${link:72:72}" "${link:144:72}" \
	    "${link:216}" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	[ "${#stderr_lines[@]}" -eq 4 ]
	[[ "${stderr_lines[3]}" == *":4: the moves of the legacy link that ends the line before"* ]]
	# An empty log ending its line, the next line no moves, is one too.
	b=https://www.joonas.io/buffalo-chess/
	run --separate-stderr bchess-pack <<<"${b}?l="$'\n'"well played"$'\n'"${b}?l="
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "${b}?l=-NaN-i" ]
	[ "${lines[2]}" = "${b}?l=-NaN-i" ]
	[ -z "$stderr" ]
	# An unfinished game ending its line, the next line no moves, is one.
	run --separate-stderr bchess-pack <<<"${b}?l=m-4-4-3-5-0"$'\n'"0 moves, 1 draw, -6-0"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "${b}?l=nu-1-i" ]
	[ -z "$stderr" ]
}

@test "--join joins a legacy link a line break cut and converts it, a line out for each line in" {
	local link cut n base want end
	# The fourth link's l parameter comes after another, a fragment
	# after it: the join takes it along (a cut inside the fragment
	# leaves a whole game).
	for n in 2 3 4; do
		link=$(sed -n "${n}p" "$top_srcdir/examples/legacy-links.txt")
		want=$(bchess-pack <<<"$link")
		base=${link%%[?&]l=*}
		end=${link%%#*}
		for ((cut = ${#base} + 3; cut < ${#end}; cut += 7 * places)); do
			printf '%s\n%s\n' "${link:0:cut}" "${link:cut}" >"$BATS_TEST_TMPDIR/in"
			run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 0 ] || { echo "cut at $cut: $stderr"; false; }
			# Its moves are counted, not its fragment.
			[[ "$stderr" == *":1: warning: a legacy link a line break cut, joined with $((${#end} - cut)) bytes of moves from the next line" ]]
			# The link on the first line, the second left empty.
			bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
			printf '%s\n\n' "$want" | cmp - "$BATS_TEST_TMPDIR/out"
		done
	done
	# Wrapped at 72 columns on four lines, text before and after it.
	link=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt")
	printf '%s\n' "see ${link:0:68}" "${link:68:72}" "${link:140:72}" \
	    "${link:212} and so on" "bye now" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --join --summary "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 0 ]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "see $(bchess-pack <<<"$link")" "" "" " and so on" "bye now" |
	    cmp - "$BATS_TEST_TMPDIR/out"
	[ "${stderr_lines[0]}" = "bchess-pack: $BATS_TEST_TMPDIR/in:1: warning: a legacy link a line break cut, joined with $((${#link} - 68)) bytes of moves from the next lines" ]
	[ "${stderr_lines[1]}" = "bchess-pack: 1 records: 1 good, 0 bad, 1 warnings" ]
	# -q keeps the warning to the count.
	run --separate-stderr bchess-pack --join -q "$BATS_TEST_TMPDIR/in"
	[ -z "$stderr" ]
	# A line that does not go on with the moves is not joined.
	printf '%s\n%s\n' "${link:0:72}" "hello" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
}

@test "a legacy link cut inside a quoted reply: reported, or joined past the quoting with --join" {
	local link cut base want
	link=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt")
	want=$(bchess-pack <<<"$link")
	base=${link%%\?l=*}
	# "> " and ">> " before every line of a reply, cut at every place.
	for q in '> ' '>> ' '> > '; do
		for ((cut = ${#base} + 3; cut < ${#link}; cut += 5 * places)); do
			printf '%s\n' "Hi," "${q}see ${link:0:cut}" \
			    "$q${link:cut}" "thanks, bye" >"$BATS_TEST_TMPDIR/in"
			run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 1 ] || { echo "'$q' cut at $cut: $status"; false; }
			[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
			[ "${#stderr_lines[@]}" -eq 2 ]
			[[ "${stderr_lines[1]}" == *":3: the moves of the legacy link that ends the line before"* ]]
			run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 0 ] || { echo "'$q' cut at $cut: $stderr"; false; }
			[[ "$stderr" == *":2: warning: a legacy link a line break cut, joined with $((${#link} - cut)) bytes of moves from the next line" ]]
			# The quoting of the line the moves left stays.
			bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
			printf '%s\n' "Hi," "${q}see $want" "${q% }" "thanks, bye" |
			    cmp - "$BATS_TEST_TMPDIR/out"
		done
	done
	# Over four lines, text after the link on the last.
	printf '%s\n' "> ${link:0:68}" "> ${link:68:72}" "> ${link:140:72}" \
	    "> ${link:212} and so on" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 4 ]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "> $want" ">" ">" ">  and so on" | cmp - "$BATS_TEST_TMPDIR/out"
	# Quoted more deeply, or not at all, the next line is no tail.
	for next in ">> ${link:80}" "${link:80}"; do
		printf '%s\n' "> ${link:0:80}" "$next" >"$BATS_TEST_TMPDIR/in"
		run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
		[ "$status" -eq 1 ]
		[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
		[[ "$stderr" != *warning* ]]
	done
}

@test "a link a line break cut in its address: reported with its rest, or joined with --join" {
	local link cut want base shown
	b=https://www.joonas.io/buffalo-chess/
	# Legacy links (the third with "//" in its address and %2C, the
	# fourth with another parameter before l's and a fragment), a
	# compact one, one without www: cut at every place of the address,
	# from its first byte to the "=" of "l=".
	for link in "$(sed -n 1p "$top_srcdir/examples/legacy-links.txt")" \
	    "$(sed -n 3p "$top_srcdir/examples/legacy-links.txt")" \
	    "$(sed -n 4p "$top_srcdir/examples/legacy-links.txt")" \
	    "${b}?l=nu1d-4-l" "https://joonas.io/buffalo-chess?l=m-4-4-3-5-0,e-l"; do
		want=$(bchess-pack <<<"see $link")
		base=${link%%[?&]l=*}
		for ((cut = 1; cut <= ${#base} + 2; cut += places)); do
			printf '%s\n' "see ${link:0:cut}" "${link:cut} ok then" >"$BATS_TEST_TMPDIR/in"
			run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 1 ] || { echo "cut at $cut: $status"; false; }
			[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
			[ "${#stderr_lines[@]}" -eq 2 ]
			# A message shows 40 bytes of what it names at most.
			shown=${link:0:cut}
			((cut <= 40)) || shown="${link:0:40}..."
			[[ "${stderr_lines[0]}" == *":1: a link to the game whose address ends the line, and the next line goes on with the rest of it: a line break cut it (join the lines) ($shown)" ]]
			[[ "${stderr_lines[1]}" == *":2: the rest of the address of a link to the game that ends the line before, which a line break cut (join the lines) ("* ]]
			run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 0 ] || { echo "cut at $cut: $stderr"; false; }
			[ "${lines[0]}" = "$want" ]
			[ "${lines[1]}" = " ok then" ]
			[[ "$stderr" == *":1: warning: a link to the game whose address a line break cut, joined with "*" bytes from the next line" ]]
		done
	done
	# Quoted, and cut again in its moves: three lines, three reports.
	link=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt")
	printf '%s\n' "> see ${link:0:15}" "> ${link:15:80}" "> ${link:95}" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "> see $(bchess-pack <<<"$link")" ">" ">" | cmp - "$BATS_TEST_TMPDIR/out"
	# A compact link cut right after "l=" is cut too; an empty log
	# there, a word or a legacy payload on the next line, is not.
	run --separate-stderr bchess-pack --join <<<"${b}?l="$'\n'"nu1d-4-l and so on"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "${b}?l=nu1d-4-l" ]
	[ "${lines[1]}" = " and so on" ]
	for next in "well-played, all-round" "well-played-again, thanks"; do
		run --separate-stderr bchess-pack <<<"${b}?l="$'\n'"$next"
		[ "$status" -eq 0 ]
		[ "${lines[0]}" = "${b}?l=-NaN-i" ]
		[ -z "$stderr" ]
	done
	# The beginning of the address, the next line no rest of it: text.
	run --separate-stderr bchess-pack <<<"at https://www.joonas.io/buffalo-"$'\n'"chess is fun"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
}

@test "a compact link a line break cut in its payload: reported with its rest, or joined with --join" {
	local link cut want base end
	# The compact links the examples convert to, cut at every place of
	# their payload.
	for link in $(bchess-pack "$top_srcdir/examples/legacy-links.txt" |
	    grep -o 'https://[^ ]*' | sort -u); do
		want=$(bchess-pack <<<"see $link")
		[ "$want" = "see $link" ]
		base=${link%%[?&]l=*}
		end=${link%%#*}
		for ((cut = ${#base} + 4; cut < ${#end}; cut += places)); do
			printf '%s\n' "see ${link:0:cut}" "${link:cut} ok then" >"$BATS_TEST_TMPDIR/in"
			run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 1 ] || { echo "cut at $cut: $status"; false; }
			[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
			[ "${#stderr_lines[@]}" -eq 2 ]
			[[ "${stderr_lines[0]}" == *":1: a compact link whose payload ends the line, and the next line goes on with the rest of it: a line break cut it (join the lines) ("* ]]
			[[ "${stderr_lines[1]}" == *":2: the rest of the payload of a compact link that ends the line before, which a line break cut (join the lines) ("* ]]
			run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
			[ "$status" -eq 0 ] || { echo "cut at $cut: $stderr"; false; }
			[ "${lines[0]}" = "$want" ]
			[ "${lines[1]}" = " ok then" ]
			[[ "$stderr" == *":1: warning: a compact link a line break cut, joined with $((${#end} - cut)) bytes of its payload from the next line" ]]
		done
	done
	# Quoted, over three lines: the middle one all payload.
	link=$(sed -n 2p "$top_srcdir/examples/legacy-links.txt" | bchess-pack)
	printf '%s\n' "> ${link:0:45}" "> ${link:45:34}" "> ${link:79} and so on" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	[[ "${stderr_lines[2]}" == *":3: the rest of the payload of a compact link that ends the line before, which a line break cut (join the lines) (${link:79})" ]]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "> $link" ">" ">  and so on" | cmp - "$BATS_TEST_TMPDIR/out"
	# Cut right after "l=", then in its payload.
	base=${link%%\?l=*}
	printf '%s\n' "${link:0:${#base}+3}" "${link:${#base}+3:40}" \
	    "${link:${#base}+43} and so on" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "$link" "" " and so on" | cmp - "$BATS_TEST_TMPDIR/out"
	# Cut in its address and again in its payload.
	printf '%s\n' "see ${link:0:36}" "${link:36:40}" "${link:76} and so on" >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	bchess-pack --join "$BATS_TEST_TMPDIR/in" 2>/dev/null >"$BATS_TEST_TMPDIR/out"
	printf '%s\n' "see $link" "" " and so on" | cmp - "$BATS_TEST_TMPDIR/out"
	# A broken link followed by a word that would not make it whole, or
	# by a short line that could only begin its rest, is no cut link:
	# the link alone is reported, and --join joins nothing.
	for next in "thanks" "p1thh9zj0i5plqb" "${link:79}x and so on"; do
		printf '%s\n' "${link:0:79}" "$next" >"$BATS_TEST_TMPDIR/in"
		run --separate-stderr bchess-pack --join "$BATS_TEST_TMPDIR/in"
		[ "$status" -eq 1 ]
		[ "$output" = "$(cat "$BATS_TEST_TMPDIR/in")" ]
		[[ "${stderr_lines[0]}" == *":1: not PAIRS-KILLS-END ("* ]] ||
		    [[ "${stderr_lines[0]}" == *":1: not a payload in any known format ("* ]]
		[[ "$stderr" != *warning* ]]
	done
}

@test "a link encoded inside another address: converted there, or taken out of a redirect" {
	b=https://www.joonas.io/buffalo-chess/
	# Outlook's Safe Links encode the whole address; Facebook's too.
	r='https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.joonas.io%2Fbuffalo-chess%2F%3Fl%3Dm-4-4-3-5-0%252Ce-l&data=05%7C01&reserved=0'
	run --separate-stderr bchess-pack -f legacy <<<"mail: $r ${b}?l=nu-1-i"
	[ "$status" -eq 0 ]
	[ "$output" = "mail: ${b}?l=m-4-4-3-5-0%2Ce-l ${b}?l=m-4-4-3-5-0" ]
	[ -z "$stderr" ]
	run bchess-pack <<<"https://l.facebook.com/l.php?u=https%3A%2F%2Fjoonas.io%2Fbuffalo-chess%3Fl%3Dm-4-4-3-5-0%252Ce-l&h=AT0x"
	[ "$output" = "https://joonas.io/buffalo-chess?l=nu-1-l" ]
	# Google's, in every link of a Google Docs page saved as HTML, keeps
	# the '?' and encodes the '=' and '&' after it; the link's own other
	# parameters come out with it, an '&' decoded written as HTML
	# writes it.
	g='<a href="https://www.google.com/url?q=https://www.joonas.io/buffalo-chess/?l%3Dm-4-4-3-5-0,e-l%26ref%3Dclub&amp;sa=D&amp;source=editors&amp;ust=1638&amp;usg=AOvVaw1">game</a>'
	run --separate-stderr bchess-pack <<<"$g"
	[ "$status" -eq 0 ]
	[ "$output" = "<a href=\"${b}?l=nu-1-l&amp;ref=club\">game</a>" ]
	# In a chat, which is no markup, it stays plain.
	run bchess-pack <<<"[14.03.21, 13:45:10] Ann: https://www.google.com/url?q=${b}?l%3Dm-4-4-3-5-0,e-l%26ref%3Dclub&sa=D"
	[ "$output" = "[14.03.21, 13:45:10] Ann: ${b}?l=nu-1-l&ref=club" ]
	run bchess-pack -f packed <<<"$g"
	[ "$output" = '<a href="Y3z4C">game</a>' ]
	# Before this, such a link was passed over without a word: a file
	# of them now converts, and one that is bad is reported.
	run --separate-stderr bchess-pack <<<"${g//e-l/e-x}"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "bchess-pack: stdin:1: "* ]]
	# Any other address keeps the link where it stands, converted and
	# encoded as deep as it was (a share, a link encoded twice).
	t='https://twitter.com/intent/tweet?url=https%3A%2F%2Fwww.joonas.io%2Fbuffalo-chess%2F%3Fl%3Dm-4-4-3-5-0%2Ce-l&text=gg'
	run bchess-pack <<<"$t"
	[ "$output" = "${t/m-4-4-3-5-0%2Ce-l/nu-1-l}" ]
	run bchess-pack -f legacy <<<"${t/m-4-4-3-5-0%2Ce-l/nu-1-l}"
	[ "$output" = "$t" ]
	d='see https://x.example/?u=https%253A%252F%252Fjoonas.io%252Fbuffalo-chess%252F%253Fl%253Dnu-1-l%2526x%253D1 ok'
	run bchess-pack -f legacy <<<"$d"
	[ "$output" = "${d/nu-1-l/m-4-4-3-5-0%252Ce-l}" ]
	# Another host's path is no link to the game, encoded or not.
	o='see https://x.example/?u=https%3A%2F%2Fnotjoonas.io%2Fbuffalo-chess%2F%3Fl%3Dnu-1-l ok'
	run --separate-stderr bchess-pack <<<"$o"
	[ "$status" -eq 0 ]
	[ "$output" = "$o" ]
	# Under -f json the game is written, as for any link; a page's
	# <a href="L">L</a> is one game though the redirect encodes L's commas.
	run bchess-pack -f json <<<"see $r"
	[ "$(jq -r .result <<<"$output")" = lost ]
	run --separate-stderr bchess-pack -f json <<<"<a href=\"https://www.google.com/url?q=${b}?l%3Dm-4-4-3-5-0%252Ce-l&amp;sa=D\">${b}?l=m-4-4-3-5-0,e-l</a>"
	[ "$status" -eq 0 ]
	[ "$(jq -c .moves <<<"$output")" = '[{"from":[4,4],"to":[3,5],"kill":false}]' ]
}

@test "a link that Proofpoint's URL Defense rewrote: taken out of it, in its three forms" {
	b=https://www.joonas.io/buffalo-chess/
	# v1 holds the link percent-encoded, as the redirects above do.
	run --separate-stderr bchess-pack <<<"https://urldefense.proofpoint.com/v1/url?u=https%3A%2F%2Fwww.joonas.io%2Fbuffalo-chess%2F%3Fl%3Dm-4-4-3-5-0%2Ce-l&k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&r=x&m=y&s=z"
	[ "$status" -eq 0 ]
	[ "$output" = "${b}?l=nu-1-l" ]
	# v2 writes each '%' of it '-' and each '/' '_': no link was seen
	# there, and such a line was copied with exit 0.
	v2='https-3A__www.joonas.io_buffalo-2Dchess_-3Fl-3Dm-2D4-2D4-2D3-2D5-2D0-2Ce-2Dl'
	run --separate-stderr bchess-pack <<<"<a href=\"https://urldefense.proofpoint.com/v2/url?u=$v2&amp;d=DwMFaQ&amp;c=euGZ&amp;r=a-b_c&amp;m=d&amp;s=e&amp;e=\">game</a>."
	[ "$status" -eq 0 ]
	[ "$output" = "<a href=\"${b}?l=nu-1-l\">game</a>." ]
	[ -z "$stderr" ]
	# The link's own '&' comes out as markup writes it, where the
	# address wrote its own "&amp;", and plain elsewhere.
	run bchess-pack <<<"<a href=\"https://urldefense.proofpoint.com/v2/url?u=$v2-26ref-3Dclub&amp;d=DwMFaQ&amp;e=\">game</a>"
	[ "$output" = "<a href=\"${b}?l=nu-1-l&amp;ref=club\">game</a>" ]
	run bchess-pack <<<"see https://urldefense.proofpoint.com/v2/url?u=$v2-26ref-3Dclub&d=DwMFaQ&e= ok"
	[ "$output" = "see ${b}?l=nu-1-l&ref=club ok" ]
	# v3 writes some characters '*' (each '%' among them), a run of
	# them "**" and a letter ('A' for 2), and what they stand for after
	# "__;" in base64: "P2wl" is "?l%".
	v3="https://urldefense.com/v3/__${b}**A=m-4-4-3-5-0*2Ce-l__;P2wl!!G2kpM7uM-TzIFchu!Zx3abc\$"
	run --separate-stderr bchess-pack <<<"Read $v3 now"
	[ "$status" -eq 0 ]
	[ "$output" = "Read ${b}?l=nu-1-l now" ]
	run bchess-pack -f json <<<"Read $v3 now"
	[[ "$output" == '{"moves":[{"from":[4,4],"to":[3,5],"kill":false}],"result":"lost"}' ]]
	# Its reader puts back the slash it may drop after the scheme.
	run bchess-pack -f legacy <<<"https://urldefense.com/v3/__https:/www.joonas.io/buffalo-chess/?l=nu-1-l__;!!G2kpM7uM!Zx3abc\$"
	[ "$output" = "${b}?l=m-4-4-3-5-0,e-l" ]
	# Cut before "__;", or more '*' than characters: reported, copied.
	cut="https://urldefense.com/v3/__${b}?l=nu-1-l"
	short="https://urldefense.com/v3/__${b}?l=m-4-4-3-5-0*2Ce-l__;!!G2kpM7uM!Zx3abc\$"
	run --separate-stderr bchess-pack <<<"$cut
$short"
	[ "$status" -eq 1 ]
	[ "$output" = "$cut
$short" ]
	[[ "${stderr_lines[0]}" == "bchess-pack: stdin:1: a link to the game in an address of Proofpoint's URL Defense that is cut or does not decode (https://urldefense.com/v3/"* ]]
	[[ "${stderr_lines[1]}" == "bchess-pack: stdin:2: "* ]]
	# Reported on the first line of a file, it still begins the file:
	# a web page before it does not make the next a web page.
	printf '<p>x</p>\n' >"$BATS_TEST_TMPDIR/a.html"
	printf '%s\nm-4-4-3-5-0,e-l\n' "$cut" >"$BATS_TEST_TMPDIR/b.txt"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/a.html" "$BATS_TEST_TMPDIR/b.txt"
	[ "$status" -eq 1 ]
	[ "${lines[2]}" = "nu-1-l" ]
	# Another site's address is not the tool's to touch.
	o='https://urldefense.com/v3/__https://example.com/o/owa*2Findex.html?alt=media*top__;JSM!!Fjc1LPEtn8I!xx-xx$'
	run --separate-stderr bchess-pack -f legacy <<<"$o ${b}?l=nu-1-l"
	[ "$status" -eq 0 ]
	[ "$output" = "$o ${b}?l=m-4-4-3-5-0%2Ce-l" ]
}

@test "an HTML entity or JSON escape after a link is left after it, -f packed included" {
	b=https://www.joonas.io/buffalo-chess/
	run bchess-pack -f packed <<<"&quot;${b}?l=nu1d-4-l&quot; and ${b}?l=nu1d-4-l&amp;x=1&lt;"
	[ "$output" = '&quot;YfpnvK&quot; and YfpnvK&lt;' ]
	run bchess-pack -f packed <<<"\"${b}?l=nu1d-4-l\\u0026x=1\\n\""
	[ "$output" = '"YfpnvK\n"' ]
}

@test "manual example: the links of a Slack export, slashes escaped, convert" {
	run --separate-stderr bash -c "echo '\"text\": \"<https:\/\/www.joonas.io\/buffalo-chess\/?l=m-4-4-3-5-0,e-l>\",' | bchess-pack"
	[ "$status" -eq 0 ]
	[ "$output" = '"text": "<https:\/\/www.joonas.io\/buffalo-chess\/?l=nu-1-l>",' ]
}

@test "UTF-16 text, as spreadsheets save Unicode Text, converts and goes back in UTF-16" {
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE >"$BATS_TEST_TMPDIR/body"
	{ printf '\377\376'; cat "$BATS_TEST_TMPDIR/body"; } >"$BATS_TEST_TMPDIR/u16"
	run --separate-stderr bchess-pack --summary "$BATS_TEST_TMPDIR/u16"
	[ "$status" -eq 0 ]
	[ "${stderr_lines[0]}" = "bchess-pack: 1 records: 1 good, 0 bad, 0 warnings" ]
	# The same byte order mark and byte order, CR LF kept, the link
	# converted in place.
	printf '\377\376' >"$BATS_TEST_TMPDIR/want"
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=nu-1-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE >>"$BATS_TEST_TMPDIR/want"
	cmp <(bchess-pack "$BATS_TEST_TMPDIR/u16") "$BATS_TEST_TMPDIR/want"
	# Big-endian, as some Mac editors save it, goes back big-endian.
	{ printf '\376\377'; iconv -f UTF-16LE -t UTF-16BE "$BATS_TEST_TMPDIR/body"; } >"$BATS_TEST_TMPDIR/be"
	cmp <(bchess-pack "$BATS_TEST_TMPDIR/be") \
	    <(printf '\376\377'; iconv -f UTF-16LE -t UTF-16BE <(tail -c +3 "$BATS_TEST_TMPDIR/want"))
	# JSON is UTF-8 whatever the input, its lines ended as the input's
	# (CR LF here); -c writes nothing.
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/u16"
	[ "${lines[0]}" = "{\"file\":\"$BATS_TEST_TMPDIR/u16\",\"line\":1,\"text\":\"name\\tlink\"}"$'\r' ]
	[ "$(jq -r .result <<<"${lines[1]}")" = lost ]
	run --separate-stderr bchess-pack -c "$BATS_TEST_TMPDIR/u16"
	[ -z "$output" ]
	[[ "$stderr" == "bchess-pack: $BATS_TEST_TMPDIR/u16:2: end l contradicts the moves"* ]]
}

@test "in UTF-16 a bad link is reported at its own line, non-ASCII text survives, -s ends the output whole" {
	printf 'café au lait\r\nhttps://www.joonas.io/buffalo-chess/?l=m-9-9-3-5-0,e-l\r\n€ 対局 https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' |
	    iconv -f UTF-8 -t UTF-16 >"$BATS_TEST_TMPDIR/u16"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/u16"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/u16:2: "* ]]
	run bash -c "bchess-pack '$BATS_TEST_TMPDIR/u16' 2>/dev/null | iconv -f UTF-16 -t UTF-8"
	[ "${lines[0]}" = "$(printf 'café au lait\r')" ]
	[ "${lines[2]}" = "$(printf '€ 対局 https://www.joonas.io/buffalo-chess/?l=nu-1-l\r')" ]
	# Stopped at the bad line, what was written is still whole UTF-16.
	run bash -c "bchess-pack -s '$BATS_TEST_TMPDIR/u16' 2>/dev/null | iconv -f UTF-16 -t UTF-8"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(printf 'café au lait\r')" ]
}

@test "a UTF-16 file larger than the output buffer goes back whole, characters cut by the buffer kept" {
	# Lines of three-byte characters, so that the buffer's edges fall
	# inside characters; the same file in UTF-8 is the reference.
	awk 'BEGIN { for (i = 1; i <= 6000; i++)
		printf "対局%d\t€ https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l 猫\r\n", i }' \
	    >"$BATS_TEST_TMPDIR/u8"
	iconv -f UTF-8 -t UTF-16 "$BATS_TEST_TMPDIR/u8" >"$BATS_TEST_TMPDIR/u16"
	bchess-pack "$BATS_TEST_TMPDIR/u16" >"$BATS_TEST_TMPDIR/out"
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/out")" -gt 300000 ]
	cmp <(tail -c +3 "$BATS_TEST_TMPDIR/out") \
	    <(bchess-pack "$BATS_TEST_TMPDIR/u8" | iconv -f UTF-8 -t UTF-16LE)
	# Through a pipe, too.
	cmp <(bchess-pack <"$BATS_TEST_TMPDIR/u16") "$BATS_TEST_TMPDIR/out"
}

@test "UTF-16 and UTF-32 without a byte order mark are read by the NULs of their first line, and written back so" {
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' >"$BATS_TEST_TMPDIR/u8"
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=nu-1-l\r\n' >"$BATS_TEST_TMPDIR/want"
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/u8" >"$BATS_TEST_TMPDIR/bare"
		run --separate-stderr bash -c 'bchess-pack --summary "$1" >/dev/null' _ "$BATS_TEST_TMPDIR/bare"
		[ "$status" -eq 0 ]
		[ "$stderr" = "bchess-pack: 1 records: 1 good, 0 bad, 0 warnings" ]
		# In the same encoding, with no mark added.
		cmp <(bchess-pack "$BATS_TEST_TMPDIR/bare") \
		    <(iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/want")
		cmp <(bchess-pack <"$BATS_TEST_TMPDIR/bare") \
		    <(iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/want")
	done
	# A first line of two letters is enough.
	printf 'id\r\nx https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE >"$BATS_TEST_TMPDIR/short"
	cmp <(bchess-pack -q "$BATS_TEST_TMPDIR/short") \
	    <(printf 'id\r\nx https://www.joonas.io/buffalo-chess/?l=nu-1-l\r\n' | iconv -f UTF-8 -t UTF-16LE)
	# JSON is UTF-8 all the same.
	[ "$(bchess-pack -f json "$BATS_TEST_TMPDIR/bare" | jq -c .)" = "$(printf '%s\n' "{\"file\":\"$BATS_TEST_TMPDIR/bare\",\"line\":1,\"text\":\"name\\tlink\"}" '{"moves":[{"from":[4,4],"to":[3,5],"kill":false}],"result":"lost"}')" ]
	# -E naming an encoding of another kind is not overruled.
	iconv -f UTF-8 -t UTF-16LE "$BATS_TEST_TMPDIR/u8" >"$BATS_TEST_TMPDIR/bare"
	run --separate-stderr bash -c 'bchess-pack -E cp1252 --summary "$1" >/dev/null' _ "$BATS_TEST_TMPDIR/bare"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/bare:1: UTF-16 or UTF-32 text without a byte order mark, not in the encoding -E names (leave -E out, or name its encoding) ("* ]]
	# Cut short in the middle of a character: nothing written, status 2.
	head -c 9 "$BATS_TEST_TMPDIR/bare" >"$BATS_TEST_TMPDIR/short"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/short"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/short: UTF-16LE: not text in that encoding" ]
	[ -z "$output" ]
}

@test "UTF-16 and UTF-32 without a mark whose first line opens with other letters are told by the whole line" {
	# A chat export: each line opens with a name.
	printf 'Jönssön: katso https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\nÄiti: 👍\n' >"$BATS_TEST_TMPDIR/u8"
	printf 'Jönssön: katso https://www.joonas.io/buffalo-chess/?l=nu-1-l\nÄiti: 👍\n' >"$BATS_TEST_TMPDIR/want"
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/u8" >"$BATS_TEST_TMPDIR/bare"
		run --separate-stderr bash -c 'bchess-pack --summary "$1" >/dev/null' _ "$BATS_TEST_TMPDIR/bare"
		[ "$status" -eq 0 ]
		[ "$stderr" = "bchess-pack: 1 records: 1 good, 0 bad, 0 warnings" ]
		cmp <(bchess-pack "$BATS_TEST_TMPDIR/bare") \
		    <(iconv -f UTF-8 -t $enc "$BATS_TEST_TMPDIR/want")
	done
	# A line that still has NULs is not copied as text with no link in it.
	{ printf 'ääää\n'; sed -n 1p "$BATS_TEST_TMPDIR/u8"; } |
	    iconv -f UTF-8 -t UTF-16LE >"$BATS_TEST_TMPDIR/bare"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/bare"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[1]}" == "bchess-pack: $BATS_TEST_TMPDIR/bare:2: not text: a NUL byte; for UTF-16 or UTF-32, say the encoding with -E ("* ]]
	cmp <(bchess-pack -E UTF-16LE "$BATS_TEST_TMPDIR/bare") \
	    <({ printf 'ääää\n'; sed -n 1p "$BATS_TEST_TMPDIR/want"; } | iconv -f UTF-8 -t UTF-16LE)
}

@test "UTF-16 cut in the middle of a character is reported" {
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE >"$BATS_TEST_TMPDIR/bare"
	{ printf '\377\376'; head -c 9 "$BATS_TEST_TMPDIR/bare"; } >"$BATS_TEST_TMPDIR/cut"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/cut"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/cut: UTF-16 by its byte order mark, but not text in that encoding" ]
	[ -z "$output" ]
}

@test "-E cp1252: a CSV of Excel for Windows keeps its names, and -f json holds them as text" {
	printf 'Name;Link\r\nJosé Müller;https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\nœuvre ¿qué? 5 €\r\n' |
	    iconv -f UTF-8 -t CP1252 >"$BATS_TEST_TMPDIR/players.csv"
	run --separate-stderr bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/players.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	# Written back in Windows-1252, only the payload changed.
	cmp <(bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/players.csv") \
	    <(printf 'Name;Link\r\nJosé Müller;https://www.joonas.io/buffalo-chess/?l=nu-1-l\r\nœuvre ¿qué? 5 €\r\n' |
	    iconv -f UTF-8 -t CP1252)
	run --separate-stderr bchess-pack -E cp1252 -f json "$BATS_TEST_TMPDIR/players.csv"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "$(jq -r .text <<<"${lines[2]}")" = "œuvre ¿qué? 5 €" ]
	# Without -E the text formats still copy the bytes; JSON says what
	# it could not hold.
	cmp <(bchess-pack "$BATS_TEST_TMPDIR/players.csv") \
	    <(bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/players.csv")
	run --separate-stderr bchess-pack --summary -f json "$BATS_TEST_TMPDIR/players.csv"
	[ "$status" -eq 0 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/players.csv:3: warning: not UTF-8 text: its bad bytes written as U+FFFD (say its encoding with -E) (\x9cuvre \xbfqu\xe9? 5 \x80)" ]]
	[ "${stderr_lines[1]}" = "bchess-pack: 1 records: 1 good, 0 bad, 1 warnings" ]
	[ "$(jq -r .text <<<"${lines[2]}")" = "�uvre �qu�? 5 �" ]
	run --separate-stderr bchess-pack -q -f json "$BATS_TEST_TMPDIR/players.csv"
	[ -z "$stderr" ]
}

@test "-E: a line that is not text in the encoding is a bad record, copied as read, and the run goes on" {
	printf 'caf\351 au lait\na\201b https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\nhttps://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\n' \
	    >"$BATS_TEST_TMPDIR/in"
	run --separate-stderr bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/in:2: cp1252: not text in that encoding (a\x81b https://www.joonas.io/buffalo-chess/...)" ]
	cmp <(bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/in" 2>/dev/null) \
	    <(printf 'caf\351 au lait\na\201b https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\nhttps://www.joonas.io/buffalo-chess/?l=nu-1-l\n')
	run --separate-stderr bchess-pack -E cp1252 -f json "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$(jq -r .text <<<"${lines[0]}")" = "café au lait" ]
	[ "$(jq -r .error <<<"${lines[1]}")" = "cp1252: not text in that encoding" ]
	# -E utf-8 holds every line to UTF-8.
	run --separate-stderr bchess-pack -E utf-8 -c "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "bchess-pack: $BATS_TEST_TMPDIR/in:1: utf-8: not valid UTF-8 (caf\xe9 au lait)" ]]
	run --separate-stderr bchess-pack -E no-such-encoding "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: unknown encoding: no-such-encoding (auto, or one iconv knows)" ]
}

@test "-E utf-16le reads UTF-16 that lost its mark and writes it back without one" {
	printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE >"$BATS_TEST_TMPDIR/bare"
	run --separate-stderr bchess-pack -E utf-16le "$BATS_TEST_TMPDIR/bare"
	[ "$status" -eq 0 ]
	cmp <(bchess-pack -E utf-16le "$BATS_TEST_TMPDIR/bare") \
	    <(printf 'name\tlink\r\nalice\thttps://www.joonas.io/buffalo-chess/?l=nu-1-l\r\n' |
	    iconv -f UTF-8 -t UTF-16LE)
	# A file with its mark is read by the mark, whatever -E says.
	{ printf '\377\376'; cat "$BATS_TEST_TMPDIR/bare"; } >"$BATS_TEST_TMPDIR/marked"
	cmp <(bchess-pack -E cp1252 "$BATS_TEST_TMPDIR/marked") \
	    <(bchess-pack "$BATS_TEST_TMPDIR/marked")
	# Not UTF-16 throughout: nothing written, status 2.
	head -c 9 "$BATS_TEST_TMPDIR/bare" >"$BATS_TEST_TMPDIR/cut"
	run --separate-stderr bchess-pack -E utf-16le "$BATS_TEST_TMPDIR/cut"
	[ "$status" -eq 2 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/cut: utf-16le: not text in that encoding" ]
	[ -z "$output" ]
}

@test "a CSV saved for the Mac, lines ended by a CR alone, converts line for line" {
	printf 'name,link\rbob,https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l\rx,https://www.joonas.io/buffalo-chess/?l=m-9-9-3-5-0,e-l\r' \
	    >"$BATS_TEST_TMPDIR/mac.csv"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/mac.csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "bchess-pack: $BATS_TEST_TMPDIR/mac.csv:3: move 1: coordinate off the 5x7 board (m-9-9-3-5-0)" ]
	# Its lines end as they came, a CR each, the bad line copied.
	want=$(printf 'name,link\rbob,https://www.joonas.io/buffalo-chess/?l=nu-1-l\rx,https://www.joonas.io/buffalo-chess/?l=m-9-9-3-5-0,e-l\r' | od -c)
	[ "$(bchess-pack "$BATS_TEST_TMPDIR/mac.csv" 2>/dev/null | od -c)" = "$want" ]
	[ "$(bchess-pack <"$BATS_TEST_TMPDIR/mac.csv" 2>/dev/null | od -c)" = "$want" ]
	[ "$(cat "$BATS_TEST_TMPDIR/mac.csv" | bchess-pack 2>/dev/null | od -c)" = "$want" ]
	# JSON Lines end in a newline: one object a line, for jq.
	run --separate-stderr bchess-pack -f json "$BATS_TEST_TMPDIR/mac.csv"
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[0]}" = "{\"file\":\"$BATS_TEST_TMPDIR/mac.csv\",\"line\":1,\"text\":\"name,link\"}" ]
	[ "$(jq -r .result <<<"${lines[1]}")" = lost ]
	[ "$(jq -r .line <<<"${lines[2]}")" = 3 ]
	# The first line end decides: a stray CR inside a later line of a
	# text of newlines does not split it.
	run --separate-stderr bchess-pack <<<"$(printf 'my links\na\rb https://www.joonas.io/buffalo-chess/?l=m-4-4-3-5-0,e-l')"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'my links\na\rb https://www.joonas.io/buffalo-chess/?l=nu-1-l')" ]
	# Text converted to CR LF twice ends its lines in CR CR LF: lines of
	# newlines, each kept as it came, not empty lines between them.
	printf 'my links\r\r\nx https://www.joonas.io/buffalo-chess/?l=m-9-9-3-5-0,e-l\r\r\n' >"$BATS_TEST_TMPDIR/twice"
	run --separate-stderr bchess-pack "$BATS_TEST_TMPDIR/twice"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "bchess-pack: $BATS_TEST_TMPDIR/twice:2: "* ]]
	cmp <(bchess-pack "$BATS_TEST_TMPDIR/twice" 2>/dev/null) "$BATS_TEST_TMPDIR/twice"
}
