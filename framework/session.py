"""A session: one game being played. The Python API the CLI, bots and tests all use.

    s = Session("tictactoe", seed=1)
    s.legal_actions()            # what the players to move may do
    s.apply_text("x: mark b2")   # or s.apply(action); atomic: illegal -> IllegalAction, no change
    s.undo(); s.redo(); s.render(); s.outcome()
    s.save("game.toml"); Session.load("game.toml")

A session is its seed plus its action log: undo, redo, save and load all replay that log. Its
parts: playing.py (the state, the log, the rules applied: legality, apply, replay, the text
of an action), history.py (undo, redo), and here what comes in and goes out: lines read into
actions (`read`, `action_of`: the one way every line comes in), views, saves.

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
from .game import Action, DockyardError, Event, Game, IllegalAction, Outcome
from .history import SPARSE_EVERY, History, locked
from .language import ParseError, Statement, check_line
from .saves import Record, read, write
from .speed.prepared import prepared

MAX_BOT_MOVES = 100_000  # bots moving in a row (the REPL, the server): a game longer is stuck


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
        self._keeps_events = True  # False: `keep_no_events`
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

    # ---- lines: the one way from a typed line to an action ----------------------------------
    def read(self, line: str, source: str = "<input>", lineno: int = 1) -> Statement | None:
        """The statement a typed line holds (None: a blank or comment line): checked first as
        every line that comes in is (its length, no control characters: `check_line`), then
        parsed; a ParseError (located: `SOURCE:LINE:COL`) when it is neither."""
        if not isinstance(line, str):
            raise DockyardError(f"a line is a string, not {type(line).__name__}")
        check_line(line, source, lineno)
        return self.language.parse_line(line, source, lineno)

    def action_of(
        self,
        line: str | Statement,
        player: str | None = None,
        source: str = "<input>",
        lineno: int = 1,
    ) -> Action:
        """The action a line means: the one way from a typed line to an action, which the
        REPL, scripts, the server and saves all take. `line` is the text (checked and parsed,
        `read`) or the statement `read` made of it. A line without `PLAYER:` is `player`'s,
        else the one player to move's (IllegalAction when nobody or several may act). The
        action is marked well formed (its text parsed to it), so applying it parses nothing
        again. ParseError (located) when the line is not an action."""
        if isinstance(line, str):
            check_line(line, source, lineno)
            quick = self.language.canonical_action(line)  # `player: verb args`, as saves hold
            if quick is not None:
                self.language.known.add(quick)
                return quick
            stmt = self.language.parse_line(line, source, lineno)
            text = line
        elif isinstance(line, Statement):
            stmt, text = line, ""
        else:
            raise DockyardError(f"an action line is a string, not {type(line).__name__}")
        if stmt is None or stmt.kind != "action":
            what = f"not an action: {text.strip()!r}" if text else "not an action"
            raise ParseError(source, lineno, 1, what, "an action such as 'PLAYER: VERB ...'", text)
        who = stmt.player if stmt.player is not None else player
        if who is None:
            actors = self.actors()
            if len(actors) != 1:
                if not actors:
                    raise IllegalAction("the game is over" if self.over else "nobody is to move")
                raise IllegalAction(
                    f"say whose action this is: {' or '.join(actors)} may act "
                    f"(e.g. '{actors[0]}: ...')"
                )
            who = actors[0]
        action = Action(who, stmt.name, stmt.args)
        self.language.known.add(action)
        return action

    def parse(self, line: str) -> Action:
        """An action from its text; a line without `player:` is the one player to move
        (`action_of`)."""
        return self.action_of(line)

    def apply_text(self, line: str) -> list[Event]:
        return self.apply(self.parse(line))

    # ---- information -----------------------------------------------------------------------
    @locked
    def view(self, player: str | None = None) -> dict[str, Any]:
        seat = None if player is None else self.seat_of(player)
        return self.game.view(self.state, seat)

    @locked
    def render(self, player: str | None = None, topic: str = "") -> str:
        seat = None if player is None else self.seat_of(player)
        return self.game.render(self.state, seat, topic)

    @locked
    def picture(self, player: str | None = None) -> Any:
        """The table as `player` sees it, as an SVG drawing (dockyard.svg.Svg; its
        `to_string()` is the document), or None when the game draws no pictures."""
        seat = None if player is None else self.seat_of(player)
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
        session.play_lines(record.actions, where)
        return session

    def play_lines(self, lines: Sequence[str], where: str = "<save>") -> None:
        """Play action lines (a save's, a stored game's) into this session, each read as any
        line is (`action_of`) and judged as it is played; the first that is not a legal
        action is a DockyardError naming it (`WHERE: actions[i]: LINE: why`). Copies of the
        state (for undo) are kept only near the end, where undo goes first."""
        parsed: dict[str, Action] = {}  # a record repeats lines ("p1: end"): each read once
        self._copies_from = len(self.log) + len(lines) - SPARSE_EVERY
        try:
            for i, line in enumerate(lines):
                try:
                    action = parsed.get(line)
                    if action is None:
                        action = self.action_of(line, source=where, lineno=i + 1)
                        if line.startswith(f"{action.player}:"):
                            parsed[line] = action
                    seat = self.seat_of(action.player)
                    reason = self._why_illegal(self.state, action, seat, parsed=True)
                    if reason is not None:
                        raise IllegalAction(reason)
                    self._play(action, seat)
                except ParseError as exc:
                    expected = f" (expected {exc.expected})" if exc.expected else ""
                    raise DockyardError(
                        f"{where}: actions[{i}]: {line!r}: {exc.what}{expected}"
                    ) from None
                except DockyardError as exc:
                    raise DockyardError(f"{where}: actions[{i}]: {line!r}: {exc}") from None
        finally:
            self._copies_from = 0
