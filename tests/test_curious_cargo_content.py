"""Curious Cargo content: the built-in files build, match the rulebook, and broken copies are
rejected with the file, the JSON path and the reason."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from dockyard.loader import Content, ContentError, check_document, load
from dockyard.plugins.curious_cargo import components as cc
from dockyard.plugins.curious_cargo.components import Item, parse_cell
from dockyard.plugins.curious_cargo.components import build as build_content
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

BUILTIN = files("dockyard.content") / "curious_cargo"


def builtin(name: str) -> dict[str, Any]:
    return json.loads((BUILTIN / name).read_text(encoding="utf-8"))


def build(*layers: Path) -> cc.CuriousCargoContent:
    return build_content(load("curious-cargo", "curious_cargo", layers))


def write(root: Path, name: str, data: Any) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2), encoding="utf-8")
    return path


def problems(root: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        build(root)
    assert "Traceback" not in str(caught.value)
    return [str(p) for p in caught.value.problems]


@pytest.fixture(scope="module")
def content() -> cc.CuriousCargoContent:
    return build()


# ---- the built-in content ------------------------------------------------------------------------


def test_builtin_content_has_the_rulebook_components(content: cc.CuriousCargoContent) -> None:
    assert len(content.tiles) == 75
    assert len(content.trucks) == 25
    assert sorted(content.boards) == [1, 2, 3, 4, 5, 6]
    assert [s.space for s in content.track] == list(range(11))
    supply = content.supply
    assert (supply.construction, supply.trucking, supply.scaffolding) == (10, 8, 5)
    assert supply.splitters == {"red": 2, "blue": 2, "purple": 2}
    assert supply.goods == {"red": 12, "blue": 12, "purple": 12}


def test_first_time_players_use_board_1(content: cc.CuriousCargoContent) -> None:
    assert content.setup.board == 1
    assert content.setup_board is content.boards[1]
    setup = content.setup
    rules = (setup.construction_actions, setup.boost_actions, setup.truck_ap, setup.dispatch_ap)
    assert rules == (3, 2, 2, 2)
    assert (setup.token_limit, setup.deal, setup.keep) == (3, 3, 1)


def test_lookups_by_id(content: cc.CuriousCargoContent) -> None:
    assert content.tile("t07") is content.tiles[6]
    assert content.truck("truck25") is content.trucks[24]
    with pytest.raises(KeyError):
        content.tile("t76")


def test_end_game_scoring_example_from_the_rulebook(content: cc.CuriousCargoContent) -> None:
    side = content.shipping_boards["two-color"]
    # Top player: shipped 6 and 6, all 6 columns complete, received 1 red.
    top_shipping = side.ship_points(6) + side.ship_points(6) + side.columns_points(6)
    assert top_shipping == 28
    assert side.receive_points(1) + side.receive_points(0) == 4
    # Bottom player: shipped 5 and 2 (so 2 columns complete), received 2 and 3.
    assert side.ship_points(5) + side.ship_points(2) + side.columns_points(2) == 11
    assert side.receive_points(2) + side.receive_points(3) == 16
    # Track points for standing on 8 and 9.
    assert (content.track[8].points, content.track[9].points) == (2, 4)


def test_complete_columns_score_the_largest_entry_reached_not_the_sum(
    content: cc.CuriousCargoContent,
) -> None:
    side = content.shipping_boards["two-color"]
    assert side.columns_points(6) == side.complete_columns_points[6]
    assert side.columns_points(5) == side.complete_columns_points[5]
    assert side.columns_points(4) == 0


def test_shipping_board_sides(content: cc.CuriousCargoContent) -> None:
    two, three = content.shipping_boards["two-color"], content.shipping_boards["three-color"]
    assert (two.colors, two.requisite) == (("red", "blue"), 9)
    assert (three.colors, three.requisite) == (("red", "blue", "purple"), 12)
    for side in (two, three):
        assert set(side.receive_slot_bonus) == set(side.colors)
        for color, row in side.receive_slot_bonus.items():
            splitters = [i for i in row if i is not None and i.kind == "splitter"]
            assert all(i.color == color for i in splitters)


def test_track_bonuses(content: cc.CuriousCargoContent) -> None:
    track = content.track
    assert [s.space for s in track if Item("truck_card") in s.bonus] == [4, 5, 6, 7, 8, 9, 10]
    for space in (3, 6):
        assert track[space].first == (Item("construction", 1),)
        assert track[space].second == (Item("construction", 2),)
    assert [s.space for s in track if s.star] == [10]
    assert [s.space for s in track if s.points] == [7, 8, 9]


# ---- geometry -------------------------------------------------------------------------------------


def test_cell_names_are_chess_like_from_the_bottom_left() -> None:
    assert parse_cell("a1") == (0, 0)
    assert parse_cell("j10") == (9, 9)
    assert parse_cell("h3") == (7, 2)
    for cell in [(0, 0), (7, 9), (3, 4)]:
        assert parse_cell(cc.cell_name(cell)) == cell
    for bad in ["", "a", "1a", "a0", "a01", "A1", "ab"]:
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_docks_lie_beside_their_street_spaces(content: cc.CuriousCargoContent) -> None:
    for board in content.boards.values():
        for dock in board.docks:
            if dock.street == "shipping":  # runs up the left edge: space 1 at the bottom
                assert (dock.cell, dock.side) == ((0, dock.number - 1), "W")
            else:  # runs down the right edge: space 1 at the top
                assert (dock.cell, dock.side) == ((board.columns - 1, 10 - dock.number), "E")
            assert board.dock(dock.street, dock.number) is dock
            assert dock.cell in board.teal


def test_board_1_is_the_most_open(content: cc.CuriousCargoContent) -> None:
    open_docks = {n: len(b.docks) for n, b in content.boards.items()}
    assert open_docks[1] == 20
    assert open_docks[1] == max(open_docks.values())
    for number in (3, 4, 5, 6):
        for street in cc.STREETS:
            assert 1 <= len(content.boards[number].unavailable(street)) <= 3


def test_ports_record_the_teal_cell_and_its_side_facing_the_machine(
    content: cc.CuriousCargoContent,
) -> None:
    board = content.boards[1]
    # board1.json: machine m1 has a red port on the north side of c8, facing c9
    port = next(p for p in board.ports if p.machine == "m1" and p.color == "red")
    assert (port.cell, port.side) == (parse_cell("c9"), "S")
    for board in content.boards.values():
        for port in board.ports:
            assert port.cell in board.teal
            machine = board.machine_at(cc.neighbour(port.cell, port.side))
            assert machine is not None and machine.id == port.machine


def test_every_board_serves_both_modes(content: cc.CuriousCargoContent) -> None:
    for board in content.boards.values():
        colors = Counter(p.color for p in board.ports)
        assert set(colors) == set(cc.COLORS), board.id
        cells = set(board.walls) | {c for m in board.machines for c in m.cells}
        assert board.teal == {(c, r) for c in range(board.columns) for r in range(10)} - cells
        assert board.gears <= board.teal


def test_all_six_boards_differ(content: cc.CuriousCargoContent) -> None:
    layouts = {
        (b.walls, frozenset(c for m in b.machines for c in m.cells), b.gears, b.docks)
        for b in content.boards.values()
    }
    assert len(layouts) == 6


def test_board_pictures_in_the_readme_match_the_board_files(
    content: cc.CuriousCargoContent,
) -> None:
    readme = (BUILTIN / "README.md").read_text(encoding="utf-8")
    for board in content.boards.values():
        assert board.picture() in readme, f"README picture of board {board.id} is out of date"


def readme_table(first_header: str) -> tuple[list[str], list[list[str]]]:
    """The README table whose header starts with `first_header`: its header and body rows."""
    lines = (BUILTIN / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    return header, [r for r in rows if r[0] != "**total**"]


TURN_HALF = {"A": "B", "B": "A", "N": "S", "S": "N", "E": "W", "W": "E"}


def shape(ends: Sequence[tuple[str, ...]]) -> frozenset[frozenset[str]]:
    """A face's belts without colors, the same for a tile and the tile turned 180 degrees."""

    def turned(stub: str) -> str:
        half, side = stub.split(".")
        return f"{TURN_HALF[half]}.{TURN_HALF[side]}"

    as_is = frozenset(frozenset(e) for e in ends)
    turn = frozenset(frozenset(map(turned, e)) for e in ends)
    return min(as_is, turn, key=lambda s: sorted(sorted(e) for e in s))


