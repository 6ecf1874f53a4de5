"""Playing Trucks and Movement; Loading and Unloading (rulebook pages 6-7).

Movement: "Anytime a Truck arrives at a facility, it enters with its rear space adjacent to the
street number 1. If this space is already occupied, Trucks are pushed forward to make room. If any
part of a Truck extends past street number 10, it leaves the facility. Any Truck leaving the
Shipping side of a player's facility immediately enters the Receiving side of their opponent's
facility. Any Truck leaving the Receiving side of a player's facility is removed from the game
including any goods on it."

Loading happens "at the beginning of the Trucking Phase and after every Truck card that is
played", first at the active player's facility (bonuses go to the active player first), then at
the other's. When a facility's owner has a real choice (goods run short, or two goods of one type
would be side by side), the rules stop and ask them which connections load (a `load` decision).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from dockyard import Context, Decision
from dockyard import flow as flowlib
from dockyard.words import with_article

from .bonuses import give
from .components import TruckCard
from .state import RECEIVING, SHIPPING, STREET_LENGTH, CuriousCargoState, Truck

# ---- movement ---------------------------------------------------------------------------------


def arrive(state: CuriousCargoState, seat: int, street: str, truck: Truck, ctx: Context) -> None:
    """`truck` enters `street` of `seat`'s facility with its rear at 1, pushing trucks ahead."""
    owner = state.seats[seat]
    trucks = owner.streets[street]
    truck.rear = 1
    front = truck.front
    for other in sorted(trucks, key=lambda t: t.rear):
        if other.rear <= front:
            other.rear = front + 1
        front = other.front
    trucks.append(truck)
    trucks.sort(key=lambda t: t.rear)
    leaving = [t for t in trucks if t.front > STREET_LENGTH]
    for t in leaving:
        trucks.remove(t)
    for t in sorted(leaving, key=lambda t: -t.rear):  # the one furthest ahead leaves first
        if street == SHIPPING:
            ctx.emit(
                "truck-crosses",
                owner.name,
                f"{t.card.id} leaves {owner.name}'s Shipping side and enters "
                f"{state.seats[state.other(seat)].name}'s Receiving side",
                truck=t.card.id,
            )
            arrive(state, state.other(seat), RECEIVING, t, ctx)
        else:
            goods = [g for g in t.cargo if g is not None]
            for g in goods:
                state.goods_removed[g] = state.goods_removed[g] + 1
            state.removed_trucks.append(t.card.id)
            lost = f" with {', '.join(goods)}" if goods else ""
            ctx.emit(
                "truck-removed",
                owner.name,
                f"{t.card.id} leaves {owner.name}'s Receiving side and is removed from the game{lost}",
                truck=t.card.id,
            )


def play_truck(
    state: CuriousCargoState, seat: int, card: TruckCard, target: int, ctx: Context
) -> None:
    player = state.seats[seat]
    player.trucks.remove(card.id)
    state.discarded_cards.append(card.id)
    state.truck_tiles.discard(card.id)
    truck = Truck(card, 1, [None] * card.size)
    where = "their own" if target == seat else f"{state.seats[target].name}'s"
    ctx.emit(
        "truck-played",
        player.name,
        f"{player.name} plays {card.id} (size {card.size}, {card.ap} AP) onto {where} Shipping side",
        truck=card.id,
        to=state.seats[target].name,
    )
    arrive(state, target, SHIPPING, truck, ctx)


# ---- loading and unloading --------------------------------------------------------------------


def start_loading(state: CuriousCargoState, first: int, ctx: Context) -> None:
    """Queue loading and unloading at both facilities, `first`'s first, and run it."""
    other = state.other(first)
    state.loading = [(first, "load"), (first, "unload"), (other, "load"), (other, "unload")]
    continue_loading(state, ctx)


def continue_loading(state: CuriousCargoState, ctx: Context) -> None:
    """Work through the queue until it is empty or a player must choose."""
    while state.loading:
        seat, stage = state.loading[0]
        if stage == "unload":
            state.loading.pop(0)
            unload(state, seat, ctx)
            continue
        options = load_options(state, seat, ctx.hook)
        if len(options) > 1:
            player = state.seats[seat]
            listed = " or ".join("load " + " ".join(map(str, o)) for o in options)
            flowlib.push(
                state,
                Decision(
                    seat,
                    "load",
                    f"{player.name}: choose which connections load ({listed})",
                    tuple(options),
                ),
            )
            return
        state.loading.pop(0)
        (only,) = options  # load_options offers one way at least: () loads nothing
        if only:
            load(state, seat, only, ctx)


def _slots(state: CuriousCargoState, seat: int) -> list[tuple[int, Truck, int]]:
    """(street space, truck, cargo index) of every empty, unblocked cargo space on the Shipping side."""
    out = []
    for truck in state.seats[seat].streets[SHIPPING]:
        for i, good in enumerate(truck.cargo):
            if good is None and (i + 1) not in truck.card.blocked:
                out.append((truck.rear + i, truck, i))
    return out


def load_candidates(
    state: CuriousCargoState, seat: int, hook: Any = None
) -> dict[int, tuple[str, Truck, int]]:
    """Street space -> (color, truck, cargo index) for every empty space beside an active dock
    (and allowed by the house rules of `hook`, `cc_why_not_load`)."""
    slots = _slots(state, seat)
    if not slots:  # no truck with room: nothing to look up
        return {}
    player = state.seats[seat]
    active = {
        d.number: c for d, c in player.facility.active_docks().items() if d.street == SHIPPING
    }
    out: dict[int, tuple[str, Truck, int]] = {}
    veto = hook is not None and bool(hook.cc_why_not_load.get_hookimpls())
    for space, truck, i in slots:
        color = active.get(space)
        if color is not None and _goods_left(state, seat, color) > 0:
            if veto and hook.cc_why_not_load(
                state=state, seat=seat, truck=truck, index=i, color=color
            ):
                continue  # a house rule forbids this good here
            out[space] = (color, truck, i)
    return out


