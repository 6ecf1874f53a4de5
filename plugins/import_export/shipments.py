"""SHIPMENTS: contracts on a ship, its load requirement, completing it, ships going to sea and
coming home.

- "Players may 'contract' multiple shipment contracts under a single ship card as long as the
  total load requirement does not exceed six loaded containers."
- "this new multi-card shipment must now meet its total load requirement before any of its
  contracts will complete"; "Loaded containers ... only the color of the container matters".
- COMPLETING A SHIPMENT: "Seed the Supply Island, take credits for the number of loaded
  containers, add the contracted card(s) to the shipments in your harbor, and send the
  ship/loaded containers to sea" (one island card per ship, however many contracts).
- DISCARDING SHIPMENT CONTRACTS: "At any point when a player is the leader of the turn, they
  may discard any shipment contracts from a ship they have contracted to previously ...
  leaving any loaded containers."
- "If a ship is emptied of containers, it returns to the owner's harbor."
"""

from __future__ import annotations

from collections import Counter

from dockyard import Context

from .harbor import draw_card, gain
from .state import ImportExportState, Ship


def requirement(state: ImportExportState, ship: Ship) -> Counter[str]:
    """The containers by color that the ship's contracts ask for, together."""
    need: Counter[str] = Counter()
    for card in ship.contracts:
        for color, n in state.c.card(card).load:
            need[color] += n
    return need


def missing(state: ImportExportState, ship: Ship) -> Counter[str]:
    """Containers by color still to load before the shipment completes."""
    have = Counter(state.c.card(card).color for card in ship.loaded)
    need = requirement(state, ship)
    return Counter({color: n - have[color] for color, n in need.items() if n > have[color]})


def contracted(state: ImportExportState, ship: Ship) -> int:
    return sum(requirement(state, ship).values())


def fits(state: ImportExportState, ship: Ship, card: str) -> bool:
    """May `card` be loaded on this ship as a container: a home ship with a contract still
    missing a container of the card's color."""
    if ship.at_sea or not ship.contracts:
        return False
    return missing(state, ship)[state.c.card(card).color] > 0


def loadable_ships(state: ImportExportState, seat: int, card: str) -> list[Ship]:
    return [s for s in state.home_ships(seat) if fits(state, s, card)]


def load(state: ImportExportState, ship: Ship, card: str, ctx: Context) -> None:
    """Put a container on the ship; the shipment completes the moment nothing is missing."""
    ship.loaded.append(card)
    owner = state.players[ship.owner]
    ctx.emit("load", owner, f"{owner} loads {card} ({state.c.card(card).color}) onto {ship.id}")
    check_complete(state, ship, ctx)


def check_complete(state: ImportExportState, ship: Ship, ctx: Context) -> None:
    if ship.contracts and not missing(state, ship):
        complete(state, ship, ctx)


def complete(state: ImportExportState, ship: Ship, ctx: Context) -> None:
    seat = ship.owner
    name = state.players[seat]
    contracts = ", ".join(ship.contracts)
    ctx.emit(
        "complete",
        name,
        f"{name} completes the shipment of {contracts} on {ship.id} "
        f"({len(ship.loaded)} containers)",
        ship=ship.id,
    )
    gain(state, seat, state.c.payout(len(ship.loaded)), ctx, f"{len(ship.loaded)} containers")
    seed = draw_card(state, ctx)
    if seed is not None:
        state.island.append(seed)
        ctx.emit("island", None, f"{seed} is seeded on the supply island")
    state.shipments[seat].extend(ship.contracts)
    ship.contracts = []
    ship.at_sea = True
    ctx.emit("sea", name, f"{ship.id} sails to the open sea with {len(ship.loaded)} containers")


def take_container(state: ImportExportState, ship: Ship, card: str, ctx: Context) -> None:
    """A container leaves a ship at sea; an emptied ship returns home."""
    ship.loaded.remove(card)
    if not ship.loaded:
        ship.at_sea = False
        owner = state.players[ship.owner]
        ctx.emit("home", owner, f"{ship.id} is empty and returns to {owner}'s harbor")


def scrap(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    """The leader discards a contract from their ship; its loaded containers stay."""
    ship = next(s for s in state.home_ships(seat) if card in s.contracts)
    ship.contracts.remove(card)
    state.discard.append(card)
    name = state.players[seat]
    ctx.emit("scrap", name, f"{name} discards the contract {card} from {ship.id}")
    check_complete(state, ship, ctx)


def why_not_scrap(state: ImportExportState, seat: int, card: str) -> str | None:
    if not any(card in s.contracts for s in state.home_ships(seat)):
        return f"{card} is not a contract on one of your ships in your harbor"
    return None
