"""Which actions a player may play now (`legal_actions`, `out_of_turn`), and why not another (one
sentence): the arguments' types, the cards and ships they name, whose turn or question it is,
and then the action's own rule, its `why_not_X` (game.py's RULES table names each verb's pair,
and the module of the rulebook that plays it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from dockyard import Action, Decision
from dockyard.flow import actors, asked

from .choices import POWER, answer_options, holds_any_time_power, use_options, why_not_use
from .components import ACTIONS
from .free import FREE, free_options
from .importing import BID, GOODS, IMPORTS, KEEP, TIE, bid_options, keep_options
from .pirate import DECK, ISLAND, RANDOM, TOP
from .playing_a_turn import ACT_VERBS, IMPORT, act_options, legal_lead, phase_name, plays
from .reading import acting_type
from .state import ImportExportState

WhyNot = Callable[..., str | None]  # why_not_X(state, seat, *args): None when legal

# verb -> the types of its arguments (str, int, or None for "a string or nothing")
SIGNATURES: dict[str, tuple[Any, ...]] = {
    "draw": (),
    "pass": (),
    "scrap": (str,),
    "contract": (str, str),
    "load": (str, str),
    "import": (str,),
    "bid": (int,),
    "favor": (str,),
    "keep": (str, str),
    "drop": (str,),
    "pirate": (str, str, None),
    "sell": (str,),
    "take": (str,),
    "choose": (str,),
    "use": (str, str),
}

ANY_TIME = ("use", "scrap")  # verbs a player may play while the game waits for another


# ---- what a player may play now --------------------------------------------------------------


def legal_actions(state: ImportExportState, player: int) -> list[Action]:
    flow = state.flow
    if flow.over is not None:
        return []
    if player not in actors(state):  # another's turn or question: what is for any time
        return any_time_actions(state, player)
    if flow.pending:
        decision = asked(state, player)
        assert decision is not None  # an actor while questions wait is asked one
        answers = _answers(state, player, decision)
        extra = any_time_actions(state, player)  # beside the answers
        return list(dict.fromkeys(answers + extra)) if extra else answers
    return _turn_actions(state, player)


def out_of_turn(state: ImportExportState) -> list[int]:
    """Who may act although the game waits for others: "At any point when a player is the
    leader of the turn, they may discard any shipment contracts", and a power worded "at
    any time" may be used whenever the game waits for anyone's decision."""
    if state.flow.over is not None:
        return []
    waiting = actors(state)
    return [
        seat
        for seat in range(len(state.players))
        if seat not in waiting and any_time_actions(state, seat)
    ]


def any_time_actions(state: ImportExportState, seat: int) -> list[Action]:
    """What `seat` may do at any moment: discard contracts as the leader, use a power
    worded "at any time"."""
    name = state.players[seat]
    out = (
        [Action(name, "scrap", (card,)) for s in state.home_ships(seat) for card in s.contracts]
        if seat == state.leader
        else []
    )
    if holds_any_time_power(state, seat):
        out += use_options(state, seat, out_of_turn=True)
    return out


def _answers(state: ImportExportState, player: int, decision: Decision) -> list[Action]:
    name = state.players[player]
    if decision.kind == BID:
        return [Action(name, "bid", (n,)) for n in bid_options(state, player)]
    if decision.kind == TIE:
        return [Action(name, "favor", (state.players[s],)) for s in decision.data]
    if decision.kind == POWER:
        return [Action(name, "choose", (w,)) for w in answer_options(state, decision)]
    if decision.kind == FREE:
        return free_options(state, decision)
    return [
        Action(name, "keep", (card, place)) if place else Action(name, "drop", (card,))
        for card, place in keep_options(state, player)
    ]


def _turn_actions(state: ImportExportState, player: int) -> list[Action]:
    name = state.players[player]
    phase = phase_name(state)
    scraps = (
        [Action(name, "scrap", (card,)) for s in state.home_ships(player) for card in s.contracts]
        if player == state.leader
        else []
    )
    uses = use_options(state, player)
    if phase == "lead":
        return [
            Action(name, "draw", ()),
            *(Action(name, "lead", args) for args in legal_lead(state, player)),
            *scraps,
            *uses,
        ]
    if phase == "follow":
        return [
            Action(name, "draw", ()),
            *(Action(name, "follow", cards) for cards in plays(state, player, state.declared)),
            *uses,
        ]
    out = act_options(state, player)
    if acting_type(state, player) != IMPORT:
        out.append(Action(name, "pass", ()))
    return out + scraps + uses


# ---- why not ------------------------------------------------------------------------------------


