"""YOUR HARBOR: credits, and drawing cards (the harbor's limits and tiers, which powers change,
are in reading.py).

- Drawing: "Draw until they have five cards (or one additional card if they have five or
  more)"; "if at any point the draw deck should run out, simply shuffle the discard pile and
  create a new draw deck from it".
"""

from __future__ import annotations

from dockyard import Context
from dockyard.flow import reveal

from .state import ImportExportState

# ---- credits --------------------------------------------------------------------------------


def gain(state: ImportExportState, seat: int, amount: int, ctx: Context, why: str) -> None:
    """Credits from the bank (as much as the bank holds)."""
    amount = min(amount, state.bank)
    if amount <= 0:
        return
    state.bank -= amount
    state.credits[seat] += amount
    reached(state, seat)
    name = state.players[seat]
    ctx.emit("credits", name, f"{name} takes {amount} credits ({why})", amount=amount)


def reached(state: ImportExportState, seat: int) -> None:
    """Remember the most credits `seat` has held this turn: "When any player has reached 50
    active credits ... the game will end immediately after finishing the current turn", even if
    they hold fewer by then."""
    if seat < len(state.peak):
        state.peak[seat] = max(state.peak[seat], state.credits[seat])


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
    if got:  # the one who drew is told what at once
        ctx.emit("drew", name, f"{name} drew {', '.join(hand[-got:])}", audience=(name,))
