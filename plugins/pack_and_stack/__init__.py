"""Pack & Stack (Bernd Eisenstein; first published as Zack & Pack, Kosmos 2008), for 3-6 players.

The package follows the rulebook:
    components.py     the box: wooden pieces, special dice, truck cards, point markers (content/)
    rounds.py         a round's four phases, in order
    receive_load.py   1. Receive load: return last round's pieces and trucks, roll the dice
    pick_a_truck.py   2. Pick a truck: deal face up, claim a card of another player or the pile top
    load_truck.py     3. Load truck: put and remove pieces on white squares, no overhang, then done
    score_points.py   4. Score points: pay for empty space and unloaded pieces, bonus, game end
    text.py           canonical action text and `show` pictures
    bot.py            the greedy loading helper bots use
    game.py           the Game object tying them together
"""

from __future__ import annotations

from dockyard import GameInfo

# What `dockyard games` says of the game, read without importing its rules (listing stays quick):
# the rules are imported only when the game is registered.
INFO = GameInfo(
    name="pack-and-stack",
    title="Pack & Stack",
    summary="Roll for wooden pieces, grab a truck, stack it full: empty space and leftovers cost points",
    min_players=3,
    max_players=6,
    package=__name__,
    game="game:PackAndStack",
)
describe_games, register_games, register_variants = INFO.hookimpls()
