"""LOAD: "take a card from your hand and load it onto a shipment with a valid load requirement in
your harbor"; "If you have no contracted shipments, you may not use a load action." (COLOR
MATTERS: shipments.py's requirements.)

The rule pair `why_not_load` / `do_load`, and `legal_load`: exactly the arguments the why-not
rule accepts.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context

from .shipments import fits, load, loadable_by_color
from .state import ImportExportState


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


def legal_load(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    able = loadable_by_color(state, seat)
    return [(card, ship.id) for card in state.hands[seat] for ship in able(card)]
