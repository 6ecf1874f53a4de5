"""Tom Jolly's Cargo as text: canonical action lines and the dock drawn for `show`.

On the board a crate is its color's letter in brackets, `[R]`; a worker is its owner's color
letter and its kind's letter, `Rm` (red's Mule); Dockhands show how many, `R2d`, and `*3d` when
several players' share the square. `r` marks an empty loading space of the red ship, `~` water
and `=` the unused ramp.
"""

from __future__ import annotations

import itertools
from typing import Any

from dockyard import Action
from dockyard.game import Tuples

from .components import COLUMNS, DIRECTIONS, DOCK, LOADING
from .playing import DONE
from .state import DOCTOR, GONE, UNPLACED, WATER, CargoState

TOPICS = ("board", "players")


def format_action(action: Action) -> str:
    a = action.args
    if action.verb == "move" and len(a) == 4:
        name, cell, count, steps = a
        who = name if count == 1 else f"{count} {name}s"
        where = "" if cell is None else f" {cell}"
        return f"{action.player}: move {who}{where} {' '.join(steps)}"
    return str(action)


def legal_group(action: Action) -> str:
    """A long `legal` list groups moves by worker (`move mule`, `move 2 dockhands c4`),
    places by piece (`place mule`, `place blue`)."""
    if action.verb == "move":
        name, cell, count, _ = action.args
        who = name if count == 1 else f"{count} {name}s"
        return f"move {who}" + ("" if cell is None else f" {cell}")
    if action.verb == "place":
        return f"place {action.args[0]}"
    return action.verb


def action_from_tree(verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
    if verb == "move":
        count = 1
        if args and str(args[0]).isdigit():
            count = int(args.pop(0))
        name = str(args.pop(0))
        cell = None
        if args and str(args[0])[1:].isdigit():
            cell = str(args.pop(0))
        if count > 1 and name.endswith("s"):
            name = name[:-1]  # `2 dockhands`
        steps = tuple(" ".join(str(step).split()) for step in args)  # `pull east`
        return verb, (name, cell, count, steps)
    return verb, tuple(str(a) for a in args)


def letter(color: str | None) -> str:
    return (color or "?")[:1].upper()


def square_text(state: CargoState, cell: int) -> str:
    c = state.c
    crate = state.crates[cell]
    if crate is not None:
        return f"[{letter(crate)}]"
    men = state.men[cell]
    if men:
        k = c.per_player
        owners = {state.owner(w) for w in men}
        kind = c.kinds[men[0] % k]
        who = letter(state.ships[owners.pop()]) if len(owners) == 1 else "*"
        count = str(len(men)) if len(men) > 1 else ""
        return f"{who}{count}{kind.letter}".ljust(3)
    ch = ground_char(state, cell)
    return f" {ch.lower()} "


def ground_char(state: CargoState, cell: int) -> str:
    """A square of the map as the dock file writes it: `.` dock, a ship's letter for a
    loading space in play, `=` the ramp, `~` water."""
    c = state.c
    ground = state.ground[cell] if state.ground else c.squares[cell]
    if ground == DOCK:
        return "."
    if ground == LOADING:
        return letter(c.ship_at[cell])
    return "=" if cell in c.ramp else "~"


def board_lines(state: CargoState) -> list[str]:
    c = state.c
    out = []
    for y in reversed(range(c.height)):
        row = "".join(square_text(state, y * c.width + x) for x in range(c.width))
        out.append(f"{y + 1:>2} {row}")
    out.append("   " + "".join(f" {COLUMNS[x]} " for x in range(c.width)))
    return out


def player_lines(state: CargoState) -> list[str]:
    c = state.c
    k = c.per_player
    out = []
    for seat, name in enumerate(state.players):
        ship = state.ships[seat]
        if ship is None:
            out.append(f"{name}: no ship yet")
            continue
        away = []
        for w in range(seat * k, seat * k + k):
            pos, worker = state.pos[w], c.names[w % k]
            if pos == WATER:
                away.append(f"{worker} in the water")
            elif pos == DOCTOR:
                away.append(f"{worker} at the Doctor")
            elif pos == GONE:
                away.append(f"{worker} out of the game")
        unplaced = sum(1 for w in range(seat * k, seat * k + k) if state.pos[w] == UNPLACED)
        if unplaced:
            away.append(f"{unplaced} worker{'s' * (unplaced != 1)} to place")
        pts = state.points[seat]
        crates = (
            "crates not on the dock yet"
            if state.in_box
            else (
                f"{state.crates_left(seat)} crates on the dock, {len(state.front[seat])} in front"
            )
        )
        line = f"{name} ({ship}, {letter(ship)}): {pts} point{'s' * (abs(pts) != 1)}, {crates}"
        out.append(line + (f"; {', '.join(away)}" if away else ""))
    return out


def render(state: CargoState, topic: str = "") -> str:
    lines: list[str] = []
    if topic in ("", "board"):
        lines += board_lines(state)
    if topic in ("", "players"):
        lines += player_lines(state)
        if state.flow.over is None and state.flow.active and state.ground:
            seat = state.flow.active[0]
            if state.moves_left and state.flow.phase == 2:
                lines.append(
                    f"{state.players[seat]} may move {state.moves_left} more worker"
                    f"{'s' * (state.moves_left != 1)}"
                )
        if state.aside:
            lines.append(
                "to put back: "
                + ", ".join(f"{a} crate (from the {s} ship)" for a, s in state.aside)
            )
    return "\n".join(lines)


def well_typed(verb: str, args: tuple[Any, ...]) -> bool:
    """The arguments have the shapes `action_from_tree` makes (an API caller's may not)."""
    if verb == "choose":
        return len(args) == 1 and isinstance(args[0], str)
    if verb == "place":
        return len(args) == 2 and all(isinstance(a, str) for a in args)
    if verb == "move":
        if len(args) != 4:
            return False
        name, cell, count, steps = args
        return (
            isinstance(name, str)
            and (cell is None or isinstance(cell, str))
            and isinstance(count, int)
            and not isinstance(count, bool)
            and count >= 1
            and isinstance(steps, tuple)
            and all(isinstance(s, str) and _step_ok(s) for s in steps)
        )
    return not args


def _step_ok(text: str) -> bool:
    words = text.split(" ")
    return words[-1] in DIRECTIONS and words[:-1] in ([], ["pull"])


def action_space(state: CargoState) -> list[tuple[Any, ...]]:
    """Every action that may ever be legal, for the RL action index (dockyard.interop):
    choose (each ship), place (each worker name and crate color, each square), move (each
    worker with each list of steps; stacking workers also with each square and number),
    done."""
    c = state.c
    squares = [c.name(i) for i in range(len(c.squares))]
    moves: list[tuple[Any, ...]] = []
    for name in dict.fromkeys(c.names):
        kind = c.kinds[c.names.index(name)]
        words = list(DIRECTIONS) + ([f"pull {d}" for d in DIRECTIONS] if kind.pull else [])
        steps = [seq for n in range(1, kind.move + 1) for seq in itertools.product(words, repeat=n)]
        if kind.stacks:
            most = min(kind.count, c.moves_per_turn)
            moves += [
                (name, sq, n, seq) for sq in squares for n in range(1, most + 1) for seq in steps
            ]
        else:
            moves += [(name, None, 1, seq) for seq in steps]
    pieces = list(dict.fromkeys(c.names)) + list(c.ships)
    return [
        ("choose", list(c.ships)),
        ("place", pieces, squares),
        ("move", Tuples(moves)),
        (DONE,),
    ]
