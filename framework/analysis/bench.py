"""`dockyard bench`: speed figures, printed (tests never assert timings).

For each game:
- random playouts, driven the way OpenSpiel drives its games: make a new game, then
  `legal_actions()` -> random choice -> `apply()` until it ends. Reported as games/s and
  actions/s, the best of three timed runs. Every `apply` checks legality, as in real play.
- parsing: canonical texts of the actions of those games, parsed back (lines/s).
- content: loading, schema-checking and building the game's built-in content (ms), cold (schema
  registry built from nothing, every file validated) and warm (the median of later loads, the
  files already found valid: dockyard's cache between runs, diskcache.py).
For the command itself: the cold start of `dockyard --help`, the median of a few runs (ms).
For tic-tac-toe, when `pyspiel` imports (`pip install '.[bench]'`), OpenSpiel's C++
`tic_tac_toe` and Python `python_tic_tac_toe` run the same loop in the same process, and the
ratio of our actions/s to python_tic_tac_toe's is printed.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from ..core import DockyardError

COLD_START_RUNS = 5
CONTENT_RUNS = 5
REPEATS = 3  # timed runs per measurement; the fastest is reported


def _timed_loop(
    one: Callable[[int], int], games: int | None, seconds: float
) -> tuple[int, int, float]:
    """Games, actions and seconds of the fastest of REPEATS runs of `one(i)` (returns the
    actions it played), each `games` games or about seconds/REPEATS: the best run is the one
    least disturbed by other work on the machine."""
    best: tuple[int, int, float] | None = None
    first = 0
    for _ in range(REPEATS):
        n = actions = 0
        start = time.perf_counter()
        while True:
            if games is not None:
                if n >= games:
                    break
            elif n > 0 and time.perf_counter() - start >= seconds / REPEATS:
                break
            actions += one(first + n)
            n += 1
        elapsed = time.perf_counter() - start
        first += n
        if best is None or actions / elapsed > best[1] / best[2]:
            best = (n, actions, elapsed)
    assert best is not None
    return best


def playouts(game: str, games: int | None, seconds: float) -> tuple[float, float, list[str]]:
    """games/s, actions/s, and the canonical texts of the actions played (for parsing)."""
    from ..session import Session

    rng = random.Random(0)
    texts: list[str] = []
    keep = 20_000

    def one(i: int) -> int:
        session = Session(game, seed=i)
        legal = session.legal_actions
        apply = session.apply
        choice = rng.choice
        while not session.over:
            apply(choice(legal()))
        if len(texts) < keep:
            texts.extend(session.format(a) for a in session.log)
        return len(session.log)

    Session(game, seed=0)  # warm the caches (content, grammar) outside the timing
    n, actions, elapsed = _timed_loop(one, games, seconds)
    return n / elapsed, actions / elapsed, texts


def bot_playouts(game: str, games: int | None, seconds: float) -> tuple[float, float]:
    """games/s and actions/s with the game's own bot policy (`Game.bot_action`)."""
    from ..bots import GreedyBot, play_out
    from ..session import Session

    def one(i: int) -> int:
        session = Session(game, seed=i)
        play_out(session, GreedyBot(i))
        return len(session.log)

    n, actions, elapsed = _timed_loop(one, games, seconds)
    return n / elapsed, actions / elapsed


def per_call_ms(op: Any, seconds: float) -> float:
    """Mean time of one call of `op` (a game's own benchmark), over about `seconds`."""
    op()  # warm up
    calls = 0
    start = time.perf_counter()
    while True:
        op()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 4 and calls >= 3:
            return 1000 * elapsed / calls


def parse_rate(game: str, texts: list[str], seconds: float) -> float:
    """Canonical action texts parsed per second."""
    from ..session import Session

    if not texts:
        return 0.0
    language = Session(game).language
    parse = language.parse_action
    done = 0
    start = time.perf_counter()
    while True:
        for text in texts:
            parse(text)
        done += len(texts)
        elapsed = time.perf_counter() - start
        if elapsed >= min(seconds, 1.0):
            return done / elapsed


