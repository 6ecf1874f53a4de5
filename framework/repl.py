"""The REPL: lines of the action language, typed or piped, run against a session.

`Shell` runs one line at a time: an action (its events are printed, and the outcome when it ends
the game), an `expect`, or a meta command (`help`, `legal`, `show`, `undo`, `redo`, `save`,
`load`, `log`, `events`, `result`, `quit`). A line that fails changes nothing and raises
`StatementError`, located like a parse error (`SOURCE:LINE:COL: error: what (expected ...)`, the
line, a caret); the caller prints it and goes on (the REPL) or stops (a script, see script.py).

`interact` is the terminal loop (readline history and tab completion of legal actions and
commands, colours through rich); `run_stream` reads lines from a pipe without prompts, so
`echo legal | dockyard play tictactoe` prints just the legal actions.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from . import files
from .game import Action, DockyardError, IllegalAction, Outcome
from .language import ParseError, Statement
from .session import Session

COMMANDS: dict[str, str] = {
    "help": "this list",
    "legal [PLAYER]": "the legal actions now (of PLAYER), one canonical text per line",
    "show [PLAYER] [TOPIC]": "the game as PLAYER (or a spectator) sees it",
    "undo [N]": "take back the last N actions (1)",
    "redo [N]": "play again N actions taken back (1)",
    "save [--force] FILE": "save the game (seed and actions, readable TOML); --force replaces a file",
    "load FILE": "continue a saved game",
    "log": "the actions so far, one canonical text per line (a script)",
    "events": "everything that happened so far",
    "result": "the outcome, once the game is over",
    "expect QUERY OP VALUE": "check a value, e.g. `expect winner == x`",
    "quit": "leave",
}
META_WORDS = tuple(c.split()[0] for c in COMMANDS)
QUERY_HINT = "a query such as over, reason, actor, actions, winner, draw or score.PLAYER"
HINT_ACTIONS = 3  # legal actions quoted in an illegal move's message


class StatementError(ParseError):
    """A line that parsed but could not be done (an illegal move, a failed expect...)."""


class Failed(DockyardError):
    """A statement failed: what happened, and what was expected instead (in words)."""

    def __init__(self, what: str, expected: str = "") -> None:
        super().__init__(what)
        self.expected = expected


class Output:
    """Where a shell writes: plain text, or colours through rich when writing to a terminal."""

    def __init__(self, out: IO[str] | None = None, err: IO[str] | None = None, color: bool = False):
        self.out = out if out is not None else sys.stdout
        self.err = err if err is not None else sys.stderr
        self._consoles: tuple[Any, Any] | None = None
        if color and not os.environ.get("NO_COLOR"):
            from rich.console import Console

            self._consoles = (
                Console(file=self.out, highlight=False, soft_wrap=True),
                Console(file=self.err, highlight=False, soft_wrap=True),
            )

    def say(self, text: str, style: str | None = None) -> None:
        if self._consoles is not None and style:
            self._consoles[0].print(text, style=style, markup=False)
        else:
            self.out.write(text + "\n")

    def error(self, text: str) -> None:
        self.out.flush()
        if self._consoles is not None:
            self._consoles[1].print(text, style="bold red", markup=False)
        else:
            self.err.write(text + "\n")
        self.err.flush()


def plural(n: int, word: str) -> str:
    """'1 action', '2 actions'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def number(value: float) -> str:
    """A score as people write it: 3, not 3.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def describe_outcome(outcome: Outcome) -> list[str]:
    """Two lines: who won and why, then the scores."""
    if len(outcome.winners) == 1:
        head = f"{outcome.winners[0]} wins"
    elif outcome.winners:
        head = f"{' and '.join(outcome.winners)} share the win"
    else:
        head = "draw"
    lines = [f"{head} ({outcome.reason})" if outcome.reason else head]
    if outcome.scores:
        lines.append("scores: " + ", ".join(f"{p} {number(s)}" for p, s in outcome.scores.items()))
    return lines


MAX_LINE = 4096  # characters in one statement; longer lines are refused before parsing
EXCERPT = 60
# control characters, Unicode line and paragraph separators, and bidirectional overrides: none
# belongs in a statement (a tab is fine); a line ends only at \n or \r\n
_CONTROL = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\udc80-\udcff]"
)


def excerpt(line: str) -> str:
    return line if len(line) <= EXCERPT else line[:EXCERPT] + "..."


def check_line(line: str, source: str, lineno: int) -> None:
    """Refuse, before parsing, a line that is too long or holds a control character."""
    if len(line) > MAX_LINE:
        raise ParseError(
            source,
            lineno,
            1,
            f"the line is {len(line):,} characters long; the limit is {MAX_LINE:,}",
            "a shorter line",
            excerpt(line),
        )
    bad = _CONTROL.search(line)
    if bad is not None:
        char = bad.group()
        what = (
            "a character that is not UTF-8"
            if "\udc80" <= char <= "\udcff"
            else f"a control character (U+{ord(char):04X})"
        )
        col = bad.start() + 1
        raise ParseError(
            source,
            lineno,
            col,
            f"{what} in the line",
            "printable text",
            excerpt(_CONTROL.sub("?", line)),
        )


def first_column(line: str) -> int:
    """Column (from 1) of the first character of a statement."""
    return len(line) - len(line.lstrip()) + 1


class Shell:
    """Runs lines against a session; keeps the session (a `load` replaces it)."""

    def __init__(
        self,
        session: Session,
        output: Output | None = None,
        content: Sequence[str] = (),
        interactive: bool = False,
        write_root: Path | None = None,
    ) -> None:
        self.session = session
        self.output = output or Output()
        self.content = tuple(content)
        self.interactive = interactive
        self.write_root = write_root  # files are written only under it (scripts: the cwd)
        self.seat: str | None = None  # `--as SEAT`: the one player at this keyboard
        self.bots: dict[str, Any] = {}  # seat -> bot playing it
        self.done = False  # `quit` was given

    # ---- one line ---------------------------------------------------------------------------
    def run_line(self, line: str, source: str = "<input>", lineno: int = 1) -> None:
        """Do one line; raise ParseError/StatementError (located) and change nothing if it fails."""
        line = line.removesuffix("\n").removesuffix("\r")
        check_line(line, source, lineno)
        stmt = self.session.language.parse_line(line, source, lineno)
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
        except Exception as exc:  # a bug must not end the session or lose the game
            if os.environ.get("DOCKYARD_DEBUG") == "1":
                raise
            raise StatementError(
                source,
                lineno,
                first_column(line),
                f"internal error: {type(exc).__name__}: {exc} (the game is as it was)",
                "",
                line,
            ) from None

    def execute(self, stmt: Statement) -> None:
        if stmt.kind == "action":
            self.act(self.session.action_of(stmt))
        elif stmt.kind == "expect":
            self.expect(stmt.name, *stmt.args)
        elif stmt.kind == "meta":
            getattr(self, f"do_{stmt.name}")(*stmt.args)
        else:  # a header
            raise Failed(
                f"'{stmt.name}' belongs in a script's header, before its first action",
                "an action, `expect` or a command such as `help`",
            )

    # ---- actions and checks --------------------------------------------------------------------
    def act(self, action: Action) -> None:
        session = self.session
        try:
            events = session.apply(action)
        except IllegalAction as exc:
            raise Failed(str(exc), self._legal_hint(action)) from None
        for event in events:
            self.output.say(event.text, "cyan")
        outcome = session.outcome()
        if outcome is not None:
            for line in describe_outcome(outcome):
                self.output.say(line, "bold green")

    def _legal_hint(self, action: Action) -> str:
        session = self.session
        actors = session.actors()
        if not actors:
            return ""
        mover = action.player if action.player in actors else None
        legal = session.legal_actions(mover)
        if not legal:
            return ""
        texts = [session.format(a) for a in legal[:HINT_ACTIONS]]
        quoted = ", ".join(texts[:-1]) + " or " + texts[-1] if len(texts) > 1 else texts[0]
        more = f"; {len(legal)} in all, `legal` lists them" if len(legal) > HINT_ACTIONS else ""
        return f"a legal action such as {quoted}{more}"

    def expect(self, query: str, op: str, value: Any) -> None:
        try:
            self.session.expect(query, op, value)
        except DockyardError:
            wanted = f"{query} {op} {_show(value)}"
            if not self.session.over and (
                query in ("winner", "draw") or query.startswith("score.")
            ):
                raise Failed(
                    f"expect failed: the game is not over, so {query} has no value", wanted
                ) from None
            try:
                actual = self.session.query(query)
            except KeyError as exc:
                raise Failed(f"unknown query {exc.args[0]}", QUERY_HINT) from None
            raise Failed(f"expect failed: {query} is {_show(actual)}", wanted) from None
        if self.interactive:
            self.output.say("ok", "green")

    # ---- meta commands --------------------------------------------------------------------------
    def do_help(self) -> None:
        session = self.session
        game = session.game
        self.output.say(f"{game.title}: {game.summary}" if game.summary else game.title)
        self.output.say(
            "Type an action (`PLAYER: ...`; the player may be left out when only one may act)"
        )
        legal = session.legal_actions()
        if legal:
            self.output.say(f"such as `{session.format(legal[0])}`, or a command:")
        else:
            self.output.say("or a command:")
        width = max(map(len, COMMANDS))
        for usage, what in COMMANDS.items():
            self.output.say(f"  {usage.ljust(width)}  {what}")
        topics = list(game.topics())
        if topics:
            self.output.say(f"topics for `show`: {', '.join(topics)}")

    def do_legal(self, player: str | None = None) -> None:
        session = self.session
        if player is not None and player not in session.players:
            raise Failed(f"no player {player!r}", f"one of {', '.join(session.players)}")
        for action in session.legal_actions(player):
            self.output.say(session.format(action))

    def do_show(self, *words: str) -> None:
        session = self.session
        # Seen as the player named (anywhere in the line), else as the one player to act (the
        # one at the keyboard), else as a spectator: hidden things stay hidden from the others.
        named = [w for w in words if w in session.players]
        rest = [w for w in words if w not in session.players]
        actors = session.actors()
        viewer = named[0] if named else actors[0] if len(actors) == 1 else None
        topic = " ".join(rest)
        topics = list(session.game.topics())
        if topic and topic not in topics:
            expected = f"one of {', '.join(topics)}" if topics else "no topic (this game has none)"
            names = ", ".join(session.players)
            raise Failed(
                f"nothing to show called {topic!r}", f"a player ({names}) or a topic: {expected}"
            )
        self.output.say(session.render(viewer, topic))

    def do_undo(self, n: int = 1) -> None:
        session = self.session
        if not session.log:
            raise Failed("nothing to undo", "an action first")
        n = self.undo_count(n)
        taken = session.log[-n:] if n > 0 else []
        reason = session.why_not_undo(n, self.undoers())
        if reason is not None:
            raise Failed(f"cannot undo: {reason}")
        session.undo(n, players=self.undoers())
        for action in reversed(taken):
            self.output.say(f"took back {session.format(action)}", "yellow")

    def undoers(self) -> set[str] | None:
        """Whose actions `undo` may take back: everyone's at a hot seat; with a seat, that
        player's own and the bots' replies to them."""
        if self.seat is None:
            return None
        return {self.seat, *self.bots}

    def undo_count(self, n: int) -> int:
        """`undo N` takes back N of the user's own actions, with the bots' moves after them."""
        if not self.bots:
            return n
        log = self.session.log
        count = mine = 0
        for action in reversed(log):
            if mine == n and action.player in self.bots:
                break
            count += 1
            if action.player not in self.bots:
                mine += 1
                if mine == n:
                    continue
        return min(count, len(log)) or n

    def do_redo(self, n: int = 1) -> None:
        session = self.session
        if not session.redo_stack:
            raise Failed("nothing to redo", "an `undo` first")
        for _ in range(n):
            if not session.redo_stack:
                break
            action = session.redo_stack[-1]
            session.redo(1)
            self.output.say(f"redid {session.format(action)}", "yellow")
            for event in session.last_events:
                self.output.say(event.text, "cyan")

    def do_save(self, *words: str) -> None:
        force, path = (True, words[1]) if len(words) == 2 else (False, words[0])
        if self.write_root is not None and not files.inside(path, self.write_root):
            raise Failed(
                f"{path}: a script may write only under the current folder ({self.write_root})",
                "a file name inside it",
            )
        self.session.save(path, overwrite=force)
        self.output.say(f"saved {path} ({plural(len(self.session.log), 'action')})", "yellow")

    def do_load(self, path: str) -> None:
        session = Session.load(path, self.content or None)
        self.session = session
        who = ", ".join(session.actors()) or "nobody"
        self.output.say(
            f"loaded {path}: {session.game.name}, seed {session.seed}, "
            f"{len(session.log)} actions; to move: {who}",
            "yellow",
        )

    def do_log(self) -> None:
        for action in self.session.log:
            self.output.say(self.session.format(action))

    def do_events(self) -> None:
        for event in self.session.events:
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
        for lineno, line in enumerate(stream, 1):
            try:
                self.run_line(line, source, lineno)
            except DockyardError as exc:
                self.output.error(str(exc))
                failed = True
            if self.done:
                break
        return 1 if failed else 0

    def interact(self) -> int:
        """The terminal loop: prompt, readline history and completion; Ctrl-D or `quit` leaves."""
        history = _setup_readline(self)
        session = self.session
        self.output.say(
            f"{session.game.title}: {', '.join(session.players)} (seed {session.seed})", "bold"
        )
        self.output.say("`help` lists the commands; Tab completes actions and commands")
        self.output.say(session.render())
        for event in session.last_events:
            self.output.say(event.text, "cyan")
        lineno = 0
        try:
            while not self.done:
                lineno += 1
                try:
                    line = input(self.prompt())
                except EOFError:
                    self.output.say("")
                    break
                except KeyboardInterrupt:
                    self.output.say("")
                    continue
                try:
                    self.run_line(line, "<input>", lineno)
                except DockyardError as exc:
                    self.output.error(str(exc))
        finally:
            _save_history(history)
        return 0

    def prompt(self) -> str:
        session = self.session
        if session.over:
            return f"{session.game.name} (over)> "
        return f"{session.game.name} {' '.join(session.actors())}> "

    # ---- completion ------------------------------------------------------------------------
    def completions(self, prefix: str) -> list[str]:
        """Whole lines that complete `prefix`: commands, and legal actions' canonical texts."""
        session = self.session
        lines: list[str] = []
        actors = session.actors()
        for action in session.legal_actions():
            text = session.format(action)
            lines.append(text)
            if len(actors) == 1 and text.startswith(f"{action.player}: "):
                lines.append(text[len(action.player) + 2 :])
        lines.extend(
            f"{w} " if w not in ("help", "log", "events", "result", "quit") else w
            for w in META_WORDS
        )
        lines.extend(f"legal {p}" for p in session.players)
        lines.extend(f"show {w}" for w in (*session.players, *session.game.topics()))
        return sorted({line for line in lines if line.startswith(prefix)})