@pytest.mark.parametrize("face", ["sand", "dark"])
def test_tile_distribution_in_the_readme_matches_tiles_json(
    content: cc.CuriousCargoContent, face: str
) -> None:
    header, rows = readme_table(f"{face} pattern")
    colors = header[3:]
    documented = {}
    for row in rows:
        ends = [tuple(belt.strip().split("-")) for belt in row[1].split(",")]
        documented[shape(ends)] = (int(row[2]), dict(zip(colors, map(int, row[3:]), strict=True)))
    actual: dict[Any, tuple[int, dict[str, int]]] = {}
    for tile in content.tiles:
        belts = tile.face(face)
        count, by_color = actual.get(shape([b.ends for b in belts]), (0, dict.fromkeys(colors, 0)))
        for belt in belts:
            by_color[belt.color] += 1
        actual[shape([b.ends for b in belts])] = (count + 1, by_color)
    assert actual == documented


def test_truck_table_in_the_readme_matches_trucks_json(content: cc.CuriousCargoContent) -> None:
    _, rows = readme_table("id")
    listed = [
        [
            t.id,
            str(t.size),
            str(t.ap),
            str(t.tiles),
            ", ".join(map(str, sorted(t.blocked))) or "-",
            str(t.bonus),
        ]
        for t in content.trucks
    ]
    assert rows == listed


