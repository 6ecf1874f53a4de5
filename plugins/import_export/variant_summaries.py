"""The summary of each variant of Import / Export, as `dockyard games` lists it (read without
importing any rules; the variants take theirs from here)."""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    "extended": "The extended game: play to 80 active credits instead of 50",
    "jutaku": "The Jutaku expansion cards (10) shuffled into the deck",
    "kickstarter": "The Kickstarter expansion cards (15) shuffled into the deck",
    "captain-edition": "The Captain Edition cards (3) shuffled into the deck",
}
