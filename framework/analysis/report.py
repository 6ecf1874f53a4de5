"""The HTML report of `dockyard balance -o report.html`: one self-contained page (its charts
are inline `<svg>` elements; it loads nothing) that answers, in this order: what differs from
the `--against` content (differences with their intervals), is a seat favoured, how often does
nobody win, how do games end, how long are they, which components win too often or too
seldom, and how each board plays. Each chart is a `<figure>` with an id (`seats`, `no-winner`,
`end`, `length`, `scores`, `components`, `boards`, `usage`, `diff-...`) under its heading."""

from __future__ import annotations

from html import escape
from typing import Any

from .charts import bar_chart, histogram, interval_chart
from .stats import percent

TOP = 40  # rows of the component charts (the tables hold them all)


def report_html(result: dict[str, Any]) -> str:
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
    if "differences" in result:
        parts += _differences(result["differences"])
    parts += _seats(reports)
    parts += _no_winner(reports)
    parts += _ends(reports)
    parts += _lengths_and_scores(reports)
    parts += _components(reports[0])
    parts += _boards(reports)
    parts += _usage(reports[0])
    style = (
        "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:2px 8px}"
        "svg{max-width:100%;height:auto}figure{margin:.5em 0}"
        "figcaption{font-size:90%;color:#555}"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{style}</style></head><body>\n"
        + "\n".join(parts)
        + "\n</body></html>\n"
    )


def _figure(ident: str, chart: str, caption: str) -> str:
    return f'<figure id="{ident}">{chart}<figcaption>{escape(caption)}</figcaption></figure>'


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def _pct(v: dict[str, Any], key: str = "rate") -> str:
    return f"{100 * v[key]:.1f}% ({percent(v['low'], v['high'])})"


def _pts(v: dict[str, Any]) -> str:
    return f"{100 * v['difference']:+.1f} ({100 * v['low']:+.0f} to {100 * v['high']:+.0f})"


def _differences(d: dict[str, Any]) -> list[str]:
    of, against = d["of"], d["against"]
    parts = [
        f"<h2>{escape(of)} against {escape(against)}: differences (95% intervals)</h2>",
        "<p>Each figure is the first content's minus the second's, in percentage points; an "
        "interval that does not hold 0 is a difference these games show.</p>",
    ]
    rows = [
        *((f"seat {s} win rate", v) for s, v in d["seat_advantage"].items()),
        ("games with no winner", d["no_winner"]),
        *((f"end trigger {e}", v) for e, v in d["end"].items()),
    ]
    parts.append(
        _figure(
            "diff-table",
            interval_chart(
                "Differences",
                [name for name, _ in rows],
                [v["difference"] for _, v in rows],
                [(v["low"], v["high"]) for _, v in rows],
                0.0,
                "no difference",
            ),
            f"{of} minus {against}: win rates by seat, the share of games with no winner and "
            "of each end trigger.",
        )
    )
    length = d["length"]
    parts.append(
        f"<p>Game length: {length['difference']:+g} actions on average "
        f"(95% {length['low']:+g} to {length['high']:+g}).</p>"
    )
    comps = d["components"][:TOP]
    if comps:
        parts.append(
            _figure(
                "diff-components",
                interval_chart(
                    "Change in each component's win rate",
                    [row["id"] for row in comps],
                    [row["difference"] for row in comps],
                    [(row["low"], row["high"]) for row in comps],
                    0.0,
                    "no difference",
                ),
                "The win rate of the seats that used or held each component, first content "
                "minus second; changed ones first.",
            )
        )
        parts.append(
            _table(
                ["component", "difference in win rate (points, 95%)"],
                [[row["id"], _pts(row)] for row in d["components"]],
            )
        )
    if d["boards"]:
        parts.append(
            _table(
                ["board", "win rate (points, 95%)", "length (actions, 95%)"],
                [
                    [
                        b,
                        _pts(v["win"]),
                        f"{v['length']['difference']:+g} "
                        f"({v['length']['low']:+g} to {v['length']['high']:+g})",
                    ]
                    for b, v in d["boards"].items()
                ],
            )
        )
    return parts


