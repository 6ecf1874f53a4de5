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
no winner 0 (zero-sum); or with `reward="score-margin"`, every step, each seat's change of its
score minus the best other seat's (`dockyard.interop.rewards`). `reset(seed=S)` plays the game
of seed S; without a seed, the next one.
An action that is not legal now raises `IllegalAction` (a `DockyardError` saying why) and
changes nothing.

Speed: the legal actions of the agent to move are listed once per state and numbered through a
dict kept between steps (`Moves`), so a step plays the very action object the rules listed (the
session need not check it again); an observation is made only when asked (`observe`, `last`),
at most once per state and agent (asking again gives the same arrays; a later state gets new
ones). A mask over a large action space (Curious Cargo's 25,525 actions) is a read-only `Mask`
that knows its legal indices: `np.flatnonzero(mask)` costs the few legal actions, not a scan of
the whole space; copy it (`np.array(mask)`) to change it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..flow import actors
from ..game import Action, DockyardError, Game, IllegalAction
from ..session import Session
from .encoding import ActionIndex, action_index, hashed_view, observation_size, returns

LIMIT = 1.0  # the observation Box's bounds: every game's numbers lie in [-1, 1] (`encoding.write`)
SMALL = 512  # action spaces up to this size get a plain mask, larger ones a `Mask`
MAX_NUMBERED = 200_000  # actions remembered with their index (then forgotten, and numbered anew)
MAX_BY_ID = 50_000  # action objects kept with their index (Moves.numbered), then let go


def env(game: str, **options: Any) -> DockyardEnv:
    """The AEC environment of `game` (options: players, variants, content, seed, reward)."""
    return DockyardEnv(game, **options)


def number(action: Any, size: int) -> int:
    """`action` as an index of the action space, or IllegalAction saying why it is none."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalAction(f"an action is an index from 0 to {size - 1}, not {action!r}")
    if not 0 <= action < size:
        raise IllegalAction(f"no action {action}: the indices run from 0 to {size - 1}")
    return int(action)


class Moves:
    """The legal actions of one player now, by their index, and the mask of them. Actions are
    numbered through a dict kept between states and shared by every environment of the same
    game and options (the same action comes back again and again: a dict look-up, not the
    index's arithmetic)."""

    _shared: dict[tuple[Any, ...], Moves] = {}

    def __init__(self, index: ActionIndex) -> None:
        self.index = index
        self.numbers: dict[tuple[str, tuple[Any, ...]], int] = {}  # (verb, args) -> index
        if index.size <= MAX_NUMBERED // 2:  # every action numbered ahead: look-ups never miss
            for n in range(index.size):
                action = index.action(n, "")
                self.numbers[action.verb, action.args] = n
        self.by_id: dict[int, int] = {}  # id(action) -> index, for the actions in `alive`
        self.alive: dict[int, Action] = {}
        self.zeros = np.zeros(index.size, np.int8)
        self.zeros.flags.writeable = False  # the mask of a player who may not act now

    @classmethod
    def of_game(cls, config: tuple[Any, ...], index: ActionIndex) -> Moves:
        """The numbering kept for this game and options (made on first use)."""
        found = cls._shared.get(config)
        if found is None or found.index.size != index.size:
            found = cls._shared[config] = cls(index)
        return found

    def numbered(self, session: Session, player: str) -> tuple[list[int], list[Action]]:
        """`player`'s legal actions now and their indices (in the same order). Games hand out
        the same action objects again and again (made once, kept): their numbers are looked
        up first by the object's id (an int's hash: no tuple hashed), which is sound because
        `alive` keeps each action so numbered, so no other object can take its id."""
        legal = session.legal_actions(player)
        by_id = self.by_id
        found = list(map(by_id.get, map(id, legal)))  # (C loops: no bytecode per action)
        if None in found:
            if len(by_id) >= MAX_BY_ID:
                by_id.clear()
                self.alive.clear()
            numbers = self.numbers
            for at, action in enumerate(legal):
                if found[at] is None:
                    n = numbers.get((action.verb, action.args))
                    if n is None:
                        if len(numbers) >= MAX_NUMBERED:
                            numbers.clear()
                        n = numbers[action.verb, action.args] = self.index.index(action)
                    found[at] = n
                    by_id[id(action)] = n
                    self.alive[id(action)] = action
        return found, legal  # type: ignore[return-value]

    def of(self, session: Session, player: str) -> tuple[dict[int, Action], np.ndarray]:
        """{index: action} of `player`'s legal actions now, and their mask (a new array)."""
        legal = session.legal_actions(player)
        numbers = self.numbers
        found = list(map(numbers.get, map(_key, legal)))  # (C loops: no bytecode per action)
        if None in found:
            if len(numbers) >= MAX_NUMBERED:
                numbers.clear()
            for at, action in enumerate(legal):
                if found[at] is None:
                    found[at] = numbers[action.verb, action.args] = self.index.index(action)
        by_index: dict[int, Action] = dict(zip(found, legal, strict=True))  # type: ignore[arg-type]
        size = self.index.size
        if size > SMALL:  # a Mask: np.flatnonzero on it costs the legal actions, not the space
            indices = np.fromiter(by_index, np.intp, len(by_index))
            indices.sort()
            ones = np.zeros(size, np.int8)
            ones[indices] = 1
            return by_index, Mask.known(ones, indices)
        small = bytearray(size)  # (quicker than numpy's indexing, and numpy scans it quickly)
        for i in by_index:
            small[i] = 1
        return by_index, np.frombuffer(small, np.int8)


class Mask(np.ndarray):  # type: ignore[type-arg]
    """An action mask (int8, 1 for each legal action) that is read-only and knows its legal
    indices, so that `np.nonzero` and `np.flatnonzero` on it cost the number of legal actions,
    not the size of the action space (tens of thousands). A copy, a slice or an array made
    writeable again is an ordinary array as far as that goes (numpy computes it): `legal` is
    the instance's own, so a view or a copy of a Mask has the class's None."""

    legal: np.ndarray | None = None

    @classmethod
    def known(cls, ones: np.ndarray, legal: np.ndarray) -> Mask:
        """`ones` (1 at each index of `legal`, sorted and unique; 0 elsewhere), read-only."""
        mask = ones.view(cls)
        mask.flags.writeable = False
        mask.legal = legal
        return mask

    def nonzero(self) -> tuple[np.ndarray, ...]:  # type: ignore[override]
        """The legal indices it knows (a copy), or numpy's own answer once made writeable."""
        if self.legal is not None and not self.flags.writeable:
            return (self.legal.copy(),)
        return super().nonzero()  # type: ignore[no-any-return]

    def ravel(self, order: Any = "C") -> np.ndarray:  # type: ignore[override]
        if self.ndim == 1 and order in ("C", "A", "K"):
            return self  # (np.flatnonzero ravels first: the Mask itself, knowing its indices)
        return super().ravel(order)


_key = attrgetter("verb", "args")  # an action's index depends on these, not on who plays it


def vector(game: Game, state: Any, seat: int) -> np.ndarray:
    """`seat`'s observation as float32: the game's own (a list, or any array of numbers), or its
    view hashed (`encoding.hashed_view`). A new array, the caller's to keep."""
    own = game.observation(state, seat)
    if own is None:  # (the hashed view, clipped to the bounds)
        return np.clip(np.asarray(hashed_view(game, state, seat), np.float32), -LIMIT, LIMIT)
    out = np.asarray(own, np.float32)
    return out.copy() if out is own else out  # the game's own array stays the game's


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
        reward: str = "win",
    ) -> None:
        from . import rewards

        super().__init__()
        seats = players if players is None or isinstance(players, int) else tuple(players)
        self._config = (game, seats, tuple(variants), tuple(content))
        self._seed = seed
        self.session = self._new(seed)
        self.reward = rewards.checked(reward, self.session)
        self._margins = [0.0] * len(self.session.players)
        self.metadata = {
            "name": f"dockyard_{self.session.game.name.replace('-', '_')}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.index = action_index(self.session.game, self.session.state)
        self.moves = Moves.of_game(self._config, self.index)
        self.size = observation_size(self.session.game, self.session.state)
        self.possible_agents = list(self.session.players)
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-LIMIT, LIMIT, (self.size,), np.float32),
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
        self._margins = [0.0] * len(self.possible_agents)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._acting()
        self._changed()

    def _changed(self) -> None:
        """The state changed: what was worked out for the last one is forgotten."""
        self._moves: dict[int, Action] | None = None  # the selected agent's, by index
        self._mask: np.ndarray = self.moves.zeros
        self._seen: dict[str, dict[str, np.ndarray]] = {}

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

    def legal(self) -> tuple[dict[int, Action], np.ndarray]:
        """The selected agent's legal actions now by index, and their mask (once per state:
        the selected agent changes only with the state)."""
        if self._moves is None:
            if self.session.over:
                self._moves, self._mask = {}, self.moves.zeros
            else:
                self._moves, self._mask = self.moves.of(self.session, self.agent_selection)
        return self._moves, self._mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = self._seen.get(agent)
        if seen is None:
            session = self.session
            numbers = vector(session.game, session.state, session.players.index(agent))
            mask = self.legal()[1] if agent == self.agent_selection else self.moves.zeros
            seen = self._seen[agent] = {"observation": numbers, "action_mask": mask}
        return seen

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        moves = self._moves if self._moves is not None else self.legal()[0]
        move = moves.get(action) if type(action) is int else None  # type: ignore[arg-type]
        if move is None:
            move = self._unlisted(action, agent)
        session = self.session
        session.apply(move)
        self._moves, self._mask, self._seen = None, self.moves.zeros, {}
        self._cumulative_rewards[agent] = 0.0
        over = session.state.flow.over is not None
        if self.reward == "score-margin":  # every seat's change of margin, every step
            from .rewards import margin

            now = [margin(session, s) for s in range(len(session.players))]
            for name, before, after in zip(session.players, self._margins, now, strict=True):
                self.rewards[name] = after - before
            self._margins = now
            if not over:
                self._accumulate_rewards()
        if over:
            if self.reward == "win":
                for name, value in zip(
                    session.players, returns(session.game, session.state), strict=True
                ):
                    self.rewards[name] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            nxt = (self.agents.index(agent) + 1) % len(self.agents)
            self.agent_selection = self.agents[nxt]
        else:
            movers = actors(session.state)
            self.agent_selection = session.players[movers[0]] if movers else self.agents[0]

    def _unlisted(self, action: Any, agent: str) -> Action:
        """The action numbered `action` when it is not among the legal ones listed: a numpy
        integer's, or one that the session then refuses saying why (IllegalAction)."""
        if action is None:
            raise DockyardError(f"{agent} must act: an action index, not None")
        n = number(action, self.index.size)
        return self.legal()[0].get(n) or self.index.action(n, agent)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.session.render(None)
        return None

    def close(self) -> None:
        pass


def parallel_env(game: str, **options: Any) -> DockyardParallelEnv:
    """The parallel environment of `game` (options: players, variants, content, seed, reward):
    see `DockyardParallelEnv`."""
    return DockyardParallelEnv(game, **options)


class DockyardParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Every seat acts in the same step where the rules let several act at once (a simultaneous
    phase: Pack & Stack's truck claims and loading), one seat a step elsewhere.

    `step({agent: action})` takes the actions of the agents that may act now (each observation
    has an `action_mask`, all 0 for an agent that may not: its action is ignored) and plays them
    in an order drawn anew each step from the episode's seed, so no seat wins every first-come
    race; an action that an earlier one of the same step made illegal (a truck just claimed) is
    not played, and that agent is asked again. An action outside its agent's mask raises
    `IllegalAction` and plays nothing. Rewards `reward="win"` or `"score-margin"`
    (`dockyard.interop.rewards`); observations as in the AEC env, bounded in [-1, 1]."""

    metadata = {"render_modes": ["ansi"], "name": "dockyard_parallel"}

    def __init__(
        self,
        game: str,
        players: Sequence[str] | int | None = None,
        variants: Iterable[str] = (),
        content: Iterable[str] = (),
        seed: int = 0,
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        from . import rewards

        seats = players if players is None or isinstance(players, int) else tuple(players)
        self._config = (game, seats, tuple(variants), tuple(content))
        self._seed = seed
        self.session = self._new(seed)
        self.reward = rewards.checked(reward, self.session)
        self.render_mode = render_mode
        self.index = action_index(self.session.game, self.session.state)
        self.moves = Moves.of_game(self._config, self.index)
        self.size = observation_size(self.session.game, self.session.state)
        self.possible_agents = list(self.session.players)
        self.agents: list[str] = []
        self._action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1.0, (self.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._legal: dict[str, dict[int, Action]] = {}
        self._margins = [0.0] * len(self.possible_agents)
        self._order = np.random.default_rng(seed)

    def _new(self, seed: int) -> Session:
        game, players, variants, content = self._config
        return Session(game, seed=seed, players=players, variants=variants, content=content)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def _observe(self) -> dict[str, dict[str, np.ndarray]]:
        from .encoding import write

        session = self.session
        movers = set() if session.over else set(actors(session.state))
        self._legal = {}
        out = {}
        for seat, agent in enumerate(session.players):
            if agent not in self.agents:
                continue
            numbers = np.zeros(self.size, np.float32)
            write(session.game, session.state, seat, numbers)
            if seat in movers:
                self._legal[agent], mask = self.moves.of(session, agent)
            else:
                mask = self.moves.zeros
            out[agent] = {"observation": numbers, "action_mask": mask}
        return out

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._seed = seed if seed is not None else self._seed + 1
        self._order = np.random.default_rng(self._seed)
        self.session = self._new(self._seed)
        self.agents = self.possible_agents[:]
        self._margins = [0.0] * len(self.agents)
        return self._observe(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        from . import rewards

        session = self.session
        if session.over or not self.agents:
            raise DockyardError("the game is over: reset() starts the next")
        chosen: list[Action] = []
        for agent, legal in self._legal.items():
            if agent not in actions or actions[agent] is None:
                continue
            n = number(actions[agent], self.index.size)
            move = legal.get(n)
            if move is None:
                tried = self.index.action(n, agent)
                raise IllegalAction(f"{agent}: {session.format(tried)!r} is not legal now")
            chosen.append(move)
        for k in self._order.permutation(len(chosen)).tolist():
            move = chosen[k]
            if session.over:
                break
            if session.check(move) is None:  # (an earlier move of this step may forbid it)
                session.apply(move)
        over = session.over
        names = session.players
        if self.reward == "score-margin":
            now = [rewards.margin(session, s) for s in range(len(names))]
            gained = [b - a for a, b in zip(self._margins, now, strict=True)]
            self._margins = now
        else:
            gained = returns(session.game, session.state) if over else [0.0] * len(names)
        live = self.agents
        reward = {a: float(gained[names.index(a)]) for a in live}
        terminated = dict.fromkeys(live, over)
        truncated = dict.fromkeys(live, False)
        observations = self._observe()
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if over:
            self.agents = []
        return observations, reward, terminated, truncated, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.session.render(None)
        return None

    def close(self) -> None:
        pass
