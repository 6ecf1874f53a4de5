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

import difflib
import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import Any

from .core import Action, DockyardError, Event, visible

__all__ = [
    "HiddenQuery",
    "announced_log",
    "legal_hint",
    "undo_refusal",
    "events_for",
    "mentions",
    "query_as",
    "refusal_for",
    "secret_ids",
    "shown_by",
    "told",
    "visible",
]


class HiddenQuery(DockyardError):
    """A seat asked about something it may not see."""


def events_for(events: Iterable[Event], viewer: str | None) -> list[Event]:
    """The events `viewer` may see (None: a spectator, who sees public events only)."""
    return visible(events, viewer)


def told(session: Any, action: Action, viewer: str | None) -> str:
    """`action` as `viewer` was told it: its own in its canonical text, everyone else's as
    announced (a secret action, a sealed bid, in the words that keep it secret); None, a
    spectator, is told every action as announced. The one place that says it: the REPL's
    moves, undo and redo, the log, the server's events all ask here."""
    if viewer is not None and action.player == viewer:
        return str(session.format(action))
    return str(session.announce(action))


def announced_log(session: Any, viewer: str | None) -> list[str]:
    """The actions so far as `viewer` was told them (`told`)."""
    return [told(session, a, viewer) for a in session.log]


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
    state = session.state_after(start)  # (from the latest copy undo keeps: not the whole game)
    players = session.players
    for i in range(start, len(log)):
        action = log[i]
        seat = players.index(action.player)
        hidden = secret_ids(game, state, seat) if action.player != viewer else []
        events: list[Event] = []  # its move (as announced), then what it made
        session.replay_onto(state, events, [action], i)
        if hidden:
            texts = [e.text for e in events if e.seen_by(viewer)]
            if any(mentions(text, hidden) for text in texts):
                return i
    return None


def refusal_for(session: Any, action: Action, reason: str, viewer: str | None) -> str:
    """Why `action` was refused, as `viewer` may be told it: the reason itself when the action
    is the viewer's own (or the viewer sees everything, None) or the game is over; for another
    seat's action (a referee's script run `--as SEAT`), words that do not depend on what that
    seat holds (the rules' reason may name its hand: "X is not in your hand")."""
    if viewer is None or action.player == viewer or session.over:
        return reason
    return (
        f"{action.player}'s action is refused (why is {action.player}'s to know: "
        f"you see the game as {viewer})"
    )


HINT_ACTIONS = 3  # legal actions quoted in a refused action's hint


def legal_hint(
    session: Any,
    action: Action,
    seat: str | None,
    viewer: str | None = None,
    listed_by: str = "`legal` lists them",
) -> str:
    """Legal examples, or "did you mean", for a refused action, built only from what the
    asker has been shown (a seat's own legal actions and the log as announced to it), so a guess
    at another seat's secret gets the answer any other guess gets. `seat`: the one player
    asking (None: a hot seat, told of whoever the action names); `viewer`: whose eyes."""
    actors = session.actors()
    if not actors:
        return ""
    if seat is not None:  # a seated player hears of its own seat only
        if seat not in actors:
            return ""
        mover: str | None = seat
    else:
        mover = action.player if action.player in actors else None
    legal = session.legal_actions(mover)
    if not legal:
        return ""
    texts = [session.format(a) for a in legal]
    typed = session.format(action)
    # "did you mean" only for a word nobody could mean (a typo'd id or cell): one that no
    # legal action and no action so far holds; a real but unplayable one gets examples
    known = {w for t in texts for w in t.split()}
    told = seat if seat is not None else viewer
    known.update(w for t in announced_log(session, told) for w in t.split())
    if set(typed.split()) - known:
        same = [t for a, t in zip(legal, texts, strict=True) if a.verb == action.verb]
        close = difflib.get_close_matches(typed, same, n=1, cutoff=0.6)
        if close:
            return f"did you mean {close[0]}?"
    quoted = texts[:HINT_ACTIONS]
    words = ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]
    more = f"; {len(legal)} in all, {listed_by}" if len(legal) > HINT_ACTIONS else ""
    return f"a legal action such as {words}{more}"


def undo_count(session: Any, n: int, bots: Collection[str]) -> int:
    """How many actions `undo N` takes back: N of the humans', with the bots' moves after each
    (the bots' moves before the first of them stay: taken back, the bots would be to move and
    nobody would move them)."""
    if not bots:
        return n
    count = mine = upto = 0
    for action in reversed(session.log):
        if mine == n:
            break
        count += 1
        if action.player not in bots:
            mine += 1
            upto = count
    return upto


def undo_refusal(
    session: Any,
    n: int,
    seat: str | None,
    bots: Collection[str] = (),
    viewer: str | None = None,
) -> str | None:
    """Why `seat` may not take back the last `n` actions (None: it may). A hot seat (None) may
    take back anyone's; a seat only its own and the bots' replies to them, and never past a
    reveal nor past another player's action that showed it something hidden (`shown_by`).
    The reason quotes actions as `viewer` (by default the seat) was told them."""
    viewer = seat if viewer is None else viewer
    if not session.log:
        return "nothing to undo"
    if n == 0 and bots:  # (undo_count) only the bots have moved
        return "nothing to undo but the bots' moves, which stay"
    who = None if seat is None else {seat, *bots}
    reason: str | None = session.why_not_undo(n, who)
    if reason is not None and viewer is not None:
        # the reason quotes actions in their canonical text: another's (a sealed bid, a bot's
        # secret reply) only as the seat was told it
        for action in session.log[-n:] if isinstance(n, int) and n > 0 else ():
            if action.player != viewer:
                said = repr(told(session, action, viewer))
                reason = reason.replace(repr(session.format(action)), said)
    if reason is None and seat is not None:
        shown = shown_by(session, len(session.log) - n, seat)
        if shown is not None:
            action = session.log[shown]
            reason = (
                f"{session.announce(action)!r} showed you what {action.player} kept hidden, "
                "and undo cannot make you forget it"
            )
    return reason
