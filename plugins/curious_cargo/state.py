"""Everything on the table during a game of Curious Cargo, as plain mutable data."""

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

    def space_at(self, street_space: int) -> int | None:
        """Index of the cargo space beside `street_space`, or None (the cab or elsewhere)."""
        i = street_space - self.rear
        return i if 0 <= i < self.card.size else None

    def is_full(self) -> bool:
        return all(g is not None or (i + 1) in self.card.blocked for i, g in enumerate(self.cargo))

    def copy(self) -> Truck:
        return Truck(self.card, self.rear, list(self.cargo), self.filled_bonus_paid)

    __clone__ = copy  # dockyard.speed.cloning


@dataclass(slots=True)
class Player:
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
class CargoState(State):
    content: CuriousCargoContent | None = None
    face: str = "sand"  # the Conveyor tiles' face in use
    side: ShippingSide | None = None  # the Shipping board side in use
    seats: list[Player] = field(default_factory=list)
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
