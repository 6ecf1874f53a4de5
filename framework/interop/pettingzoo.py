"""Every dockyard game as a PettingZoo AEC environment (extra `dockyard[rl]`).

    from dockyard.interop.pettingzoo import env
    e = env("curious-cargo", variants=["night-shift"], seed=3)
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are the game's player names. An action is an integer of the game's fixed action index
(`dockyard.interop.encoding`, `Game.action_space`; `e.unwrapped.index.describe()` prints it);
an observation is `{"observation": float32 vector of the agent's view, "action_mask": int8}`
with 1 for each action the agent may take now (all 0 when it is not the agent's move). Where
several players may act at once (a simultaneous phase), the first of them is selected, then the
next. Rewards come at the end: a sole winner 1, each other player -1/(n-1), shared wins shared,
no winner 0 (zero-sum). `reset(seed=S)` plays the game of seed S; without a seed, the next one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..flow import actors
from ..game import DockyardError
from ..session import Session
from .encoding import action_index, observation, observation_size, returns


def env(game: str, **options: Any) -> DockyardEnv:
    """The AEC environment of `game` (options: players, variants, content, seed)."""
    return DockyardEnv(game, **options)


class DockyardEnv(AECEnv):  # type: ignore[misc]
    """See the module's text."""

    def __init__(
        self,
        game: str,
        players: Sequence[str] | int | None = None,
        variants: Iterable[str] = (),
        content: Iterable[str] = (),
        seed: int = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._config = (game, players, tuple(variants), tuple(content))
        self._seed = seed
        self.session = self._new(seed)
        self.metadata = {
            "name": f"dockyard_{self.session.game.name.replace('-', '_')}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.index = action_index(self.session.game, self.session.state)
        size = observation_size(self.session.game, self.session.state)
        self.possible_agents = list(self.session.players)
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1e6, 1e6, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._reset_tables()

    def _new(self, seed: int) -> Session:
        game, players, variants, content = self._config
        return Session(game, seed=seed, players=players, variants=variants, content=content)

    def _reset_tables(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._acting()

    def _acting(self) -> str:
        movers = actors(self.session.state)
        return self.session.players[movers[0]] if movers else self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._seed = seed if seed is not None else self._seed + 1
        self.session = self._new(self._seed)
        self._reset_tables()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.session.players.index(agent)
        vector = np.asarray(observation(self.session.game, self.session.state, seat), np.float32)
        return {"observation": np.clip(vector, -1e6, 1e6), "action_mask": self._mask(agent)}

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.index.size, np.int8)
        if not self.session.over and agent == self.agent_selection:
            for action in self.session.legal_actions(agent):
                mask[self.index.index(action)] = 1
        return mask

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise DockyardError(f"{agent} must act: an action index, not None")
        move = self.index.action(int(action), agent)
        self.session.apply(move)  # IllegalAction (a DockyardError) says why, if it is not legal
        self._cumulative_rewards[agent] = 0.0
        if self.session.over:
            for name, value in zip(
                self.session.players, returns(self.session.game, self.session.state), strict=True
            ):
                self.rewards[name] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            nxt = (self.agents.index(agent) + 1) % len(self.agents)
            self.agent_selection = self.agents[nxt]
        else:
            self.agent_selection = self._acting()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.session.render(None)
        return None

    def close(self) -> None:
        pass
