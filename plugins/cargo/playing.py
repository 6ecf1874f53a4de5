"""PLAYING: a turn moves up to 3 different workers, each finishing its action before the next
(the first player moves 1 on the first turn, the second player 2).

- `move WORKER STEP...`: up to M steps (see pushing.py); Dockhands on one square may move
  together (`move 2 dockhands c4 east`), each counting as one of the turn's workers.
- `done`: the turn ends early (it ends by itself once the last worker has moved).
- At the start of a player's turn their workers in the water come back (`place WORKER
  SQUARE`) onto a loading space of their own ship, before anything else. A Dockhand at the
  Doctor, once it has sat out a turn, "may" come back onto any square along the edge of the
  dock: at any moment of its owner's turn (before, between or instead of moves), or in a later
  turn; not bringing it back is declining (`done`, or just moving others). Coming back is not
  one of the turn's workers.
- At the end of a turn every crate that landed on a loading space of another color's ship is
  put back on the dock by that ship's captain (`place COLOR SQUARE`), the player whose turn it
  was first, then clockwise: a decision of that player in the middle of someone's turn. It is
  not declined: the "may" is where it goes ("anywhere you wish").
"""

from __future__ import annotations

from typing import Any

from dockyard import Action, Context, Decision
from dockyard.flow import Phase, clockwise_from, end_turn, pop, push
from dockyard.words import with_article

from .components import DIRECTIONS, DOCK, LOADING, OFF
from .pushing import Step, perform, resolve, stacks_with
from .scoring import game_end, score_landing, send_away
from .state import DOCTOR, UNPLACED, WATER, CargoState

PUT_BACK = "put-back"
DONE = "done"


def phase(state: CargoState) -> str:
    return ("ships", "workers", "play")[state.flow.phase]


# "ROLL AGAIN TO SEE WHO MOVES FIRST. Turns rotate to the left (clockwise)."
PLAY = Phase("play", clockwise_from(lambda s: s.first_mover), check_end=False)


# ---- moving workers ------------------------------------------------------------------------


def unmoved(state: CargoState, seat: int, name: str, at: int) -> list[int]:
    """`seat`'s workers called `name` on square `at` that have not moved this turn."""
    k = state.c.per_player
    own = (seat * k + i for i in state.c.worker_indexes(name))
    return [w for w in own if state.pos[w] == at and w not in state.moved]


def movers(state: CargoState, seat: int, name: str, cell: str | None, count: int) -> Any:
    """The workers `move NAME [CELL]` names (a tuple), or why there are none (a str)."""
    c = state.c
    k = c.per_player
    indexes = c.worker_indexes(name)
    if not indexes:
        return f"there is no worker called {name} (workers: {', '.join(dict.fromkeys(c.names))})"
    kind = c.kinds[indexes[0]]
    own = [seat * k + i for i in indexes]
    if kind.stacks:
        at = None if cell is None else c.cell(cell)
        if at is None:
            return f"say where the {name}s are: move {name} c4 east"
        fresh = unmoved(state, seat, name, at)
        if len(fresh) < count:
            here = sum(1 for w in own if state.pos[w] == at)
            moved = f" ({here - len(fresh)} moved already)" if here > len(fresh) else ""
            return f"you have {len(fresh)} {name}s to move on {cell}{moved}, not {count}"
        return tuple(fresh[:count])
    if cell is not None or count != 1:
        return f"the {name} moves alone: move {name} east"
    w = own[0]
    if state.pos[w] < 0:
        return f"your {name} is not on the dock ({_away(state.pos[w])})"
    if w in state.moved:
        return f"your {name} has already moved this turn"
    return (w,)


def _away(pos: int) -> str:
    return {WATER: "in the water", DOCTOR: "at the Doctor", UNPLACED: "not placed"}.get(
        pos, "out of the game"
    )


def why_not_move(
    state: CargoState, seat: int, name: str, cell: str | None, count: int, steps: tuple[str, ...]
) -> str | None:
    if phase(state) != "play":
        return "workers move once everyone's are placed"
    if rescued(state):
        return f"first bring back your {returning_text(state, rescued(state))} from the water"
    group = movers(state, seat, name, cell, count)
    if isinstance(group, str):
        return group
    if count > state.moves_left:
        left = state.moves_left
        return f"you may move {left} more worker{'s' * (left != 1)} this turn, not {count}"
    c = state.c
    most = min(c.kinds[w % c.per_player].move for w in group)
    if not 1 <= len(steps) <= most:
        return f"the {name} moves {most} square{'s' * (most != 1)}, not {len(steps)}"
    crates, men = list(state.crates), list(state.men)
    at = state.pos[group[0]]
    for i, text in enumerate(steps):
        pull, direction = step_words(text)
        done = resolve(c, state.ground, crates, men, group, at, direction, pull)
        if isinstance(done, str):
            return done if len(steps) == 1 else f"step {i + 1} ({text}): {done}"
        if i + 1 < len(steps):
            perform(c, state.ground, c.ship_at, crates, men, done)
            at = done.to
    return None


