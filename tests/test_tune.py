"""`dockyard tune` (issue 33, item 5): one content field set to each value by a patch layer, the
same seeds played for each value, figures with intervals per value, the value closest to a
target; a bad field or value is one message, exit 2, before anything is played."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest
from dockyard.analysis import tune
from dockyard.analysis.simulate import run_games
from dockyard.core import win_shares

FIELD = "shipping_board.json#/sides/two-color/requisite"


def _tune(dockyard, *args: str) -> tuple[int, str, str]:
    return dockyard("tune", "curious-cargo", "--field", FIELD, "--workers", "1", *args)


def test_equal_values_play_the_same_games_and_a_patch_changes_them(dockyard) -> None:
    code, out, err = _tune(dockyard, "--values", "4,9,4", "--games", "4", "--seed", "3", "--json")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert [r["value"] for r in rows] == [4, 9, 4]
    assert rows[0] == rows[2]  # the same seeds, so the same games
    assert rows[0]["length"] != rows[1]["length"]  # the value is played: 4 goods end sooner
    assert rows[0]["end"]["shipped"]["count"] == 4


def test_a_row_is_what_the_same_games_with_a_merge_patch_layer_give(dockyard, tmp_path) -> None:
    """Independently: the games of a layer holding a merge patch with the value, from
    simulate's own machinery, give the row's seat win rates, no-winner share, ends and length."""
    code, out, err = _tune(dockyard, "--values", "5", "--games", "4", "--seed", "7", "--json")
    assert code == 0, err
    got = json.loads(out)["rows"][0]
    layer = tmp_path / "five"
    layer.mkdir()
    (layer / "shipping_board.patch.json").write_text(
        '{"sides": {"two-color": {"requisite": 5}}}', encoding="utf-8"
    )
    records = list(run_games("curious-cargo", 4, 7, content=[str(layer)], check=False))
    for seat in (0, 1):
        wins = sum(win_shares(r.winners, r.players)[seat] for r in records)
        assert got["seat_win_rates"][str(seat + 1)]["rate"] == round(wins / 4, 4)
    assert got["no_winner"]["count"] == sum(1 for r in records if not r.winners)
    assert got["end"]["shipped"]["count"] == sum(1 for r in records if "shipped" in r.end)
    assert got["length"]["mean"] == round(statistics.mean(r.actions for r in records), 3)


def test_the_target_picks_what_an_independent_computation_picks(dockyard) -> None:
    values = [2, 9, 5, 7]
    code, out, err = _tune(dockyard, "--values", "2,9,5,7", "--games", "6", "--json")
    assert code == 0, err
    data = json.loads(out)

    def distance(row: dict) -> float:  # root mean square distance from 1/2 each
        rates = [row["seat_win_rates"][s]["rate"] for s in ("1", "2")]
        return math.sqrt(((rates[0] - 0.5) ** 2 + (rates[1] - 0.5) ** 2) / 2)

    rows = data["rows"]
    best = sorted(range(4), key=lambda i: (distance(rows[i]), rows[i]["no_winner"]["rate"], i))
    assert data["best"] == {
        "value": values[best[0]],
        "index": best[0],
        "values": {FIELD: values[best[0]]},
    }
    assert best[0] != 0, "choose values whose best is not the first (else the test proves little)"
    fewest = min(range(4), key=lambda i: (rows[i]["no_winner"]["rate"], distance(rows[i]), i))
    assert tune.pick(rows, "no-winner") == fewest
    code, out, _ = _tune(dockyard, "--values", "2,9,5,7", "--games", "6")
    last = out.splitlines()[-1]
    assert last.startswith("closest to seat-balance (") and f"): {values[best[0]]} (" in last


def test_pick_breaks_ties_by_the_no_winner_share_then_the_order() -> None:
    def row(distance: float, none: float) -> dict:
        return {"seat_distance": distance, "no_winner": {"rate": none}}

    rows = [row(0.3, 0.1), row(0.1, 0.4), row(0.1, 0.2), row(0.1, 0.2)]
    assert tune.pick(rows, "seat-balance") == 2
    assert tune.pick(rows, "no-winner") == 0
    assert tune.seat_distance([0.5, 0.5]) == 0.0
    assert tune.seat_distance([0.0, 0.0]) > tune.seat_distance([0.0, 1 / 3])  # nobody wins


def test_mean_interval_is_mean_plus_minus_two_standard_errors() -> None:
    xs = [210, 260, 245, 230, 300]
    got = tune.mean_interval(xs)
    half = 1.959963984540054 * statistics.stdev(xs) / math.sqrt(len(xs))
    assert got["mean"] == statistics.mean(xs)
    assert got["low"] == pytest.approx(statistics.mean(xs) - half, abs=1e-3)
    assert got["high"] == pytest.approx(statistics.mean(xs) + half, abs=1e-3)
    assert tune.mean_interval([7])["low"] == tune.mean_interval([7])["high"] == 7


@pytest.mark.parametrize(
    ("field", "values", "said"),
    [
        ("shipping_board.json#/sides/two-colour/requisite", "7", "did you mean two-color"),
        ("shiping_board.json#/sides", "7", "no file shiping_board.json; did you mean shipping"),
        ("shipping_board.json", "7", "FILE#/json/pointer"),
        ("boards/board1.json#/walls/99", "7", "/walls is a list of"),
        ("shipping_board.json#/sides/two-color/requisite/x", "7", "is 9, which holds no 'x'"),
        (FIELD, "8,seven", 'the value "seven" is refused'),
        (FIELD, "0", "the value 0 is refused"),
        (FIELD, "8,,9", "an empty value"),
    ],
)
def test_a_bad_field_or_value_is_one_message_and_nothing_is_played(
    dockyard, monkeypatch, field, values, said
) -> None:
    def played(*args, **kwargs):  # pragma: no cover - the test fails if it runs
        raise AssertionError("a game was played")

    monkeypatch.setattr(tune, "run_games", played)
    code, out, err = dockyard("tune", "curious-cargo", "--field", field, "--values", values)
    assert code == 2 and out == ""
    assert said in err and err.startswith("dockyard tune: error: --") and "Traceback" not in err


def test_a_value_the_schema_refuses_gets_the_schemas_located_message(dockyard) -> None:
    code, _, err = _tune(dockyard, "--values", '"ten"', "--games", "1")
    assert code == 2
    assert (
        "shipping_board.json: $.sides.two-color.requisite: requisite must be a whole number, "
        'not the text "ten"' in err
    )
    assert "dockyard-tune-" not in err  # no temporary layer in a message


def test_values_and_ranges() -> None:
    assert tune.parse_values('9, 10,true,night,"a b"', None) == [9, 10, True, "night", "a b"]
    assert tune.parse_values('[1, [2, 3], {"a": 1}]', None) == [1, [2, 3], {"a": 1}]
    assert tune.parse_values(None, "9..12") == [9, 10, 11, 12]
    for bad in ("12..9", "9-12", "a..b", "1..1000"):
        with pytest.raises(tune.FieldError, match="--range|at most"):
            tune.parse_values(None, bad)
    for bad in ("1e999", "NaN", "[" * 5000, "[1, 2"):  # no infinity, no endless nesting
        with pytest.raises(tune.FieldError, match="--values"):
            tune.parse_values(bad, None)
    with pytest.raises(tune.FieldError, match="at most 200"):
        tune.parse_values(None, "1..10000000000000000")  # refused before it is made
    assert tune.parse_field("./boards/board1.json#/walls/0").file == "boards/board1.json"
    assert tune.parse_field("a.json#/x~1y/z~0").parts == ["x/y", "z~"]
    for bad in ("a.json#x", "../a.json#/x", "a.patch.json#/x", "a.txt#/x"):
        with pytest.raises(tune.FieldError, match="--field"):
            tune.parse_field(bad)


def test_range_variant_and_report(dockyard, tmp_path) -> None:
    report = tmp_path / "tune.html"
    code, out, err = dockyard(
        "tune",
        "curious-cargo",
        "--field",
        "shipping_board.json#/sides/three-color/requisite",
        "--range",
        "11..12",
        "--variant",
        "night-shift",
        "--games",
        "2",
        "--workers",
        "1",
        "-o",
        str(report),
    )
    assert code == 0, err
    assert "curious-cargo with night-shift" in out and f"report written to {report}" in out
    html = report.read_text(encoding="utf-8")
    for heading in ("Win rate by seat", "no winner", "End triggers", "Game length"):
        assert heading in html
    assert html.count("<svg") == 4 and "http://" not in html.replace("http://www.w3.org", "")
    code, _, err = dockyard(  # an existing report is not replaced, and nothing is played
        "tune", "curious-cargo", "--field", FIELD, "--values", "9", "-o", str(report)
    )
    assert code == 1 and "exists" in err


def test_ctrl_c_reports_the_values_played_whole(dockyard, monkeypatch) -> None:
    real = tune.run_games
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(args)
        games = real(*args, **kwargs)
        if len(calls) == 2:  # Ctrl-C during the second value's second game
            yield next(games)
            games.close()
            raise KeyboardInterrupt
        yield from games

    monkeypatch.setattr(tune, "run_games", interrupted)
    code, out, _ = _tune(dockyard, "--values", "4,9,6", "--games", "3", "--json")
    data = json.loads(out)
    assert code == 130 and data["interrupted"] is True and len(calls) == 2
    assert [r["value"] for r in data["rows"]] == [4] and data["best"]["value"] == 4


def test_the_temporary_layers_are_gone_afterwards(dockyard, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    code, _, err = _tune(dockyard, "--values", "8", "--games", "1")
    assert code == 0, err
    assert list(Path(tmp_path).iterdir()) == []


def test_an_own_chart_is_wide_enough_for_its_legend(monkeypatch) -> None:
    """dockyard's own SVG bars (no matplotlib) leave 150 px a series for the legend, so an end
    trigger chart with four triggers is not cut off."""
    import re

    from dockyard.analysis import charts

    monkeypatch.setattr(charts, "_matplotlib", lambda: None)
    series = {e: [0.5, 0.2] for e in ("shipped", "received", "bag-empty", "deck-empty")}
    svg = charts.bar_chart("End triggers", ["9", "10"], series, percent=True)
    width = float(re.search(r'<svg[^>]*\bwidth="([\d.]+)"', svg).group(1))
    labels = [float(x) for x in re.findall(r'<text x="([\d.]+)"[^>]*>deck-empty<', svg)]
    assert labels and labels[0] + 60 <= width


def test_a_value_the_games_own_checks_refuse_is_named_with_their_message(dockyard) -> None:
    code, out, err = dockyard(
        "tune", "curious-cargo", "--field", "setup.json#/board", "--values", "2,99"
    )
    assert code == 2 and out == ""
    assert "the value 99 is refused:\n  setup.json: $.board: there is no board 99" in err
