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
