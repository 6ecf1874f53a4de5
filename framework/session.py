"""A session: one game being played. The Python API the CLI, bots and tests all use.

    s = Session("tictactoe", seed=1)
    s.legal_actions()            # what the players to move may do
    s.apply_text("x: mark b2")   # or s.apply(action); atomic: illegal -> IllegalAction, no change
    s.undo(); s.redo(); s.render(); s.outcome()
    s.save("game.toml"); Session.load("game.toml")

A session is its seed plus its action log: undo, redo, save and load all replay that log.

A session may be shared between threads: each call that reads or changes the game (apply, undo,
redo, legal_actions, check, clone, save, render...) runs whole under the session's own lock, so
of two exclusive actions applied at once one wins and the other is judged against the new state
(IllegalAction). To make several calls one step (list, then apply), hold `with s.lock:`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from threading import RLock
from typing import Any

from .config import Config
from .core import make_event
from .flow import actors
from .game import Action, Context, DockyardError, Event, Game, IllegalAction, Outcome, Setup
from .history import CHECKPOINT_EVERY, UNDO_EVERY, History, locked
from .language import Statement
from .saves import Record, play_record, read, write
from .speed.prepared import prepared

MAX_KNOWN_ACTIONS = 500_000  # well-formed actions remembered per grammar
MAX_TEXTS = 100_000  # canonical texts remembered per game
MAX_MOVES = 50_000  # move events remembered per game (by the very action object played)


class Session(History):
    """One game in play."""

    def __init__(
        self,
        game: str | Game,
        *,
        seed: int = 0,
        players: Sequence[str] | int | None = None,
        variants: Iterable[str] = (),
        content: Iterable[str | Path] = (),
    ) -> None:
        # every call that reads or changes the game runs whole under it (reentrant: a rule's
        # event listener may call the session back); a clone gets its own
        self.lock = RLock()
        found = prepared(game, seed, players, variants, content)
        c = found.config
        self.config = Config(c.game, seed, c.players, c.variants, c.content_dirs)
        self.variants = found.variants
        self.content = found.content
        self.language = found.language
        # the game bound to this session's plugins (its rules call `self.hook`)
        self.game = found.game
        self.pm = found.pm
        self.hook = found.game.hook  # pm.hook, calling plainly what pluggy need not
        self._out_of_turn = type(found.game).out_of_turn is not Game.out_of_turn  # ever?
        self._event_listeners = found.listeners
        self._moves = found.moves
        self.options: dict[str, Any] = dict(found.options)
        self.log: list[Action] = []
        self.redo_stack: list[Action] = []
        self.barriers: list[int] = []  # log lengths after actions that revealed something
        # what legal_actions() returned last, by identity, and the epoch it was for: `apply`
        # of one of these very objects needs no legality check (the rules just listed it)
        self._offered: tuple[Action, ...] = ()
        self._offered_epoch = -1
        self._epoch = 0  # counts every change of the state (apply, undo, rebuilds)
        # (actions played, a copy of the state then, events then), every CHECKPOINT_EVERY
        # actions in the last SPARSE_EVERY, every SPARSE_EVERY before
        self._checkpoints: list[tuple[int, Any, int]] = []
        self._copies_from = 0  # while loading: no state copies before this many actions
        self.events: list[Event] = []  # every event so far, in order
        self.state, setup_events = self._fresh()
        self.events.extend(setup_events)
        self.last_events: list[Event] = setup_events

    @locked
    def clone(self) -> Session:
        """A session that goes on from this one on its own: the same game so far (log, events,
        undo, checkpoints), sharing only what never changes (content, grammar, plugins)."""
        twin = object.__new__(Session)
        twin.__dict__.update(self.__dict__)
        twin.lock = RLock()
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.redo_stack = list(self.redo_stack)
        twin.barriers = list(self.barriers)
        twin._offered, twin._offered_epoch = (), -1
        twin._checkpoints = list(self._checkpoints)  # their states are only ever cloned
        twin.events = list(self.events)
        twin.last_events = list(self.last_events)
        twin.state = self.game.clone(self.state)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        return self.clone()

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

    def _replay(self, actions: Sequence[Action], check: bool = False) -> tuple[Any, list[Event]]:
        state, events = self._fresh()
        self._replay_onto(state, events, actions, 0, check)
        return state, events

    def _replay_onto(
        self,
        state: Any,
        events: list[Event],
        actions: Sequence[Action],
        done: int = 0,
        check: bool = False,
        keep_from: int | None = None,
    ) -> None:
        """Play `actions` on `state` (which has `done` actions played), adding their events;
        from `keep_from` actions on, checkpoints are made on the way."""
        for i, action in enumerate(actions, done):
            seat = self._seat(action.player)
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
    def _seat(self, player: str) -> int:
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
        seats = allowed if player is None else [self._seat(player)]
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
                    self.state, _ = self._replay(self.log)
                    self._epoch += 1
                return odd
        try:
            return self.game.check(state, action, seat)
        except Exception as exc:  # a rule crashed: rebuild the state in case it changed it
            if state is self.state:
                self.state, _ = self._replay(self.log)
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
            seat = self._seat(action.player)
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
                seat = self._seat(action.player)
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
            self.state, _ = self._replay(self.log)
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

    def parse(self, line: str) -> Action:
        """An action from its text; a line without `player:` is the one player to move."""
        if not isinstance(line, str):
            raise DockyardError(f"an action line is a string, not {type(line).__name__}")
        quick = self.language.canonical_action(line)  # `player: verb args`, as saves hold them
        if quick is not None:
            self.language.known.add(quick)
            return quick
        stmt = self.language.parse_line(line)
        if stmt is None or stmt.kind != "action":
            raise DockyardError(f"not an action: {line.strip()!r}")
        action = self.action_of(stmt)
        self.language.known.add(action)
        return action

    def action_of(self, stmt: Statement) -> Action:
        player = stmt.player
        if player is None:
            who = self.actors()
            if len(who) != 1:
                if not who:
                    raise IllegalAction("the game is over" if self.over else "nobody is to move")
                raise IllegalAction(
                    f"say whose action this is: {' or '.join(who)} may act (e.g. '{who[0]}: ...')"
                )
            player = who[0]
        return Action(player, stmt.name, stmt.args)

    def apply_text(self, line: str) -> list[Event]:
        return self.apply(self.parse(line))

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

    # ---- information -----------------------------------------------------------------------
    @locked
    def view(self, player: str | None = None) -> dict[str, Any]:
        seat = None if player is None else self._seat(player)
        return self.game.view(self.state, seat)

    @locked
    def render(self, player: str | None = None, topic: str = "") -> str:
        seat = None if player is None else self._seat(player)
        return self.game.render(self.state, seat, topic)

    @locked
    def picture(self, player: str | None = None) -> Any:
        """The table as `player` sees it, as an SVG drawing (dockyard.svg.Svg; its
        `to_string()` is the document), or None when the game draws no pictures."""
        seat = None if player is None else self._seat(player)
        return self.game.picture(self.state, seat)

    @locked
    def scores(self) -> list[float] | None:
        """Each player's points as they stand now (None: the game does not count them)."""
        return self.game.scores(self.state)

    @locked
    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on); `end` holds the stable ids of what ended
        it, from the game's outcome or else from the trigger that stopped the flow."""
        if not self.over:
            return None
        found = self.game.outcome(self.state)
        if not found.end and hasattr(self.state.flow.over, "id"):
            found = replace(found, end=(self.state.flow.over.id,))
        return found

    # ---- saves -----------------------------------------------------------------------------
    @locked
    def record(self) -> Record:
        """What a save holds: the configuration and the action lines."""
        c = self.config
        lines = tuple(self.format(a) for a in self.log)
        fingerprint = self.content.fingerprint
        return Record(c.game, c.seed, c.players, c.variants, c.content_dirs, fingerprint, lines)

    def save(self, path: str | Path, overwrite: bool = False) -> None:
        """Write a save (readable TOML); an existing file is replaced only with `overwrite`."""
        if not isinstance(path, str | Path):
            raise DockyardError(f"a save is named by a path, not {type(path).__name__}")
        write(self.record(), path, overwrite=overwrite)

    @classmethod
    def load(cls, path: str | Path, content: Iterable[str | Path] | None = None) -> Session:
        """The session a save holds, every action replayed and checked."""
        return cls.from_record(read(path, content), str(path))

    @classmethod
    def from_record(cls, record: Record, where: str = "<save>") -> Session:
        try:
            session = cls(
                record.game,
                seed=record.seed,
                players=record.players,
                variants=record.variants,
                content=record.content_dirs,
            )
        except DockyardError as exc:
            raise DockyardError(f"{where}: {exc}") from None
        now = session.content.fingerprint
        if record.fingerprint is not None and record.fingerprint != now:
            raise DockyardError(
                f"{where}: the save was made with other content (fingerprint "
                f"{record.fingerprint}, now {now}); load it with the same --content folders"
            )
        play_record(session, record, where)
        session._copies_from = 0
        return session
