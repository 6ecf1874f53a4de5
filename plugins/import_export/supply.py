"""SUPPLY: "either sell a card to the supply island for 4 credits, or take a card from the supply
island into your imports"; "you may only sell one card to the supply island regardless of how
many supply actions you take for the turn".

The rule pairs `why_not_sell` / `do_sell` and `why_not_take` / `do_take`, and `legal_supply`:
exactly the arguments the why-not rules accept.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context

from .harbor import gain
from .reading import imports_room
from .state import ImportExportState


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


def legal_supply(state: ImportExportState, seat: int) -> list[tuple[str, tuple[Any, ...]]]:
    out: list[tuple[str, tuple[Any, ...]]] = []
    if not state.sold[seat]:
        out += [("sell", (card,)) for card in dict.fromkeys(state.hands[seat])]
    if imports_room(state, seat):
        out += [("take", (card,)) for card in dict.fromkeys(state.island)]
    return out
