"""What a power reads of the table: who it concerns, the lasting changes powers make, and the
quantities and conditions goods.json writes (goods.schema.json defines each word); with the
harbor's limits and tiers (YOUR HARBOR), which powers change.

- "The number of imports you can have is limited by the number of shipments you have completed
  at a 1 to 1 ratio. You start with a base of 1 shipment"; goods "a max of 2x your completed
  shipments, starting with a base of 1".
- Tier: "Each good also counts as 1 tier in the related type", and a harbor's ships "offer 1
  tier in the matching good color".

Who: `me` is the power's owner (whose completed shipments hold the card), `them` the player
whose action set it off (the one who completed, contracted, pirated...), when there is one.

Quantities (`count`):
    "credits"                             my active credits
    {"goods": TYPE|"any", "whose": W}      goods of a type (W: "me" (default), "all", "others")
    {"shipments": TYPE|"any", "whose": W}  completed shipment cards of a type
    "hand"                                 cards in my hand
    "actions"                              actions I have left this turn
    "types"                                good types I hold at least one of (FERRARIS counts)
    {"loaded": "me"}                       containers on my ships, at sea or in harbor
    {"pairs": [T1, T2]}                    pairs of goods of two types (the fewer of the two)
Conditions: {"count": Q, "at_least": N} / {"count": Q, "at_most": N} / {"most": Q} (no one
has more; with "alone": nobody as many) / {"most_types": N} / {"twice_credits": true} /
{"room": "imports" | "goods"} / {"acting": ACTION} / {"leader": BOOL} / {"tier_met": true} /
{"all": [C, ...]}.
Amounts: a number, or {"per": Q, "times": N} (N for each).

Nothing here changes the table; this module sits under every other that runs powers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .components import ACTIONS, GOOD_TYPES
from .state import FOLLOW, ImportExportState


class Who:
    """The players an effect concerns."""

    __slots__ = ("me", "them", "card", "data")

    def __init__(
        self, me: int, them: int | None = None, card: str = "", data: dict[str, Any] | None = None
    ) -> None:
        self.me = me
        self.them = them
        self.card = card  # the card whose power this is
        self.data = data or {}  # the event's facts: the ship it was about, that ship's owner


# ---- lasting changes ------------------------------------------------------------------------


def abilities(state: ImportExportState, card: str) -> tuple[dict[str, Any], ...]:
    """A card's abilities (a copy's are the copied card's: WIND TURBINES)."""
    copied = state.copies.get(card)
    return state.c.card(copied if copied else card).effects


def modifiers(state: ImportExportState, seat: int, kind: str) -> list[dict[str, Any]]:
    """The lasting changes of `kind` that `seat`'s powers make (those whose `if` holds)."""
    if not state.shipments[seat]:  # (no completed shipment, no power: the common case)
        return []
    return [
        ability
        for card in state.shipments[seat]
        for ability in abilities(state, card)
        if ability.get("modify") == kind and holds(state, Who(seat, None, card), ability.get("if"))
    ]


def anyone_has(state: ImportExportState, kind: str) -> list[tuple[int, dict[str, Any]]]:
    return [(s, m) for s in range(len(state.players)) for m in modifiers(state, s, kind)]


# ---- limits and tiers ------------------------------------------------------------------------


