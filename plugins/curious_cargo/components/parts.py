"""Curious Cargo's printed parts: the frozen, typed content the rules play with (builder.py
makes them from content/curious_cargo/; content/curious_cargo/README.md describes every file and
convention used here).

Geometry in one breath: a player board is a grid of `columns` x 10 cells, named like chess
squares ("a1" is bottom-left; in Python a Cell is `(col, row)`, 0-based). The Shipping street runs
up the left edge (dock k is the west side of cell (0, k-1)); the Receiving street runs down the
right edge (dock k is the east side of cell (columns-1, 10-k)).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dockyard.words import with_article

Cell = tuple[int, int]
COLORS = ("red", "blue", "purple")
# "Use the dark background side of the tiles" with the three-color side of the Shipping board
FACE_FOR_SIDE = {"two-color": "sand", "three-color": "dark"}
SIDES = ("N", "E", "S", "W")
STREETS = ("shipping", "receiving")
STUBS = ("A.N", "A.S", "A.W", "B.N", "B.S", "B.E")  # a Conveyor tile's outer edge halves
STREET_SPACES = 10  # numbered spaces of each street; a board has one row beside each
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MACHINE_LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # machines in board pictures, in file order

# Component counts printed in the rulebook's component list.
TILE_COUNT = 75
TRUCK_COUNT = 25
TRACK_SPACES = 11  # 0 to 10
MAX_TRUCK_SIZE = 5
PLAYERS = 2

ITEM_WORDS = {  # kind -> (singular, plural)
    "construction": ("construction token", "construction tokens"),
    "trucking": ("trucking token", "trucking tokens"),
    "splitter": ("Splitter", "Splitters"),
    "truck_card": ("Truck card", "Truck cards"),
    "conveyor_tile": ("Conveyor tile", "Conveyor tiles"),
    "points": ("point", "points"),
}


def cell_name(cell: Cell) -> str:
    """(0, 0) -> "a1"; (9, 9) -> "j10"."""
    col, row = cell
    return f"{LETTERS[col]}{row + 1}"


def parse_cell(name: str) -> Cell:
    """ "a1" -> (0, 0); raise ValueError for anything that is not a cell name."""
    col = LETTERS.find(name[:1])
    digits = name[1:]
    if col < 0 or not digits.isdigit() or digits.startswith("0"):
        raise ValueError(f"{name!r} is not a cell name such as a1 or h10")
    return col, int(digits) - 1


def neighbour(cell: Cell, side: str) -> Cell:
    """The cell beyond `side` of `cell` (it may be off the board)."""
    dc, dr = STEP[side]
    return cell[0] + dc, cell[1] + dr


# ---- items --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """Something a player receives: a token, a Splitter, a card, tiles, or end-game points."""

    kind: str  # construction | trucking | splitter | truck_card | conveyor_tile | points
    amount: int = 1
    color: str | None = None  # splitters only

    def __str__(self) -> str:
        singular, plural = ITEM_WORDS.get(self.kind, (self.kind, self.kind))
        if self.color:
            singular, plural = f"{self.color} {singular}", f"{self.color} {plural}"
        if self.amount != 1:
            return f"{self.amount} {plural}"
        return f"1 {singular}" if self.kind == "points" else f"{with_article(singular)}"


# ---- player boards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Port:
    """A machine's colored port, seen from the teal cell it opens onto."""

    cell: Cell  # the teal cell in front of the port
    side: str  # the side of that teal cell which faces the machine
    color: str
    machine: str


def hash_once(self: Any) -> int:
    """The hash of a frozen dataclass that keys many dicts, worked out on first use and kept
    (as `_hash`, outside its fields: equality and printing do not see it)."""
    try:
        return self.__dict__["_hash"]  # type: ignore[no-any-return]
    except KeyError:
        found = self.__dict__["_hash"] = hash(
            tuple(getattr(self, f.name) for f in dataclasses.fields(self))
        )
        return found


