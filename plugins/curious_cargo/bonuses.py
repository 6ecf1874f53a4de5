"""Bonuses and Bonus Tokens (rulebook pages 10-11), and the Turn Order track.

"A player must take any bonuses they are awarded. ... Components are limited." A bonus the supply
cannot pay is not paid (the event says so).
"""

from __future__ import annotations

from dockyard import Context
from dockyard.flow import reveal
from dockyard.words import with_article

from .components import Item
from .state import CuriousCargoState, PlayerArea


def to_supply(state: CuriousCargoState, player: PlayerArea, kind: str, n: int) -> None:
    """`n` of a player's tokens of `kind` (construction or trucking) go back to the supply."""
    setattr(player, kind, getattr(player, kind) - n)
    setattr(state, kind, getattr(state, kind) + n)


def from_supply(state: CuriousCargoState, player: PlayerArea, kind: str, n: int) -> int:
    """Up to `n` tokens of `kind` from the supply to a player, as far as the supply can pay;
    returns how many were paid. "Components are limited." """
    paid = min(n, getattr(state, kind))
    setattr(state, kind, getattr(state, kind) - paid)
    setattr(player, kind, getattr(player, kind) + paid)
    return paid


def give(state: CuriousCargoState, seat: int, item: Item, ctx: Context, why: str) -> None:
    """Award `item` to `seat` from the supply, as far as the supply can pay it."""
    player = state.seats[seat]
    name = player.name
    kind, amount = item.kind, item.amount
    paid = 0
    if kind in ("construction", "trucking"):
        paid = from_supply(state, player, kind, amount)
    elif kind == "splitter":
        color = item.color or ""
        paid = min(amount, state.splitters[color])
        state.splitters[color] = state.splitters[color] - paid
        player.splitters[color] = player.splitters[color] + paid
    elif kind == "truck_card":
        paid = draw_trucks(state, player, amount)
    elif kind == "conveyor_tile":
        paid = draw_tiles(state, player, amount)
    elif kind == "points":
        paid = amount
        player.bonus_points += amount
    if kind in ("truck_card", "conveyor_tile"):
        tell_drawn(ctx, player, player.trucks if kind == "truck_card" else player.hand, paid)
    if paid == amount:
        ctx.emit("bonus", name, f"{name} receives {item} ({why})", item=str(item), why=why)
    elif paid:
        ctx.emit(
            "bonus",
            name,
            f"{name} receives {paid} of {item} ({why}); the supply has no more",
            item=str(item),
            why=why,
        )
    else:
        ctx.emit(
            "bonus-unpaid",
            name,
            f"{name} would receive {item} ({why}) but the supply has none",
            item=str(item),
            why=why,
        )


def tell_drawn(ctx: Context, player: PlayerArea, into: list[str], n: int) -> None:
    """Tell the player alone which `n` tiles or cards they just drew (the last of `into`);
    everyone else was told only how many."""
    if n:
        drawn = ", ".join(into[len(into) - n :])
        ctx.emit("drew", player.name, f"{player.name} drew {drawn}", audience=(player.name,))


def _draw(state: CuriousCargoState, source: list[str], into: list[str], n: int) -> int:
    """Move up to `n` from the top (end) of `source`; as many as there are. A draw shows the
    drawer what was hidden, so it is an undo barrier."""
    drawn = source[len(source) - min(n, len(source)) :][::-1]
    if drawn:
        reveal(state)
    del source[len(source) - len(drawn) :]
    into.extend(drawn)
    return len(drawn)


def draw_trucks(state: CuriousCargoState, player: PlayerArea, n: int) -> int:
    """Truck cards from the deck into hand; returns how many there were to draw."""
    return _draw(state, state.deck, player.trucks, n)


def draw_tiles(state: CuriousCargoState, player: PlayerArea, n: int) -> int:
    """Conveyor tiles from the bag into hand; returns how many there were to draw."""
    return _draw(state, state.bag, player.hand, n)


def move_forklift(state: CuriousCargoState, seat: int, connections: int, ctx: Context) -> None:
    """ "If the number is greater than your position on the Turn Order track, adjust your Forklift.
    Receive any bonuses for the space you land on and any you passed through. If you land on the
    same space as your opponent's token, stack on top. ... you never move backwards." """
    player = state.seats[seat]
    track = state.content.track if state.content else ()
    top = len(track) - 1
    target = min(connections, top)
    if target <= player.forklift:
        return
    start = player.forklift
    player.forklift = target
    state.height_counter += 1
    player.forklift_height = state.height_counter  # arriving last puts it on top
    ctx.emit(
        "forklift",
        player.name,
        f"{player.name} has {connections} active connections: Forklift moves from {start} to {target}",
        start=start,
        to=target,
    )
    for space in track[start + 1 : target + 1]:
        arrivals = state.track_arrivals.setdefault(space.space, [])
        arrivals.append(seat)
        why = f"Turn Order track space {space.space}"
        for item in space.bonus:
            give(state, seat, item, ctx, why)
        if len(arrivals) == 1:
            for item in space.first:
                give(state, seat, item, ctx, why + ", first to arrive")
        elif len(arrivals) == 2:
            for item in space.second:
                give(state, seat, item, ctx, why + ", second to arrive")
        if space.star:
            ctx.emit("star", player.name, f"{player.name} reaches the star at {space.space}")


def turn_order_key(state: CuriousCargoState, seat: int) -> tuple[int, int]:
    """Furthest ahead on the track goes first; on a shared space, the Forklift on top."""
    player = state.seats[seat]
    return (player.forklift, player.forklift_height)


def turn_order(state: CuriousCargoState) -> list[int]:
    """The seats in turn order: "The player whose Forklift is furthest ahead on the Turn Order
    track (or on top if tied) goes first." """
    return sorted(range(len(state.seats)), key=lambda s: turn_order_key(state, s), reverse=True)


def trade(state: CuriousCargoState, seat: int, kind: str, color: str | None, ctx: Context) -> None:
    """Trading Tokens: 2 Construction for 1 Trucking; 2 Trucking for 1 Splitter."""
    player = state.seats[seat]
    if kind == "construction":
        to_supply(state, player, "construction", 2)
        from_supply(state, player, "trucking", 1)
        ctx.emit(
            "trade", player.name, f"{player.name} trades 2 Construction tokens for a Trucking token"
        )
    else:
        assert color is not None
        to_supply(state, player, "trucking", 2)
        state.splitters[color] -= 1
        player.splitters[color] = player.splitters[color] + 1
        ctx.emit(
            "trade",
            player.name,
            f"{player.name} trades 2 Trucking tokens for {with_article(color)} Splitter",
        )


def cannot_trade(state: CuriousCargoState, seat: int) -> bool:
    """No trade is possible: each spends 2 tokens of one kind."""
    player = state.seats[seat]
    return player.construction < 2 and player.trucking < 2


def trade_refusal(state: CuriousCargoState, seat: int, kind: str, color: str | None) -> str | None:
    player = state.seats[seat]
    if kind == "construction":
        if color is not None:
            return "a Construction trade takes no color"
        if player.construction < 2:
            return "trading needs 2 Construction tokens"
        if state.trucking < 1:
            return "the supply has no Trucking token"
        return None
    if kind != "trucking":
        return f"cannot trade {kind}"
    if color is None:
        return "say which Splitter color to trade for, e.g. 'trade trucking red'"
    if color not in (state.side.colors if state.side else ()):
        return f"there are no {color} Splitters in this game"
    if player.trucking < 2:
        return "trading needs 2 Trucking tokens"
    if state.splitters[color] < 1:
        return f"the supply has no {color} Splitter"
    return None
