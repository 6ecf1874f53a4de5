"""Reinforcement-learning interop (extra `dockyard[rl]`): every game as a PettingZoo AEC and
parallel environment (`dockyard.interop.pettingzoo`), a single-agent Gymnasium environment
(`dockyard.interop.gymnasium`), a batched one (`dockyard.interop.vector`) and an OpenSpiel game
(`import dockyard.interop.openspiel` registers `dockyard_<game>`). All use `encoding`: a fixed
action index per game (`Game.action_space`) and a numeric observation of a seat's view.

Importing this package registers `dockyard/<game>-v0` with Gymnasium (when it is installed), so
`gymnasium.make("dockyard/cargo-v0", opponents="random", reward="score-margin")` and
`gymnasium.make_vec("dockyard/cargo-v0", num_envs=64)` (the batched env) work."""

from __future__ import annotations


def register() -> list[str]:
    """Register `dockyard/<game>-v0` for every game that numbers its actions; the ids."""
    import gymnasium

    from ..registry import registry

    ids = []
    for name, game in sorted(registry().games.items()):
        if not game.provides("action_space"):
            continue
        gid = f"dockyard/{name}-v0"
        if gid not in gymnasium.registry:
            gymnasium.register(
                gid,
                entry_point="dockyard.interop.gymnasium:DockyardGymEnv",
                kwargs={"game": name},
                vector_entry_point="dockyard.interop.vector:DockyardVectorEnv",
                disable_env_checker=True,
            )
        ids.append(gid)
    return ids


try:
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # the rl extra is not installed: nothing to register with
    IDS: list[str] = []
else:
    IDS = register()
