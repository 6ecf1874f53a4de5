"""`dockyard tune GAME`: which value of one content field plays best? The same games per value.

    dockyard tune curious-cargo --field "shipping_board.json#/sides/three-color/requisite" \\
        --values 9,10,11,12 --variant night-shift --games 60 -o tune.html

`--field FILE#/json/pointer` names one value in the game's content as layered (built-in, the
variants', then every `--content DIR`): FILE is a content file's path in its folder, the pointer
is RFC 6901's. For each of `--values A,B,C` (each read as JSON: `10`, `true`, `"text"`; a bare
word is text) or `--range LO..HI` (whole numbers), a content layer of its own holds
`FILE.patch.json`, a JSON Patch replacing that value, laid over the others; every value is
checked by the schema and the game's rules before any game is played, and a value refused is
reported with the schema's own message, naming the value. Then the SAME seeds are played for
each value (as `simulate` plays them: every core, one progress bar, Ctrl-C stops at once), and
each value gets: the win rate of every seat, the share of games with no winner, the share of
each end trigger (each a Wilson 95% interval, stats.py) and the mean game length in actions
(mean +- 1.96 standard errors).

The value picked is the one closest to `--target`:
- `seat-balance` (default): the seat win rates closest to an equal share, 1/players each: the
  smallest root mean square of (seat's win rate - 1/players) over the seats. A shared win counts
  a share; a game with no winner counts for no seat, so it counts against its value (a value
  where nobody ever wins is not "balanced"). Ties: fewer games with no winner, then the first;
- `no-winner`: the fewest games with no winner (ties: seat-balance's measure, then the first).

`--json` prints one object with a row per value; `-o FILE.html` writes a self-contained page
with a chart per measure (charts.py). A bad `--field` or value is one message and exit 2.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..core import DockyardError
from .simulate import PlayedGame, run_games
from .tune_report import shown, summary_lines, tune_html
from .tune_search import (
    NO_DEFAULT,
    TARGETS,
    candidates,
    distance,
    mean_interval,
    not_told_apart,
    parse_target,
    pick,
    row,
    schema_default,
    seat_distance,
    share,
)
from .workers import default_workers, interrupts_deferred, no_interrupts, stops_on_ctrl_c

__all__ = ["TARGETS", "mean_interval", "pick", "row", "seat_distance", "share", "tune_command"]
MAX_VALUES = 200


class FieldError(DockyardError):
    """A bad --field, --values or --range: nothing is played (exit 2)."""


@dataclass(frozen=True)
class Field:
    """`FILE#/json/pointer`: a value in the content file FILE (its path in a content folder)."""

    spec: str
    file: str
    pointer: str

    @property
    def parts(self) -> list[str]:
        return [p.replace("~1", "/").replace("~0", "~") for p in self.pointer.split("/")[1:]]


def parse_field(spec: str) -> Field:
    file, hash_, pointer = spec.partition("#")
    file = file.strip().replace("\\", "/").removeprefix("./")
    if not hash_ or not file or not pointer.startswith("/"):
        raise FieldError(
            f"--field {spec}: give FILE#/json/pointer, such as "
            "shipping_board.json#/sides/two-color/requisite"
        )
    if not file.endswith(".json") or file.endswith(".patch.json"):
        raise FieldError(f"--field {spec}: {file} is not a content file (FILE.json)")
    if file.startswith("/") or ".." in file.split("/"):
        raise FieldError(
            f"--field {spec}: {file}: a path inside a content folder, such as boards/board1.json"
        )
    return Field(spec, file, pointer)


def parse_pairs(items: Sequence[tuple[str, str]]) -> list[tuple[Field, list[Any]]]:
    """`--field F --values V` (or `--range LO..HI`) pairs, in the order given."""
    pairs: list[tuple[str, str | None, str | None]] = []
    for kind, text in items:
        if kind == "field":
            pairs.append((text, None, None))
            continue
        option = "--values" if kind == "values" else "--range"
        if not pairs or pairs[-1][1] is not None or pairs[-1][2] is not None:
            where = f"after --field {pairs[-1][0]}" if pairs else "before any --field"
            raise FieldError(
                f"{option} {text}: one --values or --range follows each --field ({where})"
            )
        spec = pairs[-1][0]
        pairs[-1] = (spec, text, None) if kind == "values" else (spec, None, text)
    out = []
    for spec, values, span in pairs:
        if values is None and span is None:
            raise FieldError(f"--field {spec}: give its values (--values A,B or --range LO..HI)")
        out.append((parse_field(spec), parse_values(values, span)))
    specs = [f.spec for f, _ in out]
    twice = next((f for f in specs if specs.count(f) > 1), None)
    if twice:
        raise FieldError(f"--field {twice}: given twice")
    return out


def parse_values(values: str | None, span: str | None) -> list[Any]:
    """The values of `--values A,B,C` (each JSON, else text; or a JSON list) or `--range LO..HI`."""
    from ..files import JsonProblem, loads

    if span is not None:
        low, dots, high = span.partition("..")
        try:
            lo, hi = int(low), int(high)
        except ValueError:
            lo = hi = 0
            dots = ""
        if not dots or lo > hi:
            raise FieldError(f"--range {span}: give LO..HI, whole numbers with LO <= HI (9..12)")
        if hi - lo >= MAX_VALUES:
            raise FieldError(f"--range {span}: at most {MAX_VALUES} values can be tuned at once")
        out: list[Any] = list(range(lo, hi + 1))
    else:
        text = (values or "").strip()
        if text.startswith("["):
            try:
                out = loads(text)
            except JsonProblem as exc:
                shown_text = text if len(text) <= 40 else text[:37] + "..."
                raise FieldError(f"--values {shown_text}: not a JSON list: {exc}") from None
        else:
            out = [_value(item, text) for item in text.split(",")]
        if not out:
            raise FieldError("--values: give one value or more, such as --values 9,10,11")
    if len(out) > MAX_VALUES:
        raise FieldError(f"{len(out)} values: at most {MAX_VALUES} can be tuned at once")
    for value in out:
        try:
            json.dumps(value, allow_nan=False)
        except ValueError:
            raise FieldError(f"--values: {value!r} is not a JSON value (a finite number)") from None
    return out


def _value(item: str, whole: str) -> Any:
    from ..files import JsonProblem, NotFinite, loads

    item = item.strip()
    if not item:
        raise FieldError(f"--values {whole}: an empty value (values are separated by commas)")
    try:
        return loads(item)
    except NotFinite:  # NaN, 1e999: a number, but none JSON holds
        raise FieldError(f"--values: {item!r} is not a JSON value (a finite number)") from None
    except JsonProblem:
        return item


# ---- the layers, checked before anything is played -------------------------------------------


def check_field(
    game: str, field: Field, players: Any, variants: list[str], content: list[str]
) -> Any:
    """The current value at the field (FieldError if its file or its pointer is not there)."""
    from ..session import Session
    from ..words import did_you_mean

    probe = Session(game, players=players, variants=variants, content=content)
    docs = probe.content.documents
    if field.file not in docs:
        known = sorted(docs)
        raise FieldError(
            f"--field {field.spec}: {probe.game.name}'s content has no file {field.file}"
            f"{did_you_mean(field.file, known)} (files: {', '.join(known)})"
        )
    here: Any = docs[field.file].data
    walked = ""
    parts = field.parts
    for k, part in enumerate(parts):
        if isinstance(here, dict) and part not in here and k == len(parts) - 1:
            # left out: the schema's default applies (the starting value); a patch adds it
            return schema_default(docs[field.file].schema, parts)
        if isinstance(here, dict) and part in here:
            here = here[part]
        elif (
            isinstance(here, list) and re.fullmatch("0|[1-9][0-9]*", part) and int(part) < len(here)
        ):
            here = here[int(part)]
        else:
            if isinstance(here, list):
                why = f"{walked or 'the file'} is a list of {len(here)}: no item {part!r}"
            elif isinstance(here, dict):
                hint = did_you_mean(part, list(here))
                why = f"there is no {part!r} in {walked or 'the file'}{hint}"
            else:
                why = f"{walked} is {shown(here)}, which holds no {part!r}"
            raise FieldError(f"--field {field.spec}: {why}")
        walked += "/" + part
    return here


def patch_name(field: Field) -> str:
    return field.file[: -len(".json")] + ".patch.json"


def write_layer(
    root: Path,
    index: int | str,
    fields: Sequence[Field],
    values: Sequence[Any],
    adds: Sequence[bool],
) -> str:
    """A content folder holding, for each file tuned, FILE.patch.json: a JSON Patch setting
    each field to its value (`add` where the file may leave the field out, else `replace`)."""
    folder = root / f"value-{index}"
    ops: dict[str, list[dict[str, Any]]] = {}
    for field, value, add in zip(fields, values, adds, strict=True):
        op = "add" if add else "replace"
        ops.setdefault(field.file, []).append({"op": op, "path": field.pointer, "value": value})
    for file, patch in ops.items():
        target = folder / (file[: -len(".json")] + ".patch.json")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(patch) + "\n", encoding="utf-8")
    return str(folder)


def check_value(
    game: str,
    field: Field,
    value: Any,
    layer: str,
    players: Any,
    variants: list[str],
    content: list[str],
) -> None:
    """The content with `value` at the field passes the schema and the game's checks, else a
    FieldError with their messages (located at the field, not in a temporary file)."""
    from ..problems import ContentError, Problem
    from ..session import Session

    def ours(file: str) -> bool:
        return Path(file).is_relative_to(layer)

    try:
        Session(game, players=players, variants=variants, content=[*content, layer])
    except ContentError as exc:
        problems = [
            Problem(field.file, p.path, p.message) if ours(p.file) else p for p in exc.problems
        ]
        said = "\n  ".join(map(str, problems))
    except DockyardError as exc:  # the game could not be set up with it
        said = str(exc).replace(str(Path(layer) / patch_name(field)), field.file)
    except Exception as exc:  # a value the checks let through, and set-up fails on
        said = f"the game cannot be set up with it ({type(exc).__name__}: {exc})"
    else:
        return
    raise FieldError(f"--field {field.spec}: the value {shown(value)} is refused:\n  {said}")


# ---- the figures -----------------------------------------------------------------------------


# ---- the command -----------------------------------------------------------------------------


@stops_on_ctrl_c
def tune_command(
    game: str,
    items: Sequence[tuple[str, str]],
    games: int,
    seed: int,
    players: list[str] | int | None,
    variants: list[str],
    content: list[str],
    bots: str | None,
    workers: int | None,
    target: str,
    as_json: bool,
    out_path: str | None,
    out: IO[str],
    progress: bool = False,
    force: bool = False,
    budget: int = 64,
    backend: str = "local",
) -> int:
    """`items`: the `--field`, `--values` and `--range` options in the order given, as
    ("field" | "values" | "range", text)."""
    from ..bots import default_bot, parse_bots
    from ..config import resolve_players
    from ..registry import registry

    if games < 1:
        raise DockyardError("--games must be at least 1")
    if workers is not None and workers < 1:
        raise DockyardError("--workers must be at least 1")
    if budget < 1:
        raise FieldError("--budget must be at least 1")
    try:
        parse_target(target)
    except DockyardError as exc:
        raise FieldError(str(exc)) from None
    pairs = parse_pairs(items)
    fields = [f for f, _ in pairs]
    g = registry().game(game)
    if out_path:  # said before the games are played, not after
        from ..files import check_target

        check_target(out_path, force, "report")
    count = len(resolve_players(g, players))
    seated = parse_bots(g, bots, count) if bots else [default_bot(g)] * count
    starts = [check_field(g.name, f, players, variants, content) for f in fields]
    adds = [_may_add(f) for f in fields]
    with tempfile.TemporaryDirectory(prefix="dockyard-tune-") as root:
        for k, (field, values) in enumerate(pairs):  # every value checked before any game
            for i, value in enumerate(values):
                layer = write_layer(Path(root), f"check-{k}-{i}", [field], [value], [adds[k]])
                check_value(g.name, field, value, layer, players, variants, content)
        how, chosen, tell = candidates([v for _, v in pairs], budget, seed)
        rows, interrupted = _play(
            g.name,
            pairs,
            adds,
            chosen,
            tell,
            Path(root),
            (games, seed, players, variants, content, seated, backend),
            workers if workers is not None else default_workers(),
            progress,
            target,
        )
    result: dict[str, Any] = {
        "game": g.name,
        "field": ", ".join(f.spec for f in fields),
        "fields": [
            {"field": f.spec, "values": v, "start": None if st is NO_DEFAULT else st}
            for (f, v), st in zip(pairs, starts, strict=True)
        ],
        "search": how,
        "variants": variants,
        "content": content,
        "seed": seed,
        "games": games,
        "bots": seated,
        "target": target,
        "measure": TARGETS.get(target, TARGETS.get(target.split("=")[0] + "=N", "")),
        "rows": rows,
        "best": None,
        "not_told_apart": [],
    }
    if interrupted:
        result["interrupted"] = True
    if rows:
        best = pick(rows, target)
        result["best"] = {
            "value": rows[best]["value"],
            "index": best,
            "values": rows[best]["values"],
        }
        result["not_told_apart"] = [rows[i]["values"] for i in not_told_apart(rows, best, target)]
    if as_json:
        out.write(json.dumps(result) + "\n")
    else:
        out.write("\n".join(summary_lines(result)) + "\n")
    if out_path and rows:
        from ..files import write_atomic

        try:
            write_atomic(out_path, tune_html(result), overwrite=force, what="report")
        except OSError as exc:
            raise DockyardError(
                f"{out_path}: cannot write the report: {exc.strerror or exc}"
            ) from None
        if not as_json:
            out.write(f"report written to {out_path}\n")
    if interrupted:
        return 130
    return 1 if any(r["errors"] for r in rows) else 0


def _may_add(field: Field) -> bool:
    """Whether the field's patch may `add` it (its parent is an object, so the file may
    leave it out), rather than `replace` an item of a list."""
    return not re.fullmatch("0|[1-9][0-9]*|-", field.parts[-1]) if field.parts else False


def _play(
    game: str,
    pairs: list[tuple[Field, list[Any]]],
    adds: list[bool],
    chosen: Iterator[tuple[int, ...]],
    tell: Any,
    root: Path,
    how: tuple[Any, ...],
    workers: int,
    progress: bool,
    target: str,
) -> tuple[list[dict[str, Any]], bool]:
    """Play the same seeds for each candidate; the rows of the candidates played whole, and
    whether Ctrl-C stopped it (a candidate under way then is left out)."""
    games, seed, players, variants, content, bots, backend = how
    fields = [f for f, _ in pairs]
    rows: list[dict[str, Any]] = []
    first = f"{game}: candidate 1"
    with _progress(progress, None, first) as advance:
        for n, cand in enumerate(chosen):
            values = [pairs[k][1][i] for k, i in enumerate(cand)]
            layer = write_layer(root, n, fields, values, adds)
            try:
                records = run_games(
                    game,
                    games,
                    seed,
                    players,
                    variants,
                    [*content, layer],
                    None,
                    False,
                    workers,
                    bots,
                    backend=backend,
                )
                played: list[PlayedGame] = []
                for record in records:
                    with interrupts_deferred():
                        played.append(record)
                        advance(f"{game}: candidate {n + 1} ({_label(fields, values)})")
            except KeyboardInterrupt:
                with no_interrupts():
                    records.close()  # the workers stop now
                return rows, True
            except DockyardError as exc:  # values each fine alone, refused together
                raise FieldError(
                    f"--field: the values {_label(fields, values)} are refused together:\n  "
                    + str(exc).replace(layer, "(tuned values)")
                ) from None
            result = row(values[0] if len(values) == 1 else _named(fields, values), played)
            result["values"] = _named(fields, values)
            rows.append(result)
            tell(cand, distance(result, target))
    return rows, False


def _named(fields: Sequence[Field], values: Sequence[Any]) -> dict[str, Any]:
    return {f.spec: v for f, v in zip(fields, values, strict=True)}


def _label(fields: Sequence[Field], values: Sequence[Any]) -> str:
    if len(values) == 1:
        return shown(values[0])
    return ", ".join(
        f"{f.parts[-1] if f.parts else f.spec}={shown(v)}"
        for f, v in zip(fields, values, strict=True)
    )


@contextmanager
def _progress(show: bool, total: int | None, first: str) -> Iterator[Any]:
    """`advance(description)` moves a bar on stderr (a terminal's only) by one game."""
    if not show:
        yield lambda description: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(first, total=total)
        yield lambda description: bar.update(task, advance=1, description=description)
