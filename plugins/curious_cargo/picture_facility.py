"""A Curious Cargo facility drawn for the table's picture (picture.py): the board's squares,
walls, Gears and machines with their ports, the stacks of tiles, splitters and Scaffolding,
the docks, and the trucks on both streets, from a player's view and the printed components."""

from __future__ import annotations

from typing import Any

from dockyard.svg import Svg, fill, ink
from dockyard.words import plural

from .components import STREET_SPACES, CuriousCargoContent, TruckCard, cell_name
from .speed import tile_pieces
from .tiles import splitter_piece

C = 34  # a square of the board
DOCK = 18  # the dock column on each side of the grid
MARGIN = 12
LETTER = {"red": "R", "blue": "B", "purple": "P"}
SAND, DARK = "#ecdcae", "#4b4a5a"
TEAL, WALL, MACHINE = "#cfe6e2", "#5b5b5b", "#bdb3a1"
SIDE_XY = {"N": (0.0, -0.5), "S": (0.0, 0.5), "E": (0.5, 0.0), "W": (-0.5, 0.0)}


def letter(color: str | None) -> str:
    return "" if color is None else LETTER.get(color, color[:1].upper())


def facility_width(columns: int) -> float:
    return 2 * MARGIN + 2 * C + 2 * DOCK + 12 + columns * C


def draw_facility(
    svg: Svg,
    player: dict[str, Any],
    catalog: CuriousCargoContent,
    face: str,
    truck: Any,
    x0: float,
    y0: float,
    acting: bool,
) -> None:
    board = catalog.boards[player["board"]]
    own = "hand" in player  # the viewer's own facility: its squares are named (data-ref)
    head = svg.group(id=f"facility-{player['name']}", data_ref=player["name"])
    svg.rect(
        x0,
        y0,
        2 * MARGIN + 2 * C + 2 * DOCK + 12 + board.columns * C - 12,
        50 + board.rows * C + 20,
        head,
        fill="#fff" if not acting else "#fffbe6",
        stroke="#999",
        rx=6,
    )
    svg.text(x0 + 8, y0 + 16, f"{player['name']}'s facility", head, class_="big")
    svg.text(
        x0 + 8,
        y0 + 30,
        f"board {board.id}: {board.name}; {plural(player['points']['total'], 'point')}"
        + ("  (to act)" if acting else ""),
        head,
        class_="mid",
    )
    svg.text(x0 + 8, y0 + 44, "shipping", head, class_="small dim")
    gx = x0 + 8 + C + 6 + DOCK  # the grid's left edge
    gy = y0 + 50
    svg.text(
        gx + board.columns * C + DOCK + 6 + C,
        y0 + 44,
        "receiving",
        head,
        class_="small dim",
        text_anchor="end",
    )

    def xy(cell: tuple[int, int]) -> tuple[float, float]:
        return gx + cell[0] * C, gy + (board.rows - 1 - cell[1]) * C

    machines = {c: m for m in board.machines for c in m.cells}
    for row in range(board.rows):
        for col in range(board.columns):
            cell = (col, row)
            name = cell_name(cell)
            x, y = xy(cell)
            g = svg.group(id=f"{player['name']}-{name}", data_ref=name if own else None)
            stack = player["stacks"].get(name, [])
            if cell in board.walls:
                svg.rect(x, y, C, C, g, fill=WALL, stroke="#333")
                svg.line(x, y + C, x + C, y, g, stroke="#888")
                svg.title(g, f"{name}: wall")
                continue
            if cell in machines:
                svg.rect(x, y, C, C, g, fill=MACHINE, stroke="#8a806f")
                svg.title(g, f"{name}: machine {machines[cell].id}")
                continue
            svg.rect(x, y, C, C, g, fill=TEAL, stroke="#9cc9c2")
            if cell in board.gears and not stack:
                svg.circle(
                    x + C / 2,
                    y + C / 2,
                    C * 0.3,
                    g,
                    fill="none",
                    stroke="#4e8f86",
                    stroke_width=3,
                    stroke_dasharray="3 2",
                )
                svg.circle(x + C / 2, y + C / 2, 3, g, fill="#4e8f86")
            if stack:
                _stack(svg, g, stack, catalog, face, x, y)
            svg.title(
                g,
                f"{name}: "
                + (
                    ", ".join(_layer_words(s) for s in stack)
                    if stack
                    else "Gear square"
                    if cell in board.gears
                    else "empty"
                ),
            )
    # machine labels and ports
    for m in board.machines:
        cells = sorted(m.cells)
        cx = sum(xy(c)[0] for c in cells) / len(cells) + C / 2
        cy = sum(xy(c)[1] for c in cells) / len(cells) + C / 2
        svg.text(cx, cy + 4, m.id, class_="small", text_anchor="middle")
        for port in m.ports:
            x, y = xy(port.cell)
            dx, dy = SIDE_XY[port.side]
            px, py = x + C / 2 + dx * (C - 6), y + C / 2 + dy * (C - 6)
            g = svg.group()
            if port.side in "NS":
                svg.rect(px - 9, py - 4, 18, 8, g, fill=fill(port.color), stroke="#222", rx=2)
            else:
                svg.rect(px - 4, py - 9, 8, 18, g, fill=fill(port.color), stroke="#222", rx=2)
            svg.text(
                px,
                py + 3,
                letter(port.color),
                g,
                font_size="7px",
                text_anchor="middle",
                style=f"fill:{ink(port.color)}",
                font_weight="bold",
            )
            svg.title(
                g, f"{port.color} port of machine {m.id} at {cell_name(port.cell)} {port.side}"
            )
    # docks and streets
    for street, left in (("shipping", True), ("receiving", False)):
        active = player["active_docks"][street]
        available = {d.number for d in board.docks if d.street == street}
        for number in range(1, STREET_SPACES + 1):
            row = number - 1 if left else STREET_SPACES - number
            y = gy + (board.rows - 1 - row) * C
            dx = gx - DOCK if left else gx + board.columns * C
            sx = dx - C - 6 if left else dx + DOCK + 6
            g = svg.group()
            svg.rect(sx, y + 1, C, C - 2, g, fill="#e4e4e4", stroke="#bbb")
            svg.text(sx + 2, y + 9, str(number), g, class_="small dim")
            if number not in available:
                svg.text(
                    dx + DOCK / 2, y + C / 2 + 4, "×", g, class_="mid dim", text_anchor="middle"
                )
                svg.title(g, f"{street} dock {number}: unavailable")
            elif str(number) in active:
                color = active[str(number)]
                # the arrow points the way goods go: out to a shipping truck, in from a
                # receiving one (both leftwards, as the streets lie)
                svg.polygon(
                    [(dx + 1, y + C / 2), (dx + DOCK - 1, y + 7), (dx + DOCK - 1, y + C - 7)],
                    g,
                    fill=fill(color),
                    stroke="#222",
                )
                svg.title(g, f"{street} dock {number}: active, {color} line")
            else:
                svg.rect(dx + 4, y + C / 2 - 3, DOCK - 8, 6, g, fill="#fff", stroke="#777")
                svg.title(g, f"{street} dock {number}: no active line")
        for t in player["streets"][street]:
            _truck(svg, t, truck(t["truck"]), street, left, gx, gy, board.rows, board.columns)


