"""Issue 40 (limits): `simulate --games 100000000` makes its games as they are played, so a
huge --games costs no memory up front and the first games come at once; closing the run
stops the workers."""

from __future__ import annotations

import time
from pathlib import Path

from dockyard.analysis.games import run_games


def test_a_huge_number_of_games_starts_at_once_and_stops_when_closed(tmp_path: Path) -> None:
    for workers in (1, 2):
        start = time.monotonic()
        records = run_games("tictactoe", 10**15, seed=3, workers=workers, check=False)
        first = [next(records) for _ in range(5)]
        records.close()
        assert [r.seed for r in first] == [3, 4, 5, 6, 7]
        # a list of 10**15 jobs (or script names) would never have been built
        assert time.monotonic() - start < 120


def test_record_folder_check_reads_the_folder_not_every_name(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    folder.mkdir()
    (folder / "tictactoe-seed99.dys").write_text("", encoding="utf-8")
    records = run_games("tictactoe", 10**15, seed=100, record=str(folder), workers=1)
    assert next(records).seed == 100
    records.close()
    import pytest
    from dockyard import DockyardError

    with pytest.raises(DockyardError, match=r"tictactoe-seed(99|100).dys: already exists"):
        next(run_games("tictactoe", 10**15, seed=0, record=str(folder), workers=1))
