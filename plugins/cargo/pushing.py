"""One square of a worker's action: moving, pushing and pulling, as the rulebook's PLAYING
section and its PICTURE EXAMPLES OF PUSHES describe them.

- A worker moves into an empty square; Dockhands may also move onto Dockhands.
- Stepping against a crate pushes it, and the row behind it: crates, and workers standing in
  the row, which slide with it ("a box with another worker behind it being pushed by the
  box"). Only crates count against the pusher's P ("a box, a Burly Worker and another box all in
  a row ... counts as 2 Boxes"); Dockhands moving together push as many crates as they are.
- Workers never push workers directly, and nothing pushes an Elephant.
- Dockhands caught in the row move on into the next square if it is empty or holds only
  Dockhands, fall into the water if it is water, and are squished against anything else.
- Mules and Elephants may instead pull: step away from a crate right behind them, which
  follows into the square they left. A step is a push or a pull, never both.
- Whatever leaves the dock or a loading space is in the water (for a worker: also a ship); a
  crate moved onto a loading space is loaded there.

`resolve` works out one step without changing anything (an illegal step gives the reason);
`perform` makes it happen on the squares.
"""

from __future__ import annotations

from dockyard.words import with_article

from .components import LOADING, OFF, OPPOSITE, CargoDock, WorkerKind


class Step:
    """What one step does. (A plain class with slots: one is made for every step tried.)"""

    __slots__ = (
        "movers",
        "start",
        "to",
        "direction",
        "pulled",
        "row",
        "squished",
        "squish_at",
        "crates_pushed",
    )

    def __init__(self, movers: tuple[int, ...], start: int, to: int, direction: str) -> None:
        self.movers = movers
        self.start = start  # where the movers stand
        self.to = to  # where they step
        self.direction = direction
        self.pulled: int | None = None  # the cell of the crate a pull drags along
        self.row: list[int] = []  # cells whose contents slide one square
        self.squished: list[int] = []  # workers squished
        self.squish_at: int | None = None  # their square
        self.crates_pushed = 0


def solid(c: CargoDock, men: tuple[int, ...]) -> bool:
    """Workers a pushed row cannot squeeze past: one that is not squishable."""
    return any(not c.kinds[w % c.per_player].squishable for w in men)


def stacks_with(c: CargoDock, kind: WorkerKind, men: tuple[int, ...]) -> bool:
    """May workers of `kind` share a square holding `men`? (Only Dockhands with Dockhands.)"""
    k = c.per_player
    return kind.stacks and all(c.kinds[w % k].kind == kind.kind for w in men)


def resolve(
    c: CargoDock,
    ground: list[int],
    crates: list[str | None],
    men: list[tuple[int, ...]],
    movers: tuple[int, ...],
    start: int,
    direction: str,
    pull: bool,
) -> Step | str:
    """One step of `movers` (a worker, or Dockhands moving together) from `start`."""
    k = c.per_player
    kind = c.kinds[movers[0] % k]
    word = kind.kind if len(movers) == 1 else f"{len(movers)} {kind.kind}s"
    to = c.neighbors[direction][start]
    if to == OFF or ground[to] > LOADING:
        return f"the {word} cannot step into the water ({_where(c, to, start, direction)})"
    step = Step(movers, start, to, direction)
    there = men[to]
    if pull:
        if not all(c.kinds[w % k].pull for w in movers):
            return f"{with_article(kind.kind)} cannot pull"
        if crates[to] is not None:
            return f"the {word} cannot pull and push at once: a crate is on {c.name(to)}"
        if there and not stacks_with(c, kind, there):
            return f"{c.name(to)} is taken by {_men(c, there)}"
        behind = c.neighbors[OPPOSITE[direction]][start]
        if behind == OFF or crates[behind] is None:
            return f"nothing to pull: no crate behind the {word} on {c.name(start)}"
        step.pulled = behind
        return step
    if crates[to] is None:
        if there and not stacks_with(c, kind, there):
            return (
                f"workers cannot push other workers: {_men(c, there)} on {c.name(to)}"
                if _kind(c, there).pushable
                else f"{c.name(to)} is taken by {_men(c, there)}"
            )
        return step
    strength = sum(c.kinds[w % k].push for w in movers)
    cell = to
    while True:
        nxt = c.neighbors[direction][cell]
        if crates[cell] is not None:
            step.crates_pushed += 1
            step.row.append(cell)
        else:
            here = men[cell]
            if not here:
                break  # an empty square: the row slides into it
            if not all(c.kinds[w % k].pushable for w in here):
                return f"{_men(c, here)} on {c.name(cell)} cannot be pushed"
            if not solid(c, here):
                # Dockhands: on into the next square, or squished against something solid
                if (
                    nxt != OFF
                    and ground[nxt] <= LOADING
                    and (crates[nxt] is not None or (men[nxt] and solid(c, men[nxt])))
                ):
                    step.squished.extend(here)
                    step.squish_at = cell
                else:
                    step.row.append(cell)
                break
            step.row.append(cell)
        if nxt == OFF or ground[nxt] > LOADING:
            break  # the last of the row goes into the water
        cell = nxt
    if step.crates_pushed > strength:
        what = f"{step.crates_pushed} crates"
        return f"the {word} can push {strength} crate{'s' * (strength != 1)}, not {what}"
    return step


