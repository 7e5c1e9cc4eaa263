"""House pointing is skipped where it cannot find anything: on grids whose only
houses are rows, columns and rectangular boxes, pointing and claiming (tried
first) already made every deduction it would.  Checked by running a twin that
never skips on random Sudokus and Kropkis (and corpus ones) and finding it
silent, and by finding it not skipped where it can fire."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings

import techniques
from puzzles import from_record, sample
from solver.contract import Context, Technique
from techniques import seeing

from .corpus_traces import corpus_puzzles
from .strategies import kropki_records, sudoku_records
from .test_tech_soundness import check_run


def _never_skipping(ctx: Context):
    return seeing._steps(ctx, True, skip_plain=False)


TWIN: Technique = dataclasses.replace(seeing.HOUSE_POINTING, find=_never_skipping)
# The default order up to house pointing, with the twin in its place.
UP_TO = [t for t in techniques.DEFAULT[:techniques.DEFAULT.index(seeing.HOUSE_POINTING)]] + [TWIN]


def _twin_uses(puzzle, solution) -> int:
    counts, _ = check_run(puzzle, solution, techniques=UP_TO, explain=False)
    return counts.get(TWIN.id, 0)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sudoku_records())
def test_house_pointing_finds_nothing_after_pointing_and_claiming_in_a_sudoku(record):
    puzzle = from_record(record)
    assert seeing.lines_and_blocks_only(puzzle)
    assert _twin_uses(puzzle, puzzle.parse_solution(record["solution"])) == 0


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kropki_records())
def test_house_pointing_finds_nothing_after_pointing_and_claiming_in_a_kropki(record):
    puzzle = from_record(record)
    assert seeing.lines_and_blocks_only(puzzle)
    assert _twin_uses(puzzle, puzzle.parse_solution(record["solution"])) == 0


def test_corpus_sudokus_and_kropkis_on_plain_grids_never_need_it(corpus):
    checked = 0
    for kind in ("sudoku", "kropki"):
        for puzzle in corpus_puzzles(str(corpus), kind)[::5]:
            if not seeing.lines_and_blocks_only(puzzle):
                continue
            assert _twin_uses(puzzle, puzzle.parse_solution(puzzle.get_info("solution"))) == 0, puzzle.id
            checked += 1
    assert checked >= 20


def test_it_is_not_skipped_where_cages_let_a_cell_see_more():
    puzzle = sample("killer-1")
    assert not seeing.lines_and_blocks_only(puzzle)
