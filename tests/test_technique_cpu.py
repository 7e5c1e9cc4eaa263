"""Tests for benchmarks/technique_cpu.py: own time per technique, nested time taken out."""

from __future__ import annotations

from types import SimpleNamespace

from benchmarks import technique_cpu
from solver.contract import Technique
from solver.step import Step


def test_a_technique_s_own_time_leaves_out_the_techniques_it_runs(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(technique_cpu.time, "process_time", lambda: now[0])
    clock = technique_cpu.Clock()

    def inner_find(ctx):
        now[0] += 2.0
        yield Step("inner", "Inner", 1, "")
        now[0] += 0.25

    inner = clock.wrap(Technique("inner", "Inner", 1, 1, inner_find))

    def outer_find(ctx):
        now[0] += 1.0
        list(inner.find(SimpleNamespace(depth=1)))  # a supposition's replay
        now[0] += 0.5
        return iter(())

    outer = clock.wrap(Technique("contradiction-1", "Contradiction", 7, 20, outer_find))
    assert list(outer.find(SimpleNamespace(depth=0))) == []
    assert clock.own == {("inner", 1, True): 2.25, ("contradiction-1", 7, False): 1.5}
    assert now[0] == 3.75


def test_the_shares_add_up_to_the_total():
    own = {("contradiction-2", 8, False): 3.0, ("x-chain", 7, False): 2.0, ("naked-single", 1, False): 0.5,
           ("hidden-single", 1, True): 1.0, ("contradiction-1", 7, True): 0.25}
    part = technique_cpu.shares(own, 10.0)
    assert part == {"patterns at the top level": 2.0, "trial at the top level": 3.0, "inside suppositions": 1.25,
                    "cheap at the top level": 0.5, "outside the techniques": 3.25}
    assert sum(part.values()) == 10.0
