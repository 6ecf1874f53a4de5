"""`show tile ID`: one Conveyor tile (both faces) or one Truck card, drawn with all it shows.

The faces of the components are public (they are in the box); where a component is (a hand,
the bag) is not, so these drawings say nothing about where it lies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dockyard.words import plural

from .facility import tile_pieces
from .render import pieces_glyph

if TYPE_CHECKING:
    from .components import Belt, ConveyorTile, TruckCard
    from .state import CargoState

SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _belt_words(belt: Belt) -> str:
    (h1, s1), (h2, s2) = (end.split(".") for end in belt.ends)
    return f"{belt.color} from {h1}'s {SIDES[s1]} side to {h2}'s {SIDES[s2]} side"


def tile_text(tile: ConveyorTile) -> str:
    lines = [
        f"{tile.id}: a Conveyor tile, drawn laid `east` (square A, where it is placed, west of "
        "square B)"
    ]
    for face, name in (("sand", "sand face (two colors)"), ("dark", "dark face (three colors)")):
        a, b = tile_pieces(tile, face, "east")
        belts = "; ".join(_belt_words(belt) for belt in tile.face(face)) or "no belts"
        lines.append(f"  {name}: A [{pieces_glyph(a)}] B [{pieces_glyph(b)}]  {belts}")
    lines.append("  key: │─┌┐└┘ belts (r red, b blue, p purple), ┼ two belts crossing")
    return "\n".join(lines)


def truck_text(card: TruckCard) -> str:
    spaces = "".join("[x]" if n in card.blocked else f"[{n}]" for n in range(1, card.size + 1))
    return "\n".join(
        [
            f"{card.id}: a Truck card of size {card.size} "
            f"({plural(card.length, 'street space')} with its cab), {card.ap} AP to play, "
            f"worth {plural(card.tiles, 'Conveyor tile')} when discarded for tiles",
            f"  rear {spaces}[cab] front  (cargo spaces from the rear; x takes no goods)",
            f"  bonus on the cab for filling it: {card.bonus}",
        ]
    )


def describe(state: CargoState, ident: str) -> str | None:
    content = state.content
    if content is None:
        return None
    try:
        return tile_text(content.tile(ident))
    except KeyError:
        pass
    try:
        return truck_text(content.truck(ident))
    except KeyError:
        return None


def component_ids(state: CargoState) -> list[str]:
    content = state.content
    if content is None:
        return []
    return [t.id for t in content.tiles] + [t.id for t in content.trucks]
