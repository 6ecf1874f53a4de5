"""Curious Cargo (Ryan Courtney, Capstone Games 2020), with its 3-color variant and house rules.

Modules follow the rulebook:

    components.py       the printed parts (frozen), from content/curious_cargo
    content_check.py    building them: check_boards, check_pieces, check_shipping, check_setup
    set_up.py           Setup, and the card selection of setup step 9
    rounds.py           turn order, trading tokens, ending a turn, End of Phase Cleanup
    construction.py     the Construction Phase's actions (draw, place, boost, Splitters)
    trucking_phase.py   the Trucking Phase's actions (play, discard, recycle, dispatch, load)
    trucking.py         Playing Trucks and Movement, Loading and Unloading
    facility.py         player boards, Conveyor tiles, Active connections
    bonuses.py          Bonuses and Bonus Tokens, the Turn Order track
    scoring.py          End Game Triggers, Determining a Winner
    game.py             the Game object: the verb -> (why-not, do) table
    hookspecs.py        every rule a house rule can change; default_rules.py the rulebook's
    variants.py         house rules, and the 3-color variant (its own module: a plugin on the hooks)
    bookkeeping.py      expect queries, component counts and invariants (for the engine)
    render.py, component_text.py, bots.py   what players see, and the bot
"""

from __future__ import annotations

from dockyard import GameInfo

from .variant_summaries import SUMMARIES

# What `dockyard games` says of the game, read without importing its rules (listing stays quick):
# the rules are imported only when the game is registered.
INFO = GameInfo(
    name="curious-cargo",
    title="Curious Cargo",
    summary="Build conveyor lines, ship goods by truck, intercept your opponent's (2 players)",
    min_players=2,
    max_players=2,
    package=__name__,
    game="game:CuriousCargo",
    variants="variants:VARIANTS",
    variant_summaries=SUMMARIES,
)
describe_games, register_games, register_variants = INFO.hookimpls()
