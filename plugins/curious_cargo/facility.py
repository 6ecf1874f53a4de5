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

from .components import Board, Cell, ConveyorTile, Dock
from .speed import active_docks, changed, copied, tile_layers, touch
from .tiles import OPPOSITE, SCAFFOLDING, Layer, Piece, neighbour, second_cell, splitter_piece


@dataclass(slots=True, weakref_slot=True)
class Facility:
    board: Board
    # each square's stack, bottom first: a tuple, never changed, replaced when something is
    # laid on it (so a copy of the facility shares every stack)
    stacks: dict[Cell, tuple[Layer, ...]] = field(default_factory=dict)
    # (what is worked out from the stacks for speed lives in speed.py, never here: `facts`)

    def height(self, cell: Cell) -> int:
        stack = self.stacks.get(cell)
        return len(stack) if stack else 0

    def top(self, cell: Cell) -> Layer | None:
        stack = self.stacks.get(cell)
        return stack[-1] if stack else None

    def copy(self) -> Facility:
        copy = Facility(self.board, dict(self.stacks))
        copied(self, copy)  # the same stacks: what speed.py worked out holds for the copy
        return copy

    __clone__ = copy  # dockyard.speed.cloning: stacks are tuples of frozen layers, shared

    def stack_on(self, cell: Cell, *layers: Layer) -> None:
        """Lay `layers` on the square's stack, bottom first (within the current version: see
        speed.changing)."""
        self.stacks[cell] = self.stacks.get(cell, ()) + layers
        touch(self, cell)

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
        stacks = self.stacks
        if diff:
            stacks[low] = stacks.get(low, ()) + (SCAFFOLDING,) * diff
        stacks[anchor] = stacks.get(anchor, ()) + (layer_a,)
        stacks[other] = stacks.get(other, ()) + (layer_b,)
        changed(self, (low, anchor, other) if diff else (anchor, other))
        return diff, gears

    def lay_splitter(self, color: str, cell: Cell) -> list[Cell]:
        gears = [cell] if cell in self.board.gears and self.height(cell) == 0 else []
        self.stacks[cell] = self.stacks.get(cell, ()) + (
            Layer("splitter", color, pieces=splitter_piece(color)),
        )
        changed(self, (cell,))
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

    # `active_docks()`: every dock with an active connection, and the color of its line;
    # speed.py works it out once per placement (and after one placement traces again only the
    # docks whose lines looked at a square it changed), called as a method without a wrapper
    active_docks = active_docks

    def _dock_line(self, dock: Dock) -> tuple[frozenset[Cell], str | None]:
        """The squares the line from `dock` looks at, and its color if it is active."""
        probed: set[Cell] = set()
        line = self.trace(dock.cell, dock.side, probed=probed)
        return frozenset(probed), line[0] if line is not None and line[1] else None
