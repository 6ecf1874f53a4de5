"""`dockyard new game NAME` and `dockyard new variant GAME NAME`: a working skeleton to edit.

A new game is a distribution of its own (like examples/ship-captain-crew): pyproject.toml with
the `dockyard` entry point, the package with its rules, grammar, content and the content's
schema, a README, and tests that run dockyard's generic suite. As generated it is a small real
game (Twenty-one: players in turn add 1 to 3 to a running total; who reaches the goal wins),
so it installs, plays, simulates and passes the generic suite before the author changes a line.

A new variant is a distribution holding one `Variant` and its plugin, with the game's rule
hooks listed in the plugin's docstring, and a test running the generic suite with it on. A
variant that brings content (`--content DIR`: a layer, checked first as `play --content DIR`
would load it) is a package whose `content/` holds a copy of that layer as package data
(templates/variant_content), so `pip install` ships it and the variant layers it.

The files are templates in dockyard/cli/templates/game and dockyard/cli/templates/variant (`.tmpl`,
with @GAME@, @MODULE@, @CLASS@, @VARIANT@ and @HOOKS@ filled in, in paths too).
"""

from __future__ import annotations

import re
import textwrap
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from ..core import DockyardError

NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_NAME = 40  # letters of a game's or variant's name (its package's, its folders')


def _names(name: str) -> tuple[str, str, str]:
    """(game name, Python module name, class name) of `name` ("my-game"), or DockyardError
    saying why the name cannot be a package's: its form, its length, or a name Python or an
    installed package already uses (the new package would hide it, or be hidden)."""
    shown = repr(name) if len(name) <= MAX_NAME else f"{name[:20]!r}... ({len(name)} letters)"
    if len(name) > MAX_NAME:
        raise DockyardError(
            f"{shown} is too long a name: at most {MAX_NAME} letters (it names a package and "
            "its folders)"
        )
    if not NAME.fullmatch(name):
        raise DockyardError(
            f"{shown} is not a usable name: lowercase letters and digits, words joined by '-' "
            "(such as my-game)"
        )
    module = name.replace("-", "_")
    taken = _taken(module)
    if taken:
        raise DockyardError(
            f"{shown} cannot be used: its package {module!r} {taken}; choose another name"
        )
    return name, module, "".join(w.capitalize() for w in name.split("-"))


def _taken(module: str) -> str:
    """Why a package may not be called `module` ('is a Python keyword', ...), or ''."""
    import importlib.util
    import keyword
    import sys

    if keyword.iskeyword(module):
        return "is a Python keyword (`import " + module + "` could not be written)"
    if module in sys.stdlib_module_names or module in sys.builtin_module_names:
        return "is the name of a module of Python's standard library (it would hide it)"
    if module == "dockyard" or module in _installed():
        return "is the name of an installed package (taken: one would hide the other)"
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = True
    return (
        "is the name of a module Python already finds (taken: one would hide the other)"
        if found
        else ""
    )


def _installed() -> set[str]:
    """The top-level names the installed distributions provide."""
    from importlib.metadata import packages_distributions

    try:
        return set(packages_distributions())
    except Exception:  # a broken distribution's metadata: what find_spec sees is enough
        return set()


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
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(fill(text), encoding="utf-8")
        except OSError as exc:
            raise DockyardError(f"{path}: cannot write it: {exc.strerror or exc}") from None
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


def new_variant(game_name: str, name: str, folder: Path, content: str | None = None) -> list[str]:
    """Write the skeleton of variant `name` of `game_name` into `folder`; with `content` (a
    layer of the game's content), a package bringing a copy of that layer as package data."""
    from ..registry import registry

    game = registry().game(game_name)
    variant, module, cls = _names(name)
    if variant in registry().variants_of(game.name):
        raise DockyardError(f"{game.name} already has a variant called {variant!r}")
    layer = _content_layer(game, content) if content is not None else {}
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
    if content is None:
        return _write(folder, "variant", values | {"HOOKS": listed})
    written = _write(folder, "variant_content", values | {"HOOKS": listed, "SOURCE": content})
    for rel, data in layer.items():
        path = folder / module / "content" / module / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(f"{module}/content/{module}/{rel}")
    return sorted(written)


def _content_layer(game: Any, folder: str) -> dict[str, bytes]:
    """The files of content layer `folder` that the game reads (as `--content folder`), by
    relative name, once the game has loaded and checked them over its own content."""
    from ..config import content_of
    from ..files import MAX_CONTENT_BYTES, read_bytes, walk_files
    from ..loader import LAYER_SKIP

    if game.content_folder is None:
        raise DockyardError(f"--content {folder}: {game.name} has no content to layer over")
    found = {
        rel: read_bytes(path, MAX_CONTENT_BYTES, "content file")
        for rel, path in walk_files(folder, ".json", LAYER_SKIP)
    }
    if not found:
        raise DockyardError(f"--content {folder}: no content files (*.json) in it to bring")
    content_of(game, (str(folder),))  # every problem, located, before anything is written
    return found
