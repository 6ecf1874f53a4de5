"""Tom Jolly's Cargo, from its rulebook: the seven PICTURE EXAMPLES OF PUSHES, each line of the
SCORING SUMMARY, and the edges the rules name (chains into the water, squishing against an
Elephant, pulling onto a loading space, workers coming back, crates put back).

Each position is a layout (content/cargo/schemas/layout.schema.json) in a content folder of its
own, played with `Session(..., content=[folder])` as `dockyard play cargo --content DIR` would.
The examples lie along row 5 from the west, pushing east; j5 is water unless yellow plays.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from dockyard import IllegalAction, Session


@pytest.fixture
def table(tmp_path: Path):
    made = iter(range(100))

    def lay(squares: dict[str, Any], ships=("red", "blue"), **more: Any) -> Session:
        folder = tmp_path / f"position{next(made)}"
        folder.mkdir()
        layout = {"$schema": "urn:dockyard:cargo:layout", "ships": list(ships), "squares": squares}
        (folder / "layout.json").write_text(json.dumps({**layout, **more}))
        return Session("cargo", players=len(ships), content=[folder])

    return lay


def q(s: Session, path: str) -> Any:
    """What an `expect PATH == ...` line of a script reads."""
    return s.game.query(s.state, path)


def at(s: Session, square: str) -> Any:
    """What stands on a square: `crate-red`, `p2-mule`, `p2-dockhand+p2-dockhand`, or None."""
    crate = q(s, f"crate.{square}")
    return f"crate-{crate}" if crate else q(s, f"worker.{square}")


def points(s: Session) -> list[int]:
    return [q(s, f"points.{p}") for p in s.players]


# ---- PICTURE EXAMPLES OF PUSHES -------------------------------------------------------------


def test_elephant_cannot_push_a_mule_workers_never_push_workers(table) -> None:
    """ELEPHANT + MULE + SPACE: "The Elephant CANNOT push the Mule.\""""
    s = table({"c5": "red elephant", "d5": "blue mule"})
    with pytest.raises(IllegalAction, match="workers cannot push other workers"):
        s.apply_text("move elephant east")
    assert q(s, "worker.d5") == "p2-mule" and q(s, "worker.c5") == "p1-elephant"


def test_burly_pushes_a_crate_and_the_dockhand_behind_it(table) -> None:
    """BURLY + CRATE + DOCKHAND + EMPTY SPACE: all three slide one square."""
    s = table({"c5": "red burly", "d5": "blue crate", "e5": "blue dockhand", "h9": "red crate"})
    s.apply_text("move burly east")
    assert [at(s, sq) for sq in ("c5", "d5", "e5", "f5")] == [
        None,
        "p1-burly",
        "crate-blue",
        "p2-dockhand",
    ]


def test_mule_pushes_a_dockhand_onto_two_dockhands_making_three(table) -> None:
    """MULE + CRATE + DOCKHAND + 2 DOCKHANDS: the Dockhand joins the other two."""
    s = table(
        {
            "c5": "red mule",
            "d5": "red crate",
            "e5": "blue dockhand",
            "f5": "blue 2 dockhands",
            "h9": "blue crate",
        }
    )
    s.apply_text("move mule east")
    assert at(s, "d5") == "p1-mule" and at(s, "e5") == "crate-red"
    assert q(s, "workers.f5") == 3 and q(s, "workers.e5") == 0
    assert points(s) == [0, 0]


def test_one_dockhand_squishes_four_between_two_crates(table) -> None:
    """DOCKHAND + CRATE + 4 DOCKHANDS + CRATE: the four go to the Doctor; an opponent's
    squished Dockhand is a point each."""
    s = table(
        {"c5": "red dockhand", "d5": "red crate", "e5": "blue 4 dockhands", "f5": "blue crate"}
    )
    s.apply_text("move dockhand c5 east")
    assert at(s, "d5") == "p1-dockhand" and at(s, "e5") == "crate-red"
    assert at(s, "f5") == "crate-blue"  # the far crate does not move
    assert q(s, "doctor.p2") == 4
    assert points(s) == [4, 0]


