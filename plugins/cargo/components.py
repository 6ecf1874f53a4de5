"""The box of Tom Jolly's Cargo, read from content/cargo: the dock, the ships and their loading
spaces, each player's dock workers, and the counts and points of the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dockyard.loader import Content, ContentError, Document, Reporter
from dockyard.words import with_article

from . import INFO

# what a square of the map is; a loading space is water in a game where nobody took its ship
DOCK, LOADING, WATER = 0, 1, 2
OFF = -1  # a step off the map: the sea

DIRECTIONS = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
_VECTORS = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
COLUMNS = "abcdefghijklmnopqrstuvwxyz"

POINT_KEYS = (
    "own_crate_loaded",
    "opponent_crate_in_sea",
    "own_crate_in_sea",
    "opponent_dockhand_squished",
    "own_dockhand_squished",
)


@dataclass(frozen=True, slots=True)
class WorkerKind:
    """One kind of dock worker, as the rulebook's piece card reads it: M and P, and what it
    may do (pull, stack with its own kind, be squished, be pushed)."""

    kind: str
    letter: str
    count: int
    move: int
    push: int
    pull: int
    stacks: bool
    squishable: bool
    pushable: bool


@dataclass(frozen=True)
class StartingLayout:
    """A table set up by hand (content layout.json): ships by seat, the crates and workers on
    each square, who moves first and how many workers they move."""

    ships: tuple[str, ...]
    crates: tuple[tuple[int, str], ...]  # (cell, color)
    workers: tuple[tuple[int, str, str, int], ...]  # (cell, color, worker name, how many)
    to_move: str
    moves: int | None
    points: tuple[tuple[str, int], ...] = ()  # (color, points) the players start with
    front: tuple[tuple[str, str], ...] = ()  # (color, crate) crates in front of a player


@dataclass(frozen=True, eq=False)  # compared (and hashed, for caches) by identity
class CargoDock:
    """The board and the rules' numbers, made once per content load."""

    width: int
    height: int
    squares: tuple[int, ...]  # DOCK, LOADING or WATER, per cell (y * width + x, y = 0 south)
    ramp: tuple[int, ...]  # cells of the unused side ramp (water for pushing)
    no_crates: frozenset[int]  # dock squares where no crate starts (the corners)
    ship_at: tuple[str | None, ...]  # the ship color of each loading space
    ships: tuple[str, ...]  # ship colors, in the order of the map's letters
    loading: dict[str, tuple[int, ...]]  # ship color -> its loading spaces
    edge: tuple[int, ...]  # dock squares along the edge (where Dockhands come back)
    neighbors: dict[str, tuple[int, ...]]  # direction -> the next cell of each cell, or OFF
    kinds: tuple[WorkerKind, ...]  # each worker of a player, by index (4 dockhands, ...)
    names: tuple[str, ...]  # each worker's name in actions (mule; a stacking kind's kind)
    crates: dict[int, int]  # players -> crates of each color
    moves_per_turn: int
    first_turns: tuple[int, ...]
    doctor_turns: int
    points: dict[str, int]
    layout: StartingLayout | None = None  # a starting position set by hand (layout.json), if any
    dice: tuple[int, ...] = ()  # the set-up rolls' dice as they fall (dice.json), if fixed

    @property
    def per_player(self) -> int:
        return len(self.kinds)

    def cell(self, name: str) -> int | None:
        """The cell called `name` (a column letter then a row number: a1 is the south-west)."""
        if len(name) < 2 or not name[1:].isdigit():
            return None
        x, y = COLUMNS.find(name[0].lower()), int(name[1:]) - 1
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def name(self, cell: int) -> str:
        return f"{COLUMNS[cell % self.width]}{cell // self.width + 1}"

    def worker_indexes(self, name: str) -> tuple[int, ...]:
        """The indexes of the workers an action names by `name` (every dockhand for `dockhand`)."""
        return tuple(i for i, n in enumerate(self.names) if n == name)


def build(content: Content) -> CargoDock:
    rep = Reporter(content)
    docs = {kind: rep.one(kind, "Cargo") for kind in ("dock", "workers", "rules")}
    rep.raise_if_any()
    board = _board(rep, docs["dock"])
    kinds, names = _workers(rep, docs["workers"])
    rules = docs["rules"].data
    layout = None
    if board is not None:
        _fits(rep, docs, board, kinds, rules)
        layouts = content.of_kind("layout")
        for extra in layouts[1:]:
            rep.report(extra, [], f"a second layout (one table is set up: {layouts[0].origin})")
        if layouts:
            layout = _layout(rep, layouts[0], board, names, kinds)
    dice: tuple[int, ...] = ()
    fixed = content.of_kind("dice")
    for extra in fixed[1:]:
        rep.report(extra, [], f"a second dice file (the dice are fixed once: {fixed[0].origin})")
    if fixed:
        dice = tuple(fixed[0].data["dice"])
    if rep.problems or board is None:
        raise ContentError(sorted(rep.problems))
    return CargoDock(
        **board,
        kinds=kinds,
        names=names,
        crates={int(n): c for n, c in rules["crates"].items()},
        moves_per_turn=rules["moves_per_turn"],
        first_turns=tuple(rules["first_turns"]),
        doctor_turns=rules["doctor_turns"],
        points=dict(rules["points"]),
        layout=layout,
        dice=dice,
    )


