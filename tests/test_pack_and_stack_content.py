"""Pack & Stack content: the box as the rulebook counts it, the designed trucks' rules, and
broken content files refused with the file and JSON path of each problem."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from dockyard import Session
from dockyard.loader import ContentError
from dockyard.plugins.pack_and_stack.components import Components, placements
from dockyard.queries import query


def builtin(name: str) -> Any:
    return json.loads((files("dockyard.content") / "pack_and_stack" / name).read_text("utf-8"))


@pytest.fixture(scope="module")
def box() -> Components:
    return Session("pack-and-stack").content.built


# ---- the box, as the rulebook counts it -------------------------------------------------------


def test_the_wooden_pieces_are_rods_of_one_to_five_cubes(box: Components) -> None:
    got = [(p.kind, p.size, p.count) for p in box.pieces]
    assert got == [
        ("white", 1, 30),
        ("grey", 2, 24),
        ("brown", 3, 18),
        ("turquoise", 4, 12),
        ("purple", 5, 12),
    ]
    assert box.total_pieces == 96


def test_the_five_special_dice(box: Components) -> None:
    faces = {d.piece: d.faces for d in box.dice}
    assert faces == {
        "white": (1, 1, 2, 3, 4, 5),
        "grey": (0, 1, 2, 2, 3, 4),
        "brown": (0, 1, 1, 2, 2, 3),
        "turquoise": (0, 0, 1, 1, 2, 2),
        "purple": (0, 0, 1, 1, 2, 2),
    }


def test_thirty_truck_cards_by_levels(box: Components) -> None:
    levels = [t.levels for t in box.trucks]
    assert len(levels) == 30
    assert {n: levels.count(n) for n in (1, 2, 3, 4)} == {1: 9, 2: 10, 3: 6, 4: 5}


def test_point_markers_and_starting_points(box: Components) -> None:
    assert box.markers == ((1, 16), (2, 12), (5, 10), (10, 20), (50, 6))
    assert box.total_points == 590
    assert box.start == ((50, 1), (10, 2), (5, 1)) and box.start_points == 75
    for n in (3, 4, 5, 6):
        s = Session("pack-and-stack", players=n)
        assert query(s, "bank") == 590 - 75 * n
    assert 590 - 75 * 6 == 140


# ---- the designed loading areas (content/pack_and_stack/README.md) --------------------------

WHITE_SQUARES = {1: range(10, 16), 2: range(9, 14), 3: range(7, 12), 4: range(6, 10)}


def test_every_loading_area_fits_within_5x3_and_has_white_squares(box: Components) -> None:
    for t in box.trucks:
        assert t.width <= 5 and t.depth <= 3, t.id
        assert len(t.white) >= 1, t.id
        assert len({len(row) for row in t.area}) == 1, t.id


def test_white_squares_per_level_count_follow_the_design_rule(box: Components) -> None:
    for t in box.trucks:
        assert len(t.white) in WHITE_SQUARES[t.levels], (t.id, t.levels, len(t.white))
        if t.levels > 1:
            assert len(t.white) < 15, t.id  # taller trucks never use all 15 squares


def test_the_deck_holds_about_what_the_dice_give(box: Components) -> None:
    # design rule: the mean capacity of the deck is within 15% of the mean load the dice give
    sizes = {p.kind: p.size for p in box.pieces}
    load = sum(Fraction(sum(d.faces), len(d.faces)) * sizes[d.piece] for d in box.dice)
    capacity = Fraction(sum(t.capacity for t in box.trucks), len(box.trucks))
    assert abs(capacity - load) / load < Fraction(15, 100), (float(capacity), float(load))
    # and every level count's mean capacity grows with the levels
    means = [
        Fraction(
            sum(t.capacity for t in box.trucks if t.levels == n),
            sum(t.levels == n for t in box.trucks),
        )
        for n in (1, 2, 3, 4)
    ]
    assert means == sorted(means)


def test_some_cards_print_squares_as_already_filled_and_some_are_smaller(box: Components) -> None:
    filled = [t.id for t in box.trucks if any("#" in row for row in t.area)]
    smaller = [t.id for t in box.trucks if t.width * t.depth < 15]
    assert 10 <= len(filled) <= 20 and len(smaller) >= 10


def test_every_piece_fits_somewhere_and_brown_fits_every_truck(box: Components) -> None:
    for p in box.pieces:
        assert any(placements(t, p.size) for t in box.trucks), p.kind
    assert all(placements(t, 3) for t in box.trucks)
    purple = [t.id for t in box.trucks if placements(t, 5)]
    assert 0 < len(purple) < 30  # the longest rod lies only along a full row of five


# ---- broken content is refused, naming the file and the JSON path ----------------------------


def refused(tmp_path: Path, name: str, data: Any) -> list[str]:
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        Session("pack-and-stack", content=[tmp_path])
    problems = [str(p) for p in caught.value.problems]
    assert all(p.startswith(str(tmp_path / name)) for p in problems), problems
    return problems


def trucks_with(change) -> dict[str, Any]:
    data = builtin("trucks.json")
    change(data["trucks"])
    return data


def test_a_loading_area_wider_than_5_squares_is_refused(tmp_path: Path) -> None:
    def wide(trucks):
        trucks[0]["area"] = ["oooooo", "oooooo", "oooooo"]

    (p,) = refused(tmp_path, "trucks.json", trucks_with(wide))
    assert "$.trucks[0].area: T01's loading area is 6x3 squares; it must fit within 5x3" in p


def test_a_loading_area_deeper_than_3_squares_is_refused(tmp_path: Path) -> None:
    def deep(trucks):
        trucks[4]["area"] = ["ooo"] * 4

    (p,) = refused(tmp_path, "trucks.json", trucks_with(deep))
    assert "$.trucks[4].area" in p and "3x4" in p


def test_a_tall_truck_using_all_15_squares_is_refused(tmp_path: Path) -> None:
    def full(trucks):
        trucks[25]["area"] = ["ooooo"] * 3

    (p,) = refused(tmp_path, "trucks.json", trucks_with(full))
    assert "$.trucks[25].area: T26 carries 4 levels but uses all 15 squares" in p


def test_a_truck_without_a_white_square_is_refused(tmp_path: Path) -> None:
    def none(trucks):
        trucks[2]["area"] = ["###", "..."]

    (p,) = refused(tmp_path, "trucks.json", trucks_with(none))
    assert "$.trucks[2].area: T03 has no white square" in p


def test_rows_of_different_lengths_are_refused(tmp_path: Path) -> None:
    def ragged(trucks):
        trucks[1]["area"] = ["ooooo", "ooo"]

    (p,) = refused(tmp_path, "trucks.json", trucks_with(ragged))
    assert "$.trucks[1].area" in p and "draw missing squares as '.'" in p


def test_the_wrong_number_of_trucks_per_level_is_refused(tmp_path: Path) -> None:
    def taller(trucks):
        trucks[0]["levels"] = 2

    problems = refused(tmp_path, "trucks.json", trucks_with(taller))
    assert any("$.trucks: the deck has 9 trucks with 1 level(s), this one 8" in p for p in problems)
    assert any("10 trucks with 2 level(s), this one 11" in p for p in problems)


def test_two_trucks_with_one_id_are_refused(tmp_path: Path) -> None:
    def twice(trucks):
        trucks[7]["id"] = "T01"

    (p,) = refused(tmp_path, "trucks.json", trucks_with(twice))
    assert "$.trucks[7].id: two truck cards are called T01" in p


def test_schema_errors_name_the_path(tmp_path: Path) -> None:
    def five(trucks):
        trucks[3]["levels"] = 5

    (p,) = refused(tmp_path, "trucks.json", trucks_with(five))
    assert "$.trucks[3].levels: levels must be at most 4, not 5" in p


def test_a_die_needs_six_faces_and_a_known_piece(tmp_path: Path) -> None:
    data = builtin("dice.json")
    data["dice"][1]["faces"] = [0, 1, 2, 3, 4]
    data["dice"][2]["piece"] = "orange"
    problems = refused(tmp_path, "dice.json", data)
    assert any("$.dice[1].faces: a die has 6 faces, this one 5" in p for p in problems)
    assert any("$.dice[2].piece: no kind of piece is called 'orange'" in p for p in problems)
    assert any("$.dice: each kind of piece has one die: brown has 0" in p for p in problems)


def test_pieces_must_fit_a_truck_and_include_the_cube(tmp_path: Path) -> None:
    data = builtin("pieces.json")
    data["pieces"][0]["size"] = 6
    problems = refused(tmp_path, "pieces.json", data)
    assert any("$.pieces[0].size: a rod of 6 cannot fit on any truck" in p for p in problems)
    assert any("$.pieces: one kind of piece must be the size-1 cube" in p for p in problems)


def test_the_box_must_hold_every_players_starting_markers(tmp_path: Path) -> None:
    data = builtin("markers.json")
    data["markers"][4]["count"] = 5  # five 50s cannot start six players
    (p,) = refused(tmp_path, "markers.json", data)
    assert "$.start[0]: 6 players need 6 markers of 50, the box holds 5" in p


def test_a_layer_may_replace_the_truck_deck(tmp_path: Path) -> None:
    def simpler(trucks):
        for t in trucks:
            if t["levels"] == 1:
                t["area"] = ["ooooo", "ooooo", "ooooo"]

    (tmp_path / "trucks.json").write_text(json.dumps(trucks_with(simpler)), encoding="utf-8")
    s = Session("pack-and-stack", content=[tmp_path])
    assert all(t.capacity == 15 for t in s.content.built.trucks if t.levels == 1)
