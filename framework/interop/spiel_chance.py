"""OpenSpiel's chance nodes for a dockyard game's draws (see `openspiel`). The set-up and each
decision are played with their draws shown to a `dockyard.rng.Script`: each whole-number draw
among n outcomes (a die roll, each step of a shuffle, a random choice; 2 <= n <= MOST, SETUP_MOST in the
set-up) becomes a
chance node of n equally likely outcomes, dealt in order after the decision (or after the seed's
digits, for the set-up's shuffles and first rolls). When chance picks other outcomes than those
the seeded generator drew, the decision (or the set-up) is played again, once all of its draws
are dealt, from the session before it with the chosen outcomes forced (the generator draws all
the same, so keeping every outcome changes nothing). Where the outcomes call for more draws
(a tie rolled again), chance deals those too; where for fewer, the rest go unused. A draw whose
number of outcomes depends on an earlier outcome of the same decision cannot be dealt this
way: a DockyardError says so.
Draws of real numbers (`random()`) stay the generator's."""

from __future__ import annotations

from typing import Any

from ..core import DockyardError
from ..rng import Rng, Script, scripting
from ..session import Session

MOST = 256  # a draw among more outcomes stays the generator's (OpenSpiel's max_chance_outcomes)
# in the set-up, draws among at most this many: a shuffle's last steps and every roll (the rest
# of a long shuffle follows from the seed's digits, chance too: fewer nodes to a game's start)
SETUP_MOST = 16
Run = Any  # openspiel.Run, named by its role


class Pending:
    """A decision (`step`, or -1 for the set-up) whose draws chance is dealing: the session
    before it (None until the game is seen drawing: then rebuilt by replaying), the draws its
    play made ((n, outcome) each), the outcomes chance chose so far and whether one differs."""

    def __init__(self, step: int, before: Session | None, drawn: list[tuple[int, int]]) -> None:
        self.step = step
        self.before = before
        self.drawn = drawn
        self.chosen: list[int] = []
        self.differs = False

    def copy(self) -> Pending:
        twin = Pending(self.step, self.before, list(self.drawn))  # `before` is only cloned
        twin.chosen = list(self.chosen)
        twin.differs = self.differs
        return twin

    def outcomes(self) -> int:
        """The number of outcomes of the draw chance deals next."""
        return self.drawn[len(self.chosen)][0]


def opened(
    spec: Any, seed: int, forced: list[int] | tuple[int, ...] = ()
) -> tuple[Session, Script]:
    """A new session of `spec` with seed `seed`, its set-up's draws shown (forced first)."""
    with scripting(Script(forced, SETUP_MOST)) as script:
        session = spec.session(seed)
    script.closed = True
    return session, script


def scripted(session: Session, action: Any, forced: list[int] | tuple[int, ...] = ()) -> Script:
    """Play `action` in `session`, its draws shown to a `Script` (forced outcomes first)."""
    rng = getattr(session.state, "rng", None)
    script = Script(forced, MOST)
    if not isinstance(rng, Rng):
        session.apply(action)
        return script
    rng.script = script
    try:
        session.apply(action)
    finally:
        rng.script = None
    return script


def first(run: Run) -> Session:
    """`run`'s session as its game began: from the seed with its set-up's outcomes, or a copy
    of a resampled state's anchor."""
    if run.anchor is not None:
        return run.anchor.session.clone()  # type: ignore[no-any-return]
    return opened(run.spec, run.seed(), run.setup)[0]


def rebuilt(run: Run, steps: int) -> Session:
    """The session after the first `steps` decisions of `run`, played again with their
    chance outcomes."""
    session = first(run)
    names = session.players
    for i in range(steps):
        action = run.spec.index.action(run.steps[i], names[run.actors[i]])
        scripted(session, action, run.dealt[i])
    return session


def deal(run: Run, outcome: int) -> bool:
    """Chance's `outcome` for the pending draw of `run`; True when every draw is dealt (the
    session then holds them all: played again if any outcome differs from the generator's)."""
    pending = run.pending
    n, drawn = pending.drawn[len(pending.chosen)]
    if not 0 <= outcome < n:
        raise DockyardError(f"chance outcome {outcome} of a draw among {n} (0 to {n - 1})")
    pending.chosen.append(outcome)
    pending.differs = pending.differs or outcome != drawn
    if len(pending.chosen) < len(pending.drawn):
        return False
    if pending.differs:
        chosen = pending.chosen
        if pending.step < 0:
            session, script = opened(run.spec, run.seed(), chosen)
        else:
            if pending.before is None:
                pending.before = rebuilt(run, pending.step)
            session = pending.before.clone()
            seat = run.actors[pending.step]
            action = run.spec.index.action(run.steps[pending.step], session.players[seat])
            script = scripted(session, action, chosen)
        got = script.drawn  # (fewer draws than dealt: the outcomes needed fewer; the rest unused)
        used = min(len(got), len(chosen))
        if [m for m, _ in got[:used]] != [m for m, _ in pending.drawn[:used]]:
            raise DockyardError(
                "a draw's number of outcomes changed with an earlier outcome of the same action: "
                "these draws cannot be dealt as chance nodes"
            )
        run.session = session
        if len(got) > len(chosen):  # the outcomes led to more draws: chance deals them too
            pending.drawn, pending.differs = got, False
            return False
    return True
