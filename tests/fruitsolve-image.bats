#!/usr/bin/env bats
# fruitsolve and screenshots: boards drawn by fruitsolve itself in the
# game's geometry (its own stroke font and plain discs, not the game's
# art), put on busy desktops, veiled by a selection box, compressed as
# JPEG, and read back; pictures without a board refused; the plan drawn
# over the screenshot.  fruit-picture is the suite's image editor.

load helpers

# diff_box A B: the box "x1 y1 x2 y2" (from 0) of the pixels that differ
# between two PPM pictures of one size, or "none".
diff_box() {
	local w h
	read -r w h < <(sed -n 2p "$1")
	h=$(head -n 3 "$1" | wc -c)
	cmp -l "$1" "$2" | awk -v w="$w" -v h="$h" '
	    { p = int(($1 - 1 - h) / 3); x = p % w; y = int(p / w)
	      if (n++ == 0 || x < x1) x1 = x; if (n == 1 || x > x2) x2 = x
	      if (n == 1 || y < y1) y1 = y; if (n == 1 || y > y2) y2 = y }
	    END { if (n == 0) print "none"; else print x1, y1, x2, y2 }'
}

# within_move BOX S X Y R1 C1 R2 C2: whether the painted box is the
# outline of cells R1,C1 to R2,C2 (from 1) of a board drawn at scale S
# at (X, Y), with its badge: it spans the cells, less their inset, and
# reaches no further than the badge's half width past them.
within_move() {
	awk -v s="$2" -v ox="$3" -v oy="$4" -v r1="$5" -v c1="$6" -v r2="$7" \
	    -v c2="$8" '{
		# Cell (r, c) spans 33 s round (85 + 33 (c - 1)) s.
		x1 = ox + (85 + 33 * (c1 - 1) - 16.5) * s
		y1 = oy + (89 + 33 * (r1 - 1) - 16.5) * s
		x2 = ox + (85 + 33 * (c2 - 1) + 16.5) * s
		y2 = oy + (89 + 33 * (r2 - 1) + 16.5) * s
		in_ = 0.15 * 33 * s; out = 0.25 * 33 * s + 2
		exit !($1 >= x1 - out && $1 <= x1 + in_ && $2 >= y1 - out &&
		    $2 <= y1 + in_ && $3 <= x2 + out && $3 >= x2 - in_ &&
		    $4 <= y2 + out && $4 >= y2 - in_)
	}' <<<"$1"
}

setup() {
	t=$BATS_TEST_TMPDIR
	# A start board and a mid-game board (what the greedy plan leaves
	# of another), both summing to a multiple of 10 as the game's do.
	fruitsolve -g 1 -S 5 >"$t/start"
	fruitsolve -g 1 -S 8 | fruitsolve -G -f board | grep -v '^#' >"$t/mid"
}

@test "a drawn board reads back exactly at scales 0.9 to 2, cleared cells as dots" {
	grep -q '\.' "$t/mid"
	for b in start mid; do
		for s in 0.9 1 1.33 1.5 2; do
			fruitsolve -R -f png --scale "$s" "$t/$b" >"$t/$b.png"
			run fruitsolve -R "$t/$b.png"
			[ "$status" -eq 0 ]
			[ "$output" = "$(cat "$t/$b")" ]
		done
	done
}

@test "a drawn board reads back at the ends of the scales the manual names, 0.5 and 7" {
	for s in 0.5 7; do
		fruitsolve -R -f png --scale "$s" "$t/start" >"$t/start.png"
		run fruitsolve -R "$t/start.png"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/start")" ]
	done
}

@test "a drawing made smaller afterwards, as a zoomed-out browser shows it, reads back" {
	for s in 0.3 0.4 0.5 0.6; do
		fruitsolve -R -f png --scale 1.6 "$t/mid" | fruit-picture -s "$s" -o png >"$t/small.png"
		run fruitsolve -R "$t/small.png"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/mid")" ]
	done
}

@test "a screenshot shown at 0.4 to 0.5 of the game's size, apples 13 to 15 pixels apart, reads back" {
	# Drawn at scale D, then made smaller by S: the apples, 11 to 13
	# pixels across, measure a pixel or two more or less as they fall
	# on the pixels, and all of them must still be taken for apples.
	for ds in "1 0.45" "0.9 0.5" "0.9 0.44" "1.1 0.36"; do
		set -- $ds
		fruitsolve -R -f png --scale "$1" "$t/mid" | fruit-picture -s "$2" -o png >"$t/small.png"
		run fruitsolve -R "$t/small.png"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/mid")" ]
	done
}

@test "a drawing made half its size and saved as JPEG, as a chat app sends it, reads back" {
	# JPEG keeps colour at half the resolution of brightness: a stroke
	# a pixel or two wide keeps its brightness, not its green and blue.
	fruitsolve -g 1 -S 7 >"$t/seven"
	fruitsolve -g 1 -S 8 >"$t/eight"
	for b in start mid seven eight; do
		fruitsolve -R -f png "$t/$b" |
		    fruit-picture -s 0.5 -o jpeg -q 75 >"$t/small.jpg"
		run fruitsolve -R "$t/small.jpg"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/$b")" ]
	done
}

