"""The tables a server holds: one `Session` per game, loaded from the store when first asked for
(a restart replays every game's lines), and what each seat is shown of it.

Every change runs as one store transaction while the table is locked: the stored game is read,
the session brought up to it if another process moved (a shared PostgreSQL store), the action
judged and played, its canonical line written and committed; only then is it answered. A change
that fails anywhere leaves the stored game as it was and the table is rebuilt from it.

What a seat is shown comes from `dockyard.seats` only (the REPL `--as` uses the same): its view,
the log as announced to it, the events whose audience holds it, its own legal lines, hints built
from those. A spectator (no token) sees what everyone sees. The seed is never shown to anyone.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from ..core import Action, DockyardError, Event, IllegalAction
from ..language import ParseError
from ..saves import Record
from ..seats import announced_log, legal_hint, told, undo_count, undo_refusal
from ..session import Session
from ..words import describe_outcome
from .store import NewGame, Store, Stored, hash_token

__all__ = [
    "TableError",
    "BadRequest",
    "NoSeat",
    "NotYours",
    "NoGame",
    "NotNow",
    "Unsaved",
    "Unresumable",
    "Table",
    "Tables",
    "Move",
]

MAX_NAME = 32  # characters in a player's name given to a new game
LISTED = "your legal list has them"  # where a refused action's hint sends a seat for the rest


MAX_BOT_SECONDS = 2.0  # what `mcts:Ts` a stranger may ask a server for
RECENT = 64  # moves a table keeps for its sockets' messages (a socket is sent each change)


def word_token(nbytes: int) -> str:
    """A random URL-safe string (`nbytes` of entropy) that does not begin with `-`, so that it
    is never read as an option where a person types it (`dockyard play --token TOKEN`)."""
    while True:
        token = secrets.token_urlsafe(nbytes)
        if not token.startswith("-"):
            return token


def bot_allowed(game: Any, name: str | None) -> None:
    """Refuse (DockyardError) a bot a server does not play: not one of `game`'s, or a search
    stronger than the game's own default (more playouts a move) or longer than
    MAX_BOT_SECONDS a move: an unauthenticated request buys no more thinking than that."""
    from ..bots import make_bot

    bot = make_bot(game, name or None, 0)
    seconds, playouts = getattr(bot, "seconds", None), getattr(bot, "playouts", None)
    if seconds is not None and seconds > MAX_BOT_SECONDS:
        raise DockyardError(
            f"bot {name!r}: a server's bots think at most {MAX_BOT_SECONDS:g} s a move"
        )
    default = game.bot_playouts
    if seconds is None and playouts is not None and default and playouts > default:
        raise DockyardError(
            f"bot {name!r}: a server's bots search at most {default} playouts a move "
            f"({game.name}'s own)"
        )


class TableError(DockyardError):
    """A request a table turns down, with a hint where a legal action helps. Each kind below
    is one answer of the API (app.py says which HTTP status)."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


class BadRequest(TableError):
    """Not a request the API takes (a malformed game, action line or count)."""


class NoSeat(TableError):
    """No token, or one that is not a seat of this game."""


class NotYours(TableError):
    """The action line names another seat than the token's."""


class NoGame(TableError):
    """No game of that id."""


class NotNow(TableError):
    """Not legal, or not allowed, in the game as it is."""


class Unsaved(TableError):
    """The store failed: nothing was played."""


class Unresumable(TableError):
    """A stored game that cannot be replayed (a damaged row, a game no longer installed)."""


@dataclass(frozen=True)
class Move:
    """One action played and the events it made (the first is its `move` event)."""

    action: Action
    events: tuple[Event, ...]
    version: int = 0  # the game's version once it was committed


def lines_for(session: Session, moves: Iterable[Move], seat: str | None) -> list[str]:
    """The event lines of `moves` that `seat` may see (None: a spectator): its own moves in
    their canonical text, anyone else's as announced."""
    out = []
    for move in moves:
        for event in move.events:
            if not event.seen_by(seat):
                continue
            # a move as the seat was told it (dockyard.seats); other events as they are
            out.append(told(session, move.action, seat) if event.kind == "move" else event.text)
    return out


