"""`expect cell.X` with a cell that is no cell (`CELL`, `b`) is an unknown query, exit 1, never an
internal error (issue 40, "small ones")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("cell", ["CELL", "b", "z9", "b22"])
def test_expect_on_a_cell_that_is_no_cell_is_an_unknown_query(dockyard, tmp_path, cell) -> None:
    script = tmp_path / "c.dys"
    script.write_text(f"game tictactoe\nexpect cell.{cell} == x\n")
    code, out, err = dockyard("run", str(script))
    assert code == 1
    assert f"unknown query cell.{cell}" in err and "internal error" not in err
