"""The questions a script's `expect` asks of a session: the engine's own (`ENGINE_QUERIES`:
over, reason, end, round, phase, actor, actions, winner, draw, score.P) and then the game's
(`Game.query`, listed in `Game.query_paths`); `query_help` says them all for `help expect`."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from .core import DockyardError
from .words import show_value

ENGINE_QUERIES: tuple[tuple[str, str], ...] = (
    ("over", "true once the game has ended"),
    (
        "reason",
        "why it ended, in words (none while it goes on); `reason == ID` also "
        "compares the end's stable id, as in `expect reason == no-crates`",
    ),
    (
        "end",
        "the stable ids of what ended the game, joined by + (`no-crates`; none while it goes on)",
    ),
    ("winner", "the sole winner once over (none for a draw or a shared win)"),
    ("draw", "true once over when there is no sole winner"),
    ("score.P", "P's final score once over (a game may answer it before, as it stands)"),
    ("round", "the round being played (0 during setup)"),
    ("phase", "the phase being played, by name"),
    ("actor", "the one player who may act now (none when several or nobody may)"),
    ("actions", "how many actions have been played so far"),
)


def query_help(game: Any) -> list[str]:
    """`help expect`: every path a script may ask of `game`, a line each with its meaning
    (the engine's, then the game's own `query_paths`)."""
    rows = [*ENGINE_QUERIES, *game.query_paths]
    width = max(len(path) for path, _ in rows)
    return [f"  {path.ljust(width)}  {meaning}" for path, meaning in rows]


def end_ids(session: Any) -> tuple[str, ...]:
    """The stable ids of what ended the game (empty while it goes on)."""
    result = session.outcome()
    return result.end if result is not None else ()


def query(session: Any, path: str) -> Any:
    """The value of an `expect` query."""
    st = session.state
    if path == "over":
        return session.over
    if path == "reason":
        return st.flow.over
    if path == "end":
        return "+".join(end_ids(session)) or None
    if path == "round":
        return st.flow.round
    if path == "phase":
        return session.game.phases[st.flow.phase].name if session.game.phases else None
    if path == "actor":
        who = session.actors()
        return who[0] if len(who) == 1 else None
    if path == "actions":
        return len(session.log)
    if path in ("winner", "draw") or path.startswith("score."):
        result = session.outcome()
        if result is None:
            try:  # a game may answer the score as it stands (Import / Export's score.P)
                return session.game.query(st, path)
            except KeyError:
                raise KeyError(f"{path} (the game is not over)") from None
        if path == "winner":
            return result.winners[0] if len(result.winners) == 1 else None
        if path == "draw":
            return result.is_draw
        player = path.split(".", 1)[1]
        if player not in result.scores:
            raise KeyError(path)
        return result.scores[player]
    return session.game.query(st, path)


def expect(session: Any, query_: str, op: str, value: Any) -> None:
    """Raise DockyardError unless `query op value` holds."""
    try:
        actual = query(session, query_)
    except KeyError as exc:
        raise DockyardError(f"expect: unknown query {exc.args[0]}") from None
    if isinstance(actual, float) and actual.is_integer():
        actual = int(actual)
    if query_ == "reason" and op in ("==", "!=") and isinstance(value, str):
        same = actual == value or value in end_ids(session)  # its text or its stable id
        ok = same if op == "==" else not same
    elif op in ("==", "!=") or _comparable(actual, value):
        ok = _COMPARE[op](actual, value)
    else:
        ok = False
    if not ok:
        raise DockyardError(
            f"expected {query_} {op} {show_value(value)}, but it is {show_value(actual)}"
        )


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
}


def _comparable(a: Any, b: Any) -> bool:
    num = (int, float)
    return (isinstance(a, num) and isinstance(b, num) and not isinstance(a, bool)) or (
        isinstance(a, str) and isinstance(b, str)
    )
