"""The rulebook's own answers to Pack & Stack's rule hooks (hookspecs.py)."""

from __future__ import annotations

from typing import Any

from dockyard import hookimpl

from .pick_a_truck import cards_each
from .score_points import BONUS


class DefaultRules:
    """The rulebook's answers (trylast: house rules win)."""

    @hookimpl(trylast=True)
    def pack_and_stack_trucks_each(self, state: Any, players: int) -> int:
        return cards_each(players)

    @hookimpl(trylast=True)
    def pack_and_stack_bonus(self, state: Any, seats: tuple[int, ...], bill: int) -> int:
        return BONUS
