"""The optional capabilities of a game, as protocols a type checker can hold a game to.

`dockyard.Game` has a default for every member below (so a tool may ask any game), and
`Game.provides(name)` tells at run time whether a game defines one itself. A game that provides a
capability names its protocol among its bases, typed by its state:

    class CuriousCargo(Game[CuriousCargoState], Pictures[CuriousCargoState],
                       Bots[CuriousCargoState], Observations[CuriousCargoState]): ...

and a type checker (mypy) then checks its methods against the signatures here: a picture that
forgets the viewer, or a bot policy returning a list, is an error before any game is played.

- `Pictures`: the table drawn as SVG (`dockyard picture`, the server's page), one component
  drawn whole (`show tile ID`) and the ids it knows.
- `Bots`: the game's own quick policy (`greedy`, and `mcts`'s playouts), more named policies,
  and how a stopped playout is judged.
- `Observations`: numbers for learning: every action numbered (PettingZoo, OpenSpiel) and a
  seat's observation as a fixed-length vector.
- `Secrets`: what only one seat may know, and a state dealt again from what a seat sees (the
  generic suite checks both; search bots use the second).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from .core import Action
    from .game import State
    from .svg import Svg

S = TypeVar("S", bound="State", contravariant=True)


class Pictures(Protocol[S]):
    """A game that draws: `picture` from `view(state, viewer)` and the public components only."""

    def picture(self, state: S, viewer: int | None) -> Svg | None: ...

    def describe(self, state: S, viewer: int | None, ident: str) -> str | None: ...

    def component_ids(self, state: S) -> Sequence[str]: ...


class Bots(Protocol[S]):
    """A game with its own policies for the bots in dockyard.bots."""

    def bot_action(self, state: S, seat: int, rng: random.Random) -> Action | None: ...

    def bot_policies(
        self,
    ) -> dict[str, tuple[str, Callable[[Any, int, random.Random], Action]]]: ...

    def bot_evaluate(self, state: S) -> list[float] | None: ...


class Observations(Protocol[S]):
    """A game numbered for learning (dockyard.interop)."""

    def action_space(self, state: S) -> list[tuple[Any, ...]] | None: ...

    def observation(self, state: S, seat: int) -> Sequence[float] | None: ...

    def write_observation(self, state: S, seat: int, out: memoryview) -> bool: ...

    def observation_size(self, state: S) -> int | None: ...


class Secrets(Protocol[S]):
    """A game with hidden information: what only a seat knows, and states that hide it."""

    def secrets(self, state: S, seat: int) -> list[str]: ...


__all__ = ["Bots", "Observations", "Pictures", "Secrets"]
