"""SETTING UP, as the rulebook lists it.

- "If playing with less than 6 players take out the light grey harbor and ship cards, then
  randomly assign each player one of the remaining harbor cards" (the grey one, with 6, "grant[s]
  4 extra credits").
- "place one of each color anywhere in the open sea, and one in the matching player's harbor".
- "Shuffle all of the goods cards"; "Seed each of the ship cards in the open ocean with four
  goods cards"; "Seed the supply island with cards from the draw deck equal to the number of
  players"; "Give each player five white credit cubes"; "Deal five cards to each player".

Who leads first the rulebook does not say: the first player named (seat 0), as in every other
game here. A table may also be set up by hand (`arrange`: rule tests, lessons, puzzles, and a
content's layout.json).
"""

from __future__ import annotations

from typing import Any

from dockyard import Context, DockyardError, Rng, Setup
from dockyard.flow import FlowState, reveal, start

from .components import Box
from .effects import calls
from .harbor import draw_card
from .speed import python_effects
from .state import ImportExportState, Ship


def set_up(setup: Setup, ctx: Context) -> ImportExportState:
    """The table as the rulebook sets it up (or the content's layout), the first turn begun."""
    box: Box = setup.content.built
    state = ImportExportState(list(setup.players), Rng(setup.seed), FlowState(), parts=box)
    state.end_credits = int(setup.options.get("end_credits", box.rules["end"]["active_credits"]))
    _check_calls(box, ctx)
    _deal(state, ctx)
    start(ctx.game, state, ctx)
    return state


def _check_calls(box: Box, ctx: Context) -> None:
    """Every named effect the cards call is provided by a plugin of this session."""
    named = python_effects(ctx.hook)
    for card in box.cards:
        for path, name in calls(list(card.effects), "effects"):
            if name not in named:
                provided = ", ".join(sorted(named)) or "none"
                raise DockyardError(
                    f"goods card {card.id}: {path}.call.name: no plugin of this session provides "
                    f"the effect {name!r} (a variant's import_export_effects hook; provided: "
                    f"{provided})"
                )


def _deal(state: ImportExportState, ctx: Context) -> None:
    """SETTING UP: harbors, ships, credits, the deck, the sea, the island, the hands."""
    c = state.c
    n = len(state.players)
    rules = c.rules["setup"]
    rng = state.rng
    layout = c.layout
    if layout is not None and "harbors" in layout:
        if len(layout["harbors"]) != n:
            raise DockyardError(
                f"the layout in the content is for {len(layout['harbors'])} players, not {n}"
            )
        by_color = {h.color: h for h in c.harbors}
        harbors = [by_color[color] for color in layout["harbors"]]
    else:
        harbors = c.harbors_for(n)
        rng.shuffle(harbors)
        harbors = harbors[:n]
        reveal(state)
    state.colors = [h.color for h in harbors]
    if layout is not None:
        if len(layout.get("players", [])) > n:
            raise DockyardError(
                f"the layout in the content describes {len(layout['players'])} seats, not {n}"
            )
        if layout.get("leader", 0) >= n:
            raise DockyardError(f"the layout's leader is seat {layout['leader']}, of {n} seats")
        away = [s for s in layout.get("ships", {}) if s.rpartition("-")[0] not in state.colors]
        if away:
            raise DockyardError(
                f"the layout in the content names {', '.join(away)}, of a harbor not at this "
                f"table ({', '.join(state.colors)}): give its `harbors`"
            )
    state.tiers = [h.tier for h in harbors]
    state.credits = [rules["credits"] + h.credits for h in harbors]
    state.bank = c.credits_total - sum(state.credits)
    state.passive = [0] * n
    state.lost = [0] * n
    for seat, harbor in enumerate(harbors):
        name = state.players[seat]
        extra = f" and {harbor.credits} extra credits" if harbor.credits else ""
        ctx.emit(
            "harbor", name, f"{name} takes the {harbor.color} harbor{extra}", color=harbor.color
        )
    state.hands = [[] for _ in range(n)]
    state.imports = [[] for _ in range(n)]
    state.goods = [[] for _ in range(n)]
    state.shipments = [[] for _ in range(n)]
    state.played = [[] for _ in range(n)]
    state.did = [None] * n
    state.actions_left = [0] * n
    state.acting = [None] * n
    state.again = [0] * n
    state.sold = [False] * n
    state.deck = [card.id for card in c.cards]
    rng.shuffle(state.deck)
    state.ships = []
    for seat, color in enumerate(state.colors):
        state.ships.append(Ship(f"{color}-1", seat))
        for number in range(2, c.ships_per_harbor + 1):
            state.ships.append(Ship(f"{color}-{number}", seat, at_sea=True))
    for ship in state.at_sea():
        ship.loaded = [_card(state, ctx) for _ in range(rules["sea_cards_per_ship"])]
    state.island = [_card(state, ctx) for _ in range(rules["island_cards_per_player"] * n)]
    for seat in range(n):
        state.hands[seat] = [_card(state, ctx) for _ in range(rules["hand"])]
    if layout is not None:
        arrange(state, _spec(state, layout))
        ctx.emit("layout", None, "the table is set up as the content's layout says")
    ctx.emit(
        "setup",
        None,
        f"{len(state.at_sea())} ships at sea with {rules['sea_cards_per_ship']} containers each, "
        f"{len(state.island)} cards on the supply island, {len(state.deck)} in the deck",
    )


