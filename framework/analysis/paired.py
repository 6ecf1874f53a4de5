"""What a designer reads first, and what a change changed (`dockyard balance`).

**Metrics** (after Ludii's), from finished games:

- `branching_factor`: legal actions per decision, on average over every decision of every game;
- `decisiveness`: the share of games with a single winner (a shared win or no winner is not);
- `score_margin`: the winner's score less the runner-up's (the best score less the next best),
  on average;
- `lead_changes`: how often per game a different player took the sole lead on score;
- `duration`: actions per game, on average; `no_winner`: the share of games nobody won;
- `payouts`: per component, in how many games and how often it paid out (a bonus paid, a
  card's power used: events of a paying kind naming it).

**Paired comparison** (`--against`): both sides play the same seeds, so each game of one side
has its twin on the other, and each figure is compared twin by twin: the mean of the
differences with Student's t 95% interval (`stats.paired_difference`). Games played move for
move alike on both sides count as identical; when all are, the change made no difference to
these bots' games, and the report says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import win_shares
from .games import PlayedGame
from .stats import paired_difference


def metrics(done: Sequence[PlayedGame]) -> dict[str, Any]:
    """The metrics of finished games (see the module's docstring)."""
    n = len(done)
    decisions = sum(r.decisions for r in done)
    paid: dict[str, dict[str, int]] = {}
    for r in done:
        for comp, times in r.payouts.items():
            row = paid.setdefault(comp, {"games": 0, "times": 0})
            row["games"] += 1
            row["times"] += times
    return {
        "games": n,
        "branching_factor": round(sum(r.choices for r in done) / decisions, 3)
        if decisions
        else 0.0,
        "decisiveness": round(sum(1 for r in done if len(r.winners) == 1) / n, 4) if n else 0.0,
        "score_margin": round(sum(r.margin for r in done) / n, 3) if n else 0.0,
        "lead_changes": round(sum(r.lead_changes for r in done) / n, 3) if n else 0.0,
        "duration": round(sum(r.actions for r in done) / n, 3) if n else 0.0,
        "no_winner": round(sum(1 for r in done if not r.winners) / n, 4) if n else 0.0,
        "payouts": dict(sorted(paid.items(), key=lambda kv: (-kv[1]["games"], kv[0]))),
    }


def metric_lines(m: dict[str, Any]) -> list[str]:
    """The metrics as text, one line (and the components that paid out most)."""
    lines = [
        f"  metrics ({m['games']} games): branching factor {m['branching_factor']:g} legal "
        f"actions a decision; decisiveness {100 * m['decisiveness']:.0f}% (a single winner); "
        f"score margin {m['score_margin']:g}; lead changes {m['lead_changes']:g} a game; "
        f"duration {m['duration']:g} actions"
    ]
    if m["payouts"]:
        top = list(m["payouts"].items())[:8]
        lines.append(
            f"  paid out (games of {m['games']}): "
            + ", ".join(f"{c} {v['games']}" for c, v in top)
            + (", ..." if len(m["payouts"]) > 8 else "")
        )
    return lines


def _per_game(r: PlayedGame, players: Sequence[str]) -> dict[str, float]:
    """One game's figures, for comparing twin by twin."""
    shares = win_shares(r.winners, r.players)
    scores = [float(r.scores.get(p, 0.0)) for p in r.players]
    out = {f"seat-{i + 1}-win-rate": float(s) for i, s in enumerate(shares)}
    out.update({f"seat-{i + 1}-mean-score": s for i, s in enumerate(scores)})
    out["mean-score"] = sum(scores) / len(scores) if scores else 0.0
    out["score-margin"] = r.margin
    out["length"] = float(r.actions)
    out["no-winner"] = 0.0 if r.winners else 1.0
    out["decisiveness"] = 1.0 if len(r.winners) == 1 else 0.0
    out["lead-changes"] = float(r.lead_changes)
    if r.decisions:
        out["branching-factor"] = r.choices / r.decisions
    return out


def compare(
    of: Sequence[PlayedGame], against: Sequence[PlayedGame], of_label: str, against_label: str
) -> dict[str, Any]:
    """The paired comparison of two runs over the same seeds: `of` minus `against`."""
    twins = {r.seed: r for r in against if r.error is None}
    pairs = [(r, twins[r.seed]) for r in of if r.error is None and r.seed in twins]
    identical = sum(1 for a, b in pairs if a.digest and a.digest == b.digest)
    rows: list[dict[str, Any]] = []
    if pairs:
        players = pairs[0][0].players
        figures = [(_per_game(a, players), _per_game(b, players)) for a, b in pairs]
        names = [k for k in figures[0][0] if all(k in x and k in y for x, y in figures)]
        for name in names:
            d = paired_difference([x[name] for x, _ in figures], [y[name] for _, y in figures])
            rows.append({"metric": name, **d, "paired": True})
        comps = sorted({c for a, b in pairs for c in (*a.payouts, *b.payouts)})
        for comp in comps:
            d = paired_difference(
                [float(a.payouts.get(comp, 0)) for a, _ in pairs],
                [float(b.payouts.get(comp, 0)) for _, b in pairs],
            )
            rows.append({"metric": f"payouts-{comp}", **d, "paired": True})
    return {
        "of": of_label,
        "with": against_label,
        "games": len(pairs),
        "identical_games": identical,
        "against": rows,
    }


def comparison_lines(c: dict[str, Any]) -> list[str]:
    """The paired comparison as text: what changed, and whether anything did."""
    n, same = c["games"], c["identical_games"]
    lines = [
        f"{c['of']} against {c['with']}: {n} pairs of games on the same seeds "
        f"(paired differences, first minus second, 95% intervals)"
    ]
    if n and same == n:
        lines.append(
            f"  all {n} games were played move for move alike on both sides: "
            "the change made no difference to these bots' games"
        )
        return lines
    lines.append(f"  identical games (move for move): {same} of {n}")
    main = [r for r in c["against"] if not r["metric"].startswith("payouts-")]
    comps = [r for r in c["against"] if r["metric"].startswith("payouts-")]
    for r in main:
        lines.append(f"  {r['metric']}: {_shown(r)}{_verdict(r)}")
    apart = [r for r in comps if r["low"] > 0 or r["high"] < 0]
    if apart:
        lines.append(
            "  pay-outs that changed (times a game): "
            + ", ".join(f"{r['metric'][8:]} {_shown(r)}" for r in apart[:8])
            + (", ..." if len(apart) > 8 else "")
        )
    elif comps:
        lines.append(f"  pay-outs: none of {len(comps)} components' changed beyond chance")
    return lines


def _shown(r: dict[str, Any]) -> str:
    return f"{r['difference']:+.3g} (95% {r['low']:+.3g} to {r['high']:+.3g})"


def _verdict(r: dict[str, Any]) -> str:
    if r["low"] > 0 or r["high"] < 0:
        return "  <- a difference these games show"
    return ""
