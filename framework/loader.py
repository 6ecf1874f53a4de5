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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import jsonpos
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


PATCH_SUFFIX = ".patch.json"


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    path: str  # a JSON path, `$` for the whole document, or `LINE:COL` for a parse error
    message: str
    at: str = ""  # LINE:COL of `path` in the file, when known

    def __str__(self) -> str:
        if self.at:
            return f"{self.file}:{self.at}: {self.path}: {self.message}"
        if self.path[:1].isdigit():
            return f"{self.file}:{self.path}: {self.message}"
        return f"{self.file}: {self.path}: {self.message}"


json_path = jsonpos.path_text


@dataclass(frozen=True)
class Patch:
    """A `NAME.patch.json` of a layer: a merge patch (an object) or a JSON Patch (a list)."""

    origin: str
    text: str
    data: Any

    def locate(self, parts: tuple[Any, ...]) -> tuple[str, str] | None:
        """(this file, LINE:COL) if the patch set the value at `parts` of the result, else None."""
        if isinstance(self.data, dict):
            _, found = jsonpos.deepest(self.text, parts)
            value = self.data
            for part in found:
                value = value[part]
            if found == parts or (found and not isinstance(value, dict)):
                return self.origin, jsonpos.locate(self.text, found)
            return None
        for i in reversed(range(len(self.data))):
            op = self.data[i]
            target = _pointer(op["path"])
            if tuple(map(str, parts[: len(target)])) != target:
                continue
            if op["op"] in ("add", "replace"):
                return self.origin, jsonpos.locate(self.text, (i, "value", *parts[len(target) :]))
            if op["op"] in ("copy", "move"):
                return self.origin, jsonpos.locate(self.text, (i,))
        return None


def _pointer(pointer: str) -> tuple[str, ...]:
    """The parts of a JSON Pointer (RFC 6901), as text."""
    if not pointer:
        return ()
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:])


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
        return self.origin, jsonpos.locate(self.text, path) if self.text else ""


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


def parse_json(text: str, origin: str) -> tuple[Any, list[Problem]]:
    """JSON with the limits of `files.loads` (depth, number length, duplicate keys)."""
    try:
        return loads(text), []
    except JsonProblem as exc:
        if exc.path:
            return None, [Problem(origin, exc.path, exc.why, exc.where)]
        return None, [Problem(origin, exc.where, exc.why)]


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
    errors = sorted(
        validator(schema_id).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))
    )
    if errors:
        from .schema_words import schema_problems

        return None, [_at(doc, parts, text, at) for parts, at, text in schema_problems(errors)]
    mark(VALID_MARKS, seen)
    return doc, []


def _at(doc: Document, parts: list[Any], message: str, at: list[Any] | None = None) -> Problem:
    """A problem at `parts` of `doc`, located at `at` (default: `parts`) by file and line."""
    file, line_col = doc.locate(parts if at is None else at)
    return Problem(file, json_path(parts), message, line_col)


def apply_patch(data: Any, origin: str, text: str) -> tuple[Any, Patch, list[Problem]]:
    """`data` changed by the patch file `origin` holding `text` (a copy: `data` is left as it
    was), or problems naming the patch file and the line of what is wrong in it."""
    patch_data, problems = parse_json(text, origin)
    patch = Patch(origin, text, patch_data)
    if problems:
        return data, patch, problems
    if isinstance(patch_data, dict):
        return _merge(data, patch_data), patch, []
    if not isinstance(patch_data, list):
        return data, patch, [_patch_problem(patch, [], _PATCH_KINDS)]
    import copy

    import jsonpatch
    import jsonpointer

    result = copy.deepcopy(data)
    copied = 0  # `copy` is the one operation that makes a document larger than its patch
    for i, op in enumerate(patch_data):
        shape = _op_problem(op)
        if shape:
            return data, patch, [_patch_problem(patch, [i, *shape[0]], shape[1])]
        try:
            if op["op"] == "copy":
                source = jsonpointer.resolve_pointer(result, op["from"], None)
                copied += len(json.dumps(source))
                if copied > MAX_CONTENT_BYTES:
                    why = f"the copies make a document larger than a content file may be ({MAX_CONTENT_BYTES >> 20} MiB)"
                    return data, patch, [_patch_problem(patch, [i], why)]
            result = jsonpatch.JsonPatch([op]).apply(result, in_place=True)
        except jsonpatch.JsonPatchTestFailed:
            try:
                found = jsonpointer.resolve_pointer(result, op["path"], None)
            except jsonpointer.JsonPointerException:
                found = None
            why = f"the test failed: {op['path']} is {json.dumps(found)}, not {json.dumps(op['value'])}"
            return data, patch, [_patch_problem(patch, [i, "value"], why)]
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException) as exc:
            where, why = "path", ""
            if op["op"] in ("copy", "move"):
                where, why = "from", _missing(result, op["from"], whole=True)
            if not why:
                whole = op["op"] in ("replace", "remove", "test")
                where, why = "path", _missing(result, op["path"], whole)
            why = why or str(exc)
            return data, patch, [_patch_problem(patch, [i, where], f"cannot {op['op']}: {why}")]
    return result, patch, []


