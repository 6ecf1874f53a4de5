"""Curious Cargo as numbers for RL (dockyard.interop: PettingZoo and OpenSpiel): one seat's
observation, laid out from the rulebook's components, from what that seat sees only (the
facts `view` shows: never a card or tile in the other player's hand, nor the bag or deck).

`layout(state)` names every block of numbers in order (`ObservedBlock`: name, size, meaning); the
README's table is `table(state)` for the box's content, and a test checks the two agree.
Squares are numbered as the action index names cells: a1, b1, ..., h1, a2, ... (row by row,
from the bottom). A player board's squares come as planes of one number per square. Only the
top piece of a stack shows ("a line is judged from above"), so it is the layer whose belts are
encoded; the layers under it count only in the stack's height (Scaffolding). Colors are always
red, blue and purple (the 3-color variant's third color), so both sides of the Shipping board give
the same size. Blocks of players come as the observing seat's first ("own"), then the other's
("other"); the own hand blocks are the only ones no other seat sees.

Speed (a batched env of 64 tables steps at least a quarter of the engine's random playout,
each observing): the numbers are written straight into the caller's float32 buffer (a numpy
row: `Game.write_observation`, `Encoder.encode_into`), from the state's own fields, never from
a view: the template (the printed board) copied in, then each facility's planes, which are
kept per facility and brought up to date square by square as tiles are laid (`_planes`), then
the rest; the numbers written together are packed at once (`Struct`). `encode` makes a new
float32 `array` the same way (numpy reads it without copying). Nothing is kept per table or
per pair of facilities: with many tables in one process, what is kept must stay small enough
to stay in the processor's cache. The layout is worked out once per content, board and Truck
cards (`_ENCODERS`, keyed on the very content and board objects, kept; at most 16).
"""

from __future__ import annotations

import weakref
from array import array
from dataclasses import dataclass
from struct import Struct
from typing import Any

from .components import COLORS, STREET_SPACES, Cell, CuriousCargoContent, cell_name
from .facility import Facility
from .rounds import PHASE_NAMES
from .speed import facts
from .state import RECEIVING, SHIPPING, CuriousCargoState

SIDES = ("N", "E", "S", "W")
MAINS = ("trucks", "tiles", "recycle")  # a Trucking turn's main choice
# a street space as seen from the street: a truck's cab, an open cargo space that is empty, a
# blocked cargo space, or an open cargo space holding a good of each color
SPACE_KINDS = ("cab", "empty", "blocked", *COLORS)
NUMBERS = 19  # the table's numbers written together at offset 0 (`Encoder.encode`)
PLAYER_NUMBERS = 18  # a player's numbers written together after its planes (`_player`)
# the divisors that keep every number in [0, 1] (dockyard.interop's bounds): a count of tiles
# or Truck cards by the number in the game; the others by a bound no game reaches
ROUNDS, SMALL, TOKENS, GOODS, POINTS, HEIGHT = 100, 8, 16, 32, 64, 8
KEPT = 512  # facilities whose planes are kept: many tables in one process
_NUMBERS, _PLAYER_NUMBERS = Struct(f"{NUMBERS}f"), Struct(f"{PLAYER_NUMBERS}f")
SPARSE = (  # a player's blocks written one number at a time, in order
    "storage",
    "active_docks",
    "streets",
    "storage_tops",
    "ship_columns",
    "receive_columns",
    "forklift",
    "first_on",
)


@dataclass(frozen=True)
class ObservedBlock:
    name: str
    size: int
    meaning: str


