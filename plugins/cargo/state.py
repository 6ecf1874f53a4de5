"""What is on the table during a game of Tom Jolly's Cargo: plain mutable data.

Each worker has a number: seat * (workers per player) + its index in the workers content (the
4 dockhands first, then the burly worker, the mule, the elephant). A square holds one crate, or
workers: one that does not stack, or any number of dockhands (of any players)."""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import CargoDock

# where a worker is when it is not on a square
UNPLACED = -1  # not yet placed at setup
WATER = -2  # pushed into the water: rescued to a loading space at its owner's next turn
DOCTOR = -3  # squished: sits out its owner's next turn(s), then back on an edge square
GONE = -4  # out of the game (the faster four-player variant)


@dataclass(slots=True)
class CargoState(State):
    parts: CargoDock | None = None
    first_placer: int = 0  # the first roll: who chooses a ship and places workers first
    first_mover: int = 0  # the second roll: who moves first
    ships: list[str | None] = field(default_factory=list)  # each seat's ship (= its color)
    ground: list[int] = field(default_factory=list)  # DOCK, LOADING, WATER per cell, this game
    crates: list[str | None] = field(default_factory=list)  # per cell: a crate's color
    men: list[tuple[int, ...]] = field(default_factory=list)  # per cell: the workers on it
    pos: list[int] = field(default_factory=list)  # per worker: its cell, or UNPLACED ... GONE
    # each worker sent to the Doctor: the turns it still sits out
    waits: dict[int, int] = field(default_factory=dict)
    points: list[int] = field(default_factory=list)
    front: list[list[str]] = field(default_factory=list)  # crates in front of each player
    sea: list[str] = field(default_factory=list)  # own crates a player pushed into the sea
    in_box: int = 0  # crates not yet on the dock (until the ships are chosen)
    dealt: dict[str, int] = field(default_factory=dict)  # crates of each color in the game
    aside: list[tuple[str, str]] = field(default_factory=list)  # (crate, ship) to put back
    moved: list[int] = field(default_factory=list)  # workers moved this turn
    moves_left: int = 0  # workers the player to move may still move this turn
    returning: list[int] = field(default_factory=list)  # workers due back at this turn's start
    dice_used: int = 0  # how many of the content's fixed set-up dice have been rolled

    @property
    def c(self) -> CargoDock:
        assert self.parts is not None
        return self.parts

    def seat_of(self, color: str) -> int | None:
        """The captain of the `color` ship (None: nobody took it)."""
        return self.ships.index(color) if color in self.ships else None

    def owner(self, worker: int) -> int:
        return worker // self.c.per_player

    def crates_left(self, seat: int) -> int:
        """`seat`'s crates still in play: on the dock, or waiting to be put back on it."""
        color = self.ships[seat]
        on_dock = sum(1 for c in self.crates if c == color)
        return on_dock + sum(1 for crate, _ in self.aside if crate == color)


def token_counts(state: CargoState) -> dict[str, int]:
    """Crates (in the box until the ships are chosen, then by color) and workers (each on
    one square, or off the dock: unplaced, in the water, at the Doctor, out)."""
    counts = {"crates": state.in_box}
    for color in state.c.ships:
        on_dock = sum(1 for x in state.crates if x == color)
        elsewhere = sum(f.count(color) for f in state.front) + state.sea.count(color)
        aside = sum(1 for crate, _ in state.aside if crate == color)
        counts["crates"] += on_dock + elsewhere + aside
    counts["workers"] = sum(map(len, state.men)) + sum(1 for p in state.pos if p < 0)
    return counts


def invariants(state: CargoState) -> list[str]:
    c = state.c
    bad: list[str] = []
    for color, dealt in state.dealt.items():
        left = sum(1 for x in state.crates if x == color) + state.sea.count(color)
        left += sum(f.count(color) for f in state.front)
        left += sum(1 for crate, _ in state.aside if crate == color)
        if left != dealt:
            bad.append(f"{left} {color} crates in play, {dealt} were dealt")
    for cell, men in enumerate(state.men):
        for w in men:
            if state.pos[w] != cell:
                bad.append(f"worker {w} is on {c.name(cell)} but thinks it is at {state.pos[w]}")
        if men and state.crates[cell] is not None:
            bad.append(f"{c.name(cell)} holds a crate and workers")
        if len(men) > 1 and not all(c.kinds[w % c.per_player].stacks for w in men):
            bad.append(f"{c.name(cell)} holds {len(men)} workers that do not stack")
        if (men or state.crates[cell] is not None) and state.ground[cell] > 1:
            bad.append(f"something stands in the water at {c.name(cell)}")
    for w, p in enumerate(state.pos):
        if p >= 0 and w not in state.men[p]:
            bad.append(f"worker {w} thinks it is on {c.name(p)} but is not there")
    for cell, crate in enumerate(state.crates):
        if crate is not None and state.ground[cell] != 0:
            bad.append(f"a crate rests on {c.name(cell)}, which is not the dock")
    if state.moves_left < 0:
        bad.append(f"{state.moves_left} moves left")
    return bad
