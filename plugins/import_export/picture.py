"""The table of Import / Export as an SVG picture, drawn from one player's view alone.

Across the top the open sea (each ship in its harbor's color with its containers), the supply
island, the deck and the discard pile's top card; below, one harbor per player: credits, imports, goods,
completed shipments, the ships in harbor with their contracts and loaded containers, the cards
played this turn and the hand (face up for its owner, a count of card backs for the others).
A card is a chip of its container's color with its good type's letter and its id, so nothing
is told by color alone.
"""

from __future__ import annotations

from typing import Any

from dockyard.svg import Svg, fill, ink
from dockyard.words import plural

from .components import Box

CHIP_W, CHIP_H = 112, 17
PANEL_W = 3 * (CHIP_W + 4) + 20
COLUMNS = 3
LETTERS = {"technology": "T", "agriculture": "A", "consumer": "C", "illegal": "I", "luxury": "L"}


def _chip(svg: Svg, x: float, y: float, card: str, box: Box, parent: Any) -> None:
    printed = box.by_id.get(card)
    color = printed.color if printed else "white"
    g = svg.group(parent, id=f"card-{card}", data_ref=card)
    svg.rect(x, y, CHIP_W, CHIP_H, g, fill=fill(color), stroke="#222", rx=3)
    letter = LETTERS.get(printed.type, "?") if printed else "?"
    svg.text(x + 4, y + 12, f"{letter} {card}", g, class_="small", style=f"fill:{ink(color)}")
    if printed:
        load = " + ".join(f"{n} {c}" for c, n in printed.load)
        svg.title(
            g, f"{printed.name}: {printed.action}, {printed.type} tier {printed.tier}, needs {load}"
        )


