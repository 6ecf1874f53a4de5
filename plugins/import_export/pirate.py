"""PIRATE: "take one container from a ship at sea or the supply island, load it onto one of your
ships if able, otherwise discard it"; AN EMPTY SHIP returns home, its owner unpaid. With MINI
VAN also from another player's ship in harbor, the top of the deck or a random card of a hand.

The rule pair `why_not_pirate` / `do_pirate`, and `legal_pirate`: exactly the arguments the
why-not rule accepts.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context
from dockyard.flow import reveal

from .harbor import draw_card
from .powers import fire, run
from .reading import Who, modifiers
from .shipments import load, loadable_by_color, loadable_ships, take_container
from .state import ImportExportState

ISLAND = "island"
DECK, TOP, RANDOM = "deck", "top", "random"  # MINI VAN: pirate the top card, a random card


def _source(state: ImportExportState, seat: int, source: str) -> list[str] | None:
    """The cards a pirate may take from `source`: a ship at sea, the island; with MINI VAN also
    another player's ship in harbor (its containers), the deck (`top`) or a player's hand
    (`random`)."""
    if source == ISLAND:
        return state.island
    ship = state.ship(source)
    if ship is not None and ship.at_sea:
        return ship.loaded
    if not modifiers(state, seat, "pirate-from"):
        return None
    if ship is not None and ship.owner != seat:
        return ship.loaded
    if source == DECK and (state.deck or state.discard):
        return [TOP]
    if source in state.players and state.players.index(source) != seat:
        return [RANDOM] if state.hands[state.players.index(source)] else []
    return None


def why_not_pirate(
    state: ImportExportState, seat: int, card: str, source: str, to: str | None
) -> str | None:
    cards = _source(state, seat, source)
    if cards is None:
        if modifiers(state, seat, "pirate-from"):
            return (
                f"{source} is not a ship at sea, another player's ship, the island, the deck "
                "or another player's hand"
            )
        return f"{source} is neither a ship at sea nor the island"
    if card in (TOP, RANDOM) and card in cards:
        return None if to is None else f"{card} is seen once taken: say no ship (`to`)"
    if card not in cards:
        return f"{card} is not on {'the island' if source == ISLAND else source}"
    able = loadable_ships(state, seat, card)
    if to is None:
        if able:
            return f"{card} can be loaded, so it must be: say `to {able[0].id}`"
        return None
    if all(s.id != to for s in able):
        return f"{card} cannot be loaded onto {to}"
    return None


def do_pirate(
    state: ImportExportState, seat: int, card: str, source: str, to: str | None, ctx: Context
) -> None:
    state.actions_left[seat] -= 1
    name = state.players[seat]
    where = "the island" if source == ISLAND else source
    ctx.emit("pirate", name, f"{name} pirates {card} from {where}", card=card)
    facts: dict[str, Any] = {}
    if card in (TOP, RANDOM):  # MINI VAN: unseen until taken
        card = _take_unseen(state, seat, card, source, ctx)
        if not card:
            return
    else:
        ship = state.ship(source)
        owner = ship.owner if ship is not None else None
        facts = {} if owner is None else {"owner": owner, "ship": source}
        _take_pirated(state, seat, card, source, to, ctx)
    fire(state, ctx, "pirate", by=seat, type=state.c.card(card).type, card=card, **facts)


def _take_unseen(state: ImportExportState, seat: int, card: str, source: str, ctx: Context) -> str:
    """MINI VAN: the top card of the deck or a random card of a hand, into the pirate's hand for
    a moment: loaded onto a ship it fits (the pirate chooses which) or else discarded."""
    if card == TOP:
        taken = draw_card(state, ctx)
        if taken is None:
            return ""
    else:
        hand = state.hands[state.players.index(source)]
        taken = state.rng.choice(sorted(hand))
        reveal(state)
        hand.remove(taken)
    state.hands[seat].append(taken)
    name = state.players[seat]
    where = "the top card of the deck" if card == TOP else f"a random card of {source}'s hand"
    ctx.emit("pirate", name, f"{name} takes {where}")  # seen by all once loaded or discarded
    mini_van = Who(seat, None, "mini-van")
    run(
        state,
        mini_van,
        [
            {
                "if": {"fits": taken},
                "then": [
                    {
                        "choose": {
                            "from": "my-fitting-ships",
                            "for": taken,
                            "then": [{"load": {"card": taken, "ship": "$choice"}}],
                        }
                    }
                ],
                "else": [{"move": {"card": taken, "from": "me.hand", "to": "discard"}}],
            }
        ],
        ctx,
    )
    return taken


def _take_pirated(
    state: ImportExportState, seat: int, card: str, source: str, to: str | None, ctx: Context
) -> None:
    name = state.players[seat]
    ship = state.ship(source)
    if ship is None:
        state.island.remove(card)
    else:  # a ship at sea (MINI VAN: or another player's in harbor)
        take_container(state, ship, card, ctx)
    if to is None:
        state.discard.append(card)
        ctx.emit("discard", name, f"{card} cannot be loaded and is discarded")
        return
    target = state.ship(to)
    assert target is not None
    load(state, target, card, ctx)


def legal_pirate(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    sources = [(s.id, s.loaded) for s in state.at_sea()] + [(ISLAND, state.island)]
    if modifiers(state, seat, "pirate-from"):  # MINI VAN
        sources += [(s.id, s.loaded) for s in state.ships if not s.at_sea and s.owner != seat]
        for source in [DECK, *state.players]:
            cards = _source(state, seat, source)
            out += [(card, source, None) for card in cards or ()]
    loadable = loadable_by_color(state, seat)
    for source, cards in sources:
        for card in dict.fromkeys(cards):
            able = loadable(card)
            out += [(card, source, s.id) for s in able] if able else [(card, source, None)]
    return out
