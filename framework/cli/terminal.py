"""What a person at a terminal sees: colours (rich), and the line editor (prompt_toolkit).

Why these two: rich writes styled text that degrades to plain text when the output is not a
terminal or NO_COLOR is set, and prompt_toolkit gives line editing, completion menus and a
history file on every platform without the C readline library. Both load only when a
terminal is attached, so piped use and `dockyard --help` stay fast and plain.

`interact` is the terminal loop (`Output`, in output.py, is where a shell writes): prompt naming who is to
act, Tab completion of legal actions and commands (word by word), history kept across sessions
in the user's data folder, Ctrl-C to clear a line, Ctrl-D or `quit` to leave.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..core import DockyardError
from .repl import Shell


def data_folder() -> Path:
    """The user's data folder for dockyard ($XDG_DATA_HOME/dockyard, ~/.local/share/dockyard)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "dockyard"


def history_file() -> Path:
    return Path(os.environ.get("DOCKYARD_HISTORY") or data_folder() / "history")


MAX_HISTORY_BYTES = 16 << 20  # prompt_toolkit reads the whole file at start


def _history(warn: Callable[[str], None]) -> Any:
    """A history kept in `history_file()`; if that is not a readable and writable regular file
    of a sane size (a folder, a FIFO, a read-only file, ...), one for this session only, with
    one warning."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    path = history_file()
    why = _unusable(path)
    if why is not None:
        warn(f"dockyard: warning: history file {path} {why}: history is kept for this session only")
        return InMemoryHistory()

    class SafeFileHistory(FileHistory):
        """The file may still go bad while the REPL runs (removed, made a folder, a full
        disk): then one warning, and the history of this session goes on in memory."""

        broken = False

        def _broke(self, exc: OSError) -> None:
            if not self.broken:
                self.broken = True
                warn(
                    f"dockyard: warning: history file {path}: {exc.strerror or exc}: "
                    "history is kept for this session only"
                )

        def load_history_strings(self) -> Iterable[str]:
            if _unusable(path) is not None:
                return []
            try:
                return super().load_history_strings()
            except OSError as exc:
                self._broke(exc)
                return []

        def store_string(self, string: str) -> None:
            if self.broken:
                return
            try:
                if not stat.S_ISREG(os.stat(path).st_mode):
                    raise IsADirectoryError(errno.EISDIR, "not a regular file any more")
                super().store_string(string)
            except OSError as exc:
                self._broke(exc)

    return SafeFileHistory(str(path))


def _unusable(path: Path) -> str | None:
    """Why `path` cannot be the history file (None: it can; it is made if need be). Nothing
    is opened in a way that could wait: a FIFO is refused by its kind, before any open."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"cannot be made ({path.parent} is not a folder)"
    except OSError as exc:
        return f"cannot be made ({exc.strerror or exc})"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if info is not None and stat.S_ISDIR(info.st_mode):
        return "is a folder"
    if info is not None and not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if info is not None and info.st_size > MAX_HISTORY_BYTES:
        return f"is larger than {MAX_HISTORY_BYTES >> 20} MiB"
    nonblock = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    for flags, doing in (
        (os.O_WRONLY | os.O_APPEND | os.O_CREAT, "written"),
        (os.O_RDONLY, "read"),
    ):
        try:
            fd = os.open(path, flags | nonblock, 0o600)
        except OSError as exc:
            return f"cannot be {doing} ({exc.strerror or exc})"
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the stat above
                return "is not a regular file"
        finally:
            os.close(fd)
    return None


def _completer(shell: Shell) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class LineCompleter(Completer):
        """Completes the word under the cursor from whole lines the shell would accept."""

        def get_completions(self, document: Any, complete_event: Any) -> Any:
            before = document.text_before_cursor
            prefix = before.lstrip()
            word = prefix.rsplit(" ", 1)[-1]
            try:
                lines = shell.completions(prefix)
            except Exception:  # completion must never break the prompt
                return
            seen: set[str] = set()
            for line in lines:
                rest = line[len(prefix) :]
                piece = word + rest.split(" ", 1)[0]
                if " " in rest:
                    piece += " "
                if piece not in seen:
                    seen.add(piece)
                    yield Completion(piece, start_position=-len(word))

    return LineCompleter()


def interact(shell: Shell) -> int:
    """The terminal loop; returns the exit code (0)."""
    from prompt_toolkit import PromptSession

    session = shell.session
    out = shell.output
    # a seat is not told the seed: with it and the log, the deck's order could be worked out
    about = f"you play {shell.seat}" if shell.seat else f"seed {session.seed}"
    bots = "".join(f"; {p} is played by the bot {b.name}" for p, b in shell.bots.items())
    out.say(f"{session.game.title}: {', '.join(session.players)} ({about}{bots})", "bold")
    out.say("`help` lists the commands; Tab completes actions and commands")
    out.say(shell.render_table())
    shell._report(session.last_events)
    shell.play_bots()
    prompt: Any = PromptSession(
        history=_history(out.error),
        completer=_completer(shell),
        complete_while_typing=False,
        enable_history_search=True,
    )
    lineno = 0
    while not shell.done:
        lineno += 1
        try:
            line = prompt.prompt(shell.prompt())
        except EOFError:
            out.say("")
            break
        except KeyboardInterrupt:
            continue
        try:
            shell.run_line(line, "<input>", lineno)
        except DockyardError as exc:
            out.error(str(exc))
    return 0
