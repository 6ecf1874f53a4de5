"""Games between bots for the measuring commands (`simulate`, `balance`, `tune`): one game as a
`Job` played by `play_one` into a `PlayedGame`, and `run_games`, which plays many in seed order on
this process, on worker processes or on a Ray cluster.

Games are made as they are played: a few are in flight at a time (`WINDOW` per worker), so
memory does not grow with `--games` and Ctrl-C stops everything at once.

A game is played by the game's default bot (`dockyard.bots.default_bot`, the one `dockyard bots`
marks) in every seat unless `bots` names others. Besides its result, a record holds what the
metrics read: a digest of its actions (two games played move for move alike have the same),
the legal actions counted at each decision (the branching factor, when `measure`), how often
the lead changed hands, and which components paid out (a bonus paid, a card's power used).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import play_random_game
from ..core import DockyardError
from .workers import no_interrupts, worker_pool

WINDOW = 4  # games in flight per worker: enough to keep each busy, few enough to stay small
PAYOUT_EVENTS = frozenset({"bonus", "use", "power", "credits", "star", "score", "points"})


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
    digest: str = ""  # of the actions in order: equal digests, games played alike
    decisions: int = 0  # decisions counted for the branching factor (`measure`)
    choices: int = 0  # legal actions summed over those decisions
    lead_changes: int = 0  # times a different player took the sole lead on score
    payouts: dict[str, int] = field(default_factory=dict)  # component id -> times it paid out

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

    @property
    def margin(self) -> float:
        """The best score less the next best (0 with one player)."""
        top = sorted(self.scores.values(), reverse=True)
        return top[0] - top[1] if len(top) > 1 else 0.0


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


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
    bots: tuple[str, ...] | None = None  # one per seat; None: the game's default bot
    usage: bool = False  # also count components and the metrics (`balance`)


class _Watch:
    """What `play_out` shows it before each decision: legal actions and who leads."""

    def __init__(self) -> None:
        self.decisions = 0
        self.choices = 0
        self.changes = 0
        self.leader: int | None = None

    def __call__(self, session: Any) -> None:
        from ..flow import actors

        game, state = session.game, session.state
        for seat in actors(state)[:1]:
            self.decisions += 1
            self.choices += len(game.legal_actions(state, seat))
        scores = game.scores(state)
        if scores:
            top = max(scores)
            leaders = [i for i, s in enumerate(scores) if s == top]
            if len(leaders) == 1:
                if self.leader is not None and leaders[0] != self.leader:
                    self.changes += 1
                self.leader = leaders[0]


def play_one(job: Job) -> tuple[PlayedGame, str | None]:
    """One game between bots; its record, and its script when asked. A game that fails (a rule
    raised, or it did not end) gives a record with its reason and the actions it got to."""
    from ..config import resolve_players
    from ..registry import registry
    from ..session import Session
    from .components import seat_components

    game = registry().game(job.game)
    watch = _Watch() if job.usage else None
    holder: list[Session] = []
    try:
        session = play_random_game(
            game,
            job.seed,
            job.players,
            job.variants,
            job.content,
            check=job.check,
            bots=job.bots,
            watch=watch,
            started=holder.append,
        )
    except DockyardError as exc:
        played = len(holder[0].log) if holder else 0
        return PlayedGame(
            job.seed, resolve_players(game, job.players), error=str(exc), actions=played
        ), None
    except Exception as exc:  # a rule's own bug (or a house rule's): the game failed, not the run
        played = len(holder[0].log) if holder else 0
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return PlayedGame(
            job.seed, resolve_players(game, job.players), error=why, actions=played
        ), None
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
        digest=_digest(session),
    )
    if watch is not None:
        record.decisions, record.choices = watch.decisions, watch.choices
        record.lead_changes = watch.changes
        record.payouts = payouts(session)
    return record, script_of(session, job.content) if job.script else None


def _digest(session: Any) -> str:
    text = "\n".join(map(session.format, session.log))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


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


def payouts(session: Any) -> dict[str, int]:
    """How often each component paid out: events of a paying kind (a bonus, a power used,
    credits, a star) that name it, in their text or their data."""
    known = frozenset(session.game.component_ids(session.state))
    paid: Counter[str] = Counter()
    for event in session.events:
        if event.kind not in PAYOUT_EVENTS:
            continue
        words = set(re.findall(r"[\w-]+", event.text))
        words.update(str(v) for _, v in event.data or ())
        paid.update(words & known)
    return dict(sorted(paid.items()))


# ---- many games ------------------------------------------------------------------------------


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
    from ..bots import default_bot
    from ..session import Session

    # Fail early (and once) on a bad game, player list, variant or content folder.
    probe = Session(
        game, seed=seed, players=players, variants=variants or (), content=content or ()
    )
    name = probe.game.name
    if record is not None:
        check_record_folder(Path(record), name, seed, games)
    seated = tuple(bots) if bots else (default_bot(probe.game),) * len(probe.players)
    folders = tuple(os.path.abspath(c) for c in content or ())
    jobs = (
        Job(
            name,
            seed + i,
            players,
            tuple(variants or ()),
            folders,
            check,
            record is not None,
            seated,
            usage,
        )
        for i in range(games)
    )
    results: Iterator[tuple[PlayedGame, str | None]]
    pool = None
    if backend == "ray":
        results = _on_ray(jobs)
    elif backend != "local":
        raise DockyardError(f"no backend {backend!r} (backends: local, ray)")
    elif workers > 1 and games > 1:
        pool = worker_pool(min(workers, games))
        results = _windowed(pool.apply_async, play_one, jobs, WINDOW * min(workers, games))
    else:
        results = map(play_one, jobs)
    finished = False
    try:
        for result, script in results:
            if script is not None and record is not None:
                _write_script(Path(record) / script_name(name, result.seed), script)
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


def _windowed(
    submit: Callable[..., Any], func: Callable[[Job], Any], jobs: Iterable[Job], window: int
) -> Iterator[Any]:
    """`func` of every job, in order, at most `window` submitted and not yet taken at a time."""
    pending: deque[Any] = deque()
    for job in jobs:
        pending.append(submit(func, (job,)))
        if len(pending) >= window:
            yield _get(pending.popleft())
    while pending:
        yield _get(pending.popleft())


def _get(result: Any) -> Any:
    while True:  # a short wait at a time: Ctrl-C is seen at once, not when the game is done
        if result.ready():
            return result.get()
        result.wait(0.1)


def _on_ray(jobs: Iterable[Job]) -> Iterator[tuple[PlayedGame, str | None]]:
    """Every game as a Ray task (one core each), the results in seed order, a few per core in
    flight. `ray.init()` joins the cluster named by RAY_ADDRESS, else starts one here."""
    try:
        import ray
    except ImportError:
        raise DockyardError(
            "--backend ray needs Ray: pip install '.[ray]' (on every node of the cluster)"
        ) from None
    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    remote = ray.remote(num_cpus=1)(play_one)
    window = WINDOW * max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending: deque[Any] = deque()
    try:
        for job in jobs:
            pending.append(remote.remote(job))
            if len(pending) >= window:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        for ref in pending:  # interrupted: the games not yet done need not be
            ray.cancel(ref)


def script_name(game: str, seed: int) -> str:
    return f"{game}-seed{seed}.dys"


def check_record_folder(folder: Path, game: str, seed: int, games: int) -> None:
    """Make the `--record` folder if need be; refuse (before any game is played) if one of
    the scripts to write is there already: nothing in it is replaced."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        there = sorted(os.listdir(folder))
    except OSError as exc:
        raise DockyardError(
            f"{folder}: cannot write scripts there: {exc.strerror or exc}"
        ) from None
    pattern = re.compile(re.escape(game) + r"-seed(-?\d+)\.dys")
    for name in there:
        found = pattern.fullmatch(name)
        if found and seed <= int(found.group(1)) < seed + games:
            raise DockyardError(
                f"{folder / name}: already exists; it is not replaced "
                "(--record a new or empty folder)"
            )


def _write_script(path: Path, text: str) -> None:
    """As `save` writes: at once, and only where nothing is (not over a file, a link or a
    FIFO put there since the folder was checked)."""
    from ..files import write_atomic

    write_atomic(path, text, what="script", replace_with=None)


def script_of(session: Any, content: Iterable[str] = ()) -> str:
    """A finished game as a script: header (the content folders by their absolute paths, so
    the script replays from anywhere), every action, and assertions on the result, so
    `dockyard run` replays it and checks that the rules still give the same end."""
    outcome = session.outcome()
    lines = [
        f"# {session.game.title}: a game between bots, recorded by `dockyard simulate --record`",
        f"game {session.game.name}",
        f"seed {session.seed}",
        "players " + " ".join(session.players),
        *[f"variant {v}" for v in session.config.variants],
        *[f"content {os.path.abspath(c)}" for c in content],
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