def step_words(text: str) -> tuple[bool, str]:
    pull, _, direction = text.rpartition(" ")
    return pull == "pull", direction


def legal_moves(state: CargoState, seat: int) -> list[Action]:
    """Every legal `move`, worker by worker, then `done`."""
    c = state.c
    k = c.per_player
    player = state.players[seat]
    out: list[Action] = []
    seen: set[tuple[str, int]] = set()
    for w in range(seat * k, seat * k + k):
        at = state.pos[w]
        if at < 0 or w in state.moved:
            continue
        name, kind = c.names[w % k], c.kinds[w % k]
        if kind.stacks:
            if (name, at) in seen:
                continue
            seen.add((name, at))
            fresh = unmoved(state, seat, name, at)
            sizes = range(1, min(len(fresh), state.moves_left) + 1)
            groups: list[tuple[tuple[int, ...], str | None, int]] = [
                (tuple(fresh[:n]), c.name(at), n) for n in sizes
            ]
        else:
            groups = [((w,), None, 1)]
        for group, cell, n in groups:
            if n > state.moves_left:
                continue
            for steps in _step_lists(state, group, at, kind.move, kind.pull > 0):
                out.append(Action(player, "move", (name, cell, n, steps)))
    out.append(Action(player, DONE, ()))
    return out


def _step_lists(
    state: CargoState, group: tuple[int, ...], at: int, most: int, pulls: bool
) -> list[tuple[str, ...]]:
    c = state.c
    found: list[tuple[str, ...]] = []
    words = [(False, d) for d in DIRECTIONS]
    if pulls:
        words += [(True, d) for d in DIRECTIONS]

    def walk(
        crates: list[str | None], men: list[tuple[int, ...]], here: int, done: tuple[str, ...]
    ) -> None:
        for pull, direction in words:
            step = resolve(c, state.ground, crates, men, group, here, direction, pull)
            if isinstance(step, str):
                continue
            text = done + (f"pull {direction}" if pull else direction,)
            found.append(text)
            if len(text) < most:
                crates2, men2 = list(crates), list(men)
                perform(c, state.ground, c.ship_at, crates2, men2, step)
                walk(crates2, men2, step.to, text)

    walk(state.crates, state.men, at, ())
    return found


def do_move(
    state: CargoState,
    seat: int,
    name: str,
    cell: str | None,
    count: int,
    steps: tuple[str, ...],
    ctx: Context,
) -> None:
    group = movers(state, seat, name, cell, count)
    assert not isinstance(group, str)
    c = state.c
    for text in steps:
        pull, direction = step_words(text)
        step = resolve(
            c, state.ground, state.crates, state.men, group, state.pos[group[0]], direction, pull
        )
        assert isinstance(step, Step)
        _announce(state, seat, step, ctx)
        landing = perform(c, state.ground, c.ship_at, state.crates, state.men, step)
        for w, to in landing.moved:
            state.pos[w] = to
        send_away(state, seat, landing, step.squished, ctx.hook, ctx)
        score_landing(state, seat, landing, ctx)
    state.moved.extend(group)
    state.moves_left -= count
    ending = game_end(state)
    if ending is not None:
        state.flow.over = ending
        ctx.emit("game-over", None, f"the game ends: {ending}", reason=ending)
    elif state.moves_left == 0:
        finish_turn(state, seat, ctx)


def _announce(state: CargoState, seat: int, step: Step, ctx: Context) -> None:
    c = state.c
    k = c.per_player
    who = state.players[seat]
    kind = c.kinds[step.movers[0] % k].kind
    what = kind if len(step.movers) == 1 else f"{len(step.movers)} {kind}s"
    how = "moves"
    if step.pulled is not None:
        how = "pulls a crate"
    elif step.crates_pushed:
        how = f"pushes {step.crates_pushed} crate{'s' * (step.crates_pushed != 1)}"
    ctx.emit(
        "step",
        who,
        f"{who}'s {what} {how} {step.direction} from {c.name(step.start)} to {c.name(step.to)}",
        frm=c.name(step.start),
        to=c.name(step.to),
    )