def _layer_words(layer: str) -> str:
    kind, _, rest = layer.partition(":")
    if kind == "tile":
        ident, _, direction = rest.partition(":")
        return f"tile {ident[:-1]} (square {ident[-1]}) pointing {direction}"
    if kind == "splitter":
        return f"{rest} splitter"
    return "scaffolding"


def _stack(
    svg: Svg,
    g: Any,
    stack: list[str],
    catalog: CuriousCargoContent,
    face: str,
    x: float,
    y: float,
) -> None:
    top = stack[-1]
    kind, _, rest = top.partition(":")
    if kind == "tile":
        ident, _, direction = rest.partition(":")
        tile_id, half = ident[:-1], ident[-1]
        a, b = tile_pieces(catalog.tile(tile_id), face, direction)
        pieces = a if half == "A" else b
        body = DARK if face == "dark" else SAND
        svg.rect(x + 1.5, y + 1.5, C - 3, C - 3, g, fill=body, stroke="#222", rx=3)
        _belts(svg, g, pieces, x, y)
        if half == "A":
            svg.text(
                x + 2.5,
                y + 9,
                tile_id,
                g,
                font_size="7px",
                style="fill:#fff" if face == "dark" else None,
            )
    elif kind == "splitter":
        body = "#ddd"
        svg.rect(x + 1.5, y + 1.5, C - 3, C - 3, g, fill=body, stroke="#222", rx=8)
        _belts(svg, g, splitter_piece(rest), x, y)
        svg.circle(x + C / 2, y + C / 2, 7, g, fill="#fff", stroke="#222")
        svg.text(
            x + C / 2,
            y + C / 2 + 3.5,
            "S",
            g,
            font_size="9px",
            text_anchor="middle",
            font_weight="bold",
        )
    else:
        svg.rect(x + 2, y + 2, C - 4, C - 4, g, fill="#c9b48a", stroke="#6d5a33")
        svg.text(x + C / 2, y + C / 2 + 4, "▦", g, text_anchor="middle")
    scaffolding = sum(1 for s in stack if s.startswith("scaffolding"))
    if len(stack) > 1:
        label = f"×{len(stack)}" + ("▦" * scaffolding)
        w = 6 + 5 * len(label)
        svg.rect(x + C - w - 1, y + C - 10, w, 9, g, fill="#fff", stroke="#222", rx=2)
        svg.text(x + C - w / 2 - 1, y + C - 3, label, g, font_size="7px", text_anchor="middle")


