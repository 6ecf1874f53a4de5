"""CONTRACT: "take a card from your hand that you meet the tier requirement for, and contract it
to a ship in your harbor"; "you may use the extra contract actions after the first to skip tier
level requirements" (one action more per missing tier level). CONTRACTING MULTIPLE SHIPMENTS:
a ship carries contracts up to its capacity.

The rule pair `why_not_contract` / `do_contract`, and `legal_contract`: exactly the arguments
the why-not rule accepts.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context

from .powers import fire
from .reading import tier
from .shipments import capacity, check_complete, contracted
from .state import ImportExportState


def contract_cost(state: ImportExportState, seat: int, card: str) -> int:
    """Contract actions it takes: one, and one more for each tier level missing."""
    printed = state.c.card(card)
    return 1 + max(0, printed.tier - tier(state, seat, printed.type))


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


def legal_contract(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    ships = state.home_ships(seat)
    return [
        (card, ship.id)
        for card in state.hands[seat]
        for ship in ships
        if why_not_contract(state, seat, card, ship.id) is None
    ]
