"""End Game Triggers, Determining a Winner (stars, eligibility, points, the outcome)."""

from __future__ import annotations

from typing import Any

from dockyard import EndTrigger, Outcome
from dockyard.core import trigger_ids

from .state import CuriousCargoState, PlayerArea


def end_triggers(state: CuriousCargoState) -> list[str]:
    """ "End of game can be triggered in four ways. The game ends at the completion of the phase
    it is triggered." Each reason carries its id: `shipped`, `received`, `connections`,
    `bag-empty`, `deck-empty`."""
    side = state.side
    assert side is not None
    reasons: list[str] = []
    seats = state.seats
    requisite = side.requisite
    for p in seats:
        if sum(p.shipped.values()) >= requisite:  # shipped_total
            reasons.append(EndTrigger(f"{p.name} has shipped {requisite} goods", "shipped"))
    slots = len(side.receive_values)
    track = state.content.track if state.content else ()
    for p in seats:
        received = p.received
        for color in side.colors:
            if received[color] >= slots:
                text = f"{p.name} has received their {slots}th {color} good"
                reasons.append(EndTrigger(text, "received"))
        if track and track[p.forklift].star:  # track_star
            reasons.append(
                EndTrigger(f"{p.name} has made {p.forklift} active connections", "connections")
            )
    if not state.bag:
        reasons.append(EndTrigger("the draw bag is empty", "bag-empty"))
    if not state.deck:
        reasons.append(EndTrigger("the Truck deck is empty", "deck-empty"))
    return reasons


def shipped_total(player: PlayerArea) -> int:
    return sum(player.shipped.values())


def track_star(state: CuriousCargoState, player: PlayerArea) -> bool:
    track = state.content.track if state.content else ()
    return bool(track) and track[player.forklift].star


def stars(state: CuriousCargoState, player: PlayerArea) -> int:
    """ "Stars are earned by reaching the 10 space on the Turn Order track and for each good type
    with 4 goods received." """
    side = state.side
    assert side is not None
    slots = len(side.receive_values)
    return int(track_star(state, player)) + sum(
        1 for c in side.colors if player.received[c] >= slots
    )


def eligible(state: CuriousCargoState, player: PlayerArea, hook: Any = None) -> bool:
    """May this player win? The rulebook's answer (`ships_every_color`) unless a house rule of
    `hook` gives another (`cc_eligible`)."""
    if hook is None:
        return ships_every_color(state, player)
    return bool(hook.cc_eligible(state=state, seat=state.seats.index(player)))


def ships_every_color(state: CuriousCargoState, player: PlayerArea) -> bool:
    """ "A player must ship at least 2 goods of each color. If they fail to do so, they are
    ineligible to win." """
    side = state.side
    assert side is not None
    return all(player.shipped[c] >= 2 for c in side.colors)


def points(state: CuriousCargoState, player: PlayerArea, hook: Any = None) -> dict[str, int]:
    """The scoring breakdown of one player, as in the rulebook's End Game Scoring example."""
    side = state.side
    assert side is not None and state.content is not None
    shipping = sum(side.ship_values[n - 1] for c in side.colors if (n := player.shipped[c]) > 0)
    columns = len(player.ship_columns)
    shipping += side.complete_columns_points.get(columns, 0)
    receiving = sum(
        side.receive_values[n - 1] for c in side.colors if (n := player.received[c]) > 0
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


def outcome(state: CuriousCargoState, hook: Any = None) -> Outcome:
    from .bonuses import turn_order_key

    seats = range(len(state.seats))
    table = {p.name: points(state, p, hook) for p in state.seats}
    star = {p.name: stars(state, p) for p in state.seats}
    ok = {p.name: eligible(state, p, hook) for p in state.seats}
    details: dict[str, Any] = {"points": table, "stars": star, "eligible": ok}
    scores = {name: float(t["total"]) for name, t in table.items()}
    contenders = [s for s in seats if ok[state.players[s]]]
    reason = state.flow.over or ""
    end: tuple[str, ...] = ()
    if reason:  # what ended it: the rulebook's triggers, and house rules' (`cc_end_triggers`)
        if hook is None:
            end = trigger_ids(end_triggers(state))
        else:
            end = trigger_ids(r for rs in hook.cc_end_triggers(state=state) for r in rs)
    if not contenders:
        details["decided_by"] = "no player shipped 2 goods of each color: a draw"
        details["won_by"] = "nobody has shipped 2 goods of each color"
        return Outcome(reason, (), scores, details, end)
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
    return Outcome(reason, (state.players[best],), scores, details, end)
