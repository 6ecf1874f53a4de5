"""Tom Jolly's Cargo: the Game, wiring the rulebook's modules together (see __init__.py).

`RULES` maps each verb to its rule pair: `why_not_VERB(state, seat, *args)` (None = legal, else
the reason) and `do_VERB(state, seat, *args, ctx)` (the
game, to move the flow on, is `ctx.game`; the rule hooks `ctx.hook`). `check` first asks whether the phase
takes the verb at all (`out_of_phase`), then the verb's own rule."""

from __future__ import annotations

import random
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Setup
from dockyard.loader import Content

from . import INFO
from .bots import bot_action, evaluate
from .components import CargoDock, build
from .default_rules import DefaultRules
from .observation import observation, observation_size
from .playing import (
    DONE,
    PLAY,
    PUT_BACK,
    do_done,
    do_move,
    do_place,
    legal_moves,
    legal_places,
    phase,
    rescued,
    why_not_done,
    why_not_move,
    why_not_place,
)
from .scoring import outcome
from .set_up import SHIPS, WORKERS, do_choose, legal_choices, set_up, why_not_choose
from .state import CargoState, invariants, token_counts
from .text import (
    TOPICS,
    action_from_tree,
    action_space,
    format_action,
    legal_group,
    render,
    well_typed,
)
from .view import query, view

RULES: dict[str, tuple[Any, Any]] = {
    "choose": (why_not_choose, do_choose),  # SETUP (set_up.py)
    "place": (why_not_place, do_place),  # workers at setup and back, crates put back (playing.py)
    "move": (why_not_move, do_move),  # PLAYING (playing.py, a step: pushing.py)
    DONE: (why_not_done, do_done),  # the turn ends early (playing.py)
}
VERBS = tuple(RULES)


def out_of_phase(state: CargoState, verb: str) -> str | None:
    """Why the game takes no `verb` now: a crate to put back comes first, the ships are chosen
    (`choose`) before the workers are placed (`place`), and those before anyone moves."""
    pending = state.flow.pending
    if pending and pending[-1].kind == PUT_BACK:
        return None if verb == "place" else pending[-1].prompt
    now = phase(state)
    if verb == "choose":
        return None if now == "ships" else "the ships are chosen"
    if now == "ships":
        return "first choose a ship: choose COLOR"
    if now == "workers" and verb != "place":
        return "first place your workers: place WORKER SQUARE"
    return None


class Cargo(Game):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2")
    content_folder = "cargo"
    grammar_file = "cargo.lark"
    phases = (SHIPS, WORKERS, PLAY)
    terminal_words = {
        "WORD": "a worker (dockhand, burly, mule, elephant) or a color",
        "CELL": "a square such as c4",
        "STEP": "a direction (north, east, south, west), or pull and a direction",
        "COUNT": "how many dockhands, such as 2",
    }
    query_paths = (
        ("crate.CELL", "the color of the crate on that square, or none"),
        ("worker.CELL", "who stands there: `p1-mule`, a stack as `p2-dockhand+p1-dockhand`"),
        ("workers.CELL", "how many workers stand on that square"),
        ("points.P", "P's points"),
        ("crates.P", "P's crates still on the dock or waiting to be put back"),
        ("front.P", "crates in front of P (own crates loaded, others' pushed into the sea)"),
        ("ship.P", "the color of P's ship (none before it is chosen)"),
        ("water.P", "P's workers in the water"),
        ("doctor.P", "P's Dockhands at the Doctor"),
        ("out.P", "P's workers out of the game"),
        ("first", "who won the roll to choose a ship and place first (none with a layout)"),
        ("mover", "who won the roll to move first (none before it is rolled)"),
        ("moves", "workers the player to move may still move this turn"),
        ("aside", "crates waiting to be put back"),
    )
    max_playout_steps = 20_000
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    default_hooks = DefaultRules()

    # ---- content and setup ---------------------------------------------------------------
    def build_content(self, content: Content) -> CargoDock:
        return build(content)

    def setup(self, setup: Setup, ctx: Context) -> CargoState:
        return set_up(setup, ctx)

    # ---- rules ---------------------------------------------------------------------------
    def legal_actions(self, state: CargoState, player: int) -> list[Action]:
        flow = state.flow
        if flow.over is not None:
            return []
        if flow.pending:
            return legal_places(state, player) if flow.pending[-1].player == player else []
        if player not in flow.active:
            return []
        now = phase(state)
        if now == "ships":
            return legal_choices(state, player)
        if now == "workers" or rescued(state):
            return legal_places(state, player)
        # a Dockhand back from the Doctor may come back now, later in the turn, or not
        return legal_places(state, player) + legal_moves(state, player)

    def check(self, state: CargoState, action: Action, player: int) -> str | None:
        verb, args = action.verb, action.args
        if verb not in RULES:
            return f"Cargo has no {verb!r} action (actions: {', '.join(VERBS)})"
        if not well_typed(verb, args):
            return f"malformed {verb} action: {' '.join(map(repr, args)) or 'no arguments'}"
        why_not, _ = RULES[verb]
        return out_of_phase(state, verb) or why_not(state, player, *args)

    def apply(self, state: CargoState, action: Action, player: int, ctx: Context) -> None:
        _, do = RULES[action.verb]
        do(state, player, *action.args, ctx)

    def outcome(self, state: CargoState) -> Outcome:
        return outcome(state)

    def scores(self, state: CargoState) -> list[float]:
        return [float(p) for p in state.points]

    # ---- bots (bots.py) and learning agents (observation.py) --------------------------------------
    bot_playouts = 64
    bot_rollout_depth = 6  # actions: about two turns, then bot_evaluate

    def bot_evaluate(self, state: CargoState) -> list[float]:
        """Each seat's chance of winning: see bots.evaluate."""
        return evaluate(state)

    def bot_action(self, state: CargoState, player: int, rng: random.Random) -> Action:
        """Push your crates home and the others' into the sea: see bots.py."""
        return bot_action(state, player, rng)

    def action_space(self, state: CargoState) -> list[tuple[Any, ...]]:
        """Every action that may ever be legal, for the RL action index: see text.py."""
        return action_space(state)

    def observation(self, state: CargoState, seat: int) -> list[float]:
        """For RL (dockyard.interop): planes over the map's squares, then numbers; see observation.py."""
        return observation(state, seat)

    def observation_size(self, state: CargoState) -> int:
        return observation_size(state)

    # ---- text (text.py) and pictures (picture.py) ----------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def legal_group(self, action: Action) -> str:
        return legal_group(action)

    def render(self, state: CargoState, viewer: int | None, topic: str = "") -> str:
        return render(state, topic)

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    def picture(self, state: CargoState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), {k.kind: k.letter for k in state.c.kinds})

    # ---- information (view.py) and conservation (state.py) -------------------------------
    def view(self, state: CargoState, viewer: int | None) -> dict[str, Any]:
        """Everything is open."""
        return view(state, viewer, self.name)

    def query(self, state: CargoState, path: str) -> Any:
        return query(state, path)

    def token_counts(self, state: CargoState) -> dict[str, int]:
        """Crates and workers, wherever they are: see state.token_counts."""
        return token_counts(state)

    def invariants(self, state: CargoState) -> list[str]:
        return invariants(state)
