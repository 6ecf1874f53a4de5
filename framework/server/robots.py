"""The bots of a server's tables, moved after the request that made it their turn has been
answered: never inside a request, never on the event loop, never in the web process's own
interpreter (a CPU-bound search there would hold the GIL and slow every other game).

`Robots` takes the games whose bots are to move from two queues, one move at a time and in turn
(a game of two searching bots does not hold up another: after each move it goes to the back of
its queue). Quick bots (policies, random) move in a thread of the server's process; searching
ones (mcts) are asked in a worker process of their own (lower priority, keeping each game's
session and bots between moves), under a time budget per move: a worker that has not answered
within it is ended and a new one started, and the bot plays a random legal action instead. Each game's bots also have thinking time in total (`per_game`); past it they play
random legal actions. The move is then judged and committed under the table's lock as a seat's
action is, and every open socket of the game is told.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, DockyardError, IllegalAction
from ..session import MAX_BOT_MOVES
from .tables import Move, NoGame, Table, Tables

__all__ = ["Robots", "BotJob", "MAX_BOT_MOVES"]


log = logging.getLogger("dockyard.serve")


@dataclass(frozen=True)
class BotJob:
    """What a worker needs to choose one bot's move: the game as its lines, the bot."""

    gid: str
    game: str
    seed: int
    players: tuple[str, ...]
    variants: tuple[str, ...]
    lines: tuple[str, ...]
    seat: str
    bot: str
    bot_seed: int


