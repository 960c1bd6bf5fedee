# Random replay logs in legacy form, one a line, for property tests and
# benchmarks: n logs of 0..max moves with random squares on the 5x7 board,
# random kill flags and a random end.  They need not be legal games.
# usage: awk -v n=N -v max=44 -v seed=S [-v prefix=TEXT] -f random-logs.awk
BEGIN {
	if (max == "")
		max = 44
	srand(seed)
	for (i = 0; i < n; i++) {
		k = int(rand() * (max + 1))
		s = ""
		for (j = 0; j < k; j++)
			s = s (j ? "," : "") "m-" int(rand() * 5 + 1) "-" \
			    int(rand() * 7 + 1) "-" int(rand() * 5 + 1) "-" \
			    int(rand() * 7 + 1) "-" (rand() < 0.2 ? 1 : 0)
		r = rand()
		if (r < 0.4)
			s = s (k ? "," : "") "e-w"
		else if (r < 0.8)
			s = s (k ? "," : "") "e-l"
		print prefix s
	}
}
