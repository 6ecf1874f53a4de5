"""ENDING THE GAME and SCORING.

The game ends, once the current turn has played out, when "A player has 50 or more active
credits" (the EXTENDED GAME: more, such as 80) or "There are no cards remaining in both the draw
deck and the discard pile". Then each player counts:

- their active credits;
- 2 for "Each container that has been loaded onto a shipment that remains in your harbor";
- each good: 1, an illegal good 2;
- the most technology, agriculture and consumer goods 6, the most luxury goods 8, the most
  illegal goods -6, "all players with 1 of each good type will receive 10 credits";
- "In a tie for the most of a good type, players split the bonus rounded up (in the case of
  illegal goods rounded up toward 0)". Having the most needs at least one good of the type.

"The player with the most credits is then declared the winner! If there is a tie, players will
share victory." End ids (for balance figures): `credits`, `deck-empty`.
"""

from __future__ import annotations

import math
from typing import Any

from dockyard import Outcome

from .components import GOOD_TYPES
from .state import ImportExportState


def end_reasons(state: ImportExportState) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    rich = [s for s, credits in enumerate(state.credits) if credits >= state.end_credits]
    if rich:
        names = ", ".join(f"{state.players[s]} ({state.credits[s]})" for s in rich)
        out.append(("credits", f"{names} reached {state.end_credits} active credits"))
    if state.exhausted or (not state.deck and not state.discard):
        out.append(("deck-empty", "the draw deck and the discard pile are empty"))
    return out


def split(bonus: int, ways: int) -> int:
    """A bonus shared by `ways` tied players, rounded up (a penalty rounded toward 0)."""
    share = bonus / ways
    return math.ceil(share) if bonus >= 0 else -math.floor(-share)


def bills(state: ImportExportState) -> list[dict[str, int]]:
    c = state.c
    values = c.rules["scoring"]
    n = len(state.players)
    counts = [
        {t: sum(1 for g in state.goods[s] if c.card(g).type == t) for t in GOOD_TYPES}
        for s in range(n)
    ]
    out = []
    for seat in range(n):
        loaded = sum(len(ship.loaded) for ship in state.home_ships(seat) if ship.contracts)
        out.append(
            {
                "credits": state.credits[seat],
                "containers": values["loaded_container"] * loaded,
                "goods": sum(values["good_values"][t] * counts[seat][t] for t in GOOD_TYPES),
                "most": 0,
                "one_of_each": values["one_of_each"] if all(counts[seat].values()) else 0,
            }
        )
    for t in GOOD_TYPES:
        top = max(counts[s][t] for s in range(n))
        if top == 0:
            continue
        tied = [s for s in range(n) if counts[s][t] == top]
        for s in tied:
            out[s]["most"] += split(values["most_goods"][t], len(tied))
    for bill in out:
        bill["total"] = sum(bill.values())
    return out


def outcome(state: ImportExportState) -> Outcome:
    scored = bills(state)
    totals = [b["total"] for b in scored]
    best = max(totals)
    winners = tuple(p for p, t in zip(state.players, totals, strict=True) if t == best)
    ends = tuple(i for i, _ in end_reasons(state))
    details: dict[str, Any] = {
        "bills": {p: b for p, b in zip(state.players, scored, strict=True)},
        "turns": state.flow.round,
    }
    return Outcome(
        state.flow.over or "",
        winners,
        {p: float(t) for p, t in zip(state.players, totals, strict=True)},
        details,
        end=ends,
    )
