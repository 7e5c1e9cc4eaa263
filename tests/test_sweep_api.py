"""Issue 20, the API's boundary and the local HTTP API: fresh cases of each
failure class, found by an adversarial sweep, each failing on the commit
before the sweep (6a62ce2).

Classes: a hand-built :class:`Puzzle` with fields of the wrong type (it used
to be accepted and fail deep inside, or raise AttributeError/ValueError from
the validator); cell names with non-ASCII or endless digits (``r١c1`` was
read as r1c1, ``r<5000 digits>c1`` ended in Python's int-conversion error);
timeouts past a float's range (OverflowError); :class:`Position` arguments
and steps of the wrong type or range (AttributeError, IndexError, a negative
cell silently taken from the end); position data of another puzzle
(silently used); plain ValueErrors out of ``generate``; and a server that
answered 500 for huge numbers, lone surrogates, deep values and positions
with bad cell names.
"""

from __future__ import annotations

import json
import math
from typing import Any, Iterator

import pytest
from hypothesis import given, settings, strategies as st

import sumlogic
from solver.errors import InvalidArgumentError, InvalidPuzzleError, ParseError, SumlogicError
from solver.model import MAX_AREA, Comparison, Pair, Puzzle, Region, parse_cell_label
from solver.step import Step
from sumlogic import Position, read_position

from .process_support import plain

NORMAL = settings(max_examples=200, deadline=None)
SLOW = settings(max_examples=3000, deadline=None)

SUDOKU = sumlogic.read("sample:sudoku-1")[0]
KAKURO = sumlogic.read("sample:kakuro-6x6")[0]
KILLER = sumlogic.read("sample:killer-1")[0]
OPEN = next(i for i, g in enumerate(SUDOKU.givens) if not g)
"""An open cell of the Sudoku sample."""



# ------------------------------------------------------------------ a Puzzle built by hand


def tiny(**fields: Any) -> Puzzle:
    """A valid two-cell puzzle, with ``fields`` changed."""
    base: dict[str, Any] = dict(kind="demo", height=1, width=2, cells=((0, 0), (0, 1)),
                                regions=(Region("cage a", (0, 1), total=3),), givens=(0, 0))
    base.update(fields)
    return Puzzle(**base)


TWO = (Region("a", (0,)), Region("b", (1,)))
WRONG_FIELDS: list[tuple[str, Any]] = [
    ("kind", None), ("kind", 1), ("kind", b"demo"),
    ("id", 5), ("id", None), ("id", b"x"),
    ("height", "1"), ("height", 1.0), ("height", True), ("height", None),
    ("width", 2.5), ("width", False), ("max_digit", "9"), ("max_digit", 9.0), ("max_digit", True),
    ("cells", None), ("cells", [(0, 0), (0, 1)]), ("cells", ((0, 0, 0), (0, 1))), ("cells", ((0.0, 0), (0, 1))),
    ("cells", ((True, 0), (0, 1))), ("cells", ("ab", (0, 1))), ("cells", ((0,), (0, 1))),
    ("regions", None), ("regions", ("ab",)), ("regions", ({"cells": (0, 1)},)), ("regions", [Region("a", (0, 1))]),
    ("regions", (Region(None, (0, 1)),)), ("regions", (Region("a", [0, 1]),)),  # type: ignore[arg-type]
    ("regions", (Region("a", (0.0, 1)),)), ("regions", (Region("a", (0, 1), total="3"),)),  # type: ignore[arg-type]
    ("regions", (Region("a", (0, 1), total=3.0),)), ("regions", (Region("a", (0, 1), total=True),)),  # type: ignore[arg-type]
    ("regions", (Region("a", (0, 1), total=math.nan),)), ("regions", (Region("a", (0, 1), distinct="no"),)),  # type: ignore[arg-type]
    ("regions", (Region("a", (0, 1), kind=None),)), ("regions", (Region("a", (0, 1), label=1),)),  # type: ignore[arg-type]
    ("givens", (1.5, 0)), ("givens", ("1", 0)), ("givens", (True, 0)), ("givens", "10"), ("givens", (None, 0)),
    ("givens", [1, 0]), ("cells", (None, (0, 1))), ("regions", (None,)), ("pairs", (None,)),
    ("comparisons", (None,)), ("info", (None,)),
    ("pairs", ("x",)), ("pairs", (Pair(0.0, 1, "consecutive"),)), ("pairs", [Pair(0, 1, "ratio")]),  # type: ignore[arg-type]
    ("comparisons", (1,)), ("comparisons", (Comparison(0.0, "<", 1),)),  # type: ignore[arg-type]
    ("info", 5), ("info", {"a": 1}), ("info", ((1, 2),)), ("info", ("ab",)), ("info", [("a", 1)]),
]
"""A field of a hand-built puzzle and a value of the wrong type for it."""


