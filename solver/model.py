"""The generic puzzle model shared by every kind.

A :class:`Puzzle` is immutable.  It holds

* **cells**: the playable cells, by index, each with a grid position
  ``(row, col)`` counted from 0 (a Kakuro grid counts its clue and block cells
  too, so ``r1c1`` is its top-left corner);
* **regions**: a set of cells with an optional total and a distinct flag.  A
  Sudoku row, a Killer cage and a Kakuro run are all regions;
* **pairs**: a relation between two cells (Kropki dots and the negative rule);
* **comparisons**: ``sum(region A) < / = / > sum(region B)`` (Greater Killer);
* **givens**: a digit per cell, 0 where empty.

It knows nothing of solving: candidates live in :mod:`solver.candidates`.

>>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...            regions=(Region("cage a", (0, 1), total=3),), givens=(0, 0))
>>> p.cell_name(1), p.size, p.regions_of(0)
('r1c2', 2, (0,))
>>> Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
...        regions=(Region("cage a", (0, 1), total=30),), givens=(0, 0))
Traceback (most recent call last):
...
solver.errors.InvalidPuzzleError: cage a: total 30 is impossible for 2 different digits (3..17)
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import Any, Callable, Iterable, Literal, NoReturn, TypeVar

from .bits import CONSECUTIVE_OF, RATIO_OF, sum_range
from .errors import InvalidPuzzleError, ParseError

PairKind = Literal["consecutive", "ratio", "neither"]
Op = Literal["<", "=", ">"]
PAIR_KINDS: tuple[str, ...] = ("consecutive", "ratio", "neither")
OPS: tuple[str, ...] = ("<", "=", ">")
HOUSE_KINDS: tuple[str, ...] = ("row", "column", "box", "region")
"""The region kinds that are houses of a Sudoku-type grid (``region``: an irregular, jigsaw, region)."""
BLOCK_KINDS: tuple[str, ...] = ("box", "region")
"""The houses that are neither rows nor columns: boxes and irregular regions."""

_CELL_NAME = re.compile(r"r([0-9]+)c([0-9]+)\Z")
"""A cell name: ASCII digits only (``\\d`` would take ``r١c1``, an Arabic-Indic one)."""

MAX_NAME_DIGITS = 9
"""The most digits a row or column number of a cell name may have (no grid is that big)."""

MAX_AREA = 1_000_000
"""The largest grid a puzzle may have, in squares (height x width): far beyond any real puzzle,
small enough that a grid of it fits in memory."""


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error message
    about a value that may be huge or deeply nested.

    >>> shown("x" * 100, 10)
    "'xxxxxx..."
    """
    try:
        text = reprlib.repr(value)
    except Exception:  # a value whose own __repr__ fails is named by its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def cell_label(row: int, col: int) -> str:
    """Name a grid position (0-based) the way puzzles are discussed: ``r3c4``."""
    return f"r{row + 1}c{col + 1}"


def parse_cell_label(text: str) -> tuple[int, int]:
    """``'r3c4'`` -> ``(2, 3)``; raises :class:`ParseError` on anything else.

    >>> parse_cell_label("r10c2")
    (9, 1)
    """
    m = _CELL_NAME.match(text.strip().lower()) if isinstance(text, str) else None
    if m and max(len(m.group(1)), len(m.group(2))) > MAX_NAME_DIGITS:
        raise ParseError(f"bad cell name {shown(text)}: its row or column has more than {MAX_NAME_DIGITS} digits")
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise ParseError(f"bad cell name {shown(text)} (expected rRcC, e.g. r3c4)")
    return int(m.group(1)) - 1, int(m.group(2)) - 1


@dataclass(frozen=True)
class Region:
    """Cells whose digits obey one rule: a total (when ``total`` is set) and/or all different.

    ``kind`` is what the region is to a human: ``row``, ``column``, ``box``,
    ``region`` (an irregular house of a jigsaw grid), ``cage``, ``across``,
    ``down`` or ``virtual`` (a derived sum).  ``label`` is
    the cage letter for cages.
    """

    name: str
    cells: tuple[int, ...]
    total: int | None = None
    distinct: bool = True
    kind: str = "cage"
    label: str | None = None


