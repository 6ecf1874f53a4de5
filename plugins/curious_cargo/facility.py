"""A player's facility: the player board with its stacks of Conveyor tiles, Splitters and
Scaffolding, and the Active connections they make.

"An active connection is a contiguous line of a color that connects from a numbered loading dock
to one of the machine ports." Only the top piece of each square shows; lines join across squares
whatever the heights (a line is judged from above). A Splitter joins all four sides of its square.
Connections are counted per loading dock: a dock whose line reaches a port of its color is one
active connection, on either street.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .components import Board, Cell, ConveyorTile, Dock

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
DIRECTIONS = ("east", "south", "west", "north")  # where square B lies from square A
_TURNS = {"east": 0, "south": 1, "west": 2, "north": 3}  # quarter turns clockwise
_CLOCKWISE = ("N", "E", "S", "W")

# One visible piece in a square: its color and the sides it joins.
Piece = tuple[str, tuple[str, ...]]


def rotate(side: str, turns: int) -> str:
    return _CLOCKWISE[(_CLOCKWISE.index(side) + turns) % 4]


def neighbour(cell: Cell, side: str) -> Cell:
    dx, dy = STEP[side]
    return (cell[0] + dx, cell[1] + dy)


_B_SIDE = {d: rotate("E", _TURNS[d]) for d in DIRECTIONS}  # the side of A that B lies on


def second_cell(anchor: Cell, direction: str) -> Cell:
    dx, dy = STEP[_B_SIDE[direction]]
    return (anchor[0] + dx, anchor[1] + dy)


@cache
def tile_pieces(
    tile: ConveyorTile, face: str, direction: str
) -> tuple[tuple[Piece, ...], tuple[Piece, ...]]:
    """The pieces a tile shows on square A and on square B when laid pointing `direction`."""
    turns = _TURNS[direction]
    inner_a, inner_b = rotate("E", turns), rotate("W", turns)
    a: list[Piece] = []
    b: list[Piece] = []
    for belt in tile.face(face):
        (h1, s1), (h2, s2) = (end.split(".") for end in belt.ends)
        w1, w2 = rotate(s1, turns), rotate(s2, turns)
        if h1 == h2:
            (a if h1 == "A" else b).append((belt.color, (w1, w2)))
        else:
            a_side, b_side = (w1, w2) if h1 == "A" else (w2, w1)
            a.append((belt.color, (a_side, inner_a)))
            b.append((belt.color, (inner_b, b_side)))
    return tuple(a), tuple(b)


def splitter_piece(color: str) -> tuple[Piece, ...]:
    return ((color, ("N", "E", "S", "W")),)


@dataclass(frozen=True, slots=True)
class Layer:
    """One thing in a square's stack: half of a tile, a Splitter, or Scaffolding."""

    kind: str  # "tile", "splitter", "scaffolding"
    ref: str  # tile id, splitter color, or ""
    half: str = ""  # "A" or "B" for tiles
    direction: str = ""
    pieces: tuple[Piece, ...] = ()


SCAFFOLDING = Layer("scaffolding", "")


@cache
def tile_layers(tile: ConveyorTile, face: str, direction: str) -> tuple[Layer, Layer]:
    """The layers a tile puts on square A and on square B when laid pointing `direction`
    (values: made once, stacked wherever the tile goes)."""
    pieces_a, pieces_b = tile_pieces(tile, face, direction)
    return (
        Layer("tile", tile.id, "A", direction, pieces_a),
        Layer("tile", tile.id, "B", direction, pieces_b),
    )


