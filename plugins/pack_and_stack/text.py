"""Pack & Stack as text: the canonical action lines (and every action there may be, for the RL
action index), the `show` pictures of trucks and the words for a truck card."""

from __future__ import annotations

from typing import Any

from dockyard import Action, DockyardError

from .components import (
    COLUMNS,
    FILLED,
    MAX_DEPTH,
    RULEBOOK_KINDS,
    WHITE,
    Components,
    PackAndStackTruckCard,
)
from .load_truck import describe, put_options
from .rounds import phase_name
from .score_points import empty_spaces, unloaded_cost
from .state import PackAndStackState

# ---- actions --------------------------------------------------------------------------------


def format_action(action: Action) -> str:
    a = action.args
    if action.verb == "claim" and len(a) == 1:
        body = f"claim {a[0]}"
    elif action.verb == "put" and len(a) == 4:
        kind, cell, level, orientation = a
        how = (
            ""
            if orientation is None
            else " standing"
            if orientation == "standing"
            else f" along {orientation}"
        )
        body = f"put {kind} at {cell} level {level}{how}"
    elif action.verb == "remove" and len(a) == 2:
        body = f"remove {a[0]} level {a[1]}"
    elif action.verb == "done" and not a:
        body = "done"
    else:
        return str(action)
    return f"{action.player}: {body}"


def action_from_tree(verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
    """Children of `act_<verb>` to arguments; a left-out level is level 1."""
    if verb == "claim":
        target = str(args[0])
        return verb, ("pile",) if target.lower() == "pile" else (target.upper(),)
    if verb == "put":
        kind, cell, *rest = args
        level = next((v for v in rest if isinstance(v, int)), 1)
        orientation = next((v for v in rest if isinstance(v, str)), None)
        return verb, (kind, cell.lower(), level, orientation)
    if verb == "remove":
        cell, *rest = args
        return verb, (cell.lower(), rest[0] if rest else 1)
    return verb, tuple(args)


def action_space(c: Components) -> list[tuple[Any, ...]]:
    """Every action that may ever be legal with these components, for the RL action index
    (Game.action_space): claims (each truck card, then the pile), puts (piece, cell, level,
    orientation: x, y, standing, or none for a cube), removes (cell, level), done."""
    width = max(t.width for t in c.trucks)
    depth = max(t.depth for t in c.trucks)
    levels = list(range(1, max(t.levels for t in c.trucks) + 1))
    cells = [
        f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}" for y in range(depth) for x in range(width)
    ]
    return [
        ("claim", [t.id for t in c.trucks] + ["pile"]),
        ("put", [p.kind for p in c.pieces], cells, levels, ["x", "y", "standing", None]),
        ("remove", cells, levels),
        ("done",),
    ]


# ---- pictures -------------------------------------------------------------------------------

EMPTY, NO_SQUARE_MARK = ".", " "


def levels_word(n: int) -> str:
    return f"{n} level{'s' * (n != 1)}"


def side_by_side(blocks: list[list[str]], gap: int = 4) -> list[str]:
    height = max(len(b) for b in blocks)
    widths = [max(len(line) for line in b) for b in blocks]
    out = []
    for i in range(height):
        parts = [(b[i] if i < len(b) else "").ljust(w) for b, w in zip(blocks, widths, strict=True)]
        out.append((" " * gap).join(parts).rstrip())
    return out


def card_lines(truck: PackAndStackTruckCard) -> list[str]:
    """A truck card as printed: o white, # already filled, the levels number on top."""
    head = f"{truck.id} ({levels_word(truck.levels)})"
    rows = [
        " ".join(ch if ch in (WHITE, FILLED) else NO_SQUARE_MARK for ch in row)
        for row in truck.area
    ]
    return [head, *[""] * (MAX_DEPTH - truck.depth), *rows]  # row 1 of every card on one line


def empty_level(truck: PackAndStackTruckCard) -> tuple[str, ...]:
    """One level of an empty truck, row 3 first: a mark per square."""
    marks = {WHITE: EMPTY, FILLED: FILLED}
    return tuple("".join(marks.get(ch, NO_SQUARE_MARK) for ch in row) for row in truck.area)


def load_grids(state: PackAndStackState, seat: int) -> list[str]:
    """The truck of `seat`, one grid per level, row 3 at the top, row 1 (at the arrow) below."""
    truck = state.c.truck(state.trucks[seat])  # type: ignore[arg-type]
    depth = truck.depth
    grids = [[list(row) for row in empty_level(truck)] for _ in range(truck.levels)]
    letters = {p.kind: p.letter for p in state.c.pieces}
    for loaded in state.loads[seat]:
        for x, y, z in loaded.place.cells:
            grids[z - 1][depth - 1 - y][x] = letters[loaded.kind]
    footer = " ".join(COLUMNS[: truck.width])
    blocks = [
        [f"level {i + 1}", *(" ".join(row) for row in grid), footer] for i, grid in enumerate(grids)
    ]
    labels = [""] + [str(y + 1) for y in reversed(range(depth))] + [""]
    return side_by_side([labels, *blocks], gap=2)


def hand_text(state: PackAndStackState, seat: int) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in state.hands[seat].items() if n) or "none"


