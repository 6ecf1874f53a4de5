"""Is an Import / Export action legal now, and if not, why (one sentence): the arguments' types,
the cards and ships they name, whose turn or question it is, and then each rule (`why_not_*`
of the module that plays it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dockyard import Action
from dockyard.flow import actors, asked

from .actions import (
    ACT_VERBS,
    DECK,
    ISLAND,
    RANDOM,
    TOP,
    why_not_contract,
    why_not_load,
    why_not_pirate,
    why_not_sell,
    why_not_take,
)
from .choices import (
    POWER,
    answer_options,
    why_not_use,
)
from .components import ACTIONS
from .free import FREE, free_options
from .importing import (
    BID,
    GOODS,
    IMPORTS,
    KEEP,
    TIE,
    why_not_bid,
    why_not_choose,
    why_not_favor,
    why_not_keep,
)
from .reading import acting_type
from .shipments import why_not_scrap
from .state import ImportExportState
from .turns import (
    IMPORT,
    phase_name,
    why_not_play,
)

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


def why_not(state: ImportExportState, action: Action, player: int) -> str | None:
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
        return _why_not_any_time(state, action, player, waiting)
    if flow.pending:
        return _why_not_answer(state, verb, args, player)
    phase = phase_name(state)
    if verb == "use":
        return why_not_use(state, player, args[0], args[1])
    if verb == "scrap":
        if player != state.leader:
            return "only the leader discards contracts (at any point of their turn)"
        return why_not_scrap(state, player, args[0])
    if phase == "lead":
        if verb == "lead":
            return why_not_play(state, player, args[0], args[1:])
        return None if verb == "draw" else "first lead an action (lead ACTION with CARD) or draw"
    if phase == "follow":
        if verb == "follow":
            return why_not_play(state, player, state.declared or "", args, leading=False)
        if verb == "draw":
            return None
        return f"follow {state.declared} (follow with CARD) or draw"
    return _why_not_act(state, verb, args, player)


def _why_not_any_time(
    state: ImportExportState, action: Action, player: int, waiting: list[int]
) -> str | None:
    """An action while the game waits for another's move or answer (or beside one's own
    answer): only a leader's discard and a power worded "at any time"."""
    if action.verb == "use":
        return why_not_use(state, player, action.args[0], action.args[1], out_of_turn=True)
    if action.verb == "scrap":
        if player != state.leader:
            return "only the leader discards contracts (at any point of their turn)"
        return why_not_scrap(state, player, action.args[0])
    names = " or ".join(state.players[s] for s in waiting) or "nobody"
    return (
        f"it is not {state.players[player]}'s turn (waiting for {names}); meanwhile a "
        'player may use a power worded "at any time" (use CARD WORD), and the leader '
        "discard contracts (scrap CARD)"
    )


def _why_not_answer(
    state: ImportExportState, verb: str, args: tuple[Any, ...], player: int
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
    if verb == "choose":
        words = answer_options(state, decision)
        if args[0] not in words:
            return f"choose one of: {', '.join(words)}"
        return None
    if verb == "bid":
        return why_not_bid(state, player, args[0])
    if verb == "favor":
        return why_not_favor(state, player, args[0])
    if verb == "keep" and args[1] not in (IMPORTS, GOODS):
        return f"keep a card in imports or goods, not {args[1]}"
    return why_not_keep(state, player, args[0], args[1] if verb == "keep" else None)


def _why_not_act(
    state: ImportExportState, verb: str, args: tuple[Any, ...], player: int
) -> str | None:
    declared = acting_type(state, player)
    if verb == "pass":
        return "the leader chooses a ship for every import round" if declared == IMPORT else None
    if ACT_VERBS.get(verb) != declared:
        return f"the action this turn is {declared}"
    if state.actions_left[player] <= 0 and not (declared == IMPORT and player == state.leader):
        return f"you have no {declared} actions left"
    rules: dict[str, Callable[..., str | None]] = {
        "contract": why_not_contract,
        "load": why_not_load,
        "pirate": why_not_pirate,
        "sell": why_not_sell,
        "take": why_not_take,
    }
    if verb == "import":
        return why_not_choose(state, player, args[0])
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
