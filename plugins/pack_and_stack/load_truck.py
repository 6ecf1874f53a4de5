"""3. Load truck: every player loads at the same time, putting and taking back pieces until done.

"You can only load onto the truck's white area." "The number on the truck card shows the number
of levels that the truck carries." "There must be no overhanging pieces, i.e., if you load a
piece on a level other than 1, there must be no gaps underneath this piece." "You can load
pieces lying down or standing up." A rod lies along x (across the columns a-e) or along y
(across the rows 1-3), or stands upright; a piece is named by its first cube: lowest column,
lowest row, lowest level.
"""

from __future__ import annotations

from dockyard import Action, Context
from dockyard.words import with_article

from .components import (
    FILLED,
    NO_SQUARE,
    Placement,
    bit,
    cell_name,
    fits,
    parse_cell,
    rod_cells,
)
from .speed import legal_puts, placement_index, placements
from .state import Loaded, PackAndStackState

DONE = "done"


def describe(kind: str, place: Placement) -> str:
    how = (
        ""
        if place.orientation is None
        else " standing"
        if place.orientation == "standing"
        else f" along {place.orientation}"
    )
    return f"{kind} at {place.cell} level {place.level}{how}"


def put_options(state: PackAndStackState, seat: int, kind: str) -> list[Placement]:
    """Every legal placement of one piece of `kind` on the truck of `seat` now."""
    piece = state.c.piece(kind)
    truck = state.trucks[seat]
    if piece is None or truck is None:
        return []
    filled = state.filled[seat]
    return [p for p in placements(state.c.truck(truck), piece.size) if fits(filled, p)]


def legal_put(state: PackAndStackState, seat: int) -> list[Action]:
    """Every put `seat` may make now: each piece kind in hand, at each placement that fits."""
    truck_id = state.trucks[seat]
    if truck_id is None:
        return []
    truck = state.c.truck(truck_id)
    name = state.players[seat]
    filled = state.filled[seat]
    hand = state.hands[seat]
    out: list[Action] = []
    for piece in state.c.pieces:
        if hand[piece.kind]:
            out += legal_puts(truck, piece.size, name, piece.kind, filled)
    return out


def legal_remove(state: PackAndStackState, seat: int) -> list[Action]:
    """Every piece `seat` may take back off: those no other piece rests on (`_resting_on`),
    found in one pass over what supports all pieces, as no piece's support overlaps its cells."""
    name = state.players[seat]
    loads = state.loads[seat]
    supports = 0
    for loaded in loads:
        supports |= loaded.place.support
    return [
        Action(name, "remove", (loaded.place.cell, loaded.place.level))
        for loaded in loads
        if not loaded.place.mask & supports
    ]


def legal_loading(state: PackAndStackState, seat: int) -> list[Action]:
    """The Load truck phase's actions of `seat`: puts, removes, then done."""
    return [
        *legal_put(state, seat),
        *legal_remove(state, seat),
        Action(state.players[seat], DONE, ()),
    ]


def why_not_put(
    state: PackAndStackState, seat: int, kind: str, cell: str, level: int, orientation: str | None
) -> str | None:
    c = state.c
    piece = c.piece(kind)
    if piece is None:
        return f"there is no {kind} piece (pieces: {', '.join(c.kinds)})"
    if not state.hands[seat][kind]:
        left = ", ".join(f"{n} {k}" for k, n in state.hands[seat].items() if n) or "none"
        return f"you have no {kind} piece left to load (left: {left})"
    if piece.size == 1 and orientation is not None:
        return f"{with_article(kind)} piece is a single cube: leave out '{'standing' if orientation == 'standing' else 'along ' + orientation}'"
    if piece.size > 1 and orientation is None:
        return f"say how the {kind} piece goes: along x, along y or standing"
    xy = parse_cell(cell)
    if xy is None:
        return f"{cell} is not a square of a loading area (columns a-e, rows 1-3)"
    if level < 1:
        return "levels are counted from 1 (the truck's floor)"
    truck = c.truck(state.trucks[seat])  # type: ignore[arg-type]
    cells = rod_cells(piece.size, xy[0], xy[1], level, orientation)
    for x, y, z in cells:
        square = truck.square(x, y)
        if square == FILLED:
            return f"{cell_name(x, y)} on {truck.id} is printed as already filled: load only onto the white area"
        if square == NO_SQUARE:
            if (x, y) != xy and not (x < truck.width and y < truck.depth):
                return f"the piece would stick out past the edge of {truck.id}'s loading area"
            return f"{cell_name(x, y)} is not part of {truck.id}'s loading area"
        if z > truck.levels:
            limit = (
                "no stacking is allowed"
                if truck.levels == 1
                else f"it carries {truck.levels} levels"
            )
            return f"{truck.id} is a {truck.levels}-level truck ({limit}): the piece would reach level {z}"
    filled = state.filled[seat]
    for x, y, z in cells:
        if filled & bit(x, y, z):
            other = _piece_at(state, seat, x, y, z)
            return f"{cell_name(x, y)} level {z} is already taken by {with_article(other.kind if other else 'loaded')} piece"
    for x, y, z in cells:
        if z > 1 and (x, y, z - 1) not in cells and not filled & bit(x, y, z - 1):
            return f"the piece would overhang: nothing is loaded under {cell_name(x, y)} at level {z - 1}"
    assert (cell, level, orientation) in placement_index(truck, piece.size)
    return None


