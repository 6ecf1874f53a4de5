"""Reading and writing users' files safely: one place for every file dockyard touches.

Content folders, saves and scripts may come from anyone, so every read here
- opens without blocking and refuses anything that is not a regular file (a FIFO, a device
  such as /dev/zero, a socket): an error, never a hang;
- reads at most a size limit, so a huge file is an error, not an out-of-memory;
- decodes UTF-8 strictly, naming the line of a bad byte;
and a folder walk stays inside its folder (a link out of it is not followed), refuses the
filesystem root, and stops at a limit of entries. JSON is parsed with limits too: nesting
depth, number length, and duplicate keys (an error naming the key and its JSON path).

Writes are atomic: a unique temporary file in the target's folder, fsync, then rename; an
existing file is replaced only when the caller says so.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .core import DockyardError
from .words import with_article

MIB = 1 << 20
MAX_CONTENT_BYTES = 4 * MIB  # one content file
MAX_SAVE_BYTES = 16 * MIB  # a save (a 100,000-action game is about 3 MiB)
MAX_SCRIPT_BYTES = 16 * MIB
MAX_WALK_ENTRIES = 5_000  # files and folders looked at in one content folder
MAX_WALK_DEPTH = 12
MAX_JSON_DEPTH = 64
MAX_NUMBER_CHARS = 100


class FileProblem(DockyardError):
    """A file that cannot be used: where, and why."""

    def __init__(self, where: str, why: str, at: str = "") -> None:
        self.where, self.why, self.at = where, why, at  # `at`: LINE:COL inside the file
        super().__init__(f"{where}:{at}: {why}" if at else f"{where}: {why}")


def _size_text(limit: int) -> str:
    return f"{limit // MIB} MiB" if limit >= MIB else f"{limit} bytes"


def read_bytes(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or FileProblem saying why not."""
    where = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem(where, f"no such {what}") from None
    except IsADirectoryError:
        raise FileProblem(where, f"is a folder, not {with_article(what)}") from None
    except OSError as exc:
        raise FileProblem(where, f"cannot read the {what}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(where, f"is a folder, not {with_article(what)}")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(
                where, f"is not a regular file ({_kind(info.st_mode)}), not {with_article(what)}"
            )
        if info.st_size > limit:
            raise FileProblem(
                where, f"is larger than the limit for {with_article(what)} ({_size_text(limit)})"
            )
        chunks: list[bytes] = []
        size = 0
        while True:  # the file may grow while it is read: the limit holds anyway
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise FileProblem(
                    where,
                    f"is larger than the limit for {with_article(what)} ({_size_text(limit)})",
                )
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(where, f"cannot read the {what}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def decode(data: bytes, where: str) -> str:
    """UTF-8 text (a leading BOM dropped), or FileProblem naming the line of the first bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileProblem(
            where, "not UTF-8 text (a byte that is not UTF-8)", f"{line}:{col}"
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: str | Path, limit: int, what: str = "file") -> str:
    return decode(read_bytes(path, limit, what), str(path))


# ---- folders --------------------------------------------------------------------------------


def check_folder(folder: str | Path, what: str = "content folder") -> Path:
    """A folder that may be walked: it exists, is a folder, and is not the filesystem root."""
    path = Path(folder)
    try:
        real = path.resolve()
    except (OSError, RuntimeError) as exc:
        raise FileProblem(str(folder), f"cannot use this {what}: {exc}") from None
    if real == Path(real.anchor):
        raise FileProblem(str(folder), f"the filesystem root is not {with_article(what)}")
    if not real.is_dir():
        raise FileProblem(
            str(folder), f"no such {what}" if not real.exists() else f"not {with_article(what)}"
        )
    return real


def walk_files(
    folder: str | Path,
    suffix: str,
    skip: frozenset[str] = frozenset(),
    what: str = "content folder",
) -> Iterator[tuple[str, Path]]:
    """(relative name with '/', path) of each file ending in `suffix` under `folder`, sorted.

    Links are followed only while they stay inside the folder; hidden entries and folders named
    in `skip` are left out; more than MAX_WALK_ENTRIES entries, or deeper than MAX_WALK_DEPTH,
    is an error (so `--content ~` fails fast instead of reading a whole home folder)."""
    root = check_folder(folder, what)
    seen = 0

    def walk(here: Path, rel: str, depth: int) -> Iterator[tuple[str, Path]]:
        nonlocal seen
        if depth > MAX_WALK_DEPTH:
            raise FileProblem(str(here), f"folders nested deeper than {MAX_WALK_DEPTH} levels")
        try:
            entries = sorted(os.scandir(here), key=lambda e: e.name)
        except OSError as exc:
            raise FileProblem(str(here), f"cannot list the folder: {exc.strerror or exc}") from None
        for entry in entries:
            seen += 1
            if seen > MAX_WALK_ENTRIES:
                raise FileProblem(
                    str(folder),
                    f"more than {MAX_WALK_ENTRIES} files and folders: not {with_article(what)}",
                )
            name = entry.name
            if name.startswith(".") or name == "__pycache__":
                continue
            path = Path(entry.path)
            if entry.is_symlink():
                try:
                    target = path.resolve()
                except (OSError, RuntimeError):
                    raise FileProblem(str(path), "a broken or looping link") from None
                if not target.is_relative_to(root):
                    if name.endswith(suffix) or target.is_dir():
                        raise FileProblem(
                            str(path), f"a link out of the {what} (to {target}) is not followed"
                        )
                    continue
                path = target
            try:
                is_dir = path.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if name not in skip:
                    yield from walk(path, f"{rel}{name}/", depth + 1)
            elif name.endswith(suffix):
                yield f"{rel}{name}", path

    yield from walk(root, "", 0)


# ---- JSON -----------------------------------------------------------------------------------


class JsonProblem(DockyardError):
    """JSON that cannot be used: `where` is LINE:COL or a JSON path; `path` the JSON path of
    a problem located by line (a duplicate key), else ''."""

    def __init__(self, where: str, why: str, path: str = "") -> None:
        self.where, self.why, self.path = where, why, path
        super().__init__(f"{where}: {path}: {why}" if path else f"{where}: {why}")


class NotFinite(JsonProblem):
    """1e400 (read as infinity), NaN or Infinity: numbers JSON cannot hold."""


class _Duplicates(dict):  # type: ignore[type-arg]
    """A JSON object that had a key more than once (found after parsing, to name its path)."""

    duplicate: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            dup = _Duplicates(pairs)
            dup.duplicate = key
            return dup
        out[key] = value
    return out


class _TooLong(Exception):
    pass


class _NotFinite(Exception):  # 1e400 (read as infinity), NaN, Infinity: no JSON number
    pass


def _number(text: str) -> Any:
    if len(text) > MAX_NUMBER_CHARS:
        raise _TooLong(text)
    if text.lstrip("-").isdigit():
        return int(text)
    value = float(text)
    if value - value != 0:  # inf or nan
        raise _NotFinite(text)
    return value


def _constant(text: str) -> Any:
    raise _NotFinite(text)


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    return f"{line}:{pos - (text.rfind(chr(10), 0, pos) + 1) + 1}"


def loads(text: str) -> Any:
    """Parse JSON with limits; JsonProblem (LINE:COL or $.path) for anything wrong."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise JsonProblem(
                    _line_col(text, match.start()),
                    f"nested deeper than {MAX_JSON_DEPTH} levels (the limit for content)",
                )
        elif char in "]}":
            depth -= 1
    try:
        data = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_number,
            parse_float=_number,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as exc:
        from .jsonpos import path_text, syntax_problem  # in an author's words, by line

        found = syntax_problem(text)
        if found is not None:
            where, parts, why = found
            raise JsonProblem(where, f"not valid JSON: {why}", path_text(parts)) from None
        raise JsonProblem(f"{exc.lineno}:{exc.colno}", f"not valid JSON: {exc.msg}") from None
    except _TooLong as exc:
        pos = text.find(str(exc))
        where = _line_col(text, pos) if pos >= 0 else "$"
        raise JsonProblem(
            where, f"a number longer than {MAX_NUMBER_CHARS} characters is not allowed"
        ) from None
    except _NotFinite as exc:
        hit = re.search(rf"(?<![\w.]){re.escape(str(exc))}(?![\w.])", text)
        where = _line_col(text, hit.start()) if hit else "$"
        raise NotFinite(
            where, f"{exc} is not a number JSON can hold (a finite number such as 1.5e300 is)"
        ) from None
    except (RecursionError, ValueError) as exc:
        raise JsonProblem("$", f"not valid JSON: {exc}") from None
    duplicate = _find_duplicate(data, "$")
    if duplicate is not None:
        from .jsonpos import syntax_problem

        path, key = duplicate
        why = f"duplicate key {key!r} (a key may appear only once)"
        located = syntax_problem(text)
        if located is not None:
            raise JsonProblem(located[0], why, path)
        raise JsonProblem(path, why)
    if _SURROGATE_ESCAPE.search(text):  # "\ud800" alone decodes to no character
        from .jsonpos import locate, lone_surrogate, path_text

        surrogate = lone_surrogate(data)
        if surrogate is not None:
            parts, code = surrogate
            why = f"a lone surrogate (\\u{code:04x}) is not a character: not text"
            raise JsonProblem(locate(text, parts), why, path_text(parts))
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _find_duplicate(value: Any, path: str) -> tuple[str, str] | None:
    if isinstance(value, _Duplicates):
        return path, value.duplicate
    if isinstance(value, dict):
        for key, item in value.items():
            found = _find_duplicate(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _find_duplicate(item, f"{path}[{i}]")
            if found:
                return found
    return None


# ---- writing --------------------------------------------------------------------------------


def check_target(
    path: str | Path,
    overwrite: bool = False,
    what: str = "file",
    replace_with: str | None = "--force",
) -> Path:
    """May `path` be written (by `write_atomic` with these arguments)? FileProblem if not: a
    folder, no folder to write in, or an existing file without `overwrite` (`replace_with`
    names what would replace it, as `--force`; None: nothing does)."""
    where = str(path)
    target = Path(path)
    if where.endswith(("/", os.sep)) or target.name in ("", ".", ".."):
        raise FileProblem(where, f"is a folder: give a file name for the {what}")
    if target.is_dir():
        raise FileProblem(where, f"is a folder: give a file name for the {what}")
    folder = target.parent
    if not folder.is_dir():
        raise FileProblem(where, f"no folder {folder} to write the {what} in")
    if target.exists() or target.is_symlink():
        if not overwrite:
            raise FileProblem(where, _exists(replace_with))
        if not target.is_file():
            raise FileProblem(where, "is not a regular file; it is not replaced")
    return target


def _exists(replace_with: str | None) -> str:
    if replace_with is None:
        return "already exists; it is not replaced"
    return f"already exists ({replace_with} replaces it)"


def write_atomic(
    path: str | Path,
    text: str,
    overwrite: bool = False,
    what: str = "file",
    replace_with: str | None = "--force",
) -> Path:
    """Write `text` to `path` all at once (temporary file, fsync, rename), or FileProblem.
    Without `overwrite` the file is created only if nothing is there, in one step (a link
    made from the temporary file): a file, a link or a FIFO put there meanwhile is neither
    replaced, nor followed, nor opened."""
    where = str(path)
    target = check_target(path, overwrite, what, replace_with)
    folder = target.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise FileProblem(where, f"cannot write the {what}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _mode_for(target))
        if overwrite:
            os.replace(tmp, target)
        else:
            _create(tmp, target)
    except FileExistsError:
        raise FileProblem(where, _exists(replace_with)) from None
    except OSError as exc:
        raise FileProblem(where, f"cannot write the {what}: {exc.strerror or exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return target


def _create(tmp: str, target: Path) -> None:
    """Put `tmp` at `target` only if nothing is there (FileExistsError otherwise)."""
    try:
        os.link(tmp, target, follow_symlinks=False)
        return
    except FileExistsError:
        raise
    except OSError:  # a filesystem without hard links: claim the name, then rename over it
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    os.close(os.open(target, flags, 0o600))
    os.replace(tmp, target)


def _mode_for(target: Path) -> int:
    """The permissions a written file gets: those of the file it replaces, else what a plain
    `open()` would give (0o666 less the umask), not the temporary file's private 0o600."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def inside(path: str | Path, root: str | Path) -> bool:
    """Is `path` (resolved) inside `root` (resolved)?"""
    try:
        return Path(path).resolve().is_relative_to(Path(root).resolve())
    except (OSError, RuntimeError):
        return False


# ---- content folders named in saves -----------------------------------------------------------


def absolute_folder(folder: str | Path) -> str:
    """`folder` as an absolute path (links resolved where they can be)."""
    try:
        return str(Path(folder).resolve())
    except (OSError, RuntimeError):
        return os.path.abspath(folder)


def folder_for_save(folder: str | Path, save: str | Path) -> str:
    """How a save at `save` names a content folder: relative to the save's own folder when it
    lies inside it (the save and its content travel together), else absolute (so that any
    command finds it from anywhere, whatever the working folder)."""
    base = Path(absolute_folder(Path(save).parent if str(Path(save).parent) else "."))
    path = Path(absolute_folder(folder))
    if path.is_relative_to(base):
        return Path(os.path.relpath(path, base)).as_posix()
    return path.as_posix()


def folder_of_save(folder: str, save: str | Path | None) -> str:
    """The absolute path of a content folder a save names (`folder_for_save`): an absolute
    name as it is, a relative one from the save's folder (the working folder for a save
    that is no file)."""
    if os.path.isabs(folder):
        return absolute_folder(folder)
    base = absolute_folder(Path(save).parent) if save is not None else os.getcwd()
    return absolute_folder(Path(base) / folder)
