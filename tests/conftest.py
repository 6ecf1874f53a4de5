"""Shared fixtures and helpers: the generic suite's budget, plugins installed for one test only,
every game and variant, and seeded random games."""

from __future__ import annotations

import gc
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import dockyard.registry as registry_module
import pytest
from dockyard import Game, Variant, hookimpl
from dockyard.testing import Budget


@pytest.fixture(scope="session")
def budget(request: pytest.FixtureRequest) -> Budget:
    """The generic suite's budget: `--dockyard-playouts N` or env DOCKYARD_PLAYOUTS=N for a long run."""
    return Budget.from_env(request.config.getoption("--dockyard-playouts"))


def pytest_configure(config: pytest.Config) -> None:
    """The programs the tests start meet a terminal as a person's would.

    Ctrl-C reaches them: started as a background job (`pytest &` in a script), pytest inherits
    SIGINT ignored, and so would every program it starts (Python turns SIGINT into
    KeyboardInterrupt only in a program that did not inherit it ignored): a test's Ctrl-C would
    do nothing. The default is put back here, once, for them all."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # a pseudo-terminal of pexpect's never answers prompt_toolkit's cursor-position request (a
    # real terminal does at once): without this each prompt would wait a second for it
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker whose tests are done: no more garbage collection.

    Once every worker has reported (xdist's own `pytest_sessionfinish` wrapper reports after this
    hook), the controller tells the workers to stop, and execnet sends SIGINT to a worker still
    running 5 s later. A worker whose heap is full of the games' caches can be inside a full
    collection then, and the KeyboardInterrupt lands in the gc callback hypothesis installs
    (`gc_cumulative_time`), printing "Exception ignored in: <function gc_callback>" and a
    traceback after a passing run. The worker process ends soon after: collecting its garbage
    is wasted work."""
    if hasattr(session.config, "workerinput"):
        gc.disable()


# A test that needs an optional extra skips with its reason where the extra is absent
# (`pytest.importorskip`, or a skip whose reason names "the X extra"), so the README's command,
# which installs `[test]` alone, passes. CI installs every extra (.ci/run): there such a skip is a
# failure, so a missing install step cannot hide behind a green run.
_EXTRA_SKIP = (
    "could not import",
    "No module named",
    "extra)",
    "extra]",
    " extra ",
    "pip install '.[",
)


def _missing_extra(report: Any) -> str | None:
    if not (os.environ.get("CI") and report.skipped and isinstance(report.longrepr, tuple)):
        return None
    reason = str(report.longrepr[2])
    if "not run by the tests" in reason:  # a README example that is never run, said why
        return None
    return reason if any(mark in reason for mark in _EXTRA_SKIP) else None


def _fail_missing_extra(report: Any) -> None:
    reason = _missing_extra(report)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = (
            f"skipped for a missing extra under CI (which installs every extra): {reason}"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: Any) -> Any:
    outcome = yield
    _fail_missing_extra(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    outcome = yield
    _fail_missing_extra(outcome.get_result())


def plugin_of(games: Iterable[Game] = (), variants: Iterable[Variant] = ()) -> Any:
    """A plugin object registering the given games and variants."""
    games, variants = tuple(games), tuple(variants)

    @hookimpl
    def register_games(register: Any) -> None:
        for game in games:
            register(game)

    @hookimpl
    def register_variants(register: Any) -> None:
        for variant in variants:
            register(variant)

    return SimpleNamespace(register_games=register_games, register_variants=register_variants)


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Callable[..., registry_module.Registry]:
    """`install(games=[...], variants=[...], plugins=[...])`: a registry holding them too, in
    force for this test only (sessions, saves and the suite all see it)."""

    def _install(
        games: Iterable[Game] = (), variants: Iterable[Variant] = (), plugins: Iterable[Any] = ()
    ) -> registry_module.Registry:
        extra = (plugin_of(games, variants), *plugins)
        reg = registry_module.registry(extra=extra)
        monkeypatch.setattr(registry_module, "_REGISTRY", reg)
        return reg

    return _install


@pytest.fixture
def dockyard(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run the CLI in-process: `dockyard(*argv, stdin=...)` -> (exit code, stdout, stderr)."""
    import io
    import sys

    from dockyard import cli

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def pip_install(project: Path, target: Path) -> None:
    """pip installs `project` (no dependencies: dockyard is installed) into the folder `target`,
    built with what is installed here (else in isolation, from an index)."""
    # built from a copy: a build writes build/ and *.egg-info beside the sources, and two
    # test workers building the same project at once must not share them
    source = target.parent / f"{target.name}-source"
    shutil.copytree(
        project, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    project = source
    base = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    base += ["--disable-pip-version-check", "--target", str(target)]
    # with what is installed first (seconds); in isolation, which needs an index for the
    # build requirements (a failed try costs ~8 s here), only where that fails
    done = subprocess.run(
        [*base, "--no-build-isolation", str(project)], capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        done = subprocess.run([*base, str(project)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def run_with(site: Path, *command: str, cwd: Path | None = None, stdin: str = "") -> Any:
    """A command run with `site` (a pip --target folder) on the Python path."""
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, *command],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=600,
    )


LONG = os.environ.get("DOCKYARD_LONG") == "1"  # CI: the long sweeps at full size


def sweep(name: str) -> list[Any]:
    """The tables the default run plays of game `name` (tests/test_generic.py): each player
    count alone, and each variant at one end: the first variant (in name order) at the most
    players, every other at the fewest (so both ends are played with a variant where there are
    two or more, and the long games of many players are played once; the counts between are
    the base game's). DOCKYARD_LONG=1 (CI) plays every table."""
    from dockyard.testing import tables

    every = tables(name)
    if LONG:
        return every
    counts = [t.players for t in every]
    ends = (max(counts), min(counts))
    variants = sorted({t.variants for t in every if t.variants})
    end = {v: ends[0 if i == 0 else 1] for i, v in enumerate(variants)}
    return [t for t in every if not t.variants or t.players == end[t.variants]]


def game_and_variants() -> list[tuple[str, tuple[str, ...]]]:
    """Every game alone, then with each of its variants (and the variants it needs)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    reg = registry_module.registry()
    for name in sorted(reg.games):
        out.append((name, ()))
        for vname, variant in sorted(reg.variants_of(name).items()):
            out.append((name, (*variant.requires, vname)))
    return out


def random_session(game: str, seed: int, steps: int | None = None, **options: Any) -> Any:
    """A session of `game` played by seeded random choices, to its end or for `steps` actions."""
    import random

    from dockyard import Session

    session = Session(game, seed=seed, **options)
    rng = random.Random(seed)
    while not session.over and (steps is None or len(session.log) < steps):
        session.apply(rng.choice(session.legal_actions()))
    return session