# ---- tiles and trucks -----------------------------------------------------------------------------


def test_conveyor_tile_faces(content: cc.CuriousCargoContent) -> None:
    sand = Counter(b.color for t in content.tiles for b in t.sand)
    dark = Counter(b.color for t in content.tiles for b in t.dark)
    assert set(sand) == {"red", "blue"} and sand["red"] == sand["blue"]
    assert set(dark) == set(cc.COLORS) and len(set(dark.values())) == 1
    for tile in content.tiles:
        assert tile.face("sand") == tile.sand and tile.face("dark") == tile.dark
        for face in (tile.sand, tile.dark):
            stubs = [end for belt in face for end in belt.ends]
            assert len(stubs) == len(set(stubs)) and set(stubs) <= set(cc.STUBS)
            assert sum(belt.crosses for belt in face) <= 1


def test_truck_deck(content: cc.CuriousCargoContent) -> None:
    sizes = Counter(t.size for t in content.trucks)
    assert set(sizes) == {1, 2, 3, 4, 5}
    assert {t.bonus.kind for t in content.trucks} == set(cc.ITEM_WORDS)
    for truck in content.trucks:
        assert truck.open_spaces and truck.blocked <= set(range(1, truck.size + 1))
        assert truck.length == truck.size + 1
        assert truck.ap in (1, 2) and 1 <= truck.tiles <= 3


def test_items_read_as_words() -> None:
    assert str(Item("construction", 2)) == "2 construction tokens"
    assert str(Item("construction")) == "a construction token"
    assert str(Item("splitter", color="red")) == "a red Splitter"
    assert str(Item("truck_card")) == "a Truck card"
    assert str(Item("conveyor_tile", 3)) == "3 Conveyor tiles"
    assert str(Item("points")) == "1 point"
    assert str(Item("points", 4)) == "4 points"


# ---- authors' layers ------------------------------------------------------------------------------


def test_an_authors_board_layers_over_the_builtin_content(tmp_path: Path) -> None:
    board = builtin("boards/board2.json")
    board.update(id=7, name="Author's Yard", walls=[*board["walls"], "g3"])
    write(tmp_path, "boards/board7.json", board)
    setup = builtin("setup.json") | {"board": 7}
    write(tmp_path, "setup.json", setup)
    content = build(tmp_path)
    assert sorted(content.boards) == [1, 2, 3, 4, 5, 6, 7]
    assert content.setup_board.name == "Author's Yard"
    assert parse_cell("g3") in content.setup_board.walls


