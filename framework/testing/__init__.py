"""The generic game suite: the checks every game must pass, callable from any test.

    from dockyard.testing import Budget, check_game

    def test_my_game_passes_the_generic_suite():
        check_game("mygame", budget=Budget(playouts=100))

or, from any folder, on any installed game (the pytest plugin, `pytest_plugin.py`):

    pytest --dockyard-game mygame

Every check plays seeded random games (uniform over `Session.legal_actions`, so no part of the
rules is favoured) and raises `SuiteFailure` when the game breaks a rule of the suite. The message
says what broke and ends with a script (game, seed, players, actions) that replays the game up to
that point, so a failure is a bug report.

What is checked (one module and one function each, all taking a `SuiteTable` and some seeds;
`suite.CHECK_TABLE` runs them with a budget):

- `check_playouts`: every game ends within a step cap, with a working `outcome()`; after every
  action `invariants(state)` is empty and `token_counts(state)` is what it was at the start.
- `check_round_trips`: every legal action at every step has one canonical text that parses back
  to it, and `check` accepts it.
- `check_legality`: near misses of the legal actions (another player's move, a move legal earlier,
  arguments swapped or nudged) are rejected by `check` exactly when `legal_actions` lacks them.
- `check_illegal_actions`: an illegal action raises `IllegalAction` with a reason and leaves the
  session exactly as it was.
- `check_saves_and_undo`: save and load, and undo then redo, agree with replaying the log.
- `check_determinism`: the same seed and log give the same events and views.
- `check_hidden_information`: views are JSON data, and none shows another player's secrets
  (when the game defines `secrets(state, seat) -> list[str]`).
- `check_many_tables`: tables with the same seed and moves, the players' names shared, moved and
  swapped, played interleaved in one process (beside a table of another player count or
  variant), offer the same actions (renamed) as the table alone, and `check` agrees.

`Budget` says how much to play; `Budget.from_env()` reads `DOCKYARD_PLAYOUTS` so the same tests
run quick by default and thorough on demand.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers; at run time `__getattr__` below imports them on first use
    from ._exports import *  # noqa: F403

# ruff: noqa: F405 (the names of __all__ are _exports', imported on first use)

__all__ = [
    "CHECKS",
    "CHECK_TABLE",
    "DEFAULT_MAX_STEPS",
    "Budget",
    "Playout",
    "StateImage",
    "SuiteFailure",
    "SuiteTable",
    "check_bots",
    "check_determinism",
    "check_game",
    "check_hidden_information",
    "check_illegal_actions",
    "check_legality",
    "check_playouts",
    "check_round_trips",
    "check_saves_and_undo",
    "check_table",
    "check_many_tables",
    "conservation",
    "difference",
    "game_tables",
    "near_misses",
    "snapshot",
    "state_data",
    "step_cap",
    "tables",
]


def __getattr__(name: str) -> Any:
    """The suite's names are imported on first use: importing the package (as the pytest
    plugin does) loads none of it."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module("._exports", __name__), name)
    globals()[name] = value
    return value
