"""RL at speed (issue 44): the batched env (dockyard.interop.vector), bounded observations, the
Gymnasium ids, the score-margin reward and the PettingZoo parallel env."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import dockyard.interop  # noqa: E402,F401  (registers dockyard/<game>-v0)
from dockyard import Session  # noqa: E402
from dockyard.core import DockyardError  # noqa: E402
from dockyard.interop import rewards  # noqa: E402
from dockyard.interop.gymnasium import env as gym_env  # noqa: E402
from dockyard.interop.pettingzoo import parallel_env  # noqa: E402
from dockyard.interop.vector import env as vector_env  # noqa: E402

GAMES = ["tictactoe", "curious-cargo", "pack-and-stack", "cargo", "import-export"]


def masked(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


def test_the_batch_is_one_array_with_a_bool_mask_and_restarts_finished_tables() -> None:
    e = vector_env("tictactoe", num_envs=6, opponents="random", seed=3)
    assert isinstance(e, gymnasium.vector.VectorEnv) and e.num_envs == 6
    obs, info = e.reset(seed=3)
    first, mask0 = obs.copy(), info["action_mask"].copy()
    assert obs.shape == (6, e.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert mask0.dtype == np.bool_ and mask0.shape == (6, 9)
    again, info2 = e.reset(seed=3)
    assert np.array_equal(first, again) and np.array_equal(mask0, info2["action_mask"])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(40):
        obs, reward, terminated, truncated, info = e.step(masked(info["action_mask"], rng))
        assert info["action_mask"].any(axis=1).all()  # every table offers a move: autoreset
        assert e.observation_space.contains(obs)
        if terminated.any():
            ended += int(terminated.sum())
            final = info["final_obs"][terminated]
            assert final.any(axis=1).all()  # the last board of the game that ended
            assert set(reward[terminated].tolist()) <= {-1.0, 0.0, 1.0}
        assert not reward[~terminated].any()  # "win": nothing until the end
    assert ended >= 6


def test_the_batch_plays_the_tables_the_single_env_plays() -> None:
    """Table i of the batch is the single-agent game: the same legal actions as a Session
    and the same observation, after the reset and after every step (the mask rows are
    updated in place, the observations written over the rows: nothing of the step before
    may stay), games ending and starting again included."""
    e = vector_env("curious-cargo", num_envs=3, seed=1)
    obs, info = e.reset(seed=1)
    rng = np.random.default_rng(2)
    ended = 0
    for step in range(400):
        for i, table in enumerate(e.tables):
            session = table.session
            legal = session.legal_actions(session.players[0])
            assert sorted(np.flatnonzero(info["action_mask"][i])) == sorted(
                e.index.index(a) for a in legal
            ), (step, i)
            mine = np.asarray(session.game.observation(session.state, 0), np.float32)
            assert np.array_equal(obs[i], mine), (step, i)
        obs, _, terminated, _, info = e.step(masked(info["action_mask"], rng))
        ended += int(terminated.sum())
    assert ended >= 1


def test_an_action_outside_the_mask_is_refused_with_the_penalty() -> None:
    e = vector_env("tictactoe", num_envs=2, seed=5)
    obs, info = e.reset(seed=5)
    taken = (
        int(np.flatnonzero(~info["action_mask"][0])[0])
        if not info["action_mask"][0].all()
        else None
    )
    legal1 = int(np.flatnonzero(info["action_mask"][1])[0])
    if taken is None:  # an empty board: play one move first
        obs, _, _, _, info = e.step(np.array([legal1, legal1]))
        taken = int(np.flatnonzero(~info["action_mask"][0])[0])
        legal1 = int(np.flatnonzero(info["action_mask"][1])[0])
    before = e.tables[0].session.log[:]
    obs, reward, terminated, _, info = e.step(np.array([taken, legal1]))
    assert reward[0] == -1.0 and info["_illegal"].tolist() == [True, False]
    assert "not legal" in info["illegal"][0]
    assert e.tables[0].session.log == before  # nothing played at that table


def test_bad_options_are_one_message() -> None:
    with pytest.raises(DockyardError, match="num_envs"):
        vector_env("tictactoe", num_envs=0)
    with pytest.raises(DockyardError, match="reward"):
        vector_env("tictactoe", num_envs=2, reward="points")
    with pytest.raises(DockyardError, match="counts no points"):
        gym_env("tictactoe", reward="score-margin")


@pytest.mark.parametrize("game", GAMES)
def test_every_observation_lies_within_the_declared_bounds(game: str) -> None:
    e = gym_env(game, opponents="random")
    space = e.observation_space
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    for seed in range(2):
        s = Session(game, seed=seed)
        rng = random.Random(seed)
        while not s.over:
            for seat in range(len(s.players)):
                values = np.asarray(s.game.observation(s.state, seat), np.float32)
                assert values.min() >= -1.0 and values.max() <= 1.0, (game, seed, len(s.log))
            s.apply(rng.choice(s.legal_actions()))


def test_fixed_size_pads_every_player_count_to_the_largest() -> None:
    sizes = {n: gym_env("pack-and-stack", players=n, fixed_size=True) for n in (3, 4, 6)}
    widths = {e.observation_space.shape[0] for e in sizes.values()}
    assert len(widths) == 1  # one network for every count
    plain = gym_env("pack-and-stack", players=3)
    assert plain.observation_space.shape[0] < widths.pop()
    obs, _ = sizes[3].reset(seed=1)
    assert not obs[plain.observation_space.shape[0] :].any()  # the padding is zeros


def test_gymnasium_make_and_make_vec_know_every_game() -> None:
    for game in GAMES:
        e = gymnasium.make(f"dockyard/{game}-v0")
        obs, info = e.reset(seed=0)
        assert e.observation_space.contains(obs) and "action_mask" in info
    v = gymnasium.make_vec("dockyard/cargo-v0", num_envs=3, reward="score-margin")
    obs, info = v.reset(seed=2)
    assert obs.shape[0] == 3 and info["action_mask"].shape[0] == 3


def test_score_margin_rewards_sum_to_the_final_margin() -> None:
    e = gym_env("cargo", opponents="random", reward="score-margin", seat=1)
    for seed in (0, 1):
        rng = np.random.default_rng(seed)
        obs, info = e.reset(seed=seed)
        total, steps = 0.0, 0
        while True:
            obs, reward, terminated, truncated, info = e.step(
                int(rng.choice(np.flatnonzero(info["action_mask"])))
            )
            total += reward
            steps += 1
            if terminated or truncated:
                break
        session = e.session
        scores = [session.outcome().scores[p] for p in session.players]
        assert total == pytest.approx(scores[1] - scores[0])
        assert rewards.margin(session, 1) == pytest.approx(scores[1] - scores[0])


def test_the_batched_score_margin_reward_tells_steps_apart() -> None:
    e = vector_env("cargo", num_envs=4, seed=0, reward="score-margin")
    obs, info = e.reset(seed=0)
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(300):
        obs, reward, *_rest, info = e.step(masked(info["action_mask"], rng))
        seen.update(reward.tolist())
    assert len(seen) > 2  # points scored along the way, not only at the end


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_test_passes(game: str) -> None:
    from pettingzoo.test import parallel_api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game), num_cycles=300)


def test_simultaneous_claims_are_played_in_one_step_and_not_always_by_one_seat() -> None:
    """Pack & Stack's truck claims: every seat claims in the same step; when two want the same
    truck, the order of the step decides, drawn per step (not the first seat every time)."""
    winners = set()
    for seed in range(12):
        p = parallel_env("pack-and-stack", players=3)
        obs, _ = p.reset(seed=seed)
        movers = [a for a in p.agents if obs[a]["action_mask"].any()]
        assert len(movers) == 3  # all three pick a truck at once
        legal = {a: set(np.flatnonzero(obs[a]["action_mask"]).tolist()) for a in movers}
        text = {
            n: p.session.format(p.index.action(n, movers[0])) for n in set().union(*legal.values())
        }
        pair = [
            (a, b, n)
            for a in movers
            for b in movers
            if a < b
            for n in sorted(legal[a] & legal[b])
            if "pile" not in text[n]
        ]
        if not pair:
            continue
        a, b, truck = pair[0]  # two seats ask for the same face-up truck
        actions = {x: min(legal[x]) for x in movers}
        actions[a] = actions[b] = truck
        p.step(actions)
        got = [
            line
            for line in map(p.session.format, p.session.log)
            if text[truck].split(": ")[1] in line
        ]
        assert len(got) == 1  # one of the two has it; the other is asked again
        winners.add(got[0].split(":")[0] == a)
    assert winners == {True, False}  # sometimes the first of the two, sometimes the second


def test_the_aec_env_gives_every_seat_its_margin_step_by_step() -> None:
    from dockyard.interop.pettingzoo import env as aec_env
    from pettingzoo.test import api_test

    e = aec_env("cargo", reward="score-margin")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    scores = e.session.outcome().scores
    a, b = e.possible_agents
    assert totals[a] == pytest.approx(scores[a] - scores[b])
    assert totals[b] == pytest.approx(scores[b] - scores[a])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env("cargo", reward="score-margin"), num_cycles=200)
