"""Curious Cargo's Game: wiring only. Each module holds its part of the rulebook (the package
docstring lists them); this one ties them together.

- `RULES`, the verb table: each action verb -> (`why_not_<verb>(state, seat, *args)`, the one
  rule that says whether it is legal and if not why, and that `check` and `legal_actions` both
  ask; `do_<verb>(state, seat, *args, ctx)`, which resolves it), module functions of the
  rulebook's sections: set_up.py (keep), rounds.py (trade, end, store), construction.py (draw,
  place, boost, splitter), trucking.py (play, discard, recycle, dispatch, load). A rule asks
  the rule hooks only as `ctx.hook`: a why-not rule that needs them takes `ctx` by keyword
  (the game's `asking` context), a do rule the action's context.
- `PHASES`, the phases of a round: card selection, then a Construction Phase and a Trucking
  Phase in turn order, each followed by End of Phase Cleanup (rounds.py).
- the rule hooks: hookspecs.py, the rulebook's answers `DefaultRules` (default_rules.py).
- the legal actions of a turn, made once per player, side, phase and hand (speed.py).
- everything else delegates: set_up.py, components/, view.py, text.py, picture.py, bots.py,
  scoring.py, state.py.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from importlib import import_module
from itertools import groupby
from operator import attrgetter
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Setup
from dockyard import flow as flowlib
from dockyard.capabilities import Bots, Observations, Pictures, Secrets
from dockyard.flow import Phase
from dockyard.game import redeal

from . import INFO, construction, rounds, set_up, trucking
from .bonuses import turn_order
from .bots import QUICK_SUMMARY, evaluate, policies
from .components import CuriousCargoContent, build, cell_name
from .construction import add_placements
from .default_rules import DefaultRules
from .observation import observation, observation_size, write_observation
from .quick_policy import quick_action
from .rounds import PHASE_NAMES, house_verbs, pending, phase_name
from .scoring import outcome
from .speed import MAX_TURNS, Caches
from .state import CuriousCargoState, invariants, token_counts
from .text import (
    TOPICS,
    action_from_tree,
    action_space,
    announce,
    component_ids,
    describe,
    format_action,
    render,
)
from .view import QUERY_PATHS, query, secrets, view

# verb -> (why_not_<verb>(state, seat, *args), do_<verb>(state, seat, *args, ctx)), in the
# module of the rulebook's section
RULES: dict[str, tuple[Callable[..., str | None], Callable[..., None]]] = {
    verb: (getattr(module, f"why_not_{verb}"), getattr(module, f"do_{verb}"))
    for module, verbs in (
        (set_up, ("keep",)),
        (construction, ("draw", "place", "boost", "splitter")),
        (rounds, ("trade", "end")),
        (trucking, ("play", "discard", "recycle", "dispatch", "load")),
        (rounds, ("store",)),
    )
    for verb in verbs
}
VERBS = tuple(RULES)


def arity(rule: Callable[..., Any], skip: int) -> tuple[int, float]:
    """How many arguments an action of `rule` takes, least and most, read from its signature
    (the first `skip` parameters, and keyword-only ones such as `ctx`, are not the action's):
    `check` refuses an action with another number up front, so no rule is called with one."""
    params = list(inspect.signature(rule).parameters.values())[skip:]
    positional = [p for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    least = sum(p.default is p.empty for p in positional)
    most = float("inf") if any(p.kind is p.VAR_POSITIONAL for p in params) else len(positional)
    return least, most


def takes_ctx(rule: Callable[..., Any]) -> bool:
    """Does this why-not rule ask rule hooks (a keyword parameter `ctx`)?"""
    return "ctx" in inspect.signature(rule).parameters


ARITY = {verb: arity(why, 2) for verb, (why, _) in RULES.items()}
PHASES = (
    Phase(
        PHASE_NAMES[0],
        set_up.draft_order,
        simultaneous=True,
        end=set_up.end_draft,
        check_end=False,
        once=True,
    ),
    Phase(PHASE_NAMES[1], turn_order, begin=rounds.begin_construction, end=rounds.cleanup),
    Phase(PHASE_NAMES[2], turn_order, begin=rounds.begin_trucking, end=rounds.cleanup),
)

PLACEMENTS = Action("", "place")  # where `_candidates` puts the tile placements
# a group of candidate actions of one verb: (the verb's quick test that none can pass, or None;
# each action with the rule to ask)
Candidates = tuple[
    Callable[[CuriousCargoState, int], bool] | None,
    Sequence[tuple[Action, Callable[..., str | None]]],
]


class CuriousCargo(
    Game[CuriousCargoState],
    Pictures[CuriousCargoState],
    Bots[CuriousCargoState],
    Observations[CuriousCargoState],
    Secrets[CuriousCargoState],
):
    info = INFO  # name, title, summary, player counts: the package's GameInfo
    default_players = ("p1", "p2")
    content_folder = "curious_cargo"
    grammar_file = "curious_cargo.lark"
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    default_hooks = DefaultRules()
    phases = PHASES
    terminal_words = {
        "CELL": "a square such as c4",
        "DIRECTION": "a direction (east, south, west or north)",
        "COLOR": "a color (red, blue or purple)",
        "STACK": "a storage stack (a or b)",
        "TOKEN": "a token kind (construction or trucking)",
    }
    query_paths = QUERY_PATHS

    def __init__(self) -> None:
        self.bind()  # unbound: the rulebook's hooks alone (sessions bind their plugins)

    def bind(self) -> None:
        """What depends on the plugins in play, worked out once per choice of them: whether
        any house rule vetoes placements, the verbs house rules add, and the why-not rules
        ready to ask, with this game's `asking` context where they ask rule hooks."""
        self.rules_ctx = ctx = self.asking  # kept: `_legal` passes it at every call
        self.place_veto = bool(ctx.hook.cc_why_not_place.get_hookimpls())
        # derived facts and a turn's actions, per bound game, never part of a state (speed.py)
        self.caches = Caches()
        self.house = house_verbs(ctx.hook)  # the verbs house rules add, by verb
        self._house_arity = {verb: arity(rule.why_not, 3) for verb, rule in self.house.items()}

        def ready(rule: Callable[..., str | None]) -> Callable[..., str | None]:
            return partial(rule, ctx=ctx) if takes_ctx(rule) else rule

        self._why = {verb: ready(why) for verb, (why, _) in RULES.items()}
        # the rules of actions of a turn without their common guard (rounds.in_turn), which
        # `_legal` checks once for every candidate: verb -> (phases, the rule's own conditions)
        self._own = {
            verb: (why.phases, ready(why.own))  # type: ignore[attr-defined]
            for verb, (why, _) in RULES.items()
            if hasattr(why, "own")
        }
        # verb -> its quick test that no action of it can pass its rule now (rounds.in_turn)
        self._none_if = {
            verb: getattr(why, "none_if", None)
            for verb, (why, _) in RULES.items()
            if getattr(why, "none_if", None) is not None
        }

    def build_content(self, content: Any) -> CuriousCargoContent:
        return build(content)

    def setup_choices(self, content: Any) -> dict[str, dict[str, Any]]:
        return set_up.setup_choices(content)

    def setup(self, setup: Setup, ctx: Context) -> CuriousCargoState:
        return set_up.set_up(setup, ctx)

    def end_reason(self, state: CuriousCargoState) -> str | None:
        return rounds.end_reason(state, self.rules_ctx)

    def legal_actions(self, state: CuriousCargoState, player: int) -> list[Action]:
        return self._legal(state, player, placements=True)

    def legal_but_placements(self, state: CuriousCargoState, seat: int) -> list[Action]:
        """The legal actions but the tile placements (hundreds of them, which bots search their
        own way)."""
        return self._legal(state, seat, placements=False)

    def _legal(self, state: CuriousCargoState, player: int, placements: bool) -> list[Action]:
        if player not in flowlib.actors(state):
            return []
        legal: list[Action] = []
        for none_if, group in self._candidates(state, player):
            if none_if is not None and none_if(state, player):
                continue  # no action of this verb can pass its rule now
            for a, rule in group:
                if a is PLACEMENTS:  # listed by their own search
                    if placements:
                        add_placements(
                            state, player, legal, self.rules_ctx, self.caches, self.place_veto
                        )
                elif rule(state, player, *a.args) is None:
                    legal.append(a)
        for house in self.house.values():
            legal += house.actions(self, state, player)
        return legal

    def check(self, state: CuriousCargoState, action: Action, player: int) -> str | None:
        verb, args = action.verb, action.args
        rule = self._why.get(verb)
        if rule is None:
            house = self.house.get(verb)
            if house is None:
                return f"Curious Cargo has no {verb!r} action"
            least, most = self._house_arity[verb]
            if not least <= len(args) <= most:
                return wrong_arguments(verb, least, most)
            return house.why_not(self, state, player, *args)  # type: ignore[no-any-return]
        least, most = ARITY[verb]
        if not least <= len(args) <= most:
            return wrong_arguments(verb, least, most)
        return rule(state, player, *args)

    def apply(self, state: CuriousCargoState, action: Action, player: int, ctx: Context) -> None:
        rules = RULES.get(action.verb)
        if rules is None:  # a verb a house rule added
            self.house[action.verb].do(self, state, player, ctx, *action.args)
            return
        rules[1](state, player, *action.args, ctx=ctx)

    def _candidates(self, state: CuriousCargoState, seat: int) -> Sequence[Candidates]:
        """The actions to check, in order, each with the rule to ask, in groups of one verb
        with the verb's quick test that none can pass (rounds.in_turn: `none_if`, or None);
        PLACEMENTS stands where the tile placements go. An action of one's turn is asked only
        its rule's own conditions (rounds.in_turn): no question of theirs waits, and it is
        that phase."""
        name = state.players[seat]
        decision = pending(state, seat)
        why = self._why
        if decision is not None:
            if decision.kind == "load":
                rule = why["load"]
                return [(None, [(Action(name, "load", tuple(o)), rule) for o in decision.data])]
            if decision.kind != "store":
                return []  # a question of a house rule's: its verbs list the answers
            rule = why["store"]
            hand = dict.fromkeys(state.seats[seat].hand)
            stores = [(Action(name, "store", (t, s)), rule) for t in hand for s in ("a", "b")]
            return [(None, stores)]
        player = state.seats[seat]
        phase = phase_name(state)
        if phase == "card selection":
            rule = why["keep"]
            return [(None, [(Action(name, "keep", (card,)), rule) for card in player.draft])]
        colors = state.side.colors if state.side else ()
        # keyed on all they depend on (speed.py): a Truck card may be played to any player
        if phase == "trucking":
            key: tuple[Any, ...] = (name, colors, phase, tuple(player.trucks), tuple(state.players))
        else:
            key = (name, colors, phase)
        turns = self.caches.turns
        turn = turns.get(key)
        if turn is None:  # actions are values: made once per player, side, phase and hand
            if len(turns) > MAX_TURNS:
                turns.clear()
            made = self._turn_candidates(name, colors, phase, player.trucks, state.players)
            turn = turns[key] = tuple(
                (self._none_if.get(verb), tuple((a, self._turn_rule(verb, phase)) for a in group))
                for verb, group in groupby(made, key=attrgetter("verb"))
            )
        if phase == "construction" and player.construction and not state.turn.token_used:
            rule = self._turn_rule("splitter", phase)
            splitters = tuple(
                (Action(name, "splitter", (color, cell_name(cell))), rule)
                for color in colors
                if player.splitters.get(color)
                for cell in sorted(player.facility.board.teal)
            )
            return (*turn, (None, splitters))
        return turn

    def _turn_rule(self, verb: str, phase: str) -> Callable[..., str | None]:
        """The rule to ask of `verb` in one's turn in `phase` with no question waiting: its
        own conditions, when its guard (rounds.in_turn) lets it be taken in `phase`."""
        own = self._own.get(verb)
        if own is not None and phase in own[0]:
            return own[1]
        return self._why[verb]

    @staticmethod
    def _turn_candidates(
        name: str, colors: tuple[str, ...], phase: str, trucks: list[str], players: list[str]
    ) -> Iterator[Action]:
        yield Action(name, "trade", ("construction",))
        for color in colors:
            yield Action(name, "trade", ("trucking", color))
        yield Action(name, "end")
        if phase == "construction":
            yield Action(name, "draw")
            yield Action(name, "boost")
            yield PLACEMENTS
            return
        for card in dict.fromkeys(trucks):
            for target in players:
                yield Action(name, "play", (card, target))
            yield Action(name, "discard", (card,))
        for stacks in (("a", "a"), ("a", "b"), ("b", "b")):
            yield Action(name, "recycle", stacks)
        yield Action(name, "dispatch")

    def outcome(self, state: CuriousCargoState) -> Outcome:
        return outcome(state, self.asking.hook)

    def announce(self, action: Action) -> str | None:
        return announce(action)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def view(self, state: CuriousCargoState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer, self.asking.hook)

    def render(self, state: CuriousCargoState, viewer: int | None, topic: str = "") -> str:
        return render(state, viewer, topic, self.asking.hook)

    def picture(self, state: CuriousCargoState, viewer: int | None) -> Any:
        from .picture import draw

        assert state.content is not None
        return draw(self.view(state, viewer), state.content, state.truck_card)

    def scores(self, state: CuriousCargoState) -> list[float]:
        from .scoring import points

        return [points(state, p, self.asking.hook)["total"] for p in state.seats]

    def describe(self, state: CuriousCargoState, viewer: int | None, ident: str) -> str | None:
        return describe(state, ident)

    def component_ids(self, state: CuriousCargoState) -> list[str]:
        return component_ids(state)

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    def query(self, state: CuriousCargoState, path: str) -> Any:
        return query(state, path, self.asking.hook)

    def invariants(self, state: CuriousCargoState) -> list[str]:
        return invariants(state)

    def token_counts(self, state: CuriousCargoState) -> dict[str, int]:
        return token_counts(state)

    def secrets(self, state: CuriousCargoState, seat: int) -> list[str]:
        return secrets(state, seat)

    def action_space(self, state: CuriousCargoState) -> list[tuple[Any, ...]]:
        return action_space(state, self.house.values())

    def observation(self, state: CuriousCargoState, seat: int) -> Sequence[float]:
        return observation(state, seat)  # observation.py (float32 array); layout: README

    def write_observation(self, state: CuriousCargoState, seat: int, out: memoryview) -> bool:
        write_observation(state, seat, out)
        return True

    def observation_size(self, state: CuriousCargoState) -> int:
        return observation_size(state)

    def sample_state(
        self, state: CuriousCargoState, seat: int, rng: random.Random
    ) -> CuriousCargoState:
        """What `seat` cannot see dealt again: the bag with the other player's tiles in hand,
        and the Truck deck with the other player's Truck cards in hand (and to choose from)."""
        copy: CuriousCargoState = super().sample_state(state, seat, rng)
        others = [p for s, p in enumerate(copy.seats) if s != seat]
        redeal(rng, copy.bag, *(p.hand for p in others))
        redeal(rng, copy.deck, *(p.trucks for p in others), *(p.draft for p in others))
        return copy

    def benchmarks(self) -> dict[str, Callable[[], object]]:
        """Figures `dockyard bench` prints: enumerating every legal placement mid-game."""
        from dockyard.session import Session

        session = Session(self.name, seed=11)
        rng = random.Random(11)
        while not session.over:  # a Construction turn of round 6, a few tiles in hand
            st = session.state
            if st.flow.round >= 6 and phase_name(st) == "construction" and not st.flow.pending:
                seat = st.flow.active[0]
                if st.seats[seat].hand and st.turn.actions:
                    break
            seat = flowlib.actors(st)[0]
            session.apply(self.bot_action(st, seat, rng))
        state = session.state
        seat = flowlib.actors(state)[0]

        def placements() -> object:
            self.caches = Caches()
            return self.legal_actions(state, seat)

        return {"legal mid-game": placements}

    # `mcts` here: 160 playouts a move, each 3 actions of the heuristic, then `bot_evaluate`;
    # another move than the heuristic's own when its mean is better by 0.1 (about a minute a
    # game on one core; it beats `heuristic` about 2 games in 3)
    bot_playouts = 160
    bot_rollout_depth = 3
    bot_margin = 0.1
    bot_summary = QUICK_SUMMARY  # not the framework's generic line, which overstates it

    def bot_evaluate(self, state: CuriousCargoState) -> list[float]:
        return evaluate(state)

    def bot_policies(self) -> dict[str, tuple[str, Callable[..., Action]]]:
        return policies(self)

    def bot_action(self, state: CuriousCargoState, seat: int, rng: random.Random) -> Action:
        return quick_action(self, state, seat, rng)


def wrong_arguments(verb: str, least: int, most: float) -> str:
    """The refusal of an action with the wrong number of arguments for its verb."""
    if least == most:
        takes = f"{least} argument{'s' if least != 1 else ''}"
    elif most == float("inf"):
        takes = f"at least {least}"
    else:
        takes = f"{least} to {int(most)}"
    return f"wrong arguments for {verb}: it takes {takes}"
