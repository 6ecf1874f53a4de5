"""Tom Jolly's Cargo: rule tests quoting the rulebook (cargo-tom-jolly-rulebook.txt), one for
each rule of pushing, scoring and set-up that the mutation testing (.mutation/cargo.toml) found
no test for. What a player sees is pinned too: the events the table announces.

Positions are layouts (content/cargo/schemas/layout.schema.json) in a content folder of their
own, as tests/test_cargo_rules.py builds them; the dock is drawn in content/cargo/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from dockyard import IllegalAction, Session
from test_cargo_rules import at, points, q  # the rule tests' own helpers


@pytest.fixture
def table(tmp_path: Path):
    made = iter(range(100))

    def lay(squares: dict[str, Any], ships=("red", "blue"), variants=(), **more: Any) -> Session:
        folder = tmp_path / f"position{next(made)}"
        folder.mkdir()
        layout = {"$schema": "urn:dockyard:cargo:layout", "ships": list(ships), "squares": squares}
        (folder / "layout.json").write_text(json.dumps({**layout, **more}))
        return Session("cargo", players=len(ships), content=[folder], variants=list(variants))

    return lay


def said(events: list[Any], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


# ---- SCORING SUMMARY ------------------------------------------------------------------------


def test_squishing_one_dockhand_or_four_says_whose_and_the_points(table) -> None:
    """ "If you squish an opponent's Dockhand, he goes off to the Doctor, and you get 1 point";
    "It is possible for a stack of Dockhands to be squished between 2 crates by the action of a
    single other Dockhand pushing on a crate"."""
    one = table({"c5": "red burly", "d5": "red crate", "e5": "blue dockhand", "f5": "blue crate"})
    events = one.apply_text("move burly east")
    assert said(events, "squish") == ["p1 squishes p2's dockhand, to the Doctor (+1)"]
    four = table(
        {"c5": "red dockhand", "d5": "red crate", "e5": "blue 4 dockhands", "f5": "blue crate"}
    )
    events = four.apply_text("move dockhand c5 east")
    assert said(events, "squish") == ["p1 squishes 4 of p2's dockhands, to the Doctor (+4)"]
    own = table(
        {"c5": "red dockhand", "d5": "red crate", "e5": "red 3 dockhands", "f5": "blue crate"}
    )
    events = own.apply_text("move dockhand c5 east")
    # "If you squish your own Dockhand (accidents happen), you lose 1 point."
    assert said(events, "squish") == ["p1 squishes 3 of p1's dockhands, to the Doctor (-3)"]
    assert points(own) == [-3, 0]
    two = table({"c5": "red burly", "d5": "red crate", "e5": "blue 2 dockhands", "f5": "red crate"})
    events = two.apply_text("move burly east")
    assert said(events, "squish") == ["p1 squishes 2 of p2's dockhands, to the Doctor (+2)"]


def test_a_worker_pushed_into_the_water_is_rescued_or_in_the_fast_game_discarded(
    table,
) -> None:
    """ "If you push a Dockhand, or a Burly Worker, or a Mule into the water, then they reappear
    at the beginning of the owning player's turn in his loading area ... No points are
    scored." "For a faster four player game, do not return pieces to play after they are
    squished or pushed into the water. Discard them from the game." """
    squares = {"g5": "red burly", "h5": "red crate", "i5": "blue mule", "c3": "blue crate"}
    events = table(squares).apply_text("move burly east")
    assert said(events, "water") == [
        "p2's mule falls into the water and is rescued at their next turn"
    ]
    fast = table(squares, variants=["fast"])
    events = fast.apply_text("move burly east")
    assert said(events, "water") == ["p2's mule falls into the water and is out of the game"]
    fast = table(
        {"c5": "red burly", "d5": "red crate", "e5": "blue dockhand", "f5": "blue crate"},
        variants=["fast"],
    )
    events = fast.apply_text("move burly east")
    assert said(events, "squish") == ["p1 squishes p2's dockhand, out of the game (+1)"]


