"""What is on the table during a game of Pack & Stack: plain mutable data."""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import Components, Placement


@dataclass(frozen=True, slots=True)
class Loaded:
    """A wooden piece on a truck."""

    kind: str
    place: Placement


@dataclass(frozen=True, slots=True)
class Bill:
    """What a player paid in the last scoring, and why."""

    empty: int  # white cubes that would still fit
    unloaded: int  # 2 x size for each piece left over
    paid: int  # what actually left their points (never more than they had)
    bonus: int  # points received as the round's lowest payer

    @property
    def due(self) -> int:
        return self.empty + self.unloaded


@dataclass(slots=True)
class PackAndStackState(State):
    parts: Components | None = None
    start_player: int = 0  # the youngest player; first to take pieces when the supply runs short
    supply: dict[str, int] = field(default_factory=dict)  # wooden pieces next to the draw pile
    hands: list[dict[str, int]] = field(default_factory=list)  # pieces received, not on the truck
    rolls: list[dict[str, int]] = field(default_factory=list)  # this round's dice, per player
    pile: list[str] = field(default_factory=list)  # the face-down draw pile; the top is the last
    discard: list[str] = field(default_factory=list)
    front: list[list[str]] = field(
        default_factory=list
    )  # truck cards dealt in front of each player
    trucks: list[str | None] = field(default_factory=list)  # the truck each player picked
    loads: list[list[Loaded]] = field(default_factory=list)  # pieces on each player's truck
    filled: list[int] = field(default_factory=list)  # bit mask of the cells each load fills
    points: list[int] = field(default_factory=list)
    bank: int = 0
    picked: list[int] = field(default_factory=list)  # seats in the order their claims arrived
    bills: list[Bill | None] = field(default_factory=list)  # the last scoring

    @property
    def c(self) -> Components:
        assert self.parts is not None
        return self.parts
