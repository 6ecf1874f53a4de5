"""(d) Save and load, undo and redo agree with replaying the log, a clone of the state
(`Game.clone`, which undo's checkpoints use) is equal to it and evolves on its own, and a
sampled state (`Game.sample_state`, which search uses) agrees with the view it came from."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..flow import actors
from ..game import Action, Context, DockyardError, Event
from ..session import Session
from ..speed.cloning import checking
from .compare import difference, snapshot, state_data
from .playout import Playout, budgeted
from .table import SuiteFailure, SuiteTable, step_cap

# ---- (d) saves and undo -----------------------------------------------------------------------


def check_saves_and_undo(
    table: SuiteTable,
    seeds: Iterable[int] | int,
    points: int = 3,
    folder: str | Path | None = None,
    max_steps: int | None = None,
    max_actions: int | None = None,
) -> int:
    """At random points and at the end: save then load, undo n, and undo n then redo n agree
    with replaying the log. Returns how many points were checked."""
    with tempfile.TemporaryDirectory(prefix="dockyard-saves-") as tmp:
        where = Path(folder) if folder is not None else Path(tmp)
        return budgeted(
            seeds,
            max_actions,
            lambda seed: _saves_and_undo(table, seed, points, where, max_steps),
        )


def _saves_and_undo(
    table: SuiteTable, seed: int, points: int, folder: Path, max_steps: int | None
) -> int:
    first = Playout(table, seed)  # a first pass learns how long the game is
    cap = max_steps or step_cap(first.game)
    length = len(first.play(cap).log)
    rng = random.Random(f"dockyard-saves:{seed}")
    at = set(rng.sample(range(1, length + 1), min(points, length)))
    run = Playout(table, seed)  # the same seed plays the same game again

    def after(action: Action, events: list[Event]) -> None:
        if len(run.session.log) in at:
            _check_point(run, folder, rng)

    run.play(cap, after=after)
    try:
        _check_point(run, folder, rng)
    except SuiteFailure:
        raise
    except Exception as exc:
        run.fail(f"{type(exc).__name__}: {exc}")
    return len(at) + 1


def _check_point(run: Playout, folder: Path, rng: random.Random) -> None:
    s = run.session
    now = snapshot(s)
    texts = [e.text for e in s.events]
    path = folder / f"{s.game.name}-{run.seed}-{len(s.log)}.toml"
    try:
        s.save(path, overwrite=True)
        loaded = Session.load(path, s.config.content_dirs or None)
    except DockyardError as exc:
        run.fail(f"save then load failed: {exc}")
    diff = difference(now, snapshot(loaded))
    if diff:
        run.fail(f"the loaded save differs from the game: {diff}")
    if [e.text for e in loaded.events] != texts:
        run.fail("the loaded save told other events than the game")
    from ..saves import dumps

    if dumps(loaded.record()) != dumps(s.record()):
        run.fail("saving the loaded game gives another save")
    _check_clone(run, rng)
    _check_sample(run, rng)
    if not s.log:
        return
    n = rng.randint(1, min(len(s.log), 6))
    if s.undo(n, force=True) != n:
        run.fail(f"undo {n} did not take back {n} actions")
    fresh = run.table.session(run.seed)
    for a in s.log:
        fresh.apply(a)
    diff = difference(snapshot(fresh), snapshot(s))
    if diff:
        run.fail(f"undo {n} differs from replaying the shorter log: {diff}")
    if s.redo(n) != n:
        run.fail(f"redo {n} did not play {n} actions again")
    diff = difference(now, snapshot(s))
    if diff:
        run.fail(f"undo {n} then redo {n} differs from before: {diff}")
    if [e.text for e in s.events] != texts:
        run.fail(f"undo {n} then redo {n} told other events than before")


def _check_clone(run: Playout, rng: random.Random) -> None:
    """A clone equals the state, and playing on (then undoing) the session leaves it as it was:
    it shares nothing that changes."""
    s = run.session
    before = state_data(s.state)
    with checking():  # it shares nothing that can change, whatever the annotations say
        twin = s.game.clone(s.state)
    diff = difference(before, state_data(twin))
    if diff:
        run.fail(f"a clone of the state differs from it: {diff}")
    legal = s.legal_actions()
    if not legal:
        return
    s.apply(rng.choice(legal))
    diff = difference(before, state_data(twin))
    if diff:
        run.fail(f"playing on changed a clone taken before: {diff}")
    s.undo()


def _check_sample(run: Playout, rng: random.Random) -> None:
    """For every seat, a sampled state shows that seat exactly its view of the real one, has
    the same components, keeps the invariants, plays on, and leaves the real state alone."""
    s = run.session
    game = s.game
    before = state_data(s.state)
    counts = game.token_counts(s.state)
    for seat, name in enumerate(s.players):
        sample = game.sample_state(s.state, seat, random.Random(rng.random()))
        if dumps_view(game.view(sample, seat)) != dumps_view(game.view(s.state, seat)):
            run.fail(f"a state sampled for {name} shows {name} another view than the game")
        if game.token_counts(sample) != counts:
            run.fail(f"a state sampled for {name} has other components than the game")
        broken = game.invariants(sample)
        if broken:
            run.fail(f"a state sampled for {name} breaks invariants: {'; '.join(broken)}")
        if sample.flow.over is None:
            actor = actors(sample)[0]
            legal = game.legal_actions(sample, actor)
            if not legal:
                run.fail(f"a state sampled for {name} has no legal action for seat {actor}")
            game.apply(sample, rng.choice(legal), actor, Context(game, s.hook, s.config.variants))
    diff = difference(before, state_data(s.state))
    if diff:
        run.fail(f"sampling a state changed the game: {diff}")


def dumps_view(view: object) -> str:
    import json

    return json.dumps(view, sort_keys=True, default=str)
