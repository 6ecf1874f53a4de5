"""The questions a script's `expect` asks of a session: the engine's own (over, reason,
round, phase, actor, actions, winner, draw, score.NAME) and then the game's (`Game.query`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from .core import DockyardError
from .words import show_value


def query(session: Any, path: str) -> Any:
    """The value of an `expect` query."""
    st = session.state
    if path == "over":
        return session.over
    if path == "reason":
        return st.flow.over
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
            raise KeyError(f"{path} (the game is not over)")
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
    ok = _COMPARE[op](actual, value) if op in ("==", "!=") or _comparable(actual, value) else False
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
