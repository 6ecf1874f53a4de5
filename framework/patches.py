"""Patches in content layers: `NAME.patch.json` changes the `NAME.json` below it, as a JSON
Merge Patch (RFC 7386, an object) or a JSON Patch (RFC 6902, a list of operations, applied with
`jsonpatch`). A problem names the patch file and the line of what is wrong in it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .files import MAX_CONTENT_BYTES, MAX_JSON_DEPTH
from .jsonpos import deepest
from .jsonpos import locate as line_of
from .problems import Problem, json_path, parse_json

PATCH_SUFFIX = ".patch.json"


@dataclass(frozen=True)
class Patch:
    """A `NAME.patch.json` of a layer: a merge patch (an object) or a JSON Patch (a list)."""

    origin: str
    text: str
    data: Any

    def locate(self, parts: tuple[Any, ...]) -> tuple[str, str] | None:
        """(this file, LINE:COL) if the patch set the value at `parts` of the result, else None."""
        if isinstance(self.data, dict):
            _, found = deepest(self.text, parts)
            value = self.data
            for part in found:
                value = value[part]
            if found == parts or (found and not isinstance(value, dict)):
                return self.origin, line_of(self.text, found)
            return None
        for i in reversed(range(len(self.data))):
            op = self.data[i]
            target = _pointer(op["path"])
            if tuple(map(str, parts[: len(target)])) != target:
                continue
            if op["op"] in ("add", "replace"):
                return self.origin, line_of(self.text, (i, "value", *parts[len(target) :]))
            if op["op"] in ("copy", "move"):
                return self.origin, line_of(self.text, (i,))
        return None


def _pointer(pointer: str) -> tuple[str, ...]:
    """The parts of a JSON Pointer (RFC 6901), as text."""
    if not pointer:
        return ()
    return tuple(p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:])


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
            if op["op"] in ("copy", "move"):
                source = jsonpointer.resolve_pointer(result, op["from"], None)
                if isinstance(source, jsonpointer.EndOfList):
                    why = (
                        f"cannot {op['op']}: '-' is the place after a list's last item, not an item"
                    )
                    return data, patch, [_patch_problem(patch, [i, "from"], why)]
            else:
                source = op.get("value")
            # the value lands len(path) levels down: the result may not nest past the limit
            depth = len(_pointer(op["path"])) + _depth(source, MAX_JSON_DEPTH)
            if op["op"] not in ("test", "remove") and depth > MAX_JSON_DEPTH:
                why = (
                    f"the {op['op']} would nest the document deeper than {MAX_JSON_DEPTH} levels"
                    " (the limit for content)"
                )
                return data, patch, [_patch_problem(patch, [i], why)]
            if op["op"] == "copy":
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
            shown = "nothing" if isinstance(found, jsonpointer.EndOfList) else json.dumps(found)
            why = f"the test failed: {op['path']} is {shown}, not {json.dumps(op['value'])}"
            return data, patch, [_patch_problem(patch, [i, "value"], why)]
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException) as exc:
            where, why = "path", ""
            if op["op"] in ("copy", "move"):
                where, why = "from", _missing(result, op["from"], whole=True)
            if not why:
                whole = op["op"] in ("replace", "remove", "test")
                where, why = "path", _missing(result, op["path"], whole)
            why = why or _long_index(op) or str(exc)  # (jsonpointer 3.2+ refuses a long index)
            return data, patch, [_patch_problem(patch, [i, where], f"cannot {op['op']}: {why}")]
        except (ValueError, TypeError, LookupError, OverflowError, RecursionError) as exc:
            # what jsonpatch and jsonpointer do not foresee (an index of 5,000 digits...)
            why = _long_index(op) or f"{type(exc).__name__}: {str(exc)[:200]}"
            return data, patch, [_patch_problem(patch, [i, "path"], f"cannot {op['op']}: {why}")]
    return result, patch, []


def _long_index(op: dict[str, Any]) -> str:
    """Why a path with a list index of more digits than any list has fails ("" when none)."""
    long = [p for p in _pointer(op["path"]) if p.isdigit() and len(p) > 18]
    return f"a list index of {len(long[0])} digits is out of range" if long else ""


def _depth(value: Any, limit: int) -> int:
    """How deep `value` nests (a scalar 0, `{}` 1), counted no further than `limit` + 1."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, level + 1) for item in items if isinstance(item, dict | list))
    return deepest


_PATCH_KINDS = (
    "a patch is a JSON object (a merge patch, RFC 7386) or a list of operations"
    ' (a JSON Patch, RFC 6902, e.g. [{"op": "replace", "path": "/a/b", "value": 7}])'
)
_OPS = {"add": "value", "remove": "", "replace": "value", "move": "from", "copy": "from"}
_OPS["test"] = "value"


def _op_problem(op: Any) -> tuple[list[Any], str] | None:
    """(where in the operation, why) if a JSON Patch operation is malformed."""
    from .words import did_you_mean, with_article

    if not isinstance(op, dict):
        return [], 'an operation is an object: {"op": ..., "path": ...}'
    name = op.get("op")
    if not isinstance(name, str) or name not in _OPS:
        hint = did_you_mean(name, _OPS) if isinstance(name, str) else ""
        return ["op"] if "op" in op else [], f"op must be one of {', '.join(_OPS)}{hint}"
    for key in ("path", _OPS[name] if _OPS[name] != "value" else ""):
        if key and not isinstance(op.get(key), str):
            return [
                key
            ] if key in op else [], f"{with_article(name)} operation needs {key!r}: a JSON Pointer"
        if key and op[key] and not op[key].startswith("/"):
            return [key], f"{op[key]!r} is not a JSON Pointer: it starts with '/'"
    if _OPS[name] == "value" and "value" not in op:
        return [], f"{with_article(name)} operation needs a 'value'"
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
        elif isinstance(here, list) and _index(part) < len(here):
            here = here[_index(part)]
        else:
            keys = list(here) if isinstance(here, dict) else []
            return f"there is no {part!r} in {walked or 'the file'}{did_you_mean(part, keys)}"
        walked += "/" + part
    return ""


def _index(part: str) -> int:
    """A JSON Pointer's list index (digits of ASCII, no leading zero), or a large number."""
    if part.isascii() and part.isdigit() and len(part) <= 18 and part == str(int(part)):
        return int(part)
    return 1 << 62


def _patch_problem(patch: Patch, parts: list[Any], message: str) -> Problem:
    return Problem(patch.origin, json_path(parts), message, line_of(patch.text, parts))


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


def patch_target(rel: str) -> str | None:
    """The file a `NAME.patch.json` changes (`NAME.json`), or None for a data file."""
    return rel[: -len(PATCH_SUFFIX)] + ".json" if rel.endswith(PATCH_SUFFIX) else None
