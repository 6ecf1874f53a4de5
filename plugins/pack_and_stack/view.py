"""What a seat sees of Pack & Stack, and the values `expect` can check.

Everything is open except the order of the face-down draw pile (Game.sample_state deals it again
for a bot's look ahead): every seat sees the same `view`, no query needs hiding from anyone
(`hidden_query`: the Game's default, none), and no seat has secrets (`secrets`: none).
"""

from __future__ import annotations

from typing import Any

from .components import bit, parse_cell
from .load_truck import put_options
from .rounds import phase_name
from .score_points import empty_spaces, unloaded_cost
from .state import PackAndStackState

QUERY_PATHS = (
    ("points.P", "P's points"),
    ("truck.P", "the truck card P picked this round (none before)"),
    ("levels.P", "how many levels P's truck has"),
    ("front.P", "how many truck cards lie in front of P"),
    ("front.P.N", "the Nth truck card in front of P (from 1), or none"),
    ("empty.P", "how many white cubes would still fit onto P's truck"),
    ("unloaded.P", "what the pieces left in P's hand cost"),
    ("due.P", "empty spaces plus unloaded cost: what P pays this round"),
    ("loaded.P", "how many pieces are on P's truck"),
    ("paid.P", "what P paid this round (none before the bill)"),
    ("bill.P", "what P owes this round (none before the bill)"),
    ("bonus.P", "P's bonus this round (none before the bill)"),
    ("done.P", "true once P has finished loading this round"),
    ("hand.P", "how many pieces P holds"),
    ("hand.P.PIECE", "how many pieces of that kind P holds"),
    ("roll.P.PIECE", "P's die for that kind of piece this round"),
    ("placements.P.PIECE", "in how many ways a piece of that kind fits on P's truck now"),
    ("cell.P.CELL.LEVEL", "the kind of piece at that square and level (1-4) of P's truck"),
    ("supply.PIECE", "pieces of that kind left in the supply"),
    ("bank", "points left in the bank"),
    ("pile", "truck cards in the draw pile"),
    ("discard", "truck cards in the discard pile"),
    ("picked", "the players in the order their truck claims arrived"),
)


def view(state: PackAndStackState, viewer: int | None, game: str) -> dict[str, Any]:
    """The table as `viewer` sees it (None: a spectator), as JSON data; `game` is the game's name."""
    c = state.c
    players = []
    for seat, name in enumerate(state.players):
        truck = state.trucks[seat]
        bill = state.bills[seat]
        players.append(
            {
                "name": name,
                "points": state.points[seat],
                "hand": dict(state.hands[seat]),
                "roll": dict(state.rolls[seat]),
                "front": list(state.front[seat]),
                "truck": None
                if truck is None
                else {
                    "id": truck,
                    "levels": c.truck(truck).levels,
                    "area": list(c.truck(truck).area),
                },
                "load": [
                    {
                        "kind": p.kind,
                        "cell": p.place.cell,
                        "level": p.place.level,
                        "orientation": p.place.orientation,
                    }
                    for p in state.loads[seat]
                ],
                "empty_spaces": empty_spaces(state, seat),
                "unloaded_cost": unloaded_cost(state, seat),
                "acting": seat in state.flow.active,
                "last_scoring": None
                if bill is None
                else {
                    "empty": bill.empty,
                    "unloaded": bill.unloaded,
                    "paid": bill.paid,
                    "bonus": bill.bonus,
                },
            }
        )
    return {
        "game": game,
        "round": state.flow.round,
        "phase": phase_name(state),
        "over": state.flow.over,
        "you": None if viewer is None else state.players[viewer],
        "bank": state.bank,
        "draw_pile": len(state.pile),
        "discard_pile": list(state.discard),
        "supply": dict(state.supply),
        "players": players,
    }


def query(state: PackAndStackState, path: str) -> Any:
    """The value at `path` (QUERY_PATHS); KeyError for a path that names nothing."""
    parts = path.split(".")
    head, rest = parts[0], parts[1:]
    if not rest:
        simple = {
            "bank": state.bank,
            "pile": len(state.pile),
            "discard": len(state.discard),
            "picked": " ".join(state.players[s] for s in state.picked),
        }
        if head in simple:
            return simple[head]
        raise KeyError(path)
    if head == "supply" and len(rest) == 1 and rest[0] in state.supply:
        return state.supply[rest[0]]
    if rest[0] not in state.players:
        raise KeyError(path)
    seat = state.players.index(rest[0])
    more = rest[1:]
    bill = state.bills[seat]
    per_player: dict[str, Any] = {
        "points": lambda: state.points[seat],
        "truck": lambda: state.trucks[seat],
        "levels": lambda: _levels(state, seat),
        "front": lambda: len(state.front[seat]),
        "empty": lambda: empty_spaces(state, seat),
        "unloaded": lambda: unloaded_cost(state, seat),
        "due": lambda: empty_spaces(state, seat) + unloaded_cost(state, seat),
        "loaded": lambda: len(state.loads[seat]),
        "paid": lambda: None if bill is None else bill.paid,
        "bill": lambda: None if bill is None else bill.due,
        "bonus": lambda: None if bill is None else bill.bonus,
        "done": lambda: phase_name(state) == "load" and seat not in state.flow.active,
        "hand": lambda: sum(state.hands[seat].values()),
    }
    if not more and head in per_player:
        return per_player[head]()
    if head == "hand" and len(more) == 1 and more[0] in state.hands[seat]:
        return state.hands[seat][more[0]]
    if head == "roll" and len(more) == 1 and more[0] in state.c.kinds:
        return state.rolls[seat].get(more[0])
    if head == "front" and len(more) == 1 and more[0].isdigit():
        i = int(more[0]) - 1
        return state.front[seat][i] if 0 <= i < len(state.front[seat]) else None
    if head == "placements" and len(more) == 1 and state.c.piece(more[0]) is not None:
        return len(put_options(state, seat, more[0]))
    if head == "cell" and len(more) == 2 and more[1].isdigit():
        xy = parse_cell(more[0])
        if xy is None:
            raise KeyError(path)
        b = bit(xy[0], xy[1], int(more[1])) if 1 <= int(more[1]) <= 4 else 0
        return next((p.kind for p in state.loads[seat] if p.place.mask & b), None)
    raise KeyError(path)


def _levels(state: PackAndStackState, seat: int) -> int | None:
    truck = state.trucks[seat]
    return None if truck is None else state.c.truck(truck).levels
