"""Pack & Stack (Bernd Eisenstein): the game object wiring the rulebook's parts together."""

from __future__ import annotations

import random
from typing import Any

from dockyard import Action, Context, Game, Outcome, Rng, Setup
from dockyard.flow import FlowState, end_turn, start
from dockyard.game import redeal
from dockyard.loader import Content

from . import INFO
from .bot import bot_action
from .components import Components, bit, build, parse_cell, placements
from .load_truck import (
    DONE,
    apply_done,
    apply_put,
    apply_remove,
    check_put,
    check_remove,
    legal_loading,
    put_options,
)
from .pick_a_truck import apply_claim, check_claim, claimable
from .rounds import PHASES, phase_name
from .score_points import empty_spaces, out_of_points, unloaded_cost
from .state import PackAndStackState
from .text import TOPICS, action_from_tree, format_action, render, truck_card_text

VERBS = {"claim": 1, "put": 4, "remove": 2, DONE: 0}


class PackAndStack(Game):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2", "p3")
    content_folder = "pack_and_stack"
    grammar_file = "pack_and_stack.lark"
    phases = PHASES
    terminal_words = {
        "TRUCK": "a truck card such as T07",
        "PILE": "'pile'",
        "PIECE": "a piece (white, grey, brown, turquoise or purple)",
        "CELL": "a square such as b2",
        "AXIS": "x or y",
        "STANDING": "'standing'",
    }
    query_paths = (
        ("points.P", "P's points"),
        ("truck.P", "the truck card P picked this round (none before)"),
        ("levels.P", "how many levels P's truck has"),
        ("front.P", "how many truck cards lie in front of P"),
        ("front.P.N", "the Nth truck card in front of P (from 1), or none"),
        ("empty.P", "how many white cubes would still fit onto P's truck"),
        ("unloaded.P", "what the pieces left in P's hand cost"),
        ("due.P", "empty spaces plus unloaded cost: what P pays this round"),
        ("loaded.P", "how many pieces are on P's truck"),
        ("paid.P", "what P paid this round (none before the bill)"),
        ("bill.P", "what P owes this round (none before the bill)"),
        ("bonus.P", "P's bonus this round (none before the bill)"),
        ("done.P", "true once P has finished loading this round"),
        ("hand.P", "how many pieces P holds"),
        ("hand.P.PIECE", "how many pieces of that kind P holds"),
        ("roll.P.PIECE", "P's die for that kind of piece this round"),
        ("placements.P.PIECE", "in how many ways a piece of that kind fits on P's truck now"),
        ("cell.P.CELL.LEVEL", "the kind of piece at that square and level (1-4) of P's truck"),
        ("supply.PIECE", "pieces of that kind left in the supply"),
        ("bank", "points left in the bank"),
        ("pile", "truck cards in the draw pile"),
        ("discard", "truck cards in the discard pile"),
        ("picked", "the players in the order their truck claims arrived"),
    )

    # ---- content -------------------------------------------------------------------------
    def build_content(self, content: Content) -> Components:
        return build(content)

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> PackAndStackState:
        c: Components = setup.content.built
        n = len(setup.players)
        rng = Rng(setup.seed)
        state = PackAndStackState(list(setup.players), rng, FlowState(), parts=c)
        state.supply = {p.kind: p.count for p in c.pieces}
        state.hands = [dict.fromkeys(c.kinds, 0) for _ in range(n)]
        state.rolls = [{} for _ in range(n)]
        state.pile = [t.id for t in c.trucks]
        rng.shuffle(state.pile)
        state.front = [[] for _ in range(n)]
        state.trucks = [None] * n
        state.loads = [[] for _ in range(n)]
        state.filled = [0] * n
        state.points = [c.start_points] * n
        state.bank = c.total_points - n * c.start_points
        state.bills = [None] * n
        ctx.emit(
            "setup",
            None,
            f"each player starts with {c.start_points} points; the bank holds {state.bank}; "
            f"{len(state.pile)} truck cards are shuffled into the draw pile",
        )
        start(self, state, ctx)
        return state

    # ---- rules ---------------------------------------------------------------------------
    def legal_actions(self, state: PackAndStackState, player: int) -> list[Action]:
        if state.flow.over is not None or player not in state.flow.active:
            return []
        phase = phase_name(state)
        if phase == "pick":
            return [Action(state.players[player], "claim", (t,)) for t in claimable(state, player)]
        if phase == "load":
            return legal_loading(state, player)
        return []

    def check(self, state: PackAndStackState, action: Action, player: int) -> str | None:
        verb, args = action.verb, action.args
        if verb not in VERBS:
            return f"Pack & Stack has no {verb!r} action (actions: claim, put, remove, done)"
        if len(args) != VERBS[verb] or not _well_typed(verb, args):
            return f"malformed {verb} action: {format_args(args)}"
        phase = phase_name(state)
        if player not in state.flow.active:
            return {
                "pick": "you have already picked your truck this round",
                "load": "you have already finished loading",
            }.get(phase, "nobody acts in this phase")
        if phase == "pick":
            if verb != "claim":
                return "first pick a truck: claim a card in front of another player, or claim pile"
            return check_claim(state, player, args[0])
        if verb == "claim":
            return "the trucks are picked: now load yours (put, remove) and say done"
        if verb == "put":
            return check_put(state, player, *args)
        if verb == "remove":
            return check_remove(state, player, *args)
        return None

    def apply(self, state: PackAndStackState, action: Action, player: int, ctx: Context) -> None:
        verb, args = action.verb, action.args
        if verb == "claim":
            apply_claim(state, player, args[0], ctx)
            end_turn(self, state, ctx, player)
        elif verb == "put":
            kind, cell, level, orientation = args
            apply_put(state, player, kind, cell, level, orientation, ctx)
        elif verb == "remove":
            apply_remove(state, player, args[0], args[1], ctx)
        else:
            apply_done(state, player, ctx)
            end_turn(self, state, ctx, player)

    def end_reason(self, state: PackAndStackState) -> str | None:
        return out_of_points(state)

    def outcome(self, state: PackAndStackState) -> Outcome:
        """ "Whoever has the most points left is the winner (in case of a tie, ... win together)"."""
        best = max(state.points)
        winners = tuple(
            p for p, pts in zip(state.players, state.points, strict=True) if pts == best
        )
        scores = {p: float(pts) for p, pts in zip(state.players, state.points, strict=True)}
        return Outcome(state.flow.over or "", winners, scores, {"rounds": state.flow.round})

    def action_space(self, state: PackAndStackState) -> list[tuple[Any, ...]]:
        """Every action that may ever be legal, for the RL action index (dockyard.interop):
        claims (each truck card, then the pile), puts (piece, cell, level, orientation: x, y,
        standing, or none for a cube), removes (cell, level), done."""
        c = state.c
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

    def sample_state(
        self, state: PackAndStackState, seat: int, rng: random.Random
    ) -> PackAndStackState:
        """The face-down draw pile in another order (and the dice to come, by the default)."""
        copy: PackAndStackState = super().sample_state(state, seat, rng)
        redeal(rng, copy.pile)
        return copy

    def bot_action(self, state: PackAndStackState, player: int, rng: random.Random) -> Action:
        """A sensible legal action for `player`: see bot.py."""
        return bot_action(state, player, rng)

    # ---- text ----------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def render(self, state: PackAndStackState, viewer: int | None, topic: str = "") -> str:
        return render(state, viewer, topic)

    def picture(self, state: PackAndStackState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), state.c)

    def scores(self, state: PackAndStackState) -> list[float]:
        return [float(p) for p in state.points]

    def describe(self, state: PackAndStackState, viewer: int | None, ident: str) -> str | None:
        return truck_card_text(state, ident)

    def component_ids(self, state: PackAndStackState) -> list[str]:
        return [t.id for t in state.c.trucks]

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    # ---- information ---------------------------------------------------------------------
    def view(self, state: PackAndStackState, viewer: int | None) -> dict[str, Any]:
        """Everything is open except the order of the face-down draw pile."""
        c = state.c
        phase = phase_name(state)
        players = []
        for seat, name in enumerate(state.players):
            truck = state.trucks[seat]
            bill = state.bills[seat]
            players.append(
                {
                    "name": name,
                    "points": state.points[seat],
                    "hand": dict(state.hands[seat]),
                    "roll": dict(state.rolls[seat]),
                    "front": list(state.front[seat]),
                    "truck": None
                    if truck is None
                    else {
                        "id": truck,
                        "levels": c.truck(truck).levels,
                        "area": list(c.truck(truck).area),
                    },
                    "load": [
                        {
                            "kind": p.kind,
                            "cell": p.place.cell,
                            "level": p.place.level,
                            "orientation": p.place.orientation,
                        }
                        for p in state.loads[seat]
                    ],
                    "empty_spaces": empty_spaces(state, seat),
                    "unloaded_cost": unloaded_cost(state, seat),
                    "acting": seat in state.flow.active,
                    "last_scoring": None
                    if bill is None
                    else {
                        "empty": bill.empty,
                        "unloaded": bill.unloaded,
                        "paid": bill.paid,
                        "bonus": bill.bonus,
                    },
                }
            )
        return {
            "game": self.name,
            "round": state.flow.round,
            "phase": phase,
            "over": state.flow.over,
            "you": None if viewer is None else state.players[viewer],
            "bank": state.bank,
            "draw_pile": len(state.pile),
            "discard_pile": list(state.discard),
            "supply": dict(state.supply),
            "players": players,
        }

    def query(self, state: PackAndStackState, path: str) -> Any:
        parts = path.split(".")
        head, rest = parts[0], parts[1:]
        if not rest:
            simple = {
                "bank": state.bank,
                "pile": len(state.pile),
                "discard": len(state.discard),
                "picked": " ".join(state.players[s] for s in state.picked),
            }
            if head in simple:
                return simple[head]
            raise KeyError(path)
        if head == "supply" and len(rest) == 1 and rest[0] in state.supply:
            return state.supply[rest[0]]
        if rest[0] not in state.players:
            raise KeyError(path)
        seat = state.players.index(rest[0])
        more = rest[1:]
        bill = state.bills[seat]
        per_player: dict[str, Any] = {
            "points": lambda: state.points[seat],
            "truck": lambda: state.trucks[seat],
            "levels": lambda: _levels(state, seat),
            "front": lambda: len(state.front[seat]),
            "empty": lambda: empty_spaces(state, seat),
            "unloaded": lambda: unloaded_cost(state, seat),
            "due": lambda: empty_spaces(state, seat) + unloaded_cost(state, seat),
            "loaded": lambda: len(state.loads[seat]),
            "paid": lambda: None if bill is None else bill.paid,
            "bill": lambda: None if bill is None else bill.due,
            "bonus": lambda: None if bill is None else bill.bonus,
            "done": lambda: phase_name(state) == "load" and seat not in state.flow.active,
            "hand": lambda: sum(state.hands[seat].values()),
        }
        if not more and head in per_player:
            return per_player[head]()
        if head == "hand" and len(more) == 1 and more[0] in state.hands[seat]:
            return state.hands[seat][more[0]]
        if head == "roll" and len(more) == 1 and more[0] in state.c.kinds:
            return state.rolls[seat].get(more[0])
        if head == "front" and len(more) == 1 and more[0].isdigit():
            i = int(more[0]) - 1
            return state.front[seat][i] if 0 <= i < len(state.front[seat]) else None
        if head == "placements" and len(more) == 1 and state.c.piece(more[0]) is not None:
            return len(put_options(state, seat, more[0]))
        if head == "cell" and len(more) == 2 and more[1].isdigit():
            xy = parse_cell(more[0])
            if xy is None:
                raise KeyError(path)
            b = bit(xy[0], xy[1], int(more[1])) if 1 <= int(more[1]) <= 4 else 0
            return next((p.kind for p in state.loads[seat] if p.place.mask & b), None)
        raise KeyError(path)

    # ---- conservation --------------------------------------------------------------------
    def token_counts(self, state: PackAndStackState) -> dict[str, int]:
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

    def invariants(self, state: PackAndStackState) -> list[str]:
        c = state.c
        bad: list[str] = []
        counts = self.token_counts(state)
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
            bad += self._load_problems(state, seat)
        phase = phase_name(state)
        if phase == "load" and None in state.trucks and state.flow.over is None:
            bad.append("someone loads without a truck")
        if phase == "pick" and len(state.picked) + len(state.flow.active) != len(state.players):
            bad.append(
                f"pick phase: {len(state.picked)} picked and {len(state.flow.active)} still to pick"
            )
        return bad

    def _load_problems(self, state: PackAndStackState, seat: int) -> list[str]:
        name = state.players[seat]
        truck_id = state.trucks[seat]
        if truck_id is None:
            return (
                [f"{name} has pieces on no truck"]
                if state.loads[seat] or state.filled[seat]
                else []
            )
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
                bad.append(
                    f"{name}'s pieces overlap at {loaded.place.cell} level {loaded.place.level}"
                )
            filled |= loaded.place.mask
        if filled != state.filled[seat]:
            bad.append(f"{name}'s filled cells disagree with the pieces on the truck")
        for loaded in state.loads[seat]:
            if filled & loaded.place.support != loaded.place.support:
                bad.append(
                    f"{name}'s {loaded.kind} piece at {loaded.place.cell} level {loaded.place.level} overhangs"
                )
        return bad


def _well_typed(verb: str, args: tuple[Any, ...]) -> bool:
    if verb == "claim":
        return isinstance(args[0], str)
    if verb == "put":
        kind, cell, level, orientation = args
        return (
            isinstance(kind, str)
            and isinstance(cell, str)
            and isinstance(level, int)
            and not isinstance(level, bool)
            and orientation in (None, "x", "y", "standing")
        )
    if verb == "remove":
        return (
            isinstance(args[0], str) and isinstance(args[1], int) and not isinstance(args[1], bool)
        )
    return True


def format_args(args: tuple[Any, ...]) -> str:
    return " ".join(map(repr, args)) or "no arguments"


def _levels(state: Any, seat: int) -> int | None:
    truck = state.trucks[seat]
    return None if truck is None else state.c.truck(truck).levels
