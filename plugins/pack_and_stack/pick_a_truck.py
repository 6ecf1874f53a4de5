"""2. Pick a truck: cards are dealt face up, then every player claims one at the same time.

A claim takes a truck card in front of another player (never one in front of yourself) or the
top card of the face-down draw pile. "The last player to pick a truck has no choice: he has to
take the top card from the draw pile." Cards nobody chose go to the discard pile. In print the
grab is a race; here claims resolve in the order the engine receives them. A house rule changes
how many cards each player is dealt by answering `pack_and_stack_trucks_each` (hookspecs.py).
"""

from __future__ import annotations

from dockyard import Action, Context
from dockyard.flow import reveal

from .hookspecs import count_from
from .receive_load import seats_from_start
from .state import PackAndStackState

PILE = "pile"


def cards_each(players: int) -> int:
    """2 truck cards each with 3 or 4 players, 1 with 5 or 6."""
    return 2 if players <= 4 else 1


def draw(state: PackAndStackState, ctx: Context) -> str:
    """The top card of the draw pile; "if the draw pile runs out, reshuffle the discarded truck cards"."""
    if not state.pile:
        state.pile, state.discard = state.discard, []
        state.rng.shuffle(state.pile)
        ctx.emit(
            "reshuffle",
            None,
            f"the draw pile ran out: {len(state.pile)} discarded truck cards are shuffled into a new one",
        )
    reveal(state)  # the face-down card is seen: no undo past this
    return state.pile.pop()


def deal_trucks(state: PackAndStackState, ctx: Context) -> None:
    """The begin hook of the pick phase: deal the cards face up, in front of each player (as
    many as `pack_and_stack_trucks_each` says: `cards_each` by the rulebook)."""
    answer = ctx.hook.pack_and_stack_trucks_each(state=state, players=len(state.players))
    n = count_from("pack_and_stack_trucks_each", answer)
    keep = len(state.players)  # in the piles, a card for each player (the last must take one)
    for seat in seats_from_start(state):
        cards: list[str] = []
        while len(cards) < n and len(state.pile) + len(state.discard) > keep:
            cards.append(draw(state, ctx))
        state.front[seat] = cards
        described = ", ".join(
            f"{t} ({state.c.truck(t).levels} level{'s' * (state.c.truck(t).levels > 1)})"
            for t in cards
        )
        ctx.emit(
            "deal",
            state.players[seat],
            f"in front of {state.players[seat]}: {described}",
            cards=tuple(cards),
        )


def is_last_to_pick(state: PackAndStackState, seat: int) -> bool:
    return state.flow.active == [seat]


def pile_can_give(state: PackAndStackState) -> bool:
    return bool(state.pile or state.discard)


def claimable(state: PackAndStackState, seat: int) -> list[str]:
    """What `seat` may claim now: cards in front of the others (unless last), and the pile top."""
    pile = [PILE] if pile_can_give(state) else []
    if is_last_to_pick(state, seat):
        return pile
    return [t for other, cards in enumerate(state.front) if other != seat for t in cards] + pile


def legal_claim(state: PackAndStackState, seat: int) -> list[Action]:
    """The claims `seat` may make now, in a fixed order."""
    name = state.players[seat]
    return [Action(name, "claim", (target,)) for target in claimable(state, seat)]


def why_not_claim(state: PackAndStackState, seat: int, target: str) -> str | None:
    if target == PILE:
        return None if pile_can_give(state) else "the draw pile and the discard pile are both empty"
    if target in state.front[seat]:
        return (
            f"{target} is in front of you: you can never take a truck that is in front of yourself"
        )
    owner = next((s for s, cards in enumerate(state.front) if target in cards), None)
    if owner is None:
        others = [t for t in claimable(state, seat) if t != PILE]
        offered = (
            f"the cards in front of the others are {', '.join(others)}"
            if others
            else "no card is left in front of the others"
        )
        return f"{target} is not in front of any player ({offered}; or claim pile)"
    if is_last_to_pick(state, seat):
        return "you are the last to pick a truck: you must take the top card of the draw pile (claim pile)"
    return None


def do_claim(state: PackAndStackState, seat: int, target: str, ctx: Context) -> None:
    name = state.players[seat]
    if target == PILE:
        truck = draw(state, ctx)
        how = "the top card of the draw pile"
    else:
        owner = next(s for s, cards in enumerate(state.front) if target in cards)
        state.front[owner].remove(target)
        truck = target
        how = f"the card in front of {state.players[owner]}"
    state.trucks[seat] = truck
    state.picked.append(seat)
    levels = state.c.truck(truck).levels
    ctx.emit(
        "claim",
        name,
        f"{name} takes {truck} ({levels} level{'s' * (levels > 1)}), {how}",
        truck=truck,
        source=target,
    )


def discard_unchosen(state: PackAndStackState, ctx: Context) -> None:
    """The end hook of the pick phase: "Truck cards that were not chosen are placed on the discard pile"."""
    left = [t for cards in state.front for t in cards]
    for seat in range(len(state.players)):
        state.front[seat] = []
    if left:
        state.discard.extend(left)
        ctx.emit(
            "discard",
            None,
            f"not chosen, to the discard pile: {', '.join(left)}",
            cards=tuple(left),
        )
