"""What is on the table during a game of Tom Jolly's Cargo: plain mutable data.

Each worker has a number: seat * (workers per player) + its index in the workers content (the
4 dockhands first, then the burly worker, the mule, the elephant). A square holds one crate, or
workers: one that does not stack, or any number of dockhands (of any players)."""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import Dock

# where a worker is when it is not on a square
UNPLACED = -1  # not yet placed at setup
WATER = -2  # pushed into the water: rescued to a loading space at its owner's next turn
DOCTOR = -3  # squished: sits out its owner's next turn(s), then back on an edge square
GONE = -4  # out of the game (the faster four-player variant)


@dataclass(slots=True)
class CargoState(State):
    parts: Dock | None = None
    first_placer: int = 0  # the first roll: who chooses a ship and places workers first
    first_mover: int = 0  # the second roll: who moves first
    ships: list[str | None] = field(default_factory=list)  # each seat's ship (= its color)
    ground: list[int] = field(default_factory=list)  # DOCK, LOADING, WATER per cell, this game
    crates: list[str | None] = field(default_factory=list)  # per cell: a crate's color
    men: list[tuple[int, ...]] = field(default_factory=list)  # per cell: the workers on it
    pos: list[int] = field(default_factory=list)  # per worker: its cell, or UNPLACED ... GONE
    waits: list[int] = field(default_factory=list)  # per worker at the Doctor: turns to sit out
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
    def c(self) -> Dock:
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
