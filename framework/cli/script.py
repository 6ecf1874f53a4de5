"""Scripts (`.dys` files): REPL lines in a file, run top to bottom, stopping at the first failure.

    # x-wins.dys
    game tictactoe
    seed 0
    x: mark b2
    o: mark a1
    ...
    expect winner == x

A script may start with a header: `game NAME`, `seed N`, `variant NAME` (repeatable),
`players A B ...`, `bot SEAT [NAME]` (that seat is played by a bot; repeatable) and
`content DIR` (repeatable: a content folder layered over the built-in one,
relative to the script, so a scenario can stack the bag or use its own board), before its first
other statement; `--content` folders go over the header's. Command-line flags and the header combine
this way: the game named by `--game` (or by `dockyard play GAME`) and by the header must agree;
`--seed`, `--variant` and `--players` override the header's seed, variants and players (so one
script can be tried with other seeds). What neither names takes the game's defaults (seed 0).

A script fails at its first line that does not parse, is an illegal move, or is an `expect` that
does not hold; the error names the place as `FILE:LINE:COL: error: what (expected ...)`, followed
by the line and a caret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..files import MAX_SCRIPT_BYTES
from ..files import read_text as read_file
from ..game import DockyardError, Game
from ..language import Language, ParseError, Statement, check_line
from ..words import plural
from .repl import Output, Shell, StatementError, first_column, result_lines


class _AnyGame(Game):
    """Stands in for the game while the header, which says which game it is, is read."""

    name = "<header>"
    title = "header"


@dataclass
class Header:
    """What a script's header says, with the line of each statement (for error messages)."""

    source: str
    lines: list[str] = field(default_factory=list)
    game: str | None = None
    seed: int | None = None
    variants: list[str] = field(default_factory=list)
    players: list[str] | None = None
    content: list[str] = field(default_factory=list)  # folders, relative to the script
    bots: dict[str, str | None] = field(default_factory=dict)  # seat -> bot name (None: default)
    where: dict[str, int] = field(default_factory=dict)  # key -> line number
    end: int = 0  # number of the last header line

    def error(self, key: str, what: str, expected: str = "") -> StatementError:
        lineno = self.where.get(key, 1)
        text = self.lines[lineno - 1] if lineno <= len(self.lines) else ""
        return StatementError(self.source, lineno, first_column(text), what, expected, text)


def read_text(path: str | Path) -> str:
    """A script's text, read safely (files.py): a regular UTF-8 file, a BOM dropped."""
    return read_file(path, MAX_SCRIPT_BYTES, "script")


def split_lines(text: str) -> list[str]:
    """A script's lines: a line ends only at \\n or \\r\\n (never at U+2028, U+0085...), so
    line numbers are the ones an editor shows and a comment cannot hide a statement."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def read_header(lines: Sequence[str], source: str) -> Header:
    """The header statements at the top of a script (they parse the same in every game, before
    there is a session to read them: every line after the header goes through
    `Session.read`)."""
    header = Header(source, list(lines))
    language = Language(_AnyGame())
    for lineno, line in enumerate(lines, 1):
        check_line(line, source, lineno)  # the check every line gets (Session.read)
        try:
            stmt = language.parse_line(line, source, lineno)
        except ParseError:
            break  # not a header: the game's own grammar will judge it
        if stmt is None:
            continue
        if stmt.kind != "header":
            break
        _take(header, stmt, lineno, line)
        header.end = lineno
    return header


def _take(header: Header, stmt: Statement, lineno: int, line: str) -> None:
    key = stmt.name
    if key in ("game", "seed", "players") and key in header.where:
        raise StatementError(
            header.source,
            lineno,
            first_column(line),
            f"'{key}' is given twice",
            f"one '{key}' line (the first is on line {header.where[key]})",
            line,
        )
    header.where.setdefault(key, lineno)
    if key == "game":
        header.game = str(stmt.args[0])
    elif key == "seed":
        header.seed = int(stmt.args[0])
    elif key == "variant":
        header.variants.append(str(stmt.args[0]))
        header.where[f"variant {stmt.args[0]}"] = lineno
    elif key == "players":
        header.players = [str(a) for a in stmt.args]
    elif key == "bot":
        header.bots[str(stmt.args[0])] = str(stmt.args[1]) if len(stmt.args) > 1 else None
        header.where[f"bot {stmt.args[0]}"] = lineno
    elif key == "content":
        folder = Path(header.source).parent / str(stmt.args[0])
        if not folder.is_dir():
            raise StatementError(
                header.source, lineno, first_column(line), f"no content folder {folder}", "", line
            )
        header.content.append(str(folder))


@dataclass
class Flags:
    """What the command line says; None (or empty) where it says nothing."""

    game: str | None = None
    seed: int | None = None
    variants: list[str] = field(default_factory=list)
    players: list[str] | int | None = None
    content: list[str] = field(default_factory=list)
    bots: dict[str, str | None] = field(default_factory=dict)  # --bot SEAT[=NAME]


def make_bots(session: Any, chosen: dict[str, str | None], header: Header | None = None) -> dict:
    """The bots for the seats named (`bot SEAT [NAME]` in a header, `--bot SEAT[=NAME]`)."""
    from ..bots import make_bot

    bots: dict[str, Any] = {}
    for seat, name in chosen.items():
        try:
            if seat not in session.players:
                raise DockyardError(
                    f"no seat {seat!r} for a bot (players: {', '.join(session.players)})"
                )
            bots[seat] = make_bot(session.game, name, session.seed + 1 + len(bots))
        except DockyardError as exc:
            if header is not None and f"bot {seat}" in header.where:
                raise header.error(f"bot {seat}", str(exc)) from None
            raise
    return bots


def open_session(header: Header | None, flags: Flags):  # -> Session
    """The session a script runs in: its header's choices, overridden by flags (see above)."""
    from ..config import resolve_players, resolve_variants
    from ..registry import registry
    from ..session import Session

    header = header or Header("<flags>")
    name = flags.game or header.game
    if name is None:
        raise header.error(
            "game",
            "the script does not say which game it is for",
            "a first line such as 'game tictactoe', or --game NAME",
        )
    try:
        game = registry().game(name)
    except DockyardError as exc:
        if flags.game is None:
            raise header.error("game", str(exc)) from None
        raise
    if flags.game is not None and header.game is not None:
        if registry().game(header.game) is not game:
            raise header.error(
                "game",
                f"the script is for {header.game}, not {game.name}",
                f"--game {header.game}, or no --game",
            )
    players = flags.players if flags.players is not None else header.players
    variants = flags.variants or header.variants
    try:
        resolve_players(game, players)
    except DockyardError as exc:
        if flags.players is None and header.players is not None:
            raise header.error("players", str(exc)) from None
        raise
    try:
        resolve_variants(game, variants)
    except DockyardError as exc:
        if not flags.variants and header.variants:
            # point at the variant the message names (unknown, conflicting, missing partner)
            named = [v for v in header.variants if f"'{v}'" in str(exc)]
            key = f"variant {named[0]}" if named else "variant"
            raise header.error(key, str(exc)) from None
        raise
    seed = flags.seed if flags.seed is not None else (header.seed or 0)
    content = [*(header.content if header is not None else []), *flags.content]
    return Session(game, seed=seed, players=players, variants=variants, content=content)


