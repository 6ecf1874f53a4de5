"""The kinds of bot that choose without searching: `UniformBot` (`random`: uniformly among the
legal actions), `GreedyBot` (`greedy`: the game's own quick policy, `bot_action`, else uniform) and
`PolicyBot` (a policy the game names in `bot_policies()`), all built on `Bot` (a seed, and the
choice of who acts). bots.py makes them by name; search.py builds `mcts` on `UniformBot`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..flow import actors
from ..game import Action, DockyardError, Game

if TYPE_CHECKING:
    from ..session import Session


class Bot:
    """A player that chooses its own actions: `choose(session)` returns an action for one of
    the players who may act now and never changes the session. Everything it draws comes from
    its own `random.Random(seed)`, so a seed gives the same game every time."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        """An action for one of the players who may act now (or of `seats` among them)."""
        raise NotImplementedError

    def seat(self, session: Session, seats: Sequence[int]) -> int:
        """The seat to act for: the one that may, or one drawn at random among several."""
        if not seats:
            raise DockyardError("the game is over" if session.over else "nobody may act now")
        return seats[0] if len(seats) == 1 else self.rng.choice(list(seats))


class UniformBot(Bot):
    """`random`: uniformly random among the actors, then among that actor's legal actions,
    whatever policy the game has."""

    name = "random"

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        seats = actors(session.state) if seats is None else seats
        return self.uniform(session, seats, self.seat(session, seats))

    def uniform(self, session: Session, seats: Sequence[int], seat: int) -> Action:
        """One of `seat`'s legal actions, uniformly; a seat that has none gives way to one of
        `seats` that has some, so the game goes on."""
        game, state, rng = session.game, session.state, self.rng
        actions = game.legal_actions(state, seat)
        if not actions:
            movable = [s for s in seats if s != seat and game.legal_actions(state, s)]
            if not movable:
                names = ", ".join(session.players[s] for s in seats)
                raise DockyardError(f"no legal action for {names}, but the game is not over")
            seat = rng.choice(movable)
            actions = game.legal_actions(state, seat)
        return rng.choice(actions)


class GreedyBot(UniformBot):
    """`greedy`: uniformly random among the actors, then the game's own quick policy for that
    actor (`Game.bot_action`, greedy choices in every game here) or, without one, uniformly
    among the actor's legal actions (as `UniformBot`)."""

    name = "greedy"

    def choose(self, session: Session, seats: Sequence[int] | None = None) -> Action:
        seats = actors(session.state) if seats is None else seats
        seat = self.seat(session, seats)
        action = session.game.bot_action(session.state, seat, self.rng)
        return action if action is not None else self.uniform(session, seats, seat)


class PolicyBot(Bot):
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
    return dict(game.bot_policies())
