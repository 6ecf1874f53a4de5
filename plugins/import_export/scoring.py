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
share victory." End ids (for balance figures): `credits`, `deck-empty`, and `special` when a
power says a player wins (THE MOTHER LOAD). The powers add their own line (`powers`): passive
credits and game-end bonuses.
"""

from __future__ import annotations

import math
from itertools import combinations, combinations_with_replacement
from typing import Any

from dockyard import Outcome

from .components import GOOD_TYPES
from .powers import end_scores
from .reading import anyone_has, goods_count, goods_held, goods_limit, modifiers
from .state import ImportExportState


def end_credits(state: ImportExportState) -> int:
    """Active credits that end the game: the rules' (or the extended game's), or a power's
    (MIRI MACHINES: 70, "even if playing an extended game")."""
    return next((m["credits"] for _, m in anyone_has(state, "end-credits")), state.end_credits)


def end_reasons(state: ImportExportState) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if state.won:
        names = ", ".join(state.players[s] for s in state.won)
        out.append(("special", f"{names} won by the power of a completed shipment"))
    target = end_credits(state)
    rich = reached_end(state)
    if rich:
        names = ", ".join(f"{state.players[s]} ({_most(state, s)})" for s in rich)
        out.append(("credits", f"{names} reached {target} active credits"))
    if state.exhausted or (not state.deck and not state.discard):
        out.append(("deck-empty", "the draw deck and the discard pile are empty"))
    return out


def _most(state: ImportExportState, seat: int) -> int:
    """The most active credits `seat` has held this turn."""
    if not state.peak:  # before the first turn: what they hold
        return state.credits[seat]
    return max(state.peak[seat], state.credits[seat])


def reached_end(state: ImportExportState) -> list[int]:
    """The seats that have reached the end's active credits at some moment of this turn ("When
    any player has reached 50 active credits"), unless a power says they do not end it."""
    target = end_credits(state)
    return [
        s
        for s in range(len(state.players))
        if _most(state, s) >= target and not modifiers(state, s, "no-end")  # CAN OPENERS
    ]


def split(bonus: int, ways: int) -> int:
    """A bonus shared by `ways` tied players, rounded up (a penalty rounded toward 0, which is
    up too: -6 / 4 is -1)."""
    return math.ceil(bonus / ways)


def bills(state: ImportExportState) -> list[dict[str, int]]:
    """Each player's score, line by line, once the game-end declarations are made: TESLAS (each
    import counts as a good of a type its owner names) and DIAMOND RINGS (up to two completed
    shipments move to the goods). Each owner, in seat order, declares what scores best for
    them given the declarations before theirs."""
    chosen: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for seat in range(len(state.players)):
        options = _declarations(state, seat)
        if options != [((), ())]:  # something to declare (not only: nothing)
            chosen[seat] = max(
                options, key=lambda o: _declared_bills(state, {**chosen, seat: o})[seat]["total"]
            )
    return _declared_bills(state, chosen)