@pytest.mark.parametrize("field, value", WRONG_FIELDS, ids=[f"{f}-{n}" for n, (f, _) in enumerate(WRONG_FIELDS)])
def test_a_puzzle_field_of_the_wrong_type_is_a_type_error(field: str, value: Any) -> None:
    extra = {"regions": TWO} if field == "comparisons" else {}
    with pytest.raises(TypeError, match=f"^Puzzle: .*{field.rstrip('s')}") as caught:
        tiny(**{**extra, field: value})
    plain(str(caught.value))


@NORMAL
@given(height=st.integers(1, 10 ** 30), width=st.integers(2, 10 ** 30))
def test_a_grid_too_large_to_hold_is_refused(height: int, width: int) -> None:
    """Any area past the limit is refused at once (no grid of it is ever built);
    within it, a puzzle of two cells in a corner is fine."""
    if height * width <= MAX_AREA:
        solution = tiny(height=height, width=width).format_solution((1, 2))
        assert (solution if isinstance(solution, str) else solution[0]).startswith("12")
        return
    with pytest.raises(InvalidPuzzleError, match="larger than"):
        tiny(height=height, width=width)


def test_a_puzzle_without_a_cell_is_refused() -> None:
    """It reached the exact solver, whose native program refused it with a plain ValueError."""
    with pytest.raises(InvalidPuzzleError, match="no playable cell"):
        Puzzle(kind="sudoku", height=1, width=1, cells=(), regions=())


@pytest.mark.parametrize("field, value", [("givens", (10,) * 81), ("regions", (Region("x", (500,)),)),
                                          ("cells", ((0, 0),) * 81), ("max_digit", 0), ("kind", None)])
@pytest.mark.parametrize("call", [
    sumlogic.solve, lambda p: sumlogic.explain(p, budget=0), sumlogic.hint, lambda p: sumlogic.grade(p, budget=0),
    lambda p: sumlogic.check(Position(p)), lambda p: sumlogic.hint(Position(p)), sumlogic.write,
], ids=["solve", "explain", "hint", "grade", "check", "hint-position", "write"])
def test_a_puzzle_changed_after_it_was_made_is_named(field: str, value: Any, call: Any) -> None:
    """A frozen Puzzle changed anyway (``object.__setattr__``) ended in
    ValueError/IndexError from the native search or the model; the public
    functions check it again and name the broken rule."""
    import dataclasses

    changed = dataclasses.replace(SUDOKU)
    object.__setattr__(changed, field, value)
    with pytest.raises((InvalidPuzzleError, TypeError)) as caught:
        call(changed)
    plain(str(caught.value))


def test_cell_at_checks_its_argument() -> None:
    for wrong in (None, (1,), (1, 2, 3), (1.0, 2), 5, [0, 0]):
        with pytest.raises(TypeError, match="a cell is"):
            SUDOKU.cell_at(wrong)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzleError, match="not a playable cell"):
        SUDOKU.cell_at((9, 0))


# ------------------------------------------------------------------ cell names: ASCII digits, bounded


OTHER_DIGITS = st.text(st.characters(categories=["Nd"]), min_size=1, max_size=3).filter(lambda t: not t.isascii())
"""Digits of other scripts (Arabic-Indic, Devanagari, fullwidth...): ``str.isdigit`` and ``\\d`` take them."""


@NORMAL
@given(row=OTHER_DIGITS, column=st.sampled_from(["1", "2"]), swap=st.booleans())
def test_cell_names_take_ascii_digits_only(row: str, column: str, swap: bool) -> None:
    name = f"r{column}c{row}" if swap else f"r{row}c{column}"
    with pytest.raises(ParseError, match="bad cell name"):
        parse_cell_label(name)
    with pytest.raises(InvalidArgumentError, match="bad cell name"):
        Position(SUDOKU).cell(name)
    with pytest.raises(ParseError):
        Position.from_dict({"placed": {name: 1}}, SUDOKU)
    with pytest.raises(ParseError):
        read_position(SUDOKU, f"{name}=12")


