"""Pack & Stack's bot (Game.bot_action, the game's own quick policy): pick the truck the hand
fits best, pack greedily, then done.

Packing is greedy: the largest piece in hand first; of its legal placements the one whose lowest
level is lowest, then whose top is lowest (lying before standing), then the frontmost row and the
leftmost column, along x before along y. A piece that fits nowhere is skipped; once nothing in hand
fits, the bot says `done`. It never takes a piece back off. To pick a truck, it packs its hand
onto each card in front of the others in its head and estimates the pile top as the average over a
few unseen cards (the pile order is hidden), and takes the lowest expected bill.
"""

from __future__ import annotations

import random

from dockyard import Action

from .components import ORIENTATIONS, PackAndStackTruckCard, Placement, fits
from .load_truck import DONE, put_options
from .pick_a_truck import PILE, claimable
from .rounds import phase_name
from .speed import placements
from .state import PackAndStackState

_ORIENTATION_RANK: dict[str | None, int] = {None: 0, **{o: i for i, o in enumerate(ORIENTATIONS)}}


def greedy_key(place: Placement) -> tuple[int, int, int, int, int]:
    x, y, _ = place.cells[0]
    return (place.level, place.top, y, x, _ORIENTATION_RANK[place.orientation])


def next_put(state: PackAndStackState, seat: int) -> Action | None:
    name = state.players[seat]
    for piece in reversed(state.c.pieces):  # largest first
        if state.hands[seat][piece.kind]:
            options = put_options(state, seat, piece.kind)
            if options:
                best = min(options, key=greedy_key)
                return Action(name, "put", (piece.kind, best.cell, best.level, best.orientation))
    return None


def packed_bill(
    state: PackAndStackState, truck: PackAndStackTruckCard, hand: dict[str, int]
) -> int:
    """The bill after packing `hand` greedily onto an empty `truck`."""
    filled = 0
    unloaded = 0
    for piece in reversed(state.c.pieces):
        options = sorted(placements(truck, piece.size), key=greedy_key)
        for _ in range(hand[piece.kind]):
            best = next((p for p in options if fits(filled, p)), None)
            if best is None:
                unloaded += 2 * piece.size
            else:
                filled |= best.mask
    return truck.capacity - filled.bit_count() + unloaded


def choose_truck(state: PackAndStackState, seat: int, rng: random.Random) -> Action:
    name = state.players[seat]
    options = claimable(state, seat)
    hand = state.hands[seat]
    estimates: dict[str, float] = {}
    for target in options:
        if target != PILE:
            estimates[target] = packed_bill(state, state.c.truck(target), hand)
    if PILE in options:
        seen = {t for cards in state.front for t in cards} | {
            t for t in state.trucks if t is not None
        }
        unseen = [t for t in state.c.trucks if t.id not in seen]
        sample = rng.sample(unseen, min(6, len(unseen)))
        estimates[PILE] = sum(packed_bill(state, t, hand) for t in sample) / max(1, len(sample))
    best = min(estimates.values())
    target = rng.choice(sorted(t for t, e in estimates.items() if e == best))
    return Action(name, "claim", (target,))


def bot_action(state: PackAndStackState, seat: int, rng: random.Random) -> Action:
    if phase_name(state) == "pick":
        return choose_truck(state, seat, rng)
    return next_put(state, seat) or Action(state.players[seat], DONE, ())