def test_mule_cannot_push_a_crate_with_a_burly_and_another_crate_behind(table) -> None:
    """MULE + CRATE + BURLY + CRATE + SPACE: "Burly CANNOT be squished, and Mule CANNOT push
    2 crates" (the Burly in the row does not count; the two crates do)."""
    s = table({"c5": "red mule", "d5": "red crate", "e5": "blue burly", "f5": "blue crate"})
    with pytest.raises(IllegalAction, match="can push 1 crate, not 2 crates"):
        s.apply_text("move mule east")


def test_elephant_pushes_crate_burly_crate_and_squishes_three_dockhands(table) -> None:
    """ELEPHANT + CRATE + BURLY + CRATE + 3 DOCKHANDS + CRATE: the four slide, the three
    Dockhands are squished between the crates. A Burly between crates counts as no crate
    ("since it counts as '2 Boxes'"), so the Elephant's P2 is enough."""
    s = table(
        {
            "b5": "red elephant",
            "c5": "red crate",
            "d5": "blue burly",
            "e5": "blue crate",
            "f5": "blue 3 dockhands",
            "g5": "red crate",
        }
    )
    s.apply_text("move elephant east")
    assert [at(s, sq) for sq in ("b5", "c5", "d5", "e5", "f5", "g5")] == [
        None,
        "p1-elephant",
        "crate-red",
        "p2-burly",
        "crate-blue",
        "crate-red",
    ]
    assert q(s, "doctor.p2") == 3 and points(s) == [3, 0]


def test_three_dockhands_push_three_crates_and_a_mule_into_the_water(table) -> None:
    """3 DOCKHANDS + CRATE + CRATE + CRATE + MULE + WATER: the stack pushes 3 crates; the Mule
    goes into the water (j5: the yellow ship's loading space is water when nobody took it)."""
    s = table(
        {
            "e5": "red 3 dockhands",
            "f5": "red crate",
            "g5": "blue crate",
            "h5": "red crate",
            "i5": "blue mule",
        }
    )
    s.apply_text("move 3 dockhands e5 east")
    assert q(s, "workers.f5") == 3
    assert [at(s, sq) for sq in ("g5", "h5", "i5")] == ["crate-red", "crate-blue", "crate-red"]
    assert q(s, "water.p2") == 1 and points(s) == [0, 0]  # no points for a worker
    # three workers moved: blue's turn, which starts with the Mule rescued onto a loading
    # space of blue's ship (a5 or a6, blue chooses)
    assert [s.format(a) for a in s.legal_actions()] == ["p2: place mule a5", "p2: place mule a6"]
    s.apply_text("place mule a6")
    assert at(s, "a6") == "p2-mule" and q(s, "water.p2") == 0


def test_a_dockhand_alone_cannot_push_two_crates_but_two_together_can(table) -> None:
    s = table({"c5": "red 2 dockhands", "d5": "blue crate", "e5": "blue crate"})
    with pytest.raises(IllegalAction, match="can push 1 crate, not 2"):
        s.apply_text("move dockhand c5 east")
    s.apply_text("move 2 dockhands c5 east")
    assert at(s, "f5") == "crate-blue" and q(s, "workers.d5") == 2


# ---- SCORING SUMMARY --------------------------------------------------------------------


def test_own_crate_onto_own_loading_space_scores_3_and_leaves(table) -> None:
    s = table({"e3": "red burly", "e2": "red crate", "b9": "red crate", "h9": "blue crate"})
    s.apply_text("move burly south")
    assert at(s, "e2") == "p1-burly" and at(s, "e1") is None
    assert points(s) == [3, 0] and q(s, "front.p1") == 1 and q(s, "crates.p1") == 1


def test_an_opponents_crate_onto_its_own_ship_scores_for_its_owner(table) -> None:
    """ "If you foolishly push an opponent's crate into his loading area, he gets 3 points."
    (blue's loading spaces are a5 and a6, west of the dock)."""
    s = table({"c5": "red burly", "b5": "blue crate", "h9": "blue crate", "b9": "red crate"})
    s.apply_text("move burly west")
    assert points(s) == [0, 3] and q(s, "front.p2") == 1


