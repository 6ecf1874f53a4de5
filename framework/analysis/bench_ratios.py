"""`dockyard bench --ratios`: the performance targets as ratios, each measured side by side in
one run (ours and the peer alternating, `rounds` times; the medians), beside its target.

Ratios, not absolute figures: the machine may be shared and noisy, but both sides of a ratio
see the same noise. The rows against OpenSpiel need `pip install '.[bench]'`; without it
they say so and the others are still measured. Last come the RL adapters' rows, a PettingZoo and
a pyspiel row per game, each with its steps/s (bench_adapters.py; `pip install '.[rl]'`).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import IO, Any


@dataclass
class RatioRow:
    figure: str
    value: float | None  # None: could not be measured (see note)
    target: float
    higher_is_better: bool
    note: str = ""

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value >= self.target if self.higher_is_better else self.value <= self.target


Rate = Callable[[], tuple[float, float]]  # -> (units, seconds)


def interleaved(ours: Rate, theirs: Rate, rounds: int) -> tuple[float, float]:
    """Median rate (units per second) of each, measured alternately, after one round that is
    not counted (imports, content loading, caches filling)."""
    ours()
    theirs()
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        for run, rates in ((ours, a), (theirs, b)):
            units, seconds = run()
            rates.append(units / max(seconds, 1e-9))
    return statistics.median(a), statistics.median(b)


def _session_games(game: str, n: int, seed0: int, **options: Any) -> Rate:
    from ..session import Session

    def run() -> tuple[float, float]:
        rng = random.Random(seed0)
        actions = 0
        start = time.perf_counter()
        for i in range(n):
            s = Session(game, seed=seed0 + i, **options)
            while not s.over:
                s.apply(rng.choice(s.legal_actions()))
                actions += 1
        return actions, time.perf_counter() - start

    return run


def _spiel_games(game: Any, n: int) -> Rate:
    def run() -> tuple[float, float]:
        rng = random.Random(1)
        actions = 0
        start = time.perf_counter()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions, time.perf_counter() - start

    return run


def _openspiel() -> Any:
    try:
        import open_spiel.python.games.tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe")


def measure(
    rounds: int = 3, scale: float = 1.0, say: Callable[[RatioRow], None] | None = None
) -> list[RatioRow]:
    """Every row of the table; `scale` shrinks the work per measurement (a smoke test)."""
    from lark import Lark

    from ..session import Session

    rows: list[RatioRow] = []

    def add(row: RatioRow) -> None:
        rows.append(row)
        if say is not None:
            say(row)

    n = max(1, int(400 * scale))
    spiel = _openspiel()
    missing = "needs open_spiel (pip install '.[bench]')"
    if spiel is None:
        for figure, target, higher in (
            ("tic-tac-toe actions/s vs OpenSpiel python_tic_tac_toe", 2.0, True),
            ("Session() time / OpenSpiel new_initial_state() time", 3.0, False),
            ("Curious Cargo random-playout actions/s vs OpenSpiel python_tic_tac_toe", 1.0, True),
            ("Night Shift random-playout actions/s vs OpenSpiel python_tic_tac_toe", 1.0, True),
            ("Pack & Stack 6p random-playout actions/s vs OpenSpiel python_tic_tac_toe", 0.5, True),
        ):
            add(RatioRow(figure, None, target, higher, missing))
    else:
        ours, theirs = interleaved(
            _session_games("tictactoe", n, 1), _spiel_games(spiel, n), rounds
        )
        add(
            RatioRow(
                "tic-tac-toe actions/s vs OpenSpiel python_tic_tac_toe", ours / theirs, 2.0, True
            )
        )
        count = max(1, int(2000 * scale))

        def make_ours() -> tuple[float, float]:
            start = time.perf_counter()
            for i in range(count):
                Session("tictactoe", seed=i)
            return count, time.perf_counter() - start

        def make_theirs() -> tuple[float, float]:
            start = time.perf_counter()
            for _ in range(count):
                spiel.new_initial_state()
            return count, time.perf_counter() - start

        ours, theirs = interleaved(make_ours, make_theirs, rounds)
        add(
            RatioRow(
                "Session() time / OpenSpiel new_initial_state() time", theirs / ours, 3.0, False
            )
        )
        games = max(1, int(6 * scale))
        for label, game, options, target in (
            ("Curious Cargo", "curious-cargo", {}, 1.0),
            ("Night Shift", "curious-cargo", {"variants": ["night-shift"]}, 1.0),
            ("Pack & Stack 6p", "pack-and-stack", {"players": 6}, 0.5),
        ):
            ours, theirs = interleaved(
                _session_games(game, games, 100, **options), _spiel_games(spiel, n), rounds
            )
            add(
                RatioRow(
                    f"{label} random-playout actions/s vs OpenSpiel python_tic_tac_toe",
                    ours / theirs,
                    target,
                    True,
                )
            )

    # parsing unique canonical Curious Cargo lines vs bare lark on a words-and-numbers grammar
    lines: set[str] = set()
    rng = random.Random(5)
    for i in range(max(1, int(8 * scale))):
        s = Session("curious-cargo", seed=200 + i)
        while not s.over:
            legal = s.legal_actions()
            lines.update(s.format(a) for a in legal[:40])
            s.apply(rng.choice(legal))
    texts = sorted(lines)
    parser = Session("curious-cargo", seed=1)
    bare = Lark(
        'start: (TOKEN ":")? TOKEN+\nTOKEN: /[^\\s:]+/\n%import common.WS\n%ignore WS',
        parser="lalr",
    )

    def ours_parse() -> tuple[float, float]:
        start = time.perf_counter()
        for text in texts:
            parser.parse(text)
        return len(texts), time.perf_counter() - start

    def bare_parse() -> tuple[float, float]:
        start = time.perf_counter()
        for text in texts:
            bare.parse(text)
        return len(texts), time.perf_counter() - start

    ours, theirs = interleaved(ours_parse, bare_parse, rounds)
    add(RatioRow("parse lines/s vs bare lark LALR on the same lines", ours / theirs, 3.0, True))

    # undo and load at ~300 actions
    rng = random.Random(9)
    s = Session("curious-cargo", seed=9)
    applies: list[float] = []
    while not s.over and len(s.log) < 300:
        action = rng.choice(s.legal_actions())
        start = time.perf_counter()
        s.apply(action)
        applies.append(time.perf_counter() - start)
    start = time.perf_counter()
    undone = min(10, len(s.log))
    for _ in range(undone):
        s.undo()
    undo = (time.perf_counter() - start) / max(undone, 1)
    add(
        RatioRow(
            f"undo at {len(s.log) + undone} actions / median apply",
            undo / statistics.median(applies),
            10.0,
            False,
        )
    )
    s.redo(undone)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.toml")
        s.save(path)

        def load() -> tuple[float, float]:
            start = time.perf_counter()
            Session.load(path)
            return 1, time.perf_counter() - start

        def replay() -> tuple[float, float]:
            start = time.perf_counter()
            fresh = Session("curious-cargo", seed=9)
            for action in s.log:
                fresh.apply(action)
            return 1, time.perf_counter() - start

        loads, replays = interleaved(load, replay, rounds)
        add(
            RatioRow(
                f"Session.load of a {len(s.log)}-action save / replaying it",
                replays / loads,
                1.2,
                False,
            )
        )

    # start-up, and simulate on two processes
    def command(*args: str) -> Rate:
        def run() -> tuple[float, float]:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "dockyard", *args], capture_output=True, check=False
            )
            return 1, time.perf_counter() - start

        return run

    helps, lists = interleaved(command("--help"), command("games"), max(rounds, 3))
    add(RatioRow("`dockyard games` time / `dockyard --help` time", helps / lists, 1.3, False))
    sims = str(max(2, int(40 * scale)))

    def simulate(workers: int) -> tuple[str, float]:
        start = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "dockyard",
                "simulate",
                "curious-cargo",
                "--games",
                sims,
                "--seed",
                "1",
                "--json",
                "--workers",
                str(workers),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout, time.perf_counter() - start

    one, t1 = simulate(1)
    two, t2 = simulate(2)
    same = one == two and bool(one)
    add(
        RatioRow(
            "simulate --workers 2 speed-up (output identical)",
            t1 / t2 if same else None,
            1.6,
            True,
            "" if same else "the outputs differ",
        )
    )
    # the RL adapters, per game: PettingZoo's and pyspiel's steps against the engine's playout
    from .bench_adapters import adapter_rows

    adapter_rows(
        rounds,
        scale,
        lambda figure, value, target, note: add(RatioRow(figure, value, target, True, note)),
    )
    return rows


def line(row: RatioRow) -> str:
    """A row as printed: met or SHORT (or n/a), the figure, the ratio, the target, the note."""
    if row.value is None:
        return f"n/a   {row.figure}: {row.note}"
    sign = ">=" if row.higher_is_better else "<="
    mark = "ok   " if row.met else "SHORT"
    said = f" ({row.note})" if row.note else ""
    return f"{mark} {row.figure}: {row.value:.2f}x (target {sign} {row.target:.2f}x){said}"


def ratios_command(rounds: int, scale: float, as_json: bool, out: IO[str]) -> int:
    """Print each row as it is measured (or one JSON document at the end)."""

    def say(row: RatioRow) -> None:
        if not as_json:
            out.write(line(row) + "\n")
            out.flush()

    rows = measure(rounds, scale, say)
    met = sum(1 for r in rows if r.met)
    measured = sum(1 for r in rows if r.value is not None)
    if as_json:
        out.write(
            json.dumps(
                {
                    "rows": [asdict(r) | {"met": r.met} for r in rows],
                    "met": met,
                    "measured": measured,
                    "rounds": rounds,
                }
            )
            + "\n"
        )
    else:
        out.write(f"{met}/{measured} targets met ({len(rows) - measured} not measured)\n")
    return 0