Mutation = Callable[[Any], Any]


def _set(path: list[Any], value: Any) -> Mutation:
    def mutate(data: Any) -> Any:
        target = data
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
        return data

    return mutate


def _port_faces_a_wall(board: dict[str, Any]) -> dict[str, Any]:
    board["walls"].append("c9")  # m1's red port is on the north side of c8
    return board


def _dock_walled_off(board: dict[str, Any]) -> dict[str, Any]:
    board["walls"] += ["a2", "b1"]  # a1 (shipping dock 1) is cut off from the rest
    board["docks"]["shipping"].remove(2)  # a2, now a wall, was dock 2's cell
    return board


def _two_crossing_belts(tiles: dict[str, Any]) -> dict[str, Any]:
    tiles["tiles"][0]["sand"] = [
        {"color": "red", "from": "A.W", "to": "B.E"},
        {"color": "blue", "from": "A.N", "to": "B.S"},
    ]
    return tiles


def _no_purple_ports(board: dict[str, Any]) -> dict[str, Any]:
    for machine in board["machines"]:
        for port in machine["ports"]:
            if port["color"] == "purple":
                port["color"] = "red"
    return board


BROKEN = [
    # (file, change, expected JSON path, words the message must hold)
    (
        "boards/board1.json",
        _port_faces_a_wall,
        "$.machines[0].ports[0].side",
        "faces c9, which is a wall",
    ),
    (
        "boards/board1.json",
        _set(["machines", 0, "ports", 0, "cell"], "e8"),
        "$.machines[0].ports[0].cell",
        "not a cell of machine m1",
    ),
    (
        "boards/board1.json",
        _set(["machines", 2, "ports", 0, "side"], "N"),
        "$.machines[2].ports[0].side",
        "faces c3, which is part of machine m3",
    ),
    (
        "boards/board1.json",
        _set(["machines", 1, "cells", 0], "f6"),
        "$.machines[1].cells[0]",
        "f6 is already a wall",
    ),
    (
        "boards/board1.json",
        _set(["machines", 2, "cells"], ["c2", "e3"]),
        "$.machines[2].cells",
        "must touch side to side",
    ),
    ("boards/board1.json", _set(["gears", 0], "e2"), "$.gears[0]", "e2 is a wall"),
    ("boards/board1.json", _set(["walls", 0], "i2"), "$.walls[0]", "i2 is outside the 8x10 grid"),
    ("boards/board1.json", _set(["rows"], 9), "$.rows", "10 rows"),
    (
        "boards/board1.json",
        _set(["docks", "shipping", 1], 1),
        "$.docks.shipping[1]",
        "listed twice",
    ),
    (
        "boards/board1.json",
        _dock_walled_off,
        "$.docks.shipping[0]",
        "cannot be reached from any port",
    ),
    (
        "boards/board3.json",
        _set(["docks", "shipping", 4], 5),
        "$.docks.shipping[4]",
        "beside a5, which is a wall",
    ),
    ("boards/board1.json", _no_purple_ports, "$.machines", "no purple port"),
    ("boards/board2.json", _set(["id"], 1), "$.id", "board 1 is already defined"),
    (
        "tiles.json",
        lambda d: d | {"tiles": d["tiles"][:74]},
        "$.tiles",
        "expected 75 Conveyor tiles, found 74",
    ),
    (
        "tiles.json",
        _set(["tiles", 3, "id"], "t01"),
        "$.tiles[3].id",
        "t01 is already used by tiles[0]",
    ),
    (
        "tiles.json",
        _set(["tiles", 0, "sand", 0, "color"], "purple"),
        "$.tiles[0].sand[0].color",
        "red and blue belts only",
    ),
    (
        "tiles.json",
        _set(["tiles", 0, "sand"], [{"color": "red", "from": "A.N", "to": "A.N"}]),
        "$.tiles[0].sand[0]",
        "two different stubs",
    ),
    (
        "tiles.json",
        _set(
            ["tiles", 0, "sand"],
            [
                {"color": "red", "from": "A.W", "to": "A.N"},
                {"color": "blue", "from": "A.N", "to": "A.S"},
            ],
        ),
        "$.tiles[0].sand[1].from",
        "A.N already carries belt 0",
    ),
    ("tiles.json", _two_crossing_belts, "$.tiles[0].sand[1]", "only one belt can"),
    (
        "trucks.json",
        _set(["trucks", 2, "blocked"], [1]),
        "$.trucks[2].blocked",
        "every cargo space is blocked",
    ),
    (
        "trucks.json",
        _set(["trucks", 9, "blocked"], [4]),
        "$.trucks[9].blocked[0]",
        "spaces are 1 to 3",
    ),
    ("trucks.json", _set(["trucks", 0, "size"], 6), "$.trucks[0].size", "1 to 5 cargo spaces"),
    ("trucks.json", _set(["trucks", 0, "ap"], 0), "$.trucks[0].ap", "at least 1 AP"),
    (
        "trucks.json",
        lambda d: d | {"trucks": d["trucks"] * 2},
        "$.trucks",
        "expected 25 Truck cards, found 50",
    ),
    (
        "shipping_board.json",
        _set(["sides", "two-color", "shipping", "values"], [1, 2, 4, 6, 9]),
        "$.sides.two-color.shipping.values",
        "5 entries for 6 spaces",
    ),
    (
        "shipping_board.json",
        _set(["sides", "two-color", "requisite"], 13),
        "$.sides.two-color.requisite",
        "the side holds 12",
    ),
    (
        "shipping_board.json",
        _set(["sides", "two-color", "colors"], ["red", "purple"]),
        "$.sides.two-color.colors[1]",
        "no Conveyor tile has a purple belt on its sand face",
    ),
    (
        "shipping_board.json",
        _set(["sides", "three-color", "receiving", "slot_bonus", "purple"], [None]),
        "$.sides.three-color.receiving.slot_bonus.purple",
        "1 entries for 4 slots",
    ),
    ("track.json", _set(["spaces", 4, "space"], 5), "$.spaces[4].space", "space 4 belongs here"),
    ("supply.json", _set(["goods", "blue"], 10), "$.goods.blue", "12 blue goods are needed"),
    ("setup.json", _set(["board"], 9), "$.board", "there is no board 9"),
    ("setup.json", _set(["keep"], 4), "$.keep", "cannot keep 4 of the 3"),
]


