"""A round's turns and End of Phase Cleanup (rulebook: Turn Order, Trading Tokens, End of Phase
Cleanup, End Game Triggers), shared by both phases.

"Each round consists of two phases: the Construction Phase and the Trucking Phase." Turns go in
turn order (bonuses.py: the Turn Order track). Any time in their turn a player may trade tokens
or end the turn; at the end of each phase the game may end, then hand tiles go to storage and
tokens above the limit go back to the supply.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from dockyard import Context, Decision
from dockyard import flow as flowlib

from .bonuses import cannot_trade, to_supply, trade, trade_refusal, turn_order
from .loading import start_loading
from .state import CuriousCargoState, Turn

PHASE_NAMES = ("card selection", "construction", "trucking")
Rule = TypeVar("Rule", bound=Callable[..., "str | None"])


def phase_name(state: CuriousCargoState) -> str:
    return PHASE_NAMES[state.flow.phase]


def pending(state: CuriousCargoState, seat: int) -> Decision | None:
    """The question `seat` must answer before anything else, if any."""
    asked = state.flow.pending
    if asked and asked[-1].player == seat:
        return asked[-1]
    return None


def first_answer(state: CuriousCargoState, seat: int) -> str | None:
    """Why `seat` may do nothing else now: a question of theirs waits for an answer."""
    if pending(state, seat) is not None:
        return f"first answer: {state.flow.pending[-1].prompt}"
    return None


CONSTRUCTION_ONLY = ("construction",)
TRUCKING_ONLY = ("trucking",)
EITHER_PHASE = ("construction", "trucking")


def turn_guard(
    state: CuriousCargoState, seat: int, phases: tuple[str, ...], wrong: str
) -> str | None:
    """Why `seat` may not take an action of their turn in `phases` now: a question of theirs
    waits for an answer, or it is another phase (`wrong` says so)."""
    why = first_answer(state, seat)
    if why:
        return why
    if PHASE_NAMES[state.flow.phase] not in phases:
        return wrong
    return None


def in_turn(
    phases: tuple[str, ...],
    wrong: str,
    none_if: Callable[[CuriousCargoState, int], bool] | None = None,
) -> Callable[[Rule], Rule]:
    """A why-not rule of an action taken in one's turn in `phases`: `turn_guard` first, then
    the rule's own conditions. The rule keeps them apart (`.own`, `.phases`) so that the
    enumeration of legal actions, which has seen the guard pass, asks only the rest.
    `none_if(state, seat)`, when given, is a quick test that no action of this verb can pass
    the rule now (a condition every one of them needs fails): the enumeration then asks none
    (tests check it against the rule)."""

    def wrap(own: Rule) -> Rule:
        @functools.wraps(own)
        def rule(state: CuriousCargoState, seat: int, *args: Any, **ctx: Any) -> str | None:
            why = turn_guard(state, seat, phases, wrong)
            if why:
                return why
            return own(state, seat, *args, **ctx)

        rule.own = own  # type: ignore[attr-defined]
        rule.phases = frozenset(phases)  # type: ignore[attr-defined]
        rule.none_if = none_if  # type: ignore[attr-defined]
        return rule  # type: ignore[return-value]

    return wrap


def house_verbs(hook: Any) -> dict[str, Any]:
    """The rules of action verbs added by house rules (`cc_house_verbs`), by verb."""
    return {rule.verb: rule for rules in hook.cc_house_verbs() for rule in rules}


def end_reasons(state: CuriousCargoState, hook: Any = None) -> list[str]:
    """Every End Game Trigger that holds now (the rulebook's, and the house rules' of `hook`)."""
    if hook is None:
        from .scoring import end_triggers  # the rulebook's triggers alone (DefaultRules)

        return list(dict.fromkeys(end_triggers(state)))
    found: list[str] = []
    for reasons in hook.cc_end_triggers(state=state):
        for r in reasons:
            if r not in found:
                found.append(r)
    return found


# ---- a turn, and the End of Phase Cleanup (the phases' begin and end: see set_up.PHASES) ----


def new_turn(state: CuriousCargoState, ctx: Context) -> None:
    """A new turn of the first actor: in the Construction Phase with its actions
    (`cc_construction_actions`, the rulebook's 3)."""
    seat = state.flow.active[0] if state.flow.active else 0
    turn = Turn()
    if PHASE_NAMES[state.flow.phase] == "construction":
        turn.actions = ctx.hook.cc_construction_actions(state=state, seat=seat)
    state.turn = turn


def begin_construction(state: CuriousCargoState, ctx: Context) -> None:
    new_turn(state, ctx)


def begin_trucking(state: CuriousCargoState, ctx: Context) -> None:
    """ "The Trucking Phase consists of an initial loading and unloading." """
    new_turn(state, ctx)
    if state.flow.order:
        start_loading(state, state.flow.order[0], ctx)


def next_turn(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    """`seat`'s turn is over: the flow moves on, and the next actor's turn begins."""
    flowlib.end_turn(ctx.game, state, ctx, seat)
    if state.flow.active and state.flow.over is None:
        new_turn(state, ctx)


def cleanup(state: CuriousCargoState, ctx: Context) -> None:
    """End of Phase Cleanup: "check for end game" first (when a trigger holds, the flow ends
    the game through `end_reason` right after this, and nothing is cleaned up); then at most
    3 of each token (`cc_token_limit`), house rules' clean-up (`cc_cleanup`), and hand
    tiles to storage."""
    hook = ctx.hook
    if end_reasons(state, hook):
        return
    for seat, player in enumerate(state.seats):
        for kind in ("construction", "trucking"):
            have = getattr(player, kind)
            if not have:  # none to give back, whatever the limit
                continue
            limit = hook.cc_token_limit(state=state, seat=seat, kind=kind)
            if have > limit:
                to_supply(state, player, kind, have - limit)
                ctx.emit(
                    "token-limit",
                    player.name,
                    f"{player.name} returns {have - limit} {kind} tokens (at most {limit})",
                )
    hook.cc_cleanup(state=state, ctx=ctx)
    for seat in reversed(turn_order(state)):  # the first in turn order answers first
        player = state.seats[seat]
        if player.hand:
            flowlib.push(
                state,
                Decision(
                    seat,
                    "store",
                    f"{player.name}: put your hand tiles into storage (store TILE a|b)",
                ),
            )


def end_reason(state: CuriousCargoState, ctx: Context) -> str | None:
    """End Game Triggers, checked by the flow at the end of each phase, after `cleanup`
    (which does nothing when one holds, as the rulebook checks for end game first)."""
    return "; ".join(end_reasons(state, ctx.hook)) or None


# ---- Trading Tokens, ending a turn, storage ---------------------------------------------------


@in_turn(EITHER_PHASE, "tokens are traded during your turn", none_if=cannot_trade)
def why_not_trade(
    state: CuriousCargoState, seat: int, kind: str, color: str | None = None
) -> str | None:
    return trade_refusal(state, seat, kind, color)


def do_trade(
    state: CuriousCargoState, seat: int, kind: str, color: str | None = None, *, ctx: Context
) -> None:
    trade(state, seat, kind, color, ctx)


@in_turn(EITHER_PHASE, "there is no turn to end")
def why_not_end(state: CuriousCargoState, seat: int) -> str | None:
    if state.turn.must_spend:
        return "you used a Trucking token: spend at least 1 of its AP on a Truck card first"
    return None


def do_end(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    ctx.emit("end-turn", state.players[seat], f"{state.players[seat]} ends their turn")
    next_turn(state, seat, ctx)


def why_not_store(state: CuriousCargoState, seat: int, tile: str, stack: str) -> str | None:
    decision = pending(state, seat)
    if decision is None or decision.kind != "store":
        return "tiles go into storage only at the end of a phase"
    if tile not in state.seats[seat].hand:
        return f"{tile} is not in your hand"
    if stack not in ("a", "b"):
        return "storage stacks are a and b"
    return None


def do_store(state: CuriousCargoState, seat: int, tile: str, stack: str, ctx: Context) -> None:
    player = state.seats[seat]
    player.hand.remove(tile)
    player.storage["ab".index(stack)].append(tile)
    ctx.emit("store", player.name, f"{player.name} puts a tile on storage stack {stack}")
    if not player.hand:
        flowlib.pop(state)
        flowlib.resume(ctx.game, state, ctx)