# ---- SETUP ----------------------------------------------------------------------------------

CORNERS = ("b2", "i2", "b9", "i9")


def set_up(players: int, seed: int) -> tuple[Session, list[list[Any]]]:
    """The rulebook's set-up, each choice the first one offered; the events of each action."""
    s = Session("cargo", players=players, seed=seed)
    said_by_action = []
    while q(s, "phase") != "play":
        said_by_action.append(s.apply(s.legal_actions()[0]))
    return s, said_by_action


@pytest.mark.parametrize(("players", "each"), [(2, 10), (3, 7), (4, 5)])
def test_crates_by_player_count_on_dock_squares_but_the_corners(players: int, each: int) -> None:
    """ "For 4 players, use 5 crates each. For 3 players, use 7 crates each, and for 2 players
    use 10 crates each." "The four corner spaces of the dock may not have crates placed upon
    them." """
    for seed in range(4):
        s, _ = set_up(players, seed)
        names = [f"{col}{row}" for col in "abcdefghij" for row in range(1, 11)]
        crates = {sq: q(s, f"crate.{sq}") for sq in names if q(s, f"crate.{sq}")}
        assert not set(crates) & set(CORNERS)
        dock = {f"{col}{row}" for col in "bcdefghi" for row in range(2, 10)}
        assert set(crates) <= dock  # never on a loading space nor in the water
        ships = [q(s, f"ship.{p}") for p in s.players]
        assert sorted(crates.values()) == sorted(ship for ship in ships for _ in range(each))
        assert [q(s, f"crates.{p}") for p in s.players] == [each] * players


def test_ships_are_chosen_once_each_then_workers_placed_in_turn() -> None:
    """ "Each player then selects a ship as their own." "each player (starting with the first
    player) takes turns placing their dock-workers ... until all seven workers for each player
    are placed. Then the game may begin. ROLL AGAIN TO SEE WHO MOVES FIRST." """
    s = Session("cargo", players=3, seed=5)
    chooser = s.actors()[0]  # "players roll a die to see who selects and places ... first"
    s.apply_text(f"{chooser}: choose green")
    second = s.actors()[0]
    with pytest.raises(IllegalAction, match=f"{chooser} has already chosen the green ship"):
        s.apply_text(f"{second}: choose green")
    with pytest.raises(IllegalAction, match="there is no purple ship"):
        s.apply_text(f"{second}: choose purple")
    assert [a.args for a in s.legal_actions()] == [("red",), ("blue",), ("yellow",)]
    s.apply_text(f"{second}: choose red")
    s.apply(s.legal_actions()[0])
    assert q(s, "phase") == "workers"
    order = []
    while q(s, "phase") == "workers":
        order.append(s.actors()[0])
        events = s.apply(s.legal_actions()[0])
    seats = s.players
    start = seats.index(chooser)
    clockwise = [seats[(start + i) % 3] for i in range(3)]
    assert order == clockwise * 7
    rolled = [e for e in events if e.kind == "roll"]
    assert len(rolled) == 1 and rolled[0].text == f"{s.actors()[0]} wins the roll and moves first"


def test_the_set_up_rolls_are_of_a_six_sided_die() -> None:
    """ "players roll a die to see who selects and places their pieces first" (and the roll
    "AGAIN TO SEE WHO MOVES FIRST" is the same roll): every face of a die, one to six, and no
    other number."""
    faces: set[int] = set()
    for seed in range(40):
        for event in Session("cargo", players=4, seed=seed).events:
            if event.kind == "dice":
                faces.update(dict(event.data)["dice"].values())
    assert faces == {1, 2, 3, 4, 5, 6}


# ---- PLAYING: moving, pushing and pulling ---------------------------------------------------


def refused(s: Session, line: str, why: str) -> None:
    """The action is refused with exactly `why`, and nothing on the dock changes."""
    before = json.dumps(s.view(None), sort_keys=True)
    with pytest.raises(IllegalAction) as refusal:
        s.apply_text(line)
    assert str(refusal.value).endswith(why), str(refusal.value)
    assert json.dumps(s.view(None), sort_keys=True) == before


