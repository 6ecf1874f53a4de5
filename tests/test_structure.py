"""The shape of the house, checked on the source tree (the import contracts themselves are
pyproject.toml's [tool.importlinter], run by `lint-imports` in CI on an installed copy): no
module imports another that imports it back, at import time or inside a function, and no
module grows past 500 lines."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREES = {"dockyard": ROOT / "framework", "dockyard.plugins": ROOT / "plugins"}


def modules() -> dict[str, Path]:
    found = {}
    for package, folder in TREES.items():
        for path in folder.rglob("*.py"):
            if "templates" in path.parts:
                continue
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # `from . import x` may name a module
                if f"{target}.{alias.name}" in known:
                    out.add(f"{target}.{alias.name}")
            out.add(target)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in known and m != name}


def test_no_module_imports_one_that_imports_it_back() -> None:
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    # a package's __init__ importing its own modules (re-exports) is not a cycle of rules
    cycles = sorted(
        f"{a} <-> {b}"
        for a, outs in graph.items()
        for b in outs
        if a < b and a in graph.get(b, ()) and not (b.startswith(a + ".") or a.startswith(b + "."))
    )
    assert not cycles


def test_no_module_is_longer_than_500_lines() -> None:
    long = {n: len(p.read_text().splitlines()) for n, p in modules().items()}
    assert not {n: size for n, size in long.items() if size > 500}