def _spec(state: ImportExportState, layout: dict[str, Any]) -> dict[str, Any]:
    """A layout file (seats by number) as `arrange` takes it (players by name)."""
    spec = {k: v for k, v in layout.items() if k in ("ships", "island", "discard", "deck_top")}
    spec["players"] = {state.players[i]: seat for i, seat in enumerate(layout.get("players", []))}
    spec["leader"] = state.players[layout.get("leader", 0)]
    return spec


def _card(state: ImportExportState, ctx: Context) -> str:
    card = draw_card(state, ctx)
    assert card is not None  # the content check makes sure the deck sets up six players
    return card


# ---- a table set up by hand (rule tests, lessons, puzzles) --------------------------------------


def _lists(state: ImportExportState) -> list[list[str]]:
    out = [state.deck, state.discard, state.island]
    out += state.hands + state.imports + state.goods + state.shipments + state.played
    for ship in state.ships:
        out += [ship.contracts, ship.loaded]
    return out


def arrange(state: ImportExportState, spec: dict[str, Any]) -> None:
    """Put the named cards where `spec` says, each taken from wherever it lay (and replaced
    there from the deck); a place that is named holds exactly those cards afterwards (what it
    held goes to the bottom of the deck).

    spec: {"players": {NAME: {"hand": [...], "imports": [...], "goods": [...],
    "shipments": [...], "credits": N}}, "ships": {SHIP: {"contracts": [...], "loaded":
    [...], "at_sea": bool}}, "island": [...], "deck_top": [...] (the next cards drawn, in
    order), "discard": [...], "leader": NAME}. Credits come from or go back to the bank."""
    targets: list[tuple[list[str], list[str]]] = []
    for name, places in spec.get("players", {}).items():
        seat = state.players.index(name)
        for key in ("hand", "imports", "goods", "shipments"):
            if key in places:
                where = {
                    "hand": state.hands,
                    "imports": state.imports,
                    "goods": state.goods,
                    "shipments": state.shipments,
                }[key][seat]
                targets.append((where, list(places[key])))
        if "credits" in places:
            state.bank += state.credits[seat] - places["credits"]
            state.credits[seat] = places["credits"]
    for ident, ship_spec in spec.get("ships", {}).items():
        ship = state.ship(ident)
        if ship is None:
            raise KeyError(f"no ship {ident} at this table")
        if "at_sea" in ship_spec:
            ship.at_sea = bool(ship_spec["at_sea"])
        for key in ("contracts", "loaded"):
            if key in ship_spec:
                targets.append((getattr(ship, key), list(ship_spec[key])))
    for key in ("island", "discard"):
        if key in spec:
            targets.append((getattr(state, key), list(spec[key])))
    top = list(spec.get("deck_top", []))
    named = {card for _, cards in targets for card in cards} | set(top)
    unknown = sorted(named - set(state.c.by_id))
    if unknown:
        raise KeyError(f"no such cards: {', '.join(unknown)}")
    displaced: list[str] = []
    for where, _ in targets:
        displaced += [card for card in where if card not in named]
        where.clear()
    # a named card taken from a place the layout leaves as dealt is replaced there from the
    # deck, so that place keeps its count (a hand of five, four containers on a ship)
    refill: list[tuple[list[str], int]] = []
    for where in _lists(state):
        kept = [card for card in where if card not in named]
        if len(kept) < len(where) and where is not state.deck and where is not state.discard:
            refill.append((where, len(where) - len(kept)))
        where[:] = kept
    for where, cards in targets:
        where.extend(cards)
    state.deck[:] = displaced + state.deck
    for where, count in refill:
        for _ in range(min(count, len(state.deck))):
            where.append(state.deck.pop())
    state.deck.extend(reversed(top))
    for ship in state.ships:
        if ship.at_sea and not ship.loaded:
            ship.at_sea = False
    if "leader" in spec:
        state.leader = state.players.index(spec["leader"])
        state.flow.order = [state.leader]
        state.flow.active = [state.leader]
