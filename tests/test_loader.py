"""Content loading: JSON, then schema, then the game's own checks; every problem located."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.loader import ContentError, Problem, load, schema_registry
from dockyard.registry import registry

BOARD = "urn:dockyard:tictactoe:board"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def board(size: int, win: int, **extra: object) -> str:
    return json.dumps({"$schema": BOARD, "size": size, "win": win, **extra}, indent=2)


def problems_of(*layers: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load("tictactoe", "tictactoe", layers)
    return [str(p) for p in caught.value.problems]


# ---- one file at a time ---------------------------------------------------------------------


def test_broken_json_is_located_by_file_line_and_column(tmp_path) -> None:
    path = write(
        tmp_path, "board.json", '{\n  "$schema": "urn:dockyard:tictactoe:board",\n  "size" 3\n}'
    )
    assert problems_of(tmp_path) == [
        f"{path}:3:10: $.size: not valid JSON: expected ':' after the field name 'size', found '3'",
    ]


def test_schema_violation_names_the_json_path(tmp_path) -> None:
    path = write(tmp_path, "board.json", json.dumps({"$schema": BOARD, "size": "three", "win": 30}))
    assert problems_of(tmp_path) == [
        f'{path}:1:45: $.size: size must be a whole number, not the text "three"',
        f"{path}:1:62: $.win: win must be at most 9, not 30",
    ]


def test_an_unexpected_field_is_named(tmp_path) -> None:
    path = write(tmp_path, "board.json", board(3, 3, colour="red"))
    assert problems_of(tmp_path) == [
        f"{path}:5:3: $.colour: unknown field 'colour' (fields: $schema, size, win)"
    ]


def test_unknown_schema_is_named_with_the_known_ones(tmp_path) -> None:
    path = write(tmp_path, "board.json", json.dumps({"$schema": BOARD + "s", "size": 3}))
    assert problems_of(tmp_path) == [
        f"{path}:1:2: $.$schema: unknown schema '{BOARD}s'; did you mean {BOARD}? (known: {BOARD})"
    ]


def test_a_file_must_name_its_schema(tmp_path) -> None:
    for text in ('{"size": 3, "win": 3}', "[3, 3]"):
        path = write(tmp_path, "board.json", text)
        assert problems_of(tmp_path) == [
            f'{path}:1:1: $: a content file is a JSON object naming its schema in "$schema"'
        ]


def test_another_games_schema_is_refused(tmp_path) -> None:
    _, schemas = schema_registry()
    others = sorted(s for s in schemas if ":tictactoe:" not in s and ":_common:" not in s)
    if not others:
        pytest.skip("only tic-tac-toe has schemas in this build")
    path = write(tmp_path, "board.json", json.dumps({"$schema": others[0]}))
    assert problems_of(tmp_path) == [
        f"{path}:1:2: $.$schema: '{others[0]}' is not a schema of tictactoe"
    ]


def test_every_problem_in_every_file_is_reported_at_once(tmp_path) -> None:
    write(tmp_path, "board.json", board(1, 3))
    write(tmp_path, "more/broken.json", "{")
    assert problems_of(tmp_path) == [
        f"{tmp_path / 'board.json'}:3:3: $.size: size must be at least 2, not 1",
        f"{tmp_path / 'more' / 'broken.json'}:1:2: $: not valid JSON: "
        "the file ends inside an object opened at 1:1",
    ]


def test_a_file_that_is_not_text_is_named(tmp_path) -> None:
    (tmp_path / "board.json").write_bytes(b'{"size": \xff}')
    (problem,) = problems_of(tmp_path)
    assert problem == f"{tmp_path / 'board.json'}:1:10: not UTF-8 text (a byte that is not UTF-8)"


def test_a_layer_must_be_a_folder(tmp_path) -> None:
    assert problems_of(tmp_path / "missing") == [
        f"{tmp_path / 'missing'}: $: no such content folder"
    ]


def test_problems_read_file_then_place_then_message() -> None:
    assert (
        str(Problem("a.json", "$.tiles[3].id", "duplicate")) == "a.json: $.tiles[3].id: duplicate"
    )
    assert str(Problem("a.json", "4:7", "not valid JSON")) == "a.json:4:7: not valid JSON"


# ---- layering -------------------------------------------------------------------------------


def test_an_author_file_replaces_the_built_in_file_at_the_same_path(tmp_path) -> None:
    path = write(tmp_path, "board.json", board(4, 3))
    doc = load("tictactoe", "tictactoe", [tmp_path]).documents["board.json"]
    assert doc.data["size"] == 4 and doc.origin == str(path)


def test_an_author_file_at_a_new_path_adds_to_the_built_in_ones(tmp_path) -> None:
    write(tmp_path, "boards/big.json", board(5, 4))
    content = load("tictactoe", "tictactoe", [tmp_path])
    assert [d.name for d in content.of_kind("board")] == ["board.json", "boards/big.json"]
    assert content.documents["board.json"].origin == "content/tictactoe/board.json"


def test_later_layers_lie_over_earlier_ones(tmp_path) -> None:
    write(tmp_path / "one", "board.json", board(4, 3))
    write(tmp_path / "two", "board.json", board(5, 3))
    content = load("tictactoe", "tictactoe", [tmp_path / "one", tmp_path / "two"])
    assert content.documents["board.json"].data["size"] == 5


def test_a_layers_schemas_folder_is_not_content(tmp_path) -> None:
    write(tmp_path, "schemas/board.json", "not even JSON")
    content = load("tictactoe", "tictactoe", [tmp_path])
    assert list(content.documents) == ["board.json"]


def test_the_fingerprint_changes_with_the_content_and_only_with_it(tmp_path) -> None:
    plain = load("tictactoe", "tictactoe").fingerprint
    built_in = (files("dockyard.content") / "tictactoe" / "board.json").read_text(encoding="utf-8")
    write(tmp_path / "same", "board.json", built_in)
    write(tmp_path / "big", "board.json", board(4, 3))
    assert load("tictactoe", "tictactoe", [tmp_path / "same"]).fingerprint == plain
    assert load("tictactoe", "tictactoe", [tmp_path / "big"]).fingerprint != plain


def test_a_game_session_plays_on_the_layered_content(tmp_path) -> None:
    write(tmp_path, "board.json", board(4, 3))
    s = Session("tictactoe", content=[tmp_path])
    assert len(s.legal_actions()) == 16


def test_the_games_own_check_names_the_json_path(tmp_path) -> None:
    path = write(tmp_path, "board.json", board(3, 4))
    with pytest.raises(ContentError) as caught:
        Session("tictactoe", content=[tmp_path])
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:4:3: $.win: 4 in a row cannot fit on a 3x3 board"
    ]


@pytest.mark.parametrize("name", sorted(registry().games))
def test_every_games_built_in_content_is_valid(name) -> None:
    game = registry().game(name)
    if game.content_folder is None:
        pytest.skip(f"{name} has no content")
    content = load(game.name, game.content_folder)
    assert content.documents and len(content.fingerprint) == 16
    game.build_content(content)


def test_a_new_session_sees_an_author_file_edited_since_the_last_one(tmp_path) -> None:
    write(tmp_path, "board.json", board(4, 3))
    assert Session("tictactoe", content=[tmp_path]).state.board.size == 4
    write(tmp_path, "board.json", board(5, 3))
    assert Session("tictactoe", content=[tmp_path]).state.board.size == 5


def test_a_misspelt_field_or_value_gets_did_you_mean(tmp_path) -> None:
    import json as json_module
    from importlib.resources import files

    doc = json_module.loads(
        (files("dockyard.content") / "curious_cargo" / "trucks.json").read_text()
    )
    doc["trucks"][0]["sise"] = doc["trucks"][0].pop("size")
    doc["trucks"][1]["bonus"]["kind"] = "truk_card"
    (tmp_path / "trucks.json").write_text(json_module.dumps(doc))
    with pytest.raises(ContentError) as caught:
        load("curious-cargo", "curious_cargo", [tmp_path])
    found = [str(p) for p in caught.value.problems]
    misspelt = [p for p in found if "$.trucks[0]" in p]  # unknown 'sise', missing 'size': one
    assert len(misspelt) == 1 and misspelt[0].endswith(
        "$.trucks[0].sise: unknown field 'sise'; did you mean size? (it is missing)"
    ), found
    assert any(
        "$.trucks[1].bonus.kind: 'truk_card' is not one of" in p and "did you mean truck_card?" in p
        for p in found
    ), found


def test_dockyard_schema_lists_kinds_and_prints_one(dockyard) -> None:
    import json as json_module

    code, out, _ = dockyard("schema", "curious-cargo")
    assert code == 0 and out.startswith("board: ") and "\ntrucks: " in out
    code, out, _ = dockyard("schema", "curious-cargo", "trucks")
    assert code == 0 and json_module.loads(out)["$id"] == "urn:dockyard:curious_cargo:trucks"
    code, _, err = dockyard("schema", "curious-cargo", "trucs")
    assert code == 1 and "did you mean trucks" in err


def test_every_schema_is_documented_for_editors() -> None:
    """Each built-in schema has an $id, a description, a description on every field, and
    examples (what an editor shows while an author types)."""
    import json as json_
    from importlib.resources import files as files_

    root = files_("dockyard.content")
    checked = 0
    for game in root.iterdir():
        folder = game / "schemas"
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            schema = json_.loads(entry.read_text(encoding="utf-8"))
            assert schema["$id"].startswith("urn:dockyard:") and schema.get("description")
            assert "examples" in json_.dumps(schema), f"{entry.name} has no examples"
            missing: list[str] = []

            def walk(node, path, missing=missing) -> None:
                if isinstance(node, dict):
                    for key, value in node.get("properties", {}).items():
                        if key != "$schema" and isinstance(value, dict):
                            if "description" not in value and "$ref" not in value:
                                missing.append(f"{path}.{key}")
                    for key, value in node.items():
                        if key not in ("if", "then", "else", "not", "dependentSchemas"):
                            walk(value, f"{path}.{key}")  # conditions restate fields
                elif isinstance(node, list):
                    for value in node:
                        walk(value, path)

            walk(schema, "$")
            assert not missing, f"{entry.name}: fields without a description: {missing}"
            checked += 1
    assert checked >= 10
