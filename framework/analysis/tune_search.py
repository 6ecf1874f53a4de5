"""Which candidates `dockyard tune` plays, and how it judges them (tune.py plays them).

A candidate is one value for each `--field`. When the fields' values combine into at most
`--budget` candidates, every combination is played, in order. When there are more, `--budget`
of them are chosen by Optuna's TPE sampler (the `tune` extra: `pip install '.[tune]'`),
which is told each candidate's distance from the target as it is played and proposes the next
where the target looks nearer; without Optuna, `--budget` combinations drawn at random (seeded:
the same arguments choose the same candidates). Every candidate plays the same seeds.

Targets (`--target`), each a distance to make small:
- `seat-balance`: the root mean square of (seat's win rate - 1/players) over the seats;
- `no-winner`: the share of games with no winner;
- `length=N`: how far the mean length (actions) is from N;
- `margin=N`: how far the mean score margin (winner less runner-up) is from N.
Ties are broken by seat-balance's measure, then by the share of games with no winner, then by
the order played. The best is "not told apart" from every candidate whose 95% interval on the
target's figure overlaps its own (every seat's win rate, for seat-balance).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..core import DockyardError
from .games import PlayedGame
from .stats import Z95, rate, win_rates

TARGETS = {
    "seat-balance": "seat win rates closest to 1/players each, root mean square",
    "no-winner": "the fewest games with no winner",
    "length=N": "mean game length closest to N actions",
    "margin=N": "mean score margin closest to N",
}


NO_DEFAULT = object()  # a field the file leaves out, its schema giving no default


def schema_default(schema_id: str, parts: Sequence[str]) -> Any:
    """The schema's `default` for the value at `parts` of a file of that schema (NO_DEFAULT when
    it gives none), following `properties`, `items` and `$ref`s."""
    from ..loader import schema_registry

    try:
        registry, schemas = schema_registry()
        resolver = registry.resolver(base_uri=schema_id)
        node: Any = schemas[schema_id]
        for part in [*parts, None]:
            for _ in range(20):
                if not isinstance(node, dict) or "$ref" not in node:
                    break
                found = resolver.lookup(node["$ref"])
                node, resolver = found.contents, found.resolver
            if part is None or not isinstance(node, dict):
                break
            if part in node.get("properties", {}):
                node = node["properties"][part]
            elif isinstance(node.get("items"), dict):
                node = node["items"]
            else:
                return NO_DEFAULT
        return node.get("default", NO_DEFAULT) if isinstance(node, dict) else NO_DEFAULT
    except Exception:  # a schema this walk does not follow: no default known
        return NO_DEFAULT


def parse_target(text: str) -> tuple[str, float | None]:
    """`seat-balance`, `no-winner`, `length=N` or `margin=N`: (name, N)."""
    name, eq, number = text.partition("=")
    if not eq and name in ("seat-balance", "no-winner"):
        return name, None
    if eq and name in ("length", "margin"):
        try:
            goal = float(number)
        except ValueError:
            goal = math.nan
        if math.isfinite(goal):
            return name, goal
    raise DockyardError(
        f"--target {text}: targets are seat-balance, no-winner, length=N and margin=N "
        "(N a number, such as length=180)"
    )


def distance(row: dict[str, Any], target: str) -> float:
    """How far a candidate's figures lie from the target (smaller is better)."""
    name, goal = parse_target(target)
    if name == "seat-balance":
        return float(row["seat_distance"])
    if name == "no-winner":
        return float(row["no_winner"]["rate"])
    figure = row["length"] if name == "length" else row["margin"]
    return abs(float(figure["mean"]) - (goal or 0.0))


def key(row: dict[str, Any], target: str, index: int) -> tuple[float, float, float, int]:
    return (distance(row, target), row["seat_distance"], row["no_winner"]["rate"], index)


def pick(rows: Sequence[dict[str, Any]], target: str) -> int:
    """The index of the row closest to the target (ties: see the module's docstring)."""
    if not rows:
        raise ValueError("no rows")
    return min(range(len(rows)), key=lambda i: key(rows[i], target, i))


def not_told_apart(rows: Sequence[dict[str, Any]], best: int, target: str) -> list[int]:
    """The other rows whose 95% interval on the target's figure overlaps the best's."""
    name, _ = parse_target(target)

    def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return a["low"] <= b["high"] and b["low"] <= a["high"]

    def figures(row: dict[str, Any]) -> list[dict[str, Any]]:
        if name == "seat-balance":
            return list(row["seat_win_rates"].values())
        if name == "no-winner":
            return [row["no_winner"]]
        return [row["length"] if name == "length" else row["margin"]]

    mine = figures(rows[best])
    return [
        i
        for i, row in enumerate(rows)
        if i != best
        and not row["errors"] == row["games"]
        and all(overlap(a, b) for a, b in zip(mine, figures(row), strict=True))
    ]


