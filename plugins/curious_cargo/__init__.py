"""Curious Cargo (Ryan Courtney, Capstone Games 2020), with its 3-color variant and house rules.

Modules follow the rulebook, with the names every game uses for the same ideas:

    state.py            the State (plain data), component counts and invariants
    components/         the printed parts (frozen, parts.py) and build(content) (builder.py,
                        one checker per kind of document: check_boards, check_pieces, ...)
    set_up.py           SETUP (set_up), and the card selection of setup step 9 (keep)
    rounds.py           turn order, Trading Tokens, ending a turn, End of Phase Cleanup
    construction.py     CONSTRUCTION PHASE: draw, place, boost, splitter
    tiles.py            Playing a Conveyor Tile: how a tile lies (pure geometry)
    facility.py         player boards, Scaffolding, Active Connections
    trucking.py         TRUCKING PHASE: play, discard, recycle, dispatch, load
    loading.py          Playing Trucks and Movement, Loading and Unloading
    bonuses.py          BONUSES, Bonus Tokens, the Turn Order track
    scoring.py          END GAME TRIGGERS, DETERMINING A WINNER
    view.py             what a seat sees (view), expect queries, secrets
    text.py             action text, the RL action index, show and show tile
    picture.py          SVG pictures (picture_facility.py: a facility)
    observation.py      what a learning agent observes (numbers laid out by the rulebook)
    bots.py             the bots (quick_policy.py, heuristic.py) and the search's evaluation
    hookspecs.py        every rule a house rule can change; default_rules.py the rulebook's
    variants.py         house rules; the 3-color variant has a module of its own beside it
                        (a plugin on the hooks: the base rules never name it)
    speed.py            every cache, each keyed on all it depends on
    game.py             the Game, wiring only: RULES (verb -> the module functions
                        why_not_<verb>, do_<verb>), PHASES, and methods that delegate to the
                        modules above

Every rule is a pair of module functions in the module of its rulebook section,
`why_not_X(state, seat, *args)` and `do_X(state, seat, *args, ctx)`; the rule hooks are asked
only as `ctx.hook` (plugins/README.md, "One rule convention").
"""

from dockyard import GameInfo

INFO = GameInfo.read(__name__)  # game.toml
describe_games, register_games, register_variants = INFO.hookimpls()
