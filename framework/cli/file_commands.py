"""The REPL's commands that take a file name (`save [--force] FILE`, `load FILE`), read before
the action language reads the line: the name is split as a shell splits words, so quotes and
backslashes are taken away (`save "my game.toml"` writes `my game.toml`).

When a game has an action verb of the same name (Import / Export's and Curious Cargo's `load`),
the line is the REPL's command when its argument is a file name: quoted, or holding a `.` or a
`/` (`load g.toml`, `load ./g`); otherwise it is the game's action (`load rice on green-1`,
`load 3`). `PLAYER: load ...` is always the game's action.
"""

from __future__ import annotations

import shlex
from typing import Any

from ..language import ParseError, Statement

FILE_COMMANDS = ("save", "load")


def file_command(line: str, language: Any, source: str, lineno: int) -> Statement | None:
    """The `save`/`load` command `line` holds (its file name unquoted), or None when the line
    is something else (left to the action language, which also explains a malformed one)."""
    head = line.split(None, 1)
    if not head or head[0] not in FILE_COMMANDS:
        return None
    name = head[0]
    try:
        words = shlex.split(line, comments=True)
    except ValueError as exc:  # an unclosed quote
        col = len(line) - len(line.lstrip()) + 1
        raise ParseError(
            source,
            lineno,
            col,
            f"{name}: {exc} (a file name in quotes needs its closing quote)",
            f"{name} FILE",
            line,
        ) from None
    args = words[1:]
    force: tuple[str, ...] = ()
    if name == "save" and len(args) == 2 and args[0] == "--force":
        force, path = ("--force",), args[1]
    elif len(args) == 1 and args[0] != "--force":
        path = args[0]
    else:
        return None  # not this command's form: the language says what is wrong
    if not path:
        return None
    if name in language.verbs() and not _file_like(line, path):
        return None  # the game's verb (`load 3`)
    return Statement("meta", name, (*force, path))


def _file_like(line: str, path: str) -> bool:
    """Is the argument written as a file name: quoted, or holding a '.' or a '/'?"""
    rest = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
    return "." in path or "/" in path or any(q in rest for q in "\"'")
