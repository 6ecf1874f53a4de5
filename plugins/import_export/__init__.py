"""Import / Export (Jordan Draper, Dark Flight Games 2016), for 2-6 players.

The package follows the rulebook:
    components.py   the box: 100 goods cards, harbors and ships, payouts, credits (content/)
    state.py        what is on the table
    set_up.py       SETTING UP (and a table set up by hand: `arrange`)
    reading.py      YOUR HARBOR's limits and tiers, and what powers read (conditions, counts)
    harbor.py       YOUR HARBOR: credits, drawing
    shipments.py    SHIPMENTS: contracts, loading, completing, ships to sea and home
    turns.py        PLAYING A TURN: lead or draw, follow or draw, act, the next leader
    actions.py      CONTRACT, LOAD, PIRATE, SUPPLY
    importing.py    IMPORT: the leader's ship, secret bids, taking two cards
    scoring.py      ENDING THE GAME and SCORING
    view.py         what each player sees, queries, secrets, conservation, the RL action index
    text.py         canonical action text and the table for `show`
    powers.py       the goods' powers: when they run (events), the effects interpreter
    effects.py      the effects that change the table (credits, cards drawn and moved)
    choices.py      powers that ask a player (`choose WORD`)
    free.py         free actions and powers used at any time (`use CARD WORD`)
    vocabulary.py   the effects vocabulary: every word a card's powers may say, one table
    speed.py        the one cache (a session's named effects)
    bots.py         the greedy bot
    variants.py     the extended game and the expansions
    game.py         the Game object tying them together

The modules that run powers are layered: reading < harbor < powers < shipments < effects <
choices < free < vocabulary; the box carries the vocabulary to the interpreter (powers.run).
"""

from __future__ import annotations

from dockyard import hookimpl

from . import about

# The rules are imported only when the game is registered: `dockyard games` lists it from
# about.py (describe_games) without them.


@hookimpl
def describe_games(describe):
    about.describe(describe)


@hookimpl
def register_games(register):
    from .game import ImportExport

    register(ImportExport())


@hookimpl
def register_variants(register):
    from .variants import VARIANTS

    for variant in VARIANTS:
        register(variant)
