"""Tom Jolly's Cargo (Wingnut Games 2004), for 2-4 players: a push puzzle on a dock.

The package follows the rulebook:
    components.py   the dock, the ships' loading spaces, the workers' M and P (content/cargo)
    setting_up.py   SETUP: the rolls, choosing ships, crates at random, placing workers
    pushing.py      one step of a worker: move, push a row, pull; squishing; into the water
    playing.py      PLAYING: turns of up to 3 workers, workers coming back, crates put back
    scoring.py      SCORING SUMMARY and the end of the game
    text.py         canonical action text and the dock for `show`
    picture.py      the dock as SVG
    bot.py          the greedy bot
    variants.py     the faster four-player game
    game.py         the Game object tying them together
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
