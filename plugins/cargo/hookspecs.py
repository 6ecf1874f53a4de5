"""Tom Jolly's Cargo's rule extension points: house rules implement these, never edit the game.

Each hook is called with keyword arguments. A `firstresult` hook takes the first answer that is
not None, so a house rule marked `@hookimpl(tryfirst=True)` overrides the game's own answer
(`DefaultRules` in default_rules.py, marked `trylast`). plugins/HOOKS.md has an example.
"""

from __future__ import annotations

from typing import Any

from dockyard import hookspec


@hookspec(firstresult=True)
def cargo_away(state: Any, worker: int, why: str) -> str | None:
    """Where a worker goes when it leaves the dock: `why` is "water" (pushed into the water or
    onto a ship) or "squished". Answer "water" (rescued at its owner's next turn), "doctor"
    (sits out a turn, then back on an edge square) or "gone" (out of the game). The rulebook:
    "water" for the water, "doctor" for a squish."""
