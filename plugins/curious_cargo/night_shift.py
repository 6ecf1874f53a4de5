"""The Night Shift: the rulebook's 3 color variant, as a variant plugin on the game's hooks.

The rulebook: "flip the Shipping board to the side with 3 goods types. Use the dark background
side of the tiles. Add the purple Splitters to supply." All three are component choices, so the
whole variant is one `cc_components` implementation: the three-color side of the Shipping board
(its requisite, 12, and purple rows, filled with 6 purple goods per player), the dark faces
(their purple belts use the boards' purple ports), and the Splitters of the side's colors, purple
too, in the supply. Eligibility ("at least 2 goods of each color"), the stars and the End Game
Triggers then count the side's three colors, as the base rules already do for any side. The base
rules never mention this variant: remove this file and the 2-color game is untouched.

The designer strongly recommends it only to players "thoroughly proficient in the 2 color
version"; that is advice, so it is not refused with `first-game`.

    dockyard play curious-cargo --variant night-shift
"""

from __future__ import annotations

from typing import Any

from dockyard import Variant, hookimpl

from . import INFO


class NightShift:
    """The 3 color variant's components."""

    @hookimpl
    def cc_components(self, table: Any, content: Any, options: dict[str, Any]) -> None:
        table.side = "three-color"  # "flip the Shipping board to the side with 3 goods types"
        table.face = "dark"  # "Use the dark background side of the tiles"
        table.splitter_colors = None  # "Add the purple Splitters to supply": the side's colors


NIGHT_SHIFT = Variant(
    name="night-shift",
    game="curious-cargo",
    summary=INFO.variant_summaries["night-shift"],
    plugin=NightShift(),
)