def test_an_opponents_crate_on_your_loading_space_you_put_back_at_the_end_of_your_turn(
    table,
) -> None:
    s = table({"e3": "red burly", "e2": "blue crate", "b9": "red crate", "h9": "blue crate"})
    s.apply_text("move burly south")
    assert q(s, "aside") == 1 and points(s) == [0, 0]
    s.apply_text("done")
    legal = [s.format(a) for a in s.legal_actions()]
    assert legal and all(t.startswith("p1: place blue ") for t in legal)
    assert "p1: place blue e2" not in legal  # the burly stands there
    with pytest.raises(IllegalAction, match="not on it"):
        s.apply_text("place blue e1")  # a loading space is not the dock
    s.apply_text("place blue c7")
    assert at(s, "c7") == "crate-blue" and q(s, "aside") == 0
    assert s.actors() == ["p2"]


def test_a_crate_on_a_third_players_loading_space_is_put_back_by_that_player(table) -> None:
    """Red pushes a blue crate onto the green ship's loading space (e10, north): green puts it
    back, in the middle of red's turn, before blue plays."""
    s = table(
        {"e8": "red burly", "e9": "blue crate", "b2": "red crate", "h2": "green crate"},
        ships=("red", "blue", "green"),
    )
    s.apply_text("move burly north")
    s.apply_text("done")
    assert s.actors() == ["p3"]
    with pytest.raises(IllegalAction):
        s.apply_text("p1: place blue c7")
    s.apply_text("p3: place blue d4")
    assert at(s, "d4") == "crate-blue" and s.actors() == ["p2"]


def test_crates_pushed_into_the_sea_an_opponents_plus_one_your_own_minus_one(table) -> None:
    s = table(
        {
            "c9": "red burly",
            "c8": "blue crate",
            "h8": "red mule",
            "i8": "red crate",
            "d4": "red crate",
            "g4": "blue crate",
        }
    )
    s.apply_text("move burly south")  # c8 -> c7: not into the sea
    s.apply_text("move mule east")  # own crate off the east edge (yellow unused: water)
    assert points(s) == [-1, 0] and q(s, "front.p1") == 0
    s3 = table({"c7": "red burly", "b7": "blue crate", "d4": "red crate", "g4": "blue crate"})
    s3.apply_text("move burly west")  # b7 -> a7: water
    assert points(s3) == [1, 0] and q(s3, "front.p1") == 1


def test_squishing_your_own_dockhand_costs_a_point(table) -> None:
    s = table({"c5": "red burly", "d5": "red crate", "e5": "red dockhand", "f5": "blue crate"})
    s.apply_text("move burly east")
    assert points(s) == [-1, 0] and q(s, "doctor.p1") == 1


# ---- edges the rules name ---------------------------------------------------------------


def test_a_dockhand_is_squished_against_an_elephant_which_is_never_pushed(table) -> None:
    s = table({"c5": "red burly", "d5": "red crate", "e5": "blue dockhand", "f5": "blue elephant"})
    s.apply_text("move burly east")
    assert q(s, "doctor.p2") == 1 and at(s, "f5") == "p2-elephant"
    t = table({"c5": "red burly", "d5": "red crate", "e5": "blue elephant", "g9": "blue crate"})
    with pytest.raises(IllegalAction, match="cannot be pushed"):
        t.apply_text("move burly east")


def test_a_chain_of_two_crates_goes_one_into_the_sea(table) -> None:
    s = table({"g5": "red burly", "h5": "blue crate", "i5": "blue crate", "b9": "red crate"})
    s.apply_text("move burly east")
    assert at(s, "i5") == "crate-blue" and points(s) == [1, 0]


def test_pulling_onto_a_loading_space_leaves_the_crate_on_the_dock(table) -> None:
    """The Mule steps south onto red's loading space e1, pulling the crate from e3 to e2: a
    pulled crate only follows into the square the worker left."""
    s = table({"e2": "red mule", "e3": "red crate", "b9": "red crate", "h9": "blue crate"})
    s.apply_text("move mule pull south")
    assert at(s, "e1") == "p1-mule" and at(s, "e2") == "crate-red" and points(s) == [0, 0]
    s.apply_text("done")
    s.apply_text("done")
    with pytest.raises(IllegalAction, match="cannot step into the water"):
        s.apply_text("move mule south")  # off the loading space: onto the ship


