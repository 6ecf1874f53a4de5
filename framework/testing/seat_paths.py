"""(g, continued) The paths a seat learns through besides its view and events: the turn order,
`redo`, and a referee's script run `--as SEAT`. Each is compared on the real state and on one
where everything hidden from the seat is dealt again (`Game.sample_state`): what the seat is
shown must be the same on both, or the path tells it something hidden.

- turn order: the seat plays one of its own actions on both (what is yet to come, the random
  generator, the same on both); unless it is told something of its own (a card it drew) or the
  action revealed what was hidden (`flow.reveals`: sealed bids turned up), who is to play next
  must be the same: whether another seat is asked or passed over must not depend on
  what that seat holds;
- redo: a seated shell's `redid ...` lines tell each action as the seat was told it the first
  time (`dockyard.seats.told`), never another's secret action in its canonical text;
- `run --as SEAT`: a referee's shell seated as SEAT answers `legal`, `legal OTHER`, `help VERB`
  and `expect illegal: OTHER'S ACTION` word for word the same on both states.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

from ..core import DockyardError
from ..game import Context
from ..seats import told

__all__ = ["probe", "redo_told", "referee_answers", "same_turn_order"]

Fail = Callable[[str], Any]


def _twin_session(session: Any, state: Any) -> Any:
    """A copy of `session` whose state is `state` (a sampled one): its log and events kept."""
    twin = session.clone()
    twin.state = state
    return twin


def same_turn_order(session: Any, viewer: str, rng: random.Random, fail: Fail) -> None:
    """`viewer` plays one of its own legal actions on the state and on a sample of it: told
    the same events, it must then see the same players to move and the same table."""
    if viewer not in session.actors():
        return
    mine = session.legal_actions(viewer)
    if not mine:
        return
    action = rng.choice(mine)
    game = session.game
    seat = session.players.index(viewer)
    sample = game.sample_state(session.state, seat, random.Random(rng.random()))
    if game.check(sample, action, seat) is not None:
        return  # (the sample's own checks say whether the seat's actions stay legal)
    real = game.clone(session.state)
    before = real.flow.reveals
    if hasattr(sample, "rng"):  # what is yet to come (a roll, a shuffle) the same on both
        sample.rng = game.clone(session.state).rng
    seen = []
    for state in (real, sample):
        ctx = Context(game, session.hook, session.config.variants)
        game.apply(state, action, seat, ctx)
        # what was told to it alone (a card it drew): then it may know more than before
        seen.append([e.text for e in ctx.events if e.audience is not None and e.seen_by(viewer)])
    if seen[0] != seen[1] or real.flow.reveals != before or sample.flow.reveals != before:
        return  # or it revealed what was hidden (bids turned up, a card drawn): news to all
    movers = [[session.players[s] for s in game_actors(state)] for state in (real, sample)]
    if movers[0] != movers[1]:
        fail(
            f"after {session.format(action)!r}, {viewer} sees {' or '.join(movers[0]) or 'nobody'}"
            f" to play, but {' or '.join(movers[1]) or 'nobody'} when what is hidden from "
            f"{viewer} is dealt again: the turn order tells {viewer} something hidden (ask the "
            "seat, and let it pass, instead of passing it over)"
        )


def game_actors(state: Any) -> list[int]:
    from ..flow import actors

    return list(actors(state))


def redo_told(session: Any, viewer: str, rng: random.Random, fail: Fail) -> None:
    """Undo a few actions on a copy and redo them in a shell seated as `viewer`: each `redid`
    line is the action as `viewer` was told it."""
    from ..cli.output import Output
    from ..cli.repl import Shell

    if not session.log:
        return
    copy = session.clone()
    n = rng.randint(1, min(len(copy.log), 4))
    expected = [f"redid {told(copy, a, viewer)}" for a in copy.log[-n:]]
    copy.undo(n, force=True)
    out = io.StringIO()
    shell = Shell(copy, Output(out, io.StringIO()), seat=viewer)
    shell.do_redo(n)
    redid = [line for line in out.getvalue().splitlines() if line.startswith("redid ")]
    if redid != expected:
        fail(f"redo as {viewer} printed {redid!r}, not the actions as {viewer} was told them")


def referee_answers(session: Any, viewer: str, rng: random.Random, fail: Fail) -> None:
    """A referee's script run `--as viewer` answers the same on the state and on a sample of
    it (everything hidden from `viewer` dealt again)."""
    game = session.game
    seat = session.players.index(viewer)
    others = [p for p in session.actors() if p != viewer]
    lines = ["legal", *(f"legal {p}" for p in others[:1])]
    for p in others[:1]:
        theirs = session.legal_actions(p)
        if theirs:
            lines.append(f"expect illegal: {session.format(rng.choice(theirs))}")
    verbs = list(session.language.verbs())
    if verbs:
        lines.append(f"help {rng.choice(verbs)}")
    sample = game.sample_state(session.state, seat, random.Random(rng.random()))
    answers = [_answers(s, viewer, lines) for s in (session, _twin_session(session, sample))]
    for line, real, other in zip(lines, answers[0], answers[1], strict=True):
        if real != other:
            fail(
                f"run --as {viewer}: {line!r} answers {real!r}, but {other!r} when what is "
                f"hidden from {viewer} is dealt again: it tells {viewer} something hidden"
            )


def _answers(session: Any, viewer: str, lines: list[str]) -> list[str]:
    from ..cli.output import Output
    from ..cli.repl import Shell

    out: list[str] = []
    for line in lines:
        text = io.StringIO()
        shell = Shell(session, Output(text, text), viewer=viewer)
        try:
            shell.run_line(line, "probe", 1)
        except DockyardError as exc:
            text.write(f"error: {exc}\n")
        out.append(text.getvalue())
    return out


def probe(session: Any, step: int, rng: random.Random, fail: Fail) -> None:
    """The checks above, now and then: before every third action the turn order as a seat
    to move sees it (each in turn); before every eleventh, redo or `run --as` for one seat, in turn."""
    players = session.players
    movers = session.actors()
    if step % 3 == 0 and movers:
        same_turn_order(session, movers[(step // 3) % len(movers)], rng, fail)
    if step % 11 == 5:
        viewer = players[(step // 11) % len(players)]
        (redo_told, referee_answers)[(step // 11) % 2](session, viewer, rng, fail)
