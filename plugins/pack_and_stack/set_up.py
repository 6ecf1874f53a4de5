"""Setting up: "Shuffle truck cards into a face-down draw pile. Place the wooden pieces next to
the draw pile. Give each player 75 points' worth of markers (1x50, 2x10, 1x5). The remaining
markers form the bank." (The content's start markers say what each player gets.) Then the first
round begins (rounds.py), with 1. Receive load.
"""

from __future__ import annotations

from dockyard import Context, Rng, Setup
from dockyard.flow import FlowState, start

from .components import Components
from .state import PackAndStackState


def set_up(setup: Setup, ctx: Context) -> PackAndStackState:
    """The first state of a game of `game` (Game.setup), in the first round's first phase."""
    c: Components = setup.content.built
    n = len(setup.players)
    rng = Rng(setup.seed)
    state = PackAndStackState(list(setup.players), rng, FlowState(), parts=c)
    state.supply = {p.kind: p.count for p in c.pieces}
    state.hands = [dict.fromkeys(c.kinds, 0) for _ in range(n)]
    state.rolls = [{} for _ in range(n)]
    state.pile = [t.id for t in c.trucks]
    rng.shuffle(state.pile)
    state.front = [[] for _ in range(n)]
    state.trucks = [None] * n
    state.loads = [[] for _ in range(n)]
    state.filled = [0] * n
    state.points = [c.start_points] * n
    state.bank = c.total_points - n * c.start_points
    state.bills = [None] * n
    ctx.emit(
        "setup",
        None,
        f"each player starts with {c.start_points} points; the bank holds {state.bank}; "
        f"{len(state.pile)} truck cards are shuffled into the draw pile",
    )
    start(ctx.game, state, ctx)
    return state
