"""The summary of each variant of Curious Cargo, as `dockyard games` lists it (read without
importing any rules; the variants take theirs from here)."""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    "night-shift": "The Night Shift (3 color variant): purple goods, dark tile faces, purple Splitters",
    "first-game": "First game: board #1, and everyone keeps the 3 Truck cards dealt (no card selection)",
    "no-scaffolding": "Designer note: play without Scaffolding tiles (a tile must lie flat on its own)",
    "handicap": "Designer note: the experienced player (seated first) plays without Scaffolding",
    "bus": "The bus: a 1 AP truck with no cargo spaces, shuffled into the deck (pushes trucks)",
    "mulligan": "Once per game, before your Trucking action: Truck cards to the deck's bottom, redraw",
}
