"""The words of the goods' powers that change the table: credits, cards drawn and moved,
chances (goods.json's `effects`; goods.schema.json defines each word). Each effect is one small
function of (state, who, spec, ctx), named with its word in vocabulary.py's table; powers.py
decides when they run, reading.py what they read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dockyard import Context
from dockyard.flow import reveal

from .harbor import draw_card, gain, pay, reached
from .powers import fire, run, substitute
from .reading import Who, amount, goods_room, holds, imports_room
from .shipments import fits, fits_color, load, loadable_ships, take_container
from .speed import python_effects
from .state import ImportExportState

# ---- effects ----------------------------------------------------------------------------------------


def _name(state: ImportExportState, seat: int) -> str:
    return state.players[seat]


def transfer(
    state: ImportExportState, giver: int, taker: int, n: int, ctx: Context, why: str
) -> None:
    """Credits from one player to another (as many as the giver holds)."""
    n = min(n, state.credits[giver])
    if n <= 0:
        return
    state.credits[giver] -= n
    state.credits[taker] += n
    reached(state, taker)
    ctx.emit(
        "credits",
        _name(state, giver),
        f"{_name(state, giver)} gives {n} credits to {_name(state, taker)} ({why})",
        amount=-n,
    )
    _spent(state, giver, n, ctx)


def _spent(state: ImportExportState, seat: int, n: int, ctx: Context) -> None:
    """The `spent` event (FAKE DVDS: "When another player spends or loses 4 or more credits")."""
    if n >= 4:
        fire(state, ctx, "spent", by=seat)


def e_gain(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    gain(state, who.me, amount(state, who, spec), ctx, who.card)


def e_pay(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    before = state.credits[who.me]
    pay(state, who.me, amount(state, who, spec), ctx, who.card)
    _spent(state, who.me, before - state.credits[who.me], ctx)


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
    if who.them not in (None, who.me):
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
        "card",
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


def _words(state: ImportExportState, who: Who, name: str) -> str:
    """A place named in the log as a reader says it: "p1's hand", "the discard pile"."""
    if name in ("island", "discard", "sea", "ships"):
        return {"island": "the supply island", "discard": "the discard pile"}.get(name, name)
    whose, _, kind = name.partition(".")
    seat = {"me": who.me, "them": who.them, "owner": who.data.get("owner")}.get(whose)
    return f"{state.players[seat]}'s {kind}" if seat is not None else name


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
    if spec["from"] in ("sea", "ships"):  # a container on a ship at sea (or any ship)
        ships = state.at_sea() if spec["from"] == "sea" else state.ships
        ship = next((sh for sh in ships if spec["card"] in sh.loaded), None)
        if ship is None:
            return
        take_container(state, ship, spec["card"], ctx)  # (an emptied ship at sea comes home)
        _put(state, who, spec["card"], spec["to"], ctx)
        ctx.emit(
            "card",
            _name(state, who.me),
            f"{spec['card']} moves from {ship.id} to {_words(state, who, spec['to'])} ({who.card})",
        )
        return
    card = str({"self": who.card, "$event": who.data.get("card")}.get(spec["card"], spec["card"]))
    if spec["from"] == "anywhere":  # wherever the card lies now (the container just pirated)
        where = next((p for p in _everywhere(state) if card in p), None)
        if where is None:
            return
        where.remove(card)
        _put(state, who, card, spec["to"], ctx)
        ctx.emit(
            "card",
            _name(state, who.me),
            f"{card} moves to {_words(state, who, spec['to'])} ({who.card})",
        )
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
    places = f"from {_words(state, who, spec['from'])} to {_words(state, who, spec['to'])}"
    text = f"{card} moves {places} ({who.card})"
    _, taker, to_kind = zone(state, who, spec["to"])
    if kind == "hand" and to_kind == "hand" and giver is not None and taker is not None:
        # from a hand to a hand: only the two players see which card (the others, that one did)
        names = (state.players[giver], state.players[taker])
        ctx.emit("card", _name(state, who.me), text, audience=names)
        text = f"a card moves {places} ({who.card})"
    ctx.emit("card", _name(state, who.me), text)


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
    if "gain_each" in spec:  # HAWAIIAN SALT: credits for each card taken
        gain(state, who.me, spec["gain_each"] * taken, ctx, who.card)


def e_draw_match(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Draw cards; if one is of the named type (or is the named card), the `then` effects."""
    hit = False
    for _ in range(spec["draw"]):
        card = draw_card(state, ctx)
        if card is None:
            break
        state.hands[who.me].append(card)
        _drew(state, who, card, ctx)
        if card == spec.get("card") or state.c.card(card).type == spec.get("type"):
            hit = True
            # the match is shown as a match; which card it is stays in the hand, unseen
            name = _name(state, who.me)
            ctx.emit("match", name, f"{name} draws a match ({who.card})")
    if hit:
        run(state, who, spec["then"], ctx)


