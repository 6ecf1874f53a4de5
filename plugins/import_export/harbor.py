"""YOUR HARBOR: imports and goods limits, tier levels, credits, and drawing cards.

- "The number of imports you can have is limited by the number of shipments you have completed
  at a 1 to 1 ratio. You start with a base of 1 shipment"; goods "a max of 2x your completed
  shipments, starting with a base of 1".
- Tier: "Each good also counts as 1 tier in the related type", and a harbor's ships "offer 1
  tier in the matching good color".
- Drawing: "Draw until they have five cards (or one additional card if they have five or
  more)"; "if at any point the draw deck should run out, simply shuffle the discard pile and
  create a new draw deck from it".
"""

from __future__ import annotations

from dockyard import Context
from dockyard.flow import reveal

from .state import ImportExportState


def limit_base(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["base_shipments"] + len(state.shipments[seat])


def imports_limit(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["imports_per_shipment"] * limit_base(state, seat)


def goods_limit(state: ImportExportState, seat: int) -> int:
    return state.c.rules["limits"]["goods_per_shipment"] * limit_base(state, seat)


def imports_room(state: ImportExportState, seat: int) -> bool:
    from .powers import modifiers  # powers.py builds on this module

    if modifiers(state, seat, "no-imports-limit"):  # BOARD GAMES
        return True
    return len(state.imports[seat]) < imports_limit(state, seat)


def goods_held(state: ImportExportState, seat: int) -> int:
    """Goods as they count toward the limit (SCOTCH WHISKY: two of a type count as one)."""
    from .powers import modifiers

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
    from .effects import goods_count  # effects.py builds on this module

    return goods_count(state, seat, good_type) + (1 if state.tiers[seat] == good_type else 0)


def matching_imports(state: ImportExportState, seat: int, action: str) -> int:
    c = state.c
    return sum(1 for card in state.imports[seat] if c.card(card).action == action)


# ---- credits --------------------------------------------------------------------------------


def gain(state: ImportExportState, seat: int, amount: int, ctx: Context, why: str) -> None:
    """Credits from the bank (as much as the bank holds)."""
    amount = min(amount, state.bank)
    if amount <= 0:
        return
    state.bank -= amount
    state.credits[seat] += amount
    name = state.players[seat]
    ctx.emit("credits", name, f"{name} takes {amount} credits ({why})", amount=amount)


def pay(state: ImportExportState, seat: int, amount: int, ctx: Context, why: str) -> None:
    """Credits to the bank (a player never pays more than they hold)."""
    amount = min(amount, state.credits[seat])
    if amount <= 0:
        return
    state.credits[seat] -= amount
    state.bank += amount
    name = state.players[seat]
    ctx.emit("credits", name, f"{name} pays {amount} credits ({why})", amount=-amount)


# ---- cards ------------------------------------------------------------------------------------


def draw_card(state: ImportExportState, ctx: Context) -> str | None:
    """The top card of the deck, shuffling the discard into a new deck when it has run out;
    None when both are empty (then the game ends once the turn is over)."""
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        ctx.emit(
            "shuffle", None, f"the discard pile is shuffled into a new deck of {len(state.deck)}"
        )
    if not state.deck:
        state.exhausted = True
        return None
    card = state.deck.pop()
    reveal(state)
    if not state.deck and not state.discard:
        state.exhausted = True
    return card


def draw(state: ImportExportState, seat: int, ctx: Context) -> None:
    """The draw action: up to five cards, or one more with five or more."""
    hand = state.hands[seat]
    target = max(state.c.rules["draw_to"], len(hand) + 1)
    got = 0
    while len(hand) < target:
        card = draw_card(state, ctx)
        if card is None:
            break
        hand.append(card)
        got += 1
    name = state.players[seat]
    ran_out = " (the deck and the discard pile are empty)" if state.exhausted else ""
    ctx.emit("draw", name, f"{name} draws {got} card{'s' * (got != 1)}{ran_out}", cards=got)
