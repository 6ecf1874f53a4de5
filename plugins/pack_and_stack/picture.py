"""The Pack & Stack table as an SVG picture, drawn from the view and the printed components.

Each player's truck card is drawn once per level, side by side (level 1 first, row 1 at the
arrow at the bottom), with the pieces placed on it; then the pieces in hand, the points and the
last scoring. Every piece carries its letter (W, G, B, T, P) as well as its color.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from dockyard.svg import Svg, fill, ink
from dockyard.words import plural

from .components import COLUMNS, FILLED, WHITE, Components, parse_cell, rod_cells

S = 28  # a square of a truck card
PANEL_W, PANEL_H = 560, 214


def draw(view: dict[str, Any], c: Components) -> Svg:
    players = view["players"]
    per_row = 2
    rows = (len(players) + per_row - 1) // per_row
    width = 24 + per_row * (PANEL_W + 12)
    height = 70 + rows * (PANEL_H + 12) + 60
    title = f"Pack & Stack: round {view['round']}, {view['phase']} phase"
    svg = Svg(width, height, title)
    over = f"; game over ({view['over']})" if view.get("over") else ""
    svg.text(12, 26, title + over, class_="title")
    supply = ", ".join(f"{n} {kind}" for kind, n in view["supply"].items())
    line = svg.text(12, 44, f"bank {view['bank']} points; ", class_="mid")
    pile = ET.SubElement(line, "tspan", {"data-ref": "pile"})  # `claim pile`
    pile.text = f"draw pile {plural(view['draw_pile'], 'card')} (face down)"
    pile.tail = f"; discard pile {', '.join(view['discard_pile']) or 'empty'}"
    svg.text(12, 60, f"supply: {supply}", class_="mid")
    letters = {p.kind: p.letter for p in c.pieces}
    for i, player in enumerate(players):
        x = 12 + (i % per_row) * (PANEL_W + 12)
        y = 70 + (i // per_row) * (PANEL_H + 12)
        _panel(svg, player, c, letters, x, y, view.get("you") == player["name"])
    legend = [(kind, f"{letters[kind]} {kind} ({c.piece(kind).size} long)") for kind in c.kinds]  # type: ignore[union-attr]
    legend += [("#555", "printed filled square"), ("#fff", "empty white square")]
    svg.legend(12, height - 58, legend, per_row=4)
    return svg


def _panel(
    svg: Svg,
    player: dict[str, Any],
    c: Components,
    letters: dict[str, str],
    x: float,
    y: float,
    you: bool,
) -> None:
    g = svg.group(id=f"player-{player['name']}", data_ref=player["name"])
    svg.rect(
        x,
        y,
        PANEL_W,
        PANEL_H,
        g,
        fill="#fffbe6" if player["acting"] else "#fff",
        stroke="#999",
        rx=6,
    )
    name = player["name"] + (" (you)" if you else "")
    svg.text(x + 8, y + 18, f"{name}: {plural(player['points'], 'point')}", g, class_="big")
    hand = player["hand"]
    held = svg.group(g, data_ref=f"hand:{player['name']}")
    svg.text(x + 8, y + 34, "in hand:", held, class_="small")
    hx = x + 67
    for kind, n in hand.items():
        for _ in range(n):
            piece = svg.token(hx, y + 30, 7, kind, letters[kind], held, tip=f"{kind} in hand")
            if you:  # `put KIND at ...`: a piece is named by its kind
                piece.set("data-ref", kind)
            hx += 17
    if not any(hand.values()):
        svg.text(hx, y + 34, "nothing", g, class_="small dim")
    bill = player.get("last_scoring")
    if bill:
        svg.text(
            x + 8,
            y + 50,
            f"last scoring: {bill['empty']} empty, {bill['unloaded']} unloaded, paid "
            f"{bill['paid']}" + (f", bonus {bill['bonus']}" if bill["bonus"] else ""),
            g,
            class_="small",
        )
    if player["front"]:  # each card named by its id (`claim T03`)
        fx = x + PANEL_W - 8 - 40 * len(player["front"])
        svg.text(fx - 4, y + 18, "truck cards in front:", g, class_="small", text_anchor="end")
        for i, truck_id in enumerate(player["front"]):
            chip = svg.group(g, data_ref=truck_id)
            svg.rect(fx + i * 40, y + 5, 37, 18, chip, fill="#e7ecf3", stroke="#333", rx=3)
            svg.text(
                fx + i * 40 + 18.5, y + 18, truck_id, chip, class_="small", text_anchor="middle"
            )
    truck = player["truck"]
    if truck is None:
        svg.text(x + 8, y + 80, "no truck yet", g, class_="mid dim")
        return
    card = c.truck(truck["id"])
    svg.text(
        x + 8,
        y + 66,
        f"truck {card.id}: {plural(card.levels, 'level')}; "
        f"{plural(player['empty_spaces'], 'empty space')}; unloaded pieces cost "
        f"{player['unloaded_cost']}",
        g,
        class_="small",
    )
    filled: dict[tuple[int, int, int], str] = {}
    outlines: list[list[tuple[int, int, int]]] = []  # each piece's cells, to outline it
    for piece in player["load"]:
        kind = piece["kind"]
        at = parse_cell(piece["cell"])
        assert at is not None
        size = c.piece(kind).size  # type: ignore[union-attr]
        for cell in rod_cells(size, at[0], at[1], piece["level"], piece["orientation"]):
            filled[cell] = kind
        outlines.append(rod_cells(size, at[0], at[1], piece["level"], piece["orientation"]))
    gap = 14
    level_w = card.width * S + gap
    scale = min(1.0, (PANEL_W - 36) / (card.levels * level_w))
    s = S * scale
    top = y + 80
    for level in range(1, card.levels + 1):
        lx = x + 24 + (level - 1) * level_w * scale
        svg.text(lx, top + 8, f"level {level}", g, class_="small")
        for yy in range(card.depth):
            for xx in range(card.width):
                sx, sy = lx + xx * s, top + 14 + (card.depth - 1 - yy) * s
                printed = card.square(xx, yy)
                square = f"{COLUMNS[xx]}{yy + 1}"
                if printed == FILLED:
                    svg.rect(sx, sy, s, s, g, fill="#555", stroke="#222")
                elif printed == WHITE:
                    kind = filled.get((xx, yy, level))
                    if kind is None:
                        empty = svg.rect(sx, sy, s, s, g, fill="#fff", stroke="#888")
                        if you:  # the seat's own truck: its squares are named
                            empty.set("data-ref", square)
                    else:
                        unit = svg.group(g, data_ref=square if you else None)
                        svg.rect(sx, sy, s, s, unit, fill=fill(kind), stroke="#222")
                        svg.text(
                            sx + s / 2,
                            sy + s * 0.7,
                            letters[kind],
                            unit,
                            font_size=f"{s * 0.55:.0f}px",
                            text_anchor="middle",
                            font_weight="bold",
                            style=f"fill:{ink(kind)}",
                        )
                        svg.title(unit, f"{kind} at {square} level {level}")
        for xx in range(card.width):
            svg.text(
                lx + xx * s + s / 2,
                top + 14 + card.depth * s + 10,
                COLUMNS[xx],
                g,
                font_size="8px",
                text_anchor="middle",
                class_="dim",
            )
        for cells in outlines:  # one outline per piece on this level: pieces are told apart
            here = [(cx, cy) for cx, cy, cz in cells if cz == level]
            if here:
                x1, x2 = min(c[0] for c in here), max(c[0] for c in here)
                y1, y2 = min(c[1] for c in here), max(c[1] for c in here)
                svg.rect(
                    lx + x1 * s + 1.5,
                    top + 14 + (card.depth - 1 - y2) * s + 1.5,
                    (x2 - x1 + 1) * s - 3,
                    (y2 - y1 + 1) * s - 3,
                    g,
                    fill="none",
                    stroke="#000",
                    stroke_width=2.5,
                    rx=3,
                )
        if level == 1:
            for yy in range(card.depth):
                svg.text(
                    lx - 4,
                    top + 14 + (card.depth - 1 - yy) * s + s * 0.65,
                    str(yy + 1),
                    g,
                    font_size="8px",
                    text_anchor="end",
                    class_="dim",
                )
    svg.text(
        x + 8,
        y + PANEL_H - 8,
        "▲ row 1 is at the arrow (the truck's open back)",
        g,
        font_size="8px",
        class_="dim",
    )
    tip = "; ".join(f"{p['kind']} at {p['cell']} level {p['level']}" for p in player["load"])
    svg.title(g, f"{player['name']}: truck {card.id}" + (f"; loaded: {tip}" if tip else ""))