@dataclass(frozen=True)
class Pair:
    """A relation between two cells.

    ``consecutive``: the digits differ by one (Kropki white dot);
    ``ratio``: one digit is twice the other (Kropki black dot);
    ``neither``: neither consecutive nor in ratio 1:2 (the negative rule).
    """

    a: int
    b: int
    kind: PairKind


@dataclass(frozen=True)
class Comparison:
    """``sum(regions[left]) op sum(regions[right])``, regions given by index."""

    left: int
    op: Op
    right: int


@dataclass(frozen=True)
class Puzzle:
    """An immutable puzzle of any kind (see the module docstring)."""

    kind: str
    height: int
    width: int
    cells: tuple[tuple[int, int], ...]
    regions: tuple[Region, ...]
    givens: tuple[int, ...] = ()
    pairs: tuple[Pair, ...] = ()
    comparisons: tuple[Comparison, ...] = ()
    max_digit: int = 9
    id: str = ""
    # Facts carried for the notations (source, difficulty, negative rule...), never used to solve.
    info: tuple[tuple[str, Any], ...] = field(default=(), compare=True)

    def __post_init__(self) -> None:
        if not self.givens:
            object.__setattr__(self, "givens", (0,) * len(self.cells))
        validate(self)

    def __hash__(self) -> int:
        # Hashing every field is slow for big puzzles and techniques cache on the
        # puzzle, so the hash is computed once (the puzzle is immutable).
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.kind, self.height, self.width, self.cells, self.regions, self.givens,
                           self.pairs, self.comparisons, self.max_digit, self.id, self.info))
            self.__dict__["_hash"] = cached
        return cached

    # --- naming -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of playable cells."""
        return len(self.cells)

    def cell_name(self, cell: int) -> str:
        """``rRcC`` of a cell index (1-based grid row and column)."""
        r, c = self.cells[cell]
        return cell_label(r, c)

    def cell_at(self, name_or_pos: str | tuple[int, int]) -> int:
        """The index of the cell at ``'r3c4'`` or ``(2, 3)``.

        Raises:
            TypeError: neither a str nor a pair of ints.
            InvalidPuzzleError: (a ``ValueError``; :class:`ParseError` for a
                bad name) no playable cell there.
        """
        if isinstance(name_or_pos, str):
            pos = parse_cell_label(name_or_pos)
        elif isinstance(name_or_pos, tuple) and len(name_or_pos) == 2 and all(_whole(x) for x in name_or_pos):
            pos = (name_or_pos[0], name_or_pos[1])
        else:
            raise TypeError(f"a cell is 'rRcC' or a (row, column) pair of ints, not {shown(name_or_pos)}")
        found = self.index_of.get(pos)
        if found is None:
            raise InvalidPuzzleError(f"{cell_label(*pos)}: not a playable cell")
        return found

    def get_info(self, key: str, default: Any = None) -> Any:
        """A carried fact such as ``source`` or ``negative``."""
        for k, v in self.info:
            if k == key:
                return v
        return default

    # --- derived structure (cached) ---------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Pickle the puzzle without what :func:`per_puzzle` derived from it
        (a worker process derives it again), nor its cached hash: string hashes
        differ from one Python process to the next, so a hash carried over would
        disagree with that of an equal puzzle built in the worker."""
        state = dict(self.__dict__)
        state.pop(_DERIVED, None)
        state.pop("_hash", None)
        return state

    @cached_property
    def index_of(self) -> dict[tuple[int, int], int]:
        """Grid position -> cell index."""
        return {pos: i for i, pos in enumerate(self.cells)}

    @cached_property
    def cell_regions(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indexes of the regions that hold it."""
        out: list[list[int]] = [[] for _ in self.cells]
        for ri, region in enumerate(self.regions):
            for c in region.cells:
                out[c].append(ri)
        return tuple(tuple(x) for x in out)

    def regions_of(self, cell: int) -> tuple[int, ...]:
        """The indexes of the regions holding ``cell``."""
        return self.cell_regions[cell]

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells that must hold a different digit."""
        out: list[set[int]] = [set() for _ in self.cells]
        for region in self.regions:
            if region.distinct:
                for c in region.cells:
                    out[c].update(region.cells)
        return tuple(frozenset(s - {i}) for i, s in enumerate(out))

    @cached_property
    def cell_pairs(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indexes of the pairs that involve it."""
        out: list[list[int]] = [[] for _ in self.cells]
        for pi, pair in enumerate(self.pairs):
            out[pair.a].append(pi)
            out[pair.b].append(pi)
        return tuple(tuple(x) for x in out)

    @cached_property
    def region_index(self) -> dict[str, int]:
        """Region name -> index (and cage label -> index for cages)."""
        out = {r.name: i for i, r in enumerate(self.regions)}
        for i, r in enumerate(self.regions):
            if r.label is not None:
                out.setdefault(r.label, i)
        return out

    @property
    def is_full_grid(self) -> bool:
        """True when every grid position is a playable cell (the 9x9 kinds)."""
        return len(self.cells) == self.height * self.width

    # --- solutions ----------------------------------------------------------------
    def format_solution(self, digits: Iterable[int]) -> str | list[str]:
        """A solution in the corpus shape: one string of digits for a full grid,
        else one string per grid row with ``#`` where there is no playable cell."""
        digits = list(digits)
        if self.is_full_grid:
            grid = [["0"] * self.width for _ in range(self.height)]
            for (r, c), d in zip(self.cells, digits):
                grid[r][c] = str(d)
            return "".join("".join(row) for row in grid)
        grid = [["#"] * self.width for _ in range(self.height)]
        for (r, c), d in zip(self.cells, digits):
            grid[r][c] = str(d) if d else "."
        return ["".join(row) for row in grid]

    def parse_solution(self, text: str | list[str]) -> tuple[int, ...]:
        """The inverse of :meth:`format_solution`: digits per cell index."""
        if isinstance(text, str):
            rows = [text[i:i + self.width] for i in range(0, len(text), self.width)]
        else:
            rows = list(text)
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise ParseError(f"solution is not {self.height}x{self.width}, the grid's size")
        out = []
        for r, c in self.cells:
            ch = rows[r][c]
            if not ch.isdigit():
                raise ParseError(f"{cell_label(r, c)}: solution has {ch!r}, not a digit")
            out.append(int(ch))
        return tuple(out)

    def check_solution(self, digits: Iterable[int]) -> list[str]:
        """Every rule a full assignment breaks, as sentences (empty when it is a solution)."""
        d = list(digits)
        problems = []
        for i, g in enumerate(self.givens):
            if g and d[i] != g:
                problems.append(f"{self.cell_name(i)}: given {g} changed to {d[i]}")
        for i, v in enumerate(d):
            if not 1 <= v <= self.max_digit:
                problems.append(f"{self.cell_name(i)}: {v} is not a digit 1..{self.max_digit}")
        for region in self.regions:
            vals = [d[c] for c in region.cells]
            if region.distinct and len(set(vals)) != len(vals):
                problems.append(f"{region.name}: a digit repeats")
            if region.total is not None and sum(vals) != region.total:
                problems.append(f"{region.name}: sums to {sum(vals)}, not {region.total}")
        for pair in self.pairs:
            x, y = d[pair.a], d[pair.b]
            if not pair_holds(pair.kind, x, y):
                problems.append(f"{self.cell_name(pair.a)}-{self.cell_name(pair.b)}: {x},{y} break {pair.kind}")
        for comp in self.comparisons:
            ls = sum(d[c] for c in self.regions[comp.left].cells)
            rs = sum(d[c] for c in self.regions[comp.right].cells)
            if not compare(ls, comp.op, rs):
                left, right = self.regions[comp.left].name, self.regions[comp.right].name
                problems.append(f"{left} {comp.op} {right} fails ({ls}, {rs})")
        return problems


