"""PLAYING A TURN: the leader leads or draws, the others follow or draw, then everyone acts.

1. "The leading player may either: Draw until they have five cards (or one additional card if
   they have five or more), in which case the turn will end now. [Or] Declare an action by
   playing a card from their hand ... of the matching action type" (or two cards of the same
   color as a wild).
2. "in clockwise order all other players may either: Draw ... [or] Follow the leader's declared
   action by playing a card from their hand matching the action type".
3. "the leading player may perform one action of the declared type, plus an additional action
   of that type for each card in their imports that matches it."
4. "In clockwise order all other players now get to take one action of the declared type if
   they chose to follow, plus an additional action for each card in their imports that matches
   that action type. If a player chose to draw instead of follow, they may still take one
   action of the declared type for each matching action card in their imports."
5. "put all cards that were played out of players' hands to lead or follow an action into the
   discard pile. The next player in clockwise order then becomes the new leader".

Each is a phase of the engine (`lead`, `follow`, `act`); one round of phases is one turn. A
player with actions but no way to use them, whatever their hand, is passed over (told so in the
events); anyone may `pass` the rest of their actions. Whether a seat can use its actions may depend on its hand, which only it knows: such a seat is
asked all the same (`can_act`; it may have only `pass`), so the turn order tells nobody what a
hand holds. The actions themselves are contract.py, load.py, pirate.py,
supply.py and importing.py (IMPORT, played by everyone at once in the leader's part of the act
phase).

The rule pairs of the turn: `why_not_lead` / `do_lead`, `why_not_follow` / `do_follow`,
`why_not_draw` / `do_draw`, `why_not_pass` / `do_pass` (a do rule that ends the player's part
of the phase goes on with the game's flow, `ctx.game`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from dockyard import Action, Context
from dockyard.flow import Phase, end_turn

from .choices import use_options
from .components import ACTIONS
from .contract import legal_contract, why_not_contract
from .harbor import draw
from .importing import choose_options, rounds_left
from .load import legal_load
from .pirate import legal_pirate
from .powers import fire
from .reading import Who, acting_type, amount, matching_imports, modifiers
from .shipments import fits_color
from .speed import card_kinds
from .state import DRAW, FOLLOW, LEAD, ImportExportState
from .supply import legal_supply

IMPORT = "import"
# the action type each verb of the act phase takes
ACT_VERBS = {
    "contract": "contract",
    "load": "load",
    "import": "import",
    "pirate": "pirate",
    "sell": "supply",
    "take": "supply",
}


def clockwise(state: ImportExportState) -> list[int]:
    n = len(state.players)
    return [(state.leader + i) % n for i in range(n)]


def _leader(state: ImportExportState) -> list[int]:
    return [state.leader]


def _followers(state: ImportExportState) -> list[int]:
    return [] if state.declared is None else clockwise(state)[1:]


def _acting(state: ImportExportState) -> list[int]:
    """The leader then the followers; the leader plays every import round (and acts only for
    them); seats that followed with another action type (NEURAL UNITS) act with it."""
    if state.declared is None:
        return []
    order = clockwise(state)
    if state.declared == IMPORT:
        first = [state.leader] if rounds_left(state) else []
        return first + [
            s
            for s in order[1:]
            if acting_type(state, s) != IMPORT and state.actions_left[s] > 0 and can_act(state, s)
        ]
    return [s for s in order if state.actions_left[s] > 0 and can_act(state, s)]


def actions_of(state: ImportExportState, seat: int) -> int:
    """The actions of the declared type `seat` has this turn, from its lead or follow (or
    draw) so far, its imports and its powers (counted once everyone has followed; asked
    before, what they come to as things stand)."""
    declared = state.declared
    if declared is None:
        return 0
    n = len(state.players)
    action = acting_type(state, seat) or declared
    played = 1 if state.did[seat] in (LEAD, FOLLOW) else 0
    count = played + matching_imports(state, seat, action)
    for m in modifiers(state, seat, "shared-imports"):  # CANNONS: theirs count as mine
        if m["action"] == action:
            count += sum(matching_imports(state, s, action) for s in range(n) if s != seat)
    for m in modifiers(state, seat, "extra-actions"):  # REFRIGERATORS, PLAYSTATIONS, DRUGS
        if m["action"] == action and (count > 0 or not m.get("when_acting")):
            who = Who(seat, None, "")
            count += amount(state, who, m.get("amount", 1)) // m.get("divide", 1)
    return count


def _count_actions(state: ImportExportState, ctx: Context) -> None:
    """Once everyone has followed or drawn: each seat's actions of the declared type."""
    declared = state.declared
    if declared is None:
        return
    for seat in range(len(state.players)):
        state.actions_left[seat] = actions_of(state, seat)
    followers = sum(1 for d in state.did if d == FOLLOW)
    fire(state, ctx, "followed", by=state.leader, action=declared, followers=followers)