@pytest.mark.parametrize(
    ("name", "change", "path", "words"), BROKEN, ids=[f"{b[0]}:{b[2]}" for b in BROKEN]
)
def test_a_broken_file_is_rejected_with_its_file_path_and_reason(
    tmp_path: Path, name: str, change: Mutation, path: str, words: str
) -> None:
    written = write(tmp_path, name, change(copy.deepcopy(builtin(name))))
    found = problems(tmp_path)
    located = re.compile(rf"{re.escape(str(written))}:\d+:\d+: {re.escape(path)}: ")
    assert any(located.match(p) and words in p for p in found), found


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    tiles = builtin("tiles.json")
    write(tmp_path, "tiles.json", tiles | {"tiles": tiles["tiles"][:74]})
    write(tmp_path, "trucks.json", _set(["trucks", 2, "blocked"], [1])(builtin("trucks.json")))
    write(tmp_path, "boards/board1.json", _port_faces_a_wall(builtin("boards/board1.json")))
    found = problems(tmp_path)
    assert len(found) == 3, found
    assert [Path(p.split(":")[0]).name for p in found] == [
        "board1.json",
        "tiles.json",
        "trucks.json",
    ]


def test_schema_errors_name_the_file_and_path(tmp_path: Path) -> None:
    trucks = _set(["trucks", 0, "bonus"], {"kind": "points", "color": "red"})(
        builtin("trucks.json")
    )
    trucks = _set(["trucks", 1, "bonus"], {"kind": "splitter"})(trucks)
    written = write(tmp_path, "trucks.json", trucks)
    found = problems(tmp_path)
    at = rf"{re.escape(str(written))}:\d+:\d+: "
    assert any(
        re.fullmatch(
            at + r'\$\.trucks\[0\]\.bonus\.kind: kind must be "splitter", not the text "points"', p
        )
        for p in found
    ), found
    assert any(
        re.fullmatch(at + r"\$\.trucks\[1\]\.bonus: missing field 'color'", p) for p in found
    ), found