@dataclass(slots=True, weakref_slot=True)
class Facility:
    board: Board
    # each square's stack, bottom first: a tuple, never changed, replaced when something is
    # laid on it (so a copy of the facility shares every stack)
    stacks: dict[Cell, tuple[Layer, ...]] = field(default_factory=dict)
    version: int = 0  # counts placements: caches of derived facts key on it
    # caches, not state: (version, active docks, the squares each dock's line looked at and
    # its color if active, in the order of board.docks) once worked out ...
    active_cache: (
        tuple[int, dict[Dock, str], tuple[frozenset[Cell], ...], tuple[str | None, ...]] | None
    ) = field(default=None, compare=False, repr=False)
    # ... and (version, the squares whose stacks that version changed)
    touched: tuple[int, tuple[Cell, ...]] = field(default=(0, ()), compare=False, repr=False)

    def height(self, cell: Cell) -> int:
        stack = self.stacks.get(cell)
        return len(stack) if stack else 0

    def top(self, cell: Cell) -> Layer | None:
        stack = self.stacks.get(cell)
        return stack[-1] if stack else None

    def copy(self) -> Facility:
        return Facility(
            self.board, dict(self.stacks), self.version, self.active_cache, self.touched
        )

    __clone__ = copy  # dockyard.speed.cloning: stacks are tuples of frozen layers, shared

    def stack_on(self, cell: Cell, *layers: Layer) -> None:
        """Lay `layers` on the square's stack, bottom first (within the current version)."""
        self.stacks[cell] = self.stacks.get(cell, ()) + layers
        version, cells = self.touched
        self.touched = (self.version, (*cells, cell) if version == self.version else (cell,))

    # ---- placement ---------------------------------------------------------------------------
    def lay_tile(
        self, tile: ConveyorTile, face: str, anchor: Cell, direction: str
    ) -> tuple[int, list[Cell]]:
        """Lay a tile (assumed legal), adding Scaffolding under the lower square; returns the
        Scaffolding used and the gear squares it covered."""
        other = second_cell(anchor, direction)
        layer_a, layer_b = tile_layers(tile, face, direction)
        ha, hb = self.height(anchor), self.height(other)
        low, diff = (anchor, hb - ha) if ha < hb else (other, ha - hb)
        gears = [c for c in (anchor, other) if c in self.board.gears and self.height(c) == 0]
        self.version += 1
        if diff:
            self.stack_on(low, *[SCAFFOLDING] * diff)
        self.stack_on(anchor, layer_a)
        self.stack_on(other, layer_b)
        return diff, gears

    def lay_splitter(self, color: str, cell: Cell) -> list[Cell]:
        gears = [cell] if cell in self.board.gears and self.height(cell) == 0 else []
        self.version += 1
        self.stack_on(cell, Layer("splitter", color, pieces=splitter_piece(color)))
        return gears

    def scaffolding_needed(self, anchor: Cell, direction: str) -> int | None:
        """Scaffolding a tile laid here needs to lie flat, or None if it cannot go here at all."""
        other = second_cell(anchor, direction)
        teal = self.board.teal
        if anchor not in teal or other not in teal:
            return None
        return abs(self.height(anchor) - self.height(other))

    # ---- connections -------------------------------------------------------------------------
    def _piece_at(self, cell: Cell, side: str) -> Piece | None:
        top = self.top(cell)
        if top is None:
            return None
        for piece in top.pieces:
            if side in piece[1]:
                return piece
        return None

    def line_from(self, cell: Cell, side: str) -> tuple[str, list[Cell]] | None:
        """Follow the line entering `cell` at `side`: its color and the machine ports it reaches
        (as the port squares), or None if no line starts there."""
        found = self.trace(cell, side)
        return None if found is None else (found[0], found[1])

    def trace(
        self,
        cell: Cell,
        side: str,
        ends: list[tuple[Cell, str]] | None = None,
        cells: set[Cell] | None = None,
        probed: set[Cell] | None = None,
    ) -> tuple[str, list[Cell], int] | None:
        """Like `line_from`, with the number of squares the line runs through; `ends` collects
        where the line stops short (the square and side it would enter next), `cells` the
        squares it runs through, `probed` every square whose top piece it looked at (the
        line stays the same while none of them changes)."""
        start = self._piece_at(cell, side)
        if start is None:
            if probed is not None:
                probed.add(cell)
            return None
        color = start[0]
        ports = self._ports()
        reached: list[Cell] = []
        seen: set[tuple[Cell, str]] = {(cell, side)}
        todo: list[tuple[Cell, str]] = [(cell, side)]
        while todo:
            here, entered = todo.pop()
            piece = self._piece_at(here, entered)
            if piece is None or piece[0] != color:
                if ends is not None:
                    ends.append((here, entered))
                continue
            if cells is not None:
                cells.add(here)
            for out in piece[1]:
                if out == entered:
                    continue
                port = ports.get((here, out))
                if port == color:
                    reached.append(here)
                nxt = neighbour(here, out)
                key = (nxt, OPPOSITE[out])
                if key not in seen and nxt in self.board.teal:
                    seen.add(key)
                    todo.append(key)
        squares = {c for c, _ in seen}
        if probed is not None:
            probed |= squares
        return color, reached, len(squares)

    def _ports(self) -> dict[tuple[Cell, str], str]:
        return self.board.port_map

    def active_docks(self) -> dict[Dock, str]:
        """Every dock with an active connection, and the color of its line (worked out once
        per placement: every change of the stacks counts in `version`). After one placement
        only the docks whose lines looked at a square it changed are traced again."""
        cached = self.active_cache
        if cached is not None and cached[0] == self.version:
            return dict(cached[1])
        docks = self.board.docks
        if cached is not None and cached[0] == self.version - 1 and self.touched[0] == self.version:
            # one placement since: only the docks whose lines looked at a square it changed
            changed = self.touched[1]
            looked = list(cached[2])
            colors = list(cached[3])
            for i, before in enumerate(cached[2]):
                if not before.isdisjoint(changed):
                    looked[i], colors[i] = self._dock_line(docks[i])
        else:
            looked, colors = [], []
            for dock in docks:
                probed, color = self._dock_line(dock)
                looked.append(probed)
                colors.append(color)
        active = {docks[i]: color for i, color in enumerate(colors) if color is not None}
        self.active_cache = (self.version, active, tuple(looked), tuple(colors))
        return dict(active)

    def _dock_line(self, dock: Dock) -> tuple[frozenset[Cell], str | None]:
        """The squares the line from `dock` looks at, and its color if it is active."""
        probed: set[Cell] = set()
        line = self.trace(dock.cell, dock.side, probed=probed)
        return frozenset(probed), line[0] if line is not None and line[1] else None
