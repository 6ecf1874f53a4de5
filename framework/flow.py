"""Rounds, phases and turns as plain data plus small pure functions.

A game declares its phases (`Phase`), each with a turn-order policy: a function of the state
returning the seats that act in this phase, in order. A phase is either sequential (one seat at a
time, in that order) or simultaneous (all those seats may act until each has finished). Rules
call `end_turn` when a seat's turn is over; the flow then moves to the next seat, the next phase
or the next round, running begin/end hooks and the game's end check at the declared points.
A rule that must stop to ask a player pushes a `Decision`; while one is pending only its player
may act.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .core import Decision, FlowState, Hook, Phase, TurnOrder  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from .game import Context, Game, State

# ---- turn-order policies -------------------------------------------------------------------


def seat_order(state: Any) -> list[int]:
    """Every seat, clockwise from seat 0."""
    return list(range(len(state.players)))


def rotating(state: Any) -> list[int]:
    """Clockwise, the first seat moving one to the left each round."""
    n = len(state.players)
    start = (state.flow.round - 1) % n if state.flow.round > 0 else 0
    return [(start + i) % n for i in range(n)]


def clockwise_from(seat_of: Callable[[Any], int]) -> TurnOrder:
    """Clockwise starting at the seat a rule names (a leader, a start player)."""

    def order(state: Any) -> list[int]:
        n = len(state.players)
        start = seat_of(state)
        return [(start + i) % n for i in range(n)]

    return order


def ranked(key: Callable[[Any, int], Any]) -> TurnOrder:
    """Seats sorted by a key, highest first (track position, with a tie-break in the key)."""

    def order(state: Any) -> list[int]:
        return sorted(range(len(state.players)), key=lambda s: key(state, s), reverse=True)

    return order


# ---- the engine --------------------------------------------------------------------------


def actors(state: State) -> list[int]:
    """The seats that may act now."""
    flow = state.flow
    if flow.over is not None:
        return []
    if flow.pending:
        top = flow.pending[-1]
        if not top.together:
            return [top.player]
        return [d.player for d in _together(flow.pending)]
    return flow.active


def _together(pending: list[Decision]) -> list[Decision]:
    """The decisions asked together at the top of the stack, in the order they were asked."""
    kind = pending[-1].kind
    group: list[Decision] = []
    for decision in reversed(pending):
        if not decision.together or decision.kind != kind:
            break
        group.append(decision)
    return group[::-1]


def start(game: Game, state: State, ctx: Context) -> None:
    """Enter the first phase (a setup phase when the game declares one)."""
    flow = state.flow
    first = 0
    if game.phases and game.phases[0].once:
        flow.round = 0
    else:
        flow.round = 1
        first = _first_regular(game)
    _enter(game, state, ctx, first)


def _first_regular(game: Game) -> int:
    for i, phase in enumerate(game.phases):
        if not phase.once:
            return i
    raise ValueError(f"{game.name} declares no regular phase")


def _enter(game: Game, state: State, ctx: Context, index: int) -> None:
    flow = state.flow
    phase = game.phases[index]
    flow.phase = index
    flow.finishing = False
    flow.order = phase.order(state)
    flow.turn = 0
    flow.active = list(flow.order) if phase.simultaneous else flow.order[:1]
    if flow.order or not phase.once:  # a setup phase nobody plays is skipped silently
        ctx.emit("phase", None, f"round {flow.round}: {phase.name} phase", phase=phase.name)
    if phase.begin is not None:
        phase.begin(state, ctx)
    if flow.over is not None:
        return
    if not flow.order:
        if not flow.pending:
            _finish_phase(game, state, ctx)
    elif not phase.simultaneous:
        _begin_turn(state, ctx)


def _begin_turn(state: State, ctx: Context) -> None:
    state.flow.turn_count += 1
    seat = state.flow.active[0]
    ctx.emit("turn", state.players[seat], f"{state.players[seat]} to play", seat=seat)


def end_turn(game: Game, state: State, ctx: Context, seat: int) -> None:
    """`seat` has finished its turn in this phase."""
    flow = state.flow
    phase = game.phases[flow.phase]
    if phase.simultaneous:
        if seat in flow.active:
            flow.active.remove(seat)
        if not flow.active:
            _finish_phase(game, state, ctx)
        return
    flow.turn += 1
    if flow.turn < len(flow.order):
        flow.active = [flow.order[flow.turn]]
        _begin_turn(state, ctx)
    else:
        flow.active = []
        _finish_phase(game, state, ctx)


def _finish_phase(game: Game, state: State, ctx: Context) -> None:
    flow = state.flow
    phase = game.phases[flow.phase]
    flow.active = []
    flow.finishing = True
    if phase.end is not None:
        phase.end(state, ctx)
    if not flow.pending and flow.over is None:  # else `resume` carries on once answered
        advance(game, state, ctx)


def advance(game: Game, state: State, ctx: Context) -> None:
    """After a phase's end (and any questions it asked): end-game check, then the next phase."""
    flow = state.flow
    phase = game.phases[flow.phase]
    if flow.over is not None:  # a rule ended the game itself
        return
    if phase.check_end:
        reason = game.end_reason(state)
        if reason is not None:
            flow.over = reason
            ctx.emit("game-over", None, f"the game ends: {reason}", reason=reason)
            return
    nxt = flow.phase + 1
    if nxt >= len(game.phases):
        flow.round += 1
        nxt = _first_regular(game)
    elif phase.once and not game.phases[nxt].once:
        flow.round = 1
    _enter(game, state, ctx, nxt)


def reveal(state: State) -> None:
    """A rule showed someone what was hidden (drew a card or tile, flipped a card, rolled dice
    or shuffled): the action doing it cannot be taken back, since undo would not make anyone
    forget it. Every use of the game's random generator must come with this call (the generic
    suite checks it)."""
    state.flow.reveals += 1


def push(state: State, decision: Decision) -> None:
    state.flow.pending.append(decision)


def pop(state: State) -> Decision:
    return state.flow.pending.pop()


def ask_together(state: State, decisions: list[Decision]) -> None:
    """Ask several players one question at once (secret bids, a simultaneous vote): each may
    answer in any order, and the rules see the answers only as the game keeps them (hidden
    until all are in, if they are secret). `answer` takes one player's question off."""
    for decision in decisions:
        push(state, dataclasses.replace(decision, together=True))


def asked(state: State, seat: int) -> Decision | None:
    """The pending question `seat` may answer now (the top one, or theirs of a group asked
    together), or None."""
    pending = state.flow.pending
    if not pending:
        return None
    if not pending[-1].together:
        return pending[-1] if pending[-1].player == seat else None
    return next((d for d in _together(pending) if d.player == seat), None)


def answer(state: State, seat: int) -> Decision:
    """Take `seat`'s answered question off the stack (for questions asked together, whichever
    of the group it is) and return it."""
    decision = asked(state, seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no question to answer")
    pending = state.flow.pending
    for i in range(len(pending) - 1, -1, -1):
        if pending[i] is decision:
            del pending[i]
            break
    return decision


def resume(game: Game, state: State, ctx: Context) -> None:
    """Call after answering a decision: once none is left, carry on where the flow stopped."""
    flow = state.flow
    if flow.pending or flow.over is not None or flow.active:
        return
    if flow.finishing:
        advance(game, state, ctx)
    else:
        _finish_phase(game, state, ctx)
