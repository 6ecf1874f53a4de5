"""Which content wins (`dockyard balance`): figures per component, per board, for the games
with no winner and for the end triggers, from finished games; and what changes against other
content (`--against`).

What a seat used or held is read from what every game already declares, nothing a game must
add for it:

- a seat *used* a component when one of its actions names it (`place t12 c4 east`,
  `keep truck07`) or an event about that seat carries its id in its data (`truck-played`);
- it *held* one when the id is in its own entry of its own view of the final table
  (`Game.view(state, seat)["players"][seat]`: a hand, a truck, a ship's contracts);
- its *board* is `board` in that same entry (Curious Cargo's player boards).

Ids are the game's `component_ids` (tiles, Truck cards, cards, ...). For each component: in how
many games and by how many seats it was used or held, and the win rate of those seats (a win
counts 1, a share of a win 1/k: `core.win_shares`) with Wilson's 95% interval, against the
average of every seat and against the seats without it. A component whose interval lies wholly
above the average lies `away` (wholly below too); it is `strong` (or `weak`) only when it still
stands after Benjamini-Hochberg's correction for so many comparisons (a 5% false discovery
rate). Those away come first, furthest away first.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any, Protocol

from ..core import win_shares
from .stats import (
    GameRecord,
    benjamini_hochberg,
    difference,
    distribution,
    mean_difference,
    rate,
    rate_p_value,
)


class SeatRecord(GameRecord, Protocol):
    """What these figures read of a finished game (`simulate.PlayedGame` played for `balance`)."""

    actions: int
    reason: str
    seats: tuple[dict[str, Any], ...]  # `seat_components`: used, held, board


def seat_components(session: Any) -> tuple[dict[str, Any], ...]:
    """For each seat of a finished game: the components it used and held, and its board."""
    game, state = session.game, session.state
    known = frozenset(game.component_ids(state))
    seat_of = {name: i for i, name in enumerate(session.players)}
    used: list[set[str]] = [set() for _ in session.players]
    for action in session.log:
        if action.player in seat_of:
            _ids(action.args, known, used[seat_of[action.player]])
    for event in session.events:
        if event.player in seat_of and event.data:
            _ids([value for _, value in event.data], known, used[seat_of[event.player]])
    seats = []
    for i in range(len(session.players)):
        entry = _own_entry(game.view(state, i), i)
        held: set[str] = set()
        _ids(entry, known, held)
        board = entry.get("board")
        seats.append(
            {
                "used": sorted(used[i]),
                "held": sorted(held),
                "board": str(board) if _label(board) else None,
            }
        )
    return tuple(seats)


def _label(value: Any) -> bool:
    """A board's name or number (not a truth value, not a structure)."""
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _own_entry(view: Any, seat: int) -> dict[str, Any]:
    players = view.get("players") if isinstance(view, dict) else None
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
        return players[seat]
    return {}


def _ids(value: Any, known: frozenset[str], into: set[str]) -> None:
    """Every known id in `value` (strings, in tuples, lists and dicts' values)."""
    if isinstance(value, str):
        if value in known:
            into.add(value)
    elif isinstance(value, (tuple, list)):
        for v in value:
            _ids(v, known, into)
    elif isinstance(value, dict):
        for v in value.values():
            _ids(v, known, into)


# ---- figures ---------------------------------------------------------------------------------


def component_figures(done: Sequence[SeatRecord], components: Sequence[str]) -> dict[str, Any]:
    """Per component: games, seats that used or held it, and their win rate (see above)."""
    wins_with: dict[str, float] = defaultdict(float)
    seats_with: Counter[str] = Counter()
    used: Counter[str] = Counter()
    held: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    total_wins = 0.0
    total = 0
    for r in done:
        shares = win_shares(r.winners, r.players)
        total_wins += sum(shares)
        total += len(shares)
        in_game: set[str] = set()
        for share, seat in zip(shares, r.seats, strict=False):
            u, h = set(seat["used"]), set(seat["held"])
            used.update(u)
            held.update(h)
            for c in u | h:
                wins_with[c] += share
                seats_with[c] += 1
            in_game |= u | h
        games_with.update(in_game)
    average = rate(total_wins, total)
    rows: list[dict[str, Any]] = []
    for c in components:
        n = seats_with[c]
        if not n:
            continue
        win = rate(wins_with[c], n)
        verdict = (
            "strong"
            if win["low"] > average["rate"]
            else "weak"
            if win["high"] < average["rate"]
            else None
        )
        rows.append(
            {
                "id": c,
                "games": games_with[c],
                "share": round(games_with[c] / len(done), 4) if done else 0.0,
                "seats": n,
                "used": used[c],
                "held": held[c],
                "win": win,
                "vs_others": difference(wins_with[c], n, total_wins - wins_with[c], total - n),
                "verdict": verdict,
            }
        )
    # with many components, about 5% of plain 95% intervals lie away by chance alone: a
    # verdict stands only after Benjamini-Hochberg's correction (false discovery rate 5%)
    stands = benjamini_hochberg(
        [rate_p_value(wins_with[x["id"]], x["seats"], average["rate"]) for x in rows]
    )
    for row, ok in zip(rows, stands, strict=True):
        row["away"] = row["verdict"]
        if not ok:
            row["verdict"] = None
    rows.sort(key=lambda row: (*_away(row["win"], average["rate"]), row["id"]))
    return {
        "average": average,
        "components": rows,
        "unseen": [c for c in components if not seats_with[c]],
    }


