"""Pictures: `dockyard render`, `dockyard replay` and `show --svg`, for every game and variant.

A picture is well-formed SVG, holds every component id its viewer's view holds, and none that
only another player may see; the commands take saves and scripts, and bad input gets one clear
line. (tests/test_pictures_browser.py opens them in headless Chromium.)"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from conftest import game_and_variants, random_session
from dockyard import Session

WORD = re.compile(r"[A-Za-z0-9_]+")


def played(game: str, variants: tuple[str, ...], seed: int, steps: int | None = None) -> Session:
    return random_session(game, seed, steps, variants=variants)


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def actions_in(script: Path) -> list[str]:
    return [ln for ln in script.read_text().splitlines() if re.match(r"[a-z0-9]+: ", ln)]


def words_of(svg_text: str) -> set[str]:
    """Every word written in the picture: its text and its tooltips."""
    root = ET.fromstring(svg_text)
    found: set[str] = set()
    for element in root.iter():
        found.update(WORD.findall(element.text or ""))
        found.update(WORD.findall(element.tail or ""))  # after a <tspan>, in its <text>
    return found


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in (strings_in(k) | strings_in(v))}
    if isinstance(value, list | tuple):
        return {s for v in value for s in strings_in(v)}
    return set()


def view_ids(session: Session, player: str | None) -> set[str]:
    """The component ids (tiles, cards, trucks) that `player`'s view holds."""
    ids = set(session.game.component_ids(session.state))
    held = set()
    for text in strings_in(session.view(player)):
        held.update(w for w in WORD.findall(text) if w in ids)
        # Curious Cargo stacks name tile halves: "tile:t31A:east"
        held.update(w[:-1] for w in WORD.findall(text) if w[:-1] in ids and w[-1] in "AB")
    return held


