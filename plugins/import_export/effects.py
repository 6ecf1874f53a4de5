"""The words of the goods' powers that change the table: credits, cards drawn and moved,
chances (goods.json's `effects`; goods.schema.json defines each word). Each effect is one small
function of (state, who, spec, ctx), registered in powers.EFFECTS; powers.py decides when they
run, reading.py what they read.
"""

from __future__ import annotations

from typing import Any

from dockyard import Context
from dockyard.flow import reveal

from .harbor import draw_card, gain, pay
from .powers import Effect, fire, run
from .reading import Who, amount, goods_room, holds, imports_room
from .shipments import take_container
from .state import ImportExportState

# ---- effects ----------------------------------------------------------------------------------------


def _name(state: ImportExportState, seat: int) -> str:
    return state.players[seat]


def transfer(
    state: ImportExportState, giver: int, taker: int, n: int, ctx: Context, why: str
) -> int:
    """Credits from one player to another (as many as the giver holds)."""
    n = min(n, state.credits[giver])
    if n <= 0:
        return 0
    state.credits[giver] -= n
    state.credits[taker] += n
    ctx.emit(
        "credits",
        _name(state, giver),
        f"{_name(state, giver)} gives {n} credits to {_name(state, taker)} ({why})",
        amount=-n,
    )
    if n >= 4:
        fire(state, ctx, "spent", by=giver)
    return n


