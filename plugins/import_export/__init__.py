"""Import / Export (Jordan Draper, Dark Flight Games 2016), for 2-6 players.

The package follows the rulebook:
    components.py   the box: 100 goods cards, harbors and ships, payouts, credits (content/)
    state.py        what is on the table
    setting_up.py   SETTING UP
    reading.py      YOUR HARBOR's limits and tiers, and what powers read (conditions, counts)
    harbor.py       YOUR HARBOR: credits, drawing
    shipments.py    SHIPMENTS: contracts, loading, completing, ships to sea and home
    turns.py        PLAYING A TURN: lead or draw, follow or draw, act, the next leader
    actions.py      CONTRACT, LOAD, PIRATE, SUPPLY
    importing.py    IMPORT: the leader's ship, secret bids, taking two cards
    scoring.py      ENDING THE GAME and SCORING
    information.py  what each player sees, queries, conservation, the RL action index
    text.py         canonical action text and the table for `show`
    powers.py       the goods' powers: when they run (events), the effects interpreter
    effects.py      the effects that change the table (credits, cards drawn and moved)
    choices.py      powers that ask a player (`choose WORD`)
    free.py         free actions and powers used at any time (`use CARD WORD`)
    bot.py          the greedy bot
    variants.py     the extended game and the expansions
    game.py         the Game object tying them together

The modules that run powers are layered: reading < harbor < powers < shipments < effects <
choices < free; game.py puts the effects vocabulary together.
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