def why_not(
    state: ImportExportState, action: Action, player: int, rules: Mapping[str, WhyNot]
) -> str | None:
    """Why `player` may not play `action` now (None: they may); `rules`: verb -> its rule."""
    verb, args = action.verb, action.args
    if verb in ("lead", "follow"):
        lead = verb == "lead"
        cards = args[1:] if lead else args
        if not 1 <= len(cards) <= 2 or not all(isinstance(a, str) for a in args):
            return f"malformed {verb} action: {args!r}"
        if lead and args[0] not in ACTIONS:
            return f"{args[0]!r} is not an action ({', '.join(ACTIONS)})"
        if list(cards) != sorted(cards):
            return f"malformed {verb} action: the wild's cards are in order ({args!r})"
    elif verb not in SIGNATURES:
        known = ", ".join(["lead", "follow", *SIGNATURES])
        return f"Import / Export has no {verb!r} action (actions: {known})"
    elif not _well_typed(args, SIGNATURES[verb]):
        return f"malformed {verb} action: {args!r}"
    for arg in args[:1] if verb == "use" else args:  # (a power's word is checked by it)
        if (
            isinstance(arg, str)
            and verb not in ("favor", "lead", "choose")
            and not _known(state, arg)
        ):
            return f"there is no card or ship called {arg!r} (see `show cards`)"
    flow = state.flow
    waiting = actors(state)
    decision = asked(state, player) if flow.pending and player in waiting else None
    free_answer = (
        decision is not None and decision.kind == FREE and action in free_options(state, decision)
    )
    if not free_answer and (player not in waiting or (decision and verb in ANY_TIME)):
        return _why_not_any_time(state, action, player, waiting, rules)
    if flow.pending:
        return _why_not_answer(state, verb, args, player, rules)
    phase = phase_name(state)
    if verb == "scrap" and player != state.leader:
        return "only the leader discards contracts (at any point of their turn)"
    if verb in ANY_TIME:
        return rules[verb](state, player, *args)
    if phase == "lead":
        if verb in ("lead", "draw"):
            return rules[verb](state, player, *args)
        return "first lead an action (lead ACTION with CARD) or draw"
    if phase == "follow":
        if verb in ("follow", "draw"):
            return rules[verb](state, player, *args)
        return f"follow {state.declared} (follow with CARD) or draw"
    return _why_not_act(state, verb, args, player, rules)


def _why_not_any_time(
    state: ImportExportState,
    action: Action,
    player: int,
    waiting: list[int],
    rules: Mapping[str, WhyNot],
) -> str | None:
    """An action while the game waits for another's move or answer (or beside one's own
    answer): only a leader's discard and a power worded "at any time"."""
    if action.verb == "use":
        return why_not_use(state, player, action.args[0], action.args[1], out_of_turn=True)
    if action.verb == "scrap":
        if player != state.leader:
            return "only the leader discards contracts (at any point of their turn)"
        return rules["scrap"](state, player, *action.args)
    names = " or ".join(state.players[s] for s in waiting) or "nobody"
    return (
        f"it is not {state.players[player]}'s turn (waiting for {names}); meanwhile a "
        'player may use a power worded "at any time" (use CARD WORD), and the leader '
        "discard contracts (scrap CARD)"
    )


def _why_not_answer(
    state: ImportExportState,
    verb: str,
    args: tuple[Any, ...],
    player: int,
    rules: Mapping[str, WhyNot],
) -> str | None:
    decision = asked(state, player)
    if decision is None:
        top = state.flow.pending[-1]
        if top.private:  # its choices are cards of the asked player's hand
            return f"first {state.players[top.player]} answers"
        return f"first {top.prompt}"
    if decision.kind == FREE:
        if Action(state.players[player], verb, args) in free_options(state, decision):
            return None
        return decision.prompt
    wanted = {BID: ("bid",), TIE: ("favor",), KEEP: ("keep", "drop"), POWER: ("choose",)}
    if verb not in wanted[decision.kind]:
        return decision.prompt
    if verb == "keep" and args[1] not in (IMPORTS, GOODS):
        return f"keep a card in imports or goods, not {args[1]}"
    return rules[verb](state, player, *args)


def _why_not_act(
    state: ImportExportState,
    verb: str,
    args: tuple[Any, ...],
    player: int,
    rules: Mapping[str, WhyNot],
) -> str | None:
    declared = acting_type(state, player)
    if verb == "pass":
        return rules["pass"](state, player)
    if ACT_VERBS.get(verb) != declared:
        return f"the action this turn is {declared}"
    if state.actions_left[player] <= 0 and not (declared == IMPORT and player == state.leader):
        return f"you have no {declared} actions left"
    return rules[verb](state, player, *args)


def _well_typed(args: tuple[Any, ...], types: tuple[Any, ...]) -> bool:
    if len(args) != len(types):
        return False
    for arg, kind in zip(args, types, strict=True):
        if kind is None:
            if arg is not None and not isinstance(arg, str):
                return False
        elif kind is int:
            if not isinstance(arg, int) or isinstance(arg, bool):
                return False
        elif not isinstance(arg, kind):
            return False
    return True


def _known(state: ImportExportState, word: str) -> bool:
    return (
        word in state.c.by_id
        or state.ship(word) is not None
        or word in (ISLAND, IMPORTS, GOODS, DECK, TOP, RANDOM)  # (MINI VAN's places)
        or word in state.players
    )
