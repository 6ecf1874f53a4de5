"""RL interop (issue 12): the fixed action index of every game, PettingZoo's and OpenSpiel's
own test functions on every built-in game, and OpenSpiel's MCTS playing our tic-tac-toe. The
peers' packages come with the `rl` extra; without it these skip, except under CI (CI=true),
which installs it and must run them."""

from __future__ import annotations

import importlib
import os
import random

import pytest
from dockyard.bots import GreedyBot
from dockyard.interop.encoding import action_index, observation, returns
from dockyard.session import Session

GAMES = [
    ("tictactoe", {}),
    ("curious-cargo", {}),
    ("curious-cargo", {"variants": ["night-shift"]}),
    ("pack-and-stack", {"players": 3}),
    ("pack-and-stack", {"players": 6}),
    ("cargo", {"players": 4}),
    ("import-export", {"players": 2}),
    ("import-export", {"players": 6}),
]


def _need(module: str) -> object:
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is missing: CI installs the rl extra and must run these")
        pytest.skip(f"{module} is missing (pip install '.[rl]')")


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_legal_action_has_an_index_and_comes_back(game, options) -> None:
    for seed in range(3):
        s = Session(game, seed=seed, **options)
        index = action_index(s.game, s.state)
        bot = GreedyBot(seed)
        while not s.over:
            for action in s.legal_actions():
                number = index.index(action)
                assert 0 <= number < index.size
                assert index.action(number, action.player) == action
            s.apply(bot.choose(s))
        assert sum(returns(s.game, s.state)) == pytest.approx(0.0)


def test_the_index_is_documented_and_fixed() -> None:
    s = Session("tictactoe")
    index = action_index(s.game, s.state)
    assert [index.index(a) for a in s.legal_actions()] == list(range(9))
    assert str(index.action(1, "x")) == "x: mark b1"
    s = Session("curious-cargo")
    table = action_index(s.game, s.state).describe()
    assert table[0].split()[:2] == ["0", "keep"] and any(" place (24000)" in t for t in table)


@pytest.mark.parametrize(("game", "options"), GAMES[1:3])
def test_an_observation_shows_nothing_its_player_may_not_see(game, options) -> None:
    s = Session(game, seed=4, **options)
    bot = GreedyBot(4)
    for _ in range(60):
        s.apply(bot.choose(s))
    for seat in range(2):
        sample = s.game.sample_state(s.state, seat, random.Random(seat))
        assert observation(s.game, sample, seat) == observation(s.game, s.state, seat)


@pytest.mark.parametrize(
    "game", ["tictactoe", "curious-cargo", "pack-and-stack", "cargo", "import-export"]
)
def test_pettingzoo_api_test(game) -> None:
    _need("pettingzoo")
    from dockyard.interop.pettingzoo import env
    from pettingzoo.test import api_test

    api_test(env(game), num_cycles=300)


def test_pettingzoo_plays_a_whole_game_to_its_rewards() -> None:
    _need("pettingzoo")
    from dockyard.interop.pettingzoo import env

    e = env("tictactoe")
    e.reset(seed=2)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] = reward
        action = None
        if not (terminated or truncated):
            action = int(obs["action_mask"].nonzero()[0][0])  # the first legal action
        e.step(action)
    assert rewards == {"x": 1.0, "o": -1.0}  # a1 b1 c1 ... x takes the first row


@pytest.mark.parametrize(
    "game", ["tictactoe", "curious-cargo", "pack-and-stack", "cargo", "import-export"]
)
def test_openspiel_random_sim_test(game) -> None:
    pyspiel = _need("pyspiel")
    import dockyard.interop.openspiel  # noqa: F401  (registers the games)

    loaded = pyspiel.load_game("dockyard_" + game.replace("-", "_"))  # type: ignore[attr-defined]
    sims = 3 if os.environ.get("DOCKYARD_LONG") else 1  # Cargo's games are long (CI: all three)
    pyspiel.random_sim_test(loaded, num_sims=sims, serialize=False, verbose=False)  # type: ignore[attr-defined]


def test_openspiel_mcts_never_loses_our_tictactoe() -> None:
    pyspiel = _need("pyspiel")
    import dockyard.interop.openspiel  # noqa: F401
    import numpy as np
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    game = pyspiel.load_game("dockyard_tictactoe")  # type: ignore[attr-defined]
    rng = np.random.RandomState(3)
    for i in range(4):
        searcher = mcts.MCTSBot(game, 2, 300, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        bots = (
            [searcher, UniformRandomBot(1, rng)]
            if i % 2 == 0
            else [UniformRandomBot(0, rng), searcher]
        )
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert state.returns()[i % 2] >= 0


def test_openspiel_chance_node_deals_the_seed() -> None:
    pyspiel = _need("pyspiel")
    import dockyard.interop.openspiel  # noqa: F401

    game = pyspiel.load_game("dockyard_curious_cargo")  # type: ignore[attr-defined]
    state = game.new_initial_state()
    for digit in (7, 2, 0, 1):  # the seed's digits, base 256, lowest first
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(digit)
    dealt = 0
    while state.is_chance_node():  # then the set-up's shuffles, draw by draw: dealt as the
        pending = state.run.pending  # seeded generator drew them, the seed's own game
        n, drawn = pending.drawn[len(pending.chosen)]
        assert len(state.chance_outcomes()) == n
        state.apply_action(drawn)
        dealt += 1
    assert dealt > 20  # the bag and the Truck deck are shuffled in the open
    mine = state.information_state_string(0)
    assert mine != state.information_state_string(1)
    ours = Session("curious-cargo", seed=7 + 2 * 256 + 1 * 256**3)
    mover = ours.players[state.current_player()]
    assert state.legal_actions() == sorted(
        action_index(ours.game, ours.state).index(a) for a in ours.legal_actions(mover)
    )
