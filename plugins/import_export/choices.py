"""Powers that ask: a player chooses (`choose WORD`), in the middle of anyone's turn.

`{"choose": {...}}` is an effect that stops to ask, through the engine's pending questions
(the same seat and hidden-information rules as every other question):

- `who`: `me` (the power's owner, the default), `them` (the player who set it off), or
  `each-other` / `everyone` (each in turn, clockwise from the owner);
- `options`: `[{"say": WORD, "if": CONDITION, "do": [...]}]`, the words the chooser may say
  (an option whose `if` does not hold for the chooser is not offered);
- or `from`: a list to pick one of (`types`, `cards`, `my-hand`, `their-hand`, `their-goods`,
  `their-shipments`, `island`; `type` narrows it to a good type), whose `then` runs with the
  chosen word in place of `"$choice"` (in a choice nested in it, `"$chosen"`), or of the
  name `as` gives it (`"$first"`: for choices nested deeper); `like` narrows the list to cards
  of one type; `or` adds labelled options beside the list.

The effects after a `choose` in the same list run once the (last) answer is in. Inside the
chosen effects, `me` is still the power's owner and `them` the chooser.

Powers used at any time are choices too: `{"when": "any-time", "from": "hand" | "shipments",
"use": CHOICE, "if": C}` (an ability): while the card is in the owner's hand or shipments, the
owner may `use CARD WORD` whenever they may act (their turn in any phase), WORD being one of
the choice's options: ICELAND WATER, TELESCOPES, LUTEFISK, SEGWAYS; with `{"acting": A}` in
its `if`, in place of an action of type A (CELL PHONES, SMART CARS, FLOUR).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from dockyard import Action, Context, Decision
from dockyard.flow import answer, asked, push, resume

from .components import GOOD_TYPES
from .powers import run, substitute
from .reading import Who, holds
from .shipments import capacity, contracted, fits, fits_color, scrap
from .state import ImportExportState

POWER = "power"  # the kind of the questions powers ask


def _domain(state: ImportExportState, spec: dict[str, Any], chooser: int) -> list[str]:
    c = state.c
    where = spec["from"]
    if where == "types":
        return list(GOOD_TYPES)
    if where == "cards":
        return sorted(c.by_id)
    if where == "my-ships":  # home ships the power's card may be contracted onto
        size = c.card(spec.get("for", spec["_card"])).size
        return [
            sh.id
            for sh in state.home_ships(chooser)
            if contracted(state, sh) + size <= capacity(state, chooser)
        ]
    if where == "my-fitting-ships":  # home ships the card (`for`), or a `color`, may load onto
        color = spec.get("color") or c.card(spec.get("for", spec["_card"])).color
        return [sh.id for sh in state.home_ships(chooser) if fits_color(state, sh, color)]
    if where == "my-hand-fitting":  # cards in my hand that fit the event's ship
        ship = state.ship(spec.get("_ship") or "")
        if ship is None or ship.owner != chooser:
            return []
        return sorted({card for card in state.hands[chooser] if fits(state, ship, card)})
    if where == "my-hand-paired":  # cards in my hand with another of the same type there
        types = Counter(c.card(card).type for card in state.hands[chooser])
        return sorted({card for card in state.hands[chooser] if types[c.card(card).type] > 1})
    if where == "them-loaded":  # containers on the ships of the player the power concerns
        return sorted(
            {card for sh in state.ships if sh.owner == spec["_them"] for card in sh.loaded}
        )
    if where == "others-shipments":  # completed shipments of the other players
        kind = spec.get("type")
        return sorted(
            {
                card
                for s, cards in enumerate(state.shipments)
                if s != chooser
                for card in cards
                if kind is None or c.card(card).type == kind
            }
        )
    if where == "completed-low":  # completed shipments of tier 1 or lower, anyone's
        return sorted(
            {
                card
                for s in state.shipments
                for card in s
                if c.card(card).tier <= 1 and card != spec["_card"]
            }
        )
    if where == "sea-paired":  # containers at sea with another of their type at sea
        at_sea = [card for ship in state.at_sea() for card in ship.loaded]
        types = Counter(c.card(card).type for card in at_sea)
        return sorted({card for card in at_sea if types[c.card(card).type] > 1})
    if where == "sea-containers":
        found = {card for ship in state.at_sea() for card in ship.loaded}
        return sorted(_like(state, spec, found))
    if where == "event-ship":
        ship = state.ship(data_ship) if (data_ship := spec.get("_ship")) else None
        return sorted(set(ship.loaded)) if ship is not None else []
    cards = {
        "my-hand": state.hands[chooser],
        "my-goods": state.goods[chooser],
        "their-hand": state.hands[chooser],
        "their-goods": state.goods[chooser],
        "their-shipments": state.shipments[chooser],
        "island": state.island,
    }[where]
    kind = spec.get("type")
    return sorted(
        _like(state, spec, {card for card in cards if kind is None or c.card(card).type == kind})
    )


def _like(state: ImportExportState, spec: dict[str, Any], cards: set[str]) -> set[str]:
    """`like`: only cards of the same type as that card, not the card itself (ROBOT CATS)."""
    like = spec.get("like")
    if not like:
        return cards
    kind = state.c.card(like).type
    return {card for card in cards if card != like and state.c.card(card).type == kind}


def options(
    state: ImportExportState, spec: dict[str, Any], who: Who, chooser: int
) -> list[tuple[str, Any]]:
    """(word, effects) the chooser may say."""
    out: list[tuple[str, Any]] = []
    judged = Who(chooser, who.me, who.card, who.data)
    if "from" in spec:
        where = {**spec, "_ship": who.data.get("ship"), "_card": who.card, "_them": who.them}
        mark = spec.get("as", "$choice")
        out += [(w, substitute(spec["then"], w, mark)) for w in _domain(state, where, chooser)]
    for option in spec.get("options", []) + spec.get("or", []):
        if holds(state, judged, option.get("if")) and _still_mine(state, who, option):
            out.append((option["say"], option["do"]))
    return out


def _still_mine(state: ImportExportState, who: Who, option: dict[str, Any]) -> bool:
    """An option to take the power's own card (CHICKEN FEED) lasts while the owner has it."""
    return not option.get("while_owned") or who.card in state.shipments[who.me]