def test_elephant_pushes_one_crate_then_pulls_another_but_not_both_at_once(table) -> None:
    s = table({"d5": "red elephant", "c5": "blue crate", "e5": "red crate", "h9": "blue crate"})
    with pytest.raises(IllegalAction, match="cannot pull and push at once"):
        s.apply_text("move elephant pull east")  # between two crates
    t = table({"d5": "red elephant", "e5": "red crate", "e6": "blue crate", "h9": "blue crate"})
    t.apply_text("move elephant east pull south")  # push e5 east, then pull e6 south
    assert [at(t, sq) for sq in ("f5", "e5", "e4", "e6")] == [
        "crate-red",
        "crate-blue",
        "p1-elephant",
        None,
    ]


def test_mule_pulls_a_crate_two_squares_in_one_action(table) -> None:
    s = table({"d5": "red mule", "c5": "red crate", "h9": "blue crate"})
    s.apply_text("move mule pull east pull east")
    assert at(s, "f5") == "p1-mule" and at(s, "e5") == "crate-red"


def test_workers_walk_onto_loading_spaces_but_not_into_the_water_nor_into_workers(
    table,
) -> None:
    s = table({"b5": "red burly", "c5": "blue dockhand", "b4": "red mule", "b9": "red crate"})
    with pytest.raises(IllegalAction, match="workers cannot push other workers"):
        s.apply_text("move burly east")
    with pytest.raises(IllegalAction, match="cannot step into the water"):
        s.apply_text("move mule west")  # a4: water
    s.apply_text("move burly west")  # a5: a loading space of blue's ship ("no effect")
    assert at(s, "a5") == "p1-burly"


def test_dockhands_of_different_players_share_a_square(table) -> None:
    s = table(
        {"c5": "red dockhand", "d5": "blue 2 dockhands", "b9": "red crate", "h9": "blue crate"}
    )
    s.apply_text("move dockhand c5 east")
    assert q(s, "worker.d5") == "p2-dockhand+p2-dockhand+p1-dockhand"
    with pytest.raises(IllegalAction, match="0 dockhands to move on d5"):
        s.apply_text("move dockhand d5 east")  # it has moved this turn


def test_a_squished_dockhand_sits_out_a_turn_then_may_come_back_on_an_edge(table) -> None:
    """ "Players cannot use them on their next turn, but may return them to play on the
    following turn, putting the Dockhand on any space along the edge of the board." """
    s = table({"c5": "red burly", "d5": "red crate", "e5": "blue dockhand", "f5": "blue crate"})
    s.apply_text("move burly east")
    s.apply_text("done")
    assert q(s, "doctor.p2") == 1
    assert all(a.verb != "place" for a in s.legal_actions())  # blue's next turn: sits out
    s.apply_text("done")
    s.apply_text("done")
    places = [s.format(a) for a in s.legal_actions() if a.verb == "place"]
    assert places and all(p.startswith("p2: place dockhand ") for p in places)
    assert "p2: place dockhand b2" in places and "p2: place dockhand d5" not in places
    with pytest.raises(IllegalAction, match="onto the dock's edge"):
        s.apply_text("place dockhand d4")
    s.apply_text("place dockhand i9")
    assert at(s, "i9") == "p2-dockhand" and q(s, "doctor.p2") == 0


