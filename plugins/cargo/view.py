"""What a seat sees of Tom Jolly's Cargo: the view, and the answers to query paths.

Everything is open: no hidden query and no secrets (the crates are dealt face up once every ship
is chosen, see set_up.py)."""

from __future__ import annotations

from typing import Any

from .playing import phase
from .state import DOCTOR, GONE, UNPLACED, WATER, CargoState
from .text import ground_char


def view(state: CargoState, viewer: int | None, game: str) -> dict[str, Any]:
    """What a seat sees: everything (the game is open); `game` is the game's name."""
    c = state.c
    k = c.per_player
    squares: dict[str, Any] = {}
    for cell, crate in enumerate(state.crates):
        if crate is not None:
            squares[c.name(cell)] = {"crate": crate}
    for cell, men in enumerate(state.men):
        if men:
            squares[c.name(cell)] = {
                "workers": [
                    {"player": state.players[state.owner(w)], "worker": c.names[w % k]} for w in men
                ]
            }
    players = []
    for seat, name in enumerate(state.players):
        workers = range(seat * k, seat * k + k)
        players.append(
            {
                "name": name,
                "ship": state.ships[seat],
                "points": state.points[seat],
                "crates_on_dock": state.crates_left(seat) if state.ships[seat] else None,
                "front": list(state.front[seat]),
                "water": [c.names[w % k] for w in workers if state.pos[w] == WATER],
                "doctor": [
                    {"worker": c.names[w % k], "sits_out": state.waits.get(w, 0)}
                    for w in workers
                    if state.pos[w] == DOCTOR
                ],
                "out": [c.names[w % k] for w in workers if state.pos[w] == GONE],
                "to_place": [c.names[w % k] for w in workers if state.pos[w] == UNPLACED],
            }
        )
    active = state.flow.active
    return {
        "game": game,
        "phase": phase(state),
        "round": state.flow.round,
        "over": state.flow.over,
        "you": None if viewer is None else state.players[viewer],
        "map": [
            "".join(ground_char(state, y * c.width + x) for x in range(c.width))
            for y in reversed(range(c.height))
        ],
        "squares": dict(sorted(squares.items())),
        "players": players,
        "to_move": state.players[active[0]] if active and not state.flow.over else None,
        "moves_left": state.moves_left if phase(state) == "play" else None,
        "moved": [c.names[w % k] for w in state.moved],
        "returning": [c.names[w % k] for w in state.returning],
        "put_back": [{"crate": a, "ship": s} for a, s in state.aside],
    }


def query(state: CargoState, path: str) -> Any:
    """The answer to a query path (Cargo.query_paths lists them); KeyError if none."""
    c = state.c
    head, _, rest = path.partition(".")
    if not rest:
        laid_out = c.layout is not None
        rolled = laid_out or phase(state) == "play"
        simple = {
            "moves": state.moves_left,
            "aside": len(state.aside),
            "phase": phase(state),
            "first": None if laid_out else state.players[state.first_placer],
            "mover": state.players[state.first_mover] if rolled else None,
        }
        if head in simple:
            return simple[head]
        raise KeyError(path)
    if head in ("crate", "worker", "workers"):
        cell = c.cell(rest)
        if cell is None:
            raise KeyError(path)
        men = state.men[cell]
        if head == "crate":
            return state.crates[cell]
        if head == "workers":
            return len(men)
        return (
            "+".join(f"{state.players[state.owner(w)]}-{c.names[w % c.per_player]}" for w in men)
            or None
        )
    if rest not in state.players:
        raise KeyError(path)
    seat = state.players.index(rest)
    k = c.per_player
    workers = range(seat * k, seat * k + k)
    per_player = {
        "points": lambda: state.points[seat],
        "ship": lambda: state.ships[seat],
        "crates": lambda: state.crates_left(seat),
        "front": lambda: len(state.front[seat]),
        "water": lambda: sum(1 for w in workers if state.pos[w] == WATER),
        "doctor": lambda: sum(1 for w in workers if state.pos[w] == DOCTOR),
        "out": lambda: sum(1 for w in workers if state.pos[w] == GONE),
    }
    if head in per_player:
        return per_player[head]()
    raise KeyError(path)
