"""Pack & Stack (Bernd Eisenstein; first published as Zack & Pack, Kosmos 2008), for 3-6 players.

The model of a game's layout: the same idea has the same file name in every game, and a rule is
found by its rulebook name. A rule is a pair of module functions in the module of its phase:
`why_not_<verb>(state, seat, *args)` (None when legal, else the one-sentence reason) and
`do_<verb>(state, seat, *args, ctx)` (resolve it, tell it as events), with `legal_<verb>`
listing the legal actions. The package follows the rulebook:
    state.py          what is on the table (plain data); token_counts and invariants
    components.py     the box: wooden pieces, special dice, truck cards, point markers (content/)
    set_up.py         setting up: the draw pile, the supply, each player's points, the bank
    rounds.py         a round's four phases, in order, and which verbs each phase allows
    receive_load.py   1. Receive load: return last round's pieces and trucks, roll the dice
    pick_a_truck.py   2. Pick a truck: deal face up; claim a card of another player or the pile
                      top (legal_claim, why_not_claim, do_claim)
    load_truck.py     3. Load truck: put and remove pieces on white squares, no overhang, then
                      done (legal_put, legal_remove; why_not_/do_ put, remove, done)
    score_points.py   4. Score points: pay for empty space and unloaded pieces, the bonus, the
                      end of the game and the winner
    hookspecs.py      the rule hooks house rules answer: trucks dealt each, the bonus
    default_rules.py  the rulebook's answers to them (DefaultRules)
    view.py           what a seat sees (everything but the draw pile's order), `expect` queries
    text.py           canonical action text, `show` pictures in text, the RL action space
    picture.py        the table as SVG
    bots.py           the game's bot: pick the truck the hand fits best, pack greedily
    speed.py          every cache, keyed on all it depends on (placements, put actions)
    game.py           the Game: wiring only (RULES: verb -> (why_not_<verb>, do_<verb>))
It has no variants (so no variants.py).
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
