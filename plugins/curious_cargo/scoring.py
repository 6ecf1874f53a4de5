"""End Game Triggers, Determining a Winner, and the bookkeeping that proves nothing is lost."""

from __future__ import annotations

from typing import Any

from dockyard import Outcome

from .state import RECEIVING, SHIPPING, CargoState, Player


def end_triggers(state: CargoState) -> list[str]:
    """ "End of game can be triggered in four ways. The game ends at the completion of the phase
    it is triggered." """
    side = state.side
    assert side is not None
    reasons = []
    for p in state.seats:
        if shipped_total(p) >= side.requisite:
            reasons.append(f"{p.name} has shipped {side.requisite} goods")
    for p in state.seats:
        slots = len(side.receive_values)
        for color in side.colors:
            if p.received.get(color, 0) >= slots:
                reasons.append(f"{p.name} has received their {slots}th {color} good")
        if track_star(state, p):
            reasons.append(f"{p.name} has made {p.forklift} active connections")
    if not state.bag:
        reasons.append("the draw bag is empty")
    if not state.deck:
        reasons.append("the Truck deck is empty")
    return reasons


def shipped_total(player: Player) -> int:
    return sum(player.shipped.values())


def track_star(state: CargoState, player: Player) -> bool:
    track = state.content.track if state.content else ()
    return bool(track) and track[player.forklift].star


def stars(state: CargoState, player: Player) -> int:
    """ "Stars are earned by reaching the 10 space on the Turn Order track and for each good type
    with 4 goods received." """
    side = state.side
    assert side is not None
    slots = len(side.receive_values)
    return int(track_star(state, player)) + sum(
        1 for c in side.colors if player.received.get(c, 0) >= slots
    )


def eligible(state: CargoState, player: Player, hook: Any = None) -> bool:
    """May this player win? The rulebook's answer (`ships_every_color`) unless a house rule of
    `hook` gives another (`cc_eligible`)."""
    if hook is None:
        return ships_every_color(state, player)
    return bool(hook.cc_eligible(state=state, seat=state.seats.index(player)))


def ships_every_color(state: CargoState, player: Player) -> bool:
    """ "A player must ship at least 2 goods of each color. If they fail to do so, they are
    ineligible to win." """
    side = state.side
    assert side is not None
    return all(player.shipped.get(c, 0) >= 2 for c in side.colors)


def points(state: CargoState, player: Player, hook: Any = None) -> dict[str, int]:
    """The scoring breakdown of one player, as in the rulebook's End Game Scoring example."""
    side = state.side
    assert side is not None and state.content is not None
    shipping = sum(
        side.ship_values[n - 1] for c in side.colors if (n := player.shipped.get(c, 0)) > 0
    )
    columns = len(player.ship_columns)
    shipping += side.complete_columns_points.get(columns, 0)
    receiving = sum(
        side.receive_values[n - 1] for c in side.colors if (n := player.received.get(c, 0)) > 0
    )
    tokens = player.tokens()
    track = state.content.track[player.forklift].points
    table = {
        "shipping": shipping,
        "receiving": receiving,
        "tokens": tokens,
        "track": track,
        "bonus": player.bonus_points,
    }
    if hook is not None:  # house rules' scoring (`cc_score`)
        hook.cc_score(state=state, seat=state.seats.index(player), points=table)
    table["total"] = sum(table.values())
    return table


