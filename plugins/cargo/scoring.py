"""SCORING SUMMARY, and the end of the game.

1. Your own crate pushed onto a loading space of your ship: removed, in front of you, 3 points
   (whoever pushed it: "If you foolishly push an opponent's crate into his loading area, he
   gets 3 points"). Another player's crate pushed onto a loading space of your ship: you put it
   back on the dock at the end of the turn (see playing.py), no points.
2. A crate pushed off the dock into the sea: an opponent's gives its pusher 1 point and goes in
   front of them; your own costs you 1 point.
3. Each opponent's Dockhand you squish: 1 point; each of your own: -1.

The game ends when any player has no crates left on the board; most points wins, ties broken
by most crates (those in front of each player: loaded, and opponents' pushed into the sea).
"""

from __future__ import annotations

from typing import Any

from dockyard import Context, EndTrigger, Outcome
from dockyard.words import with_article

from .pushing import Landing
from .state import DOCTOR, GONE, WATER, CargoState

AWAY = {"water": WATER, "doctor": DOCTOR, "gone": GONE}  # the answers of `cargo_away`


def score_landing(state: CargoState, mover: int, landing: Landing, ctx: Context) -> None:
    """Points and removals for what `mover`'s step put into the sea, onto ships and beyond."""
    c, name = state.c, state.players[mover]
    points = c.points
    for crate in landing.in_sea:
        owner = state.seat_of(crate)
        if owner == mover:
            state.points[mover] += points["own_crate_in_sea"]
            state.sea.append(crate)
            ctx.emit(
                "sea",
                name,
                f"{name} pushes their own {crate} crate into the sea "
                f"({points['own_crate_in_sea']:+d})",
                crate=crate,
            )
        else:
            state.points[mover] += points["opponent_crate_in_sea"]
            state.front[mover].append(crate)
            ctx.emit(
                "sea",
                name,
                f"{name} pushes {with_article(crate)} crate into the sea "
                f"({points['opponent_crate_in_sea']:+d})",
                crate=crate,
            )
    for crate, ship in landing.loaded:
        captain = state.seat_of(ship)
        assert captain is not None
        if crate == ship:
            state.points[captain] += points["own_crate_loaded"]
            state.front[captain].append(crate)
            ctx.emit(
                "loaded",
                state.players[captain],
                f"{with_article(crate)} crate is loaded onto the "
                f"{ship} ship: {state.players[captain]} "
                f"{points['own_crate_loaded']:+d}",
                crate=crate,
            )
        else:
            state.aside.append((crate, ship))
            ctx.emit(
                "aside",
                state.players[captain],
                f"{with_article(crate)} crate lands on the {ship} "
                f"ship's loading space: {state.players[captain]} puts it back at the end "
                "of the turn",
                crate=crate,
                ship=ship,
            )


def send_away(
    state: CargoState, mover: int, landing: Landing, squished: list[int], hook: Any, ctx: Context
) -> None:
    """Workers into the water or to the Doctor (or wherever a house rule sends them: the
    `cargo_away` hook)."""
    c = state.c
    for w in landing.in_water:
        state.pos[w] = AWAY[hook.cargo_away(state=state, worker=w, why="water")]
        owner = state.players[state.owner(w)]
        then = "is out of the game" if state.pos[w] == GONE else "is rescued at their next turn"
        ctx.emit(
            "water",
            owner,
            f"{owner}'s {c.kinds[w % c.per_player].kind} falls into the water and {then}",
            worker=w,
        )
    # one announcement for each owner's workers of one kind sent to one place (by the rulebook:
    # each owner's Dockhands, to the Doctor)
    squishes: dict[tuple[int, str, int], list[int]] = {}
    for w in squished:
        where = AWAY[hook.cargo_away(state=state, worker=w, why="squished")]
        state.pos[w] = where
        state.waits[w] = c.doctor_turns
        group = (state.owner(w), c.kinds[w % c.per_player].kind, where)
        squishes.setdefault(group, []).append(w)
    for (seat, kind, where), workers in squishes.items():
        key = "own_dockhand_squished" if seat == mover else "opponent_dockhand_squished"
        what = f"{state.players[seat]}'s {kind}"
        if len(workers) > 1:
            what = f"{len(workers)} of {state.players[seat]}'s {kind}s"
        gained = c.points[key] * len(workers)
        state.points[mover] += gained
        ctx.emit(
            "squish",
            state.players[mover],
            f"{state.players[mover]} squishes {what}, "
            f"{'out of the game' if where == GONE else 'to the Doctor'} ({gained:+d})",
            workers=tuple(workers),
        )


def game_end(state: CargoState) -> EndTrigger | None:
    """ "When any one player has no crates left on the board, the game is over." """
    for seat, name in enumerate(state.players):
        if state.ships[seat] is not None and state.crates_left(seat) == 0:
            return EndTrigger(f"{name} has no crates left on the board", "no-crates")
    return None


def outcome(state: CargoState) -> Outcome:
    """Most points wins; "In the case of ties for points, whoever has the most crates wins"."""
    seats = range(len(state.players))
    ranks = [(state.points[seat], len(state.front[seat])) for seat in seats]
    best = max(ranks)
    winners = tuple(state.players[seat] for seat in seats if ranks[seat] == best)
    scores = {name: float(state.points[seat]) for seat, name in enumerate(state.players)}
    crates = {name: len(state.front[seat]) for seat, name in enumerate(state.players)}
    return Outcome(
        state.flow.over or "",
        winners,
        scores,
        {"crates": crates, "rounds": state.flow.round},
    )