T = TypeVar("T")
_DERIVED = "_derived"


def per_puzzle(fn: Callable[[Puzzle], T]) -> Callable[[Puzzle], T]:
    """Structure derived from a puzzle, computed once per puzzle and kept on
    the puzzle object itself: the one way the solver and the techniques cache
    what a puzzle implies (its equations, its run graph, its propagator).  It
    lives exactly as long as the puzzle, so nothing grows with the number of
    puzzles solved, and it is left out when the puzzle is pickled.  Looking
    it up costs one dict access: a large frozen puzzle is never hashed.

    >>> calls = []
    >>> @per_puzzle
    ... def cell_count(p: Puzzle) -> int:
    ...     calls.append(p.id)
    ...     return len(p.cells)
    >>> p = Puzzle(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)), regions=(), givens=(0, 0), id="x")
    >>> cell_count(p), cell_count(p), calls
    (2, 2, ['x'])
    >>> import pickle; "_derived" in pickle.loads(pickle.dumps(p)).__dict__
    False
    """
    key = f"{fn.__module__}.{fn.__qualname__}"

    @wraps(fn)
    def derived(puzzle: Puzzle) -> T:
        store = puzzle.__dict__.get(_DERIVED)
        if store is None:
            store = puzzle.__dict__[_DERIVED] = {}
        if key in store:
            return store[key]
        value = store[key] = fn(puzzle)
        return value

    return derived


