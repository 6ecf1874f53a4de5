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
import math
import re
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..core import DockyardError
from .simulate import Record, run_games
from .stats import Z95, rate, win_rates
from .tune_report import shown, summary_lines, tune_html
from .workers import default_workers, interrupts_deferred, no_interrupts

TARGETS = {
    "seat-balance": "seat win rates closest to 1/players each, root mean square",
    "no-winner": "the fewest games with no winner",
}
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
    for part in field.parts:
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


def write_layer(root: Path, index: int, field: Field, value: Any) -> str:
    """A content folder holding FILE.patch.json: a JSON Patch setting the field to `value`."""
    folder = root / f"value-{index}"
    target = folder / patch_name(field)
    target.parent.mkdir(parents=True, exist_ok=True)
    patch = [{"op": "replace", "path": field.pointer, "value": value}]
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


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean with a 95% interval (mean +- 1.96 standard errors; with one game, its value)."""
    n = len(values)
    if not n:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "games": 0}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {
        "mean": round(mean, 3),
        "low": round(max(0.0, mean - half) if min(values) >= 0 else mean - half, 3),
        "high": round(mean + half, 3),
        "games": n,
    }


def share(count: int, games: int) -> dict[str, Any]:
    """`count` games of `games`, as a rate with its 95% interval."""
    figures = rate(count, games)
    return {"count": count, **{k: v for k, v in figures.items() if k != "wins"}}


def row(value: Any, records: Sequence[Record]) -> dict[str, Any]:
    """The figures of one value."""
    done = [r for r in records if r.error is None]
    n = len(done)
    seats = win_rates(done)["by_seat"]
    ends: Counter[str] = Counter(e for r in done for e in r.end)
    rates = [s["rate"] for s in seats.values()]
    return {
        "value": value,
        "games": len(records),
        "errors": len(records) - n,
        "players": list(done[0].players) if done else [],
        "seat_win_rates": seats,
        "no_winner": share(sum(1 for r in done if not r.winners), n),
        "end": {e: share(c, n) for e, c in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0]))},
        "length": mean_interval([r.actions for r in done]),
        "seat_gap": round(max(rates) - min(rates), 4) if rates else 0.0,
        "seat_distance": round(seat_distance(rates), 4),
    }


def seat_distance(rates: Sequence[float]) -> float:
    """How far win rates lie from an equal share each: the root mean square of rate - 1/seats."""
    if not rates:
        return 0.0
    fair = 1 / len(rates)
    return math.sqrt(sum((r - fair) ** 2 for r in rates) / len(rates))


def pick(rows: Sequence[dict[str, Any]], target: str) -> int:
    """The index of the row closest to the target (see TARGETS; ties: the first)."""
    if not rows:
        raise ValueError("no rows")

    def key(i: int) -> tuple[float, float, int]:
        r = rows[i]
        gap, none = r["seat_distance"], r["no_winner"]["rate"]
        return (gap, none, i) if target == "seat-balance" else (none, gap, i)

    return min(range(len(rows)), key=key)


# ---- the command -----------------------------------------------------------------------------


def tune_command(
    game: str,
    field_spec: str,
    values_text: str | None,
    range_text: str | None,
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
) -> int:
    from ..bots import parse_bots
    from ..config import resolve_players
    from ..registry import registry

    if games < 1:
        raise DockyardError("--games must be at least 1")
    if workers is not None and workers < 1:
        raise DockyardError("--workers must be at least 1")
    if target not in TARGETS:
        raise FieldError(f"--target {target}: targets are {', '.join(TARGETS)}")
    field = parse_field(field_spec)
    values = parse_values(values_text, range_text)
    g = registry().game(game)
    if out_path:  # said before the games are played, not after
        from ..files import check_target

        check_target(out_path, force, "report")
    seated = parse_bots(g, bots, len(resolve_players(g, players))) if bots else None
    check_field(g.name, field, players, variants, content)
    with tempfile.TemporaryDirectory(prefix="dockyard-tune-") as root:
        layers = [write_layer(Path(root), i, field, v) for i, v in enumerate(values)]
        for value, layer in zip(values, layers, strict=True):
            check_value(g.name, field, value, layer, players, variants, content)
        rows, interrupted = _play(
            g.name,
            values,
            layers,
            games,
            seed,
            players,
            variants,
            content,
            seated,
            workers if workers is not None else default_workers(),
            progress,
        )
    result = {
        "game": g.name,
        "field": field.spec,
        "variants": variants,
        "content": content,
        "seed": seed,
        "games": games,
        "bots": seated or [],
        "target": target,
        "measure": TARGETS[target],
        "rows": rows,
        "best": None,
    }
    if interrupted:
        result["interrupted"] = True
    if rows:
        best = pick(rows, target)
        result["best"] = {"value": rows[best]["value"], "index": best}
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


def _play(
    game: str,
    values: list[Any],
    layers: list[str],
    games: int,
    seed: int,
    players: Any,
    variants: list[str],
    content: list[str],
    bots: list[str] | None,
    workers: int,
    progress: bool,
) -> tuple[list[dict[str, Any]], bool]:
    """Play the same seeds for each value; the rows of the values played whole, and whether
    Ctrl-C stopped it (a value under way then is left out: its games are not all there)."""
    rows: list[dict[str, Any]] = []
    first = f"{game}: value 1 of {len(values)} ({shown(values[0])})"
    with _progress(progress, games * len(values), first) as advance:
        for i, (value, layer) in enumerate(zip(values, layers, strict=True)):
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
            )
            played: list[Record] = []
            try:
                for record in records:
                    with interrupts_deferred():
                        played.append(record)
                        advance(f"{game}: value {i + 1} of {len(values)} ({shown(value)})")
            except KeyboardInterrupt:
                with no_interrupts():
                    records.close()  # the workers stop now
                return rows, True
            rows.append(row(value, played))
    return rows, False


@contextmanager
def _progress(show: bool, total: int, first: str) -> Iterator[Any]:
    """`advance(description)` moves a bar on stderr (a terminal's only) by one game."""
    if not show:
        yield lambda description: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(first, total=total)
        yield lambda description: bar.update(task, advance=1, description=description)
