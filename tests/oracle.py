"""The soundness oracle shared by the tests: what a step gets wrong against a known solution."""

from __future__ import annotations

from collections.abc import Sequence

from solver.step import Step


def wrong_effects(step: Step, solution: Sequence[int], name=str) -> list[str]:
    """The step's placements of a wrong digit and eliminations of a solution
    digit, each described with ``name(cell)`` (sub-steps are hypothetical and
    not checked).

    >>> from solver.step import Step
    >>> wrong_effects(Step("t", "T", 1, "", placements=((0, 3),), eliminations=((1, 0b100),)), (3, 2))
    ['removes 2 at 1']
    """
    wrong = [f"places {digit} at {name(cell)}" for cell, digit in step.placements if solution[cell] != digit]
    wrong += [f"removes {solution[cell]} at {name(cell)}" for cell, mask in step.eliminations
              if mask >> solution[cell] & 1]
    return wrong