def pair_holds(kind: str, x: int, y: int) -> bool:
    """Whether digits ``x`` and ``y`` satisfy a pair relation."""
    consecutive = abs(x - y) == 1
    ratio = x == 2 * y or y == 2 * x
    if kind == "consecutive":
        return consecutive
    if kind == "ratio":
        return ratio
    return not consecutive and not ratio


def _pair_support(kind: str) -> tuple[int, ...]:
    """For each candidate mask of one cell: the digits of the other cell that
    have a partner in it under relation ``kind``."""
    if kind == "consecutive":
        return CONSECUTIVE_OF
    if kind == "ratio":
        return RATIO_OF
    return tuple(sum(1 << x for x in range(1, 10)
                     if any(m >> y & 1 and pair_holds(kind, x, y) for y in range(1, 10)))
                 for m in range(1 << 10))


#: The pair relations as mask tables: ``PAIR_SUPPORT[kind][mask]`` holds the
#: digits with a partner in ``mask``.
#:
#: >>> from solver.bits import digits_of
#: >>> digits_of(PAIR_SUPPORT["ratio"][1 << 4]), digits_of(PAIR_SUPPORT["neither"][1 << 1])
#: ([2, 8], [1, 4, 5, 6, 7, 8, 9])
PAIR_SUPPORT: dict[str, tuple[int, ...]] = {k: _pair_support(k) for k in ("consecutive", "ratio", "neither")}


def compare(a: int, op: str, b: int) -> bool:
    """``a op b`` for op in ``<``, ``=``, ``>``."""
    return a < b if op == "<" else a > b if op == ">" else a == b


def _fail(what: str, value: Any) -> NoReturn:
    raise TypeError(f"Puzzle: {what}, not {shown(value)}")


def _whole(value: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_types(p: Puzzle) -> None:
    """Raise TypeError naming the first field of ``p`` of the wrong type (a
    hand-built puzzle; the readers build right ones), so that nothing deeper
    fails on it.  Run on every puzzle built (generators build many), so the
    checks are plain loops and a message is only written for a failure."""
    if not isinstance(p.kind, str):
        _fail("kind must be a str", p.kind)
    if not isinstance(p.id, str):
        _fail("id must be a str", p.id)
    for name in ("height", "width", "max_digit"):
        if not _whole(getattr(p, name)):
            _fail(f"{name} must be an int", getattr(p, name))
    for name, item in (("cells", None), ("regions", Region), ("givens", None), ("pairs", Pair),
                       ("comparisons", Comparison), ("info", None)):
        value = getattr(p, name)
        if not isinstance(value, tuple):
            _fail(f"{name} must be a tuple", value)
        if item is not None:
            for x in value:
                if not isinstance(x, item):
                    _fail(f"{name} must hold {item.__name__} records", x)
    for c in p.cells:
        if not (isinstance(c, tuple) and len(c) == 2 and _whole(c[0]) and _whole(c[1])):
            _fail("each cell must be a (row, column) tuple of ints", c)
    for g in p.givens:
        if not _whole(g):
            _fail("givens must be ints (0 for none)", g)
    for x in p.info:
        if not (isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)):
            _fail("info must hold (str, value) pairs", x)
    for region in p.regions:
        if not isinstance(region.name, str):
            _fail("a region's name must be a str", region.name)
        if not (isinstance(region.cells, tuple) and all(_whole(c) for c in region.cells)):
            _fail(f"region {shown(region.name)}: cells must be a tuple of cell indexes (ints)", region.cells)
        if not (region.total is None or _whole(region.total)):
            _fail(f"region {shown(region.name)}: total must be an int or None", region.total)
        if not isinstance(region.distinct, bool):
            _fail(f"region {shown(region.name)}: distinct must be True or False", region.distinct)
        if not isinstance(region.kind, str):
            _fail(f"region {shown(region.name)}: kind must be a str", region.kind)
        if not (region.label is None or isinstance(region.label, str)):
            _fail(f"region {shown(region.name)}: label must be a str or None", region.label)
    for pair in p.pairs:
        if not (_whole(pair.a) and _whole(pair.b)):
            _fail("a pair's cells must be cell indexes (ints)", (pair.a, pair.b))
    for comp in p.comparisons:
        if not (_whole(comp.left) and _whole(comp.right)):
            _fail("a comparison's sides must be region indexes (ints)", (comp.left, comp.right))