def test_a_dockhand_back_from_the_doctor_may_come_back_later_or_not_at_all(table) -> None:
    """ "may return them to play on the following turn": not forced first. Blue moves another
    worker, then brings the Dockhand back in the same turn (coming back is not one of the
    turn's 3 workers: it is placed, not moved); in the next game blue declines with `done` and
    brings it back a turn later."""
    squares = {
        "c5": "red burly",
        "d5": "red crate",
        "e5": "blue dockhand",
        "f5": "blue crate",
        "h8": "blue mule",
    }
    for later in (False, True):
        s = table(squares)
        s.apply_text("move burly east")
        s.apply_text("done")
        s.apply_text("done")  # blue sits the Dockhand out
        s.apply_text("done")
        verbs = {a.verb for a in s.legal_actions()}
        assert {"place", "move", "done"} <= verbs  # bring it back now, later, or not
        assert q(s, "moves") == 3
        if later:
            s.apply_text("done")  # declined this turn: it waits at the Doctor
            assert q(s, "doctor.p2") == 1
            s.apply_text("done")  # red's turn
        s.apply_text("move mule west")  # another worker first
        assert q(s, "moves") == 2 and q(s, "doctor.p2") == 1
        s.apply_text("place dockhand b3")
        assert at(s, "b3") == "p2-dockhand" and q(s, "doctor.p2") == 0
        assert q(s, "moves") == 2  # not counted against the turn's workers


def test_a_worker_tossed_in_the_water_refused_a_taken_loading_space_is_told_so(table) -> None:
    """ "he gets tossed in the water and is returned to one of the loading spaces for his own
    ship on that player's next turn": a6 is blue's own loading space, but taken."""
    s = table(
        {
            "e5": "red 3 dockhands",
            "f5": "red crate",
            "g5": "blue crate",
            "h5": "red crate",
            "i5": "blue mule",
            "a6": "red burly",
        }
    )
    s.apply_text("move 3 dockhands e5 east")
    with pytest.raises(IllegalAction, match=r"a6, a loading space of your ship, is taken .*a5"):
        s.apply_text("place mule a6")
    with pytest.raises(IllegalAction, match="from the water"):
        s.apply_text("done")  # "at the beginning of the owning player's turn": first
    s.apply_text("place mule a5")
    assert at(s, "a5") == "p2-mule"


def test_a_crate_on_your_loading_space_goes_back_at_the_end_of_the_turn_not_before(
    table,
) -> None:
    """ "at the end of your turn you may place it back on the board anywhere you wish": placing
    it mid-turn is refused saying when it goes back; at the end of the turn it must go back
    (the "may" is where: "anywhere you wish"; "that player places it on the board anywhere he
    wishes"), so `done` does not decline it."""
    s = table({"e3": "red burly", "e2": "blue crate", "b9": "red crate", "h9": "blue crate"})
    s.apply_text("move burly south")
    with pytest.raises(IllegalAction, match="waits for the end of the turn"):
        s.apply_text("place blue c7")
    s.apply_text("done")
    with pytest.raises(IllegalAction, match="anywhere you wish"):
        s.apply_text("done")
    s.apply_text("place blue c7")
    assert at(s, "c7") == "crate-blue"


def test_the_set_up_dice_can_be_fixed_and_the_winners_asked(tmp_path: Path) -> None:
    """ "players roll a die to see who selects and places their pieces first" and "ROLL AGAIN
    TO SEE WHO MOVES FIRST": dice.json fixes the dice (seat order, ties roll again)."""
    (tmp_path / "dice.json").write_text(
        json.dumps({"$schema": "urn:dockyard:cargo:dice", "dice": [4, 4, 2, 5, 6, 1]})
    )
    s = Session("cargo", players=2, content=[tmp_path])
    assert q(s, "first") == "p2" and q(s, "mover") is None  # 4-4: again, 2-5
    assert s.actors() == ["p2"]
    while q(s, "phase") != "play":
        s.apply(s.legal_actions()[0])
    assert q(s, "mover") == "p1" and s.actors() == ["p1"]  # 6-1