def test_bad_json_is_reported_with_line_and_column(tmp_path: Path) -> None:
    written = write(tmp_path, "supply.json", '{\n  "construction": 10,\n  "trucking": 8,,\n}')
    (problem,) = problems(tmp_path)
    assert problem.startswith(f"{written}:3:")
    assert "not valid JSON" in problem


def test_a_second_file_of_a_single_kind_is_rejected(tmp_path: Path) -> None:
    written = write(tmp_path, "more/trucks.json", builtin("trucks.json"))
    found = problems(tmp_path)
    assert any(p.startswith(f"{written}:2:3: $.$schema: a second trucks file") for p in found), (
        found
    )


def test_replacing_a_file_with_another_kind_leaves_that_kind_missing(tmp_path: Path) -> None:
    write(tmp_path, "track.json", builtin("supply.json"))
    found = problems(tmp_path)
    assert any("no track file" in p for p in found), found
    assert any("a second supply file" in p for p in found), found


# ---- any board a schema accepts is either built or rejected with reasons, never a crash ----------

BASE = load("curious-cargo", "curious_cargo")
CELL_NAMES = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("abcdefghij"), st.integers(1, 10))
PORTS = st.fixed_dictionaries(
    {"cell": CELL_NAMES, "side": st.sampled_from(cc.SIDES), "color": st.sampled_from(cc.COLORS)}
)
MACHINES = st.lists(
    st.fixed_dictionaries(
        {
            "id": st.sampled_from(["m1", "m2", "m3"]),
            "cells": st.lists(CELL_NAMES, min_size=1, max_size=4),
            "ports": st.lists(PORTS, min_size=1, max_size=4),
        }
    ),
    min_size=1,
    max_size=3,
)
DOCKS = st.lists(st.integers(1, 10), min_size=1, max_size=10)
BOARDS = st.fixed_dictionaries(
    {
        "$schema": st.just("urn:dockyard:curious_cargo:board"),
        "id": st.integers(1, 8),
        "name": st.just("random"),
        "columns": st.integers(2, 9),
        "rows": st.sampled_from([10, 10, 10, 9]),
        "walls": st.lists(CELL_NAMES, max_size=8),
        "gears": st.lists(CELL_NAMES, max_size=5),
        "machines": MACHINES,
        "docks": st.fixed_dictionaries({"shipping": DOCKS, "receiving": DOCKS}),
    }
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=BOARDS)
def test_any_schema_valid_board_builds_or_is_rejected_with_reasons(
    board: dict[str, Any],
) -> None:
    doc, schema_problems = check_document("boards/board9.json", "board9.json", json.dumps(board))
    assume(doc is not None and not schema_problems)
    assert doc is not None
    content = Content("curious-cargo", dict(BASE.documents))
    content.documents["boards/board9.json"] = doc
    try:
        built = build_content(content)
    except ContentError as error:
        assert error.problems
        assert all(p.file == "board9.json" for p in error.problems), error.problems
        return
    made = next(b for b in built.boards.values() if b.name == "random")
    assert {d.cell for d in made.docks} <= made.teal


def test_port_distances_walk_around_walls_and_machines() -> None:
    """`Board.port_distances` (what a line still needs, for the bots): 0 on the square in front
    of a port of the color, else one more than the nearest teal neighbour; walls and machines
    are walked around, not through."""
    content = build()
    for board in content.boards.values():
        for color, dist in board.port_distances.items():
            fronts = {p.cell for p in board.ports if p.color == color}
            assert fronts and set(dist) <= board.teal
            for cell, d in dist.items():
                near = [dist[n] for s in "NESW" if (n := cc.neighbour(cell, s)) in dist]
                assert d == (0 if cell in fronts else 1 + min(near)), (board.id, color, cell)
    # board 1: from a2 the nearest blue port front is b2 (machine 3's west port), next door
    one = content.boards[1]
    assert one.port_distances["blue"][parse_cell("a2")] == 1


