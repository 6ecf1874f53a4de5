"""Curious Cargo in words: the canonical text of actions (`format_action`, `action_from_tree`,
`announce`) and every action numbered for RL (`action_space`); `show` (text drawings of
facilities, Shipping sides, track and supply, by topic) and `show tile ID` (a Conveyor tile or
a Truck card described).

What each seat may see is view.py's: these drawings show the other player only what the table
shows (hand tiles and Truck cards are counted, not named; storage stacks show their top tile).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from dockyard import Action
from dockyard.game import Tuples
from dockyard.words import plural

from .components import cell_name
from .facility import Facility
from .rounds import phase_name
from .scoring import eligible, points, stars
from .speed import tile_pieces
from .state import RECEIVING, SHIPPING, CuriousCargoState, Truck

if TYPE_CHECKING:
    from .components import Belt, ConveyorTile, TruckCard

TOPICS = ("board", "facility", "shipping", "track", "supply", "hand", "trucks", "score")


# ---- actions ----------------------------------------------------------------------------------


def format_action(action: Action) -> str:
    """The canonical text of an action: `p1: place t12 c4 east`, `p1: play truck07 to p2`."""
    v, a = action.verb, action.args
    if v == "place":
        body = f"place {a[0]} {a[1]} {a[2]}"
    elif v == "play":
        body = f"play {a[0]} to {a[1]}"
    else:
        body = " ".join([v, *map(str, a)])
    return f"{action.player}: {body}"


def action_from_tree(verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
    """A parsed action's verb and arguments: the docks of `load` and the stacks of `recycle`
    in order, so that each action has one text."""
    if verb in ("load", "recycle"):
        return verb, tuple(sorted(args))
    return verb, tuple(args)


def announce(action: Action) -> str | None:
    """The Truck cards kept in the draft are secret: everyone sees that a card was kept."""
    if action.verb == "keep":
        return f"{action.player}: keep (a Truck card, in secret)"
    return None


def action_space(state: CuriousCargoState, house: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
    """Every action that may ever be legal, for the RL action index (dockyard.interop): the
    verbs in this order, each argument's values in this order (see the README), then the verbs
    of the house rules in `house` (`cc_house_verbs`)."""
    assert state.content is not None
    content = state.content
    tiles = [t.id for t in content.tiles]
    trucks = [t.id for t in content.trucks] + sorted(state.extra_trucks)
    boards = [p.facility.board for p in state.seats]
    columns = max(b.columns for b in boards)
    rows = max(b.rows for b in boards)
    cells = [cell_name((c, r)) for r in range(rows) for c in range(columns)]
    colors = ["red", "blue", "purple"]
    docks = range(1, 11)
    loads = Tuples(c for k in range(1, 11) for c in combinations(docks, k))
    trades = Tuples([("construction",)] + [("trucking", c) for c in colors])
    return [
        ("keep", trucks),
        ("draw",),
        ("place", tiles, cells, ["east", "south", "west", "north"]),
        ("boost",),
        ("splitter", colors, cells),
        ("trade", trades),
        ("end",),
        ("play", trucks, list(state.players)),
        ("discard", trucks),
        ("recycle", ["a", "b"], ["a", "b"]),
        ("dispatch",),
        ("load", loads),
        ("store", tiles, ["a", "b"]),
        # house rules' verbs last (`cc_house_verbs`): a rule's `space` lists its arguments'
        # values (none by default: `p1: mulligan`)
        *((rule.verb, *getattr(rule, "space", ())) for rule in house),
    ]


GLYPHS = {
    frozenset("NS"): "│",
    frozenset("EW"): "─",
    frozenset("NE"): "└",
    frozenset("NW"): "┘",
    frozenset("SE"): "┌",
    frozenset("SW"): "┐",
    frozenset("NESW"): "╋",
    frozenset("NES"): "├",
    frozenset("NSW"): "┤",
    frozenset("NEW"): "┴",
    frozenset("ESW"): "┬",
}
LETTER = {"red": "r", "blue": "b", "purple": "p"}


def _cell_text(
    fac: Facility, cell: tuple[int, int], port_colors: dict[tuple[int, int], str]
) -> str:
    board = fac.board
    if cell in board.walls:
        return "###"
    if cell in port_colors or any(cell in m.cells for m in board.machines):
        colors = port_colors.get(cell, "")
        return ("M" + colors + "  ")[:3]
    top = fac.top(cell)
    if top is None:
        return " * " if cell in board.gears else " . "
    return pieces_glyph(top.pieces, top.kind == "splitter")


def pieces_glyph(pieces: Any, splitter: bool = False) -> str:
    """Three characters for what one square shows: its belt (or crossing) and colors."""
    if not pieces:
        return " _ "
    if len(pieces) == 1:
        color, sides = pieces[0]
        glyph = "╋" if splitter else GLYPHS.get(frozenset(sides), "?")
        return f"{glyph}{LETTER.get(color, '?')} "
    glyph = "┼" if {frozenset(p[1]) for p in pieces} == {frozenset("NS"), frozenset("EW")} else "≈"
    return glyph + "".join(LETTER.get(p[0], "?") for p in pieces[:2])


def _machine_ports(fac: Facility) -> dict[tuple[int, int], str]:
    """Machine square -> letters of the port colors on its edges."""
    from .tiles import OPPOSITE, neighbour

    out: dict[tuple[int, int], str] = {}
    for m in fac.board.machines:
        for port in m.ports:
            machine_cell = neighbour(port.cell, port.side)
            _ = OPPOSITE
            out[machine_cell] = out.get(machine_cell, "") + LETTER.get(port.color, "?")
    return out


def _street_cells(trucks: list[Truck]) -> dict[int, str]:
    cells: dict[int, str] = {}
    for t in trucks:
        for i, good in enumerate(t.cargo):
            if (i + 1) in t.card.blocked:
                cells[t.rear + i] = "[x]  "
            else:
                cells[t.rear + i] = f"[{LETTER.get(good, ' ') if good else ' '}]  "
        short = t.card.id.replace("truck", "")[:2]
        cells[t.front] = f"[>{short:<2}]"
    return cells


def facility_text(state: CuriousCargoState, seat: int) -> str:
    player = state.seats[seat]
    fac = player.facility
    board = fac.board
    ports = _machine_ports(fac)
    active = fac.active_docks()
    ship = _street_cells(player.streets[SHIPPING])
    recv = _street_cells(player.streets[RECEIVING])
    docks = {(d.street, d.number): d for d in board.docks}
    active_numbers = {(d.street, d.number): c for d, c in active.items()}
    lines = [
        f"{player.name}'s facility (board {board.id}: {board.name})",
        "  ship  street dock" + " " * (3 * board.columns - 6) + "dock street  recv",
    ]
    for row in range(board.rows - 1, -1, -1):
        s_num, r_num = row + 1, board.rows - row
        cells = "".join(_cell_text(fac, (c, row), ports) for c in range(board.columns))
        s_dock = _dock_mark(docks, active_numbers, SHIPPING, s_num)
        r_dock = _dock_mark(docks, active_numbers, RECEIVING, r_num)
        lines.append(
            f"  {s_num:>2} {ship.get(s_num, ' .   ')} {s_dock}|{cells}|{r_dock} {recv.get(r_num, ' .   ')} {r_num:>2}"
        )
    lines.append("              " + "".join(f" {chr(97 + c)} " for c in range(board.columns)))
    lines.append(
        "  key: │─┌┐└┘ belts (r red, b blue, p purple), ╋ Splitter, ┼ crossing, * Gear, "
        "M machine with its port colors, ### wall; dock: number, * = active, -- = unavailable; "
        "street: [r] good, [ ] empty, [x] blocked, [>id] cab"
    )
    return "\n".join(lines)


def _dock_mark(docks: dict[Any, Any], active: dict[Any, str], street: str, number: int) -> str:
    if (street, number) not in docks:
        return "-- "
    mark = "*" if (street, number) in active else " "
    return f"{number:>2}{mark}"


def shipping_text(state: CuriousCargoState, seat: int) -> str:
    player = state.seats[seat]
    side = state.side
    assert side is not None
    lines = [
        f"{player.name}'s Shipping board ({side.name} side; game ends at {side.requisite} shipped)"
    ]
    spaces = len(side.ship_values)
    for color in side.colors:
        n = player.shipped.get(color, 0)
        row = "".join("[ ]" if i < n else f"[{LETTER[color]}]" for i in range(spaces))
        r = player.received.get(color, 0)
        recv = "".join(
            f"[{LETTER[color]}]" if i < r else "[ ]" for i in range(len(side.receive_values))
        )
        lines.append(f"  {color:<6} shipping {row} {n} shipped   receiving {recv} {r} received")
    lines.append(
        f"  shipping values {list(side.ship_values)}; receiving values {list(side.receive_values)}"
    )
    lines.append(
        f"  completed columns: shipping {sorted(player.ship_columns)}, receiving {sorted(player.receive_columns)}"
    )
    return "\n".join(lines)


def track_text(state: CuriousCargoState) -> str:
    from .bonuses import turn_order

    assert state.content is not None
    cells = []
    for space in state.content.track:
        here = [p for p in state.seats if p.forklift == space.space]
        here.sort(key=lambda p: p.forklift_height)  # bottom first
        names = "/".join(p.name for p in here)
        mark = "★" if space.star else ""
        cells.append(f"{space.space}{mark}:{names}" if names else f"{space.space}{mark}")
    order = ", ".join(state.players[s] for s in turn_order(state))
    return (
        "Turn Order track: "
        + "  ".join(cells)
        + f"\n  turn order: {order} (on a shared space the one listed last is on top)"
    )


def supply_text(state: CuriousCargoState) -> str:
    spl = ", ".join(f"{n} {c}" for c, n in state.splitters.items())
    return (
        f"Supply: {state.construction} Construction, {state.trucking} Trucking tokens; Splitters {spl}; "
        f"bag {len(state.bag)} tiles; Truck deck {len(state.deck)} cards"
    )


def player_text(state: CuriousCargoState, seat: int, viewer: int | None) -> str:
    p = state.seats[seat]
    mine = viewer == seat
    spl = ", ".join(f"{n} {c}" for c, n in p.splitters.items() if n) or "none"
    storage = "  ".join(
        f"{'ab'[i]}: {len(s)} tiles" + (f" (top {s[-1]})" if s else "")
        for i, s in enumerate(p.storage)
    )
    lines = [
        f"{p.name}: Forklift {p.forklift}; {p.construction} Construction, {p.trucking} Trucking tokens; "
        f"Splitters {spl}; {p.scaffolding} Scaffolding",
        f"  storage {storage}",
    ]
    if mine:
        lines.append(f"  hand tiles: {' '.join(p.hand) or 'none'}")
        cards = [state.truck_card(c) for c in p.trucks]
        lines.append(
            "  Truck cards: "
            + (
                "; ".join(
                    f"{c.id} size {c.size} {c.ap}AP {c.tiles} tiles"
                    + (f" blocked {sorted(c.blocked)}" if c.blocked else "")
                    + f" bonus {c.bonus}"
                    for c in cards
                )
                or "none"
            )
        )
        if p.draft:
            lines.append(f"  dealt to choose from: {' '.join(p.draft)}")
    else:
        lines.append(f"  hand: {len(p.hand)} tiles; {len(p.trucks)} Truck cards")
    return "\n".join(lines)


def score_text(state: CuriousCargoState, hook: Any = None) -> str:
    lines = ["Final scores:" if state.flow.over else "Scores (if the game ended now):"]
    for p in state.seats:
        t = points(state, p, hook)
        lines.append(
            f"  {p.name}: {t['total']} points (shipping {t['shipping']}, receiving {t['receiving']}, "
            f"tokens {t['tokens']}, track {t['track']}, bonus {t['bonus']}); {stars(state, p)} stars; "
            f"{'eligible' if eligible(state, p, hook) else 'not eligible (ship 2 of each color)'}"
        )
    return "\n".join(lines)


def turn_text(state: CuriousCargoState) -> str:
    flow = state.flow
    if flow.over is not None:
        return f"The game is over: {flow.over}"
    phase = phase_name(state)
    seats = [flow.pending[-1].player] if flow.pending else flow.active
    who = ", ".join(state.players[s] for s in seats)
    text = f"Round {flow.round}, {phase} phase; to act: {who}"
    if flow.pending:
        text += f" ({flow.pending[-1].prompt})"
    elif phase == "construction":
        text += f"; {plural(state.turn.actions, 'action')} left" + (
            "; token used" if state.turn.token_used else ""
        )
    elif phase == "trucking" and state.turn.main == "trucks":
        text += f"; {state.turn.ap} AP left"
    return text


def render(state: CuriousCargoState, viewer: int | None, topic: str = "", hook: Any = None) -> str:
    seats = range(len(state.seats))
    words = topic.split()
    who = [s for s in seats if state.players[s] in words]
    words = [w for w in words if w not in state.players]
    topic = words[0] if words else ""
    focus = who or ([viewer] if viewer is not None else list(seats))
    if topic in ("board", "facility"):
        return "\n\n".join(facility_text(state, s) for s in focus)
    if topic == "shipping":
        return "\n".join(shipping_text(state, s) for s in focus)
    if topic == "track":
        return track_text(state)
    if topic == "supply":
        return supply_text(state)
    if topic in ("hand", "trucks"):
        return "\n".join(player_text(state, s, viewer) for s in focus)
    if topic == "score":
        return score_text(state, hook)
    if topic:
        return f"nothing to show called {topic!r}; try: {', '.join(TOPICS)}"
    parts = [turn_text(state)]
    for s in seats:
        parts += [
            facility_text(state, s),
            shipping_text(state, s),
            player_text(state, s, viewer),
        ]
    parts += [track_text(state), supply_text(state)]
    return "\n\n".join(parts)


# ---- `show tile ID`: one component, with all it shows -------------------------------------------
# The faces of the components are public (they are in the box); where a component is (a hand,
# the bag) is not, so these drawings say nothing about where it lies.

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


def describe(state: CuriousCargoState, ident: str) -> str | None:
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


def component_ids(state: CuriousCargoState) -> list[str]:
    content = state.content
    if content is None:
        return []
    return [t.id for t in content.tiles] + [t.id for t in content.trucks]
