"""Content: JSON documents checked by JSON Schema (2020-12), layered, then built into typed objects.

A game's content is a folder in `dockyard.content` (`content/<game>/`): data files anywhere in it,
and schemas in its `schemas/` folder. Every data file names its schema with a top-level
`"$schema"` holding the schema's `$id` (`urn:dockyard:<game>:<kind>`). Authors layer folders of
their own over the built-in one (`--content DIR`): a file at the same relative path replaces the
built-in file, a new file adds to it, and `NAME.patch.json` changes the `NAME.json` below it: a
JSON Merge Patch (RFC 7386, an object) or a JSON Patch (RFC 6902, a list of operations, applied
with `jsonpatch`), in layer order; the result is checked by its schema as any file is.

Every problem is `FILE:LINE:COL: $.json.path: message` (jsonpos.py finds the line of a path only
when there is a problem), in an author's words (schema errors are reworded here).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files import MAX_CONTENT_BYTES, FileProblem, read_text, walk_files
from .jsonpos import locate as line_of
from .patches import PATCH_SUFFIX, Patch, apply_patch, patch_target  # noqa: F401
from .problems import ContentError, Problem, json_path, parse_json  # noqa: F401
from .speed.diskcache import entry_key, mark, marked

if TYPE_CHECKING:  # jsonschema and referencing load only when content is checked
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMA_FOLDER = "schemas"
MAX_SCHEMA_ERRORS = 200  # schema errors of one file looked into and reported
VALID_MARKS = "valid"  # the cache's folder of content files found valid (diskcache.py)
EXAMPLES = "examples"  # scripts and the content layers of their scenarios: not the game's content
COMMON_SCHEMAS = "_common"
LAYER_SKIP = frozenset(
    {SCHEMA_FOLDER, EXAMPLES}
)  # schemas shared by every game (content/_common/schemas)


@dataclass(frozen=True)
class Document:
    """One parsed data file (with the patches of the layers over it, if any)."""

    name: str  # relative path inside the content folder, with '/' separators
    origin: str  # where it came from, for messages
    schema: str
    data: Any
    text: str = field(default="", repr=False, compare=False)  # the text of `origin`
    patches: tuple[Patch, ...] = field(default=(), repr=False, compare=False)

    def locate(self, parts: Iterable[Any]) -> tuple[str, str]:
        """(file, LINE:COL) of the value at `parts`: in the last patch that set it, else in the
        file (the deepest part of the path present there); LINE:COL is '' without a text."""
        path = tuple(parts)
        for patch in reversed(self.patches):
            found = patch.locate(path)
            if found is not None:
                return found
        return self.origin, line_of(self.text, path) if self.text else ""


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
        parts = list(parts)
        file, at = doc.locate(parts)
        return Problem(file, json_path(parts), message, at)


class Reporter:
    """Collects the problems a game finds while it builds its content, each located by file and
    JSON path; every game's checkers report through one (Curious Cargo's, Pack & Stack's)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.problems: list[Problem] = []

    def report(self, doc: Document, parts: Iterable[Any], message: str) -> None:
        """A problem at `parts` (a JSON path as a list) of `doc`."""
        self.problems.append(self.content.problem(doc, parts, message))

    def no_such(
        self,
        doc: Document,
        parts: Iterable[Any],
        what: str,
        ident: Any,
        known: Iterable[Any],
        also: str = "",
    ) -> None:
        """'there is no WHAT IDENT' at `parts`, with `also` and a did-you-mean from `known`."""
        from .words import did_you_mean

        hint = did_you_mean(str(ident), [str(k) for k in known])
        self.report(doc, parts, f"there is no {what} {ident!r}{also}{hint}")

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


