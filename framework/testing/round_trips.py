"""(b) Every legal action has one canonical text that parses back to it, and, in a game that
numbers its actions (`Game.action_space`, for RL interop), one index that gives it back."""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Action, DockyardError
from .playout import Playout, budgeted
from .table import SuiteTable, step_cap

# ---- (b) round trips --------------------------------------------------------------------------


def check_round_trips(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Every legal action at every step: `parse(format(a)) == a` and `check` accepts it."""
    return budgeted(seeds, max_actions, lambda seed: _round_trips(table, seed, max_steps))


def _round_trips(table: SuiteTable, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    s = run.session
    checked = 0
    index = None
    if s.game.provides("action_space"):
        from ..interop.encoding import action_index

        index = action_index(s.game, s.state)

    def before(legal: list[Action]) -> None:
        nonlocal checked
        if len(set(legal)) != len(legal):
            dupes = sorted({s.format(a) for a in legal if legal.count(a) > 1})
            run.fail(f"legal_actions lists some actions twice: {dupes[:5]}")
        for a in legal:
            text = s.format(a)
            if not isinstance(text, str) or not text.strip() or "\n" in text:
                run.fail(f"{a!r} has no one-line canonical text: {text!r}")
            try:
                back = s.parse(text)
            except DockyardError as exc:
                run.fail(f"the canonical text of {a!r} does not parse: {text!r}\n{exc}")
            if back != a:
                run.fail(f"{text!r} parses to {back!r}, not to {a!r}")
            reason = s.game.check(s.state, a, s.players.index(a.player))
            if reason is not None:
                run.fail(f"legal_actions offers {text!r}, but check says: {reason}")
            reason = s.check(a)
            if reason is not None:
                run.fail(f"legal_actions offers {text!r}, but the session says: {reason}")
            if index is not None:
                try:
                    number = index.index(a)
                except (KeyError, IndexError):
                    run.fail(f"{text!r} is not in the game's action_space")
                if index.action(number, a.player) != a:
                    run.fail(
                        f"{text!r} has index {number}, which gives {index.action(number, a.player)!r}"
                    )
            checked += 1

    run.play(max_steps or step_cap(run.game), before=before)
    return checked
