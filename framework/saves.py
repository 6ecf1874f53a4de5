"""Saves: readable TOML (written with tomli-w, read with tomllib) holding a session's seed and log.

A codec: a `Record` (the configuration plus the action lines) to text and back, every field
checked. `Session.load` replays the record and checks every action (`Session.play_lines`), so a damaged or edited save
is refused with a message naming the offending entry, and never half-loaded.

A save is sealed whole: its digest covers the game, seed, players, variants, content fingerprint,
dockyard version and every action (all but `content_dirs`, which may be pointed at the same
content moved elsewhere: the fingerprint still has to match), so an edited header never loads as
another game. A save of an unknown format, or written by a newer dockyard, is refused by name.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from .core import DockyardError
from .files import (
    MAX_SAVE_BYTES,
    FileProblem,
    folder_for_save,
    folder_of_save,
    read_text,
    write_atomic,
)

# 2 added `action_count` and a `digest` of the actions; 3 made the digest cover the whole save.
# Format 2 saves still load (only their actions are sealed); format 1 (no digest) no longer does.
FORMAT = 3
READS = (2, 3)

# what a format-3 digest covers, in this order: every field `dumps` writes but the content
# folders (a user may move the content, and its fingerprint is sealed) and the digest itself
SEALED = (
    "format",
    "dockyard",
    "game",
    "seed",
    "players",
    "variants",
    "content",
    "action_count",
    "actions",
)


def digest(doc: dict[str, Any]) -> str:
    """The fingerprint of a save (format 3) as a document, so that any edit of it is noticed:
    of its SEALED fields as canonical JSON (a missing one as null)."""
    sealed = [doc.get(key) for key in SEALED]
    text = json.dumps(sealed, separators=(",", ":"), default=repr)  # default: never a crash
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def actions_digest(lines: list[str]) -> str:
    """The fingerprint of a format-2 save: of its action lines only."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Record:
    """What a save holds: a session's starting configuration plus its action lines."""

    game: str
    seed: int
    players: tuple[str, ...]
    variants: tuple[str, ...]
    content_dirs: tuple[str, ...]
    fingerprint: str | None  # of the content the game was played with
    actions: tuple[str, ...]


def dumps(record: Record, where: str | Path | None = None) -> str:
    """The save's text; content folders are written relative to the save's folder (`where`)."""
    from ._version import __version__

    lines = list(record.actions)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "dockyard": __version__,
        "game": record.game,
        "seed": record.seed,
        "players": list(record.players),
        "variants": list(record.variants),
        "content": record.fingerprint,
        "content_dirs": [_relative(d, where) for d in record.content_dirs],
        "action_count": len(lines),
        "digest": "",
        "actions": lines,
    }
    if record.fingerprint is None:
        del doc["content"]
    doc["digest"] = digest(doc)
    return tomli_w.dumps(doc, multiline_strings=False)


def _relative(folder: str, save: str | Path | None) -> str:
    return folder if save is None else folder_for_save(folder, save)


def write(record: Record, path: str | Path, overwrite: bool = False) -> None:
    """Write the save atomically; an existing file is replaced only with `overwrite`."""
    write_atomic(
        path,
        dumps(record, path),
        overwrite=overwrite,
        what="save",
        replace_with=f"save --force {path}",
    )