@NORMAL
@given(digits=st.integers(10, 6000), where=st.sampled_from(["row", "column"]))
def test_endless_cell_numbers_are_a_plain_error(digits: int, where: str) -> None:
    number = "1" * digits
    name = f"r{number}c1" if where == "row" else f"r1c{number}"
    for call in (lambda: parse_cell_label(name), lambda: SUDOKU.cell_at(name),
                 lambda: Position(SUDOKU).cell(name), lambda: read_position(SUDOKU, f"{name}=5"),
                 lambda: Position.from_dict({"marks": {name: [1]}}, SUDOKU)):
        with pytest.raises(ValueError) as caught:
            call()
        assert isinstance(caught.value, SumlogicError)
        plain(str(caught.value))
        assert len(str(caught.value)) < 200


@NORMAL
@given(digits=st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=4).filter(
    lambda t: not t.isascii()))
def test_pencil_marks_take_ascii_digits_only(digits: str) -> None:
    """``keep("²")`` ended in int()'s ValueError; ``keep("١٢")`` was read as 1, 2."""
    with pytest.raises(InvalidArgumentError, match="not a string of digits"):
        Position(SUDOKU).keep(OPEN, digits)


# ------------------------------------------------------------------ numbers past a float's range


@pytest.mark.parametrize("call", [
    lambda t: sumlogic.solve(SUDOKU, timeout=t),
    lambda t: sumlogic.explain(SUDOKU, timeout=t, budget=0),
    lambda t: sumlogic.hint(SUDOKU, timeout=t),
    lambda t: sumlogic.grade(SUDOKU, timeout=t, budget=0),
    lambda t: sumlogic.check(Position(SUDOKU), timeout=t),
], ids=["solve", "explain", "hint", "grade", "check"])
def test_a_timeout_past_a_float_is_no_limit(call: Any) -> None:
    """An int timeout too large for a float (OverflowError before) means no limit."""
    assert call(10 ** 400).status in ("solved", "ok")
    with pytest.raises(InvalidArgumentError, match="above 0"):
        call(-10 ** 400)


# ------------------------------------------------------------------ Position arguments


@pytest.mark.parametrize("placed", ["1" * 81, 5, b"\x00" * 81, {"r1c1": 1}, 1.5])
def test_position_sequences_of_the_wrong_type(placed: Any) -> None:
    for field in ("placed", "marks"):
        with pytest.raises(TypeError, match=f"{field} must be a sequence"):
            Position(SUDOKU, **{field: placed})


@pytest.mark.parametrize("item", [0.0, "1", None, 1 + 0j])
def test_position_items_of_the_wrong_type(item: Any) -> None:
    with pytest.raises(TypeError, match="not an int"):
        Position(SUDOKU, placed=(item,) * SUDOKU.size)
    with pytest.raises(TypeError, match="not an int"):
        Position(SUDOKU, marks=(item,) * SUDOKU.size)


@pytest.mark.parametrize("step", [None, "step", {"placements": []}, 3])
def test_apply_takes_a_step(step: Any) -> None:
    with pytest.raises(TypeError, match="apply\\(\\) takes a Step"):
        Position(SUDOKU).apply(step)


BIG = st.integers(-10 ** 30, 10 ** 30)


@NORMAL
@given(cell=st.integers(-200, 200) | BIG, digit=st.integers(-3, 12) | BIG, mask=st.integers(-4, 2 ** 11) | BIG,
       elimination=st.booleans())
def test_apply_checks_the_steps_cells_and_digits(cell: int, digit: int, mask: int, elimination: bool) -> None:
    """A step's cell or digit out of range is refused (an IndexError before,
    and a negative cell placed a digit in a cell at the end of the grid)."""
    start = Position(SUDOKU)
    step = Step("x", "X", 1, eliminations=((cell, mask),)) if elimination else \
        Step("x", "X", 1, placements=((cell, digit),))
    value = mask if elimination else digit
    fits = 0 <= value < 2 ** 10 and not value & 1 if elimination else 1 <= value <= 9
    if 0 <= cell < SUDOKU.size and fits:
        after = start.apply(step)
        if not elimination and not SUDOKU.givens[cell]:
            assert after.digit(cell) == digit
        return
    with pytest.raises(InvalidArgumentError) as caught:
        start.apply(step)
    plain(str(caught.value))


