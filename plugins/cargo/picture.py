"""The dock of Tom Jolly's Cargo as an SVG picture, drawn from the view alone.

Water, the unused ramp and the dock squares; each ship's loading spaces in its color; crates as
squares with their color's letter; workers as round tokens of their owner's color with the
kind's letter (D, B, M, E), a number beside Dockhands that share a square. Beside the dock:
each player's ship, points, crates and the workers away (water, Doctor).
"""

from __future__ import annotations

from typing import Any

from dockyard.svg import Svg, fill, ink
from dockyard.words import plural, with_article

from .components import COLUMNS

S = 44  # a square
LEFT, TOP = 30, 50
SEA, RAMP, DOCK = "#9cc9e8", "#c7b08a", "#e9dcc0"


SHIPS = ("red", "blue", "green", "yellow")  # the rulebook's four ships


def draw(view: dict[str, Any], letters: dict[str, str]) -> Svg:
    rows = view["map"]
    height_sq, width_sq = len(rows), len(rows[0])
    colors = {p["name"]: p["ship"] for p in view["players"]}
    ship_of = {c[:1].upper(): c for c in SHIPS}  # the map marks a ship by its color's letter
    ship_of |= {c[:1].upper(): c for c in colors.values() if c}
    width = LEFT + width_sq * S + 330
    height = max(TOP + height_sq * S + 110, TOP + 40 + 110 * len(view["players"]))
    phase = view["phase"]
    title = f"Tom Jolly's Cargo: {phase} phase" + (
        f", round {view['round']}" if phase == "play" else ""
    )
    svg = Svg(width, height, title)
    over = f"; game over ({view['over']})" if view.get("over") else ""
    svg.text(12, 26, title + over, class_="title")
    if view.get("to_move"):
        left = view.get("moves_left")
        more = f" ({plural(left, 'worker')} left to move)" if left is not None else ""
        svg.text(12, 42, f"{view['to_move']} to play{more}", class_="mid")
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            name = f"{COLUMNS[i]}{height_sq - j}"
            _square(svg, ch, name, LEFT + i * S, TOP + j * S, ship_of)
    for name, square in view["squares"].items():
        x = LEFT + COLUMNS.index(name[0]) * S
        y = TOP + (height_sq - int(name[1:])) * S
        if "crate" in square:
            color = square["crate"]
            g = svg.group(id=f"crate-{name}")
            svg.rect(x + 7, y + 7, S - 14, S - 14, g, fill=fill(color), stroke="#222", rx=3)
            svg.text(
                x + S / 2,
                y + S / 2 + 5,
                color[:1].upper(),
                g,
                text_anchor="middle",
                class_="big",
                style=f"fill:{ink(color)}",
            )
            svg.title(g, f"{with_article(color)} crate on {name}")
        else:
            _workers(svg, square["workers"], colors, letters, x, y, name, view.get("you"))
    for col in range(width_sq):
        svg.text(
            LEFT + col * S + S / 2,
            TOP + height_sq * S + 14,
            COLUMNS[col],
            text_anchor="middle",
            class_="small dim",
        )
    for r in range(height_sq):
        svg.text(
            LEFT - 6,
            TOP + r * S + S / 2 + 4,
            str(height_sq - r),
            text_anchor="end",
            class_="small dim",
        )
    px = LEFT + width_sq * S + 20
    for k, player in enumerate(view["players"]):
        _player(svg, player, view.get("you") == player["name"], px, TOP + k * 110)
    if view["put_back"]:
        waiting = ", ".join(f"{a['crate']} (on the {a['ship']} ship)" for a in view["put_back"])
        svg.text(px, TOP + len(view["players"]) * 110 + 10, f"to put back: {waiting}", class_="mid")
    legend = [(c, f"{c} ship, crates and workers") for c in colors.values() if c]
    legend += [(SEA, "water"), (RAMP, "unused ramp (water)"), (DOCK, "dock")]
    legend += [("", "D dockhand, B burly, M mule, E elephant")]
    svg.legend(12, TOP + height_sq * S + 24, legend, per_row=2, col_w=230)
    return svg