@test "apples in line with the board above it, as an advert for the game shows them, do not move the board" {
	fruitsolve -R -f ppm "$t/start" >"$t/canvas.ppm"
	# Rows 66 to 131 of the canvas, its first row of apples and half
	# its second, put above it: the board's lattice, 13 rows of it.
	fruit-picture -c 720x66+0+66 <"$t/canvas.ppm" >"$t/strip.ppm"
	{
		printf 'P6\n720 536\n255\n'
		tail -c $((720 * 66 * 3)) "$t/strip.ppm"
		tail -c $((720 * 470 * 3)) "$t/canvas.ppm"
	} >"$t/advert.ppm"
	run fruitsolve -R "$t/advert.ppm"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$t/start")" ]
}

# clear_edges ROWS COLS <BOARD: the board with those rows and columns
# (1-based, comma-separated, may be empty) cleared, and one inner digit
# changed so that the board still sums to a multiple of 10.
clear_edges() {
	awk -v rows="$1" -v cols="$2" '
	    BEGIN { split(rows, r, ","); for (i in r) cr[r[i]] = 1
		split(cols, c, ","); for (i in c) cc[c[i]] = 1 }
	    { for (j = 1; j <= 17; j++) {
		d = substr($0, j, 1)
		if ((NR in cr) || (j in cc)) d = "."
		cell[NR, j] = d; if (d != ".") sum += d } }
	    END { for (k = 5; k <= 9 && sum % 10; k++) {
		d = cell[5, k]; n = (d - sum % 10 + 10) % 10
		if (n) { cell[5, k] = n; sum += n - d } }
		for (i = 1; i <= 10; i++) { line = ""
		    for (j = 1; j <= 17; j++) line = line cell[i, j]
		    print line } }'
}

@test "a board with whole edge rows and columns cleared reads back exactly" {
	for edges in "1/" "10/" "/1" "/17" "1,10/1,17" "1,2/16,17"; do
		rows=${edges%/*} cols=${edges#*/}
		clear_edges "$rows" "$cols" <"$t/start" >"$t/edges"
		# As many whole rows of dots as rows cleared.
		[ "$(grep -c '^\.\{17\}$' "$t/edges")" -eq \
		    "$(awk -F, '{ print NF }' <<<"$rows")" ]
		for s in 0.9 1.25 2; do
			fruitsolve -R -f png --scale "$s" "$t/edges" >"$t/edges.png"
			run fruitsolve -R "$t/edges.png"
			[ "$status" -eq 0 ]
			[ "$output" = "$(cat "$t/edges")" ]
		done
		fruitsolve -R -f jpeg --scale 1.5 "$t/edges" >"$t/edges.jpg"
		[ "$(fruitsolve -R "$t/edges.jpg")" = "$(cat "$t/edges")" ]
	done
}

@test "cleared edge rows with the field's edges cut off are refused, not guessed" {
	clear_edges 1,10 "" <"$t/start" >"$t/edges"
	fruitsolve -R -f ppm "$t/edges" >"$t/edges.ppm"
	# Rows 60 to 409 of the 720 x 470 canvas: the field without its
	# top and bottom edges, so nothing tells which 8 rows are left.
	{
		printf 'P6\n720 350\n255\n'
		tail -c $((720 * 410 * 3)) "$t/edges.ppm" | head -c $((720 * 350 * 3))
	} >"$t/cut.ppm"
	run --separate-stderr fruitsolve -R "$t/cut.ppm"
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $t/cut.ppm: apples in only 8 rows of 10, and the field's edge is not clear enough to tell which" ]
	# With the bottom edge left in, the rows are told again.
	{
		printf 'P6\n720 410\n255\n'
		tail -c $((720 * 410 * 3)) "$t/edges.ppm"
	} >"$t/bottom.ppm"
	[ "$(fruitsolve -R "$t/bottom.ppm")" = "$(cat "$t/edges")" ]
}

@test "PNG, JPEG, PPM and PAM are told by their first bytes, from files and stdin" {
	fruitsolve -R -f ppm "$t/mid" >"$t/shot.anything"
	[ "$(head -c 2 "$t/shot.anything")" = "P6" ]
	[ "$(fruitsolve -R "$t/shot.anything")" = "$(cat "$t/mid")" ]
	fruitsolve -R -f jpeg --scale 1.5 "$t/mid" >"$t/shot"
	[ "$(fruitsolve -R <"$t/shot")" = "$(cat "$t/mid")" ]
	# A PAM by hand: the PPM's pixels under a PAM header.
	{
		printf 'P7\nWIDTH 720\nHEIGHT 470\nDEPTH 3\nMAXVAL 255\n'
		printf 'TUPLTYPE RGB\nENDHDR\n'
		tail -c $((720 * 470 * 3)) "$t/shot.anything"
	} >"$t/shot.pam"
	[ "$(fruitsolve -R "$t/shot.pam")" = "$(cat "$t/mid")" ]
}

@test "a board on a 2560x1440 desktop, under a selection box, as PNG and JPEG" {
	fruitsolve -R -f ppm --scale 1.25 "$t/start" >"$t/canvas.ppm"
	# The box spans columns 3 to 6 and rows 2 to 4, edges between apples.
	for out in png "jpeg -q 75" "jpeg -q 90"; do
		fruit-picture -d 2560x1440+700+300 -b 868,432,165,124 \
		    -o $out <"$t/canvas.ppm" >"$t/desk"
		run fruitsolve -R "$t/desk"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/start")" ]
	done
}