def _finish_turn(state: ImportExportState, ctx: Context) -> None:
    """Played cards to the discard pile; the next player clockwise leads."""
    for cards in state.played:
        state.discard.extend(cards)
        cards.clear()
    n = len(state.players)
    state.declared = None
    state.did = [None] * n
    state.actions_left = [0] * n
    state.acting = [None] * n
    state.sold = [False] * n
    state.import_round = 0
    state.used.clear()
    if state.repeat:  # DELAYED GAME: the leader's first of two turns is over; they lead again
        state.repeat = False
        name = state.players[state.leader]
        ctx.emit("again", name, f"{name} takes their second turn")
        return
    state.leader = (state.leader + 1) % n
    if state.again[state.leader]:
        state.again[state.leader] -= 1
        state.repeat = True


def _begin_turn(state: ImportExportState, ctx: Context) -> None:
    """A turn starts: the credits each player has reached this turn are those they hold."""
    state.peak = list(state.credits)


PHASES = (
    Phase("lead", _leader, begin=_begin_turn, check_end=False),
    Phase("follow", _followers, end=_count_actions, check_end=False),
    Phase("act", _acting, end=_finish_turn),
)


def phase_name(state: ImportExportState) -> str:
    return PHASES[state.flow.phase].name


# ---- leading and following ------------------------------------------------------------------


def stands_for(state: ImportExportState, seat: int, card_action: str, action: str) -> str | None:
    """The action type `seat` takes when following `action` with a card of `card_action`: the
    led one, or the card's own when a power lets it follow (NEURAL UNITS: a load card follows
    anything, to load; RICE COOKERS: load and contract stand for each other; 3D PRINTERS: any
    card follows, to do the led action); None when it may not follow."""
    if card_action == action:
        return action
    for m in modifiers(state, seat, "follow-as"):
        if m["action"] == card_action:
            return card_action
    for m in modifiers(state, seat, "interchangeable"):
        if {card_action, action} <= set(m["actions"]):
            return card_action
    if modifiers(state, seat, "follow-any"):
        return action
    return None


def leads_for(state: ImportExportState, seat: int, card_action: str) -> list[str]:
    """The actions a single card of `card_action` may declare (RICE COOKERS: load or contract)."""
    out = [card_action]
    for m in modifiers(state, seat, "interchangeable"):
        if card_action in m["actions"]:
            out += [a for a in m["actions"] if a not in out]
    return out


def plays(state: ImportExportState, seat: int, action: str | None) -> list[tuple[str, ...]]:
    """The cards `seat` may play for `action` (None: for any action, as the leader): one card
    of that action type (or one a power lets follow), or two of one color as a wild. Each as a
    sorted tuple."""
    c = state.c
    hand = sorted(set(state.hands[seat]))
    singles: list[tuple[str, ...]] = [
        (card,)
        for card in hand
        if action is None or stands_for(state, seat, c.card(card).action, action)
    ]
    pairs = [(a, b) for a, b in combinations(hand, 2) if c.card(a).type == c.card(b).type]
    return singles + pairs


