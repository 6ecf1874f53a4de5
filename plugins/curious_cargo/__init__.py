"""Curious Cargo (Ryan Courtney, Capstone Games 2020), with its 3-color variant and house rules.

Modules follow the rulebook: `components` (the printed parts, from content/curious_cargo),
`facility` (player boards, Conveyor tiles, Active connections), `bonuses` (Bonuses and Bonus
Tokens, the Turn Order track), `trucking` (Playing Trucks and Movement, Loading and Unloading),
`scoring` (End Game Triggers, Determining a Winner), `set_up` (Setup and the card selection),
`rounds` (turns, trading, End of Phase Cleanup), `construction` and `trucking_phase` (each
phase's actions), `game` (the Game object: the verb table), `render` (the text a player sees),
`hookspecs` (every rule a house rule can change), `variants` (the 3-color variant, in its own
module, and the house rules).
"""

from dockyard import hookimpl

from .game import CuriousCargo
from .variants import VARIANTS


@hookimpl
def register_games(register):
    register(CuriousCargo())


@hookimpl
def register_variants(register):
    for variant in VARIANTS:
        register(variant)
