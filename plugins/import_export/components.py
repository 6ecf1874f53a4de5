"""The box of Import / Export: goods cards, harbors and their ships, payouts, credits, the rules'
numbers (content/import_export). Frozen data, built once per content and shared by every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dockyard.loader import Content, ContentError, Reporter

from . import INFO

ACTIONS = ("contract", "load", "import", "pirate", "supply")
GOOD_TYPES = ("technology", "agriculture", "consumer", "illegal", "luxury")


@dataclass(frozen=True, slots=True)
class Card:
    """A goods card: what is printed on it. Its container color comes from its good type."""

    id: str
    name: str
    type: str  # good type
    action: str  # action type
    tier: int  # goods of its type needed to contract it
    load: tuple[tuple[str, int], ...]  # containers by color, to complete it as a shipment
    timing: str  # when its power works: immediate, any-time, passive
    power: str
    color: str  # the color of the container it is when loaded
    effects: tuple[dict[str, Any], ...] = ()  # its power as rules (powers.py, effects.py)
    # the abilities of `effects` used at any time (asked of every card held, at every
    # decision: worked out once)
    any_time: tuple[dict[str, Any], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kept = tuple(a for a in self.effects if a.get("when") == "any-time")
        object.__setattr__(self, "any_time", kept)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.load)


@dataclass(frozen=True, slots=True)
class Harbor:
    color: str
    tier: str | None  # the good type its ships give a tier in (none for grey)
    only_with: int | None  # used only with this many players
    credits: int  # extra credits at setup


@dataclass(frozen=True, slots=True)
class Words:
    """The words the goods' powers are written in, with the functions that play them
    (vocabulary.py's table): effects, effects that stop (to ask), conditions."""

    effects: Mapping[str, Callable[..., None]]
    stops: Mapping[str, Callable[..., None]]
    conditions: Mapping[str, Callable[..., bool]]


@dataclass(frozen=True, slots=True)
class Box:
    cards: tuple[Card, ...]
    by_id: dict[str, Card]
    containers: dict[str, str]  # good type -> container color
    harbors: tuple[Harbor, ...]
    ships_per_harbor: int
    ship_capacity: int
    payouts: tuple[tuple[int, int], ...]  # (containers, credits), ascending
    credits_total: int  # every credit in the box
    rules: dict[str, Any]
    words: Words  # the powers' vocabulary (vocabulary.py), played by powers.run
    layout: dict[str, Any] | None = None  # a table set up by hand (layout.json), checked

    def card(self, ident: str) -> Card:
        return self.by_id[ident]

    def payout(self, containers: int) -> int:
        """Credits for a completed shipment of `containers` loaded containers: the harbor
        card's row for the largest count not above it (none below the first row)."""
        best = 0
        for count, credits in self.payouts:
            if count <= containers:
                best = credits
        return best

    def harbors_for(self, players: int) -> list[Harbor]:
        return [h for h in self.harbors if h.only_with is None or h.only_with == players]


def _goods(rep: Reporter, content: Content) -> Any:
    """Every card of every goods file (the base game's, and an expansion's beside it)."""
    for doc in content.of_kind("goods"):
        for i, item in rep.unique(doc, "cards", doc.data["cards"]):
            yield doc, i, item


def build(content: Content, words: Words) -> Box:
    """The box from the content's files, its powers to be played with `words`."""
    rep = Reporter(content)
    docs = {kind: rep.one(kind, "Import / Export") for kind in ("table", "rules")}
    goods = content.of_kind("goods")
    if not goods:
        rep.missing(f"content/{content.game}", "Import / Export needs a goods file, found 0")
    rep.raise_if_any()
    docs["goods"] = goods[0]
    table = docs["table"].data
    containers: dict[str, str] = dict(table["containers"])
    for t in GOOD_TYPES:
        if t not in containers:
            rep.report(docs["table"], ["containers"], f"no container color for {t} goods")
    colors = list(containers.values())
    for t, color in containers.items():
        if colors.count(color) > 1:
            rep.report(docs["table"], ["containers", t], f"{color} is the color of two good types")
    cards: list[Card] = []
    seen: dict[str, str] = {}
    for doc, i, item in _goods(rep, content):
        if item["id"] in seen:
            rep.report(
                doc, ["cards", i, "id"], f"{item['id']} is already a card of {seen[item['id']]}"
            )
            continue
        seen[item["id"]] = doc.origin
        load = tuple(sorted(item["load"].items()))
        for color, _ in load:
            if color not in colors:
                rep.report(doc, ["cards", i, "load", color], f"{color} is no container color")
        size = sum(n for _, n in load)
        if size > table["ship_capacity"]:
            rep.report(
                doc,
                ["cards", i, "load"],
                f"{size} containers do not fit a ship ({table['ship_capacity']} at most)",
            )
        cards.append(
            Card(
                item["id"],
                item["name"],
                item["type"],
                item["action"],
                item["tier"],
                load,
                item["timing"],
                item["power"],
                containers.get(item["type"], "?"),
                tuple(item.get("effects", ())),
            )
        )
    harbors = tuple(
        Harbor(h["color"], h.get("tier"), h.get("only_with"), h.get("credits", 0))
        for h in table["harbors"]
    )
    for n in range(INFO.min_players, INFO.max_players + 1):
        usable = [h for h in harbors if h.only_with is None or h.only_with == n]
        if len(usable) < n:
            rep.report(docs["table"], ["harbors"], f"{len(usable)} harbors for {n} players")
    rules = docs["rules"].data
    per_player = rules["setup"]
    need = INFO.max_players * (
        per_player["sea_cards_per_ship"]
        + per_player["hand"]
        + per_player["island_cards_per_player"]
    )
    if len(cards) < need:
        rep.report(
            docs["goods"], ["cards"], f"{len(cards)} cards cannot set up {INFO.max_players} players"
        )
    layouts = content.of_kind("layout")
    for extra in layouts[1:]:
        rep.report(extra, [], f"a second layout (one table is set up: {layouts[0].origin})")
    layout = None
    if layouts:
        layout = layouts[0].data
        _check_layout(rep, layouts[0], layout, {c.id for c in cards}, harbors, table)
    if rep.problems:
        raise ContentError(sorted(rep.problems))
    payouts = tuple(sorted((p["containers"], p["credits"]) for p in table["payouts"]))
    total = sum(c["value"] * c["count"] for c in table["credits"])
    return Box(
        cards=tuple(cards),
        by_id={c.id: c for c in cards},
        containers=containers,
        harbors=harbors,
        ships_per_harbor=table["ships_per_harbor"],
        ship_capacity=table["ship_capacity"],
        payouts=payouts,
        credits_total=total,
        rules=rules,
        words=words,
        layout=layout,
    )


def _check_layout(
    rep: Reporter,
    doc: Any,
    layout: dict[str, Any],
    cards: set[str],
    harbors: tuple[Harbor, ...],
    table: dict[str, Any],
) -> None:
    """Every card named once and known, harbors of the box for this many players, ships of
    those harbors, a leader among the seats."""
    # without `harbors` the setup deals them as the rulebook does, for the players at the table
    colors = layout.get("harbors") or sorted({h.color for h in harbors})
    n = len(layout["harbors"]) if "harbors" in layout else len(harbors)
    usable = {h.color for h in harbors if h.only_with is None or h.only_with == n}
    for i, color in enumerate(layout.get("harbors", [])):
        if color not in usable:
            rep.report(
                doc,
                ["harbors", i],
                f"{color} is not a harbor for {n} players ({', '.join(sorted(usable))})",
            )
    if len(layout.get("players", [])) > n:
        rep.report(doc, ["players"], f"{len(layout['players'])} seats described, {n} harbors")
    if layout.get("leader", 0) >= n:
        rep.report(doc, ["leader"], f"seat {layout['leader']} leads, but seats are 0 to {n - 1}")
    places: list[tuple[list[Any], list[str]]] = []
    for i, seat in enumerate(layout.get("players", [])):
        places += [
            (["players", i, key], seat[key])
            for key in ("hand", "imports", "goods", "shipments")
            if key in seat
        ]
    for ident, ship in layout.get("ships", {}).items():
        color, _, number = ident.rpartition("-")
        if color not in colors or not 1 <= int(number) <= table["ships_per_harbor"]:
            rep.report(
                doc,
                ["ships", ident],
                f"{ident} is not a ship of these harbors ({', '.join(colors)}, numbered 1 to {table['ships_per_harbor']})",
            )
        if ship.get("contracts") and ship.get("at_sea"):
            rep.report(doc, ["ships", ident, "contracts"], "a ship at sea carries no contracts")
        if ship.get("at_sea") and not ship.get("loaded", True):
            rep.report(
                doc,
                ["ships", ident, "loaded"],
                "a ship at sea has containers (an empty one is home)",
            )
        places += [
            (["ships", ident, key], ship[key]) for key in ("contracts", "loaded") if key in ship
        ]
    places += [([key], layout[key]) for key in ("island", "discard", "deck_top") if key in layout]
    seen: dict[str, list[Any]] = {}
    for path, named in places:
        for j, card in enumerate(named):
            if card not in cards:
                rep.no_such(doc, [*path, j], "card", card, cards, " in goods.json")
            elif card in seen:
                where = ".".join(str(p) for p in seen[card])
                rep.report(doc, [*path, j], f"{card} is already placed at {where}")
            else:
                seen[card] = path
