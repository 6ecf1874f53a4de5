"""House rules, and the Night Shift (night_shift.py): each a `Variant`, each written only against
`hookspecs`.

A variant sets setup options (`CuriousCargo.setup` reads "first_game" and "board") and/or
registers a small plugin implementing some of the game's extension points (`hookspecs.py`). None
of them edits the game's rules: remove a variant and the rulebook's game is untouched.

    dockyard play curious-cargo --variant night-shift --variant bus
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dockyard import Action, Context, Variant, hookimpl

from . import INFO
from .bonuses import draw_trucks, tell_drawn
from .components import Item, TruckCard
from .night_shift import NIGHT_SHIFT

# ---- First game (setup step 9) ---------------------------------------------------------------

FIRST_GAME = Variant(
    name="first-game",
    game="curious-cargo",
    summary=INFO.variant_summaries["first-game"],
    options={"first_game": True, "board": 1},
)
"""The rulebook's first-game rules: "First time players should use board #1" (setup step 1) and
"On your first game skip this step and just keep the 3 Truck cards you are dealt" (step 9). The
card selection is the default; this variant skips it."""


# ---- No Scaffolding (designer note) ----------------------------------------------------------


class NoScaffolding:
    """ "Experienced players seeking an additional challenge can play without scaffolding tiles."

    The Scaffolding tiles are taken out of the game at setup: every player has 0 and the game's
    count of them (`rules["scaffolding"]`) is 0, so the conservation check still adds up. The
    game's own placement rule then refuses any tile that would not lie flat ("it needs 1
    Scaffolding and you have 0"): tiles still stack, but only over an even surface.
    """

    @hookimpl
    def cc_setup(self, state: Any, ctx: Context) -> None:
        boxed = sum(p.scaffolding for p in state.seats)
        state.rules["scaffolding"] = 0
        for player in state.seats:
            player.scaffolding = 0
        ctx.emit(
            "house-rule",
            None,
            f"no-scaffolding: the {boxed} Scaffolding tiles stay in the box; "
            "a tile must lie flat on its own",
        )


NO_SCAFFOLDING = Variant(
    name="no-scaffolding",
    game="curious-cargo",
    summary=INFO.variant_summaries["no-scaffolding"],
    plugin=NoScaffolding(),
    conflicts=("handicap",),
)


# ---- Handicap (designer note: balancing with a less experienced player) ----------------------


class Handicap:
    """The designer's own balance: "[playing without scaffolding] can also be used to balance
    games with less experienced players." The experienced player goes without Scaffolding; the
    newcomer keeps theirs.

    Who is who: the experienced player is the one seated first (list them first: `--players ann
    bob` handicaps ann). The first seat also starts on top of the Forklifts, so the newcomer
    gets both helps: Scaffolding to level their stacks, and the experienced player's tempo is no
    longer backed by it. The experienced player's 5 Scaffolding stay in front of them, unused
    (the game counts them as in play), and every placement that would need one is refused with
    a reason naming this house rule. It conflicts with `no-scaffolding`: with nobody having
    Scaffolding, the newcomer would get no help, and a group choosing both would believe they
    had balanced the game when they had not.
    """

    @hookimpl
    def cc_why_not_place(
        self, state: Any, seat: int, tile: Any, anchor: Any, direction: str, scaffolding: int
    ) -> str | None:
        if seat == 0 and scaffolding > 0:
            return (
                f"house rule handicap: {state.players[0]} plays without Scaffolding, and this "
                f"tile would need {scaffolding} to lie flat"
            )
        return None


HANDICAP = Variant(
    name="handicap",
    game="curious-cargo",
    summary=INFO.variant_summaries["handicap"],
    plugin=Handicap(),
    conflicts=("no-scaffolding",),
)


# ---- The bus: a Truck card with no cargo spaces ----------------------------------------------

BUS_CARD = TruckCard(
    id="bus",
    size=0,
    ap=1,
    tiles=1,
    blocked=frozenset(),
    bonus=Item("points", 0),
)
"""The bus's values, and why:

- size 0: no cargo spaces, just the cab, so it fills one street space. It is the finest push in
  the game: it moves every truck on a Shipping side exactly one space forward (a size-1 truck
  moves them two), to line a cargo space up with an active connection, to push a loaded truck
  over the 10 into the opponent's Receiving side, or to shove an opponent's trucks past their
  connections before they load.