def _where(c: CargoDock, to: int, start: int, direction: str) -> str:
    return f"{direction} of {c.name(start)}" if to == OFF else c.name(to)


def _kind(c: CargoDock, men: tuple[int, ...]) -> WorkerKind:
    """The kind of the workers on a square (workers share a square only with their kind)."""
    (kind,) = {c.kinds[w % c.per_player] for w in men}
    return kind


def _men(c: CargoDock, men: tuple[int, ...]) -> str:
    kind = _kind(c, men).kind
    return with_article(kind) if len(men) == 1 else f"{len(men)} {kind}s"


class Landing:
    """Where the things a step moved ended up, beyond a plain square."""

    __slots__ = ("in_water", "in_sea", "loaded", "moved")

    def __init__(self) -> None:
        self.in_water: list[int] = []  # workers
        self.in_sea: list[str] = []  # crate colors
        self.loaded: list[tuple[str, str]] = []  # (crate, ship)
        self.moved: list[tuple[int, int]] = []  # (worker, new cell)


def perform(
    c: CargoDock,
    ground: list[int],
    ship_at: tuple[str | None, ...],
    crates: list[str | None],
    men: list[tuple[int, ...]],
    step: Step,
) -> Landing:
    """Make `step` happen on the squares; say where everything that left one went."""
    out = Landing()
    nxt = c.neighbors[step.direction]
    if step.squish_at is not None:
        men[step.squish_at] = ()
    for cell in reversed(step.row):
        _slide(ground, ship_at, crates, men, cell, nxt[cell], out)
    here = men[step.start]
    men[step.start] = tuple(w for w in here if w not in step.movers)
    men[step.to] = men[step.to] + step.movers
    out.moved.extend((w, step.to) for w in step.movers)
    if step.pulled is not None:
        _slide(ground, ship_at, crates, men, step.pulled, step.start, out)
    return out


def _slide(
    ground: list[int],
    ship_at: tuple[str | None, ...],
    crates: list[str | None],
    men: list[tuple[int, ...]],
    cell: int,
    to: int,
    out: Landing,
) -> None:
    crate, here = crates[cell], men[cell]
    crates[cell], men[cell] = None, ()
    water = to == OFF or ground[to] > LOADING
    if crate is not None:
        if water:
            out.in_sea.append(crate)
        elif ground[to] == LOADING:
            ship = ship_at[to]
            assert ship is not None
            out.loaded.append((crate, ship))
        else:
            crates[to] = crate
    if here:
        if water:
            out.in_water.extend(here)
        else:
            men[to] = men[to] + here
            out.moved.extend((w, to) for w in here)
