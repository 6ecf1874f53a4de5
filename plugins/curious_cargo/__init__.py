"""Curious Cargo (Ryan Courtney, Capstone Games 2020), with the Night Shift variant and house rules.

Modules follow the rulebook: `components` (the printed parts, from content/curious_cargo),
`facility` (player boards, Conveyor tiles, Active connections), `bonuses` (Bonuses and Bonus
Tokens, the Turn Order track), `trucking` (Playing Trucks and Movement, Loading and Unloading),
`scoring` (End Game Triggers, Determining a Winner), `game` (Setup, the phases and every action),
`render` (the text a player sees), `variants` (Night Shift and house rules).
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
