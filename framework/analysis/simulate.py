"""`dockyard simulate`: many games between bots, as JSON lines or a table.

Game i (from 0) uses seed S+i both for its session and for its bots, so any one game can be
replayed alone (`simulate GAME --games 1 --seed S+i`). The output depends only on the
arguments: no timings, no dictionaries in arbitrary order. `--bots` names the bot of every seat
(`heuristic`) or of each seat (`mcts,random`); without it, the game's default bot
(`dockyard bots GAME` marks it) plays every seat.

With --json: one object per game, then one summary object:

    {"seed": 3, "players": ["x", "o"], "bots": ["random", "mcts"], "winners": ["o"],
     "scores": {"x": 0, "o": 1}, "reason": "x has three in a row", "end": ["line"], "actions": 8}
    {"summary": true, "game": "tictactoe", "games": 100, "wins": {"x": 58, "o": 29}, ...}

`end` lists the stable ids of what ended the game (each game documents its own: Curious Cargo's
are `shipped`, `received`, `connections`, `bag-empty`, `deck-empty`); `winners` are the players
who won (for Curious Cargo, only an eligible player wins). The summary gives win rates by seat
and by bot with 95% intervals (Wilson's), and the share of each end trigger.

A game that fails (a rule raised, or the game did not end) gets `"error"` instead of a result,
and the command exits 1.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from ..core import DockyardError
from ..words import number
from .games import Job, PlayedGame, play_one, run_games, script_of
from .stats import end_shares, percent, win_rates
from .workers import default_workers, interrupts_deferred, no_interrupts, stops_on_ctrl_c

__all__ = ["Job", "PlayedGame", "Summary", "play_one", "run_games", "script_of", "simulate_command"]


@dataclass
class Summary:
    game: str
    players: tuple[str, ...]
    records: list[PlayedGame] = field(default_factory=list)
    variants: tuple[str, ...] = ()  # as asked for: a report says what it measured
    content: tuple[str, ...] = ()

    def add(self, record: PlayedGame) -> None:
        self.records.append(record)

    @property
    def finished(self) -> list[PlayedGame]:
        return [r for r in self.records if r.error is None]

    def as_json(self) -> dict[str, Any]:
        done = self.finished
        wins = Counter(r.winners[0] for r in done if len(r.winners) == 1)
        shared = Counter(p for r in done if len(r.winners) > 1 for p in r.winners)
        reasons = Counter(r.reason for r in done)
        mean = sum(r.actions for r in done) / len(done) if done else 0.0
        return {
            "summary": True,
            "game": self.game,
            "variants": list(self.variants),
            "content": list(self.content),
            "games": len(self.records),
            "errors": len(self.records) - len(done),
            "wins": {p: wins[p] for p in self.players},
            "shared_wins": {p: shared[p] for p in self.players},
            "draws": sum(1 for r in done if len(r.winners) != 1),
            "mean_actions": round(mean, 3),
            "end_reasons": dict(sorted(reasons.items())),
            "end": end_shares(done),
            **win_rates(done),
        }


def table(summary: Summary, seed: int) -> list[str]:
    """The readable report."""
    data = summary.as_json()
    done = summary.finished
    n = len(summary.records)
    last = seed + n - 1
    bots = list(dict.fromkeys(done[0].bots)) if done and done[0].bots else []
    if not bots:  # no game finished: the game's default bot played
        from ..bots import default_bot
        from ..registry import registry

        bots = [default_bot(registry().game(summary.game))]
    between = " and ".join([", ".join(bots[:-1]), bots[-1]] if len(bots) > 1 else bots)
    played = [f"variant {v}" for v in summary.variants]
    played += [f"content {c}" for c in summary.content]
    title = f"{summary.game} ({', '.join(played)})" if played else summary.game
    lines = [
        f"{title}: {n} game{'s' if n != 1 else ''} between {between} bots "
        f"(seeds {seed}..{last}; players {', '.join(summary.players)})",
        "",
    ]
    width = max(len("player"), *(len(p) for p in summary.players), len("draws"))
    lines.append(
        f"{'player'.ljust(width)}  {'wins':>6}  {'win %':>6}  {'95% interval':>12}  "
        f"{'shared':>6}  {'mean score':>10}"
    )
    for i, p in enumerate(summary.players):
        scores = [r.scores.get(p, 0.0) for r in done]
        mean = sum(scores) / len(scores) if scores else 0.0
        share = 100 * data["wins"][p] / len(done) if done else 0.0
        seat = data["by_seat"].get(str(i + 1), {"low": 0.0, "high": 1.0})
        lines.append(
            f"{p.ljust(width)}  {data['wins'][p]:>6}  {share:>5.1f}%  "
            f"{percent(seat['low'], seat['high']):>12}  "
            f"{data['shared_wins'][p]:>6}  {mean:>10.2f}"
        )
    share = 100 * data["draws"] / len(done) if done else 0.0
    lines.append(f"{'draws'.ljust(width)}  {data['draws']:>6}  {share:>5.1f}%")
    lines.append("")
    if done:
        counts = [r.actions for r in done]
        lines.append(
            f"actions per game: mean {number(round(data['mean_actions'], 1))}, "
            f"min {min(counts)}, max {max(counts)}"
        )
        if len(data["by_bot"]) > 1:
            lines.append("wins by bot (a shared win counts a share; 95% interval):")
            bw = max(len(b) for b in data["by_bot"])
            for b, r in data["by_bot"].items():
                lines.append(
                    f"  {b.ljust(bw)}  {100 * r['rate']:5.1f}%  {percent(r['low'], r['high'])}"
                )
        if data["end"]:
            lines.append(
                "end triggers: "
                + ", ".join(f"{e} {100 * v['share']:.0f}%" for e, v in data["end"].items())
            )
        lines.append("end reasons:")
        rw = max(len(r) for r in data["end_reasons"])
        cw = max(len(str(c)) for c in data["end_reasons"].values())
        for reason, count in sorted(data["end_reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {reason.ljust(rw)}  {count:>{cw}}")
    for r in summary.records:
        if r.error is not None:
            lines.append(f"error in the game of seed {r.seed}: {r.error}")
    return lines


@stops_on_ctrl_c
def simulate_command(
    game: str,
    games: int,
    seed: int,
    players: list[str] | int | None,
    variants: list[str],
    content: list[str],
    as_json: bool,
    out: IO[str],
    progress: bool = False,
    record_dir: str | None = None,
    check: bool = True,
    workers: int | None = None,
    bots: str | None = None,
    backend: str = "local",
) -> int:
    """The command; Ctrl-C stops it and prints the summary of the games finished so far."""
    if games < 1:
        raise DockyardError("--games must be at least 1")
    from ..registry import registry

    g = registry().game(game)
    if workers is not None and workers < 1:
        raise DockyardError("--workers must be at least 1")
    seated = None
    if bots is not None:
        from ..bots import parse_bots
        from ..config import resolve_players

        seated = parse_bots(g, bots, len(resolve_players(g, players)))
    records = run_games(
        g.name,
        games,
        seed,
        players,
        variants,
        content,
        record_dir,
        check,
        workers if workers is not None else default_workers(),
        seated,
        backend=backend,
    )
    shown = (tuple(variants), tuple(str(c) for c in content))
    try:
        first = next(records)  # checks the arguments before anything is printed
    except KeyboardInterrupt:  # before any game finished: say so, as after some
        from ..config import resolve_players

        with no_interrupts():
            records.close()
            asked = Summary(g.name, resolve_players(g, players), [], *shown)
            _report(asked, seed, games, as_json, True, out)
        return 130
    summary = Summary(g.name, first.players, [], *shown)

    def all_records() -> Iterator[PlayedGame]:
        yield first
        yield from records

    interrupted = False
    try:
        stream = all_records()
        if progress:
            stream = _with_progress(stream, games, g.name)
        for record in stream:
            with interrupts_deferred():  # a game is counted and printed whole, or not at all
                summary.add(record)
                if as_json:
                    out.write(json.dumps(record.as_json()) + "\n")
                    out.flush()
    except KeyboardInterrupt:
        interrupted = True
    if not interrupted:
        _report(summary, seed, games, as_json, False, out)
        return 1 if summary.as_json()["errors"] else 0
    with no_interrupts():
        records.close()  # the workers stop now, not when the generator is collected
        _report(summary, seed, games, as_json, True, out)
    return 130


def _report(
    summary: Summary, seed: int, games: int, as_json: bool, interrupted: bool, out: IO[str]
) -> None:
    if as_json:
        data = summary.as_json()
        if interrupted:
            data["interrupted"] = True
        out.write(json.dumps(data) + "\n")
    else:
        if interrupted:
            out.write(f"interrupted: {len(summary.records)} of {games} games finished\n")
        if summary.records:
            out.write("\n".join(table(summary, seed)) + "\n")
    out.flush()


def _with_progress(records: Iterator[PlayedGame], total: int, name: str) -> Iterator[PlayedGame]:
    """A progress bar on the terminal (stderr), so it never mixes into the report."""
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{name}: playing", total=total)
        for record in records:
            bar.advance(task)
            yield record
