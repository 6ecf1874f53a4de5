"""Pack & Stack played whole: the greedy loading bot, seeded playouts with every invariant
checked after every action, canonical texts of every legal action, and the example scripts."""

from __future__ import annotations

import random
from importlib.resources import as_file, files

import pytest
from dockyard import Action, Session, cli
from dockyard.bots import GreedyBot
from dockyard.plugins.pack_and_stack.bots import greedy_key, packed_bill
from dockyard.plugins.pack_and_stack.load_truck import put_options
from dockyard.testing import Playout, SuiteTable, conservation
from test_pack_and_stack import intact, loading, play


def bot_game(players: int, seed: int, round_trip: bool = False) -> Session:
    """A game played by the bot through the generic suite's playout: invariants, token counts
    and events checked after every action (and, with `round_trip`, every legal action's text)."""
    run = Playout(SuiteTable("pack-and-stack", players), seed)
    bot = GreedyBot(seed)

    def choose(s: Session, legal: list[Action]) -> Action:
        if round_trip:
            for a in legal:
                assert s.parse(s.format(a)) == a, s.format(a)
                assert s.game.check(s.state, a, s.players.index(a.player)) is None
        action = bot.choose(s)
        assert action in s.legal_actions(action.player), s.format(action)
        return action

    return run.play(3000, after=conservation(run), choose=choose)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_games_end_with_a_winner_and_everything_conserved(players: int) -> None:
    for seed in range(8):
        s = bot_game(players, seed)
        outcome = s.outcome()
        assert outcome.reason.endswith("no points left")
        assert min(s.state.points) == 0
        best = max(s.state.points)
        assert set(outcome.winners) == {
            p for p, v in zip(s.players, s.state.points, strict=True) if v == best
        }


@pytest.mark.parametrize("players", [3, 6])
def test_every_legal_action_of_a_bot_game_round_trips(players: int) -> None:
    bot_game(players, 100 + players, round_trip=True)


def test_the_bot_packs_the_largest_piece_first_at_the_lowest_level() -> None:
    s = loading({"a": "T11"}, {"a": {"white": 1, "brown": 1, "turquoise": 1}})  # 4x3, 2 levels
    rng = random.Random(0)
    first = s.game.bot_action(s.state, 0, rng)
    assert first == Action("a", "put", ("turquoise", "a1", 1, "x"))
    best = min(put_options(s.state, 0, "turquoise"), key=greedy_key)
    assert (best.level, best.cell) == (1, "a1")
    s.apply(first)
    assert s.game.bot_action(s.state, 0, rng).args[0] == "brown"
    play(s, "a: put brown at a2 level 1 along x", "a: put white at a3 level 1")
    assert s.game.bot_action(s.state, 0, rng) == Action("a", "done", ())


def test_the_bot_says_done_when_nothing_in_hand_fits() -> None:
    s = loading({"a": "T28"}, {"a": {"purple": 2}})  # 3 wide, 4 levels: a purple rod never fits
    assert s.game.bot_action(s.state, 0, random.Random(0)) == Action("a", "done", ())


def test_the_bot_picks_the_truck_its_load_fits_best() -> None:
    s = Session("pack-and-stack", seed=2, players=("a", "b", "c"))
    state = s.state
    choice = s.game.bot_action(state, 2, random.Random(0))
    options = [a.args[0] for a in s.legal_actions("c") if a.args[0] != "pile"]
    bills = {t: packed_bill(state, state.c.truck(t), state.hands[2]) for t in options}
    assert choice.args[0] in [t for t, b in bills.items() if b == min(bills.values())] + ["pile"]
    intact(s)


def example_scripts() -> list[str]:
    folder = files("dockyard.content") / "pack_and_stack" / "examples"
    return sorted(e.name for e in folder.iterdir() if e.name.endswith(".dys"))


def test_there_are_example_scripts() -> None:
    assert len(example_scripts()) >= 3


@pytest.mark.parametrize("name", example_scripts())
def test_example_scripts_run_clean(capsys, name: str) -> None:
    with as_file(files("dockyard.content") / "pack_and_stack" / "examples" / name) as path:
        code = cli.main(["run", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err


def test_a_failing_expect_in_a_script_is_located(tmp_path, capsys) -> None:
    path = tmp_path / "bad.dys"
    path.write_text("game pack-and-stack\nplayers a b c\nseed 2\nexpect points.a == 74\n")
    assert cli.main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:4:1: error: expect failed: points.a is 75" in err


def test_a_malformed_action_line_is_located_and_explained(tmp_path, capsys) -> None:
    path = tmp_path / "bad.dys"
    path.write_text("game pack-and-stack\nplayers a b c\na: claim pile\nb: put brown b2\n")
    assert cli.main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:4:14: error: unexpected 'b2' (expected 'at')" in err


@pytest.mark.parametrize("seed", range(4))
def test_the_removes_offered_are_exactly_the_pieces_nothing_rests_on(seed: int) -> None:
    """legal_actions finds removable pieces in one pass over the union of all supports (no
    piece's support overlaps its own cells); the rule `check` asks (`_resting_on`) agrees."""
    from dockyard.plugins.pack_and_stack.load_truck import _resting_on, placements

    s = Session("pack-and-stack", seed=seed, players=4)
    for truck in s.state.c.trucks:
        for piece in s.state.c.pieces:
            assert all(not p.mask & p.support for p in placements(truck, piece.size))
    bot = GreedyBot(seed)
    checked = 0
    while not s.over:
        for seat in range(len(s.players)):
            legal = s.game.legal_actions(s.state, seat)
            if not legal or legal[-1].verb != "done":  # not loading now
                continue
            offered = {a.args for a in legal if a.verb == "remove"}
            free = {
                (p.place.cell, p.place.level)
                for p in s.state.loads[seat]
                if _resting_on(s.state, seat, p) is None
            }
            assert offered == free
            checked += bool(s.state.loads[seat])
        s.apply(bot.choose(s))
    assert checked > 0
