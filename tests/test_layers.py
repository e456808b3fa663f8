"""The folders are the architecture (issue 14): imports go one way, and no module is in a cycle.

A module may import from its own layer or a lower one, never a higher one; imports under
``if TYPE_CHECKING:`` are for the type checker only and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.paths import ROOT

LAYERS = (
    (
        "base",
        (
            "certify.errors",
            "certify.numeric",
            "certify.limits",
            "certify.run_limits",
            "certify.files",
            "certify.digests",
            "certify.pickling",
            "certify.compiled",
            "certify.sre_programs",
            "certify.module_patterns",
            "certify.search_path",
            "certify.bundle_file",
            "certify.bundle",
            "certify.collector",
            "certify.records",
            "certify.states",
        ),
    ),
    ("syntax", ("certify.syntax",)),
    ("meaning", ("certify.meaning",)),
    ("evaluate", ("certify.evaluate",)),
    ("domains", ("certify.domains",)),
    ("report", ("certify.report", "certify.schema")),
    ("readout", ("certify.readout",)),
    ("pipeline", ("certify.pipeline", "certify.wellposed")),
    ("aggregate", ("certify.aggregate",)),
    ("output", ("certify.output",)),
    ("cli", ("certify.cli", "certify.__main__")),
)


def layer(module: str) -> int:
    """The rank of a module's layer (the package ``certify`` itself is in the base layer)."""
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    assert module == "certify", f"{module} belongs to no layer of tests/test_layers.py"
    return 0


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / "certify").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The certify modules a file imports at run time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("certify")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("certify"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
    return {m for m in found if m in known}


def test_imports_go_one_way() -> None:
    known = modules()
    wrong = []
    for name, path in known.items():
        for target in imports(path, known):
            if layer(target) > layer(name):
                wrong.append(f"{name} ({LAYERS[layer(name)][0]}) imports {target}")
    assert not wrong, "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    known = modules()
    graph = {name: imports(path, known) - {name} for name, path in known.items()}
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*trail[trail.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "\n".join(cycles)


GENERATED = {"certify.syntax.lark_runtime"}
"""Modules written by a script (``scripts/lark_runtime.py``: Lark's own code), not by hand."""


def written() -> dict[str, Path]:
    """The modules written by hand."""
    return {name: path for name, path in modules().items() if name not in GENERATED}


def test_no_module_is_over_400_lines() -> None:
    assert set(modules()) >= GENERATED
    long = {
        name
        for name, path in written().items()
        if len(path.read_text(encoding="utf-8").splitlines()) > 400
    }
    assert not long, f"over 400 lines: {sorted(long)}"


def test_no_function_is_over_60_lines() -> None:
    long = set()
    for name, path in written().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > 60:
                    long.add(f"{name}.{node.name}")
    assert not long, f"over 60 lines: {sorted(long)}"
