"""The terminal loop of `dockyard play --connect` (remote.py): the local REPL's prompt, Tab
completion and history (terminal.py), with the other seats' moves printed above the prompt
as the server pushes them (prompt_toolkit's patch_stdout) and the prompt redrawn to say whose
turn it is. Ctrl-C clears a line (or stops a `wait`), Ctrl-D or `quit` leaves."""

from __future__ import annotations

import sys
from typing import Any

from ..core import DockyardError
from .client import Lost, ServerError
from .output import Output, use_color
from .terminal import _completer, _history

__all__ = ["interact_remote"]


class _Gone(Exception):
    """The server went away while the prompt waited for a line."""


def interact_remote(shell: Any) -> int:
    """The terminal loop of a `RemoteShell` (remote.py); 0, or 1 when the server went away."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.patch_stdout import patch_stdout

    with patch_stdout(raw=True):
        # written through the proxy, so that lines printed while the prompt waits land above it
        out = Output(sys.stdout, sys.stderr, color=use_color(sys.stdout))
        with shell.cond:
            shell.output = out
        shell.greet()
        prompt: Any = PromptSession(
            history=_history(out.error),
            completer=_completer(shell),  # it needs .completions only
            complete_while_typing=False,
            enable_history_search=True,
        )

        def changed() -> None:
            app = prompt.app
            if not app.is_running or app.loop is None:
                return
            if shell.lost is not None:
                app.loop.call_soon_threadsafe(_leave, app)
            else:
                app.invalidate()

        shell.on_change = changed
        lineno = 0
        while not shell.done:
            if shell.lost is not None:
                return 1
            lineno += 1
            try:
                line = prompt.prompt(shell.prompt)
            except EOFError:
                out.say("")
                break
            except KeyboardInterrupt:
                continue
            except _Gone:
                return 1
            try:
                shell.run_line(line, "<input>", lineno)
            except Lost:  # the shell said why
                return 1
            except ServerError as exc:  # the server cannot be reached: nothing more to do
                out.error(f"dockyard play: {exc}")
                return 1
            except DockyardError as exc:
                out.error(str(exc))
            except KeyboardInterrupt:  # a `wait` stopped
                out.say("")
    return 0


def _leave(app: Any) -> None:
    if app.is_running and not app.future.done():
        app.exit(exception=_Gone())
