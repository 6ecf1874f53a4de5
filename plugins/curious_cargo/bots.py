"""A quick random policy for simulations: random, but the way a careless person plays.

Uniform choice over every legal action mostly picks one of the many tile placements and rarely
draws or ends a turn; this policy first picks what kind of thing to do, then a random legal
way of doing it, so games look like games and run fast. Every action it returns goes through
the same rules as any other (the session checks it).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from dockyard import Action

from .components import cell_name, parse_cell
from .facility import DIRECTIONS

if TYPE_CHECKING:
    from .game import CuriousCargo
    from .state import CargoState


def bot_action(game: CuriousCargo, state: CargoState, seat: int, rng: random.Random) -> Action:
    name = state.players[seat]
    decision = game._pending(state, seat)
    phase = game._phase(state)
    if decision is not None or phase == "card selection":
        return rng.choice(game.legal_actions(state, seat))
    player = state.seats[seat]
    if phase == "construction":
        turn = state.turn
        if turn.actions >= 1:
            tiles = list(dict.fromkeys(player.hand + [s[-1] for s in player.storage if s]))
            if tiles and rng.random() < 0.8:
                best = _best_placement(game, state, seat, tiles, rng)
                if best is not None:
                    return best
            if game.why_not_draw(state, seat) is None:
                return Action(name, "draw")
        if not turn.token_used and rng.random() < 0.5:
            for verb in ("boost",):
                if game.why_not_boost(state, seat) is None:
                    return Action(name, verb)
            splitters = [a for a in game.legal_actions(state, seat) if a.verb == "splitter"]
            if splitters:
                return rng.choice(splitters)
        return Action(name, "end")
    # trucking: prefer playing trucks onto one's own Shipping side when it can load
    legal = game.legal_actions(state, seat)
    plays = [a for a in legal if a.verb in ("play", "dispatch")]
    if plays and (state.turn.main == "trucks" or rng.random() < 0.85):
        if state.turn.must_spend or rng.random() < 0.9:
            return rng.choice(plays)
    others = [a for a in legal if a.verb in ("discard", "recycle")]
    if others and state.turn.main is None and rng.random() < 0.6:
        return rng.choice(others)
    if any(a.verb == "end" for a in legal):
        return Action(name, "end")
    return rng.choice(legal)


def _best_placement(
    game: CuriousCargo,
    state: CargoState,
    seat: int,
    tiles: list[str],
    rng: random.Random,
    tries: int = 10,
) -> Action | None:
    """The best of a few random legal placements, judged by how far lines run from docks and
    ports (a greedy builder: it finds connections where a uniform player never would)."""
    player = state.seats[seat]
    teal = sorted(player.facility.board.teal)
    best: tuple[int, Action] | None = None
    assert state.content is not None
    for _ in range(tries):
        tile = rng.choice(tiles)
        cell = cell_name(rng.choice(teal))
        direction = rng.choice(DIRECTIONS)
        if game.why_not_place(state, seat, tile, cell, direction) is not None:
            continue
        trial = player.facility.copy()
        trial.lay_tile(state.content.tile(tile), state.night, parse_cell(cell), direction)
        score = trial.progress() + rng.random()
        if best is None or score > best[0]:
            best = (score, Action(player.name, "place", (tile, cell, direction)))
    return best[1] if best else None
