"""What a session is built on: a game's state and action log, and its rules applied to them
(legality, playing an action, replaying a log, the canonical text and the announcement of an
action). `History` (undo and redo, history.py) extends it and `Session` (session.py) completes
it: the line reading, what a seat is shown, saves. A session is its seed plus its action log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from threading import RLock
from typing import Any, Concatenate, ParamSpec, TypeVar

from .config import Config
from .core import make_event
from .flow import actors
from .game import Action, Context, DockyardError, Event, Game, IllegalAction, Setup
from .speed.cloning import CloneCheckError

CHECKPOINT_EVERY = 16  # a copy of the state every this many actions, so undo replays few
UNDO_EVERY = 8  # ... and an undo's replay keeps a copy every this many on its way (the next
# undo, a step further back, then replays fewer)
# All those copies only in the last SPARSE_EVERY actions, where undo goes first: further back a
# copy is kept every SPARSE_EVERY actions (few copies live long, so Python's full garbage
# collections stay rare), and an undo that deep makes the copies near where it lands again
SPARSE_EVERY = 64

MAX_KNOWN_ACTIONS = 500_000  # well-formed actions remembered per grammar
MAX_TEXTS = 100_000  # canonical texts remembered per game
MAX_MOVES = 50_000  # move events remembered per game (by the very action object played)

__all__ = ["CHECKPOINT_EVERY", "SPARSE_EVERY", "UNDO_EVERY", "Playing", "locked"]

_S = TypeVar("_S", bound="Playing")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def locked(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """The method runs whole under its session's lock (`Session.lock`, reentrant), so that
    threads sharing a session never see or make a game half changed."""

    @wraps(method)
    def run(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        lock = self.lock
        lock.acquire()  # (cheaper than `with`)
        try:
            return method(self, *args, **kwargs)
        finally:
            lock.release()

    return run


class Playing:
    """A game's state and log with the rules applied to them: the part of `Session` that
    undo and redo (`History`) build on. Not made on its own: `Session.__init__` fills it."""

    config: Config
    game: Game
    hook: Any
    content: Any
    language: Any
    options: dict[str, Any]
    state: Any
    log: list[Action]
    redo_stack: list[Action]
    barriers: list[int]  # log lengths after actions that revealed something
    events: list[Event]
    last_events: list[Event]
    lock: RLock  # every call that reads or changes the game runs whole under it (`locked`)
    _out_of_turn: bool
    _event_listeners: bool
    _moves: dict[int, tuple[Action, Event]]
    # what legal_actions() returned last, by identity, and the epoch it was for: `apply`
    # of one of these very objects needs no legality check (the rules just listed it)
    _offered: tuple[Action, ...]
    _offered_epoch: int
    _epoch: int  # counts every change of the state (apply, undo, rebuilds)
    # (actions played, a copy of the state then, events then), every CHECKPOINT_EVERY
    # actions in the last SPARSE_EVERY, every SPARSE_EVERY before
    _checkpoints: list[tuple[int, Any, int]]
    _copies_from: int  # while loading: no state copies before this many actions
    _keeps_events: bool  # False: `events` stays empty (`keep_no_events`)

    @property
    def players(self) -> tuple[str, ...]:
        return self.config.players

    @property
    def seed(self) -> int:
        return self.config.seed

    def _fresh(self) -> tuple[Any, list[Event]]:
        ctx = Context(self.game, self.hook, self.config.variants)
        setup = Setup(
            self.config.players,
            self.config.seed,
            self.content,
            self.config.variants,
            self.hook,
            dict(self.options),
        )
        state = self.game.setup(setup, ctx)
        return state, ctx.events

    def replay(self, actions: Sequence[Action], check: bool = False) -> tuple[Any, list[Event]]:
        """The state and events of a fresh game after `actions` (this session's setup), apart
        from the session's own: what a tool asks to look at a moment of the log (what a seat
        was shown then, a replay); `check`: each action judged first (IllegalAction)."""
        state, events = self._fresh()
        self.replay_onto(state, events, actions, 0, check)
        return state, events

    def replay_onto(
        self,
        state: Any,
        events: list[Event],
        actions: Sequence[Action],
        done: int = 0,
        check: bool = False,
        keep_from: int | None = None,
    ) -> None:
        """Play `actions` on `state` (a copy apart from the session's, which has `done` actions
        played), adding their events (each action's `move` event, then its own); from
        `keep_from` actions on, checkpoints are made on the way."""
        for i, action in enumerate(actions, done):
            seat = self.seat_of(action.player)
            if check:
                reason = self._why_illegal(state, action, seat)
                if reason is not None:
                    raise IllegalAction(f"action {i + 1} ({self.format(action)}): {reason}")
            ctx = Context(self.game, self.hook, self.config.variants)
            self.game.apply(state, action, seat, ctx)
            events.append(self._move(action))
            events.extend(ctx.events)
            if keep_from is not None and (i + 1) % UNDO_EVERY == 0 and i + 1 >= keep_from:
                self._checkpoint(len(events), state, i + 1)

    # ---- questions -------------------------------------------------------------------------
    def seat_of(self, player: str) -> int:
        """The seat (index) of `player`; IllegalAction when it is no player of this game."""
        if not isinstance(player, str):
            raise IllegalAction(f"a player is named by a string, not {player!r}")
        try:
            return self.config.players.index(player)
        except ValueError:
            raise IllegalAction(
                f"no player {player!r} in this game (players: {', '.join(self.players)})"
            ) from None

    @locked
    def actors(self) -> list[str]:
        """Names of the players who may act now."""
        return [self.players[s] for s in actors(self.state)]

    @property
    def over(self) -> bool:
        return self.state.flow.over is not None

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The actions the players to move (or `player`) may play now."""
        lock = self.lock  # what is listed, and the epoch it is listed for, go together
        lock.acquire()  # (cheaper than `with`, and this is called before every move)
        try:
            return self._listed(player)
        finally:
            lock.release()

    def _listed(self, player: str | None) -> list[Action]:
        allowed = actors(self.state)
        if self._out_of_turn:  # seats that may act while the flow waits for others
            extra = self.game.out_of_turn(self.state)
            allowed = [*allowed, *(s for s in extra if s not in allowed)]
        seats = allowed if player is None else [self.seat_of(player)]
        if len(seats) == 1 and seats[0] in allowed:
            out = list(self.game.legal_actions(self.state, seats[0]))  # the caller's own copy
        else:
            out = []
            for seat in seats:
                if seat in allowed:
                    out += self.game.legal_actions(self.state, seat)
        # kept alive (so that their ids stay theirs), and as they were: what the caller does
        # to the list (an action added to it) changes nothing of what the rules offered
        self._offered = tuple(out)
        self._offered_epoch = self._epoch
        return out

    def malformed(self, action: Any) -> str | None:
        """Why `action` is not even shaped like an action (None when it is)."""
        if not isinstance(action, Action):
            return f"not an Action: {action!r}"
        if not isinstance(action.player, str) or not isinstance(action.verb, str):
            return f"an action's player and verb are strings: {action!r}"
        if not isinstance(action.args, tuple):
            return f"an action's arguments are a tuple: {action!r}"
        try:
            hash(action)
        except TypeError:
            return "an action's arguments must be plain values (strings, numbers, tuples)"
        return None

    def _was_offered(self, action: Action) -> bool:
        """Is `action` the very object the last `legal_actions()` listed? (By identity: cheaper
        than a set of ids made for every list, and than `in`, which compares values.)"""
        for one in self._offered:
            if one is action:
                return True
        return False

    def _not_canonical(self, action: Action) -> str | None:
        """Why an action the rules accept is still not well formed: its own canonical text must
        parse back to it, so an extra or odd argument is refused instead of making an
        unloadable save. Checked once per distinct action."""
        if self._was_offered(action):
            return None  # the rules made it (and the generic suite checks that it round-trips)
        known = self.language.known
        if action in known:
            return None
        try:
            back = self.language.parse_action(self.format(action), action.player)
        except Exception:
            back = None
        if back != action:
            return f"not a well-formed {action.verb!r} action: {action!r}"
        if len(known) > MAX_KNOWN_ACTIONS:
            known.clear()
        known.add(action)
        return None

    def _why_illegal(
        self, state: Any, action: Action, seat: int, parsed: bool = False
    ) -> str | None:
        """Why `action` may not be played now by `seat`; `parsed`: it was read from its text,
        so it is well formed (its text is what parses to it)."""
        if state.flow.over is not None:
            return "the game is over"
        allowed = actors(state)
        if seat not in allowed and seat not in self.game.out_of_turn(state):
            names = " or ".join(self.players[s] for s in allowed)
            if state.flow.pending:
                asked = state.flow.pending[-1]
                return f"waiting for {names} to answer" + (
                    "" if asked.private else f": {asked.prompt}"
                )
            phases = self.game.phases
            if phases and phases[state.flow.phase].simultaneous and seat in state.flow.order:
                return f"{action.player} has finished this {phases[state.flow.phase].name} phase (waiting for {names})"
            return f"it is not {action.player}'s turn (waiting for {names})"
        odd = None if parsed else self._not_canonical(action)
        if odd is not None:  # the rules may still say better why (e.g. "no such verb")
            try:
                return self.game.check(state, action, seat) or odd
            except Exception:  # rules need not expect malformed actions: rebuild, to be sure
                if state is self.state:
                    self.state, _ = self.replay(self.log)
                    self._epoch += 1
                return odd
        try:
            return self.game.check(state, action, seat)
        except Exception as exc:  # a rule crashed: rebuild the state in case it changed it
            if state is self.state:
                self.state, _ = self.replay(self.log)
                self._epoch += 1
            raise DockyardError(
                f"internal error while checking {self.format(action)!r}: "
                f"{type(exc).__name__}: {exc} (the game is as it was before)"
            ) from exc

    @locked
    def check(self, action: Action) -> str | None:
        """None if `action` is legal now, else why not."""
        bad = self.malformed(action)
        if bad is not None:
            return bad
        try:
            seat = self.seat_of(action.player)
        except IllegalAction as exc:
            return str(exc)
        return self._why_illegal(self.state, action, seat)

    # ---- play ------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play `action`: all of it, or (IllegalAction) nothing at all."""
        lock = self.lock  # judged and played against one state: another thread's call waits
        lock.acquire()  # (cheaper than `with`)
        try:
            # just listed as legal (the very object), and nothing played since: it is
            if self._offered_epoch == self._epoch and self._was_offered(action):
                seat = self.config.players.index(action.player)
            else:
                bad = self.malformed(action)
                if bad is not None:
                    raise IllegalAction(bad)
                seat = self.seat_of(action.player)
                reason = self._why_illegal(self.state, action, seat)
                if reason is not None:
                    raise IllegalAction(reason)
            return self._play(action, seat)
        finally:
            lock.release()

    def _play(self, action: Action, seat: int) -> list[Event]:
        """Play `action` of `seat`, known to be legal."""
        ctx = Context(self.game, self.hook, self.config.variants)
        state = self.state
        reveals = state.flow.reveals
        try:
            self.game.apply(state, action, seat, ctx)
        except Exception as exc:
            # A rule failed half-way: rebuild the state from the log so nothing is lost.
            self.state, _ = self.replay(self.log)
            self._epoch += 1
            raise DockyardError(
                f"internal error while playing {self.format(action)!r}: {type(exc).__name__}: {exc} "
                "(the game is as it was before)"
            ) from exc
        # the record of the move is its canonical text, so any log of events can be pasted back
        # (but for a secret action, such as a sealed bid, which everyone sees only as done)
        events = ctx.events
        events.insert(0, self._move(action))
        self._epoch += 1
        log = self.log
        log.append(action)
        n = len(log)
        if n % CHECKPOINT_EVERY == 0 and n >= self._copies_from:
            self._checkpoint(len(self.events) + len(events))
        if state.flow.reveals != reveals:
            self.barriers.append(n)  # hidden information came out: undo stops here
        if self.redo_stack:
            self.redo_stack.clear()
        if self._keeps_events:
            self.events += events
        self.last_events = events
        if self._event_listeners:
            for event in events:
                self.hook.on_event(session=self, event=event)
        return events

    def _move(self, action: Action) -> Event:
        """The "move" event of `action` (everyone sees `announce`): made once per action, and
        the same event object each time (looked up by identity: an action kept as the key's
        partner keeps its id its own)."""
        moves = self._moves
        found = moves.get(id(action))
        if found is not None and found[0] is action:
            return found[1]  # type: ignore[no-any-return]
        event = make_event("move", action.player, self.announce(action))
        if len(moves) > MAX_MOVES:
            moves.clear()
        moves[id(action)] = (action, event)
        return event

    def announce(self, action: Action) -> str:
        """The line everyone sees for `action`: its canonical text, or for a secret action
        (`Game.announce`) the words that do not give it away."""
        return self.game.announce(action) or self.format(action)

    def format(self, action: Action) -> str:
        """The canonical text of `action` (remembered: actions come back again and again)."""
        texts = self.language.texts
        try:
            return texts[action]
        except KeyError:
            text = texts[action] = self.game.format_action(action)
            if len(texts) > MAX_TEXTS:
                texts.clear()
                texts[action] = text
            return text
        except TypeError:  # not hashable: not a well-formed action, but it has a text
            return self.game.format_action(action)

    def _checkpoint(self, n_events: int, state: Any = None, n: int | None = None) -> None:
        """Keep a copy of `state` (the session's) after `n` actions (all of the log), and let
        go of the dense copies now more than SPARSE_EVERY actions back."""
        n = len(self.log) if n is None else n
        try:
            saved = self.game.clone(self.state if state is None else state)
        except CloneCheckError:  # checking mode (dockyard.speed.cloning.checking) found a fault
            raise
        except Exception:  # a state the game cannot copy: undo replays from the start instead
            return
        points = self._checkpoints
        points.append((n, saved, n_events))
        old = n - SPARSE_EVERY  # from here back, only copies every SPARSE_EVERY are kept
        for k in range(len(points) - 2, -1, -1):
            at = points[k][0]
            if at <= old - CHECKPOINT_EVERY:  # let go of by an earlier call
                break
            if at <= old and at % SPARSE_EVERY:
                del points[k]
