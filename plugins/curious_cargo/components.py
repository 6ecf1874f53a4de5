"""Curious Cargo's components: the frozen, typed content the rules play with.

`build` turns the schema-checked documents of content/curious_cargo/ into these objects and checks
what a schema cannot say: geometry (ports face teal cells, every dock can be reached), component
counts from the rulebook (75 Conveyor tiles, 25 Truck cards), and references between files.
content/curious_cargo/README.md describes every file and convention used here.

Geometry in one breath: a player board is a grid of `columns` x 10 cells, named like chess
squares ("a1" is bottom-left; in Python a Cell is `(col, row)`, 0-based). The Shipping street runs
up the left edge (dock k is the west side of cell (0, k-1)); the Receiving street runs down the
right edge (dock k is the east side of cell (columns-1, 10-k)).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dockyard.loader import Content, ContentError, Document, Problem

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
        return f"1 {singular}" if self.kind == "points" else f"a {singular}"


# ---- player boards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Port:
    """A machine's colored port, seen from the teal cell it opens onto."""

    cell: Cell  # the teal cell in front of the port
    side: str  # the side of that teal cell which faces the machine
    color: str
    machine: str


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
    def _docks(self) -> dict[tuple[str, int], Dock]:
        return {(d.street, d.number): d for d in self.docks}

    @cached_property
    def ports(self) -> tuple[Port, ...]:
        return tuple(p for m in self.machines for p in m.ports)

    def unavailable(self, street: str) -> tuple[int, ...]:
        """Street numbers of `street` whose dock is printed blocked."""
        return tuple(n for n in range(1, STREET_SPACES + 1) if (street, n) not in self._docks)

    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.rows

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


# ---- building and checking ----------------------------------------------------------------------

SINGLE_KINDS = {  # kind -> the built-in file that holds it
    "conveyor_tiles": "tiles.json",
    "trucks": "trucks.json",
    "shipping_board": "shipping_board.json",
    "track": "track.json",
    "supply": "supply.json",
    "setup": "setup.json",
}
KINDS = {"board", *SINGLE_KINDS}
SIDE_COLORS = {"two-color": 2, "three-color": 3}  # colors each Shipping board side must have


def build(content: Content) -> CuriousCargoContent:
    """Typed Curious Cargo content; raise ContentError listing every problem found."""
    return _Builder(content).build()


def _item(data: dict[str, Any]) -> Item:
    return Item(data["kind"], data.get("amount", 1), data.get("color"))


def _maybe_item(data: dict[str, Any] | None) -> Item | None:
    return None if data is None else _item(data)


