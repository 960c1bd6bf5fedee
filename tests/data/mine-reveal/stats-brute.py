#!/usr/bin/env python3
# Make the figures of stats.out from the boards of stats.in, by a plain
# reading of the definitions in mine-reveal(1) that shares nothing with
# mine-reveal: regions by flood fill, and the ZiNi greedy with every
# premium worked out again from scratch at every step.
#   usage: python3 stats-brute.py < stats.in > stats.out
import sys


def boards(lines):
    rows = []
    for line in lines:
        line = line.rstrip('\n')
        if line.startswith('#'):
            continue
        if line == '':
            if rows:
                yield rows
            rows = []
        else:
            rows.append(line)
    if rows:
        yield rows


def figures(rows):
    h, w = len(rows), len(rows[0])
    mine = {(r, c) for r in range(h) for c in range(w) if rows[r][c] == '*'}

    def around(r, c):
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w]

    count = {(r, c): sum(p in mine for p in around(r, c))
             for r in range(h) for c in range(w)}
    safe = [(r, c) for r in range(h) for c in range(w) if (r, c) not in mine]
    zero = {p for p in safe if count[p] == 0}
    island = {p for p in safe if count[p] > 0 and
              not any(q in zero for q in around(*p))}

    def regions(cells):
        label, n = {}, 0
        for p in sorted(cells):
            if p in label:
                continue
            label[p] = n
            todo = [p]
            while todo:
                x = todo.pop()
                for q in around(*x):
                    if q in cells and q not in label:
                        label[q] = n
                        todo.append(q)
            n += 1
        return label, n

    opening, nopen = regions(zero)
    _, nisland = regions(island)
    bbbv = nopen + len(island)

    opened, flagged = set(), set()

    def open_cell(p):
        todo = [p]
        while todo:
            x = todo.pop()
            if x in opened:
                continue
            opened.add(x)
            if x in zero:
                todo.extend(q for q in around(*x) if q not in opened)

    def left():
        return (len({opening[p] for p in zero if p not in opened}) +
                sum(p not in opened for p in island))

    def premium(p):
        gain = 1 if p in island and p not in opened else 0
        ops = {opening[q] for q in around(*p) if q in zero and q not in opened}
        gain += len(ops)
        gain += sum(q in island and q not in opened for q in around(*p))
        cost = sum(q in mine and q not in flagged for q in around(*p))
        cost += (p not in opened) + 1
        return gain - cost

    clicks = 0
    while left() > 0:
        best, at = None, None
        for p in sorted(safe):
            if p in zero:
                continue
            v = premium(p)
            if best is None or v > best:
                best, at = v, p
        if best is not None and best >= 0:
            if at not in opened:
                clicks += 1
                open_cell(at)
            for q in around(*at):
                if q in mine and q not in flagged:
                    flagged.add(q)
                    clicks += 1
            clicks += 1
            for q in around(*at):
                if q not in mine:
                    open_cell(q)
            continue
        p = min(q for q in zero | island if q not in opened)
        clicks += 1
        open_cell(p)
    return "3bv=%d openings=%d islands=%d zini=%d mines=%d cells=%d" % (
        bbbv, nopen, nisland, clicks, len(mine), h * w)


for rows in boards(sys.stdin):
    print(figures(rows))
