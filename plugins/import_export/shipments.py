"""SHIPMENTS: contracts on a ship, its load requirement, completing it, ships going to sea and
coming home.

- "Players may 'contract' multiple shipment contracts under a single ship card as long as the
  total load requirement does not exceed six loaded containers."
- "this new multi-card shipment must now meet its total load requirement before any of its
  contracts will complete"; "Loaded containers ... only the color of the container matters".
- COMPLETING A SHIPMENT: "Seed the Supply Island, take credits for the number of loaded
  containers, add the contracted card(s) to the shipments in your harbor, and send the
  ship/loaded containers to sea" (one island card per ship, however many contracts).
- DISCARDING SHIPMENT CONTRACTS: "At any point when a player is the leader of the turn, they
  may discard any shipment contracts from a ship they have contracted to previously ...
  leaving any loaded containers."
- "If a ship is emptied of containers, it returns to the owner's harbor."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dockyard import Context

from .harbor import draw_card, gain
from .powers import completed, fire, run
from .reading import Who, modifiers
from .state import ImportExportState, Ship

ANY = "any"  # a container of any color (a rainbow requirement)


def requirement(state: ImportExportState, ship: Ship) -> Counter[str]:
    """The containers by color that the ship's contracts ask for, together; `any` counts the
    containers of any color (contracts with a rainbow requirement: GENERATORS, COFFEE...); a
    key "blue/blue/red" counts containers to be chosen among those colors (PREFAB HOMES: half
    of a luxury requirement, rounded up)."""
    rainbow = {m["type"] for m in modifiers(state, ship.owner, "rainbow")}
    half = {m["type"] for m in modifiers(state, ship.owner, "half-load")}
    need: Counter[str] = Counter()
    for card in ship.contracts:
        printed = state.c.card(card)
        if printed.type in rainbow or any(
            a.get("modify") == "rainbow-self" for a in printed.effects
        ):
            need[ANY] += printed.size
            continue
        if printed.type in half:
            colors = sorted(color for color, n in printed.load for _ in range(n))
            kinds = set(colors)
            key = kinds.pop() if len(kinds) == 1 else "/".join(colors)
            need[key] += (printed.size + 1) // 2
            continue
        for color, n in printed.load:
            need[color] += n
    return need


def color_of(state: ImportExportState, card: str) -> str:
    """The color a loaded container counts as: its own, or another a power gave it ("" for
    none: the second of ROBOT CATS' pair)."""
    return state.counts_as.get(card, state.c.card(card).color)


def _still_missing(state: ImportExportState, ship: Ship, colors: list[str]) -> Counter[str]:
    """What the contracts still miss once containers of `colors` are assigned as well as they
    can be: each to its own color, then to a choice of colors (PREFAB HOMES), the rest to
    `any`, and wild containers (TELEVISIONS, WHEAT...) wherever something is missing."""
    wild = {m["color"] for m in modifiers(state, ship.owner, "wild")}
    need = requirement(state, ship)
    choices = sorted(key for key in need if "/" in key)
    used: Counter[tuple[str, str]] = Counter()
    spare = wilds = 0
    for color in colors:
        if not color:
            continue
        if color in wild:
            wilds += 1
        elif need[color] > 0:
            need[color] -= 1
        else:
            key = next((k for k in choices if need[k] > 0 and _room(k, color, need, used)), None)
            if key is None:
                spare += 1
                continue
            need[key] -= 1
            used[key, color] += 1
    need[ANY] -= min(spare, need[ANY])
    for color in sorted(need):
        use = min(need[color], wilds)
        need[color] -= use
        wilds -= use
    return +need


def _room(key: str, color: str, need: Counter[str], used: Counter[tuple[str, str]]) -> bool:
    """May one more container of `color` go to a choice of colors? As many as the contracts
    ask for of that color (two contracts with the same requirement: twice as many). Asked only
    while the choice still misses a container, so `contracts`, what is missing plus what is
    assigned over what one contract asks, is at least 1."""
    colors = key.split("/")
    contracts = (need[key] + sum(n for (k, _), n in used.items() if k == key)) // (
        (len(colors) + 1) // 2
    )
    return used[key, color] < colors.count(color) * contracts


def missing(state: ImportExportState, ship: Ship) -> Counter[str]:
    """Containers by color (and `any`) still to load before the shipment completes."""
    if not ship.contracts:  # nothing asked for: nothing missing, whatever is loaded
        return Counter()
    return _still_missing(state, ship, [color_of(state, card) for card in ship.loaded])


def contracted(state: ImportExportState, ship: Ship) -> int:
    return sum(state.c.card(card).size for card in ship.contracts)


def capacity(state: ImportExportState, seat: int) -> int:
    """Containers a ship may be contracted for (TABLETS: more)."""
    more = [m["containers"] for m in modifiers(state, seat, "capacity")]
    return max([state.c.ship_capacity, *more])


def payout(state: ImportExportState, seat: int, containers: int) -> int:
    """The harbor card's payout, or a power's for a bigger ship (TABLETS: 8 containers, 18)."""
    best = state.c.payout(containers)
    for m in modifiers(state, seat, "capacity"):
        if containers >= m["containers"]:
            best = max(best, m["payout"])
    return best


