"""IMPORT: rounds of secret bids for the containers of a ship at sea.

- "The leader ... Chooses any ship in the open sea to be bid on. All other players who followed
  the leader's import action will be involved in the bidding, with the leader breaking ties."
- "All players involved in the bidding process will secretly put credits in their fist, and
  reveal them simultaneously. The highest bidder pays their bid to the bank, chooses two cards
  from the ship ... up to one card in their imports, and/or up to two cards in their goods".
- MULTIPLE IMPORT ACTIONS: one round per import action; "The leader will always decide which
  ship will be bid on, even if they are not involved"; "only players who played an additional
  import action beyond the last will be involved"; alone, a player "takes two containers for
  free".
- SHIP OWNERSHIP: "the owner takes 2 credits from the bank per won bid" (when someone else
  imports); "If a ship is emptied of containers, it returns to the owner's harbor."
- FAQ: a card with no room anywhere is discarded; cards are not swapped; a loser does not pay;
  a ship with a single container may be imported from.

Bids are questions asked together (`dockyard.flow.ask_together`): each bidder answers in any
order, and nobody sees an amount until all are in.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context, Decision
from dockyard.flow import answer, ask_together, asked, push, resume, reveal

from .harbor import gain, pay, reached
from .powers import fire
from .reading import acting_type, anyone_has, goods_room, imports_room, modifiers
from .shipments import take_container
from .state import Auction, ImportExportState

BID, TIE, KEEP = "bid", "tie", "keep"
ISLAND = "island"  # DARK FLIGHT GAMES: bid for the supply island's cards
IMPORTS, GOODS = "imports", "goods"


def bidders(state: ImportExportState) -> list[int]:
    """Who still has an import action this turn, clockwise from the leader."""
    n = len(state.players)
    order = [(state.leader + i) % n for i in range(n)]
    return [s for s in order if state.actions_left[s] > 0 and acting_type(state, s) == "import"]


def rounds_left(state: ImportExportState) -> bool:
    return bool(bidders(state)) and bool(choose_options(state))


def why_not_import(state: ImportExportState, seat: int, ship_id: str) -> str | None:
    if seat != state.leader:
        return "the leader chooses the ship"
    if state.auction is not None:
        return "a ship is already being bid on"
    if ship_id == ISLAND and _from_island(state):
        return None if state.island else "the supply island is empty"
    ship = state.ship(ship_id)
    if ship is None or not ship.at_sea:
        return f"{ship_id} is not a ship at sea"
    return None


def choose_options(state: ImportExportState, seat: int | None = None) -> list[str]:
    """The ships the leader (or `seat`, importing by themselves) may choose."""
    island = [ISLAND] if state.island and _from_island(state, seat) else []
    return [s.id for s in state.at_sea() if s.loaded] + island


def _from_island(state: ImportExportState, seat: int | None = None) -> bool:
    """DARK FLIGHT GAMES: its owner, leading, may have the supply island bid on."""
    return bool(modifiers(state, state.leader if seat is None else seat, "import-island"))


def containers(state: ImportExportState, auction: Auction) -> list[str]:
    """The cards bid on: a ship's containers, or the supply island's cards."""
    if auction.ship == ISLAND:
        return state.island
    ship = state.ship(auction.ship)
    assert ship is not None
    return ship.loaded


def do_import(state: ImportExportState, seat: int, ship_id: str, ctx: Context) -> None:
    """`import SHIP`: the leader (`seat`) picks the ship of this round; the round's bidders bid
    (or one takes freely)."""
    who = bidders(state)
    for s in who:
        state.actions_left[s] -= 1
    state.import_round += 1
    state.auction = Auction(ship_id, who)
    names = ", ".join(state.players[s] for s in who)
    leader = state.players[state.leader]
    ctx.emit(
        "auction",
        leader,
        f"import round {state.import_round}: {leader} chooses {ship_id}; importing: {names}",
        ship=ship_id,
    )
    if len(who) == 1:
        (alone,) = who
        _win(state, alone, 0, ctx)
        return
    ask_together(
        state,
        [
            Decision(
                s, BID, f"bid for {ship_id}'s containers (even credits, 0 to {state.credits[s]})"
            )
            for s in who
        ],
    )
    ctx.emit("ask", None, f"{names}: bid in secret for {ship_id}'s containers (bid N, even)")


def import_alone(
    state: ImportExportState, seat: int, ship_id: str, ctx: Context, owner_paid: bool
) -> None:
    """A free import action by oneself (GLASSES): no bidding, two cards from the ship (STRETCH
    GOALS: the ship's owner is not paid)."""
    state.auction = Auction(ship_id, [seat])
    name = state.players[seat]
    ctx.emit("auction", name, f"{name} imports from {ship_id} by themselves", ship=ship_id)
    _win(state, seat, 0, ctx, owner_paid)


def bid_options(state: ImportExportState, seat: int) -> list[int]:
    return [2 * cubes for cubes in range(state.credits[seat] // 2 + 1)]


def why_not_bid(state: ImportExportState, seat: int, amount: int) -> str | None:
    if amount < 0 or amount % 2:
        return "bids are even numbers of credits (cubes of 2)"
    if amount > state.credits[seat]:
        return f"you have {state.credits[seat]} credits"
    return None


def do_bid(state: ImportExportState, seat: int, amount: int, ctx: Context) -> None:
    auction = state.auction
    assert auction is not None
    answer(state, seat)
    auction.bids[seat] = amount
    if len(auction.bids) < len(auction.bidders):
        return
    reveal(state)
    shown = ", ".join(f"{state.players[s]} {auction.bids[s]}" for s in auction.bidders)
    ctx.emit("bids", None, f"the bids are revealed: {shown}")
    top = max(auction.bids.values())
    tied = [s for s in auction.bidders if auction.bids[s] == top]
    if len(tied) == 1:
        (winner,) = tied
        _win(state, winner, top, ctx)
        return
    names = " or ".join(state.players[s] for s in tied)
    breaker = tie_breaker(state)
    _ask(
        state,
        Decision(breaker, TIE, f"break the tie at {top}: favor {names}", tuple(tied)),
        ctx,
    )


def tie_breaker(state: ImportExportState) -> int:
    """The leader breaks ties, unless a power breaks all ties (FOXES)."""
    return next((seat for seat, _ in anyone_has(state, "ties")), state.leader)


def why_not_favor(state: ImportExportState, seat: int, player: str) -> str | None:
    """Asked only of the player a tie is put to (legality checks the question first)."""
    decision = asked(state, seat)
    assert decision is not None
    if player not in state.players or state.players.index(player) not in decision.data:
        tied = " or ".join(state.players[s] for s in decision.data)
        return f"{player} is not among the tied bidders ({tied})"
    return None


def do_favor(state: ImportExportState, seat: int, player: str, ctx: Context) -> None:
    auction = state.auction
    assert auction is not None
    answer(state, seat)
    winner = state.players.index(player)
    ctx.emit("tie", state.players[seat], f"{state.players[seat]} breaks the tie for {player}")
    _win(state, winner, auction.bids[winner], ctx)


def _win(
    state: ImportExportState, winner: int, amount: int, ctx: Context, owner_paid: bool = True
) -> None:
    auction = state.auction
    assert auction is not None
    ship = state.ship(auction.ship)
    auction.winner = winner
    name = state.players[winner]
    ctx.emit("win", name, f"{name} wins the import from {auction.ship}", amount=amount)
    if ship is None:  # DARK FLIGHT GAMES: the leader keeps the winning bid (even their own)
        paid = min(amount, state.credits[winner])
        state.credits[winner] -= paid
        state.credits[state.leader] += paid
        reached(state, state.leader)
        if paid and winner != state.leader:
            leader = state.players[state.leader]
            ctx.emit("credits", name, f"{name} pays {paid} credits to {leader} (the winning bid)")
    else:
        pay(state, winner, amount, ctx, "the winning bid")
    if amount >= 4:
        fire(state, ctx, "spent", by=winner)
    rules = state.c.rules["import"]
    if ship is not None and ship.owner != winner and owner_paid:
        owner = ship.owner
        paid = max(
            [
                rules["owner_paid_per_bid"],
                *(m["amount"] for m in modifiers(state, owner, "owner-paid")),
            ]
        )
        gain(state, owner, paid, ctx, f"an import from {ship.id}")
    takes = max(
        [rules["cards_taken"], *(m["cards"] for m in modifiers(state, winner, "import-take"))]
    )
    auction.to_take = min(takes, len(containers(state, auction)))
    prompt = f"take {auction.to_take} from {auction.ship}: keep CARD in imports or goods"
    _ask(state, Decision(winner, KEEP, prompt), ctx)


def _ask(state: ImportExportState, decision: Decision, ctx: Context) -> None:
    push(state, decision)
    name = state.players[decision.player]
    ctx.emit("ask", name, f"{name}: {decision.prompt}")


def _imported_this_round(state: ImportExportState, seat: int) -> int:
    auction = state.auction
    assert auction is not None
    return len([card for card in auction.taken if card in state.imports[seat]])


def keep_places(state: ImportExportState, seat: int) -> list[str]:
    """Where an imported card may go now: imports (one a round, if there is room), goods (if
    there is room); none means it is discarded."""
    auction = state.auction
    assert auction is not None
    places = []
    if _imported_this_round(state, seat) < state.c.rules["import"]["most_into_imports"] and (
        imports_room(state, seat)
    ):
        places.append(IMPORTS)
    if goods_room(state, seat):
        places.append(GOODS)
    return places


def why_not_keep(state: ImportExportState, seat: int, card: str, place: str | None) -> str | None:
    """Asked only of the player the imported cards are put to (legality checks the question
    first), while the round's import is under way."""
    auction = state.auction
    assert auction is not None
    if card not in containers(state, auction):
        return f"{card} is not on {auction.ship}"
    places = keep_places(state, seat)
    if place is None:
        return f"there is room in your {' and '.join(places)}: keep it there" if places else None
    if place not in places:
        if place == IMPORTS and _imported_this_round(state, seat):
            return "only one imported card a round goes to your imports"
        return f"your {place} are full"
    return None


def keep_options(state: ImportExportState, seat: int) -> list[tuple[Any, ...]]:
    auction = state.auction
    assert auction is not None
    places: list[str | None] = list(keep_places(state, seat)) or [None]
    return [(card, place) for card in dict.fromkeys(containers(state, auction)) for place in places]


def do_keep(
    state: ImportExportState, seat: int, card: str, place: str | None, ctx: Context
) -> None:
    auction = state.auction
    assert auction is not None
    ship = state.ship(auction.ship)
    if ship is None:
        state.island.remove(card)
    else:
        take_container(state, ship, card, ctx)
    name = state.players[seat]
    auction.taken.append(card)
    if place == IMPORTS:
        state.imports[seat].append(card)
    elif place == GOODS:
        state.goods[seat].append(card)
    else:
        state.discard.append(card)
    where = f"their {place}" if place else "the discard pile (no room for it)"
    ctx.emit("import", name, f"{name} puts {card} in {where}", card=card)
    if place == GOODS:
        fire(state, ctx, "good", by=seat, type=state.c.card(card).type)
    auction.to_take -= 1
    if auction.to_take > 0 and containers(state, auction):
        return
    answer(state, seat)
    state.auction = None
    c = state.c
    colors = [c.card(card).color for card in auction.taken]
    owner = {} if ship is None else {"owner": ship.owner, "ship": ship.id}
    fire(state, ctx, "import", by=seat, colors=colors, **owner)
    # the import answered the last question: the game goes on from where it waited (an
    # import a power granted as a phase ended: GLASSES' free import after a completed
    # shipment; nothing to do in a player's turn, where a seat is still to act)
    resume(ctx.game, state, ctx)


def why_not_drop(state: ImportExportState, seat: int, card: str) -> str | None:
    """`drop CARD`: an imported card kept nowhere (`keep` with no place)."""
    return why_not_keep(state, seat, card, None)


def do_drop(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    """An imported card kept nowhere: discarded."""
    do_keep(state, seat, card, None, ctx)
