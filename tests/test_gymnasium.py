"""The single-agent Gymnasium environment (dockyard.interop.gymnasium): Gymnasium's own
check_env, masked random play to the end, seeds, illegal actions and bad options. Gymnasium
comes with the `rl` extra; without it these skip, except under CI (CI=true), which installs it."""

from __future__ import annotations

import importlib
import os

import pytest

np = pytest.importorskip("numpy", reason="numpy is missing (the rl extra)")

from dockyard.game import DockyardError, IllegalAction  # noqa: E402
from dockyard.interop.encoding import returns  # noqa: E402  (after the skip: needs numpy)

pytestmark = pytest.mark.timeout(300)


def _need(module: str) -> object:
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is missing: CI installs the rl extra and must run these")
        pytest.skip(f"{module} is missing (pip install '.[rl]')")


@pytest.fixture
def make():
    _need("gymnasium")
    from dockyard.interop.gymnasium import env

    return env


def _play(e, seed: int, pick: int):
    """A whole episode of masked random actions: (observations, rewards, steps)."""
    rng = np.random.default_rng(pick)
    obs, info = e.reset(seed=seed)
    seen, rewards = [obs], []
    for _ in range(20_000):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        seen.append(obs)
        rewards.append(reward)
        if terminated or truncated:
            return seen, rewards, terminated
    raise AssertionError("20,000 masked random steps and the game has not ended")


@pytest.mark.parametrize(
    ("game", "options"), [("cargo", {}), ("tictactoe", {}), ("pack-and-stack", {"players": 3})]
)
def test_gymnasium_check_env(make, game, options) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(make(game, opponents="random", **options), skip_render_check=True)


@pytest.mark.parametrize(
    ("game", "seat", "bot"),
    [("cargo", 0, "greedy"), ("cargo", 1, None), ("tictactoe", 1, "random")],
)
def test_masked_random_play_reaches_the_end_with_the_outcome_as_reward(
    make, game, seat, bot
) -> None:
    e = make(game, opponents=bot, seat=seat)
    for seed in range(2):
        seen, rewards, terminated = _play(e, seed, seed)
        session = e.unwrapped.session
        assert terminated and session.over
        assert rewards[-1] == returns(session.game, session.state)[seat]
        assert all(r == 0.0 for r in rewards[:-1])
        assert all(o.shape == e.observation_space.shape and o.dtype == np.float32 for o in seen)


def test_every_observation_comes_at_the_agents_move_with_its_legal_actions(make) -> None:
    e = make("cargo", opponents="random", seat=1, players=3)
    rng = np.random.default_rng(3)
    obs, info = e.reset(seed=3)
    for _ in range(200):
        session = e.unwrapped.session
        if session.over:
            break
        assert "p2" == e.unwrapped.agent and session.actors()[0] == "p2"
        legal = {e.unwrapped.index.index(a) for a in session.legal_actions("p2")}
        assert set(np.flatnonzero(info["action_mask"])) == legal
        obs, _, terminated, _, info = e.step(int(rng.choice(sorted(legal))))
        if terminated:
            break


def test_the_same_seed_gives_the_same_episode(make) -> None:
    one, two = make("cargo", opponents="random"), make("cargo", opponents="random")
    a, ra, _ = _play(one, 11, 4)
    b, rb, _ = _play(two, 11, 4)
    assert ra == rb and len(a) == len(b)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    c, _, _ = _play(one, 12, 4)
    assert len(c) != len(a) or not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))
    # reset() without a seed draws the next from the env's own generator: reproducible too
    one.reset(seed=5)
    two.reset(seed=5)
    assert np.array_equal(one.reset()[0], two.reset()[0])
    assert one.unwrapped.session.seed == two.unwrapped.session.seed


def test_an_illegal_action_is_penalised_and_plays_nothing_or_raises(make) -> None:
    e = make("tictactoe", opponents="random")
    e.reset(seed=1)
    obs, *_ = e.step(4)  # x: mark b2, then o marks some other square
    log = list(e.unwrapped.session.log)
    again, reward, terminated, truncated, info = e.step(4)  # b2 is taken
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert "x: mark b2" in info["illegal"] and e.unwrapped.session.log == log
    assert np.array_equal(obs, again) and info["action_mask"][4] == 0
    *_, info = e.step(np.int64(99))
    assert "no action 99" in info["illegal"] and e.unwrapped.session.log == log
    *_, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "illegal" not in info and len(e.unwrapped.session.log) > len(log)
    strict = make("tictactoe", opponents="random", illegal="raise", illegal_reward=-5)
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="an action is an index"):
        strict.step("b2")
    strict.step(4)
    with pytest.raises(IllegalAction, match="x: mark b2"):
        strict.step(4)
    penalised = make("tictactoe", opponents="random", illegal_reward=-5)
    penalised.reset(seed=1)
    assert penalised.step(9)[1] == -5.0


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"opponents": "nobody"}, "no bot 'nobody'"),
        ({"opponents": ["random", "random"]}, "a list of 1 names"),
        ({"seat": 2}, "seat is a player's name or a number from 0 to 1"),
        ({"seat": "z"}, "no seat 'z'"),
        ({"illegal": "ignore"}, "illegal is one of penalty, raise"),
    ],
)
def test_bad_options_say_why(make, options, says) -> None:
    with pytest.raises(DockyardError, match=says):
        make("tictactoe", **options)


def test_stepping_a_finished_game_says_to_reset(make) -> None:
    e = make("tictactoe", opponents="random")
    _play(e, 2, 2)
    with pytest.raises(DockyardError, match="reset"):
        e.step(0)
