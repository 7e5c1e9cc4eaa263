"""Every notation: random puzzles survive write -> parse, texts are stable
under parse -> write -> parse, detection finds the right notation, and
damaged files raise only sumlogic's errors, with one-line messages."""

from __future__ import annotations

import dataclasses
import random
import string

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzles import (EXTENSIONS, FORMATS, detect_format, from_record, read_path, read_text, sample, to_record,
                     write_text)
from puzzles import greater_killer, killer, kropki, sudoku
from puzzles.jsonl import KEY_ORDER
from puzzles.common import GRID_CELLS
from puzzles.killer import SYMBOLS, Cage
from solver.bits import sum_range
from solver.errors import InvalidPuzzleError, SumlogicError
from solver.model import Puzzle, Region, cell_label

from .mutations import damaged

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MUTATIONS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- random puzzles --------------------------------------------------------------------------

SEEDED = st.integers(0, 2 ** 32 - 1).map(random.Random)
"""A seeded random generator (much faster to draw than ``st.randoms()``, which draws every call)."""


@st.composite
def solutions(draw) -> tuple[int, ...]:
    """A random valid Sudoku grid: a shifted pattern with digits, bands, stacks, rows and columns permuted."""
    digits = draw(st.permutations(range(1, 10)))

    def order() -> list[int]:
        return [3 * band + inner for band in draw(st.permutations(range(3)))
                for inner in draw(st.permutations(range(3)))]

    rows, cols = order(), order()
    grid = [[digits[(3 * (r % 3) + r // 3 + c) % 9] for c in cols] for r in rows]
    if draw(st.booleans()):
        grid = [list(column) for column in zip(*grid)]
    return tuple(d for row in grid for d in row)


@st.composite
def givens_from(draw, solution: tuple[int, ...], max_share: float = 0.5) -> tuple[int, ...]:
    rng = draw(SEEDED)
    share = draw(st.sampled_from([0.0, max_share / 4, max_share / 2, max_share]))
    return tuple(d if rng.random() < share else 0 for d in solution)


@st.composite
def cage_cells(draw, solution: tuple[int, ...], cover: float = 1.0) -> list[list[int]]:
    """Connected cages of distinct digits, in order of their first cell, covering about ``cover`` of the grid."""
    rng = draw(SEEDED)
    sizes = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6))
    free = set(range(81))
    cages: list[list[int]] = []
    for start in rng.sample(range(81), 81):
        if start not in free or (cover < 1 and rng.random() > cover):
            continue
        cage = [start]
        free.discard(start)
        size = rng.choice(sizes)
        while len(cage) < size:
            options = sorted({n for c in cage for n in (c - 9, c + 9, c - 1 if c % 9 else -1,
                                                        c + 1 if c % 9 < 8 else -1)
                              if n in free and solution[n] not in {solution[x] for x in cage}})
            if not options:
                break
            cell = rng.choice(options)
            cage.append(cell)
            free.discard(cell)
        cages.append(sorted(cage))
    return sorted(cages)


def labels(count: int, scheme: str) -> list[str]:
    """Cage labels: one character each (``symbols``) or the corpus's a..z, aa, ab... (``corpus``)."""
    if scheme == "symbols":
        return list(SYMBOLS[:count])
    letters = string.ascii_lowercase
    return [letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26] for i in range(count)]


@st.composite
def killers(draw, scheme: str = "symbols") -> Puzzle:
    solution = draw(solutions())
    cells = draw(cage_cells(solution))
    names = labels(len(cells), scheme)
    no_total = draw(st.floats(0, 0.3))
    rng = draw(SEEDED)
    cages = [Cage(name, None if rng.random() < no_total else sum(solution[i] for i in cage),
                  tuple(GRID_CELLS[i] for i in cage)) for name, cage in zip(names, cells)]
    return killer.build(cages, draw(givens_from(solution, 0.2)))


@st.composite
def greater_killers(draw) -> Puzzle:
    solution = draw(solutions())
    cells = draw(cage_cells(solution, cover=draw(st.floats(0.1, 0.9))))
    assume(len(cells) >= 2)
    names = labels(len(cells), draw(st.sampled_from(["symbols", "corpus"])))
    rng = draw(SEEDED)
    sums = [sum(solution[i] for i in cage) for cage in cells]
    cages = [Cage(name, None if rng.random() < 0.5 else total, tuple(GRID_CELLS[i] for i in cage))
             for name, total, cage in zip(names, sums, cells)]
    relations = []
    for _ in range(draw(st.integers(0, 8))):
        i, j = rng.sample(range(len(cells)), 2)
        relations.append((names[i], "<" if sums[i] < sums[j] else ">" if sums[i] > sums[j] else "=", names[j]))
    return greater_killer.build(cages, relations, draw(givens_from(solution, 0.3)))


@st.composite
def kropkis(draw, negative: bool | None = None) -> Puzzle:
    solution = draw(solutions())
    negative = draw(st.booleans()) if negative is None else negative
    rng = draw(SEEDED)
    share = 1.0 if negative else draw(st.floats(0, 1))
    white, black = [], []
    for a, b in kropki.NEIGHBOURS:
        x, y = solution[a], solution[b]
        consecutive, ratio = abs(x - y) == 1, x == 2 * y or y == 2 * x
        if not (consecutive or ratio) or rng.random() > share:
            continue
        dot = (GRID_CELLS[a], GRID_CELLS[b]) if rng.random() < 0.5 else (GRID_CELLS[b], GRID_CELLS[a])
        if consecutive and (not ratio or rng.random() < 0.5):
            white.append(dot)
        else:
            black.append(dot)
    return kropki.build(draw(givens_from(solution)), white, black, negative=negative)


def runs(white: set[tuple[int, int]], dr: int, dc: int) -> list[list[tuple[int, int]]]:
    out = []
    for r, c in sorted(white):
        if (r - dr, c - dc) in white:
            continue
        run, pos = [], (r, c)
        while pos in white:
            run.append(pos)
            pos = (pos[0] + dr, pos[1] + dc)
        out.append(run)
    return out


@st.composite
def kakuros(draw) -> Puzzle:
    """A random Kakuro: block pattern with runs of 2..9 cells, totals in range, givens distinct in their runs.

    Built with the generic model directly (not with puzzles.kakuro), so the
    round trip also checks the naming and ordering conventions.
    """
    height, width = draw(st.integers(3, 12)), draw(st.integers(3, 12))
    density = draw(st.floats(0.4, 0.95))
    rng = draw(SEEDED)
    white = {(r, c) for r in range(1, height) for c in range(1, width) if rng.random() < density}
    changed = True
    while changed:  # block cells until every run has 2..9 cells
        changed = False
        for dr, dc in ((0, 1), (1, 0)):
            for run in runs(white, dr, dc):
                if len(run) == 1 or len(run) > 9:
                    white.discard(run[0] if len(run) == 1 else run[len(run) // 2])
                    changed = True
    assume(white)
    cells = tuple(sorted(white))
    index = {pos: i for i, pos in enumerate(cells)}
    givens = [0] * len(cells)
    all_runs = [(name, run) for name, dr, dc in (("across", 0, 1), ("down", 1, 0)) for run in runs(white, dr, dc)]
    runs_of: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
    for _, run in all_runs:
        for pos in run:
            runs_of.setdefault(pos, []).append(run)
    given_share = draw(st.sampled_from([0.0, 0.1, 0.3]))
    for pos in cells:
        if rng.random() < given_share:
            used = {givens[index[q]] for run in runs_of[pos] for q in run}
            free = [d for d in range(1, 10) if d not in used]
            givens[index[pos]] = rng.choice(free) if free else 0
    regions = []
    for name, run in all_runs:
        low, high = sum_range(len(run))
        total = rng.randint(low, high)
        regions.append(Region(f"{name} {total} at {cell_label(*run[0])}", tuple(index[p] for p in run),
                              total=total, distinct=True, kind=name))
    return Puzzle(kind="kakuro", height=height, width=width, cells=cells, regions=tuple(regions),
                  givens=tuple(givens))


@st.composite
def sudokus(draw) -> Puzzle:
    return sudoku.build(draw(givens_from(draw(solutions()), 0.6)))


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                           max_leaves=6)


def with_record_facts(puzzle: Puzzle, draw) -> Puzzle:
    """The puzzle with an id and carried facts of every JSON shape, in the documented key order."""
    known = draw(st.dictionaries(st.sampled_from(["source", "difficulty", "unique", "verify_seconds"]), JSON_VALUES))
    unknown = draw(st.dictionaries(st.sampled_from(["zz_note", "tags", "Kind"]), JSON_VALUES))
    merged = {"id": draw(st.text(min_size=1, max_size=12)), **to_record(puzzle), **known}
    record = {key: merged[key] for key in KEY_ORDER if key in merged}
    return from_record({**record, **unknown})


ANY_PUZZLE = st.one_of(sudokus(), killers("corpus"), greater_killers(), kropkis(), kakuros())
BY_FORMAT = {
    "sudoku": sudokus(),
    "killer": killers("symbols"),
    "ken": kropkis(),
    "kropki3": kropkis(),
    "kakuro": kakuros(),
}


def bare(puzzle: Puzzle) -> Puzzle:
    info = (("negative", puzzle.get_info("negative")),) if puzzle.kind == "kropki" else ()
    return dataclasses.replace(puzzle, id="", info=info)


# --- round trips ---------------------------------------------------------------------------------


@FAST
@given(puzzle=ANY_PUZZLE, data=st.data())
def test_jsonl_round_trip(puzzle, data):
    rich = with_record_facts(puzzle, data.draw)
    for p in (puzzle, rich):
        text = write_text([p], "jsonl")
        assert read_text(text, format="jsonl") == [p]
        assert from_record(to_record(p)) == p
        assert detect_format(text) == "jsonl"


@pytest.mark.parametrize("name", sorted(BY_FORMAT))
def test_text_notation_round_trip(name):
    @FAST
    @given(puzzles=st.lists(BY_FORMAT[name], min_size=1, max_size=3))
    def check(puzzles):
        text = write_text(puzzles, name)
        assert detect_format(text) == name
        back = read_text(text, format=name)
        assert back == [bare(p) for p in puzzles]
        assert write_text(back, name) == text  # the written form is canonical
        again = read_text(text, format=None, filename=f"x{FORMATS[name].extensions[0]}")
        if len(puzzles) == 1:
            assert again[0].id == "x" and dataclasses.replace(again[0], id="") == back[0]

    check()


@FAST
@given(puzzle=killers("corpus"))
def test_killer_notation_relabels_long_labels(puzzle):
    [back] = read_text(write_text([puzzle], "killer"), format="killer")
    cages = puzzle.regions[27:]
    if all(len(r.label) == 1 for r in cages):
        assert back == puzzle
    else:
        assert [r.label for r in back.regions[27:]] == list(SYMBOLS[:len(cages)])
    assert [(r.cells, r.total) for r in back.regions] == [(r.cells, r.total) for r in puzzle.regions]


@FAST
@given(puzzle=kropkis(), data=st.data())
def test_kropki_notations_agree(puzzle, data):
    via_ken = read_text(write_text([puzzle], "ken"), format="ken")
    via_three = read_text(write_text([puzzle], "kropki3"), format="kropki3")
    via_jsonl = read_text(write_text([puzzle], "jsonl"), format="jsonl")
    assert via_ken == via_three == via_jsonl == [puzzle]


@FAST
@given(puzzle=kropkis(), spaced=st.booleans(), blank=st.booleans())
def test_kropki3_accepts_codes_with_or_without_spaces(puzzle, spaced, blank):
    text = write_text([puzzle], "kropki3")
    if not spaced:
        text = text.replace(" ", "")
    if not blank:
        text = "\n".join(line for line in text.splitlines() if line.strip())
    assert read_text(text, format="kropki3") == [puzzle]


@FAST
@given(puzzle=kakuros(), gaps=st.lists(st.sampled_from([" ", "  ", "\t"]), min_size=1))
def test_kakuro_text_accepts_any_spacing(puzzle, gaps):
    text = write_text([puzzle], "kakuro")
    spaced = "".join(ch if ch != " " else gaps[i % len(gaps)] for i, ch in enumerate(text))
    assert read_text("\n" + spaced + "\n\n", format="kakuro") == [puzzle]


@FAST
@given(puzzle=sudokus())
def test_sudoku_line_accepts_zeros(puzzle):
    line = "".join(str(g) for g in puzzle.givens)
    assert read_text(line + "\n\n" + line, format="sudoku") == [puzzle, puzzle]


@FAST
@given(puzzle=kropkis(negative=True))
def test_ken_letters_are_runs_of_plain_empty_cells(puzzle):
    text = write_text([puzzle], "ken").strip()
    assert " " not in text  # the negative rule is the default
    rows = text.split("/")
    assert len(rows) == 9
    expanded = text
    for n, letter in enumerate("ABCDEFGH", 1):
        expanded = expanded.replace(letter, "(xx)" * n)
    assert read_text(expanded, format="ken") == [bare(puzzle)]


def test_detection_uses_the_extension_to_break_ties():
    assert detect_format("", "puzzle.ken") == "ken"
    assert EXTENSIONS[".txt"] == "sudoku" and EXTENSIONS[".json"] == "jsonl"
    text = write_text([sample("sudoku-1")], "sudoku")
    assert detect_format(text, "weird.killer") == "sudoku"  # the content wins


def test_read_path_and_stdin(tmp_path, monkeypatch):
    import io

    path = tmp_path / "two.kakuro"
    path.write_text(write_text([sample("kakuro-6x6"), sample("kakuro-8x8")], "kakuro"))
    first, second = read_path(path)
    assert (first.id, second.id) == ("two/1", "two/8")
    assert dataclasses.replace(first, id="kakuro-6x6") == sample("kakuro-6x6")
    monkeypatch.setattr("sys.stdin", io.StringIO(write_text([sample("killer-1")], "jsonl")))
    assert read_path("-") == [sample("killer-1")]


# --- damaged files ------------------------------------------------------------------------------

NOISE = string.digits + string.ascii_letters + ".#\\/()={}[]\":,?- \n\t"
NOISE_CHARS = st.sampled_from(NOISE) | st.characters()


SOURCES = {
    "jsonl": ANY_PUZZLE,
    **BY_FORMAT,
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_damaged_files_raise_only_sumlogic_errors(name):
    @MUTATIONS
    @given(data=st.data())
    def check(data):
        puzzle = data.draw(SOURCES[name])
        text = data.draw(damaged(write_text([puzzle], name), NOISE_CHARS))
        for format in (name, None):
            try:
                puzzles = read_text(text, format=format, filename=f"damaged{FORMATS[name].extensions[0]}")
            except SumlogicError as error:
                message = str(error)
                assert message and len(message.splitlines()) == 1, message
            else:
                assert all(isinstance(p, Puzzle) for p in puzzles)
                write_text(puzzles, "jsonl")

    check()


@pytest.mark.parametrize("name", ["greater-killer-1", "kakuro-8x8", "killer-1", "kropki-1", "kropki-2",
                                  "sudoku-1"])
def test_damaged_samples_raise_only_sumlogic_errors(name):
    from puzzles.samples import sample_text

    original = sample_text(name)

    @settings(max_examples=60, deadline=None)
    @given(text=damaged(original, NOISE_CHARS))
    def check(text):
        try:
            read_text(text)
        except SumlogicError as error:
            assert len(str(error).splitlines()) == 1

    check()


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=NOISE, max_size=200) | st.text(max_size=80))
def test_any_text_raises_only_sumlogic_errors(text):
    for format in [None, *FORMATS]:
        try:
            read_text(text, format=format)
        except SumlogicError as error:
            assert len(str(error).splitlines()) == 1


def test_writers_refuse_kinds_they_cannot_hold():
    for name, notation in FORMATS.items():
        for kind_sample in ("sudoku-1", "killer-1", "kropki-1", "kakuro-6x6", "greater-killer-1"):
            p = sample(kind_sample)
            if p.kind in notation.kinds:
                assert read_text(write_text([p], name), format=name)
            else:
                with pytest.raises(InvalidPuzzleError, match=f"cannot hold a {p.kind} puzzle"):
                    write_text([p], name)
