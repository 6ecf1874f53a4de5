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
  cards, ...) was named by an action, and which never were;
- **which components win** (`analysis/components.py`): for each component the seats that used
  or held it, and their win rate with its 95% interval against the average seat's; those whose
  interval lies wholly above (too strong) or below (too weak) come first;
- **boards**: win rate, game length and games with no winner by the board the seats played on;
- **games with no winner**: their share with its interval, by end trigger and by board, and
  how they ended; **end-trigger combinations** explain shares that add up to more than 100%.

`--json` prints the same figures as one JSON object; `-o FILE.html` writes one self-contained
page (no network, `analysis/report.py`) with the figures as tables and charts, drawn by
matplotlib when the `plots` extra is installed (`pip install '.[plots]'`), else by
dockyard's own SVG charts. `--against DIR` (or `--against builtin`) plays the same seeds with
other content and reports the differences (first content minus the other) with their 95%
intervals: seat win rates, games with no winner, end triggers, length, each component's and
each board's win rate.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import IO, Any

from ..core import DockyardError
from ..words import plural
from .components import (
    board_figures,
    component_figures,
    differences,
    end_combinations,
    no_winner_figures,
)
from .games import PlayedGame, run_games
from .paired import compare, comparison_lines, metric_lines, metrics
from .stats import distribution, end_shares, percent, win_rates
from .workers import default_workers, stops_on_ctrl_c


def figures(records: Sequence[PlayedGame], components: Sequence[str]) -> dict[str, Any]:
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
        "no_winner": no_winner_figures(done),
        "end_combinations": end_combinations(done),
        **component_figures(done, components),
        "boards": board_figures(done),
    }


def _sides(
    content: list[str], variants: list[str], against: list[str] | None
) -> list[tuple[str, list[str], list[str]]]:
    """(label, variants, content) of each side: the chosen one, and the `--against` one
    (`builtin`: the same variants, the built-in content; `base`: the bare game; else folders)."""
    label = ", ".join(content) or "built-in"
    if variants:
        label += f" (variants: {', '.join(variants)})"
    sides = [(label, variants, content)]
    if against is None:
        return sides
    other: tuple[str, list[str], list[str]]
    if against == ["base"]:
        other = ("the base game (no variants, built-in content)", [], [])
    elif against in ([], ["builtin"]):
        other = (
            "built-in" + (f" (variants: {', '.join(variants)})" if variants else ""),
            variants,
            [],
        )
    elif "base" in against or "builtin" in against:
        raise DockyardError("--against takes folders, or builtin, or base, alone")
    else:
        other = (", ".join(against), variants, list(against))
    if other[1:] == sides[0][1:]:
        other = (other[0] + " (again)", *other[1:])
    return [*sides, other]


