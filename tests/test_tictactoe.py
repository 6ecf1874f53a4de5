"""Tic-tac-toe by its rules: x first, turns alternate, a full line wins, a full board draws."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dockyard import DockyardError, IllegalAction, Session
from dockyard.loader import ContentError
from dockyard.queries import expect, query

ROWS = [("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3")]
COLUMNS = [("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3")]
DIAGONALS = [("a1", "b2", "c3"), ("a3", "b2", "c1")]
ALL_CELLS = [f"{c}{r}" for r in "123" for c in "abc"]


def play(*cells: str, content: tuple[Path, ...] = ()) -> Session:
    s = Session("tictactoe", content=content)
    for cell in cells:
        s.apply_text(f"mark {cell}")
    return s


def layer(folder: Path, size: int, win: int) -> Path:
    folder.mkdir(exist_ok=True)
    board = {"$schema": "urn:dockyard:tictactoe:board", "size": size, "win": win}
    (folder / "board.json").write_text(json.dumps(board))
    return folder


def o_moves_away_from(line: tuple[str, ...]) -> list[str]:
    """Two cells for o off x's line, not both on one line with a third free cell of o's."""
    return [c for c in ALL_CELLS if c not in line][:2]


@pytest.mark.parametrize("line", ROWS + COLUMNS + DIAGONALS, ids="-".join)
def test_three_in_a_row_wins(line) -> None:
    o1, o2 = o_moves_away_from(line)
    s = play(line[0], o1, line[1], o2, line[2])
    result = s.outcome()
    assert result.winners == ("x",) and result.reason == "x has three in a row"
    assert result.scores == {"x": 1.0, "o": 0.0} and not result.is_draw


def test_o_wins_with_three_in_a_column() -> None:
    s = play("a1", "b1", "c3", "b2", "a3", "b3")
    assert s.outcome().winners == ("o",) and query(s, "winner") == "o"


def test_two_in_a_row_is_not_yet_a_win() -> None:
    s = play("a1", "c3", "a2")
    assert not s.over and s.actors() == ["o"]


def test_a_full_board_without_a_line_is_a_draw() -> None:
    s = play("b2", "a1", "a3", "c1", "b1", "b3", "c2", "a2", "c3")
    result = s.outcome()
    assert result.reason == "the board is full" and result.winners == () and result.is_draw
    assert result.scores == {"x": 0.5, "o": 0.5}


def test_a_line_made_with_the_last_cell_is_a_win_not_a_draw() -> None:
    s = play("a1", "b1", "b2", "c1", "a3", "a2", "c2", "b3", "c3")
    assert query(s, "empty") == 0
    assert s.outcome().winners == ("x",) and s.outcome().reason == "x has three in a row"


def test_x_marks_first_and_turns_alternate() -> None:
    s = Session("tictactoe")
    assert s.actors() == ["x"]
    with pytest.raises(IllegalAction, match="it is not o's turn"):
        s.apply_text("o: mark a1")
    s.apply_text("x: mark a1")
    with pytest.raises(IllegalAction, match="it is not x's turn"):
        s.apply_text("x: mark a2")
    assert s.actors() == ["o"]


def test_a_marked_cell_cannot_be_marked_again() -> None:
    s = play("b2")
    with pytest.raises(IllegalAction, match="b2 is already marked by x"):
        s.apply_text("mark b2")
    assert "o: mark b2" not in [s.format(a) for a in s.legal_actions()]


def test_a_cell_off_the_board_is_named() -> None:
    with pytest.raises(IllegalAction, match="d1 is off the 3x3 board"):
        play().apply_text("mark d1")


def test_legal_moves_are_the_empty_cells() -> None:
    s = play("b2", "a1")
    assert sorted(a.args[0] for a in s.legal_actions()) == sorted(
        c for c in ALL_CELLS if c not in ("b2", "a1")
    )


def test_the_board_is_drawn_row_3_at_the_top() -> None:
    assert play("b2", "a1", "c3").render() == "3 . . x\n2 . x .\n1 o . .\n  a b c"


def test_queries_read_cells_and_empty_count() -> None:
    s = play("b2", "a1")
    assert (query(s, "cell.b2"), query(s, "cell.a1"), query(s, "cell.c3")) == ("x", "o", None)
    assert query(s, "empty") == 7
    with pytest.raises(DockyardError, match="unknown query cell.q7"):
        expect(s, "cell.q7", "==", None)


# ---- boards from content --------------------------------------------------------------------


def test_a_four_by_four_board_with_three_to_win(tmp_path) -> None:
    big = layer(tmp_path / "big", 4, 3)
    s = play("b2", "a1", "c3", "a2", content=(big,))
    assert len(s.legal_actions()) == 12 and "d4" in {a.args[0] for a in s.legal_actions()}
    s.apply_text("mark d4")
    assert s.outcome().winners == ("x",) and s.outcome().reason == "x has three in a row"


def test_a_four_by_four_board_with_four_to_win_needs_four(tmp_path) -> None:
    big = layer(tmp_path / "big", 4, 4)
    s = play("a1", "a4", "b1", "b4", "c1", "c4", content=(big,))
    assert not s.over
    s.apply_text("mark d1")
    assert s.outcome().reason.endswith("has 4 in a row")


def test_a_four_by_four_board_is_drawn_with_columns_to_d(tmp_path) -> None:
    big = layer(tmp_path / "big", 4, 3)
    assert play("d4", content=(big,)).render().splitlines()[0] == "4 . . . x"


def test_a_win_longer_than_the_board_is_refused(tmp_path) -> None:
    small = layer(tmp_path / "small", 3, 4)
    with pytest.raises(
        ContentError, match=r"board.json:\d+:\d+: \$.win: 4 in a row cannot fit on a 3x3"
    ):
        Session("tictactoe", content=[small])


def test_a_second_board_file_is_refused_by_name(tmp_path) -> None:
    extra = tmp_path / "extra"
    (extra / "boards").mkdir(parents=True)
    board = {"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}
    (extra / "boards" / "big.json").write_text(json.dumps(board))
    with pytest.raises(ContentError, match=r"big.json:1:1: \$: a second board"):
        Session("tictactoe", content=[extra])
