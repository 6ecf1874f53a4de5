"""The command's own output: text that cannot be encoded (a lone surrogate read from a file) is
written escaped, never an error; output whose reader left (`dockyard ... | head -1`) ends the
command quietly, as Unix tools do (the rest goes to /dev/null, no message, no traceback)."""

from __future__ import annotations

import os
import sys


def escape_unencodable() -> None:
    """stdout and stderr write what they cannot encode escaped (\\udc80), not an error."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass


def flush_stdout() -> None:
    """Write what is still buffered; a reader that left is no error (nothing more is said)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except (OSError, ValueError, AttributeError):
        pass


def quiet_stdout() -> None:
    """stdout to /dev/null: the reader left, and Python's flush at exit must not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