def test_a_layout_sets_points_and_crates_in_front_of_each_player(table) -> None:
    """A position in the middle of a game: the points so far and the crates in front (which
    break a tie: "In the case of ties for points, whoever has the most crates wins")."""
    s = table(
        {"c7": "red burly", "b7": "blue crate", "d4": "red crate"},
        points={"red": 4, "blue": 4},
        front={"blue": ["blue", "red"]},
    )
    assert points(s) == [4, 4] and q(s, "front.p2") == 2
    s.apply_text("move burly west")  # the last blue crate into the sea: +1 red
    result = s.outcome()
    assert result is not None and result.winners == ("p1",)
    s = table(
        {"c7": "red burly", "b7": "red crate", "d4": "blue crate"},
        points={"red": 1, "blue": 0},
        front={"blue": ["blue"]},
    )
    s.apply_text("move burly west")  # red's own last crate into the sea: -1, 0-0
    result = s.outcome()
    assert result is not None and result.winners == ("p2",)  # 1 crate in front against 0


def test_a_turn_moves_three_different_workers(table) -> None:
    s = table({"c3": "red 4 dockhands", "b9": "red crate", "h9": "blue crate"})
    s.apply_text("move 2 dockhands c3 north")
    with pytest.raises(IllegalAction, match="1 more worker this turn, not 2"):
        s.apply_text("move 2 dockhands c3 north")
    with pytest.raises(IllegalAction, match="0 dockhands to move on c4"):
        s.apply_text("move dockhand c4 north")  # the two there have moved this turn
    s.apply_text("move dockhand c3 north")  # the third worker: the turn ends
    assert s.actors() == ["p2"]


def test_the_first_player_moves_one_worker_and_the_second_two() -> None:
    s = Session("cargo", seed=3)
    while q(s, "phase") != "play":
        s.apply(s.legal_actions()[0])
    first, second = s.actors()[0], None
    assert q(s, "moves") == 1
    s.apply(s.legal_actions()[0])
    second = s.actors()[0]
    assert second != first and q(s, "moves") == 2
    s.apply_text("done")
    assert q(s, "moves") == 3


def test_the_game_ends_when_a_player_has_no_crates_left_most_points_wins(table) -> None:
    s = table({"c7": "red burly", "b7": "blue crate", "d4": "red crate"})
    s.apply_text("move burly west")
    result = s.outcome()
    assert result is not None and result.winners == ("p1",) and result.end == ("no-crates",)
    assert "p2 has no crates left" in result.reason


def test_a_tie_on_points_goes_to_the_most_crates(table) -> None:
    """Red loads a crate (3 points, 1 crate in front); blue squishes 4 red Dockhands (+4) and
    then pushes its own last crate into the sea (-1): 3 points each, and the game is over.
    "In the case of ties for points, whoever has the most crates wins": red."""
    s = table(
        {
            "e3": "red burly",
            "e2": "red crate",
            "g8": "red crate",
            "c6": "blue burly",
            "c5": "red crate",
            "c4": "red 4 dockhands",
            "c3": "red crate",
            "h7": "blue mule",
            "i7": "blue crate",
        }
    )
    s.apply_text("move burly south")
    s.apply_text("done")
    s.apply_text("move burly south")
    assert points(s) == [3, 4] and s.outcome() is None
    s.apply_text("move mule east")
    result = s.outcome()
    assert result is not None and result.scores == {"p1": 3.0, "p2": 3.0}
    assert result.winners == ("p1",) and result.details["crates"] == {"p1": 1, "p2": 0}


