"""Ship, Captain and Crew as a dockyard game shipped as its own package.

The package carries everything a game needs: the rules (`game.py`), the grammar of its actions
(`grammar/ship_captain_crew.lark`), its content and the content's JSON Schema
(`content/ship_captain_crew/`), and its tests (`tests/`, which run dockyard's generic suite).
dockyard finds it through the `dockyard` entry point in pyproject.toml.
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
