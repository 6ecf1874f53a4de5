"""(h) The game's bot plays whole games and never changes the state while choosing."""

from __future__ import annotations

from collections.abc import Iterable

from ..game import DockyardError
from .compare import StateImage, difference
from .playout import Playout, budgeted
from .table import SuiteFailure, SuiteTable, step_cap

# ---- (h) bots -----------------------------------------------------------------------------------


def check_bots(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """The game's bot plays whole games, and every decision leaves the state exactly as it was
    (a bot gets to look, never to touch)."""
    return budgeted(seeds, max_actions, lambda seed: _bots(table, seed, max_steps))


def _bots(table: SuiteTable, seed: int, max_steps: int | None) -> int:
    from ..bots import GreedyBot

    run = Playout(table, seed)
    s = run.session
    bot = GreedyBot(seed)
    try:
        for _ in range(max_steps or step_cap(s.game)):
            if s.over:
                break
            before = StateImage(s.state, s.content.built, s.content.fingerprint)
            action = bot.choose(s)
            if StateImage(s.state, s.content.built, s.content.fingerprint) != before:
                diff = difference(
                    before.data, StateImage(s.state, s.content.built, s.content.fingerprint).data
                )
                run.fail(f"the bot changed the state while choosing {s.format(action)!r}: {diff}")
            try:
                s.apply(action)
            except DockyardError as exc:
                run.fail(f"the bot chose {s.format(action)!r}, but apply said: {exc}")
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return len(s.log)