class Encoder:
    """The layout of one content, board and set of Truck cards, with each block's offset."""

    def __init__(self, content: CuriousCargoContent, state: CuriousCargoState) -> None:
        board = state.seats[0].facility.board
        self.content, self.board = content, board
        columns, rows = board.columns, board.rows
        self.cells = cells = columns * rows
        self.cell_index = {(c, r): r * columns + c for r in range(rows) for c in range(columns)}
        self.tiles = {t.id: i for i, t in enumerate(content.tiles)}
        trucks = [t.id for t in content.trucks] + sorted(state.extra_trucks)
        self.trucks = {t: i for i, t in enumerate(trucks)}
        self.track = len(content.track)
        self.per_tile, self.per_card = 1.0 / max(len(self.tiles), 1), 1.0 / max(len(trucks), 1)
        self.columns_ship = max(s.spaces for s in content.shipping_boards.values())
        self.columns_receive = max(s.slots for s in content.shipping_boards.values())
        self.blocks = blocks = self._blocks()
        self.at: dict[str, int] = {}
        offset = 0
        for b in blocks:
            self.at[b.name] = offset
            offset += b.size
        self.size = offset
        self.template = self._template()
        colors = {c: i for i, c in enumerate(COLORS)}
        sides = {s: i for i, s in enumerate(SIDES)}
        # where a belt of a color reaching a side of square 0 goes in a facility's planes
        # (height, then the belts, then Splitters: as the player's blocks lie)
        self.belt = {(c, s): (1 + colors[c] * 4 + sides[s]) * cells for c in COLORS for s in SIDES}
        self.color = colors
        self.plane_at = (self.at["own.height"], self.at["other.height"])
        self.offsets = [tuple(self.at[f"{who}.{b}"] for b in SPARSE) for who in ("own", "other")]
        self.facilities: dict[int, list[Any]] = {}  # see `_planes`
        self.planes_size = 14 * cells  # a facility's height, belt and Splitter planes

    def _blocks(self) -> list[ObservedBlock]:
        cells, S = self.cells, STREET_SPACES  # noqa: N806
        T, K = len(self.tiles), len(self.trucks)  # noqa: N806
        first, last = cell_name((0, 0)), cell_name((self.board.columns - 1, self.board.rows - 1))
        sq = f"per square ({first} ... {last})"
        rgb = "red, blue, purple"
        blocks = [
            # numbers written together, in this order (`encode`)
            ObservedBlock("round", 1, f"the round number / {ROUNDS}"),
            ObservedBlock("turn.actions", 1, f"Construction actions left this turn / {SMALL}"),
            ObservedBlock(
                "turn.token_used", 1, "1 once the turn's Construction / Trucking token is used"
            ),
            ObservedBlock("turn.ap", 1, f"Action Points left / {TOKENS}"),
            ObservedBlock(
                "turn.must_spend", 1, "1 while a Trucking token's AP must still be spent"
            ),
            ObservedBlock("to_act", 1, "1 when this seat is to act"),
            ObservedBlock("bag", 1, "Conveyor tiles in the bag / tiles in the game"),
            ObservedBlock("deck", 1, "Truck cards in the deck / Truck cards in the game"),
            ObservedBlock(
                "discarded", 2, "Conveyor tiles, Truck cards out of the game (/ tiles, / cards)"
            ),
            ObservedBlock(
                "supply.tokens", 2, f"Construction, Trucking tokens in the supply / {TOKENS}"
            ),
            ObservedBlock("supply.splitters", 3, f"Splitters in the supply / {SMALL}: {rgb}"),
            ObservedBlock("goods_removed", 3, f"goods removed from the game / {GOODS}: {rgb}"),
            ObservedBlock(
                "side", 1, "1 on the three-color side of the Shipping board (the 3-color variant)"
            ),
            # one-hot
            ObservedBlock("phase", len(PHASE_NAMES), "the phase: " + ", ".join(PHASE_NAMES)),
            ObservedBlock("turn.main", len(MAINS), "a Trucking turn's choice: " + ", ".join(MAINS)),
            ObservedBlock("question", 2, "this seat must answer: which docks load, what to store"),
            # the printed board
            ObservedBlock("board.teal", cells, f"1 on a teal square, {sq}"),
            ObservedBlock("board.gears", cells, f"1 on a printed Gear, {sq}"),
            ObservedBlock("board.machines", cells, f"1 on a machine, {sq}"),
            ObservedBlock("board.ports", 3 * cells, f"ports of each color ({rgb}) {sq}"),
            ObservedBlock(
                "board.docks", 2 * S, "1 where a dock is printed: Shipping 1-10, Receiving 1-10"
            ),
        ]
        for who in ("own", "other"):
            blocks += [
                ObservedBlock(f"{who}.height", cells, f"stack height / {HEIGHT} {sq}"),
                ObservedBlock(
                    f"{who}.belts",
                    3 * 4 * cells,
                    f"top piece's belt of each color ({rgb}) reaching each side (N, E, S, W), {sq}",
                ),
                ObservedBlock(
                    f"{who}.splitters", cells, f"1 where the top piece is a Splitter, {sq}"
                ),
                # numbers written together, in this order (`_player`)
                ObservedBlock(
                    f"{who}.storage", 2, "tiles in storage stacks a, b / tiles in the game"
                ),
                ObservedBlock(
                    f"{who}.hand_counts",
                    2,
                    "Conveyor tiles, Truck cards in hand (/ tiles, / cards)",
                ),
                ObservedBlock(
                    f"{who}.tokens",
                    3,
                    f"Construction tokens, Trucking tokens, Scaffolding / {TOKENS}",
                ),
                ObservedBlock(
                    f"{who}.splitters_owned", 3, f"Splitters owned, not placed / {SMALL}: {rgb}"
                ),
                ObservedBlock(f"{who}.shipped", 3, f"goods shipped / {GOODS}: {rgb}"),
                ObservedBlock(f"{who}.received", 3, f"goods received / {GOODS}: {rgb}"),
                ObservedBlock(f"{who}.bonus_points", 1, f"points from bonuses / {POINTS}"),
                ObservedBlock(f"{who}.first_in_order", 1, "1 when first in turn order"),
                # sparse
                ObservedBlock(
                    f"{who}.active_docks",
                    2 * S * 3,
                    f"active connection per dock (Shipping 1-10, Receiving 1-10) and color ({rgb})",
                ),
                ObservedBlock(
                    f"{who}.streets",
                    2 * S * len(SPACE_KINDS),
                    "per street (Shipping, Receiving) and space 1-10: " + ", ".join(SPACE_KINDS),
                ),
                ObservedBlock(
                    f"{who}.storage_tops", 2 * T, "the top tile of stack a, of stack b (by tile)"
                ),
                ObservedBlock(
                    f"{who}.ship_columns", self.columns_ship, "1 per completed Shipping column"
                ),
                ObservedBlock(
                    f"{who}.receive_columns",
                    self.columns_receive,
                    "1 per completed Receiving column",
                ),
                ObservedBlock(
                    f"{who}.forklift", self.track, "the Forklift's Turn Order track space"
                ),
                ObservedBlock(
                    f"{who}.first_on", self.track, "1 on each track space it reached first"
                ),
            ]
        return blocks + [
            ObservedBlock(
                "own.hand", T, "Conveyor tiles in own hand (by tile, in tiles.json's order)"
            ),
            ObservedBlock(
                "own.trucks", K, "Truck cards in own hand (by card, in trucks.json's order)"
            ),
            ObservedBlock("own.draft", K, "Truck cards dealt to own choice at setup"),
        ]

    def _template(self) -> array[float]:
        """Zeros, with the board's printed planes filled in."""
        out = array("f", bytes(4 * self.size))  # float32 zeros
        board, at, index = self.board, self.at, self.cell_index
        for cell in board.teal:
            out[at["board.teal"] + index[cell]] = 1.0
        for cell in board.gears:
            out[at["board.gears"] + index[cell]] = 1.0
        for machine in board.machines:
            for cell in machine.cells:
                out[at["board.machines"] + index[cell]] = 1.0
        for port in board.ports:
            plane = COLORS.index(port.color)
            out[at["board.ports"] + plane * self.cells + index[port.cell]] += 1.0
        for dock in board.docks:
            street = 0 if dock.street == SHIPPING else 1
            out[at["board.docks"] + street * STREET_SPACES + dock.number - 1] = 1.0
        return out

    def encode(self, state: CuriousCargoState, seat: int) -> array[float]:
        """`seat`'s observation as a new float32 array."""
        out = self.template[:]
        self._write(state, seat, out)
        return out

    def encode_into(self, state: CuriousCargoState, seat: int, out: memoryview) -> None:
        """`seat`'s observation written over `out`, a float32 buffer of `size` numbers."""
        out[:] = self.template  # type: ignore[call-overload]
        self._write(state, seat, out)

    def _write(self, state: CuriousCargoState, seat: int, out: Any) -> None:
        """Everything but the template, over a copy of it."""
        seats = state.seats
        me, them = seats[seat], seats[1 - seat]
        n = self.planes_size
        for at_planes, fac in zip(self.plane_at, (me.facility, them.facility), strict=True):
            out[at_planes : at_planes + n] = self._planes(fac)
        at = self.at
        flow, turn = state.flow, state.turn
        asked = flow.pending[-1] if flow.pending else None
        splitters, removed = state.splitters, state.goods_removed
        _NUMBERS.pack_into(
            out,
            0,
            flow.round / ROUNDS,
            turn.actions / SMALL,
            turn.token_used,
            turn.ap / TOKENS,
            turn.must_spend,
            seat in flow.active if asked is None else asked.player == seat,
            len(state.bag) * self.per_tile,
            len(state.deck) * self.per_card,
            len(state.discarded_tiles) * self.per_tile,
            len(state.discarded_cards) * self.per_card,
            state.construction / TOKENS,
            state.trucking / TOKENS,
            splitters.get("red", 0) / SMALL,
            splitters.get("blue", 0) / SMALL,
            splitters.get("purple", 0) / SMALL,
            removed.get("red", 0) / GOODS,
            removed.get("blue", 0) / GOODS,
            removed.get("purple", 0) / GOODS,
            state.side is not None and len(state.side.colors) == 3,
        )
        out[at["phase"] + flow.phase] = 1.0
        if turn.main is not None:
            out[at["turn.main"] + MAINS.index(turn.main)] = 1.0
        if asked is not None and asked.player == seat and asked.kind in ("load", "store"):
            out[at["question"] + (asked.kind == "store")] = 1.0
        # turn order (bonuses.turn_order): furthest ahead, then on top, then the first seat
        mine, theirs = (me.forklift, me.forklift_height), (them.forklift, them.forklift_height)
        first = mine > theirs or (mine == theirs and seat == 0)
        self._player(state, seat, 0, out, first)
        self._player(state, 1 - seat, 1, out, not first)
        tiles, trucks = self.tiles, self.trucks
        i = at["own.hand"]
        for t in me.hand:
            out[i + tiles[t]] += 1.0
        i = at["own.trucks"]
        for c in me.trucks:
            out[i + trucks[c]] += 1.0
        i = at["own.draft"]
        for c in me.draft:
            out[i + trucks[c]] += 1.0

    def _player(self, state: CuriousCargoState, who: int, n: int, out: Any, first: bool) -> None:
        p = state.seats[who]
        (numbers, docks, streets, tops, ship_columns, receive_columns, forklift,
         first_on) = self.offsets[n]  # fmt: skip
        a, b = p.storage
        splitters, shipped, received = p.splitters, p.shipped, p.received
        _PLAYER_NUMBERS.pack_into(
            out,
            4 * numbers,
            len(a) * self.per_tile,
            len(b) * self.per_tile,
            len(p.hand) * self.per_tile,
            len(p.trucks) * self.per_card,
            p.construction / TOKENS,
            p.trucking / TOKENS,
            p.scaffolding / TOKENS,
            splitters.get("red", 0) / SMALL,
            splitters.get("blue", 0) / SMALL,
            splitters.get("purple", 0) / SMALL,
            shipped.get("red", 0) / GOODS,
            shipped.get("blue", 0) / GOODS,
            shipped.get("purple", 0) / GOODS,
            received.get("red", 0) / GOODS,
            received.get("blue", 0) / GOODS,
            received.get("purple", 0) / GOODS,
            p.bonus_points / POINTS,
            first,
        )
        colors = self.color
        for dock, color in p.facility.active_docks().items():
            street = 0 if dock.street == SHIPPING else 1
            out[docks + ((street * STREET_SPACES + dock.number - 1) * 3) + colors[color]] = 1.0
        kinds = len(SPACE_KINDS)
        start = streets - kinds  # space 1 of the Shipping street at `streets`
        for trucks in (p.streets[SHIPPING], p.streets[RECEIVING]):
            for t in trucks:
                blocked = t.card.blocked
                for k, good in enumerate(t.cargo):
                    at = start + (t.rear + k) * kinds
                    if good is not None:
                        out[at + 3 + colors[good]] = 1.0
                    elif k + 1 in blocked:
                        out[at + 2] = 1.0
                    else:
                        out[at + 1] = 1.0
                out[start + t.front * kinds] = 1.0
            start += STREET_SPACES * kinds
        tiles = self.tiles
        if a:
            out[tops + tiles[a[-1]]] = 1.0
        if b:
            out[tops + len(tiles) + tiles[b[-1]]] = 1.0
        for column in p.ship_columns:
            out[ship_columns + column - 1] = 1.0
        for column in p.receive_columns:
            out[receive_columns + column - 1] = 1.0
        out[forklift + p.forklift] = 1.0
        for space, arrivals in state.track_arrivals.items():
            if arrivals and arrivals[0] == who:
                out[first_on + space] = 1.0

    # ---- what changes only with a placement: kept for the last few facilities -----------------

    def _planes(self, fac: Facility) -> array[float]:
        """The facility's height, belt and Splitter planes: worked out once per facility and
        then again only on the squares a placement changed (as speed.py's flat spots: the last
        KEPT facilities are remembered, by id, as [a weak reference, the version, the planes]:
        many tables share the encoder)."""
        known = facts(fac)
        entries, version = self.facilities, known.version
        entry = entries.get(id(fac))
        if entry is not None and entry[0]() is fac:
            if entry[1] != version:
                changed, cells = known.touched
                if entry[1] == version - 1 and changed == version:
                    for cell in cells:
                        self._square(fac, cell, entry[2])
                else:
                    entry[2] = self._fresh_planes(fac)
                entry[1] = version
            return entry[2]  # type: ignore[no-any-return]
        planes = self._fresh_planes(fac)
        if len(entries) >= KEPT:
            del entries[next(iter(entries))]  # the oldest
        entries[id(fac)] = [weakref.ref(fac), version, planes]
        return planes

    def _fresh_planes(self, fac: Facility) -> array[float]:
        planes = array("f", bytes(4 * 14 * self.cells))
        for cell in fac.stacks:
            self._square(fac, cell, planes)
        return planes

    def _square(self, fac: Facility, cell: Cell, planes: array[float]) -> None:
        """One square's numbers in the planes: its height, its top piece's belts and Splitter."""
        i, cells = self.cell_index[cell], self.cells
        for plane in range(1, 14):
            planes[plane * cells + i] = 0.0
        stack = fac.stacks.get(cell)
        planes[i] = len(stack) / HEIGHT if stack else 0
        if stack:
            top = stack[-1]
            belt = self.belt
            for color, sides in top.pieces:
                for side in sides:
                    planes[belt[color, side] + i] = 1.0
            if top.kind == "splitter":
                planes[13 * cells + i] = 1.0


