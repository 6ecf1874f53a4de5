"""The Curious Cargo table as an SVG picture, drawn from a player's view and the printed
components only (board layouts, tile faces, Truck cards, the Shipping board, the track), so it
never shows what that player may not see.

Layout: the two facilities side by side (the shipping street on the left of each board, the
receiving street on the right, as in the rulebook's pictures), each player's Shipping board
rows, tokens, storage and hand on the right, the Turn Order track below, then a legend. Goods,
belts, ports and splitters carry their color's letter (R, B, P) as well as the color.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from dockyard.svg import Svg
from dockyard.words import plural

from .components import CuriousCargoContent
from .picture_facility import (
    DARK,
    MACHINE,
    MARGIN,
    SAND,
    TEAL,
    WALL,
    C,
    draw_facility,
    facility_width,
    letter,
)


def draw(view: dict[str, Any], catalog: CuriousCargoContent, truck: Any) -> Svg:
    """The table in `view`; `truck(id)` gives a Truck card (the box's or a variant's)."""
    players = view["players"]
    board = catalog.boards[players[0]["board"]]
    fac_w = facility_width(board.columns)
    fac_h = 60 + board.rows * C + 20
    side_w = 360
    width = MARGIN + len(players) * fac_w + side_w + MARGIN
    track_h = 96
    height = 44 + fac_h + track_h + 88
    title = f"Curious Cargo: round {view['round']}, {view['phase']} phase"
    svg = Svg(width, height, title)
    over = f"; game over ({view['over']})" if view.get("over") else ""
    svg.text(MARGIN, 26, title + over, class_="title")
    svg.text(
        MARGIN,
        40,
        f"Shipping board: {view['side']} side; tiles: {view['face']} face; bag {view['bag']} "
        f"tiles; Truck deck {view['deck']} cards; supply: {view['supply']['construction']} "
        f"Construction, {view['supply']['trucking']} Trucking, splitters "
        + ", ".join(f"{n} {c}" for c, n in view["supply"]["splitters"].items()),
        class_="mid",
    )
    for seat, player in enumerate(players):
        x0 = MARGIN + seat * fac_w
        acting = seat in view["active"]
        draw_facility(svg, player, catalog, view["face"], truck, x0, 48, acting)
    sx = MARGIN + len(players) * fac_w
    y: float = 48
    for player in players:
        y = _player_panel(svg, player, catalog, view, sx, y, side_w - 10) + 8
    _track(svg, view, catalog, MARGIN, 48 + fac_h + 4, len(players) * fac_w - 12)
    legend = [
        *(
            (color, f"{letter(color)} {color} belt, port or good")
            for color in catalog.shipping_boards[view["side"]].colors
        ),
        (TEAL, "teal square (buildable)"),
        (SAND, "Conveyor tile, sand face"),
        (DARK, "Conveyor tile, dark face"),
        (MACHINE, "machine (ports on its edges)"),
        (WALL, "wall"),
        ("", "◎ Gear square;  ×2 stack height"),
        ("", "S splitter;  ▦ scaffolding"),
        ("", "dock: ◀ active line (goods flow), × none"),
        ("", "truck: cab with id, X blocked space"),
    ]
    svg.legend(MARGIN, height - 84, legend, per_row=5, col_w=235)
    return svg


# ---- the player's side panel -------------------------------------------------------------------


def _player_panel(
    svg: Svg,
    player: dict[str, Any],
    catalog: CuriousCargoContent,
    view: dict[str, Any],
    x: float,
    y: float,
    w: float,
) -> float:
    side = catalog.shipping_boards[view["side"]]
    g = svg.group(id=f"panel-{player['name']}")
    rows = len(side.colors)
    h = 64 + rows * 36 + 76
    svg.rect(x, y, w, h, g, fill="#fff", stroke="#999", rx=6)
    pts = player["points"]
    svg.text(x + 8, y + 16, f"{player['name']}: {plural(pts['total'], 'point')}", g, class_="big")
    svg.text(
        x + 8,
        y + 30,
        f"shipping {pts['shipping']}, receiving {pts['receiving']}, tokens {pts['tokens']}, "
        f"track {pts['track']}, bonuses {pts['bonus']}",
        g,
        class_="small",
    )
    splitters = ", ".join(f"{n} {c}" for c, n in player["splitters"].items() if n) or "none"
    svg.text(
        x + 8,
        y + 44,
        f"tokens: {player['construction']} Construction, {player['trucking']} Trucking; "
        f"{player['scaffolding']} scaffolding",
        g,
        class_="small",
    )
    svg.text(x + 8, y + 60, "Shipping board", g, class_="mid", font_weight="bold")
    svg.text(x + w - 8, y + 60, f"splitters: {splitters}", g, class_="small", text_anchor="end")
    for i, color in enumerate(side.colors):
        ry = y + 66 + i * 36
        shipped, received = player["shipped"][color], player["received"][color]
        svg.text(x + 8, ry + 11, f"{color} shipped {shipped}", g, class_="small")
        for k in range(len(side.ship_values)):
            cx = x + 120 + k * 19
            done = k < shipped
            if done:
                svg.token(cx, ry + 7, 7, color, letter(color), g)
            else:
                svg.circle(cx, ry + 7, 7, g, fill="#fff", stroke="#aaa")
                svg.text(
                    cx,
                    ry + 10,
                    str(side.ship_values[k]),
                    g,
                    font_size="9px",
                    text_anchor="middle",
                    class_="dim",
                )
        svg.text(x + 8, ry + 28, f"received {received}", g, class_="small")
        for k in range(len(side.receive_values)):
            cx = x + 120 + k * 19
            if k < received:
                svg.token(cx, ry + 24, 7, color, letter(color), g)
            else:
                svg.rect(cx - 7, ry + 17, 14, 14, g, fill="#fff", stroke="#aaa")
                svg.text(
                    cx,
                    ry + 27,
                    str(side.receive_values[k]),
                    g,
                    font_size="9px",
                    text_anchor="middle",
                    class_="dim",
                )
    by = y + 74 + rows * 36
    columns = ", ".join(map(str, player["ship_columns"])) or "none"
    rcolumns = ", ".join(map(str, player["receive_columns"])) or "none"
    svg.text(
        x + 8,
        by + 2,
        f"complete columns: shipping {columns}; receiving {rcolumns}",
        g,
        class_="small",
    )
    svg.text(x + 8, by + 16, "storage", g, class_="small")
    piles = zip(player["storage"], player["storage_tops"], strict=True)
    for i, (n, top) in enumerate(piles):  # `store TILE a`: a pile named by its letter
        own = "hand" in player  # and `place TILE ...`: its top tile by its id
        pile = svg.text(x + 60 + i * 140, by + 16, f"{'ab'[i]}: {plural(n, 'tile')}", g)
        pile.set("class", "small")
        if own:
            pile.set("data-ref", "ab"[i])
        if top:
            pile.text = (pile.text or "") + ", top "
            tile = ET.SubElement(pile, "tspan", {"data-ref": top} if own else {})
            tile.text = top
    if "hand" in player:  # the viewer's own: each tile and Truck card a chip named by its id
        hand = svg.group(g, data_ref=f"hand:{player['name']}")
        _chips(svg, hand, "tiles", player["hand"], x + 8, by + 22, w - 16, SAND)
        dealt = [*player["trucks"], *player.get("draft", [])]
        _chips(svg, hand, "trucks", dealt, x + 8, by + 44, w - 16, "#e7ecf3")
    else:
        svg.text(
            x + 8,
            by + 30,
            f"hand: {plural(player['hand_count'], 'tile')}, {plural(player['trucks_count'], 'Truck card')} (face down)",
            g,
            class_="small",
        )
        for k in range(min(player["hand_count"] + player["trucks_count"], 14)):
            svg.rect(x + 8 + k * 14, by + 36, 11, 14, g, fill="#7a869a", stroke="#333", rx=2)
    return y + h


def _chips(
    svg: Svg, parent: Any, label: str, ids: list[str], x: float, y: float, w: float, color: str
) -> None:
    """`label:` then one chip per id (data-ref the id), on one line (narrower chips when many)."""
    svg.text(x, y + 13, f"{label}:", parent, class_="small")
    if not ids:
        svg.text(x + 46, y + 13, "none", parent, class_="small dim")
        return
    step = min(62.0, (w - 46) / len(ids))
    for i, ident in enumerate(ids):
        chip = svg.group(parent, data_ref=ident)
        cx = x + 46 + i * step
        svg.rect(cx, y, step - 4, 18, chip, fill=color, stroke="#333", rx=3)
        svg.text(cx + (step - 4) / 2, y + 13, ident, chip, class_="small", text_anchor="middle")
        svg.title(chip, ident)


# ---- the Turn Order track ----------------------------------------------------------------------


def _track(
    svg: Svg, view: dict[str, Any], catalog: CuriousCargoContent, x: float, y: float, w: float
) -> None:
    g = svg.group(id="track")
    spaces = catalog.track
    cell = min(70.0, (w - 16) / len(spaces))
    svg.text(x, y + 12, "Turn Order track", g, class_="mid", font_weight="bold")
    here: dict[int, list[tuple[int, str]]] = {}
    for p in view["players"]:
        here.setdefault(p["forklift"], []).append((p["forklift_height"], p["name"]))
    for i, space in enumerate(spaces):
        sx = x + i * cell
        svg.rect(sx, y + 18, cell - 4, 58, g, fill="#f2efe4", stroke="#999", rx=4)
        svg.text(
            sx + 4,
            y + 30,
            str(space.space) + (" ★" if space.star else ""),
            g,
            class_="mid",
            font_weight="bold",
        )
        words = []
        if space.points:
            words.append(f"{space.points} pt")
        if space.bonus:
            words.append("+card" if space.bonus[0].kind == "truck_card" else space.bonus[0].kind)
        if space.first:  # beside the space's number: the bonus line has room for two words
            first = f"1st {space.first[0].amount}C"
            svg.text(sx + cell - 8, y + 30, first, g, class_="small", text_anchor="end")
        svg.text(sx + 4, y + 72, " ".join(words), g, class_="small")
        for k, (_, name) in enumerate(sorted(here.get(space.space, []))):
            svg.token(
                sx + 16 + k * 20,
                y + 48,
                9,
                ("blue", "red")[_seat(view, name) % 2],
                name[:2],
                g,
                tip=f"{name}'s forklift",
            )


def _seat(view: dict[str, Any], name: str) -> int:
    return [p["name"] for p in view["players"]].index(name)