@stops_on_ctrl_c
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
    from ..bots import default_bot, parse_bots
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
    count = len(resolve_players(g, players))
    seated = parse_bots(g, bots, count) if bots else [default_bot(g)] * count
    reports, played = [], []
    for label, side_variants, folders in _sides(content, variants, against):
        probe = Session(g.name, seed=seed, players=players, variants=side_variants, content=folders)
        components = list(probe.game.component_ids(probe.state))
        records: Iterator[PlayedGame] = run_games(
            g.name,
            games,
            seed,
            players,
            side_variants,
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
        kept = list(records)
        played.append(kept)
        data = figures(kept, components)
        data["content"] = label
        data["metrics"] = metrics([r for r in kept if r.error is None])
        reports.append(data)
    result: dict[str, Any] = {
        "game": g.name,
        "variants": variants,
        "seed": seed,
        "bots": seated,
        "metrics": reports[0]["metrics"],
    }
    if len(reports) > 1:
        result["comparison"] = compare(
            played[0], played[1], reports[0]["content"], reports[1]["content"]
        )
        result["differences"] = differences(reports[0], reports[1])
    result["reports"] = reports
    if as_json:
        out.write(json.dumps(result, sort_keys=False) + "\n")
    else:
        out.write("\n".join(summary_lines(result)) + "\n")
    if out_path:
        from ..files import write_atomic
        from .report import report_html

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
                f"(95% {percent(v['low'], v['high'])}; {v['wins']:g} of {v['games']} games)"
            )
        if r["draws"]:
            nw = r["no_winner"]
            lines.append(
                f"  no winner: {plural(r['draws'], 'game')} ({100 * nw['share']:.0f}%, "
                f"95% {percent(nw['low'], nw['high'])})"
            )
        if r["end"]:
            ends = ", ".join(f"{e} {100 * v['share']:.0f}%" for e, v in r["end"].items())
            lines.append(f"  end triggers: {ends}")
            if r["end_combinations"]["several"]:
                several = [k for k in r["end_combinations"]["combinations"] if " + " in k]
                lines.append(
                    f"    ({plural(r['end_combinations']['several'], 'game')} ended on several at once: "
                    f"{', '.join(several)})"
                )
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
        lines.extend(metric_lines(r["metrics"]))
        lines.extend(_component_lines(r))
    if "comparison" in result:
        lines.extend(comparison_lines(result["comparison"]))
    if "differences" in result:
        lines.extend(_difference_lines(result["differences"]))
    return lines


def _component_lines(r: dict[str, Any]) -> list[str]:
    lines = []
    average = r["average"]["rate"]
    for verdict in ("strong", "weak"):
        rows = [row for row in r["components"] if row["verdict"] == verdict]
        if rows:
            lines.append(
                f"  too {verdict} (win rate of the seats that used or held it; "
                f"average {100 * average:.0f}%): "
                + ", ".join(
                    f"{row['id']} {100 * row['win']['rate']:.0f}% "
                    f"({percent(row['win']['low'], row['win']['high'])}, {row['seats']} seats)"
                    for row in rows[:8]
                )
                + (", ..." if len(rows) > 8 else "")
            )
    if r["components"]:
        m = len(r["components"])
        away = sum(1 for row in r["components"] if row.get("away"))
        stand = sum(1 for row in r["components"] if row["verdict"])
        lines.append(
            f"  components: {away} of {m} win rates lie away from the average "
            f"({100 * average:.0f}%, {r['average']['games']} seats); about {chance(m)} would by "
            f"chance alone; {stand} stand after correcting for {m} comparisons "
            "(Benjamini-Hochberg)" + ("" if stand else ": none is shown too strong or too weak")
        )
    for board, b in r["boards"].items():
        lines.append(
            f"  board {board}: {b['games']} games, seats win {100 * b['win']['rate']:.0f}% "
            f"({percent(b['win']['low'], b['win']['high'])}), "
            f"mean length {b['length']['mean']:g} actions"
        )
    return lines


def chance(intervals: int) -> int:
    """How many of so many 95% intervals miss the true rate by chance alone."""
    return round(0.05 * intervals)


def _difference_lines(d: dict[str, Any]) -> list[str]:
    def pts(v: dict[str, Any]) -> str:
        return (
            f"{100 * v['difference']:+.1f} points "
            f"(95% {100 * v['low']:+.0f} to {100 * v['high']:+.0f})"
        )

    lines = [f"{d['of']} against {d['against']}, unpaired (each side on its own):"]
    for seat, v in d["seat_advantage"].items():
        lines.append(f"  seat {seat} win rate: {pts(v)}")
    lines.append(f"  games with no winner: {pts(d['no_winner'])}")
    length = d["length"]
    lines.append(
        f"  length: {length['difference']:+g} actions "
        f"(95% {length['low']:+g} to {length['high']:+g})"
    )
    apart = [row for row in d["components"] if row["low"] > 0 or row["high"] < 0]
    if apart:
        lines.append(
            "  components whose win rate changed: "
            + ", ".join(f"{row['id']} {pts(row)}" for row in apart[:8])
        )
    return lines
