"""What each player may see (views, secrets, what a bot must make up: `sample_unseen`), what
`expect` may ask (queries, and the ones hidden from a seat), what must never change
(conservation of cards and credits), and the RL action index.

Open: the harbors (imports, goods, shipments, ships and their containers), the open sea, the
supply island, the discard pile's top card ("The discard pile is not open information, only the
top showing card is known"), played cards, credits, hand sizes. Secret: each hand (to its
owner), the deck's order and the discard pile under its top (to everyone), a bid until all bids
are in (to its bidder).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from dockyard.game import Tuples, redeal

from .components import ACTIONS, GOOD_TYPES
from .importing import GOODS, IMPORTS, bid_options
from .playing_a_turn import actions_of
from .reading import goods_held, goods_limit, imports_limit, modifiers, tier, tiers
from .scoring import bills, reached_end
from .shipments import capacity, contracted, missing
from .state import ImportExportState

# what `expect` may ask (`query`), with what each path means
QUERY_PATHS = (
    ("credits.P", "P's active credits"),
    ("passive.P", "P's credits counted at the game's end only (HELICOPTER)"),
    ("hand.P", "how many cards P holds"),
    ("imports.P", "how many cards P has in imports"),
    ("goods.P", "how many cards P has in goods"),
    ("shipments.P", "how many shipments P has completed"),
    ("actions.P", "actions of the declared type P has left this turn (its follow too)"),
    ("did.P", "`lead`, `follow` or `draw`: what P did this turn"),
    ("harbor.P", "the color of P's harbor"),
    ("tier.P.TYPE", "P's tier level in a good type (technology, agriculture, ...)"),
    ("score.P", "P's score as it stands (SCORING), and the final one once over"),
    ("has.P.CARD", "true when the card is in P's hand"),
    ("imported.P.CARD", "true when the card is in P's imports"),
    ("owns.P.CARD", "true when the card is in P's goods"),
    ("shipped.P.CARD", "true when the card is among P's completed shipments"),
    ("contracted.P.CARD", "true when the card is contracted on one of P's ships in harbor"),
    ("ship.SHIP", "`sea` or `harbor`: where the ship is"),
    ("containers.SHIP", "how many containers are loaded on the ship"),
    ("contracts.SHIP", "how many contracts the ship carries"),
    ("on.island.CARD", "true when the card is on the supply island"),
    ("on.discard.CARD", "true when the card is in the discard pile"),
    ("on.SHIP.CARD", "true when the card is loaded on that ship"),
    ("deck", "cards in the deck"),
    ("discard", "cards in the discard pile"),
    ("island", "cards on the supply island"),
    ("sea", "ships at sea"),
    ("bank", "the bank's credits"),
    ("leader", "who leads this turn"),
    ("declared", "the action type led this turn (none before the lead)"),
    ("reached", "who has reached the end's active credits at some moment of this turn (p1+p2)"),
)


def _auction(state: ImportExportState, viewer: int | None) -> dict[str, Any] | None:
    a = state.auction
    if a is None:
        return None
    revealed = len(a.bids) == len(a.bidders)
    out: dict[str, Any] = {
        "ship": a.ship,
        "bidders": [state.players[s] for s in a.bidders],
        "have_bid": [state.players[s] for s in a.bidders if s in a.bids],
        "bids": {state.players[s]: a.bids[s] for s in a.bidders} if revealed else None,
        "winner": None if a.winner is None else state.players[a.winner],
        "to_take": a.to_take,
    }
    if not revealed and viewer is not None and viewer in a.bids:
        out["your_bid"] = f"{state.players[viewer]} bids {a.bids[viewer]}"
    return out


def view(game: str, state: ImportExportState, viewer: int | None, phase: str) -> dict[str, Any]:
    players = []
    for seat, name in enumerate(state.players):
        players.append(
            {
                "name": name,
                "harbor": state.colors[seat],
                "credits": state.credits[seat],
                "passive": state.passive[seat],
                "hand": sorted(state.hands[seat]) if viewer == seat else None,
                "hand_size": len(state.hands[seat]),
                "imports": list(state.imports[seat]),
                "imports_limit": imports_limit(state, seat),
                "goods": list(state.goods[seat]),
                "goods_limit": goods_limit(state, seat),
                "tiers": tiers(state, seat),
                "shipments": list(state.shipments[seat]),
                "ships": [
                    {
                        "id": ship.id,
                        "contracts": list(ship.contracts),
                        "loaded": list(ship.loaded),
                        "missing": dict(sorted(missing(state, ship).items())),
                    }
                    for ship in state.home_ships(seat)
                ],
                "played": list(state.played[seat]),
                "did": state.did[seat],
                "actions_left": state.actions_left[seat],
                "sold": state.sold[seat],
            }
        )
    return {
        "game": game,
        "turn": state.flow.round,
        "phase": phase,
        "over": state.flow.over,
        "you": None if viewer is None else state.players[viewer],
        "leader": state.players[state.leader],
        "declared": state.declared,
        "deck": len(state.deck),
        "discard": len(state.discard),
        "discard_top": state.discard[-1] if state.discard else None,
        "bank": state.bank,
        "end_credits": state.end_credits,
        "island": list(state.island),
        "sea": [
            {"ship": s.id, "owner": state.players[s.owner], "containers": list(s.loaded)}
            for s in state.at_sea()
        ],
        "auction": _auction(state, viewer),
        "players": players,
    }


def secrets(state: ImportExportState, seat: int) -> list[str]:
    """A hand's cards (as JSON strings, so `rice` is not found inside `price`), and a bid
    before the reveal."""
    out = [f'"{card}"' for card in state.hands[seat]]
    a = state.auction
    if a is not None and seat in a.bids and len(a.bids) < len(a.bidders):
        out.append(f"{state.players[seat]} bids {a.bids[seat]}")
        out.append(f"{state.players[seat]}: bid {a.bids[seat]}")  # as the action's text
    return out


def sample_unseen(state: ImportExportState, seat: int, rng: random.Random) -> None:
    """What `seat` cannot see, made up again (for a bot's look ahead): the deck and the other
    players' hands dealt again; bids not yet revealed chosen at random."""
    redeal(rng, state.deck, *(h for s, h in enumerate(state.hands) if s != seat))
    auction = state.auction
    if auction is not None and len(auction.bids) < len(auction.bidders):
        for s in list(auction.bids):
            if s != seat:
                auction.bids[s] = rng.choice(bid_options(state, s))


def hidden_query(state: ImportExportState, path: str, viewer: int | None) -> str | None:
    """Why `viewer` may not ask `path`: another player's hand (`has.P.CARD`) and the discard
    pile under its top card (`on.discard.CARD`) are hidden; the words never depend on the
    answer."""
    head, _, rest = path.partition(".")
    who = "a spectator" if viewer is None else state.players[viewer]
    if head == "has":
        owner = rest.partition(".")[0]
        if owner in state.players and state.players.index(owner) != viewer:
            return f"{owner}'s hand is hidden from {who} (ask only about your own: has.{who}.CARD)"
    if head == "on" and rest.startswith("discard."):
        card = rest.partition(".")[2]
        if not (state.discard and state.discard[-1] == card):
            return (
                'the discard pile is hidden but for its top card ("only the top showing card '
                'is known"): ask about the top card, or `show`'
            )
    return None


def query(state: ImportExportState, path: str, phase: str) -> Any:
    head, _, rest = path.partition(".")
    if not rest:
        simple: dict[str, Any] = {
            "deck": len(state.deck),
            "discard": len(state.discard),
            "island": len(state.island),
            "sea": len(state.at_sea()),
            "bank": state.bank,
            "leader": state.players[state.leader],
            "declared": state.declared,
            "phase": phase,
            "round": state.import_round,
            "reached": "+".join(state.players[s] for s in reached_end(state)) or None,
        }
        if head in simple:
            return simple[head]
        raise KeyError(path)
    if head == "ship":
        ship = state.ship(rest)
        if ship is None:
            raise KeyError(path)
        return "sea" if ship.at_sea else "harbor"
    if head in ("containers", "contracts"):
        ship = state.ship(rest)
        if ship is None:
            raise KeyError(path)
        return len(ship.loaded if head == "containers" else ship.contracts)
    if head == "on":  # on.island.rice: is the card there
        where, _, card = rest.partition(".")
        if where in ("island", "discard"):
            return card in getattr(state, where)
        ship = state.ship(where)
        if ship is None:
            raise KeyError(path)
        return card in ship.loaded
    who, _, more = rest.partition(".")
    if who not in state.players:
        raise KeyError(path)
    seat = state.players.index(who)
    if head == "tier" and more in GOOD_TYPES:
        return tier(state, seat, more)
    if head in ("has", "imported", "owns", "shipped", "contracted") and more:
        holding: list[str] = {
            "has": state.hands[seat],
            "imported": state.imports[seat],
            "owns": state.goods[seat],
            "shipped": state.shipments[seat],
            "contracted": [c for s in state.home_ships(seat) for c in s.contracts],
        }[head]
        return more in holding
    if more:
        raise KeyError(path)
    per_player: dict[str, Any] = {
        "credits": lambda: state.credits[seat],
        "passive": lambda: state.passive[seat],
        "hand": lambda: len(state.hands[seat]),
        "imports": lambda: len(state.imports[seat]),
        "goods": lambda: len(state.goods[seat]),
        "shipments": lambda: len(state.shipments[seat]),
        # during the follow the actions are not yet counted: what they come to so far
        "actions": lambda: (
            actions_of(state, seat) if phase == "follow" else state.actions_left[seat]
        ),
        "harbor": lambda: state.colors[seat],
        "score": lambda: bills(state)[seat]["total"],
        "did": lambda: state.did[seat],
    }
    if head in per_player:
        return per_player[head]()
    raise KeyError(path)


# ---- conservation --------------------------------------------------------------------------------


def _places(state: ImportExportState) -> list[str]:
    cards = [*state.deck, *state.discard, *state.island]
    for seat in range(len(state.players)):
        cards += state.hands[seat] + state.imports[seat] + state.goods[seat]
        cards += state.shipments[seat] + state.played[seat]
    for ship in state.ships:
        cards += ship.contracts + ship.loaded
    return cards


def token_counts(state: ImportExportState) -> dict[str, int]:
    held = sum(state.credits) + sum(state.passive)
    return {"cards": len(_places(state)), "credits": held + state.bank}


def invariants(state: ImportExportState) -> list[str]:
    c = state.c
    bad: list[str] = []
    counts = Counter(_places(state))
    doubled = sorted(card for card, n in counts.items() if n > 1)
    lost = sorted(set(c.by_id) - set(counts))
    if doubled or lost:
        bad.append(f"cards doubled {doubled} or lost {lost}")
    if sum(state.credits) + sum(state.passive) + state.bank != c.credits_total:
        bad.append(
            f"players hold {state.credits} (passive {state.passive}), the bank {state.bank}: "
            f"not {c.credits_total}"
        )
    for seat, name in enumerate(state.players):
        if state.credits[seat] < 0 or state.credits[seat] % 2:
            bad.append(f"{name} holds {state.credits[seat]} credits (cubes of 2)")
        # a shipment a power took away lowers the limits, but nothing already held goes
        rules = state.c.rules["limits"]
        gone = state.lost[seat]
        most_imports = imports_limit(state, seat) + gone * rules["imports_per_shipment"]
        if len(state.imports[seat]) > most_imports and not modifiers(
            state, seat, "no-imports-limit"
        ):
            bad.append(f"{name} has {len(state.imports[seat])} imports, over the limit")
        most_goods = goods_limit(state, seat) + gone * rules["goods_per_shipment"]
        if goods_held(state, seat) > most_goods:
            bad.append(f"{name} has {len(state.goods[seat])} goods, over the limit")
    for ship in state.ships:
        if ship.at_sea and (ship.contracts or not ship.loaded):
            bad.append(
                f"{ship.id} is at sea with contracts {ship.contracts} and {len(ship.loaded)} containers"
            )
        if contracted(state, ship) > capacity(state, ship.owner):
            bad.append(f"{ship.id} is contracted for {contracted(state, ship)} containers")
    if state.bank < 0:
        bad.append(f"the bank holds {state.bank}")
    return bad


# ---- the RL action index ---------------------------------------------------------------------------


def action_space(state: ImportExportState) -> list[tuple[Any, ...]]:
    """Every action that may ever be legal (the same for every table of the game: every ship
    of the box, whichever harbors are in play): draw, pass, lead (each card with each action:
    RICE COOKERS lets a card declare another; each pair of one type with each action), follow
    (each card; each pair), scrap, contract and load (card, ship), import (ship or the island:
    DARK FLIGHT GAMES), bid (0 to the bank's whole), favor (a player), keep (card, imports or
    goods), drop, pirate (card, `top` or `random`; from a ship, the island, the deck or a
    player's hand: MINI VAN; to a ship or nothing), sell, take, choose and use (a power's
    words)."""
    c = state.c
    cards = [card.id for card in c.cards]
    ships = [f"{h.color}-{n}" for h in c.harbors for n in range(1, c.ships_per_harbor + 1)]
    pairs = [(a, b) for a, b in combinations(sorted(cards), 2) if c.card(a).type == c.card(b).type]
    words = sorted({*cards, *ships, *GOOD_TYPES, *_words(state)})  # what a power may offer
    lead = Tuples([(action, card) for card in sorted(cards) for action in ACTIONS])
    lead += [(action, *pair) for pair in pairs for action in ACTIONS]
    follow = Tuples([(card,) for card in sorted(cards)] + pairs)
    return [
        ("draw",),
        ("pass",),
        ("lead", lead),
        ("follow", follow),
        ("scrap", cards),
        ("contract", cards, ships),
        ("load", cards, ships),
        ("import", [*ships, "island"]),
        ("bid", list(range(0, c.credits_total + 1, 2))),
        ("favor", list(state.players)),
        ("keep", cards, [IMPORTS, GOODS]),
        ("drop", cards),
        (
            "pirate",
            [*cards, "top", "random"],
            [*ships, "island", "deck", *state.players],
            [*ships, None],
        ),
        ("sell", cards),
        ("take", cards),
        ("choose", words),
        (
            "use",
            [c.id for c in state.c.cards if any(a.get("when") == "any-time" for a in c.effects)],
            words,
        ),
    ]


def _words(state: ImportExportState) -> set[str]:
    """Every word a power's question may offer (its options' `say`)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("say"), str):
                found.add(value["say"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    for card in state.c.cards:
        walk(card.effects)
    return found
