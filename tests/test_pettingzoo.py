"""The PettingZoo adapter's bookkeeping between steps (dockyard.interop.pettingzoo): the mask
always the legal actions, an observation made once per state and agent, arrays of past states
left as they were, bad indices refused with a reason. (PettingZoo's own api_test runs in
test_interop.py.) Without the `rl` extra these skip, except under CI (CI=true)."""

from __future__ import annotations

import importlib
import os

import pytest
from dockyard.game import DockyardError, IllegalAction

np = pytest.importorskip("numpy", reason="numpy is missing (the rl extra)")
pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def zoo():
    try:
        return importlib.import_module("dockyard.interop.pettingzoo")
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("pettingzoo is missing: CI installs the rl extra and must run these")
        pytest.skip("pettingzoo is missing (pip install '.[rl]')")


@pytest.mark.parametrize(
    ("game", "options"),
    [("import-export", {"players": 3}), ("curious-cargo", {}), ("pack-and-stack", {})],
)
def test_the_mask_is_the_legal_actions_at_every_step(zoo, game, options) -> None:
    e = zoo.env(game, **options)
    rng = np.random.default_rng(2)
    e.reset(seed=2)
    for steps, agent in enumerate(e.agent_iter()):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated or steps > 150:
            break
        legal = {e.index.index(a) for a in e.session.legal_actions(agent)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(sorted(legal))))


def test_an_observation_is_made_once_per_state_and_agent_and_kept_as_it_was(
    zoo, monkeypatch
) -> None:
    made: list[int] = []
    real = zoo.vector

    def counted(game, state, seat):
        made.append(seat)
        return real(game, state, seat)

    monkeypatch.setattr(zoo, "vector", counted)
    e = zoo.env("cargo", players=2)
    e.reset(seed=1)
    first = e.last()[0]
    kept = {k: v.copy() for k, v in first.items()}
    mover = e.agents.index(e.agent_selection)
    for _ in range(3):
        e.observe(e.agent_selection)
    assert made == [mover]
    e.observe(e.agents[1 - mover])
    assert made == [mover, 1 - mover]
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    later = e.last()[0]
    assert len(made) == 3 and later is not first
    for key, value in kept.items():  # the first state's arrays are as they were
        assert np.array_equal(first[key], value)


def test_a_bad_index_is_refused_with_a_reason_and_changes_nothing(zoo) -> None:
    e = zoo.env("tictactoe")
    e.reset(seed=0)
    e.step(4)  # x: mark b2
    log = list(e.session.log)
    with pytest.raises(IllegalAction, match="b2"):
        e.step(4)  # o: mark b2, taken
    for bad, says in ((9, "no action 9"), (-1, "no action -1"), ("b2", "an action is an index")):
        with pytest.raises(IllegalAction, match=says):
            e.step(bad)
    with pytest.raises(DockyardError, match="must act"):
        e.step(None)
    assert e.session.log == log and e.agent_selection == "o"
    e.step(np.int64(0))
    assert len(e.session.log) == len(log) + 1


def test_a_large_action_spaces_mask_finds_its_legal_actions_as_numpy_would(zoo) -> None:
    e = zoo.env("curious-cargo")
    e.reset(seed=4)
    for _ in range(30):
        obs = e.last()[0]
        mask = obs["action_mask"]
        plain = np.array(mask)  # an ordinary copy: numpy scans all of it
        assert type(plain) is np.ndarray and mask.dtype == np.int8 and mask.size > zoo.SMALL
        assert np.array_equal(np.flatnonzero(mask), np.flatnonzero(plain))
        assert np.array_equal(np.nonzero(mask)[0], np.nonzero(plain)[0])
        assert np.array_equal(np.flatnonzero(mask[5:]), np.flatnonzero(plain[5:]))
        assert e.action_space(e.agent_selection).sample(mask) in set(np.flatnonzero(plain))
        with pytest.raises(ValueError):
            mask[0] = 1  # read-only: what it knows stays true
        e.step(int(np.flatnonzero(mask)[0]))
    copy = mask.copy()
    copy[: copy.size] = 0
    assert not np.flatnonzero(copy).size


def test_a_mask_reshaped_is_still_read_as_numpy_reads_it(zoo) -> None:
    ones = np.zeros(600, np.int8)
    ones[[3, 7, 599]] = 1
    mask = zoo.Mask.known(ones, np.array([3, 7, 599]))
    assert np.flatnonzero(mask).tolist() == [3, 7, 599]
    square = mask.reshape(20, 30)
    assert np.ravel(square).shape == (600,)
    assert np.flatnonzero(square).tolist() == [3, 7, 599]
    assert [a.tolist() for a in np.nonzero(square)] == [[0, 0, 19], [3, 7, 29]]
