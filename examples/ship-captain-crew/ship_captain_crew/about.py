"""What `dockyard games` says of Ship, Captain and Crew: read without importing its rules
(listing games stays quick); game.py takes its words from here too."""

from __future__ import annotations

from typing import Any

NAME = "ship-captain-crew"
TITLE = "Ship, Captain and Crew"
SUMMARY = "Roll for a ship, a captain and a crew, then for the best cargo (2-6 players)"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


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
