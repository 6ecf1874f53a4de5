"""The arguments of `dockyard play --connect URL`: the game's address, the seat's token (given,
in a file, or in $DOCKYARD_TOKEN), and how piped stdin is read."""

from __future__ import annotations

import argparse
from typing import Any

from ..core import DockyardError
from .client import Address, parse_address

__all__ = ["_address", "_isatty", "_piped", "_token"]


def _address(args: argparse.Namespace) -> Address:
    if not args.connect:
        raise DockyardError("--token goes with --connect URL (the game's address)")
    given = [
        flag
        for flag, value in (
            ("GAME", args.game),
            ("--script", getattr(args, "script", None)),
            ("--as", getattr(args, "seat", None)),
            ("--bot", getattr(args, "bot", None)),
            ("--seed", getattr(args, "seed", None)),
            ("--variant", getattr(args, "variant", None)),
            ("--players", getattr(args, "players", None)),
            ("--content", getattr(args, "content", None)),
        )
        if value
    ]
    if given:
        raise DockyardError(
            f"--connect plays the server's game as it was made there: {given[0]} does not "
            "apply (your seat is your --token's)"
        )
    return parse_address(args.connect)


def _token(given: str | None) -> str | None:
    """`--token TOKEN`, or `--token @FILE`: the first line of FILE (out of `ps`'s sight)."""
    if not given or not given.startswith("@"):
        return given
    path = given[1:]
    try:
        with open(path, encoding="utf-8") as file:
            token = file.readline().strip()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not text"
        raise DockyardError(f"--token @{path}: cannot read the token ({why})") from None
    if not token:
        raise DockyardError(f"--token @{path}: the file's first line holds no token")
    return token


def _piped(stream: Any) -> Any:
    """Piped lines as the local REPL reads them: a line ends only at \\n, and bytes that are
    not UTF-8 reach the shell as surrogates, which check_line refuses with the line's number."""
    try:
        stream.reconfigure(newline="\n", errors="surrogateescape")
    except (AttributeError, ValueError, OSError):
        pass
    return stream


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
