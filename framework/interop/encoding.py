"""Actions as integers and views as numbers, the same for PettingZoo and OpenSpiel.

**The action index.** A game lists every action that could ever be legal in its
`action_space(state)`: `[(verb, [values of argument 1], [values of argument 2], ...), ...]`.
The index of an action is the offset of its verb (the verbs in that order) plus its arguments'
positions as a mixed-radix number (the last argument varies fastest). So tic-tac-toe's
`mark b1` is 1 and Curious Cargo's indices are written out in its README. A verb whose number
of arguments varies lists its argument tuples whole (`Tuples`). The index does not
name the player: the acting player plays it. `ActionIndex.describe()` prints the table.

**The observation.** A game may define `observation(state, seat) -> list[float]` of a fixed
length (`observation_size(state)`); otherwise the acting player's view (`Game.view`, JSON) is
flattened into OBSERVATION_SIZE numbers by feature hashing: every leaf (its path, lists
indexed, and for a string its value) adds its number, or 1, at a position given by a stable
hash (crc32) of its path. The view holds only what that player may see, so neither does this.
"""

from __future__ import annotations

import math
import zlib
from array import array
from collections.abc import Sequence
from typing import Any

try:
    import numpy as np
except ImportError:  # the core install (no rl extra): only `write` needs numpy
    np = None  # type: ignore[assignment]

from ..core import win_shares
from ..game import Action, Game, Tuples  # noqa: F401  (Tuples: re-exported)

OBSERVATION_SIZE = 512


class ActionIndex:
    """A game's fixed numbering of every possible action (see the module's text)."""

    def __init__(self, space: Sequence[tuple[Any, ...]]) -> None:
        self.verbs: list[tuple[str, int, list[list[Any]], list[dict[Any, int]]]] = []
        self.by_verb: dict[str, int] = {}
        offset = 0
        for verb, *fields in space:
            values = [f if isinstance(f, Tuples) else list(f) for f in fields]
            positions = [{v: i for i, v in enumerate(f)} for f in values]
            self.by_verb[verb] = len(self.verbs)
            self.verbs.append((verb, offset, values, positions))
            offset += math.prod(len(f) for f in values)
        self.size = offset

    def index(self, action: Action) -> int:
        """The index of `action` (KeyError if the game's action space lacks it)."""
        verb, offset, values, positions = self.verbs[self.by_verb[action.verb]]
        if len(values) == 1 and isinstance(values[0], Tuples):
            return offset + positions[0][action.args]
        if len(action.args) != len(values):
            raise KeyError(f"{action.verb} takes {len(values)} arguments: {action.args!r}")
        number = 0
        for arg, field, where in zip(action.args, values, positions, strict=True):
            number = number * len(field) + where[arg]
        return offset + number

    def action(self, index: int, player: str) -> Action:
        """The action numbered `index`, played by `player`."""
        if not 0 <= index < self.size:
            raise KeyError(f"no action {index} (there are {self.size})")
        for verb, offset, values, _ in reversed(self.verbs):
            if index >= offset:
                number = index - offset
                if len(values) == 1 and isinstance(values[0], Tuples):
                    return Action(player, verb, tuple(values[0][number]))
                args = []
                for field in reversed(values):
                    number, at = divmod(number, len(field))
                    args.append(field[at])
                return Action(player, verb, tuple(reversed(args)))
        raise KeyError(index)

    def describe(self) -> list[str]:
        """The table: each verb's first index, count and argument values."""
        lines = []
        for verb, offset, values, _ in self.verbs:
            count = math.prod(len(f) for f in values)
            fields = " x ".join(
                f"[{', '.join(map(str, f[:4]))}{', ...' if len(f) > 4 else ''}] ({len(f)})"
                for f in values
            )
            lines.append(f"{offset:>6}  {verb} ({count}){': ' + fields if fields else ''}")
        return lines


def action_index(game: Game, state: Any) -> ActionIndex:
    space = game.action_space(state)
    if space is None:
        raise NotImplementedError(f"{game.name} has no action_space: it cannot number actions")
    return ActionIndex(space)


def observation_size(game: Game, state: Any) -> int:
    own = game.observation_size(state)
    return int(own) if own is not None else OBSERVATION_SIZE


def observation(game: Game, state: Any, seat: int) -> list[float]:
    """`seat`'s observation: the game's own, or its view hashed into OBSERVATION_SIZE numbers."""
    own = game.observation(state, seat)
    if own is not None:
        return [float(x) for x in own]
    return hashed_view(game, state, seat)


def write(game: Game, state: Any, seat: int, out: Any) -> None:
    """Write `seat`'s observation into the float32 numpy array `out` (preallocated, of
    `observation_size`): a game's float32 `array.array` is read without copying, a list is
    converted by numpy in C; never a Python loop per number. The numbers lie within
    [-1, 1], the bounds the environments declare: a game's own observation scales its counts
    into them (its README table says by what; tests/test_vector_env.py checks every game's
    random playouts), the hashed view is clipped to them. (The hashed view, the fallback,
    is made in Python: a game that wants speed defines its own observation.) A game that
    writes its numbers itself (`Game.write_observation`) writes them over `out` directly."""
    if out.flags.c_contiguous and out.dtype == np.float32 and out.ndim == 1:
        if game.write_observation(state, seat, memoryview(out)):
            return
    own = game.observation(state, seat)
    if own is None:
        out[:] = hashed_view(game, state, seat)
        np.clip(out, -1.0, 1.0, out=out)
    elif isinstance(own, array) and own.typecode == "f":
        out[:] = np.frombuffer(own, np.float32)
    else:
        out[:] = own


def hashed_view(game: Game, state: Any, seat: int) -> list[float]:
    """`seat`'s view hashed into OBSERVATION_SIZE numbers (the fallback observation)."""
    out = [0.0] * OBSERVATION_SIZE
    _hash_into(game.view(state, seat), "", out)
    return out


def _hash_into(value: Any, path: str, out: list[float]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _hash_into(v, f"{path}/{k}", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _hash_into(v, f"{path}/{i}", out)
    elif isinstance(value, bool):
        out[zlib.crc32(path.encode()) % len(out)] += float(value)
    elif isinstance(value, (int, float)):
        out[zlib.crc32(path.encode()) % len(out)] += max(-1e6, min(1e6, float(value)))
    elif value is not None:
        out[zlib.crc32(f"{path}={value}".encode()) % len(out)] += 1.0


def returns(game: Game, state: Any) -> list[float]:
    """Zero-sum returns of a finished game: a sole winner 1, the others -1/(n-1) each; a shared
    win shares; no winner, 0 for all. (For two players: win 1, loss -1, draw 0.)"""
    n = len(state.players)
    if state.flow.over is None:
        return [0.0] * n
    winners = game.outcome(state).winners
    if not winners:
        return [0.0] * n
    return [(share - 1.0 / n) * n / (n - 1) for share in win_shares(winners, state.players)]