def ask(
    state: ImportExportState, who: Who, spec: dict[str, Any], rest: list[Any], ctx: Context
) -> None:
    """Push the questions of a `choose` effect (the first chooser's on top)."""
    n = len(state.players)
    whom = spec.get("who", "me")
    if whom in ("each-other", "everyone"):
        first = 1 if whom == "each-other" else 0
        choosers = [(who.me + i) % n for i in range(first, n)]
    elif whom == "them":
        choosers = [] if who.them is None else [who.them]
    else:
        choosers = [who.me]
    asked = [(s, options(state, spec, who, s)) for s in choosers]
    for s, opts in asked:
        if not opts:  # passed over in view of the table, as a player at the table says so
            name, card = state.players[s], state.c.card(who.card).name
            ctx.emit("choose", name, f"{name} has nothing to choose ({card})")
    asked = [(s, opts) for s, opts in asked if opts]
    if not asked:
        run(state, who, rest, ctx)
        return
    for k, (chooser, opts) in enumerate(reversed(asked)):
        later = rest if k == 0 else []  # the rest runs after the last answer
        them = chooser if whom != "me" else who.them
        data = {
            "owner": who.me,
            "them": them,
            "card": who.card,
            "data": who.data,
            "spec": spec,
            "rest": later,
            "words": [w for w, _ in opts],
        }
        words = ", ".join(w for w, _ in opts[:8]) + (", ..." if len(opts) > 8 else "")
        prompt = f"{state.c.card(who.card).name}: choose {words}"
        push(state, Decision(chooser, POWER, prompt, (json.dumps(data),), private=True))
        name = state.players[chooser]
        # the choices may be cards of the chooser's hand: asked of them alone, the others told
        # only who is asked, by which card
        ctx.emit("ask", name, f"{name}: {prompt}", audience=(name,))
        ctx.emit("asked", name, f"{name} is asked to choose ({state.c.card(who.card).name})")


