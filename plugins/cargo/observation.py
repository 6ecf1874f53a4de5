"""Tom Jolly's Cargo for learning agents (dockyard.interop): what a seat observes, as numbers
(`observation`), and its layout as a table (`table`, printed in content/cargo/README.md)."""

from __future__ import annotations

from .playing import phase
from .state import CargoState


def observation(state: CargoState, seat: int) -> list[float]:
    """For RL (dockyard.interop): planes over the map's squares, then numbers. Planes: the
    ground (dock, a loading space in play, water), then for each player from `seat`
    clockwise their crates and each worker kind (the share of that kind on the square).
    Numbers, per player in the same order: points / 20, crates left / 10; then workers
    still to move / 3, the phase (ships, workers, play) and whether `seat` must place."""
    c = state.c
    n = len(state.players)
    k = c.per_player
    kinds = list(dict.fromkeys(kind.kind for kind in c.kinds))
    counts = {kind.kind: kind.count for kind in c.kinds}
    cells = len(c.squares)
    out = [float(state.ground[i] == g) for g in (0, 1, 2) for i in range(cells)]
    order = [(seat + j) % n for j in range(n)]
    for who in order:
        color = state.ships[who]
        out += [float(color is not None and crate == color) for crate in state.crates]
        planes = {kind: [0.0] * cells for kind in kinds}
        for w in range(who * k, who * k + k):
            if state.pos[w] >= 0:
                kind = c.kinds[w % k].kind
                planes[kind][state.pos[w]] += 1.0 / counts[kind]
        for kind in kinds:
            out += planes[kind]
    for who in order:
        left = state.crates_left(who) if state.ships[who] else 0
        out += [state.points[who] / 20.0, left / 10.0]
    now = phase(state)
    out += [state.moves_left / max(c.moves_per_turn, 1)]
    out += [float(now == p) for p in ("ships", "workers", "play")]
    flow = state.flow
    placing = bool(flow.pending and flow.pending[-1].player == seat) or (
        seat in flow.active and not flow.pending and (now == "workers" or bool(state.returning))
    )
    out += [float(placing)]
    return out


def observation_size(state: CargoState) -> int:
    c = state.c
    n = len(state.players)
    kinds = len(dict.fromkeys(kind.kind for kind in c.kinds))
    return len(c.squares) * (3 + n * (1 + kinds)) + 2 * n + 5


def table(state: CargoState) -> str:
    """The observation's layout for `state`'s dock and players, as a Markdown table (offset,
    size, meaning), in the order `observation` writes it; "P+j" is the player j seats after
    the observer clockwise (P+0 the observer)."""
    c = state.c
    n = len(state.players)
    cells = len(c.squares)
    kinds = list(dict.fromkeys(kind.kind for kind in c.kinds))
    rows: list[tuple[int, str]] = [
        (cells, "ground: 1 on a dock square"),
        (cells, "ground: 1 on a ship's loading space in play"),
        (cells, "ground: 1 on water"),
    ]
    for j in range(n):
        rows.append((cells, f"P+{j}'s crates: 1 where a crate of P+{j}'s ship's color lies"))
        rows += [
            (cells, f"P+{j}'s {kind} workers: the share of them on each square (1 = all)")
            for kind in kinds
        ]
    for j in range(n):
        rows += [(1, f"P+{j}'s points / 20"), (1, f"P+{j}'s crates left to load / 10")]
    rows += [
        (1, "worker moves left this turn / moves a turn"),
        (1, "1 while ships are chosen"),
        (1, "1 while workers are placed"),
        (1, "1 during PLAYING"),
        (1, "1 when the observer must place a worker now"),
    ]
    lines = ["| offset | size | meaning |", "|---|---|---|"]
    offset = 0
    for size, meaning in rows:
        lines.append(f"| {offset} | {size} | {meaning} |")
        offset += size
    assert offset == observation_size(state)
    return "\n".join(lines) + f"\n\n{offset:,} numbers in all ({n} players, {cells} squares)."
