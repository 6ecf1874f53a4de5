"""A quick random policy for simulations: random, but the way a careless person plays.

Uniform choice over every legal action mostly picks one of the many tile placements and rarely
draws or ends a turn; this policy first picks what kind of thing to do, then a random legal
way of doing it, so games look like games and run fast. Every action it returns goes through
the same rules as any other (the session checks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from dockyard import Action

from .components import Cell, Dock, cell_name
from .facility import Facility
from .rounds import pending, phase_name
from .speed import changing, tile_layers, tile_pieces
from .tiles import DIRECTIONS, second_cell

if TYPE_CHECKING:
    from .components import ConveyorTile
    from .construction import Construction
    from .state import CuriousCargoState

FAR = 20  # squares: farther than any port on a board (an end that cannot reach one)


def quick_action(
    game: Construction, state: CuriousCargoState, seat: int, rng: random.Random
) -> Action:
    name = state.players[seat]
    decision = pending(state, seat)
    phase = phase_name(state)
    if decision is not None or phase == "card selection":
        return rng.choice(game.legal_actions(state, seat))
    player = state.seats[seat]
    if phase == "construction":
        turn = state.turn
        if turn.actions >= 1:
            tiles = list(dict.fromkeys(player.hand + [s[-1] for s in player.storage if s]))
            if tiles:
                best = _best_placement(game, state, seat, tiles, rng)
                if best is not None and (best[0] > 0 or not state.bag or rng.random() < 0.1):
                    return best[1]
            if game.check(state, Action(name, "draw"), seat) is None and len(player.hand) < 4:
                return Action(name, "draw")
        if not turn.token_used and rng.random() < 0.5:
            if game.check(state, Action(name, "boost"), seat) is None:
                return Action(name, "boost")
            splitters = [a for a in game.legal_actions(state, seat) if a.verb == "splitter"]
            if splitters:
                return rng.choice(splitters)
        return Action(name, "end")
    # Trucking: trucks go where goods can load (one's own Shipping side when it has active
    # docks), else onto the opponent's Shipping side, to push their trucks towards oneself.
    legal = game.legal_actions(state, seat)
    plays = [a for a in legal if a.verb == "play"]
    if plays:
        shipping = any(d.street == "shipping" for d in player.facility.active_docks())
        target = name if shipping else state.players[1 - seat]
        mine = [a for a in plays if a.args[1] == target]
        return rng.choice(mine or plays)
    if state.turn.main is None:
        if any(a.verb == "dispatch" for a in legal) and rng.random() < 0.5:
            return Action(name, "dispatch")
        recycle = [a for a in legal if a.verb == "recycle"]
        if recycle:  # no Truck card to play: storage tiles buy one for next time
            return rng.choice(recycle)
    if any(a.verb == "end" for a in legal):
        return Action(name, "end")
    return rng.choice(legal)


def _best_placement(
    game: Construction,
    state: CuriousCargoState,
    seat: int,
    tiles: list[str],
    rng: random.Random,
    weigh: Callable[[Dock, str | None, set[str]], float] | None = None,
    keep: bool = False,
    breadth: int = 4,
) -> tuple[float, Action] | None:
    """A greedy builder: extend the line from a loading dock towards a port of its color.

    For a few open line ends it tries every tile in every way that covers the square beyond the
    end, and keeps the placement whose line reaches a port, else ends nearest one of its color.
    Uniform random play almost never makes a connection; this does. `weigh(dock, color,
    wanted)` says how much a line matters (`wanted`: the good types with no Shipping
    connection yet); the `breadth` lines that matter most are tried (up to `breadth` ends of
    each), and 2 more at random so new lines get started too. With `keep`, no placement that
    breaks an active connection (a tile laid over its line) is considered."""
    player = state.seats[seat]
    fac = player.facility
    assert state.content is not None
    active = fac.active_docks()
    shipping_colors = {c for d, c in active.items() if d.street == "shipping"}
    wanted = set(state.side.colors if state.side else ()) - shipping_colors
    guard: set[Cell] = set()  # squares under active lines: a tile there may break one
    if keep:
        for dock in active:
            fac.trace(dock.cell, dock.side, cells=guard)
    ranked: list[tuple[float, Dock, str | None, list[tuple[Cell, str]]]] = []
    for dock in fac.board.docks:
        if dock in active:
            continue
        color, _, _, ends = _trace(fac, dock.cell, dock.side)
        if not ends:
            continue
        if color is None:  # no line yet: as good as a line of length 0 at the dock
            near = min(d.get(dock.cell, FAR) for d in fac.board.port_distances.values())
            base = -3.0 * near
        else:
            base = _score(fac, dock, color) or -100.0
        ranked.append((base, dock, color, ends))
    weigh = weigh or _weight
    ranked.sort(key=lambda r: (weigh(r[1], r[2], wanted), r[0]), reverse=True)
    chosen = ranked[:breadth] + (
        rng.sample(ranked[breadth:], 2) if len(ranked) > breadth + 1 else []
    )
    best: tuple[float, Action] | None = None
    scratch = fac.copy()  # trial tiles go here: a bot never changes the state it is shown
    colors = {t: {b.color for b in getattr(state.content.tile(t), state.face)} for t in tiles}
    for base, dock, color, ends in chosen:
        weight = weigh(dock, color, wanted)
        for cell, side in ends[:breadth]:
            for tile_id in tiles:
                if color is not None and color not in colors[tile_id]:
                    continue  # no belt of the line's color: it cannot take the line further
                tile = state.content.tile(tile_id)
                for direction in DIRECTIONS:
                    for anchor in (cell, _anchor_for(cell, direction)):
                        if not _takes(tile, state.face, anchor, direction, cell, side, color):
                            continue  # the line would not go on into the tile
                        if scratch.scaffolding_needed(anchor, direction) is None:
                            continue  # off the teal squares
                        kept = active if guard & {anchor, second_cell(anchor, direction)} else None
                        tried = _try(
                            scratch, tile, state.face, anchor, direction, dock, color, kept
                        )
                        if tried is None or tried[0] <= base:
                            continue
                        # a new line weighs as a line of the color it turned out to be
                        score = (tried[0] - base) * (
                            weight if color is not None else weigh(dock, tried[1], wanted)
                        )
                        if best is not None and score <= best[0]:
                            continue
                        # the rules decide (asked only of a placement that would be the best)
                        text = cell_name(anchor)
                        place = Action(player.name, "place", (tile_id, text, direction))
                        if game.check(state, place, seat) is None:
                            best = (score + rng.random(), place)
    if best is None:  # nothing extends a line: a random legal placement
        teal = sorted(fac.board.teal)
        for _ in range(10):
            tile_id = rng.choice(tiles)
            text = cell_name(rng.choice(teal))
            direction = rng.choice(DIRECTIONS)
            place = Action(player.name, "place", (tile_id, text, direction))
            if game.check(state, place, seat) is None:
                return (-1.0, place)
    return best


def _weight(dock: Dock, color: str | None, wanted: set[str]) -> float:
    """The quick bot's weights: a Shipping line of a good type not yet shipped a little more."""
    return 1.5 if dock.street == "shipping" and (color in wanted or color is None) else 1.0


