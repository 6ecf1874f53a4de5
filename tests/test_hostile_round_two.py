"""Hostile input, round two (issue 40, part 2): patches that nest past the limit, name an
operation with a list or hold a lone surrogate; content read from the folder meant (not from a
cache keyed by its name); saves made after a chdir; `dockyard new game` names; and the small
ones (a bad tic-tac-toe cell in `expect`, REPL `load`/`save` file names, a closed pipe, absurd
mcts budgets, 150,000 unknown keys)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from dockyard import DockyardError, Session
from dockyard.loader import ContentError

pytestmark = pytest.mark.timeout(120)


# ---- patches ----------------------------------------------------------------------------------

BOMB = [{"op": "add", "path": "/zz", "value": {"k": {}}}] + [
    {"op": "copy", "from": "/zz", "path": "/zz" + "/k/k" * (i + 1)} for i in range(23)
]


def patch_folder(tmp_path: Path, ops: object, raw: str | None = None) -> Path:
    folder = tmp_path / "layer"
    folder.mkdir()
    text = raw if raw is not None else json.dumps(ops)
    (folder / "shipping_board.patch.json").write_text(text)
    return folder


HOSTILE_PATCHES = {
    "copies nesting past the limit": (
        BOMB,
        None,
        r"\$\[\d+\]: the copy would nest the document deeper than 64 levels",
    ),
    "an op that is a list": (
        [{"op": ["add"], "path": "/x", "value": 1}],
        None,
        r"\$\[0\]\.op: op must be one of add, remove",
    ),
    "an op that is an object": (
        [{"op": {"add": 1}, "path": "/x", "value": 1}],
        None,
        r"\$\[0\]\.op: op must be one of",
    ),
    "a lone surrogate in a path": (
        None,
        '[{"op": "add", "path": "/\\ud800", "value": 1}]',
        r"\$\[0\]\.path: a lone surrogate \(\\ud800\) is not a character",
    ),
    "a lone low surrogate in a value": (
        None,
        '[{"op": "add", "path": "/x", "value": ["ok", "\\udc00"]}]',
        r"\$\[0\]\.value\[1\]: a lone surrogate \(\\udc00\)",
    ),
    "a path of numbers as an index of 5,000 digits": (
        [{"op": "add", "path": "/sides/two-color/shipping/values/" + "1" * 5000, "value": 1}],
        None,
        r"\$\[0\]\.path: cannot add: a list index of 5000 digits is out of range",
    ),
    "a path as a number": (
        [{"op": "add", "path": 5, "value": 1}],
        None,
        r"\$\[0\]\.path: an add operation needs 'path': a JSON Pointer",
    ),
    "a from as a list": (
        [{"op": "copy", "path": "/x", "from": ["a"]}],
        None,
        r"\$\[0\]\.from: a copy operation needs 'from'",
    ),
    "copying the place after a list's end": (
        [{"op": "copy", "from": "/sides/two-color/shipping/values/-", "path": "/x"}],
        None,
        r"\$\[0\]\.from: cannot copy: '-' is the place after a list's last item",
    ),
    "a path 100 levels long": (
        [{"op": "add", "path": "/a" * 100, "value": 1}],
        None,
        r"\$\[0\]: the add would nest the document deeper than 64 levels",
    ),
    "a move nesting past the limit": (
        [
            {"op": "add", "path": "/zz", "value": json.loads('{"k":' * 60 + "1" + "}" * 60)},
            {"op": "add", "path": "/yy", "value": {"k": {"k": {"k": {}}}}},
            {"op": "move", "from": "/zz", "path": "/yy/k/k/k/q"},
        ],
        None,
        r"\$\[2\]: the move would nest the document deeper than 64 levels",
    ),
}


@pytest.mark.parametrize("case", HOSTILE_PATCHES, ids=list(HOSTILE_PATCHES))
def test_a_hostile_patch_is_a_located_content_error_in_python(tmp_path: Path, case: str) -> None:
    ops, raw, wanted = HOSTILE_PATCHES[case]
    folder = patch_folder(tmp_path, ops, raw)
    with pytest.raises(ContentError, match=r"shipping_board\.patch\.json:\d+:\d+: " + wanted):
        Session("curious-cargo", content=[folder])
    assert issubclass(ContentError, DockyardError)


@pytest.mark.parametrize("case", ["copies nesting past the limit", "an op that is a list"])
def test_a_patch_within_the_limits_still_applies(tmp_path: Path, case: str) -> None:
    """The limits refuse only what passes them: 20 levels of copies and a string op apply."""
    ops = BOMB[:4] if case.startswith("copies") else [{"op": "add", "path": "/x", "value": 1}]
    folder = patch_folder(tmp_path, ops)
    with pytest.raises(ContentError) as caught:  # the schema refuses the new field, no more
        Session("curious-cargo", content=[folder])
    assert "unknown field" in str(caught.value) and "nest" not in str(caught.value)


def run(*argv: str, cwd: Path, stdin: str | None = None, timeout: int = 60) -> Any:
    return subprocess.run(
        [sys.executable, "-m", "dockyard", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        timeout=timeout,
    )


@pytest.mark.parametrize(
    "case", ["copies nesting past the limit", "an op that is a list", "a lone surrogate in a path"]
)
def test_a_hostile_patch_exits_1_from_play_and_validate(tmp_path: Path, case: str) -> None:
    ops, raw, wanted = HOSTILE_PATCHES[case]
    patch_folder(tmp_path, ops, raw)
    for argv in (["play", "curious-cargo", "--content", "layer"], ["validate", "layer"]):
        done = run(*argv, cwd=tmp_path)
        assert done.returncode == 1, (argv, done.stdout, done.stderr)
        said = done.stdout + done.stderr
        assert "Traceback" not in said and "internal error" not in said
        assert "layer/shipping_board.patch.json:" in said


# ---- the content cache -------------------------------------------------------------------------


def test_two_folders_of_one_name_in_two_working_folders_are_two_contents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same name, same sizes, same times, hands swapped: each session gets its own folder's."""
    texts = {
        "ka": '{"$schema": "urn:dockyard:import_export:layout", '
        '"players": [{"hand": ["laptops"]}, {"hand": ["teslas"]}]}',
        "kc": '{"$schema": "urn:dockyard:import_export:layout", '
        '"players": [{"hand": ["teslas"]}, {"hand": ["laptops"]}]}',
    }
    for name, text in texts.items():
        (tmp_path / name / "lay").mkdir(parents=True)
        (tmp_path / name / "lay" / "layout.json").write_text(text)
        os.utime(tmp_path / name / "lay" / "layout.json", (1_700_000_000, 1_700_000_000))
    hands = []
    for name in texts:
        monkeypatch.chdir(tmp_path / name)
        s = Session("import-export", players=2, seed=1, content=["lay"])
        hands.append(s.render("p1"))
    assert hands[0] != hands[1]


