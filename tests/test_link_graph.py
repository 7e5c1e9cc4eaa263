"""The link graph (solver/links.py): every weak and strong link it lists, and every
region it says must hold a digit, is true of every solution of small positions,
enumerated in full; and each source of links (cells, houses, groups, cages, runs,
derived sums, dots, the negative rule, comparisons) gives the links it should.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzles import greater_killer, kakuro, killer, kropki, sudoku
from puzzles.killer import Cage
from solver.candidates import Candidates
from solver.contract import Context
from solver.links import LinkGraph, graph, node, regions_needing, sees, strong, weak
from solver.model import Region

from .solutions_support import TooMany, solutions

FULL4 = 0b11110


@lru_cache(maxsize=None)
def grids4() -> tuple[tuple[int, ...], ...]:
    """All 288 solutions of the empty 4x4 Sudoku."""
    return tuple(solutions(sudoku.build(size=4), limit=1000))


def true(n, solution) -> bool:
    cells, d = n
    return any(solution[c] == d for c in cells)


def check_graph(g: LinkGraph, sols: list[tuple[int, ...]]) -> tuple[int, int]:
    """Assert every link of every node of ``g`` holds in each solution; (weak, strong) counts."""
    assert sols, "a position with no solution proves nothing"
    p = g.puzzle
    counts = [0, 0]
    every = list(g.nodes())
    for d in range(1, p.max_digit + 1):
        every += [n for _, n in g.groups(d)]
    for n in every:
        for m, is_strong in g.neighbours(n):
            assert g.is_node(m)
            counts[is_strong] += 1
            for s in sols:
                if is_strong:
                    assert true(n, s) or true(m, s), f"strong {n}={m} fails in {s}"
                else:
                    assert not (true(n, s) and true(m, s)), f"weak {n}-{m} fails in {s}"
            assert (g.strong if is_strong else g.weak)(m, n), f"{n} {m}: not symmetric"
    for a in range(p.size):
        for b in range(p.size):
            for d in range(1, p.max_digit + 1):
                if g.sees(a, b, d):
                    assert all(not (s[a] == d and s[b] == d) for s in sols), (a, b, d)
    for d in range(1, p.max_digit + 1):
        for region, places in g.regions_needing(d):
            for s in sols:
                assert any(s[c] == d for c in places), f"{region.name} needs {d} in {places}: {s}"
    return counts[0], counts[1]


def loosened(sols, max_digit: int, extra: list[int]) -> list[int]:
    """Masks holding each cell's digits over all solutions plus some ``extra`` ones."""
    masks = list(extra)
    for s in sols:
        for c, d in enumerate(s):
            masks[c] |= 1 << d
    full = (1 << (max_digit + 1)) - 2
    return [m & full for m in masks]


# --- generated tiny positions ---------------------------------------------------------------
@st.composite
def cages4(draw, grid, cover: bool):
    """Connected cages of distinct digits over a 4x4 grid (all cells when ``cover``)."""
    left = set(range(16))
    cages = []
    while left:
        seed = min(left) if cover else draw(st.sampled_from(sorted(left)))
        cage, used = [seed], {grid[seed]}
        left.discard(seed)
        size = draw(st.integers(1, 4))
        for _ in range(size * 3):
            if len(cage) >= size:
                break
            c = draw(st.sampled_from(cage))
            r, k = divmod(c, 4)
            opts = [n for n in (c - 4 if r else -1, c + 4 if r < 3 else -1, c - 1 if k else -1, c + 1 if k < 3 else -1)
                    if n in left and grid[n] not in used]
            if opts:
                n = draw(st.sampled_from(opts))
                cage.append(n)
                used.add(grid[n])
                left.discard(n)
        cages.append(sorted(cage))
        if not cover and draw(st.booleans()):
            break
    return cages