def run_lines(shell: Shell, lines: Sequence[str], source: str, header_end: int = 0) -> None:
    """Run a script's lines in `shell`; raise the first failure (located) and stop there."""
    for lineno, line in enumerate(lines, 1):
        if lineno <= header_end:
            continue  # already taken into account when the session was made
        shell.run_line(line, source, lineno)
        if shell.done:
            return


def run_script(
    path: str, flags: Flags, output: Output, as_json: bool = False, viewer: str | None = None
) -> int:
    """`dockyard run`: 0 when every statement and expect succeeded, else 1 (error printed).
    It ends with the result (unless an action already printed it) and a count: `N actions,
    M expectations passed`. With `as_json`, one JSON object instead (for programs). With
    `viewer` (`--as SEAT`), the script still plays every seat's lines, but prints only what
    that seat is shown (a referee's check that a seat never sees a card)."""
    import json

    text = read_text(path)
    lines = split_lines(text)
    if as_json:
        output.quiet = True  # one JSON object, nothing else
    shell: Shell | None = None
    error: str | None = None
    try:
        header = read_header(lines, path)
        session = open_session(header, flags)
        shell = Shell(session, output, flags.content, write_root=Path.cwd(), viewer=viewer)
        shell.bots = make_bots(session, {**header.bots, **flags.bots}, header)
        for event in session.last_events:
            if viewer is None or event.seen_by(viewer):
                output.say(event.text, "cyan")
        shell.play_bots()
        run_lines(shell, lines, path, header.end)
    except ParseError as exc:  # StatementError too: both are located
        error = str(exc)
    if as_json:
        summary = run_summary(shell, path, error)
        if viewer is not None:  # a seat is not told the seed
            summary.pop("seed", None)
        print(json.dumps(summary))
        return 1 if error else 0
    if error is not None:
        output.error(error)
        return 1
    assert shell is not None
    if not shell.announced or not shell.session.over:
        for line in result_lines(shell.session):
            output.say(line, "bold")
    output.quiet = False
    output.say(
        f"{plural(len(shell.session.log), 'action')}, "
        f"{plural(shell.expectations, 'expectation')} passed"
    )
    return 0


def run_summary(shell: Shell | None, path: str, error: str | None) -> dict[str, Any]:
    """What `run --json` prints: the script, whether it passed, and the game's end."""
    out: dict[str, Any] = {"script": path, "ok": error is None, "error": error}
    if shell is not None:
        session = shell.session
        outcome = session.outcome()
        out.update(
            game=session.game.name,
            seed=session.seed,
            players=list(session.players),
            actions=len(session.log),
            expectations=shell.expectations,
            over=session.over,
            winners=list(outcome.winners) if outcome else None,
            scores=dict(outcome.scores) if outcome else None,
            reason=outcome.reason if outcome else None,
            end=list(outcome.end) if outcome else None,  # the stable ids of what ended it
        )
    return out
