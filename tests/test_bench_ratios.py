"""`dockyard bench --ratios`: a smoke run at a tiny scale (no timing is asserted: the figures
are for people, measured side by side; the targets are in the performance issue)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.timeout(300)


def test_the_ratios_smoke_run_prints_every_row_with_its_target(dockyard) -> None:
    code, out, err = dockyard("bench", "--ratios", "--scale", "0.02", "--rounds", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    figures = [row["figure"] for row in report["rows"]]
    assert len(figures) == 10 and len(set(figures)) == 10
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
