"""Curious Cargo (Ryan Courtney, Capstone Games 2020), with its 3-color variant and house rules.

Modules follow the rulebook:

    components.py       the printed parts (frozen), from content/curious_cargo
    content_check.py    building them: check_boards, check_pieces, check_shipping, check_setup
    set_up.py           Setup, and the card selection of setup step 9
    rounds.py           turn order, trading tokens, ending a turn, End of Phase Cleanup
    construction.py     the Construction Phase's actions (draw, place, boost, Splitters)
    trucking.py         the Trucking Phase's actions (play, discard, recycle, dispatch, load)
    loading.py          Playing Trucks and Movement, Loading and Unloading
    facility.py         player boards, Conveyor tiles, Active connections
    bonuses.py          Bonuses and Bonus Tokens, the Turn Order track
    scoring.py          End Game Triggers, Determining a Winner
    game.py             the Game object: the verb -> (why-not, do) table
    hookspecs.py        every rule a house rule can change; default_rules.py the rulebook's
    variants.py         house rules, and the 3-color variant (its own module: a plugin on the hooks)
    bookkeeping.py      expect queries, component counts and invariants (for the engine)
    render.py, component_text.py, bots.py   what players see, and the bot
"""

from dockyard import hookimpl

from . import about

# The rules are imported only when the game is registered: `dockyard games` lists it from
# about.py (describe_games) without them.


@hookimpl
def describe_games(describe):
    about.describe(describe)


@hookimpl
def register_games(register):
    from .game import CuriousCargo

    register(CuriousCargo())


@hookimpl
def register_variants(register):
    from .variants import VARIANTS

    for variant in VARIANTS:
        register(variant)
