"""Pack & Stack (Bernd Eisenstein): the Game, wiring only.

`RULES` maps each verb to its rule pair, `why_not_<verb>` (None when legal, else the reason) and
`do_<verb>` (resolve it), in the module of the rulebook's phase: pick_a_truck.py (claim),
load_truck.py (put, remove, done). The Game's methods hand each question to its module:
set_up.py, rounds.py (the phases), score_points.py (the end and the winner), view.py (what a
seat sees, `expect` queries), state.py (bookkeeping), text.py, picture.py, bots.py,
observation.py (the same as numbers, for RL). The rules ask the rule hooks (hookspecs.py; the
rulebook's answers in default_rules.py) through `ctx.hook`.
"""

from __future__ import annotations

import random
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Setup
from dockyard.flow import end_turn
from dockyard.game import redeal
from dockyard.loader import Content

from . import INFO
from .bots import bot_action
from .components import Components, build
from .default_rules import DefaultRules
from .load_truck import (
    DONE,
    do_done,
    do_put,
    do_remove,
    legal_loading,
    why_not_done,
    why_not_put,
    why_not_remove,
)
from .observation import observation, observation_size
from .pick_a_truck import do_claim, legal_claim, why_not_claim
from .rounds import PHASES, phase_name, why_not_now
from .score_points import out_of_points, outcome
from .set_up import set_up
from .state import PackAndStackState, invariants, token_counts
from .text import TOPICS, action_from_tree, action_space, format_action, render, truck_card_text
from .view import QUERY_PATHS, query, view

# verb -> (why_not_<verb>(state, seat, *args), do_<verb>(state, seat, *args, ctx))
RULES: dict[str, tuple[Any, Any]] = {
    "claim": (why_not_claim, do_claim),
    "put": (why_not_put, do_put),
    "remove": (why_not_remove, do_remove),
    DONE: (why_not_done, do_done),
}
VERBS = {"claim": 1, "put": 4, "remove": 2, DONE: 0}  # each verb's number of arguments
ENDS_TURN = frozenset({"claim", DONE})  # a player acts once in Pick a truck, until done in Load
# the legal actions of each phase in which players act
LEGAL = {"pick": legal_claim, "load": legal_loading}


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
    query_paths = QUERY_PATHS
    # (import_module: a `from . import` would import the package, which imports this module)
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    default_hooks = DefaultRules()

    # ---- content and setup ---------------------------------------------------------------
    def build_content(self, content: Content) -> Components:
        return build(content)

    def setup(self, setup: Setup, ctx: Context) -> PackAndStackState:
        return set_up(setup, ctx)

    # ---- rules ---------------------------------------------------------------------------
    def legal_actions(self, state: PackAndStackState, player: int) -> list[Action]:
        if state.flow.over is not None or player not in state.flow.active:
            return []
        legal = LEGAL.get(phase_name(state))
        return [] if legal is None else legal(state, player)

    def check(self, state: PackAndStackState, action: Action, player: int) -> str | None:
        verb, args = action.verb, action.args
        rule = RULES.get(verb)
        if rule is None:
            return f"Pack & Stack has no {verb!r} action (actions: claim, put, remove, done)"
        if len(args) != VERBS[verb] or not _well_typed(verb, args):
            return f"malformed {verb} action: {format_args(args)}"
        return why_not_now(state, player, verb) or rule[0](state, player, *args)

    def apply(self, state: PackAndStackState, action: Action, player: int, ctx: Context) -> None:
        verb = action.verb
        RULES[verb][1](state, player, *action.args, ctx)
        if verb in ENDS_TURN:
            end_turn(self, state, ctx, player)

    def end_reason(self, state: PackAndStackState) -> str | None:
        return out_of_points(state)

    def outcome(self, state: PackAndStackState) -> Outcome:
        return outcome(state)

    def scores(self, state: PackAndStackState) -> list[float]:
        return [float(p) for p in state.points]

    # ---- information ---------------------------------------------------------------------
    def view(self, state: PackAndStackState, viewer: int | None) -> dict[str, Any]:
        """Everything is open except the order of the face-down draw pile: see view.py."""
        return view(state, viewer, self.name)

    def query(self, state: PackAndStackState, path: str) -> Any:
        return query(state, path)

    def sample_state(
        self, state: PackAndStackState, seat: int, rng: random.Random
    ) -> PackAndStackState:
        """The face-down draw pile in another order (and the dice to come, by the default)."""
        copy: PackAndStackState = super().sample_state(state, seat, rng)
        redeal(rng, copy.pile)
        return copy

    # ---- bots and learning ---------------------------------------------------------------
    def bot_action(self, state: PackAndStackState, player: int, rng: random.Random) -> Action:
        """A sensible legal action for `player`: see bots.py."""
        return bot_action(state, player, rng)

    def action_space(self, state: PackAndStackState) -> list[tuple[Any, ...]]:
        """Every action that may ever be legal, for the RL action index: see text.py."""
        return action_space(state.c)

    # ---- text and pictures ---------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def render(self, state: PackAndStackState, viewer: int | None, topic: str = "") -> str:
        return render(state, viewer, topic)

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    def describe(self, state: PackAndStackState, viewer: int | None, ident: str) -> str | None:
        return truck_card_text(state, ident)

    def component_ids(self, state: PackAndStackState) -> list[str]:
        return [t.id for t in state.c.trucks]

    def picture(self, state: PackAndStackState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), state.c)

    # ---- conservation --------------------------------------------------------------------
    def token_counts(self, state: PackAndStackState) -> dict[str, int]:
        return token_counts(state)

    def invariants(self, state: PackAndStackState) -> list[str]:
        return invariants(state, phase_name(state))

    # ---- learning ------------------------------------------------------------------------
    def observation(self, state: PackAndStackState, seat: int) -> list[float]:
        """What `seat` sees as numbers, laid out by the components: see observation.py."""
        return observation(state, seat)

    def observation_size(self, state: PackAndStackState) -> int:
        return observation_size(state)


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