@test "a large PNG is decoded only down to a whole board found high up" {
	# On a 2560x1440 desktop, high up and low down, in RGB and in RGBA.
	# Below a start board high up the rest of the PNG is not decoded, so
	# the file cut short well below the board still reads; a board low
	# down, or a mid-game board anywhere, needs the whole file.
	for b in start mid; do
		fruitsolve -R -f ppm --scale 1.25 "$t/$b" >"$t/canvas.ppm"
		for f in png rgba; do
			fruit-picture -d 2560x1440+100+40 -o $f \
			    <"$t/canvas.ppm" >"$t/high.png"
			fruit-picture -d 2560x1440+1400+800 -o $f \
			    <"$t/canvas.ppm" >"$t/low.png"
			for p in high low; do
				cut_read "$t/$p.png" "$t/$b" "$b-$p"
			done
		done
	done
}

# cut_read PNG BOARD CASE: PNG reads as BOARD whole, and cut to 60% of
# its bytes reads too when CASE is start-high, else is refused as cut.
cut_read() {
	[ "$(fruitsolve -R "$1")" = "$(cat "$2")" ]
	head -c $(($(wc -c <"$1") * 6 / 10)) "$1" >"$1.cut"
	run --separate-stderr fruitsolve -R "$1.cut"
	if [ "$3" = start-high ]; then
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$2")" ]
	else
		[ "$status" -eq 1 ]
		[ "$stderr" = "fruitsolve: $1.cut: bad PNG: file cut short" ]
	fi
}

@test "the board may sit anywhere, even cut by the picture's edge" {
	fruitsolve -R -f ppm "$t/mid" >"$t/canvas.ppm"
	fruit-picture -d 1000x700+0+0 -o png <"$t/canvas.ppm" >"$t/corner.png"
	[ "$(fruitsolve -R "$t/corner.png")" = "$(cat "$t/mid")" ]
	fruit-picture -d 1000x700+280+230 -o png <"$t/canvas.ppm" >"$t/far.png"
	[ "$(fruitsolve -R "$t/far.png")" = "$(cat "$t/mid")" ]
}

@test "a picture with no board is refused, its place kept by a comment" {
	fruit-picture -N 800x600 -o png >"$t/noise.png"
	run --separate-stderr fruitsolve -R "$t/noise.png" "$t/start"
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $t/noise.png: no grid of apples found" ]
	[ "$output" = "# $t/noise.png: board 1: not read

$(cat "$t/start")" ]
}

@test "a board whose digits do not sum to a multiple of 10 is refused" {
	sed '1s/^./5/' "$t/start" >"$t/odd"
	sum=$(( $(tr -d '.\n' <"$t/odd" | fold -w1 | paste -sd+) ))
	[ $((sum % 10)) -ne 0 ] || skip "the first digit was already 5"
	fruitsolve -R -f png "$t/odd" >"$t/odd.png"
	run --separate-stderr fruitsolve "$t/odd.png"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "fruitsolve: $t/odd.png: digits read sum to $sum, not a multiple of 10"* ]]
	[ "$output" = "# $t/odd.png: board 1: not read" ]
}

@test "a picture cut inside the board on the right is refused, not read as cleared" {
	# Column 17 of this board sums to 50: without it the board still
	# sums to a multiple of 10, so only the cut itself can tell.
	fruitsolve -g 1 -S 14 >"$t/b14"
	[ "$(cut -c 17 "$t/b14" | awk '{ s += $1 } END { print s % 10 }')" = 0 ]
	fruitsolve -R -f ppm "$t/b14" >"$t/canvas.ppm"
	# At scale 1 the apples of column 17 start at about x = 598.
	for w in 590 605; do
		fruit-picture -c "${w}x470+0+0" <"$t/canvas.ppm" >"$t/cut.ppm"
		run --separate-stderr fruitsolve -R "$t/cut.ppm"
		[ "$status" -eq 1 ]
		[ "$stderr" = "fruitsolve: $t/cut.ppm: the picture is cut inside the board" ]
		[ "$output" = "# $t/cut.ppm: board 1: not read" ]
	done
	fruit-picture -c 660x470+0+0 <"$t/canvas.ppm" >"$t/cut.ppm"
	run fruitsolve -R "$t/cut.ppm"
	[ "$output" = "$(cat "$t/b14")" ]
}

@test "a cell that fits no digit is refused, not guessed" {
	fruitsolve -R -f ppm --scale 1.25 "$t/start" >"$t/canvas.ppm"
	# A box edge right across the digit of row 1, column 1.
	fruit-picture -b 104,50,60,60 <"$t/canvas.ppm" >"$t/cut.ppm"
	run --separate-stderr fruitsolve -R "$t/cut.ppm"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "fruitsolve: $t/cut.ppm: cell 1,1 fits no digit well ("* ]]
}