@st.composite
def positions(draw):
    """A tiny puzzle of some kind, its solution grid and derived sums taken as facts."""
    grid = draw(st.sampled_from(grids4()))
    kind = draw(st.sampled_from(["sudoku", "killer", "kropki", "greater-killer"]))
    givens = [grid[c] if draw(st.integers(0, 5)) == 0 else 0 for c in range(16)]
    if kind == "sudoku":
        p = sudoku.build(givens, size=4)
    elif kind == "kropki":
        white, black = [], []
        for a in range(16):
            for b in (a + 1, a + 4):
                if b < 16 and (b == a + 4 or a % 4 < 3):
                    x, y = grid[a], grid[b]
                    dot = [divmod(a, 4), divmod(b, 4)]
                    if x == 2 * y or y == 2 * x:
                        black.append(dot)
                    elif abs(x - y) == 1:
                        white.append(dot)
        negative = draw(st.booleans())
        if not negative:
            white = [d for d in white if draw(st.booleans())]
            black = [d for d in black if draw(st.booleans())]
        p = kropki.build([0] * 16, white, black, size=4, negative=negative)
    else:
        cover = kind == "killer"
        cages = draw(cages4(grid, cover))
        hide = kind == "greater-killer"
        cs = [Cage(f"c{i}", None if hide and draw(st.booleans()) else sum(grid[c] for c in cage),
                   tuple(divmod(c, 4) for c in cage)) for i, cage in enumerate(cages)]
        if kind == "killer":
            p = killer.build(cs, size=4)
        else:
            rel = []
            for _ in range(draw(st.integers(0, 4)) if len(cs) > 1 else 0):
                i, j = draw(st.permutations(range(len(cs))))[:2]
                ti, tj = sum(grid[c] for c in cages[i]), sum(grid[c] for c in cages[j])
                rel.append((cs[i].label, "<" if ti < tj else ">" if ti > tj else "=", cs[j].label))
            p = greater_killer.build(cs, rel, size=4)
    virtual = []
    for k in range(draw(st.integers(0, 2))):
        cells = sorted(draw(st.sets(st.integers(0, 15), min_size=2, max_size=3)))
        ds = [grid[c] for c in cells]
        virtual.append(Region(f"derived sum {k}", tuple(cells), total=sum(ds),
                              distinct=len(set(ds)) == len(ds) and draw(st.booleans()), kind="virtual"))
    return p, virtual


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.lists(st.integers(0, FULL4), min_size=16, max_size=16))
def test_every_listed_link_holds_in_every_solution(position, extra):
    p, virtual = position
    try:
        sols = solutions(p, virtual=virtual, limit=300, node_limit=20_000)
    except TooMany:
        assume(False)
    masks = loosened(sols, p.max_digit, extra)
    ctx = Context(p, Candidates(p, masks), [])
    for region in virtual:
        ctx.add_virtual(region)
    check_graph(graph(ctx), sols)


@st.composite
def kakuros(draw):
    """A Kakuro of 2-3 rows and columns of white cells, totals from a random digit rectangle."""
    h, w = draw(st.integers(2, 3)), draw(st.integers(2, 3))
    digits = draw(st.permutations(range(1, 10)))
    shift = draw(st.integers(1, 8))
    vals = [[digits[(r * shift + c) % 9] for c in range(w)] for r in range(h)]
    assume(all(len({vals[r][c] for r in range(h)}) == h for c in range(w)))
    grid = [["#"] + [f"{sum(vals[r][c] for r in range(h))}\\" for c in range(w)]]
    for r in range(h):
        total = sum(vals[r])
        grid.append([f"\\{total}"] + ["."] * w)
    return kakuro.build(grid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kakuros(), st.lists(st.integers(0, 0b1111111110), min_size=9, max_size=9))
def test_kakuro_links_hold_in_every_solution(p, extra):
    sols = solutions(p, limit=5000)
    masks = loosened(sols, 9, extra[:p.size])
    check_graph(LinkGraph(p, masks), sols)


# --- each source of links, on hand-made positions ---------------------------------------------
def bits(*ds: int) -> int:
    return sum(1 << d for d in ds)


def test_cell_and_house_links_in_a_4x4_sudoku():
    p = sudoku.build([1, 0, 0, 0] + [0] * 12, size=4)
    masks = [bits(1)] + [FULL4 & ~bits(1)] * 3 + [FULL4 & ~bits(1)] * 2 + [FULL4] * 10
    g = LinkGraph(p, masks)
    # 1 in box 1 (r1c1 holds it already): not a node, so no link to r1c1
    assert not g.is_node(node(0, 1)) and g.weak_from(node(0, 1)) == ()
    assert g.weak(node(1, 2), node(1, 3)) and not g.strong(node(1, 2), node(1, 3))
    assert g.weak(node(1, 2), node(13, 2)) and g.sees(1, 13, 2) and not g.sees(1, 14, 2)
    # in column 2, 1 can go only in r3c2 and r4c2: a strong link (and a weak one); column 1 has its 1
    assert g.strong(node(9, 1), node(13, 1)) and g.weak(node(9, 1), node(13, 1))
    assert g.why(node(9, 1), node(13, 1)) == "column 2"
    assert not g.strong(node(8, 1), node(12, 1))
    sols = solutions(p, masks, limit=1000)
    check_graph(g, sols)


