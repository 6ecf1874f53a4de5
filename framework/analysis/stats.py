"""Figures over many games, for `simulate` and `balance`: win rates with 95% intervals.

A win counts 1 for a sole winner and 1/k for each of k players sharing a win; an interval is
Wilson's score interval, which stays inside 0..1 and behaves with few games or rates near 0 or 1
(a plain normal interval does not).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..core import win_shares

Z95 = 1.959963984540054


class GameRecord(Protocol):
    """What the figures read of one finished game (`simulate.PlayedGame` is one)."""

    players: tuple[str, ...]
    winners: tuple[str, ...]
    bots: tuple[str, ...]
    end: tuple[str, ...]


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of a rate seen as `wins` out of `games`."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "wins": round(wins, 3),
        "games": games,
        "rate": round(wins / games, 4) if games else 0.0,
        "low": round(low, 4),
        "high": round(high, 4),
    }


def win_rates(games: Sequence[GameRecord]) -> dict[str, dict[str, dict[str, Any]]]:
    """Win rates by seat (1, 2, ...) and by bot, each with its interval."""
    seats: dict[int, float] = defaultdict(float)
    seat_games: Counter[int] = Counter()
    bots: dict[str, float] = defaultdict(float)
    bot_games: Counter[str] = Counter()
    for g in games:
        for i, won in enumerate(win_shares(g.winners, g.players)):
            seats[i] += won
            seat_games[i] += 1
            if g.bots:
                bots[g.bots[i]] += won
                bot_games[g.bots[i]] += 1
    return {
        "by_seat": {str(i + 1): rate(seats[i], seat_games[i]) for i in sorted(seat_games)},
        "by_bot": {b: rate(bots[b], bot_games[b]) for b in sorted(bot_games)},
    }


def end_shares(games: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """For each end trigger id: in how many games it held (several may hold at once)."""
    counts: Counter[str] = Counter(e for g in games for e in g.end)
    n = len(games)
    return {
        e: {"games": c, "share": round(c / n, 4) if n else 0.0}
        for e, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    }


def percent(low: float, high: float) -> str:
    return f"{100 * low:.0f}-{100 * high:.0f}%"


def distribution(values: Iterable[float]) -> dict[str, float]:
    """Mean, min, quartiles and max."""
    xs = sorted(values)
    if not xs:
        return {}

    def at(q: float) -> float:
        i = q * (len(xs) - 1)
        lo = math.floor(i)
        hi = min(lo + 1, len(xs) - 1)
        return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)

    return {
        "mean": round(sum(xs) / len(xs), 3),
        "min": xs[0],
        "q1": round(at(0.25), 3),
        "median": round(at(0.5), 3),
        "q3": round(at(0.75), 3),
        "max": xs[-1],
    }


def difference(a_wins: float, a_games: int, b_wins: float, b_games: int) -> dict[str, Any]:
    """Rate a minus rate b, with its 95% interval: Newcombe's hybrid score interval, built from
    the two Wilson intervals (it stays inside -1..1 and behaves with few games, as they do)."""
    pa = a_wins / a_games if a_games else 0.0
    pb = b_wins / b_games if b_games else 0.0
    la, ha = wilson(a_wins, a_games)
    lb, hb = wilson(b_wins, b_games)
    d = pa - pb
    return {
        "difference": round(d, 4),
        "low": round(max(-1.0, d - math.hypot(pa - la, hb - pb)), 4),
        "high": round(min(1.0, d + math.hypot(ha - pa, pb - lb)), 4),
    }


def mean_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Mean of a minus mean of b, with a 95% interval (Welch's normal approximation)."""
    if not a or not b:
        return {"difference": 0.0, "low": 0.0, "high": 0.0}
    ma, mb = sum(a) / len(a), sum(b) / len(b)

    def var(xs: Sequence[float], m: float) -> float:
        return sum((x - m) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0

    half = Z95 * math.sqrt(var(a, ma) / len(a) + var(b, mb) / len(b))
    d = ma - mb
    return {"difference": round(d, 3), "low": round(d - half, 3), "high": round(d + half, 3)}


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with `df` degrees of freedom (a
    Cornish-Fisher expansion about the normal's: within 0.3% for df >= 3)."""
    if df <= 0:
        return float("inf")
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def paired_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """The mean of a[i] - b[i] over pairs (the same seed on both sides), with its 95% interval
    (Student's t on the differences). Pairs that do not differ give an interval of width 0."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if not n:
        return {"difference": 0.0, "low": 0.0, "high": 0.0, "pairs": 0}
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = t95(n - 1) * math.sqrt(var / n) if n > 1 else 0.0
    return {
        "difference": round(mean, 4),
        "low": round(mean - half, 4),
        "high": round(mean + half, 4),
        "pairs": n,
    }


def benjamini_hochberg(p_values: Sequence[float], q: float = 0.05) -> list[bool]:
    """Which of many tests stand after Benjamini-Hochberg's correction (false discovery rate
    `q`): with many comparisons, about 5% of plain 95% tests come out by chance alone."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    cut = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= q * rank / m:
            cut = rank
    keep = [False] * m
    for i in order[:cut]:
        keep[i] = True
    return keep


def rate_p_value(wins: float, games: int, reference: float) -> float:
    """Two-sided p-value of seeing `wins` of `games` if the true rate were `reference` (the
    normal approximation with a continuity correction)."""
    if games <= 0 or not 0 < reference < 1:
        return 1.0
    sd = math.sqrt(games * reference * (1 - reference))
    z = max(0.0, abs(wins - games * reference) - 0.5) / sd
    return math.erfc(z / math.sqrt(2))