def _seats(reports: list[dict[str, Any]]) -> list[str]:
    labels = [r["content"] for r in reports]
    seats = list(reports[0]["seat_advantage"])
    chart = bar_chart(
        "Win rate by seat",
        [f"seat {s}" for s in seats],
        {
            lab: [r["seat_advantage"][s]["rate"] for s in seats]
            for lab, r in zip(labels, reports, strict=True)
        },
        errors={
            lab: [(r["seat_advantage"][s]["low"], r["seat_advantage"][s]["high"]) for s in seats]
            for lab, r in zip(labels, reports, strict=True)
        },
        percent=True,
    )
    return [
        "<h2>Seat advantage (win rate, 95% interval)</h2>",
        _figure("seats", chart, "A fair game has every seat's interval around 1/players."),
        _table(
            ["content", *[f"seat {s}" for s in seats], "no winner"],
            [
                [lab] + [_pct(r["seat_advantage"][s]) for s in seats] + [str(r["draws"])]
                for lab, r in zip(labels, reports, strict=True)
            ],
        ),
    ]


def _no_winner(reports: list[dict[str, Any]]) -> list[str]:
    r = reports[0]
    nw = r["no_winner"]
    cats = ["all games", *nw["by_end"]]
    series = {
        x["content"]: [x["no_winner"]["share"]]
        + [x["no_winner"]["by_end"].get(e, {"share": 0.0})["share"] for e in nw["by_end"]]
        for x in reports
    }
    errors = {
        x["content"]: [(x["no_winner"]["low"], x["no_winner"]["high"])]
        + [
            (v["low"], v["high"])
            for e in nw["by_end"]
            for v in [x["no_winner"]["by_end"].get(e, {"low": 0.0, "high": 0.0})]
        ]
        for x in reports
    }
    parts = [
        "<h2>Games with no winner</h2>",
        f"<p>{nw['games']} of {nw['of']} games ended with no winner "
        f"({_pct(nw, 'share')}, 95% interval): nobody won (Curious Cargo: no eligible player).</p>",
        _figure(
            "no-winner",
            bar_chart("Games with no winner (share)", cats, series, errors=errors, percent=True),
            "The share of games with no winner: of all games, and of the games each end "
            "trigger ended.",
        ),
    ]
    if nw["reasons"]:
        parts.append(
            _table(
                ["how the games with no winner ended", "games"],
                [[k, str(v)] for k, v in nw["reasons"].items()],
            )
        )
    if nw["by_board"]:
        parts.append(
            _table(
                ["board", "games with no winner"],
                [
                    [b, f"{v['games']} of {v['of']}: {_pct(v, 'share')}"]
                    for b, v in nw["by_board"].items()
                ],
            )
        )
    return parts


def _ends(reports: list[dict[str, Any]]) -> list[str]:
    ends = list(dict.fromkeys(e for r in reports for e in r["end"]))
    parts = [
        "<h2>End triggers (share of games)</h2>",
        _figure(
            "end",
            bar_chart(
                "End triggers",
                ends,
                {
                    r["content"]: [r["end"].get(e, {"share": 0.0})["share"] for e in ends]
                    for r in reports
                },
                percent=True,
            ),
            "A trigger's share counts every game it held in.",
        ),
    ]
    combos = reports[0]["end_combinations"]
    if combos["several"]:
        parts.append(
            f"<p>The shares add up to more than 100%: {combos['several']} games ended on "
            "several triggers at once. Each game once:</p>"
        )
    parts.append(
        _table(
            ["triggers that ended the game", "games", "share"],
            [
                [k, str(v["games"]), f"{100 * v['share']:.0f}%"]
                for k, v in combos["combinations"].items()
            ],
        )
    )
    return parts


def _lengths_and_scores(reports: list[dict[str, Any]]) -> list[str]:
    return [
        "<h2>Game length (actions)</h2>",
        _figure(
            "length",
            histogram("Game length", {r["content"]: r["lengths"] for r in reports}, "actions"),
            "Actions a game, over all players.",
        ),
        "<h2>Scores by seat</h2>",
        _table(
            ["content", "seat", "mean", "min", "q1", "median", "q3", "max"],
            [
                [r["content"], p]
                + [f"{d[k]:g}" for k in ("mean", "min", "q1", "median", "q3", "max")]
                for r in reports
                for p, d in r["score"].items()
                if d
            ],
        ),
        _figure(
            "scores",
            histogram(
                "Final scores",
                {f"{r['content']}: {p}": s for r in reports for p, s in r["scores"].items()},
                "points",
            ),
            "Final scores, each seat apart.",
        ),
    ]