@test "apples whose digits are not white are refused, not read as 1s" {
	# A page darkener turns the white digits black on the apples: bare
	# red sampled as a digit is nearest the thin 1, and 170 1s sum to
	# a multiple of 10, so only the missing digit itself can tell.
	fruitsolve -R -f ppm --scale 1.25 "$t/start" >"$t/canvas.ppm"
	fruit-picture -D -o png <"$t/canvas.ppm" >"$t/dark.png"
	run --separate-stderr fruitsolve -R "$t/dark.png"
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $t/dark.png: cell 1,1 fits no digit well (no white digit on the apple), nor do 169 other cells" ]
	[ "$output" = "# $t/dark.png: board 1: not read" ]
}

@test "a WebP screenshot is read; GIF, BMP and TIFF are refused by name" {
	fruitsolve -R -f ppm --scale 1.5 "$t/mid" >"$t/canvas.ppm"
	fruit-picture -o webp -q 90 <"$t/canvas.ppm" >"$t/shot.webp"
	run --separate-stderr fruitsolve -R "$t/shot.webp"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$t/mid")" ]
	# The SVG embeds it as PNG, which every SVG viewer shows.
	fruitsolve -G -f svg "$t/shot.webp" >"$t/plan.svg"
	grep -q 'data:image/png;base64,' "$t/plan.svg"
	printf 'GIF89a\001\000\001\000\000\000\000;' >"$t/shot.gif"
	printf 'II*\000\010\000\000\000' >"$t/shot.tif"
	printf 'BM\066\000\000\000\000\000\000\000\066\000\000\000' >"$t/shot.bmp"
	run --separate-stderr fruitsolve -R "$t/shot.gif" "$t/shot.tif" "$t/shot.bmp"
	[ "$status" -eq 1 ]
	[ "${stderr_lines[0]}" = "fruitsolve: $t/shot.gif: a GIF picture, which is not read (save the screenshot as PNG)" ]
	[ "${stderr_lines[1]}" = "fruitsolve: $t/shot.tif: a TIFF picture, which is not read (save the screenshot as PNG)" ]
	[ "${stderr_lines[2]}" = "fruitsolve: $t/shot.bmp: a BMP picture, which is not read (save the screenshot as PNG)" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
}

@test "a ZIP archive, as a chat's export holds screenshots: each picture and file of boards planned, the chat's text counted" {
	fruitsolve -R -f png --scale 1.2 "$t/mid" >"$t/shot.png"
	fruitsolve -R -f ppm "$t/start" | fruit-picture -o jpeg -q 85 >"$t/shot.jpg"
	printf '[14.03.24, 10:00] Ann: my board\n' >"$t/_chat.txt"
	printf 'not a picture' >"$t/broken.png"
	printf '\211PNG\r\n\032\n' >"$t/cut.png"
	# The chat's photos: pictures in colour with no apples in them.
	LC_ALL=C awk 'BEGIN { printf "P6 96 64 255\n"; for (y = 0; y < 64; y++)
	    for (x = 0; x < 96; x++) printf "%c%c%c", 40 + x, 120 + y, 200 - x }' >"$t/photo.ppm"
	fruit-picture -o png <"$t/photo.ppm" >"$t/photo.png"
	fruit-picture -o jpeg -q 80 <"$t/photo.ppm" >"$t/photo.jpg"
	zip-driver "$t/chat.zip" "_chat.txt=$t/_chat.txt" "media/photo.jpg=$t/photo.jpg" \
	    "media/shot.png=$t/shot.png" "start.txt=$t/start" "media/shot.jpg=$t/shot.jpg" \
	    "media/cut.png=$t/cut.png" "notes.txt=$t/broken.png" "media/photo.png=$t/photo.png"
	run --separate-stderr fruitsolve -G "$t/chat.zip"
	[ "$status" -eq 1 ]
	# The pictures and boards as they would give one after the other; a
	# picture that does not decode keeps its place; the photos give
	# nothing, and are counted.
	want=$(fruitsolve -G "$t/shot.png" "$t/start" "$t/shot.jpg" 2>/dev/null)
	[ "$output" = "$(printf '%s\n\n# %s: board 1: not read' "$want" "$t/chat.zip:media/cut.png")" ]
	[[ "${stderr_lines[0]}" == "fruitsolve: $t/chat.zip:media/cut.png: "* ]]
	[ "${stderr_lines[1]}" = "fruitsolve: $t/chat.zip: warning: 2 files neither a picture nor boards (_chat.txt and others), not read" ]
	[ "${stderr_lines[2]}" = "fruitsolve: $t/chat.zip: warning: 2 files showing no grid of apples (media/photo.jpg and others), not read" ]
	[ "${#stderr_lines[@]}" -eq 3 ]
	# Named alone, such a picture is a board not read.
	run --separate-stderr fruitsolve -G "$t/photo.png"
	[ "$status" -eq 1 ]
	[ "$output" = "# $t/photo.png: board 1: not read" ]
	[ "$stderr" = "fruitsolve: $t/photo.png: no grid of apples found" ]
	# An archive of screenshots and photos alone is read without fault.
	zip-driver "$t/photos.zip" "a.jpg=$t/photo.jpg" "b.png=$t/shot.png"
	run --separate-stderr fruitsolve -G "$t/photos.zip"
	[ "$status" -eq 0 ]
	[ "$output" = "$(fruitsolve -G "$t/shot.png")" ]
	[ "$stderr" = "fruitsolve: $t/photos.zip: warning: 1 file showing no grid of apples (a.jpg), not read" ]
	# From standard input, and painted: one picture a screenshot.
	fruitsolve -G -f png <"$t/chat.zip" >"$t/plans.png" 2>/dev/null || true
	[ "$(grep -ao "$(printf '\211PNG')" "$t/plans.png" | wc -l)" -eq 3 ]
	# -i board reads the archive as text, as before.
	run --separate-stderr fruitsolve -i board -R "$t/chat.zip"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == "fruitsolve: $t/chat.zip:1:1: bad cell character"* ]]
}

