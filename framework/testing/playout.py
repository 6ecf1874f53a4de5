"""One seeded random game in progress, and what a failure message needs to replay it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import NoReturn

from ..game import Action, DockyardError, Event, Game, Outcome
from ..session import Session
from ..speed.cloning import checking
from .table import SuiteFailure, SuiteTable

# ---- one playout ------------------------------------------------------------------------------


class Playout:
    """One seeded random game in progress, and what a failure message needs to replay it."""

    actions_played = 0  # by every playout so far: budgets are counted in actions

    def __init__(self, table: SuiteTable, seed: int) -> None:
        self.table = table
        self.seed = seed
        try:
            self.session = table.session(seed)
        except DockyardError as exc:
            raise SuiteFailure(f"{table}, seed {seed}: cannot start a session: {exc}") from None
        self.rng = random.Random(f"dockyard-playout:{seed}")

    @property
    def game(self) -> Game:
        return self.session.game

    def script(self) -> str:
        """The game so far as an action script."""
        s = self.session
        lines = [f"game {s.game.name}", f"seed {s.seed}", "players " + " ".join(s.players)]
        lines += [f"variant {v}" for v in s.config.variants]
        lines += [s.format(a) for a in s.log]
        return "\n".join(lines)

    def fail(self, what: str) -> NoReturn:
        where = f"{self.table}, seed {self.seed}, after {len(self.session.log)} actions"
        content = "".join(f" --content {c}" for c in self.table.content)
        script = "\n".join("    " + line for line in self.script().splitlines())
        raise SuiteFailure(f"{where}: {what}\n  replay{content}:\n{script}")

    def play(
        self,
        max_steps: int,
        before: Callable[[list[Action]], None] | None = None,
        after: Callable[[Action, list[Event]], None] | None = None,
        choose: Callable[[Session, list[Action]], Action] | None = None,
    ) -> Session:
        """Play to the end, calling the checks around each action: uniformly random legal
        actions, or what `choose(session, legal)` picks (a bot's policy)."""
        s = self.session
        try:
            with checking():  # every clone (undo's copies) is checked to share nothing
                self._play(max_steps, before, after, choose)
        except SuiteFailure:
            raise
        except Exception as exc:
            self.fail(f"{type(exc).__name__}: {exc}")
        return s

    def _play(
        self,
        max_steps: int,
        before: Callable[[list[Action]], None] | None,
        after: Callable[[Action, list[Event]], None] | None,
        choose: Callable[[Session, list[Action]], Action] | None,
    ) -> None:
        s = self.session
        for _ in range(max_steps):
            if s.over:
                break
            legal = s.legal_actions()
            if not legal:
                who = ", ".join(s.actors()) or "nobody"
                self.fail(f"no legal action for {who}, but the game is not over")
            if before is not None:
                before(legal)
            action = self.rng.choice(legal) if choose is None else choose(s, legal)
            Playout.actions_played += 1
            try:
                events = s.apply(action)
            except DockyardError as exc:
                self.fail(f"legal_actions offered {s.format(action)!r}, but apply said: {exc}")
            if after is not None:
                after(action, events)
        if not s.over:
            self.fail(f"the game did not end within {max_steps} actions")
        self.check_finished()

    def check_finished(self) -> None:
        s = self.session
        outcome = s.outcome()
        if not isinstance(outcome, Outcome):
            self.fail(f"outcome() returned {outcome!r}, not an Outcome")
        if not isinstance(outcome.reason, str) or not outcome.reason:
            self.fail(f"the outcome gives no reason: {outcome!r}")
        strangers = set(outcome.winners) - set(s.players)
        if strangers or set(outcome.scores) - set(s.players):
            self.fail(f"the outcome names players who are not playing: {outcome!r}")
        if s.legal_actions() or s.actors():
            self.fail(f"the game is over, yet {', '.join(s.actors())} may still act")


def _seeds(seeds: Iterable[int] | int) -> Iterable[int]:
    return range(seeds) if isinstance(seeds, int) else seeds


def budgeted(seeds: Iterable[int] | int, max_actions: int | None, one: Callable[[int], int]) -> int:
    """Sum of `one(seed)` over the seeds, starting no new playout once `max_actions` actions
    were played (the first playout always runs)."""
    total = 0
    start = Playout.actions_played
    for i, seed in enumerate(_seeds(seeds)):
        if i and max_actions is not None and Playout.actions_played - start >= max_actions:
            break
        total += one(seed)
    return total
