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
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core import Action, DockyardError, Event, IllegalAction
from ..language import ParseError
from ..saves import Record
from ..seats import announced_log, legal_hint, undo_count, undo_refusal
from ..session import MAX_BOT_MOVES, Session
from ..words import describe_outcome
from .store import NewGame, Store, Stored, hash_token

__all__ = ["Refused", "Table", "Tables", "Move"]

LISTED = "your legal list has them"  # where a refused action's hint sends a seat for the rest


class Refused(DockyardError):
    """A request the server turns down, with its HTTP status: 400 bad request, 401 no valid
    token, 403 not this token's seat, 404 no such game, 409 not legal now, 503 not saved."""

    def __init__(self, status: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.hint = hint


@dataclass(frozen=True)
class Move:
    """One action played and the events it made (the first is its `move` event)."""

    action: Action
    events: tuple[Event, ...]


def lines_for(session: Session, moves: Iterable[Move], seat: str | None) -> list[str]:
    """The event lines of `moves` that `seat` may see (None: a spectator): its own moves in
    their canonical text, anyone else's as announced."""
    out = []
    for move in moves:
        for event in move.events:
            if not event.seen_by(seat):
                continue
            if event.kind == "move" and seat is not None and move.action.player == seat:
                out.append(session.format(move.action))
            else:
                out.append(event.text)
    return out


class Table:
    """One game in memory: its session, its bots, its seats' token hashes."""

    def __init__(self, stored: Stored) -> None:
        self.lock = threading.Lock()  # one change at a time; reads take the session's own lock
        self.rebuild(stored)

    def rebuild(self, stored: Stored) -> None:
        """(Re)build the table from what the store holds: the session replayed from its lines."""
        from ..bots import make_bot

        self.id = stored.id
        record = Record(
            stored.game, stored.seed, stored.players, stored.variants, (), None, tuple(stored.lines)
        )
        self.session = Session.from_record(record, where=f"game {stored.id}")
        self.version = stored.version
        self.bots: dict[str, Any] = {}
        for i, (seat, name) in enumerate(stored.bots.items()):
            self.bots[seat] = make_bot(self.session.game, name or None, stored.seed + 1 + i)
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
        """The game as `seat` sees it (None: a spectator)."""
        session = self.session
        with session.lock:
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
        with session.lock:
            if not session.over:
                raise Refused(409, "a game's save (with its seed) is given once the game is over")
            return dumps(session.record())

    def picture(self, seat: str | None) -> str | None:
        drawing = self.session.picture(seat)
        return None if drawing is None else str(drawing.to_string())

    # ---- reading an action line ---------------------------------------------------------------
    def seat_action(self, line: Any, seat: str) -> Action:
        """The action `seat` means by `line` (`Session.action_of`; the `PLAYER:` prefix may be
        left out): 400 when it is not an action line, 403 when it names another seat."""
        if not isinstance(line, str) or not line.strip():
            raise Refused(400, 'send {"action": "LINE"}, a line such as "x: mark b2"')
        session = self.session
        try:
            action = session.action_of(line.strip(), seat, "action")
        except ParseError as exc:
            raise Refused(400, str(exc)) from None
        if action.player != seat:
            if action.player in session.players:
                raise Refused(
                    403, f"your token plays {seat}: {action.player}'s actions are not yours"
                )
            raise Refused(
                409, f"no player {action.player!r} (players: {', '.join(session.players)})"
            )
        return action


class Tables:
    """The games a server holds, each loaded on demand and kept while used (at most
    `capacity` in memory; the rest wait in the store)."""

    def __init__(self, store: Store, capacity: int = 1024) -> None:
        self.store = store
        self.capacity = capacity
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()  # guards the dictionary, not the tables

    # ---- games --------------------------------------------------------------------------------
    def create(self, request: Any) -> tuple[str, dict[str, str], list[Move]]:
        """A new game from a JSON request: its id, each human seat's token, the bots' first
        moves. Refused(400) with the CLI's words when the request is not a game."""
        from ..bots import make_bot
        from ..registry import registry

        if not isinstance(request, dict):
            raise Refused(400, 'send a JSON object such as {"game": "tictactoe", "players": 2}')
        unknown = sorted(set(request) - {"game", "players", "variants", "seed", "bots"})
        if unknown:
            raise Refused(
                400, f"unknown field {unknown[0]!r} (fields: game, players, variants, seed, bots)"
            )
        name, players = request.get("game"), request.get("players")
        variants, seed, bots = request.get("variants", []), request.get("seed"), request.get("bots")
        if not isinstance(name, str):
            raise Refused(400, '"game" names a game (GET /api/games/catalog lists them)')
        if players is not None and not (
            (isinstance(players, int) and not isinstance(players, bool))
            or (isinstance(players, list) and all(isinstance(p, str) for p in players))
        ):
            raise Refused(400, '"players" is a count or a list of names')
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise Refused(400, '"variants" is a list of variant names')
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise Refused(400, '"seed" is a whole number from 0')
        bots = bots or {}
        if not isinstance(bots, dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in bots.items()
        ):
            raise Refused(400, '"bots" maps a seat to a bot name, as {"o": "random"}')
        try:
            game = registry().game(name)
            session = Session(game.name, seed=seed, players=players, variants=variants)
            for i, (seat, bot) in enumerate(bots.items()):
                if seat not in session.players:
                    raise DockyardError(
                        f"no seat {seat!r} for a bot (players: {', '.join(session.players)})"
                    )
                make_bot(session.game, bot or None, seed + 1 + i)
        except DockyardError as exc:
            raise Refused(400, str(exc)) from None
        gid = secrets.token_urlsafe(9)
        tokens = {p: secrets.token_urlsafe(24) for p in session.players if p not in bots}
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
        table = self.get(gid)
        with table.lock:
            moves = self._bots_move(table)
        return gid, tokens, moves

    def get(self, gid: str) -> Table:
        """The table of game `gid` (404 when there is none), up to date with the store."""
        if not isinstance(gid, str) or not gid or len(gid) > 64:
            raise Refused(404, "no such game")
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
            raise Refused(404, f"no game {table.id!r}")
        table.rebuild(stored)

    def _load(self, gid: str) -> Table:
        stored = self.store.load(gid)
        if stored is None:
            raise Refused(404, f"no game {gid!r}")
        try:
            table = Table(stored)
        except DockyardError as exc:  # a damaged row, or a game no longer installed
            raise Refused(500, f"game {gid!r} cannot be resumed: {exc}") from None
        with self._lock:
            present = self._tables.get(gid)
            if present is not None:  # loaded meanwhile by another request (and maybe moved on)
                self._tables.move_to_end(gid)
                return present
            self._tables[gid] = table
            self._tables.move_to_end(gid)
            while len(self._tables) > self.capacity:
                self._tables.popitem(last=False)
        with table.lock:  # stopped (a crash) between a move and the bots' replies: go on
            self._bots_move(table)
        return table

    # ---- changes ------------------------------------------------------------------------------
    def _commit(self, table: Table, play: Callable[[Session], list[Move]]) -> list[Move]:
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
                raise Refused(
                    503, f"the game could not be saved, so nothing was played ({exc})"
                ) from exc
            table.version = change.version + 1
            return moves
        raise Refused(503, "the game keeps changing under this server; try again")

    def forget(self, gid: str) -> None:
        with self._lock:
            self._tables.pop(gid, None)

    def act(self, gid: str, token: str | None, line: Any) -> tuple[Table, str, list[Move]]:
        """Play `line` for the seat `token` holds, then the bots' replies (each committed as it
        is played): the table, the seat, and the moves made."""
        table = self.get(gid)
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(401, "a seat's token is needed (Authorization: Bearer TOKEN)")
        with table.lock:
            action = table.seat_action(line, seat)

            def play(session: Session) -> list[Move]:
                try:
                    events = session.apply(action)
                except IllegalAction as exc:
                    raise Refused(
                        409,
                        str(exc),
                        legal_hint(session, action, seat, listed_by=LISTED),
                    ) from None
                return [Move(action, tuple(events))]

            moves = self._commit(table, play)
            moves += self._bots_move(table)
        return table, seat, moves

    def _bots_move(self, table: Table) -> list[Move]:
        """The bots play while it is their turn, each move committed on its own."""
        moves: list[Move] = []
        for _ in range(MAX_BOT_MOVES):
            session = table.session
            if session.over or not table.bots:
                return moves
            seats = [p for p in session.actors() if p in table.bots]
            if not seats:
                return moves
            bot = table.bots[seats[0]]
            action = bot.choose(session, [session.players.index(seats[0])])

            def play(session: Session, action: Action = action) -> list[Move]:
                return [Move(action, tuple(session.apply(action)))]

            try:
                moves += self._commit(table, play)
            except IllegalAction:  # another process moved first (a shared store): choose again
                continue
        raise Refused(503, f"the bots made {MAX_BOT_MOVES} moves in a row without an end")

    def undo(self, gid: str, token: str | None, n: Any = 1) -> tuple[Table, str, list[Action]]:
        """Take back the seat's last `n` actions (and the bots' replies), under the REPL's seat
        rules: only its own, never past a reveal or past what showed it another's secret."""
        table = self.get(gid)
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(401, "a seat's token is needed (Authorization: Bearer TOKEN)")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10_000:
            raise Refused(400, '"n" is how many of your actions to take back, from 1')
        with table.lock:
            taken: list[Action] = []

            def play(session: Session) -> list[Move]:
                count = undo_count(session, n, table.bots)
                reason = undo_refusal(session, count, seat, table.bots)
                if reason is not None:
                    raise Refused(409, f"cannot undo: {reason}")
                taken.extend(session.log[-count:])
                session.undo(count, players={seat, *table.bots}, barriers=True)
                return []

            self._commit(table, play)
        return table, seat, taken


class _Stale(Exception):
    """The stored game moved on since the table was loaded."""
