"""The environments' quick paths give the same answers as the slow ones: actions numbered by
the objects' ids (Moves.numbered) are the index's own numbers, also after the id table is let
go; sessions that keep no undo copies (Session.keep_no_undo_copies) still play and undo the same game."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("gymnasium", reason="needs the rl extra")

from dockyard import Session  # noqa: E402
from dockyard.interop import pettingzoo  # noqa: E402
from dockyard.interop.encoding import action_index  # noqa: E402


@pytest.mark.parametrize("game", ["curious-cargo", "cargo"])
def test_numbered_by_id_is_the_index_numbering(game: str, monkeypatch) -> None:
    monkeypatch.setattr(pettingzoo, "MAX_BY_ID", 40)  # let the id table go again and again
    session = Session(game, seed=5)
    index = action_index(session.game, session.state)
    moves = pettingzoo.Moves(index)
    rng = random.Random(5)
    most = 0  # the most legal actions at once: the table holds at most 40 more than that
    for _ in range(150):
        if session.over:
            break
        player = session.actors()[0]
        numbers, legal = moves.numbered(session, player)
        assert numbers == [index.index(a) for a in legal]
        most = max(most, len(legal))
        assert len(moves.by_id) <= 40 + most and moves.by_id.keys() == moves.alive.keys()
        session.apply(rng.choice(legal))
    else:
        return
    pytest.fail(f"{game} ended within 150 actions: too few to test")


def test_a_session_without_undo_copies_plays_and_undoes_the_same_game() -> None:
    plain, bare = Session("cargo", seed=2), Session("cargo", seed=2)
    bare.keep_no_undo_copies()
    rng = random.Random(2)
    for _ in range(60):
        action = rng.choice(plain.legal_actions())
        plain.apply(action)
        bare.apply(action)
    assert not bare._checkpoints and plain._checkpoints
    assert bare.view() == plain.view()
    plain.undo(5)
    bare.undo(5)  # replayed from the start: the same state all the same
    assert bare.view() == plain.view()
