"""The rulebook's own answers to Curious Cargo's rule hooks (hookspecs.py) (a game
with no variant and no house rule: `Game.rulebook_hook`)."""

from __future__ import annotations

from dockyard import hookimpl

from .scoring import end_triggers, ships_every_color
from .state import CuriousCargoState


class DefaultRules:
    """The rulebook's own answers to the game's extension points (trylast: house rules win)."""

    @hookimpl(trylast=True)
    def cc_construction_actions(self, state: CuriousCargoState, seat: int) -> int:
        return state.rules["construction_actions"]

    @hookimpl(trylast=True)
    def cc_truck_ap(self, state: CuriousCargoState, seat: int) -> int:
        return state.rules["truck_ap"]

    @hookimpl(trylast=True)
    def cc_token_limit(self, state: CuriousCargoState, seat: int, kind: str) -> int:
        return state.rules["token_limit"]

    @hookimpl(trylast=True)
    def cc_eligible(self, state: CuriousCargoState, seat: int) -> bool:
        return ships_every_color(state, state.seats[seat])

    @hookimpl
    def cc_end_triggers(self, state: CuriousCargoState) -> list[str]:
        return end_triggers(state)
