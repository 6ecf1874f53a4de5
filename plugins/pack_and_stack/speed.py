"""Pack & Stack's speed caches: facts and actions worked out once and looked up after, never part
of a state. Each is keyed on everything its answer depends on, by value, and bounded (a process
may load any number of contents and seat any number of names); plugins/README.md, "Caches",
lists them:

- `placements`, `placement_index`: every place a rod of a size can take on a truck card
  (components.placements), keyed on the truck card's value and the size.
- `put_actions`: `NAME: put KIND ...` at each of those places, in that order (actions are
  values, made once and listed many times), keyed also on the player's name and the piece kind.
- `legal_puts`: those of them that fit a truck filled so, keyed also on the fill mask: the same
  for every player whose load did not change since the last action, so worked out once.
"""

from __future__ import annotations

from functools import lru_cache

from dockyard import Action

from .components import PackAndStackTruckCard, Placement, fits
from .components import placements as every_placement

SIZE = 4096  # entries kept by each cache (then the least recently used go)


@lru_cache(maxsize=SIZE)
def placements(truck: PackAndStackTruckCard, size: int) -> tuple[Placement, ...]:
    """components.placements, remembered."""
    return every_placement(truck, size)


@lru_cache(maxsize=SIZE)
def placement_index(
    truck: PackAndStackTruckCard, size: int
) -> dict[tuple[str, int, str | None], Placement]:
    """The placements of a rod of `size` on `truck` by (cell, level, orientation)."""
    return {(p.cell, p.level, p.orientation): p for p in placements(truck, size)}


@lru_cache(maxsize=SIZE)
def put_actions(
    truck: PackAndStackTruckCard, size: int, name: str, kind: str
) -> tuple[Action, ...]:
    """`name: put KIND ...` at each of `placements(truck, size)`, in that order."""
    return tuple(
        Action(name, "put", (kind, p.cell, p.level, p.orientation)) for p in placements(truck, size)
    )


@lru_cache(maxsize=SIZE)
def legal_puts(
    truck: PackAndStackTruckCard, size: int, name: str, kind: str, filled: int
) -> tuple[Action, ...]:
    """The put actions of one piece kind that fit a truck filled so (`filled`, a bit mask)."""
    places = placements(truck, size)
    actions = put_actions(truck, size, name, kind)
    return tuple(a for a, p in zip(actions, places, strict=True) if fits(filled, p))
