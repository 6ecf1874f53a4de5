"""`dockyard new game NAME` and `dockyard new variant GAME NAME`: a working skeleton to edit.

A new game is a distribution of its own (like examples/ship-captain-crew): pyproject.toml with
the `dockyard` entry point, the package with its rules, grammar, content and the content's
schema, a README, and tests that run dockyard's generic suite. As generated it is a small real
game (Twenty-one: players in turn add 1 to 3 to a running total; who reaches the goal wins),
so it installs, plays, simulates and passes the generic suite before the author changes a line.

A new variant is a distribution holding one `Variant` and its plugin, with the game's rule
hooks listed in the plugin's docstring, and a test running the generic suite with it on.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from .core import DockyardError

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


def _write(root: Path, files: dict[str, str]) -> list[str]:
    if root.exists():
        raise DockyardError(f"{root} already exists: choose another folder (--dir) or name")
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sorted(files)


def new_game(name: str, folder: Path) -> list[str]:
    """Write the skeleton of game `name` into `folder`; returns the files written."""
    from .registry import registry

    game, module, cls = _names(name)
    if game in registry().games:
        raise DockyardError(f"there is already a game called {game!r}")
    values = {"GAME": game, "MODULE": module, "CLASS": cls}

    def fill(text: str) -> str:
        for key, value in values.items():
            text = text.replace(f"@{key}@", value)
        return text

    files = {
        "pyproject.toml": GAME_PYPROJECT,
        "README.md": GAME_README,
        f"{module}/__init__.py": GAME_INIT,
        f"{module}/game.py": GAME_RULES,
        f"{module}/grammar/{module}.lark": GAME_GRAMMAR,
        f"{module}/content/{module}/rules.json": GAME_RULES_JSON,
        f"{module}/content/{module}/schemas/rules.schema.json": GAME_SCHEMA,
        f"tests/test_{module}.py": GAME_TESTS,
    }
    return _write(folder, {rel: fill(text) for rel, text in files.items()})


def new_variant(game_name: str, name: str, folder: Path) -> list[str]:
    """Write the skeleton of variant `name` of `game_name` into `folder`."""
    from .registry import registry

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

    def fill(text: str) -> str:
        for key, value in values.items():
            text = text.replace(f"@{key}@", value)
        return text.replace("@HOOKS@", listed)

    files = {
        "pyproject.toml": VARIANT_PYPROJECT,
        "README.md": VARIANT_README,
        f"{module}.py": VARIANT_MODULE,
        f"tests/test_{module}.py": VARIANT_TESTS,
    }
    return _write(folder, {rel: fill(text) for rel, text in files.items()})


# ---- the game skeleton ------------------------------------------------------------------------

GAME_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "dockyard-@GAME@"
version = "0.1.0"
description = "@GAME@, a game for dockyard"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["dockyard"]

[project.optional-dependencies]
test = ["pytest>=8"]

[project.entry-points.dockyard]
@GAME@ = "@MODULE@"

[tool.setuptools]
packages = ["@MODULE@"]

[tool.setuptools.package-data]
@MODULE@ = ["grammar/*.lark", "content/**/*.json"]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""

GAME_README = """\
# @GAME@

A dockyard game, made by `dockyard new game @GAME@`. As generated it plays Twenty-one: players
in turn add 1, 2 or 3 to a running total, and whoever brings it to the goal wins. Change the
rules in `@MODULE@/game.py`, the actions in `@MODULE@/grammar/@MODULE@.lark`, the numbers in
`@MODULE@/content/@MODULE@/rules.json` (checked by its schema in `schemas/`).

    pip install -e .                  # then:
    dockyard play @GAME@              # legal, show, help, add 2
    dockyard simulate @GAME@ --games 100
    dockyard validate @MODULE@/content/@MODULE@
    pytest                            # your rule tests and dockyard's generic suite
