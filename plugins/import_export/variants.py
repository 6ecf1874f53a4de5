"""House rules of Import / Export from the rulebook itself.

`extended`: "If the standard game feels too short, all players may agree to play to a higher
active credit amount such as 80 credits or beyond. All other cards will remain the same and play
will be identical." A setup option (`end_credits`, 80); the game reads it at setup.
"""

from __future__ import annotations

from dockyard import Variant

VARIANTS = (
    Variant(
        name="extended",
        game="import-export",
        summary="The extended game: play to 80 active credits instead of 50",
        options={"end_credits": 80},
    ),
)
