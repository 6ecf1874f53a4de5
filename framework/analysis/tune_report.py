"""The report of `dockyard tune` (tune.py): a table on the terminal and a self-contained HTML
page with a chart per measure (seat win rates, games with no winner, end triggers, length)."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from .stats import percent


def shown(value: Any) -> str:
    """A tuned value as JSON (`10`, `"text"`)."""
    return json.dumps(value, ensure_ascii=False)


def summary_lines(result: dict[str, Any]) -> list[str]:
    rows = result["rows"]
    bots = ", ".join(dict.fromkeys(result["bots"])) or "the game's default bot"
    variants = f" with {', '.join(result['variants'])}" if result["variants"] else ""
    several = len(result.get("fields", ())) > 1
    lines = [
        f"{result['game']}{variants}: {result['field']}, {result['games']} games a "
        f"{'candidate' if several else 'value'} "
        f"(seeds {result['seed']}..{result['seed'] + result['games'] - 1}), bots: {bots}",
    ]
    if several:
        lines.append(f"candidates: {result['search']}")
    if result.get("interrupted"):
        lines.append(f"interrupted: {len(rows)} value(s) played whole")
    if not rows:
        return lines
    seats = list(rows[0]["seat_win_rates"])
    head = [
        "values" if several else "value",
        *[f"seat {s}" for s in seats],
        "no winner",
        "actions",
        "margin",
        "end triggers",
    ]
    table = [head]
    for r in rows:
        length = r["length"]
        table.append(
            [
                _short(r["values"]) if several else shown(r["value"]),
                *[_rate(r["seat_win_rates"][s]) for s in seats],
                _rate(r["no_winner"]),
                f"{length['mean']:.0f} ({length['low']:.0f}-{length['high']:.0f})",
                _mean(r.get("margin")),
                ", ".join(f"{e} {100 * v['rate']:.0f}%" for e, v in r["end"].items()),
            ]
        )
    widths = [max(len(line[k]) for line in table) for k in range(len(head) - 1)]
    for line in table:
        cells = [c.ljust(w) for c, w in zip(line, widths, strict=False)]
        lines.append("  ".join([*cells, line[-1]]).rstrip())
    for r in rows:
        if r["errors"]:
            why = "; ".join(
                f"seed {f['seed']}, after {f['actions']} actions: {f['error']}"
                for f in r.get("failures", ())
            )
            lines.append(
                f"{'values' if several else 'value'} {shown(r['value'])}: "
                f"{r['errors']} of {r['games']} game(s) failed" + (f" ({why})" if why else "")
            )
    tied = result.get("not_told_apart") or []
    if rows and len(rows) > 1:
        if tied:
            lines.append(
                f"not told apart from the best by these games (95% intervals overlap): "
                f"{len(tied)} of {len(rows) - 1} other candidates"
                + (": " + "; ".join(_short(t) if several else shown(_one(t)) for t in tied[:6]))
                + (", ..." if len(tied) > 6 else "")
                + " (play more games to tell them apart)"
            )
        else:
            lines.append("the best is told apart from every other candidate (95% intervals)")
    best = result["best"]
    chosen = rows[best["index"]]
    lines.append(
        f"closest to {result['target']} ({result['measure']}): {shown(best['value'])} "
        f"(seats {100 * chosen['seat_distance']:.0f} points from an equal share, "
        f"no winner {100 * chosen['no_winner']['rate']:.0f}%, "
        f"{chosen['games'] - chosen['errors']} games)"
    )
    return lines


def _short(values: dict[str, Any]) -> str:
    """`requisite=8, board=1`: each field by its last name where those differ, else whole."""
    names = [f.rsplit("/", 1)[-1] for f in values]
    if len(set(names)) < len(names):
        names = list(values)
    return ", ".join(f"{n}={shown(v)}" for n, v in zip(names, values.values(), strict=True))


def _one(values: dict[str, Any]) -> Any:
    return next(iter(values.values())) if len(values) == 1 else values


def _mean(m: dict[str, Any] | None) -> str:
    if not m:
        return "-"
    return f"{m['mean']:.3g} ({m['low']:.3g}-{m['high']:.3g})"


def _rate(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:.0f}% ({percent(r['low'], r['high'])})"


def tune_html(result: dict[str, Any]) -> str:
    """One self-contained page: what was tuned, a table, and a chart per measure."""
    from .charts import bar_chart

    rows = result["rows"]
    names = [shown(r["value"]) for r in rows]
    name = result["field"].rsplit("/", 1)[-1]  # the field's own name, as `requisite`
    seats = list(rows[0]["seat_win_rates"])
    title = f"{result['game']}: tuning {result['field']}"
    lines = summary_lines(result)
    parts = [f"<h1>{escape(title)}</h1>", f"<p>{escape(lines[0])}</p>"]
    parts.append(f"<p><strong>{escape(lines[-1])}</strong></p>")
    parts.append("<pre>" + escape("\n".join(lines[1:-1])) + "</pre>")

    def chart(heading: str, series: dict[str, list[dict[str, Any]]], pct: bool = True) -> None:
        parts.append(f"<h2>{escape(heading)}, per {escape(name)} (95% intervals)</h2>")
        parts.append(
            bar_chart(
                heading,
                names,
                {k: [v["rate" if pct else "mean"] for v in vs] for k, vs in series.items()},
                errors={k: [(v["low"], v["high"]) for v in vs] for k, vs in series.items()},
                percent=pct,
            )
        )

    chart(
        "Win rate by seat",
        {f"seat {s}": [r["seat_win_rates"][s] for r in rows] for s in seats},
    )
    chart("Games with no winner", {"no winner": [r["no_winner"] for r in rows]})
    ends = list(dict.fromkeys(e for r in rows for e in r["end"]))
    if ends:
        empty = {"rate": 0.0, "low": 0.0, "high": 0.0}
        chart(
            "End triggers (share of games)",
            {e: [r["end"].get(e, empty) for r in rows] for e in ends},
        )
    chart(
        "Game length (mean actions)",
        {"actions": [r["length"] for r in rows]},
        pct=False,
    )
    style = (
        "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
        "svg{max-width:100%;height:auto}pre{font-size:13px}"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{style}</style></head><body>\n"
        + "\n".join(parts)
        + "\n</body></html>\n"
    )
