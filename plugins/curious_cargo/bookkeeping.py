"""What the engine asks of a Curious Cargo state besides the rules: the values `expect` can
check (`query`), and the bookkeeping the generic suite checks after every action (every
component counted: `token_counts`; rules that must always hold: `invariants`)."""

from __future__ import annotations

from typing import Any

from .scoring import eligible, points, stars
from .state import RECEIVING, SHIPPING, CargoState

# ---- queries for `expect` -----------------------------------------------------------------


def query(state: CargoState, path: str, hook: Any = None) -> Any:
    """`expect` paths: `<player>.<what>[.<color>]`, `bag`, `deck`, `supply.<token>`, `order`.

    Player values: forklift, shipped[.color], received[.color], construction, trucking,
    splitters[.color], scaffolding, hand, storage.a, storage.b, trucks, stars, eligible,
    points[.shipping|.receiving|.tokens|.track|.bonus], connections,
    street.shipping / street.receiving (e.g. "truck07@3:red,-,blue"), stack.<square> (height).
    """
    parts = path.split(".")
    head = parts[0]
    if head == "bag":
        return len(state.bag)
    if head == "deck":
        return len(state.deck)
    if head == "order":
        from .bonuses import turn_order

        return ",".join(state.players[s] for s in turn_order(state))
    if head == "supply" and len(parts) >= 2:
        if parts[1] in ("construction", "trucking"):
            return getattr(state, parts[1])
        if parts[1] == "splitters" and len(parts) == 3:
            return state.splitters.get(parts[2], 0)
        if parts[1] == "goods" and len(parts) == 3:
            return state.goods_box.get(parts[2], 0)
        raise KeyError(path)
    if head not in state.players or len(parts) < 2:
        raise KeyError(path)
    seat = state.players.index(head)
    p = state.seats[seat]
    what, rest = parts[1], parts[2:]
    if what in ("shipped", "received", "splitters"):
        table = getattr(p, what)
        return table.get(rest[0], 0) if rest else sum(table.values())
    if what in ("forklift", "construction", "trucking", "scaffolding"):
        return getattr(p, what)
    if what == "hand":
        return len(p.hand)
    if what == "trucks":
        return len(p.trucks)
    if what == "storage" and rest:
        return len(p.storage["ab".index(rest[0])])
    if what == "stars":
        return stars(state, p)
    if what == "eligible":
        return eligible(state, p, hook)
    if what == "connections":
        return len(p.facility.active_docks())
    if what == "points":
        table = points(state, p, hook)
        return table[rest[0]] if rest else table["total"]
    if what == "street" and rest and rest[0] in (SHIPPING, RECEIVING):
        return " ".join(
            f"{t.card.id}@{t.rear}:" + ",".join(g or "-" for g in t.cargo)
            for t in p.streets[rest[0]]
        )
    if what == "stack" and rest:
        from .components import parse_cell

        return p.facility.height(parse_cell(rest[0]))
    raise KeyError(path)


# ---- conservation ---------------------------------------------------------------------------


def token_counts(state: CargoState) -> dict[str, int]:
    """Totals that never change: every component is somewhere."""
    seats = state.seats
    goods: dict[str, int] = {}
    for color in state.goods_box:
        n = state.goods_box[color] + state.goods_removed.get(color, 0)
        for p in seats:
            side_spaces = (
                len(state.side.ship_values) if state.side and color in state.side.colors else 0
            )
            n += side_spaces - p.shipped.get(color, 0) if side_spaces else 0
            n += p.received.get(color, 0)
            for street in p.streets.values():
                n += sum(1 for t in street for g in t.cargo if g == color)
        goods[color] = n
    tiles = len(state.bag) + len(state.discarded_tiles)
    placed: set[str] = set()
    scaffolding = 0
    splitters_on_boards = 0
    for p in seats:
        tiles += len(p.hand) + len(p.storage[0]) + len(p.storage[1])
        for stack in p.facility.stacks.values():
            for layer in stack:
                if layer.kind == "tile":
                    placed.add(layer.ref)
                elif layer.kind == "scaffolding":
                    scaffolding += 1
                else:
                    splitters_on_boards += 1
        scaffolding += p.scaffolding
    tiles += len(placed)
    cards = len(state.deck) + len(state.discarded_cards)
    cards += sum(len(p.trucks) + sum(1 for c in p.draft if c not in p.trucks) for p in seats)
    on_streets = sum(len(street) for p in seats for street in p.streets.values())
    truck_tiles = len(state.truck_tiles) + on_streets + len(state.removed_trucks)
    splitters = (
        sum(state.splitters.values())
        + sum(state.boxed_splitters.values())
        + sum(sum(p.splitters.values()) for p in seats)
        + splitters_on_boards
    )
    construction = state.construction + sum(p.construction for p in seats)
    trucking = state.trucking + sum(p.trucking for p in seats)
    out = {f"goods.{c}": n for c, n in goods.items()}
    out.update(
        conveyor_tiles=tiles,
        truck_cards=cards,
        truck_tiles=truck_tiles,
        splitters=splitters,
        scaffolding=scaffolding,
        construction_tokens=construction,
        trucking_tokens=trucking,
    )
    return out


def invariants(state: CargoState) -> list[str]:
    """Rules that must hold between any two actions."""
    problems: list[str] = []
    side = state.side
    assert side is not None and state.content is not None
    expected = {f"goods.{c}": n for c, n in state.goods_total.items()}
    expected.update(
        conveyor_tiles=len(state.content.tiles),
        truck_cards=len(state.content.trucks) + len(state.extra_trucks),
        truck_tiles=len(state.content.trucks) + len(state.extra_trucks),
        splitters=sum(state.content.supply.splitters.values()),
        scaffolding=state.rules["scaffolding"] * len(state.seats),
        construction_tokens=state.content.supply.construction,
        trucking_tokens=state.content.supply.trucking,
    )
    for key, n in token_counts(state).items():
        if key in expected and n != expected[key]:
            problems.append(f"{key}: {n} in play, but the game has {expected[key]}")
    for name, value in (("construction", state.construction), ("trucking", state.trucking)):
        if value < 0:
            problems.append(f"the supply has {value} {name} tokens")
    for p in state.seats:
        for street, trucks in p.streets.items():
            spaces: set[int] = set()
            for t in trucks:
                span = set(range(t.rear, t.front + 1))
                if t.rear < 1 or t.front > 10:
                    problems.append(f"{t.card.id} sticks out of {p.name}'s {street} street")
                if spaces & span:
                    problems.append(f"trucks overlap on {p.name}'s {street} street")
                spaces |= span
                for i in range(len(t.cargo) - 1):
                    if t.cargo[i] is not None and t.cargo[i] == t.cargo[i + 1]:
                        problems.append(f"two {t.cargo[i]} goods side by side on {t.card.id}")
                for i, g in enumerate(t.cargo):
                    if g is not None and (i + 1) in t.card.blocked:
                        problems.append(f"a good on a blocked space of {t.card.id}")
        for color in side.colors:
            if not 0 <= p.shipped.get(color, 0) <= len(side.ship_values):
                problems.append(f"{p.name} shipped {p.shipped.get(color)} {color}")
            if not 0 <= p.received.get(color, 0) <= len(side.receive_values):
                problems.append(f"{p.name} received {p.received.get(color)} {color}")
        if p.scaffolding < 0:
            problems.append(f"{p.name} has {p.scaffolding} Scaffolding")
        if len(state.content.track) and not 0 <= p.forklift < len(state.content.track):
            problems.append(f"{p.name}'s Forklift is off the track")
    return problems
