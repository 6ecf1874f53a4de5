"""examples/rl/maskable_ppo.py: sb3-contrib's MaskablePPO driving dockyard's batched env through
the example's adapter plays only legal actions, gets the ended game's last observation, and
the evaluation counts a win rate (the sb3 extra; skipped without it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="needs the rl extra")
pytest.importorskip("sb3_contrib", reason="needs the sb3 extra (sb3-contrib, torch)")

ROOT = Path(__file__).resolve().parents[1]


def example() -> ModuleType:
    path = ROOT / "examples" / "rl" / "maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("rl_maskable_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.timeout(300)
def test_maskable_ppo_plays_only_legal_actions_through_the_adapter() -> None:
    ex = example()
    from dockyard.interop.vector import env
    from sb3_contrib import MaskablePPO

    venv = env("tictactoe", num_envs=4, opponents="random", seed=3)
    seen: dict[str, Any] = {"steps": 0, "ended": 0}
    step = venv.step

    def checked(actions: Any) -> Any:
        mask = venv.masks.copy()
        assert mask[np.arange(4), np.asarray(actions)].all(), "an action outside the mask"
        out = step(actions)
        assert "illegal" not in out[4]
        seen["steps"] += 1
        seen["ended"] += int(out[2].sum())
        return out

    venv.step = checked  # type: ignore[method-assign]
    wrapped = ex.SB3VecEnv(venv)
    model = MaskablePPO("MlpPolicy", wrapped, n_steps=32, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=256)
    assert seen["steps"] >= 64 and seen["ended"] > 0  # games ended and went on (autoreset)

    obs = wrapped.reset()
    actions = np.array([np.flatnonzero(row)[0] for row in wrapped.action_masks()])
    wrapped.step_async(actions)
    for _ in range(20):  # play on until a table's game ends: its last observation is handed on
        obs, _, done, infos = wrapped.step_wait()
        if done.any():
            i = int(np.flatnonzero(done)[0])
            assert infos[i]["terminal_observation"].shape == obs[i].shape
            break
        wrapped.step_async(np.array([np.flatnonzero(r)[0] for r in wrapped.action_masks()]))
    else:
        pytest.fail("no tic-tac-toe game ended in 20 moves")


def test_the_evaluation_counts_a_share_of_wins() -> None:
    ex = example()
    rate = ex.win_rate(ex.random_choice(1), 6, game="tictactoe")
    assert 0.0 <= rate <= 1.0 and rate * 12 == int(rate * 12)  # halves of 6 games
    first = ex.win_rate(lambda obs, mask: mask.argmax(axis=1), 6, game="tictactoe")
    assert first == ex.win_rate(lambda obs, mask: mask.argmax(axis=1), 6, game="tictactoe")
