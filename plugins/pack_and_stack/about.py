"""What `dockyard games` says of Pack & Stack: read without importing its rules (listing games
stays quick); game.py and components.py take their words from here."""

from __future__ import annotations

from typing import Any

NAME = "pack-and-stack"
TITLE = "Pack & Stack"
SUMMARY = (
    "Roll for wooden pieces, grab a truck, stack it full: empty space and leftovers cost points"
)
MIN_PLAYERS, MAX_PLAYERS = 3, 6


def describe(register: Any) -> None:
    """`describe_games`: the game, as `dockyard games` lists it."""
    register(
        name=NAME,
        title=TITLE,
        summary=SUMMARY,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={},
    )
