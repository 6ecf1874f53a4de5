"""Pack & Stack as numbers for RL (`Game.observation`, dockyard.interop): a fixed layout from
the rulebook's components, the same length for every table of one player count.

Everything in it is open on the table (view.py): each player's points, pieces in hand, dice,
the truck cards face up in front of them, the truck they picked (its loading squares and
levels) and what is loaded on it cell by cell, what they would pay now, their last bill; the
bank, the supply and the piles' sizes (never the draw pile's order). Players come in seat
order starting with the observer, so one network plays every seat. `layout` names each block;
content/pack_and_stack/README.md shows the table (`readme_table`), and a test keeps the two
the same.
"""

from __future__ import annotations

from dockyard.observing import Layout

from .components import MAX_DEPTH, MAX_LEVELS, MAX_WIDTH, Components
from .rounds import PHASES, phase_name
from .score_points import empty_spaces, unloaded_cost
from .state import PackAndStackState

SQUARES = MAX_WIDTH * MAX_DEPTH
CELLS = SQUARES * MAX_LEVELS
PHASE_NAMES = tuple(p.name for p in PHASES)
POINTS_SCALE = 100.0  # points, bills and bonuses are divided by this
DIE_SCALE = 5.0  # the largest die face
ROUND_SCALE = 20.0


def layout(c: Components, players: int) -> Layout:
    """The blocks of the observation for `players` players of the box `c`."""
    n, k, t = players, len(c.pieces), len(c.trucks)
    kinds = ", ".join(c.kinds)
    each = "per player"
    out = Layout()
    out.add("phase", len(PHASE_NAMES), f"the phase, one-hot: {', '.join(PHASE_NAMES)}")
    out.add("round", 1, f"the round / {ROUND_SCALE:g}")
    out.add("bank", 1, "points in the bank / all points in the box")
    out.add("draw_pile", 1, "truck cards in the face-down draw pile / the deck's cards")
    out.add("discard_pile", 1, "truck cards in the discard pile / the deck's cards")
    out.add("supply", k, f"pieces left in the supply / the box's count, by kind ({kinds})")
    out.add("points", n, f"{each}: points / {POINTS_SCALE:g}")
    out.add("acting", n, f"{each}: 1 while they still act in this phase (pick, load)")
    out.add("hand", n * k, f"{each}, by kind: pieces received and not loaded / {DIE_SCALE:g}")
    out.add("roll", n * k, f"{each}, by kind: this round's die / {DIE_SCALE:g} (0 before it)")
    out.add("front", n * t, f"{each}, by card (T01 ...): 1 for a truck card face up before them")
    out.add(
        "truck",
        n * SQUARES,
        f"{each}, by square (a1..e1, a2..e2, a3..e3): 1 where their truck has a loading square",
    )
    out.add("levels", n, f"{each}: their truck's levels / {MAX_LEVELS} (0: none picked)")
    out.add(
        "load",
        n * CELLS,
        f"{each}, by cell (level 1's squares as in `truck`, then level 2, ...): the size of "
        f"the piece filling it / {MAX_WIDTH} (0: empty)",
    )
    out.add("empty", n, f"{each}: white cubes that would still fit / {CELLS}")
    out.add("unloaded", n, f"{each}: what the pieces in hand cost / {POINTS_SCALE:g}")
    out.add("bill", n * 2, f"{each}: the last scoring's paid, bonus / {POINTS_SCALE:g}")
    return out


_LAYOUTS: dict[tuple[int, int], tuple[Components, Layout, dict[str, int]]] = {}


def _cached(c: Components, players: int) -> tuple[Layout, dict[str, int]]:
    key = (id(c), players)
    hit = _LAYOUTS.get(key)
    if hit is None or hit[0] is not c:
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        lay = layout(c, players)
        hit = (c, lay, {b.name: b.offset for b in lay.blocks})
        _LAYOUTS[key] = hit
    return hit[1], hit[2]


def observation_size(state: PackAndStackState) -> int:
    return _cached(state.c, len(state.players))[0].size


def observation(state: PackAndStackState, seat: int) -> list[float]:
    """`seat`'s observation, laid out as `layout` says."""
    c = state.c
    n = len(state.players)
    lay, at = _cached(c, n)
    out = [0.0] * lay.size
    out[at["phase"] + PHASE_NAMES.index(phase_name(state))] = 1.0
    out[at["round"]] = state.flow.round / ROUND_SCALE
    out[at["bank"]] = state.bank / c.total_points
    out[at["draw_pile"]] = len(state.pile) / len(c.trucks)
    out[at["discard_pile"]] = len(state.discard) / len(c.trucks)
    kinds = c.kinds
    k = len(kinds)
    for i, piece in enumerate(c.pieces):
        out[at["supply"] + i] = state.supply[piece.kind] / piece.count
    sizes = {p.kind: p.size for p in c.pieces}
    card_at = {t.id: i for i, t in enumerate(c.trucks)}
    active = state.flow.active
    for j in range(n):
        who = (seat + j) % n
        out[at["points"] + j] = state.points[who] / POINTS_SCALE
        out[at["acting"] + j] = float(who in active)
        hand, roll = state.hands[who], state.rolls[who]
        for i, kind in enumerate(kinds):
            out[at["hand"] + j * k + i] = hand.get(kind, 0) / DIE_SCALE
            out[at["roll"] + j * k + i] = roll.get(kind, 0) / DIE_SCALE
        for card in state.front[who]:
            out[at["front"] + j * len(c.trucks) + card_at[card]] = 1.0
        truck_id = state.trucks[who]
        if truck_id is not None:
            truck = c.truck(truck_id)
            for x, y in truck.white:
                out[at["truck"] + j * SQUARES + y * MAX_WIDTH + x] = 1.0
            out[at["levels"] + j] = truck.levels / MAX_LEVELS
        base = at["load"] + j * CELLS
        for loaded in state.loads[who]:
            size = sizes[loaded.kind] / MAX_WIDTH
            for x, y, z in loaded.place.cells:
                out[base + (z - 1) * SQUARES + y * MAX_WIDTH + x] = size
        out[at["empty"] + j] = empty_spaces(state, who) / CELLS
        out[at["unloaded"] + j] = unloaded_cost(state, who) / POINTS_SCALE
        bill = state.bills[who]
        if bill is not None:
            out[at["bill"] + 2 * j] = bill.paid / POINTS_SCALE
            out[at["bill"] + 2 * j + 1] = bill.bonus / POINTS_SCALE
    return out


def readme_table(c: Components) -> str:
    """The README's section: the table for 3 players, and the size for each player count."""
    sizes = ", ".join(f"{n} players {layout(c, n).size}" for n in range(3, 7))
    return (
        "A block marked per player holds one part per player, the observer's first, then the "
        "others in seat order from the observer.\n\n"
        f"{layout(c, 3).markdown()}\n\nThat is 3 players; the per-player blocks grow with the "
        f"table: {sizes} numbers."
    )


if __name__ == "__main__":  # python -m dockyard.plugins.pack_and_stack.observation
    from dockyard import Session

    print(readme_table(Session("pack-and-stack").state.c))