class Table:
    """One game in memory: its session, its bots, its seats' token hashes."""

    def __init__(self, stored: Stored) -> None:
        # one change at a time, and what is shown is what is committed: reads take it too (a
        # move is applied before its commit returns; shown before, it could still fail)
        self.lock = threading.RLock()
        self.rebuild(stored)

    def rebuild(self, stored: Stored) -> None:
        """(Re)build the table from what the store holds: the session replayed from its lines."""
        from ..bots import make_bot

        self.id = stored.id
        record = Record(
            stored.game, stored.seed, stored.players, stored.variants, (), None, tuple(stored.lines)
        )
        self.session = Session.from_record(record, where=f"game {stored.id}")
        # the latest moves, for the sockets' messages (`message`); kept when the table is
        # rebuilt at the version they lead to
        if getattr(self, "version", None) != stored.version:
            self.recent: deque[Move] = deque(maxlen=RECENT)
            self.recent_from = stored.version  # every move after this version is in `recent`
        self.version = stored.version
        self.seed = stored.seed
        self.bot_names = dict(stored.bots)  # seat -> the bot's name ("": the game's best)
        self.bot_seeds = {seat: stored.seed + 1 + i for i, seat in enumerate(stored.bots)}
        self.bots: dict[str, Any] = {}
        for seat, name in stored.bots.items():
            self.bots[seat] = make_bot(self.session.game, name or None, self.bot_seeds[seat])
        self.hashes = {h: seat for seat, h in stored.token_hashes.items()}

    def seat_of(self, token: str | None) -> str | None:
        """The seat a token acts for (None: no token, or not one of this game's)."""
        if not token:
            return None
        digest = hash_token(token)
        for h, seat in self.hashes.items():
            if hmac.compare_digest(h, digest):
                return seat
        return None

    # ---- what a seat is shown -----------------------------------------------------------------
    def snapshot(self, seat: str | None) -> dict[str, Any]:
        """The game as `seat` sees it (None: a spectator), as committed at its version."""
        session = self.session
        with self.lock, session.lock:
            actors = session.actors()
            shown: dict[str, Any] = {
                "id": self.id,
                "game": session.game.name,
                "title": session.game.title,
                "players": list(session.players),
                "variants": list(session.config.variants),
                "bots": {seat: bot.name for seat, bot in self.bots.items()},
                "seat": seat,
                "version": self.version,
                "log": announced_log(session, seat),
                "view": session.view(seat),
                "to_act": actors,
                "over": session.over,
                "result": self.result(),
            }
            if seat is not None:
                legal = session.legal_actions(seat) if seat in actors else []
                shown["legal"] = [session.format(a) for a in legal]
        return shown

    def message(self, since: int | None, seat: str | None) -> dict[str, Any]:
        """A socket's message: the game as `seat` sees it and the events it may see of the
        moves after version `since` (None: none), built together under the table's lock, so
        the events are those of the version shown, however the sockets' wake-ups are timed.
        Moves this process did not make (another's, on a shared store) and those of a socket
        more than RECENT moves behind are told by the log only."""
        with self.lock, self.session.lock:  # (the table's: no change is half told)
            moves: list[Move] = []  # (a socket far behind: told by the log)
            if since is not None and since >= self.recent_from:
                moves = [m for m in self.recent if m.version > since]
            events = lines_for(self.session, moves, seat)
            return {"type": "state", "events": events, **self.snapshot(seat)}

    def remember(self, moves: list[Move]) -> None:
        """Keep `moves` (just committed, the lock held) for the sockets' next messages."""
        recent = self.recent
        for move in moves:
            if len(recent) == recent.maxlen:  # its version's other moves may stay: not whole
                self.recent_from = max(self.recent_from, recent[0].version)
            recent.append(move)

    def result(self) -> dict[str, Any] | None:
        outcome = self.session.outcome()
        if outcome is None:
            return None
        return {
            "winners": list(outcome.winners),
            "draw": not outcome.winners,
            "scores": dict(outcome.scores),
            "reason": outcome.reason,
            "text": describe_outcome(outcome),
        }

    def save_text(self) -> str:
        """The game's save (TOML: seed and lines), once it is over: before, the seed would
        tell every seat what is hidden (the decks' order)."""
        from ..saves import dumps

        session = self.session
        with self.lock, session.lock:
            if not session.over:
                raise NotNow("a game's save (with its seed) is given once the game is over")
            return dumps(session.record())

    def picture(self, seat: str | None) -> str | None:
        with self.lock:
            drawing = self.session.picture(seat)
            return None if drawing is None else str(drawing.to_string())

    # ---- reading an action line ---------------------------------------------------------------
    def seat_action(self, line: Any, seat: str) -> Action:
        """The action `seat` means by `line` (`Session.action_of`; the `PLAYER:` prefix may be
        left out): 400 when it is not an action line, 403 when it names another seat."""
        if not isinstance(line, str) or not line.strip():
            raise BadRequest('send {"action": "LINE"}, a line such as "x: mark b2"')
        session = self.session
        try:
            action = session.action_of(line.strip(), seat, "action")
        except ParseError as exc:
            raise BadRequest(str(exc)) from None
        if action.player != seat:
            if action.player in session.players:
                raise NotYours(f"your token plays {seat}: {action.player}'s actions are not yours")
            raise NotNow(f"no player {action.player!r} (players: {', '.join(session.players)})")
        return action