def _square(svg: Svg, ch: str, name: str, x: float, y: float, ship_of: dict[str, str]) -> None:
    g = svg.group(id=f"square-{name}", data_ref=name)
    if ch == ".":
        svg.rect(x, y, S, S, g, fill=DOCK, stroke="#8a7a5a")
    elif ch == "=":
        svg.rect(x, y, S, S, g, fill=RAMP, stroke="#8a7a5a", stroke_dasharray="4 3")
        svg.title(g, f"{name}: the unused ramp, water for pushing")
    elif ch.isupper():
        ship = ship_of.get(ch, ch)
        svg.rect(x, y, S, S, g, fill=SEA, stroke="#6aa")
        frame = svg.rect(x + 3, y + 3, S - 6, S - 6, g, fill="#fff", fill_opacity=0)
        frame.set("stroke", fill(ship))
        frame.set("stroke-width", "4")
        frame.set("data-ref", ship)  # `choose red`: a ship is named by its color
        svg.title(g, f"{name}: a loading space of the {ship} ship")
    else:
        svg.rect(x, y, S, S, g, fill=SEA, stroke="#b5d8ee")


def _workers(
    svg: Svg,
    men: list[dict[str, Any]],
    colors: dict[str, str | None],
    letters: dict[str, str],
    x: float,
    y: float,
    name: str,
    you: str | None = None,
) -> None:
    g = svg.group(id=f"workers-{name}")
    by_owner: dict[str, int] = {}
    for m in men:
        by_owner[m["player"]] = by_owner.get(m["player"], 0) + 1
    shown = list(by_owner.items())
    r = S * 0.3 if len(shown) == 1 else S * 0.2
    for i, (owner, count) in enumerate(shown):
        cx = x + S / 2 + (0 if len(shown) == 1 else (i % 2 - 0.5) * S * 0.45)
        cy = y + S / 2 + (0 if len(shown) <= 2 else (i // 2 - 0.5) * S * 0.45)
        kind = next(m["worker"] for m in men if m["player"] == owner)
        letter = letters.get(kind, kind[:1]).upper()
        tip = f"{owner}'s {kind}" if count == 1 else f"{count} of {owner}'s {kind}s"
        token = svg.token(
            cx,
            cy,
            r,
            colors.get(owner),
            letter + (str(count) if count > 1 else ""),
            g,
            tip=f"{tip} on {name}",
        )
        if owner == you:  # `move burly north`: the seat's own workers named by their kind
            token.set("data-ref", kind)


def _player(svg: Svg, player: dict[str, Any], you: bool, x: float, y: float) -> None:
    g = svg.group(id=f"player-{player['name']}", data_ref=player["name"])
    ship = player["ship"]
    svg.rect(
        x,
        y,
        290,
        100,
        g,
        fill="#fff",
        stroke=fill(ship) if ship else "#999",
        stroke_width=3 if ship else 1,
        rx=6,
    )
    name = player["name"] + (" (you)" if you else "")
    svg.text(
        x + 8,
        y + 18,
        f"{name}: {ship or 'no'} ship, {plural(player['points'], 'point')}",
        g,
        class_="big",
    )
    if player["crates_on_dock"] is not None:
        svg.text(
            x + 8,
            y + 36,
            f"{plural(player['crates_on_dock'], 'crate')} on the dock",
            g,
            class_="mid",
        )
    front = player["front"]
    svg.text(x + 8, y + 52, f"in front: {plural(len(front), 'crate')}", g, class_="mid")
    for i, color in enumerate(front):
        svg.rect(x + 110 + i * 12, y + 43, 10, 10, g, fill=fill(color), stroke="#222")
    away = [f"{w} in the water" for w in player["water"]]
    away += [f"{d['worker']} at the Doctor" for d in player["doctor"]]
    away += [f"{w} out of the game" for w in player["out"]]
    off = [*player["to_place"], *player["water"], *(d["worker"] for d in player["doctor"])]
    if off and you:  # `place KIND SQUARE`: each worker off the dock named by its kind
        svg.text(x + 8, y + 95, "off dock:", g, class_="small")
        kinds = {k: off.count(k) for k in off}
        for i, (kind, n) in enumerate(kinds.items()):
            chip = svg.group(g, data_ref=kind)
            svg.rect(x + 58 + i * 58, y + 84, 55, 15, chip, fill="#f2efe4", stroke="#333", rx=3)
            words = kind if n == 1 else f"{kind} ×{n}"
            svg.text(x + 85 + i * 58, y + 96, words, chip, class_="small", text_anchor="middle")
    elif player["to_place"]:
        away.append(f"{len(player['to_place'])} workers to place")
    svg.text(x + 8, y + 70, "; ".join(away[:3]) or "every worker on the dock", g, class_="small")
    if len(away) > 3:
        svg.text(x + 8, y + 84, "; ".join(away[3:]), g, class_="small")