def test_bivalue_cell_and_groups():
    p = sudoku.build(size=4)
    masks = [FULL4] * 16
    masks[0] = bits(1, 2)
    masks[5] = bits(3, 4)  # r2c2: 1 and 2 are not there, so in box 1 they lie in r1c1, r1c2, r2c1
    masks[1] = bits(1, 3, 4)
    masks[4] = bits(2, 3, 4)
    g = LinkGraph(p, masks)
    assert g.strong(node(0, 1), node(0, 2)) and g.weak(node(0, 1), node(0, 2))
    assert not g.strong(node(1, 1), node(1, 3))
    # box 1 needs 1: r1c1 or r1c2, a strong link in row 1 and in box 1
    assert g.strong(node(0, 1), node(1, 1))
    # groups: 3 in row 1 inside box 2 (r1c3, r1c4) is a group; row 1 and box 2 see all of it
    group = ((2, 3), 3)
    assert group in [n for _, n in g.groups(3)]
    assert g.weak(group, node(1, 3)) and g.weak(group, node(6, 3)) and not g.weak(group, node(9, 3))
    assert not g.weak(group, node(10, 3))  # r3c3 sees r1c3 only
    # row 1 needs 3: r1c2 or the group r1c3|r1c4
    assert g.strong(node(1, 3), group)
    check_graph(g, solutions(p, masks, limit=1000))


def test_killer_cage_forces_and_forbids():
    cages = [Cage("a", 5, ((0, 0), (0, 1)))] + [Cage(f"x{i}", None, ((r, c),))
                                               for i, (r, c) in enumerate((r, c) for r in range(4) for c in range(4)
                                                                          if (r, c) not in ((0, 0), (0, 1)))]
    p = killer.build(cages, size=4)
    masks = [bits(1, 2), bits(3, 4)] + [FULL4] * 14
    g = LinkGraph(p, masks)
    # 1+4 or 2+3: r1c1 not 1 means r1c1 = 2 and r1c2 = 3
    assert g.strong(node(0, 1), node(1, 3)) and g.strong(node(0, 2), node(1, 4))
    assert g.weak(node(0, 1), node(1, 3)) and g.why(node(0, 1), node(1, 3)) == "cage a"
    assert not g.weak(node(0, 1), node(1, 4))
    check_graph(g, solutions(p, masks, limit=2000))


def test_dots_and_the_negative_rule():
    p = kropki.build([0] * 16, white=[((0, 0), (0, 1))], size=4, negative=True)
    masks = [bits(1, 4), bits(2, 3)] + [FULL4] * 14
    g = LinkGraph(p, masks)
    # 1 goes with 2 and 4 with 3: r1c1 = 1 or r1c2 = 3, never both
    assert g.weak(node(0, 1), node(1, 3)) and g.strong(node(0, 1), node(1, 3))
    assert not g.weak(node(0, 1), node(1, 2)) and not g.strong(node(0, 1), node(1, 2))
    assert "white dot" in g.why(node(0, 1), node(1, 3))
    # the negative rule: r1c3 and r1c4 have no dot, so 1 and 2 cannot sit there side by side
    assert g.weak(node(2, 1), node(3, 2)) and not g.weak(node(2, 1), node(3, 3))
    # (that grid has no solution: check the dot's links on the same dot without the negative rule)
    loose = kropki.build([0] * 16, white=[((0, 0), (0, 1))], size=4, negative=False)
    g = LinkGraph(loose, masks)
    assert g.strong(node(0, 1), node(1, 3)) and not g.weak(node(2, 1), node(3, 2))
    check_graph(g, solutions(loose, masks, limit=2000))


def test_comparison_links_in_a_greater_killer():
    cages = [Cage("a", None, ((0, 0), (0, 1))), Cage("b", None, ((1, 0), (1, 1)))]
    p = greater_killer.build(cages, [("a", "<", "b")], size=4)
    g = LinkGraph(p, [FULL4] * 16)
    # with r1c1 = 4 cage a is at least 5; with r2c1 = 1 cage b is at most 5: a < b fails
    assert g.weak(node(0, 4), node(4, 1)) and g.why(node(0, 4), node(4, 1)) == ""
    assert not g.weak(node(0, 1), node(4, 4))
    check_graph(g, solutions(p, limit=1000))