def test_the_fast_game_discards_squished_and_drowned_workers(tmp_path: Path) -> None:
    folder = tmp_path / "fast"
    folder.mkdir()
    layout = {
        "$schema": "urn:dockyard:cargo:layout",
        "ships": ["red", "blue"],
        "squares": {
            "c5": "red burly",
            "d5": "red crate",
            "e5": "blue dockhand",
            "f5": "blue crate",
            "h5": "red mule",
        },
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    s = Session("cargo", content=[folder], variants=["fast"])
    out = q(s, "out.p2")  # the workers the layout leaves out, and no more
    s.apply_text("move burly east")
    assert q(s, "out.p2") == out + 1 and q(s, "doctor.p2") == 0 and points(s) == [1, 0]


def test_the_example_scripts_run_with_every_expectation_met() -> None:
    from importlib.resources import as_file, files

    from dockyard.cli import main

    with as_file(files("dockyard.content") / "cargo" / "examples") as path:
        scripts = sorted(path.glob("*.dys"))
        assert scripts
        for script in scripts:
            assert main(["run", str(script)]) == 0, script.name


def test_a_long_legal_list_is_grouped_by_worker_and_filtered_by_one(dockyard, tmp_path) -> None:
    """`legal` in the REPL: one line per worker (`p1: move mule: 9  e.g. ...`), and `legal
    move mule` lists that worker's moves in full."""
    folder = tmp_path / "table"
    folder.mkdir()
    squares = {
        "c5": "red mule",
        "d5": "red crate",
        "f5": "red burly",
        "c7": "red 2 dockhands",
        "h8": "blue crate",
        "e3": "red elephant",
    }
    layout = {"$schema": "urn:dockyard:cargo:layout", "ships": ["red", "blue"], "squares": squares}
    (folder / "layout.json").write_text(json.dumps(layout))
    s = Session("cargo", content=[folder])
    mule = [s.format(a) for a in s.legal_actions() if a.args[:1] == ("mule",)]
    _, out, err = dockyard("play", "cargo", "--content", str(folder), stdin="legal\n")
    lines = [ln for ln in out.splitlines() if ln.startswith("p1: move")]
    assert f"p1: move mule: {len(mule)}  e.g. {mule[0]}  (legal move mule ...)" in lines, out
    assert any(ln.startswith("p1: move 2 dockhands c7") for ln in lines), lines
    assert any(ln.startswith("p1: move elephant: ") for ln in lines), lines
    _, out, _ = dockyard("play", "cargo", "--content", str(folder), stdin="legal move mule\n")
    assert [ln for ln in out.splitlines() if ln.startswith("p1: move")] == mule


@pytest.mark.parametrize(
    "squares,where,message",
    [
        ({"a1": "red mule"}, "$.squares.a1", "a1 is water"),
        ({"e1": "red crate"}, "$.squares.e1", "a crate rests only on the dock"),
        ({"c5": "red mule", "c6": "red mule"}, "$.squares.c6", "red has 1 mule, not 2"),
        ({"c5": ["red mule", "blue dockhand"]}, "$.squares.c5", "only Dockhands share"),
        ({"c5": "red wizard"}, "$.squares.c5", "no worker called wizard"),
        ({"c5": "green mule"}, "$.squares.c5", "green is not among the layout's ships"),
    ],
)
def test_a_broken_layout_is_reported_by_file_and_json_path(
    dockyard, tmp_path, squares, where, message
) -> None:
    folder = tmp_path / "broken"
    folder.mkdir()
    layout = {"$schema": "urn:dockyard:cargo:layout", "ships": ["red", "blue"], "squares": squares}
    (folder / "layout.json").write_text(json.dumps(layout))
    code, out, err = dockyard("validate", str(folder))
    assert code != 0 and "Traceback" not in err
    assert re.search(rf"layout.json:\d+:\d+: {re.escape(where)}: ", err + out), err + out
    assert message in err + out, err + out


def test_a_layout_for_another_number_of_players_says_so(dockyard, tmp_path) -> None:
    folder = tmp_path / "three"
    folder.mkdir()
    layout = {
        "$schema": "urn:dockyard:cargo:layout",
        "ships": ["red", "blue", "green"],
        "squares": {"c5": "red crate", "d5": "blue crate", "e5": "green crate"},
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    code, out, err = dockyard("play", "cargo", "--content", str(folder), stdin="quit\n")
    assert code != 0 and "the layout in the content is for 3 players, not 2" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "line,column,expected",
    [
        ("move mule northeast", 11, "a direction"),  # not `north east`
        ("move 12 dockhands c4 east", 7, "a worker"),
        ("move mule", 10, "a direction"),
        ("place mule c4 c5", 15, "end of line"),
    ],
)
def test_a_malformed_line_is_refused_where_it_goes_wrong(line, column, expected) -> None:
    from dockyard.language import ParseError

    s = Session("cargo", seed=3)
    before = s.view()
    with pytest.raises(ParseError) as caught:
        s.parse(line)
    assert caught.value.col == column and expected in str(caught.value)
    assert s.view() == before and s.log == []