def test_a_file_rewritten_with_its_size_and_time_kept_is_read_again(tmp_path: Path) -> None:
    layer = tmp_path / "board"
    layer.mkdir()
    board = layer / "board.json"
    board.write_text('{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}')
    os.utime(board, (1_700_000_000, 1_700_000_000))
    assert Session("tictactoe", content=[layer]).state.board.size == 4
    board.write_text('{"$schema": "urn:dockyard:tictactoe:board", "size": 5, "win": 3}')
    os.utime(board, (1_700_000_000, 1_700_000_000))
    assert Session("tictactoe", content=[layer]).state.board.size == 5


# ---- saves name their content folders so that they resolve from anywhere ----------------------

BOARD4 = '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'


def test_a_save_made_after_a_chdir_names_the_folder_it_was_played_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sa" / "lay").mkdir(parents=True)
    (tmp_path / "sa" / "lay" / "board.json").write_text(BOARD4)
    (tmp_path / "sb").mkdir()
    monkeypatch.chdir(tmp_path / "sa")
    s = Session("tictactoe", seed=1, content=["lay"])
    s.apply_text("x: mark d4")
    monkeypatch.chdir(tmp_path / "sb")
    s.save("g.toml")
    monkeypatch.chdir(tmp_path)  # from anywhere
    loaded = Session.load(tmp_path / "sb" / "g.toml")
    assert loaded.state.board.size == 4 and loaded.log == s.log


def test_render_and_replay_read_the_folders_a_save_names(tmp_path: Path) -> None:
    (tmp_path / "sa" / "lay").mkdir(parents=True)
    (tmp_path / "sa" / "lay" / "board.json").write_text(BOARD4)
    (tmp_path / "sb").mkdir()
    s = Session("tictactoe", seed=1, content=[tmp_path / "sa" / "lay"])
    s.apply_text("x: mark d4")
    s.save(tmp_path / "sb" / "g.toml")
    done = run("replay", "g.toml", "-o", "r.html", cwd=tmp_path / "sb")
    assert done.returncode == 0, done.stderr
    done = run("render", "g.toml", "-o", "r.svg", cwd=tmp_path / "sb")
    assert done.returncode == 0, done.stderr
    assert "d4" in (tmp_path / "sb" / "r.html").read_text()
    (tmp_path / "sa" / "lay").rename(tmp_path / "sa" / "gone")
    done = run("render", "g.toml", "-o", "r2.svg", cwd=tmp_path / "sb")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "no such content folder" in done.stderr and "--content" in done.stderr


# ---- dockyard new game NAME ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("os", "standard library"),
        ("json", "standard library"),
        ("import", "Python keyword"),
        ("class", "Python keyword"),
        ("dockyard", "installed package"),
        ("pytest", "installed package"),
        ("a" * 300, "too long a name: at most 40 letters"),
    ],
)
def test_new_game_refuses_names_a_package_cannot_take(dockyard, tmp_path, name, why) -> None:
    code, out, err = dockyard("new", "game", name, "--dir", str(tmp_path / "g"))
    assert code == 1 and why in err and "internal error" not in err
    assert not (tmp_path / "g").exists()