def _away(interval: dict[str, Any], reference: float) -> tuple[int, float]:
    """A sort key: intervals lying away from `reference` first (furthest first), then the
    rest by how far their centre is from it."""
    gap = max(interval["low"] - reference, reference - interval["high"])
    if gap > 0:
        return (0, -gap)
    centre = interval.get("rate", interval.get("difference", 0.0))
    return (1, -abs(centre - reference))


def board_figures(done: Sequence[SeatRecord]) -> dict[str, dict[str, Any]]:
    """Per board that a seat played on: its seats' win rate, each seat's, the games with no
    winner, and game length (the games with a seat on that board)."""
    wins: dict[str, float] = defaultdict(float)
    seats: Counter[str] = Counter()
    games: dict[str, list[SeatRecord]] = defaultdict(list)
    for r in done:
        shares = win_shares(r.winners, r.players)
        boards = [s["board"] for s in r.seats]
        for share, board in zip(shares, boards, strict=False):
            if board is not None:
                wins[board] += share
                seats[board] += 1
        for board in dict.fromkeys(b for b in boards if b is not None):
            games[board].append(r)
    result = {}
    for board in sorted(games, key=_natural):
        on = games[board]
        by_seat: dict[str, dict[str, Any]] = {}
        for i in range(len(on[0].players)):
            shares = [
                win_shares(r.winners, r.players)[i] for r in on if r.seats[i]["board"] == board
            ]
            by_seat[str(i + 1)] = rate(sum(shares), len(shares))
        result[board] = {
            "games": len(on),
            "win": rate(wins[board], seats[board]),
            "by_seat": by_seat,
            "no_winner": _share(sum(1 for r in on if not r.winners), len(on)),
            "length": distribution(r.actions for r in on),
            "lengths": [r.actions for r in on],
        }
    return result


def _natural(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def _share(count: int, of: int) -> dict[str, Any]:
    r = rate(count, of)
    return {"games": count, "of": of, "share": r["rate"], "low": r["low"], "high": r["high"]}


def no_winner_figures(done: Sequence[SeatRecord]) -> dict[str, Any]:
    """The games nobody won (Night Shift's games without an eligible player): their share
    with its interval, the share by end trigger and by board, and the reasons they ended."""
    none = [r for r in done if not r.winners]
    triggers = list(dict.fromkeys(e for r in done for e in r.end))
    boards = sorted(
        {s["board"] for r in done for s in r.seats if s["board"] is not None}, key=_natural
    )

    def on(board: str) -> list[SeatRecord]:
        return [r for r in done if any(s["board"] == board for s in r.seats)]

    return {
        **_share(len(none), len(done)),
        "by_end": {
            e: _share(sum(1 for r in none if e in r.end), sum(1 for r in done if e in r.end))
            for e in triggers
        },
        "by_board": {b: _share(sum(1 for r in on(b) if not r.winners), len(on(b))) for b in boards},
        "reasons": dict(Counter(r.reason for r in none).most_common()),
    }


def end_combinations(done: Sequence[SeatRecord]) -> dict[str, Any]:
    """Which triggers ended each game together: a trigger's share counts every game it held
    in, so the shares add up to more than 100% when games end on several at once."""
    counts = Counter(" + ".join(r.end) or "(none)" for r in done)
    n = len(done)
    return {
        "several": sum(1 for r in done if len(r.end) > 1),
        "combinations": {
            k: {"games": c, "share": round(c / n, 4) if n else 0.0}
            for k, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        },
    }


# ---- differences (--against) -----------------------------------------------------------------


def _diff(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two rates (`stats.rate` dicts) apart."""
    return difference(a["wins"], a["games"], b["wins"], b["games"])


def differences(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Report `a` minus report `b` (both from `balance.figures`), each with its 95% interval:
    what the first content set changes against the second."""
    done_a, done_b = a["games"] - a["errors"], b["games"] - b["errors"]
    b_components = {row["id"]: row for row in b["components"]}
    rows = [
        {"id": row["id"], **_diff(row["win"], b_components[row["id"]]["win"])}
        for row in a["components"]
        if row["id"] in b_components
    ]
    rows.sort(key=lambda row: (*_away(row, 0.0), row["id"]))
    boards = {
        board: {
            "win": _diff(fig["win"], b["boards"][board]["win"]),
            "length": mean_difference(fig["lengths"], b["boards"][board]["lengths"]),
        }
        for board, fig in a["boards"].items()
        if board in b["boards"]
    }
    ends = list(dict.fromkeys([*a["end"], *b["end"]]))
    return {
        "of": a["content"],
        "against": b["content"],
        "seat_advantage": {
            s: _diff(v, b["seat_advantage"][s])
            for s, v in a["seat_advantage"].items()
            if s in b["seat_advantage"]
        },
        "no_winner": difference(a["no_winner"]["games"], done_a, b["no_winner"]["games"], done_b),
        "end": {
            e: difference(
                a["end"].get(e, {"games": 0})["games"],
                done_a,
                b["end"].get(e, {"games": 0})["games"],
                done_b,
            )
            for e in ends
        },
        "length": mean_difference(a["lengths"], b["lengths"]),
        "components": rows,
        "boards": boards,
    }
