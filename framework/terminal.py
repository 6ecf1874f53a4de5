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

import os
from pathlib import Path
from typing import Any

from .core import DockyardError
from .repl import Shell


def data_folder() -> Path:
    """The user's data folder for dockyard ($XDG_DATA_HOME/dockyard, ~/.local/share/dockyard)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "dockyard"


def history_file() -> Path:
    return Path(os.environ.get("DOCKYARD_HISTORY") or data_folder() / "history")


def _history() -> Any:
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    path = history_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:  # a read-only home: history for this session only
        return InMemoryHistory()


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
        history=_history(),
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
