"""Saves: readable TOML (written with tomli-w, read with tomllib) holding a session's seed and log.

Loading replays the log and checks every action, so a damaged or edited save is refused with a
message naming the offending entry, and never half-loaded.
"""

from __future__ import annotations

import re
import tomllib
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w

from .game import DockyardError

if TYPE_CHECKING:
    from .session import Session

FORMAT = 1


def dumps(session: Session) -> str:
    from . import __version__

    doc: dict[str, Any] = {
        "format": FORMAT,
        "dockyard": __version__,
        "game": session.config.game,
        "seed": session.config.seed,
        "players": list(session.config.players),
        "variants": list(session.config.variants),
        "content": session.content.fingerprint,
        "content_dirs": list(session.config.content_dirs),
        "actions": [session.format(a) for a in session.log],
    }
    return tomli_w.dumps(doc, multiline_strings=False)


def save(session: Session, path: str | Path) -> None:
    text = dumps(session)
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)  # never leave a half-written save behind
    except OSError as exc:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise DockyardError(f"{path}: cannot write the save: {exc.strerror or exc}") from None


def _field(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in doc:
        raise DockyardError(f"{where}: missing {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise DockyardError(f"{where}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def loads(text: str, where: str = "<save>", content: Any = None) -> Session:
    from .language import ParseError
    from .session import Session

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"^(.*) \(at line (\d+), column (\d+)\)$", str(exc))
        if found:  # FILE:LINE:COL, like every other located error
            what, line, col = found.groups()
            raise DockyardError(f"{where}:{line}:{col}: not a valid save (TOML): {what}") from None
        raise DockyardError(f"{where}: not a valid save (TOML): {exc}") from None
    fmt = doc.get("format", FORMAT)
    if fmt != FORMAT:
        raise DockyardError(
            f"{where}: save format {fmt!r} is not supported (this dockyard reads {FORMAT})"
        )
    game = _field(doc, "game", str, where)
    seed = _field(doc, "seed", int, where)
    players = _field(doc, "players", list, where)
    variants = _field(doc, "variants", list, where)
    actions = _field(doc, "actions", list, where)
    dirs = content if content is not None else doc.get("content_dirs", [])
    if content is None and (
        not isinstance(dirs, list) or not all(isinstance(d, str) for d in dirs)
    ):
        raise DockyardError(f"{where}: 'content_dirs' must be a list of folder names")
    if not all(isinstance(p, str) for p in players) or not all(
        isinstance(v, str) for v in variants
    ):
        raise DockyardError(f"{where}: 'players' and 'variants' must be lists of names")
    try:
        session = Session(game, seed=seed, players=players, variants=variants, content=dirs)
    except DockyardError as exc:
        raise DockyardError(f"{where}: {exc}") from None
    expected = doc.get("content")
    if expected is not None and expected != session.content.fingerprint:
        raise DockyardError(
            f"{where}: the save was made with other content (fingerprint {expected}, "
            f"now {session.content.fingerprint}); load it with the same --content folders"
        )
    for i, line in enumerate(actions):
        entry = f"{where}: actions[{i}]"
        if not isinstance(line, str):
            raise DockyardError(f"{entry}: not a line of text")
        try:
            action = session.parse(line)
            session.apply(action)
        except ParseError as exc:
            raise DockyardError(
                f"{entry}: {line!r}: {exc.what}"
                + (f" (expected {exc.expected})" if exc.expected else "")
            ) from None
        except DockyardError as exc:
            raise DockyardError(f"{entry}: {line!r}: {exc}") from None
    return session


def load(path: str | Path, content: Any = None) -> Session:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DockyardError(
            f"{path}: cannot read the save: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    return loads(text, str(path), content)