@test "a grey picture is refused and told to have no colour" {
	fruitsolve -R -f ppm "$t/start" | fruit-picture -G -o png >"$t/grey.png"
	run --separate-stderr fruitsolve -R "$t/grey.png"
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $t/grey.png: no grid of apples found (a picture without colour: the apples are found by their red)" ]
	# A picture with colour and no apples is not said to have none.
	fruit-picture -N 200x100 -o png >"$t/noise.png"
	run --separate-stderr fruitsolve -R "$t/noise.png"
	[ "$stderr" = "fruitsolve: $t/noise.png: no grid of apples found" ]
}

@test "a JPEG stored turned, as phones store them, reads as its EXIF tag shows it" {
	fruitsolve -R -f ppm --scale 1.5 "$t/mid" >"$t/canvas.ppm"
	# 3 the half turn, 6 and 8 the quarter turns, 2 and 5 mirrored.
	for o in 2 3 5 6 8; do
		fruit-picture -r $o -o jpeg -q 90 <"$t/canvas.ppm" >"$t/turned.jpg"
		run fruitsolve -R "$t/turned.jpg"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$t/mid")" ]
	done
	# The SVG is the picture upright, embedded as PNG since not every
	# viewer turns an embedded JPEG, with the moves on its apples.
	fruitsolve -G -f svg "$t/turned.jpg" >"$t/plan.svg"
	grep -q 'width="1080" height="705"' "$t/plan.svg"
	grep -q 'data:image/png;base64,' "$t/plan.svg"
	command -v rsvg-convert >/dev/null || skip "rsvg-convert is not installed"
	rsvg-convert -o "$t/plan.png" "$t/plan.svg"
	[ "$(fruitsolve -R "$t/plan.png")" = "$(cat "$t/mid")" ]
}

@test "a CMYK JPEG, as print software saves one, reads and is embedded in the SVG as PNG" {
	fruitsolve -R -f ppm --scale 1.2 "$t/mid" | fruit-picture -o cmyk -q 90 >"$t/cmyk.jpg"
	run --separate-stderr fruitsolve -R "$t/cmyk.jpg"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$t/mid")" ]
	fruitsolve -G -f svg "$t/cmyk.jpg" >"$t/plan.svg"
	grep -q 'data:image/png;base64,' "$t/plan.svg"
	# A marker libjpeg does not know where the end should be: the error
	# comes as it finishes, after the rows are read.
	{ head -c -2 "$t/cmyk.jpg"; printf '\377\310\000\004\000\000\377\331'; } >"$t/bad.jpg"
	run --separate-stderr fruitsolve -R "$t/bad.jpg"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "fruitsolve: $t/bad.jpg: bad JPEG: "* ]]
}

@test "-i says what the input is" {
	fruitsolve -R -f png "$t/start" >"$t/shot.png"
	run --separate-stderr fruitsolve -R -i board "$t/shot.png"
	[ "$status" -eq 1 ]
	[[ "$stderr" == "fruitsolve: $t/shot.png:1:1: bad cell character (\x89)" ]]
	run --separate-stderr fruitsolve -R -i image "$t/start"
	[ "$status" -eq 1 ]
	[ "$stderr" = "fruitsolve: $t/start: not a PNG, JPEG, WebP, PPM or PAM image" ]
	run fruitsolve -R -i auto "$t/shot.png"
	[ "$output" = "$(cat "$t/start")" ]
	run --separate-stderr fruitsolve -i jpg "$t/start"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "fruitsolve: unknown input format: jpg (one of: auto, board, image)"* ]]
}

@test "a screenshot is planned like a typed board" {
	fruitsolve -R -f png "$t/mid" >"$t/mid.png"
	[ "$(fruitsolve -e 2000 "$t/mid.png")" = "$(fruitsolve -e 2000 "$t/mid")" ]
	[ "$(fruitsolve -l "$t/mid.png")" = "$(fruitsolve -l "$t/mid")" ]
	[ "$(fruitsolve -G -f board "$t/mid.png")" = "$(fruitsolve -G -f board "$t/mid")" ]
}

