"""(f) An illegal action raises IllegalAction with a reason and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..game import Action, DockyardError, IllegalAction
from .compare import StateImage, difference, snapshot
from .legality import Pool, near_misses
from .playout import Playout, budgeted
from .table import SuiteTable, step_cap

# ---- (f) illegal actions ----------------------------------------------------------------------


def check_illegal_actions(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    per_step: int = 2,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """An illegal action raises IllegalAction with a reason and changes nothing at all."""
    return budgeted(
        seeds, max_actions, lambda seed: _illegal_actions(table, seed, per_step, max_steps)
    )


def _illegal_actions(table: SuiteTable, seed: int, per_step: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    earlier = Pool()
    rng = random.Random(f"dockyard-illegal:{seed}")
    tried = 0

    def before(legal: list[Action]) -> None:
        nonlocal tried
        offered = set(legal)
        misses = near_misses(s, legal, list(earlier), rng, 4 * per_step)
        illegal = [c for c in misses if c not in offered][:per_step]
        illegal.append(Action("nobody-here", legal[0].verb, legal[0].args))
        before_it = snapshot(s, renders=False)
        rules_saw = tuple(before_it[k] for k in ("state", "log", "actors", "legal actions"))
        redo = list(s.redo_stack)
        for c in illegal:
            try:
                s.apply(c)
            except IllegalAction as exc:
                if not str(exc).strip():
                    run.fail(f"{s.format(c)!r} was refused without a reason")
            except DockyardError as exc:
                run.fail(f"{s.format(c)!r} was refused, but not as illegal: {exc}")
            else:
                run.fail(f"{s.format(c)!r} is not legal, yet apply took it")
            if s.redo_stack == redo and _rules_see(s) == rules_saw:
                tried += 1  # (the views are drawn from the state: the same state, the same views)
                continue
            diff = difference(before_it, snapshot(s, renders=False))
            if diff or s.redo_stack != redo:
                run.fail(f"the refused action {s.format(c)!r} changed the session: {diff}")
            tried += 1
        earlier.add(legal)

    run.play(max_steps or step_cap(run.game), before=before)
    return tried


def _rules_see(s: Any) -> tuple[Any, ...]:
    """What the rules answer from (the state, the log, whose turn, what is legal): equal before
    and after a refused action, nothing else of the session's can have changed."""
    state = StateImage(s.state, s.content.built, s.content.fingerprint)
    return (state, list(s.log), s.actors(), s.legal_actions())  # (as `snapshot` has them)