_ENCODERS: dict[tuple[int, int, tuple[str, ...]], Encoder] = {}


def encoder(state: CuriousCargoState) -> Encoder:
    """The layout for this state's content, board and Truck cards (made once, kept)."""
    content = state.content
    assert content is not None
    board = state.seats[0].facility.board
    key = (id(content), id(board), tuple(state.extra_trucks))
    found = _ENCODERS.get(key)
    if found is None or found.content is not content or found.board is not board:
        if len(_ENCODERS) >= 16:
            _ENCODERS.clear()
        found = _ENCODERS[key] = Encoder(content, state)
    return found


def observation(state: CuriousCargoState, seat: int) -> array[float]:
    """`seat`'s observation: `observation_size(state)` float32 numbers (an array numpy reads
    without copying), laid out by `layout(state)`."""
    return encoder(state).encode(state, seat)


def write_observation(state: CuriousCargoState, seat: int, out: memoryview) -> None:
    """`seat`'s observation written over `out` (a float32 buffer of `observation_size(state)`
    numbers): the same numbers as `observation`, with no array made between."""
    encoder(state).encode_into(state, seat, out)


def observation_size(state: CuriousCargoState) -> int:
    return encoder(state).size


def layout(state: CuriousCargoState) -> list[ObservedBlock]:
    return list(encoder(state).blocks)


def table(state: CuriousCargoState) -> str:
    """The layout as the README's Markdown table (offset, size, meaning)."""
    lines = ["| offset | size | block | meaning |", "|---|---|---|---|"]
    offset = 0
    for b in encoder(state).blocks:
        lines.append(f"| {offset} | {b.size} | `{b.name}` | {b.meaning} |")
        offset += b.size
    lines.append(f"\n{offset:,} numbers in all.")
    return "\n".join(lines)
