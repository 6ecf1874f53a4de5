"""Curious Cargo: the rules, organised as the rulebook is.

Setup; a round is a Construction Phase then a Trucking Phase, each in turn order (Forklifts on the
Turn Order track, furthest ahead first, the one on top first when tied); End of Phase Cleanup;
End Game Triggers; Determining a Winner. Each action verb has one `why_not_<verb>` rule that both
`check` and `legal_actions` use, and one `do_<verb>` that resolves it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Decision, Game, Outcome, Setup, hookimpl
from dockyard import flow as flowlib
from dockyard.flow import FlowState, Phase
from dockyard.words import plural

from . import hookspecs as cc_hookspecs
from . import scoring
from .bonuses import (
    draw_tiles,
    draw_trucks,
    give,
    move_forklift,
    trade,
    turn_order,
    why_not_trade,
)
from .components import Cell, CuriousCargoContent, Item, build, cell_name, parse_cell
from .facility import DIRECTIONS, Facility, second_cell
from .state import CargoState, Player, Turn
from .trucking import continue_loading, load, play_truck, start_loading

TWO_COLOR, THREE_COLOR = "two-color", "three-color"


class DefaultRules:
    """The rulebook's own answers to the game's extension points (trylast: house rules win)."""

    @hookimpl(trylast=True)
    def cc_construction_actions(self, state: CargoState, seat: int) -> int:
        return state.rules["construction_actions"]

    @hookimpl(trylast=True)
    def cc_truck_ap(self, state: CargoState, seat: int) -> int:
        return state.rules["truck_ap"]

    @hookimpl
    def cc_end_triggers(self, state: CargoState) -> list[str]:
        return scoring.end_triggers(state)


def _drafting(state: CargoState) -> bool:
    return not state.rules.get("first_game") and state.rules["keep"] < state.rules["deal"]


def _draft_order(state: CargoState) -> list[int]:
    return [s for s in range(len(state.seats)) if state.seats[s].draft] if _drafting(state) else []


class CuriousCargo(Game):
    name = "curious-cargo"
    title = "Curious Cargo"
    summary = "Build conveyor lines, ship goods by truck, intercept your opponent's (2 players)"
    min_players = 2
    max_players = 2
    default_players = ("p1", "p2")
    content_folder = "curious_cargo"
    grammar_file = "curious_cargo.lark"
    hookspecs: ClassVar[ModuleType | None] = cc_hookspecs
    default_hooks = DefaultRules()
    terminal_words = {
        "CELL": "a square such as c4",
        "DIRECTION": "a direction (east, south, west or north)",
        "COLOR": "a color (red, blue or purple)",
        "STACK": "a storage stack (a or b)",
        "TOKEN": "a token kind (construction or trucking)",
    }

    def __init__(self) -> None:
        self.phases = (
            Phase(
                "card selection",
                _draft_order,
                simultaneous=True,
                end=self._end_draft,
                check_end=False,
                once=True,
            ),
            Phase("construction", turn_order, begin=self._begin_construction, end=self._cleanup),
            Phase("trucking", turn_order, begin=self._begin_trucking, end=self._cleanup),
        )
        self._why: dict[str, Callable[..., str | None]] = {
            "keep": self.why_not_keep,
            "draw": self.why_not_draw,
            "place": self.why_not_place,
            "boost": self.why_not_boost,
            "splitter": self.why_not_splitter,
            "trade": self.why_not_trade,
            "end": self.why_not_end,
            "play": self.why_not_play,
            "discard": self.why_not_discard,
            "recycle": self.why_not_recycle,
            "dispatch": self.why_not_dispatch,
            "load": self.why_not_load,
            "store": self.why_not_store,
        }

    # ================================================================== content and setup
    def build_content(self, content: Any) -> CuriousCargoContent:
        return build(content)

    def setup(self, setup: Setup, ctx: Context) -> CargoState:
        cc: CuriousCargoContent = setup.content.built
        opts = setup.options
        night = bool(opts.get("night"))
        side = cc.shipping_boards[THREE_COLOR if night else TWO_COLOR]
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
        board = cc.boards[int(opts.get("board", cc.setup.board))]
        rng = random.Random(setup.seed)
        state = CargoState(
            list(setup.players), rng, FlowState(), content=cc, night=night, side=side, rules=rules
        )
        state.hook = setup.hook
        state.place_veto = bool(setup.hook.cc_why_not_place.get_hookimpls())
        extra = [c for cards in setup.hook.cc_truck_cards(content=cc, options=opts) for c in cards]
        state.extra_trucks = {c.id: c for c in extra}
        # Supply: tokens; Splitters of the colors in play (purple ones go back to the box).
        state.construction = cc.supply.construction
        state.trucking = cc.supply.trucking
        state.splitters = {c: n for c, n in cc.supply.splitters.items() if c in side.colors}
        state.boxed_splitters = {
            c: n for c, n in cc.supply.splitters.items() if c not in side.colors
        }
        state.goods_box = dict(cc.supply.goods)
        state.goods_removed = {c: 0 for c in cc.supply.goods}
        for name in setup.players:
            player = Player(name, Facility(board))
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
        deck = [t.id for t in cc.trucks] + [c.id for c in extra]
        state.truck_tiles = set(deck)
        state.deck = _stacked(deck, cc.setup.deck_top, rng)
        for player in state.seats:
            n = draw_trucks(state, player, rules["deal"])
            if not _drafting(state):
                ctx.emit("deal", player.name, f"{player.name} is dealt {plural(n, 'Truck card')}")
            else:
                player.draft = player.trucks[-n:]
                del player.trucks[-n:]
                ctx.emit(
                    "deal",
                    player.name,
                    f"{player.name} is dealt {plural(n, 'Truck card')} to choose from",
                )
        setup.hook.cc_setup(state=state, ctx=ctx)
        flowlib.start(self, state, ctx)
        return state

    def truck_card(self, state: CargoState, card_id: str) -> Any:
        extra = state.extra_trucks
        if card_id in extra:
            return extra[card_id]
        assert state.content is not None
        return state.content.truck(card_id)

    # ================================================================== the flow
    def _begin_construction(self, state: CargoState, ctx: Context) -> None:
        self._new_turn(state)

    def _begin_trucking(self, state: CargoState, ctx: Context) -> None:
        """ "The Trucking Phase consists of an initial loading and unloading." """
        self._new_turn(state)
        if state.flow.order:
            start_loading(state, state.flow.order[0], ctx)

    def _new_turn(self, state: CargoState) -> None:
        seat = state.flow.active[0] if state.flow.active else 0
        phase = self.phases[state.flow.phase].name
        turn = Turn()
        if phase == "construction":
            turn.actions = state.hook.cc_construction_actions(state=state, seat=seat)
        state.turn = turn

    def _end_turn(self, state: CargoState, seat: int, ctx: Context) -> None:
        flowlib.end_turn(self, state, ctx, seat)
        if state.flow.active and state.flow.over is None:
            self._new_turn(state)

    def _end_draft(self, state: CargoState, ctx: Context) -> None:
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

    def _cleanup(self, state: CargoState, ctx: Context) -> None:
        """End of Phase Cleanup: check for end game; hand tiles to storage; at most 3 of a token."""
        reasons = end_reasons(state)
        if reasons:
            state.flow.over = "; ".join(reasons)
            ctx.emit("game-over", None, f"the game ends: {state.flow.over}", reason=state.flow.over)
            return
        limit = state.rules["token_limit"]
        for player in state.seats:
            for kind in ("construction", "trucking"):
                have = getattr(player, kind)
                if have > limit:
                    setattr(player, kind, limit)
                    setattr(state, kind, getattr(state, kind) + have - limit)
                    ctx.emit(
                        "token-limit",
                        player.name,
                        f"{player.name} returns {have - limit} {kind} tokens (at most {limit})",
                    )
        for seat in reversed(turn_order(state)):  # the first in turn order answers first
            player = state.seats[seat]
            if player.hand:
                flowlib.push(
                    state,
                    Decision(
                        seat,
                        "store",
                        f"{player.name}: put your hand tiles into storage (store TILE a|b)",
                    ),
                )

    def end_reason(self, state: CargoState) -> str | None:
        return None  # checked in _cleanup, before the cleanup itself, as the rulebook orders it

    # ================================================================== actions
    def legal_actions(self, state: CargoState, player: int) -> list[Action]:
        if player not in flowlib.actors(state):
            return []
        why = self._why
        return [
            a
            for a in self._candidates(state, player)
            if a.verb == "place" or why[a.verb](state, player, *a.args) is None
        ] + [a for rule in house_verbs(state).values() for a in rule.actions(self, state, player)]

    def check(self, state: CargoState, action: Action, player: int) -> str | None:
        rule = self._why.get(action.verb)
        if rule is None:
            house = house_verbs(state).get(action.verb)
            if house is None:
                return f"Curious Cargo has no {action.verb!r} action"
            rule = partial(house.why_not, self)
        try:
            return rule(state, player, *action.args)
        except TypeError:
            return f"wrong arguments for {action.verb}"

    def apply(self, state: CargoState, action: Action, player: int, ctx: Context) -> None:
        if action.verb not in self._why:  # a verb a house rule added
            house_verbs(state)[action.verb].do(self, state, player, ctx, *action.args)
            return
        getattr(self, f"do_{action.verb}")(state, player, ctx, *action.args)

    def _pending(self, state: CargoState, seat: int) -> Decision | None:
        pending = state.flow.pending
        if pending and pending[-1].player == seat:
            return pending[-1]
        return None

    def _phase(self, state: CargoState) -> str:
        return self.phases[state.flow.phase].name

    def _candidates(self, state: CargoState, seat: int) -> Iterator[Action]:
        name = state.players[seat]
        decision = self._pending(state, seat)
        if decision is not None:
            if decision.kind == "load":
                for option in decision.data:
                    yield Action(name, "load", tuple(option))
            elif decision.kind == "store":
                for tile in dict.fromkeys(state.seats[seat].hand):
                    yield Action(name, "store", (tile, "a"))
                    yield Action(name, "store", (tile, "b"))
            return
        phase = self._phase(state)
        player = state.seats[seat]
        if phase == "card selection":
            for card in player.draft:
                yield Action(name, "keep", (card,))
            return
        colors = state.side.colors if state.side else ()
        yield Action(name, "trade", ("construction",))
        for color in colors:
            yield Action(name, "trade", ("trucking", color))
        yield Action(name, "end")
        if phase == "construction":
            yield Action(name, "draw")
            yield Action(name, "boost")
            yield from self._placements(state, seat)
            if player.construction and not state.turn.token_used:
                for color in colors:
                    if player.splitters.get(color):
                        for cell in sorted(player.facility.board.teal):
                            yield Action(name, "splitter", (color, cell_name(cell)))
        else:
            for card in dict.fromkeys(player.trucks):
                for target in state.players:
                    yield Action(name, "play", (card, target))
                yield Action(name, "discard", (card,))
            for stacks in (("a", "a"), ("a", "b"), ("b", "b")):
                yield Action(name, "recycle", stacks)
            yield Action(name, "dispatch")

    def _placements(self, state: CargoState, seat: int) -> Iterator[Action]:
        """Placements, enumerated through the same `why_not_place` rule (its common part once)."""
        player = state.seats[seat]
        if self._why_not_construction(state, seat) or state.turn.actions < 1:
            return
        name = player.name
        tiles = tuple(dict.fromkeys(player.hand + [s[-1] for s in player.storage if s]))
        fac = player.facility
        scaffolding = player.scaffolding
        veto = state.place_veto
        key = (seat, fac.version, scaffolding, tiles)
        if not veto and state.placement_cache[0] == key:
            yield from state.placement_cache[1]
            return
        if veto:
            found = [
                Action(name, "place", (tile, cell_text, direction))
                for anchor, _, direction, cell_text in _flat_spots(fac, scaffolding)
                for tile in tiles
                if not self.why_not_place(state, seat, tile, cell_text, direction, fac, anchor)
            ]
        else:
            found = [
                Action(name, "place", (tile, cell_text, direction))
                for _, _, direction, cell_text in _flat_spots(fac, scaffolding)
                for tile in tiles
            ]
        if not veto:
            state.placement_cache = (key, found)
        yield from found

    # ---- Card selection (setup step 9) --------------------------------------------------
    def why_not_keep(self, state: CargoState, seat: int, card: str) -> str | None:
        if self._phase(state) != "card selection":
            return "Truck cards are kept only during the card selection at setup"
        player = state.seats[seat]
        if card not in player.draft:
            return f"{card} is not one of the Truck cards you were dealt"
        kept = [c for c in player.trucks if c in player.draft]
        if len(kept) >= state.rules["keep"]:
            return "you have already chosen"
        return None

    def do_keep(self, state: CargoState, seat: int, ctx: Context, card: str) -> None:
        player = state.seats[seat]
        player.trucks.append(card)
        ctx.emit("keep", player.name, f"{player.name} keeps a Truck card")
        kept = [c for c in player.trucks if c in player.draft]
        if len(kept) >= state.rules["keep"]:
            flowlib.end_turn(self, state, ctx, seat)

    # ---- Construction Phase ----------------------------------------------------------------
    def _why_not_construction(self, state: CargoState, seat: int) -> str | None:
        if self._pending(state, seat) is not None:
            return f"first answer: {state.flow.pending[-1].prompt}"
        if self._phase(state) != "construction":
            return "that is a Construction Phase action"
        return None

    def why_not_draw(self, state: CargoState, seat: int) -> str | None:
        why = self._why_not_construction(state, seat)
        if why:
            return why
        if state.turn.actions < 1:
            return "you have no actions left this turn"
        if not state.bag:
            return "the bag is empty"
        return None

    def do_draw(self, state: CargoState, seat: int, ctx: Context) -> None:
        player = state.seats[seat]
        state.turn.actions -= 1
        draw_tiles(state, player, 1)
        ctx.emit(
            "draw",
            player.name,
            f"{player.name} draws a Conveyor tile ({plural(state.turn.actions, 'action')} left)",
        )

    def why_not_place(
        self,
        state: CargoState,
        seat: int,
        tile: str,
        cell: str,
        direction: str,
        fac: Facility | None = None,
        anchor: Cell | None = None,
    ) -> str | None:
        if fac is None:  # a single check, not the enumeration
            why = self._why_not_construction(state, seat)
            if why:
                return why
            if state.turn.actions < 1:
                return "you have no actions left this turn"
            player = state.seats[seat]
            if tile not in player.hand and not any(s and s[-1] == tile for s in player.storage):
                where = (
                    "in storage, but not on top of a stack"
                    if any(tile in s for s in player.storage)
                    else "not in your hand or storage"
                )
                return f"{tile} is {where}"
            if direction not in DIRECTIONS:
                return f"{direction!r} is not a direction"
            try:
                anchor = parse_cell(cell)
            except (ValueError, KeyError, IndexError):
                return f"{cell!r} is not a square"
            fac = player.facility
        assert anchor is not None
        board = fac.board
        need = fac.scaffolding_needed(anchor, direction)
        if need is None:
            other = second_cell(anchor, direction)
            for c in (anchor, other):
                if not (0 <= c[0] < board.columns and 0 <= c[1] < board.rows):
                    return f"the tile would stick out of the teal grid at {cell_name(c) if c[0] >= 0 and c[1] >= 0 else 'the edge'}"
                if c not in board.teal:
                    what = "a wall" if c in board.walls else "a machine"
                    return f"{cell_name(c)} is {what}: tiles go only on the teal grid"
            return "the tile cannot go there"
        if need > state.seats[seat].scaffolding:
            return f"the tile would not lie flat: it needs {need} Scaffolding and you have {state.seats[seat].scaffolding}"
        if state.place_veto:
            return state.hook.cc_why_not_place(
                state=state,
                seat=seat,
                tile=tile,
                anchor=anchor,
                direction=direction,
                scaffolding=need,
            )
        return None

    def do_place(
        self, state: CargoState, seat: int, ctx: Context, tile_id: str, cell: str, direction: str
    ) -> None:
        player = state.seats[seat]
        state.turn.actions -= 1
        if tile_id in player.hand:
            player.hand.remove(tile_id)
            source = "hand"
        else:
            stack = next(i for i, s in enumerate(player.storage) if s and s[-1] == tile_id)
            player.storage[stack].pop()
            source = f"storage {'ab'[stack]}"
        assert state.content is not None
        tile = state.content.tile(tile_id)
        anchor = parse_cell(cell)
        used, gears = player.facility.lay_tile(tile, state.night, anchor, direction)
        player.scaffolding -= used
        scaffold = f" on {used} Scaffolding" if used else ""
        ctx.emit(
            "place",
            player.name,
            f"{player.name} places {tile_id} (from {source}) at {cell}-{cell_name(second_cell(anchor, direction))}{scaffold} "
            f"({plural(state.turn.actions, 'action')} left)",
            tile=tile_id,
            cell=cell,
        )
        self._after_placement(state, seat, gears, ctx)

    def _after_placement(
        self, state: CargoState, seat: int, gears: list[Cell], ctx: Context
    ) -> None:
        for gear in gears:
            give(state, seat, Item("construction"), ctx, f"covering the Gear at {cell_name(gear)}")
        count = len(state.seats[seat].facility.active_docks())
        move_forklift(state, seat, count, ctx)

    def why_not_boost(self, state: CargoState, seat: int) -> str | None:
        why = self._why_not_construction(state, seat)
        if why:
            return why
        if state.turn.token_used:
            return "you have already used a Construction token this turn"
        if state.seats[seat].construction < 1:
            return "you have no Construction token"
        return None

    def do_boost(self, state: CargoState, seat: int, ctx: Context) -> None:
        player = state.seats[seat]
        player.construction -= 1
        state.construction += 1
        state.turn.token_used = True
        extra = state.rules["boost_actions"]
        state.turn.actions += extra
        ctx.emit(
            "boost",
            player.name,
            f"{player.name} uses a Construction token for {extra} more actions",
        )

    def why_not_splitter(self, state: CargoState, seat: int, color: str, cell: str) -> str | None:
        why = self._why_not_construction(state, seat)
        if why:
            return why
        player = state.seats[seat]
        if state.turn.token_used:
            return "you have already used a Construction token this turn"
        if player.construction < 1:
            return "placing a Splitter needs a Construction token"
        if player.splitters.get(color, 0) < 1:
            return f"you have no {color} Splitter"
        try:
            c = parse_cell(cell)
        except (ValueError, KeyError, IndexError):
            return f"{cell!r} is not a square"
        if c not in player.facility.board.teal:
            return f"{cell} is not on the teal grid"
        return None

    def do_splitter(
        self, state: CargoState, seat: int, ctx: Context, color: str, cell: str
    ) -> None:
        player = state.seats[seat]
        player.construction -= 1
        state.construction += 1
        state.turn.token_used = True
        player.splitters[color] -= 1
        gears = player.facility.lay_splitter(color, parse_cell(cell))
        ctx.emit(
            "splitter",
            player.name,
            f"{player.name} uses a Construction token to place a {color} Splitter at {cell}",
        )
        self._after_placement(state, seat, gears, ctx)

    # ---- Trading Tokens (any time during one's turn) ----------------------------------------
    def why_not_trade(
        self, state: CargoState, seat: int, kind: str, color: str | None = None
    ) -> str | None:
        if self._pending(state, seat) is not None:
            return f"first answer: {state.flow.pending[-1].prompt}"
        if self._phase(state) not in ("construction", "trucking"):
            return "tokens are traded during your turn"
        return why_not_trade(state, seat, kind, color)

    def do_trade(
        self, state: CargoState, seat: int, ctx: Context, kind: str, color: str | None = None
    ) -> None:
        trade(state, seat, kind, color, ctx)

    def why_not_end(self, state: CargoState, seat: int) -> str | None:
        if self._pending(state, seat) is not None:
            return f"first answer: {state.flow.pending[-1].prompt}"
        if self._phase(state) not in ("construction", "trucking"):
            return "there is no turn to end"
        if state.turn.must_spend:
            return "you used a Trucking token: spend at least 1 of its AP on a Truck card first"
        return None

    def do_end(self, state: CargoState, seat: int, ctx: Context) -> None:
        ctx.emit("end-turn", state.players[seat], f"{state.players[seat]} ends their turn")
        self._end_turn(state, seat, ctx)

    # ---- Trucking Phase ------------------------------------------------------------------
    def _why_not_trucking(self, state: CargoState, seat: int) -> str | None:
        if self._pending(state, seat) is not None:
            return f"first answer: {state.flow.pending[-1].prompt}"
        if self._phase(state) != "trucking":
            return "that is a Trucking Phase action"
        return None

    def _ap_total(self, state: CargoState, seat: int) -> int:
        turn = state.turn
        if turn.main is None:
            return state.hook.cc_truck_ap(state=state, seat=seat) + turn.ap
        return turn.ap

    def why_not_play(self, state: CargoState, seat: int, card: str, target: str) -> str | None:
        why = self._why_not_trucking(state, seat)
        if why:
            return why
        player = state.seats[seat]
        if card not in player.trucks:
            return f"{card} is not in your hand"
        if target not in state.players:
            return f"no player {target!r}"
        if state.turn.main not in (None, "trucks"):
            return "you have already taken your Trucking action this turn"
        cost = self.truck_card(state, card).ap
        left = self._ap_total(state, seat)
        if cost > left:
            return f"{card} costs {cost} AP and you have {left} left"
        return None

    def do_play(
        self, state: CargoState, seat: int, ctx: Context, card_id: str, target: str
    ) -> None:
        turn = state.turn
        if turn.main is None:
            turn.ap = self._ap_total(state, seat)
            turn.main = "trucks"
        card = self.truck_card(state, card_id)
        turn.ap -= card.ap
        turn.must_spend = False
        play_truck(state, seat, card, state.players.index(target), ctx)
        start_loading(state, seat, ctx)

    def why_not_discard(self, state: CargoState, seat: int, card: str) -> str | None:
        why = self._why_not_trucking(state, seat)
        if why:
            return why
        if card not in state.seats[seat].trucks:
            return f"{card} is not in your hand"
        if state.turn.main is not None:
            return "you have already taken your Trucking action this turn"
        if state.turn.token_used:
            return "after a Trucking token you must play Truck cards"
        return None

    def do_discard(self, state: CargoState, seat: int, ctx: Context, card_id: str) -> None:
        player = state.seats[seat]
        card = self.truck_card(state, card_id)
        player.trucks.remove(card_id)
        state.discarded_cards.append(card_id)
        state.truck_tiles.discard(card_id)
        state.removed_trucks.append(card_id)
        state.turn.main = "tiles"
        got = draw_tiles(state, player, card.tiles)
        ctx.emit(
            "discard", player.name, f"{player.name} discards {card_id} for {got} Conveyor tiles"
        )

    def why_not_recycle(self, state: CargoState, seat: int, first: str, second: str) -> str | None:
        why = self._why_not_trucking(state, seat)
        if why:
            return why
        if state.turn.main is not None:
            return "you have already taken your Trucking action this turn"
        if state.turn.token_used:
            return "after a Trucking token you must play Truck cards"
        storage = state.seats[seat].storage
        if first == second:
            if len(storage["ab".index(first)]) < 2:
                return f"storage stack {first} has fewer than 2 tiles"
        elif not storage[0] or not storage[1]:
            return "both storage stacks need a tile"
        if not state.deck:
            return "the Truck deck is empty"
        return None

    def do_recycle(
        self, state: CargoState, seat: int, ctx: Context, first: str, second: str
    ) -> None:
        player = state.seats[seat]
        gone = [player.storage["ab".index(s)].pop() for s in (first, second)]
        state.discarded_tiles.extend(gone)
        state.turn.main = "recycle"
        draw_trucks(state, player, 1)
        ctx.emit(
            "recycle",
            player.name,
            f"{player.name} discards {' and '.join(gone)} from storage for a Truck card",
        )

    def why_not_dispatch(self, state: CargoState, seat: int) -> str | None:
        why = self._why_not_trucking(state, seat)
        if why:
            return why
        player = state.seats[seat]
        if state.turn.token_used:
            return "you have already used a Trucking token this turn"
        if player.trucking < 1:
            return "you have no Trucking token"
        if state.turn.main not in (None, "trucks"):
            return "a Trucking token gives AP for Truck cards, and you have taken another action"
        if not state.deck and not player.trucks:
            return "you would have no Truck card to spend its AP on"
        return None

    def do_dispatch(self, state: CargoState, seat: int, ctx: Context) -> None:
        player = state.seats[seat]
        turn = state.turn
        player.trucking -= 1
        state.trucking += 1
        turn.token_used = True
        extra = state.rules["dispatch_ap"]
        if turn.main is None:
            turn.ap = state.hook.cc_truck_ap(state=state, seat=seat)
            turn.main = "trucks"
        turn.ap += extra
        turn.must_spend = True
        n = draw_trucks(state, player, 1)
        ctx.emit(
            "dispatch",
            player.name,
            f"{player.name} uses a Trucking token: draws {plural(n, 'Truck card')}, +{extra} AP ({turn.ap} AP)",
        )

    # ---- decisions -------------------------------------------------------------------------
    def why_not_load(self, state: CargoState, seat: int, *spaces: int) -> str | None:
        decision = self._pending(state, seat)
        if decision is None or decision.kind != "load":
            return "there is no loading choice to make now"
        if tuple(spaces) not in decision.data:
            options = " or ".join(" ".join(map(str, o)) for o in decision.data)
            return f"load one of the allowed sets of docks: {options}"
        return None

    def do_load(self, state: CargoState, seat: int, ctx: Context, *spaces: int) -> None:
        flowlib.pop(state)
        state.loading.pop(0)
        load(state, seat, tuple(spaces), ctx)
        continue_loading(state, ctx)
        flowlib.resume(self, state, ctx)

    def why_not_store(self, state: CargoState, seat: int, tile: str, stack: str) -> str | None:
        decision = self._pending(state, seat)
        if decision is None or decision.kind != "store":
            return "tiles go into storage only at the end of a phase"
        if tile not in state.seats[seat].hand:
            return f"{tile} is not in your hand"
        if stack not in ("a", "b"):
            return "storage stacks are a and b"
        return None

    def do_store(self, state: CargoState, seat: int, ctx: Context, tile: str, stack: str) -> None:
        player = state.seats[seat]
        player.hand.remove(tile)
        player.storage["ab".index(stack)].append(tile)
        ctx.emit("store", player.name, f"{player.name} puts a tile on storage stack {stack}")
        if not player.hand:
            flowlib.pop(state)
            flowlib.resume(self, state, ctx)

    # ================================================================== results
    def outcome(self, state: CargoState) -> Outcome:
        return scoring.outcome(state)

    def format_action(self, action: Action) -> str:
        v, a = action.verb, action.args
        if v == "place":
            body = f"place {a[0]} {a[1]} {a[2]}"
        elif v == "play":
            body = f"play {a[0]} to {a[1]}"
        else:
            body = " ".join([v, *map(str, a)])
        return f"{action.player}: {body}"

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        if verb in ("load", "recycle"):
            return verb, tuple(sorted(args))
        return verb, tuple(args)

    # ---- information (render.py does the drawing) ------------------------------------------
    def view(self, state: CargoState, viewer: int | None) -> dict[str, Any]:
        from .render import view

        return view(self, state, viewer)

    def render(self, state: CargoState, viewer: int | None, topic: str = "") -> str:
        from .render import render

        return render(self, state, viewer, topic)

    def describe(self, state: CargoState, viewer: int | None, ident: str) -> str | None:
        from .component_text import describe

        return describe(state, ident)

    def component_ids(self, state: CargoState) -> list[str]:
        from .component_text import component_ids

        return component_ids(state)

    def topics(self) -> tuple[str, ...]:
        return ("board", "facility", "shipping", "track", "supply", "hand", "trucks", "score")

    def query(self, state: CargoState, path: str) -> Any:
        return scoring.query(self, state, path)

    def invariants(self, state: CargoState) -> list[str]:
        return scoring.invariants(state)

    def token_counts(self, state: CargoState) -> dict[str, int]:
        return scoring.token_counts(state)

    def secrets(self, state: CargoState, seat: int) -> list[str]:
        """What only `seat` may know: the tiles in hand and the Truck cards in hand."""
        player = state.seats[seat]
        return list(player.hand) + list(player.trucks) + list(player.draft)

    def benchmarks(self) -> dict[str, Callable[[], object]]:
        """Figures `dockyard bench` prints: enumerating every legal placement mid-game."""
        from dockyard.bots import RandomBot
        from dockyard.session import Session

        session = Session(self.name, seed=11)
        bot = RandomBot(11)
        while not session.over:  # a Construction turn of round 6, a few tiles in hand
            st = session.state
            if st.flow.round >= 6 and self._phase(st) == "construction" and not st.flow.pending:
                seat = st.flow.active[0]
                if st.seats[seat].hand and st.turn.actions:
                    break
            session.apply(bot.choose(session))
        state = session.state
        seat = flowlib.actors(state)[0]

        def placements() -> object:
            state.placement_cache = ((), [])
            return self.legal_actions(state, seat)

        return {"legal mid-game": placements}

    def bot_action(self, state: CargoState, seat: int, rng: random.Random) -> Action:
        from .bots import bot_action

        return bot_action(self, state, seat, rng)


def _stacked(ids: list[str], top: tuple[str, ...], rng: random.Random) -> list[str]:
    """Shuffled, with `top` (a scenario's choice, in drawing order) on top; drawn from the end."""
    rest = [i for i in ids if i not in top]
    rng.shuffle(rest)
    return rest + [i for i in reversed(top) if i in ids]


def house_verbs(state: CargoState) -> dict[str, Any]:
    """The rules of action verbs added by house rules (`cc_house_verbs`), by verb."""
    return {rule.verb: rule for rules in state.hook.cc_house_verbs() for rule in rules}


def end_reasons(state: CargoState) -> list[str]:
    found: list[str] = []
    for reasons in state.hook.cc_end_triggers(state=state):
        for r in reasons:
            if r not in found:
                found.append(r)
    return found


def _flat_spots(fac: Facility, scaffolding: int) -> list[tuple[Cell, Cell, str, str]]:
    """The spots where a tile can lie flat with the Scaffolding at hand: the same test as
    `why_not_place`, done once per facility state."""
    key = (fac.version, scaffolding)
    cached = fac.spot_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    stacks = fac.stacks
    heights = {c: len(s) for c, s in stacks.items()}
    get = heights.get
    spots = [
        spot for spot in _spots(fac.board) if abs(get(spot[0], 0) - get(spot[1], 0)) <= scaffolding
    ]
    fac.spot_cache = (key, spots)
    return spots


_SPOTS: dict[int, tuple[Any, list[tuple[Cell, Cell, str, str]]]] = {}


def _spots(board: Any) -> list[tuple[Cell, Cell, str, str]]:
    """Every (square A, square B, direction, name of A) where a tile fits on the teal grid
    (kept per board by identity: hashing a frozen board each call is slow)."""
    entry = _SPOTS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, _all_spots(board))
        _SPOTS[id(board)] = entry
    return entry[1]


def _all_spots(board: Any) -> list[tuple[Cell, Cell, str, str]]:
    return [
        (cell, second_cell(cell, d), d, cell_name(cell))
        for cell in sorted(board.teal, key=lambda c: (c[1], c[0]))
        for d in DIRECTIONS
        if second_cell(cell, d) in board.teal
    ]