@pytest.mark.parametrize("game,variants", game_and_variants(), ids=lambda v: str(v))
def test_every_picture_is_svg_with_every_id_its_viewer_may_see_and_no_other(
    game: str, variants: tuple[str, ...]
) -> None:
    for seed in (1, 2):
        whole = played(game, variants, seed)
        for steps in sorted({0, len(whole.log) // 3, len(whole.log) // 2, len(whole.log)}):
            session = played(game, variants, seed, steps)
            seen_by = {p: view_ids(session, p) for p in (None, *session.players)}
            everything = set().union(*seen_by.values())
            for player in (None, *session.players):
                svg = session.picture(player)
                assert svg is not None, f"{game} draws no picture"
                text = svg.to_string()
                root = ET.fromstring(text)
                assert local(root.tag) == "svg"
                shapes = [
                    e for e in root.iter() if local(e.tag) in ("rect", "line", "circle", "polygon")
                ]
                assert len(shapes) >= 9
                written = words_of(text)
                missing = seen_by[player] - written
                assert not missing, f"{player or 'spectator'} at {steps}: {sorted(missing)[:5]}"
                hidden = (everything - seen_by[player]) & written
                assert not hidden, f"{player or 'spectator'} sees hidden {sorted(hidden)[:5]}"


def test_a_hand_is_drawn_for_its_owner_only() -> None:
    """Truck cards dealt at setup and held in hand: drawn for their owner, hidden (as a
    count of face-down cards) from the other player and from spectators."""
    session = played("curious-cargo", (), 5, 0)
    for player in session.players:
        mine = session.view(player)["players"][session.players.index(player)]
        held = [*mine["hand"], *mine["trucks"], *mine["draft"]]
        assert held
        others = [p for p in (None, *session.players) if p != player]
        assert set(held) <= words_of(session.picture(player).to_string())
        for other in others:
            assert not set(held) & words_of(session.picture(other).to_string())


def test_colors_are_told_by_letters_too() -> None:
    """Every good on a truck and every shipped good is drawn with its color's letter."""
    for seed in range(1, 40):
        session = played("curious-cargo", (), seed)
        view = session.view(None)
        shipped = sum(n for p in view["players"] for n in p["shipped"].values())
        if shipped:
            break
    assert shipped > 0
    text = session.picture(None).to_string()
    root = ET.fromstring(text)
    letters = [e.text for e in root.iter() if local(e.tag) == "text" and e.text in ("R", "B")]
    assert len(letters) >= shipped
    assert "Legend" in words_of(text)


# ---- the commands ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A Curious Cargo game as a script (from `simulate --record`) and as a save."""
    from dockyard.cli import main

    folder = tmp_path_factory.mktemp("games")
    assert (
        main(
            [
                "simulate",
                "curious-cargo",
                "--games",
                "1",
                "--seed",
                "3",
                "--record",
                str(folder / "cc"),
                "--workers",
                "1",
            ]
        )
        == 0
    )
    script = next((folder / "cc").glob("*.dys"))
    session = played("curious-cargo", (), 4, 80)
    save = folder / "cc.toml"
    session.save(save)
    return {"script": script, "save": save}


def test_render_a_script_and_a_save(dockyard, recorded, tmp_path: Path) -> None:
    out = tmp_path / "end.svg"
    code, stdout, err = dockyard("render", str(recorded["script"]), "-o", str(out))
    assert code == 0, err
    assert stdout.strip() == f"wrote {out}"
    end = out.read_text()
    assert "game over" in end
    code, _, err = dockyard(
        "render",
        str(recorded["script"]),
        "--at",
        "20",
        "--as",
        "p1",
        "-o",
        str(tmp_path / "at20.svg"),
    )
    assert code == 0, err
    early = (tmp_path / "at20.svg").read_text()
    assert "game over" not in early and early != end
    # the picture after 20 actions is the one a session that played those 20 draws
    lines = actions_in(recorded["script"])[:20]
    session = Session("curious-cargo", seed=3)
    for line in lines:
        session.apply_text(line)
    assert session.picture("p1").to_string() + "\n" == early
    code, _, err = dockyard("render", str(recorded["save"]), "-o", str(tmp_path / "save.svg"))
    assert code == 0, err
    assert (tmp_path / "save.svg").read_text() == played("curious-cargo", (), 4, 80).picture(
        None
    ).to_string() + "\n"


@pytest.mark.parametrize(
    "args,message",
    [
        (["--at", "9999"], "--at 9999: the game has"),
        (["--at", "-1"], "--at -1: the game has"),
        (["--as", "zed"], "--as zed: no such player"),
    ],
)
def test_render_refuses_bad_options_in_one_line(dockyard, recorded, tmp_path, args, message):
    out = tmp_path / "x.svg"
    code, stdout, err = dockyard("render", str(recorded["script"]), *args, "-o", str(out))
    assert code == 1
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_render_refuses_bad_files_in_one_line(dockyard, recorded, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.toml"
    text = recorded["save"].read_text()
    damaged.write_text(re.sub(r'"p1: place [^"]*"', '"p1: place t99 z9 up"', text, count=1))
    broken = tmp_path / "broken.dys"
    broken.write_text("game curious-cargo\nseed 1\np1: keep nothing-such\n")
    for path, words in (
        (tmp_path / "missing.dys", "no such"),
        (damaged, "damaged.toml"),
        (broken, "broken.dys:3"),
    ):
        code, _, err = dockyard("render", str(path), "-o", str(tmp_path / "x.svg"))
        assert code == 1, path
        assert words in err and "Traceback" not in err, err
    code, _, err = dockyard("render", str(recorded["script"]), "-o", str(tmp_path / "no" / "x.svg"))
    assert code == 1 and "no folder" in err


def test_replay_is_one_self_contained_file_with_a_frame_per_step(dockyard, recorded, tmp_path):
    out = tmp_path / "game.html"
    code, _, err = dockyard("replay", str(recorded["script"]), "--as", "p2", "-o", str(out))
    assert code == 0, err
    page = out.read_text()
    assert not re.search(r'(src|href)="https?://', page)
    assert "<script src" not in page and "<link" not in page
    data = json.loads(
        re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
        .group(1)
        .replace("<\\/", "</")
    )
    actions = actions_in(recorded["script"])
    assert len(data["frames"]) == len(actions) + 1
    assert page.count('<li data-step="') == len(actions) + 1
    # each frame rebuilds the picture of that step exactly
    session = Session("curious-cargo", seed=3)
    for step in (0, 7):
        while len(session.log) < step:
            session.apply_text(actions[len(session.log)])
        svg = session.picture("p2")
        frame = data["frames"][step]
        rebuilt = data["heads"][frame[0]] + "".join(data["chunks"][i] for i in frame[1:]) + "</svg>"
        assert rebuilt == svg.to_string()
    assert "Points after each action" in page


def test_a_game_without_pictures_says_so(dockyard, install, tmp_path: Path) -> None:
    from dockyard.plugins.tictactoe import TicTacToe

    class Blind(TicTacToe):  # a game that draws no pictures (the base class's answer)
        name = "blind"

        def picture(self, state: Any, viewer: int | None) -> Any:
            return None

    install(games=[Blind()])
    script = tmp_path / "blind.dys"
    script.write_text("game blind\nx: mark b2\n")
    for command in ("render", "replay"):
        code, _, err = dockyard(command, str(script), "-o", str(tmp_path / "out"))
        assert code == 1 and "blind draws no pictures yet" in err, err
        assert not (tmp_path / "out").exists()


# ---- show --svg in the REPL -------------------------------------------------------------------


def test_show_svg_writes_the_table_as_the_player_sees_it(dockyard, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = "show --svg table.svg\nshow --svg p2.svg p2\nquit\n"
    code, out, err = dockyard("play", "curious-cargo", "--seed", "2", stdin=lines)
    assert code == 0, err
    assert "wrote table.svg" in out and "wrote p2.svg (the table as p2 sees it)" in out
    session = Session("curious-cargo", seed=2)
    assert (tmp_path / "p2.svg").read_text() == session.picture("p2").to_string() + "\n"
    ET.parse(tmp_path / "table.svg")


def test_show_svg_replaces_a_picture_but_no_other_file(dockyard, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (tmp_path / "notes.txt").write_text("mine")
    lines = "show --svg old.svg\nshow --svg notes.txt\nshow --svg x.svg nobody\n"
    code, out, err = dockyard("play", "tictactoe", stdin=lines)
    assert code == 1
    assert "wrote old.svg" in out
    assert "notes.txt exists and is not an SVG picture" in err
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert "no player called 'nobody'" in err
    assert not (tmp_path / "x.svg").exists()


def test_a_script_may_draw_only_under_its_folder(dockyard, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "s.dys"
    script.write_text("game tictactoe\nx: mark b2\nshow --svg ../outside.svg\n")
    code, _, err = dockyard("run", str(script))
    assert code == 1 and "may write only under the current folder" in err
    assert not (tmp_path.parent / "outside.svg").exists()
    script.write_text("game tictactoe\nx: mark b2\nshow --svg inside.svg\n")
    code, _, err = dockyard("run", str(script))
    assert code == 0, err
    assert ">X<" in (tmp_path / "inside.svg").read_text()


def test_show_svg_in_a_real_terminal(tmp_path: Path) -> None:
    """As a person types it: the REPL in a pseudo-terminal writes the picture and goes on."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "TERM": "xterm-256color", "DOCKYARD_HISTORY": str(tmp_path / "h")}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dockyard", "play", "tictactoe", "--as", "x"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 160),
    )
    child.expect(r"tictactoe[^\n>]*>")
    child.sendline("mark b2")
    child.expect(r"tictactoe[^\n>]*>")
    child.sendline("show --svg board.svg")
    child.expect("wrote board.svg")
    child.expect(r"tictactoe[^\n>]*>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    root = ET.parse(tmp_path / "board.svg").getroot()
    marks = [e.text for e in root.iter() if local(e.tag) == "text" and e.text in ("X", "O")]
    assert marks == ["X"]


def test_rendering_a_script_writes_only_where_dockyard_run_would(dockyard, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "s.dys"
    script.write_text("game tictactoe\nx: mark b2\nsave ../escape.toml\n")
    code, _, err = dockyard("render", str(script), "-o", "x.svg")
    assert code == 1 and "may write only under the current folder" in err
    assert not (tmp_path.parent / "escape.toml").exists() and not (tmp_path / "x.svg").exists()
