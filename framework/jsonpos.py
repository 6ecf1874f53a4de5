"""Where things are in a JSON text: the line and column of every value, and syntax errors in an
author's words ("the file ends inside an object opened at 3:1").

`json.loads` (files.loads) parses content quickly; this small reader runs only when a problem
must be located, so positions cost nothing when content is right.

    locate(text, parts) -> "LINE:COL" of the deepest part of `parts` present in the text
                           (a member's key, a list item's value)
    syntax_problem(text) -> (LINE:COL, path, message) or None
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

Path = tuple[Any, ...]

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_SPACE = re.compile(r"[ \t\n\r]*")
_LITERALS = ("true", "false", "null")
MAX_DEPTH = 64


class Syntax(Exception):
    """JSON that cannot be read, at an offset of the text, in an author's words."""

    def __init__(self, pos: int, why: str, path: Path = ()) -> None:
        super().__init__(why)
        self.pos, self.why, self.path = pos, why, path


class _Lines:
    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, pos: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, pos)
        return line, pos - self.starts[line - 1] + 1

    def text(self, pos: int) -> str:
        line, col = self.at(pos)
        return f"{line}:{col}"


def _what(text: str, pos: int) -> str:
    if pos >= len(text):
        return "the end of the file"
    found = re.match(r"\w+|\S", text[pos:])
    return repr(found.group()) if found else repr(text[pos])


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _Lines(text)
        self.found: dict[Path, int] = {}

    def space(self, pos: int) -> int:
        return _SPACE.match(self.text, pos).end()  # type: ignore[union-attr]

    def ends_inside(self, what: str, opened: int, path: Path) -> Syntax:
        return Syntax(
            len(self.text), f"the file ends inside {what} opened at {self.lines.text(opened)}", path
        )

    def value(self, pos: int, path: Path, depth: int) -> int:
        text = self.text
        pos = self.space(pos)
        self.found.setdefault(path, pos)
        if pos >= len(text):
            raise Syntax(pos, "the file ends where a value was expected", path)
        char = text[pos]
        if char in "{[":
            if depth >= MAX_DEPTH:
                why = f"nested deeper than {MAX_DEPTH} levels (the limit for content)"
                raise Syntax(pos, why, path)
            return self.container(pos, path, depth + 1)
        if char == '"':
            return self.string(pos, path)
        number = _NUMBER.match(text, pos)
        if number:
            return number.end()
        for word in _LITERALS:
            if text.startswith(word, pos):
                return pos + len(word)
        hint = ""
        if char == "'":
            hint = ' (texts are written in double quotes: "like this")'
        elif char in "}]":
            hint = " (a comma before it has nothing after it?)"
        raise Syntax(pos, f"expected a value, found {_what(text, pos)}{hint}", path)

    def string(self, pos: int, path: Path) -> int:
        return self.key(pos, path)[1]

    def key(self, pos: int, path: Path) -> tuple[str, int]:
        """The text of the string at `pos` and the offset after it."""
        try:
            value, end = json.decoder.scanstring(self.text, pos + 1, True)  # type: ignore[attr-defined]
        except json.JSONDecodeError as exc:
            if exc.msg.startswith("Unterminated string"):
                line_end = self.text.find("\n", pos)
                if line_end < 0:
                    raise self.ends_inside("a text", pos, path) from None
                why = "a text (in double quotes) is not closed on its line"
                raise Syntax(pos, why, path) from None
            raise Syntax(exc.pos, f"in a text: {exc.msg}", path) from None
        return value, int(end)

    def container(self, start: int, path: Path, depth: int) -> int:
        text = self.text
        is_object = text[start] == "{"
        what = "an object" if is_object else "a list"
        close = "}" if is_object else "]"
        pos = self.space(start + 1)
        if pos < len(text) and text[pos] == close:
            return pos + 1
        index = 0
        keys: set[str] = set()
        while True:
            pos = self.space(pos)
            if pos >= len(text):
                raise self.ends_inside(what, start, path)
            if is_object:
                if text[pos] != '"':
                    raise Syntax(
                        pos,
                        f"expected a field name in double quotes, found {_what(text, pos)}",
                        path,
                    )
                key_at = pos
                key, end = self.key(pos, path)
                if key in keys:
                    raise Syntax(
                        pos, f"duplicate key {key!r} (a key may appear only once)", (*path, key)
                    )
                keys.add(key)
                pos = self.space(end)
                if pos >= len(text):
                    raise self.ends_inside(what, start, path)
                if text[pos] != ":":
                    raise Syntax(
                        pos,
                        f"expected ':' after the field name {key!r}, found {_what(text, pos)}",
                        (*path, key),
                    )
                self.found[(*path, key)] = key_at
                if self.space(pos + 1) >= len(text):
                    raise self.ends_inside(what, start, (*path, key))
                pos = self.value(pos + 1, (*path, key), depth)
            else:
                if text[pos] == close:
                    raise Syntax(
                        pos,
                        f"expected a value, found {close!r} (a comma before it has nothing after it?)",
                        path,
                    )
                pos = self.value(pos, (*path, index), depth)
                index += 1
            pos = self.space(pos)
            if pos >= len(text):
                raise self.ends_inside(what, start, path)
            if text[pos] == close:
                return pos + 1
            if text[pos] != ",":
                raise Syntax(
                    pos,
                    f"expected ',' or {close!r} in {what} opened at {self.lines.text(start)},"
                    f" found {_what(text, pos)}",
                    path,
                )
            pos += 1

    def document(self) -> None:
        pos = self.value(0, (), 0)
        pos = self.space(pos)
        if pos < len(self.text):
            raise Syntax(
                pos, f"more text after the end of the JSON document: {_what(self.text, pos)}"
            )