def _components(r: dict[str, Any]) -> list[str]:
    rows = r["components"]
    if not rows:
        return []
    average = r["average"]
    top = rows[:TOP]
    strong = sum(1 for row in rows if row["verdict"] == "strong")
    weak = sum(1 for row in rows if row["verdict"] == "weak")
    return [
        f"<h2>Which components win ({escape(r['content'])})</h2>",
        f"<p>The win rate of the seats that used or held each component, against the average "
        f"seat's ({_pct(average)}): {strong} lie above it (too strong), {weak} below (too "
        f"weak), in these games; of {len(rows)} 95% intervals about {round(0.05 * len(rows))} "
        "would lie away by chance alone. Those away come first, furthest first.</p>",
        _figure(
            "components",
            interval_chart(
                "Win rate of the seats that used or held it",
                [row["id"] for row in top],
                [row["win"]["rate"] for row in top],
                [(row["win"]["low"], row["win"]["high"]) for row in top],
                average["rate"],
                "average",
            ),
            f"The first {len(top)} of {len(rows)} components; the table has them all.",
        ),
        _table(
            ["component", "verdict", "games", "seats", "win rate (95%)", "against the others"],
            [
                [
                    row["id"],
                    row["verdict"] or "",
                    f"{row['games']} ({100 * row['share']:.0f}%)",
                    f"{row['seats']} (used {row['used']}, held {row['held']})",
                    _pct(row["win"]),
                    _pts(row["vs_others"]),
                ]
                for row in rows
            ],
        ),
        f"<p>Never used or held: {escape(', '.join(r['unseen'])) or 'none'}</p>",
    ]


def _boards(reports: list[dict[str, Any]]) -> list[str]:
    """Each content set's boards (with `--against`, a board of each set is a row of its own:
    a designer's board 4 beside the printed board 1)."""
    rows = [(r, b, v) for r in reports for b, v in r["boards"].items()]
    if not rows:
        return []
    r0 = reports[0]

    def name(r: dict[str, Any], b: str) -> str:
        return f"board {b}" + (f" ({r['content']})" if len(reports) > 1 else "")

    return [
        "<h2>Boards: win rate and game length</h2>",
        _figure(
            "boards",
            interval_chart(
                "Win rate of the seats on each board",
                [name(r, b) for r, b, _ in rows],
                [v["win"]["rate"] for _, _, v in rows],
                [(v["win"]["low"], v["win"]["high"]) for _, _, v in rows],
                r0["average"]["rate"],
                "average" + (f" ({r0['content']})" if len(reports) > 1 else ""),
            ),
            "Seats on a board win at this rate (games nobody won count for none).",
        ),
        _table(
            [
                "board",
                "games",
                "win rate",
                *(f"seat {s}" for s in r0["seat_advantage"]),
                "no winner",
                "mean length",
                "median",
                "min-max",
            ],
            [
                [
                    name(r, b),
                    str(v["games"]),
                    _pct(v["win"]),
                    *(
                        _pct(v["by_seat"][s]) if s in v["by_seat"] else ""
                        for s in r0["seat_advantage"]
                    ),
                    _pct(v["no_winner"], "share"),
                    f"{v['length']['mean']:g}",
                    f"{v['length']['median']:g}",
                    f"{v['length']['min']}-{v['length']['max']}",
                ]
                for r, b, v in rows
            ],
        ),
    ]


def _usage(r: dict[str, Any]) -> list[str]:
    if not r["usage"]:
        return []
    never = r["never_used"]
    return [
        f"<h2>Component usage ({escape(r['content'])}: times named by an action, all games)</h2>",
        f"<p>never used: {escape(', '.join(never)) if never else 'none'}</p>",
        _figure(
            "usage",
            bar_chart(
                "Component usage",
                list(r["usage"]),
                {r["content"]: list(r["usage"].values())},
                wide=True,
            ),
            "How many actions named each component.",
        ),
    ]
