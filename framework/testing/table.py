"""What the suite plays: a `SuiteTable` (game, players, variants, content) and a `Budget`."""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass

from ..game import Game
from ..registry import registry
from ..session import Session

DEFAULT_MAX_STEPS = Game.max_playout_steps  # a game may raise it (`max_playout_steps`)


class SuiteFailure(AssertionError):
    """A game broke a rule of the generic suite; the message says what and how to replay it."""


# ---- what to play -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SuiteTable:
    """A game set up to be played: which game, how many players, which variants and content."""

    game: str | Game
    players: int | tuple[str, ...] | None = None
    variants: tuple[str, ...] = ()
    content: tuple[str, ...] = ()

    @property
    def game_name(self) -> str:
        return self.game if isinstance(self.game, str) else self.game.name

    def session(self, seed: int) -> Session:
        return Session(
            self.game,
            seed=seed,
            players=self.players,
            variants=self.variants,
            content=self.content,
        )

    def __str__(self) -> str:
        parts = [self.game_name]
        if isinstance(self.players, int):
            parts.append(f"{self.players} players")
        elif self.players:
            parts.append("players " + " ".join(self.players))
        parts += [f"variant {v}" for v in self.variants]
        parts += [f"content {c}" for c in self.content]
        return ", ".join(parts)


def tables(game: str) -> list[SuiteTable]:
    """Every way to sit down to `game`: each player count alone, then with each variant alone."""
    reg = registry()
    g = reg.game(game)
    counts = range(g.min_players, g.max_players + 1)
    out = [SuiteTable(g.name, n) for n in counts]
    for name, variant in sorted(reg.variants_of(g.name).items()):
        chosen = tuple(dict.fromkeys((*variant.requires, name)))
        out += [SuiteTable(g.name, n, chosen) for n in counts]
    return out


@dataclass(frozen=True)
class Budget:
    """How much each check plays, per game (shared out among the game's tables).

    The default run is quick for any game: besides the numbers of playouts, it stops starting
    new playouts once a check has played `actions` actions (`thorough_actions` for the checks
    that look at every step), so a long, heavy game plays fewer, whole, games. `from_env` with
    a number of playouts lifts those caps.
    """

    playouts: int = 200  # plain playouts: the game ends, invariants and token counts hold
    thorough: int = 20  # playouts checking every legal action / near misses at every step
    saves: int = 6  # playouts saved, loaded, undone and redone at random points
    determinism: int = 4  # playouts replayed from their seed and log
    actions: int | None = 10_000  # cap on the actions of the plain playouts
    thorough_actions: int | None = 300  # cap on the actions of each other check
    max_steps: int | None = None  # None: the game's `max_playout_steps`, else DEFAULT_MAX_STEPS
    near_misses: int = 12  # near-miss actions tried per step
    illegal_applies: int = 2  # illegal actions actually applied per step (state compared)
    save_points: int = 3  # save/undo points per playout, besides the end

    @classmethod
    def from_env(cls, playouts: int | None = None) -> Budget:
        """The default budget, or a bigger one (no caps) from `playouts` or DOCKYARD_PLAYOUTS."""
        n = playouts or int(os.environ.get("DOCKYARD_PLAYOUTS") or 0)
        if n <= 0:
            return cls()
        return cls(
            playouts=n,
            thorough=max(cls.thorough, n // 10),
            saves=max(cls.saves, n // 40),
            determinism=max(cls.determinism, n // 50),
            actions=None,
            thorough_actions=None,
        )

    def share(self, tables: int) -> Budget:
        """This budget split among `tables` tables of one game (each gets a little at least)."""

        def part(total: int, least: int) -> int:
            return max(least, math.ceil(total / max(1, tables)))

        def cap(total: int | None) -> int | None:
            return None if total is None else math.ceil(total / max(1, tables))

        return dataclasses.replace(
            self,
            playouts=part(self.playouts, 5),
            thorough=part(self.thorough, 2),
            saves=part(self.saves, 1),
            determinism=part(self.determinism, 1),
            actions=cap(self.actions),
            thorough_actions=cap(self.thorough_actions),
        )


def step_cap(game: Game, budget: Budget | None = None) -> int:
    if budget is not None and budget.max_steps is not None:
        return budget.max_steps
    return game.max_playout_steps
