"""Setup (rulebook: Setup steps 1-9), with the card selection of step 9.

What goes on the table is chosen first (`ChosenComponents`: the Shipping board side, the tile faces, the
Splitters, the goods, the deck), and house rules and variants may change those choices through
`cc_components` before anything is laid out; then the facilities, the supply, the bag and the
deck are set up from them and the Truck cards dealt. "Players select one card to keep and give
the remaining two to their opponent" (skipped in a first game).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from dockyard import Context, DockyardError, Rng, Setup
from dockyard import flow as flowlib
from dockyard.flow import FlowState
from dockyard.words import plural

from .bonuses import draw_trucks, tell_drawn
from .components import CuriousCargoContent
from .facility import Facility
from .rounds import phase_name
from .state import CuriousCargoState, PlayerArea


@dataclass
class ChosenComponents:
    """The components a game is set up with: the rulebook's choices, which the `cc_components`
    hook may change (a variant plugin or a house rule), before the table is laid out."""

    side: str = "two-color"  # the Shipping board side (its colors decide the goods in play)
    face: str = "sand"  # the Conveyor tiles' face in use
    board: int = 1  # the facility board
    splitter_colors: tuple[str, ...] | None = None  # None: the side's colors
    goods: dict[str, int] = field(default_factory=dict)  # goods in the box, by color
    deck_size: int | None = None  # Truck cards in the deck (None: all of them)
    bag_size: int | None = None  # Conveyor tiles in the bag (None: all of them)


def _drafting(state: CuriousCargoState) -> bool:
    return not state.rules.get("first_game") and state.rules["keep"] < state.rules["deal"]


def draft_order(state: CuriousCargoState) -> list[int]:
    return [s for s in range(len(state.seats)) if state.seats[s].draft] if _drafting(state) else []


def _stacked(ids: list[str], top: tuple[str, ...], rng: random.Random) -> list[str]:
    """Shuffled, with `top` (a scenario's choice, in drawing order) on top; drawn from the end."""
    rest = [i for i in ids if i not in top]
    rng.shuffle(rest)
    return rest + [i for i in reversed(top) if i in ids]


def set_up(setup: Setup, ctx: Context) -> CuriousCargoState:
    """The table of a new game (`Game.setup`): the components chosen (`ChosenComponents`,
    which `cc_components` may change), laid out, and the Truck cards dealt."""
    cc: CuriousCargoContent = setup.content.built
    opts = setup.options
    table = ChosenComponents(
        board=int(opts.get("board", cc.setup.board)), goods=dict(cc.supply.goods)
    )
    ctx.hook.cc_components(table=table, content=cc, options=opts)
    if table.board not in cc.boards:  # an option naming a board this content lacks
        known = ", ".join(map(str, sorted(cc.boards)))
        raise DockyardError(f"there is no board {table.board!r} (the boards: {known})")
    side = cc.shipping_boards[table.side]
    rules = {
        k: getattr(cc.setup, k)
        for k in (
            "construction_actions",
            "boost_actions",
            "truck_ap",
            "dispatch_ap",
            "token_limit",
            "deal",
            "keep",
        )
    }
    rules["first_game"] = int(bool(opts.get("first_game")))
    rules["scaffolding"] = cc.supply.scaffolding
    board = cc.boards[table.board]
    rng = Rng(setup.seed)
    state = CuriousCargoState(
        list(setup.players),
        rng,
        FlowState(),
        content=cc,
        face=table.face,
        side=side,
        rules=rules,
    )
    extra = [c for cards in ctx.hook.cc_truck_cards(content=cc, options=opts) for c in cards]
    state.extra_trucks = {c.id: c for c in extra}
    # Supply: tokens; Splitters of the colors in play (the others go back to the box).
    in_play = table.splitter_colors if table.splitter_colors is not None else side.colors
    state.construction = cc.supply.construction
    state.trucking = cc.supply.trucking
    state.splitters = {c: n for c, n in cc.supply.splitters.items() if c in in_play}
    state.boxed_splitters = {c: n for c, n in cc.supply.splitters.items() if c not in in_play}
    state.goods_total = dict(table.goods)
    state.goods_box = dict(table.goods)
    state.goods_removed = {c: 0 for c in table.goods}
    for name in setup.players:
        player = PlayerArea(name, Facility(board))
        player.scaffolding = rules["scaffolding"]
        player.splitters = {c: 0 for c in side.colors}
        for color in side.colors:  # fill the Shipping side of the Shipping board
            need = len(side.ship_values)
            state.goods_box[color] -= need
            player.shipped[color] = 0
            player.received[color] = 0
        state.seats.append(player)
    # Forklifts on 0, the first player on top.
    for i, player in enumerate(state.seats):
        player.forklift_height = len(state.seats) - i
    state.height_counter = len(state.seats)
    state.bag = _stacked([t.id for t in cc.tiles], cc.setup.bag_top, rng)
    if table.bag_size is not None and table.bag_size < len(state.bag):  # the rest boxed
        cut = len(state.bag) - table.bag_size
        state.discarded_tiles.extend(state.bag[:cut])
        del state.bag[:cut]
    deck = [t.id for t in cc.trucks] + [c.id for c in extra]
    state.truck_tiles = set(deck)
    state.deck = _stacked(deck, cc.setup.deck_top, rng)
    if table.deck_size is not None and table.deck_size < len(state.deck):
        cut = len(state.deck) - table.deck_size
        for card in state.deck[:cut]:  # boxed: the card and its Truck tile leave the game
            state.discarded_cards.append(card)
            state.truck_tiles.discard(card)
            state.removed_trucks.append(card)
        del state.deck[:cut]
    for player in state.seats:
        n = draw_trucks(state, player, rules["deal"])
        if not _drafting(state):
            ctx.emit("deal", player.name, f"{player.name} is dealt {plural(n, 'Truck card')}")
            tell_drawn(ctx, player, player.trucks, n)
        else:
            player.draft = player.trucks[-n:]
            del player.trucks[-n:]
            ctx.emit(
                "deal",
                player.name,
                f"{player.name} is dealt {plural(n, 'Truck card')} to choose from",
            )
            tell_drawn(ctx, player, player.draft, n)
    ctx.hook.cc_setup(state=state, ctx=ctx)
    flowlib.start(ctx.game, state, ctx)
    return state


# ---- the card selection of setup step 9 (keep), and the set-up's choice of board ------------


def setup_choices(content: Any) -> dict[str, dict[str, Any]]:
    """The board in play (setup step 1) is a choice: by its number or its name, among the
    boards of this content (`dockyard render curious-cargo --board 4`); the option "board"
    overrides setup.json's, as the first-game variant's does."""
    cc: CuriousCargoContent = content.built
    words: dict[str, Any] = {}
    for number, board in sorted(cc.boards.items()):
        words[str(number)] = number
        words.setdefault(board.name, number)
    return {"board": words}


def why_not_keep(state: CuriousCargoState, seat: int, card: str) -> str | None:
    if phase_name(state) != "card selection":
        return "Truck cards are kept only during the card selection at setup"
    player = state.seats[seat]
    if card not in player.draft:
        return f"{card} is not one of the Truck cards you were dealt"
    kept = [c for c in player.trucks if c in player.draft]
    if len(kept) >= state.rules["keep"]:
        return "you have already chosen"
    return None


def do_keep(state: CuriousCargoState, seat: int, card: str, ctx: Context) -> None:
    player = state.seats[seat]
    player.trucks.append(card)
    ctx.emit("keep", player.name, f"{player.name} keeps a Truck card")
    kept = [c for c in player.trucks if c in player.draft]
    if len(kept) >= state.rules["keep"]:
        flowlib.end_turn(ctx.game, state, ctx, seat)


def end_draft(state: CuriousCargoState, ctx: Context) -> None:
    """Setup step 9: "Players select one card to keep and give the remaining two to their
    opponent." (Skipped in a first game.)"""
    if not _drafting(state):
        return
    gifts = []
    for player in state.seats:
        gifts.append([c for c in player.draft if c not in player.trucks])
    for seat, player in enumerate(state.seats):
        given = gifts[seat]
        opponent = state.seats[state.other(seat)]
        opponent.trucks.extend(given)
        player.draft = []
        ctx.emit(
            "gift",
            player.name,
            f"{player.name} gives {len(given)} Truck cards to {opponent.name}",
        )
