"""Everything on the table during a game of Curious Cargo, as plain mutable data, and the
bookkeeping the generic suite checks of it after every action (every component counted:
`token_counts`; rules that must always hold: `invariants`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import CuriousCargoContent, ShippingSide, TruckCard
from .facility import Facility

SHIPPING, RECEIVING = "shipping", "receiving"
STREET_LENGTH = 10


@dataclass(slots=True)
class Truck:
    """A Truck tile on a street: its rear space, and the goods in its cargo bay (rear first)."""

    card: TruckCard
    rear: int
    cargo: list[str | None]
    filled_bonus_paid: bool = False

    @property
    def front(self) -> int:  # the cab's street space
        return self.rear + self.card.size

    def is_full(self) -> bool:
        return all(g is not None or (i + 1) in self.card.blocked for i, g in enumerate(self.cargo))

    def copy(self) -> Truck:
        return Truck(self.card, self.rear, list(self.cargo), self.filled_bonus_paid)

    __clone__ = copy  # dockyard.speed.cloning


@dataclass(slots=True)
class PlayerArea:
    """One player's part of the table: their facility (player board), hand, storage,
    Truck cards, tokens, Splitters, Forklift and Shipping board."""

    name: str
    facility: Facility
    hand: list[str] = field(default_factory=list)  # Conveyor tile ids
    storage: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))  # stacks a, b
    trucks: list[str] = field(default_factory=list)  # Truck card ids in hand
    construction: int = 0
    trucking: int = 0
    splitters: dict[str, int] = field(default_factory=dict)  # owned, not yet placed
    scaffolding: int = 0
    shipped: dict[str, int] = field(default_factory=dict)  # goods gone from each Shipping row
    received: dict[str, int] = field(default_factory=dict)  # filled Receiving slots per good
    ship_columns: set[int] = field(default_factory=set)  # completed Shipping columns (1-based)
    receive_columns: set[int] = field(default_factory=set)
    bonus_points: int = 0  # points from bonuses, counted at the end
    forklift: int = 0
    forklift_height: int = 0  # who is on top when forklifts share a space: higher is on top
    streets: dict[str, list[Truck]] = field(default_factory=lambda: {SHIPPING: [], RECEIVING: []})
    draft: list[str] = field(default_factory=list)  # Truck cards dealt at setup, to choose from

    def tokens(self) -> int:
        return self.construction + self.trucking + sum(self.splitters.values())


@dataclass(slots=True)
class Turn:
    """What the player to move has used of their turn."""

    actions: int = 0  # Construction actions left
    token_used: bool = False  # the one Construction / Trucking token of the turn
    main: str | None = None  # Trucking: "trucks", "tiles" or "recycle" once chosen
    ap: int = 0  # Action Points left for playing Truck cards
    must_spend: bool = False  # a Trucking token's AP not yet spent


@dataclass(slots=True)
class CuriousCargoState(State):
    content: CuriousCargoContent | None = None
    face: str = "sand"  # the Conveyor tiles' face in use
    side: ShippingSide | None = None  # the Shipping board side in use
    seats: list[PlayerArea] = field(default_factory=list)
    bag: list[str] = field(default_factory=list)  # Conveyor tiles; drawn from the end
    deck: list[str] = field(default_factory=list)  # Truck cards; drawn from the end
    discarded_tiles: list[str] = field(default_factory=list)  # removed from the game
    discarded_cards: list[str] = field(default_factory=list)  # played or discarded
    truck_tiles: set[str] = field(default_factory=set)  # Truck tiles in the supply
    removed_trucks: list[str] = field(default_factory=list)  # Truck tiles gone from the game
    construction: int = 0  # supply
    trucking: int = 0
    splitters: dict[str, int] = field(default_factory=dict)
    boxed_splitters: dict[str, int] = field(default_factory=dict)  # returned to the box at setup
    goods_total: dict[str, int] = field(default_factory=dict)  # goods in the game, by color
    goods_box: dict[str, int] = field(default_factory=dict)  # goods not in play
    goods_removed: dict[str, int] = field(default_factory=dict)  # removed from the game
    track_arrivals: dict[int, list[int]] = field(default_factory=dict)  # space -> seats, in order
    turn: Turn = field(default_factory=Turn)
    loading: list[tuple[int, str]] = field(default_factory=list)  # (seat, "load"/"unload") to do
    height_counter: int = 0
    rules: dict[str, int] = field(default_factory=dict)  # numbers from setup.json and hooks
    extra_trucks: dict[str, TruckCard] = field(default_factory=dict)  # added by variants

    def other(self, seat: int) -> int:
        return 1 - seat

    def truck_card(self, card_id: str) -> TruckCard:
        """A Truck card of this game (the box's, or one a variant added)."""
        if card_id in self.extra_trucks:
            return self.extra_trucks[card_id]
        assert self.content is not None
        return self.content.truck(card_id)


# ---- bookkeeping: every component somewhere -------------------------------------------------


def token_counts(state: CuriousCargoState) -> dict[str, int]:
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


def invariants(state: CuriousCargoState) -> list[str]:
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