def _choose_forever(conn: Any) -> None:  # pragma: no cover - runs in the worker process
    """The worker: answer jobs until the pipe closes, keeping recent games' sessions."""
    from ..bots import make_bot
    from ..saves import Record
    from ..session import Session

    try:
        os.nice(10)
    except OSError:
        pass
    games: OrderedDict[str, tuple[Session, list[str], dict[str, Any]]] = OrderedDict()
    while True:
        try:
            job: BotJob = conn.recv()
        except (EOFError, OSError):
            return
        try:
            held = games.pop(job.gid, None)
            if held is None or held[1] != list(job.lines[: len(held[1])]):
                record = Record(job.game, job.seed, job.players, job.variants, (), None, job.lines)
                held = (Session.from_record(record, where=f"game {job.gid}"), list(job.lines), {})
            session, lines, bots = held
            for line in job.lines[len(lines) :]:
                session.apply_text(line)
                lines.append(line)
            games[job.gid] = held
            while len(games) > 64:
                games.popitem(last=False)
            bot = bots.get(job.seat)
            if bot is None:
                bot = bots[job.seat] = make_bot(session.game, job.bot or None, job.bot_seed)
            action = bot.choose(session, [session.players.index(job.seat)])
            conn.send(("ok", action))
        except Exception as exc:  # noqa: BLE001 - told to the server, which plays on
            games.pop(job.gid, None)
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    """One worker process and its pipe."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.proc = context.Process(
            target=_choose_forever, args=(child,), daemon=True, name="dockyard-bots"
        )
        self.proc.start()
        child.close()

    def choose(self, job: BotJob, budget: float) -> Action | None:
        """The bot's move, or None when it is not chosen within `budget` seconds (the worker
        is then useless: the caller ends it)."""
        self.conn.send(job)
        if not self.conn.poll(budget):
            return None
        status, value = self.conn.recv()
        if status != "ok":
            raise DockyardError(str(value))
        return value  # type: ignore[no-any-return]

    def close(self) -> None:
        try:
            self.conn.close()
        finally:
            self.proc.terminate()
            self.proc.join(5)
            if self.proc.is_alive():
                self.proc.kill()
                self.proc.join(5)


class _BotLane:
    """A queue of games and the thread that takes them in turn: `step(gid)` moves one bot of
    the game and says whether it may have more to do (then it goes to the back)."""

    def __init__(self, name: str, step: Callable[[str], bool]) -> None:
        self.step = step
        self._queue: deque[str] = deque()
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def wake(self, gid: str) -> None:
        with self._cond:
            if gid not in self._queue:
                self._queue.append(gid)
                self._cond.notify()

    def idle(self) -> bool:
        with self._cond:
            return not self._queue

    def close(self, wait: bool = True) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        if wait:
            self._thread.join(15)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                gid = self._queue[0]
            try:
                again = self.step(gid)
            except NoGame:
                again = False
            except Exception as exc:  # noqa: BLE001 - one line in the log; the game waits
                log.warning("dockyard serve: game %s: the bots stopped: %s", gid, exc)
                again = False
            with self._cond:
                if self._queue and self._queue[0] == gid:
                    self._queue.popleft()
                if again and gid not in self._queue and not self._closed:
                    self._queue.append(gid)  # its next move after the other games' turns


class Robots:
    """Moves the bots of every table in turn, one move at a time (see the module's text): the
    quick bots (policies, random) in a thread of this process, the searching ones (mcts) in a
    worker process, each lane with its own queue so that a search never delays a quick bot."""

    def __init__(
        self,
        tables: Tables,
        budget: float = 10.0,
        per_game: float = 600.0,
    ) -> None:
        self.tables = tables
        self.budget = budget  # seconds a move (the worker's replay of the game included)
        self.per_game = per_game  # seconds of thinking for all of a game's bots together
        self.spent: dict[str, float] = {}
        self.in_a_row: dict[str, int] = {}  # bots' moves since a seat last acted
        self._worker: _Worker | None = None
        self._closed = False
        self._quick = _BotLane("dockyard-bots", lambda gid: self._step(gid, searching=False))
        self._search = _BotLane("dockyard-search", lambda gid: self._step(gid, searching=True))

    def wake(self, gid: str, acted: bool = False) -> None:
        """The bots of game `gid` may be to move (a cheap call; any thread); `acted`: a seat
        has just acted (or the game was made)."""
        if acted:
            self.in_a_row.pop(gid, None)
        self._quick.wake(gid)
        self._search.wake(gid)

    def idle(self) -> bool:
        return self._quick.idle() and self._search.idle()

    def close(self) -> None:
        """Stop moving bots: the worker ended (a search in progress is dropped: the bot's
        move is made after the restart), the lanes' threads finished."""
        self._closed = True
        for lane in (self._quick, self._search):
            lane.close(wait=False)
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()
        for lane in (self._quick, self._search):
            lane.close()

    def _step(self, gid: str, searching: bool) -> bool:
        """Move one bot of game `gid` of the lane's kind: True when there may be more."""
        table = self.tables.get(gid)
        with table.lock:
            job = _job_of(table, searching)
            version = table.version
            if job is None:
                return False
            if not searching:
                session = table.session
                seat = session.players.index(job.seat)
                return self._commit(table, gid, table.bots[job.seat].choose(session, [seat]))
        action: Action | None = None
        if self.spent.get(gid, 0.0) < self.per_game:
            start = time.monotonic()
            action = self._think(job)
            self.spent[gid] = self.spent.get(gid, 0.0) + time.monotonic() - start
            if len(self.spent) > 100_000:
                self.spent.clear()
        with table.lock:
            if self._closed:
                return False
            if table.version != version:
                return True  # the game moved meanwhile: choose again
            if action is None:  # out of time: a random legal action
                from ..bots import make_bot

                session = table.session
                chooser = make_bot(session.game, "random", job.bot_seed + len(job.lines))
                action = chooser.choose(session, [session.players.index(job.seat)])
            return self._commit(table, gid, action)

    def _commit(self, table: Table, gid: str, action: Action) -> bool:
        """Play the bot's `action` (the table's lock held; the sockets are told by commit)."""
        moved = self.in_a_row[gid] = self.in_a_row.get(gid, 0) + 1
        if moved > MAX_BOT_MOVES:
            log.warning(
                "dockyard serve: game %s: the bots made %d moves in a row without an end; "
                "they stop",
                gid,
                MAX_BOT_MOVES,
            )
            return False
        if len(self.in_a_row) > 100_000:
            self.in_a_row.clear()

        def play(session: Any) -> list[Move]:
            return [Move(action, tuple(session.apply(action)))]

        try:
            self.tables.commit(table, play)
        except IllegalAction:  # another process moved first (a shared store)
            return True
        self.wake(gid)  # the other lane's bot may be next
        return True

    def _think(self, job: BotJob) -> Action | None:
        worker = self._worker
        if worker is None or not worker.proc.is_alive():
            if self._closed:
                return None
            worker = self._worker = _Worker()
        try:
            action = worker.choose(job, self.budget)
            why = f"did not move within {self.budget:g} s"
        except (EOFError, OSError, DockyardError) as exc:
            action, why = None, f"failed ({exc})"
        if action is None and not self._closed:
            log.warning(
                "dockyard serve: game %s: %s's bot %s; it plays at random", job.gid, job.seat, why
            )
        if action is None:  # over its budget (or dead): a fresh worker for the next move
            worker.close()
            if self._worker is worker:
                self._worker = None
        return action


def searches(bot: Any) -> bool:
    """Whether `bot` searches (its moves cost seconds): those run in the worker process."""
    from ..bots.search import MctsBot

    return isinstance(bot, MctsBot)


def _job_of(table: Table, searching: bool) -> BotJob | None:
    """What the bot to move at `table` needs, if it is of the kind asked for (its lock held);
    None when no such bot is to move."""
    session = table.session
    if session.over or not table.bots:
        return None
    seats = [p for p in session.actors() if p in table.bots]
    if not seats or searches(table.bots[seats[0]]) != searching:
        return None
    seat = seats[0]
    return BotJob(
        table.id,
        session.game.name,
        table.seed,
        tuple(session.players),
        tuple(session.config.variants),
        tuple(session.format(a) for a in session.log) if searching else (),
        seat,
        table.bot_names[seat],
        table.bot_seeds[seat],
    )