_PATCH_KINDS = (
    "a patch is a JSON object (a merge patch, RFC 7386) or a list of operations"
    ' (a JSON Patch, RFC 6902, e.g. [{"op": "replace", "path": "/a/b", "value": 7}])'
)
_OPS = {"add": "value", "remove": "", "replace": "value", "move": "from", "copy": "from"}
_OPS["test"] = "value"


def _op_problem(op: Any) -> tuple[list[Any], str] | None:
    """(where in the operation, why) if a JSON Patch operation is malformed."""
    from .words import did_you_mean

    if not isinstance(op, dict):
        return [], 'an operation is an object: {"op": ..., "path": ...}'
    name = op.get("op")
    if name not in _OPS:
        hint = did_you_mean(str(name), _OPS)
        return ["op"] if "op" in op else [], f"op must be one of {', '.join(_OPS)}{hint}"
    for key in ("path", _OPS[name] if _OPS[name] != "value" else ""):
        if key and not isinstance(op.get(key), str):
            return [key] if key in op else [], f"a {name} operation needs {key!r}: a JSON Pointer"
        if key and op[key] and not op[key].startswith("/"):
            return [key], f"{op[key]!r} is not a JSON Pointer: it starts with '/'"
    if _OPS[name] == "value" and "value" not in op:
        return [], f"a {name} operation needs a 'value'"
    return None


def _missing(data: Any, pointer: str, whole: bool) -> str:
    """What of `pointer` (or of its parent, without `whole`) is not in `data`: 'there is no
    'x' in /a/b; did you mean y?', or ''."""
    from .words import did_you_mean

    here: Any = data
    walked = ""
    parts = _pointer(pointer)
    for part in parts if whole else parts[:-1]:
        if isinstance(here, dict) and part in here:
            here = here[part]
        elif isinstance(here, list) and part.isdigit() and int(part) < len(here):
            here = here[int(part)]
        else:
            keys = list(here) if isinstance(here, dict) else []
            return f"there is no {part!r} in {walked or 'the file'}{did_you_mean(part, keys)}"
        walked += "/" + part
    return ""


def _patch_problem(patch: Patch, parts: list[Any], message: str) -> Problem:
    return Problem(patch.origin, json_path(parts), message, jsonpos.locate(patch.text, parts))


def _merge(target: Any, patch: Any) -> Any:
    """RFC 7386 MergePatch: objects merge member by member, null removes, anything else
    replaces (a new value: neither argument is changed)."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = _merge(out.get(key), value)
    return out


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


def patch_target(rel: str) -> str | None:
    """The file a `NAME.patch.json` changes (`NAME.json`), or None for a data file."""
    return rel[: -len(PATCH_SUFFIX)] + ".json" if rel.endswith(PATCH_SUFFIX) else None


def load(game: str, folder: str, layers: Iterable[Path] = ()) -> Content:
    """Built-in content of `game`, with each layer's files over it; raise ContentError."""
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
        lay(read_layer(layer))
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
