"""Where a shell writes: plain text, or colours (rich) when writing to a terminal.

rich writes styled text that degrades to plain text when the output is not a terminal or
NO_COLOR is set; it loads only when colours are wanted, so piped use stays fast and plain.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any


def use_color(stream: Any) -> bool:
    """Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Output:
    """Where a shell writes: plain text, or colours through rich when writing to a terminal."""

    def __init__(self, out: IO[str] | None = None, err: IO[str] | None = None, color: bool = False):
        self.out = out if out is not None else sys.stdout
        self.err = err if err is not None else sys.stderr
        self._consoles: tuple[Any, Any] | None = None
        self.quiet = False  # `run -q`: only errors
        if color and not os.environ.get("NO_COLOR"):
            from rich.console import Console

            self._consoles = (
                Console(file=self.out, highlight=False, soft_wrap=True),
                Console(file=self.err, highlight=False, soft_wrap=True),
            )

    def say(self, text: str, style: str | None = None) -> None:
        if self.quiet:
            return
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
