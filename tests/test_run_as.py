"""`dockyard run --as SEAT FILE`: a referee's script plays every seat's lines, but everything
else (legal, hints, did-you-mean, refusals, help, expect) is answered from that seat's
knowledge, exactly as `play --as SEAT` answers it (issue 40, "seats"). An answer about p2's
hidden card is the answer about any card p1 has not seen."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

IE_EX = Path(__file__).parent.parent / "content" / "import_export" / "examples" / "multiple-import"
HEAD = "game import-export\ncontent mi\nplayers p1 p2 p3\nseed 1\np1: lead import with laptops\n"


def unseen() -> str:
    """A card in the deck: p1 has not seen it (p2 holds teslas)."""
    from dockyard import Session

    s = Session("import-export", seed=1, players=3, content=[IE_EX])
    s.apply_text("p1: lead import with laptops")
    shown = s.render("p1") + s.render("p1", "hand") + (IE_EX / "layout.json").read_text()
    return next(c for c in sorted(s.state.deck) if c not in shown)


@pytest.fixture
def run_as(dockyard, tmp_path, monkeypatch):
    """`run_as(LINE)`: (exit code, everything printed) of the script HEAD + LINE, run --as p1."""
    shutil.copytree(IE_EX, tmp_path / "mi")
    monkeypatch.chdir(tmp_path)

    def run(line: str) -> tuple[int, str]:
        script = tmp_path / "ra.dys"
        script.write_text(HEAD + line + "\n")
        code, out, err = dockyard("run", "--as", "p1", str(script))
        return code, out + err

    return run


@pytest.mark.parametrize(
    "line",
    ["legal p2", "legal", "p2: follow with teslax", "p2: follow with laptops", "help follow"],
)
def test_nothing_of_p2s_hand_is_printed(run_as, line) -> None:
    code, out = run_as(line)
    assert "teslas" not in out
    assert "Traceback" not in out and "internal error" not in out


@pytest.mark.parametrize(
    "query",
    ["expect illegal: p2: follow with {}", "expect has.p2.{} == true", "expect has.p2.{} == false"],
)
def test_p2s_card_is_answered_as_any_unseen_card(run_as, query) -> None:
    card = unseen()
    held = run_as(query.format("teslas"))
    other = run_as(query.format(card))
    assert held[0] == other[0] == 1  # refused: hidden from p1
    assert held[1].replace("teslas", "CARD") == other[1].replace(card, "CARD")


def test_answers_are_play_as_answers(run_as, dockyard) -> None:
    """`legal p2` and `legal` say what `play --as p1` says."""
    _, out = run_as("legal p2")
    assert "you play p1: p2's actions are hidden from you" in out
    _, out = run_as("legal")
    assert "nothing for p1 to do now (waiting for p2)" in out


def test_the_referee_still_plays_every_seats_lines(run_as) -> None:
    code, out = run_as("p2: follow with teslas\np3: follow with flour")
    assert code == 0, out
    assert "p2 follows import with teslas" in out  # played, and public once played
    assert "2 actions" not in out and "3 actions, 0 expectations passed" in out


def test_a_refusal_of_another_seats_line_does_not_say_why(run_as) -> None:
    """The rules' reason may name p2's hand ("laptops is not in your hand"): p1 is told only
    that p2's line was refused."""
    code, out = run_as("p2: follow with laptops")
    assert code == 1
    assert "p2's action is refused (why is p2's to know: you see the game as p1)" in out
    assert "not in your hand" not in out and "did you mean" not in out
