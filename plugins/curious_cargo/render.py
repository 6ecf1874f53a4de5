"""What a player sees: views (data) and text drawings of facilities, boards, track and supply.

Hidden from the other player: tiles and Truck cards in hand, the cards dealt at setup, the order
of the bag and the deck. Storage stacks show only their top tile, as on the table.
"""

from __future__ import annotations

from typing import Any

from dockyard.words import plural

from .components import cell_name
from .facility import Facility
from .rounds import phase_name
from .scoring import eligible, points, stars
from .state import RECEIVING, SHIPPING, CargoState, Player, Truck

TOPICS = ("board", "facility", "shipping", "track", "supply", "hand", "trucks", "score")


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
    from .facility import OPPOSITE, neighbour

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


def facility_text(state: CargoState, seat: int) -> str:
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


def shipping_text(state: CargoState, seat: int) -> str:
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


def track_text(state: CargoState) -> str:
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


def supply_text(state: CargoState) -> str:
    spl = ", ".join(f"{n} {c}" for c, n in state.splitters.items())
    return (
        f"Supply: {state.construction} Construction, {state.trucking} Trucking tokens; Splitters {spl}; "
        f"bag {len(state.bag)} tiles; Truck deck {len(state.deck)} cards"
    )


def player_text(state: CargoState, seat: int, viewer: int | None) -> str:
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


def score_text(state: CargoState, hook: Any = None) -> str:
    lines = ["Final scores:" if state.flow.over else "Scores (if the game ended now):"]
    for p in state.seats:
        t = points(state, p, hook)
        lines.append(
            f"  {p.name}: {t['total']} points (shipping {t['shipping']}, receiving {t['receiving']}, "
            f"tokens {t['tokens']}, track {t['track']}, bonus {t['bonus']}); {stars(state, p)} stars; "
            f"{'eligible' if eligible(state, p, hook) else 'not eligible (ship 2 of each color)'}"
        )
    return "\n".join(lines)


def turn_text(state: CargoState) -> str:
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


def render(state: CargoState, viewer: int | None, topic: str = "", hook: Any = None) -> str:
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


def _truck_view(t: Truck) -> dict[str, Any]:
    return {"truck": t.card.id, "rear": t.rear, "cargo": list(t.cargo)}


def _player_view(
    state: CargoState, seat: int, viewer: int | None, hook: Any = None
) -> dict[str, Any]:
    p: Player = state.seats[seat]
    active: dict[str, dict[str, str]] = {SHIPPING: {}, RECEIVING: {}}
    for dock, color in sorted(p.facility.active_docks().items(), key=lambda i: i[0].number):
        active[dock.street][str(dock.number)] = color
    stacks = {
        cell_name(c): [
            f"{layer.kind}:{layer.ref}{layer.half}{':' + layer.direction if layer.direction else ''}"
            for layer in stack
        ]
        for c, stack in sorted(p.facility.stacks.items())
    }
    out: dict[str, Any] = {
        "name": p.name,
        "board": p.facility.board.id,
        "stacks": stacks,
        "storage": [len(s) for s in p.storage],
        "storage_tops": [s[-1] if s else None for s in p.storage],
        "hand_count": len(p.hand),
        "trucks_count": len(p.trucks),
        "construction": p.construction,
        "trucking": p.trucking,
        "splitters": dict(p.splitters),
        "scaffolding": p.scaffolding,
        "shipped": dict(p.shipped),
        "received": dict(p.received),
        "ship_columns": sorted(p.ship_columns),
        "receive_columns": sorted(p.receive_columns),
        "bonus_points": p.bonus_points,
        "forklift": p.forklift,
        "forklift_height": p.forklift_height,
        "streets": {k: [_truck_view(t) for t in v] for k, v in p.streets.items()},
        "active_docks": active,
        "points": points(state, p, hook),
    }
    if viewer == seat:
        out["hand"] = list(p.hand)
        out["trucks"] = list(p.trucks)
        out["draft"] = list(p.draft)
    return out


def view(state: CargoState, viewer: int | None, hook: Any = None) -> dict[str, Any]:
    flow = state.flow
    return {
        "round": flow.round,
        "phase": phase_name(state),
        "side": state.side.name if state.side else None,
        "face": state.face,
        "over": flow.over,
        "pending": [(d.player, d.kind, d.prompt) for d in flow.pending],
        "active": list(flow.active),
        "turn": {
            "actions": state.turn.actions,
            "token_used": state.turn.token_used,
            "main": state.turn.main,
            "ap": state.turn.ap,
            "must_spend": state.turn.must_spend,
        },
        "players": [_player_view(state, s, viewer, hook) for s in range(len(state.seats))],
        "bag": len(state.bag),
        "deck": len(state.deck),
        "supply": {
            "construction": state.construction,
            "trucking": state.trucking,
            "splitters": dict(state.splitters),
        },
        "goods_removed": dict(state.goods_removed),
        "discarded_tiles": len(state.discarded_tiles),
        "discarded_cards": len(state.discarded_cards),
        "track_arrivals": {str(k): v for k, v in sorted(state.track_arrivals.items())},
    }
