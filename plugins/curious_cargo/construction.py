"""The Construction Phase (rulebook: Construction Phase, Placing Conveyor Tiles, Scaffolding,
Splitters, Construction tokens).

"On your turn you have 3 actions": draw a Conveyor tile, or place one from hand or the top of a
storage stack; a Construction token gives more actions or places a Splitter. Covering a Gear
pays a Construction token; every placement moves the Forklift to the count of active
connections. `why_not_place` is the one placement rule: `check` asks it of one placement, and
`add_placements` asks its part that depends on the spot (`why_not_lay`) of every spot, the
common part once (and, with no house rule vetoing placements, the same test for every spot at
once through speed.py).
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Protocol

from dockyard import Action, Context
from dockyard.words import plural, with_article

from .bonuses import draw_tiles, give, move_forklift, tell_drawn, to_supply
from .components import Cell, Item, cell_name, parse_cell
from .rounds import CONSTRUCTION_ONLY, in_turn
from .speed import Caches, place_actions
from .state import CuriousCargoState
from .tiles import DIRECTIONS, second_cell

NOT_CONSTRUCTION = "that is a Construction Phase action"


class Construction(Protocol):
    """What the bots (quick_policy.py, heuristic.py) ask of the game: its public interface and
    the legal actions but the placements (the Game in game.py provides them; named here so
    that the bots need not import the game module, which imports them)."""

    hook: Any

    def legal_actions(self, state: CuriousCargoState, player: int) -> list[Action]: ...

    def legal_but_placements(self, state: CuriousCargoState, seat: int) -> list[Action]: ...

    def check(self, state: CuriousCargoState, action: Action, player: int) -> str | None: ...

    def clone(self, state: CuriousCargoState) -> CuriousCargoState: ...

    def apply(
        self, state: CuriousCargoState, action: Action, player: int, ctx: Context
    ) -> None: ...


@in_turn(CONSTRUCTION_ONLY, NOT_CONSTRUCTION)
def why_not_draw(state: CuriousCargoState, seat: int) -> str | None:
    if state.turn.actions < 1:
        return "you have no actions left this turn"
    if not state.bag:
        return "the bag is empty"
    return None


def do_draw(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    player = state.seats[seat]
    state.turn.actions -= 1
    got = draw_tiles(state, player, 1)
    ctx.emit(
        "draw",
        player.name,
        f"{player.name} draws a Conveyor tile ({plural(state.turn.actions, 'action')} left)",
    )
    tell_drawn(ctx, player, player.hand, got)


@in_turn(CONSTRUCTION_ONLY, NOT_CONSTRUCTION)
def why_not_place(
    state: CuriousCargoState, seat: int, tile: str, cell: str, direction: str, *, ctx: Context
) -> str | None:
    """Placing a Conveyor tile: an action left, the tile at hand (in hand or on top of a
    storage stack), then the spot (`why_not_lay`), asking house rules (`cc_why_not_place`)."""
    if state.turn.actions < 1:
        return "you have no actions left this turn"
    player = state.seats[seat]
    if tile not in player.hand and not any(s and s[-1] == tile for s in player.storage):
        where = (
            "in storage, but not on top of a stack"
            if any(tile in s for s in player.storage)
            else "not in your hand or storage"
        )
        return f"{tile} is {where}"
    if direction not in DIRECTIONS:
        return f"{direction!r} is not a direction"
    try:
        anchor = parse_cell(cell)
    except (ValueError, KeyError, IndexError):
        return f"{cell!r} is not a square"
    return why_not_lay(state, seat, tile, anchor, direction, ctx, veto=True)


def why_not_lay(
    state: CuriousCargoState,
    seat: int,
    tile: str,
    anchor: Cell,
    direction: str,
    ctx: Context,
    veto: bool,
) -> str | None:
    """Why the tile may not lie on `seat`'s facility at `anchor` facing `direction`: off the
    teal grid, too little Scaffolding to lie flat, or (when `veto`: some house rule may veto a
    placement) a house rule's reason."""
    player = state.seats[seat]
    fac = player.facility
    board = fac.board
    need = fac.scaffolding_needed(anchor, direction)
    if need is None:
        other = second_cell(anchor, direction)
        for c in (anchor, other):
            if not (0 <= c[0] < board.columns and 0 <= c[1] < board.rows):
                return f"the tile would stick out of the teal grid at {cell_name(c) if c[0] >= 0 and c[1] >= 0 else 'the edge'}"
            if c not in board.teal:
                what = "a wall" if c in board.walls else "a machine"
                return f"{cell_name(c)} is {what}: tiles go only on the teal grid"
        return "the tile cannot go there"
    if need > player.scaffolding:
        return f"the tile would not lie flat: it needs {need} Scaffolding and you have {player.scaffolding}"
    if veto:
        return ctx.hook.cc_why_not_place(  # type: ignore[no-any-return]
            state=state,
            seat=seat,
            tile=tile,
            anchor=anchor,
            direction=direction,
            scaffolding=need,
        )
    return None


