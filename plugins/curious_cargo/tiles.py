"""Playing a Conveyor Tile: how a tile lies (rulebook: Playing a Conveyor Tile).

"Conveyor tiles may be placed in any orientation": a tile is laid with square A on the square
named and square B beside it (`east`, `south`, `west` or `north` of A); each square then shows
pieces of belt (a color and the sides it joins), and a Splitter joins all four sides of its
square. These are pure functions of the printed tile: speed.py keeps what they make
(`tile_pieces`, `tile_layers`), keyed on the tile, the face and the direction.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import Cell, ConveyorTile

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


def tile_layers(tile: ConveyorTile, face: str, direction: str) -> tuple[Layer, Layer]:
    """The layers a tile puts on square A and on square B when laid pointing `direction`
    (values: speed.py makes them once, and they are stacked wherever the tile goes)."""
    pieces_a, pieces_b = tile_pieces(tile, face, direction)
    return (
        Layer("tile", tile.id, "A", direction, pieces_a),
        Layer("tile", tile.id, "B", direction, pieces_b),
    )
