"""What a seat is shown: one place for every path a seat learns through (the REPL `--as`, a
script run `--as`, replays and pictures `--as`, hints, queries, undo; later the server).

A seat (a player's name; None: a spectator) sees:
- the events whose audience holds it (`Event.audience`: None is everyone);
- the log as it was announced: its own actions in their canonical text, another player's secret
  action (a kept Truck card, a sealed bid) only as the words everyone was told
  (`Game.announce`);
- the answers to queries about what it may see: `Game.hidden_query` names the queries about
  another seat's hidden things, which are refused with the same words whatever the answer;
- hints built only from what it has been shown (its legal actions, the announced log).

And it may not take back, with `undo`, another player's action that showed it something that
was hidden (a card played from a hand, a bid revealed): `shown_by`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from .core import Action, DockyardError, Event, visible

__all__ = [
    "HiddenQuery",
    "announced_log",
    "events_for",
    "mentions",
    "query_as",
    "secret_ids",
    "shown_by",
    "visible",
]


class HiddenQuery(DockyardError):
    """A seat asked about something it may not see."""


def events_for(events: Iterable[Event], viewer: str | None) -> list[Event]:
    """The events `viewer` may see (None: a spectator, who sees public events only)."""
    return visible(events, viewer)


def announced_log(session: Any, viewer: str | None) -> list[str]:
    """The actions so far as `viewer` was told them: its own in their canonical text, everyone
    else's as announced (a secret action in the words that keep it secret)."""
    return [
        session.format(a) if viewer is not None and a.player == viewer else session.announce(a)
        for a in session.log
    ]


def secret_ids(game: Any, state: Any, seat: int) -> list[str]:
    """The ids of what only `seat` may know (`Game.secrets`), each a plain id or phrase (the
    quotes some games wrap around an id for JSON are taken off)."""
    out = []
    for secret in game.secrets(state, seat):
        text = str(secret)
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = text[1:-1]
        if text:
            out.append(text)
    return out


@lru_cache(maxsize=4096)
def _word(secret: str) -> re.Pattern[str]:
    # a whole id: `w2` is not found inside `ww2` nor `w2-b`, `rice` not inside `price`
    return re.compile(r"(?<![\w-])" + re.escape(secret) + r"(?![\w-])")


def mentions(text: str, secrets: Iterable[str]) -> str | None:
    """The first of `secrets` that `text` names as a whole id, or None."""
    for secret in secrets:
        if _word(secret).search(text):
            return secret
    return None


def query_as(session: Any, path: str, viewer: str | None) -> Any:
    """The value of the `expect` query `path` as `viewer` may ask it: a query about another
    seat's hidden things is refused (HiddenQuery), in words that do not depend on its answer."""
    from .queries import query

    seat = None if viewer is None else session.players.index(viewer)
    why = session.game.hidden_query(session.state, path, seat)
    if why is not None:
        raise HiddenQuery(why)
    return query(session, path)


def shown_by(session: Any, start: int, viewer: str) -> int | None:
    """The index of the first action of `session.log[start:]` by another player than `viewer`
    that showed `viewer` something of that player's that was hidden (a card played from a hand,
    a bid revealed; told by `Game.secrets` before the action and the events `viewer` saw), or
    None. Such an action is a barrier to `viewer`'s undo: it cannot be made to forget it."""
    log: Sequence[Action] = session.log
    game = session.game
    if not game.provides("secrets") or all(a.player == viewer for a in log[start:]):
        return None
    state, _ = session._replay(log[:start])
    from .game import Context

    players = session.players
    for i in range(start, len(log)):
        action = log[i]
        seat = players.index(action.player)
        hidden = secret_ids(game, state, seat) if action.player != viewer else []
        ctx = Context(game, session.hook, session.config.variants)
        game.apply(state, action, seat, ctx)
        if hidden:
            texts = [session.announce(action)]
            texts += [e.text for e in ctx.events if e.seen_by(viewer)]
            if any(mentions(text, hidden) for text in texts):
                return i
    return None
