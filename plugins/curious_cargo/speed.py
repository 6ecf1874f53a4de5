"""Curious Cargo's speed caches: facts and actions worked out once and looked up after, never
part of a state, and the only place the game keeps any. Each is keyed on everything its answer
depends on (plugins/README.md, "Caches", lists them):

- `tile_pieces`, `tile_layers`: what a tile shows on its two squares (tiles.py), keyed on the
  tile (a frozen value), the face and the direction: made once for every game.
- `facts`: what this module knows of one facility object, kept here, never in the state
  (`FacilityFacts`, by the object's identity, dropped with it): its `version` (every change
  of its stacks counts one: `changed`, `changing`, `touch`), the squares the latest change touched, and
  its active connections (`active_docks`), worked out again only when the version changed;
  after one placement only the docks whose lines looked at a square it changed are traced
  again. A copy of a facility (`Facility.copy`) starts with what its original knew (`copied`).

- `place_actions`: the `place` actions of a player's name and a tile on every spot of a
  board, for every game in the process, keyed on the board (kept, so its id stays its own),
  the name and the tile.
- `Caches` (one per bound game: `CuriousCargo.bind`): `spots`, which tile spots of a facility
  are flat, keyed on the very facility object (a weak reference) and its `facts` version; `turns`, the
  candidate actions of a turn with the bound game's rules to ask of them, keyed on the
  player's name, the Shipping side's colors, the phase and, in the Trucking Phase, the Truck
  cards in hand and every player's name (a card may be played to any of them).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from functools import cache, partial
from itertools import compress
from operator import ne
from typing import Any

from dockyard import Action

from .tiles import tile_layers as _tile_layers
from .tiles import tile_pieces as _tile_pieces

tile_pieces = cache(_tile_pieces)
tile_layers = cache(_tile_layers)


class FacilityFacts:
    """What speed.py knows of one facility object (see `facts`)."""

    __slots__ = ("ref", "version", "touched", "active")

    def __init__(self, ref: weakref.ref[Any], version: int = 0) -> None:
        self.ref = ref  # the facility (weakly: the facts go with it)
        self.version = version  # counts the changes of its stacks
        # (the version, the squares whose stacks that version changed); another version: unknown
        self.touched: tuple[int, tuple[Any, ...]] = (-1, ())
        # (version, active docks, the squares each dock's line looked at and its color if
        # active, in the order of board.docks) once worked out
        self.active: Any = None


_FACTS: dict[int, FacilityFacts] = {}  # id(facility) -> its facts, while the facility lives


def _forget(key: int, ref: weakref.ref[Any]) -> None:
    found = _FACTS.get(key)
    if found is not None and found.ref is ref:
        del _FACTS[key]


def facts(fac: Any) -> FacilityFacts:
    """What is known of the facility object `fac` (new facts, version 0, for one not seen)."""
    found = _FACTS.get(id(fac))
    if found is None or found.ref() is not fac:
        key = id(fac)
        found = _FACTS[key] = FacilityFacts(weakref.ref(fac, partial(_forget, key)))
    return found


def copied(original: Any, copy: Any) -> None:
    """`copy` has the same stacks as `original`: it knows what the original knew."""
    known = _FACTS.get(id(original))
    if known is None or known.ref() is not original:
        return
    mine = facts(copy)
    mine.version, mine.touched, mine.active = known.version, known.touched, known.active


def changing(fac: Any) -> None:
    """The facility's stacks are about to change: a new version (the squares it changes are
    told by `touch`); nothing worked out for an older version holds for it."""
    known = facts(fac)
    known.version += 1


def changed(fac: Any, cells: tuple[Any, ...]) -> None:
    """The stacks of the squares `cells` changed (one placement): a new version."""
    known = facts(fac)
    known.version = version = known.version + 1
    known.touched = (version, cells)


def touch(fac: Any, cell: Any) -> None:
    """The stack of square `cell` changed, within the current version."""
    known = facts(fac)
    version, cells = known.touched
    known.touched = (known.version, (*cells, cell) if version == known.version else (cell,))


MAX_TURNS = 1_000  # turns' candidate actions kept per bound game (then forgotten at once)
SPOTS_KEPT = 512  # facilities whose flat spots are kept (`Caches.spots`)

_PLACE_ACTIONS: dict[tuple[int, str, str], tuple[Any, tuple[Action, ...]]] = {}


def place_actions(board: Any, name: str, tile: str) -> tuple[Action, ...]:
    """`name: place TILE ...` on every spot of `board.tile_spots`, in that order: made once
    for every game on this board (actions are values), then only picked from."""
    key = (id(board), name, tile)
    found = _PLACE_ACTIONS.get(key)
    if found is None or found[0] is not board:  # the board is kept, so its id stays its own
        made = tuple(
            Action(name, "place", (tile, cell_text, direction))
            for _, _, direction, cell_text in board.tile_spots
        )
        if len(_PLACE_ACTIONS) > 1_000:
            _PLACE_ACTIONS.clear()
        found = _PLACE_ACTIONS[key] = (board, made)
    return found[1]


class Caches:
    """What a bound game works out once (never kept by a state, so states stay plain data).

    `turns`: the candidate actions of a turn and the rules to ask of them (`_candidates` in
    game.py), by (name, colors, phase) in the Construction Phase and (name, colors, phase,
    Truck cards in hand, every player's name) in the Trucking Phase.

    `spots`: facts derived from a facility: how far apart the two squares of every tile spot are in height, for the last
    SPOTS_KEPT facilities (by id: many tables in one process, as the batched RL env's 64, each
    found at once), and so which spots are flat. A facility's entry is used only for the very
    facility object it was made from (a weak reference) at the same version (every placement
    counts one: `facts`); after one placement, the differences are worked out again only on
    the squares it changed (`facts(fac).touched`)."""

    __slots__ = ("spots", "turns")

    def __init__(self) -> None:
        self.turns: dict[tuple[Any, ...], Any] = {}
        # id(facility) -> [facility (a weak reference), version, heights by square number,
        # height difference by spot (at most 255), {scaffolding: [flat or not by spot, the
        # flat spots' indexes or None]}], the least recently used first
        self.spots: dict[int, list[Any]] = {}

    def flat_spots(self, fac: Any, scaffolding: int) -> list[int]:
        """The indexes in `board.tile_spots` of the spots where a tile can lie flat with the
        Scaffolding at hand (see `flat`)."""
        flat = self.flat(fac, scaffolding)
        found = self.spots[id(fac)][4][scaffolding]
        if found[1] is None:
            found[1] = list(compress(range(len(flat)), flat))
        return found[1]  # type: ignore[no-any-return]

    def flat(self, fac: Any, scaffolding: int) -> bytes:
        """For each spot of `board.tile_spots`, can a tile lie flat there with the Scaffolding
        at hand (1) or not (0): the same test as `why_not_place`. The squares' differences in
        height are worked out once per facility state (the last SPOTS_KEPT facilities are
        remembered: both players' of every table, and bots' scratch copies), and then again
        only on the squares whose heights changed; the flags come from them in C."""
        version = facts(fac).version
        spots, key = self.spots, id(fac)
        mine = spots.get(key)
        if mine is None or mine[0]() is not fac:
            mine = self._fresh(fac)
        else:
            if next(reversed(spots)) != key:  # the latest used last: the oldest is let go
                spots[key] = spots.pop(key)
            if mine[1] != version:
                self._update(fac, mine)
        by_scaffolding = mine[4]
        found = by_scaffolding.get(scaffolding)
        if found is None:
            if scaffolding < 255:
                flat = mine[3].translate(_at_most(scaffolding))
            else:  # more than a byte's differences tell apart (never in a real game)
                heights, pairs = mine[2], fac.board.spot_pairs[1]
                flat = bytes([abs(heights[a] - heights[b]) <= scaffolding for _, a, b in pairs])
            found = by_scaffolding[scaffolding] = [flat, None]
        return found[0]  # type: ignore[no-any-return]

    def _fresh(self, fac: Any) -> list[Any]:
        number, pairs, _ = fac.board.spot_pairs
        heights = [0] * len(number)
        for cell, stack in fac.stacks.items():
            heights[number[cell]] = len(stack)
        diffs = bytearray([min(255, abs(heights[a] - heights[b])) for _, a, b in pairs])
        entry = [weakref.ref(fac), facts(fac).version, heights, diffs, {}]
        spots = self.spots
        spots.pop(id(fac), None)  # (a facility gone, its id now another's)
        if len(spots) >= SPOTS_KEPT:
            del spots[next(iter(spots))]  # the least recently used
        spots[id(fac)] = entry
        return entry

    @staticmethod
    def _update(fac: Any, entry: list[Any]) -> None:
        number, pairs, on = fac.board.spot_pairs
        heights, diffs = entry[2], entry[3]
        known = facts(fac)
        version = known.version
        touched_version, touched = known.touched
        changed: Iterable[int]  # the squares whose heights may have changed
        if entry[1] == version - 1 and touched_version == version:  # one placement since
            changed = [number[cell] for cell in touched]
            for square, cell in zip(changed, touched, strict=True):
                heights[square] = len(fac.stacks[cell])
        else:  # compare every square's height with what it was (in C)
            before = heights
            heights = [0] * len(number)
            for cell, stack in fac.stacks.items():
                heights[number[cell]] = len(stack)
            changed = compress(range(len(heights)), map(ne, before, heights))
        try:
            for square in changed:  # only the spots on those squares can have changed
                for i, a, b in on[square]:
                    diffs[i] = abs(heights[a] - heights[b])
        except ValueError:  # a difference over 255 (a byte's most): kept as 255, "255 or more"
            diffs[:] = bytes(min(255, abs(heights[a] - heights[b])) for _, a, b in pairs)
        entry[1:] = [version, heights, diffs, {}]


@cache
def _at_most(scaffolding: int) -> bytes:
    """The table turning a height difference into 1 when `scaffolding` (under 255) covers it,
    else 0 (255 stands for 255 or more: never covered)."""
    return bytes(int(d <= scaffolding) for d in range(256))


def active_docks(fac: Any) -> dict[Any, str]:
    """Every dock of facility `fac` with an active connection, and the color of its line
    (`Facility.active_docks`): kept in the facility's `facts` with its version."""
    known = facts(fac)
    cached, version = known.active, known.version
    if cached is not None and cached[0] == version:
        return dict(cached[1])
    docks = fac.board.docks
    if cached is not None and cached[0] == version - 1 and known.touched[0] == version:
        # one placement since: only the docks whose lines looked at a square it changed
        changed = known.touched[1]
        looked = list(cached[2])
        colors = list(cached[3])
        for i, before in enumerate(cached[2]):
            if not before.isdisjoint(changed):
                looked[i], colors[i] = fac._dock_line(docks[i])
    else:
        looked, colors = [], []
        for dock in docks:
            probed, color = fac._dock_line(dock)
            looked.append(probed)
            colors.append(color)
    active = {docks[i]: color for i, color in enumerate(colors) if color is not None}
    known.active = (version, active, tuple(looked), tuple(colors))
    return dict(active)
