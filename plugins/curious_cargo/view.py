"""What a seat sees of a Curious Cargo table: `view` (the data pictures and clients draw), the
values `expect` can check (`query`, listed in `QUERY_PATHS`), and `secrets` (what only one seat
may know).

Hidden from the other player: tiles and Truck cards in hand, the cards dealt at setup, the order
of the bag and the deck. Storage stacks show only their top tile, as on the table.
"""

from __future__ import annotations

from typing import Any

from .components import cell_name, parse_cell
from .rounds import phase_name
from .scoring import eligible, points, stars
from .state import RECEIVING, SHIPPING, CuriousCargoState, PlayerArea, Truck

QUERY_PATHS = (
    ("bag", "tiles left in the draw bag"),
    ("deck", "Truck cards left in the deck"),
    ("order", "the turn order, as p1,p2"),
    ("supply.construction", "construction tokens left in the supply"),
    ("supply.trucking", "trucking tokens left in the supply"),
    ("supply.splitters.COLOR", "splitters of that color left in the supply"),
    ("supply.goods.COLOR", "goods of that color left in the box"),
    ("P.forklift", "P's forklift: active connections made"),
    ("P.shipped", "goods P has shipped (P.shipped.COLOR: of one color)"),
    ("P.received", "goods P has received (P.received.COLOR: of one color)"),
    ("P.splitters", "P's splitters (P.splitters.COLOR: of one color)"),
    ("P.construction", "P's construction tokens"),
    ("P.trucking", "P's trucking tokens"),
    ("P.scaffolding", "P's scaffolding"),
    ("P.hand", "tiles in P's hand"),
    ("P.trucks", "Truck cards in P's hand"),
    ("P.storage.STACK", "tiles in P's storage stack a or b"),
    ("P.stars", "P's stars"),
    ("P.eligible", "true when P may win (a good of every type shipped)"),
    ("P.points", "P's points (P.points.shipping, .receiving, .tokens, .track, .bonus)"),
    ("P.connections", "P's active connections"),
    ("P.street.shipping", "P's Shipping street: truck07@3:red,-,blue ..."),
    ("P.street.receiving", "P's Receiving street, written the same way"),
    ("P.stack.CELL", "the height of the stack on that square of P's facility"),
)


# ---- what a seat sees -------------------------------------------------------------------------


def _truck_view(t: Truck) -> dict[str, Any]:
    return {"truck": t.card.id, "rear": t.rear, "cargo": list(t.cargo)}


def _player_view(
    state: CuriousCargoState, seat: int, viewer: int | None, hook: Any = None
) -> dict[str, Any]:
    p: PlayerArea = state.seats[seat]
    active: dict[str, dict[str, str]] = {SHIPPING: {}, RECEIVING: {}}
    for dock, color in sorted(p.facility.active_docks().items(), key=lambda i: i[0].number):
        active[dock.street][str(dock.number)] = color
    stacks = {
        cell_name(c): [
            f"{layer.kind}:{layer.ref}{layer.half}{':' + layer.direction if layer.direction else ''}"
            for layer in stack
        ]
        for c, stack in sorted(p.facility.stacks.items())
    }
    out: dict[str, Any] = {
        "name": p.name,
        "board": p.facility.board.id,
        "stacks": stacks,
        "storage": [len(s) for s in p.storage],
        "storage_tops": [s[-1] if s else None for s in p.storage],
        "hand_count": len(p.hand),
        "trucks_count": len(p.trucks),
        "construction": p.construction,
        "trucking": p.trucking,
        "splitters": dict(p.splitters),
        "scaffolding": p.scaffolding,
        "shipped": dict(p.shipped),
        "received": dict(p.received),
        "ship_columns": sorted(p.ship_columns),
        "receive_columns": sorted(p.receive_columns),
        "bonus_points": p.bonus_points,
        "forklift": p.forklift,
        "forklift_height": p.forklift_height,
        "streets": {k: [_truck_view(t) for t in v] for k, v in p.streets.items()},
        "active_docks": active,
        "points": points(state, p, hook),
    }
    if viewer == seat:
        out["hand"] = list(p.hand)
        out["trucks"] = list(p.trucks)
        out["draft"] = list(p.draft)
    return out


def view(state: CuriousCargoState, viewer: int | None, hook: Any = None) -> dict[str, Any]:
    flow = state.flow
    return {
        "round": flow.round,
        "phase": phase_name(state),
        "side": state.side.name if state.side else None,
        "face": state.face,
        "over": flow.over,
        "pending": [(d.player, d.kind, d.prompt) for d in flow.pending],
        "active": list(flow.active),
        "turn": {
            "actions": state.turn.actions,
            "token_used": state.turn.token_used,
            "main": state.turn.main,
            "ap": state.turn.ap,
            "must_spend": state.turn.must_spend,
        },
        "players": [_player_view(state, s, viewer, hook) for s in range(len(state.seats))],
        "bag": len(state.bag),
        "deck": len(state.deck),
        "supply": {
            "construction": state.construction,
            "trucking": state.trucking,
            "splitters": dict(state.splitters),
        },
        "goods_removed": dict(state.goods_removed),
        "discarded_tiles": len(state.discarded_tiles),
        "discarded_cards": len(state.discarded_cards),
        "track_arrivals": {str(k): v for k, v in sorted(state.track_arrivals.items())},
    }


def secrets(state: CuriousCargoState, seat: int) -> list[str]:
    """What only `seat` may know: the tiles in hand and the Truck cards in hand."""
    player = state.seats[seat]
    return list(player.hand) + list(player.trucks) + list(player.draft)


# ---- queries for `expect` -----------------------------------------------------------------


def query(state: CuriousCargoState, path: str, hook: Any = None) -> Any:
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
        return p.facility.height(parse_cell(rest[0]))
    raise KeyError(path)