def render_table(state: PackAndStackState, viewer: int | None) -> str:
    phase = phase_name(state)
    flow = state.flow
    if flow.over is not None:
        status = f"the game is over: {flow.over}"
    else:
        waiting = ", ".join(state.players[s] for s in flow.active)
        status = f"round {flow.round}, {phase} phase" + (
            f" (waiting for {waiting})" if waiting else ""
        )
    lines = [f"Pack & Stack: {status}"]
    lines.append(
        f"bank {state.bank} points; draw pile {len(state.pile)} cards (face down); discard pile {len(state.discard)} card{'s' * (len(state.discard) != 1)}"
    )
    lines.append(
        "key: o/. empty white square, # printed as filled, "
        + ", ".join(f"{p.letter} {p.kind} ({p.size})" for p in state.c.pieces)
    )
    for seat, name in enumerate(state.players):
        you = " (you)" if seat == viewer else ""
        lines.append("")
        head = f"{name}{you}: {state.points[seat]} points; pieces in hand: {hand_text(state, seat)}"
        bill = state.bills[seat]
        if bill is not None:
            head += f"; last scoring paid {bill.paid}" + (
                f" +{bill.bonus} bonus" if bill.bonus else ""
            )
        lines.append(head)
        if state.front[seat]:
            lines.append("  cards in front: " + " ".join(state.front[seat]))
            cards = [card_lines(state.c.truck(t)) for t in state.front[seat]]
            lines += ["    " + line for line in side_by_side(cards)]
        truck_id = state.trucks[seat]
        if truck_id is not None:
            truck = state.c.truck(truck_id)
            done = " (done loading)" if phase == "load" and seat not in flow.active else ""
            lines.append(
                f"  truck {truck.id}: {levels_word(truck.levels)}, {len(truck.white)} white squares; "
                f"{empty_spaces(state, seat)} empty spaces, unloaded pieces cost {unloaded_cost(state, seat)}{done}"
            )
            lines += ["    " + line for line in load_grids(state, seat)]
        elif phase == "pick" and flow.over is None:
            lines.append("  still to pick a truck")
    return "\n".join(lines)


def render_placements(state: PackAndStackState, viewer: int | None, words: list[str]) -> str:
    """`show placements KIND [PLAYER]`: every legal placement of one piece of KIND now.

    Without KIND: how many placements each kind has. Without PLAYER: the viewer's truck, or
    every player's for a spectator.
    """
    c: Components = state.c
    kinds = list(c.kinds)
    if words:
        if c.piece(words[0]) is None:
            raise DockyardError(f"there is no {words[0]} piece (pieces: {', '.join(c.kinds)})")
        kinds = [words[0]]
    if len(words) > 1:
        if words[1] not in state.players:
            raise DockyardError(f"no player {words[1]!r} (players: {', '.join(state.players)})")
        seats = [state.players.index(words[1])]
    else:
        seats = list(range(len(state.players))) if viewer is None else [viewer]
    lines: list[str] = []
    for seat in seats:
        name = state.players[seat]
        if state.trucks[seat] is None:
            lines.append(f"{name} has no truck yet")
            continue
        for kind in kinds:
            options = put_options(state, seat, kind)
            n = len(options)
            head = f"{kind} on {name}'s truck {state.trucks[seat]}: {n} placement{'s' * (n != 1)}"
            if not state.hands[seat][kind]:
                head += f" (but {name} has no {kind} piece in hand)"
            lines.append(head)
            if len(kinds) == 1:
                lines += [f"  put {describe(kind, p)}" for p in options]
    return "\n".join(lines)


def render_trucks(state: PackAndStackState) -> str:
    """`show trucks`: every truck card in the box (the deck is public; its order is not)."""
    lines = [
        f"the {len(state.c.trucks)} truck cards (o white square, # printed as already filled):"
    ]
    cards = [card_lines(t) + [f"cap. {t.capacity}"] for t in state.c.trucks]
    for i in range(0, len(cards), 6):
        lines.append("")
        lines += ["  " + line for line in side_by_side(cards[i : i + 6], gap=3)]
    return "\n".join(lines)


def truck_card_text(state: PackAndStackState, ident: str) -> str | None:
    """`show truck T07`: one truck card, level by level (o white square, # printed filled)."""
    card = next((t for t in state.c.trucks if t.id == ident.upper()), None)
    if card is None:
        return None
    lines = [f"{card.id}: a truck card of {levels_word(card.levels)}, capacity {card.capacity}"]
    lines += ["  " + line for line in card_lines(card)]
    lines.append("  (o a white square to load, # printed as already filled)")
    return "\n".join(lines)


# `show` topics as the REPL offers them (it matches topics whole): one per piece in the box
TOPICS = (*(f"placements {kind}" for kind in RULEBOOK_KINDS), "placements", "trucks")


def render(state: PackAndStackState, viewer: int | None, topic: str = "") -> str:
    words = topic.replace(".", " ").split()
    if not words:
        return render_table(state, viewer)
    if words[0] == "placements":
        return render_placements(state, viewer, words[1:])
    if words[0] == "trucks" and len(words) == 1:
        return render_trucks(state)
    raise DockyardError(
        f"nothing to show about {topic!r} (topics: placements KIND [PLAYER], trucks)"
    )
