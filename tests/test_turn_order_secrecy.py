"""The turn order tells nobody what a hand holds (issue 40, "seats"): in Import / Export a
player whose use of their actions depends on their hand is asked (and may have only `pass`),
not passed over silently; they are passed over only when no hand could help them (a load
action with no contract), which everyone can tell (content/import_export/README.md, "Turn
order")."""

from __future__ import annotations

import json
from pathlib import Path

from dockyard import Session

P1 = ["coffee", "shampoo", "telescopes", "bamboo", "iceland-water"]
P2 = ["flash-drives", "generators", "soy-sauce", "soap"]  # and a fifth card, which differs
LINES = [
    "p1: lead load with coffee and iceland-water",
    "p2: follow with flash-drives and generators",
    "p2: draw",
    "p1: lead load with bamboo",
    "p2: follow with mouthwash and soap",
    "p2: lead load with cologne",
    "p1: draw",
    "p1: lead import with cannons",
    "p2: draw",
    "p1: import from yellow-2",
    "p1: keep danger-pets in imports",
    "p1: keep wheat in goods",
    "p2: lead contract with almonds and soy-sauce",
    "p1: follow with backpacks and shampoo",
]
SEED = 73519


def deal(folder: Path, fifth: str) -> Path:
    """A content folder dealing p1 and p2 the hands above, p2's fifth card `fifth`."""
    lay = folder / "lay"
    lay.mkdir(parents=True)
    layout = {
        "$schema": "urn:dockyard:import_export:layout",
        "players": [{"hand": P1}, {"hand": [*P2, fifth]}],
    }
    (lay / "layout.json").write_text(json.dumps(layout))
    return lay


def played(folder: Path, fifth: str) -> Session:
    s = Session("import-export", seed=SEED, players=["p1", "p2"], content=[deal(folder, fifth)])
    for line in LINES:
        s.apply_text(line)
    return s


def test_a_seat_whose_hand_leaves_it_only_pass_is_asked_all_the_same(tmp_path) -> None:
    # p2 led contract: with smart-cars nothing of p2's hand can be contracted, with
    # cell-phones it can; either way p2 is asked, and p1 sees p2 to play
    cannot = played(tmp_path / "a", "smart-cars")
    can = played(tmp_path / "b", "cell-phones")
    assert cannot.actors() == can.actors() == ["p2"]
    assert [cannot.format(a) for a in cannot.legal_actions("p2")] == ["p2: pass"]
    assert "p2: contract cell-phones on yellow-1" in {
        can.format(a) for a in can.legal_actions("p2")
    }
    assert cannot.render("p1") == can.render("p1")
    # p2 passes: the game goes on identically for p1
    cannot.apply_text("p2: pass")
    can.apply_text("p2: pass")
    assert cannot.actors() == can.actors()
    assert [e.text for e in cannot.last_events] == [e.text for e in can.last_events]


def test_run_as_p1_shows_the_same_game_whatever_p2s_hidden_card(dockyard, tmp_path) -> None:
    outs = []
    for name, fifth in (("a", "smart-cars"), ("b", "cell-phones")):
        folder = tmp_path / name
        deal(folder, fifth)
        script = folder / "skip.dys"
        head = f"game import-export\ncontent lay\nplayers p1 p2\nseed {SEED}\n"
        script.write_text(head + "\n".join(LINES) + "\nlegal\nlog\n")
        code, out, err = dockyard("run", "--as", "p1", str(script))
        assert code == 0, err
        outs.append(out)
    assert "p1 follows contract with backpacks and shampoo" in outs[0]
    assert outs[0] == outs[1]
    assert "nothing for p1 to do now (waiting for p2)" in outs[0]


# (a seat no hand could help, a load action with no contract, is still passed over:
# tests/test_import_export_rules.py::test_load_by_container_color_only_and_not_without_a_contract)