def e_win(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    if who.me not in state.won:
        state.won.append(who.me)


def e_load(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """A card from my hand loaded onto one of my ships in harbor where it fits (`ship`: its
    id, or "$event" for the ship the event was about); `action`: as a load action's container
    (the `load` event fires: CELL PHONES)."""
    card = spec["card"]
    ship = state.ship(who.data.get("ship", "") if spec["ship"] == "$event" else spec["ship"])
    hand = state.hands[who.me]
    if ship is None or card not in hand or ship.owner != who.me or not fits(state, ship, card):
        return
    hand.remove(card)
    load(state, ship, card, ctx, by=who.me if spec.get("action") else None)


def e_load_pair(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Two containers of one type loaded together as one container of the color `as` (ROBOT
    CATS), from my hand or pirated from ships at sea (`from`: "sea": the `pirate` event fires
    for each)."""
    ship = state.ship(spec["ship"])
    cards = spec["cards"]
    if ship is None or ship.owner != who.me or not fits_color(state, ship, spec["as"]):
        return
    for card in cards:
        if spec.get("from") == "sea":
            source = next((sh for sh in state.at_sea() if card in sh.loaded), None)
            if source is None:
                return
            take_container(state, source, card, ctx)
        elif card in state.hands[who.me]:
            state.hands[who.me].remove(card)
        else:
            return
    state.counts_as[cards[0]] = spec["as"]
    state.counts_as[cards[1]] = ""
    name = _name(state, who.me)
    ctx.emit("pair", name, f"{name}: {cards[0]} and {cards[1]} count as one {spec['as']} container")
    ship.loaded.append(cards[0])
    load(state, ship, cards[1], ctx, by=who.me if spec.get("from") != "sea" else None)
    if spec.get("from") == "sea":
        for card in cards:
            fire(state, ctx, "pirate", by=who.me, type=state.c.card(card).type, card=card)


def e_fill(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Containers from my hand loaded onto the ship, one after another, while one fits and the
    shipment is not complete (FLOUR: all at once); the first fitting card in hand order."""
    ship = state.ship(spec["ship"])
    while ship is not None and ship.contracts and not ship.at_sea:
        card = next((c for c in state.hands[who.me] if fits(state, ship, c)), None)
        if card is None:
            return
        state.hands[who.me].remove(card)
        load(state, ship, card, ctx)


def e_swap(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Two cards change places (STOLEN RESEARCH: `card` takes the place of `with`, "self" the
    power's card)."""
    a, b = (who.card if x == "self" else x for x in (spec["card"], spec["with"]))
    places = _everywhere(state) + state.shipments
    pa = next((p for p in places if a in p), None)
    pb = next((p for p in places if b in p), None)
    if pa is None or pb is None:
        return
    pa[pa.index(a)] = b
    pb[pb.index(b)] = a
    ctx.emit("swap", _name(state, who.me), f"{a} and {b} change places ({who.card})")


def e_draw_to(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """Draw until I hold so many cards (PLATINUM RINGS: 8)."""
    short = amount(state, who, spec) - len(state.hands[who.me])
    if short > 0:
        e_draw(state, who, short, ctx)


def e_extra_turn(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """My next turn as the leader is two turns (DELAYED GAME)."""
    state.again[who.me] += amount(state, who, spec)
    name = _name(state, who.me)
    ctx.emit("again", name, f"{name} will lead twice on their next turn ({who.card})")


def c_draw_then(
    state: ImportExportState, who: Who, spec: Any, rest: list[Any], ctx: Context
) -> None:
    """Draw the top card into my hand, then `then` with the card in place of "$drawn" (CELL
    PHONES); the effects after it follow."""
    card = draw_card(state, ctx)
    if card is None:
        run(state, who, rest, ctx)
        return
    state.hands[who.me].append(card)
    _drew(state, who, card, ctx)
    run(state, who, [*substitute(spec["then"], card, "$drawn"), *rest], ctx)


def _drew(state: ImportExportState, who: Who, card: str, ctx: Context) -> None:
    """A card drawn into a hand by a power: everyone sees that one was, its drawer which."""
    name = _name(state, who.me)
    ctx.emit("draw", name, f"{name} draws a card ({who.card})", cards=1)
    ctx.emit("drew", name, f"{name} drew {card} ({who.card})", audience=(name,))


def fits_mine(state: ImportExportState, who: Who, card: Any) -> bool:
    """Condition `fits`: the card (or a container of a color) may be loaded onto one of my
    ships in harbor."""
    card = who.card if card == "self" else card
    if card in state.c.by_id:
        return bool(loadable_ships(state, who.me, card))
    return any(fits_color(state, ship, card) for ship in state.home_ships(who.me))


def can_fill(state: ImportExportState, who: Who, card: Any) -> bool:
    """Condition `can_fill`: my hand holds containers for the card's whole load requirement
    (besides the card itself)."""
    card = who.card if card == "self" else card
    hand = [c for c in state.hands[who.me] if c != card]
    colors = Counter(state.c.card(c).color for c in hand)
    return all(colors[color] >= n for color, n in state.c.card(card).load)


def e_call(state: ImportExportState, who: Who, spec: Any, ctx: Context) -> None:
    """A named effect in Python a plugin provides (hookspecs.py), with `with` as its spec."""
    python_effects(ctx.hook)[spec["name"]](state, who, spec.get("with", {}), ctx)


def calls(effects: Any, path: str = "") -> list[tuple[str, str]]:
    """(JSON path, name) of every named effect some effects call."""
    if isinstance(effects, dict):
        found = [(path, effects["call"]["name"])] if isinstance(effects.get("call"), dict) else []
        return found + [p for k, v in effects.items() for p in calls(v, f"{path}.{k}")]
    if isinstance(effects, list | tuple):
        return [p for i, v in enumerate(effects) for p in calls(v, f"{path}[{i}]")]
    return []