def validate(p: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` naming the first broken rule of a
    puzzle's shape (TypeError for a field of the wrong type)."""
    _check_types(p)
    if p.height < 1 or p.width < 1:
        raise InvalidPuzzleError(f"grid size {p.height}x{p.width} is empty")
    if p.height * p.width > MAX_AREA:
        raise InvalidPuzzleError(f"grid size {p.height}x{p.width} is larger than {MAX_AREA:,} squares")
    if not p.cells:
        raise InvalidPuzzleError(f"the {p.height}x{p.width} grid has no playable cell")
    if not 1 <= p.max_digit <= 9:
        raise InvalidPuzzleError(f"largest digit {p.max_digit} is not 1..9")
    seen: set[tuple[int, int]] = set()
    for r, c in p.cells:
        if not (0 <= r < p.height and 0 <= c < p.width):
            raise InvalidPuzzleError(f"{cell_label(r, c)}: outside the {p.height}x{p.width} grid")
        if (r, c) in seen:
            raise InvalidPuzzleError(f"{cell_label(r, c)}: listed twice")
        seen.add((r, c))
    if len(p.givens) != len(p.cells):
        raise InvalidPuzzleError(f"{len(p.givens)} givens for {len(p.cells)} cells")
    for i, g in enumerate(p.givens):
        if not 0 <= g <= p.max_digit:
            raise InvalidPuzzleError(f"{p.cell_name(i)}: given {g} is not a digit 1..{p.max_digit}")
    n = len(p.cells)
    for region in p.regions:
        if not region.cells:
            raise InvalidPuzzleError(f"{region.name}: has no cells")
        if any(not 0 <= c < n for c in region.cells):
            raise InvalidPuzzleError(f"{region.name}: names a cell that does not exist")
        if len(set(region.cells)) != len(region.cells):
            raise InvalidPuzzleError(f"{region.name}: lists a cell twice")
        k = len(region.cells)
        if region.distinct and k > p.max_digit:
            raise InvalidPuzzleError(f"{region.name}: {k} cells cannot all differ with digits 1..{p.max_digit}")
        if region.total is not None:
            lo, hi = sum_range(k, p.max_digit, region.distinct)
            if not lo <= region.total <= hi:
                what = "different digits" if region.distinct else "digits"
                raise InvalidPuzzleError(
                    f"{region.name}: total {region.total} is impossible for {k} {what} ({lo}..{hi})")
        if region.distinct:
            given = [p.givens[c] for c in region.cells if p.givens[c]]
            if len(set(given)) != len(given):
                raise InvalidPuzzleError(f"{region.name}: a given digit repeats")
    for pair in p.pairs:
        if not (0 <= pair.a < n and 0 <= pair.b < n) or pair.a == pair.b:
            raise InvalidPuzzleError("a dot names a cell that does not exist")
        (ra, ca), (rb, cb) = p.cells[pair.a], p.cells[pair.b]
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise InvalidPuzzleError(
                f"dot between {cell_label(ra, ca)} and {cell_label(rb, cb)}: the cells are not neighbours")
        if pair.kind not in PAIR_KINDS:
            raise InvalidPuzzleError(
                f"dot between {cell_label(ra, ca)} and {cell_label(rb, cb)}: unknown kind {pair.kind!r}")
    for comp in p.comparisons:
        if not (0 <= comp.left < len(p.regions) and 0 <= comp.right < len(p.regions)):
            raise InvalidPuzzleError("a comparison names a cage that does not exist")
        if comp.op not in OPS:
            raise InvalidPuzzleError(f"comparison {p.regions[comp.left].name} {comp.op} ...: unknown operator")
