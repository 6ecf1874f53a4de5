"""Ship, Captain and Crew: the rules from the game's own text, and dockyard's generic suite.

Run from this folder once the package is installed: `pytest` (or, without these tests,
`pytest --dockyard-game ship-captain-crew` from anywhere)."""

from __future__ import annotations

import pytest
from dockyard import IllegalAction, Session
from dockyard.queries import query
from dockyard.testing import Budget, check_game
from ship_captain_crew.game import keep

SEQ = (("ship", 6), ("captain", 5), ("crew", 4))
GAME = "ship-captain-crew"


@pytest.mark.parametrize(
    ("kept", "dice", "now", "rest"),
    [
        ([], [6, 5, 4, 3, 2], ["ship", "captain", "crew"], [3, 2]),  # all three in one roll
        ([], [5, 4, 3, 2, 1], [], [5, 4, 3, 2, 1]),  # a captain needs a ship first
        ([], [6, 4, 4, 1, 1], ["ship"], [4, 4, 1, 1]),  # a crew needs a captain first
        (["ship"], [5, 2, 2, 2], ["ship", "captain"], [2, 2, 2]),
        (["ship", "captain", "crew"], [6, 6], ["ship", "captain", "crew"], [6, 6]),  # cargo
    ],
)
def test_ship_captain_and_crew_are_kept_in_order(kept, dice, now, rest) -> None:
    assert keep(SEQ, kept, dice) == (now, rest)


def test_stop_is_legal_only_with_ship_captain_and_crew() -> None:
    s = Session(GAME, seed=1)
    with pytest.raises(IllegalAction, match="only once your ship, captain and crew"):
        s.apply_text("stop")
    assert [s.format(a) for a in s.legal_actions()] == ["p1: roll"]


def test_a_turn_ends_after_the_last_roll_and_scores_the_cargo_or_nothing() -> None:
    s = Session(GAME, seed=3)
    for _ in range(3):
        s.apply_text("roll")
    assert s.actors() == ["p2"] and query(s, "rolls_left") == 3
    scored = [e for e in s.events if e.kind == "score"]
    assert len(scored) == 1 and scored[0].player == "p1"
    total = query(s, "total.p1")
    assert total == 0 or 2 <= total <= 12


def test_the_game_ends_after_the_rounds_and_the_best_total_wins() -> None:
    s = Session(GAME, seed=5, players=3)
    while not s.over:
        s.apply(s.legal_actions()[0])  # always roll: every turn uses its three rolls
    totals = {p: query(s, f"total.{p}") for p in s.players}
    result = s.outcome()
    assert result is not None and set(result.winners) == {
        p for p, t in totals.items() if t == max(totals.values())
    }
    assert sum(1 for e in s.events if e.kind == "score") == 3 * 3


def test_the_generic_suite() -> None:
    check_game(GAME, budget=Budget(playouts=40))