def test_positions_name_cells_briefly() -> None:
    """A huge or deeply nested wrong value is named in a few characters, not printed whole."""
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    for call in (lambda: Position(SUDOKU).cell(("x" * 10 ** 6, 1)), lambda: Position(SUDOKU).keep(OPEN, [deep]),
                 lambda: Position.from_dict({"placed": {"r1c2": deep}}, SUDOKU)):
        with pytest.raises((TypeError, ValueError)) as caught:
            call()
        assert len(str(caught.value)) < 200


# ------------------------------------------------------------------ position data of another puzzle


def test_position_data_of_another_puzzle_is_refused() -> None:
    """``from_dict(data, puzzle)`` used to ignore the data's own ``kind`` and ``puzzle``."""
    killer = Position(KILLER).to_dict()
    with pytest.raises(ParseError, match="another puzzle"):
        Position.from_dict(killer, SUDOKU)
    with pytest.raises(ParseError, match="another puzzle"):
        Position.from_dict({"kind": "kakuro", "placed": {}}, SUDOKU)
    same = Position(SUDOKU).place(OPEN, 1).to_dict()
    assert Position.from_dict({**same, "id": "another name"}, SUDOKU) == Position(SUDOKU).place(OPEN, 1)
    with pytest.raises(ParseError, match="another puzzle"):
        read_position(SUDOKU, json.dumps({"kind": "killer", "placed": {}}))


@pytest.mark.parametrize("key", [None, 1.5, b"r1c2", frozenset()])
def test_position_keys_of_the_wrong_type_are_parse_errors(key: Any) -> None:
    with pytest.raises(ParseError, match="not a cell name"):
        Position.from_dict({"placed": {key: 1}}, SUDOKU)


@pytest.mark.parametrize("text", ['{"placed": {"r1c2": ' + "9" * 5000 + "}}",
                                  '{"placed": ' + "[" * 100_000 + "]" * 100_000 + "}",
                                  '{"placed": {"r1c2": 1, "r1c2": 2}}'])