def do_place(
    state: CuriousCargoState, seat: int, tile_id: str, cell: str, direction: str, ctx: Context
) -> None:
    player = state.seats[seat]
    state.turn.actions -= 1
    if tile_id in player.hand:
        player.hand.remove(tile_id)
        source = "hand"
    else:
        stack = next(i for i, s in enumerate(player.storage) if s and s[-1] == tile_id)
        player.storage[stack].pop()
        source = f"storage {'ab'[stack]}"
    assert state.content is not None
    tile = state.content.tile(tile_id)
    anchor = parse_cell(cell)
    used, gears = player.facility.lay_tile(tile, state.face, anchor, direction)
    player.scaffolding -= used
    scaffold = f" on {used} Scaffolding" if used else ""
    ctx.emit(
        "place",
        player.name,
        f"{player.name} places {tile_id} (from {source}) at {cell}-{cell_name(second_cell(anchor, direction))}{scaffold} "
        f"({plural(state.turn.actions, 'action')} left)",
        tile=tile_id,
        cell=cell,
    )
    after_placement(state, seat, gears, ctx)


def after_placement(state: CuriousCargoState, seat: int, gears: list[Cell], ctx: Context) -> None:
    """Covering a Gear gives a Construction token; the Forklift moves to the count of active
    connections."""
    for gear in gears:
        give(state, seat, Item("construction"), ctx, f"covering the Gear at {cell_name(gear)}")
    count = len(state.seats[seat].facility.active_docks())
    move_forklift(state, seat, count, ctx)


@in_turn(CONSTRUCTION_ONLY, NOT_CONSTRUCTION)
def why_not_boost(state: CuriousCargoState, seat: int) -> str | None:
    if state.turn.token_used:
        return "you have already used a Construction token this turn"
    if state.seats[seat].construction < 1:
        return "you have no Construction token"
    return None


def do_boost(state: CuriousCargoState, seat: int, ctx: Context) -> None:
    player = state.seats[seat]
    to_supply(state, player, "construction", 1)
    state.turn.token_used = True
    extra = state.rules["boost_actions"]
    state.turn.actions += extra
    ctx.emit(
        "boost",
        player.name,
        f"{player.name} uses a Construction token for {extra} more actions",
    )


@in_turn(CONSTRUCTION_ONLY, NOT_CONSTRUCTION)
def why_not_splitter(state: CuriousCargoState, seat: int, color: str, cell: str) -> str | None:
    player = state.seats[seat]
    if state.turn.token_used:
        return "you have already used a Construction token this turn"
    if player.construction < 1:
        return "placing a Splitter needs a Construction token"
    if player.splitters.get(color, 0) < 1:
        return f"you have no {color} Splitter"
    try:
        c = parse_cell(cell)
    except (ValueError, KeyError, IndexError):
        return f"{cell!r} is not a square"
    if c not in player.facility.board.teal:
        return f"{cell} is not on the teal grid"
    return None


def do_splitter(state: CuriousCargoState, seat: int, color: str, cell: str, ctx: Context) -> None:
    player = state.seats[seat]
    to_supply(state, player, "construction", 1)
    state.turn.token_used = True
    player.splitters[color] -= 1
    gears = player.facility.lay_splitter(color, parse_cell(cell))
    ctx.emit(
        "splitter",
        player.name,
        f"{player.name} uses a Construction token to place {with_article(color)} Splitter at {cell}",
    )
    after_placement(state, seat, gears, ctx)


def add_placements(
    state: CuriousCargoState,
    seat: int,
    legal: list[Action],
    ctx: Context,
    caches: Caches,
    veto: bool,
) -> None:
    """Put the legal tile placements at the end of `legal`: the same test as `why_not_place`,
    its common part once, then spot by spot (`why_not_lay`), the tiles at hand in turn. Asked
    in `seat`'s Construction turn with no question of theirs waiting (the guard of
    `why_not_place`, which the enumeration of legal actions has seen pass). `veto`: some house
    rule may veto a placement (else no rule hook is asked); `caches`: the bound game's."""
    if state.turn.actions < 1:
        return
    player = state.seats[seat]
    hand, storage = player.hand, player.storage
    if not hand and not storage[0] and not storage[1]:
        return
    name = player.name
    tiles = tuple(dict.fromkeys(hand + [s[-1] for s in storage if s]))
    fac = player.facility
    scaffolding = player.scaffolding
    if veto:
        tile_spots = fac.board.tile_spots
        legal += [
            Action(name, "place", (tile, cell_text, direction))
            for anchor, _, direction, cell_text in map(
                tile_spots.__getitem__, caches.flat_spots(fac, scaffolding)
            )
            for tile in tiles
            if not why_not_lay(state, seat, tile, anchor, direction, ctx, veto=True)
        ]
        return
    # the same test as why_not_lay, for every spot at once; the actions are made once
    # per board and tile, and those of the flat spots picked in C
    flat = caches.flat(fac, scaffolding)
    board = fac.board
    if len(tiles) == 1:
        legal += compress(place_actions(board, name, tiles[0]), flat)
        return
    rows = [list(compress(place_actions(board, name, tile), flat)) for tile in tiles]
    step, start = len(tiles), len(legal)
    legal += [PLACEHOLDER] * (len(rows[0]) * step)
    for k, row in enumerate(rows):
        legal[start + k :: step] = row


PLACEHOLDER = Action("", "place")  # fills a list of placements before they are put in
