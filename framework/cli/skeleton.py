"""`dockyard new game NAME` and `dockyard new variant GAME NAME`: a working skeleton to edit.

A new game is a distribution of its own (like examples/ship-captain-crew): pyproject.toml with
the `dockyard` entry point, the package with its rules, grammar, content and the content's
schema, a README, and tests that run dockyard's generic suite. As generated it is a small real
game (Twenty-one: players in turn add 1 to 3 to a running total; who reaches the goal wins),
so it installs, plays, simulates and passes the generic suite before the author changes a line.

A new variant is a distribution holding one `Variant` and its plugin, with the game's rule
hooks listed in the plugin's docstring, and a test running the generic suite with it on.

The files are templates in dockyard/cli/templates/game and dockyard/cli/templates/variant (`.tmpl`,
with @GAME@, @MODULE@, @CLASS@, @VARIANT@ and @HOOKS@ filled in, in paths too).
"""

from __future__ import annotations

import re
import textwrap
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from ..core import DockyardError

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def _names(name: str) -> tuple[str, str, str]:
    """(game name, Python module name, class name) of `name` ("my-game")."""
    if not NAME.fullmatch(name):
        raise DockyardError(
            f"{name!r} is not a usable name: lowercase letters and digits, words joined by '-' "
            "(such as my-game)"
        )
    module = name.replace("-", "_")
    return name, module, "".join(w.capitalize() for w in name.split("-"))


def _templates(kind: str) -> dict[str, str]:
    """The skeleton's files (dockyard/cli/templates/KIND/..., each `.tmpl`), by their relative path;
    paths and texts hold @NAME@ placeholders."""
    found: dict[str, str] = {}

    def walk(node: Traversable, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".tmpl"):
                found[prefix + child.name.removesuffix(".tmpl")] = child.read_text("utf-8")

    walk(files("dockyard.cli").joinpath("templates", kind), "")
    return found


def _write(root: Path, kind: str, values: dict[str, str]) -> list[str]:
    """Fill the `kind` templates with `values` and write them under `root`."""

    def fill(text: str) -> str:
        for key, value in values.items():
            text = text.replace(f"@{key}@", value)
        return text

    if root.exists():
        raise DockyardError(f"{root} already exists: choose another folder (--dir) or name")
    written = []
    for rel, text in _templates(kind).items():
        path = root / fill(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fill(text), encoding="utf-8")
        written.append(fill(rel))
    return sorted(written)


def new_game(name: str, folder: Path) -> list[str]:
    """Write the skeleton of game `name` into `folder`; returns the files written."""
    from ..registry import registry

    game, module, cls = _names(name)
    if game in registry().games:
        raise DockyardError(f"there is already a game called {game!r}")
    title = " ".join(w.capitalize() for w in game.split("-"))  # "Lost Cities"
    return _write(folder, "game", {"GAME": game, "MODULE": module, "CLASS": cls, "TITLE": title})


def new_variant(game_name: str, name: str, folder: Path) -> list[str]:
    """Write the skeleton of variant `name` of `game_name` into `folder`."""
    from ..registry import registry

    game = registry().game(game_name)
    variant, module, cls = _names(name)
    if variant in registry().variants_of(game.name):
        raise DockyardError(f"{game.name} already has a variant called {variant!r}")
    hooks = []
    if game.hookspecs is not None:
        for attr in sorted(dir(game.hookspecs)):
            fn = getattr(game.hookspecs, attr)
            if callable(fn) and hasattr(fn, "dockyard_spec"):
                text = " ".join((fn.__doc__ or "").split())
                first = text.split(". ")[0].rstrip(".")
                hooks.append(
                    textwrap.fill(
                        f"- {attr}: {first}.", 96, initial_indent="    ", subsequent_indent="      "
                    )
                )
    listed = "\n".join(hooks) or "    (this game declares no rule hooks: use on_event)"
    values = {"GAME": game.name, "VARIANT": variant, "MODULE": module, "CLASS": cls}
    return _write(folder, "variant", values | {"HOOKS": listed})
