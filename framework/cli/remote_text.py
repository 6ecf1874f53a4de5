"""What `dockyard play --connect` (remote.py) prints: its commands' list, the `result` line,
a JSON view as readable text, action lines taken apart, a refusal located as the local REPL
locates its own errors."""

from __future__ import annotations

from typing import Any

from ..core import DockyardError
from ..words import plural
from .client import ServerError
from .repl import StatementError, first_column

__all__ = [
    "COMMANDS",
    "WORDS",
    "by_verb",
    "located_refusal",
    "parts_of",
    "result_lines",
    "usage_of",
    "verb_of",
    "verbs_in",
    "view_text",
    "without_player",
]

COMMANDS: dict[str, str] = {
    "help [VERB]": "this list, or the legal actions of one verb",
    "legal [VERB ARG...]": "your legal actions now (grouped by verb when many); "
    "`legal mark` lists those starting so",
    "show [KEY...]": "the game as you see it (`show players` a part of it; `show --json`)",
    "hand": "your hand (as `show hand`, when the game has hands)",
    "bots": "the bots playing at this table",
    "undo [N]": "take back your last N actions (1), with the bots' replies",
    "log": "the actions so far, as they were announced to you",
    "events": "everything that happened since you connected",
    "result": "the outcome, once the game is over",
    "wait": "wait for your turn (a spectator: for the end), printing the moves as they come",
    "quit": "leave (the game goes on on the server)",
}
WORDS = {usage.split()[0] for usage in COMMANDS}


def result_lines(state: dict[str, Any]) -> list[str]:
    """The `result` command: the outcome, or who is to move."""
    played = plural(len(state.get("log", [])), "action")
    result = state.get("result")
    if not state.get("over") or not result:
        who = " or ".join(state.get("to_act", [])) or "nobody"
        return [f"not over after {played} ({who} to move)"]
    lines = [str(line) for line in result.get("text", [])] or ["over"]
    lines[0] = f"result: {lines[0]} (after {played})"
    return lines


def is_plain(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def plain_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def view_text(value: Any, name: str = "", depth: int = 0) -> list[str]:
    """A JSON view as indented readable lines: `key: value`, lists of plain values on one
    line, rows of a grid aligned, nested parts indented under their key."""
    pad = "  " * depth
    head = f"{pad}{name}: " if name else pad
    if is_plain(value):
        return [head + plain_text(value)]
    if isinstance(value, list) and all(is_plain(v) for v in value):
        return [head + (", ".join(map(plain_text, value)) if value else "(none)")]
    if not value:
        return [head + "(none)"]
    lines = [f"{pad}{name}:"] if name else []
    inner = depth + 1 if name else depth
    if isinstance(value, list) and all(
        isinstance(row, list) and all(is_plain(v) for v in row) for row in value
    ):
        rows = [[plain_text(v) for v in row] for row in value]
        width = max(len(cell) for row in rows for cell in row)
        return lines + ["  " * inner + " ".join(c.ljust(width) for c in row) for row in rows]
    items = value.items() if isinstance(value, dict) else enumerate(value, 1)
    for key, part in items:
        lines.extend(view_text(part, str(key), inner))
    return lines


def parts_of(part: Any) -> list[str]:
    if isinstance(part, dict):
        return [str(k) for k in part]
    if isinstance(part, list) and not all(is_plain(v) for v in part):
        return [str(i) for i in range(1, len(part) + 1)]
    return []


def without_player(line: str) -> str:
    """An action line without its `PLAYER: ` prefix."""
    return line.split(": ", 1)[-1]


def verb_of(line: str) -> str:
    return without_player(line).split(" ", 1)[0]


def verbs_in(legal: list[str]) -> list[str]:
    return list(dict.fromkeys(verb_of(t) for t in legal))


def by_verb(legal: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for text in legal:
        groups.setdefault(verb_of(text), []).append(text)
    return groups


def usage_of(word: str) -> str:
    return next((u for u in COMMANDS if u.split()[0] == word), word)


def located_refusal(exc: ServerError, line: str, source: str, lineno: int) -> DockyardError:
    """The server's refusal of `line`, located in the input as the local REPL locates its own."""
    message = str(exc)
    col = first_column(line)
    first, _, _ = message.partition("\n")
    if first.startswith("action:1:") and ": error: " in first:  # the server's parse error
        where, _, what = first.partition(": error: ")
        column = where.split(":")[-1]
        col += int(column) - 1 if column.isdigit() else 0
        return StatementError(source, lineno, col, what, "", line)
    hint = exc.hint
    if hint.startswith("did you mean"):
        message, hint = f"{message}; {hint}", ""
    return StatementError(source, lineno, col, message, hint, line)