def result_lines(session: Session) -> list[str]:
    """The `result` command: the outcome and scores, or who is to move."""
    n = len(session.log)
    played = f"{n} action{'' if n == 1 else 's'}"
    outcome = session.outcome()
    if outcome is None:
        who = " or ".join(session.actors()) or "nobody"
        return [f"not over after {played} ({who} to move)"]
    lines = describe_outcome(outcome)
    lines[0] = f"result: {lines[0]} after {played}"
    return lines


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _history_file() -> Path:
    return Path(os.environ.get("DOCKYARD_HISTORY") or Path.home() / ".dockyard_history")


def _setup_readline(shell: Shell) -> Any:
    try:
        import readline
    except ImportError:  # not every platform has it; the REPL works without
        return None
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            line = readline.get_line_buffer()[: readline.get_endidx()]
            indent = len(line) - len(line.lstrip())
            # readline replaces the word that starts at begidx: hand back each line from there
            start = max(readline.get_begidx() - indent, 0)
            try:
                matches = [m[start:] for m in shell.completions(line[indent:])]
            except Exception:  # completion must never break the prompt
                matches = []
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    path = _history_file()
    try:
        readline.read_history_file(path)
    except OSError:
        pass
    return readline


def _save_history(readline: Any) -> None:
    if readline is None:
        return
    try:
        readline.set_history_length(1000)
        readline.write_history_file(_history_file())
    except OSError:
        pass