def test_what_may_pull_and_what_a_pull_needs(table) -> None:
    """ "Dockhands cannot "pull" boxes, only push." "The Burly worker cannot "pull" a box." A
    Mule "can move 1 box 2 spaces by pushing or pulling it"; "A "pulling" action is exactly like
    a pushing action in reverse"; "Workers cannot move into or through spaces occupied by other
    workers, except in the case of Dockhands." """
    s = table(
        {
            "c5": "red dockhand",
            "b5": "red crate",
            "c7": "red burly",
            "b7": "blue crate",
            "e5": "red mule",
            "f5": "blue burly",
            "e3": "red elephant",
            "h9": "blue crate",
        }
    )
    refused(s, "move dockhand c5 pull east", "a dockhand cannot pull")
    refused(s, "move burly pull east", "a burly cannot pull")
    refused(s, "move mule pull east", "f5 is taken by a burly")
    refused(s, "move mule pull west", "nothing to pull: no crate behind the mule on e5")
    refused(s, "move elephant pull north", "nothing to pull: no crate behind the elephant on e3")
    s.apply_text("move dockhand c5 east")  # a plain step east, leaving the crate on b5
    assert at(s, "d5") == "p1-dockhand" and at(s, "b5") == "crate-red"


def test_no_step_into_the_water_nor_onto_a_ship(table) -> None:
    """ "workers cannot use the boats themselves to move onto, nor can a player move their own
    worker into the water on their turn." """
    s = table({"b4": "red mule", "a5": "red burly", "b9": "red crate", "h9": "blue crate"})
    refused(s, "move mule west", "the mule cannot step into the water (a4)")
    refused(s, "move burly west", "the burly cannot step into the water (west of a5)")
    refused(s, "move mule south west", "the mule cannot step into the water (a3)")


def test_each_worker_pushes_as_many_crates_as_its_p(table) -> None:
    """Burly: "He can push 2 boxes 1 space if they are lined up in front of him, but he can't
    push 3 boxes." Elephant: "can push 2 boxes at once". Dockhands: "The number of Dockhands is
    equal to the number of boxes they can push." """
    s = table(
        {
            "b5": "red burly",
            "c5": "blue crate",
            "d5": "blue crate",
            "e5": "red crate",
            "b7": "red 2 dockhands",
            "c7": "blue crate",
            "d7": "blue crate",
            "e7": "red crate",
            "b3": "red elephant",
            "c3": "blue crate",
            "d3": "blue crate",
            "e3": "red crate",
        }
    )
    refused(s, "move burly east", "the burly can push 2 crates, not 3 crates")
    refused(s, "move 2 dockhands b7 east", "the 2 dockhands can push 2 crates, not 3 crates")
    refused(s, "move elephant east", "the elephant can push 2 crates, not 3 crates")
    refused(s, "move dockhand b7 east", "the dockhand can push 1 crate, not 3 crates")


def test_pushed_dockhands_move_on_over_dockhands_into_the_water(table) -> None:
    """ "If one or more dockhands are in the way of a box being pushed, they are also pushed
    into the next space if there is an open space available, or just another dockhand in that
    space." Off the dock's edge they fall into the water (j5: water with two players)."""
    s = table({"g5": "red burly", "h5": "red crate", "i5": "blue 2 dockhands", "c3": "blue crate"})
    events = s.apply_text("move burly east")
    assert q(s, "water.p2") == 2 and q(s, "doctor.p2") == 0 and points(s) == [0, 0]
    assert at(s, "i5") == "crate-red" and at(s, "h5") == "p1-burly"
    assert (
        said(events, "water")
        == ["p2's dockhand falls into the water and is rescued at their next turn"] * 2
    )
    t = table(
        {
            "c5": "red burly",
            "d5": "red crate",
            "e5": "blue dockhand",
            "f5": "red dockhand",
            "h9": "blue crate",
        }
    )
    t.apply_text("move burly east")
    assert q(t, "worker.f5") == "p1-dockhand+p2-dockhand" and q(t, "doctor.p2") == 0


