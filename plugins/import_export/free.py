"""Powers that give an action out of turn (a free action) or that a player uses at any time.

- `{"free_action": {"action": A, "count": N}}` (an effect): the owner may take N actions of
  type A now, without cards and without their turn (GLASSES: an import by themselves;
  SATELLITE, NANOBOTS, BATTERIES: a load); A `any`: of any type (STRETCH GOALS, `unpaid`: ship
  owners take nothing for the imports); A `hand`: one for each card in hand, of its type, that
  card spent (PLATINUM RINGS). A question of kind `free`: the actions on offer, or `pass`.

Powers used at any time (`use CARD WORD`) are in choices.py.
"""

from __future__ import annotations

import json
from typing import Any

from dockyard import Action, Context, Decision
from dockyard.flow import push

from .components import ACTIONS
from .harbor import gain
from .importing import choose_options, import_alone
from .playing_a_turn import ACT_VERBS, options_for
from .powers import completed, fire
from .reading import Who, amount, goods_room
from .shipments import check_complete, load
from .state import ImportExportState

FREE = "free"  # the kind of a free action's question


def e_free_action(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    data = {
        "action": spec["action"],
        "count": amount(state, who, spec.get("count", 1)),
        "card": who.card,
        "unpaid": spec.get("unpaid", False),
    }
    if _choices(state, who.me, data):
        _ask(state, who.me, data, ctx)


def _ask(state: ImportExportState, seat: int, data: dict[str, Any], ctx: Context) -> None:
    action = data["action"]
    what = {"any": "free action of any type", "hand": "free action of a card in your hand"}
    name = state.players[seat]
    power = state.c.card(data["card"]).name
    prompt = f"{power}: a {what.get(action, f'free {action} action')} (or pass)"
    push(state, Decision(seat, FREE, prompt, (json.dumps(data),)))
    ctx.emit("ask", name, f"{name}: {prompt}")


def _choices(state: ImportExportState, seat: int, data: dict[str, Any]) -> list[Action]:
    """The free actions on offer: of one type, of `any` type (STRETCH GOALS), or `hand`: of
    the type of a card in hand that the action does not use, which it spends (PLATINUM RINGS)."""
    name = state.players[seat]
    kind = data["action"]
    found: list[Action] = []
    for action in ACTIONS if kind in ("any", "hand") else (kind,):
        if action == "import":
            found += [Action(name, "import", (ship,)) for ship in choose_options(state, seat)]
            continue
        state.actions_left[seat] += 1
        found += options_for(state, seat, action)
        state.actions_left[seat] -= 1
    if kind == "hand":
        found = [a for a in found if _spent_card(state, seat, a) is not None]
    return found


def _spent_card(state: ImportExportState, seat: int, action: Action) -> str | None:
    """The card of the action's type a free action of the hand spends: the first in hand
    that the action does not itself use."""
    verb = ACT_VERBS[action.verb]
    return next(
        (
            card
            for card in state.hands[seat]
            if state.c.card(card).action == verb and card not in action.args
        ),
        None,
    )


def free_options(state: ImportExportState, decision: Decision) -> list[Action]:
    data = json.loads(decision.data[0])
    return [
        *_choices(state, decision.player, data),
        Action(state.players[decision.player], "pass", ()),
    ]


def take_free(
    state: ImportExportState, decision: Decision, action: Action, perform: Any, ctx: Context
) -> None:
    """Play a free action (`perform(action)` does it as a turn's action would), then ask for
    the next one if more are free."""
    data = json.loads(decision.data[0])
    seat = decision.player
    if action.verb == "pass":
        return
    if data["action"] == "hand":
        spent = _spent_card(state, seat, action)
        assert spent is not None
        state.hands[seat].remove(spent)
        state.discard.append(spent)
        name = state.players[seat]
        ctx.emit("spend", name, f"{name} spends {spent} for a free {action.verb}")
    if data["count"] > 1:  # asked once what this action asks (an import's cards) is answered
        _ask(state, seat, {**data, "count": data["count"] - 1}, ctx)
    if action.verb == "import":
        import_alone(state, seat, action.args[0], ctx, owner_paid=not data.get("unpaid"))
    else:
        state.actions_left[seat] += 1
        perform(action)


def e_contract_self(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """The power's own card, from the hand or the shipments, contracted onto a ship in the
    owner's harbor (BAMBOO, LUTEFISK)."""
    ship = state.ship(spec["ship"])
    card = who.card
    for place in (state.hands[who.me], state.shipments[who.me]):
        if card in place and ship is not None:
            if place is state.shipments[who.me]:
                state.lost[who.me] += 1
            place.remove(card)
            ship.contracts.append(card)
            name = state.players[who.me]
            ctx.emit("contract", name, f"{name} contracts {card} onto {ship.id} ({card}'s power)")
            if spec.get("action"):  # a contract action (FLOUR)
                fire(state, ctx, "contract", by=who.me, type=state.c.card(card).type, ship=ship.id)
            check_complete(state, ship, ctx)
            return


def e_load_self(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """The power's own card, from the shipments, loaded as a container (SEGWAYS)."""
    ship = state.ship(spec["ship"])
    if ship is None or who.card not in state.shipments[who.me]:
        return
    state.shipments[who.me].remove(who.card)
    state.lost[who.me] += 1
    load(state, ship, who.card, ctx)


def e_activate(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """A card's one-time power, as if its shipment had just completed (APPLES)."""
    completed(state, who.me, [spec], ctx)


def e_copy(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """From now on this card has the powers of another (WIND TURBINES); a one-time power
    works at once."""
    state.copies[who.card] = spec
    name = state.players[who.me]
    ctx.emit("copy", name, f"{state.c.card(who.card).name} copies {state.c.card(spec).name}")
    completed(state, who.me, [who.card], ctx)


def e_imports_to_goods(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Every import of an action type into the goods, credits for each; what does not fit
    is discarded (SOY SAUCE)."""
    moved = [c for c in state.imports[who.me] if state.c.card(c).action == spec["action"]]
    for card in moved:
        state.imports[who.me].remove(card)
        (state.goods[who.me] if goods_room(state, who.me) else state.discard).append(card)
    gain(state, who.me, spec.get("gain_each", 0) * len(moved), ctx, who.card)


def e_contract_card(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """A card from my hand contracted onto a ship in my harbor, without an action (OYSTERS)."""
    ship = state.ship(spec["ship"])
    card = spec["card"]
    if ship is None or card not in state.hands[who.me]:
        return
    state.hands[who.me].remove(card)
    ship.contracts.append(card)
    name = state.players[who.me]
    ctx.emit("contract", name, f"{name} contracts {card} onto {ship.id} ({who.card})")
    fire(state, ctx, "contract", by=who.me, type=state.c.card(card).type, ship=ship.id)
    check_complete(state, ship, ctx)
