"""`redo` tells what it plays again as the seat was told it the first time (issue 40, "seats"):
another seat's secret action (a bot's sealed bid) only as it was announced, the seat's own in
its canonical text; and the generic suite's seat checks (framework/testing/seat_paths.py) catch
a turn order that tells a seat what another holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.seats import announced_log, told
from dockyard.testing import SuiteFailure, SuiteTable, check_hidden_information

IE_EX = Path(__file__).parent.parent / "content" / "import_export" / "examples" / "multiple-import"
BIDS = re.compile(r"p[23]:? bids? \d|p[23]: bid \d")


def play_as_p1(dockyard, lines: str) -> tuple[int, str, str]:
    return dockyard(
        "play", "import-export", "--content", str(IE_EX), "--players", "p1,p2,p3", "--seed", "1",
        "--as", "p1", "--bot", "p2", "--bot", "p3", stdin=lines,
    )  # fmt: skip


def test_redo_as_a_seat_does_not_print_the_bots_sealed_bids(dockyard) -> None:
    lines = "lead import with laptops\nimport from yellow-2\nundo\nredo 3\n"
    code, out, err = play_as_p1(dockyard, lines)
    assert "p1: import from yellow-2" in out
    assert not BIDS.search(out), BIDS.search(out)
    redid = [line for line in out.splitlines() if line.startswith("redid ")]
    assert redid == [
        "redid p1: import from yellow-2",  # its own, in its canonical text
        "redid p2: bid (in secret)",  # the others' as announced
        "redid p3: bid (in secret)",
    ]


def test_redo_in_a_hot_seat_prints_the_canonical_text(dockyard) -> None:
    """Everyone at the keyboard has seen every action as played (the bids too)."""
    code, out, _ = dockyard(
        "play", "tictactoe", "--seed", "1", stdin="x: mark b2\nundo\nredo\n"
    )  # fmt: skip
    assert "redid x: mark b2" in out
    lines = out.splitlines()
    assert lines.count("x: mark b2") == 1  # played; redone, its move is the `redid` line alone
    assert lines[lines.index("redid x: mark b2") + 1] == "x marks b2"


def test_told_is_the_one_rule_for_a_seat_and_a_spectator() -> None:
    s = Session("import-export", seed=1, players=3, content=[IE_EX])
    s.apply_text("p1: lead import with laptops")
    s.apply_text("p2: follow with teslas")
    s.apply_text("p3: follow with flour")
    s.apply_text("p1: import from yellow-2")
    s.apply_text("p2: bid 4")
    bid = s.log[-1]
    assert told(s, bid, "p2") == "p2: bid 4"
    assert told(s, bid, "p1") == told(s, bid, None) == "p2: bid (in secret)"
    assert announced_log(s, "p1")[-1] == "p2: bid (in secret)"


def test_the_suite_catches_a_turn_order_that_tells_what_a_hand_holds(monkeypatch) -> None:
    """The reading before issue 40: a seat that cannot use its actions with the hand it holds
    is passed over silently. The suite's seat checks see the game move on differently for a
    seat when the other hands are dealt again."""
    from dockyard.plugins.import_export import playing_a_turn

    monkeypatch.setattr(playing_a_turn, "can_act", playing_a_turn.usable)
    with pytest.raises(SuiteFailure, match="the turn order tells"):
        check_hidden_information(SuiteTable("import-export", 2), range(6))


def test_the_suite_passes_the_turn_order_of_import_export() -> None:
    assert check_hidden_information(SuiteTable("import-export", 2), range(2)) > 0
