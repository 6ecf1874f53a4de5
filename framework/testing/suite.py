"""The whole suite: a table of the checks (name -> how the budget runs it), one table or one game.

Each check is one module of this package, named after the property it checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

from ..registry import registry
from .bots import check_bots
from .determinism import check_determinism
from .hidden_information import check_hidden_information
from .illegal_actions import check_illegal_actions
from .legality import check_legality
from .many_tables import check_many_tables
from .random_playouts import check_playouts
from .round_trips import check_round_trips
from .saves_and_undo import check_saves_and_undo
from .table import Budget, SuiteTable, tables

Runner = Callable[[SuiteTable, Budget], int]

# name -> the check run with a budget's numbers (seeds apart, so the checks see different games)
CHECK_TABLE: dict[str, Runner] = {
    "playouts": lambda t, b: check_playouts(t, range(b.playouts), b.max_steps, b.actions),
    "bots": lambda t, b: check_bots(
        t, range(4000, 4000 + b.determinism), b.max_steps, b.thorough_actions
    ),
    "round_trips": lambda t, b: check_round_trips(
        t, range(1000, 1000 + b.thorough), b.max_steps, b.thorough_actions
    ),
    "legality": lambda t, b: check_legality(
        t, range(1000, 1000 + b.thorough), b.near_misses, b.max_steps, b.thorough_actions
    ),
    "illegal_actions": lambda t, b: check_illegal_actions(
        t, range(1000, 1000 + b.thorough), b.illegal_applies, b.max_steps, b.thorough_actions
    ),
    "saves_and_undo": lambda t, b: check_saves_and_undo(
        t, range(2000, 2000 + b.saves), b.save_points, None, b.max_steps, b.thorough_actions
    ),
    "determinism": lambda t, b: check_determinism(
        t, range(3000, 3000 + b.determinism), b.max_steps, b.thorough_actions
    ),
    "hidden_information": lambda t, b: check_hidden_information(
        t, range(1000, 1000 + b.thorough), b.max_steps, b.thorough_actions
    ),
    "tables": lambda t, b: check_many_tables(
        t, range(5000, 5000 + b.determinism), b.max_steps, b.thorough_actions
    ),
}
CHECKS = tuple(CHECK_TABLE)


def check_table(
    table: SuiteTable, budget: Budget | None = None, checks: Sequence[str] = CHECKS
) -> None:
    """Run the suite's checks on one table with the budget's numbers of playouts."""
    b = budget or Budget.from_env()
    for name in checks:
        if name not in CHECK_TABLE:
            raise ValueError(f"no check named {name!r} (checks: {', '.join(CHECKS)})")
        CHECK_TABLE[name](table, b)


def game_tables(
    game: str,
    players: int | tuple[str, ...] | None = None,
    variants: Sequence[str] | None = None,
    content: Sequence[str | Path] = (),
) -> list[SuiteTable]:
    """The tables of a game: every player count and variant alone, unless narrowed."""
    dirs = tuple(str(c) for c in content)
    if players is None and variants is None:
        return [dataclasses.replace(t, content=dirs) for t in tables(game)]
    g = registry().game(game)
    counts: list[int | tuple[str, ...]] = (
        list(range(g.min_players, g.max_players + 1)) if players is None else [players]
    )
    return [SuiteTable(g.name, n, tuple(variants or ()), dirs) for n in counts]


def check_game(
    game: str,
    *,
    players: int | tuple[str, ...] | None = None,
    variants: Sequence[str] | None = None,
    content: Sequence[str | Path] = (),
    budget: Budget | None = None,
    checks: Sequence[str] = CHECKS,
) -> None:
    """The whole suite for a registered game: every player count and variant, unless narrowed."""
    chosen = game_tables(game, players, variants, content)
    b = (budget or Budget.from_env()).share(len(chosen))
    for table in chosen:
        check_table(table, b, checks)
