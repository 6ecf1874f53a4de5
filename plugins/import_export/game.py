"""Import / Export: the game object wiring the rulebook's parts together."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from dockyard import Action, Context, Game, Outcome, Setup
from dockyard.flow import actors, answer, asked, resume
from dockyard.game import redeal
from dockyard.loader import Content

from .about import MAX_PLAYERS, MIN_PLAYERS, NAME, SUMMARY, TITLE
from .actions import (
    do_contract,
    do_load,
    do_pirate,
    do_sell,
    do_take,
)
from .bots import bot_action, evaluate
from .choices import (
    POWER,
    answer_options,
    answered,
    holds_any_time_power,
    use,
    use_options,
)
from .components import Box, build
from .free import FREE, free_options, take_free
from .importing import (
    BID,
    TIE,
    bid,
    bid_options,
    choose,
    favor,
    keep,
    keep_options,
)
from .legality import ANY_TIME, why_not
from .powers import winners as power_winners
from .reading import acting_type
from .scoring import end_reasons, outcome
from .set_up import set_up
from .shipments import scrap
from .state import ImportExportState
from .text import TOPICS, action_from_tree, card_line, format_action, render
from .turns import (
    IMPORT,
    PHASES,
    act_options,
    do_draw,
    do_follow,
    do_lead,
    do_pass,
    lead_options,
    phase_name,
    plays,
    settle,
)
from .view import invariants, secrets, token_counts, view
from .vocabulary import WORDS

# the actions a player takes with the turn's declared action: verb -> its do rule
ACTS: dict[str, Callable[..., None]] = {
    "contract": do_contract,
    "load": do_load,
    "pirate": do_pirate,
    "sell": do_sell,
    "take": do_take,
}


class ImportExport(Game):
    name = NAME
    title = TITLE
    summary = SUMMARY
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = ("p1", "p2", "p3")
    content_folder = "import_export"
    hookspecs: ClassVar[ModuleType | None] = import_module(".hookspecs", __package__)
    grammar_file = "import_export.lark"
    phases = PHASES
    query_paths = (
        ("credits.P", "P's active credits"),
        ("passive.P", "P's credits counted at the game's end only (HELICOPTER)"),
        ("hand.P", "how many cards P holds"),
        ("imports.P", "how many cards P has in imports"),
        ("goods.P", "how many cards P has in goods"),
        ("shipments.P", "how many shipments P has completed"),
        ("actions.P", "actions of the declared type P has left this turn (its follow too)"),
        ("did.P", "`lead`, `follow` or `draw`: what P did this turn"),
        ("harbor.P", "the color of P's harbor"),
        ("tier.P.TYPE", "P's tier level in a good type (technology, agriculture, ...)"),
        ("score.P", "P's score as it stands (SCORING), and the final one once over"),
        ("has.P.CARD", "true when the card is in P's hand"),
        ("imported.P.CARD", "true when the card is in P's imports"),
        ("owns.P.CARD", "true when the card is in P's goods"),
        ("shipped.P.CARD", "true when the card is among P's completed shipments"),
        ("contracted.P.CARD", "true when the card is contracted on one of P's ships in harbor"),
        ("ship.SHIP", "`sea` or `harbor`: where the ship is"),
        ("containers.SHIP", "how many containers are loaded on the ship"),
        ("contracts.SHIP", "how many contracts the ship carries"),
        ("on.island.CARD", "true when the card is on the supply island"),
        ("on.discard.CARD", "true when the card is in the discard pile"),
        ("on.SHIP.CARD", "true when the card is loaded on that ship"),
        ("deck", "cards in the deck"),
        ("discard", "cards in the discard pile"),
        ("island", "cards on the supply island"),
        ("sea", "ships at sea"),
        ("bank", "the bank's credits"),
        ("leader", "who leads this turn"),
        ("declared", "the action type led this turn (none before the lead)"),
        ("reached", "who has reached the end's active credits at some moment of this turn (p1+p2)"),
    )
    terminal_words = {
        "CARD": "a card such as laptops (`show cards` lists them)",
        "SHIP": "a ship such as green-1",
        "ACTION": "an action (contract, load, import, pirate or supply)",
        "PLACE": "imports or goods",
        "ISLAND": "island",
        "NAME": "a player",
        "INT": "a number of credits such as 4",
    }
    max_playout_steps = 20_000

    # ---- content -------------------------------------------------------------------------
    def build_content(self, content: Content) -> Box:
        return build(content, WORDS)

    # ---- setup ---------------------------------------------------------------------------
    def setup(self, setup: Setup, ctx: Context) -> ImportExportState:
        return set_up(self, setup, ctx)

    # ---- rules ---------------------------------------------------------------------------
    def out_of_turn(self, state: ImportExportState) -> list[int]:
        """Who may act although the game waits for others: "At any point when a player is the
        leader of the turn, they may discard any shipment contracts", and a power worded "at
        any time" may be used whenever the game waits for anyone's decision."""
        if state.flow.over is not None:
            return []
        waiting = actors(state)
        return [
            seat
            for seat in range(len(state.players))
            if seat not in waiting and self._anytime_actions(state, seat)
        ]

    def _anytime_actions(self, state: ImportExportState, seat: int) -> list[Action]:
        """What `seat` may do at any moment: discard contracts as the leader, use a power
        worded "at any time"."""
        name = state.players[seat]
        out = (
            [Action(name, "scrap", (card,)) for s in state.home_ships(seat) for card in s.contracts]
            if seat == state.leader
            else []
        )
        if holds_any_time_power(state, seat):
            out += use_options(state, seat, out_of_turn=True)
        return out

    def legal_actions(self, state: ImportExportState, player: int) -> list[Action]:
        flow = state.flow
        if flow.over is not None:
            return []
        if player not in actors(state):  # another's turn or question: what is for any time
            return self._anytime_actions(state, player)
        if flow.pending:
            decision = asked(state, player)
            assert decision is not None  # an actor while questions wait is asked one
            answers = self._answers(state, player, decision)
            extra = self._anytime_actions(state, player)  # beside the answers
            return list(dict.fromkeys(answers + extra)) if extra else answers
        return self._turn_actions(state, player)

    def _answers(self, state: ImportExportState, player: int, decision: Any) -> list[Action]:
        name = state.players[player]
        if decision.kind == BID:
            return [Action(name, "bid", (n,)) for n in bid_options(state, player)]
        if decision.kind == TIE:
            return [Action(name, "favor", (state.players[s],)) for s in decision.data]
        if decision.kind == POWER:
            return [Action(name, "choose", (w,)) for w in answer_options(state, decision)]
        if decision.kind == FREE:
            return free_options(state, decision)
        return [
            Action(name, "keep", (card, place)) if place else Action(name, "drop", (card,))
            for card, place in keep_options(state, player)
        ]

    def _turn_actions(self, state: ImportExportState, player: int) -> list[Action]:
        name = state.players[player]
        phase = phase_name(state)
        scraps = (
            [
                Action(name, "scrap", (card,))
                for s in state.home_ships(player)
                for card in s.contracts
            ]
            if player == state.leader
            else []
        )
        uses = use_options(state, player)
        if phase == "lead":
            return [
                Action(name, "draw", ()),
                *(Action(name, "lead", args) for args in lead_options(state, player)),
                *scraps,
                *uses,
            ]
        if phase == "follow":
            return [
                Action(name, "draw", ()),
                *(Action(name, "follow", cards) for cards in plays(state, player, state.declared)),
                *uses,
            ]
        out = act_options(state, player)
        if acting_type(state, player) != IMPORT:
            out.append(Action(name, "pass", ()))
        return out + scraps + uses

    def check(self, state: ImportExportState, action: Action, player: int) -> str | None:
        return why_not(state, action, player)

    def apply(self, state: ImportExportState, action: Action, player: int, ctx: Context) -> None:
        verb, args = action.verb, action.args
        decision = asked(state, player) if state.flow.pending else None
        if (
            decision is not None
            and decision.kind == FREE
            and (verb not in ANY_TIME or action in free_options(state, decision))
        ):
            answer(state, player)
            take_free(state, decision, action, lambda a: self._act(state, a, player, ctx), ctx)
            resume(self, state, ctx)
            settle(state, self, ctx)
        elif verb == "use":
            use(state, player, args[0], args[1], ctx)
            settle(state, self, ctx)  # a power that spends an action may end the turn
        elif verb == "draw":
            do_draw(state, player, self, ctx)
        elif verb == "lead":
            do_lead(state, player, args[0], args[1:], self, ctx)
        elif verb == "follow":
            do_follow(state, player, args, self, ctx)
        elif verb == "scrap":
            scrap(state, player, args[0], ctx)
        else:
            if verb in ACTS:
                ACTS[verb](state, player, *args, ctx)
            elif verb == "import":
                choose(state, args[0], ctx)
            elif verb == "bid":
                bid(state, player, args[0], ctx)
            elif verb == "favor":
                favor(state, player, args[0], ctx)
            elif verb in ("keep", "drop"):
                keep(state, player, args[0], args[1] if verb == "keep" else None, ctx)
            elif verb == "pass":
                do_pass(state, player, self, ctx)
            elif verb == "choose":
                decision = answer(state, player)
                answered(state, decision, args[0], ctx)
                resume(self, state, ctx)
            settle(state, self, ctx)
        self._special_wins(state, ctx)

    def _act(self, state: ImportExportState, action: Action, player: int, ctx: Context) -> None:
        """A contract, load, pirate, sell or take, as the turn's action rules do it."""
        ACTS[action.verb](state, player, *action.args, ctx)

    def _special_wins(self, state: ImportExportState, ctx: Context) -> None:
        """A power that makes its owner win ends the game at once (THE MOTHER LOAD)."""
        if state.flow.over is not None:
            return
        won = sorted(set(power_winners(state)) | set(state.won))
        if won:
            state.won = won
            names = ", ".join(state.players[s] for s in won)
            reason = f"{names} won by the power of a completed shipment"
            state.flow.over = reason
            ctx.emit("game-over", None, f"the game ends: {reason}", reason=reason)

    def end_reason(self, state: ImportExportState) -> str | None:
        reasons = end_reasons(state)
        return "; ".join(text for _, text in reasons) or None

    def outcome(self, state: ImportExportState) -> Outcome:
        return outcome(state)

    # ---- bots ------------------------------------------------------------------------------
    bot_playouts = 48
    bot_rollout_depth = 30

    def bot_action(self, state: ImportExportState, player: int, rng: random.Random) -> Action:
        return bot_action(self, state, player, rng)

    def bot_evaluate(self, state: ImportExportState) -> list[float]:
        return evaluate(state)

    def sample_state(
        self, state: ImportExportState, seat: int, rng: random.Random
    ) -> ImportExportState:
        """The deck and the other players' hands dealt again; bids not yet revealed made up."""
        copy: ImportExportState = super().sample_state(state, seat, rng)
        redeal(rng, copy.deck, *(h for s, h in enumerate(copy.hands) if s != seat))
        auction = copy.auction
        if auction is not None and len(auction.bids) < len(auction.bidders):
            for s in list(auction.bids):
                if s != seat:
                    auction.bids[s] = rng.choice(bid_options(copy, s))
        return copy

    # ---- text ----------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return format_action(action)

    def action_from_tree(self, verb: str, args: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return action_from_tree(verb, args)

    def announce(self, action: Action) -> str | None:
        """A bid is sealed: everyone sees that it was made, the amounts at the reveal. An
        answer to a question may name a card of a hand: everyone sees that it was given, and
        the events that follow say what of it may be seen by whom."""
        if action.verb == "bid":
            return f"{action.player}: bid (in secret)"
        if action.verb == "choose":
            return f"{action.player}: choose (in secret)"
        return None

    def legal_group(self, action: Action) -> str:
        if action.verb == "lead":
            return f"lead {action.args[0]}"
        if action.verb in ("contract", "load", "pirate", "keep", "sell", "take"):
            return f"{action.verb} {action.args[0]}"
        return action.verb

    def render(self, state: ImportExportState, viewer: int | None, topic: str = "") -> str:
        return render(state, viewer, topic, phase_name(state))

    def topics(self) -> tuple[str, ...]:
        return TOPICS

    def describe(self, state: ImportExportState, viewer: int | None, ident: str) -> str | None:
        card = state.c.by_id.get(ident)
        if card is None:
            return None
        return f"{card.name}\n{card_line(card)}\npower ({card.timing}): {card.power}"

    def component_ids(self, state: ImportExportState) -> list[str]:
        return [card.id for card in state.c.cards]

    def picture(self, state: ImportExportState, viewer: int | None) -> Any:
        from .picture import draw

        return draw(self.view(state, viewer), state.c)

    def scores(self, state: ImportExportState) -> list[float]:
        return [float(x) for x in state.credits]

    # ---- information ---------------------------------------------------------------------
    def view(self, state: ImportExportState, viewer: int | None) -> dict[str, Any]:
        return view(self.name, state, viewer, phase_name(state))

    def secrets(self, state: ImportExportState, seat: int) -> list[str]:
        return secrets(state, seat)

    def hidden_query(self, state: ImportExportState, path: str, viewer: int | None) -> str | None:
        from .view import hidden_query

        return hidden_query(state, path, viewer)

    def query(self, state: ImportExportState, path: str) -> Any:
        from .view import query

        return query(state, path, phase_name(state))

    def token_counts(self, state: ImportExportState) -> dict[str, int]:
        return token_counts(state)

    def invariants(self, state: ImportExportState) -> list[str]:
        return invariants(state)

    def action_space(self, state: ImportExportState) -> list[tuple[Any, ...]]:
        from .view import action_space

        return action_space(state)
