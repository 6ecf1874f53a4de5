"""What is wrong in a content file: a `Problem` (`FILE:LINE:COL: $.json.path: message`), the
`ContentError` carrying them, and JSON read with the limits of `files.loads`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import DockyardError
from .files import JsonProblem, loads
from .jsonpos import path_text


class ContentError(DockyardError):
    """One or more problems in content files, each as `FILE: $.json.path: message`."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    path: str  # a JSON path, `$` for the whole document, or `LINE:COL` for a parse error
    message: str
    at: str = ""  # LINE:COL of `path` in the file, when known

    def __str__(self) -> str:
        if self.at:
            return f"{self.file}:{self.at}: {self.path}: {self.message}"
        if self.path[:1].isdigit():
            return f"{self.file}:{self.path}: {self.message}"
        return f"{self.file}: {self.path}: {self.message}"


json_path = path_text


def parse_json(text: str, origin: str) -> tuple[Any, list[Problem]]:
    """JSON with the limits of `files.loads` (depth, number length, duplicate keys)."""
    try:
        return loads(text), []
    except JsonProblem as exc:
        if exc.path:
            return None, [Problem(origin, exc.path, exc.why, exc.where)]
        return None, [Problem(origin, exc.where, exc.why)]
