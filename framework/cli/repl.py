"""The REPL: lines of the action language, typed or piped, run against a session.

`Shell` runs one line at a time: an action (printed as its canonical text, then its events, and
the result when it ends the game), an `expect` or `expect illegal:`, or a command (`help`,
`legal`, `show`, `hand`, `bots`, `undo`, `redo`, `save`, `load`, `log`, `events`, `result`,
`quit`). A line that fails changes nothing and raises `StatementError`, located like a parse
error (`SOURCE:LINE:COL: error: what (expected ...)`, the line, a caret); the caller prints it
and goes on (the REPL) or stops (a script, see script.py).

A shell may be seated (`--as SEAT`): it then shows the game as that player sees it, lists only
that player's actions, refuses actions of other seats and another player's hidden things. A
referee's script run `--as SEAT` plays every seat's lines but answers everything else (legal,
hints, refusals, expect, undo, redo) exactly as that seat's own shell would. Bots
(`--bot SEAT=NAME`) move as soon as it is their turn; each move is printed as its action line.
The commands that look without changing anything (help, legal, show, hand, bots) are in
looking.py; the terminal loop (prompt, completion, history, colours) is in terminal.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..files import inside
from ..game import Action, DockyardError, IllegalAction
from ..language import MAX_LINE, ParseError, Statement, check_line, excerpt  # noqa: F401
from ..queries import expect
from ..queries import query as query_of
from ..seats import (
    HiddenQuery,
    announced_log,
    legal_hint,
    query_as,
    refusal_for,
    told,
    undo_count,
    undo_refusal,
)
from ..session import MAX_BOT_MOVES, Session
from ..words import describe_outcome, plural, show_value
from .file_commands import file_command
from .looking import COMMANDS, COMPONENT_WORDS, GROUP_AT, Failed, Looking  # noqa: F401
from .output import Output

QUERY_HINT = "a query such as over, reason, actor, actions, winner, draw or score.PLAYER"


class StatementError(ParseError):
    """A line that parsed but could not be done (an illegal move, a failed expect...)."""


def first_column(line: str) -> int:
    """Column (from 1) of the first character of a statement."""
    return len(line) - len(line.lstrip()) + 1


class Shell(Looking):
    """Runs lines against a session; keeps the session (a `load` replaces it)."""

    def __init__(
        self,
        session: Session,
        output: Output | None = None,
        content: Sequence[str] = (),
        interactive: bool = False,
        write_root: Path | None = None,
        seat: str | None = None,
        bots: dict[str, Any] | None = None,
        viewer: str | None = None,
    ) -> None:
        self.session = session
        self.output = output or Output()
        self.content = tuple(content)
        self.interactive = interactive
        self.write_root = write_root  # files are written only under it (scripts: the cwd)
        # `--as SEAT`: the one player at this keyboard; `run --as SEAT` (`viewer`): a referee's
        # script that plays every seat's lines, but is answered as that seat's keyboard is
        self.seat = seat if seat is not None else viewer
        self.referee = seat is None and viewer is not None
        # whose eyes the output is for; None: a hot seat, shown everything
        self.viewer = self.seat
        self.bots: dict[str, Any] = dict(bots or {})  # seat -> the bot playing it
        self.done = False  # `quit` was given
        self.actions = 0  # actions played by lines (not by bots)
        self.expectations = 0  # expectations that held
        self.announced = False  # the result was printed when the game ended
        for who in (seat, viewer):
            if who is not None and who not in session.players:
                raise DockyardError(f"no seat {who!r} (players: {', '.join(session.players)})")

    # ---- one line ---------------------------------------------------------------------------
    def run_line(self, line: str, source: str = "<input>", lineno: int = 1) -> None:
        """Do one line; raise ParseError/StatementError (located) and change nothing if it fails."""
        line = line.removesuffix("\n").removesuffix("\r")
        check_line(line, source, lineno)  # (before `save`/`load FILE`: file_commands.py)
        stmt = file_command(line, self.session.language, source, lineno) or self.session.read(
            line, source, lineno
        )
        if stmt is None:
            return
        try:
            self.execute(stmt)
        except ParseError:
            raise
        except DockyardError as exc:
            expected = getattr(exc, "expected", "")
            raise StatementError(
                source, lineno, first_column(line), str(exc), expected, line
            ) from None
        except BrokenPipeError:  # the output was closed (`| head`): the command ends quietly
            raise
        except Exception as exc:  # a bug must not end the session or lose the game
            if os.environ.get("DOCKYARD_DEBUG") == "1":
                raise
            what = f"internal error: {type(exc).__name__}: {exc} (the game is as it was)"
            raise StatementError(source, lineno, first_column(line), what, "", line) from None

    def execute(self, stmt: Statement) -> None:
        if stmt.kind == "action":
            self.act(self._meant(stmt))
            self.play_bots()
        elif stmt.kind == "expect":
            self.expect(stmt.name, *stmt.args)
        elif stmt.kind == "expect-illegal":
            self.expect_illegal(*stmt.args)
        elif stmt.kind == "meta":
            getattr(self, f"do_{stmt.name}")(*stmt.args)
        else:  # a header
            raise Failed(
                f"'{stmt.name}' belongs in a script's header, before its first action",
                "an action, `expect` or a command such as `help`",
            )

    # ---- actions and bots ----------------------------------------------------------------------
    def _meant(self, stmt: Statement) -> Action:
        """The action a line means (`Session.action_of`); a line without `PLAYER:` is the
        seat's, else the one human who may act now."""
        who = None if self.referee else self.seat
        if who is None and stmt.player is None:
            humans = [p for p in self.session.actors() if p not in self.bots]
            who = humans[0] if len(humans) == 1 else None
        return self.session.action_of(stmt, who)

    def _told(self, action: Action) -> str:
        """`action` as this keyboard was told it (a hot seat: its canonical text)."""
        if self.viewer is None:
            return self.session.format(action)
        return told(self.session, action, self.viewer)

    def _mine(self, player: str) -> None:
        if self.seat is not None and player != self.seat and not self.referee:
            raise Failed(f"you play {self.seat}: {player}'s actions are not yours to choose")
        if player in self.bots:
            raise Failed(f"{player} is played by the bot {self.bots[player].name}")

    def act(self, action: Action) -> None:
        self._mine(action.player)
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            why = refusal_for(self.session, action, str(exc), self.viewer)
            hint = self._legal_hint(action)
            if hint.startswith("did you mean"):
                raise Failed(f"{why}; {hint}") from None
            raise Failed(why, hint) from None
        self.actions += 1
        self._report(events, action)

    def _report(self, events: Iterable[Any], action: Action | None = None) -> None:
        """Print what this keyboard is shown of `events` (those of `action`, when given: the
        seat's own move as it played it, a secret one too)."""
        viewer = self.viewer
        for event in events:
            if viewer is None or event.seen_by(viewer):
                text = event.text
                if event.kind == "move" and action is not None and viewer is not None:
                    text = told(self.session, action, viewer)
                self.output.say(text, "bold" if event.kind == "move" else "cyan")
        outcome = self.session.outcome()
        if outcome is not None and not self.announced:
            self.announced = True
            for line in describe_outcome(outcome, why=False):  # the events said why
                self.output.say(line, "bold green")

    def play_bots(self) -> None:
        """Let the bots move while it is their turn; each move printed as its action line."""
        session = self.session
        for _ in range(MAX_BOT_MOVES):
            if session.over or not self.bots:
                return
            seats = [session.players.index(p) for p in session.actors() if p in self.bots]
            if not seats:
                return
            bot = self.bots[session.players[seats[0]]]
            action = bot.choose(session, seats[:1])
            self._report(session.apply(action), action)
        raise DockyardError(f"the bots made {MAX_BOT_MOVES} moves in a row without an end")

    def _legal_hint(self, action: Action) -> str:
        """Legal examples, or "did you mean", built only from what this keyboard was shown."""
        return legal_hint(self.session, action, self.seat, self.viewer)

    # ---- expectations ---------------------------------------------------------------------------
    def expect(self, query: str, op: str, value: Any) -> None:
        if self.seat is not None:  # a seat asks only about what it may see
            try:
                query_as(self.session, query, self.seat)
            except HiddenQuery as exc:
                raise Failed(f"refused: {exc}", "a query about what you can see") from None
            except (KeyError, DockyardError):
                pass  # answered below, with the engine's words
        try:
            expect(self.session, query, op, value)
        except DockyardError:
            wanted = f"{query} {op} {show_value(value)}"
            if not self.session.over and (
                query in ("winner", "draw") or query.startswith("score.")
            ):
                raise Failed(
                    f"expect failed: the game is not over, so {query} has no value", wanted
                ) from None
            try:
                actual = query_of(self.session, query)
            except KeyError as exc:
                raise Failed(f"unknown query {exc.args[0]}", QUERY_HINT) from None
            raise Failed(f"expect failed: {query} is {show_value(actual)}", wanted) from None
        self.expectations += 1
        if self.interactive:
            self.output.say("ok", "green")

    def expect_illegal(self, stmt: Statement, because: str | None) -> None:
        """The action must be refused (for a reason holding `because`); nothing changes."""
        action = self._meant(stmt)
        if self.seat is not None and action.player != self.seat:
            raise Failed(
                f"refused: you play {self.seat}: what {action.player} may do is hidden from you",
                f"an action of {self.seat}'s",
            )
        text = self.session.format(action) if self.session.malformed(action) is None else "it"
        reason = self.session.check(action)
        if reason is None:
            raise Failed(f"expect failed: {text} is legal", "an action the rules refuse")
        if because is not None and because.lower() not in reason.lower():
            raise Failed(
                f"expect failed: {text} is refused, but because {reason}",
                f'a reason saying "{because}"',
            )
        self.expectations += 1
        if self.interactive:
            self.output.say(f"ok: refused ({reason})", "green")

    def do_undo(self, n: int = 1) -> None:
        session = self.session
        if not session.log:
            raise Failed("nothing to undo", "an action first")
        n = undo_count(session, n, self.bots)
        taken = session.log[-n:]
        owner = None if self.referee else self.seat  # a referee takes back anyone's
        reason = undo_refusal(session, n, owner, self.bots, viewer=self.viewer)
        if reason is not None:
            raise Failed(f"cannot undo: {reason}")
        session.undo(n, players=None if owner is None else {owner, *self.bots}, barriers=True)
        self.announced = False
        for action in reversed(taken):  # another's (a bot's sealed bid) as this keyboard was told
            self.output.say(f"took back {self._told(action)}", "yellow")

    def do_redo(self, n: int = 1) -> None:
        session = self.session
        if not session.redo_stack:
            raise Failed("nothing to redo", "an `undo` first")
        for _ in range(n):
            if not session.redo_stack:
                break
            action = session.redo_stack[-1]
            session.redo(1)
            # as the action was told the first time: another's secret one (a bot's sealed bid)
            # as announced; its move event is this line, what it made follows
            self.output.say(f"redid {self._told(action)}", "yellow")
            self._report(session.last_events[1:])

    def do_save(self, *words: str) -> None:
        force, path = (True, words[1]) if len(words) == 2 else (False, words[0])
        if self.write_root is not None and not inside(path, self.write_root):
            raise Failed(
                f"{path}: a script may write only under the current folder ({self.write_root})",
                "a file name inside it",
            )
        self.session.save(path, overwrite=force)
        self.output.say(f"saved {path} ({plural(len(self.session.log), 'action')})", "yellow")

    def do_load(self, path: str) -> None:
        session = Session.load(path, self.content or None)
        if self.seat is not None and self.seat not in session.players:
            raise Failed(f"{path}: there is no seat {self.seat} in that game")
        self.session = session
        self.announced = session.over
        who = ", ".join(session.actors()) or "nobody"
        seed = "" if self.seat is not None else f"seed {session.seed}, "  # a seat is not told
        self.output.say(
            f"loaded {path}: {session.game.name}, {seed}"
            f"{plural(len(session.log), 'action')}; to move: {who}",
            "yellow",
        )
        self.play_bots()

    def do_log(self) -> None:
        """The actions so far; a seated player sees another player's secret action (a sealed
        bid) as it was announced."""
        session = self.session
        if self.viewer is None:  # a hot seat: every action as it was played
            texts = [session.format(a) for a in session.log]
        else:
            texts = announced_log(session, self.viewer)
        for text in texts:
            self.output.say(text)

    def do_events(self) -> None:
        for event in self.session.events:
            if self.viewer is None or event.seen_by(self.viewer):
                self.output.say(event.text)

    def do_result(self) -> None:
        for line in result_lines(self.session):
            self.output.say(line)

    def do_quit(self) -> None:
        self.done = True

    # ---- loops -------------------------------------------------------------------------------
    def run_stream(self, stream: Iterable[str], source: str = "<stdin>") -> int:
        """Lines from a pipe, no prompts; errors are printed and play goes on. 1 if any failed."""
        failed = False
        try:
            self.play_bots()
        except DockyardError as exc:
            self.output.error(str(exc))
            return 1
        for lineno, line in enumerate(stream, 1):
            try:
                self.run_line(line, source, lineno)
            except DockyardError as exc:
                self.output.error(str(exc))
                failed = True
            if self.done:
                break
        return 1 if failed else 0

    def prompt(self) -> str:
        session = self.session
        name = session.game.name
        if session.over:
            return f"{name} (over)> "
        actors = [p for p in session.actors() if p not in self.bots]
        if self.seat is not None:
            if self.seat in session.actors():
                return f"{name} {self.seat}> "
            return f"{name} {self.seat} (waiting for {' or '.join(session.actors())})> "
        return f"{name} {' '.join(actors)}> "

    # ---- completion ------------------------------------------------------------------------


def result_lines(session: Session) -> list[str]:
    """The `result` command: the outcome and scores, or who is to move."""
    played = plural(len(session.log), "action")
    outcome = session.outcome()
    if outcome is None:
        who = " or ".join(session.actors()) or "nobody"
        return [f"not over after {played} ({who} to move)"]
    lines = describe_outcome(outcome)
    lines[0] = f"result: {lines[0]} (after {played})"
    return lines