def test_position_json_errors_in_plain_words(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_position(SUDOKU, text)
    plain(str(caught.value))
    assert "position: position:" not in str(caught.value)


def test_flags_are_bools() -> None:
    with pytest.raises(TypeError, match="include_puzzle"):
        Position(SUDOKU).to_dict(include_puzzle="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="include_puzzle"):
        sumlogic.explain(Position(SUDOKU), budget=0).to_dict(include_puzzle=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="source"):
        read_position(SUDOKU, "", source=5)  # type: ignore[arg-type]


# ------------------------------------------------------------------ generate


@pytest.mark.parametrize("kwargs", [
    {"kind": "kakuro", "size": (10 ** 9, 10 ** 9)}, {"kind": "kakuro", "size": "99999999999x9"},
    {"kind": "kakuro", "size": (0, 0)}, {"kind": "kakuro", "size": (-3, 5)}, {"kind": "sudoku", "size": "4x4"},
    {"kind": "sudoku", "band": "\x00"}, {"kind": "kakuro", "size": "٥x٥"}, {"kind": "kakuro", "size": "５x５"},
    {"kind": "chess"},
])
def test_generate_refuses_bad_values_with_its_own_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError, match="^generate\\(\\): "):
        sumlogic.generate(seed=1, **kwargs)


# ------------------------------------------------------------------ the API never leaks (hypothesis)


WRONG_VALUES = st.sampled_from([None, True, 1.5, math.nan, math.inf, 10 ** 400, -10 ** 400, -1, 0, "", "٣", "²",
                                "r١c1", "r" + "9" * 5000 + "c1", b"1", [], [[]], {}, (1, 2, 3), object(), "\udc80"])


@NORMAL
@given(method=st.sampled_from(["cell", "digit", "place", "keep", "clear", "marked", "candidates", "name", "apply"]),
       args=st.lists(WRONG_VALUES, min_size=1, max_size=2))
def test_position_methods_raise_only_documented_errors(method: str, args: list[Any]) -> None:
    try:
        getattr(Position(SUDOKU), method)(*args)
    except (TypeError, SumlogicError) as error:
        plain(str(error))


@NORMAL
@given(name=st.sampled_from(["timeout", "budget", "max_depth", "max_level", "level"]), value=WRONG_VALUES,
       function=st.sampled_from([sumlogic.solve, sumlogic.explain, sumlogic.hint, sumlogic.grade, sumlogic.check]))
def test_api_numbers_raise_only_documented_errors(name: str, value: Any, function: Any) -> None:
    target: Any = Position(SUDOKU) if function is sumlogic.check else SUDOKU
    try:
        function(target, **{name: value})
    except (TypeError, SumlogicError) as error:
        plain(str(error))


@pytest.mark.parametrize("field, value", [("find", None), ("level", "x"), ("level", True), ("score", None),
                                          ("id", None), ("name", 5)])
@pytest.mark.parametrize("function", [sumlogic.explain, sumlogic.hint, sumlogic.grade])
def test_a_technique_record_of_the_wrong_shape_is_a_type_error(field: str, value: Any, function: Any) -> None:
    """A caller's own Technique with a field of the wrong type ended in
    "'NoneType' object is not callable" or a comparison error in grading."""
    import dataclasses

    import techniques

    broken = dataclasses.replace(techniques.BY_ID["naked-single"], **{field: value})
    with pytest.raises(TypeError, match="a Technique has"):
        function(SUDOKU, techniques=[broken, *techniques.DEFAULT])


@pytest.mark.parametrize("choice", [{"techniques": []}, {"max_level": 0}, {"without": "naked-single"}])
def test_a_technique_choice_without_singles_still_explains(choice: dict[str, Any]) -> None:
    assert sumlogic.explain(SUDOKU, budget=0, **choice).status == "solved"
    assert sumlogic.grade(SUDOKU, budget=0, **choice).status == "solved"


# ------------------------------------------------------------------ hints, and what is documented


def test_hint_helpers_check_their_arguments() -> None:
    """``level_fields``, ``where`` and ``find_mistakes`` (sumlogic.hints) ended
    in AttributeError/IndexError for a wrong step, a step of another puzzle or
    a short solution, and took levels 0 and 4."""
    from sumlogic.hints import Check, find_mistakes, level_fields, where

    step = sumlogic.hint(SUDOKU).step
    assert step is not None
    for level in (0, 4, -1):
        with pytest.raises(InvalidArgumentError, match="level"):
            level_fields(step, SUDOKU, level)
    with pytest.raises(TypeError, match="level"):
        level_fields(step, SUDOKU, True)
    with pytest.raises(InvalidArgumentError, match="not a cell"):
        level_fields(step, KAKURO, 3)  # the Sudoku's step names cells the Kakuro lacks
    for call in (lambda: where(None, SUDOKU), lambda: level_fields(None, SUDOKU, 1),  # type: ignore[arg-type]
                 lambda: where(step, None), lambda: find_mistakes(None, (1,) * 81),  # type: ignore[arg-type]
                 lambda: Check(None, "ok")):  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            call()
    wrong = Position(SUDOKU).place(OPEN, 9 if SUDOKU.givens[OPEN] != 9 else 8)
    with pytest.raises(InvalidArgumentError, match="one per cell"):
        find_mistakes(wrong, (1,))
    with pytest.raises(InvalidArgumentError, match="budget"):
        find_mistakes(wrong, (1,) * SUDOKU.size, budget=-1)


def _public_callables() -> Iterator[tuple[str, Any]]:
    """Every public function of ``sumlogic`` and every public method (with an
    argument) of its result and position classes."""
    import inspect

    from sumlogic import hints

    for name in sumlogic.__all__:
        value = getattr(sumlogic, name)
        if inspect.isfunction(value):
            yield name, value
    for cls in (sumlogic.Position, sumlogic.PositionTrace, sumlogic.Hint, sumlogic.Check):
        for name, member in vars(cls).items():
            function = member.__func__ if isinstance(member, classmethod) else member
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            if len(inspect.signature(function).parameters) > 1:
                yield f"{cls.__name__}.{name}", function
    for name in hints.__all__:
        value = getattr(hints, name)
        if inspect.isfunction(value):
            yield f"hints.{name}", value
    yield "Puzzle.cell_at", Puzzle.cell_at


@pytest.mark.parametrize("name, function", list(_public_callables()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_public_function_documents_what_it_raises(name: str, function: Any) -> None:
    assert "Raises:" in (function.__doc__ or ""), f"{name} has no Raises: section"




@pytest.mark.slow
@SLOW
@given(method=st.sampled_from(["cell", "digit", "place", "keep", "clear", "marked", "candidates", "name", "apply"]),
       args=st.lists(WRONG_VALUES, min_size=1, max_size=2))
def test_position_methods_slow(method: str, args: list[Any]) -> None:
    test_position_methods_raise_only_documented_errors.hypothesis.inner_test(method, args)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ steps as JSON

KILLER = sumlogic.read("sample:killer-1")[0]
KILLER_STEPS = [Step.from_dict(s, KILLER) for s in sumlogic.explain(KILLER).to_dict()["steps"]]
JSON_ATOMS = st.one_of(st.none(), st.booleans(), st.integers(-10, 12), st.text(max_size=6),
                       st.sampled_from(["r1c1", "r9c9", "r10c1", "r0c0", "r١c1"]))
JSON_VALUES = st.recursive(JSON_ATOMS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


def test_steps_round_trip_through_json() -> None:
    """Every step of a whole trace, contradiction chains and derived sums included, reads back equal."""
    assert len(KILLER_STEPS) > 50
    for step in KILLER_STEPS:
        assert Step.from_dict(json.loads(json.dumps(step.to_dict(KILLER))), KILLER) == step


def _damage(data: Any, path: list[Any], value: Any) -> Any:
    """``data`` with the item at ``path`` (keys and indexes, as far as they reach) replaced by ``value``."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, dict):
        key = sorted(data)[path[0] % len(data)] if isinstance(path[0], int) else path[0]
        return {**data, key: _damage(data.get(key), path[1:], value)}
    index = path[0] % len(data) if isinstance(path[0], int) else 0
    return [*data[:index], _damage(data[index], path[1:], value), *data[index + 1:]]


@NORMAL
@given(index=st.integers(0, 10 ** 6), path=st.lists(st.integers(0, 20), max_size=5), value=JSON_VALUES,
       drop=st.booleans())
def test_damaged_step_json_is_a_parse_error(index: int, path: list[int], value: Any, drop: bool) -> None:
    """A damaged step (a value replaced anywhere, or a key dropped) reads, or
    raises ParseError naming the field: before, KeyError, a bare int() error
    or IndexError came from inside."""
    data = KILLER_STEPS[index % len(KILLER_STEPS)].to_dict(KILLER)
    damaged = _damage(data, path, value)
    if drop and isinstance(damaged, dict) and damaged:
        damaged = {k: v for k, v in damaged.items() if k != sorted(damaged)[path[0] % len(damaged) if path else 0]}
    try:
        Step.from_dict(damaged, KILLER)
    except ParseError as error:
        plain(str(error))
        assert str(error).startswith("step"), error


def test_a_step_of_another_puzzle_is_refused() -> None:
    small = sumlogic.read("sample:kakuro-6x6")[0]
    far = max(KILLER_STEPS, key=lambda s: max(s.cells, default=0))
    with pytest.raises(InvalidArgumentError, match="not a cell of this"):
        far.to_dict(small)
    with pytest.raises(ParseError, match=r"step\.placements\[0\]"):
        Step.from_dict({"technique": "x", "placements": [["r1c1", 10]]}, KILLER)
    with pytest.raises(ParseError, match=r"step\.technique"):
        Step.from_dict({"placements": []}, KILLER)


def test_a_pickled_puzzle_leaves_its_hash_behind() -> None:
    """String hashes differ between processes: a cached hash sent to a worker
    would disagree with an equal puzzle built there (the hash/eq contract)."""
    import pickle

    puzzle = sumlogic.read("sample:killer-1")[0]
    hash(puzzle)
    again = pickle.loads(pickle.dumps(puzzle))
    assert "_hash" not in again.__dict__ and again == puzzle and hash(again) == hash(puzzle)


@pytest.mark.parametrize("kind", ["kakuro", "killer"])
def test_a_puzzle_relabelled_to_another_kind_is_not_written(kind: str) -> None:
    """A Sudoku relabelled ``kakuro`` was written as a garbled Kakuro grid (and
    ``killer`` as a Killer without cages): the record would read back as
    another puzzle, so writing it is refused."""
    import dataclasses

    with pytest.raises(InvalidPuzzleError, match="cannot hold it"):
        sumlogic.write(dataclasses.replace(SUDOKU, kind=kind))


@pytest.mark.parametrize("change", ["lone CR", "NBSP"])
def test_position_text_lines_and_fields_are_ascii(change: str) -> None:
    """A position whose lines end in a lone CR was read as one line (a message
    about its length), and a U+00A0 split a Kakuro position's row as a space."""
    kakuro = sumlogic.read("sample:kakuro-6x6")[0]
    start = Position(kakuro).to_text()
    assert read_position(kakuro, start).is_start
    text = start.replace("\n", "\r") if change == "lone CR" else start.replace(" ", "\u00a0", 1)
    with pytest.raises(ParseError, match="carriage return" if change == "lone CR" else "row 1 has"):
        read_position(kakuro, text)