# ---- the end and the start of a turn -----------------------------------------------------


def why_not_done(state: CargoState, seat: int) -> str | None:
    """`done` ends the turn early, once the workers in the water are back."""
    back = rescued(state)
    return f"first bring back your {returning_text(state, back)} from the water" if back else None


def do_done(state: CargoState, seat: int, ctx: Context) -> None:
    name = state.players[seat]
    ctx.emit("done", name, f"{name} ends their turn")
    finish_turn(state, seat, ctx)


def finish_turn(state: CargoState, seat: int, ctx: Context) -> None:
    """Crates set aside are put back (each by its ship's captain), then the next turn starts."""
    if state.aside:
        n = len(state.players)
        state.aside.sort(key=lambda a: ((_captain(state, a[1]) - seat) % n, a))
        captain = _captain(state, state.aside[0][1])
        push(
            state,
            Decision(
                captain,
                PUT_BACK,
                f"put the {state.aside[0][0]} crate back on the dock, on any empty square "
                f'(place {state.aside[0][0]} SQUARE): it goes back "anywhere you wish"',
            ),
        )
        return
    end_turn(ctx.game, state, ctx, seat)
    if state.flow.over is None:
        start_turn(state, ctx)


def _captain(state: CargoState, ship: str) -> int:
    seat = state.seat_of(ship)
    assert seat is not None
    return seat


def start_turn(state: CargoState, ctx: Context) -> None:
    """Workers in the water are rescued; those at the Doctor sit out, or come back."""
    flow, c = state.flow, state.c
    seat = flow.active[0]
    k = c.per_player
    state.moved = []
    state.moves_left = c.moves_per_turn
    if flow.round == 1 and c.layout is None and flow.turn < len(c.first_turns):
        state.moves_left = c.first_turns[flow.turn]  # the first and second players' first turns
    elif flow.round == 1 and flow.turn == 0 and c.layout is not None and c.layout.moves:
        state.moves_left = c.layout.moves
    due = []
    for w in range(seat * k, seat * k + k):
        if state.pos[w] == WATER:
            due.append(w)
        elif state.pos[w] == DOCTOR:
            if state.waits.get(w, 0) > 0:  # from the water, by a house rule: none
                state.waits[w] -= 1
            else:
                due.append(w)
    state.returning = due
    _prunereturning_text(state)


def _prunereturning_text(state: CargoState) -> None:
    """A worker with nowhere to come back to stays away until the owner's next turn."""
    state.returning = [w for w in state.returning if return_squares(state, w)]


def returning_text(state: CargoState, workers: list[int] | None = None) -> str:
    c = state.c
    return " and ".join(
        c.names[w % c.per_player] for w in state.returning if workers is None or w in workers
    )


def rescued(state: CargoState) -> list[int]:
    """Workers of the player to move still in the water: they come back first ("they reappear
    at the beginning of the owning player's turn in his loading area")."""
    return [w for w in state.returning if state.pos[w] == WATER]


def return_squares(state: CargoState, w: int) -> list[int]:
    c = state.c
    where = c.loading[state.ships[state.owner(w)] or ""] if state.pos[w] == WATER else c.edge
    return [cell for cell in where if can_stand(state, w, cell)]


def can_stand(state: CargoState, worker: int, cell: int) -> bool:
    if cell == OFF or state.ground[cell] > LOADING or state.crates[cell] is not None:
        return False
    there = state.men[cell]
    c = state.c
    return not there or stacks_with(c, c.kinds[worker % c.per_player], there)


# ---- placing: workers at setup and on their return, crates put back ------------------------


def legal_places(state: CargoState, seat: int) -> list[Action]:
    c = state.c
    k = c.per_player
    player = state.players[seat]
    out: list[Action] = []
    pending = state.flow.pending
    if pending and pending[-1].kind == PUT_BACK:
        ship = state.ships[seat]
        colors = dict.fromkeys(crate for crate, s in state.aside if s == ship)
        free = [i for i, s in enumerate(state.ground) if s == DOCK and _empty(state, i)]
        return [Action(player, "place", (color, c.name(i))) for color in colors for i in free]
    if phase(state) == "workers":
        for name in dict.fromkeys(c.names[w % k] for w in unplaced(state, seat)):
            w = c.worker_indexes(name)[0] + seat * k
            out += [
                Action(player, "place", (name, c.name(i)))
                for i, s in enumerate(state.ground)
                if s == DOCK and can_stand(state, w, i)
            ]
        return out
    for name in dict.fromkeys(c.names[w % k] for w in state.returning):
        # a Dockhand back from the water and one from the Doctor go to different squares
        cells = {
            i for w in state.returning if c.names[w % k] == name for i in return_squares(state, w)
        }
        out += [Action(player, "place", (name, c.name(i))) for i in sorted(cells)]
    return out


