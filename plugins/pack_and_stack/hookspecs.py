"""Pack & Stack's rule extension points: house rules implement these, never edit the game.

Each hook is called with keyword arguments and takes the first answer that is not None, so a
house rule marked `@hookimpl(tryfirst=True)` overrides the rulebook's answer (`DefaultRules` in
default_rules.py, marked `trylast`), and one answering None leaves it. plugins/HOOKS.md has
examples.
"""

from __future__ import annotations

from typing import Any

from dockyard import DockyardError, hookspec


@hookspec(firstresult=True)
def pack_and_stack_trucks_each(state: Any, players: int) -> int | None:
    """2. Pick a truck: how many truck cards are dealt face up in front of each of `players`
    players (0 or more). The dealing stops early rather than leave the draw and discard piles
    fewer cards than players (the last to pick must take the pile's top card), which the
    rulebook's counts never do. The rulebook: 2 with 3 or 4 players, 1 with 5 or 6."""


@hookspec(firstresult=True)
def pack_and_stack_bonus(state: Any, seats: tuple[int, ...], bill: int) -> int | None:
    """4. Score points: the bonus points each of `seats`, the round's lowest payers (each owed
    `bill`), receives (0 or more; a bank holding too little shares what it has). The rulebook:
    10."""


def count_from(hook: str, answer: Any) -> int:
    """A hook's answer that must be a whole number, 0 or more: else one clear error naming it."""
    if isinstance(answer, bool) or not isinstance(answer, int) or answer < 0:
        raise DockyardError(
            f"the house rule answering {hook} gave {answer!r}: a whole number, 0 or more, was expected"
        )
    return answer
