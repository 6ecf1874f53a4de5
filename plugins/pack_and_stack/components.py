"""The components in the box, built from content/pack_and_stack/ and checked against the rulebook.

Wooden pieces are rods of 1 to 5 unit cubes; a die per kind of piece; 30 truck cards whose
loading area fits within 5x3 squares (some printed as already filled) and carries 1 to 4 levels;
point markers. The geometry is here: every place a rod of each size could lie or stand on a
truck, as bit masks over its 5 x 3 x 4 cells (speed.py remembers it once per truck and size).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from dockyard.loader import Content, ContentError, Document, Reporter

from . import INFO

COLUMNS = "abcde"
MAX_WIDTH, MAX_DEPTH, MAX_LEVELS = 5, 3, 4  # a loading area fits within 5x3 squares
TRUCKS_PER_LEVELS = {1: 9, 2: 10, 3: 6, 4: 5}  # the rulebook's 30 truck cards
DIE_FACES = 6
RULEBOOK_KINDS = ("white", "grey", "brown", "turquoise", "purple")  # the box's pieces

WHITE, FILLED, NO_SQUARE = "o", "#", "."
ALONG_X, ALONG_Y, STANDING = "x", "y", "standing"
ORIENTATIONS = (ALONG_X, ALONG_Y, STANDING)


@dataclass(frozen=True)
class PieceKind:
    kind: str
    size: int  # length in unit cubes
    count: int  # how many the box holds
    letter: str  # drawn on truck grids


@dataclass(frozen=True)
class Die:
    piece: str
    faces: tuple[int, ...]


@dataclass(frozen=True)
class PackAndStackTruckCard:
    id: str
    levels: int
    area: tuple[str, ...]  # as printed: back row first, row 1 (at the arrow) last
    white: frozenset[tuple[int, int]]  # (x, y) of the white squares; y 0 is row 1

    @property
    def width(self) -> int:
        return len(self.area[0])

    @property
    def depth(self) -> int:
        return len(self.area)

    @property
    def capacity(self) -> int:
        """Unit cubes the truck holds: white squares times levels."""
        return len(self.white) * self.levels

    def square(self, x: int, y: int) -> str:
        """The printed square at (x, y): WHITE, FILLED or NO_SQUARE (also off the card)."""
        if 0 <= x < self.width and 0 <= y < self.depth:
            return self.area[self.depth - 1 - y][x]
        return NO_SQUARE


@dataclass(frozen=True)
class Placement:
    """One place a rod can take on a truck: its first cell, level and orientation, as masks."""

    cell: str  # the piece's first square (lowest column, lowest row)
    level: int  # its lowest level, 1-based
    orientation: str | None  # None for a single cube
    cells: tuple[tuple[int, int, int], ...]  # (x, y, level) of each unit cube
    mask: int  # the cells it fills
    support: int  # the cells that must be filled under it (no overhang)

    @property
    def top(self) -> int:
        return max(z for _, _, z in self.cells)


@dataclass(frozen=True)
class Components:
    pieces: tuple[PieceKind, ...]  # by size, smallest first
    dice: tuple[Die, ...]
    trucks: tuple[PackAndStackTruckCard, ...]
    markers: tuple[tuple[int, int], ...]  # (value, count) in the box
    start: tuple[tuple[int, int], ...]  # (value, count) each player starts with

    @cached_property
    def _by_name(self) -> tuple[dict[str, PieceKind], dict[str, PackAndStackTruckCard]]:
        return {p.kind: p for p in self.pieces}, {t.id: t for t in self.trucks}

    def piece(self, kind: str) -> PieceKind | None:
        return self._by_name[0].get(kind)

    def truck(self, truck_id: str) -> PackAndStackTruckCard:
        return self._by_name[1][truck_id]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(p.kind for p in self.pieces)

    @property
    def total_points(self) -> int:
        return sum(v * n for v, n in self.markers)

    @property
    def start_points(self) -> int:
        return sum(v * n for v, n in self.start)

    @property
    def total_pieces(self) -> int:
        return sum(p.count for p in self.pieces)


def cell_name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(name: str) -> tuple[int, int] | None:
    """(x, y) of a cell name such as b2, or None when it is off every truck or not written the
    one way a cell is written (b02 is not b2)."""
    digits = name[1:]
    if len(name) < 2 or name[0] not in COLUMNS or not digits.isascii() or not digits.isdigit():
        return None
    if digits.startswith("0"):
        return None
    y = int(name[1:]) - 1
    if not 0 <= y < MAX_DEPTH:
        return None
    return COLUMNS.index(name[0]), y


def bit(x: int, y: int, level: int) -> int:
    """The bit of one unit cell; level is 1-based."""
    return 1 << ((level - 1) * MAX_WIDTH * MAX_DEPTH + y * MAX_WIDTH + x)


def rod_cells(
    size: int, x: int, y: int, level: int, orientation: str | None
) -> list[tuple[int, int, int]]:
    if size == 1 or orientation is None:
        return [(x, y, level)][:size]
    dx, dy, dz = {ALONG_X: (1, 0, 0), ALONG_Y: (0, 1, 0), STANDING: (0, 0, 1)}[orientation]
    return [(x + dx * i, y + dy * i, level + dz * i) for i in range(size)]


def support_of(cells: Iterable[tuple[int, int, int]]) -> int:
    """Cells that must be filled so none of these overhangs: under each cube not on the piece."""
    cells = list(cells)
    own = {(x, y, z) for x, y, z in cells}
    mask = 0
    for x, y, z in cells:
        if z > 1 and (x, y, z - 1) not in own:
            mask |= bit(x, y, z - 1)
    return mask


def fits(filled: int, place: Placement) -> bool:
    """Free cells, and everything under the piece filled (no overhang): `filled` is the bit mask
    of the cells a truck's load fills."""
    return not filled & place.mask and filled & place.support == place.support


