"""The summary of each variant of Tom Jolly's Cargo, as `dockyard games` lists it (read without
importing any rules; the variants take theirs from here)."""

from __future__ import annotations

SUMMARIES: dict[str, str] = {
    "fast": "Squished and drowned workers leave the game (the rulebook's faster 4-player game)",
}