def state_without_hash(self: Any) -> dict[str, Any]:
    """What pickling keeps: the fields, not the kept hash (which another process computes
    differently)."""
    return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@dataclass(frozen=True)
class Machine:
    id: str
    cells: frozenset[Cell]
    ports: tuple[Port, ...]


@dataclass(frozen=True)
class Dock:
    """A numbered loading dock: the outer side of the cell beside street space `number`."""

    street: str  # "shipping" | "receiving"
    number: int
    cell: Cell
    side: str  # "W" for shipping, "E" for receiving

    __hash__ = hash_once  # docks key many dicts
    __getstate__ = state_without_hash


def dock_cell(street: str, number: int, columns: int) -> Cell:
    """Shipping dock k is beside row k (from the bottom); receiving dock k beside row 11-k."""
    if street == "shipping":
        return 0, number - 1
    return columns - 1, STREET_SPACES - number


@dataclass(frozen=True)
class Board:
    """A player board: teal grid, walls, Gears, machines and the available loading docks."""

    id: int
    name: str
    columns: int
    rows: int
    walls: frozenset[Cell]
    gears: frozenset[Cell]
    machines: tuple[Machine, ...]
    docks: tuple[Dock, ...]  # available docks only; shipping 1..10 first, then receiving
    teal: frozenset[Cell]  # grid cells minus walls minus machine cells

    def dock(self, street: str, number: int) -> Dock | None:
        """The available dock `number` of `street`, or None where the dock is unavailable."""
        return self._docks.get((street, number))

    @cached_property
    def tile_spots(self) -> tuple[tuple[Cell, Cell, str, str], ...]:
        """Every (square A, square B, direction, name of A) where a Conveyor tile fits on the
        teal grid, square B lying `direction` (east, south, west, north) of square A."""
        return tuple(
            (cell, other, direction, cell_name(cell))
            for cell in sorted(self.teal, key=lambda c: (c[1], c[0]))
            for direction, side in (("east", "E"), ("south", "S"), ("west", "W"), ("north", "N"))
            if (other := neighbour(cell, side)) in self.teal
        )

    @cached_property
    def spot_pairs(
        self,
    ) -> tuple[
        dict[Cell, int],
        tuple[tuple[int, int, int], ...],
        tuple[tuple[tuple[int, int, int], ...], ...],
    ]:
        """The teal squares numbered, each tile spot as (its index in `tile_spots`, the number
        of square A, the number of square B), and the spots on each square (by its number,
        each as in the list before): what the search for flat spots reads."""
        number = {cell: i for i, cell in enumerate(sorted(self.teal))}
        pairs = tuple((i, number[a], number[b]) for i, (a, b, _, _) in enumerate(self.tile_spots))
        on: list[list[tuple[int, int, int]]] = [[] for _ in number]
        for spot in pairs:
            on[spot[1]].append(spot)
            on[spot[2]].append(spot)
        return number, pairs, tuple(tuple(spots) for spots in on)

    @cached_property
    def port_map(self) -> dict[tuple[Cell, str], str]:
        """(teal square, side) -> the color of the port there."""
        return {(p.cell, p.side): p.color for m in self.machines for p in m.ports}

    @cached_property
    def port_distances(self) -> dict[str, dict[Cell, int]]:
        """For each port color, the fewest teal squares from each teal square to the square in
        front of a port of that color (0 there), walking side to side: what a line ending
        there still needs, around walls and machines. Squares that cannot reach one are left
        out."""
        table: dict[str, dict[Cell, int]] = {}
        for color in sorted({p.color for p in self.ports}):
            dist = {p.cell: 0 for p in self.ports if p.color == color}
            todo = list(dist)
            for cell in todo:  # breadth first: `todo` grows while it is read
                for side in "NESW":
                    nxt = neighbour(cell, side)
                    if nxt in self.teal and nxt not in dist:
                        dist[nxt] = dist[cell] + 1
                        todo.append(nxt)
            table[color] = dist
        return table

    @cached_property
    def _docks(self) -> dict[tuple[str, int], Dock]:
        return {(d.street, d.number): d for d in self.docks}

    @cached_property
    def ports(self) -> tuple[Port, ...]:
        return tuple(p for m in self.machines for p in m.ports)

    def unavailable(self, street: str) -> tuple[int, ...]:
        """Street numbers of `street` whose dock is printed blocked."""
        return tuple(n for n in range(1, STREET_SPACES + 1) if (street, n) not in self._docks)

    def machine_at(self, cell: Cell) -> Machine | None:
        return next((m for m in self.machines if cell in m.cells), None)

    def picture(self) -> str:
        """The board as text: see "Reading a board picture" in content/curious_cargo/README.md."""
        edges = {(p.cell, p.side): p.color[0] for p in self.ports}

        def port(cell: Cell, side: str) -> str:
            there = edges.get((cell, side)) or edges.get((neighbour(cell, side), OPPOSITE[side]))
            return there or " "

        labels = {
            m.id: MACHINE_LABELS[i % len(MACHINE_LABELS)] for i, m in enumerate(self.machines)
        }
        lines = ["       " + "".join(f" {LETTERS[c]}  " for c in range(self.columns)).rstrip()]
        for row in reversed(range(self.rows)):
            ship, receive = row + 1, STREET_SPACES - row
            text = f"{ship:>3} {'>' if self.dock('shipping', ship) else 'x'} |"
            for col in range(self.columns):
                cell = (col, row)
                machine = self.machine_at(cell)
                if machine:
                    text += f"[{labels[machine.id]}]"
                else:
                    text += "###" if cell in self.walls else " * " if cell in self.gears else " . "
                text += port(cell, "E") if col < self.columns - 1 else "|"
            lines.append(f"{text} {'<' if self.dock('receiving', receive) else 'x'} {receive}")
            if row > 0:
                between = " ".join(f" {port((col, row), 'S')} " for col in range(self.columns))
                lines.append(f"      |{between}|")
        return "\n".join(lines)


