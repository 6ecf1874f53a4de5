"""Curious Cargo as numbers for RL (dockyard.interop: PettingZoo and OpenSpiel): one seat's
observation, laid out from the rulebook's components, from what that seat sees only (the
facts `view` shows: never a card or tile in the other player's hand, nor the bag or deck).

`layout(state)` names every block of numbers in order (`Block`: name, size, meaning); the
README's table is `table(state)` for the box's content, and a test checks the two agree.
Squares are numbered as the action index names cells: a1, b1, ..., h1, a2, ... (row by row,
from the bottom). A player board's squares come as planes of one number per square. Only the
top piece of a stack shows ("a line is judged from above"), so it is the layer whose belts are
encoded; the layers under it count only in the stack's height (Scaffolding). Colors are always
red, blue and purple (Night Shift's third color), so both sides of the Shipping board give
the same size. Blocks of players come as the observing seat's first ("own"), then the other's
("other"); the own hand blocks are the only ones no other seat sees.

Speed: the observation is built from the state's own fields into one list (a copy of a template
holding the board's printed planes); the layout is worked out once per content, board and
Truck cards (`_ENCODERS`, keyed on the very content and board objects, kept; at most 16).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from .bonuses import turn_order
from .components import COLORS, STREET_SPACES, Cell, CuriousCargoContent, cell_name
from .facility import Facility
from .rounds import PHASE_NAMES
from .state import RECEIVING, SHIPPING, CargoState

SIDES = ("N", "E", "S", "W")
MAINS = ("trucks", "tiles", "recycle")  # a Trucking turn's main choice
# a street space as seen from the street: a truck's cab, an open cargo space that is empty, a
# blocked cargo space, or an open cargo space holding a good of each color
SPACE_KINDS = ("cab", "empty", "blocked", *COLORS)
PLAYER_NUMBERS = (  # a player's blocks after the facility's planes, in order
    "active_docks",
    "streets",
    "storage",
    "storage_tops",
    "hand_counts",
    "tokens",
    "splitters_owned",
    "shipped",
    "received",
    "ship_columns",
    "receive_columns",
    "bonus_points",
    "forklift",
    "first_on",
    "first_in_order",
)


@dataclass(frozen=True)
class Block:
    name: str
    size: int
    meaning: str


class Encoder:
    """The layout of one content, board and set of Truck cards, with each block's offset."""

    def __init__(self, content: CuriousCargoContent, state: CargoState) -> None:
        board = state.seats[0].facility.board
        self.content, self.board = content, board
        columns, rows = board.columns, board.rows
        self.cells = cells = columns * rows
        self.cell_index = {(c, r): r * columns + c for r in range(rows) for c in range(columns)}
        self.tiles = {t.id: i for i, t in enumerate(content.tiles)}
        trucks = [t.id for t in content.trucks] + sorted(state.extra_trucks)
        self.trucks = {t: i for i, t in enumerate(trucks)}
        self.track = len(content.track)
        self.columns_ship = max(s.spaces for s in content.shipping_boards.values())
        self.columns_receive = max(s.slots for s in content.shipping_boards.values())
        T, K, S = len(self.tiles), len(self.trucks), STREET_SPACES  # noqa: N806
        first, last = cell_name((0, 0)), cell_name((columns - 1, rows - 1))
        sq = f"per square ({first} ... {last})"
        blocks = [
            Block("phase", len(PHASE_NAMES), "the phase: " + ", ".join(PHASE_NAMES)),
            Block("round", 1, "the round number"),
            Block("turn.actions", 1, "Construction actions left this turn"),
            Block("turn.token_used", 1, "1 once the turn's Construction / Trucking token is used"),
            Block("turn.main", len(MAINS), "a Trucking turn's choice: " + ", ".join(MAINS)),
            Block("turn.ap", 1, "Action Points left"),
            Block("turn.must_spend", 1, "1 while a Trucking token's AP must still be spent"),
            Block("to_act", 1, "1 when this seat is to act"),
            Block("question", 2, "this seat must answer: which docks load, what to store"),
            Block("bag", 1, "Conveyor tiles in the bag"),
            Block("deck", 1, "Truck cards in the deck"),
            Block("discarded", 2, "Conveyor tiles, Truck cards out of the game"),
            Block("supply.tokens", 2, "Construction, Trucking tokens in the supply"),
            Block("supply.splitters", 3, "Splitters in the supply: red, blue, purple"),
            Block("goods_removed", 3, "goods removed from the game: red, blue, purple"),
            Block("side", 1, "1 on the three-color side of the Shipping board (Night Shift)"),
            Block("board.teal", cells, f"1 on a teal square, {sq}"),
            Block("board.gears", cells, f"1 on a printed Gear, {sq}"),
            Block("board.machines", cells, f"1 on a machine, {sq}"),
            Block("board.ports", 3 * cells, f"ports of each color (red, blue, purple) {sq}"),
            Block(
                "board.docks",
                2 * S,
                "1 where a loading dock is printed: Shipping 1-10, Receiving 1-10",
            ),
        ]
        for who in ("own", "other"):
            blocks += [
                Block(f"{who}.height", cells, f"stack height {sq}"),
                Block(
                    f"{who}.belts",
                    3 * 4 * cells,
                    f"top piece's belt of each color (red, blue, purple) reaching each side (N, E, S, W), {sq}",
                ),
                Block(f"{who}.splitters", cells, f"1 where the top piece is a Splitter, {sq}"),
                Block(
                    f"{who}.active_docks",
                    2 * S * 3,
                    "active connection per dock (Shipping 1-10, Receiving 1-10) and color (red, blue, purple)",
                ),
                Block(
                    f"{who}.streets",
                    2 * S * len(SPACE_KINDS),
                    "per street (Shipping, Receiving) and space 1-10: " + ", ".join(SPACE_KINDS),
                ),
                Block(f"{who}.storage", 2, "tiles in storage stacks a, b"),
                Block(
                    f"{who}.storage_tops", 2 * T, "the top tile of stack a, of stack b (by tile)"
                ),
                Block(f"{who}.hand_counts", 2, "Conveyor tiles, Truck cards in hand"),
                Block(f"{who}.tokens", 3, "Construction tokens, Trucking tokens, Scaffolding"),
                Block(
                    f"{who}.splitters_owned", 3, "Splitters owned, not placed: red, blue, purple"
                ),
                Block(f"{who}.shipped", 3, "goods shipped: red, blue, purple"),
                Block(f"{who}.received", 3, "goods received: red, blue, purple"),
                Block(f"{who}.ship_columns", self.columns_ship, "1 per completed Shipping column"),
                Block(
                    f"{who}.receive_columns",
                    self.columns_receive,
                    "1 per completed Receiving column",
                ),
                Block(f"{who}.bonus_points", 1, "points from bonuses"),
                Block(f"{who}.forklift", self.track, "the Forklift's Turn Order track space"),
                Block(f"{who}.first_on", self.track, "1 on each track space it reached first"),
                Block(f"{who}.first_in_order", 1, "1 when first in turn order"),
            ]
        blocks += [
            Block("own.hand", T, "Conveyor tiles in own hand (by tile, in tiles.json's order)"),
            Block("own.trucks", K, "Truck cards in own hand (by card, in trucks.json's order)"),
            Block("own.draft", K, "Truck cards dealt to own choice at setup"),
        ]
        self.blocks = blocks
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
        self.plane_at = [self.at[who + ".height"] for who in ("own", "other")]
        self.offsets = [
            tuple(self.at[f"{who}.{b}"] for b in PLAYER_NUMBERS) for who in ("own", "other")
        ]
        self.facilities: list[list[Any]] = []  # [weak reference, version, planes]

    def _template(self) -> list[float]:
        """Zeros, with the board's printed planes filled in."""
        out = [0.0] * self.size
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

    def encode(self, state: CargoState, seat: int) -> list[float]:
        out = self.template[:]  # the one list made
        at = self.at
        flow, turn = state.flow, state.turn
        out[at["phase"] + flow.phase] = 1.0
        out[at["round"]] = flow.round
        out[at["turn.actions"]] = turn.actions
        out[at["turn.token_used"]] = turn.token_used
        if turn.main is not None:
            out[at["turn.main"] + MAINS.index(turn.main)] = 1.0
        out[at["turn.ap"]] = turn.ap
        out[at["turn.must_spend"]] = turn.must_spend
        if flow.pending:
            asked = flow.pending[-1]
            if asked.player == seat and asked.kind in ("load", "store"):
                out[at["question"] + (asked.kind == "store")] = 1.0
            out[at["to_act"]] = asked.player == seat
        else:
            out[at["to_act"]] = seat in flow.active
        out[at["bag"]] = len(state.bag)
        out[at["deck"]] = len(state.deck)
        i = at["discarded"]
        out[i], out[i + 1] = len(state.discarded_tiles), len(state.discarded_cards)
        i = at["supply.tokens"]
        out[i], out[i + 1] = state.construction, state.trucking
        self._colors(out, at["supply.splitters"], state.splitters)
        self._colors(out, at["goods_removed"], state.goods_removed)
        out[at["side"]] = state.side is not None and len(state.side.colors) == 3
        first = turn_order(state)[0]
        for n, who in enumerate((seat, 1 - seat)):
            self._player(state, who, n, out, first == who)
        p = state.seats[seat]
        tiles, trucks = self.tiles, self.trucks
        i = at["own.hand"]
        for t in p.hand:
            out[i + tiles[t]] += 1.0
        i = at["own.trucks"]
        for c in p.trucks:
            out[i + trucks[c]] += 1.0
        i = at["own.draft"]
        for c in p.draft:
            out[i + trucks[c]] += 1.0
        return out

    @staticmethod
    def _colors(out: list[float], i: int, table: dict[str, int]) -> None:
        for k, color in enumerate(COLORS):
            out[i + k] = table.get(color, 0)

    def _player(self, state: CargoState, who: int, n: int, out: list[float], first: bool) -> None:
        p = state.seats[who]
        fac = p.facility
        planes = self._planes(fac)
        i = self.plane_at[n]
        out[i : i + len(planes)] = planes
        (docks, streets, storage, tops, counts, tokens, owned, shipped, received, ship_columns,
         receive_columns, bonus, forklift, first_on, first_in_order) = self.offsets[n]  # fmt: skip
        colors = self.color
        for dock, color in fac.active_docks().items():
            street = 0 if dock.street == SHIPPING else 1
            out[docks + ((street * STREET_SPACES + dock.number - 1) * 3) + colors[color]] = 1.0
        kinds = len(SPACE_KINDS)
        for street, trucks in ((0, p.streets[SHIPPING]), (1, p.streets[RECEIVING])):
            start = streets + street * STREET_SPACES * kinds - kinds  # space 1 at `start + kinds`
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
        a, b = p.storage
        out[storage], out[storage + 1] = len(a), len(b)
        tiles = self.tiles
        if a:
            out[tops + tiles[a[-1]]] = 1.0
        if b:
            out[tops + len(tiles) + tiles[b[-1]]] = 1.0
        out[counts], out[counts + 1] = len(p.hand), len(p.trucks)
        out[tokens], out[tokens + 1], out[tokens + 2] = p.construction, p.trucking, p.scaffolding
        self._colors(out, owned, p.splitters)
        self._colors(out, shipped, p.shipped)
        self._colors(out, received, p.received)
        for column in p.ship_columns:
            out[ship_columns + column - 1] = 1.0
        for column in p.receive_columns:
            out[receive_columns + column - 1] = 1.0
        out[bonus] = p.bonus_points
        out[forklift + p.forklift] = 1.0
        for space, arrivals in state.track_arrivals.items():
            if arrivals and arrivals[0] == who:
                out[first_on + space] = 1.0
        out[first_in_order] = first

    # ---- a facility's planes (height, belts, Splitters): kept for the last few facilities ----

    def _planes(self, fac: Facility) -> list[float]:
        """The facility's height, belt and Splitter planes, as one list: worked out once per
        facility and then again only on the squares a placement changed (as speed.py's flat
        spots: the last four facilities are remembered, each by a weak reference)."""
        entries, version = self.facilities, fac.version
        for k, entry in enumerate(entries):
            if entry[0]() is fac:
                if k:
                    entries.insert(0, entries.pop(k))
                if entry[1] != version:
                    changed, cells = fac.touched
                    if entry[1] == version - 1 and changed == version:
                        for cell in cells:
                            self._square(fac, cell, entry[2])
                    else:
                        entry[2] = self._fresh_planes(fac)
                    entry[1] = version
                return entry[2]  # type: ignore[no-any-return]
        planes = self._fresh_planes(fac)
        entries.insert(0, [weakref.ref(fac), version, planes])
        del entries[4:]
        return planes

    def _fresh_planes(self, fac: Facility) -> list[float]:
        planes = [0.0] * (self.cells * 14)
        for cell in fac.stacks:
            self._square(fac, cell, planes)
        return planes

    def _square(self, fac: Facility, cell: Cell, planes: list[float]) -> None:
        """One square's numbers in the planes: its height, its top piece's belts and Splitter."""
        i, cells = self.cell_index[cell], self.cells
        for plane in range(1, 14):
            planes[plane * cells + i] = 0.0
        stack = fac.stacks.get(cell)
        planes[i] = len(stack) if stack else 0
        if stack:
            top = stack[-1]
            belt = self.belt
            for color, sides in top.pieces:
                for side in sides:
                    planes[belt[color, side] + i] = 1.0
            if top.kind == "splitter":
                planes[13 * cells + i] = 1.0


_ENCODERS: dict[tuple[int, int, tuple[str, ...]], Encoder] = {}


def encoder(state: CargoState) -> Encoder:
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


def observation(state: CargoState, seat: int) -> list[float]:
    """`seat`'s observation: `observation_size(state)` numbers, laid out by `layout(state)`."""
    return encoder(state).encode(state, seat)


def observation_size(state: CargoState) -> int:
    return encoder(state).size


def layout(state: CargoState) -> list[Block]:
    return list(encoder(state).blocks)


def table(state: CargoState) -> str:
    """The layout as the README's Markdown table (offset, size, meaning)."""
    lines = ["| offset | size | block | meaning |", "|---|---|---|---|"]
    offset = 0
    for b in encoder(state).blocks:
        lines.append(f"| {offset} | {b.size} | `{b.name}` | {b.meaning} |")
        offset += b.size
    lines.append(f"\n{offset:,} numbers in all.")
    return "\n".join(lines)
