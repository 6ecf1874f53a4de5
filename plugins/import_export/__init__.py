"""Import / Export (Jordan Draper, Dark Flight Games 2016), for 2-6 players.

The package follows the rulebook; each rule is a pair `why_not_X` (None, or why not in one
sentence) / `do_X`, in the module named for its section, and game.py's RULES names every verb's
pair:
    components.py    the box: 100 goods cards, harbors and ships, payouts, credits (content/)
    state.py         what is on the table
    set_up.py        SETTING UP (and a table set up by hand: `arrange`)
    reading.py       YOUR HARBOR's limits and tiers, and what powers read (conditions, counts)
    harbor.py        YOUR HARBOR: credits, drawing
    shipments.py     SHIPMENTS: contracts, loading, completing, ships to sea and home, discarding
    playing_a_turn.py  PLAYING A TURN: lead or draw, follow or draw, act, the next leader
    contract.py      CONTRACT
    load.py          LOAD
    importing.py     IMPORT: the leader's ship, secret bids, taking two cards
    pirate.py        PIRATE
    supply.py        SUPPLY: selling to and taking from the supply island
    scoring.py       ENDING THE GAME and SCORING
    powers.py        the GOODS APPENDIX's powers: when they run (events), the effects interpreter
    effects.py       the effects that change the table (credits, cards drawn and moved)
    choices.py       powers that ask a player (`choose WORD`), powers used at any time (`use`)
    free.py          free actions, and the effects that act like actions (contract, copy...)
    vocabulary.py    the effects vocabulary: every word a card's powers may say, one table
    legality.py      what a player may play now (legal actions), and why not another
    view.py          what each player sees, queries, secrets, conservation, the RL action index
    text.py          canonical action text, the table for `show`, cards in words
    picture.py       the table as an SVG picture
    bots.py          the greedy bot
    hookspecs.py     the extension point: named effects in Python (no rulebook answer behind
                     it, so no default_rules.py)
    variants.py      the extended game and the expansions
    speed.py         the one cache (a session's named effects)
    game.py          the Game: wiring only

The modules that run powers are layered: reading < harbor < powers < shipments < effects <
choices < free < vocabulary; the box carries the vocabulary to the interpreter (powers.run).
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