@test "the SVG of a screenshot embeds it and puts each move on its apples" {
	s=1.5
	fruitsolve -R -f png --scale $s "$t/start" >"$t/shot.png"
	fruit-picture -d 1600x1000+300+200 -o png <"$t/shot.png" >"$t/desk.png"
	fruitsolve -G -f svg "$t/desk.png" >"$t/plan.svg"
	grep -q 'width="1600" height="1000"' "$t/plan.svg"
	# The embedded image is the very file read.
	sed -n 's/.*base64,\([^"]*\)".*/\1/p' "$t/plan.svg" | base64 -d >"$t/back.png"
	cmp "$t/desk.png" "$t/back.png"
	# The badges' numbers are sized to the cells (0.34 of 33 x 1.5), by
	# a rule that the one for every text does not override, and those
	# of two digits are fitted into their badges.
	grep -q '\.n{font-size:16\.8px}' "$t/plan.svg"
	! grep -q 'class="n"[^>]*font-size' "$t/plan.svg" || false
	grep -q 'textLength="[0-9.]*" lengthAdjust="spacingAndGlyphs">10<' "$t/plan.svg"
	# As many marks as moves, and move 1 round its cells.
	fruitsolve -G "$t/desk.png" | grep -v '^#' >"$t/moves"
	[ "$(grep -c 'class="move"' "$t/plan.svg")" -eq "$(wc -l <"$t/moves")" ]
	read -r r1 c1 r2 c2 <"$t/moves"
	grep 'class="move"' "$t/plan.svg" | head -1 |
	    sed 's/^<g class="move"><rect x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9.]*\)" height="\([0-9.]*\)".*/\1 \2 \3 \4/' |
	    awk -v s=$s -v r1=$r1 -v c1=$c1 -v r2=$r2 -v c2=$c2 '{
		# Cell (r, c), 1-based, spans 33 s around (85 + 33 (c - 1)) s.
		ex = 300 + (85 + 33 * (c1 - 1) - 16.5) * s
		ey = 200 + (89 + 33 * (r1 - 1) - 16.5) * s
		ew = 33 * (c2 - c1 + 1) * s
		eh = 33 * (r2 - r1 + 1) * s
		d = 4 * s
		if ($1 < ex - 1 || $1 > ex + d || $2 < ey - 1 || $2 > ey + d ||
		    $3 > ew || $3 < ew - 2 * d || $4 > eh || $4 < eh - 2 * d)
			exit 1
	    }'
}

@test "-n shows only the next moves; --steps writes one SVG a move" {
	fruitsolve -R -f png "$t/start" >"$t/shot.png"
	run fruitsolve -G -n 3 -f svg "$t/shot.png"
	[ "$(grep -c 'class="move"' <<<"$output")" -eq 3 ]
	moves=$(fruitsolve -G "$t/shot.png" | grep -vc '^#')
	cd "$t"
	run fruitsolve -G -f svg --steps step shot.png
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "step-1-01.svg" ]
	[ "${#lines[@]}" -eq $((moves + 1)) ]
	[[ "${lines[-1]}" == "# cleared "* ]]
	[ "$(ls step-1-*.svg | wc -l)" -eq "$moves" ]
	# Step 2: move 2 marked, move 1 veiled as played.
	[ "$(grep -c 'class="move"' step-1-02.svg)" -eq 1 ]
	[ "$(grep -c 'class="done"' step-1-02.svg)" -eq 1 ]
	grep -q '>2</text>' step-1-02.svg
}