def legal_lead(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    c = state.c
    out: list[tuple[Any, ...]] = []
    for cards in plays(state, seat, None):
        if len(cards) == 1:
            out += [(a, *cards) for a in leads_for(state, seat, c.card(cards[0]).action)]
        else:
            out += [(action, *cards) for action in ACTIONS]
    return out


def why_not_play(
    state: ImportExportState, seat: int, action: str, cards: tuple[str, ...], leading: bool = True
) -> str | None:
    c = state.c
    hand = state.hands[seat]
    for card in cards:
        if card not in hand:
            return f"{card} is not in your hand"
    if len(cards) == 1:
        printed = c.card(cards[0])
        if leading and action in leads_for(state, seat, printed.action):
            return None
        if not leading and stands_for(state, seat, printed.action, action):
            return None
        if printed.action != action:
            return (
                f"{cards[0]} is for {printed.action}, not {action} "
                "(or play two cards of one color as a wild)"
            )
        return None
    a, b = cards
    if a == b:
        return "play two different cards as a wild"
    if c.card(a).type != c.card(b).type:
        return (
            f"a wild is two cards of one color: {a} is {c.card(a).color}, {b} is {c.card(b).color}"
        )
    return None


def play_cards(state: ImportExportState, seat: int, cards: tuple[str, ...]) -> None:
    for card in cards:
        state.hands[seat].remove(card)
        state.played[seat].append(card)


def why_not_lead(state: ImportExportState, seat: int, action: str, *cards: str) -> str | None:
    return why_not_play(state, seat, action, cards)


def do_lead(state: ImportExportState, seat: int, action: str, *cards: str, ctx: Context) -> None:
    play_cards(state, seat, cards)
    state.declared = action
    state.did[seat] = LEAD
    name = state.players[seat]
    wild = " (a wild)" if len(cards) == 2 else ""
    ctx.emit("lead", name, f"{name} leads {action} with {' and '.join(cards)}{wild}", action=action)
    fire(state, ctx, "lead", by=seat, action=action)
    end_turn(ctx.game, state, ctx, seat)


def why_not_follow(state: ImportExportState, seat: int, *cards: str) -> str | None:
    return why_not_play(state, seat, state.declared or "", cards, leading=False)


def do_follow(state: ImportExportState, seat: int, *cards: str, ctx: Context) -> None:
    play_cards(state, seat, cards)
    state.did[seat] = FOLLOW
    name = state.players[seat]
    declared = state.declared or ""
    if len(cards) == 1:  # a power may let this card follow to take another action type
        acting = stands_for(state, seat, state.c.card(cards[0]).action, declared)
        if acting != declared:
            state.acting[seat] = acting
    to = f" (to {state.acting[seat]})" if state.acting[seat] else ""
    ctx.emit("follow", name, f"{name} follows {declared} with {' and '.join(cards)}{to}")
    end_turn(ctx.game, state, ctx, seat)


def why_not_draw(state: ImportExportState, seat: int) -> str | None:
    """Drawing is always allowed to the leader and to a follower (in their phase)."""
    return None


def do_draw(state: ImportExportState, seat: int, ctx: Context) -> None:
    state.did[seat] = DRAW
    draw(state, seat, ctx)
    fire(state, ctx, "draw", by=seat)
    end_turn(ctx.game, state, ctx, seat)


# ---- acting -----------------------------------------------------------------------------------------


def act_options(state: ImportExportState, seat: int) -> list[Action]:
    """What `seat` may do with the declared action now (without `pass`)."""
    name = state.players[seat]
    action = acting_type(state, seat)
    if action == IMPORT and seat == state.leader and state.auction is None:
        return [Action(name, "import", (ship,)) for ship in choose_options(state)]
    return options_for(state, seat, action)


def options_for(state: ImportExportState, seat: int, action: str | None) -> list[Action]:
    """The actions of a type `seat` may take with the actions they have (not import)."""
    name = state.players[seat]
    if action == "contract":
        return [Action(name, "contract", a) for a in legal_contract(state, seat)]
    if action == "load":
        return [Action(name, "load", a) for a in legal_load(state, seat)]
    if action == "pirate":
        return [Action(name, "pirate", a) for a in legal_pirate(state, seat)]
    if action == "supply":
        return [Action(name, verb, a) for verb, a in legal_supply(state, seat)]
    return []


def usable(state: ImportExportState, seat: int) -> bool:
    """May `seat` use its actions: an action of its type, or a power used instead of one
    (CELL PHONES draws instead of loading)."""
    if acting_type(state, seat) == IMPORT:
        return seat == state.leader and rounds_left(state)
    return bool(act_options(state, seat)) or bool(use_options(state, seat, acting=True))


def can_act(state: ImportExportState, seat: int) -> bool:
    """Is `seat` asked to use its actions (else passed over)? Whether it can use them may
    depend on its hand, which only it knows: then it is asked (and may have only `pass`), so
    that the turn order tells nobody what a hand holds. It is passed over only when no hand
    it could hold would let it act: when it cannot act even holding every card hidden from
    the table (the deck, the discard pile, every hand), which everyone can tell."""
    if acting_type(state, seat) == IMPORT:  # the leader's rounds: nothing hidden decides them
        return usable(state, seat)
    if _any_option(state, seat):  # (`usable`, stopping at the first option)
        return True
    held = state.hands[seat]
    state.hands[seat] = _hidden_cards(state)
    try:
        return _any_option(state, seat)
    finally:
        state.hands[seat] = held


def _hidden_cards(state: ImportExportState) -> list[str]:
    """Every card hidden from the table (the deck, the discard pile, the hands), one of each
    kind the rules of contract and load tell apart (good type, color, tier, load), and every
    one with a power used from the hand."""
    kinds = card_kinds(state.c)
    chosen: dict[Any, str] = {}
    for card in sorted(set(state.deck).union(state.discard, *state.hands)):
        chosen.setdefault(kinds[card], card)
    return list(chosen.values())


def _any_option(state: ImportExportState, seat: int) -> bool:
    """`usable`, stopping at the first option found (its hand may be every hidden card)."""
    action = acting_type(state, seat)
    hand = state.hands[seat]
    if action == "contract":
        ships = state.home_ships(seat)
        found = any(
            why_not_contract(state, seat, card, ship.id) is None for ship in ships for card in hand
        )
    elif action == "load":  # (a card fits as its color does: each color asked once)
        colors = {state.c.card(card).color for card in hand}
        found = any(
            fits_color(state, ship, color) for ship in state.home_ships(seat) for color in colors
        )
    else:
        found = bool(options_for(state, seat, action))
    return found or bool(use_options(state, seat, acting=True))


def settle(state: ImportExportState, game: Any, ctx: Context) -> None:
    """After an action in the act phase: end the turn of a seat with nothing left to do, and
    pass over the next seats that cannot use their actions."""
    flow = state.flow
    while flow.over is None and not flow.pending and flow.active and phase_name(state) == "act":
        seat = flow.active[0]
        if acting_type(state, seat) == IMPORT:
            if rounds_left(state):
                return
            for s in range(len(state.players)):  # the import rounds are over for everyone
                if acting_type(state, s) == IMPORT:
                    state.actions_left[s] = 0
        elif state.actions_left[seat] > 0:
            if can_act(state, seat):
                return
            name = state.players[seat]
            ctx.emit(
                "pass",
                name,
                f"{name} cannot use {state.actions_left[seat]} more "
                f"{acting_type(state, seat)} action(s)",
            )
            state.actions_left[seat] = 0
        end_turn(game, state, ctx, seat)


def why_not_pass(state: ImportExportState, seat: int) -> str | None:
    if acting_type(state, seat) == IMPORT:
        return "the leader chooses a ship for every import round"
    return None


def do_pass(state: ImportExportState, seat: int, ctx: Context) -> None:
    name = state.players[seat]
    ctx.emit("pass", name, f"{name} passes")
    state.actions_left[seat] = 0
    end_turn(ctx.game, state, ctx, seat)
