"""House rules of Tom Jolly's Cargo, from the rulebook itself.

`fast`: "For a faster four player game, do not return pieces to play after they are squished or
pushed into the water. Discard them from the game." A plugin answering the game's `cargo_away`
hook (hookspecs.py); playable with 2 or 3 players too.
"""

from __future__ import annotations

from typing import Any

from dockyard import Variant, hookimpl

from . import INFO


class FastGame:
    @hookimpl(tryfirst=True)
    def cargo_away(self, state: Any, worker: int, why: str) -> str:
        return "gone"


VARIANTS = (
    Variant(
        name="fast",
        game="cargo",
        summary=INFO.variant_summaries["fast"],
        plugin=FastGame(),
    ),
)
