"""`dockyard balance GAME`: does this content play well? Figures from many games between bots.

    dockyard balance curious-cargo --games 200 --bots heuristic -o report.html
    dockyard balance curious-cargo --content my-trucks/ --against builtin -o compare.html

It plays the games as `simulate` does (the same seeds, bots and workers, so the same figures
for the same arguments) and reports:

- **seat advantage**: each seat's win rate with its 95% interval (a fair game has every
  interval around 1/players);
- **end triggers**: the share of games each trigger ended (ids the game documents);
- **game length** (actions) and **scores** by seat: mean, quartiles, extremes;
- **component usage**: how often each component (by the game's `component_ids`: tiles, Truck
  cards, ...) was named by an action, and which never were.

`--json` prints the same figures as one JSON object; `-o FILE.html` writes one self-contained
page (no network) with the figures as tables and plots, drawn by matplotlib when the `plots`
extra is installed (`pip install 'dockyard[plots]'`), else by dockyard's own SVG charts.
`--against DIR` (or `--against builtin`) plays the same seeds with other content and puts the
two side by side: a designer's deck against the printed one.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from html import escape
from typing import IO, Any

from ..core import DockyardError
from .simulate import Record, run_games
from .stats import distribution, end_shares, percent, win_rates
from .workers import default_workers


def figures(records: Sequence[Record], components: Sequence[str]) -> dict[str, Any]:
    """Every figure of the report, from finished games."""
    done = [r for r in records if r.error is None]
    players = done[0].players if done else ()
    used: Counter[str] = Counter()
    for r in done:
        used.update(r.usage)
    rates = win_rates(done)
    return {
        "games": len(records),
        "errors": len(records) - len(done),
        "players": list(players),
        "seat_advantage": rates["by_seat"],
        "wins_by_bot": rates["by_bot"],
        "draws": sum(1 for r in done if not r.winners),
        "end": end_shares(done),
        "length": distribution(r.actions for r in done),
        "score": {p: distribution(r.scores.get(p, 0.0) for r in done) for p in players},
        "lengths": [r.actions for r in done],
        "scores": {p: [r.scores.get(p, 0.0) for r in done] for p in players},
        "usage": {c: used[c] for c in components},
        "never_used": [c for c in components if not used[c]],
    }


def balance_command(
    game: str,
    games: int,
    seed: int,
    players: list[str] | int | None,
    variants: list[str],
    content: list[str],
    bots: str | None,
    workers: int | None,
    out_path: str | None,
    as_json: bool,
    against: list[str] | None,
    out: IO[str],
    progress: bool = False,
    backend: str = "local",
    force: bool = False,
) -> int:
    from ..bots import parse_bots
    from ..config import resolve_players
    from ..registry import registry
    from ..session import Session

    if games < 1:
        raise DockyardError("--games must be at least 1")
    if workers is not None and workers < 1:
        raise DockyardError("--workers must be at least 1")
    g = registry().game(game)
    if out_path:  # say so before the games are played, not after
        from ..files import check_target

        check_target(out_path, force, "report")
    seated = parse_bots(g, bots, len(resolve_players(g, players))) if bots else None
    runs: list[tuple[str, list[str]]] = [(", ".join(content) or "built-in", content)]
    if against is not None:
        other = [] if against in ([], ["builtin"]) else against
        label = ", ".join(other) or "built-in"
        runs.append((label if label != runs[0][0] else f"{label} (again)", other))
    reports = []
    for label, folders in runs:
        probe = Session(g.name, seed=seed, players=players, variants=variants, content=folders)
        components = list(probe.game.component_ids(probe.state))
        records: Iterator[Record] = run_games(
            g.name,
            games,
            seed,
            players,
            variants,
            folders,
            None,
            False,
            workers if workers is not None else default_workers(),
            seated,
            usage=True,
            backend=backend,
        )
        if progress:
            from .simulate import _with_progress

            records = _with_progress(records, games, f"{g.name} ({label})")
        data = figures(list(records), components)
        data["content"] = label
        reports.append(data)
    result = {
        "game": g.name,
        "variants": variants,
        "seed": seed,
        "bots": seated or [],
        "reports": reports,
    }
    if as_json:
        out.write(json.dumps(result, sort_keys=False) + "\n")
    else:
        out.write("\n".join(summary_lines(result)) + "\n")
    if out_path:
        from ..files import write_atomic

        text = report_html(result)
        try:
            write_atomic(out_path, text, overwrite=force, what="report")
        except OSError as exc:
            raise DockyardError(
                f"{out_path}: cannot write the report: {exc.strerror or exc}"
            ) from None
        if not as_json:
            out.write(f"report written to {out_path}\n")
    return 1 if any(r["errors"] for r in reports) else 0


def summary_lines(result: dict[str, Any]) -> list[str]:
    lines = []
    for r in result["reports"]:
        lines.append(f"{result['game']} with {r['content']} content: {r['games']} games")
        for seat, v in r["seat_advantage"].items():
            name = r["players"][int(seat) - 1]
            lines.append(
                f"  seat {seat} ({name}): wins {100 * v['rate']:.1f}% "
                f"(95% {percent(v['low'], v['high'])})"
            )
        if r["draws"]:
            lines.append(f"  no winner: {r['draws']} games")
        if r["end"]:
            ends = ", ".join(f"{e} {100 * v['share']:.0f}%" for e, v in r["end"].items())
            lines.append(f"  end triggers: {ends}")
        length = r["length"]
        if length:
            lines.append(
                f"  length: mean {length['mean']:g} actions (median {length['median']:g}, "
                f"{length['min']}-{length['max']})"
            )
        if r["usage"]:
            lines.append(
                f"  components never used: {len(r['never_used'])} of {len(r['usage'])}"
                + (f" ({', '.join(r['never_used'][:12])}" if r["never_used"] else "")
                + (", ...)" if len(r["never_used"]) > 12 else ")" if r["never_used"] else "")
            )
    return lines


# ---- the HTML report ------------------------------------------------------------------------


def report_html(result: dict[str, Any]) -> str:
    from .charts import bar_chart, histogram

    reports = result["reports"]
    title = f"{result['game']}: balance report"
    parts = [f"<h1>{escape(title)}</h1>"]
    bots = ", ".join(dict.fromkeys(result["bots"])) or "the game's quick bot"
    parts.append(
        f"<p>{reports[0]['games']} games a content set, seeds {result['seed']}.."
        f"{result['seed'] + reports[0]['games'] - 1}, bots: {escape(bots)}"
        + (f", variants: {escape(', '.join(result['variants']))}" if result["variants"] else "")
        + "</p>"
    )
    labels = [r["content"] for r in reports]
    seats = list(reports[0]["seat_advantage"])
    parts.append("<h2>Seat advantage (win rate, 95% interval)</h2>")
    parts.append(
        bar_chart(
            "Win rate by seat",
            [f"seat {s}" for s in seats],
            {
                lab: [r["seat_advantage"][s]["rate"] for s in seats]
                for lab, r in zip(labels, reports, strict=True)
            },
            errors={
                lab: [
                    (r["seat_advantage"][s]["low"], r["seat_advantage"][s]["high"]) for s in seats
                ]
                for lab, r in zip(labels, reports, strict=True)
            },
            percent=True,
        )
    )
    parts.append(
        _table(
            ["content", *[f"seat {s}" for s in seats], "no winner"],
            [
                [lab]
                + [
                    f"{100 * r['seat_advantage'][s]['rate']:.1f}% "
                    f"({percent(r['seat_advantage'][s]['low'], r['seat_advantage'][s]['high'])})"
                    for s in seats
                ]
                + [str(r["draws"])]
                for lab, r in zip(labels, reports, strict=True)
            ],
        )
    )
    ends = list(dict.fromkeys(e for r in reports for e in r["end"]))
    parts.append("<h2>End triggers (share of games)</h2>")
    parts.append(
        bar_chart(
            "End triggers",
            ends,
            {
                lab: [r["end"].get(e, {"share": 0.0})["share"] for e in ends]
                for lab, r in zip(labels, reports, strict=True)
            },
            percent=True,
        )
    )
    parts.append("<h2>Game length (actions)</h2>")
    parts.append(
        histogram(
            "Game length",
            {lab: r["lengths"] for lab, r in zip(labels, reports, strict=True)},
            "actions",
        )
    )
    parts.append("<h2>Scores by seat</h2>")
    parts.append(
        _table(
            ["content", "seat", "mean", "min", "q1", "median", "q3", "max"],
            [
                [lab, p] + [f"{d[k]:g}" for k in ("mean", "min", "q1", "median", "q3", "max")]
                for lab, r in zip(labels, reports, strict=True)
                for p, d in r["score"].items()
                if d
            ],
        )
    )
    parts.append(
        histogram(
            "Final scores",
            {
                f"{lab}: {p}": scores
                for lab, r in zip(labels, reports, strict=True)
                for p, scores in r["scores"].items()
            },
            "points",
        )
    )
    if reports[0]["usage"]:
        parts.append("<h2>Component usage (times named by an action, all games)</h2>")
        for lab, r in zip(labels, reports, strict=True):
            parts.append(f"<h3>{escape(lab)}</h3>")
            never = r["never_used"]
            parts.append(f"<p>never used: {escape(', '.join(never)) if never else 'none'}</p>")
            parts.append(
                bar_chart(
                    f"Component usage ({lab})",
                    list(r["usage"]),
                    {lab: list(r["usage"].values())},
                    wide=True,
                )
            )
    style = (
        "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:2px 8px}"
        "svg{max-width:100%;height:auto}"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{style}</style></head><body>\n"
        + "\n".join(parts)
        + "\n</body></html>\n"
    )


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"
