"""Import / Export as text: canonical action lines (grammar/import_export.lark lists every
action with an example) and the table drawn for `show` (topics: sea, island, harbors, hand and
cards; no topic: everything the viewer may see)."""

from __future__ import annotations

from typing import Any

from dockyard import Action
from dockyard.words import plural

from .components import Card
from .reading import goods_limit, imports_limit, tier
from .shipments import missing, requirement
from .state import ImportExportState

TOPICS = ("sea", "island", "harbors", "hand", "cards")

# the grammar's words, as `help` explains them
TERMINAL_WORDS = {
    "CARD": "a card such as laptops (`show cards` lists them)",
    "SHIP": "a ship such as green-1",
    "ACTION": "an action (contract, load, import, pirate or supply)",
    "PLACE": "imports or goods",
    "ISLAND": "island",
    "NAME": "a player",
    "INT": "a number of credits such as 4",
}


def format_action(action: Action) -> str:
    a, verb, who = action.args, action.verb, action.player
    if verb == "lead" and len(a) >= 2:
        return f"{who}: lead {a[0]} with {' and '.join(map(str, a[1:]))}"
    if verb == "follow" and a:
        return f"{who}: follow with {' and '.join(map(str, a))}"
    if verb in ("contract", "load") and len(a) == 2:
        return f"{who}: {verb} {a[0]} on {a[1]}"
    if verb == "import" and len(a) == 1:
        return f"{who}: import from {a[0]}"
    if verb == "keep" and len(a) == 2:
        return f"{who}: keep {a[0]} in {a[1]}"
    if verb == "pirate" and len(a) == 3:
        to = "" if a[2] is None else f" to {a[2]}"
        source = f"hand of {a[1]}" if a[0] == "random" else a[1]  # MINI VAN
        return f"{who}: pirate {a[0]} from {source}{to}"
    if verb == "take" and len(a) == 1:
        return f"{who}: take {a[0]} from island"
    return str(action)


def action_from_tree(verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
    words = tuple(str(x) for x in args)
    if verb == "bid":
        return verb, (int(args[0]),)
    if verb == "lead":
        return verb, (words[0], *sorted(words[1:]))
    if verb == "follow":
        return verb, tuple(sorted(words))
    if verb == "pirate":
        return verb, (words[0], words[1], words[2] if len(words) > 2 else None)
    return verb, words


# ---- show ------------------------------------------------------------------------------------------


def announce(action: Action) -> str | None:
    """A bid is sealed: everyone sees that it was made, the amounts at the reveal. An answer to
    a question may name a card of a hand: everyone sees that it was given, and the events that
    follow say what of it may be seen by whom."""
    if action.verb == "bid":
        return f"{action.player}: bid (in secret)"
    if action.verb == "choose":
        return f"{action.player}: choose (in secret)"
    return None


def legal_group(action: Action) -> str:
    """The heading a legal action is listed under (`lead load`, `contract laptops`, `draw`)."""
    if action.verb == "lead":
        return f"lead {action.args[0]}"
    if action.verb in ("contract", "load", "pirate", "keep", "sell", "take"):
        return f"{action.verb} {action.args[0]}"
    return action.verb


def describe_card(state: ImportExportState, ident: str) -> str | None:
    """A goods card in words: its name, what is printed on it, its power."""
    card = state.c.by_id.get(ident)
    if card is None:
        return None
    return f"{card.name}\n{card_line(card)}\npower ({card.timing}): {card.power}"


def load_text(load: Any) -> str:
    return " + ".join(f"{n} {color}" for color, n in load) or "nothing"


def card_line(card: Card) -> str:
    return f"{card.id}: {card.action}, {card.type} tier {card.tier}, needs {load_text(card.load)}"


def cards_text(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "-"


def sea_lines(state: ImportExportState) -> list[str]:
    lines = ["Open sea:"]
    ships = state.at_sea()
    for ship in ships:
        owner = state.players[ship.owner]
        lines.append(f"  {ship.id} ({owner}): {cards_text(ship.loaded)}")
    if not ships:
        lines.append("  (no ships at sea)")
    return lines


def island_lines(state: ImportExportState) -> list[str]:
    return [f"Supply island ({len(state.island)}): {cards_text(state.island)}"]


def harbor_lines(state: ImportExportState, seat: int, viewer: int | None) -> list[str]:
    c = state.c
    name = state.players[seat]
    kind = state.tiers[seat] or "no good type"
    tiers = ", ".join(f"{t} {tier(state, seat, t)}" for t in c.containers if tier(state, seat, t))
    lines = [
        f"Harbor of {name} ({state.colors[seat]}, {kind}): {state.credits[seat]} credits; "
        f"tiers: {tiers or 'none'}",
        f"  imports {len(state.imports[seat])}/{imports_limit(state, seat)}: "
        f"{cards_text(state.imports[seat])}",
        f"  goods {len(state.goods[seat])}/{goods_limit(state, seat)}: "
        f"{cards_text(state.goods[seat])}",
        f"  shipments ({len(state.shipments[seat])}): {cards_text(state.shipments[seat])}",
    ]
    for ship in state.ships:
        if ship.owner != seat or ship.at_sea:
            continue
        if not ship.contracts and not ship.loaded:
            lines.append(f"  {ship.id}: in harbor, empty")
            continue
        need = requirement(state, ship)
        still = missing(state, ship)
        lines.append(
            f"  {ship.id}: contracts {cards_text(ship.contracts)}; needs "
            f"{load_text(sorted(need.items()))}; loaded {cards_text(ship.loaded)}; "
            f"missing {load_text(sorted(still.items()))}"
        )
    if state.played[seat]:
        lines.append(f"  played this turn: {cards_text(state.played[seat])}")
    if viewer == seat:
        lines.append(f"  hand ({len(state.hands[seat])}):")
        lines += [f"    {card_line(c.card(card))}" for card in sorted(state.hands[seat])]
    else:
        lines.append(f"  hand: {plural(len(state.hands[seat]), 'card')}")
    return lines


def status_line(state: ImportExportState, phase: str) -> str:
    flow = state.flow
    leader = state.players[state.leader]
    if flow.over is not None:
        return f"The game is over: {flow.over}"
    text = f"Turn {flow.round}: {leader} leads"
    if state.declared:
        text += f" {state.declared}"
    text += f" ({phase} phase)"
    if state.auction is not None:
        a = state.auction
        bids = ", ".join(
            f"{state.players[s]} {'has bid' if s in a.bids else 'to bid'}" for s in a.bidders
        )
        text += f"; bidding for {a.ship}: {bids}"
    return text


def render(state: ImportExportState, viewer: int | None, topic: str, phase: str) -> str:
    c = state.c
    if topic == "sea":
        return "\n".join(sea_lines(state))
    if topic == "island":
        return "\n".join(island_lines(state))
    if topic == "cards":
        return "\n".join(card_line(card) for card in c.cards)
    if topic == "hand":
        if viewer is None:
            return "a spectator has no hand (play as a seat to see yours)"
        return "\n".join(card_line(c.card(card)) for card in sorted(state.hands[viewer]))
    seats = range(len(state.players))
    if topic == "harbors":
        return "\n".join(line for s in seats for line in harbor_lines(state, s, viewer))
    lines = [
        status_line(state, phase),
        f"Deck {len(state.deck)}, discard pile {len(state.discard)}"
        + (f" (top: {state.discard[-1]})" if state.discard else "")
        + f", bank {state.bank} credits",
        *sea_lines(state),
        *island_lines(state),
    ]
    for seat in seats:
        lines += harbor_lines(state, seat, viewer)
    return "\n".join(lines)
