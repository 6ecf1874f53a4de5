"""The `greedy` bot of Import / Export: complete shipments, the surest credits.

It leads load when a container in hand fits a shipment, contract when a ship in its harbor is
free and a card in hand can be contracted and loaded soon, import when it can pay and a ship at
sea holds something, and otherwise draws (or sells when the hand is full). It follows an action
it can use with a card it does not need, and draws otherwise. It contracts the card its hand
can load soonest, loads whatever fits, pirates what it can load, bids a little for imports and
keeps an imported card in imports when its action is load or contract (extra actions), in goods
otherwise. `evaluate` reads a position for `mcts`.

Powers: it values a card's power by a simple estimate (`power_value`: what its one-time
effects give in credits, a little for a lasting or recurring power) when it contracts; it
answers a power's question, and uses a power at any time, by looking one step ahead on a table
dealt again from what it sees (`Game.sample_state`: it never peeks at the deck or a hand).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from dockyard import Action, Context

from .contract import contract_cost
from .importing import IMPORTS
from .playing_a_turn import phase_name
from .scoring import bills
from .shipments import missing
from .state import ImportExportState

USEFUL = ("load", "contract")  # imported actions worth keeping in imports


def _needs(state: ImportExportState, seat: int) -> Counter[str]:
    need: Counter[str] = Counter()
    for ship in state.home_ships(seat):
        if ship.contracts:
            need.update(missing(state, ship))
    return need


def power_value(state: ImportExportState, card: str) -> float:
    """A simple estimate of a card's power, in credits."""
    others = len(state.players) - 1
    total = 0.0
    for ability in state.c.card(card).effects:
        when = ability.get("when")
        if when == "completed":
            total += _effects_value(ability["do"], others)
        elif when == "game-end":
            total += sum(
                e["score"] if isinstance(e.get("score"), int) else 4 for e in ability["do"]
            )
        elif "win" in ability:
            total += 2.0
        else:  # a lasting change, a power set off by events, a power used at any time
            total += 3.0
    return total


def _effects_value(effects: list[Any], others: int) -> float:
    """Credits one-time effects are worth: a card drawn as a credit, a question or a free
    action a little more."""
    per_word = {"gain": 1, "passive": 1, "draw": 1, "pay": -1, "charge": 1, "give_each": -others}
    worth = 0.0
    for effect in effects:
        for word, spec in effect.items():
            if word in per_word:
                worth += per_word[word] * (spec if isinstance(spec, int) else 2)
            elif word == "collect":
                amount = spec.get("amount")
                worth += others * (amount if isinstance(amount, int) else 2)
            else:
                worth += {"free_action": 3.0, "choose": 2.0}.get(word, 1.0)
    return worth


def _lookahead(
    game: Any, state: ImportExportState, seat: int, options: list[Action], rng: random.Random
) -> tuple[float, list[tuple[float, Action]]]:
    """How `seat` stands now, and each option's worth to it one step ahead, on one table dealt
    again from its view."""
    seen = game.sample_state(state, seat, rng)
    if len(options) > 12:
        options = rng.sample(options, 12)
    out = []
    for action in options:
        copy = game.clone(seen)
        game.apply(copy, action, seat, Context(game, game.hook))
        out.append((evaluate(copy)[seat], action))
    return evaluate(seen)[seat], out


def _score(state: ImportExportState, seat: int, action: Action) -> float:
    c = state.c
    verb, args = action.verb, action.args
    need = _needs(state, seat)
    hand_colors = Counter(c.card(card).color for card in state.hands[seat])
    if verb == "load":
        return 10.0
    if verb == "contract":
        card = c.card(args[0])
        covered = sum(min(n, hand_colors[color] - (color == card.color)) for color, n in card.load)
        cost = contract_cost(state, seat, args[0])
        return 6.0 + covered - card.size * 0.5 - cost + 0.3 * power_value(state, args[0])
    if verb == "pirate":
        return 8.0 if args[2] is not None else 0.5
    if verb == "take":
        return 5.0 if c.card(args[0]).action in USEFUL else 3.0
    if verb == "sell":
        card = c.card(args[0])
        return 4.0 - (3.0 if need[card.color] else 0.0)
    if verb == "keep":
        card = c.card(args[0])
        if args[1] == IMPORTS:
            return 5.0 if card.action in USEFUL else 2.0
        return 3.0
    if verb == "pass":
        return 0.0
    return 1.0