def test_kakuro_run_needs_a_digit():
    p = kakuro.build([["#", "4\\", "10\\"], ["\\5", ".", "."], ["\\9", ".", "."]])
    g = LinkGraph(p, [bits(1, 2, 3)] * 2 + [FULL4 | bits(5, 6, 7, 8, 9)] * 2)
    # across 5 = 1+4 or 2+3 with r2c2 from 1-3: down 4 = 1+3 forces r2c2, r3c2 from {1,3}
    needed = {r.name: cells for r, cells in regions_needing(g, 1)}
    assert "down 4 at r2c2" in needed
    check_graph(g, solutions(p, g.masks, limit=2000))


def test_derived_sums_add_links_and_the_cache_follows_the_state():
    p = sudoku.build(size=4)
    ctx = Context(p, Candidates.initial(p), [])
    g = graph(ctx)
    assert not sees(ctx, 0, 15, 1)
    ctx.add_virtual(Region("derived sum 1", (0, 15), total=3, kind="virtual"))
    g2 = graph(ctx)
    assert g2 is not g and sees(ctx, 0, 15, 1)
    # 3 = 1 + 2: one of the two cells is 1, and they are not both 1 (nor both 2)
    assert strong(ctx, node(0, 1), node(15, 1)) and weak(ctx, node(0, 1), node(15, 1))
    assert weak(ctx, node(0, 2), node(15, 2)) and weak(ctx, node(0, 1), node(15, 3))
    assert not weak(ctx, node(0, 1), node(15, 2))
    ctx.state.masks[3] &= ~bits(4)
    assert graph(ctx) is not g2 and graph(ctx) is graph(ctx)


@pytest.mark.parametrize("size", [6, 9])
def test_bigger_grids_build(size):
    p = sudoku.build(size=size)
    g = LinkGraph(p, Candidates.initial(p).masks)
    assert len(g.groups(1)) == {6: 30, 9: 54}[size]  # every line inside every box
    assert len(g.strong_from(node(0, 1))) == 0 and len(g.weak_from(node(0, 1))) > size


def test_graph_is_one_per_context_state():
    p = sudoku.build(size=4)
    ctx = Context(p, Candidates.initial(p), [])
    assert graph(ctx) is graph(ctx.fork())  # forks share the memo: the same state, the same graph


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.lists(st.integers(0, FULL4), min_size=16, max_size=16))
def test_the_numbered_graph_has_the_same_links(position, extra):
    p, virtual = position
    masks = [(m & FULL4) | 1 << (1 + k % 4) for k, m in enumerate(extra)]
    g = LinkGraph(p, masks, virtual)
    ix = g.index()
    for i, n in enumerate(ix.nodes):
        assert [ix.nodes[j] for j in ix.strong[i]] == sorted(g.strong_from(n), key=ix.at.__getitem__)
        assert [ix.nodes[j] for j in ix.weak[i]] == sorted(g.weak_from(n), key=ix.at.__getitem__)
        assert ix.weak_bits[i] == sum(1 << j for j in ix.weak[i])


@pytest.mark.parametrize("name", ["kakuro-8x8", "killer-1", "kropki-2", "greater-killer-1", "sudoku-1"])
def test_the_numbered_graph_has_the_same_links_on_a_whole_solve(name):
    """``Indexed`` builds weak links region by region and adds what no region covers
    (a dot's other cell) cell by cell: at every state of a bundled puzzle's solve, with
    the derived regions found by then, each node's links are exactly the graph's."""
    from dataclasses import replace

    from puzzles import sample
    from solver.engine import solve_with_logic
    from techniques import DEFAULT

    p = sample(name)
    states: list[tuple[list[int], list[Region]]] = []

    def record(t):
        def find(ctx):
            if not ctx.depth:
                states.append((list(ctx.state.masks), list(ctx.virtual)))
            return t.find(ctx)
        return replace(t, find=find)

    solve_with_logic(p, (record(DEFAULT[0]),) + tuple(DEFAULT[1:]), explain=False, timeout=None, budget=20_000)
    assert len(states) > 5
    for masks, virtual in states[::3]:
        g = LinkGraph(p, masks, virtual)
        ix = g.index()
        for i, n in enumerate(ix.nodes):
            assert [ix.nodes[j] for j in ix.weak[i]] == sorted(g.weak_from(n), key=ix.at.__getitem__), (name, n)
            assert [ix.nodes[j] for j in ix.strong[i]] == sorted(g.strong_from(n), key=ix.at.__getitem__), (name, n)
