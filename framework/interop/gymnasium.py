"""A dockyard game as a single-agent Gymnasium environment: the other seats played by dockyard
bots (extra `dockyard[rl]`).

    from dockyard.interop.gymnasium import env
    e = env("cargo", opponents="random", seat=0, players=2)
    obs, info = e.reset(seed=1)
    while True:
        action = e.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            break

- **Actions**: `Discrete(n)` over the game's fixed action index (`dockyard.interop.encoding`;
  `e.unwrapped.index.describe()` prints it), the same numbers as PettingZoo and OpenSpiel.
  `info["action_mask"]` (int8, 1 for each action legal now) comes with every observation.
- **Observations**: the agent's seat's observation (`Game.observation`, or its view hashed),
  float32, the same vector as PettingZoo's `observation`, in a Box of [-1, 1] (every game
  scales its counts into it); with `fixed_size=True` padded with zeros to the largest size the
  game has at any player count. Never what the seat may not see.
- **Opponents**: `opponents` names a dockyard bot (`dockyard bots GAME`: random, greedy, mcts:50,
  ...; None: the game's best quick bot) for every other seat, or a list of names, one per
  other seat in seat order. Before each
  observation the bots play until it is the agent's move (or the game is over); in a
  simultaneous phase the agent moves first.
- **Rewards**: `reward="win"` (the default): 0 until the end, then the agent's share of the
  outcome as in PettingZoo and OpenSpiel: a sole winner 1, each other player -1/(n-1), shared
  wins shared, no winner 0. `reward="score-margin"`: the change of the agent's score minus the
  best other seat's at every step, summing to the final margin (`dockyard.interop.rewards`).
- **Registered** as `dockyard/<game>-v0` on `import dockyard.interop` (`gymnasium.make`,
  `gymnasium.make_vec`: the batched `dockyard.interop.vector`).
- **Seeds**: `reset(seed=S)` plays the game of seed S with bots seeded from S (the same seed, the
  same episode for the same actions); `reset()` draws the next seed from the env's generator.
- **Illegal actions** (an index not in the mask): with `illegal="penalty"` (the default) nothing
  is played, the reward is `illegal_reward` (-1), the episode goes on from the same state and
  `info["illegal"]` says why; with `illegal="raise"`, `IllegalAction` is raised (nothing played).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..flow import actors
from ..game import Action, DockyardError, IllegalAction
from ..registry import registry
from ..session import Session
from . import rewards
from .encoding import action_index, observation_size, returns, write
from .pettingzoo import Moves, number

ILLEGAL = ("penalty", "raise")


def env(
    game: str, opponents: str | Sequence[str | None] | None = "random", **options: Any
) -> DockyardGymEnv:
    """The single-agent environment of `game` (options: seat, players, variants, content,
    illegal, illegal_reward, render_mode; see the module's text)."""
    return DockyardGymEnv(game, opponents, **options)


class DockyardGymEnv(gymnasium.Env):  # type: ignore[misc]
    """See the module's text."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        opponents: str | Sequence[str | None] | None = "random",
        seat: int | str = 0,
        players: Sequence[str] | int | None = None,
        variants: Iterable[str] = (),
        content: Iterable[str] = (),
        illegal: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        reward: str = "win",
        fixed_size: bool = False,
    ) -> None:
        seats = players if players is None or isinstance(players, int) else tuple(players)
        self._config = (game, seats, tuple(variants), tuple(content))
        self.session = self._new(0)
        names = self.session.players
        if isinstance(seat, str):
            if seat not in names:
                raise DockyardError(f"no seat {seat!r} in {game} (players: {', '.join(names)})")
            seat = names.index(seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise DockyardError(f"seat is a player's name or a number from 0 to {len(names) - 1}")
        self.seat = seat
        self.agent = names[seat]
        self.opponents = opponent_names(self.session, opponents)
        self.reward = rewards.checked(reward, self.session)
        self._margin = 0.0
        if illegal not in ILLEGAL:
            raise DockyardError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise DockyardError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.index = action_index(self.session.game, self.session.state)
        self.moves = Moves.of_game(self._config, self.index)
        self.action_space = spaces.Discrete(self.index.size)
        low, high, self.size, self.width = bounds(self.session, fixed_size)
        self.observation_space = spaces.Box(low, high, (self.width,), np.float32)
        self.bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] = {}
        self._mask = self.moves.zeros

    def _new(self, seed: int) -> Session:
        game, players, variants, content = self._config
        return Session(game, seed=seed, players=players, variants=variants, content=content)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.session = self._new(game_seed)
        others = [s for s in range(len(self.session.players)) if s != self.seat]
        self.bots = {
            s: make_bot(self.session.game, name, game_seed * 31 + s)
            for s, name in zip(others, self.opponents, strict=True)
        }
        self._margin = 0.0
        self._opponents_play()
        return self._observe(), self._info()

    def _opponents_play(self) -> None:
        """The bots move until the agent may (or the game is over); then its legal actions."""
        session = self.session
        while not session.over:
            movers = actors(session.state)
            if self.seat in movers or not movers:
                break
            seat = movers[0]
            session.apply(self.bots[seat].choose(session, [seat]))
        if session.over:
            self._legal, self._mask = {}, self.moves.zeros
        else:
            self._legal, self._mask = self.moves.of(session, self.agent)

    def _observe(self) -> np.ndarray:
        out = np.zeros(self.width, np.float32)
        write(self.session.game, self.session.state, self.seat, out[: self.size])
        return out

    def _info(self, **more: Any) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), **more}  # the caller's own (they keep them)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.session.over:
            raise DockyardError("the game is over: reset() starts the next")
        try:
            n = action if type(action) is int else number(action, self.index.size)
        except IllegalAction as exc:
            return self._refuse(str(exc))
        move = self._legal.get(n)
        if move is None:
            if not 0 <= n < self.index.size:
                return self._refuse(
                    f"no action {n}: the indices run from 0 to {self.index.size - 1}"
                )
            tried = self.index.action(n, self.agent)
            return self._refuse(
                f"{self.session.format(tried)!r}: {self.session.check(tried) or 'not legal now'}"
            )
        self.session.apply(move)
        self._opponents_play()
        over = self.session.over
        if self.reward == "score-margin":
            now = rewards.margin(self.session, self.seat)
            reward, self._margin = now - self._margin, now
        else:
            reward = returns(self.session.game, self.session.state)[self.seat] if over else 0.0
        return self._observe(), float(reward), over, False, self._info()

    def _refuse(self, reason: str) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """An illegal action: raised, or nothing played and the penalty (see the module)."""
        if self.illegal == "raise":
            raise IllegalAction(reason)
        return self._observe(), self.illegal_reward, False, False, self._info(illegal=reason)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.session.render(None)
        return None


def opponent_names(session: Session, opponents: str | Sequence[str | None] | None) -> list[Any]:
    """One bot name (or None) per other seat, checked (an unknown bot: a DockyardError)."""
    others = len(session.players) - 1
    wanted: list[str | None] = (
        [opponents] * others if opponents is None or isinstance(opponents, str) else list(opponents)
    )
    if len(wanted) != others or not all(n is None or isinstance(n, str) for n in wanted):
        raise DockyardError(
            f"opponents is one bot's name or a list of {others} names (one per other seat)"
        )
    for name in wanted:
        make_bot(session.game, name)  # an unknown bot: a DockyardError naming the bots
    return wanted


def bounds(session: Session, fixed_size: bool = False) -> tuple[float, float, int, int]:
    """(low, high, observation size, width): every number lies in [-1, 1] (`encoding.write`);
    the width is the size, or with `fixed_size` the largest size of the game with these
    variants at any player count (the observation padded with zeros), so one network serves
    every count."""
    size = observation_size(session.game, session.state)
    width = size
    if fixed_size:
        found = registry().game(session.config.game)
        for count in range(found.min_players, found.max_players + 1):
            other = Session(
                session.config.game,
                players=count,
                variants=session.config.variants,
                content=session.config.content_dirs,
            )
            width = max(width, observation_size(other.game, other.state))
    return -1.0, 1.0, size, width
