"""A round of Pack & Stack: its four phases, in the rulebook's order, as flow phases.

1. Receive load (nobody acts: the dice are rolled for everyone), 2. Pick a truck (everyone
claims at once), 3. Load truck (everyone loads at once, until each says done), 4. Score points
(nobody acts; the game may end here, and only here).
"""

from __future__ import annotations

from typing import Any

from dockyard.flow import Phase, seat_order

from .pick_a_truck import deal_trucks, discard_unchosen
from .receive_load import receive_load
from .score_points import score_points


def nobody(state: Any) -> list[int]:
    """A phase the rules resolve by themselves."""
    return []


RECEIVE = Phase("receive", nobody, begin=receive_load, check_end=False)
PICK = Phase(
    "pick", seat_order, simultaneous=True, begin=deal_trucks, end=discard_unchosen, check_end=False
)
LOAD = Phase("load", seat_order, simultaneous=True, check_end=False)
SCORE = Phase("score", nobody, end=score_points)
PHASES = (RECEIVE, PICK, LOAD, SCORE)


def phase_name(state: Any) -> str:
    return PHASES[state.flow.phase].name


def why_not_now(state: Any, seat: int, verb: str) -> str | None:
    """Why `seat` may not say `verb` in this phase, or None: claims in 2. Pick a truck, the
    loading verbs (put, remove, done) in 3. Load truck, each while the player has not finished."""
    phase = phase_name(state)
    if seat not in state.flow.active:
        return {
            "pick": "you have already picked your truck this round",
            "load": "you have already finished loading",
        }.get(phase, "nobody acts in this phase")
    if phase == "pick" and verb != "claim":
        return "first pick a truck: claim a card in front of another player, or claim pile"
    if phase != "pick" and verb == "claim":
        return "the trucks are picked: now load yours (put, remove) and say done"
    return None