@test "--steps names sort in the order of the moves, and boards are apart" {
	cd "$t"
	# A long plan: as many digits as its last move, 1000 moves and more.
	fruitsolve -g 1 -s 70x70 -S 1 >big
	run fruitsolve -G -f svg --steps big big
	n=$((${#lines[@]} - 1))
	[ "$n" -ge 1000 ]
	[ "${lines[0]}" = big-1-0001.svg ]
	[ "$(printf '%s\n' "${lines[@]:0:n}" | sort -c && echo sorted)" = sorted ]
	# Two boards: their lists are apart, as every text output is.
	fruitsolve -g 2 -S 3 >two
	run fruitsolve -G -f svg --steps two two
	[ "$(printf '%s\n' "$output" | grep -c '^$')" -eq 1 ]
	[ "$(printf '%s\n' "$output" | grep -c '^# cleared')" -eq 2 ]
}

@test "a plan painted on the screenshot: its size, each mark on its move, the board still readable" {
	s=1.5
	fruitsolve -R -f png --scale $s "$t/start" >"$t/shot.png"
	fruit-picture -d 1600x1000+300+200 -o png <"$t/shot.png" >"$t/desk.png"
	fruit-picture <"$t/desk.png" >"$t/desk.ppm"
	read -r r1 c1 r2 c2 < <(fruitsolve -G "$t/desk.png")
	run --separate-stderr fruitsolve -G -n 1 -f ppm "$t/desk.png"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	fruitsolve -G -n 1 -f ppm "$t/desk.png" >"$t/plan.ppm"
	[ "$(sed -n 2p "$t/plan.ppm")" = "1600 1000" ]
	# Only move 1's outline and badge are painted, round its cells.
	box=$(diff_box "$t/desk.ppm" "$t/plan.ppm")
	[ "$box" != none ]
	within_move "$box" $s 300 200 $r1 $c1 $r2 $c2
	# The next five moves over it leave every digit readable, in PNG and
	# in JPEG.
	fruitsolve -G -n 5 -f png "$t/desk.png" >"$t/plan.png"
	[ "$(head -c 4 "$t/plan.png" | od -An -c | tr -d ' ')" = '211PNG' ]
	[ "$(fruitsolve -R "$t/plan.png")" = "$(cat "$t/start")" ]
	fruitsolve -G -n 5 -f jpeg "$t/desk.png" >"$t/plan.jpg"
	[ "$(head -c 3 "$t/plan.jpg" | od -An -tx1 | tr -d ' ')" = ffd8ff ]
	[ "$(fruitsolve -R "$t/plan.jpg")" = "$(cat "$t/start")" ]
	# A screenshot keeps its size: --scale says it does nothing there.
	run --separate-stderr fruitsolve -G -n 1 -f ppm --scale 2 "$t/desk.png"
	[ "$status" -eq 0 ]
	[ "$stderr" = "fruitsolve: $t/desk.png: warning: --scale applies to boards drawn from text: the plan is painted on the screenshot as it is" ]
	# --summary counts it.
	run --separate-stderr fruitsolve --summary -G -n 1 -f ppm --scale 2 "$t/desk.png"
	[ "${stderr_lines[-1]}" = "fruitsolve: 1 records: 1 good, 0 bad, 1 warnings" ]
	cmp <(printf '%s' "$output") <(printf '%s' "$(cat "$t/plan.ppm")")
}

@test "a typed board's plan is painted on the board drawn; --steps writes one picture a move" {
	fruitsolve -R -f ppm --scale 2 "$t/start" >"$t/board.ppm"
	fruitsolve -G -n 1 -f ppm --scale 2 "$t/start" >"$t/plan.ppm"
	read -r r1 c1 r2 c2 < <(fruitsolve -G "$t/start")
	within_move "$(diff_box "$t/board.ppm" "$t/plan.ppm")" 2 0 0 $r1 $c1 $r2 $c2
	# The whole plan still leaves the board readable.
	fruitsolve -G -f png "$t/start" >"$t/all.png"
	[ "$(fruitsolve -R "$t/all.png")" = "$(cat "$t/start")" ]
	moves=$(fruitsolve -G "$t/start" | grep -vc '^#')
	cd "$t"
	run --separate-stderr fruitsolve -G -f png --steps step start
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "step-1-01.png" ]
	[ "${#lines[@]}" -eq $((moves + 1)) ]
	[[ "${lines[-1]}" == "# cleared "* ]]
	[ "$(ls step-1-*.png | wc -l)" -eq "$moves" ]
	# Step 2: move 1 veiled as played, move 2 marked; nothing else.
	fruit-picture <step-1-02.png >step2.ppm
	fruitsolve -R -f ppm start >board1.ppm
	read -r x1 y1 x2 y2 < <(diff_box board1.ppm step2.ppm)
	read -r a1 b1 a2 b2 < <(fruitsolve -G start | sed -n 2p)
	within_move "$x1 $y1 $x2 $y2" 1 0 0 \
	    $((r1 < a1 ? r1 : a1)) $((c1 < b1 ? c1 : b1)) \
	    $((r2 > a2 ? r2 : a2)) $((c2 > b2 ? c2 : b2))
	run fruitsolve -G -f jpeg --steps shot start
	[ "${lines[0]}" = "shot-1-01.jpg" ]
}

@test "several pictures on standard output are told in one warning, but PPM, a stream of pictures" {
	warning="fruitsolve: warning: several pictures written one after another, of which a viewer shows the first alone: give one board a run, or write a file a move with --steps"
	run --separate-stderr fruitsolve -G -f png "$t/start" "$t/mid"
	[ "$status" -eq 0 ]
	[ "$stderr" = "$warning" ]
	[ "$(printf '%s' "$output" | grep -ac IEND)" -eq 2 ]
	run --separate-stderr fruitsolve -G -f svg "$t/start" "$t/mid" "$t/start"
	[ "$stderr" = "$warning" ]
	run --separate-stderr fruitsolve -R -f jpeg "$t/start" "$t/mid"
	[ "$stderr" = "$warning" ]
	run --separate-stderr fruitsolve -G -f webp "$t/start" "$t/mid"
	[ "$stderr" = "fruitsolve: warning: several pictures written one after another, of which a viewer shows the first alone: give one board a run" ]
	run --separate-stderr fruitsolve --summary -G -f png "$t/start" "$t/mid"
	[ "${stderr_lines[-1]}" = "fruitsolve: 2 records: 2 good, 0 bad, 1 warnings" ]
	for one in "-G -f png $t/start" "-G -f ppm $t/start $t/mid" "-R -f ppm $t/start $t/mid"; do
		run --separate-stderr fruitsolve $one
		[ "$status" -eq 0 ]
		[ -z "$stderr" ]
	done
}

@test "the SVG renders, and a PPM input is embedded as PNG" {
	fruitsolve -R -f ppm "$t/start" >"$t/shot.ppm"
	fruitsolve -G -n 5 -f svg "$t/shot.ppm" >"$t/plan.svg"
	grep -q 'data:image/png;base64,iVBORw0KGgo' "$t/plan.svg"
	if command -v xmllint >/dev/null; then
		xmllint --noout "$t/plan.svg"
	fi
	command -v rsvg-convert >/dev/null || skip "rsvg-convert is not installed"
	rsvg-convert -o "$t/plan.png" "$t/plan.svg"
	# The rendering is the screenshot, with its board still readable.
	[ "$(fruitsolve -R "$t/plan.png")" = "$(cat "$t/start")" ]
}

# play_plan FORMAT: in $t, the greedy plan over a screenshot on a
# desktop (desk.png) played as -f FORMAT into plan.FORMAT, taken apart
# into frame-N.ppm, and drawn by --steps into step-1-MM.ppm; checks that
# it is written quietly and plays a frame a move, a second each, then
# three seconds of the end, looping for ever (a loop count of 0).  Sets
# moves.
play_plan() {
	fruitsolve -R -f png --scale 1.5 "$t/start" >"$t/shot.png"
	fruit-picture -d 1200x800+100+50 -o png <"$t/shot.png" >"$t/desk.png"
	moves=$(fruitsolve -G "$t/desk.png" | grep -vc '^#')
	run --separate-stderr fruitsolve -G -f "$1" "$t/desk.png"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	fruitsolve -G -f "$1" "$t/desk.png" >"$t/plan.$1"
	fruitsolve -G -f ppm --steps "$t/step" "$t/desk.png" >/dev/null
	run fruit-picture -A "$t/frame" <"$t/plan.$1"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq $((moves + 2)) ]
	[ "${lines[0]}" = "1 1000" ]
	[ "${lines[moves - 1]}" = "$moves 1000" ]
	[ "${lines[moves]}" = "$((moves + 1)) 3000" ]
	[ "${lines[moves + 1]}" = "loop 0" ]
}

@test "-f webp plays the whole plan: a frame a move as --steps draws it, then the board left, looping" {
	play_plan webp
	[ "$(head -c 4 "$t/plan.webp")$(tail -c +9 "$t/plan.webp" | head -c 4)" = RIFFWEBP ]
	cd "$t"
	# Lossless: each frame is the very picture --steps writes for it.
	for ((i = 1; i <= moves; i++)); do
		cmp "frame-$i.ppm" "$(printf 'step-1-%02d.ppm' "$i")"
	done
	# The last: every move veiled as played, none marked; it reads back
	# as the board the plan leaves, the veiled apples as cleared cells.
	[ "$(sed -n 2p "frame-$((moves + 1)).ppm")" = "1200 800" ]
	[ "$(fruitsolve -R "frame-$((moves + 1)).ppm")" = "$(fruitsolve -G -f board desk.png | grep -v '^#')" ]
	# -n marks the next moves in each frame; a typed board is drawn.
	fruitsolve -G -n 3 -f webp start | fruit-picture -A typed >/dev/null
	fruitsolve -G -n 3 -f ppm --steps three start >/dev/null
	cmp typed-2.ppm three-1-02.ppm
	# --steps writes still pictures, and -R no plan.
	run --separate-stderr fruitsolve -G -f webp --steps x start
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "fruitsolve: --steps and -f webp exclude each other: the animation holds every step" ]
	run --separate-stderr fruitsolve -R -f webp start
	[ "$status" -eq 2 ]
	# WebP holds 16383 pixels a side, fewer than a picture may have.
	fruitsolve -g 1 -s 500x3 -S 1 >wide
	run --separate-stderr fruitsolve -G -f webp wide
	[ "$status" -eq 2 ]
	[ "$stderr" = "fruitsolve: a picture of 16659x470 pixels, larger than the 16383 a side WebP holds: write png, jpeg or ppm" ]
}

