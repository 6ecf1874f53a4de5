"""The generic suite's tests, collected when pytest runs with `--dockyard-game NAME`: one test
per check and table (every player count, each variant alone), the game's budget shared among
its tables."""

from __future__ import annotations

from typing import Any

import pytest

from .suite import CHECK_TABLE, CHECKS, game_tables
from .table import Budget, SuiteTable


def _label(table: SuiteTable) -> str:
    return "-".join([table.game_name, f"{table.players}p", *table.variants])


def pytest_generate_tests(metafunc: Any) -> None:
    if "dockyard_table" in metafunc.fixturenames:
        names = metafunc.config.getoption("dockyard_game") or []
        tables = [(t, len(game_tables(n))) for n in names for t in game_tables(n)]
        metafunc.parametrize("dockyard_table", tables, ids=[_label(t) for t, _ in tables])


@pytest.mark.parametrize("check", CHECKS)
def test_generic_suite(check: str, dockyard_table: tuple[SuiteTable, int], dockyard_budget: Budget):
    table, shared_by = dockyard_table
    CHECK_TABLE[check](table, dockyard_budget.share(shared_by))
