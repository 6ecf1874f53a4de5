"""What dockyard keeps between runs so that a command starts sooner: the marks of content files
already found valid against their schemas, and lark's analysed grammars.

It lives in `$XDG_CACHE_HOME/dockyard` (`~/.cache/dockyard`), or where `DOCKYARD_CACHE` names;
`DOCKYARD_CACHE=off` turns it off. It is only ever a shortcut: every entry is named by a hash
of everything it was made from (the file's text, every schema, dockyard's version), so a
changed file or schema simply misses, and a cache that cannot be read or written is the same
as no cache (nothing is reported, nothing fails).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ._version import __version__

OFF = ("0", "off", "no", "false")


def folder(kind: str) -> Path | None:
    """The cache's folder for `kind` (made if need be), or None when there is none to use."""
    chosen = os.environ.get("DOCKYARD_CACHE", "")
    if chosen.strip().lower() in OFF:
        return None
    if chosen:
        base = Path(chosen)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        try:
            base = (Path(xdg) if xdg else Path.home() / ".cache") / "dockyard"
        except RuntimeError:  # no home folder
            return None
    path = base / kind
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    return path


def entry_key(*parts: str | bytes) -> str:
    """A name for an entry made from `parts` (and dockyard's version)."""
    digest = hashlib.sha256(__version__.encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def marked(kind: str, name: str) -> bool:
    """Was `name` marked (`mark`) in an earlier run?"""
    where = folder(kind)
    return where is not None and (where / name).is_file()


def mark(kind: str, name: str) -> None:
    """Remember `name` for later runs (if the cache can be written)."""
    where = folder(kind)
    if where is None:
        return
    try:
        (where / name).touch()
    except OSError:
        pass


def path_for(kind: str, name: str) -> Path | None:
    """Where an entry `name` of `kind` is kept (None: no cache)."""
    where = folder(kind)
    return None if where is None else where / name
