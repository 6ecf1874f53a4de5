"""Ship, Captain and Crew (a traditional tavern dice game), 2-6 players.

On your turn you roll five dice, up to three times. You must keep a 6 (your ship) before a 5
(your captain) before a 4 (your crew); they are kept as soon as a roll shows them, in that
order, and several may come in one roll. With the ship, captain and crew kept, the other dice
are your cargo: `stop` to score their sum, or roll them all again while you have rolls left.
A turn that ends without ship, captain and crew scores nothing. After the rounds the highest
total wins; a tie is shared. The numbers (dice, faces, rolls, rounds, what must be kept) are
content: content/ship_captain_crew/rules.json.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from dockyard import Action, Context, Game, Outcome, Rng, Setup, State
from dockyard.flow import FlowState, Phase, end_turn, reveal, seat_order, start
from dockyard.loader import Content, ContentError

from . import INFO


@dataclass(frozen=True)
class Rules:
    dice: int
    faces: int
    rolls: int
    rounds: int
    sequence: tuple[tuple[str, int], ...]  # (name, face), kept in this order


@dataclass(slots=True)
class Turn:
    rolls_left: int
    kept: list[str] = field(default_factory=list)  # names of the sequence kept so far
    dice: list[int] = field(default_factory=list)  # the faces of the dice not kept


@dataclass(slots=True)
class CrewState(State):
    rules: Rules | None = None
    totals: list[int] = field(default_factory=list)
    turn: Turn = field(default_factory=lambda: Turn(0))


def keep(
    sequence: tuple[tuple[str, int], ...], kept: list[str], dice: list[int]
) -> tuple[list[str], list[int]]:
    """The rule of the game: after a roll, keep the next faces of the sequence, in order, as long
    as the roll shows them. Returns what is kept now and the dice left rolling."""
    kept, rest = list(kept), list(dice)
    for name, face in sequence[len(kept) :]:
        if face not in rest:
            break
        rest.remove(face)
        kept.append(name)
    return kept, rest


class ShipCaptainCrew(Game):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2")
    content_folder = "ship_captain_crew"
    grammar_file = "ship_captain_crew.lark"
    resource_package = __package__  # this package's grammar/ and content/
    phases = (Phase("round", seat_order),)
    query_paths = (
        ("total.P", "P's total so far"),
        ("rolls_left", "rolls left in this turn"),
        ("kept", "how many dice are kept"),
    )

    # ---- content ----------------------------------------------------------------------------
    def build_content(self, content: Content) -> Rules:
        (doc,) = content.of_kind("rules")
        d = doc.data
        problems = []
        faces = [s["face"] for s in d["sequence"]]
        for i, face in enumerate(faces):
            if face > d["faces"]:
                problems.append(
                    content.problem(
                        doc,
                        ["sequence", i, "face"],
                        f"a die has no face {face} (faces: 1-{d['faces']})",
                    )
                )
        if len(faces) >= d["dice"]:
            problems.append(
                content.problem(
                    doc,
                    ["sequence"],
                    f"{len(faces)} kept faces leave no cargo among {d['dice']} dice",
                )
            )
        if problems:
            raise ContentError(problems)
        seq = tuple((s["name"], s["face"]) for s in d["sequence"])
        return Rules(d["dice"], d["faces"], d["rolls"], d["rounds"], seq)

    # ---- rules ------------------------------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> CrewState:
        rules: Rules = setup.content.built
        state = CrewState(list(setup.players), Rng(setup.seed), FlowState(), rules)
        state.totals = [0] * len(setup.players)
        state.turn = Turn(rules.rolls)
        start(self, state, ctx)
        return state

    def _crewed(self, state: CrewState) -> bool:
        assert state.rules is not None
        return len(state.turn.kept) == len(state.rules.sequence)

    def legal_actions(self, state: CrewState, player: int) -> list[Action]:
        if state.flow.over is not None or player not in state.flow.active:
            return []
        name = state.players[player]
        out = [Action(name, "roll")] if state.turn.rolls_left > 0 else []
        if self._crewed(state):
            out.append(Action(name, "stop"))
        return out

    def check(self, state: CrewState, action: Action, player: int) -> str | None:
        if action.verb not in ("roll", "stop") or action.args:
            return f"Ship, Captain and Crew has no {action.verb!r} action"
        if action.verb == "stop" and not self._crewed(state):
            return "you can stop only once your ship, captain and crew are kept"
        if action.verb == "roll" and state.turn.rolls_left < 1:
            return "you have no rolls left"
        return None

    def apply(self, state: CrewState, action: Action, player: int, ctx: Context) -> None:
        turn, rules, name = state.turn, state.rules, action.player
        assert rules is not None
        if action.verb == "roll":
            count = rules.dice - len(turn.kept)
            faces = [state.rng.randint(1, rules.faces) for _ in range(count)]
            reveal(state)  # dice rolled: what they show cannot be taken back
            turn.rolls_left -= 1
            before = len(turn.kept)
            turn.kept, turn.dice = keep(rules.sequence, turn.kept, faces)
            got = turn.kept[before:]
            also = f", keeps {' and '.join(got)}" if got else ""
            ctx.emit(
                "roll", name, f"{name} rolls {' '.join(map(str, faces))}{also}", dice=tuple(faces)
            )
            if turn.rolls_left > 0:
                return
        self._end_of_turn(state, player, ctx)

    def _end_of_turn(self, state: CrewState, player: int, ctx: Context) -> None:
        name, turn = state.players[player], state.turn
        assert state.rules is not None
        score = sum(turn.dice) if self._crewed(state) else 0
        state.totals[player] += score
        why = f"cargo {' + '.join(map(str, turn.dice))}" if score else "no ship, captain and crew"
        ctx.emit("score", name, f"{name} scores {score} ({why}); total {state.totals[player]}")
        state.turn = Turn(state.rules.rolls)
        end_turn(self, state, ctx, player)

    def end_reason(self, state: CrewState) -> str | None:
        assert state.rules is not None
        if state.flow.round >= state.rules.rounds:
            return f"{state.rules.rounds} rounds played"
        return None

    def outcome(self, state: CrewState) -> Outcome:
        best = max(state.totals)
        winners = tuple(p for p, t in zip(state.players, state.totals, strict=True) if t == best)
        scores = {p: float(t) for p, t in zip(state.players, state.totals, strict=True)}
        return Outcome(state.flow.over or "", winners, scores)

    def bot_action(self, state: CrewState, seat: int, rng: random.Random) -> Action:
        """Stop with a cargo of 8 or more, else roll while rolls are left."""
        legal = self.legal_actions(state, seat)
        stop = [a for a in legal if a.verb == "stop"]
        if stop and (sum(state.turn.dice) >= 8 or len(legal) == 1):
            return stop[0]
        return next(a for a in legal if a.verb == "roll")

    # ---- information ------------------------------------------------------------------------
    def view(self, state: CrewState, viewer: int | None) -> dict[str, Any]:
        t = state.turn
        return {
            "round": state.flow.round,
            "totals": dict(zip(state.players, state.totals, strict=True)),
            "rolls_left": t.rolls_left,
            "kept": list(t.kept),
            "dice": list(t.dice),
        }

    def render(self, state: CrewState, viewer: int | None, topic: str = "") -> str:
        assert state.rules is not None
        t = state.turn
        lines = [f"round {state.flow.round} of {state.rules.rounds}"]
        for p, total in zip(state.players, state.totals, strict=True):
            lines.append(f"  {p}: {total}")
        kept = ", ".join(t.kept) or "nothing yet"
        dice = " ".join(map(str, t.dice)) or "-"
        lines.append(f"kept: {kept}; dice: {dice}; rolls left: {t.rolls_left}")
        return "\n".join(lines)

    def query(self, state: CrewState, path: str) -> Any:
        if path.startswith("total."):
            name = path[6:]
            if name not in state.players:
                raise KeyError(path)
            return state.totals[state.players.index(name)]
        if path == "rolls_left":
            return state.turn.rolls_left
        if path == "kept":
            return len(state.turn.kept)
        raise KeyError(path)

    def invariants(self, state: CrewState) -> list[str]:
        assert state.rules is not None
        t, problems = state.turn, []
        if (t.kept or t.dice) and len(t.kept) + len(t.dice) != state.rules.dice:
            problems.append(f"{len(t.kept)} dice kept and {len(t.dice)} rolling")
        if any(total < 0 for total in state.totals):
            problems.append("a negative total")
        return problems
