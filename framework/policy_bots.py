"""The kinds of bot that choose by a policy: `RandomBot` (the game's quick policy,
`bot_action`, else uniform), `UniformBot` (always uniform) and `PolicyBot` (a policy the game
names in `bot_policies()`). bots.py makes them by name; search.py builds `mcts` on them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .flow import actors
from .game import Action, DockyardError, Game

if TYPE_CHECKING:
    from .session import Session


class RandomBot:
    """Uniformly random among the actors, then the game's policy for that actor (`bot_action`)
    or, without one (or with `uniform`), uniformly among the actor's legal actions."""

    uniform = False
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        """An action for one of the players who may act now (or of `seats` among them); the
        session is not changed."""
        seats = actors(session.state) if seats is None else seats
        seat = self.seat(session, seats)
        game = session.game
        state = session.state
        policy = None if self.uniform else getattr(game, "bot_action", None)
        rng = self.rng
        if policy is not None:
            return policy(state, seat, rng)  # type: ignore[no-any-return]
        actions = game.legal_actions(state, seat)
        if not actions:
            # This actor is stuck; draw among those who can move so the game goes on.
            movable = [s for s in seats if s != seat and game.legal_actions(state, s)]
            if not movable:
                names = ", ".join(session.players[s] for s in seats)
                raise DockyardError(f"no legal action for {names}, but the game is not over")
            seat = rng.choice(movable)
            actions = game.legal_actions(state, seat)
        return rng.choice(actions)

    def seat(self, session: Session, seats: Sequence[int]) -> int:
        """The seat to act for: the one that may, or one drawn at random among several."""
        if not seats:
            raise DockyardError("the game is over" if session.over else "nobody may act now")
        return seats[0] if len(seats) == 1 else self.rng.choice(list(seats))


class UniformBot(RandomBot):
    """Uniformly random among the legal actions, whatever policy the game has."""

    uniform = True
    name = "random"


class PolicyBot(RandomBot):
    """A policy the game names (`Game.bot_policies`): `policy(state, seat, rng) -> Action`."""

    def __init__(self, seed: int = 0, policy: Any = None, name: str = "policy") -> None:
        super().__init__(seed)
        self.policy = policy
        self.name = name

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        seat = self.seat(session, actors(session.state) if seats is None else seats)
        return self.policy(session.state, seat, self.rng)  # type: ignore[no-any-return]


def policies(game: Game) -> dict[str, tuple[str, Any]]:
    """The game's own named policies: `Game.bot_policies()` -> {name: (summary, policy)}."""
    own = getattr(game, "bot_policies", None)
    return dict(own()) if own is not None else {}
