"""The `heuristic` bot: plays Curious Cargo towards its End Game Triggers, as a person would.

- **Construction**: lines from the loading docks to machine ports of their color, a Shipping
  line for every good type first (no one wins without shipping 2 of each), then more Shipping
  docks, then Receiving lines; a tile that completes an active connection before one that only
  extends a line; never a tile over one of its own active lines (it would break the
  connection); a Construction token for 2 more actions when there is a line to extend, else
  for a Splitter where a copy of the table says it adds a connection; keeps tiles back in
  storage while it holds fewer than 2 Truck cards (recycled 2 for 1: cards ship goods).
- **Trucking**: with an active Shipping line, tokens become cards (2 Construction -> a
  Trucking token -> a card and 2 AP); then every choice (which Truck card onto whose Shipping
  side, so also pushing the other player's trucks when that pays; recycling storage for a
  card; which docks load) is tried on a copy of the state and judged by `value`: goods
  shipped (the first 2 of each type count most), goods received, active connections, lines
  under way (how near the best Shipping line of each type not yet connected ends to a port),
  empty cargo space still to pass a dock, cards and tokens, less 0.8 x the same for the other
  player (`mcts` judges its playouts by it too). It does not end a turn holding cards while a
  good type it has shipped fewer than 2 of waits at an active dock, never discards a card
  while it can do anything else (a card is worth more than its tiles while the bag lasts),
  and stores tiles on either stack at random (`value` does not see storage).

It reads only what its seat may see: its own hand and cards, the board, the streets and the
counts of hidden things. Everything it returns goes through the rules like any other action.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from dockyard import Action, Context

from .quick_policy import FAR, _best_placement
from .rounds import pending, phase_name
from .scoring import points, shipped_total
from .state import SHIPPING

if TYPE_CHECKING:
    from dockyard import Game

    from .components import Cell, Dock, Item, TruckCard
    from .construction import Construction
    from .state import CuriousCargoState, PlayerArea

DRAW_UP_TO = 3  # tiles in hand: what is not placed goes to storage, to recycle for cards
COMPLETES = 500  # placements scored above this complete an active connection
WANTED = 8.0  # how much more a Shipping line of a good type not yet connected matters
BREADTH = 6  # lines (and ends of each) tried for every tile: more than the quick policy's 4
WAIT = 1.0  # ending a Trucking turn with cards in hand while a needed good type waits
POINT = 0.4  # what one point of the final score is worth to `value`, against goods and lines
# what one of each kind of bonus item is worth, in `value`'s units (a point: POINT)
WORTH = {
    "points": POINT,
    "construction": 0.5,
    "trucking": 0.6,
    "truck_card": 0.5,
    "conveyor_tile": 0.25,
    "splitter": 1.0,
}

SUMMARY = (
    "plans lines to the machines, a Shipping line for every good type first; plays trucks "
    "where they load the most, judged on a copy of the table"
)


def heuristic_action(
    game: Construction, state: CuriousCargoState, seat: int, rng: random.Random
) -> Action:
    decision = pending(state, seat)
    phase = phase_name(state)
    if decision is None and phase == "construction":  # tile placements: `_best_placement`
        return _construction(game, state, seat, game.legal_but_placements(state, seat), rng)
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if decision is not None and decision.kind == "store":
        return rng.choice(legal)  # `value` does not see storage: every choice is as good
    if decision is None and phase == "trucking":
        token = _tokens_for_trucks(state, seat, legal)
        if token is not None:
            return token
    return _look_ahead(game, state, seat, legal, rng)


def _construction(
    game: Construction, state: CuriousCargoState, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    player = state.seats[seat]
    name = player.name
    turn = state.turn
    verbs = {a.verb for a in legal}
    tiles = list(dict.fromkeys(player.hand + [s[-1] for s in player.storage if s]))
    best = None
    if turn.actions >= 1 and tiles:
        best = _best_placement(game, state, seat, tiles, rng, _weight, keep=True, breadth=BREADTH)
    # tiles kept back become Truck cards in the Trucking Phase (recycling 2 for 1)
    saving = len(player.trucks) < 2 and sum(map(len, player.storage)) + len(player.hand) <= 2
    if best is not None and best[0] > (COMPLETES if saving else 0):
        return best[1]
    if "draw" in verbs and len(player.hand) < DRAW_UP_TO:
        return Action(name, "draw")
    if not turn.token_used and "boost" in verbs and turn.actions == 0 and tiles:
        return Action(name, "boost")
    trade = _trade_for_splitter(game, state, seat, legal, rng)
    if trade is not None:
        return trade
    splitters = [a for a in legal if a.verb == "splitter"]
    if splitters and not turn.token_used:
        # a Splitter where it makes the most of the facility (a branch to a dock), if anywhere
        best_split = _look_ahead(game, state, seat, splitters, rng)
        if value(_after(game, state, seat, best_split), seat) > value(state, seat) + 1.0:
            return best_split
    return Action(name, "end")


def _weight(dock: Dock, color: str | None, wanted: set[str]) -> float:
    """Shipping lines of the good types not yet connected first, then other Shipping lines,
    then Receiving lines."""
    if dock.street == "shipping":
        if color is None:
            return WANTED if wanted else 1.5
        return WANTED if color in wanted else 1.5
    return 1.0


def _trade_for_splitter(
    game: Construction, state: CuriousCargoState, seat: int, legal: list[Action], rng: random.Random
) -> Action | None:
    """2 Trucking tokens for a Splitter, when a copy of the table says that Splitter (placed
    with a Construction token this turn) adds a connection worth more than the tokens."""
    player = state.seats[seat]
    if state.turn.token_used or player.construction < 1 or player.trucking < 2:
        return None
    now = value(state, seat)
    for action in legal:
        if action.verb != "trade" or action.args[0] != "trucking":
            continue
        trial = _after(game, state, seat, action)
        places = [a for a in game.legal_but_placements(trial, seat) if a.verb == "splitter"]
        if not places:
            continue
        place = _look_ahead(game, trial, seat, places, rng)
        if value(_after(game, trial, seat, place), seat) > now + 1.0:
            return action
    return None


def _tokens_for_trucks(state: CuriousCargoState, seat: int, legal: list[Action]) -> Action | None:
    """Tokens are Truck cards and AP, and Truck cards are what ship goods: with an active
    Shipping line, 2 Construction tokens become a Trucking token, and a Trucking token is
    spent (a card and 2 AP) before the cards are played."""
    player = state.seats[seat]
    if not any(d.street == SHIPPING for d in player.facility.active_docks()):
        return None
    for action in legal:
        if action.verb == "trade" and action.args == ("construction",):
            return action
    for action in legal:
        if action.verb == "dispatch":
            return action
    return None


def _look_ahead(
    game: Construction, state: CuriousCargoState, seat: int, legal: list[Action], rng: random.Random
) -> Action:
    """The action whose result `value` likes best (ties: at random)."""
    waiting = _waiting(state, seat)
    best: tuple[float, float, Action] | None = None
    # a Truck card is worth more than its tiles while the bag lasts: no discarding while
    # anything else can be done (so no copy of the table is spent on it)
    for action in [a for a in legal if a.verb != "discard"] or legal:
        score = value(_after(game, state, seat, action), seat)
        if action.verb == "end" and waiting:
            score -= WAIT  # a good type still to ship waits at a dock: move the queue

        key = (score, rng.random(), action)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2]


def _after(
    game: Construction, state: CuriousCargoState, seat: int, action: Action
) -> CuriousCargoState:
    """A copy of the table with `action` played on it (the bot's trials; the table is as it
    was)."""
    trial: CuriousCargoState = game.clone(state)
    rules = cast("Game[Any]", game)  # (the protocol is what the bots see of the Game)
    game.apply(trial, action, seat, Context(rules, game.hook))
    return trial


def _waiting(state: CuriousCargoState, seat: int) -> bool:
    """Does a good type the player has shipped fewer than 2 of have an active Shipping dock,
    while the player holds Truck cards to move the queue past it?"""
    player = state.seats[seat]
    if not player.trucks:
        return False
    return any(
        d.street == SHIPPING and player.shipped[c] < 2
        for d, c in player.facility.active_docks().items()
    )


def value(state: CuriousCargoState, seat: int) -> float:
    """How well `seat` stands, less how well the other player stands."""
    mine = _standing(state, state.seats[seat])
    theirs = _standing(state, state.seats[1 - seat])
    return mine - 0.8 * theirs


def _standing(state: CuriousCargoState, player: PlayerArea) -> float:
    side = state.side
    assert side is not None
    total = 0.0
    for color in side.colors:
        shipped = player.shipped[color]
        total += 6.0 * min(shipped, 2) + 2.0 * shipped
        total += 2.5 * player.received[color]
    total += 0.5 * len(player.trucks) + 0.5 * player.trucking + 0.5 * player.construction
    total += 0.2 * shipped_total(player)
    # the facility: active connections, a Shipping one for each good type most
    active = player.facility.active_docks()
    shipping = {c for d, c in active.items() if d.street == SHIPPING}
    total += 4.0 * len(shipping) + 1.5 * len(active)
    total += _progress(player, set(side.colors) - shipping)
    total += 2.0 * _to_load(state, player)
    return total + _content_worth(state, player)


def worth(item: Item) -> float:
    """What a bonus item is worth, by its kind and its amount (the content's values)."""
    return WORTH.get(item.kind, 0.5) * item.amount


def card_worth(card: TruckCard) -> float:
    """A Truck card in hand: its cargo spaces (goods it can ship), less its Action Points, and
    a share of the bonus it pays when filled."""
    spaces = card.size - len(card.blocked)
    return 0.15 * spaces - 0.1 * card.ap + 0.3 * worth(card.bonus)


def _content_worth(state: CuriousCargoState, player: PlayerArea) -> float:
    """The designer's numbers, read from the content: the points the player would score now
    (ship and receive values, column points, the track's points, bonus points), the bonus of
    every Truck card in hand and, for each truck on the player's streets whose bonus is not yet
    paid, that bonus by how full the truck is (the player who fills it is paid)."""
    total = POINT * points(state, player)["total"]
    for card_id in player.trucks:
        total += card_worth(state.truck_card(card_id))
    for street in player.streets.values():
        for truck in street:
            if truck.filled_bonus_paid:
                continue
            spaces = max(1, truck.card.size - len(truck.card.blocked))
            filled = sum(1 for good in truck.cargo if good is not None)
            total += worth(truck.card.bonus) * (filled + 1) / (spaces + 1)
    return total


def _progress(player: PlayerArea, wanted: set[str]) -> float:
    """Lines under way: for each good type still without a Shipping connection, how near its
    best open Shipping line ends to a port of its color (squares still to cover)."""
    if not wanted:
        return 0.0
    fac = player.facility
    best = dict.fromkeys(wanted, FAR)
    for dock in fac.board.docks:
        if dock.street != SHIPPING:
            continue
        ends: list[tuple[Cell, str]] = []
        found = fac.trace(dock.cell, dock.side, ends)
        if found is None or found[0] not in best or found[1]:
            continue
        to_port = fac.board.port_distances.get(found[0], {})
        near = min((to_port.get(c, FAR) for c, _ in ends), default=FAR)
        best[found[0]] = min(best[found[0]], near)
    return sum(0.5 * (FAR - near) for near in best.values())


def _to_load(state: CuriousCargoState, player: PlayerArea) -> float:
    """Goods likely to load later: empty cargo spaces of the trucks on the Shipping street that
    have yet to pass one of the player's active Shipping docks of a good type still on the
    Shipping board (trucks only move forward)."""
    side = state.side
    assert side is not None
    left = {c: len(side.ship_values) - player.shipped[c] for c in side.colors}
    docks = [
        d.number
        for d, c in player.facility.active_docks().items()
        if d.street == SHIPPING and left.get(c, 0) > 0
    ]
    if not docks:
        return 0.0
    last = max(docks)
    ahead = 0.0
    for truck in player.streets[SHIPPING]:
        for i, good in enumerate(truck.cargo):
            if good is None and (i + 1) not in truck.card.blocked and truck.rear + i < last:
                ahead += 1
    return ahead * 0.25
