"""Curious Cargo's rule extension points: house rules implement these, never edit the game.

Each hook is called with keyword arguments. `firstresult` hooks take the first non-None answer,
so a house rule marked `@hookimpl(tryfirst=True)` overrides the game's own answer.
"""

from __future__ import annotations

from typing import Any

from dockyard import hookspec


@hookspec(firstresult=True)
def cc_construction_actions(state: Any, seat: int) -> int | None:
    """Actions a player has in a Construction Phase turn (the rulebook: 3)."""


@hookspec(firstresult=True)
def cc_truck_ap(state: Any, seat: int) -> int | None:
    """Action Points a player has for playing Truck cards in a Trucking Phase turn (2)."""


@hookspec
def cc_setup(state: Any, ctx: Any) -> None:
    """After the table is set up, before the first phase: adjust the starting position."""


@hookspec
def cc_truck_cards(content: Any, options: dict[str, Any]) -> list[Any]:  # type: ignore[empty-body]
    """Extra Truck cards (TruckCard objects) shuffled into the deck at setup, with their tiles."""


@hookspec(firstresult=True)
def cc_why_not_place(
    state: Any, seat: int, tile: Any, anchor: Any, direction: str, scaffolding: int
) -> str | None:
    """A reason a house rule forbids this Conveyor tile placement, or None to allow it."""


@hookspec
def cc_end_triggers(state: Any) -> list[str]:  # type: ignore[empty-body]
    """Reasons the game ends at the end of this phase (empty list: none from this rule)."""


@hookspec
def cc_house_verbs() -> list[Any]:  # type: ignore[empty-body]
    """Action verbs a house rule adds (its Variant's `grammar` adds the words): rule objects with
    `verb`, `actions(game, state, seat)` (the legal ones now), `why_not(game, state, seat, *args)`
    (None, or the reason) and `do(game, state, seat, ctx, *args)`."""
