"""Content: JSON documents checked by JSON Schema (2020-12), layered, then built into typed objects.

A game's content is a folder in `dockyard.content` (`content/<game>/`): data files anywhere in it,
and schemas in its `schemas/` folder. Every data file names its schema with a top-level
`"$schema"` holding the schema's `$id` (`urn:dockyard:<game>:<kind>`). Authors layer folders of
their own over the built-in one (`--content DIR`): a file at the same relative path replaces the
built-in file, a new file adds to it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core import DockyardError
from .diskcache import entry_key, mark, marked
from .files import MAX_CONTENT_BYTES, FileProblem, JsonProblem, loads, read_text, walk_files

if TYPE_CHECKING:  # jsonschema and referencing load only when content is checked
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMA_FOLDER = "schemas"
VALID_MARKS = "valid"  # the cache's folder of content files found valid (diskcache.py)
EXAMPLES = "examples"  # scripts and the content layers of their scenarios: not the game's content
COMMON_SCHEMAS = "_common"
LAYER_SKIP = frozenset(
    {SCHEMA_FOLDER, EXAMPLES}
)  # schemas shared by every game (content/_common/schemas)


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

    def __str__(self) -> str:
        if self.path[:1].isdigit():
            return f"{self.file}:{self.path}: {self.message}"
        return f"{self.file}: {self.path}: {self.message}"


def json_path(parts: Iterable[Any]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


@dataclass(frozen=True)
class Document:
    """One parsed data file."""

    name: str  # relative path inside the content folder, with '/' separators
    origin: str  # where it came from, for messages
    schema: str
    data: Any


@dataclass
class Content:
    """The validated documents of one game, by relative name, plus a fingerprint of them all."""

    game: str
    documents: dict[str, Document] = field(default_factory=dict)
    fingerprint: str = ""
    built: Any = None  # the game's typed objects, made by Game.build_content

    def of_kind(self, kind: str) -> list[Document]:
        suffix = f":{kind}"
        return [
            d
            for d in sorted(self.documents.values(), key=lambda d: d.name)
            if d.schema.endswith(suffix)
        ]

    def problem(self, doc: Document, parts: Iterable[Any], message: str) -> Problem:
        return Problem(doc.origin, json_path(parts), message)


class Reporter:
    """Collects the problems a game finds while it builds its content, each located by file and
    JSON path; every game's checkers report through one (Curious Cargo's, Pack & Stack's)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.problems: list[Problem] = []

    def report(self, doc: Document, parts: Iterable[Any], message: str) -> None:
        """A problem at `parts` (a JSON path as a list) of `doc`."""
        self.problems.append(self.content.problem(doc, parts, message))

    def missing(self, where: str, message: str) -> None:
        """A problem with no document to point at (a file that should exist and does not)."""
        self.problems.append(Problem(where, "$", message))

    def one(self, kind: str, game: str) -> Document:
        """The game's single document of `kind`, reporting none or several (then the first, or
        None: the caller raises once everything is reported)."""
        docs = self.content.of_kind(kind)
        if len(docs) != 1:
            where = ", ".join(d.origin for d in docs) or f"content/{self.content.game}"
            self.missing(where, f"{game} needs exactly one {kind} file, found {len(docs)}")
        return docs[0] if docs else None  # type: ignore[return-value]

    def unique(
        self, doc: Document, key: str, items: list[dict[str, Any]]
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        """The items of a list with an `id` each, reporting (and skipping) repeated ids."""
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            if item["id"] in first:
                self.report(
                    doc,
                    [key, i, "id"],
                    f"{item['id']} is already used by {key}[{first[item['id']]}]",
                )
                continue
            first[item["id"]] = i
            yield i, item

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContentError(self.problems)


def _walk(root: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        rel = f"{prefix}{entry.name}"
        if entry.is_dir():
            if entry.name in (SCHEMA_FOLDER, EXAMPLES, "__pycache__") or entry.name.startswith("."):
                continue
            yield from _walk(entry, rel + "/")
        elif entry.name.endswith(".json"):
            yield rel, entry


# content folder -> the package whose content/ holds it (games shipped as their own packages)
_FOLDER_PACKAGES: dict[str, str] = {}


def resources(package: str, kind: str) -> Traversable:
    """A package's `content` or `grammar` folder: dockyard's are the subpackages
    dockyard.content and dockyard.grammar; another package keeps them as folders inside it."""
    try:
        return files(f"{package}.{kind}")
    except ModuleNotFoundError:
        return files(package) / kind


def register_package(folder: str, package: str) -> None:
    """A game's content folder lives in `package` (its content, schemas and examples)."""
    if _FOLDER_PACKAGES.get(folder, "dockyard") != package:
        _FOLDER_PACKAGES[folder] = package
        schema_documents.cache_clear()
        schema_registry.cache_clear()
        validator.cache_clear()


def builtin_root(game_folder: str) -> Traversable:
    """The content a game ships (in dockyard, or in the game's own package)."""
    return resources(_FOLDER_PACKAGES.get(game_folder, "dockyard"), "content") / game_folder


@cache
def schema_registry() -> tuple[Registry, dict[str, dict[str, Any]]]:
    """Every schema of every game (dockyard's own, and those of games in their own packages),
    registered once by `$id`."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    schemas, _ = schema_documents()
    registry: Registry = Registry().with_resources(
        (sid, Resource.from_contents(s, default_specification=DRAFT202012))
        for sid, s in schemas.items()
    )
    return registry.crawl(), schemas


@cache
def schema_documents() -> tuple[dict[str, dict[str, Any]], str]:
    """Every schema of every game by `$id`, and a hash of all their texts (what a content
    file found valid was checked against)."""
    schemas: dict[str, dict[str, Any]] = {}
    digest = hashlib.sha256()
    roots = [resources("dockyard", "content")]
    roots += [resources(p, "content") / f for f, p in sorted(_FOLDER_PACKAGES.items())]
    for root in roots:
        game_dirs = [root] if (root / SCHEMA_FOLDER).is_dir() else list(root.iterdir())
        for game_dir in game_dirs:
            folder = game_dir / SCHEMA_FOLDER
            if not game_dir.is_dir() or not folder.is_dir():
                continue
            for entry in folder.iterdir():
                if entry.name.endswith(".json"):
                    text = entry.read_text(encoding="utf-8")
                    schema = json.loads(text)
                    schemas[schema["$id"]] = schema
                    digest.update(text.encode() + b"\0")
    return schemas, digest.hexdigest()


@cache
def validator(schema_id: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    registry, schemas = schema_registry()
    return Draft202012Validator(schemas[schema_id], registry=registry)


def parse_json(text: str, origin: str) -> tuple[Any, list[Problem]]:
    """JSON with the limits of `files.loads` (depth, number length, duplicate keys)."""
    try:
        return loads(text), []
    except JsonProblem as exc:
        return None, [Problem(origin, exc.where, exc.why)]


def check_document(
    name: str, origin: str, text: str, game: str | None = None
) -> tuple[Document | None, list[Problem]]:
    """Parse and schema-check one data file."""
    data, problems = parse_json(text, origin)
    if problems:
        return None, problems
    if not isinstance(data, dict) or not isinstance(data.get("$schema"), str):
        return None, [
            Problem(origin, "$", 'a content file is a JSON object naming its schema in "$schema"')
        ]
    schema_id = data["$schema"]
    schemas, schemas_digest = schema_documents()
    if schema_id not in schemas:
        known = ", ".join(sorted(s for s in schemas if game is None or f":{game}:" in s))
        return None, [
            Problem(origin, "$.$schema", f"unknown schema {schema_id!r} (known: {known})")
        ]
    if game is not None and f":{game}:" not in schema_id and ":_common:" not in schema_id:
        return None, [Problem(origin, "$.$schema", f"{schema_id!r} is not a schema of {game}")]
    # a file found valid before against these very schemas is valid: jsonschema is not even
    # imported (diskcache.py; a changed file or schema is checked again)
    seen = entry_key(schemas_digest, schema_id, text)
    if marked(VALID_MARKS, seen):
        return Document(name, origin, schema_id, data), []
    errors = sorted(
        validator(schema_id).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))
    )
    problems = [
        Problem(origin, json_path(_deepest(e).absolute_path), _schema_message(e)) for e in errors
    ]
    if problems:
        return None, problems
    mark(VALID_MARKS, seen)
    return Document(name, origin, schema_id, data), []


def _deepest(error: Any) -> Any:
    """Of a oneOf/anyOf error, the sub-error that went deepest into the document (it names the
    very field that is wrong), through nested choices."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def _schema_message(error: Any) -> str:
    """A schema error in an author's words: unknown fields and values get "did you mean"."""
    from .words import did_you_mean

    best = _deepest(error)
    schema = best.schema if isinstance(best.schema, dict) else {}
    if best.validator == "additionalProperties" and isinstance(best.instance, dict):
        known = list(schema.get("properties", {}))
        extra = [k for k in best.instance if k not in known]
        if extra:
            return "; ".join(
                f"unknown field {k!r}{did_you_mean(k, known)} (fields: {', '.join(known)})"
                for k in extra
            )
    if best.validator == "required" and isinstance(best.instance, dict):
        missing = [k for k in best.validator_value if k not in best.instance]
        if missing:
            return f"missing field {missing[0]!r}"
    if best.validator == "enum":
        options = [str(v) for v in best.validator_value]
        value = str(best.instance)
        return f"{best.instance!r} is not one of {', '.join(options)}{did_you_mean(value, options)}"
    return str(best.message)


def read_layer(folder: str | Path) -> list[tuple[str, str, str]]:
    """(relative name, origin, text) of each data file of an author's content folder, read
    safely (see files.py); ContentError naming the file when one cannot be read."""
    out: list[tuple[str, str, str]] = []
    problems: list[Problem] = []
    try:
        for rel, path in walk_files(folder, ".json", LAYER_SKIP):
            origin = str(Path(folder) / rel)
            try:
                text = read_text(path, MAX_CONTENT_BYTES, "content file")
            except FileProblem as exc:
                problems.append(Problem(origin, exc.at or "$", exc.why))
                continue
            out.append((rel, origin, text))
    except FileProblem as exc:
        problems.append(Problem(exc.where, "$", exc.why))
    if problems:
        raise ContentError(problems)
    return out


def load(game: str, folder: str, layers: Iterable[Path] = ()) -> Content:
    """Built-in content of `game`, with each layer's files over it; raise ContentError."""
    sources: dict[str, tuple[str, str]] = {}
    for rel, entry in _walk(builtin_root(folder)):
        sources[rel] = (f"content/{folder}/{rel}", entry.read_text(encoding="utf-8"))
    for layer in layers:
        for rel, origin, text in read_layer(layer):
            sources[rel] = (origin, text)
    content = Content(game)
    problems: list[Problem] = []
    digest = hashlib.sha256()
    for rel in sorted(sources):
        origin, text = sources[rel]
        digest.update(rel.encode() + b"\0" + text.encode() + b"\0")
        doc, found = check_document(rel, origin, text, game=folder)
        problems += found
        if doc is not None:
            content.documents[rel] = doc
    content.fingerprint = digest.hexdigest()[:16]
    if problems:
        raise ContentError(problems)
    return content
