"""Import / Export: the Game, wiring only. `RULES` names each verb's rule pair (why not, do) and
the module of the rulebook that holds it; the methods delegate to the modules the package's
docstring lists (legality.py: what may be played now; view.py: what a seat sees; text.py: the
words; bots.py: the bot)."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Setup
from dockyard.flow import answer, asked, resume
from dockyard.loader import Content

from . import INFO
from .bots import bot_action, evaluate
from .choices import do_choose, scrap_and_settle, use, why_not_choose, why_not_use
from .components import Box, build
from .contract import do_contract, why_not_contract
from .free import FREE, free_options, take_free
from .importing import (
    do_bid,
    do_drop,
    do_favor,
    do_import,
    do_keep,
    why_not_bid,
    why_not_drop,
    why_not_favor,
    why_not_import,
    why_not_keep,
)
from .legality import ANY_TIME, legal_actions, out_of_turn, why_not
from .load import do_load, why_not_load
from .pirate import do_pirate, why_not_pirate
from .playing_a_turn import (
    PHASES,
    do_draw,
    do_follow,
    do_lead,
    do_pass,
    phase_name,
    settle,
    why_not_draw,
    why_not_follow,
    why_not_lead,
    why_not_pass,
)
from .powers import winners as power_winners
from .scoring import end_reasons, outcome
from .set_up import set_up
from .shipments import why_not_scrap
from .state import ImportExportState
from .supply import do_sell, do_take, why_not_sell, why_not_take
from .text import (
    TERMINAL_WORDS,
    TOPICS,
    action_from_tree,
    announce,
    describe_card,
    format_action,
    legal_group,
    render,
)
from .view import (
    QUERY_PATHS,
    action_space,
    hidden_query,
    invariants,
    query,
    sample_unseen,
    secrets,
    token_counts,
    view,
)
from .vocabulary import WORDS

# verb -> (why_not(state, seat, *args) -> str | None, do(state, seat, *args, ctx=ctx)), by the
# rulebook's sections; legality.py decides first whether the verb may be played now at all
RULES: dict[str, tuple[Callable[..., str | None], Callable[..., None]]] = {
    # PLAYING A TURN (playing_a_turn.py)
    "lead": (why_not_lead, do_lead),
    "follow": (why_not_follow, do_follow),
    "draw": (why_not_draw, do_draw),
    "pass": (why_not_pass, do_pass),
    # the actions: CONTRACT, LOAD, IMPORT, PIRATE, SUPPLY
    "contract": (why_not_contract, do_contract),  # contract.py
    "load": (why_not_load, do_load),  # load.py
    "import": (why_not_import, do_import),  # importing.py: the ship of an import round
    "pirate": (why_not_pirate, do_pirate),  # pirate.py
    "sell": (why_not_sell, do_sell),  # supply.py
    "take": (why_not_take, do_take),  # supply.py
    # IMPORT's questions: bids, the tie, where imported cards go (importing.py)
    "bid": (why_not_bid, do_bid),
    "favor": (why_not_favor, do_favor),
    "keep": (why_not_keep, do_keep),
    "drop": (why_not_drop, do_drop),
    # DISCARDING SHIPMENT CONTRACTS (shipments.py), and the powers' questions and powers used
    # at any time (choices.py)
    "scrap": (why_not_scrap, scrap_and_settle),  # a question left with no option passes
    "choose": (why_not_choose, do_choose),
    "use": (why_not_use, use),
}
WHY_NOT = {verb: why_not for verb, (why_not, _) in RULES.items()}
# verbs after which nothing more settles: the turn's own moves go on with the flow themselves,
# and a leader's discard leaves the acting player as they were
UNSETTLED = ("lead", "follow", "draw", "scrap")


class ImportExport(Game):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2", "p3")
    content_folder = "import_export"
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    grammar_file = "import_export.lark"
    phases = PHASES
    query_paths = QUERY_PATHS
    terminal_words = TERMINAL_WORDS
    max_playout_steps = 20_000

    # ---- content -------------------------------------------------------------------------
    def build_content(self, content: Content) -> Box:
        return build(content, WORDS)

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> ImportExportState:
        return set_up(setup, ctx)

    # ---- rules ---------------------------------------------------------------------------
    def out_of_turn(self, state: ImportExportState) -> list[int]:
        return out_of_turn(state)

    def legal_actions(self, state: ImportExportState, player: int) -> list[Action]:
        return legal_actions(state, player)

    def check(self, state: ImportExportState, action: Action, player: int) -> str | None:
        return why_not(state, action, player, WHY_NOT)

    def apply(self, state: ImportExportState, action: Action, player: int, ctx: Context) -> None:
        verb = action.verb
        decision = asked(state, player) if state.flow.pending else None
        if (
            decision is not None
            and decision.kind == FREE
            and (verb not in ANY_TIME or action in free_options(state, decision))
        ):
            answer(state, player)
            take_free(state, decision, action, lambda a: self._do(state, a, player, ctx), ctx)
            resume(self, state, ctx)
            settle(state, self, ctx)
        else:
            self._do(state, action, player, ctx)
            if verb not in UNSETTLED:  # a power that spends an action may end the turn
                settle(state, self, ctx)
        self._special_wins(state, ctx)

    def _do(self, state: ImportExportState, action: Action, player: int, ctx: Context) -> None:
        RULES[action.verb][1](state, player, *action.args, ctx=ctx)

    def _special_wins(self, state: ImportExportState, ctx: Context) -> None:
        """A power that makes its owner win ends the game at once (THE MOTHER LOAD)."""
        if state.flow.over is not None:
            return
        won = sorted(set(power_winners(state)) | set(state.won))
        if won:
            state.won = won
            names = ", ".join(state.players[s] for s in won)
            reason = f"{names} won by the power of a completed shipment"
            state.flow.over = reason
            ctx.emit("game-over", None, f"the game ends: {reason}", reason=reason)

    def end_reason(self, state: ImportExportState) -> str | None:
        reasons = end_reasons(state)
        return "; ".join(text for _, text in reasons) or None

    def outcome(self, state: ImportExportState) -> Outcome:
        return outcome(state)

    def scores(self, state: ImportExportState) -> list[float]:
        return [float(x) for x in state.credits]

    # ---- bots ------------------------------------------------------------------------------
    bot_playouts = 48
    bot_rollout_depth = 30

    def bot_action(self, state: ImportExportState, player: int, rng: random.Random) -> Action:
        return bot_action(self, state, player, rng)

    def bot_evaluate(self, state: ImportExportState) -> list[float]:
        return evaluate(state)

    def sample_state(
        self, state: ImportExportState, seat: int, rng: random.Random
    ) -> ImportExportState:
        """The deck and the other players' hands dealt again; bids not yet revealed made up."""
        copy: ImportExportState = super().sample_state(state, seat, rng)
        sample_unseen(copy, seat, rng)
        return copy

    # ---- text ----------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def announce(self, action: Action) -> str | None:
        return announce(action)

    def legal_group(self, action: Action) -> str:
        return legal_group(action)

    def render(self, state: ImportExportState, viewer: int | None, topic: str = "") -> str:
        return render(state, viewer, topic, phase_name(state))

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    def describe(self, state: ImportExportState, viewer: int | None, ident: str) -> str | None:
        return describe_card(state, ident)

    def component_ids(self, state: ImportExportState) -> list[str]:
        return [card.id for card in state.c.cards]

    def picture(self, state: ImportExportState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), state.c)

    # ---- what a seat sees ----------------------------------------------------------------
    def view(self, state: ImportExportState, viewer: int | None) -> dict[str, Any]:
        return view(self.name, state, viewer, phase_name(state))

    def secrets(self, state: ImportExportState, seat: int) -> list[str]:
        return secrets(state, seat)

    def hidden_query(self, state: ImportExportState, path: str, viewer: int | None) -> str | None:
        return hidden_query(state, path, viewer)

    def query(self, state: ImportExportState, path: str) -> Any:
        return query(state, path, phase_name(state))

    def token_counts(self, state: ImportExportState) -> dict[str, int]:
        return token_counts(state)

    def invariants(self, state: ImportExportState) -> list[str]:
        return invariants(state)

    def action_space(self, state: ImportExportState) -> list[tuple[Any, ...]]:
        return action_space(state)

    def observation(self, state: ImportExportState, seat: int) -> list[float]:
        from .observation import observation

        return observation(state, seat)

    def observation_size(self, state: ImportExportState) -> int:
        from .observation import observation_size

        return observation_size(state)
