"""What `dockyard games` says of Curious Cargo: read without importing its rules (listing games
stays quick); game.py and the variants take their words from here."""

from __future__ import annotations

from typing import Any

from .variant_summaries import SUMMARIES

NAME = "curious-cargo"
TITLE = "Curious Cargo"
SUMMARY = "Build conveyor lines, ship goods by truck, intercept your opponent's (2 players)"
MIN_PLAYERS, MAX_PLAYERS = 2, 2


def describe(register: Any) -> None:
    """`describe_games`: the game, as `dockyard games` lists it."""
    register(
        name=NAME,
        title=TITLE,
        summary=SUMMARY,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants=SUMMARIES,
    )