# ---- Conveyor tiles -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Belt:
    """A colored belt joining two of a tile's stubs (in the tile's own frame, A west of B)."""

    color: str
    ends: tuple[str, str]  # e.g. ("A.W", "B.E")

    @property
    def crosses(self) -> bool:
        """Whether the belt passes through the edge between cells A and B."""
        return self.ends[0][0] != self.ends[1][0]


@dataclass(frozen=True)
class ConveyorTile:
    id: str
    sand: tuple[Belt, ...]  # base game: red and blue belts
    dark: tuple[Belt, ...]  # the dark face: red, blue and purple belts

    def face(self, face: str) -> tuple[Belt, ...]:
        """The belts printed on one face ("sand" or "dark")."""
        return self.dark if face == "dark" else self.sand

    __hash__ = hash_once  # tiles key caches (tile_pieces)
    __getstate__ = state_without_hash


# ---- Truck cards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TruckCard:
    id: str
    size: int  # cargo spaces; the cab makes the truck size + 1 street spaces long
    ap: int  # Action Points to play it
    tiles: int  # Conveyor tile value: tiles received when it is discarded for tiles
    blocked: frozenset[int]  # cargo spaces 1..size, counted from the rear, that take no goods
    bonus: Item  # bonus for completion, on the cab

    @property
    def length(self) -> int:
        """Street spaces the truck fills: its cargo spaces and the cab."""
        return self.size + 1

    @property
    def open_spaces(self) -> tuple[int, ...]:
        """Cargo spaces that take goods, numbered from the rear."""
        return tuple(n for n in range(1, self.size + 1) if n not in self.blocked)


# ---- Shipping board, track, supply, setup -------------------------------------------------------