def _lead(state: ImportExportState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    c = state.c
    need = _needs(state, seat)
    hand = state.hands[seat]
    fits = [card for card in hand if need[c.card(card).color]]
    free_ship = any(not s.contracts for s in state.home_ships(seat))
    wants: list[str] = []
    if fits:
        wants.append("load")
    if free_ship and len(hand) >= 3:
        wants.append("contract")
    if state.credits[seat] >= 6 and state.at_sea():
        wants.append("import")
    if len(hand) >= 7:
        wants.append("supply")
    for action in wants:
        options = [
            a for a in legal if a.verb == "lead" and a.args[0] == action and len(a.args) == 2
        ]
        # never lead with the only container that fits
        options = [
            a for a in options if not (action == "load" and a.args[1] in fits and len(fits) == 1)
        ]
        if options:
            return rng.choice(options)
    return next(a for a in legal if a.verb == "draw")


def _follow(state: ImportExportState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    c = state.c
    action = state.declared
    need = _needs(state, seat)
    singles = [a for a in legal if a.verb == "follow" and len(a.args) == 1]
    useful = {
        "load": bool(need),
        "contract": any(not s.contracts for s in state.home_ships(seat)),
        "import": state.credits[seat] >= 4,
        "pirate": bool(need),
        "supply": len(state.hands[seat]) >= 5,
    }.get(action or "", False)
    spare = [a for a in singles if not need[c.card(a.args[0]).color]]
    if useful and spare:
        return rng.choice(spare)
    return next(a for a in legal if a.verb == "draw")


def bot_action(game: Any, state: ImportExportState, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(state, seat)
    uses = [a for a in legal if a.verb == "use"]
    if uses:  # a power used at any time, when it looks better than not using it
        now, worths = _lookahead(game, state, seat, uses, rng)
        worth, use = max(worths, key=lambda t: t[0])
        if worth > now + 0.01:
            return use
        legal = [a for a in legal if a.verb != "use"] or legal
    verbs = {a.verb for a in legal}
    if "bid" in verbs:
        budget = state.credits[seat] // 4
        bids = [a for a in legal if a.verb == "bid"]
        within = [a for a in bids if a.args[0] <= budget]
        return max(within, key=lambda a: a.args[0]) if within else bids[0]
    if "favor" in verbs:
        favors = [a for a in legal if a.verb == "favor"]
        own = [a for a in favors if a.args[0] == state.players[seat]]
        return own[0] if own else favors[0]
    if "choose" in verbs:  # a power's question: the answer that looks best one step ahead
        options = [a for a in legal if a.verb == "choose"]
        return max(_lookahead(game, state, seat, options, rng)[1], key=lambda t: t[0])[1]
    if "keep" in verbs or "drop" in verbs:  # what to keep of an import (not a discard)
        legal = [a for a in legal if a.verb in ("keep", "drop")]
    if not state.flow.pending:
        phase = phase_name(state)
        if phase == "lead":
            return _lead(state, seat, legal, rng)
        if phase == "follow":
            return _follow(state, seat, legal, rng)
    best = max(_score(state, seat, a) for a in legal)
    return rng.choice([a for a in legal if _score(state, seat, a) == best])


def evaluate(state: ImportExportState) -> list[float]:
    """Each seat's chance of winning: a softmax of the scores as they stand, plus a little for
    the cards in hand and the shipments on the way."""
    values = []
    for seat, bill in enumerate(bills(state)):
        on_way = sum(len(s.loaded) for s in state.home_ships(seat) if s.contracts)
        values.append(bill["total"] + len(state.hands[seat]) + 2 * on_way)
    top = max(values)
    weights = [math.exp((v - top) / 6.0) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