def test_a_layouts_crates_are_all_the_crates_there_are(table) -> None:
    """A layout's crates are those of the game ("its crates are all the crates there are",
    content/cargo/README.md): the conservation check counts them as dealt, before and after
    crates leave the dock (into the sea, loaded, put aside)."""
    s = table(
        {
            "e3": "red burly",
            "e2": "red crate",
            "c7": "red mule",
            "b7": "blue crate",
            "g4": "blue crate",
            "h8": "red dockhand",
            "i8": "red crate",
            "b9": "red crate",
        }
    )
    assert s.game.invariants(s.state) == []
    assert s.game.token_counts(s.state)["crates"] == 5
    s.apply_text("move burly south")  # loaded: 3 points
    s.apply_text("move mule west")  # an opponent's into the sea: 1 point
    s.apply_text("move dockhand h8 east")  # its own into the sea: -1
    assert points(s) == [3, 0] and q(s, "front.p1") == 2 and q(s, "crates.p1") == 1
    assert s.game.invariants(s.state) == []
    assert s.game.token_counts(s.state)["crates"] == 5


def test_after_the_set_up_the_turns_rotate_round_after_round() -> None:
    """ "Then the game may begin. ROLL AGAIN TO SEE WHO MOVES FIRST. Turns rotate to the left
    (clockwise)." The set-up is played once: round 1 is the first round of turns, and after
    every player has had a turn round 2 starts with the same player, not another set-up."""
    s = Session("cargo", players=2, seed=1)
    counts = s.game.token_counts(s.state)
    assert counts == {"crates": 20, "workers": 14}  # "use 10 crates each", 7 workers each
    while q(s, "phase") != "play":
        assert s.game.token_counts(s.state) == counts  # crates in the box, then on the dock
        events = s.apply(s.legal_actions()[0])
    assert s.game.token_counts(s.state) == counts and s.game.invariants(s.state) == []
    first = s.actors()[0]
    assert said(events, "phase") == ["round 1: play phase"]
    s.apply_text("done")
    events = s.apply_text("done")
    assert said(events, "phase") == ["round 2: play phase"]
    assert q(s, "phase") == "play" and s.actors() == [first]


def test_a_dockhand_is_squished_against_a_burly_on_a_loading_space(table) -> None:
    """ "It is also possible for a dockhand to be squashed by being pressed in between a Mule
    and a Burly Worker"; "Opponent's pieces may also be on your own loading spaces with no
    effect": a Burly on blue's loading space a5 squishes a Dockhand pushed against it."""
    s = table(
        {
            "d5": "red mule",
            "c5": "red crate",
            "b5": "blue dockhand",
            "a5": "blue burly",
            "h9": "blue crate",
        }
    )
    s.apply_text("move mule west")
    assert q(s, "doctor.p2") == 1 and points(s) == [1, 0]
    assert at(s, "a5") == "p2-burly" and at(s, "b5") == "crate-red"


def test_a_worker_on_a_loading_space_is_pushed_onto_the_ship_by_a_crate(table) -> None:
    """ "It is possible for a dock worker to get pushed onto a ship, in which case he gets
    tossed in the water"; "Opponent's pieces may also be on your own loading spaces": the crate
    pushed onto red's loading space e1 is loaded (3 points), the blue Mule standing there goes
    into the water."""
    s = table({"e3": "red burly", "e2": "red crate", "e1": "blue mule", "b9": "red crate"})
    events = s.apply_text("move burly south")
    assert points(s) == [3, 0] and q(s, "water.p2") == 1 and at(s, "e1") is None
    assert said(events, "water") == [
        "p2's mule falls into the water and is rescued at their next turn"
    ]