"""

GAME_INIT = '''\
"""@GAME@: a dockyard game in a package of its own (found through the `dockyard` entry point)."""

from dockyard import hookimpl

from .game import @CLASS@

__all__ = ["@CLASS@"]


@hookimpl
def register_games(register):
    register(@CLASS@())
'''

GAME_RULES = '''\
"""@GAME@'s rules. As generated: Twenty-one. Players in turn add 1 to `max_step` to a running
total; whoever brings it to exactly `goal` wins. The numbers come from content (rules.json)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dockyard import Action, Context, Game, Outcome, Setup, State
from dockyard.flow import FlowState, Phase, end_turn, seat_order, start
from dockyard.loader import Content, ContentError


@dataclass(frozen=True)
class Rules:
    goal: int
    max_step: int


@dataclass(slots=True)
class @CLASS@State(State):
    rules: Rules | None = None
    total: int = 0
    winner: int | None = None


class @CLASS@(Game):
    name = "@GAME@"
    title = "@CLASS@"
    summary = "Add 1 to 3 to the total in turn; whoever reaches the goal wins"
    min_players = 2
    max_players = 4
    default_players = ("p1", "p2")
    content_folder = "@MODULE@"
    grammar_file = "@MODULE@.lark"
    resource_package = __package__  # grammar/ and content/ are in this package
    terminal_words = {"INT": "a number such as 2"}
    phases = (Phase("turns", seat_order, check_end=False),)

    def build_content(self, content: Content) -> Rules:
        (doc,) = content.of_kind("rules")
        rules = Rules(doc.data["goal"], doc.data["max_step"])
        if rules.max_step >= rules.goal:
            raise ContentError([content.problem(doc, ["max_step"], "must be less than the goal")])
        return rules

    def setup(self, setup: Setup, ctx: Context) -> @CLASS@State:
        state = @CLASS@State(
            list(setup.players), random.Random(setup.seed), FlowState(), setup.content.built
        )
        start(self, state, ctx)
        return state

    def legal_actions(self, state: @CLASS@State, player: int) -> list[Action]:
        if state.flow.over is not None or player not in state.flow.active:
            return []
        assert state.rules is not None
        left = state.rules.goal - state.total
        name = state.players[player]
        return [Action(name, "add", (n,)) for n in range(1, min(state.rules.max_step, left) + 1)]

    def check(self, state: @CLASS@State, action: Action, player: int) -> str | None:
        assert state.rules is not None
        if action.verb != "add" or len(action.args) != 1 or not isinstance(action.args[0], int):
            return f"@GAME@ has no {action.verb!r} action"
        n = action.args[0]
        if not 1 <= n <= state.rules.max_step:
            return f"add 1 to {state.rules.max_step}, not {n}"
        if state.total + n > state.rules.goal:
            return f"that would pass the goal ({state.total} + {n} > {state.rules.goal})"
        return None

    def apply(self, state: @CLASS@State, action: Action, player: int, ctx: Context) -> None:
        assert state.rules is not None
        state.total += action.args[0]
        ctx.emit("add", action.player, f"{action.player} adds {action.args[0]}: {state.total}")
        if state.total == state.rules.goal:
            state.winner = player
            state.flow.over = f"{action.player} reached {state.rules.goal}"
            ctx.emit("game-over", None, f"the game ends: {state.flow.over}")
            return
        end_turn(self, state, ctx, player)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return verb, tuple(int(a) for a in args)

    def outcome(self, state: @CLASS@State) -> Outcome:
        winners = () if state.winner is None else (state.players[state.winner],)
        scores = {p: float((p,) == winners) for p in state.players}
        return Outcome(state.flow.over or "", winners, scores)

    def view(self, state: @CLASS@State, viewer: int | None) -> dict[str, Any]:
        assert state.rules is not None
        return {"total": state.total, "goal": state.rules.goal}

    def render(self, state: @CLASS@State, viewer: int | None, topic: str = "") -> str:
        assert state.rules is not None
        return f"total {state.total} of {state.rules.goal}"

    def query(self, state: @CLASS@State, path: str) -> Any:
        if path == "total":
            return state.total
        raise KeyError(path)

    def invariants(self, state: @CLASS@State) -> list[str]:
        assert state.rules is not None
        return [] if 0 <= state.total <= state.rules.goal else [f"total {state.total}"]
