"""What dockyard keeps between runs so that a command starts sooner: the marks of content files
already found valid against their schemas, and lark's analysed grammars.

It lives in `$XDG_CACHE_HOME/dockyard` (`~/.cache/dockyard`), or where `DOCKYARD_CACHE` names;
`DOCKYARD_CACHE=off` turns it off. It is only ever a shortcut: every entry is named by a hash
of everything it was made from (the file's text, every schema, dockyard's version), so a
changed file or schema simply misses, and a cache that cannot be read or written is the same
as no cache.

Nothing in it is trusted because it is there. The folder is private: made 0700, and a folder
(or one of its kind folders) that is not the user's own, or that others may write, is not used
at all (one warning on stderr, nothing read, nothing written). Every entry carries an HMAC
(SHA-256) of its kind, name and bytes under a per-user random key kept in a 0600 file in the
folder, and is checked before anything reads it: a forged, damaged or foreign entry (an
unpickling trap, a "valid" mark for a file never checked) is a miss, and is written again.
Entries are opened without following a link and without blocking (a FIFO is a miss, never a
hang), must be regular files of the user's, and are read up to a size limit.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import sys
import tempfile
from pathlib import Path

from .._version import __version__

OFF = ("0", "off", "no", "false")
KEY_FILE = "key"  # the per-user HMAC key, in the cache's own folder
KEY_BYTES = 32
MAC_BYTES = hashlib.sha256().digest_size
MAX_ENTRY_BYTES = 64 << 20  # a grammar's analysis is well under 1 MiB

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_keys: dict[str, bytes] = {}  # base folder -> its key, read once a process
_warned: set[str] = set()  # folders already warned about (once each, a process)


def base_folder() -> Path | None:
    """The folder the cache is configured to live in (None: off, or no home folder)."""
    chosen = os.environ.get("DOCKYARD_CACHE", "")
    if chosen.strip().lower() in OFF:
        return None
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        return (Path(xdg) if xdg else Path.home() / ".cache") / "dockyard"
    except RuntimeError:  # no home folder
        return None


def _warn(path: Path, why: str) -> None:
    if str(path) in _warned:
        return
    _warned.add(str(path))
    print(f"dockyard: warning: cache folder {path} {why}: not used", file=sys.stderr)


def _private_folder(path: Path) -> bool:
    """Make `path` (0700) if need be; is it a folder of this user's that no one else may write?
    One warning if it is not (and it is then never read nor written)."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = os.stat(path)
    except OSError:
        return False  # cannot be made or looked at: no cache, nothing to say
    if not stat.S_ISDIR(info.st_mode):
        return False
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        _warn(path, "is not yours")
        return False
    if info.st_mode & 0o022:
        _warn(path, "may be written by others (chmod 700 it)")
        return False
    return True


def _read_private(path: Path, limit: int) -> bytes | None:
    """The bytes of `path` if it is a regular file of this user's of at most `limit` bytes,
    opened without following a link or blocking; None otherwise."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return None if size > limit else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def _write_private(folder: Path, name: str, data: bytes) -> bool:
    """Put `data` at folder/name at once (a 0600 temporary file renamed over whatever is
    there: a link or a FIFO is replaced, never followed or opened)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name[:16]}.", suffix=".part", dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, folder / name)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


def _key(base: Path) -> bytes | None:
    """This user's HMAC key for the cache in `base` (made the first time)."""
    known = _keys.get(str(base))
    if known is not None:
        return known
    path = base / KEY_FILE
    key = _read_private(path, KEY_BYTES)
    if key is None or len(key) != KEY_BYTES or _mode(path) & 0o077:
        key = secrets.token_bytes(KEY_BYTES)
        if not _write_private(base, KEY_FILE, key):
            return None
    _keys[str(base)] = key
    return key


def _mode(path: Path) -> int:
    try:
        return os.lstat(path).st_mode
    except OSError:
        return 0o777


def _place(kind: str) -> tuple[Path, bytes] | None:
    """The folder of `kind`'s entries and the key, or None when there is no cache to use."""
    base = base_folder()
    if base is None or not _private_folder(base):
        return None
    where = base / kind
    if not _private_folder(where):
        return None
    key = _key(base)
    return None if key is None else (where, key)


def _mac(key: bytes, kind: str, name: str, data: bytes) -> bytes:
    head = f"{kind}\0{name}\0".encode("utf-8", "surrogatepass")
    return hmac.new(key, head + data, hashlib.sha256).digest()


def folder(kind: str) -> Path | None:
    """The cache's folder for `kind` (made if need be), or None when there is none to use."""
    place = _place(kind)
    return None if place is None else place[0]


def entry_key(*parts: str | bytes) -> str:
    """A name for an entry made from `parts` (and dockyard's version)."""
    digest = hashlib.sha256(__version__.encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


def read_entry(kind: str, name: str, limit: int = MAX_ENTRY_BYTES) -> bytes | None:
    """The bytes this user's dockyard wrote as entry `name` of `kind`, checked by its HMAC;
    None for a miss (no cache, no entry, or one that is not a sound entry of ours)."""
    place = _place(kind)
    if place is None:
        return None
    where, key = place
    data = _read_private(where / name, limit + MAC_BYTES)
    if data is None or len(data) < MAC_BYTES:
        return None
    mac, body = data[:MAC_BYTES], data[MAC_BYTES:]
    return body if hmac.compare_digest(mac, _mac(key, kind, name, body)) else None


def write_entry(kind: str, name: str, data: bytes) -> None:
    """Keep `data` as entry `name` of `kind` (if the cache can be written; else nothing)."""
    place = _place(kind)
    if place is not None:
        where, key = place
        _write_private(where, name, _mac(key, kind, name, data) + data)


def marked(kind: str, name: str) -> bool:
    """Was `name` marked (`mark`) in an earlier run?"""
    return read_entry(kind, name, limit=0) == b""


def mark(kind: str, name: str) -> None:
    """Remember `name` for later runs (if the cache can be written)."""
    write_entry(kind, name, b"")
