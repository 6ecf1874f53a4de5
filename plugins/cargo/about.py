"""What `dockyard games` says of Tom Jolly's Cargo: read without importing its rules (listing games
stays quick); game.py, components.py and the variants take their words from here."""

from __future__ import annotations

from typing import Any

from .variant_summaries import SUMMARIES

NAME = "cargo"
TITLE = "Tom Jolly's Cargo"
SUMMARY = "Push your crates onto your ship's loading spaces and everyone else's into the sea"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


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
