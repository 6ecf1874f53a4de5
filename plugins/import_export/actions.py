"""The actions a player performs once the turn's action is declared: CONTRACT, LOAD, PIRATE and
SUPPLY (IMPORT, played by everyone together, is importing.py). Each has its why-not rule, its
do rule and its options; the options are exactly the arguments the why-not rule accepts.

- CONTRACT: "take a card from your hand that you meet the tier requirement for, and contract
  it to a ship in your harbor"; "you may use the extra contract actions after the first to
  skip tier level requirements" (one action more per missing tier level).
- LOAD: "take a card from your hand and load it onto a shipment with a valid load requirement
  in your harbor"; "If you have no contracted shipments, you may not use a load action."
- PIRATE: "take one container from a ship at sea or the supply island, load it onto one of
  your ships if able, otherwise discard it"; an emptied ship returns home, its owner unpaid.
- SUPPLY: "either sell a card to the supply island for 4 credits, or take a card from the
  supply island into your imports"; "you may only sell one card to the supply island
  regardless of how many supply actions you take for the turn".
"""

from __future__ import annotations

from typing import Any

from dockyard import Context
from dockyard.flow import reveal

from .harbor import draw_card, gain
from .powers import fire, run
from .reading import Who, imports_room, modifiers, tier
from .shipments import (
    capacity,
    check_complete,
    contracted,
    fits,
    load,
    loadable_ships,
    take_container,
)
from .state import ImportExportState

ISLAND = "island"
# the action type each verb of the act phase takes
ACT_VERBS = {
    "contract": "contract",
    "load": "load",
    "import": "import",
    "pirate": "pirate",
    "sell": "supply",
    "take": "supply",
}
DECK, TOP, RANDOM = "deck", "top", "random"  # MINI VAN: pirate the top card, a random card


def contract_cost(state: ImportExportState, seat: int, card: str) -> int:
    """Contract actions it takes: one, and one more for each tier level missing."""
    printed = state.c.card(card)
    return 1 + max(0, printed.tier - tier(state, seat, printed.type))


# ---- contract -----------------------------------------------------------------------------------


def why_not_contract(state: ImportExportState, seat: int, card: str, ship_id: str) -> str | None:
    if card not in state.hands[seat]:
        return f"{card} is not in your hand"
    ship = state.ship(ship_id)
    if ship is None or ship.owner != seat:
        return f"{ship_id} is not one of your ships"
    if ship.at_sea:
        return f"{ship_id} is at sea: contract onto a ship in your harbor"
    c = state.c
    total = contracted(state, ship) + c.card(card).size
    most = capacity(state, seat)
    if total > most:
        return f"{ship_id} would need {total} containers ({most} at most)"
    cost = contract_cost(state, seat, card)
    if cost > state.actions_left[seat]:
        printed = c.card(card)
        have = tier(state, seat, printed.type)
        return (
            f"{card} is tier {printed.tier} {printed.type} and you have tier {have}: "
            f"it takes {cost} contract actions, you have {state.actions_left[seat]}"
        )
    return None


def do_contract(state: ImportExportState, seat: int, card: str, ship_id: str, ctx: Context) -> None:
    ship = state.ship(ship_id)
    assert ship is not None
    cost = contract_cost(state, seat, card)
    state.actions_left[seat] -= cost
    state.hands[seat].remove(card)
    ship.contracts.append(card)
    name = state.players[seat]
    extra = f" (using {cost} contract actions)" if cost > 1 else ""
    ctx.emit("contract", name, f"{name} contracts {card} onto {ship_id}{extra}", card=card)
    fire(state, ctx, "contract", by=seat, type=state.c.card(card).type, ship=ship_id)
    check_complete(state, ship, ctx)


def contract_options(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    ships = state.home_ships(seat)
    return [
        (card, ship.id)
        for card in state.hands[seat]
        for ship in ships
        if why_not_contract(state, seat, card, ship.id) is None
    ]


# ---- load -----------------------------------------------------------------------------------------


def why_not_load(state: ImportExportState, seat: int, card: str, ship_id: str) -> str | None:
    if card not in state.hands[seat]:
        return f"{card} is not in your hand"
    ship = state.ship(ship_id)
    if ship is None or ship.owner != seat:
        return f"{ship_id} is not one of your ships"
    if ship.at_sea:
        return f"{ship_id} is at sea"
    if not ship.contracts:
        return f"{ship_id} carries no contract to load for"
    if not fits(state, ship, card):
        return f"{ship_id} needs no more {state.c.card(card).color} containers"
    return None


def do_load(state: ImportExportState, seat: int, card: str, ship_id: str, ctx: Context) -> None:
    ship = state.ship(ship_id)
    assert ship is not None
    state.actions_left[seat] -= 1
    state.hands[seat].remove(card)
    load(state, ship, card, ctx, by=seat)


def load_options(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    return [
        (card, ship.id) for card in state.hands[seat] for ship in loadable_ships(state, seat, card)
    ]


# ---- pirate -----------------------------------------------------------------------------------------


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


def pirate_options(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    sources = [(s.id, s.loaded) for s in state.at_sea()] + [(ISLAND, state.island)]
    if modifiers(state, seat, "pirate-from"):  # MINI VAN
        sources += [(s.id, s.loaded) for s in state.ships if not s.at_sea and s.owner != seat]
        for source in [DECK, *state.players]:
            cards = _source(state, seat, source)
            out += [(card, source, None) for card in cards or ()]
    for source, cards in sources:
        for card in dict.fromkeys(cards):
            able = loadable_ships(state, seat, card)
            out += [(card, source, s.id) for s in able] if able else [(card, source, None)]
    return out


# ---- supply -------------------------------------------------------------------------------------------


def why_not_sell(state: ImportExportState, seat: int, card: str) -> str | None:
    if card not in state.hands[seat]:
        return f"{card} is not in your hand"
    if state.sold[seat]:
        return "you have already sold a card to the supply island this turn"
    return None


def do_sell(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    state.actions_left[seat] -= 1
    state.sold[seat] = True
    state.hands[seat].remove(card)
    state.island.append(card)
    name = state.players[seat]
    ctx.emit("sell", name, f"{name} sells {card} to the supply island", card=card)
    gain(state, seat, state.c.rules["supply"]["sell_price"], ctx, "a card sold")


def why_not_take(state: ImportExportState, seat: int, card: str) -> str | None:
    if card not in state.island:
        return f"{card} is not on the supply island"
    if not imports_room(state, seat):
        return f"your imports are full ({len(state.imports[seat])})"
    return None


def do_take(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    state.actions_left[seat] -= 1
    state.island.remove(card)
    state.imports[seat].append(card)
    name = state.players[seat]
    ctx.emit("take", name, f"{name} takes {card} from the supply island into their imports")


def supply_options(state: ImportExportState, seat: int) -> list[tuple[str, tuple[Any, ...]]]:
    out: list[tuple[str, tuple[Any, ...]]] = []
    if not state.sold[seat]:
        out += [("sell", (card,)) for card in dict.fromkeys(state.hands[seat])]
    if imports_room(state, seat):
        out += [("take", (card,)) for card in dict.fromkeys(state.island)]
    return out
