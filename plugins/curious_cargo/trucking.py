"""The Trucking Phase's actions (rulebook: Trucking Phase, Truck cards, Trucking tokens, Recycling).

"On your turn you may do ONE of the following": play Truck cards for up to 2 AP, discard a Truck
card for its Conveyor tiles, or discard 2 tiles from storage for a Truck card; a Trucking token
adds AP and a card. Where trucks go and what they load is loading.py.
"""

from __future__ import annotations

from dockyard import Context
from dockyard import flow as flowlib
from dockyard.words import plural

from .bonuses import draw_tiles, draw_trucks, tell_drawn, to_supply
from .loading import continue_loading, load, play_truck, start_loading
from .rounds import TRUCKING_ONLY, in_turn, pending
from .state import CuriousCargoState

NOT_TRUCKING = "that is a Trucking Phase action"


def cannot_recycle(state: CuriousCargoState, seat: int) -> bool:
    """No recycling is possible: it is the turn's Trucking action, not after a token, and
    takes two tiles from storage and a Truck card from the deck."""
    turn, storage = state.turn, state.seats[seat].storage
    return (
        turn.main is not None
        or turn.token_used
        or len(storage[0]) + len(storage[1]) < 2
        or not state.deck
    )


def ap_left(state: CuriousCargoState, seat: int, ctx: Context) -> int:
    """The AP `seat` has left for Truck cards this turn: before the turn's Trucking action,
    the turn's allowance (`cc_truck_ap`, the rulebook's 2) with any token's."""
    turn = state.turn
    if turn.main is None:
        return ctx.hook.cc_truck_ap(state=state, seat=seat) + turn.ap  # type: ignore[no-any-return]
    return turn.ap


@in_turn(TRUCKING_ONLY, NOT_TRUCKING)
def why_not_play(
    state: CuriousCargoState, seat: int, card: str, target: str, *, ctx: Context
) -> str | None:
    player = state.seats[seat]
    if card not in player.trucks:
        return f"{card} is not in your hand"
    if target not in state.players:
        return f"no player {target!r}"
    if state.turn.main not in (None, "trucks"):
        return "you have already taken your Trucking action this turn"
    cost = state.truck_card(card).ap
    left = ap_left(state, seat, ctx)
    if cost > left:
        return f"{card} costs {cost} AP and you have {left} left"
    return None


def do_play(state: CuriousCargoState, seat: int, card_id: str, target: str, ctx: Context) -> None:
    turn = state.turn
    if turn.main is None:
        turn.ap = ap_left(state, seat, ctx)
        turn.main = "trucks"
    card = state.truck_card(card_id)
    turn.ap -= card.ap
    turn.must_spend = False
    play_truck(state, seat, card, state.players.index(target), ctx)
    start_loading(state, seat, ctx)


@in_turn(TRUCKING_ONLY, NOT_TRUCKING)
def why_not_discard(state: CuriousCargoState, seat: int, card: str) -> str | None:
    if card not in state.seats[seat].trucks:
        return f"{card} is not in your hand"
    if state.turn.main is not None:
        return "you have already taken your Trucking action this turn"
    if state.turn.token_used:
        return "after a Trucking token you must play Truck cards"
    return None


def do_discard(state: CuriousCargoState, seat: int, card_id: str, ctx: Context) -> None:
    player = state.seats[seat]
    card = state.truck_card(card_id)
    player.trucks.remove(card_id)
    state.discarded_cards.append(card_id)
    state.truck_tiles.discard(card_id)
    state.removed_trucks.append(card_id)
    state.turn.main = "tiles"
    got = draw_tiles(state, player, card.tiles)
    ctx.emit("discard", player.name, f"{player.name} discards {card_id} for {got} Conveyor tiles")
    tell_drawn(ctx, player, player.hand, got)


@in_turn(TRUCKING_ONLY, NOT_TRUCKING, none_if=cannot_recycle)
def why_not_recycle(state: CuriousCargoState, seat: int, first: str, second: str) -> str | None:
    if state.turn.main is not None:
        return "you have already taken your Trucking action this turn"
    if state.turn.token_used:
        return "after a Trucking token you must play Truck cards"
    storage = state.seats[seat].storage
    if first == second:
        if len(storage["ab".index(first)]) < 2:
            return f"storage stack {first} has fewer than 2 tiles"
    elif not storage[0] or not storage[1]:
        return "both storage stacks need a tile"
    if not state.deck:
        return "the Truck deck is empty"
    return None


def do_recycle(state: CuriousCargoState, seat: int, first: str, second: str, ctx: Context) -> None:
    player = state.seats[seat]
    gone = [player.storage["ab".index(s)].pop() for s in (first, second)]
    state.discarded_tiles.extend(gone)
    state.turn.main = "recycle"
    got = draw_trucks(state, player, 1)
    ctx.emit(
        "recycle",
        player.name,
        f"{player.name} discards {' and '.join(gone)} from storage for a Truck card",
    )
    tell_drawn(ctx, player, player.trucks, got)


@in_turn(TRUCKING_ONLY, NOT_TRUCKING)
def why_not_dispatch(state: CuriousCargoState, seat: int) -> str | None:
    player = state.seats[seat]
    if state.turn.token_used:
        return "you have already used a Trucking token this turn"
    if player.trucking < 1:
        return "you have no Trucking token"
    if state.turn.main not in (None, "trucks"):
        return "a Trucking token gives AP for Truck cards, and you have taken another action"
    if not state.deck and not player.trucks:
        return "you would have no Truck card to spend its AP on"
    return None


def do_dispatch(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    player = state.seats[seat]
    turn = state.turn
    to_supply(state, player, "trucking", 1)
    turn.token_used = True
    extra = state.rules["dispatch_ap"]
    if turn.main is None:
        turn.ap = ctx.hook.cc_truck_ap(state=state, seat=seat)
        turn.main = "trucks"
    turn.ap += extra
    turn.must_spend = True
    n = draw_trucks(state, player, 1)
    ctx.emit(
        "dispatch",
        player.name,
        f"{player.name} uses a Trucking token: draws {plural(n, 'Truck card')}, +{extra} AP ({turn.ap} AP)",
    )
    tell_drawn(ctx, player, player.trucks, n)


def why_not_load(state: CuriousCargoState, seat: int, *spaces: int) -> str | None:
    decision = pending(state, seat)
    if decision is None or decision.kind != "load":
        return "there is no loading choice to make now"
    if tuple(spaces) not in decision.data:
        options = " or ".join(" ".join(map(str, o)) for o in decision.data)
        return f"load one of the allowed sets of docks: {options}"
    return None


def do_load(state: CuriousCargoState, seat: int, *spaces: int, ctx: Context) -> None:
    flowlib.pop(state)
    state.loading.pop(0)
    load(state, seat, tuple(spaces), ctx)
    continue_loading(state, ctx)
    flowlib.resume(ctx.game, state, ctx)