def candidates(
    choices: Sequence[Sequence[Any]], budget: int, seed: int
) -> tuple[str, Iterator[tuple[int, ...]], Callable[[tuple[int, ...], float], None]]:
    """How the candidates are searched, the candidates (an index into each field's values)
    and `tell(candidate, distance)`, which the search learns from."""
    total = math.prod(len(c) for c in choices)
    if total <= budget:
        return "every combination", itertools.product(*(range(len(c)) for c in choices)), _no
    try:
        import optuna
    except ImportError:
        rng = random.Random(seed)
        drawn = rng.sample(range(total), budget)
        return (
            f"{budget} of {total} combinations drawn at random (install the `tune` extra "
            "for Optuna's search)",
            (_decode(n, choices) for n in drawn),
            _no,
        )
    return f"{budget} of {total} combinations chosen by Optuna (TPE)", *_optuna(
        optuna, choices, budget, seed
    )


def _no(candidate: tuple[int, ...], value: float) -> None:
    return None


def _decode(n: int, choices: Sequence[Sequence[Any]]) -> tuple[int, ...]:
    out = []
    for c in reversed(choices):
        n, i = divmod(n, len(c))
        out.append(i)
    return tuple(reversed(out))


def _optuna(
    optuna: Any, choices: Sequence[Sequence[Any]], budget: int, seed: int
) -> tuple[Iterator[tuple[int, ...]], Callable[[tuple[int, ...], float], None]]:
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    space = {
        f"f{k}": optuna.distributions.CategoricalDistribution(list(range(len(c))))
        for k, c in enumerate(choices)
    }
    asked: dict[tuple[int, ...], list[Any]] = {}
    seen: dict[tuple[int, ...], float] = {}

    def ask() -> Iterator[tuple[int, ...]]:
        given = 0
        tries = 0
        while given < budget and tries < budget * 20:
            tries += 1
            trial = study.ask(space)
            cand = tuple(int(trial.params[f"f{k}"]) for k in range(len(choices)))
            if cand in seen:  # played already: the sampler hears its figure again
                study.tell(trial, seen[cand])
                continue
            asked.setdefault(cand, []).append(trial)
            given += 1
            yield cand

    def tell(cand: tuple[int, ...], value: float) -> None:
        seen[cand] = value
        for trial in asked.pop(cand, []):
            study.tell(trial, value)

    return ask(), tell


# ---- the figures of one candidate ---------------------------------------------------------


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean with a 95% interval (mean +- 1.96 standard errors; with one game, its value)."""
    n = len(values)
    if not n:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "games": 0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {
        "mean": round(mean, 3),
        "low": round(max(0.0, mean - half) if min(values) >= 0 else mean - half, 3),
        "high": round(mean + half, 3),
        "games": n,
    }


def share(count: int, games: int) -> dict[str, Any]:
    """`count` games of `games`, as a rate with its 95% interval."""
    figures = rate(count, games)
    return {"count": count, **{k: v for k, v in figures.items() if k != "wins"}}


def row(value: Any, records: Sequence[PlayedGame]) -> dict[str, Any]:
    """The figures of one value."""
    done = [r for r in records if r.error is None]
    n = len(done)
    seats = win_rates(done)["by_seat"]
    ends: Counter[str] = Counter(e for r in done for e in r.end)
    rates = [s["rate"] for s in seats.values()]
    return {
        "value": value,
        "games": len(records),
        "errors": len(records) - n,
        "players": list(done[0].players) if done else [],
        "seat_win_rates": seats,
        "no_winner": share(sum(1 for r in done if not r.winners), n),
        "end": {e: share(c, n) for e, c in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0]))},
        "length": mean_interval([r.actions for r in done]),
        "margin": mean_interval([r.margin for r in done]),
        "failures": [
            {"seed": r.seed, "error": r.error, "actions": r.actions}
            for r in records
            if r.error is not None
        ][:3],
        "seat_gap": round(max(rates) - min(rates), 4) if rates else 0.0,
        "seat_distance": round(seat_distance(rates), 4),
    }


def seat_distance(rates: Sequence[float]) -> float:
    """How far win rates lie from an equal share each: the root mean square of rate - 1/seats."""
    if not rates:
        return 0.0
    fair = 1 / len(rates)
    return math.sqrt(sum((r - fair) ** 2 for r in rates) / len(rates))