def _cards(
    svg: Svg, x: float, y: float, cards: list[str], box: Box, parent: Any, per_row: int = 3
) -> float:
    """Chips in rows; the height used."""
    for i, card in enumerate(cards):
        _chip(
            svg,
            x + (i % per_row) * (CHIP_W + 4),
            y + (i // per_row) * (CHIP_H + 3),
            card,
            box,
            parent,
        )
    rows = (len(cards) + per_row - 1) // per_row
    return rows * (CHIP_H + 3)


def _label(svg: Svg, x: float, y: float, words: str, parent: Any, ref: str | None = None) -> float:
    svg.text(x, y + 11, words, parent, class_="mid", data_ref=ref)
    return 15


def draw(view: dict[str, Any], box: Box) -> Svg:
    players = view["players"]
    sea = view["sea"]
    sea_rows = max(1, len(sea))
    top_h = 60 + sea_rows * (CHIP_H + 10) + 40 + (CHIP_H + 3) + 30
    panels = [_panel_height(p) for p in players]
    rows = [max(panels[i : i + COLUMNS]) for i in range(0, len(panels), COLUMNS)]
    width = 20 + COLUMNS * (PANEL_W + 10)
    height = top_h + sum(rows) + 10 * len(rows) + 70
    phase = view["phase"]
    title = f"Import / Export: turn {view['turn']}, {view['leader']} leads"
    if view.get("declared"):
        title += f" {view['declared']}"
    svg = Svg(width, height, title)
    over = f"; game over ({view['over']})" if view.get("over") else f" ({phase} phase)"
    svg.text(12, 26, title + over, class_="title")
    svg.text(
        12,
        44,
        f"deck {view['deck']}, bank {view['bank']} credits; the game ends at {view['end_credits']} active credits",
        class_="mid",
    )
    y: float = 56
    g = svg.group(id="sea")
    svg.rect(
        10, y, width - 20, sea_rows * (CHIP_H + 10) + 24, g, fill="#cfe6f5", stroke="#6a9ec2", rx=6
    )
    svg.text(18, y + 15, "Open sea", g, class_="mid", font_weight="bold")
    for i, ship in enumerate(sea):
        sy = y + 22 + i * (CHIP_H + 10)
        color = ship["ship"].rsplit("-", 1)[0]
        at = svg.group(g, data_ref=ship["ship"])
        svg.rect(18, sy, 130, CHIP_H + 4, at, fill=fill(color), stroke="#222", rx=8)
        svg.text(
            24,
            sy + 14,
            f"{ship['ship']} ({ship['owner']})",
            at,
            class_="mid",
            style=f"fill:{ink(color)}",
        )
        _cards(svg, 156, sy + 2, ship["containers"], box, g, per_row=6)
    y += sea_rows * (CHIP_H + 10) + 30
    g = svg.group(id="island", data_ref="island")
    svg.text(
        12, y + 11, f"Supply island ({len(view['island'])})", g, class_="mid", font_weight="bold"
    )
    used = _cards(svg, 150, y, view["island"], box, g, per_row=6)
    y += max(used, CHIP_H + 3) + 6
    g = svg.group(id="discard")
    svg.text(12, y + 11, f"Discard pile ({view['discard']})", g, class_="mid", font_weight="bold")
    top = [view["discard_top"]] if view["discard_top"] else []
    used = _cards(svg, 150, y, top, box, g, per_row=6)
    y = max(y + used + 10, top_h - 20)
    auction = view.get("auction")
    if auction:
        bids = auction["bids"]
        text = f"Bidding for {auction['ship']}: " + (
            ", ".join(f"{p} {b}" for p, b in bids.items())
            if bids
            else ", ".join(
                f"{p} {'has bid' if p in auction['have_bid'] else 'to bid'}"
                for p in auction["bidders"]
            )
        )
        svg.text(12, y + 4, text, class_="mid")
    y += 14
    for i, player in enumerate(players):
        row, col = divmod(i, COLUMNS)
        px = 10 + col * (PANEL_W + 10)
        py = y + sum(rows[:row]) + 10 * row
        _panel(svg, px, py, rows[row], player, view, box)
    entries = [(box.containers[t], f"{LETTERS[t]} {t} ({box.containers[t]})") for t in LETTERS]
    svg.legend(12, height - 56, entries, per_row=5, col_w=200)
    return svg


def _panel_height(p: dict[str, Any]) -> int:
    rows = 0
    for key in ("imports", "goods", "shipments", "played"):
        rows += 1 + (len(p[key]) + 2) // 3
    for ship in p["ships"]:
        rows += 1 + (len(ship["contracts"]) + 2) // 3 + (len(ship["loaded"]) + 2) // 3
    hand = p["hand"]
    rows += 1 + ((len(hand) + 2) // 3 if hand is not None else 1)
    return 40 + rows * 20


def _panel(
    svg: Svg, x: float, y: float, h: float, p: dict[str, Any], view: dict[str, Any], box: Box
) -> None:
    g = svg.group(id=f"harbor-{p['name']}", data_ref=p["name"])
    own = p["hand"] is not None  # the viewer's own harbor: its rows are named (keep X in goods)
    color = p["harbor"]
    leader = " (leads)" if p["name"] == view["leader"] else ""
    svg.rect(x, y, PANEL_W, h, g, fill="#fff", stroke=fill(color), stroke_width=3, rx=6)
    svg.rect(x, y, PANEL_W, 22, g, fill=fill(color), rx=6)
    svg.text(
        x + 8,
        y + 16,
        f"{p['name']}{leader}: {color} harbor, {p['credits']} credits",
        g,
        class_="mid",
        font_weight="bold",
        style=f"fill:{ink(color)}",
    )
    cy = y + 28
    tiers = ", ".join(f"{t} {n}" for t, n in p["tiers"].items() if n)
    cy += _label(svg, x + 8, cy, f"tiers: {tiers or 'none'}; did: {p['did'] or '-'}", g)
    for key, words in (
        ("imports", f"imports {len(p['imports'])}/{p['imports_limit']}"),
        ("goods", f"goods {len(p['goods'])}/{p['goods_limit']}"),
        ("shipments", f"shipments {len(p['shipments'])}"),
        ("played", "played this turn"),
    ):
        if key == "played" and not p[key]:
            continue
        cy += _label(svg, x + 8, cy, words, g, key if own else None)
        cy += _cards(svg, x + 8, cy, p[key], box, g)
    for ship in p["ships"]:
        missing = ", ".join(f"{n} {c}" for c, n in ship["missing"].items()) or "nothing"
        state = f"missing {missing}" if ship["contracts"] else "no contract"
        cy += _label(svg, x + 8, cy, f"{ship['id']} in harbor: {state}", g, ship["id"])
        cy += _cards(svg, x + 8, cy, ship["contracts"], box, g)
        if ship["loaded"]:
            cy += _cards(svg, x + 20, cy, ship["loaded"], box, g)
    hand = p["hand"]
    g = svg.group(g, data_ref=f"hand:{p['name']}")
    if hand is None:
        cy += _label(svg, x + 8, cy, f"hand: {plural(p['hand_size'], 'card')}", g)
        for i in range(min(p["hand_size"], 12)):
            svg.rect(x + 8 + i * 14, cy, 12, CHIP_H, g, fill="#8a6d3b", stroke="#222", rx=2)
    else:
        cy += _label(svg, x + 8, cy, f"hand ({len(hand)})", g)
        _cards(svg, x + 8, cy, hand, box, g)