def check_document(
    name: str,
    origin: str,
    text: str,
    game: str | None = None,
    patches: Iterable[tuple[str, str]] = (),
) -> tuple[Document | None, list[Problem]]:
    """Parse and schema-check one data file, with `patches` ((origin, text) of each
    NAME.patch.json over it, in layer order) applied first."""
    data, problems = parse_json(text, origin)
    if problems:
        return None, problems
    applied: list[Patch] = []
    key_text = text
    for patch_origin, patch_text in patches:
        data, patch, problems = apply_patch(data, patch_origin, patch_text)
        if problems:
            return None, problems
        applied.append(patch)
        key_text += "\0" + patch_text
    doc = Document(name, origin, "", data, text, tuple(applied))
    if not isinstance(data, dict) or not isinstance(data.get("$schema"), str):
        return None, [
            _at(doc, [], 'a content file is a JSON object naming its schema in "$schema"')
        ]
    schema_id = data["$schema"]
    schemas, schemas_digest = schema_documents()
    if schema_id not in schemas:
        from .words import did_you_mean

        known = sorted(s for s in schemas if game is None or f":{game}:" in s)
        hint = did_you_mean(schema_id, known)
        message = f"unknown schema {schema_id!r}{hint} (known: {', '.join(known)})"
        return None, [_at(doc, ["$schema"], message)]
    if game is not None and f":{game}:" not in schema_id and ":_common:" not in schema_id:
        return None, [_at(doc, ["$schema"], f"{schema_id!r} is not a schema of {game}")]
    doc = Document(name, origin, schema_id, data, text, tuple(applied))
    # a file found valid before against these very schemas is valid: jsonschema is not even
    # imported (diskcache.py; a changed file or schema is checked again)
    seen = entry_key(schemas_digest, schema_id, key_text)
    if marked(VALID_MARKS, seen):
        return doc, []
    found = list(islice(validator(schema_id).iter_errors(data), MAX_SCHEMA_ERRORS + 1))
    errors = sorted(found[:MAX_SCHEMA_ERRORS], key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        from .schema_words import schema_problems

        problems = [_at(doc, parts, text, at) for parts, at, text in schema_problems(errors)]
        if len(found) > MAX_SCHEMA_ERRORS:  # 150,000 wrong items: the first ones tell enough
            why = f"more problems than these {MAX_SCHEMA_ERRORS} (fix these first)"
            problems.append(_at(doc, [], why))
        return None, problems
    mark(VALID_MARKS, seen)
    return doc, []


def _at(doc: Document, parts: list[Any], message: str, at: list[Any] | None = None) -> Problem:
    """A problem at `parts` of `doc`, located at `at` (default: `parts`) by file and line."""
    file, line_col = doc.locate(parts if at is None else at)
    return Problem(file, json_path(parts), message, line_col)


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


Layer = list[tuple[str, str, str]]  # (relative name, origin, text) of each file: read_layer


def load(game: str, folder: str, layers: Iterable[Path | Layer] = ()) -> Content:
    """Built-in content of `game`, with each layer's files over it (a folder, or its files
    as `read_layer` read them); raise ContentError."""
    sources: dict[str, tuple[str, str]] = {}
    patches: dict[str, list[tuple[str, str]]] = {}
    problems: list[Problem] = []

    def lay(files: list[tuple[str, str, str]]) -> None:
        for rel, origin, text in files:  # a file replaces the file below and its patches
            if patch_target(rel) is None:
                sources[rel] = (origin, text)
                patches.pop(rel, None)
        for rel, origin, text in files:  # then the layer's patches apply over it
            target = patch_target(rel)
            if target is None:
                continue
            if target not in sources:
                from .words import did_you_mean

                hint = did_you_mean(target, sources)
                why = f"a patch of {target}, but no layer below holds {target}{hint}"
                problems.append(Problem(origin, "$", why))
                continue
            patches.setdefault(target, []).append((origin, text))

    root = builtin_root(folder)
    lay([(rel, f"content/{folder}/{rel}", e.read_text(encoding="utf-8")) for rel, e in _walk(root)])
    for layer in layers:
        lay(layer if isinstance(layer, list) else read_layer(layer))
    content = Content(game)
    digest = hashlib.sha256()
    for rel in sorted(sources):
        origin, text = sources[rel]
        digest.update(rel.encode() + b"\0" + text.encode() + b"\0")
        for patch_origin, patch_text in patches.get(rel, ()):
            digest.update(patch_origin.encode() + b"\0" + patch_text.encode() + b"\0")
        doc, found = check_document(rel, origin, text, game=folder, patches=patches.get(rel, ()))
        problems += found
        if doc is not None:
            content.documents[rel] = doc
    content.fingerprint = digest.hexdigest()[:16]
    if problems:
        raise ContentError(problems)
    return content