def e_gain(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    gain(state, who.me, amount(state, who, spec), ctx, who.card)


def e_pay(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    pay(state, who.me, amount(state, who, spec), ctx, who.card)


def e_passive(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Passive credits: taken from the bank, counted at game end, not active (HELICOPTER)."""
    n = min(amount(state, who, spec), state.bank)
    state.bank -= n
    state.passive[who.me] += n
    ctx.emit(
        "credits",
        _name(state, who.me),
        f"{_name(state, who.me)} puts {n} passive credits on {who.card}",
    )


def e_draw(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    n = amount(state, who, spec)
    got = 0
    for _ in range(n):
        card = draw_card(state, ctx)
        if card is None:
            break
        state.hands[who.me].append(card)
        got += 1
    name = _name(state, who.me)
    ctx.emit("draw", name, f"{name} draws {got} card{'s' * (got != 1)} ({who.card})", cards=got)


def e_collect(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Each other player (who meets `if`, judged for them) gives me `amount` credits."""
    for seat in range(len(state.players)):
        if seat == who.me:
            continue
        if holds(state, Who(seat, who.me, who.card), spec.get("if")):
            transfer(state, seat, who.me, amount(state, who, spec["amount"]), ctx, who.card)


def e_charge(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """The player who set the power off gives me `amount` credits."""
    if who.them is not None and who.them != who.me:
        transfer(state, who.them, who.me, amount(state, who, spec), ctx, who.card)


def e_give_each(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """I give each other player `amount` credits."""
    for seat in range(len(state.players)):
        if seat != who.me:
            transfer(state, who.me, seat, amount(state, who, spec), ctx, who.card)


def e_chance(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """A coin flip (or any chance): `then` with probability `p`, else `else`."""
    hit = state.rng.random() < spec.get("p", 0.5)
    reveal(state)
    name = _name(state, who.me)
    ctx.emit("chance", name, f"{who.card}: {spec.get('says', ['lost', 'won'])[hit]}")
    run(state, who, spec["then"] if hit else spec.get("else", []), ctx)


def e_move_self(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """This card leaves my shipments for `to` (goods, when there is room; the island)."""
    card = who.card
    if card not in state.shipments[who.me]:
        return
    to = spec["to"]
    state.shipments[who.me].remove(card)
    if to == "goods" and not goods_room(state, who.me):
        # the limits count the shipments area: without this card there is no room, so it stays
        state.shipments[who.me].append(card)
        return
    state.lost[who.me] += 1
    target = state.goods[who.me] if to == "goods" else state.island
    target.append(card)
    name = _name(state, who.me)
    ctx.emit(
        "move",
        name,
        f"{name} moves {card} to {'their goods' if to == 'goods' else 'the supply island'}",
    )
    if to == "goods":
        fire(state, ctx, "good", by=who.me, type=state.c.card(card).type)


def e_draw_until_pair(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """MESSAGE TABLES: draw until two cards of one type; credits for the cards drawn, rounded
    up to even."""
    c = state.c
    seen: set[str] = set()
    drawn = 0
    while True:
        card = draw_card(state, ctx)
        if card is None:
            break
        state.hands[who.me].append(card)
        drawn += 1
        kind = c.card(card).type
        if kind in seen:
            break
        seen.add(kind)
    name = _name(state, who.me)
    ctx.emit("draw", name, f"{name} draws {drawn} cards ({who.card})", cards=drawn)
    gain(state, who.me, drawn + drawn % 2, ctx, who.card)


def e_seed_island(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    for _ in range(amount(state, who, spec)):
        card = draw_card(state, ctx)
        if card is None:
            return
        state.island.append(card)
        ctx.emit("island", None, f"{card} is seeded on the supply island ({who.card})")


def zone(state: ImportExportState, who: Who, name: str) -> tuple[list[str], int | None, str]:
    """A place cards lie: `me.hand`, `them.goods`, ... (hand, imports, goods, shipments), or
    `island`, `discard`; with its owner and its kind."""
    if name in ("island", "discard"):
        return getattr(state, name), None, name
    whose, _, kind = name.partition(".")
    seat = {"me": who.me, "them": who.them, "owner": who.data.get("owner")}[whose]
    if seat is None:  # no such player here (pirating from the island has no ship owner)
        return [], None, kind
    places = {
        "hand": state.hands,
        "imports": state.imports,
        "goods": state.goods,
        "shipments": state.shipments,
    }
    return places[kind][seat], seat, kind


def _put(state: ImportExportState, who: Who, card: str, to: str, ctx: Context) -> None:
    """A card into a place; into goods or imports only with room (else to the discard pile)."""
    target, seat, kind = zone(state, who, to)
    if seat is None and kind not in ("island", "discard"):
        target, kind = state.discard, "discard"  # nobody to give it to
    if seat is not None and (
        kind == "goods"
        and not goods_room(state, seat)
        or kind == "imports"
        and not imports_room(state, seat)
    ):
        target, kind = state.discard, "discard"
    target.append(card)
    if kind == "goods" and seat is not None:
        fire(state, ctx, "good", by=seat, type=state.c.card(card).type)


def e_move(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """One card from a place to another: `card` is its id, "self" (the power's card) or
    "random" (one at random: a hand)."""
    if spec["from"] == "sea":  # a container on a ship at sea (its ship comes home if emptied)
        ship = next((sh for sh in state.at_sea() if spec["card"] in sh.loaded), None)
        if ship is None:
            return
        take_container(state, ship, spec["card"], ctx)
        _put(state, who, spec["card"], spec["to"], ctx)
        ctx.emit(
            "move",
            _name(state, who.me),
            f"{spec['card']} moves from {ship.id} to {spec['to']} ({who.card})",
        )
        return
    card = str({"self": who.card, "$event": who.data.get("card")}.get(spec["card"], spec["card"]))
    if spec["from"] == "anywhere":  # wherever the card lies now (the container just pirated)
        where = next((p for p in _everywhere(state) if card in p), None)
        if where is None:
            return
        where.remove(card)
        _put(state, who, card, spec["to"], ctx)
        ctx.emit("move", _name(state, who.me), f"{card} moves to {spec['to']} ({who.card})")
        return
    source, giver, kind = zone(state, who, spec["from"])
    if spec["card"] == "random":
        if not source:
            return
        card = state.rng.choice(sorted(source))
        reveal(state)
    if card not in source:
        return
    source.remove(card)
    if kind == "shipments" and giver is not None:
        state.lost[giver] += 1
    _put(state, who, card, spec["to"], ctx)
    ctx.emit(
        "move",
        _name(state, who.me),
        f"{card} moves from {spec['from']} to {spec['to']} ({who.card})",
    )


def _everywhere(state: ImportExportState) -> list[list[str]]:
    places = [state.island, state.discard, *state.hands, *state.imports, *state.goods]
    return places + [s.loaded for s in state.ships]


def e_spend_action(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """The power costs one of the turn's actions (SMART CARS: a load action)."""
    state.actions_left[who.me] = max(0, state.actions_left[who.me] - amount(state, who, spec))


def e_take_all(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """From every other player's place (a hand, revealed), every card of a type (or "any"):
    to me, with credits for each (HAWAIIAN SALT); `only_them`: from the chooser only (DYSON
    VACUUMS: their entire hand)."""
    kind = spec["from"]
    taken = 0
    for seat in range(len(state.players)):
        if seat == who.me or spec.get("only_them") and seat != who.them:
            continue
        source, _, _ = zone(state, Who(who.me, seat, who.card), f"them.{kind}")
        wanted = spec["type"]
        for card in [c for c in source if wanted == "any" or state.c.card(c).type == wanted]:
            source.remove(card)
            _put(state, who, card, spec["to"], ctx)
            taken += 1
    ctx.emit(
        "take",
        _name(state, who.me),
        f"{_name(state, who.me)} takes {taken} {spec['type']} cards ({who.card})",
    )
    gain(state, who.me, spec.get("gain_each", 0) * taken, ctx, who.card)


def e_draw_match(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Draw cards; if one is of the named type (or is the named card), the `then` effects."""
    hit = False
    for _ in range(spec["draw"]):
        card = draw_card(state, ctx)
        if card is None:
            break
        state.hands[who.me].append(card)
        ctx.emit("draw", _name(state, who.me), f"{_name(state, who.me)} draws {card} ({who.card})")
        if card == spec.get("card") or state.c.card(card).type == spec.get("type"):
            hit = True
    if hit:
        run(state, who, spec["then"], ctx)


def e_win(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    if who.me not in state.won:
        state.won.append(who.me)


# the words this module gives powers.EFFECTS (game.py puts the vocabulary together)
WORDS: dict[str, Effect] = dict(
    gain=e_gain,
    pay=e_pay,
    passive=e_passive,
    draw=e_draw,
    collect=e_collect,
    charge=e_charge,
    give_each=e_give_each,
    chance=e_chance,
    move_self=e_move_self,
    draw_until_pair=e_draw_until_pair,
    seed_island=e_seed_island,
    move=e_move,
    take_all=e_take_all,
    draw_match=e_draw_match,
    win=e_win,
    spend_action=e_spend_action,
)