def outcome(state: CargoState, hook: Any = None) -> Outcome:
    from .bonuses import turn_order_key

    seats = range(len(state.seats))
    table = {p.name: points(state, p, hook) for p in state.seats}
    star = {p.name: stars(state, p) for p in state.seats}
    ok = {p.name: eligible(state, p, hook) for p in state.seats}
    details: dict[str, Any] = {"points": table, "stars": star, "eligible": ok}
    scores = {name: float(t["total"]) for name, t in table.items()}
    contenders = [s for s in seats if ok[state.players[s]]]
    reason = state.flow.over or ""
    if not contenders:
        details["decided_by"] = "no player shipped 2 goods of each color: a draw"
        details["won_by"] = "nobody has shipped 2 goods of each color"
        return Outcome(reason, (), scores, details)
    best = max(
        contenders,
        key=lambda s: (
            star[state.players[s]],
            table[state.players[s]]["total"],
            turn_order_key(state, s),
        ),
    )
    rivals = [s for s in contenders if s != best]
    if not rivals:
        details["decided_by"] = "the only eligible player"
    else:
        r = rivals[0]
        b, o = state.players[best], state.players[r]
        if star[b] != star[o]:
            details["decided_by"] = "stars"
        elif table[b]["total"] != table[o]["total"]:
            details["decided_by"] = "points"
        else:
            details["decided_by"] = "first on the Turn Order track"
    details["won_by"] = {
        "the only eligible player": "as the only player who shipped 2 goods of each color",
        "stars": "on stars",
        "points": "on points",
        "first on the Turn Order track": "ahead on the Turn Order track (a tie on points)",
    }[details["decided_by"]]
    return Outcome(reason, (state.players[best],), scores, details)


# ---- queries for `expect` -----------------------------------------------------------------


def query(state: CargoState, path: str, hook: Any = None) -> Any:
    """`expect` paths: `<player>.<what>[.<color>]`, `bag`, `deck`, `supply.<token>`, `order`.

    Player values: forklift, shipped[.color], received[.color], construction, trucking,
    splitters[.color], scaffolding, hand, storage.a, storage.b, trucks, stars, eligible,
    points[.shipping|.receiving|.tokens|.track|.bonus], connections,
    street.shipping / street.receiving (e.g. "truck07@3:red,-,blue"), stack.<square> (height).
    """
    parts = path.split(".")
    head = parts[0]
    if head == "bag":
        return len(state.bag)
    if head == "deck":
        return len(state.deck)
    if head == "order":
        from .bonuses import turn_order

        return ",".join(state.players[s] for s in turn_order(state))
    if head == "supply" and len(parts) >= 2:
        if parts[1] in ("construction", "trucking"):
            return getattr(state, parts[1])
        if parts[1] == "splitters" and len(parts) == 3:
            return state.splitters.get(parts[2], 0)
        if parts[1] == "goods" and len(parts) == 3:
            return state.goods_box.get(parts[2], 0)
        raise KeyError(path)
    if head not in state.players or len(parts) < 2:
        raise KeyError(path)
    seat = state.players.index(head)
    p = state.seats[seat]
    what, rest = parts[1], parts[2:]
    if what in ("shipped", "received", "splitters"):
        table = getattr(p, what)
        return table.get(rest[0], 0) if rest else sum(table.values())
    if what in ("forklift", "construction", "trucking", "scaffolding"):
        return getattr(p, what)
    if what == "hand":
        return len(p.hand)
    if what == "trucks":
        return len(p.trucks)
    if what == "storage" and rest:
        return len(p.storage["ab".index(rest[0])])
    if what == "stars":
        return stars(state, p)
    if what == "eligible":
        return eligible(state, p, hook)
    if what == "connections":
        return len(p.facility.active_docks())
    if what == "points":
        table = points(state, p, hook)
        return table[rest[0]] if rest else table["total"]
    if what == "street" and rest and rest[0] in (SHIPPING, RECEIVING):
        return " ".join(
            f"{t.card.id}@{t.rear}:" + ",".join(g or "-" for g in t.cargo)
            for t in p.streets[rest[0]]
        )
    if what == "stack" and rest:
        from .components import parse_cell

        return p.facility.height(parse_cell(rest[0]))
    raise KeyError(path)


# ---- conservation ---------------------------------------------------------------------------


