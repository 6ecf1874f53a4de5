"""`dockyard bench --ratios`: a smoke run at a tiny scale (no timing is asserted: the figures
are for people, measured side by side; the targets are in the performance issue)."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest
from dockyard.analysis.bench_adapters import adapter_rows, games
from dockyard.analysis.bench_ratios import RatioRow, line

pytestmark = pytest.mark.timeout(300)


def test_the_ratios_smoke_run_prints_every_row_with_its_target(dockyard) -> None:
    code, out, err = dockyard("bench", "--ratios", "--scale", "0.02", "--rounds", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    figures = [row["figure"] for row in report["rows"]]
    adapters = 4 * len(games())  # PettingZoo, pyspiel, pyspiel observing, the batched env
    assert len(figures) == 10 + adapters and len(set(figures)) == len(figures)
    for row in report["rows"]:
        assert row["target"] > 0
        if row["value"] is None:  # OpenSpiel's rows, without the bench extra
            assert row["note"] and row["met"] is None
        else:
            assert row["value"] > 0 and row["met"] in (True, False)
    assert report["measured"] == sum(1 for r in report["rows"] if r["value"] is not None) >= 5


def test_bad_ratio_options_are_one_line(dockyard) -> None:
    code, _, err = dockyard("bench", "--ratios", "--rounds", "0")
    assert code == 1 and "--rounds must be at least 1" in err and "Traceback" not in err


def test_the_adapter_rows_print_each_games_steps_and_its_ratio() -> None:
    rows: list[RatioRow] = []
    adapter_rows(1, 0.01, lambda *row: rows.append(RatioRow(row[0], row[1], row[2], True, row[3])))
    titles = [title for _, title in games()]
    assert {"Curious Cargo", "Import / Export", "Tic-tac-toe"} <= set(titles)
    for title in titles:
        for peer, target in (("PettingZoo", "0.25"), ("pyspiel", "0.50")):
            (row,) = [r for r in rows if r.figure.startswith(f"{title}: {peer} ")]
            text = line(row)
            if importlib.util.find_spec(peer.lower()) is None:
                assert text.startswith("n/a") and "pip install '.[rl]'" in text
                continue
            ratio = re.search(
                r": (\d+\.\d\d)x \(target >= " + target + r"x\) \(([\d,]+) steps/s, "
                r"engine ([\d,]+) actions/s\)$",
                text,
            )
            assert ratio, text
            steps, engine = (float(ratio.group(i).replace(",", "")) for i in (2, 3))
            assert steps > 0 and engine > 0
            # the printed figures are rounded to whole steps: the ratio of two rounded
            # numbers is off by up to half a step of each, relative to each
            slack = 0.005 + (steps / engine) * (0.5 / steps + 0.5 / engine)
            assert float(ratio.group(1)) == pytest.approx(steps / engine, abs=slack)
