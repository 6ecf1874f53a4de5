"""sb3-contrib's MaskablePPO on dockyard's batched env: Tom Jolly's Cargo against the random bot.

    pip install -e '.[rl,sb3,plots]'
    python examples/rl/maskable_ppo.py --quick   # a minute or so: a short run, prints win rates
    python examples/rl/maskable_ppo.py --full    # the documented run: docs/rl-maskable-ppo.png

The learner is seat 1 of 2-player Cargo in `dockyard.interop.vector.env` (8 tables stepped in
one call, the other seat dockyard's `random` bot), trained with the shaped reward
`reward="score-margin"` (per step, the change of its score minus the opponent's: the sum is the
final margin). MaskablePPO picks only legal actions: the env's `info["action_mask"]` is handed
to it through `action_masks()`. A small adapter (`SB3VecEnv`) presents the gymnasium VectorEnv
as Stable-Baselines3's VecEnv; nothing else is special.

Evaluation plays the same games each time (a second env, seeded apart from training, with
`reward="win"`, one game per table so that short games are not favoured): a win counts 1, a
shared win or no winner 1/2. The baseline is a uniformly random legal action on those games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

try:
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import VecEnv
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("examples/rl/maskable_ppo.py needs sb3-contrib: pip install '.[rl,sb3]'")

from dockyard.interop.vector import env as vector_env

torch.set_num_threads(1)  # a small network: threads cost more than they give

GAME = "cargo"
ROOT = Path(__file__).resolve().parents[2]
CURVE = ROOT / "docs" / "rl-maskable-ppo.png"
EVAL_SEED = 1_000_000
MODES = {  # training steps (agent decisions, all tables), evaluate every, evaluation games
    "quick": (2_048, 2_048, 4),
    "full": (20_000, 5_000, 20),
}


class SB3VecEnv(VecEnv):  # type: ignore[misc]
    """dockyard's gymnasium VectorEnv seen as Stable-Baselines3's VecEnv (both reset finished
    tables in the same step; SB3 wants the last observation as info["terminal_observation"])."""

    def __init__(self, venv: Any) -> None:
        self.venv = venv
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)
        self._actions: Any = None
        self._mask = venv.masks

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        obs, info = self.venv.reset(seed=seed)
        self._seeds = [None] * self.num_envs
        self._mask = info["action_mask"]
        return obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> Any:
        obs, reward, terminated, truncated, info = self.venv.step(self._actions)
        self._mask = info["action_mask"]
        done = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done):
            infos[i]["terminal_observation"] = info["final_obs"][i].copy()
        return obs.copy(), reward.astype(np.float32), done, infos

    def action_masks(self) -> np.ndarray:
        return self._mask.copy()  # type: ignore[no-any-return]

    def env_method(self, name: str, *args: Any, indices: Any = None, **kw: Any) -> list[Any]:
        if name == "action_masks":
            return list(self.action_masks()[self._get_indices(indices)])
        raise AttributeError(f"no env method {name!r}")

    def has_attr(self, name: str) -> bool:
        return name == "action_masks" or hasattr(self.venv, name)

    def close(self) -> None:
        self.venv.close()

    def get_attr(self, name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.venv, name)] * len(list(self._get_indices(indices)))

    def set_attr(self, name: str, value: Any, indices: Any = None) -> None:
        setattr(self.venv, name, value)

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * len(list(self._get_indices(indices)))

    def _get_indices(self, indices: Any) -> Any:
        if indices is None:
            return range(self.num_envs)
        return [indices] if isinstance(indices, int) else indices


def win_rate(choose: Any, games: int, game: str = GAME) -> float:
    """The learner's share of the wins on `games` evaluation games (one per table, seeded from
    EVAL_SEED): `choose(obs, mask)` gives one action per table."""
    venv = vector_env(game, num_envs=games, opponents="random", seed=EVAL_SEED)
    obs, info = venv.reset(seed=EVAL_SEED)
    result = np.full(games, np.nan)
    while np.isnan(result).any():
        obs, reward, terminated, _, info = venv.step(choose(obs, info["action_mask"]))
        first = terminated & np.isnan(result)
        result[first] = (reward[first] + 1.0) / 2.0  # win 1, loss 0, shared or none 1/2
    return float(result.mean())


def random_choice(seed: int) -> Any:
    rng = np.random.default_rng(seed)

    def choose(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.array([rng.choice(np.flatnonzero(row)) for row in mask])

    return choose


def policy_choice(model: Any) -> Any:
    def choose(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return actions

    return choose


class Evaluate(BaseCallback):  # type: ignore[misc]
    """Evaluates every `every` steps: (steps, win rate) in `curve`."""

    def __init__(self, every: int, games: int) -> None:
        super().__init__()
        self.every, self.games, self.curve = every, games, []
        self.next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            rate = win_rate(policy_choice(self.model), self.games)
            self.curve.append((self.num_timesteps, rate))
            print(f"{self.num_timesteps:>7} steps: win rate against random {rate:.1%}", flush=True)
        return True


def plot(curve: list[tuple[int, float]], baseline: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([s for s, _ in curve], [r for _, r in curve], marker="o", label="MaskablePPO")
    ax.axhline(baseline, color="grey", linestyle="--", label="random in the learner's seat")
    ax.set_xlabel("training steps (the learner's decisions, 8 tables)")
    ax.set_ylabel("win rate against random")
    ax.set_ylim(0, 1)
    ax.set_title("Cargo, 2 players: MaskablePPO, score-margin reward")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="a short run (the tests use it)")
    mode.add_argument("--full", action="store_true", help="the documented run, writes the curve")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    steps, every, games = MODES["full" if args.full else "quick"]
    started = time.process_time()
    baseline = win_rate(random_choice(args.seed), games)
    print(
        f"random baseline (random in the learner's seat): win rate {baseline:.1%} on {games} games",
        flush=True,
    )
    venv = vector_env(GAME, num_envs=8, opponents="random", seed=args.seed, reward="score-margin")
    model = MaskablePPO(
        "MlpPolicy", SB3VecEnv(venv), n_steps=256, batch_size=256, n_epochs=4,
        learning_rate=3e-4, gamma=0.99, ent_coef=0.01, seed=args.seed, verbose=0,
        policy_kwargs={"net_arch": [128, 128]},
    )  # fmt: skip
    evaluate = Evaluate(every, games)
    model.learn(total_timesteps=steps, callback=evaluate)
    if not evaluate.curve or evaluate.curve[-1][0] < model.num_timesteps:
        evaluate._on_step()
    final = evaluate.curve[-1][1]
    print(
        f"MaskablePPO after {model.num_timesteps} steps: win rate {final:.1%} against random "
        f"(random baseline {baseline:.1%}) on {games} games; "
        f"{time.process_time() - started:.0f} s of CPU"
    )
    if args.full:
        plot(evaluate.curve, baseline, CURVE)
        print(f"wrote {CURVE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
