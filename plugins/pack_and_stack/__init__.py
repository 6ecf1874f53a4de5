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

from dockyard import hookimpl

from . import about

# The rules are imported only when the game is registered: `dockyard games` lists it from
# about.py (describe_games) without them.


@hookimpl
def describe_games(describe):
    about.describe(describe)


@hookimpl
def register_games(register):
    from .game import PackAndStack

    register(PackAndStack())
