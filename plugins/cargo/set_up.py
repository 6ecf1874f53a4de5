"""SETUP: a roll for who chooses first, ships chosen, crates placed at random, workers placed in
turn, then a second roll for who moves first.

The rulebook places the crates face down before the ships are chosen and turns them up after,
so nobody knows which crates are whose while choosing. Dealing them at random once every ship
is chosen gives every player exactly the same (lack of) knowledge and the same chances, and
keeps no hidden state: the crates are placed, seeded, on squares drawn from every dock square
but the four corners (`+` on the map).
"""

from __future__ import annotations

from dockyard import Action, Context, DockyardError, Rng, Setup
from dockyard.flow import FlowState, Phase, clockwise_from, end_turn, reveal, start

from .components import DOCK, LOADING, WATER, CargoDock
from .playing import phase, start_turn
from .state import GONE, UNPLACED, CargoState


def set_up(setup: Setup, ctx: Context) -> CargoState:
    """The table before the first choice: empty, then a layout's, or the first roll."""
    c: CargoDock = setup.content.built
    n = len(setup.players)
    state = CargoState(list(setup.players), Rng(setup.seed), FlowState(), parts=c)
    state.ships = [None] * n
    state.ground = list(c.squares)
    state.crates = [None] * len(c.squares)
    state.men = [()] * len(c.squares)
    state.pos = [UNPLACED] * (n * c.per_player)
    state.points = [0] * n
    state.front = [[] for _ in range(n)]
    state.in_box = n * c.crates[n]
    if c.layout is not None:
        lay_out(state, ctx)
    else:
        # "players roll a die to see who selects and places their pieces first"
        state.first_placer = roll(state, ctx)
        first = state.players[state.first_placer]
        ctx.emit("roll", first, f"{first} wins the roll: chooses a ship and places first")
    start(ctx.game, state, ctx)
    if phase(state) == "play":  # a layout starts in play
        start_turn(state, ctx)
    return state


def ships_order(state: CargoState) -> list[int]:
    if state.c.layout is not None:
        return []  # set up by hand: see `lay_out`
    return clockwise_from(lambda s: s.first_placer)(state)


def placing_order(state: CargoState) -> list[int]:
    """ "each player (starting with the first player) takes turns placing their dock-workers"
    one at a time, until all seven of each are placed."""
    return ships_order(state) * state.c.per_player


# ---- choosing ships ----------------------------------------------------------------------


def free_ships(state: CargoState) -> list[str]:
    return [s for s in state.c.ships if s not in state.ships]


def legal_choices(state: CargoState, seat: int) -> list[Action]:
    return [Action(state.players[seat], "choose", (s,)) for s in free_ships(state)]


def why_not_choose(state: CargoState, seat: int, ship: str) -> str | None:
    if ship not in state.c.ships:
        return f"there is no {ship} ship (ships: {', '.join(state.c.ships)})"
    if ship in state.ships:
        taken = state.players[state.ships.index(ship)]
        return f"{taken} has already chosen the {ship} ship"
    return None


def do_choose(state: CargoState, seat: int, ship: str, ctx: Context) -> None:
    state.ships[seat] = ship
    name = state.players[seat]
    ctx.emit("ship", name, f"{name} chooses the {ship} ship and plays {ship}", ship=ship)
    end_turn(ctx.game, state, ctx, seat)


def deal_crates(state: CargoState, ctx: Context) -> None:
    """After the ships are chosen: loading spaces of ships nobody took are water, and each
    player's crates lie on squares drawn at random."""
    c = state.c
    if c.layout is not None:
        return
    taken_ships(state)
    n = len(state.players)
    count = c.crates[n]
    squares = [i for i, s in enumerate(c.squares) if s == DOCK and i not in c.no_crates]
    chosen = state.rng.sample(squares, count * n)
    reveal(state)
    for i, cell in enumerate(chosen):  # the first `count` squares the first seat's, and so on
        state.crates[cell] = state.ships[i // count]
    state.dealt = dict.fromkeys(state.ships, count)  # type: ignore[arg-type]
    state.in_box = 0
    ctx.emit("crates", None, f"{count} crates of each color are placed on the dock at random")


# ---- placing workers ---------------------------------------------------------------------


def taken_ships(state: CargoState) -> None:
    """Loading spaces of ships nobody took are water in this game."""
    c = state.c
    state.ground = [
        WATER if s == LOADING and c.ship_at[cell] not in state.ships else s
        for cell, s in enumerate(c.squares)
    ]


def lay_out(state: CargoState, ctx: Context) -> None:
    """The table a layout (content layout.json) sets up, instead of the rulebook's setup."""
    c = state.c
    layout = c.layout
    assert layout is not None
    n = len(state.players)
    if len(layout.ships) != n:
        raise DockyardError(
            f"the layout in the content is for {len(layout.ships)} players, not {n}"
        )
    state.ships = list(layout.ships)
    taken_ships(state)
    for cell, color in layout.crates:
        state.crates[cell] = color
    for color, points in layout.points:
        state.points[layout.ships.index(color)] = points
    for color, crate in layout.front:
        state.front[layout.ships.index(color)].append(crate)
    placed = [crate for _, crate in layout.crates] + [crate for _, crate in layout.front]
    state.dealt = {ship: placed.count(ship) for ship in layout.ships}
    state.in_box = 0
    k = c.per_player
    for cell, color, name, count in layout.workers:
        seat = layout.ships.index(color)
        free = [
            w
            for w in range(seat * k, seat * k + k)
            if c.names[w % k] == name and state.pos[w] == UNPLACED
        ]
        for w in free[:count]:
            state.pos[w] = cell
            state.men[cell] = state.men[cell] + (w,)
    state.pos = [GONE if p == UNPLACED else p for p in state.pos]
    state.first_mover = layout.ships.index(layout.to_move)
    ctx.emit("layout", None, "the table is set up as the content's layout says")


def roll_first_mover(state: CargoState, ctx: Context) -> None:
    """ "ROLL AGAIN TO SEE WHO MOVES FIRST. Turns rotate to the left (clockwise)." """
    if state.c.layout is not None:
        return
    state.first_mover = roll(state, ctx)
    name = state.players[state.first_mover]
    ctx.emit("roll", name, f"{name} wins the roll and moves first", seat=state.first_mover)


def roll(state: CargoState, ctx: Context) -> int:
    """ "players roll a die": each rolls, in seat order; the highest wins, and the tied roll
    again. The dice come from the content's dice.json while it has any (a referee's fixed
    roll), then from the seeded generator. Returns the winner's seat."""
    fixed = state.c.dice
    rolling = list(range(len(state.players)))
    while True:
        dice: dict[int, int] = {}  # seat: die
        for seat in rolling:
            if state.dice_used < len(fixed):
                dice[seat] = fixed[state.dice_used]
                state.dice_used += 1
            else:
                dice[seat] = state.rng.randint(1, 6)
                reveal(state)
        said = ", ".join(f"{state.players[s]} {d}" for s, d in dice.items())
        ctx.emit("dice", None, f"the dice: {said}", dice=dice)
        top = max(dice.values())
        rolling = [s for s, d in dice.items() if d == top]
        if len(rolling) == 1:
            (winner,) = rolling
            return winner


SHIPS = Phase("ships", ships_order, end=deal_crates, once=True)
WORKERS = Phase("workers", placing_order, end=roll_first_mover, once=True)