def _anchor_for(cell: Cell, direction: str) -> Cell:
    """The square A whose square B, laid `direction`, is `cell`."""
    back = {"east": "west", "west": "east", "north": "south", "south": "north"}[direction]
    return second_cell(cell, back)


def _trace(
    fac: Facility, cell: Cell, side: str
) -> tuple[str | None, bool, int, list[tuple[Cell, str]]]:
    """Color, whether a port of that color is reached, squares covered, and the open ends."""
    piece = fac._piece_at(cell, side)
    if piece is None:
        return None, False, 0, [(cell, side)]
    ends: list[tuple[Cell, str]] = []
    found = fac.trace(cell, side, ends)
    assert found is not None
    color, reached, length = found
    return color, bool(reached), length, ends


def _score(fac: Facility, dock: object, color: str | None) -> float | None:
    """How good the dock's line is: reaching a port of its color, else near one (squares still
    to cover), its length only breaking ties (a line that winds about is not progress)."""
    new_color, reached, length, ends = _trace(fac, dock.cell, dock.side)  # type: ignore[attr-defined]
    if new_color is None or (color is not None and new_color != color):
        return None
    if reached:
        return 1000.0
    to_port = fac.board.port_distances.get(new_color, {})
    near = min((to_port.get(c, FAR) for c, _ in ends), default=FAR)
    return 0.1 * length - 3.0 * near


def _takes(
    tile: ConveyorTile,
    face: str,
    anchor: Cell,
    direction: str,
    cell: Cell,
    side: str,
    color: str | None,
) -> bool:
    """Would the tile, laid so, show a belt (of `color`, if given) on `side` of `cell`?"""
    pieces = tile_pieces(tile, face, direction)[0 if cell == anchor else 1]
    return any(side in sides and color in (None, c) for c, sides in pieces)


def _connects(fac: Facility, dock: Dock, color: str) -> bool:
    """Does `dock` still have an active connection of `color`?"""
    line = fac.line_from(dock.cell, dock.side)
    return line is not None and line[0] == color and bool(line[1])


def _try(
    fac: Facility,
    tile: object,
    face: str,
    anchor: Cell,
    direction: str,
    dock: object,
    color: str | None,
    kept: dict[Dock, str] | None = None,
) -> tuple[float, str] | None:
    """Lay the tile on a scratch copy of the facility, measure the dock's line and its color,
    and take the tile up again (so one scratch copy serves every trial). None when the dock
    has no line of `color`, or when an active connection of `kept` is lost. Lines are judged
    from above, so only the tile's two halves are put on top (no Scaffolding, no Gears)."""
    other = second_cell(anchor, direction)
    stacks = fac.stacks
    saved = {anchor: stacks.get(anchor), other: stacks.get(other)}
    layer_a, layer_b = tile_layers(tile, face, direction)  # type: ignore[arg-type]
    changing(fac)  # the stacks change: nothing worked out before holds during the trial
    stacks[anchor] = (*(saved[anchor] or ()), layer_a)
    stacks[other] = (*(saved[other] or ()), layer_b)
    try:
        if kept is not None and not all(_connects(fac, d, c) for d, c in kept.items()):
            return None
        score = _score(fac, dock, color)
        if score is None:
            return None
        piece = fac._piece_at(dock.cell, dock.side)  # type: ignore[attr-defined]
        assert piece is not None  # the dock's line was just measured
        return score, piece[0]
    finally:
        for c, stack in saved.items():
            if stack:
                fac.stacks[c] = stack
            else:
                del fac.stacks[c]
        changing(fac)  # the stacks changed back: nothing worked out during the trial holds
