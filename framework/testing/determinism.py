"""(e) The same seed and log give the same events and views."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .compare import difference, snapshot
from .playout import Playout, budgeted
from .table import SuiteTable, step_cap

# ---- (e) determinism --------------------------------------------------------------------------


def check_determinism(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """The same seed gives the same game, and the same seed and log the same events and views."""
    return budgeted(seeds, max_actions, lambda seed: _determinism(table, seed, max_steps))


def _determinism(table: SuiteTable, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    cap = max_steps or step_cap(run.game)
    seen: list[Any] = [snapshot(s, renders=False)]
    run.play(cap, after=lambda action, events: seen.append(snapshot(s, renders=False)))
    again = Playout(table, seed).play(cap)
    if again.log != s.log:
        i = next(
            (i for i, (x, y) in enumerate(zip(s.log, again.log, strict=False)) if x != y), None
        )
        i = min(len(s.log), len(again.log)) if i is None else i
        run.fail(
            f"a second playout with the same seed went another way at action {i + 1} "
            "(are legal_actions listed in a fixed order? does the game use only state.rng?)"
        )
    replay = table.session(seed)
    diff = difference(seen[0], snapshot(replay, renders=False))
    if diff:
        run.fail(f"two sessions with the same seed start differently: {diff}")
    for i, action in enumerate(s.log):
        replay.apply(action)
        diff = difference(seen[i + 1], snapshot(replay, renders=False))
        if diff:
            run.fail(f"replaying the log differs after action {i + 1}: {diff}")
    diff = difference(snapshot(s), snapshot(replay))
    if diff:
        run.fail(f"replaying the log shows another end: {diff}")
    if [e.text for e in replay.events] != [e.text for e in s.events]:
        run.fail("replaying the log told other events")
    return 1