def _field(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in doc:
        raise DockyardError(f"{where}: missing {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise DockyardError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def loads(text: str, where: str = "<save>", content: Any = None) -> Record:
    """The record in a save's text, every field checked (FILE:LINE:COL for broken TOML). The
    content folders are the save's own (relative to it) unless `content` gives others."""
    try:
        doc = _quick(text) or tomllib.loads(text)
    except RecursionError:
        raise DockyardError(f"{where}: not a valid save (nested too deeply)") from None
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"^(.*) \(at line (\d+), column (\d+)\)$", str(exc))
        if found:  # FILE:LINE:COL, like every other located error
            what, line, col = found.groups()
            raise DockyardError(f"{where}:{line}:{col}: not a valid save (TOML): {what}") from None
        raise DockyardError(f"{where}: not a valid save (TOML): {exc}") from None
    fmt = _format(doc, where, text)
    game = _field(doc, "game", str, where)
    seed = _field(doc, "seed", int, where)
    players = _field(doc, "players", list, where)
    variants = _field(doc, "variants", list, where)
    actions = _field(doc, "actions", list, where)
    dirs = content if content is not None else doc.get("content_dirs", [])
    if content is None:
        if not isinstance(dirs, list) or not all(isinstance(d, str) for d in dirs):
            raise DockyardError(f"{where}: 'content_dirs' must be a list of folder names")
        dirs = [_content_dir(d, where, text) for d in dirs]
    _check_sealed(doc, fmt, actions, where, text)
    if not all(isinstance(p, str) for p in players) or not all(
        isinstance(v, str) for v in variants
    ):
        raise DockyardError(f"{where}: 'players' and 'variants' must be lists of names")
    _lines_of_text(actions, where)
    fingerprint = doc.get("content")
    return Record(
        game,
        seed,
        tuple(players),
        tuple(variants),
        tuple(dirs) if isinstance(dirs, list | tuple) else dirs,
        fingerprint if isinstance(fingerprint, str) else None,
        tuple(actions),
    )


# The actions of a save as `dumps` writes them: the last key, an array of plain strings, one a
# line (no escapes, quotes or control characters: each means just its characters).
_ACTIONS_START = "\nactions = [\n"
_ACTIONS_REST = re.compile(r'(?:    "[^"\\\x00-\x1f\x7f]*",\n)*\]\n?')
_ACTION_LINE = re.compile(r'    "([^"\n]*)",\n')


def _quick(text: str) -> dict[str, Any] | None:
    """The document of a save laid out as `dumps` writes it, read in a tenth of tomllib's time
    (the array of action lines by a regular expression that accepts only that layout, the rest
    by tomllib); None for anything else, which tomllib reads (and reports on)."""
    head, found, rest = text.rpartition(_ACTIONS_START)
    if not found or _ACTIONS_REST.fullmatch(rest) is None:
        return None
    try:
        doc = tomllib.loads(head)
    except tomllib.TOMLDecodeError:
        return None
    if "actions" in doc or any(isinstance(v, dict) for v in doc.values()):
        return None  # `actions` twice, or it would belong to a table: tomllib says
    doc["actions"] = _ACTION_LINE.findall(rest)
    return doc


def _line_of(text: str, key: str) -> int:
    """The line where `key = ` is written in the save (1 when it is not found)."""
    found = re.search(rf"^{re.escape(key)}\s*=", text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def _format(doc: dict[str, Any], where: str, text: str) -> int:
    """The save's format, one this dockyard reads, and written by this dockyard or an older one
    (else refused, naming the file, line and field)."""
    from packaging.version import InvalidVersion, Version  # only when a save is read

    from ._version import __version__

    if "format" not in doc:
        raise DockyardError(
            f"{where}: missing 'format': a save without one is of format 1, which this dockyard "
            f"no longer reads (it reads formats {' and '.join(map(str, READS))})"
        )
    fmt = doc["format"]
    at = f"{where}:{_line_of(text, 'format')}"
    if type(fmt) is not int or fmt not in READS:
        if type(fmt) is int and fmt > FORMAT:
            why = "a newer dockyard wrote it: upgrade to load it"
        elif type(fmt) is int and 1 <= fmt < READS[0]:
            why = f"format {fmt}, with no digest, is no longer read"
        else:
            why = "no dockyard writes it"
        raise DockyardError(
            f"{at}: 'format' {fmt!r}: this dockyard reads save formats "
            f"{' and '.join(map(str, READS))} ({why})"
        )
    if fmt >= 3 or "dockyard" in doc:
        version = _field(doc, "dockyard", str, where)
        at = f"{where}:{_line_of(text, 'dockyard')}"
        try:
            newer = Version(version) > Version(__version__)
        except InvalidVersion:
            raise DockyardError(f"{at}: 'dockyard' {version!r} is not a version") from None
        if newer:
            raise DockyardError(
                f"{at}: 'dockyard' {version!r}: the save was written by a newer dockyard than "
                f"this one ({__version__}): upgrade to load it"
            )
    return int(fmt)


def _check_sealed(doc: dict[str, Any], fmt: int, actions: list[Any], where: str, text: str) -> None:
    """A save says how many actions it holds and its digest: both must agree (format 2 seals
    only the actions, format 3 the whole save)."""
    count = _field(doc, "action_count", int, where)
    sealed = _field(doc, "digest", str, where)
    _lines_of_text(actions, where)
    if count != len(actions):
        at = f"{where}:{_line_of(text, 'actions')}"
        raise DockyardError(
            f"{at}: the save says it holds {count} actions but it holds {len(actions)}: "
            "it was truncated or edited"
        )
    if fmt == 2 and actions_digest(actions) != sealed:
        at = f"{where}:{_line_of(text, 'actions')}"
        raise DockyardError(
            f"{at}: the actions do not match the save's digest: it was edited or damaged"
        )
    if fmt >= 3 and digest(doc) != sealed:
        at = f"{where}:{_line_of(text, 'digest')}"
        raise DockyardError(
            f"{at}: the save does not match its digest: it was edited or damaged (its game, "
            "seed, players, variants, content, version and actions are sealed together)"
        )


def _lines_of_text(actions: list[Any], where: str) -> None:
    """Every action is a line of text (looked at in C; the first that is not is named)."""
    if set(map(type, actions)) <= {str}:
        return
    for i, line in enumerate(actions):
        if not isinstance(line, str):
            raise DockyardError(f"{where}: actions[{i}]: not a line of text")


def _content_dir(folder: str, where: str, text: str) -> str:
    """A save's content folder: absolute, or relative to the save (files.folder_of_save)."""
    path = folder_of_save(folder, where if where != "<save>" else None)
    if not os.path.isdir(path):
        raise DockyardError(
            f"{where}:{_line_of(text, 'content_dirs')}: no such content folder {path}"
            f"{'' if path == folder else f' (the save names {folder!r})'}; give the content "
            "again with --content to load this save"
        )
    return path


def read(path: str | Path, content: Any = None) -> Record:
    """The record in a save file, read safely."""
    if not isinstance(path, str | Path):
        raise DockyardError(f"a save is named by a path, not {type(path).__name__}")
    try:
        text = read_text(path, MAX_SAVE_BYTES, "save")
    except FileProblem as exc:
        raise DockyardError(str(exc)) from None
    return loads(text, str(path), content)
