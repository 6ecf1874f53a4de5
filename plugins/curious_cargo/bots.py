"""Curious Cargo's bots, and how a search judges a table.

- the game's own quick policy (`quick_action`, quick_policy.py; the Game's `bot_action`): random, but the way a careless
  person plays (a kind of action first, then tiles placed greedily along lines); for
  simulations.
- `heuristic` (heuristic.py): plans lines to the machines and plays trucks where they load the
  most, judged on a copy of the table; the game's best quick bot, and `mcts`'s rollouts.
- `mcts` (dockyard's generic search) judges the end of its playouts by `evaluate`, a logistic
  of `heuristic.value`'s lead; its playouts, rollout depth and margin are the Game's
  `bot_playouts`, `bot_rollout_depth` and `bot_margin` (game.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from dockyard import Action

from .heuristic import SUMMARY, heuristic_action, value

if TYPE_CHECKING:
    from .state import CuriousCargoState

QUICK_SUMMARY = (  # not the framework's generic line for a game's bot, which overstates it
    "quick and careless (for simulations): picks a kind of move at random, then places "
    "tiles greedily"
)


def policies(game: Any) -> dict[str, tuple[str, Callable[..., Action]]]:
    """The game's named bots besides the quick policy: `heuristic`."""
    return {"heuristic": (SUMMARY, partial(heuristic_action, game))}


def evaluate(state: CuriousCargoState) -> list[float]:
    """Each seat's chance of winning as `heuristic.value` sees the table."""
    lead = value(state, 0) - value(state, 1)
    first = 1.0 / (1.0 + math.exp(-lead / 8.0))
    return [first, 1.0 - first]
