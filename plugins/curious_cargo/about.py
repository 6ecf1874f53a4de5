"""What `dockyard games` says of Curious Cargo: read without importing its rules (listing games
stays quick); game.py and the variants take their names and summaries from here."""

from __future__ import annotations

from typing import Any

NAME = "curious-cargo"
TITLE = "Curious Cargo"
SUMMARY = "Build conveyor lines, ship goods by truck, intercept your opponent's (2 players)"
MIN_PLAYERS, MAX_PLAYERS = 2, 2
# each variant: its summary
VARIANTS: dict[str, str] = {
    "night-shift": "The Night Shift (3 color variant): purple goods, dark tile faces, purple Splitters",
    "first-game": "First game: board #1, and everyone keeps the 3 Truck cards dealt (no card selection)",
    "no-scaffolding": "Designer note: play without Scaffolding tiles (a tile must lie flat on its own)",
    "handicap": "Designer note: the experienced player (seated first) plays without Scaffolding",
    "bus": "The bus: a 1 AP truck with no cargo spaces, shuffled into the deck (pushes trucks)",
    "mulligan": "Once per game, before your Trucking action: Truck cards to the deck's bottom, redraw",
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