class Tables:
    """The games a server holds, each loaded on demand and kept while used (at most
    `capacity` in memory; the rest wait in the store)."""

    def __init__(self, store: Store, capacity: int = 1024) -> None:
        self.store = store
        self.capacity = capacity
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()  # guards the dictionary, not the tables
        self.wake: Callable[[str], None] = lambda gid: None  # the bots of a game may be to move
        # told(gid, moves) after every change, the table's lock still held: the sockets are
        # told of the changes in the order they were made (an undo: no moves)
        self.told: Callable[[str, list[Move]], None] = lambda gid, moves: None

    # ---- games --------------------------------------------------------------------------------
    def create(self, request: Any) -> tuple[str, dict[str, str]]:
        """A new game from a JSON request: its id and each human seat's token (the bots move
        later: robots.py). BadRequest with the CLI's words when the request is not a game."""
        from ..registry import registry

        if not isinstance(request, dict):
            raise BadRequest('send a JSON object such as {"game": "tictactoe", "players": 2}')
        unknown = sorted(set(request) - {"game", "players", "variants", "seed", "bots"})
        if unknown:
            raise BadRequest(
                f"unknown field {unknown[0]!r} (fields: game, players, variants, seed, bots)"
            )
        name, players = request.get("game"), request.get("players")
        variants, seed, bots = request.get("variants", []), request.get("seed"), request.get("bots")
        if not isinstance(name, str):
            raise BadRequest('"game" names a game (GET /api/games/catalog lists them)')
        if players is not None and not (
            (isinstance(players, int) and not isinstance(players, bool))
            or (isinstance(players, list) and all(isinstance(p, str) for p in players))
        ):
            raise BadRequest('"players" is a count or a list of names')
        if isinstance(players, list) and any(len(p) > MAX_NAME for p in players):
            raise BadRequest(f"a player's name is at most {MAX_NAME} characters")
        if isinstance(players, list) and len(players) > 64:
            raise BadRequest("at most 64 players")
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise BadRequest('"variants" is a list of variant names')
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise BadRequest('"seed" is a whole number from 0')
        bots = bots or {}
        if not isinstance(bots, dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in bots.items()
        ):
            raise BadRequest('"bots" maps a seat to a bot name, as {"o": "random"}')
        try:
            game = registry().game(name)
            session = Session(game.name, seed=seed, players=players, variants=variants)
            for seat, bot in bots.items():
                if seat not in session.players:
                    raise DockyardError(
                        f"no seat {seat!r} for a bot (players: {', '.join(session.players)})"
                    )
                bot_allowed(session.game, bot)
        except DockyardError as exc:
            raise BadRequest(str(exc)) from None
        gid = word_token(9)
        tokens = {p: word_token(24) for p in session.players if p not in bots}
        new = NewGame(
            gid,
            session.game.name,
            session.players,
            tuple(session.config.variants),
            seed,
            {seat: bot or "" for seat, bot in bots.items()},
            {seat: hash_token(t) for seat, t in tokens.items()},
        )
        self.store.create(new)
        return gid, tokens

    def get(self, gid: str) -> Table:
        """The table of game `gid` (404 when there is none), up to date with the store."""
        if not isinstance(gid, str) or not gid or len(gid) > 64:
            raise NoGame("no such game")
        with self._lock:
            table = self._tables.get(gid)
            if table is not None:
                self._tables.move_to_end(gid)
        if table is None:
            return self._load(gid)
        if self.store.shared:
            version = self.store.version(gid)
            if version is not None and version != table.version:
                with table.lock:
                    self._refresh(table)
        return table

    def _refresh(self, table: Table) -> None:
        """Bring `table` (its lock held) back to what the store holds."""
        stored = self.store.load(table.id)
        if stored is None:
            raise NoGame(f"no game {table.id!r}")
        table.rebuild(stored)

    def _load(self, gid: str) -> Table:
        stored = self.store.load(gid)
        if stored is None:
            raise NoGame(f"no game {gid!r}")
        try:
            table = Table(stored)
        except DockyardError as exc:  # a damaged row, or a game no longer installed
            raise Unresumable(f"game {gid!r} cannot be resumed: {exc}") from None
        with self._lock:
            present = self._tables.get(gid)
            if present is not None:  # loaded meanwhile by another request (and maybe moved on)
                self._tables.move_to_end(gid)
                return present
            self._tables[gid] = table
            self._tables.move_to_end(gid)
            while len(self._tables) > self.capacity:
                self._tables.popitem(last=False)
        self.wake(gid)  # stopped (a crash) between a move and the bots' replies: go on
        return table

    # ---- changes ------------------------------------------------------------------------------
    def commit(self, table: Table, play: Callable[[Session], list[Move]]) -> list[Move]:
        """Run `play` on the table's session (its lock held) inside one store transaction and
        write the change of its log; the moves played. If anything fails, the stored game is
        as it was and so, rebuilt from it, is the table."""
        for _ in range(3):
            session = table.session
            before = len(session.log)
            try:
                with self.store.change(table.id) as change:
                    if change.version != table.version:  # another process moved: catch up
                        raise _Stale()
                    moves = play(session)
                    after = len(session.log)
                    if after < before:
                        change.truncate(after)
                    elif after > before:
                        change.append([session.format(a) for a in session.log[before:]])
                    else:
                        return moves  # nothing changed: nothing to commit
            except _Stale:
                self._refresh(table)
                continue
            except DockyardError:  # refused (409, 400...): nothing was stored
                if len(session.log) != before:
                    self._refresh(table)
                raise
            except Exception as exc:  # the store failed: memory goes back to what it holds
                try:
                    self._refresh(table)
                except Exception:
                    self.forget(table.id)
                raise Unsaved(
                    f"the game could not be saved, so nothing was played ({exc})"
                ) from exc
            table.version = change.version + 1
            moves = [replace(move, version=table.version) for move in moves]
            table.remember(moves)
            self.told(table.id, moves)
            return moves
        raise Unsaved("the game keeps changing under this server; try again")

    def forget(self, gid: str) -> None:
        with self._lock:
            self._tables.pop(gid, None)

    def act(
        self, gid: str, token: str | None, line: Any
    ) -> tuple[Table, list[Move], dict[str, Any]]:
        """Play `line` for the seat `token` holds (committed before it is answered): the table,
        the moves made, and the answer to the seat (built under the table's lock: the events
        it may see, its own move in canonical text, and whether the game is over)."""
        table = self.get(gid)
        seat = table.seat_of(token)
        if seat is None:
            raise NoSeat("a seat's token is needed (Authorization: Bearer TOKEN)")
        with table.lock:
            action = table.seat_action(line, seat)

            def play(session: Session) -> list[Move]:
                try:
                    events = session.apply(action)
                except IllegalAction as exc:
                    raise NotNow(
                        str(exc),
                        legal_hint(session, action, seat, listed_by=LISTED),
                    ) from None
                return [Move(action, tuple(events))]

            moves = self.commit(table, play)
            answer = {"events": lines_for(table.session, moves, seat), "over": table.session.over}
        return table, moves, answer

    def undo(self, gid: str, token: str | None, n: Any = 1) -> dict[str, Any]:
        """Take back the seat's last `n` actions (and the bots' replies), under the REPL's seat
        rules: only its own, never past a reveal or past what showed it another's secret."""
        table = self.get(gid)
        seat = table.seat_of(token)
        if seat is None:
            raise NoSeat("a seat's token is needed (Authorization: Bearer TOKEN)")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10_000:
            raise BadRequest('"n" is how many of your actions to take back, from 1')
        with table.lock:
            taken: list[Action] = []

            def play(session: Session) -> list[Move]:
                count = undo_count(session, n, table.bots)
                reason = undo_refusal(session, count, seat, table.bots)
                if reason is not None:
                    raise NotNow(f"cannot undo: {reason}")
                taken.extend(session.log[-count:])
                session.undo(count, players={seat, *table.bots}, barriers=True)
                return []

            self.commit(table, play)
            # as the seat was told them: a bot's secret action (a sealed bid) only as announced
            session = table.session
            undone = [told(session, a, seat) for a in taken]
        return {"undone": undone[::-1]}


class _Stale(Exception):
    """The stored game moved on since the table was loaded."""
