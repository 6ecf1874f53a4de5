"""Many tables of one dockyard game as one batched Gymnasium environment (extra `dockyard[rl]`).

    from dockyard.interop.vector import env
    e = env("curious-cargo", num_envs=64, opponents="random", seed=1)
    obs, info = e.reset(seed=1)               # obs: float32 (64, size); info["action_mask"]: bool (64, n)
    for _ in range(1000):
        actions = my_policy(obs, info["action_mask"])        # one action index per table
        obs, rewards, terminated, truncated, info = e.step(actions)

A `gymnasium.vector.VectorEnv` of `num_envs` tables, each the single-agent game of
`dockyard.interop.gymnasium` (the agent in `seat`, the other seats played inside by the bots
`opponents` names), stepped in one call with no process or thread per table:

- **Observations** one float32 array `(num_envs, size)`, each row written in place by the game's
  encoding (`encoding.write`: no Python loop per number) into an array made once: the same array
  comes back every step, overwritten (copy what you keep). Bounded: `single_observation_space`
  is a Box of [-1, 1] (`gymnasium.bounds`).
- **Masks** `info["action_mask"]`, bool `(num_envs, n_actions)`, also one array kept and updated
  in place: each step clears the indices a table offered before and sets the new ones.
- **Autoreset** in the same step (`AutoresetMode.SAME_STEP`): a table whose game ended reports
  `terminated` and its reward, and its row already holds the next game's first observation and
  mask; the last observation of the game that ended is in `info["final_obs"]` (rows marked by
  `info["_final_obs"]`). Every row always offers a legal action.
- **Rewards** `reward="win"` (the default) or `"score-margin"` (`dockyard.interop.rewards`).
- **Seeds** `reset(seed=S)` starts every table again from a generator seeded with S (the same
  seed, the same games for the same actions); each new game of a table takes its seed from it.
- **Illegal actions** (an index outside the table's mask): nothing is played on that table, its
  reward is `illegal_reward` (-1) and `info["illegal"][i]` says why (`info["_illegal"]` marks
  the rows).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..bots import make_bot
from ..flow import actors
from ..game import Action, DockyardError
from ..session import Session
from . import rewards
from .encoding import action_index, returns, write
from .gymnasium import bounds, opponent_names
from .pettingzoo import Moves

NONE = np.zeros(0, np.intp)  # no mask index


def env(
    game: str,
    num_envs: int = 8,
    opponents: str | Sequence[str | None] | None = "random",
    seed: int | None = None,
    **options: Any,
) -> DockyardVectorEnv:
    """`num_envs` tables of `game` as one batched environment (options: seat, players,
    variants, content, reward, illegal_reward, fixed_size; see the module's text)."""
    return DockyardVectorEnv(game, num_envs, opponents, seed, **options)


class EnvTable:
    """One table: its session, its opponents, the agent's legal actions by index."""

    __slots__ = ("session", "bots", "legal", "offered", "marked", "row", "margin", "rng")

    def __init__(self, row: memoryview) -> None:
        self.session: Session | None = None
        self.bots: dict[int, Any] = {}
        self.legal: list[Action] = []  # the agent's legal actions now
        self.offered: list[int] = []  # their indices: those set in its mask row
        self.marked: np.ndarray = NONE  # the same indices as a numpy array (to clear them)
        self.row = row  # its row of observations (a game's write_observation writes over it)
        self.margin = 0.0
        self.rng = random.Random(0)


class DockyardVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """See the module's text."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int = 8,
        opponents: str | Sequence[str | None] | None = "random",
        seed: int | None = None,
        seat: int = 0,
        players: Sequence[str] | int | None = None,
        variants: Iterable[str] = (),
        content: Iterable[str] = (),
        reward: str = "win",
        illegal_reward: float = -1.0,
        fixed_size: bool = False,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise DockyardError(
                f"num_envs is a whole number of tables, 1 or more, not {num_envs!r}"
            )
        seats = players if players is None or isinstance(players, int) else tuple(players)
        self._config = (game, seats, tuple(variants), tuple(content))
        probe = self._session(0)
        names = probe.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise DockyardError(f"seat is a number from 0 to {len(names) - 1}")
        self.seat, self.agent = seat, names[seat]
        self.opponents = opponent_names(probe, opponents)
        self.reward = rewards.checked(reward, probe)
        self.illegal_reward = float(illegal_reward)
        self.index = action_index(probe.game, probe.state)
        self.moves = Moves.of_game(self._config, self.index)
        low, high, self.size, self.width = bounds(probe, fixed_size)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(low, high, (self.width,), np.float32)
        self.single_action_space = spaces.Discrete(self.index.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observations = np.zeros((num_envs, self.width), np.float32)
        self.masks = np.zeros((num_envs, self.index.size), bool)
        self.tables = [EnvTable(memoryview(row)) for row in self.observations[:, : self.size]]
        self._seeds = np.random.default_rng(seed)
        self._fast = all(name == "random" for name in self.opponents)

    def _session(self, seed: int) -> Session:
        game, players, variants, content = self._config
        session = Session(game, seed=seed, players=players, variants=variants, content=content)
        session.keep_no_events()  # it never undoes, and nobody reads its events
        return session

    # ---- one table ---------------------------------------------------------------------------
    def _start(self, i: int) -> None:
        """A new game at table i (its seed from the env's generator), played to the agent."""
        table = self.tables[i]
        while True:
            game_seed = int(self._seeds.integers(2**31))
            session = table.session = self._session(game_seed)
            table.rng.seed(game_seed)
            others = [s for s in range(len(session.players)) if s != self.seat]
            if not self._fast:
                table.bots = {
                    s: make_bot(session.game, name, game_seed * 31 + s)
                    for s, name in zip(others, self.opponents, strict=True)
                }
            table.margin = 0.0
            self._opponents(table)
            if not session.over:
                break
        self._offer(i, table)

    def _opponents(self, table: EnvTable) -> None:
        """The other seats move until the agent may (or the game is over)."""
        session = table.session
        assert session is not None
        seat, names, state = self.seat, session.players, session.state
        legal, apply, choice = session.legal_actions, session.apply, table.rng.choice
        while state.flow.over is None:
            movers = actors(state)
            if seat in movers or not movers:
                return
            mover = movers[0]
            if self._fast:
                apply(choice(legal(names[mover])))
            else:
                apply(table.bots[mover].choose(session, [mover]))
            state = session.state

    def _offer(self, i: int, table: EnvTable) -> None:
        """Table i's observation and mask row, written in place."""
        session = table.session
        assert session is not None
        row = self.masks[i]
        row[table.marked] = False  # only what was set: a whole row is tens of kilobytes
        if session.over:
            table.legal, table.offered, table.marked = [], [], NONE
        else:
            table.offered, table.legal = offered, _ = self.moves.numbered(session, self.agent)
            table.marked = marked = np.array(offered, np.intp)
            row[marked] = True
        game = session.game
        if not game.write_observation(session.state, self.seat, table.row):
            write(game, session.state, self.seat, self.observations[i, : self.size])

    # ---- the batch -------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.observations.fill(0.0)
        self.masks.fill(False)
        for i, table in enumerate(self.tables):
            table.offered, table.marked = [], NONE
            self._start(i)
        return self.observations, {"action_mask": self.masks}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        chosen = np.asarray(actions).reshape(-1)
        n = self.num_envs
        if chosen.shape != (n,):
            raise DockyardError(f"step takes {n} actions, one per table, not {np.shape(actions)}")
        reward = np.zeros(n, np.float64)
        terminated = np.zeros(n, bool)
        final: np.ndarray | None = None
        illegal: list[str | None] | None = None
        margin = self.reward == "score-margin"
        for i, (table, a) in enumerate(zip(self.tables, chosen.tolist(), strict=True)):
            try:
                move = table.legal[table.offered.index(a)]  # (a scan in C)
            except ValueError:
                move = None
            if move is None:
                if illegal is None:
                    illegal = [None] * n
                illegal[i] = f"action {a!r} is not legal at table {i} now"
                reward[i] = self.illegal_reward
                continue
            session = table.session
            assert session is not None
            session.apply(move)
            self._opponents(table)
            over = session.over
            if margin:
                now = rewards.margin(session, self.seat)
                reward[i], table.margin = now - table.margin, now
            elif over:
                reward[i] = returns(session.game, session.state)[self.seat]
            if over:
                terminated[i] = True
                if final is None:
                    final = np.zeros_like(self.observations)
                write(session.game, session.state, self.seat, final[i, : self.size])
                self._start(i)
            else:
                self._offer(i, table)
        info: dict[str, Any] = {"action_mask": self.masks}
        if final is not None:
            info["final_obs"], info["_final_obs"] = final, terminated.copy()
        if illegal is not None:
            info["illegal"] = np.array(illegal, dtype=object)
            info["_illegal"] = np.array([x is not None for x in illegal])
        return self.observations, reward, terminated, np.zeros(n, bool), info

    def close_extras(self, **kwargs: Any) -> None:
        self.tables = []