# ---- the small ones ----------------------------------------------------------------------------


@pytest.mark.parametrize("cell", ["CELL", "b", "", "a10", "z1", "d4"])
def test_expect_on_a_cell_that_is_none_is_a_located_error(dockyard, tmp_path, cell) -> None:
    script = tmp_path / "c.dys"
    script.write_text(f"game tictactoe\nexpect cell.{cell} == x\n")
    code, out, err = dockyard("run", str(script))
    assert code == 1 and "internal error" not in err
    assert f"c.dys:2:1: error: unknown query cell.{cell} (cells a1 to c3)" in err


def test_repl_load_of_a_file_name_in_import_export_loads_the_save(
    dockyard, tmp_path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = dockyard(
        "play", "import-export", "--players", "2", "--seed", "1",
        stdin="save g.toml\np1: draw\nload g.toml\n",
    )  # fmt: skip
    assert code == 0, err
    assert "loaded g.toml: import-export, seed 1, 0 actions; to move: p1" in out
    assert "error" not in err
    # the game's own verb stays reachable: with a player, or without a file name
    code, out, err = dockyard(
        "play", "import-export", "--players", "2", "--seed", "1", stdin="load rice on green-1\n"
    )
    assert "there is no card or ship called 'green-1'" in err  # read as the game's action


def test_repl_save_takes_a_file_name_as_a_shell_reads_it(dockyard, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = dockyard(
        "play", "tictactoe", stdin="x: mark b2\nsave \"q.toml\"\nsave 'my game.toml'\n"
    )
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my game.toml", "q.toml"]
    code, out, err = dockyard("play", "tictactoe", stdin='save "open.toml\n')
    assert code == 1 and "closing quote" in err and not (tmp_path / '"open.toml').exists()


def test_a_closed_output_ends_the_command_quietly(tmp_path: Path) -> None:
    """`yes legal | head -200 | dockyard play tictactoe | head -1`: no internal error."""
    shell = (
        f"yes legal 2>/dev/null | head -200 | {sys.executable} -m dockyard play tictactoe"
        " 2> err.txt | head -1 > /dev/null"
    )
    subprocess.run(["bash", "-c", shell], cwd=tmp_path, timeout=60, check=False)
    err = (tmp_path / "err.txt").read_text()
    assert "BrokenPipe" not in err and "internal error" not in err and "Traceback" not in err
    shell = f"{sys.executable} -m dockyard simulate tictactoe --games 3000 2> err2.txt | head -1"
    subprocess.run(["bash", "-c", shell], cwd=tmp_path, timeout=60, check=False)
    err = (tmp_path / "err2.txt").read_text()
    assert "BrokenPipe" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    "budget", ["1e400s", "infs", "nans", "-1s", "0s", "99999s", "0", "-5", "99999999999999"]
)
def test_an_absurd_mcts_budget_is_refused_by_name(dockyard, budget) -> None:
    code, out, err = dockyard(
        "simulate", "tictactoe", "--games", "1", "--bots", f"mcts:{budget},random"
    )
    assert code == 1 and f"mcts:{budget}: not a budget mcts can use" in err


def test_150000_unknown_keys_are_named_briefly(dockyard, tmp_path) -> None:
    doc = {"$schema": "urn:dockyard:tictactoe:board", "size": 3, "win": 3, "sise": 4}
    doc.update({f"k{i}": i for i in range(150_000)})
    (tmp_path / "many.json").write_text(json.dumps(doc))
    started = time.process_time()
    code, out, err = dockyard("validate", str(tmp_path / "many.json"))
    spent = time.process_time() - started
    assert code == 1
    lines = [line for line in out.splitlines() if "many.json" in line]
    assert len(lines) == 21  # 20 named one by one, then the rest in one line
    assert "unknown field 'sise'; did you mean size?" in out or "'sise'" in lines[0]
    assert "and 149,981 more unknown fields ('k19', 'k20', 'k21', ...)" in out
    print(f"validated 150,000 unknown keys in {spent:.1f} s of CPU")


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity", "-Infinity"])
def test_a_number_json_cannot_hold_is_a_located_error(tmp_path: Path, number: str) -> None:
    """Python's json reads NaN and Infinity (no JSON) and 1e400 as infinity: none reaches a game."""
    layer = tmp_path / "board"
    layer.mkdir()
    (layer / "board.json").write_text(
        f'{{"$schema": "urn:dockyard:tictactoe:board",\n "size": {number}, "win": 3}}'
    )
    with pytest.raises(ContentError, match=rf"board.json:2:10: {number} is not a number JSON"):
        Session("tictactoe", content=[layer])
    patch = tmp_path / "patch"
    patch.mkdir()
    ops = f'[{{"op": "replace", "path": "/sides/two-color/requisite", "value": {number}}}]'
    (patch / "shipping_board.patch.json").write_text(ops)
    with pytest.raises(ContentError, match=rf"patch.json:1:\d+: {number} is not a number JSON"):
        Session("curious-cargo", content=[patch])
