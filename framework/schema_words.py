"""JSON Schema errors in an author's words.

jsonschema says `'10' is not of type 'integer'`; an author reads "rows must be a whole number,
not the text "10"". A pattern says nothing to an author, so a schema may carry the words for it
beside the pattern, in the keyword `"x-message"` (what a right value is: "a cell: a column
letter and a row number 1-10"). An unknown field and the missing field it was meant to be are
one problem: "unknown field 'constructon_actions'; did you mean 'construction_actions'?".

    schema_problems(errors) -> [(path parts, parts to locate, message)]
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any

from .words import did_you_mean

MESSAGE_KEYWORD = "x-message"
MAX_NAMED = 20  # unknown fields of one object named one by one (each with its did-you-mean)

_TYPES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a text in double quotes",
    "boolean": "true or false",
    "array": "a list [...]",
    "object": "an object {...}",
    "null": "null",
}

Found = tuple[list[Any], list[Any], str]


def deepest(error: Any) -> Any:
    """Of a oneOf/anyOf error, the sub-error that went deepest into the document (it names the
    very field that is wrong), through nested choices."""
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    return error


def name_of(parts: list[Any]) -> str:
    """How an author names the value at `parts`: `rows`, `walls[3]`, `the file`."""
    if not parts:
        return "the file"
    last = parts[-1]
    if isinstance(last, int):
        return f"{name_of(parts[:-1]) if parts[:-1] else 'the list'}[{last}]"
    return str(last)


def describe(value: Any) -> str:
    """A value as an author would name it: 'the text "10"', 'the number 7', 'a list'."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return f"the text {json.dumps(value, ensure_ascii=False)}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def message(error: Any) -> str:
    """One error (already the deepest of its choices) in an author's words."""
    kind, expected, value = error.validator, error.validator_value, error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    parts = list(error.absolute_path)
    name = name_of(parts)
    if kind == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_TYPES.get(k, k) for k in kinds)
        return f"{name} must be {wanted}, not {describe(value)}"
    if kind == "pattern":
        words = schema.get(MESSAGE_KEYWORD)
        if isinstance(words, str):
            return f"{value!r} is not {words}"
        return f"{name}: {value!r} is not in the form this field takes (the pattern {expected})"
    if kind == "enum":
        options = [str(v) for v in expected]
        hint = did_you_mean(str(value), options)
        return f"{value!r} is not one of {', '.join(options)}{hint}"
    if kind == "const":
        return f"{name} must be {json.dumps(expected)}, not {describe(value)}"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }[kind]
        return f"{name} must be {bound} {expected}, not {value}"
    if kind in ("minItems", "maxItems"):
        bound = "at least" if kind == "minItems" else "at most"
        return f"{name} holds {bound} {_count(expected, 'item')}, not {len(value)}"
    if kind in ("minLength", "maxLength"):
        bound = "at least" if kind == "minLength" else "at most"
        return f"{name} is {bound} {_count(expected, 'character')} long, not {len(value)}"
    if kind in ("minProperties", "maxProperties"):
        bound = "at least" if kind == "minProperties" else "at most"
        return f"{name} has {bound} {_count(expected, 'field')}, not {len(value)}"
    if kind == "uniqueItems":
        return f"{name} has the same item more than once"
    return str(error.message)


def schema_problems(errors: Iterable[Any]) -> list[Found]:
    """Each error as (its path, the path to locate it by line, message). An unknown field
    close to a missing one of the same object is one problem, located at the unknown field."""
    best = [deepest(e) for e in errors]
    missing: dict[tuple[Any, ...], list[str]] = {}
    for error in best:
        if error.validator == "required" and isinstance(error.instance, dict):
            missing.setdefault(tuple(error.absolute_path), []).extend(
                k for k in error.validator_value if k not in error.instance
            )
    meant: set[tuple[tuple[Any, ...], str]] = set()  # missing fields an unknown field names
    unknown: dict[int, list[Found]] = {}
    for n, error in enumerate(best):
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            unknown[n] = _unknown_fields(error, missing, meant)
    out: list[Found] = []
    for n, error in enumerate(best):
        parts = list(error.absolute_path)
        if n in unknown:
            out += unknown[n]
        elif error.validator == "required" and isinstance(error.instance, dict):
            absent = [
                k
                for k in error.validator_value
                if k not in error.instance and (tuple(parts), k) not in meant
            ]
            if absent:
                fields = ", ".join(repr(k) for k in absent)
                out.append((parts, parts, f"missing field{'s' * (len(absent) > 1)} {fields}"))
        else:
            out.append((parts, parts, message(error)))
    return out


def _unknown_fields(
    error: Any, missing: dict[tuple[Any, ...], list[str]], meant: set[tuple[tuple[Any, ...], str]]
) -> list[Found]:
    import re

    parts = list(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    absent = [k for k in missing.get(tuple(parts), []) if (tuple(parts), k) not in meant]
    out: list[Found] = []
    extra = [
        key
        for key in error.instance
        if key not in known and not any(re.search(p, key) for p in patterns)
    ]
    for key in extra[:MAX_NAMED]:
        close = difflib.get_close_matches(key, absent, n=1, cutoff=0.6)
        if close:
            meant.add((tuple(parts), close[0]))
            absent.remove(close[0])
            text = f"unknown field {key!r}; did you mean {close[0]}? (it is missing)"
        else:
            hint = did_you_mean(key, known)
            text = f"unknown field {key!r}{hint} (fields: {', '.join(known)})"
        out.append(([*parts, key], [*parts, key], text))
    if len(extra) > MAX_NAMED:  # a file of 150,000 stray keys: named, not each one looked into
        rest = extra[MAX_NAMED:]
        shown = ", ".join(repr(k) for k in rest[:3]) + (", ..." if len(rest) > 3 else "")
        text = (
            f"and {len(rest):,} more unknown field{'s' * (len(rest) > 1)} ({shown}); "
            f"fields: {', '.join(known)}"
        )
        out.append(([*parts, rest[0]], [*parts, rest[0]], text))
    return out
