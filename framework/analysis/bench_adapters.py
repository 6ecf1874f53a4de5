"""The RL adapters' rows of `dockyard bench --ratios`: for every game that numbers its actions,
PettingZoo's masked random steps (the AEC loop: `last()` for the observation and the action
mask, a random action among the mask's, `step`) and pyspiel's random steps (`legal_actions`, a
random choice, `apply_action`; chance nodes drawn and not counted), pyspiel's again with an
`observation_tensor` at every step, and the batched env's agent steps (64 tables against the
random bot, each step also an opponent's move and an observation), each per second and as a
ratio to the engine's own random playout (a Session's `legal_actions` -> random choice ->
`apply`) measured side by side in the same rounds (the medians). Targets: PettingZoo 0.25,
pyspiel 0.5, pyspiel observed 0.25, batched 0.25. The rows need `pip install '.[rl]'`; without it they say so.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

Rate = Callable[[], tuple[float, float]]  # -> (units, seconds)
TARGETS = {
    "PettingZoo": 0.25,
    "pyspiel": 0.5,
    "OpenSpiel observation_tensor": 0.25,
    "batched env x64": 0.25,
}
SECONDS = 1.0  # per measurement at scale 1


def medians(runs: list[Rate], rounds: int) -> list[float]:
    """The median rate of each of `runs`, measured in turn `rounds` times, after one round that
    is not counted (imports, content, caches)."""
    for run in runs:
        run()
    rates: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for run, got in zip(runs, rates, strict=True):
            units, seconds = run()
            got.append(units / max(seconds, 1e-9))
    return [statistics.median(r) for r in rates]


def engine(game: str, seconds: float) -> Rate:
    """A Session's random playout, as `dockyard bench` drives it: actions per second."""
    from ..session import Session

    def run() -> tuple[float, float]:
        rng = random.Random(1)
        n = seed = 0
        start = now = time.perf_counter()
        while now - start < seconds:
            s = Session(game, seed=seed)
            seed += 1
            legal, apply, choice = s.legal_actions, s.apply, rng.choice
            while not s.over and now - start < seconds:
                apply(choice(legal()))
                n += 1
                now = time.perf_counter()
        return n, now - start

    return run


def pettingzoo(game: str, seconds: float) -> Rate:
    """PettingZoo's AEC loop with masked random actions: steps per second."""
    import numpy as np

    from ..interop.pettingzoo import env

    e = env(game)

    def run() -> tuple[float, float]:
        rng = np.random.default_rng(1)
        n = seed = 0
        start = now = time.perf_counter()
        while now - start < seconds:
            e.reset(seed=seed)
            seed += 1
            for _agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                n += 1
                now = time.perf_counter()
                if now - start >= seconds:
                    break
        return n, now - start

    return run


def pyspiel(game: str, seconds: float, observe: bool = False) -> Rate:
    """pyspiel's random steps through dockyard.interop.openspiel: steps per second (with
    `observe`, `observation_tensor` of the player to act at every step, as a learner does)."""
    import pyspiel as spiel  # type: ignore[import-not-found]

    from ..interop import openspiel  # noqa: F401  (registers the games)

    loaded = spiel.load_game("dockyard_" + game.replace("-", "_"))

    def run() -> tuple[float, float]:
        rng = random.Random(1)
        n = 0
        start = now = time.perf_counter()
        while now - start < seconds:
            state = loaded.new_initial_state()
            while not state.is_terminal() and now - start < seconds:
                if state.is_chance_node():
                    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights=chances)[0])
                else:
                    if observe:
                        state.observation_tensor(state.current_player())
                    state.apply_action(rng.choice(state.legal_actions()))
                    n += 1
                    now = time.perf_counter()
        return n, now - start

    return run


def observed(game: str, seconds: float) -> Rate:
    return pyspiel(game, seconds, observe=True)


def batched(game: str, seconds: float) -> Rate:
    """dockyard.interop.vector: 64 tables against the random bot, masked random actions, the
    observations written every step: agent steps per second."""
    import numpy as np

    from ..interop.vector import env

    e = env(game, num_envs=64, opponents="random", seed=1)
    held = {"mask": e.reset(seed=1)[1]["action_mask"]}
    rng = np.random.default_rng(1)

    def run() -> tuple[float, float]:
        n = 0
        mask = held["mask"]
        start = now = time.perf_counter()
        while now - start < seconds:
            counts = mask.sum(axis=1)
            pick = (rng.random(len(counts)) * counts).astype(np.int64)
            actions = [np.flatnonzero(row)[k] for row, k in zip(mask, pick, strict=True)]
            mask = e.step(np.array(actions))[4]["action_mask"]
            n += len(actions)
            now = time.perf_counter()
        held["mask"] = mask
        return n, now - start

    return run


def games() -> list[tuple[str, str]]:
    """(name, title) of every game that numbers its actions (the adapters need the index)."""
    from ..registry import registry

    return [
        (name, g.title)
        for name, g in sorted(registry().games.items())
        if g.provides("action_space")
    ]


def adapter_rows(rounds: int, scale: float, add: Callable[..., Any]) -> None:
    """Add a PettingZoo and a pyspiel row per game: `add(figure, ratio, target, note)`, the
    note saying the rates (or, without the peer's package, why the row is not measured)."""
    seconds = max(0.02, SECONDS * scale)
    makers = {
        "PettingZoo": pettingzoo,
        "pyspiel": pyspiel,
        "OpenSpiel observation_tensor": observed,
        "batched env x64": batched,
    }
    wanted = {
        "PettingZoo": "pettingzoo",
        "pyspiel": "pyspiel",
        "OpenSpiel observation_tensor": "pyspiel",
        "batched env x64": "gymnasium",
    }
    for name, title in games():
        runs: list[Rate] = [engine(name, seconds)]
        missing: dict[str, str] = {}
        for peer, make in makers.items():
            try:
                runs.append(make(name, seconds))
            except ImportError:
                missing[peer] = f"needs {wanted[peer]} (pip install '.[rl]')"
        rates = iter(medians(runs, rounds)) if len(runs) > 1 else iter([0.0])
        ours = next(rates)
        for peer in makers:
            figure = f"{title}: {peer} random steps/s vs the engine's random playout"
            if peer in missing:
                add(figure, None, TARGETS[peer], missing[peer])
            else:
                rate = next(rates)
                note = f"{rate:,.0f} steps/s, engine {ours:,.0f} actions/s"
                add(figure, rate / ours, TARGETS[peer], note)
