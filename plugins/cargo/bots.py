"""The greedy bot: push your crates home and everyone else's into the sea.

Each legal action is tried on a copy of the squares and valued by the points it makes at once
plus a little for the position it leaves: your crates near a loading space of your ship, other
players' crates near the water and far from their ships, your workers near squares to push
(or pull) from; one move in ten is made at random, so that a dock where no single move gains
still changes. Crates
put back go where their owner has the farthest to push them; workers come back next to your
crates. Ties are broken by the bot's own random generator, so a seed gives one game.
"""

from __future__ import annotations

import math
import random

from dockyard import Action

from .components import DIRECTIONS, OFF, OPPOSITE, CargoDock
from .playing import PUT_BACK, legal_moves, legal_places, movers, phase, step_words
from .pushing import perform, resolve
from .set_up import legal_choices
from .speed import distances, manhattan
from .state import CargoState

# A share of moves made at random: a greedy player alone can stand still for ever once no
# single move gains (a crate stuck in a corner, workers guarding each other's crates).
WANDER = 0.1


def bot_action(state: CargoState, seat: int, rng: random.Random) -> Action:
    pending = state.flow.pending
    if pending and pending[-1].kind == PUT_BACK:
        return _best(legal_places(state, seat), rng, lambda a: _put_back_value(state, a))
    now = phase(state)
    if now == "ships":
        return rng.choice(legal_choices(state, seat))
    if now == "workers" or state.returning:
        return _best(legal_places(state, seat), rng, lambda a: _near_crates(state, seat, a))
    moves = legal_moves(state, seat)
    if len(moves) > 1 and rng.random() < WANDER:
        return rng.choice(moves[:-1])  # not `done`
    base = (position(state, seat, state.crates), _spots(state, seat, state.crates))
    return _best(moves, rng, lambda a: _move_value(state, seat, a, base))


def _best(actions: list[Action], rng: random.Random, value: object) -> Action:
    scored = [(value(a), a) for a in actions]  # type: ignore[operator]
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])


def position(state: CargoState, seat: int, crates: list[str | None]) -> float:
    """Your crates near home and away from the water; the others' the other way round."""
    home, to_water = distances(state.c)
    mine = state.ships[seat]
    value = 0.0
    for cell, crate in enumerate(crates):
        if crate is None:
            continue
        if crate == mine:
            value += 2.0 / (1 + home[crate][cell]) - 0.3 / (1 + to_water[cell])
        else:
            value += 0.4 / (1 + to_water[cell]) - 1.0 / (1 + home[crate][cell])
    return value


def _spots(state: CargoState, seat: int, crates: list[str | None]) -> list[int]:
    """Squares to push from: behind a crate of yours, toward your ship, or behind another
    player's crate, toward the water."""
    c = state.c
    home, to_water = distances(c)
    mine = state.ships[seat]
    ground = state.ground
    out = []
    for cell, crate in enumerate(crates):
        if crate is None:
            continue
        far = home[crate] if crate == mine else to_water
        for d in DIRECTIONS:
            ahead = c.neighbors[d][cell]
            spot = c.neighbors[OPPOSITE[d]][cell]
            if ahead == OFF or far[ahead] >= far[cell]:
                continue
            if spot != OFF and ground[spot] <= 1:
                out.append(spot)  # push from behind
            if ground[ahead] <= 1 and crate == mine:
                out.append(ahead)  # or pull from in front (a Mule, an Elephant)
    return out


def _reach(c: CargoDock, cell: int, spots: list[int]) -> int:
    return min((manhattan(c, cell, s) for s in spots), default=0)


def _move_value(
    state: CargoState, seat: int, action: Action, base: tuple[float, list[int]]
) -> float:
    if action.verb != "move":
        return -0.01  # rather move than stop, so a quiet dock still changes
    name, cell, count, steps = action.args
    group = movers(state, seat, name, cell, count)
    assert not isinstance(group, str)
    c = state.c
    crates, men = list(state.crates), list(state.men)
    start = at = state.pos[group[0]]
    gain = 0.0
    mine = state.ships[seat]
    points = c.points
    k = c.per_player
    for text in steps:
        pull, direction = step_words(text)
        step = resolve(c, state.ground, crates, men, group, at, direction, pull)
        assert not isinstance(step, str)
        landing = perform(c, state.ground, c.ship_at, crates, men, step)
        at = step.to
        for crate in landing.in_sea:
            gain += points["own_crate_in_sea" if crate == mine else "opponent_crate_in_sea"]
        for crate, ship in landing.loaded:
            if crate == ship == mine:
                gain += points["own_crate_loaded"]
            elif crate == ship:
                gain -= points["own_crate_loaded"]  # a gift to its owner
        for w in step.squished:
            own = w // k == seat
            gain += points["own_dockhand_squished" if own else "opponent_dockhand_squished"]
        gain -= 0.2 * sum(1 for w in landing.in_water if w // k == seat)
    before, spots = base
    gain += position(state, seat, crates) - before
    if crates != state.crates:
        spots = _spots(state, seat, crates)
    return gain - 0.1 * (_reach(c, at, spots) - _reach(c, start, base[1]))


def _put_back_value(state: CargoState, action: Action) -> float:
    """An opponent's crate: as far from its ship as possible, and near the water."""
    color, square = action.args
    cell = state.c.cell(square)
    assert cell is not None
    home, to_water = distances(state.c)
    return home[color][cell] - 0.5 * to_water[cell]


def _near_crates(state: CargoState, seat: int, action: Action) -> float:
    cell = state.c.cell(action.args[1])
    assert cell is not None
    mine = state.ships[seat]
    own = [i for i, crate in enumerate(state.crates) if crate == mine]
    if not own or cell == OFF:
        return 0.0
    return -min(manhattan(state.c, cell, o) for o in own)


def evaluate(state: CargoState) -> list[float]:
    """Each seat's chance of winning: a softmax of points plus the greedy bot's reading of
    where the crates stand."""
    values = [
        state.points[seat] + position(state, seat, state.crates) if state.ships[seat] else 0.0
        for seat in range(len(state.players))
    ]
    top = max(values)
    weights = [math.exp((v - top) / 2.0) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