def limit_base(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["base_shipments"] + len(state.shipments[seat])


def imports_limit(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["imports_per_shipment"] * limit_base(state, seat)


def goods_limit(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["goods_per_shipment"] * limit_base(state, seat)


def imports_room(state: ImportExportState, seat: int) -> bool:
    if modifiers(state, seat, "no-imports-limit"):  # BOARD GAMES
        return True
    return len(state.imports[seat]) < imports_limit(state, seat)


def goods_held(state: ImportExportState, seat: int) -> int:
    """Goods as they count toward the limit (SCOTCH WHISKY: two of a type count as one)."""
    held = len(state.goods[seat])
    for m in modifiers(state, seat, "goods-pairs"):
        of_type = sum(1 for g in state.goods[seat] if state.c.card(g).type == m["type"])
        held -= of_type // 2
    return held


def goods_room(state: ImportExportState, seat: int) -> bool:
    return goods_held(state, seat) < goods_limit(state, seat)


def tier(state: ImportExportState, seat: int, good_type: str) -> int:
    """Tier level in a good type: goods of that type (virtual ones too: FERRARIS), plus one
    for the harbor's own type."""
    return goods_count(state, seat, good_type) + (1 if state.tiers[seat] == good_type else 0)


def tiers(state: ImportExportState, seat: int) -> dict[str, int]:
    """`tier` in every good type at once (as the view shows them)."""
    c = state.c
    real = Counter(c.card(g).type for g in state.goods[seat])
    virtual = len(modifiers(state, seat, "virtual-goods"))
    own = state.tiers[seat]
    return {t: real[t] + virtual + (1 if own == t else 0) for t in GOOD_TYPES}


def matching_imports(state: ImportExportState, seat: int, action: str) -> int:
    c = state.c
    return sum(1 for card in state.imports[seat] if c.card(card).action == action)


# ---- quantities and conditions ------------------------------------------------------------


def _seats(state: ImportExportState, who: Who, whose: str) -> list[int]:
    everyone = range(len(state.players))
    if whose == "all":
        return list(everyone)
    if whose == "others":
        return [s for s in everyone if s != who.me]
    if whose == "them" and who.them is not None:
        return [who.them]
    return [who.me]


def goods_count(state: ImportExportState, seat: int, good_type: str) -> int:
    """Goods of a type in a seat's harbor, with virtual goods (FERRARIS) counted."""
    c = state.c
    real = sum(1 for g in state.goods[seat] if good_type == "any" or c.card(g).type == good_type)
    virtual = len(modifiers(state, seat, "virtual-goods"))
    return real + (virtual if good_type != "any" else virtual * len(GOOD_TYPES))


def quantity(state: ImportExportState, who: Who, q: Any, seat: int | None = None) -> int:
    c = state.c
    me = who.me if seat is None else seat
    if q == "credits":
        return state.credits[me]
    if q == "hand":
        return len(state.hands[me])
    if q == "actions":  # actions I have left this turn
        return state.actions_left[me]
    if q == "types":
        return sum(1 for t in GOOD_TYPES if goods_count(state, me, t))
    if q == "shipments-all":
        return len(state.shipments[me])
    if q == "imports-best-action":  # COLOGNE: the action type most often in my imports
        counts = [sum(1 for i in state.imports[me] if c.card(i).action == a) for a in ACTIONS]
        return max(counts)
    if isinstance(q, dict):
        whose = q.get("whose", "me")
        seats = [me] if seat is not None else _seats(state, who, whose)
        if "goods" in q:
            return sum(goods_count(state, s, q["goods"]) for s in seats)
        if "shipments" in q:
            kind = q["shipments"]
            return sum(
                1
                for s in seats
                for card in state.shipments[s]
                if kind == "any" or c.card(card).type == kind
            )
        if "loaded" in q:
            return sum(len(ship.loaded) for ship in state.ships if ship.owner in seats)
        if "pairs" in q:
            return sum(min(goods_count(state, s, t) for t in q["pairs"]) for s in seats)
    raise ValueError(f"unknown quantity {q!r}")


def amount(state: ImportExportState, who: Who, spec: Any) -> int:
    if isinstance(spec, int):
        return spec
    return quantity(state, who, spec["per"]) * spec.get("times", 1)


# A condition that reads what lies above this module (effects.py: `fits`, `can_fill`, which
# read shipments.py), found in the box's vocabulary (vocabulary.py): test(state, who, value).
Condition = Callable[[ImportExportState, Who, Any], bool]


def acting_type(state: ImportExportState, seat: int) -> str | None:
    """The action type `seat` takes this turn: the declared one, unless a power let them follow
    with another (NEURAL UNITS, RICE COOKERS)."""
    chosen = state.acting[seat] if state.acting else None
    return chosen or state.declared


def holds(state: ImportExportState, who: Who, cond: Any) -> bool:
    if cond is None:
        return True
    if "all" in cond:
        return all(holds(state, who, c) for c in cond["all"])
    for word, test in state.c.words.conditions.items():
        if word in cond:
            return test(state, who, cond[word])
    if "acting" in cond:  # I am taking actions of this type now, with some left
        flow = state.flow  # (no one active: the act phase is choosing who will act)
        return (
            acting_type(state, who.me) == cond["acting"]
            and (who.me in flow.active or not flow.active)
            and state.actions_left[who.me] > 0
            and state.did[who.me] is not None
        )
    if "waiting" in cond:  # I followed this turn's action and have yet to take mine
        flow = state.flow
        later = flow.order[flow.turn + 1 :] if state.flow.active else []
        return (
            state.declared == cond["waiting"]
            and state.did[who.me] == FOLLOW
            and acting_type(state, who.me) == cond["waiting"]
            and who.me in later
        )
    if "leader" in cond:  # I lead this turn
        return (state.leader == who.me) == cond["leader"]
    if "tier_met" in cond:  # the power's card may be contracted: its tier is met
        printed = state.c.card(who.card)
        return tier(state, who.me, printed.type) >= printed.tier
    if "room" in cond:  # room in my imports or goods
        room = imports_room if cond["room"] == "imports" else goods_room
        return room(state, who.me)
    if "most_types" in cond:
        others = [s for s in range(len(state.players)) if s != who.me]
        most = 0
        for t in GOOD_TYPES:
            mine = goods_count(state, who.me, t)
            if mine and all(goods_count(state, s, t) <= mine for s in others):
                most += 1
        return most >= cond["most_types"]
    if "twice_credits" in cond:
        mine = state.credits[who.me]
        return all(mine >= 2 * state.credits[s] for s in range(len(state.players)) if s != who.me)
    if "most" in cond:
        mine = quantity(state, who, cond["most"])
        others = [
            quantity(state, who, cond["most"], seat=s)
            for s in range(len(state.players))
            if s != who.me
        ]
        best = max(others, default=0)
        return mine > 0 and (mine > best if cond.get("alone") else mine >= best)
    value = quantity(state, who, cond["count"])
    if "at_least" in cond and value < cond["at_least"]:
        return False
    if "at_most" in cond and value > cond["at_most"]:
        return False
    return True
