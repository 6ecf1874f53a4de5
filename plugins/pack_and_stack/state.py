"""What is on the table during a game of Pack & Stack: plain mutable data, and the bookkeeping
the generic suite checks after every action (every component counted: `token_counts`; what must
always hold: `invariants`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from dockyard import State

from .components import Components, Placement
from .speed import placements


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


# ---- bookkeeping ----------------------------------------------------------------------------


def token_counts(state: PackAndStackState) -> dict[str, int]:
    """Every component counted wherever it is: pieces by kind, truck cards, points."""
    counts = {f"pieces.{p.kind}": state.supply[p.kind] for p in state.c.pieces}
    for seat in range(len(state.players)):
        for kind, n in state.hands[seat].items():
            counts[f"pieces.{kind}"] += n
        for loaded in state.loads[seat]:
            counts[f"pieces.{loaded.kind}"] += 1
    cards = len(state.pile) + len(state.discard) + sum(map(len, state.front))
    counts["truck cards"] = cards + sum(t is not None for t in state.trucks)
    counts["points"] = sum(state.points) + state.bank
    return counts


def invariants(state: PackAndStackState, phase: str) -> list[str]:
    """What is broken (nothing, in a sound game) in `state` during the phase named `phase`."""
    c = state.c
    bad: list[str] = []
    counts = token_counts(state)
    for p in c.pieces:
        if counts[f"pieces.{p.kind}"] != p.count:
            bad.append(
                f"{counts[f'pieces.{p.kind}']} {p.kind} pieces in play, the box holds {p.count}"
            )
    places = [
        *state.pile,
        *state.discard,
        *(t for f in state.front for t in f),
        *(t for t in state.trucks if t),
    ]
    if sorted(places) != sorted(t.id for t in c.trucks):
        bad.append(
            f"truck cards are lost or doubled: {len(places)} in play, {len(set(places))} different, the deck has {len(c.trucks)}"
        )
    if counts["points"] != c.total_points:
        bad.append(
            f"players hold {sum(state.points)} and the bank {state.bank}: {counts['points']}, not {c.total_points}"
        )
    if min(state.points) < 0 or state.bank < 0:
        bad.append(f"negative points: players {state.points}, bank {state.bank}")
    for kind, n in state.supply.items():
        if n < 0:
            bad.append(f"the supply holds {n} {kind}")
    for seat, name in enumerate(state.players):
        if any(n < 0 for n in state.hands[seat].values()):
            bad.append(f"{name} holds a negative number of pieces: {state.hands[seat]}")
        bad += _load_problems(state, seat)
    if phase == "load" and None in state.trucks and state.flow.over is None:
        bad.append("someone loads without a truck")
    if phase == "pick" and len(state.picked) + len(state.flow.active) != len(state.players):
        bad.append(
            f"pick phase: {len(state.picked)} picked and {len(state.flow.active)} still to pick"
        )
    return bad


def _load_problems(state: PackAndStackState, seat: int) -> list[str]:
    name = state.players[seat]
    truck_id = state.trucks[seat]
    if truck_id is None:
        return [f"{name} has pieces on no truck"] if state.loads[seat] or state.filled[seat] else []
    truck = state.c.truck(truck_id)
    bad: list[str] = []
    filled = 0
    for loaded in state.loads[seat]:
        piece = state.c.piece(loaded.kind)
        if piece is None or loaded.place not in placements(truck, piece.size):
            bad.append(
                f"{name}'s {loaded.kind} piece at {loaded.place.cell} is not a placement on {truck_id}"
            )
        if filled & loaded.place.mask:
            bad.append(f"{name}'s pieces overlap at {loaded.place.cell} level {loaded.place.level}")
        filled |= loaded.place.mask
    if filled != state.filled[seat]:
        bad.append(f"{name}'s filled cells disagree with the pieces on the truck")
    for loaded in state.loads[seat]:
        if filled & loaded.place.support != loaded.place.support:
            bad.append(
                f"{name}'s {loaded.kind} piece at {loaded.place.cell} level {loaded.place.level} overhangs"
            )
    return bad