- 1 AP, like the other small trucks, so a bus and another small truck fit in one action's 2 AP.
- worth 1 Conveyor tile when discarded, the least of any card, like the size-1 trucks: a cheap
  card is a cheap discard.
- bonus for completion: none (0 points). "When a truck is completely filled excluding blocked
  spaces receive the bonus" – a bus is never filled, because goods never load onto it, so the
  engine never pays a bus's cab. The card shows 0 points so it promises nothing.
- it crosses to the opponent and leaves the game like any truck, carrying nothing, so it never
  delivers goods: it only moves other trucks.
"""


class Bus:
    """The promotional bus: one extra Truck card (and its Truck tile) shuffled into the deck."""

    @hookimpl
    def cc_truck_cards(self, content: Any, options: dict[str, Any]) -> list[TruckCard]:
        if any(card.id == BUS_CARD.id for card in content.trucks):
            from dockyard import DockyardError

            raise DockyardError(
                f"the bus variant adds a Truck card {BUS_CARD.id!r}, but this deck already has one"
            )
        return [BUS_CARD]


BUS = Variant(
    name="bus",
    game="curious-cargo",
    summary=INFO.variant_summaries["bus"],
    plugin=Bus(),
)


# ---- Mulligan: a house rule with an action verb of its own -----------------------------------


class Mulligan:
    """Once per game, at the start of their Trucking Phase turn, a player may put every Truck card
    in their hand on the bottom of the deck and draw as many from the top: `p1: mulligan`.

    Why a group wants it: the Truck cards in hand decide what a player can ship, and a hand that
    fits nothing on the board (three 2 AP trucks, or blocked spaces wherever the lines are)
    stalls a player for rounds, since the rulebook's remedies each cost the whole Trucking
    action. A once-per-game redraw, as many card games allow, softens the worst luck without
    becoming a strategy. It is taken before the turn's action (no Truck card played, no
    Trucking token used) and does not replace it. The cards go to the bottom, not shuffled in:
    they come back only if the deck runs that low, and no chance is added beyond the deck's
    order. The words come from the variant's grammar (`%extend game_action: act_mulligan`); the
    rule comes through the game's `cc_house_verbs` extension point.
    """

    verb = "mulligan"

    @hookimpl
    def cc_house_verbs(self) -> list[Any]:
        return [self]

    @staticmethod
    def _key(seat: int) -> str:
        return f"mulligan.{seat}"  # kept in the state's rules, so undo and saves take it back

    def actions(self, game: Any, state: Any, seat: int) -> Iterator[Action]:
        if self.why_not(game, state, seat) is None:
            yield Action(state.players[seat], self.verb, ())

    def why_not(self, game: Any, state: Any, seat: int) -> str | None:
        if state.flow.pending:
            return f"first answer: {state.flow.pending[-1].prompt}"
        if game.phases[state.flow.phase].name != "trucking":
            return "a mulligan is taken at the start of your Trucking Phase turn"
        if state.rules.get(self._key(seat)):
            return "you have already taken your mulligan this game"
        if state.turn.main is not None or state.turn.token_used:
            return "a mulligan comes before your Trucking action, and you have taken it"
        if not state.seats[seat].trucks:
            return "you have no Truck cards to redraw"
        if not state.deck:
            return "the Truck deck is empty: you would draw the same cards back"
        return None

    def do(self, game: Any, state: Any, seat: int, ctx: Context) -> None:
        player = state.seats[seat]
        cards = list(player.trucks)
        state.rules[self._key(seat)] = 1
        player.trucks.clear()
        state.deck[:0] = cards  # the deck is drawn from its end: index 0 is the bottom
        got = draw_trucks(state, player, len(cards))
        ctx.emit(
            "mulligan",
            player.name,
            f"{player.name} takes their mulligan: {len(cards)} Truck cards to the bottom of the "
            f"deck, {len(cards)} drawn",
        )
        tell_drawn(ctx, player, player.trucks, got)


MULLIGAN = Variant(
    name="mulligan",
    game="curious-cargo",
    summary=INFO.variant_summaries["mulligan"],
    plugin=Mulligan(),
    grammar='%extend game_action: act_mulligan\nact_mulligan: "mulligan"',
)


VARIANTS: tuple[Variant, ...] = (NIGHT_SHIFT, FIRST_GAME, NO_SCAFFOLDING, HANDICAP, BUS, MULLIGAN)
