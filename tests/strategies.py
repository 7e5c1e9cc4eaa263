"""Hypothesis strategies for whole puzzles, built solution first.

Each strategy draws a valid solution, then derives clues from it, so the
solution is known even when the puzzle has several: a sound technique never
removes a digit of *any* solution, so checking against the drawn one is a
valid oracle.  Puzzles come out as corpus records (``puzzles.from_record``).
"""

from __future__ import annotations

from hypothesis import strategies as st

from solver.model import cell_label


@st.composite
def sudoku_solutions(draw) -> list[list[int]]:
    """A random valid 9x9 grid: a shifted pattern with digits, rows, columns and bands permuted."""
    digits = draw(st.permutations(range(1, 10)))
    bands = draw(st.permutations(range(3)))
    stacks = draw(st.permutations(range(3)))
    rows = [b * 3 + r for b in bands for r in draw(st.permutations(range(3)))]
    cols = [s * 3 + c for s in stacks for c in draw(st.permutations(range(3)))]
    return [[digits[(r * 3 + r // 3 + c) % 9] for c in cols] for r in rows]


def _flat(grid: list[list[int]]) -> str:
    return "".join(str(d) for row in grid for d in row)


@st.composite
def sudoku_records(draw) -> dict:
    """A classic 9x9 Sudoku: a random solution and 17 to 40 of its digits as givens.
    With few givens it may have several solutions (a technique that assumes
    uniqueness must then stay silent)."""
    grid = draw(sudoku_solutions())
    keep = draw(st.sets(st.integers(0, 80), min_size=17, max_size=40))
    givens = "".join(str(grid[i // 9][i % 9]) if i in keep else "." for i in range(81))
    return {"id": "sudoku/hypothesis/1", "kind": "sudoku", "givens": givens, "solution": _flat(grid)}


@st.composite
def killer_records(draw, max_cage: int = 5, hidden_totals: bool = False, loose: bool = False) -> dict:
    """A Killer: connected cages (distinct digits) with totals from the solution.
    With ``loose``, some cages are left out (at least one stays): their cells
    are loose, in no cage, as setters often leave them."""
    grid = draw(sudoku_solutions())
    order = draw(st.permutations(range(81)))
    cage_of = [-1] * 81
    cages: list[list[int]] = []
    for seed in order:
        if cage_of[seed] >= 0:
            continue
        size = draw(st.integers(1, max_cage))
        cage = [seed]
        cage_of[seed] = len(cages)
        used = {grid[seed // 9][seed % 9]}
        frontier = [seed]
        while frontier and len(cage) < size:
            cell = frontier.pop(draw(st.integers(0, len(frontier) - 1)))
            r, c = divmod(cell, 9)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                n = rr * 9 + cc
                if 0 <= rr < 9 and 0 <= cc < 9 and cage_of[n] < 0 and grid[rr][cc] not in used \
                        and len(cage) < size:
                    cage_of[n] = len(cages)
                    cage.append(n)
                    used.add(grid[rr][cc])
                    frontier.append(n)
        cages.append(cage)
    if loose:
        kept = [cage for cage in cages if draw(st.integers(0, 2))]
        cages = kept or cages[:1]
    out = []
    for i, cage in enumerate(cages):
        total = sum(grid[c // 9][c % 9] for c in cage)
        if hidden_totals and draw(st.integers(0, 9)) == 0:
            total = None
        label = "".join(chr(97 + (i // 26 ** k) % 26) for k in range(2 if i >= 26 else 1))[::-1] + str(i)
        out.append({"label": label, "sum": total, "cells": [cell_label(c // 9, c % 9) for c in sorted(cage)]})
    return {"id": "killer/hypothesis/1", "kind": "killer", "size": 9, "cages": out, "solution": _flat(grid)}


@st.composite
def kropki_records(draw) -> dict:
    """A Kropki with every dot shown (negative rule) and a few givens."""
    grid = draw(sudoku_solutions())
    white, black = [], []
    for r in range(9):
        for c in range(9):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < 9 and cc < 9:
                    a, b = grid[r][c], grid[rr][cc]
                    pair = [cell_label(r, c), cell_label(rr, cc)]
                    if a == 2 * b or b == 2 * a:
                        black.append(pair)
                    elif abs(a - b) == 1:
                        white.append(pair)
    keep = draw(st.sets(st.integers(0, 80), max_size=12))
    givens = "".join(str(grid[i // 9][i % 9]) if i in keep else "." for i in range(81))
    return {"id": "kropki/hypothesis/1", "kind": "kropki", "size": 9, "givens": givens, "white": white,
            "black": black, "negative": True, "solution": _flat(grid)}


@st.composite
def kakuro_records(draw, hidden_totals: bool = False) -> dict:
    """A Kakuro whose white cells form a rectangle cut from a random Sudoku grid (rows and
    columns never repeat a digit), with some cells turned into blocks.

    ``hidden_totals``: about a quarter of the runs of two or more cells lose
    their printed total (they stay distinct regions without a total)."""
    grid = draw(sudoku_solutions())
    h = draw(st.integers(2, 6))
    w = draw(st.integers(2, 6))
    blocks = draw(st.sets(st.tuples(st.integers(0, h - 1), st.integers(0, w - 1)), max_size=(h * w) // 5))
    white = [[(r, c) not in blocks for c in range(w)] for r in range(h)]
    tokens = [["#"] * (w + 1) for _ in range(h + 1)]
    for r in range(h):
        for c in range(w):
            if white[r][c]:
                tokens[r + 1][c + 1] = "."
    # Clues: one per maximal run of 2+ cells; runs of one cell get a clue too (the model allows it).
    for r in range(h + 1):
        for c in range(w + 1):
            if tokens[r][c] == ".":
                continue
            across = c + 1 <= w and r >= 1 and tokens[r][c + 1] == "."
            down = r + 1 <= h and c >= 1 and tokens[r + 1][c] == "."
            if across or down:
                a = d = 0
                cc = c + 1
                while across and cc <= w and tokens[r][cc] == ".":
                    a += grid[r - 1][cc - 1]
                    cc += 1
                rr = r + 1
                while down and rr <= h and tokens[rr][c] == ".":
                    d += grid[rr - 1][c - 1]
                    rr += 1
                if hidden_totals and cc - c > 2 and draw(st.integers(0, 3)) == 0:
                    a = 0
                if hidden_totals and rr - r > 2 and draw(st.integers(0, 3)) == 0:
                    d = 0
                tokens[r][c] = f"{d if d else ''}\\{a if a else ''}"
    solution = ["".join("#" if not (r and c and white[r - 1][c - 1]) else str(grid[r - 1][c - 1])
                        for c in range(w + 1)) for r in range(h + 1)]
    return {"id": "kakuro/hypothesis/1", "kind": "kakuro", "height": h + 1, "width": w + 1,
            "grid": [" ".join(row) for row in tokens], "solution": solution}


@st.composite
def greater_killer_records(draw) -> dict:
    """A Greater Killer: some cages dropped, some totals hidden, true relations between cages."""
    record = draw(killer_records(max_cage=4, hidden_totals=True))
    sol = record["solution"]
    cages = [c for c in record["cages"] if draw(st.integers(0, 4))]
    record["cages"] = cages

    def total(cage) -> int:
        return sum(int(sol[9 * (int(n[1]) - 1) + int(n[3]) - 1]) for n in cage["cells"])

    relations = []
    if len(cages) >= 2:
        for _ in range(draw(st.integers(1, 12))):
            a, b = draw(st.permutations(range(len(cages))))[:2]
            ta, tb = total(cages[a]), total(cages[b])
            op = "<" if ta < tb else ">" if ta > tb else "="
            relations.append({"left": cages[a]["label"], "op": op, "right": cages[b]["label"]})
    record.update(id="greater-killer/hypothesis/1", kind="greater-killer", relations=relations)
    return record
