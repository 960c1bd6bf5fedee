# The site's compact encoder as its page computes it, in double-precision
# arithmetic (which awk shares), for logs in legacy form.  Exact only while
# the kill number stays below 2^53, i.e. for logs of up to 33 moves: the
# tests compare it with bchess-pack there.
BEGIN {
	FS = ","
	digits = "0123456789abcdefghijklmnopqrstuvwxyz"
}
{
	pairs = ""
	kills = 0
	moves = 0
	end = "i"
	for (f = 1; f <= NF; f++) {
		if ($f == "e-w" || $f == "e-l") {
			end = substr($f, 3, 1)
			continue
		}
		split($f, e, "-")
		v = (e[2] - 1) * 245 + (e[4] - 1) * 49 + (e[3] - 1) * 7 + (e[5] - 1)
		pairs = pairs substr(digits, int(v / 36) + 1, 1) substr(digits, v % 36 + 1, 1)
		kills = kills * 3 + (e[6] == 1 ? 2 : 1)
		moves++
	}
	if (moves == 0)
		k36 = "NaN"
	else {
		k36 = ""
		while (kills > 0) {
			d = kills % 36
			k36 = substr(digits, d + 1, 1) k36
			kills = (kills - d) / 36
		}
	}
	print pairs "-" k36 "-" end
}