'''

GAME_GRAMMAR = """\
// @GAME@'s actions (extends dockyard's core grammar): `add 2`.
game_action: act_add
act_add: "add" INT
"""

GAME_RULES_JSON = """\
{
  "$schema": "urn:dockyard:@MODULE@:rules",
  "goal": 21,
  "max_step": 3
}
"""

GAME_SCHEMA = """\
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "urn:dockyard:@MODULE@:rules",
  "title": "@GAME@ rules",
  "description": "The numbers of the game: the goal and the most a player may add in a turn.",
  "type": "object",
  "required": ["$schema", "goal", "max_step"],
  "additionalProperties": false,
  "properties": {
    "$schema": {"const": "urn:dockyard:@MODULE@:rules"},
    "goal": {"type": "integer", "minimum": 2, "description": "the total that wins", "examples": [21]},
    "max_step": {"type": "integer", "minimum": 1, "description": "the most added in one turn", "examples": [3]}
  }
}
"""

GAME_TESTS = '''\
"""@GAME@: a rule test, and dockyard's generic suite (every player count)."""

import pytest
from dockyard import IllegalAction, Session
from dockyard.testing import Budget, check_game


def test_adding_past_the_goal_is_refused() -> None:
    s = Session("@GAME@", seed=1)
    for _ in range(6):
        s.apply_text("add 3")
    s.apply_text("add 2")  # 20
    with pytest.raises(IllegalAction, match="would pass the goal"):
        s.apply_text("add 2")
    s.apply_text("add 1")
    assert s.over and s.outcome().winners == ("p2",)


def test_the_generic_suite() -> None:
    check_game("@GAME@", budget=Budget(playouts=50))
'''

# ---- the variant skeleton ---------------------------------------------------------------------

VARIANT_PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "dockyard-@VARIANT@"
version = "0.1.0"
description = "@VARIANT@, a variant of @GAME@ for dockyard"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["dockyard"]

[project.entry-points.dockyard]
@VARIANT@ = "@MODULE@"

[tool.setuptools]
py-modules = ["@MODULE@"]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""

VARIANT_README = """\
# @VARIANT@: a variant of @GAME@

Made by `dockyard new variant @GAME@ @VARIANT@`. Write the rule change as hook implementations
in `@MODULE@.py` (the game's hooks are listed there; plugins/HOOKS.md in dockyard documents
Curious Cargo's), then:

    pip install -e .
    dockyard play @GAME@ --variant @VARIANT@
    pytest                  # the generic suite with the variant on
"""

VARIANT_MODULE = '''\
"""@VARIANT@: a variant of @GAME@ (found through the `dockyard` entry point)."""

from __future__ import annotations

from dockyard import Variant, hookimpl


class @CLASS@:
    """The variant's rule changes: implement any of @GAME@'s hooks as methods marked
    `@hookimpl` (a `firstresult` hook answered with None leaves the rulebook's answer):

@HOOKS@
    """


@hookimpl
def register_variants(register):
    register(
        Variant(
            name="@VARIANT@",
            game="@GAME@",
            summary="@VARIANT@ (describe the rule change here)",
            plugin=@CLASS@(),
        )
    )
'''

VARIANT_TESTS = '''\
"""@VARIANT@: dockyard's generic suite with the variant on."""

from dockyard import Session
from dockyard.testing import Budget, check_game


def test_the_variant_is_registered() -> None:
    assert Session("@GAME@", variants=["@VARIANT@"]).config.variants == ("@VARIANT@",)


def test_the_generic_suite_with_the_variant() -> None:
    check_game("@GAME@", variants=["@VARIANT@"], budget=Budget(playouts=20))
'''
