"""The work behind ``POST /api/generate``: a fresh puzzle that needs the
techniques a player wants to practise (the play page's Practise menu).

The request's ``kind`` and ``needs`` are checked first, each error naming
its field (the ids by the needs API, :func:`sumlogic.needs.needs_of`); then
:func:`sumlogic.generate` makes the puzzle, and the puzzle's explained path
(with the server's work budget, as ``grade`` explains) tells where the
needed techniques come: ``needed``, the numbers of those steps (from 1, as
the step page counts them), and ``before``, the position just before the
first of them (the steps before it done, their eliminations as centre
marks), so the player may start right where the technique is due.

>>> from sumlogic.server.schema import Limits, check_fields
>>> generate_job(check_fields("generate", {"kind": "chess", "needs": "x-wing"}, Limits()))  # doctest: +ELLIPSIS
Traceback (most recent call last):
sumlogic.server.jobs.BadField: ('kind', "unknown kind 'chess' (valid: kakuro, killer, ...)")
>>> generate_job(check_fields("generate", {"kind": "sudoku", "needs": ["sum-combinations"]}, Limits()))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
sumlogic.server.jobs.BadField: ('needs', 'a sudoku cannot need sum-combinations (it applies to kakuro, ...)')
"""

from __future__ import annotations

import random
from typing import Any

from puzzles.generate import BudgetExhausted
from solver.model import shown

from .jobs import BadField, Body
from .schema import MAX_SEED


def checked_needs(kind: Any, needs: Any) -> tuple[list[str], list[str]]:
    """The ids of ``needs`` (a list or a comma-separated string) and their names, checked
    by the needs API (:func:`sumlogic.needs.needs_of`: known, and a technique ``kind`` can
    need) before any work; :class:`BadField` naming ``kind`` or ``needs``."""
    from puzzles.kinds import KINDS

    from ..catalogue import techniques
    from ..needs import needs_of

    if kind not in KINDS:
        raise BadField("kind", f"unknown kind {shown(kind)} (valid: {', '.join(KINDS)})")
    ids = [part.strip() for part in needs.split(",")] if isinstance(needs, str) else list(needs)
    ids = list(dict.fromkeys(i for i in ids if i))
    if not ids:
        raise BadField("needs", "names no technique (GET /api/techniques lists them)")
    try:
        needs_of(kind, ids)
    except ValueError as error:
        raise BadField("needs", str(error).removeprefix("needs: ")) from None  # one line, cut short by error_body
    names = {row["id"]: row["name"] for row in techniques()}
    return ids, [names.get(i, i) for i in ids]


def generate_job(fields: Body) -> Body:
    """The answer of ``POST /api/generate`` (see the module docstring)."""
    from .. import api
    from ..position import Position
    from puzzles import to_record

    kind = fields["kind"]
    ids, names = checked_needs(kind, fields["needs"])
    seed = fields.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    try:
        puzzle = api.generate(kind, needs=ids, hardest=bool(fields.get("hardest")), seed=seed,
                              max_tries=fields.get("max_tries"))
    except BudgetExhausted as error:  # not reached within the tries: its message counts how they came out
        raise BadField(None, str(error)) from None
    except ValueError as error:  # a technique this kind cannot need (the needs API's word)
        raise BadField("needs", str(error).removeprefix("generate(): ").removeprefix("needs: ")) from None
    # the path from the start as the step page counts it (from a position: no step for the givens)
    start = Position(puzzle)
    trace = api.explain(start, budget=fields["budget"])
    needed = [k for k, step in enumerate(trace.steps, 1) if step.technique in ids]
    before = None
    if needed:
        position = start
        for step in trace.steps[:needed[0] - 1]:
            position = position.apply(step)
        before = position.to_dict(include_puzzle=False)
        before = {key: before[key] for key in ("placed", "marks", "corner") if key in before}
    record = to_record(puzzle)
    record.pop("solution", None)
    return {"kind": kind, "seed": seed, "needs": ids, "names": names, "hardest": bool(fields.get("hardest")),
            "id": puzzle.id, "record": record, "status": trace.status, "steps": len(trace.steps),
            "needed": needed, "before": before}
