"""`dockyard render GAME`: the table at its set-up, drawn from a content folder without a script
(and the same picture as the REPL's `show --svg`); `--board` chooses a board the game's set-up
offers (`Game.setup_choices`); every mistake is one clear line, exit 1, and no file."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from dockyard import DockyardError, Session
from dockyard.game import Context, Setup

ROOT = Path(__file__).resolve().parents[1]
BOARDS = ROOT / "content" / "curious_cargo" / "boards"
SHAPES = ("rect", "path", "polygon", "circle", "line", "polyline", "use", "ellipse")


def board(number: int) -> dict:
    return json.loads((BOARDS / f"board{number}.json").read_text())


def drawn(path: Path) -> tuple[int, set[str]]:
    """(how many shapes, the cells titled as walls) of an SVG picture, read as XML."""
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    shapes = sum(1 for e in root.iter() if e.tag.split("}")[-1] in SHAPES)
    titles = [e.text or "" for e in root.iter() if e.tag.split("}")[-1] == "title"]
    walls = {m[1] for t in titles if (m := re.fullmatch(r"([a-z]\d+): wall", t))}
    return shapes, walls


def render(dockyard, *args: str) -> tuple[int, str, str]:
    return dockyard("render", "curious-cargo", "--seed", "1", *args)


@pytest.fixture
def walls(tmp_path: Path) -> Path:
    """A content layer: board 1 with two more walls."""
    layer = tmp_path / "walls"
    (layer / "boards").mkdir(parents=True)
    data = board(1)
    data["walls"] += ["b6", "g4"]
    (layer / "boards" / "board1.json").write_text(json.dumps(data, indent=2))
    return layer


def test_a_content_folder_is_drawn_at_set_up_with_its_board(dockyard, tmp_path, walls) -> None:
    default, layered = tmp_path / "default.svg", tmp_path / "setup.svg"
    code, out, err = render(dockyard, "-o", str(default))
    assert code == 0 and out.startswith(f"wrote {default}"), err
    code, _, err = render(dockyard, "--content", str(walls), "-o", str(layered))
    assert code == 0, err
    shapes, drawn_walls = drawn(layered)
    assert shapes >= 50
    assert drawn(default)[1] == set(board(1)["walls"])
    assert drawn_walls == set(board(1)["walls"]) | {"b6", "g4"}
    assert default.read_bytes() != layered.read_bytes()


def test_the_repl_s_show_svg_draws_the_same_picture(dockyard, tmp_path, walls) -> None:
    rendered, shown = tmp_path / "render.svg", tmp_path / "show.svg"
    code, _, err = render(dockyard, "--content", str(walls), "-o", str(rendered))
    assert code == 0, err
    code, out, err = dockyard(
        "play", "curious-cargo", "--seed", "1", "--content", str(walls),
        stdin=f"show --svg {shown}\n",
    )  # fmt: skip
    assert code == 0 and "wrote" in out, err
    assert shown.read_bytes() == rendered.read_bytes()


def test_board_4_by_number_or_name_is_drawn(dockyard, tmp_path: Path) -> None:
    default, four, named = (tmp_path / f"{n}.svg" for n in ("default", "four", "named"))
    assert render(dockyard, "-o", str(default))[0] == 0
    code, out, err = render(dockyard, "--board", "4", "-o", str(four))
    assert code == 0 and "board 4" in out, err
    name = board(4)["name"]  # by its name, in any case, hyphens for spaces
    code, _, err = render(dockyard, "--board", name.lower().replace(" ", "-"), "-o", str(named))
    assert code == 0, err
    assert drawn(four)[1] == set(board(4)["walls"]) != set(board(1)["walls"])
    assert four.read_bytes() == named.read_bytes() != default.read_bytes()


def test_a_board_a_layer_adds_can_be_chosen(dockyard, tmp_path: Path) -> None:
    layer = tmp_path / "mine"
    (layer / "boards").mkdir(parents=True)
    data = {**board(3), "id": 7, "name": "My Yard"}
    (layer / "boards" / "board7.json").write_text(json.dumps(data))
    out = tmp_path / "seven.svg"
    code, said, err = render(
        dockyard, "--content", str(layer), "--board", "My Yard", "-o", str(out)
    )
    assert code == 0 and "board 7" in said, err
    assert drawn(out)[1] == set(board(3)["walls"])
    code, _, err = render(dockyard, "--board", "7", "-o", str(tmp_path / "x.svg"))
    assert code == 1 and "no board called '7'" in err  # not without the layer


def test_the_option_is_the_game_s_and_overrides_a_variant_s(tmp_path: Path) -> None:
    """`--board` is the game's declared set-up choice "board", set over the variants' options
    (first-game says board 1); a game that declares none offers no choices."""
    session = Session("curious-cargo", variants=["first-game"])
    choices = session.game.setup_choices(session.content)
    assert set(choices) == {"board"}
    assert {choices["board"][str(n)] for n in range(1, 7)} == set(range(1, 7))
    assert choices["board"][board(5)["name"]] == 5
    assert Session("tictactoe").game.setup_choices(Session("tictactoe").content) == {}


def test_curious_cargo_refuses_an_option_naming_a_board_it_lacks() -> None:
    session = Session("curious-cargo")
    game = session.game
    setup = Setup(session.players, 0, session.content, (), session.hook, {"board": 9})
    with pytest.raises(DockyardError, match="there is no board 9"):
        game.setup(setup, Context(game, session.hook))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "9"], "--board 9: Curious Cargo has no board called '9'"),
        (["--board", "cold storag"], "did you mean Cold Storage?"),
        (["--at", "3"], "--at 3: a game is drawn at its set-up"),
        (["--as", "zed"], "--as zed: no such player"),
        (["--players", "3"], "curious-cargo is for 2 players, not 3"),
        (["--variant", "nope"], "has no variant 'nope'"),
        (["--content", "no-such-folder"], "no-such-folder: $: no such content folder"),
    ],
)
def test_bad_options_are_one_line_and_no_file(dockyard, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = render(dockyard, *args, "-o", "x.svg")
    assert code == 1 and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "x.svg").exists()


def test_a_game_without_boards_to_choose_refuses_board(dockyard, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    code, _, err = dockyard("render", "tictactoe", "--board", "2", "-o", str(out))
    assert code == 1 and err.strip() == (
        "dockyard: error: --board 2: Tic-tac-toe's set-up offers no choice of board (no --board)"
    )
    assert not out.exists()
    assert dockyard("render", "tictactoe", "-o", str(out))[0] == 0  # its set-up is drawn


def test_a_broken_content_folder_is_named_by_file_and_line(dockyard, tmp_path: Path) -> None:
    layer = tmp_path / "broken"
    (layer / "boards").mkdir(parents=True)
    text = json.dumps(board(1), indent=2).replace('"rows": 10', '"rows": "10"')
    (layer / "boards" / "board1.json").write_text(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"rows"' in t)
    code, _, err = render(dockyard, "--content", str(layer), "-o", str(tmp_path / "x.svg"))
    assert code == 1 and re.search(rf"board1\.json:{line}:\d+: .*rows", err), err
    assert "Traceback" not in err and not (tmp_path / "x.svg").exists()


def test_unwritable_output_and_wrong_names_are_refused(dockyard, tmp_path: Path) -> None:
    code, _, err = render(dockyard, "-o", str(tmp_path / "no" / "x.svg"))
    assert code == 1 and "no folder" in err
    (tmp_path / "x.svg").write_text("keep")
    code, _, err = render(dockyard, "-o", str(tmp_path / "x.svg"))
    assert code == 1 and "already exists (--force replaces it)" in err
    assert (tmp_path / "x.svg").read_text() == "keep"
    code, _, err = dockyard("render", "curious-carg", "-o", str(tmp_path / "y.svg"))
    assert code == 1 and "did you mean curious-cargo?" in err
    script = ROOT / "content" / "curious_cargo" / "examples" / "full-game.dys"
    code, _, err = dockyard("render", str(script), "--board", "2", "-o", str(tmp_path / "z.svg"))
    assert code == 1 and "--board: for drawing a game at its set-up" in err
    assert dockyard("render", "curious-cargo", "--seed", "x", "-o", "y.svg")[0] == 2  # argparse


def test_a_name_is_a_file_when_it_is_one_and_a_game_beside_a_folder(
    dockyard, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tictactoe").mkdir()  # a folder named as the game: the game is drawn
    code, out, err = dockyard("render", "tictactoe", "-o", "game.svg")
    assert code == 0 and "Tic-tac-toe at its set-up" in out, err
    (tmp_path / "mine").mkdir()  # a folder that is no game: said so, as a file would be
    code, _, err = dockyard("render", "mine", "-o", "x.svg")
    assert code == 1 and "mine: is a folder" in err and "Traceback" not in err, err
    (tmp_path / "curious-cargo").write_text("not a save\n")  # a file named as a game: the file
    code, _, err = dockyard("render", "curious-cargo", "-o", "y.svg")
    assert code == 1 and "curious-cargo:1" in err and not (tmp_path / "y.svg").exists(), err