@pytest.mark.parametrize("variants", [(), ("night-shift",)])
def test_active_docks_after_a_placement_agree_with_a_trace_from_scratch(variants) -> None:
    """After a placement only the docks whose lines looked at a changed square are traced
    again: whatever is placed, the answer is the one a fresh facility works out."""
    import random

    from dockyard import Session
    from dockyard.plugins.curious_cargo.facility import Facility

    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        s = Session("curious-cargo", seed=seed, variants=variants)
        while not s.over:
            s.apply(rng.choice(s.legal_actions()))
            for player in s.state.seats:
                fac = player.facility
                fresh = Facility(fac.board, dict(fac.stacks))  # knows nothing: traced afresh
                assert fac.active_docks() == fresh.active_docks(), (seed, len(s.log))
                compared += 1
    assert compared > 1000


def test_a_placement_far_from_every_line_traces_no_dock_again(monkeypatch) -> None:
    from dockyard import Session
    from dockyard.plugins.curious_cargo.facility import Facility
    from dockyard.plugins.curious_cargo.speed import changing, facts

    s = Session("curious-cargo", seed=1)
    fac = s.state.seats[0].facility
    before = fac.active_docks()
    traced: list[object] = []
    real = Facility.trace
    monkeypatch.setattr(
        Facility, "trace", lambda self, *a, **k: traced.append(a) or real(self, *a, **k)
    )
    tile = s.state.content.tile(s.state.bag[0])
    middle = parse_cell("e5")  # no dock's line looks this far in on an empty board
    assert all(middle not in looked for looked in facts(fac).active[2])
    fac.lay_tile(tile, s.state.face, middle, "east")
    assert fac.active_docks() == before and traced == []
    changing(fac)  # stacks changed behind its back: everything is traced again
    assert fac.active_docks() == before and len(traced) == len(fac.board.docks)


def test_flat_spots_after_a_placement_agree_with_a_count_from_scratch() -> None:
    """After one placement the flat spots are worked out again only on the squares it
    changed: they must be those a fresh look at every spot finds, for any Scaffolding."""
    import random

    from dockyard import Session
    from dockyard.plugins.curious_cargo.speed import Caches, facts

    rng = random.Random(4)
    compared = incremental = 0
    for seed in range(4):
        s = Session("curious-cargo", seed=seed)
        caches = s.game.caches
        while not s.over:
            s.apply(rng.choice(s.legal_actions()))
            for player in s.state.seats:
                fac, scaffolding = player.facility, player.scaffolding
                known = [e for e in caches.spots.values() if e[0]() is fac]
                incremental += bool(known) and known[0][1] == facts(fac).version - 1
                heights = {c: len(v) for c, v in fac.stacks.items()}
                for held in (scaffolding, 0, 2):  # the same heights, any Scaffolding at hand
                    by_hand = [
                        i
                        for i, (a, b, _, _) in enumerate(fac.board.tile_spots)
                        if abs(heights.get(a, 0) - heights.get(b, 0)) <= held
                    ]
                    assert caches.flat_spots(fac, held) == by_hand
                    assert Caches().flat_spots(fac, held) == by_hand
                compared += 1
    assert compared > 1000 and incremental > 100


def test_flat_spots_beside_a_stack_taller_than_a_byte_holds() -> None:
    """Height differences are kept in bytes: one over 255 counts as 255, never as an error."""
    from dockyard import Session
    from dockyard.plugins.curious_cargo.speed import Caches, changing
    from dockyard.plugins.curious_cargo.tiles import SCAFFOLDING

    fac = Session("curious-cargo", seed=1).state.seats[0].facility
    caches = Caches()
    caches.flat_spots(fac, 0)  # known before: the tall stack comes as one change
    tall = sorted(fac.board.teal)[10]
    changing(fac)
    fac.stack_on(tall, *[SCAFFOLDING] * 300)
    for held in (0, 254, 299, 300):
        by_hand = [
            i
            for i, (a, b, _, _) in enumerate(fac.board.tile_spots)
            if abs(fac.height(a) - fac.height(b)) <= held
        ]
        assert caches.flat_spots(fac, held) == by_hand
        assert Caches().flat_spots(fac, held) == by_hand
