"""Variants of Import / Export from the rulebook itself.

`extended`: "If the standard game feels too short, all players may agree to play to a higher
active credit amount such as 80 credits or beyond. All other cards will remain the same and play
will be identical." A setup option (`end_credits`, 80); the game reads it at setup.

`jutaku`, `kickstarter`, `captain-edition`: the expansion cards the rulebook lists, shuffled
into the deck: content folders (content/import_export_expansions/) whose goods files lie beside
the base game's (their printed corners designed: content/import_export/README.md).
"""

from __future__ import annotations

from dockyard import Variant

from . import INFO

VARIANTS = (
    Variant(
        name="extended",
        game="import-export",
        summary=INFO.variant_summaries["extended"],
        options={"end_credits": 80},
    ),
    Variant(
        name="jutaku",
        game="import-export",
        summary=INFO.variant_summaries["jutaku"],
        content_folder="import_export_expansions/jutaku",
    ),
    Variant(
        name="kickstarter",
        game="import-export",
        summary=INFO.variant_summaries["kickstarter"],
        content_folder="import_export_expansions/kickstarter",
    ),
    Variant(
        name="captain-edition",
        game="import-export",
        summary=INFO.variant_summaries["captain-edition"],
        content_folder="import_export_expansions/captain_edition",
    ),
)
