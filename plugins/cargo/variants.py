"""House rules of Tom Jolly's Cargo, from the rulebook itself.

`fast`: "For a faster four player game, do not return pieces to play after they are squished or
pushed into the water. Discard them from the game." Playable with 2 or 3 players too.
"""

from __future__ import annotations

from dockyard import Variant

VARIANTS = (
    Variant(
        name="fast",
        game="cargo",
        summary="Squished and drowned workers leave the game (the rulebook's faster 4-player game)",
        options={"fast": True},
    ),
)