@dataclass(frozen=True)
class ShippingSide:
    """One side of the Shipping board ("two-color" or "three-color")."""

    name: str
    colors: tuple[str, ...]
    requisite: int  # goods shipped in all that trigger the end of the game
    ship_values: tuple[int, ...]  # shipping n goods of a color scores ship_values[n - 1]
    ship_column_bonus: tuple[Item | None, ...]
    complete_columns_points: dict[int, int]  # the entry for the most complete columns reached
    receive_values: tuple[int, ...]  # n goods received of a color scores receive_values[n - 1]
    receive_slot_bonus: dict[str, tuple[Item | None, ...]]
    receive_column_bonus: tuple[Item | None, ...]

    @property
    def spaces(self) -> int:
        return len(self.ship_values)

    @property
    def slots(self) -> int:
        return len(self.receive_values)

    def ship_points(self, shipped: int) -> int:
        """Points for a row with `shipped` goods gone: the value of its rightmost empty space."""
        return self.ship_values[min(shipped, self.spaces) - 1] if shipped > 0 else 0

    def receive_points(self, received: int) -> int:
        """Points for a row with `received` slots filled: the value of its rightmost filled slot."""
        return self.receive_values[min(received, self.slots) - 1] if received > 0 else 0

    def columns_points(self, complete: int) -> int:
        """Bonus for `complete` complete Shipping columns (the largest entry reached, not a sum)."""
        reached = [n for n in self.complete_columns_points if n <= complete]
        return self.complete_columns_points[max(reached)] if reached else 0


@dataclass(frozen=True)
class TrackSpace:
    """A space of the Turn Order track and what reaching it gives."""

    space: int
    bonus: tuple[Item, ...] = ()  # to every player landing on or passing it
    first: tuple[Item, ...] = ()  # to the first player to reach it
    second: tuple[Item, ...] = ()  # to the second
    points: int = 0  # end-game points for a Forklift standing here
    star: bool = False


@dataclass(frozen=True)
class Supply:
    construction: int
    trucking: int
    splitters: dict[str, int]
    scaffolding: int  # per player
    goods: dict[str, int]  # for both players together


@dataclass(frozen=True)
class SetupRules:
    """The rulebook's numbers, as data (setup.json)."""

    board: int  # the player board both players use
    construction_actions: int  # actions in a Construction Phase turn
    boost_actions: int  # extra actions a Construction token gives
    truck_ap: int  # AP for playing Truck cards
    dispatch_ap: int  # AP a Trucking token gives
    token_limit: int  # tokens of one type kept at End of Phase Cleanup
    deal: int  # Truck cards dealt to each player
    keep: int  # of which each player keeps this many
    bag_top: tuple[str, ...] = ()  # scenarios: tiles drawn first, in this order
    deck_top: tuple[str, ...] = ()  # scenarios: Truck cards dealt and drawn first, in order


@dataclass(frozen=True)
class CuriousCargoContent:
    boards: dict[int, Board]
    tiles: tuple[ConveyorTile, ...]
    trucks: tuple[TruckCard, ...]
    shipping_boards: dict[str, ShippingSide]  # "two-color", "three-color"
    track: tuple[TrackSpace, ...]
    supply: Supply
    setup: SetupRules
    _tiles: dict[str, ConveyorTile] = field(init=False, repr=False, compare=False)
    _trucks: dict[str, TruckCard] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tiles", {t.id: t for t in self.tiles})
        object.__setattr__(self, "_trucks", {t.id: t for t in self.trucks})

    def tile(self, id: str) -> ConveyorTile:
        return self._tiles[id]

    def truck(self, id: str) -> TruckCard:
        return self._trucks[id]

    @property
    def setup_board(self) -> Board:
        """The board setup.json names."""
        return self.boards[self.setup.board]


def item_from(data: dict[str, Any]) -> Item:
    return Item(data["kind"], data.get("amount", 1), data.get("color"))


def maybe_item(data: dict[str, Any] | None) -> Item | None:
    return None if data is None else item_from(data)


def value_at(data: Any, parts: list[Any]) -> Any:
    for part in parts:
        data = data[part]
    return data
