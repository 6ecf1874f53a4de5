"""Whole seeded games of Curious Cargo: every component accounted for after every action, and
every game ends by one of the rulebook's four triggers.

The default run plays a few dozen games of the base game and of Night Shift;
`DOCKYARD_CC_GAMES=1000` plays a thousand of each (a third of them uniformly random, the rest
with the game's bot).
"""

from __future__ import annotations

import os

import pytest
from dockyard import Session
from dockyard.bots import GreedyBot
from dockyard.queries import query
from dockyard.testing import Playout, SuiteTable, conservation

GAMES = int(os.environ.get("DOCKYARD_CC_GAMES", "24"))
TRIGGERS = (
    "goods",
    "received their",
    "active connections",
    "the draw bag is empty",
    "the Truck deck is empty",
)


def _play(seed: int, variants: tuple[str, ...] = (), uniform: bool = False) -> Session:
    """A whole game through the generic suite's playout (every component accounted for after
    every action), uniformly random or with the game's bot."""
    run = Playout(SuiteTable("curious-cargo", 2, variants), seed)
    bot = GreedyBot(seed)
    choose = None if uniform else (lambda s, legal: bot.choose(s))
    return run.play(20_000, after=conservation(run), choose=choose)


@pytest.mark.parametrize("variants", [(), ("night-shift",)], ids=["base", "night-shift"])
@pytest.mark.parametrize("chunk", range(4))
def test_seeded_games_keep_every_component_and_end_by_a_rulebook_trigger(chunk, variants):
    for seed in range(chunk, GAMES, 4):
        s = _play(seed, variants, uniform=seed % 3 == 0)
        reason = query(s, "reason")
        assert any(t in reason for t in TRIGGERS), reason
        outcome = s.outcome()
        assert outcome is not None and set(outcome.scores) == set(s.players)


def test_a_seed_and_the_action_log_reproduce_a_game_exactly():
    a = _play(5)
    b = Session("curious-cargo", seed=5)
    for action in a.log:
        b.apply(action)
    assert b.view(None) == a.view(None)
    assert b.outcome() == a.outcome()


def test_the_example_game_replays_to_its_recorded_final_scores(capsys):
    from importlib.resources import as_file, files

    from dockyard.cli import main

    script = files("dockyard.content") / "curious_cargo" / "examples" / "full-game.dys"
    with as_file(script) as path:
        assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "p2 wins 20-18 on points" in out
    assert "the game ends: p1 has shipped 9 goods" in out
    assert out.count("20-18") == 1  # each score said once
    assert "284 actions, 15 expectations passed" in out


def test_the_first_connection_scenario_runs_with_its_own_content_layer(capsys):
    """A scenario script names a content folder in its header (a stacked bag and deck)."""
    from importlib.resources import as_file, files

    from dockyard.cli import main

    folder = files("dockyard.content") / "curious_cargo" / "examples"
    with as_file(folder) as path:
        assert main(["run", str(path / "first-connection.dys")]) == 0
    assert (
        "truck04 leaves p1's Shipping side and enters p2's Receiving side"
        in capsys.readouterr().out
    )


def test_a_stacked_bag_and_deck_are_drawn_in_the_order_given(tmp_path):
    import json
    from importlib.resources import files

    setup = json.loads((files("dockyard.content") / "curious_cargo" / "setup.json").read_text())
    setup.update(bag_top=["t40", "t07"], deck_top=["truck25", "truck01", "truck02"], keep=3)
    (tmp_path / "setup.json").write_text(json.dumps(setup))
    s = Session("curious-cargo", seed=9, content=[tmp_path])
    assert s.state.seats[0].trucks == ["truck25", "truck01", "truck02"]
    s.apply_text("p1: draw")
    s.apply_text("p1: draw")
    assert s.state.seats[0].hand == ["t40", "t07"]


def test_a_stacked_bag_naming_an_unknown_tile_is_a_content_error(tmp_path):
    import json
    from importlib.resources import files

    from dockyard.loader import ContentError

    setup = json.loads((files("dockyard.content") / "curious_cargo" / "setup.json").read_text())
    setup.update(bag_top=["t99"])
    (tmp_path / "setup.json").write_text(json.dumps(setup))
    with pytest.raises(
        ContentError, match=r"setup.json:\d+:\d+: \$.bag_top\[0\]: there is no Conveyor tile 't99'"
    ):
        Session("curious-cargo", seed=9, content=[tmp_path])