def settle(state: ImportExportState, ctx: Context) -> None:
    """A question whose every option the table has since taken away is passed over, as a
    question with no option is when it would be asked (`ask`): what followed it runs, and the
    game goes on. The leader may discard a contract at any point of their turn, also while a
    power asks them which ship a drawn card goes to (CELL PHONES: "If the drawn card is capable
    of being loaded onto one of your shipments, you must load that card, otherwise, keep it in
    your hand"): with no ship left for it, the card stays in the hand it was drawn into."""
    while state.flow.pending:
        top = state.flow.pending[-1]
        if top.kind != POWER or top.together or answer_options(state, top):
            return
        decision = answer(state, top.player)
        data = question(decision)
        who = Who(data["owner"], data["them"], data["card"], data["data"])
        name = state.players[decision.player]
        card = state.c.card(who.card).name
        ctx.emit("choose", name, f"{name} has nothing left to choose ({card})")
        run(state, who, list(data["rest"]), ctx)
        resume(ctx.game, state, ctx)


def scrap_and_settle(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    """`scrap CARD` (shipments.py), then any question it left without an option passed over."""
    scrap(state, seat, card, ctx)
    settle(state, ctx)


def question(decision: Decision) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(decision.data[0])
    return data


def answer_options(state: ImportExportState, decision: Decision) -> list[str]:
    """The words the chooser may say now (recomputed: the table may have changed)."""
    data = question(decision)
    who = Who(data["owner"], data["them"], data["card"], data["data"])
    return [w for w, _ in options(state, data["spec"], who, decision.player)]


def why_not_choose(state: ImportExportState, seat: int, word: str) -> str | None:
    """The answer to the power's question `seat` is asked (legality.py found it asked)."""
    decision = asked(state, seat)
    assert decision is not None
    words = answer_options(state, decision)
    if word not in words:
        return f"choose one of: {', '.join(words)}"
    return None


def do_choose(state: ImportExportState, seat: int, word: str, ctx: Context) -> None:
    """The question answered: the chosen option runs, then the game goes on."""
    decision = answer(state, seat)
    answered(state, decision, word, ctx)
    resume(ctx.game, state, ctx)


def answered(state: ImportExportState, decision: Decision, word: str, ctx: Context) -> None:
    """Run the chosen option, then what followed the `choose`."""
    data = question(decision)
    who = Who(data["owner"], data["them"], data["card"], data["data"])
    chosen = dict(options(state, data["spec"], who, decision.player))[word]
    name = state.players[decision.player]
    text = f"{name} chooses {word} ({state.c.card(who.card).name})"
    # a card of a hand is named only to the chooser and that hand's owner (the choice was
    # announced to everyone as made in secret); the moves that follow say what becomes public
    owners = [s for s, hand in enumerate(state.hands) if word in hand]
    if owners:
        audience = tuple(dict.fromkeys([name, *(state.players[s] for s in owners)]))
        ctx.emit("choose", name, text, audience=audience)
        ctx.emit("choose", name, f"{name} chooses ({state.c.card(who.card).name})")
    else:
        ctx.emit("choose", name, text)
    run(state, who, [*chosen, *data["rest"]], ctx)


# ---- powers used at any time -------------------------------------------------------------------


def _usable(state: ImportExportState, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """(card, ability) of the any-time powers `seat` holds where they work. A power whose use
    is still asking its questions is not used again until they are answered (LED LIGHTS once
    swapped cards for ever, each use bringing a card in before its two were given back)."""
    out = []
    places = {"hand": state.hands[seat], "shipments": state.shipments[seat]}
    pending = state.flow.pending
    busy = (
        {question(d)["card"] for d in pending if d.kind == POWER and d.player == seat}
        if pending
        else ()
    )
    for where, cards in places.items():
        for card in dict.fromkeys(cards):
            if card in busy:
                continue
            for ability in state.c.card(card).any_time:
                if ability.get("from", "shipments") == where:
                    if ability.get("limit") == "turn" and f"use:{seat}:{card}" in state.used:
                        continue
                    if holds(state, Who(seat, None, card), ability.get("if")):
                        out.append((card, ability))
    return out


def at_any_time(ability: dict[str, Any]) -> bool:
    """A power worded "at any time" (ICELAND WATER, TELESCOPES, SEGWAYS, LUTEFISK): usable
    whenever the game waits for anyone's decision, also in other players' turns. The others
    used with `use` are an alternative to one of the owner's actions (CELL PHONES, ROBOT CATS,
    SMART CARS, FLOUR: their condition says `acting`)."""
    return not _acting(ability)


_ACTING: dict[int, tuple[dict[str, Any], bool]] = {}  # id(ability) -> (it, its answer)


def _acting(ability: dict[str, Any]) -> bool:
    """Does the ability's condition say `acting` (an alternative to one of the owner's
    actions)? (Asked over and over of the same content: remembered by identity.)"""
    found = _ACTING.get(id(ability))
    if found is not None and found[0] is ability:
        return found[1]
    answer = "acting" in json.dumps(ability.get("if"))
    if len(_ACTING) > 4096:
        _ACTING.clear()
    _ACTING[id(ability)] = (ability, answer)
    return answer


def holds_any_time_power(state: ImportExportState, seat: int) -> bool:
    """A quick look: does `seat` hold a card with a power used at any time (in hand or among
    its shipments)? (`use_options` says whether one is usable now.)"""
    cards = state.c.card
    return any(cards(card).any_time for card in (*state.hands[seat], *state.shipments[seat]))


def use_options(
    state: ImportExportState, seat: int, acting: bool = False, out_of_turn: bool = False
) -> list[Action]:
    """`use CARD WORD` lines `seat` may play now (`acting`: only of the powers used as an
    action's alternative: CELL PHONES, ROBOT CATS, SMART CARS, FLOUR; `out_of_turn`: only of
    the powers worded "at any time")."""
    name = state.players[seat]
    return [
        Action(name, "use", (card, word))
        for card, ability in _usable(state, seat)
        if not acting or _acting(ability)
        if not out_of_turn or at_any_time(ability)
        for word, _ in options(state, ability["use"], Who(seat, None, card), seat)
    ]


def why_not_use(
    state: ImportExportState, seat: int, card: str, word: str, out_of_turn: bool = False
) -> str | None:
    abilities = [
        a for c, a in _usable(state, seat) if c == card and (not out_of_turn or at_any_time(a))
    ]
    if not abilities:
        if out_of_turn and any(c == card for c, _ in _usable(state, seat)):
            return f"{card}'s power goes with one of your own actions, not in another's turn"
        return f"you have no power of {card} to use now"
    words = [w for a in abilities for w, _ in options(state, a["use"], Who(seat, None, card), seat)]
    if word not in words:
        return f"{card} can be used with: {', '.join(words) or 'nothing now'}"
    return None


def use(state: ImportExportState, seat: int, card: str, word: str, ctx: Context) -> None:
    for c, ability in _usable(state, seat):
        if c != card:
            continue
        chosen = dict(options(state, ability["use"], Who(seat, None, card), seat)).get(word)
        if chosen is not None:
            name = state.players[seat]
            ctx.emit("use", name, f"{name} uses {state.c.card(card).name}: {word}")
            if ability.get("limit") == "turn":
                state.used.append(f"use:{seat}:{card}")
            run(state, Who(seat, None, card), substitute(chosen, word), ctx)
            return
