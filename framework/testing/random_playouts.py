"""(a) Every game ends; invariants and token counts hold after every action."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..game import Action, Event
from .compare import difference
from .playout import Playout, budgeted
from .table import SuiteTable, step_cap

# ---- (a) playouts -----------------------------------------------------------------------------


def check_playouts(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Every game ends; invariants and token counts hold after every action. Returns actions."""
    return budgeted(seeds, max_actions, lambda seed: _playout(table, seed, max_steps))


def _playout(table: SuiteTable, seed: int, max_steps: int | None) -> int:
    run = Playout(table, seed)
    run.play(max_steps or step_cap(run.game), after=conservation(run))
    return len(run.session.log)


def conservation(run: Playout) -> Callable[[Action, list[Event]], None]:
    """The checks after every action of a playout (fails the run when one breaks): the game's
    RNG is used only with a reveal, `invariants` stay empty, `token_counts` never change, and
    every event has text and names only players of the game. Also for a game's own tests:
    `run.play(steps, after=conservation(run), choose=...)`."""
    game, s = run.game, run.session
    counts = game.token_counts(s.state)
    rng = [s.state.rng.getstate(), s.state.flow.reveals]

    def after(action: Action, events: list[Event]) -> None:
        now_rng, now_reveals = s.state.rng.getstate(), s.state.flow.reveals
        if now_rng != rng[0] and now_reveals == rng[1]:
            run.fail(
                f"{s.format(action)!r} used the game's random generator without flow.reveal: "
                "undo could take back a roll or a shuffle"
            )
        rng[:] = [now_rng, now_reveals]
        broken = game.invariants(s.state)
        if broken:
            run.fail(f"after {s.format(action)!r} an invariant broke: {'; '.join(broken)}")
        now = game.token_counts(s.state)
        if now != counts:
            diff = difference(counts, now, "token_counts")
            run.fail(f"after {s.format(action)!r} the components changed: {diff}")
        for event in events:
            if not isinstance(event.text, str) or not event.text:
                run.fail(f"{s.format(action)!r} emitted an event with no text: {event!r}")
            if event.player is not None and event.player not in s.players:
                run.fail(f"{s.format(action)!r} emitted an event for a stranger: {event!r}")

    broken = game.invariants(s.state)
    if broken:
        run.fail(f"an invariant is broken at the start: {'; '.join(broken)}")
    return after