def do_put(
    state: PackAndStackState,
    seat: int,
    kind: str,
    cell: str,
    level: int,
    orientation: str | None,
    ctx: Context,
) -> None:
    piece = state.c.piece(kind)
    assert piece is not None
    truck = state.trucks[seat]
    assert truck is not None
    place = placement_index(state.c.truck(truck), piece.size)[(cell, level, orientation)]
    state.hands[seat][kind] -= 1
    state.loads[seat].append(Loaded(kind, place))
    state.filled[seat] |= place.mask
    name = state.players[seat]
    ctx.emit(
        "put", name, f"{name} loads {describe(kind, place)}", piece=kind, cell=cell, level=level
    )


def _piece_at(state: PackAndStackState, seat: int, x: int, y: int, z: int) -> Loaded | None:
    b = bit(x, y, z)
    return next((p for p in state.loads[seat] if p.place.mask & b), None)


def _resting_on(state: PackAndStackState, seat: int, loaded: Loaded) -> Loaded | None:
    """A piece that would overhang if `loaded` were taken away."""
    return next(
        (p for p in state.loads[seat] if p is not loaded and p.place.support & loaded.place.mask),
        None,
    )


def _loaded_from(state: PackAndStackState, seat: int, cell: str, level: int) -> Loaded | None:
    return next(
        (p for p in state.loads[seat] if p.place.cell == cell and p.place.level == level), None
    )


def why_not_remove(state: PackAndStackState, seat: int, cell: str, level: int) -> str | None:
    if parse_cell(cell) is None:
        return f"{cell} is not a square of a loading area (columns a-e, rows 1-3)"
    loaded = _loaded_from(state, seat, cell, level)
    if loaded is None:
        xy = parse_cell(cell)
        there = (
            _piece_at(state, seat, xy[0], xy[1], level)
            if xy is not None and 1 <= level <= 4
            else None
        )
        if there is None:
            return f"nothing is loaded at {cell} level {level}"
        p = there.place
        return f"the {there.kind} piece there starts at {p.cell} level {p.level}: remove {p.cell} level {p.level}"
    above = _resting_on(state, seat, loaded)
    if above is not None:
        return f"the {above.kind} piece at {above.place.cell} level {above.place.level} rests on it: take that off first"
    return None


def do_remove(state: PackAndStackState, seat: int, cell: str, level: int, ctx: Context) -> None:
    loaded = _loaded_from(state, seat, cell, level)
    assert loaded is not None
    state.loads[seat].remove(loaded)
    state.filled[seat] &= ~loaded.place.mask
    state.hands[seat][loaded.kind] += 1
    name = state.players[seat]
    ctx.emit(
        "remove",
        name,
        f"{name} takes the {describe(loaded.kind, loaded.place)} back off the truck",
        piece=loaded.kind,
        cell=cell,
        level=level,
    )


def why_not_done(state: PackAndStackState, seat: int) -> str | None:
    """A player who is loading may say done at any time, with pieces left in hand or not."""
    return None


def do_done(state: PackAndStackState, seat: int, ctx: Context) -> None:
    name = state.players[seat]
    left = sum(state.hands[seat].values())
    ctx.emit(
        "done",
        name,
        f"{name} has finished loading"
        + (f" ({left} piece{'s' * (left != 1)} left over)" if left else ""),
    )
