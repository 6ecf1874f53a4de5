"""Content patches (NAME.patch.json: RFC 7386 merge patch or RFC 6902 JSON Patch) and content
errors located by line, in an author's words (issue 33, items 1 and 2)."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from dockyard.jsonpos import locate, syntax_problem
from dockyard.loader import ContentError, load
from dockyard.plugins.curious_cargo.components import build
from dockyard.words import did_you_mean
from hypothesis import given, settings
from hypothesis import strategies as st

CC = files("dockyard.content") / "curious_cargo"


def builtin(name: str) -> dict:
    return json.loads((CC / name).read_text(encoding="utf-8"))


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def requisite(*layers: Path) -> int:
    content = load("curious-cargo", "curious_cargo", layers)
    return content.documents["shipping_board.json"].data["sides"]["two-color"]["requisite"]


def problems(*layers: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load("curious-cargo", "curious_cargo", layers)
    return [str(p) for p in caught.value.problems]


# ---- patches ---------------------------------------------------------------------------------


def test_a_merge_patch_changes_one_field_and_keeps_the_rest(tmp_path) -> None:
    write(tmp_path, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 7}}}')
    content = load("curious-cargo", "curious_cargo", [tmp_path])
    data = content.documents["shipping_board.json"].data
    expected = builtin("shipping_board.json")
    assert expected["sides"]["two-color"]["requisite"] != 7
    expected["sides"]["two-color"]["requisite"] = 7
    assert data == expected
    assert content.fingerprint != load("curious-cargo", "curious_cargo").fingerprint


def test_a_merge_patch_null_removes_a_field(tmp_path) -> None:
    write(tmp_path, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": null}}}')
    found = problems(tmp_path)
    assert len(found) == 1 and "missing field 'requisite'" in found[0], found
    assert found[0].startswith(f"{tmp_path / 'shipping_board.patch.json'}:1:")


def test_a_json_patch_list_is_applied_in_order(tmp_path) -> None:
    ops = [
        {"op": "replace", "path": "/sides/two-color/requisite", "value": 5},
        {"op": "test", "path": "/sides/two-color/requisite", "value": 5},
        {"op": "replace", "path": "/sides/two-color/requisite", "value": 7},
    ]
    write(tmp_path, "shipping_board.patch.json", json.dumps(ops))
    assert requisite(tmp_path) == 7


def test_patches_apply_in_layer_order_and_a_full_file_replaces_those_below(tmp_path) -> None:
    one, two, three = tmp_path / "one", tmp_path / "two", tmp_path / "three"
    write(one, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 6}}}')
    write(
        two,
        "shipping_board.patch.json",
        '[{"op": "test", "path": "/sides/two-color/requisite", "value": 6}, {"op": "replace", "path": "/sides/two-color/requisite", "value": 9}]',
    )
    assert requisite(one) == 6
    assert requisite(one, two) == 9
    full = builtin("shipping_board.json")
    full["sides"]["two-color"]["requisite"] = 4
    write(three, "shipping_board.json", json.dumps(full))
    assert requisite(one, two, three) == 4  # the file replaces the patched one below it
    write(three, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 3}}}')
    assert requisite(one, three) == 3  # a layer's patch applies over its own file


def test_a_json_patch_of_a_missing_path_names_the_patch_file_line_and_a_close_name(
    tmp_path,
) -> None:
    patch = write(
        tmp_path,
        "shipping_board.patch.json",
        '[\n  {"op": "replace", "path": "/sides/two-colour/requisite", "value": 7}\n]\n',
    )
    assert problems(tmp_path) == [
        f"{patch}:2:21: $[0].path: cannot replace: there is no 'two-colour' in /sides;"
        " did you mean two-color or three-color?"
    ]


def test_a_merge_patch_giving_a_wrong_type_is_located_in_the_patch(tmp_path) -> None:
    patch = write(
        tmp_path,
        "shipping_board.patch.json",
        '{\n  "sides": {"two-color": {"requisite": "seven"}}\n}\n',
    )
    assert problems(tmp_path) == [
        f"{patch}:2:27: $.sides.two-color.requisite: requisite must be a whole number,"
        ' not the text "seven"'
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7", "a patch is a JSON object (a merge patch, RFC 7386) or a list of operations"),
        ('[{"op": "repalce", "path": "/a", "value": 1}]', "did you mean replace?"),
        ('[{"op": "replace", "path": "a/b", "value": 1}]', "is not a JSON Pointer"),
        ('[{"op": "replace", "path": "/sides"}]', "needs a 'value'"),
        ('[{"op": "move", "path": "/x"}]', "needs 'from'"),
        ('[{"op": "test", "path": "/sides/two-color/requisite", "value": 2}]', "is 9, not 2"),
        ('[{"op": "remove", "path": "/nothing"}]', "there is no 'nothing' in the file"),
        ("[3]", "an operation is an object"),
        ('{"sides": ', "the file ends inside an object opened at 1:1"),
    ],
)
def test_a_bad_patch_is_one_clear_problem_naming_the_patch(tmp_path, text, words) -> None:
    patch = write(tmp_path, "shipping_board.patch.json", text)
    (found,) = problems(tmp_path)
    assert found.startswith(f"{patch}:1:") and words in found, found


def test_a_patch_of_a_file_no_layer_has_is_refused(tmp_path) -> None:
    patch = write(tmp_path, "shiping_board.patch.json", '{"a": 1}')
    (found,) = problems(tmp_path)
    assert found.startswith(f"{patch}: $: a patch of shiping_board.json, but no layer below")
    assert "did you mean shipping_board.json?" in found


def test_validate_checks_a_layer_of_patches_by_its_game(dockyard, tmp_path) -> None:
    write(tmp_path, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 7}}}')
    code, out, _ = dockyard("validate", str(tmp_path))
    assert code == 0 and "(curious_cargo)" in out, out
    write(tmp_path, "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 0}}}')
    code, out, err = dockyard("validate", str(tmp_path))
    assert code == 1 and "Traceback" not in out + err
    assert f"{tmp_path / 'shipping_board.patch.json'}:1:" in out and "at least 1" in out, out
    code, out, _ = dockyard("validate", str(tmp_path / "shipping_board.patch.json"))
    assert code == 1 and f"{tmp_path / 'shipping_board.patch.json'}:1:" in out, out
    write(tmp_path, "shipping_board.patch.json", '{"a": 1}')
    (tmp_path / "shipping_board.patch.json").rename(tmp_path / "nowhere.patch.json")
    code, out, _ = dockyard("validate", str(tmp_path))
    assert code == 1 and "no game's content has nowhere.json" in out, out


# ---- errors by line, in an author's words ----------------------------------------------------


def test_a_misspelt_field_is_one_problem_at_its_line(tmp_path) -> None:
    setup = builtin("setup.json")
    setup["constructon_actions"] = setup.pop("construction_actions")
    path = write(tmp_path, "setup.json", json.dumps(setup, indent=2))
    line = next(
        n for n, t in enumerate(path.read_text().splitlines(), 1) if "constructon_actions" in t
    )
    assert problems(tmp_path) == [
        f"{path}:{line}:3: $.constructon_actions: unknown field 'constructon_actions';"
        " did you mean construction_actions? (it is missing)"
    ]


def test_a_pattern_error_uses_the_schemas_words_and_did_you_mean_finds_ids(tmp_path) -> None:
    board = builtin("boards/board1.json")
    board["walls"].append("f12")
    write(tmp_path, "boards/board1.json", json.dumps(board, indent=2))
    setup = builtin("setup.json") | {"bag_top": ["t4"]}
    write(tmp_path, "setup.json", json.dumps(setup, indent=2))
    found = problems(tmp_path)
    assert len(found) == 1 and found[0].endswith(
        "'f12' is not a cell: a column letter a-z and a row number 1-10"
    ), found
    (tmp_path / "boards" / "board1.json").unlink()
    with pytest.raises(ContentError) as caught:  # the game's own check, after the schema's
        build(load("curious-cargo", "curious_cargo", [tmp_path]))
    (found,) = map(str, caught.value.problems)
    assert found.startswith(f"{tmp_path / 'setup.json'}:")
    assert ": $.bag_top[0]: there is no Conveyor tile 't4'; did you mean t04?" in found


def test_did_you_mean_prefers_the_same_name_without_leading_zeros() -> None:
    ids = [f"t{n:02}" for n in range(1, 50)]
    assert did_you_mean("t4", ids) == "; did you mean t04?"
    assert did_you_mean("T04", ids) == "; did you mean t04?"
    assert did_you_mean("zebra", ids) == ""


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ('{\n  "a": [\n    {"b": 1', "3:12", "the file ends inside an object opened at 3:5"),
        ('{"a": [1, 2', "1:12", "the file ends inside a list opened at 1:7"),
        ('{"a": "text', "1:12", "the file ends inside a text opened at 1:7"),
        ('{"a": 1,}', "1:9", "expected a field name in double quotes, found '}'"),
        ("[1, 2,]", "1:7", "expected a value, found ']'"),
        ("{'a': 1}", "1:2", "expected a field name in double quotes"),
        ('{"a": 1} x', "1:10", "more text after the end of the JSON document"),
        ('{"a" 1}', "1:6", "expected ':' after the field name 'a'"),
        ('{"a": tru}', "1:7", "expected a value, found 'tru'"),
        ('{"a": 1 "b": 2}', "1:9", "expected ',' or '}' in an object opened at 1:1"),
        ('{"a": 1, "a": 2}', "1:10", "duplicate key 'a'"),
    ],
)
def test_syntax_errors_are_located_in_an_authors_words(text, where, words) -> None:
    found = syntax_problem(text)
    assert found is not None and found[0] == where and words in found[2], found


def test_well_formed_json_has_no_syntax_problem_and_every_path_a_line() -> None:
    text = '{\n  "a": [\n    1,\n    {"b": true}\n  ],\n  "c": null\n}'
    assert syntax_problem(text) is None
    assert locate(text, ["a"]) == "2:3"
    assert locate(text, ["a", 1, "b"]) == "4:6"
    assert locate(text, ["a", 0]) == "3:5"
    assert locate(text, ["c", "missing"]) == "6:3"  # the deepest part that is there
    assert locate(text, []) == "1:1"


def test_an_error_a_json_patch_made_is_located_at_its_value(tmp_path) -> None:
    patch = write(
        tmp_path,
        "shipping_board.patch.json",
        '[\n {"op": "add", "path": "/sides/two-color", "value": {"requisite": "x"}}\n]',
    )
    found = problems(tmp_path)
    assert f"{patch}:2:54: $.sides.two-color.requisite: requisite must be a whole number" in (
        " ".join(found)
    ), found


def test_an_error_the_patch_did_not_make_is_located_in_the_file_below(tmp_path) -> None:
    full = builtin("shipping_board.json")
    full["sides"]["three-color"]["requisite"] = "x"
    below = write(tmp_path / "a", "shipping_board.json", json.dumps(full, indent=2))
    write(tmp_path / "b", "shipping_board.patch.json", '{"sides": {"two-color": {"requisite": 7}}}')
    (found,) = problems(tmp_path / "a", tmp_path / "b")
    line = next(
        n for n, t in enumerate(below.read_text().splitlines(), 1) if '"requisite": "x"' in t
    )
    assert found.startswith(f"{below}:{line}:7: $.sides.three-color.requisite: "), found


def test_schema_errors_in_an_authors_words() -> None:
    from dockyard.schema_words import message
    from jsonschema import Draft202012Validator

    def words(schema: dict, value: object) -> str:
        (error,) = Draft202012Validator(schema).iter_errors({"f": value})
        return message(error)

    def field(**schema: object) -> dict:
        return {"properties": {"f": schema}}

    assert words(field(type="integer"), "10") == 'f must be a whole number, not the text "10"'
    assert (
        words(field(type=["array", "null"]), 3)
        == "f must be a list [...] or null, not the number 3"
    )
    assert (
        words(field(pattern="^[a-z]$", **{"x-message": "a letter"}), "ab") == "'ab' is not a letter"
    )
    assert "'ab' is not in the form" in words(field(pattern="^[a-z]$"), "ab")
    assert words(field(minimum=2), 1) == "f must be at least 2, not 1"
    assert words(field(maxItems=1), [1, 2]) == "f holds at most 1 item, not 2"
    assert (
        words(field(enum=["red", "blue"]), "bleu")
        == "'bleu' is not one of red, blue; did you mean blue?"
    )
    assert words(field(const=3), True) == "f must be 3, not true"


def test_a_json_patch_that_doubles_the_file_again_and_again_is_refused(tmp_path) -> None:
    ops = [{"op": "copy", "from": "/sides", "path": f"/sides/{k}"} for k in "xy" * 30]
    patch = write(tmp_path, "shipping_board.patch.json", json.dumps(ops))
    (found,) = problems(tmp_path)
    assert found.startswith(f"{patch}:1:") and "larger than a content file may be" in found


POINTERS = st.sampled_from(["", "/", "/a", "/a/0", "/a/-", "/b/c", "/b/~2", "/b/~1x", "/z/9"])
VALUES = st.recursive(
    st.none() | st.integers(-3, 3) | st.text("ab", max_size=2),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text("abc", max_size=1), inner, max_size=3)
    ),
    max_leaves=6,
)
OPS = st.fixed_dictionaries(
    {"op": st.sampled_from(["add", "remove", "replace", "move", "copy", "test", "x"])},
    optional={"path": POINTERS | st.integers(), "from": POINTERS, "value": VALUES},
)


@settings(max_examples=300, deadline=None)
@given(patch=st.lists(OPS | VALUES, max_size=4) | VALUES)
def test_any_patch_is_applied_or_refused_with_a_located_problem(patch) -> None:
    from dockyard.loader import apply_patch

    data = {"a": [1, {"x": 2}], "b": {"c": None}}
    text = json.dumps(patch, indent=1)
    result, _, found = apply_patch(data, "p.patch.json", text)
    assert data == {"a": [1, {"x": 2}], "b": {"c": None}}  # the file below is left as it was
    for problem in found:
        assert problem.file == "p.patch.json" and problem.at and problem.message


def test_a_copy_from_past_the_end_of_a_list_is_a_located_problem() -> None:
    """Found by the property above: `"from": "/a/-"` names no item (it is where a new one
    would go), so there is nothing to copy: a problem at the operation's `from`."""
    from dockyard.loader import apply_patch

    data = {"a": [1, {"x": 2}], "b": {"c": None}}
    text = json.dumps([{"op": "copy", "path": "", "from": "/a/-"}])
    result, _, found = apply_patch(data, "p.patch.json", text)
    assert result == data and len(found) == 1
    assert found[0].file == "p.patch.json" and found[0].at
