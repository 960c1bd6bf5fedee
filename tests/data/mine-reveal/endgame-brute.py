#!/usr/bin/env python3
# Check endgame.in against a brute force that shares nothing with
# mine-reveal: list every board that fits each view, then try every order
# of opening cells, and compare the most boards any play wins on, and the
# first guesses that reach it, with the record's comment line.
#   usage: python3 endgame-brute.py endgame.in
import itertools
import re
import sys
from functools import lru_cache


def neighbours(h, w, r, c):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w:
                yield r + dr, c + dc


def perfect_play(view, mines):
    h, w = len(view), len(view[0])
    covered = [(r, c) for r in range(h) for c in range(w)
               if view[r][c] == '#']
    boards = []
    for placed in itertools.combinations(covered, mines):
        s = set(placed)
        if all(view[r][c] == '#' or
               sum(p in s for p in neighbours(h, w, r, c)) == int(view[r][c])
               for r in range(h) for c in range(w)):
            boards.append(frozenset(s))

    def groups(boards_left, cell):
        g = {}
        for i in boards_left:
            if cell not in boards[i]:
                n = sum(p in boards[i] for p in neighbours(h, w, *cell))
                g.setdefault(n, []).append(i)
        return [frozenset(x) for x in g.values()]

    @lru_cache(maxsize=None)
    def wins(boards_left, opened):
        if len(boards_left) == 1:
            return 1
        return max(sum(wins(g, opened | {cell})
                       for g in groups(boards_left, cell))
                   for cell in covered if cell not in opened)

    everything = frozenset(range(len(boards)))
    first = {cell: sum(wins(g, frozenset([cell]))
                       for g in groups(everything, cell))
             for cell in covered}
    return len(boards), first


def main():
    bad = 0
    for record in open(sys.argv[1]).read().split('\n\n'):
        lines = [l for l in record.strip().split('\n') if l]
        m = re.match(r'# mines (\d+), wins (\d+) of (\d+) boards, '
                     r'first guess any of (.*)', lines[0]) if lines else None
        if not m:
            continue
        n, first = perfect_play(lines[1:], int(m.group(1)))
        best = max(first.values())
        cells = ' '.join('%d,%d' % (r + 1, c + 1)
                         for r, c in sorted(first) if first[(r, c)] == best)
        if (best, n, cells) != (int(m.group(2)), int(m.group(3)), m.group(4)):
            print('differs:', lines[0], '->', best, n, cells)
            bad += 1
    sys.exit(1 if bad else 0)


main()
