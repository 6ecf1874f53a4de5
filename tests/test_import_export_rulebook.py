"""Import / Export: rule tests quoting the rulebook (import-export-rulebook.txt), one for each
rule of scoring, shipments, importing and the effects that pay or end the game that the
mutation testing (.mutation/import_export.toml) found no test for.

Positions are layouts (content/import_export/schemas/layout.schema.json), built as
tests/test_import_export_rules.py builds them; p1 green, p2 yellow, p3 red unless a test says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dockyard.plugins.import_export.scoring import bills
from test_import_export_powers import expansion_table
from test_import_export_rules import layout_table


@pytest.fixture
def table(tmp_path: Path):
    return layout_table(tmp_path)


def said(events: list[Any], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


# ---- SCORING --------------------------------------------------------------------------------


def test_foxes_breaks_a_two_way_tie_for_the_most_of_a_type(table) -> None:
    """FOXES: "You now break all ties (this is especially important for import bids and good
    bonuses)." Two players with the most agriculture goods: the FOXES owner takes the whole 6,
    the other nothing (without FOXES they split it, 3 each)."""
    s = table(players=[{"goods": ["rice"]}, {}, {"goods": ["sugar"], "shipments": ["foxes"]}])
    assert [b["most"] for b in bills(s.state)] == [0, 0, 6]
    s = table(players=[{"goods": ["rice"]}, {}, {"goods": ["sugar"], "shipments": ["cups"]}])
    assert [b["most"] for b in bills(s.state)] == [3, 0, 3]


def test_cheap_shirts_moves_no_import_into_full_goods(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "At game end move all of your imports to your goods. Account for your
    goods limit." With one completed shipment the limit is 4 ("a max of 2x your completed
    shipments, starting with a base of 1"): four goods leave no room, the imports stay."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {
                "shipments": ["cheap-shirts"],
                "imports": ["rice"],
                "goods": ["beer", "pens", "pants", "paper"],
            },
            {},
            {},
        ]
    )
    assert bills(s.state)[0]["goods"] == 4


def test_imports_cheap_shirts_moves_count_once_for_the_most_of_a_type(tmp_path: Path) -> None:
    """CHEAP SHIRTS: "At game end move all of your imports to your goods." A moved import is
    one more good of its type, for its value and for "The players with the most ... goods":
    p1's imported rice and p2's wheat tie for the most agriculture goods and split the 6."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[{"shipments": ["cheap-shirts"], "imports": ["rice"]}, {"goods": ["wheat"]}, {}]
    )
    scored = bills(s.state)
    assert [b["most"] for b in scored] == [3, 3, 0]
    assert [b["goods"] for b in scored] == [1, 1, 0]


def test_ceramics_one_virtual_luxury_good_for_every_two_consumer_goods(tmp_path: Path) -> None:
    """CERAMICS: "At game end, for every 2 consumer goods you have also add 1 virtual luxury
    good to your total good count." Three consumer goods make one virtual luxury good, which
    ties p2's one luxury good for the most luxury goods (8 split: 4 each)."""
    s = expansion_table(tmp_path, "jutaku", "kickstarter")(
        players=[
            {"shipments": ["ceramics", "cups"], "goods": ["beer", "pens", "pants"]},
            {"goods": ["jets"]},
            {},
        ]
    )
    assert [b["most"] for b in bills(s.state)][:2] == [6 + 4, 4]
