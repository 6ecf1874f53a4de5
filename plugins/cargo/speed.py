"""Tom Jolly's Cargo's speed caches: each keyed on everything it depends on.

`distances` depends on the dock alone (its squares, loading spaces and size): a `CargoDock` is frozen
and made once per content load, so it is the whole key.
"""

from __future__ import annotations

from functools import cache

from .components import DOCK, CargoDock


def manhattan(c: CargoDock, a: int, b: int) -> int:
    """Squares between two cells, as a worker walks (no diagonals)."""
    w = c.width
    return abs(a % w - b % w) + abs(a // w - b // w)


@cache
def distances(c: CargoDock) -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
    """For each ship, each cell's distance (squares, as the crow walks) to its nearest loading
    space; and each cell's distance to the nearest water square or the map's edge."""
    cells = range(len(c.squares))
    w = c.width
    home = {
        ship: tuple(min(manhattan(c, cell, s) for s in spaces) for cell in cells)
        for ship, spaces in c.loading.items()
    }
    water = [cell for cell in cells if c.squares[cell] != DOCK]
    to_water = tuple(
        min(
            [manhattan(c, cell, x) for x in water]
            + [cell % w + 1, w - cell % w, cell // w + 1, c.height - cell // w]
        )
        for cell in cells
    )
    return home, to_water
