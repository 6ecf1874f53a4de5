"""Tom Jolly's Cargo (Wingnut Games 2004), for 2-4 players: a push puzzle on a dock.

The package follows the rulebook:
    state.py          what is on the table; its invariants and token counts
    components.py     the dock, the ships' loading spaces, the workers' M and P (content/cargo)
    set_up.py         SETUP: the rolls, choosing ships, crates at random, placing workers
    pushing.py        one step of a worker: move, push a row, pull; squishing; into the water
    playing.py        PLAYING: turns of up to 3 workers, workers coming back, crates put back
    scoring.py        SCORING SUMMARY and the end of the game
    view.py           what a seat sees (everything: the game is open) and the query paths
    text.py           canonical action text and the dock for `show`
    picture.py        the dock as SVG
    bots.py           the greedy bot, and the evaluation of a position for search bots
    observation.py    what a learning agent observes (text.py numbers the actions)
    speed.py          the speed caches (the dock's distances)
    hookspecs.py      the rule hooks; default_rules.py: the rulebook's answers (DefaultRules)
    variants.py       the faster four-player game
    game.py           the Game: wiring only (the verb -> (why_not_VERB, do_VERB) table RULES)
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
