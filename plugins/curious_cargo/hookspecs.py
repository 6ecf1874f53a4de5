"""Curious Cargo's rule extension points: house rules and variants implement these, never edit
the game. plugins/HOOKS.md documents each one with when it fires and an example.

Each hook is called with keyword arguments. `firstresult` hooks take the first non-None answer,
so a house rule marked `@hookimpl(tryfirst=True)` overrides the game's own answer (the game's
own answers are `DefaultRules` in default_rules.py, marked `trylast`).

By rulebook part: components (`cc_components`, `cc_truck_cards`), setup (`cc_setup`),
construction (`cc_construction_actions`, `cc_why_not_place`), trucking (`cc_truck_ap`),
loading (`cc_why_not_load`), clean-up (`cc_token_limit`, `cc_cleanup`), end of the game
(`cc_end_triggers`), scoring (`cc_score`, `cc_eligible`), new actions (`cc_house_verbs`).
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


@hookspec
def cc_components(table: Any, content: Any, options: dict[str, Any]) -> None:
    """Before the table is laid out: change the components the game is set up with. `table`
    (set_up.ChosenComponents) holds `side` (the Shipping board side: "two-color" or "three-color"), `face`
    (the tiles' face: "sand" or "dark"), `board`, `splitter_colors` (None: the side's colors),
    `goods` (goods in the box, by color), `deck_size` and `bag_size` (None: every card or tile;
    the rest stay in the box). Called once, in registration order; change it in place."""


@hookspec(firstresult=True)
def cc_why_not_load(state: Any, seat: int, truck: Any, index: int, color: str) -> str | None:
    """Loading: a reason a good of `color` may not be loaded onto cargo space `index` (0 is the
    rear) of `truck` on `seat`'s Shipping street, or None to allow it. Asked for each empty space
    beside an active dock before the rulebook's own loading rules."""


@hookspec(firstresult=True)
def cc_token_limit(state: Any, seat: int, kind: str) -> int | None:
    """Clean-up: how many tokens of `kind` ("construction" or "trucking") a player may keep at
    the end of a phase (the rulebook: 3)."""


@hookspec
def cc_cleanup(state: Any, ctx: Any) -> None:
    """Clean-up: after the rulebook's End of Phase Cleanup (tokens over the limit returned),
    before hand tiles go to storage; not called when the game has ended."""


@hookspec
def cc_score(state: Any, seat: int, points: dict[str, int]) -> None:
    """Scoring: adjust a player's breakdown in place (`shipping`, `receiving`, `tokens`, `track`,
    `bonus`; a new key adds a line). The total is summed after every implementation ran."""


@hookspec(firstresult=True)
def cc_eligible(state: Any, seat: int) -> bool | None:
    """Scoring: may this player win? (The rulebook: at least 2 goods of each color shipped.)"""
