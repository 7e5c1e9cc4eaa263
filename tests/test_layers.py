"""The layers import one way: ``sumlogic`` -> ``puzzles``, ``techniques`` -> ``solver``.

Every module of the four packages is parsed with :mod:`ast`, and every
import in it (at the top, inside a function, or under ``TYPE_CHECKING``)
is checked against the rules of docs/architecture.md:

* ``solver`` imports none of ``puzzles``, ``techniques``, ``sumlogic``;
* ``techniques`` imports neither ``puzzles`` nor ``sumlogic``;
* ``puzzles`` imports neither ``sumlogic`` nor ``techniques``, nor the
  engine or grading of the core (``solver.engine``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "solver": ("puzzles", "techniques", "sumlogic"),
    "techniques": ("puzzles", "sumlogic"),
    "puzzles": ("sumlogic", "techniques", "solver.engine"),
    "sumlogic": (),
}


def imported_modules(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """``(line, absolute module name)`` of every import in a module below ``root``, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    parts = path.relative_to(root).with_suffix("").parts
    here = list(parts if parts[-1] == "__init__" else parts[:-1])
    if here and here[-1] == "__init__":
        here.pop()
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                module = ".".join(base + ([node.module] if node.module else []))
                names = [module] if node.module else [f"{module}.{a.name}" for a in node.names]
                found.extend((node.lineno, name) for name in names)
            elif node.module:
                found.append((node.lineno, node.module))
                found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
    return found


def violations(package: str, root: Path = ROOT) -> list[str]:
    """Every upward import in ``package`` (a folder of ``root``), as ``path:line imports module``."""
    out = []
    for path in sorted((root / package).rglob("*.py")):
        for line, module in imported_modules(path, root):
            for banned in FORBIDDEN[package]:
                if module == banned or module.startswith(banned + "."):
                    out.append(f"{path.relative_to(root)}:{line} imports {module}")
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_point_one_way(package: str) -> None:
    assert violations(package) == []


def test_the_checker_sees_relative_and_nested_imports(tmp_path: Path) -> None:
    source = ("from .engine import Context\n"
              "def late():\n"
              "    from puzzles import sample\n"
              "    import techniques.singles\n")
    (tmp_path / "solver").mkdir()
    path = tmp_path / "solver" / "probe.py"
    path.write_text(source, encoding="utf-8")
    modules = [m for _, m in imported_modules(path, tmp_path)]
    assert "solver.engine" in modules and "puzzles" in modules and "techniques.singles" in modules
    assert violations("solver", tmp_path) == [
        "solver/probe.py:3 imports puzzles", "solver/probe.py:3 imports puzzles.sample",
        "solver/probe.py:4 imports techniques.singles"]