def _board(rep: Reporter, doc: Document) -> dict[str, Any] | None:
    rows: list[str] = doc.data["map"]
    letters: dict[str, str] = doc.data["ships"]
    width, height = len(rows[0]), len(rows)
    for i, row in enumerate(rows):
        if len(row) != width:
            rep.report(doc, ["map", i], f"{len(row)} squares wide, the first row is {width}")
    if rep.problems:
        return None
    colors = list(letters.values())
    for letter, color in letters.items():
        if colors.count(color) > 1:
            rep.report(doc, ["ships", letter], f"{color} names two ships")
    squares, ramp, no_crates, ship_at = [], [], set(), []
    for y in range(height):
        row = rows[height - 1 - y]  # the map lists the north row first
        for x, ch in enumerate(row):
            cell = y * width + x
            ship = None
            if ch in ".+":
                squares.append(DOCK)
                if ch == "+":
                    no_crates.add(cell)
            elif ch.isupper():
                squares.append(LOADING)
                ship = letters.get(ch)
                if ship is None:
                    rep.report(
                        doc, ["map", height - 1 - y], f"{ch} is on the map but not among `ships`"
                    )
            else:
                squares.append(WATER)
                if ch == "=":
                    ramp.append(cell)
            ship_at.append(ship)
    neighbors = {}
    for d, (dx, dy) in _VECTORS.items():
        nxt = []
        for cell in range(width * height):
            x, y = cell % width + dx, cell // width + dy
            nxt.append(y * width + x if 0 <= x < width and 0 <= y < height else OFF)
        neighbors[d] = tuple(nxt)
    ships = tuple(letters.values())  # in the order `ships` lists them
    loading = {c: tuple(i for i, s in enumerate(ship_at) if s == c) for c in ships}
    for letter, color in letters.items():
        if not loading[color]:
            rep.report(doc, ["ships", letter], f"the {color} ship has no loading space on the map")
    for cell, ship in enumerate(ship_at):
        if ship is not None and not any(
            n != OFF and squares[n] == DOCK for n in (neighbors[d][cell] for d in DIRECTIONS)
        ):
            rep.report(
                doc,
                ["map", height - 1 - cell // width],
                f"{with_article(ship)} loading space at column {cell % width + 1} touches no dock square",
            )
    edge = tuple(
        cell
        for cell in range(width * height)
        if squares[cell] == DOCK
        and any(n == OFF or squares[n] != DOCK for n in (neighbors[d][cell] for d in DIRECTIONS))
    )
    return {
        "width": width,
        "height": height,
        "squares": tuple(squares),
        "ramp": tuple(ramp),
        "no_crates": frozenset(no_crates),
        "ship_at": tuple(ship_at),
        "ships": ships,
        "loading": loading,
        "edge": edge,
        "neighbors": neighbors,
    }


def _workers(rep: Reporter, doc: Document) -> tuple[tuple[WorkerKind, ...], tuple[str, ...]]:
    kinds: list[WorkerKind] = []
    names: list[str] = []
    seen: dict[str, set[str]] = {"kind": set(), "letter": set()}
    for i, item in enumerate(doc.data["workers"]):
        for key in ("kind", "letter"):
            if item[key] in seen[key]:
                rep.report(doc, ["workers", i, key], f"{item[key]!r} is used by another worker")
            seen[key].add(item[key])
        kind = WorkerKind(**item)
        for n in range(kind.count):
            kinds.append(kind)
            single = kind.stacks or kind.count == 1
            names.append(kind.kind if single else f"{kind.kind}{n + 1}")
    if not any(k.push for k in kinds):
        rep.report(doc, ["workers"], "no worker can push a crate")
    return tuple(kinds), tuple(names)


def _fits(
    rep: Reporter,
    docs: dict[str, Document],
    board: dict[str, Any],
    kinds: tuple[WorkerKind, ...],
    rules: dict[str, Any],
) -> None:
    squares, no_crates, ships = board["squares"], board["no_crates"], board["ships"]
    dock = sum(1 for s in squares if s == DOCK)
    crate_squares = dock - len(no_crates)
    if len(ships) < INFO.max_players:
        rep.report(
            docs["dock"],
            ["ships"],
            f"{len(ships)} ships; Cargo is for up to {INFO.max_players} players",
        )
    solo = sum(1 for k in kinds if not k.stacks)
    for n, count in rules["crates"].items():
        players = int(n)
        if players * count > crate_squares:
            rep.report(
                docs["rules"],
                ["crates", n],
                f"{players} x {count} crates do not fit on the {crate_squares} squares where "
                "crates may start",
            )
        elif players * (count + solo + 1) > dock:
            rep.report(
                docs["rules"],
                ["crates", n],
                f"{players} players' crates and workers do not fit on the {dock} dock squares",
            )
    for i, moves in enumerate(rules["first_turns"]):
        if moves > rules["moves_per_turn"]:
            rep.report(
                docs["rules"],
                ["first_turns", i],
                f"{moves} workers in a first turn, more than moves_per_turn "
                f"({rules['moves_per_turn']})",
            )


def _layout(
    rep: Reporter,
    doc: Document,
    board: dict[str, Any],
    names: tuple[str, ...],
    kinds: tuple[WorkerKind, ...],
) -> StartingLayout:
    data = doc.data
    ships = tuple(data["ships"])
    width, height, squares = board["width"], board["height"], board["squares"]
    for i, ship in enumerate(ships):
        if ship not in board["ships"]:
            rep.report(
                doc, ["ships", i], f"no {ship} ship on the dock ({', '.join(board['ships'])})"
            )
    to_move = data.get("to_move", ships[0])
    if to_move not in ships:
        rep.report(doc, ["to_move"], f"{to_move} is not among the layout's ships")
    crates: list[tuple[int, str]] = []
    workers: list[tuple[int, str, str, int]] = []
    placed: dict[tuple[str, str], int] = {}
    for square, what in data["squares"].items():
        at = ["squares", square]
        x, y = COLUMNS.find(square[0]), int(square[1:]) - 1
        if not (0 <= x < width and 0 <= y < height):
            rep.report(doc, at, f"{square} is off the {width}x{height} map")
            continue
        cell = y * width + x
        ship_there = board["ship_at"][cell]
        if squares[cell] == WATER or (squares[cell] == LOADING and ship_there not in ships):
            rep.report(doc, at, f"{square} is water")
            continue
        pieces = what if isinstance(what, list) else [what]
        solo = 0
        for j, piece in enumerate(pieces):
            where = at + ([j] if isinstance(what, list) else [])
            color, *rest = piece.split(" ")
            count = int(rest.pop(0)) if rest[0].isdigit() else 1
            name = rest[0]
            if color not in ships:
                rep.report(doc, where, f"{color} is not among the layout's ships")
                continue
            if name == "crate":
                if squares[cell] != DOCK:
                    rep.report(
                        doc, where, "a crate rests only on the dock (a loading space loads it)"
                    )
                elif len(pieces) > 1 or count != 1:
                    rep.report(doc, where, "a crate fills its square")
                else:
                    crates.append((cell, color))
                continue
            if name not in names and name.endswith("s") and name[:-1] in names:
                name = name[:-1]
            if name not in names:
                rep.report(
                    doc, where, f"no worker called {name} ({', '.join(dict.fromkeys(names))})"
                )
                continue
            kind = kinds[names.index(name)]
            solo += 0 if kind.stacks else 1
            placed[(color, name)] = placed.get((color, name), 0) + count
            if placed[(color, name)] > names.count(name):
                rep.report(
                    doc,
                    where,
                    f"{color} has {names.count(name)} {name}, not {placed[(color, name)]}",
                )
                continue
            workers.append((cell, color, name, count))
        if solo and (solo > 1 or len(pieces) > 1):
            rep.report(doc, at, "only Dockhands share a square")
    points: list[tuple[str, int]] = []
    for color, value in data.get("points", {}).items():
        if color not in ships:
            rep.report(doc, ["points", color], f"{color} is not among the layout's ships")
        else:
            points.append((color, value))
    front: list[tuple[str, str]] = []
    for color, crates_there in data.get("front", {}).items():
        if color not in ships:
            rep.report(doc, ["front", color], f"{color} is not among the layout's ships")
            continue
        for i, crate in enumerate(crates_there):
            if crate not in ships:
                rep.report(doc, ["front", color, i], f"{crate} is not among the layout's ships")
            else:
                front.append((color, crate))
    return StartingLayout(
        ships,
        tuple(crates),
        tuple(workers),
        to_move,
        data.get("moves"),
        tuple(points),
        tuple(front),
    )
