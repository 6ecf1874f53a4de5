"""Curious Cargo laid out as every game is (issue 32, section 3): the common module names, no
cache in a rules module (speed.py keeps them all), and the Game's methods delegating to them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.loader import load
from dockyard.plugins import curious_cargo
from dockyard.plugins.curious_cargo import components, speed, text, tiles, view
from dockyard.plugins.curious_cargo.state import invariants, token_counts

PACKAGE = Path(curious_cargo.__file__).parent
COMMON = ("state", "components", "set_up", "view", "text", "picture", "bots", "game")
COMMON += ("hookspecs", "default_rules", "variants", "speed", "scoring")
# the rules: one module per rulebook phase or part (the package docstring lists them)
RULES = ("set_up", "rounds", "construction", "tiles", "facility", "trucking", "loading")
RULES += ("bonuses", "scoring")
CACHING = {"cache", "lru_cache", "cached_property"}


def test_the_common_module_names_exist_and_the_package_docstring_lists_every_module() -> None:
    for name in COMMON:
        assert (PACKAGE / f"{name}.py").is_file() or (PACKAGE / name / "__init__.py").is_file()
    doc = curious_cargo.__doc__ or ""
    for module in PACKAGE.glob("*.py"):
        if module.stem not in ("__init__", "night_shift"):  # the variant: a plugin of its own
            assert module.name in doc, f"{module.name} is not in the package docstring"


@pytest.mark.parametrize("name", RULES)
def test_no_rules_module_keeps_a_cache(name: str) -> None:
    """Caches live in speed.py, keyed on all they depend on: a rules module has no memoizing
    decorator, imports none, and keeps no module-level dict or list to fill."""
    tree = ast.parse((PACKAGE / f"{name}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "functools":
            assert not CACHING & {a.name for a in node.names}, f"{name}.py imports a cache"
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                label = target.attr if isinstance(target, ast.Attribute) else ast.unparse(target)
                assert label not in CACHING, f"{name}.py: {node.name} is cached"
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            made = node.value
            empty = isinstance(made, ast.Dict | ast.List | ast.Set) and not (
                getattr(made, "keys", None) or getattr(made, "elts", None)
            )
            called = isinstance(made, ast.Call) and ast.unparse(made.func) in ("dict", "list")
            assert not (empty or called), f"{name}.py fills a module-level {ast.unparse(made)}"


def test_speed_keeps_what_a_tile_shows_and_facilities_active_docks() -> None:
    s = Session("curious-cargo", seed=3)
    st = s.state
    tile = st.content.tile(st.bag[0])
    # made once for a tile, face and direction: the same objects every time
    assert speed.tile_layers(tile, st.face, "east") is speed.tile_layers(tile, st.face, "east")
    assert speed.tile_pieces(tile, st.face, "north") == tiles.tile_pieces(tile, st.face, "north")
    fac = st.seats[0].facility
    assert fac.active_docks() == speed.active_docks(fac)
    known = speed.facts(fac)  # kept in speed.py, never in the state
    assert known.active is not None and known.active[0] == known.version
    assert not hasattr(fac, "version") and not hasattr(fac, "active_cache")


def test_the_game_delegates_to_the_modules_named_for_each_idea() -> None:
    s = Session("curious-cargo", seed=4)
    game, st = s.game, s.state
    built = game.build_content(load("curious-cargo", "curious_cargo", []))
    assert built.tiles == st.content.tiles and built.boards.keys() == st.content.boards.keys()
    assert game.view(st, 0) == view.view(st, 0, game.hook)
    assert game.secrets(st, 0) == view.secrets(st, 0)
    assert game.query(st, "bag") == view.query(st, "bag", game.hook) == len(st.bag)
    assert game.query_paths == view.QUERY_PATHS
    assert game.render(st, None) == text.render(st, None, "", game.hook)
    assert game.action_space(st) == text.action_space(st)  # no house rule: no verb of theirs
    assert game.invariants(st) == invariants(st) == []
    assert game.token_counts(st) == token_counts(st)
    assert isinstance(built, components.CuriousCargoContent) and game.topics() == text.TOPICS