def _goods_left(state: CuriousCargoState, seat: int, color: str) -> int:
    side = state.side
    assert side is not None
    if color not in side.colors:
        return 0
    spaces = len(side.ship_values)
    return spaces - state.seats[seat].shipped[color]


def _feasible(
    state: CuriousCargoState,
    seat: int,
    chosen: tuple[int, ...],
    cand: dict[int, tuple[str, Truck, int]],
) -> bool:
    need: dict[str, int] = {}
    placed: dict[tuple[int, int], str] = {}
    for space in chosen:
        color, truck, i = cand[space]
        need[color] = need.get(color, 0) + 1
        placed[(id(truck), i)] = color
    for color, n in need.items():
        if n > _goods_left(state, seat, color):
            return False
    for space in chosen:
        color, truck, i = cand[space]
        for j in (i - 1, i + 1):
            if 0 <= j < len(truck.cargo):
                near = truck.cargo[j] if truck.cargo[j] is not None else placed.get((id(truck), j))
                if near == color:
                    return False
    return True


def load_options(state: CuriousCargoState, seat: int, hook: Any = None) -> list[tuple[int, ...]]:
    """The ways loading may go: every maximal set of docks that can load together.

    "Loading is mandatory. If you have the associated goods and they can be legally placed, you
    must." So only maximal sets are allowed; one set means no choice."""
    cand = load_candidates(state, seat, hook)
    spaces = sorted(cand)
    if not spaces:
        return [()]
    if _feasible(state, seat, tuple(spaces), cand):
        return [tuple(spaces)]
    feasible: list[tuple[int, ...]] = []
    for size in range(len(spaces), 0, -1):
        for combo in combinations(spaces, size):
            if any(set(combo) <= set(f) for f in feasible):
                continue
            if _feasible(state, seat, combo, cand):
                feasible.append(combo)
    return sorted(feasible) if feasible else [()]


def load(state: CuriousCargoState, seat: int, spaces: tuple[int, ...], ctx: Context) -> None:
    """Take the leftmost good of each color from the Shipping board onto the chosen spaces."""
    player = state.seats[seat]
    cand = load_candidates(state, seat, ctx.hook)
    side = state.side
    assert side is not None
    touched: list[Truck] = []
    for space in spaces:
        color, truck, i = cand[space]
        truck.cargo[i] = color
        player.shipped[color] = player.shipped[color] + 1
        if truck not in touched:
            touched.append(truck)
        ctx.emit(
            "load",
            player.name,
            f"{player.name} loads {with_article(color)} good at {space} onto {truck.card.id} "
            f"({player.shipped[color]} {color} shipped)",
            color=color,
            space=space,
        )
        _check_ship_columns(state, seat, ctx)
    for truck in touched:
        if not truck.filled_bonus_paid and truck.is_full():
            truck.filled_bonus_paid = True
            give(state, seat, truck.card.bonus, ctx, f"filling {truck.card.id}")


def _check_ship_columns(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    player = state.seats[seat]
    side = state.side
    assert side is not None
    for col in range(1, len(side.ship_values) + 1):
        if col in player.ship_columns:
            continue
        if all(player.shipped[c] >= col for c in side.colors):
            player.ship_columns.add(col)
            ctx.emit(
                "column", player.name, f"{player.name} completes Shipping column {col}", column=col
            )
            item = side.ship_column_bonus[col - 1]
            if item is not None:
                give(state, seat, item, ctx, f"Shipping column {col}")


def unload(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    """Goods beside an active Receiving connection of their type fill the leftmost empty slot."""
    player = state.seats[seat]
    side = state.side
    assert side is not None
    active = {
        d.number: c for d, c in player.facility.active_docks().items() if d.street == RECEIVING
    }
    if not active:
        return
    slots = len(side.receive_values)
    for truck in list(player.streets[RECEIVING]):
        for i, good in enumerate(truck.cargo):
            space = truck.rear + i
            if good is None or active.get(space) != good:
                continue
            truck.cargo[i] = None
            have = player.received[good]
            if have >= slots:
                state.goods_removed[good] = state.goods_removed[good] + 1
                ctx.emit(
                    "unload",
                    player.name,
                    f"{player.name} receives {with_article(good)} good at {space}; the slots are full, so it is removed from the game",
                )
                continue
            player.received[good] = have + 1
            ctx.emit(
                "unload",
                player.name,
                f"{player.name} receives {with_article(good)} good at {space} (slot {have + 1})",
                color=good,
                space=space,
            )
            if have + 1 == slots:
                ctx.emit(
                    "star",
                    player.name,
                    f"{player.name} has received their {slots}th {good} good: a star",
                )
            item = side.receive_slot_bonus[good][have]  # a row per color, a bonus per slot
            if item is not None:
                give(state, seat, item, ctx, f"covering Receiving slot {have + 1} of {good}")
            col = have + 1
            if col not in player.receive_columns and all(
                player.received[c] >= col for c in side.colors
            ):
                player.receive_columns.add(col)
                ctx.emit(
                    "column",
                    player.name,
                    f"{player.name} completes Receiving column {col}",
                    column=col,
                )
                bonus = side.receive_column_bonus[col - 1]  # one per column (content checks)
                if bonus is not None:
                    give(state, seat, bonus, ctx, f"Receiving column {col}")