def placements(truck: PackAndStackTruckCard, size: int) -> tuple[Placement, ...]:
    """Every place a rod of `size` fits on `truck` (white squares only, within its levels).
    Worked out anew at each call: the rules ask `speed.placements`, which remembers it."""
    out: list[Placement] = []
    orientations: tuple[str | None, ...] = (None,) if size == 1 else ORIENTATIONS
    for level in range(1, truck.levels + 1):
        for y in range(truck.depth):
            for x in range(truck.width):
                for orientation in orientations:
                    cells = rod_cells(size, x, y, level, orientation)
                    if all(
                        truck.square(cx, cy) == WHITE and cz <= truck.levels for cx, cy, cz in cells
                    ):
                        mask = 0
                        for c in cells:
                            mask |= bit(*c)
                        out.append(
                            Placement(
                                cell_name(x, y),
                                level,
                                orientation,
                                tuple(cells),
                                mask,
                                support_of(cells),
                            )
                        )
    return tuple(out)


# ---- building and checking the content ------------------------------------------------------


def build(content: Content) -> Components:
    """Typed components from the validated documents; ContentError naming every problem."""
    rep = Reporter(content)
    docs = {kind: rep.one(kind, "Pack & Stack") for kind in ("pieces", "dice", "trucks", "markers")}
    rep.raise_if_any()
    pieces = _pieces(rep, docs["pieces"])
    dice = _dice(rep, docs["dice"], pieces)
    trucks = _trucks(rep, docs["trucks"])
    markers, start = _markers(rep, docs["markers"])
    if rep.problems:
        raise ContentError(sorted(rep.problems))
    return Components(tuple(sorted(pieces, key=lambda p: p.size)), dice, trucks, markers, start)


def _pieces(rep: Reporter, doc: Document) -> list[PieceKind]:
    out: list[PieceKind] = []
    seen: dict[str, set[Any]] = {"kind": set(), "size": set(), "letter": set()}
    for i, entry in enumerate(doc.data["pieces"]):
        piece = PieceKind(entry["kind"], entry["size"], entry["count"], entry["letter"])
        for key in ("kind", "size", "letter"):
            value = getattr(piece, key)
            if value in seen[key]:
                rep.report(doc, ["pieces", i, key], f"two kinds of piece have {key} {value!r}")
            seen[key].add(value)
        if piece.size > MAX_WIDTH:
            rep.report(
                doc,
                ["pieces", i, "size"],
                f"a rod of {piece.size} cannot fit on any truck (at most {MAX_WIDTH} squares long)",
            )
        out.append(piece)
    if 1 not in seen["size"]:
        rep.report(
            doc,
            ["pieces"],
            "one kind of piece must be the size-1 cube: empty space is counted in those",
        )
    return out