def token_counts(state: CargoState) -> dict[str, int]:
    """Totals that never change: every component is somewhere."""
    seats = state.seats
    goods: dict[str, int] = {}
    for color in state.goods_box:
        n = state.goods_box[color] + state.goods_removed.get(color, 0)
        for p in seats:
            side_spaces = (
                len(state.side.ship_values) if state.side and color in state.side.colors else 0
            )
            n += side_spaces - p.shipped.get(color, 0) if side_spaces else 0
            n += p.received.get(color, 0)
            for street in p.streets.values():
                n += sum(1 for t in street for g in t.cargo if g == color)
        goods[color] = n
    tiles = len(state.bag) + len(state.discarded_tiles)
    placed: set[str] = set()
    scaffolding = 0
    splitters_on_boards = 0
    for p in seats:
        tiles += len(p.hand) + len(p.storage[0]) + len(p.storage[1])
        for stack in p.facility.stacks.values():
            for layer in stack:
                if layer.kind == "tile":
                    placed.add(layer.ref)
                elif layer.kind == "scaffolding":
                    scaffolding += 1
                else:
                    splitters_on_boards += 1
        scaffolding += p.scaffolding
    tiles += len(placed)
    cards = len(state.deck) + len(state.discarded_cards)
    cards += sum(len(p.trucks) + sum(1 for c in p.draft if c not in p.trucks) for p in seats)
    on_streets = sum(len(street) for p in seats for street in p.streets.values())
    truck_tiles = len(state.truck_tiles) + on_streets + len(state.removed_trucks)
    splitters = (
        sum(state.splitters.values())
        + sum(state.boxed_splitters.values())
        + sum(sum(p.splitters.values()) for p in seats)
        + splitters_on_boards
    )
    construction = state.construction + sum(p.construction for p in seats)
    trucking = state.trucking + sum(p.trucking for p in seats)
    out = {f"goods.{c}": n for c, n in goods.items()}
    out.update(
        conveyor_tiles=tiles,
        truck_cards=cards,
        truck_tiles=truck_tiles,
        splitters=splitters,
        scaffolding=scaffolding,
        construction_tokens=construction,
        trucking_tokens=trucking,
    )
    return out


def invariants(state: CargoState) -> list[str]:
    """Rules that must hold between any two actions."""
    problems: list[str] = []
    side = state.side
    assert side is not None and state.content is not None
    expected = {f"goods.{c}": n for c, n in state.goods_total.items()}
    expected.update(
        conveyor_tiles=len(state.content.tiles),
        truck_cards=len(state.content.trucks) + len(state.extra_trucks),
        truck_tiles=len(state.content.trucks) + len(state.extra_trucks),
        splitters=sum(state.content.supply.splitters.values()),
        scaffolding=state.rules["scaffolding"] * len(state.seats),
        construction_tokens=state.content.supply.construction,
        trucking_tokens=state.content.supply.trucking,
    )
    for key, n in token_counts(state).items():
        if key in expected and n != expected[key]:
            problems.append(f"{key}: {n} in play, but the game has {expected[key]}")
    for name, value in (("construction", state.construction), ("trucking", state.trucking)):
        if value < 0:
            problems.append(f"the supply has {value} {name} tokens")
    for p in state.seats:
        for street, trucks in p.streets.items():
            spaces: set[int] = set()
            for t in trucks:
                span = set(range(t.rear, t.front + 1))
                if t.rear < 1 or t.front > 10:
                    problems.append(f"{t.card.id} sticks out of {p.name}'s {street} street")
                if spaces & span:
                    problems.append(f"trucks overlap on {p.name}'s {street} street")
                spaces |= span
                for i in range(len(t.cargo) - 1):
                    if t.cargo[i] is not None and t.cargo[i] == t.cargo[i + 1]:
                        problems.append(f"two {t.cargo[i]} goods side by side on {t.card.id}")
                for i, g in enumerate(t.cargo):
                    if g is not None and (i + 1) in t.card.blocked:
                        problems.append(f"a good on a blocked space of {t.card.id}")
        for color in side.colors:
            if not 0 <= p.shipped.get(color, 0) <= len(side.ship_values):
                problems.append(f"{p.name} shipped {p.shipped.get(color)} {color}")
            if not 0 <= p.received.get(color, 0) <= len(side.receive_values):
                problems.append(f"{p.name} received {p.received.get(color)} {color}")
        if p.scaffolding < 0:
            problems.append(f"{p.name} has {p.scaffolding} Scaffolding")
        if len(state.content.track) and not 0 <= p.forklift < len(state.content.track):
            problems.append(f"{p.name}'s Forklift is off the track")
    return problems