@test "-f gif plays the plan as -f webp does, its frames near the pictures --steps draws: exact where 256 colours hold them" {
	play_plan gif
	[ "$(head -c 6 "$t/plan.gif")" = GIF89a ]
	cd "$t"
	# 256 colours a frame: the desktop's noise is near, not exact (each
	# channel within 64 of 255, 16 on average); the board reads back.
	for ((i = 1; i <= moves; i++)); do
		fruit-picture -m "$(printf 'step-1-%02d.ppm' "$i")" <"frame-$i.ppm" |
		    awk '{ exit !($2 <= 16 && $4 <= 64) }'
	done
	[ "$(fruitsolve -R "frame-$((moves + 1)).ppm")" = "$(fruitsolve -G -f board desk.png | grep -v '^#')" ]
	# A board drawn has fewer colours: its first frame, of fewer than
	# 256, is exact, and each later one holds what changed with colours
	# of its own; with -n 3, each frame within 4 of 255.
	fruitsolve -G -f gif start | fruit-picture -A typed >/dev/null
	fruitsolve -G -f ppm --steps plain start >/dev/null
	cmp typed-1.ppm plain-1-01.ppm
	fruitsolve -G -n 3 -f gif start | fruit-picture -A three >/dev/null
	fruitsolve -G -n 3 -f ppm --steps step3 start >/dev/null
	for f in step3-1-*.ppm; do
		i=${f#step3-1-}
		i=$((10#${i%.ppm}))
		fruit-picture -m "$f" <"three-$i.ppm" | awk '{ exit !($4 <= 4) }'
	done
	run --separate-stderr fruitsolve -G -f gif --steps x start
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "fruitsolve: --steps and -f gif exclude each other: the animation holds every step" ]
	run --separate-stderr fruitsolve -R -f gif start
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = "fruitsolve: -R and -f gif exclude each other" ]
	# A full disk is a write error, named.
	if [ -w /dev/full ]; then
		run --separate-stderr bash -c "fruitsolve -G -f gif start >/dev/full"
		[ "$status" -eq 2 ]
		[[ "$stderr" = "fruitsolve: write error on standard output"* ]]
	fi
}