def _dice(rep: Reporter, doc: Document, pieces: list[PieceKind]) -> tuple[Die, ...]:
    kinds = {p.kind for p in pieces}
    out: list[Die] = []
    for i, entry in enumerate(doc.data["dice"]):
        die = Die(entry["piece"], tuple(entry["faces"]))
        if die.piece not in kinds:
            rep.report(
                doc,
                ["dice", i, "piece"],
                f"no kind of piece is called {die.piece!r} (pieces: {', '.join(sorted(kinds))})",
            )
        if len(die.faces) != DIE_FACES:
            rep.report(
                doc,
                ["dice", i, "faces"],
                f"a die has {DIE_FACES} faces, this one {len(die.faces)}",
            )
        out.append(die)
    counts = Counter(d.piece for d in out)
    for kind in sorted(kinds):
        if counts[kind] != 1:
            rep.report(doc, ["dice"], f"each kind of piece has one die: {kind} has {counts[kind]}")
    return tuple(out)


def _trucks(rep: Reporter, doc: Document) -> tuple[PackAndStackTruckCard, ...]:
    out: list[PackAndStackTruckCard] = []
    ids: set[str] = set()
    for i, entry in enumerate(doc.data["trucks"]):
        where = ["trucks", i]
        tid, levels, area = entry["id"], entry["levels"], tuple(entry["area"])
        if tid in ids:
            rep.report(doc, [*where, "id"], f"two truck cards are called {tid}")
        ids.add(tid)
        widths = {len(row) for row in area}
        if len(area) > MAX_DEPTH or max(widths) > MAX_WIDTH:
            rep.report(
                doc,
                [*where, "area"],
                f"{tid}'s loading area is {max(widths)}x{len(area)} squares; it must fit within {MAX_WIDTH}x{MAX_DEPTH}",
            )
            continue
        if len(widths) != 1:
            rep.report(
                doc,
                [*where, "area"],
                f"{tid}'s rows differ in length ({sorted(widths)}); draw missing squares as '.'",
            )
            continue
        white = frozenset(
            (x, len(area) - 1 - r)
            for r, row in enumerate(area)
            for x, ch in enumerate(row)
            if ch == WHITE
        )
        if not white:
            rep.report(doc, [*where, "area"], f"{tid} has no white square to load onto")
        if levels > 1 and len(white) >= MAX_WIDTH * MAX_DEPTH:
            rep.report(
                doc,
                [*where, "area"],
                f"{tid} carries {levels} levels but uses all {MAX_WIDTH * MAX_DEPTH} squares; taller trucks never do",
            )
        out.append(PackAndStackTruckCard(tid, levels, area, white))
    counts = Counter(entry["levels"] for entry in doc.data["trucks"])
    for levels, want in TRUCKS_PER_LEVELS.items():
        if counts[levels] != want:
            rep.report(
                doc,
                ["trucks"],
                f"the deck has {want} trucks with {levels} level(s), this one {counts[levels]}",
            )
    return tuple(out)


def _markers(
    rep: Reporter, doc: Document
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    box: dict[int, int] = {}
    for i, entry in enumerate(doc.data["markers"]):
        if entry["value"] in box:
            rep.report(
                doc,
                ["markers", i, "value"],
                f"markers of value {entry['value']} are listed twice",
            )
        box[entry["value"]] = box.get(entry["value"], 0) + entry["count"]
    start: dict[int, int] = {}
    for i, entry in enumerate(doc.data["start"]):
        value, count = entry["value"], entry["count"]
        start[value] = start.get(value, 0) + count
        need = start[value] * INFO.max_players
        if need > box.get(value, 0):
            rep.report(
                doc,
                ["start", i],
                f"{INFO.max_players} players need {need} markers of {value}, the box holds {box.get(value, 0)}",
            )
    if not any(start.values()):
        rep.report(doc, ["start"], "players must start with some points")
    return tuple(sorted(box.items())), tuple(sorted(start.items(), reverse=True))
