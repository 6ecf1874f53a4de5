"""What `dockyard games` says of Import / Export: read without importing its rules (listing games
stays quick); game.py, components.py and the variants take their names and summaries from here."""

from __future__ import annotations

from typing import Any

NAME = "import-export"
TITLE = "Import / Export"
SUMMARY = "Lead an action or follow it, contract and load shipments, bid for goods at sea: the most credits wins"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
# each variant: its summary
VARIANTS: dict[str, str] = {
    "extended": "The extended game: play to 80 active credits instead of 50",
    "jutaku": "The Jutaku expansion cards (10) shuffled into the deck",
    "kickstarter": "The Kickstarter expansion cards (15) shuffled into the deck",
    "captain-edition": "The Captain Edition cards (3) shuffled into the deck",
}


def describe(register: Any) -> None:
    """`describe_games`: the game, as `dockyard games` lists it."""
    register(
        name=NAME,
        title=TITLE,
        summary=SUMMARY,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants=VARIANTS,
    )
