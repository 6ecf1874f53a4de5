"""Issue 42: `tune` with several fields at once (every combination when few, a search within
--budget when many), a field the file leaves out, length/margin targets, failures with their
reasons; and the defects met on the way (a lone trucks patch validated as Curious Cargo's, a
recording made with --content replays alone, a failed game's actions counted, --games declared
once)."""

from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from dockyard.analysis import tune_search

ROOT = Path(__file__).resolve().parent.parent
FA = "shipping_board.json#/sides/two-color/requisite"
FB = "setup.json#/board"


def _tune(dockyard: Any, *args: str) -> tuple[int, str, str]:
    return dockyard("tune", "curious-cargo", "--workers", "1", *args)  # type: ignore[no-any-return]


def test_two_fields_play_every_combination_on_the_same_seeds(dockyard: Any) -> None:
    code, out, err = _tune(
        dockyard, "--field", FA, "--values", "8,10", "--field", FB, "--range", "1..2",
        "--games", "2", "--seed", "3", "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    combos = [r["values"] for r in data["rows"]]
    assert combos == [{FA: a, FB: b} for a, b in itertools.product([8, 10], [1, 2])]
    assert data["best"]["values"] in combos and data["search"] == "every combination"
    # the requisite is played: 8 goods end no later than 10 on the same seeds and board
    by = {(r["values"][FA], r["values"][FB]): r for r in data["rows"]}
    assert by[(8, 1)]["length"]["mean"] <= by[(10, 1)]["length"]["mean"]
    assert [f["start"] for f in data["fields"]] == [9, 1]


def test_many_combinations_are_searched_within_the_budget(dockyard: Any) -> None:
    code, out, err = _tune(
        dockyard, "--field", FA, "--range", "6..12", "--field", FB, "--range", "1..4",
        "--budget", "3", "--games", "1", "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert len(data["rows"]) == 3 and "of 28 combinations" in data["search"]
    assert len({json.dumps(r["values"], sort_keys=True) for r in data["rows"]}) == 3


def test_the_random_search_draws_distinct_candidates() -> None:
    choices = [list(range(7)), list(range(4))]
    seen = set()
    for n in range(28):
        seen.add(tune_search._decode(n, choices))
    assert len(seen) == 28 and (6, 3) in seen


def test_a_field_the_file_leaves_out_starts_at_the_schemas_default(dockyard: Any) -> None:
    field = "trucks.json#/trucks/0/bonus/amount"  # truck01's bonus has no amount: 1
    code, out, err = _tune(dockyard, "--field", field, "--values", "1,4", "--games", "2", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["fields"][0]["start"] == 1
    assert [r["value"] for r in data["rows"]] == [1, 4]


def test_targets_and_pairs_are_checked(dockyard: Any) -> None:
    for args, said in (
        (["--field", FA, "--values", "8", "--values", "9"], "one --values or --range follows"),
        (["--field", FA], "give its values"),
        (["--field", FA, "--values", "8", "--target", "length"], "length=N"),
        (["--field", FA, "--values", "8", "--field", FA, "--values", "9"], "given twice"),
    ):
        code, out, err = _tune(dockyard, *args)
        assert code == 2 and said in err and "Traceback" not in err, err


def test_length_and_margin_targets_pick_the_nearest() -> None:
    rows = [
        {"seat_distance": 0.1, "no_winner": {"rate": 0.0}, "length": {"mean": 150.0},
         "margin": {"mean": 3.0}},
        {"seat_distance": 0.3, "no_winner": {"rate": 0.0}, "length": {"mean": 190.0},
         "margin": {"mean": 9.0}},
    ]  # fmt: skip
    assert tune_search.pick(rows, "length=185") == 1
    assert tune_search.pick(rows, "length=100") == 0
    assert tune_search.pick(rows, "margin=8") == 1
    assert tune_search.pick(rows, "seat-balance") == 0


def test_a_failed_game_says_why_in_tune_and_simulate(dockyard: Any, monkeypatch: Any) -> None:
    from dockyard.analysis import games

    real = games.play_random_game

    def breaks(game: Any, seed: int, *args: Any, **kwargs: Any) -> Any:
        if seed % 2:
            started = kwargs.get("started")
            if started is not None:  # the session exists, with no action yet
                from dockyard import Session

                started(Session(game, seed=seed))
            raise RuntimeError("the house rule broke on purpose")
        return real(game, seed, *args, **kwargs)

    monkeypatch.setattr(games, "play_random_game", breaks)
    code, out, err = _tune(dockyard, "--field", FB, "--values", "1", "--games", "2")
    assert code == 1 and "the house rule broke on purpose" in out, out + err
    assert "1 of 2 game(s) failed" in out
    code, out, _ = dockyard("simulate", "tictactoe", "--games", "2", "--workers", "1", "--json")
    failed = json.loads(out.splitlines()[1])
    assert code == 1 and "RuntimeError: the house rule broke on purpose" in failed["error"]


def test_a_failed_game_counts_the_actions_it_got_to(monkeypatch: Any) -> None:
    from dockyard import DockyardError, Session
    from dockyard.analysis import games

    def three_then_fail(game: Any, seed: int, *args: Any, **kwargs: Any) -> Any:
        session = Session(game, seed=seed)
        kwargs["started"](session)
        for _ in range(3):
            session.apply(session.legal_actions()[0])
        raise DockyardError("a rule refused the fourth")

    monkeypatch.setattr(games, "play_random_game", three_then_fail)
    record, _ = games.play_one(games.Job("tictactoe", 0, None, (), (), True, False))
    assert record.error == "a rule refused the fourth"
    assert record.as_json()["actions"] == 3


def test_validate_a_lone_curious_cargo_trucks_patch(dockyard: Any, tmp_path: Path) -> None:
    for size, code_wanted in ((9, 1), (2, 0)):
        folder = tmp_path / f"size{size}"
        folder.mkdir()
        (folder / "trucks.patch.json").write_text(
            '[\n  {"op": "replace", "path": "/trucks/0/size", "value": ' + str(size) + "}\n]\n",
            encoding="utf-8",
        )
        code, out, err = dockyard("validate", str(folder))
        assert code == code_wanted, out + err
        if size == 9:
            assert "trucks.patch.json:2:" in out and "1 to 5" in out
        else:
            assert "curious_cargo" in out and "pack" not in out.lower()


def test_a_recording_made_with_content_replays_without_it(
    dockyard: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    layer = tmp_path / "layer"
    layer.mkdir()
    (layer / "trucks.patch.json").write_text(
        '[{"op": "add", "path": "/trucks/1/bonus/amount", "value": 5}]', encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    code, _, err = dockyard(
        "simulate", "curious-cargo", "--games", "1", "--seed", "2", "--workers", "1",
        "--content", "layer", "--record", "rec",
    )  # fmt: skip
    assert code == 0, err
    (script,) = (tmp_path / "rec").iterdir()
    assert f"content {layer}" in script.read_text(encoding="utf-8").splitlines()
    monkeypatch.chdir(ROOT)  # from elsewhere, no --content
    code, out, err = dockyard("run", "--json", str(script))
    result = json.loads(out)
    assert code == 0 and result["ok"] and result["over"], err


def test_games_is_declared_once() -> None:
    hits = []
    for f in sorted((ROOT / "framework" / "cli").rglob("*.py")):
        for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Attribute)
                and n.func.attr == "add_argument"
                and n.args
                and isinstance(n.args[0], ast.Constant)
                and n.args[0].value == "--games"
            ):
                hits.append(f"{f.name}:{n.lineno}")
    assert len(hits) == 1, hits


@pytest.mark.parametrize("command", ["simulate", "balance", "tune"])
def test_the_shared_options_are_the_same(dockyard: Any, command: str) -> None:
    code, out, _ = dockyard(command, "--help")
    for option in ("--games N", "--seed S", "--bots", "--workers N", "--backend", "--content"):
        assert option in out
