"""Pack & Stack: what players read. The reasons for refused moves and the events of a round
say exactly what happened (mutation testing found these texts unpinned)."""

from __future__ import annotations

from dockyard.plugins.pack_and_stack.load_truck import put_options
from dockyard.plugins.pack_and_stack.score_points import empty_spaces, out_of_points
from test_pack_and_stack import all_done, loading, new, play, st, why


def texts(s, kind: str) -> list[str]:
    return [e.text for e in s.events if e.kind == kind]


def test_a_single_cube_takes_no_orientation() -> None:
    s = loading({"a": "T01"}, {"a": {"white": 1}})
    assert "a white piece is a single cube: leave out 'standing'" in why(
        s, "a: put white at a1 level 1 standing"
    )
    assert "a white piece is a single cube: leave out 'along x'" in why(
        s, "a: put white at a1 level 1 along x"
    )


def test_a_two_cube_piece_needs_an_orientation() -> None:
    s = loading({"a": "T01"}, {"a": {"grey": 1}})
    assert "say how the grey piece goes" in why(s, "a: put grey at a1 level 1")


def test_removing_from_the_middle_of_a_piece_names_where_it_starts() -> None:
    s = loading({"a": "T01"}, {"a": {"grey": 1}})
    play(s, "a: put grey at a1 level 1 along x")
    assert "the grey piece there starts at a1 level 1: remove a1 level 1" in why(
        s, "a: remove b1 level 1"
    )
    assert "nothing is loaded at c1 level 1" in why(s, "a: remove c1 level 1")


def test_no_piece_is_left_to_load_says_what_is_left() -> None:
    s = loading({"a": "T01"}, {"a": {"white": 1}})
    assert "you have no grey piece left to load (left: 1 white)" in why(
        s, "a: put grey at a1 level 1 along x"
    )


def test_finishing_says_how_many_pieces_are_left_over() -> None:
    s = loading({"a": "T01", "b": "T01"}, {"a": {"white": 1}, "b": {"white": 2}})
    play(s, "a: done", "b: done", "c: done")
    done = texts(s, "done")
    assert "a has finished loading (1 piece left over)" in done
    assert "b has finished loading (2 pieces left over)" in done
    assert "c has finished loading" in done


def test_the_bill_and_the_bonus_are_told_as_paid() -> None:
    s = loading({"a": "T01", "b": "T05", "c": "T02"}, {"b": {"purple": 2}, "c": {"white": 1}})
    play(s, "b: put purple at a1 level 1 along x", "b: put purple at a2 level 1 along x")
    play(s, "c: put white at a1 level 1")
    state = st(s)
    state.points[0] -= 70  # a has 5 left
    state.bank += 70
    all_done(s)
    pays = texts(s, "pay")
    assert any(t.startswith("a owes ") and "= 15 but has only 5; 0 points left" in t for t in pays)
    assert any(t.startswith("b owes 0 for empty space + 0 for unloaded pieces = 0;") for t in pays)
    assert "b paid the least (0) and receives 10 bonus points" in texts(s, "bonus")


def test_several_players_at_zero_are_named_together() -> None:
    s = new()
    state = st(s)
    assert out_of_points(state) is None
    state.points[0] = state.points[2] = 0
    assert out_of_points(state) == "a and c have no points left"
    state.points[2] = 1
    assert out_of_points(state) == "a has no points left"


def test_before_a_truck_is_claimed_there_is_no_empty_space_and_nothing_to_put() -> None:
    s = new()
    state = st(s)
    assert state.trucks[0] is None
    assert empty_spaces(state, 0) == 0
    assert put_options(state, 0, "white") == []
    s2 = loading({"a": "T01"}, {"a": {"white": 1}})
    assert put_options(st(s2), 0, "gold") == []  # no such piece
    assert put_options(st(s2), 0, "white")


def test_removing_from_the_top_level_of_a_standing_piece_names_where_it_starts() -> None:
    """The highest level a truck has (4) is a level like the others."""
    s = loading({"a": "T26"}, {"a": {"grey": 1, "white": 2}})
    play(s, "a: put white at b2 level 1", "a: put white at b2 level 2")
    play(s, "a: put grey at b2 level 3 standing")
    assert "the grey piece there starts at b2 level 3: remove b2 level 3" in why(
        s, "a: remove b2 level 4"
    )
    assert "nothing is loaded at b2 level 5" in why(s, "a: remove b2 level 5")


def test_a_bill_with_unloaded_pieces_too_big_to_pay_says_so() -> None:
    s = loading({"a": "T05", "b": "T01"}, {"a": {"brown": 2}})
    play(s, "b: done", "c: done")
    state = st(s)
    state.points[0] -= 70  # a has 5 left, owes 10 empty + 12 for two brown pieces
    state.bank += 70
    play(s, "a: done")
    pays = [t for t in texts(s, "pay") if t.startswith("a owes ")]
    assert pays == [
        "a owes 10 for empty space + 12 for unloaded pieces = 22 but has only 5; 0 points left"
    ]