def fits(state: ImportExportState, ship: Ship, card: str) -> bool:
    """May `card` be loaded on this ship as a container: a home ship whose contracts still
    miss a container it can be."""
    return fits_color(state, ship, state.c.card(card).color)


def fits_color(state: ImportExportState, ship: Ship, color: str) -> bool:
    """May a container of `color` be loaded on this ship (ROBOT CATS: a pair as one green)."""
    if ship.at_sea or not ship.contracts:
        return False
    loaded = [color_of(state, card) for card in ship.loaded]
    before = sum(_still_missing(state, ship, loaded).values())
    return before > sum(_still_missing(state, ship, [*loaded, color]).values())


def loadable_ships(state: ImportExportState, seat: int, card: str) -> list[Ship]:
    return [s for s in state.home_ships(seat) if fits(state, s, card)]


def loadable_by_color(state: ImportExportState, seat: int) -> Callable[[str], list[Ship]]:
    """`loadable_ships` for many cards of one state: a card fits where its color does, so
    each color is worked out once."""
    found: dict[str, list[Ship]] = {}
    ships = state.home_ships(seat)
    cards = state.c.card

    def of(card: str) -> list[Ship]:
        color = cards(card).color
        able = found.get(color)
        if able is None:
            able = found[color] = [s for s in ships if fits_color(state, s, color)]
        return able

    return of


def load(
    state: ImportExportState, ship: Ship, card: str, ctx: Context, by: int | None = None
) -> None:
    """Put a container on the ship; the shipment completes the moment nothing is missing.
    Loaded by a load action of `by`: the `load` event comes first (powers gained by this very
    completion do not see the container that completed it)."""
    ship.loaded.append(card)
    owner = state.players[ship.owner]
    ctx.emit("load", owner, f"{owner} loads {card} ({state.c.card(card).color}) onto {ship.id}")
    if by is not None:
        printed = state.c.card(card)
        fire(state, ctx, "load", by=by, color=printed.color, type=printed.type)
    check_complete(state, ship, ctx)


def check_complete(state: ImportExportState, ship: Ship, ctx: Context) -> None:
    if ship.contracts and not missing(state, ship):
        complete(state, ship, ctx)


def complete(state: ImportExportState, ship: Ship, ctx: Context) -> None:
    seat = ship.owner
    name = state.players[seat]
    contracts = ", ".join(ship.contracts)
    ctx.emit(
        "complete",
        name,
        f"{name} completes the shipment of {contracts} on {ship.id} "
        f"({len(ship.loaded)} containers)",
        ship=ship.id,
    )
    gain(state, seat, payout(state, seat, len(ship.loaded)), ctx, f"{len(ship.loaded)} containers")
    seed = draw_card(state, ctx)
    if seed is not None:
        state.island.append(seed)
        ctx.emit("island", None, f"{seed} is seeded on the supply island")
    done = ship.contracts
    state.shipments[seat].extend(done)
    ship.contracts = []
    ship.at_sea = True
    ctx.emit("sea", name, f"{ship.id} sails to the open sea with {len(ship.loaded)} containers")
    completed(state, seat, done, ctx)
    c = state.c
    fire(
        state,
        ctx,
        "shipment",
        by=seat,
        types=[c.card(card).type for card in done],
        colors=[c.card(card).color for card in ship.loaded],
        cards=done,
        ship=ship.id,
    )
    # powers of the containers themselves (BOK CHOY): theirs while they are on the shipment
    types = [c.card(card).type for card in done]
    for card in ship.loaded:
        for ability in c.card(card).effects:
            when = ability.get("when")
            if isinstance(when, dict) and when.get("as") == "container":
                if when.get("not_type") not in types:
                    run(state, Who(seat, seat, card), ability["do"], ctx)


def take_container(state: ImportExportState, ship: Ship, card: str, ctx: Context) -> None:
    """A container leaves a ship; a ship at sea that is emptied returns home (AEROPONICS: with
    its last container, for a later shipment). (From a ship in harbor: MINI VAN, PRINTED MONEY.)"""
    ship.loaded.remove(card)
    state.counts_as.pop(card, None)
    if not ship.at_sea:
        return
    last = len(ship.loaded) == 1 and modifiers(state, ship.owner, "home-at-one")
    if not ship.loaded or last:
        ship.at_sea = False
        owner = state.players[ship.owner]
        with_one = "".join(f" with {kept}" for kept in ship.loaded)  # AEROPONICS: the one left
        ctx.emit(
            "home",
            owner,
            f"{ship.id} is {'down to one' if last else 'empty'} and returns "
            f"to {owner}'s harbor{with_one}",
        )
        fire(state, ctx, "ship-home", by=ship.owner)


def scrap(state: ImportExportState, seat: int, card: str, ctx: Context) -> None:
    """The leader discards a contract from their ship; its loaded containers stay."""
    ship = next(s for s in state.home_ships(seat) if card in s.contracts)
    ship.contracts.remove(card)
    state.discard.append(card)
    name = state.players[seat]
    ctx.emit("scrap", name, f"{name} discards the contract {card} from {ship.id}")
    check_complete(state, ship, ctx)


def why_not_scrap(state: ImportExportState, seat: int, card: str) -> str | None:
    if not any(card in s.contracts for s in state.home_ships(seat)):
        return f"{card} is not a contract on one of your ships in your harbor"
    return None
