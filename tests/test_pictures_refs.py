"""Every thing an action line names is in the picture, marked with data-ref="WORD": the page
builds moves by clicking those elements (framework/server/static/play.js), from the legal lines
and the refs alone. For each game, along seeded random games, every word of every legal line of
the seat to act is a data-ref of that seat's picture, but for the words that name no thing on
the table: the verb, the grammar's little words, directions and numbers (GRAMMAR below, per game).

And a seat's picture names only what that seat may use: the squares of its own facility or
truck, its own hand's cards (a spectator's picture names no hand's contents)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from dockyard.session import Session

NUMBER = re.compile(r"^\d+(:\d+)?$")
COMMON = {"with", "and", "on", "to", "in", "from", "at", "of"}
GRAMMAR = {  # words of a game's lines that name no thing on the table
    "tictactoe": set(),
    "curious-cargo": {"east", "west", "north", "south", "construction", "trucking"},
    "import-export": {"contract", "supply", "pirate", "load", "import", "goods"},
    "pack-and-stack": {"level", "along", "x", "y", "standing"},
    "cargo": {
        "east",
        "west",
        "north",
        "south",
        "pull",
        "dockhands",
        "burlies",
        "mules",
        "elephants",
    },
}
GAMES = [("tictactoe", 2, 9), ("curious-cargo", 2, 60), ("import-export", 3, 80)]
GAMES += [("pack-and-stack", 3, 60), ("cargo", 2, 60)]


def refs(session: Session, seat: str | None) -> set[str]:
    root = ET.fromstring(session.picture(seat).to_string())
    return {e.get("data-ref", "") for e in root.iter() if e.get("data-ref")}


def unnamed(session: Session, seat: str, game: str) -> dict[str, str]:
    """word -> a legal line of `seat` naming it that its picture has no data-ref for."""
    found = refs(session, seat)
    missing = {}
    for action in session.legal_actions(seat):
        line = session.format(action)
        words = line.split(":", 1)[1].split()
        for word in words[1:]:
            if word in found or word in COMMON or word in GRAMMAR[game] or NUMBER.match(word):
                continue
            missing.setdefault(word, line)
    return missing


@pytest.mark.parametrize(("game", "players", "steps"), GAMES, ids=[g[0] for g in GAMES])
def test_the_picture_names_every_word_of_the_seats_legal_lines(
    game: str, players: int, steps: int
) -> None:
    for seed in (1, 2):
        session = Session(game, seed=seed, players=players)
        rng = random.Random(seed)
        for step in range(steps):
            if session.over:
                break
            seat = session.actors()[0]
            missing = unnamed(session, seat, game)
            assert not missing, (
                f"{game} seed {seed} step {step}: {seat}'s picture has no data-ref for "
                + ", ".join(f"{w!r} (in {line!r})" for w, line in list(missing.items())[:5])
            )
            session.apply(rng.choice(session.legal_actions(seat)))


def test_tictactoe_names_its_nine_cells_for_every_seat_and_spectator() -> None:
    session = Session("tictactoe", seed=1, players=2)
    cells = {c + r for c in "abc" for r in "123"}
    for seat in ("x", "o", None):
        assert cells <= refs(session, seat)


def test_a_seat_names_its_own_squares_and_hand_only() -> None:
    session = Session("curious-cargo", seed=1, players=2)
    for _ in range(8):  # the card selection, until a tile is in a hand
        seat = session.actors()[0]
        legal = session.legal_actions(seat)
        pick = [a for a in legal if session.format(a).split()[1] in ("keep", "draw")]
        session.apply((pick or legal)[0])
    mine, theirs, watching = refs(session, "p1"), refs(session, "p2"), refs(session, None)
    assert "hand:p1" in mine and "hand:p2" not in mine
    assert "hand:p2" in theirs and "hand:p1" not in theirs
    hand = session.view("p1")["players"][0]["hand"] + session.view("p1")["players"][0]["trucks"]
    assert hand and set(hand) <= mine
    assert not set(hand) & watching  # a spectator's picture names no card of a hand
    assert not set(session.view("p2")["players"][1]["trucks"]) & mine
    squares = {f"{c}{r}" for c in "abcdefgh" for r in range(1, 11)}
    assert len(squares & mine) > 20 and not squares & watching