def _names(cells: Iterable[Cell]) -> str:
    return ", ".join(cell_name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


class _Builder:
    def __init__(self, content: Content) -> None:
        self.content = content
        self.problems: list[Problem] = []

    def report(self, doc: Document, parts: list[Any], message: str) -> None:
        self.problems.append(self.content.problem(doc, parts, message))

    def unique(
        self, doc: Document, key: str, items: list[dict[str, Any]]
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        """The items of a list with an `id` each, reporting (and skipping) repeated ids."""
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            if item["id"] in first:
                self.report(
                    doc,
                    [key, i, "id"],
                    f"{item['id']} is already used by {key}[{first[item['id']]}]",
                )
                continue
            first[item["id"]] = i
            yield i, item

    def build(self) -> CuriousCargoContent:
        for doc in self.content.documents.values():
            kind = doc.schema.rsplit(":", 1)[-1]
            if kind not in KINDS:
                self.report(doc, ["$schema"], f"{doc.schema} holds shared definitions, not content")
        docs = {kind: self.single(kind) for kind in SINGLE_KINDS}
        boards = self.boards()
        tiles = self.tiles(docs["conveyor_tiles"]) if docs["conveyor_tiles"] else ()
        trucks = self.trucks(docs["trucks"]) if docs["trucks"] else ()
        sides = self.shipping_board(docs["shipping_board"], tiles) if docs["shipping_board"] else {}
        track = self.track(docs["track"]) if docs["track"] else ()
        supply = self.supply(docs["supply"], sides) if docs["supply"] else None
        setup = self.setup(docs["setup"], boards, trucks) if docs["setup"] else None
        if self.problems or supply is None or setup is None:
            raise ContentError(self.problems)
        return CuriousCargoContent(boards, tiles, trucks, sides, track, supply, setup)

    def single(self, kind: str) -> Document | None:
        """The one document of `kind`; report a missing or a second one."""
        found = self.content.of_kind(kind)
        if not found:
            message = f"no {kind} file (urn:dockyard:curious_cargo:{kind}); the built-in one is {SINGLE_KINDS[kind]}"
            self.problems.append(Problem("content/curious_cargo", "$", message))
            return None
        # keep the file at the built-in name; report the others
        found.sort(key=lambda d: d.name != SINGLE_KINDS[kind])
        for extra in found[1:]:
            self.report(
                extra,
                ["$schema"],
                f"a second {kind} file: {found[0].name} already has it (replace that file instead)",
            )
        return found[0]

    # ---- boards ---------------------------------------------------------------------------------

    def boards(self) -> dict[int, Board]:
        boards: dict[int, Board] = {}
        where: dict[int, str] = {}
        for doc in self.content.of_kind("board"):
            board = self.board(doc)
            number = doc.data["id"]
            if number in where:
                self.report(doc, ["id"], f"board {number} is already defined in {where[number]}")
            elif board is not None:
                boards[number] = board
            where.setdefault(number, doc.name)
        if not where:
            self.problems.append(
                Problem(
                    "content/curious_cargo/boards",
                    "$",
                    "no player board (urn:dockyard:curious_cargo:board)",
                )
            )
        return dict(sorted(boards.items()))

    def board(self, doc: Document) -> Board | None:
        data = doc.data
        before = len(self.problems)
        columns, rows = data["columns"], data["rows"]
        if rows != STREET_SPACES:
            self.report(
                doc,
                ["rows"],
                f"a board has {STREET_SPACES} rows, one beside each street space; found {rows}",
            )
            return None
        grid_size = f"{columns}x{rows} grid (a1 to {cell_name((columns - 1, rows - 1))})"

        def cell(parts: list[Any]) -> Cell | None:
            name = _at(data, parts)
            c = parse_cell(name)
            if not (0 <= c[0] < columns and 0 <= c[1] < rows):
                self.report(doc, parts, f"{name} is outside the {grid_size}")
                return None
            return c

        taken: dict[Cell, str] = {}  # cell -> what is there already

        def claim(parts: list[Any], what: str) -> Cell | None:
            c = cell(parts)
            if c is None:
                return None
            if c in taken:
                self.report(doc, parts, f"{cell_name(c)} is already {taken[c]}")
                return None
            taken[c] = what
            return c

        walls = frozenset(
            c for i in range(len(data["walls"])) if (c := claim(["walls", i], "a wall")) is not None
        )
        machine_cells: list[frozenset[Cell]] = []
        ids: set[str] = set()
        for m, machine in enumerate(data["machines"]):
            if machine["id"] in ids:
                self.report(
                    doc,
                    ["machines", m, "id"],
                    f"machine {machine['id']} is already defined on this board",
                )
            ids.add(machine["id"])
            own = [
                claim(["machines", m, "cells", i], f"part of machine {machine['id']}")
                for i in range(len(machine["cells"]))
            ]
            cells = frozenset(c for c in own if c is not None)
            machine_cells.append(cells)
            apart = _apart(cells)
            if apart:
                self.report(
                    doc,
                    ["machines", m, "cells"],
                    f"machine {machine['id']}'s cells must touch side to side; {_names(apart)} apart from the rest",
                )
        gears: set[Cell] = set()
        for i, name in enumerate(data["gears"]):
            c = cell(["gears", i])
            if c is None:
                continue
            if c in gears:
                self.report(doc, ["gears", i], f"{name} already has a Gear")
            elif c in taken:
                self.report(
                    doc, ["gears", i], f"a Gear is printed on a teal cell; {name} is {taken[c]}"
                )
            gears.add(c)
        everything = frozenset((c, r) for c in range(columns) for r in range(rows))
        teal = everything - set(taken)

        machines: list[Machine] = []
        for m, machine in enumerate(data["machines"]):
            ports: list[Port] = []
            edges: set[tuple[Cell, str]] = set()
            for p, port in enumerate(machine["ports"]):
                parts = ["machines", m, "ports", p]
                c = cell([*parts, "cell"])
                if c is None:
                    continue
                name, side = port["cell"], port["side"]
                if c not in machine_cells[m]:
                    self.report(
                        doc, [*parts, "cell"], f"{name} is not a cell of machine {machine['id']}"
                    )
                    continue
                front = neighbour(c, side)
                if (c, side) in edges:
                    self.report(
                        doc,
                        parts,
                        f"machine {machine['id']} already has a port on the {side} side of {name}",
                    )
                    continue
                edges.add((c, side))
                if front not in everything:
                    self.report(
                        doc,
                        [*parts, "side"],
                        f"the {side} side of {name} is the board's edge; a port must face a teal cell",
                    )
                elif front not in teal:
                    what = taken.get(front, "not teal")
                    self.report(
                        doc,
                        [*parts, "side"],
                        f"the {side} side of {name} faces {cell_name(front)}, which is {what}; a port must face a teal cell",
                    )
                else:
                    ports.append(Port(front, OPPOSITE[side], port["color"], machine["id"]))
            machines.append(Machine(machine["id"], machine_cells[m], tuple(ports)))

        docks: list[Dock] = []
        dock_parts: dict[Dock, list[Any]] = {}
        for street in STREETS:
            seen: set[int] = set()
            for i, number in enumerate(data["docks"][street]):
                parts = ["docks", street, i]
                if number in seen:
                    self.report(doc, parts, f"{street} dock {number} is listed twice")
                    continue
                seen.add(number)
                c = dock_cell(street, number, columns)
                if c not in teal:
                    self.report(
                        doc,
                        parts,
                        f"{street} dock {number} is beside {cell_name(c)}, which is {taken[c]}; list it as unavailable or make the cell teal",
                    )
                    continue
                dock = Dock(street, number, c, "W" if street == "shipping" else "E")
                docks.append(dock)
                dock_parts[dock] = parts
        docks.sort(key=lambda d: (STREETS.index(d.street), d.number))

        if len(self.problems) == before:
            self.reachability(doc, teal, machines, docks, dock_parts)
        if len(self.problems) > before:
            return None
        return Board(
            data["id"],
            data["name"],
            columns,
            rows,
            walls,
            frozenset(gears),
            tuple(machines),
            tuple(docks),
            teal,
        )

    def reachability(
        self,
        doc: Document,
        teal: frozenset[Cell],
        machines: list[Machine],
        docks: list[Dock],
        dock_parts: dict[Dock, list[Any]],
    ) -> None:
        """Every dock can be reached from a port, and each color reaches both streets."""
        region = _regions(teal)
        ports = [p for m in machines for p in m.ports]
        port_regions = {region[p.cell] for p in ports}
        for dock in docks:
            if region[dock.cell] not in port_regions:
                self.report(
                    doc,
                    dock_parts[dock],
                    f"{dock.street} dock {dock.number} (beside {cell_name(dock.cell)}) cannot be reached from any port through teal cells",
                )
        for color in COLORS:
            colored = {region[p.cell] for p in ports if p.color == color}
            if not colored:
                self.report(
                    doc,
                    ["machines"],
                    f"no {color} port: every board needs ports of all three colors (purple ones serve the three-color game)",
                )
                continue
            for street in STREETS:
                if not any(region[d.cell] in colored for d in docks if d.street == street):
                    self.report(
                        doc,
                        ["machines"],
                        f"no {color} port can reach a {street} dock through teal cells",
                    )

    # ---- Conveyor tiles -------------------------------------------------------------------------

    def tiles(self, doc: Document) -> tuple[ConveyorTile, ...]:
        items = doc.data["tiles"]
        if len(items) != TILE_COUNT:
            self.report(doc, ["tiles"], f"expected {TILE_COUNT} Conveyor tiles, found {len(items)}")
        tiles: list[ConveyorTile] = []
        for i, tile in self.unique(doc, "tiles", items):
            faces = {
                face: self.face(doc, ["tiles", i, face], tile[face], face == "sand")
                for face in ("sand", "dark")
            }
            tiles.append(ConveyorTile(tile["id"], faces["sand"], faces["dark"]))
        return tuple(tiles)

    def face(
        self, doc: Document, parts: list[Any], belts: list[dict[str, str]], sand: bool
    ) -> tuple[Belt, ...]:
        out: list[Belt] = []
        used: dict[str, int] = {}
        crossing: int | None = None
        for j, belt in enumerate(belts):
            here = [*parts, j]
            ends = (belt["from"], belt["to"])
            if ends[0] == ends[1]:
                self.report(doc, here, f"a belt joins two different stubs; both ends are {ends[0]}")
                continue
            for key, stub in zip(("from", "to"), ends, strict=True):
                if stub in used:
                    self.report(
                        doc,
                        [*here, key],
                        f"stub {stub} already carries belt {used[stub]} of this face",
                    )
                used.setdefault(stub, j)
            made = Belt(belt["color"], ends)
            if made.crosses:
                if crossing is not None:
                    self.report(
                        doc,
                        here,
                        f"belts {crossing} and {j} both pass through the A|B edge; only one belt can",
                    )
                crossing = j
            if sand and made.color == "purple":
                self.report(
                    doc,
                    [*here, "color"],
                    "sand faces carry red and blue belts only; purple belongs on the dark face",
                )
            out.append(made)
        return tuple(out)

    # ---- Truck cards ----------------------------------------------------------------------------

    def trucks(self, doc: Document) -> tuple[TruckCard, ...]:
        items = doc.data["trucks"]
        if len(items) != TRUCK_COUNT:
            self.report(doc, ["trucks"], f"expected {TRUCK_COUNT} Truck cards, found {len(items)}")
        trucks: list[TruckCard] = []
        for i, card in self.unique(doc, "trucks", items):
            size = card["size"]
            if not 1 <= size <= MAX_TRUCK_SIZE:
                self.report(
                    doc,
                    ["trucks", i, "size"],
                    f"a truck has 1 to {MAX_TRUCK_SIZE} cargo spaces, not {size}",
                )
            for key, what in (
                ("ap", "costs at least 1 AP"),
                ("tiles", "is worth at least 1 Conveyor tile"),
            ):
                if card[key] < 1:
                    self.report(doc, ["trucks", i, key], f"a Truck card {what}, not {card[key]}")
            blocked: set[int] = set()
            for j, space in enumerate(card["blocked"]):
                if not 1 <= space <= size:
                    self.report(
                        doc,
                        ["trucks", i, "blocked", j],
                        f"cargo space {space} does not exist: this truck's spaces are 1 to {size}, from the rear",
                    )
                elif space in blocked:
                    self.report(
                        doc, ["trucks", i, "blocked", j], f"cargo space {space} is listed twice"
                    )
                blocked.add(space)
            if size >= 1 and set(range(1, size + 1)) <= blocked:
                self.report(
                    doc,
                    ["trucks", i, "blocked"],
                    "every cargo space is blocked: the truck could never carry goods",
                )
            trucks.append(
                TruckCard(
                    card["id"],
                    size,
                    card["ap"],
                    card["tiles"],
                    frozenset(blocked),
                    _item(card["bonus"]),
                )
            )
        return tuple(trucks)

    # ---- Shipping board ------------------------------------------------------------------------

    def shipping_board(
        self, doc: Document, tiles: tuple[ConveyorTile, ...]
    ) -> dict[str, ShippingSide]:
        sides: dict[str, ShippingSide] = {}
        for name, side in doc.data["sides"].items():
            at = ["sides", name]
            colors = tuple(side["colors"])
            if len(colors) != SIDE_COLORS[name]:
                self.report(
                    doc,
                    [*at, "colors"],
                    f"the {name} side has {SIDE_COLORS[name]} colors, found {len(colors)}",
                )
            face = FACE_FOR_SIDE.get(name, "sand")
            printed = {b.color for t in tiles for b in t.face(face)}
            for k, color in enumerate(colors):
                if tiles and color not in printed:
                    self.report(
                        doc,
                        [*at, "colors", k],
                        f"no Conveyor tile has a {color} belt on its {face} face, so {color} goods could never move",
                    )
            ship, receive = side["shipping"], side["receiving"]
            spaces, slots = ship["spaces"], receive["slots"]
            if side["requisite"] < 1:
                self.report(
                    doc,
                    [*at, "requisite"],
                    f"the requisite is a number of goods, at least 1, not {side['requisite']}",
                )
            elif side["requisite"] > spaces * len(colors):
                self.report(
                    doc,
                    [*at, "requisite"],
                    f"{side['requisite']} goods can never be shipped: the side holds {spaces * len(colors)}",
                )
            self.length(doc, [*at, "shipping", "values"], ship["values"], spaces, "spaces")
            self.length(
                doc, [*at, "shipping", "column_bonus"], ship["column_bonus"], spaces, "spaces"
            )
            columns_points: dict[int, int] = {}
            for key, points in ship["complete_columns_points"].items():
                if not 1 <= int(key) <= spaces:
                    self.report(
                        doc,
                        [*at, "shipping", "complete_columns_points", key],
                        f"there are only {spaces} columns",
                    )
                columns_points[int(key)] = points
            self.length(doc, [*at, "receiving", "values"], receive["values"], slots, "slots")
            self.length(
                doc, [*at, "receiving", "column_bonus"], receive["column_bonus"], slots, "slots"
            )
            slot_bonus: dict[str, tuple[Item | None, ...]] = {}
            for color, row in receive["slot_bonus"].items():
                if color not in colors:
                    self.report(
                        doc,
                        [*at, "receiving", "slot_bonus", color],
                        f"{color} is not a color of the {name} side",
                    )
                    continue
                self.length(doc, [*at, "receiving", "slot_bonus", color], row, slots, "slots")
                slot_bonus[color] = tuple(map(_maybe_item, row))
            for color in colors:
                if color not in slot_bonus and color not in receive["slot_bonus"]:
                    self.report(
                        doc,
                        [*at, "receiving", "slot_bonus"],
                        f"no {color} row: list an item or null under each {color} slot",
                    )
            sides[name] = ShippingSide(
                name,
                colors,
                side["requisite"],
                tuple(ship["values"]),
                tuple(map(_maybe_item, ship["column_bonus"])),
                dict(sorted(columns_points.items())),
                tuple(receive["values"]),
                {c: slot_bonus[c] for c in colors if c in slot_bonus},
                tuple(map(_maybe_item, receive["column_bonus"])),
            )
        return sides

    def length(
        self, doc: Document, parts: list[Any], values: list[Any], wanted: int, what: str
    ) -> None:
        if len(values) != wanted:
            self.report(
                doc, parts, f"{len(values)} entries for {wanted} {what}: one per {what[:-1]}"
            )

    # ---- track, supply, setup -----------------------------------------------------------------

    def track(self, doc: Document) -> tuple[TrackSpace, ...]:
        spaces = doc.data["spaces"]
        if len(spaces) != TRACK_SPACES:
            self.report(
                doc,
                ["spaces"],
                f"expected {TRACK_SPACES} spaces (0 to {TRACK_SPACES - 1}), found {len(spaces)}",
            )
        track: list[TrackSpace] = []
        for i, space in enumerate(spaces):
            if space["space"] != i:
                self.report(
                    doc,
                    ["spaces", i, "space"],
                    f"space {i} belongs here (spaces are numbered 0, 1, 2... in order), found {space['space']}",
                )
            track.append(
                TrackSpace(
                    space["space"],
                    tuple(map(_item, space.get("bonus", ()))),
                    tuple(map(_item, space.get("first", ()))),
                    tuple(map(_item, space.get("second", ()))),
                    space.get("points", 0),
                    space.get("star", False),
                )
            )
        return tuple(track)

    def supply(self, doc: Document, sides: dict[str, ShippingSide]) -> Supply:
        data = doc.data
        for color in COLORS:
            need = max((s.spaces * PLAYERS for s in sides.values() if color in s.colors), default=0)
            have = data["goods"][color]
            if have < need:
                self.report(
                    doc,
                    ["goods", color],
                    f"{need} {color} goods are needed (each of {PLAYERS} players fills {need // PLAYERS} {color} spaces on the Shipping board); found {have}",
                )
        return Supply(
            data["construction"],
            data["trucking"],
            dict(data["splitters"]),
            data["scaffolding"],
            dict(data["goods"]),
        )

    def setup(
        self, doc: Document, boards: dict[int, Board], trucks: tuple[TruckCard, ...]
    ) -> SetupRules:
        data = doc.data
        fields = {k: v for k, v in data.items() if k != "$schema"}
        fields["bag_top"] = tuple(fields.get("bag_top", ()))
        fields["deck_top"] = tuple(fields.get("deck_top", ()))
        rules = SetupRules(**fields)
        tile_ids = {
            t["id"] for d in self.content.of_kind("conveyor_tiles") for t in d.data["tiles"]
        }
        truck_ids = {t.id for t in trucks}
        for key, ids, what in (
            ("bag_top", tile_ids, "Conveyor tile"),
            ("deck_top", truck_ids, "Truck card"),
        ):
            for i, ident in enumerate(getattr(rules, key)):
                if ids and ident not in ids:
                    self.report(doc, [key, i], f"there is no {what} {ident!r}")
        if rules.board not in boards and not any(
            d.data["id"] == rules.board for d in self.content.of_kind("board")
        ):
            known = ", ".join(str(d.data["id"]) for d in self.content.of_kind("board"))
            self.report(doc, ["board"], f"there is no board {rules.board} (boards: {known})")
        if rules.keep > rules.deal:
            self.report(
                doc,
                ["keep"],
                f"a player cannot keep {rules.keep} of the {rules.deal} Truck cards dealt",
            )
        if trucks and rules.deal * PLAYERS > len(trucks):
            self.report(
                doc,
                ["deal"],
                f"dealing {rules.deal} Truck cards to {PLAYERS} players needs {rules.deal * PLAYERS}; the deck has {len(trucks)}",
            )
        return rules


def _at(data: Any, parts: list[Any]) -> Any:
    for part in parts:
        data = data[part]
    return data


def _apart(cells: frozenset[Cell]) -> set[Cell]:
    """Cells not joined side to side to the first cell of the group."""
    if not cells:
        return set()
    start = min(cells)
    return set(cells) - set(_flood(start, cells))


def _flood(start: Cell, cells: frozenset[Cell]) -> list[Cell]:
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for side in SIDES:
            nxt = neighbour(cell, side)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return list(seen)


def _regions(teal: frozenset[Cell]) -> dict[Cell, int]:
    """Each teal cell's connected region (cells joined side to side), numbered."""
    region: dict[Cell, int] = {}
    for cell in sorted(teal):
        if cell not in region:
            number = len(set(region.values()))
            region.update(dict.fromkeys(_flood(cell, teal), number))
    return region
