"""4. Score points: pay for empty space and left-over pieces; the lowest payers get 10 bonus points.

"Each player checks how many white pieces (i.e., pieces of size 1) would fit onto his truck. For
each such piece, the player pays 1 point to the bank." Empty space is every empty unit cell of
the truck's loadable volume (its white squares times its levels): white cubes added one at a time
from the floor up always rest on something, so each such cell can take one.
"For each wooden piece that a player could not load onto his truck, he pays twice the piece's
size in points." "The player or players who paid the fewest points in this round receive(s) 10
bonus points." Points are markers: nobody pays more than they have (they drop to 0), the lowest
payers are those whose bill was lowest, and a bank too poor to pay every bonus in full shares
what it holds equally (whole points; any rest stays in the bank). A house rule changes the
bonus by answering `pack_and_stack_bonus` (hookspecs.py).
"""

from __future__ import annotations

from dockyard import Context, EndTrigger, Outcome

from .hookspecs import count_from
from .state import Bill, PackAndStackState

BONUS = 10


def empty_spaces(state: PackAndStackState, seat: int) -> int:
    """How many white cubes would still fit onto the truck of `seat`."""
    truck = state.trucks[seat]
    if truck is None:
        return 0
    return state.c.truck(truck).capacity - state.filled[seat].bit_count()


def unloaded_cost(state: PackAndStackState, seat: int) -> int:
    sizes = {p.kind: p.size for p in state.c.pieces}
    return sum(2 * sizes[kind] * n for kind, n in state.hands[seat].items())


def score_points(state: PackAndStackState, ctx: Context) -> None:
    """The end hook of the score phase."""
    n = len(state.players)
    due = [(empty_spaces(state, s), unloaded_cost(state, s)) for s in range(n)]
    paid = []
    for seat, (empty, unloaded) in enumerate(due):
        pay = min(empty + unloaded, state.points[seat])
        state.points[seat] -= pay
        state.bank += pay
        paid.append(pay)
        name = state.players[seat]
        short = f" but has only {pay}" if pay < empty + unloaded else ""
        ctx.emit(
            "pay",
            name,
            f"{name} owes {empty} for empty space + {unloaded} for unloaded pieces = {empty + unloaded}{short}; {state.points[seat]} points left",
            empty=empty,
            unloaded=unloaded,
            paid=pay,
        )
    lowest = min(e + u for e, u in due)
    winners = [s for s in range(n) if sum(due[s]) == lowest]
    answer = ctx.hook.pack_and_stack_bonus(state=state, seats=tuple(winners), bill=lowest)
    full = count_from("pack_and_stack_bonus", answer)  # BONUS by the rulebook
    each = min(full, state.bank // len(winners))
    for seat in range(n):
        bonus = each if seat in winners else 0
        state.points[seat] += bonus
        state.bank -= bonus
        state.bills[seat] = Bill(due[seat][0], due[seat][1], paid[seat], bonus)
    names = " and ".join(state.players[s] for s in winners)
    if each == full:
        ctx.emit(
            "bonus",
            None,
            f"{names} paid the least ({lowest}) and receive{'s' * (len(winners) == 1)} {full} bonus points",
            seats=tuple(winners),
            bonus=each,
        )
    else:
        ctx.emit(
            "bonus",
            None,
            f"{names} paid the least ({lowest}); the bank holds too little for {full} each and pays {each} each",
            seats=tuple(winners),
            bonus=each,
        )


def out_of_points(state: PackAndStackState) -> str | None:
    """ "The game finishes as soon as someone has no more points at the end of a round"."""
    broke = [state.players[s] for s, p in enumerate(state.points) if p <= 0]
    if broke:
        verb = "have" if len(broke) > 1 else "has"
        return EndTrigger(f"{' and '.join(broke)} {verb} no points left", "no-points")
    return None


def outcome(state: PackAndStackState) -> Outcome:
    """ "Whoever has the most points left is the winner (in case of a tie, ... win together)"."""
    best = max(state.points)
    winners = tuple(p for p, pts in zip(state.players, state.points, strict=True) if pts == best)
    scores = {p: float(pts) for p, pts in zip(state.players, state.points, strict=True)}
    return Outcome(state.flow.over or "", winners, scores, {"rounds": state.flow.round})
