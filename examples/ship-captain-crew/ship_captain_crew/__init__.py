"""Ship, Captain and Crew as a dockyard game shipped as its own package.

The package carries everything a game needs: the rules (`game.py`), the grammar of its actions
(`grammar/ship_captain_crew.lark`), its content and the content's JSON Schema
(`content/ship_captain_crew/`), and its tests (`tests/`, which run dockyard's generic suite).
dockyard finds it through the `dockyard` entry point in pyproject.toml.
"""

from dockyard import GameInfo

# what `dockyard games` lists, read without importing the rules (game.py is imported only when
# the game is registered)
INFO = GameInfo(
    name="ship-captain-crew",
    title="Ship, Captain and Crew",
    summary="Roll for a ship, a captain and a crew, then for the best cargo (2-6 players)",
    min_players=2,
    max_players=6,
    package=__name__,
    game="game:ShipCaptainCrew",
)
describe_games, register_games, register_variants = INFO.hookimpls()
