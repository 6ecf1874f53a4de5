"""Which store a `--db` names: a file path or `sqlite:///PATH` (SQLite, store.py), or
`postgresql://...` (PostgreSQL, postgres.py); none: the default SQLite file."""

from __future__ import annotations

from pathlib import Path

from ..core import DockyardError
from .store import SqliteStore, Store

__all__ = ["default_path", "open_store"]


def default_path() -> Path:
    """`$XDG_DATA_HOME/dockyard/games.sqlite` (XDG_DATA_HOME defaults to ~/.local/share)."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dockyard" / "games.sqlite"


def open_store(url: str | Path | None = None) -> Store:
    """The store `url` names: None (the default SQLite file), a path, `sqlite:///PATH`, or
    `postgresql://...` (the `postgres` extra)."""
    if url is None:
        return SqliteStore(default_path())
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(text)
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///") - 1 :]
    elif "://" in text:
        raise DockyardError(
            f"--db {text!r}: a file path (SQLite) or a postgresql://USER@HOST/DB URL"
        )
    return SqliteStore(text)
