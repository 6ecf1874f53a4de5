"""What `dockyard games` says of Import / Export: read without importing its rules (listing games
stays quick); game.py, components.py and the variants take their words from here."""

from __future__ import annotations

from typing import Any

from .variant_summaries import SUMMARIES

NAME = "import-export"
TITLE = "Import / Export"
SUMMARY = "Lead an action or follow it, contract and load shipments, bid for goods at sea: the most credits wins"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


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