@lru_cache(maxsize=32)
def _read(text: str) -> tuple[dict[Path, int], _Lines, Syntax | None]:
    reader = _Reader(text)
    try:
        reader.document()
    except Syntax as exc:
        return reader.found, reader.lines, exc
    except RecursionError:
        return reader.found, reader.lines, Syntax(0, "nested too deeply")
    return reader.found, reader.lines, None


def syntax_problem(text: str) -> tuple[str, Path, str] | None:
    """(LINE:COL, path, why) of the first syntax error of `text` (the path of a duplicate key,
    else ()), or None for well-formed JSON."""
    _, lines, problem = _read(text)
    if problem is None:
        return None
    return lines.text(problem.pos), problem.path, problem.why


def path_text(parts: Iterable[Any]) -> str:
    """A JSON path as messages show it: `$.walls[2]`."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def has(text: str, parts: Iterable[Any]) -> bool:
    """Is the path itself in the text?"""
    return tuple(parts) in _read(text)[0]


def deepest(text: str, parts: Iterable[Any]) -> tuple[int, Path]:
    """The offset of the deepest part of `parts` present in `text`, and that part's path."""
    found, _, _ = _read(text)
    path = tuple(parts)
    while path and path not in found:
        path = path[:-1]
    return found.get(path, 0), path


def locate(text: str, parts: Iterable[Any]) -> str:
    """LINE:COL of the deepest part of `parts` present in `text` (1:1 when none is)."""
    pos, _ = deepest(text, parts)
    return _read(text)[1].text(pos)


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(value: Any, parts: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], int] | None:
    """(the JSON path, the code) of the first string (a value or a key) holding a surrogate."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, parts)]
    while stack:
        value, parts = stack.pop()
        if isinstance(value, str):
            hit = _SURROGATE.search(value)
            if hit:
                return parts, ord(hit.group())
        elif isinstance(value, dict):
            for key in value:
                hit = _SURROGATE.search(key)
                if hit:
                    return (*parts, key.encode("utf-8", "backslashreplace").decode()), ord(
                        hit.group()
                    )
            stack.extend((item, (*parts, key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, (*parts, i)) for i, item in reversed(list(enumerate(value))))
    return None