def _belts(svg: Svg, g: Any, pieces: Any, x: float, y: float) -> None:
    cx, cy = x + C / 2, y + C / 2
    for color, sides in pieces:
        for side in sides:
            dx, dy = SIDE_XY[side]
            svg.line(
                cx,
                cy,
                cx + dx * (C - 3),
                cy + dy * (C - 3),
                g,
                stroke="#111",
                stroke_width=8,
                stroke_linecap="butt",
            )
            svg.line(
                cx,
                cy,
                cx + dx * (C - 3),
                cy + dy * (C - 3),
                g,
                stroke=fill(color),
                stroke_width=6,
                stroke_linecap="butt",
            )
    for color, sides in pieces:
        dx, dy = SIDE_XY[sides[0]]
        lx, ly = cx + dx * C * 0.55, cy + dy * C * 0.55
        svg.text(
            lx,
            ly + 2.5,
            letter(color),
            g,
            font_size="7px",
            text_anchor="middle",
            font_weight="bold",
            style=f"fill:{ink(color)}",
        )


def _truck(
    svg: Svg,
    t: dict[str, Any],
    card: TruckCard,
    street: str,
    left: bool,
    gx: float,
    gy: float,
    rows: int,
    columns: int,
) -> None:
    sx = gx - DOCK - C - 6 if left else gx + columns * C + DOCK + 6

    def y_of(space: int) -> float:
        row = space - 1 if left else STREET_SPACES - space
        return gy + (rows - 1 - row) * C

    g = svg.group()
    spaces = [t["rear"] + i for i in range(card.size)]
    front = t["rear"] + card.size
    top = min(y_of(s) for s in [*spaces, front])
    bottom = max(y_of(s) for s in [*spaces, front]) + C
    svg.rect(sx + 2, top + 2, C - 4, bottom - top - 4, g, fill="#f6f1e2", stroke="#333", rx=4)
    for i, space in enumerate(spaces):
        y = y_of(space)
        good = t["cargo"][i]
        if (i + 1) in card.blocked:
            svg.rect(sx + 6, y + 6, C - 12, C - 12, g, fill="#999", stroke="#333")
            svg.text(sx + C / 2, y + C / 2 + 4, "X", g, class_="mid", text_anchor="middle")
        elif good is not None:
            svg.token(sx + C / 2, y + C / 2, 10, good, letter(good), g)
        else:
            svg.rect(sx + 7, y + 7, C - 14, C - 14, g, fill="#fff", stroke="#777")
    y = y_of(front)
    svg.rect(sx + 3, y + 3, C - 6, C - 6, g, fill="#6b6b6b", stroke="#222", rx=5)
    svg.text(
        sx + C / 2,
        y + C / 2 + 3,
        t["truck"].replace("truck", "T"),
        g,
        font_size="8px",
        text_anchor="middle",
        style="fill:#fff",
        font_weight="bold",
    )
    loaded = ", ".join(
        g or ("blocked" if (i + 1) in card.blocked else "empty") for i, g in enumerate(t["cargo"])
    )
    svg.title(
        g,
        f"{t['truck']} on the {street} street, rear at {t['rear']}: {loaded}; "
        f"completion bonus {card.bonus.kind}",
    )
