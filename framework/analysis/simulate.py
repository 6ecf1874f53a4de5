"""`dockyard simulate`: many games between bots, as JSON lines or a table.

Game i (from 0) uses seed S+i both for its session and for its bots, so any one game can be
replayed alone (`simulate GAME --games 1 --seed S+i`). The output depends only on the
arguments: no timings, no dictionaries in arbitrary order. `--bots` names the bot of every seat
(`heuristic`) or of each seat (`mcts,random`); without it, the game's quick policy plays.

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
import os
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..bots import play_random_game
from ..core import DockyardError
from ..words import number
from .stats import end_shares, percent, win_rates
from .workers import default_workers, interrupts_deferred, no_interrupts, worker_pool


@dataclass
class PlayedGame:
    """One finished (or failed) game."""

    seed: int
    players: tuple[str, ...]
    winners: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    reason: str = ""
    actions: int = 0
    error: str | None = None
    end: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    usage: dict[str, int] = field(default_factory=dict)  # component id -> actions naming it
    seats: tuple[dict[str, Any], ...] = ()  # per seat: components used, held; board (balance)

    def as_json(self) -> dict[str, Any]:
        if self.error is not None:
            return {"seed": self.seed, "error": self.error, "actions": self.actions}
        data: dict[str, Any] = {"seed": self.seed, "players": list(self.players)}
        if self.bots:
            data["bots"] = list(self.bots)
        data.update(
            winners=list(self.winners),
            scores={p: _num(self.scores[p]) for p in self.players if p in self.scores},
            reason=self.reason,
            end=list(self.end),
            actions=self.actions,
        )
        return data


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def run_games(
    game: str,
    games: int,
    seed: int = 0,
    players: list[str] | int | None = None,
    variants: list[str] | None = None,
    content: list[str] | None = None,
    record: str | None = None,
    check: bool = True,
    workers: int = 1,
    bots: list[str] | None = None,
    usage: bool = False,
    backend: str = "local",
) -> Generator[PlayedGame, None, None]:
    """Play the games, yielding each record in seed order (and, with `record`, writing each as
    a replayable script into that folder). With `workers` > 1 the games are shared out among
    that many processes, and with `backend="ray"` among the cores of a Ray cluster; every game
    depends only on its seed, so the records are the same."""
    from ..session import Session

    # Fail early (and once) on a bad game, player list, variant or content folder.
    probe = Session(
        game, seed=seed, players=players, variants=variants or (), content=content or ()
    )
    if record is not None:
        _check_record_folder(
            Path(record), [_script_name(probe.game.name, seed + i) for i in range(games)]
        )
    jobs = [
        Job(
            probe.game.name,
            seed + i,
            players,
            tuple(variants or ()),
            tuple(content or ()),
            check,
            record is not None,
            tuple(bots) if bots else None,
            usage,
        )
        for i in range(games)
    ]
    results: Iterator[tuple[PlayedGame, str | None]]
    pool = None
    if backend == "ray":
        results = _on_ray(jobs)
    elif backend != "local":
        raise DockyardError(f"no backend {backend!r} (backends: local, ray)")
    elif workers > 1 and games > 1:
        pool = worker_pool(min(workers, games))
        results = pool.imap(play_one, jobs, chunksize=1)
    else:
        results = map(play_one, jobs)
    finished = False
    try:
        for result, script in results:
            if script is not None and record is not None:
                _write_script(Path(record) / _script_name(probe.game.name, result.seed), script)
            yield result
        finished = True
    finally:
        if pool is not None:
            if finished:  # all played: the workers have nothing left to do
                pool.close()
                pool.join()
            else:  # interrupted (or stopped early): stop the workers now, mid-game or not
                with no_interrupts():
                    pool.terminate()


@dataclass(frozen=True)
class Job:
    """One game to play (picklable, for a worker process)."""

    game: str
    seed: int
    players: list[str] | int | None
    variants: tuple[str, ...]
    content: tuple[str, ...]
    check: bool
    script: bool  # also return the game as a script
    bots: tuple[str, ...] | None = None  # one per seat; None: the game's quick policy
    usage: bool = False  # also count the components each action names (`balance`)


def play_one(job: Job) -> tuple[PlayedGame, str | None]:
    """One game between bots; its record, and its script when asked."""
    from ..registry import registry
    from .components import seat_components

    game = registry().game(job.game)
    try:
        session = play_random_game(
            game,
            job.seed,
            job.players,
            job.variants,
            job.content,
            check=job.check,
            bots=job.bots,
        )
    except DockyardError as exc:
        from ..config import resolve_players

        return PlayedGame(job.seed, resolve_players(game, job.players), error=str(exc)), None
    outcome = session.outcome()
    assert outcome is not None
    record = PlayedGame(
        job.seed,
        session.players,
        outcome.winners,
        dict(outcome.scores),
        outcome.reason,
        len(session.log),
        end=outcome.end,
        bots=job.bots or (),
        usage=component_usage(session) if job.usage else {},
        seats=seat_components(session) if job.usage else (),
    )
    return record, script_of(session) if job.script else None


def component_usage(session: Any) -> dict[str, int]:
    """How many actions of the game named each component (by the game's `component_ids`)."""
    known = set(session.game.component_ids(session.state))
    used: Counter[str] = Counter()

    def count(value: Any) -> None:
        if isinstance(value, tuple):
            for v in value:
                count(v)
        elif isinstance(value, str) and value in known:
            used[value] += 1

    for action in session.log:
        count(action.args)
    return dict(sorted(used.items()))


def _on_ray(jobs: list[Job]) -> Iterator[tuple[PlayedGame, str | None]]:
    """Every game as a Ray task (one core each), the results in seed order. `ray.init()`
    joins the cluster named by RAY_ADDRESS, else starts one on this machine."""
    try:
        import ray
    except ImportError:
        raise DockyardError(
            "--backend ray needs Ray: pip install 'dockyard[ray]' (on every node of the cluster)"
        ) from None
    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    remote = ray.remote(num_cpus=1)(play_one)
    refs = [remote.remote(job) for job in jobs]
    got = 0
    try:
        for ref in refs:
            yield ray.get(ref)
            got += 1
    finally:
        for ref in refs[got + 1 :]:  # interrupted: the games not yet started need not be
            ray.cancel(ref)


def _script_name(game: str, seed: int) -> str:
    return f"{game}-seed{seed}.dys"


def _check_record_folder(folder: Path, names: list[str]) -> None:
    """Make the `--record` folder if need be; refuse (before any game is played) if one of
    the scripts to write is there already: nothing in it is replaced."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        there = set(os.listdir(folder))
    except OSError as exc:
        raise DockyardError(
            f"{folder}: cannot write scripts there: {exc.strerror or exc}"
        ) from None
    clash = next((name for name in names if name in there), None)
    if clash is not None:
        raise DockyardError(
            f"{folder / clash}: already exists; it is not replaced (--record a new or empty folder)"
        )


def _write_script(path: Path, text: str) -> None:
    """As `save` writes: at once, and only where nothing is (not over a file, a link or a
    FIFO put there since the folder was checked)."""
    from ..files import write_atomic

    write_atomic(path, text, what="script", replace_with=None)


@dataclass
class Summary:
    game: str
    players: tuple[str, ...]
    records: list[PlayedGame] = field(default_factory=list)

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
    if not bots:  # the quick policy: the game's own (`greedy`) or uniform choice
        from ..bots import bot_names
        from ..registry import registry

        bots = ["greedy" if "greedy" in bot_names(registry().game(summary.game)) else "random"]
    between = " and ".join([", ".join(bots[:-1]), bots[-1]] if len(bots) > 1 else bots)
    lines = [
        f"{summary.game}: {n} game{'s' if n != 1 else ''} between {between} bots "
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


def script_of(session: Any) -> str:
    """A finished game as a script: header, every action, and assertions on the result, so
    `dockyard run` replays it and checks that the rules still give the same end."""
    outcome = session.outcome()
    lines = [
        f"# {session.game.title}: a game between bots, recorded by `dockyard simulate --record`",
        f"game {session.game.name}",
        f"seed {session.seed}",
        "players " + " ".join(session.players),
        *[f"variant {v}" for v in session.config.variants],
        "",
        *[session.format(a) for a in session.log],
        "",
        "# the final result",
        "expect over == true",
    ]
    if outcome is not None:
        if len(outcome.winners) == 1:
            lines.append(f"expect winner == {outcome.winners[0]}")
        else:
            lines.append("expect draw == true")
        for name, score in outcome.scores.items():
            lines.append(f"expect score.{name} == {_num(score)}")
    return "\n".join(lines) + "\n"


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
    first = next(records)  # checks the arguments before anything is printed
    summary = Summary(g.name, first.players)

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
