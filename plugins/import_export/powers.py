"""The goods' powers at work: when a card's effects (goods.json) run, and what its lasting
changes to the rules are.

A power is its owner's once the card is among their completed shipments. Each card lists
abilities, each one of:

- `{"when": "completed", "do": [...]}`: once, as its shipment completes (the appendix's Ⓛ);
- `{"when": {"event": E, ...filters}, "do": [...], "limit": "turn"}`: every time E happens
  (filters: `by` me / other / anyone, `type`, `not_type`, `color`, `action`, `not_this`);
- `{"when": "game-end", "do": [{"score": AMOUNT}]}`: credits added at scoring;
- `{"modify": KIND, ...}`: a lasting change the rules ask about (`modifiers`): wild container
  colors, rainbow requirements, the game's end, ties, good values, ship capacity...;
- `{"win": CONDITION}`: the owner wins at once when it holds.

Events the rules fire: `shipment` (a shipment completed: by, types, colors, cards), `contract`
(by, type), `load` (a container loaded by a load action: by, color, type), `good` (a card added
to someone's goods: by, type), `ship-home` (a ship back from sea: by = its owner), `draw` (a
draw action: by), `pirate` (a pirate action: by), `import` (containers imported: by, owner,
colors), `lead` (by, action), `spent` (someone paid or gave 4 credits or more: by).
Every ability may add `"if": CONDITION` (reading.py).

`run` interprets a list of effects: each word is looked up in the box's vocabulary (vocabulary.py's
table: the effects of effects.py and free.py, and the words that stop, such as choices.py's
question, after which the rest waits for the answer), so no module here needs the ones built on
it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dockyard import Context

from .reading import Who, abilities, amount, holds
from .state import ImportExportState

Effect = Callable[[ImportExportState, Who, Any, Context], None]
# An effect that stops to ask (choices.py's `choose`): it is given the effects after it, to
# run once the answer is in.
Stop = Callable[[ImportExportState, Who, Any, list[Any], Context], None]


def run(state: ImportExportState, who: Who, effects: list[Any], ctx: Context) -> None:
    """Each effect in order: `{"gain": 2}`; `{"if": C, "then": [...], "else": [...]}`;
    `{"each": {"players": "other" | "all", "as": "them" | "me", "do": [...]}}` (the effects
    once for each other player or everyone, clockwise from the owner, that player being `them`,
    or `me`: their own effects). At an effect that asks (`choose`), the rest waits for the answer; it is
    carried as plain data, so a question asked in the middle of a loop or a branch resumes
    where it was."""
    words = state.c.words
    stops = words.stops
    todo = list(effects)
    while todo:
        effect = todo.pop(0)
        stop = next((word for word in effect if word in stops), None)
        if stop is not None:
            stops[stop](state, who, effect[stop], todo, ctx)
            return
        if "if" in effect and "then" in effect:
            branch = effect["then"] if holds(state, who, effect["if"]) else effect.get("else", [])
            todo[:0] = branch
        elif "each" in effect:
            each = effect["each"]
            n = len(state.players)
            first = 1 if each["players"] == "other" else 0
            seats = [(who.me + i) % n for i in range(first, n)]
            as_me = each.get("as") == "me"
            todo[:0] = [
                {"_who": [s, who.me] if as_me else [who.me, s], "do": each["do"]} for s in seats
            ]
        elif "_who" in effect:  # effects for other players; then back to these players
            me, them = effect["_who"]
            back = [{"_who": [who.me, who.them], "do": todo}] if todo else []
            run(state, Who(me, them, who.card, who.data), [*effect["do"], *back], ctx)
            return
        else:
            for word, spec in effect.items():
                words.effects[word](state, who, spec, ctx)


def substitute(effects: Any, word: str, mark: str = "$choice") -> Any:
    """The effects with `word` in place of `mark` ("$choice": a choice's answer; "$drawn": the
    card just drawn). Inside a choice nested in them, "$choice" is that choice's own answer, and
    the outer answer is written "$chosen" there."""
    if effects == mark:
        return word
    if isinstance(effects, list):
        return [substitute(e, word, mark) for e in effects]
    if isinstance(effects, dict):
        inner = "$chosen" if mark == "$choice" else mark
        return {
            k: substitute(v, word, inner if k == "choose" else mark) for k, v in effects.items()
        }
    return effects


def _clockwise(state: ImportExportState) -> list[int]:
    n = len(state.players)
    return [(state.leader + i) % n for i in range(n)]


def _matches(when: dict[str, Any], seat: int, card: str, data: dict[str, Any]) -> bool:
    by = data.get("by")
    whom = when.get("by", "anyone")
    if whom == "me" and by != seat or whom == "other" and by == seat:
        return False
    types = data.get("types") or ([data["type"]] if "type" in data else [])
    if "type" in when and when["type"] not in types:
        return False
    if "not_type" in when and when["not_type"] in types:
        return False
    if "with_types" in when and not set(when["with_types"]) <= set(types):
        return False
    if "color" in when and when["color"] not in data.get("colors", [data.get("color")]):
        return False
    if "action" in when and when["action"] != data.get("action"):
        return False
    if data.get("followers", 1) < when.get("followers_at_least", 0):
        return False
    return not (when.get("not_this") and card in data.get("cards", ()))


def fire(state: ImportExportState, ctx: Context, event: str, **data: Any) -> None:
    """Run every power that `event` sets off, owners clockwise from the leader."""
    for seat in _clockwise(state):
        for card in list(state.shipments[seat]):
            for i, ability in enumerate(abilities(state, card)):
                when = ability.get("when")
                if not isinstance(when, dict) or when.get("event") != event or "as" in when:
                    continue
                if not _matches(when, seat, card, data):
                    continue
                who = Who(seat, data.get("by"), card, _facts(data))
                if not holds(state, who, ability.get("if")):
                    continue
                limit = ability.get("limit")
                if limit in ("turn", "turn-each"):
                    # once a turn; "turn-each": once a turn for each player who sets it off
                    key = f"{seat}:{card}:{i}" + (
                        f":{data.get('by')}" if limit == "turn-each" else ""
                    )
                    if key in state.used:
                        continue
                    state.used.append(key)
                run(state, who, ability["do"], ctx)


def _facts(data: dict[str, Any]) -> dict[str, Any]:
    """What a power's later questions need of its event (JSON: the ship, its owner, the card)."""
    return {k: data[k] for k in ("ship", "owner", "card") if k in data}


def completed(state: ImportExportState, seat: int, cards: list[str], ctx: Context) -> None:
    """The one-time powers of the contracts just completed, first contracted first."""
    for card in cards:
        for ability in abilities(state, card):
            if ability.get("when") == "completed":
                who = Who(seat, seat, card)
                if holds(state, who, ability.get("if")):
                    run(state, who, ability["do"], ctx)


def end_scores(state: ImportExportState, seat: int) -> int:
    """Credits the game-end powers add to a player's score."""
    total = 0
    for card in state.shipments[seat]:
        for ability in abilities(state, card):
            if ability.get("when") != "game-end":
                continue
            who = Who(seat, None, card)
            if not holds(state, who, ability.get("if")):
                continue
            for effect in ability["do"]:
                if "score" in effect:
                    total += amount(state, who, effect["score"])
    return total


def winners(state: ImportExportState) -> list[int]:
    """Players whose power says they win now (THE MOTHER LOAD)."""
    return [
        seat
        for seat in range(len(state.players))
        for card in state.shipments[seat]
        for ability in abilities(state, card)
        if "win" in ability and holds(state, Who(seat, None, card), ability["win"])
    ]