def content_load_ms(game_name: str) -> tuple[float, float]:
    """(cold, warm median) milliseconds to load, check and build the built-in content: cold,
    every file checked against freshly compiled schemas (no cache: the first run after a
    change); warm, as every later run (the files already found valid, diskcache.py)."""
    import os

    from ..loader import load, schema_documents, schema_registry, validator
    from ..registry import registry

    game = registry().game(game_name)
    if game.content_folder is None:
        return 0.0, 0.0

    def once() -> float:
        start = time.perf_counter()
        content = load(game.name, game.content_folder or "")
        game.build_content(content)
        return (time.perf_counter() - start) * 1000

    schema_documents.cache_clear()
    schema_registry.cache_clear()
    validator.cache_clear()
    setting = os.environ.get("DOCKYARD_CACHE")
    os.environ["DOCKYARD_CACHE"] = "off"
    try:
        cold = once()
    finally:
        if setting is None:
            del os.environ["DOCKYARD_CACHE"]
        else:
            os.environ["DOCKYARD_CACHE"] = setting
    once()  # marks the files valid, if the cache can be written
    warm = statistics.median(once() for _ in range(CONTENT_RUNS))
    return cold, warm


def cold_start_ms(runs: int = COLD_START_RUNS) -> tuple[float, str]:
    """Median wall time of `dockyard --help` in a fresh process, and what was run."""
    script = Path(sys.executable).with_name("dockyard")
    found = shutil.which("dockyard")
    if script.exists():
        cmd = [str(script), "--help"]
    elif found:
        cmd = [found, "--help"]
    else:
        cmd = [sys.executable, "-m", "dockyard", "--help"]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), " ".join(
        Path(cmd[0]).name if i == 0 else c for i, c in enumerate(cmd)
    )


def openspiel_rates(games: int | None, seconds: float) -> dict[str, tuple[float, float]] | str:
    """OpenSpiel tic-tac-toe (C++ and Python) driven by the same loop, or why not."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return "open_spiel is not installed (pip install '.[bench]' to compare with it)"
    try:
        import open_spiel.python.games.tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError as exc:
        return f"open_spiel's python_tic_tac_toe is not available: {exc}"
    out: dict[str, tuple[float, float]] = {}
    for name in ("tic_tac_toe", "python_tic_tac_toe"):
        spiel_game: Any = pyspiel.load_game(name)
        rng = random.Random(0)

        def one(i: int, g: Any = spiel_game, rng: random.Random = rng) -> int:
            state = g.new_initial_state()
            n = 0
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
            return n

        n, actions, elapsed = _timed_loop(one, games, seconds)
        out[name] = (n / elapsed, actions / elapsed)
    return out


def bench_command(names: list[str], games: int | None, seconds: float, out: IO[str]) -> int:
    from ..registry import registry

    if games is not None and games < 1:
        raise DockyardError("--games must be at least 1")
    reg = registry()
    chosen = [reg.game(n).name for n in names] if names else sorted(reg.games)

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    how = f"{games} games" if games is not None else f"~{seconds:g} s"
    say(f"dockyard bench ({how} per measurement; python {sys.version.split()[0]})")
    failed = 0
    ours: dict[str, float] = {}
    for name in chosen:
        say(f"\n{name}")
        try:
            cold, warm = content_load_ms(name)
            say(
                f"  content load      {warm:10.2f} ms   (cold, every file validated: {cold:.1f} ms)"
            )
            gps, aps, texts = playouts(name, games, seconds)
            ours[name] = aps
            say(f"  random playouts   {gps:10.0f} games/s {aps:12.0f} actions/s")
            lps = parse_rate(name, texts, seconds)
            say(f"  action parsing    {lps:10.0f} lines/s  ({len(set(texts))} distinct texts)")
            game = reg.games[name]
            if game.provides("bot_action"):
                gps, aps = bot_playouts(name, games, seconds)
                say(
                    f"  bot playouts      {gps:10.0f} games/s {aps:12.0f} actions/s  (the game's bot)"
                )
            for label, op in game.benchmarks().items():
                say(f"  {label:<17} {per_call_ms(op, seconds):10.3f} ms per call")
        except DockyardError as exc:
            say(f"  error: {exc}")
            failed = 1
    if "tictactoe" in chosen:
        say("\nOpenSpiel tic-tac-toe, same loop (legal_actions -> random choice -> apply_action)")
        rates = openspiel_rates(games, seconds)
        if isinstance(rates, str):
            say(f"  {rates}")
        else:
            for name, (gps, aps) in rates.items():
                say(f"  {name:<18}{gps:10.0f} games/s {aps:12.0f} actions/s")
            if "tictactoe" in ours and rates["python_tic_tac_toe"][1] > 0:
                ratio = ours["tictactoe"] / rates["python_tic_tac_toe"][1]
                say(f"  dockyard tictactoe / python_tic_tac_toe actions/s: {ratio:.2f}x")
    ms, what = cold_start_ms()
    say(f"\ncold start: `{what}` {ms:.0f} ms (median of {COLD_START_RUNS})")
    return failed