def _declarations(
    state: ImportExportState, seat: int
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(types the imports count as, shipments moved to the goods) a seat may declare."""
    as_goods: list[tuple[str, ...]] = [()]
    if modifiers(state, seat, "end-imports-as-goods"):
        as_goods = list(combinations_with_replacement(GOOD_TYPES, len(state.imports[seat])))
    moves: list[tuple[str, ...]] = [()]
    for m in modifiers(state, seat, "end-shipments-to-goods"):
        ships = sorted(state.shipments[seat])
        moves = [x for k in range(m["cards"] + 1) for x in combinations(ships, k)]
    return [(a, b) for a in as_goods for b in moves]


def _declared_bills(
    state: ImportExportState, chosen: dict[int, tuple[tuple[str, ...], tuple[str, ...]]]
) -> list[dict[str, int]]:
    """The bills with the shipments declared moved into the goods for the count (the table is
    put back as it was) and the imports declared as goods added."""
    moved = [(seat, card) for seat, (_, cards) in chosen.items() for card in cards]
    for seat, card in moved:
        state.shipments[seat].remove(card)
        state.goods[seat].append(card)
    try:
        return _bills(state, {seat: types for seat, (types, _) in chosen.items()})
    finally:
        for seat, card in reversed(moved):
            state.goods[seat].remove(card)
            state.shipments[seat].append(card)


def _bills(state: ImportExportState, as_goods: dict[int, tuple[str, ...]]) -> list[dict[str, int]]:
    c = state.c
    values = c.rules["scoring"]
    n = len(state.players)
    counts = [{t: goods_count(state, s, t) for t in GOOD_TYPES} for s in range(n)]
    extra = [_end_goods(state, s, as_goods.get(s, ())) for s in range(n)]
    for s in range(n):
        for t, k in extra[s].items():
            counts[s][t] += k
    out = []
    for seat in range(n):
        loaded = sum(len(ship.loaded) for ship in state.home_ships(seat) if ship.contracts)
        worth = dict(values["good_values"])
        for m in modifiers(state, seat, "good-value"):
            worth[m["type"]] = m["value"]
        declared = as_goods.get(seat, ())  # TESLAS: every import, so none moves otherwise
        real = [c.card(g).type for g in state.goods[seat]]
        real += list(declared) if declared else moved_imports(state, seat)
        out.append(
            {
                "credits": state.credits[seat],
                "containers": values["loaded_container"] * loaded,
                "goods": sum(worth[t] for t in real),
                "most": 0,
                "one_of_each": values["one_of_each"] if all(counts[seat].values()) else 0,
                "powers": state.passive[seat] + end_scores(state, seat),
            }
        )
    foxes = {s for s, _ in anyone_has(state, "ties")}
    for t in GOOD_TYPES:
        top = max(counts[s][t] for s in range(n))
        if top == 0:
            continue
        tied = [s for s in range(n) if counts[s][t] == top]
        tied = [s for s in tied if s in foxes] or tied  # FOXES breaks the tie for its owner
        for s in tied:
            bonus = values["most_goods"][t]
            if modifiers(state, s, "majority-positive"):
                bonus = abs(bonus)  # IVORY: takes the illegal majority's credits instead
            share = split(bonus, len(tied))
            if modifiers(state, s, "majority-double"):
                share *= 2  # SAUNA
            out[s]["most"] += share
    for bill in out:
        bill["total"] = sum(bill.values())
    return out


def moved_imports(state: ImportExportState, seat: int) -> list[str]:
    """CHEAP SHIRTS: at game end the imports join the goods, as far as the limit allows (the
    types of those that fit, in the order they came)."""
    if not modifiers(state, seat, "end-imports-to-goods"):
        return []
    room = max(0, goods_limit(state, seat) - goods_held(state, seat))
    return [state.c.card(i).type for i in state.imports[seat][:room]]


def _end_goods(state: ImportExportState, seat: int, declared: tuple[str, ...]) -> dict[str, int]:
    """Goods that count at game end beyond those in the harbor: moved imports (CHEAP SHIRTS),
    imports declared as goods (TESLAS) and virtual goods per so many of another type
    (CERAMICS)."""
    extra: dict[str, int] = {}
    for t in declared or moved_imports(state, seat):
        extra[t] = extra.get(t, 0) + 1
    for m in modifiers(state, seat, "end-virtual-goods"):
        per = goods_count(state, seat, m["per"]) + extra.get(m["per"], 0)
        extra[m["type"]] = extra.get(m["type"], 0) + per // m.get("divide", 1)
    return extra


def outcome(state: ImportExportState) -> Outcome:
    scored = bills(state)
    totals = [b["total"] for b in scored]
    if state.won:
        winners = tuple(state.players[s] for s in state.won)
    else:
        best = max(totals)
        winners = tuple(state.players[s] for s, t in enumerate(totals) if t == best)
    ends = tuple(i for i, _ in end_reasons(state))
    details: dict[str, Any] = {
        "bills": {state.players[s]: b for s, b in enumerate(scored)},
        "turns": state.flow.round,
    }
    return Outcome(
        state.flow.over or "",
        winners,
        {state.players[s]: float(t) for s, t in enumerate(totals)},
        details,
        end=ends,
    )