def unplaced(state: CargoState, seat: int) -> list[int]:
    k = state.c.per_player
    return [w for w in range(seat * k, seat * k + k) if state.pos[w] == UNPLACED]


def _empty(state: CargoState, cell: int) -> bool:
    return state.crates[cell] is None and not state.men[cell]


def why_not_place(state: CargoState, seat: int, piece: str, square: str) -> str | None:
    c = state.c
    cell = c.cell(square)
    if cell is None:
        return f"{square} is not a square of the dock"
    pending = state.flow.pending
    if pending and pending[-1].kind == PUT_BACK:
        ship = state.ships[seat]
        waiting = [crate for crate, s in state.aside if s == ship]
        if piece not in waiting:
            return f"put back the crate on your ship's loading space: {', '.join(waiting)}"
        if state.ground[cell] != DOCK:
            return f"a crate is put back on the dock, and {square} is not on it"
        if not _empty(state, cell):
            return f"{square} is not empty"
        return None
    if phase(state) == "ships":
        return "first choose a ship"
    w = _placing(state, seat, piece, cell)
    if isinstance(w, str):
        return w
    if phase(state) == "workers" and state.ground[cell] != DOCK:
        return f"workers start on the dock, and {square} is not on it"
    if not can_stand(state, w, cell):
        return f"{square} is taken" if state.ground[cell] <= LOADING else f"{square} is water"
    return None


def _placing(state: CargoState, seat: int, piece: str, cell: int) -> Any:
    """The worker `place PIECE` puts on `cell` now, or why none."""
    c = state.c
    k = c.per_player
    indexes = c.worker_indexes(piece)
    if not indexes and piece in c.ships and phase(state) == "play":
        waiting = any(crate == piece for crate, _ in state.aside)
        now = "waits for" if waiting else "would wait for"
        return (
            f"{with_article(piece)} crate on a loading space {now} the end of the turn: then its ship's "
            f'captain puts it back ("at the end of your turn you may place it back")'
        )
    if not indexes:
        return f"there is no worker called {piece} (workers: {', '.join(dict.fromkeys(c.names))})"
    if phase(state) == "workers":
        left = [w for w in unplaced(state, seat) if w % k in indexes]
        return left[0] if left else f"all your {piece}s are placed"
    if not state.returning:
        return "nothing of yours is waiting to come back"
    due = [w for w in state.returning if w % k in indexes]
    if not due:
        return f"your {piece} is not coming back now (waiting: {returning_text(state)})"
    fits = [w for w in due if cell in return_squares(state, w)]
    if not fits:
        w = due[0]
        if state.pos[w] == WATER:
            ship = state.ships[seat] or ""
            if cell in c.loading.get(ship, ()):
                free = ", ".join(c.name(i) for i in return_squares(state, w))
                return (
                    f"{c.name(cell)}, a loading space of your ship, is taken "
                    f"(your {piece} may come back onto {free})"
                )
            where = "a loading space of your ship"
        else:
            where = "the dock's edge"
        return f"your {piece} comes back onto {where}, not {c.name(cell)}"
    return fits[0]


def do_place(state: CargoState, seat: int, piece: str, square: str, ctx: Context) -> None:
    c = state.c
    cell = c.cell(square)
    assert cell is not None
    name = state.players[seat]
    pending = state.flow.pending
    if pending and pending[-1].kind == PUT_BACK:
        ship = state.ships[seat]
        assert ship is not None
        state.aside.remove((piece, ship))
        state.crates[cell] = piece
        pop(state)
        ctx.emit("put-back", name, f"{name} puts the {piece} crate back on {square}")
        finish_turn(state, state.flow.active[0], ctx)
        return
    w = _placing(state, seat, piece, cell)
    state.pos[w] = cell
    state.men[cell] = state.men[cell] + (w,)
    if phase(state) == "workers":
        ctx.emit("place", name, f"{name} places their {piece} on {square}", worker=w)
        end_turn(ctx.game, state, ctx, seat)
        if phase(state) == "play":
            start_turn(state, ctx)
        return
    state.returning.remove(w)
    _prunereturning_text(state)
    ctx.emit("return", name, f"{name}'s {piece} comes back on {square}", worker=w)
