"""Hostile saves: never a silent overwrite, never a half-written file, never a silently earlier
position, never a hang; a failed save or load in the REPL leaves the game exactly as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from dockyard import DockyardError, Session
from dockyard.cli.repl import Shell
from dockyard.queries import query
from dockyard.testing import snapshot

pytestmark = pytest.mark.timeout(60)


def played(*cells: str) -> Session:
    s = Session("tictactoe", seed=3)
    for cell in cells:
        s.apply_text(f"mark {cell}")
    return s


def test_save_never_overwrites_without_being_told(tmp_path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("keep")
    with pytest.raises(DockyardError, match="already exists"):
        played("a1").save(mine)
    assert mine.read_text() == "keep"
    played("a1").save(mine, overwrite=True)
    assert Session.load(mine).log == played("a1").log


def test_save_uses_a_unique_temporary_file_and_leaves_none(tmp_path) -> None:
    (tmp_path / "g.toml.tmp").write_text("someone else's file")
    played("a1").save(tmp_path / "g.toml")
    assert (tmp_path / "g.toml.tmp").read_text() == "someone else's file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml", "g.toml.tmp"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_folder_is_one_error(tmp_path) -> None:
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(DockyardError, match="cannot write the save"):
            played("a1").save(tmp_path / "g.toml")
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_a_truncated_save_is_reported_with_its_line(tmp_path) -> None:
    path = tmp_path / "t.toml"
    played("a1", "b1", "a2").save(path)
    text = path.read_text()
    (tmp_path / "cut.toml").write_text(text.replace('    "x: mark a2",\n', ""))
    with pytest.raises(DockyardError, match=r"cut.toml:\d+: the save says it holds 3 actions"):
        Session.load(tmp_path / "cut.toml")
    (tmp_path / "edit.toml").write_text(text.replace("x: mark a2", "x: mark c3"))
    with pytest.raises(DockyardError, match=r"edit.toml:\d+: the save does not match its digest"):
        Session.load(tmp_path / "edit.toml")


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 100_000 + "]" * 100_000,
        "x" * 1000,
        "[[[[",
        '\ufeffgame = "tictactoe"',
        "game = 5\nseed = 1\nplayers = []\nvariants = []\nactions = []",
    ],
    ids=["deep nesting", "junk", "brackets", "bom", "wrong types"],
)
def test_a_damaged_save_is_one_error(tmp_path, text) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DockyardError, match="bad.toml"):
        Session.load(path)


@pytest.mark.parametrize("path", ["/", ".", "/dev/zero", "/etc/passwd", "/nonexistent/x.toml"])
def test_loading_what_is_not_a_save_is_one_error(path) -> None:
    with pytest.raises(DockyardError, match=path.rstrip("/") or "/"):
        Session.load(path)


def test_a_fifo_as_a_save_does_not_hang(tmp_path) -> None:
    os.mkfifo(tmp_path / "g.toml")
    with pytest.raises(DockyardError, match="a FIFO"):
        Session.load(tmp_path / "g.toml")


def test_content_folders_are_stored_relative_to_the_save(tmp_path) -> None:
    layer = tmp_path / "games" / "board"
    layer.mkdir(parents=True)
    (layer / "board.json").write_text(
        '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'
    )
    s = Session("tictactoe", seed=1, content=[layer])
    s.apply_text("mark d4")
    s.save(tmp_path / "games" / "g.toml")
    assert 'content_dirs = [\n    "board",\n]' in (tmp_path / "games" / "g.toml").read_text()
    moved = tmp_path / "moved"
    (tmp_path / "games").rename(moved)  # the save and its folder travel together
    assert query(Session.load(moved / "g.toml"), "cell.d4") == "x"


def test_a_saves_content_folder_outside_it_is_named_whole(tmp_path) -> None:
    """A folder outside the save's own is written as an absolute path: the save loads from
    anywhere; once the folder is gone, --content gives it again."""
    layer = tmp_path / "board"
    layer.mkdir()
    (layer / "board.json").write_text(
        '{"$schema": "urn:dockyard:tictactoe:board", "size": 4, "win": 3}'
    )
    (tmp_path / "saves").mkdir()
    s = Session("tictactoe", seed=1, content=[layer])
    s.save(tmp_path / "saves" / "g.toml")
    assert f'"{layer.resolve().as_posix()}"' in (tmp_path / "saves" / "g.toml").read_text()
    assert Session.load(tmp_path / "saves" / "g.toml").state.board.size == 4
    moved = tmp_path / "moved"
    layer.rename(moved)
    with pytest.raises(DockyardError, match="no such content folder .*give the content again"):
        Session.load(tmp_path / "saves" / "g.toml")
    assert Session.load(tmp_path / "saves" / "g.toml", [moved]).state.board.size == 4


# ---- the REPL survives ------------------------------------------------------------------------


def shell() -> Shell:
    import io

    from dockyard.cli.repl import Output

    return Shell(Session("tictactoe", seed=1), Output(io.StringIO(), io.StringIO()))


@pytest.mark.parametrize(
    "line",
    [
        "save .",
        "save /",
        "save no/such/dir/g.toml",
        "load /etc/passwd",
        "load .",
        "load /",
        "load /dev/zero",
        "load missing.toml",
        "save existing.toml",
    ],
)
def test_a_failed_save_or_load_leaves_the_repl_and_the_game_as_they_were(
    tmp_path, monkeypatch, line
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("existing.toml").write_text("keep")
    sh = shell()
    sh.run_line("mark a1")
    before = snapshot(sh.session)
    with pytest.raises(DockyardError, match=r"^<input>:1:1: error: "):
        sh.run_line(line)
    assert snapshot(sh.session) == before
    assert Path("existing.toml").read_text() == "keep"
    sh.run_line("mark b2")  # and play goes on


LINE_EDITS = {  # a line of a Curious Cargo save edited as by hand: what the message says
    "seed": (r"^seed = .*", "seed = 109", r"g.toml:\d+: the save does not match its digest"),
    "variants": (r"^variants = \[\]", 'variants = ["night-shift"]', "does not match its digest"),
    "players": (r'^    "p2",', '    "bob",', "does not match its digest"),
    "content": (r"^content = .*", 'content = "0123456789abcdef"', "does not match its digest"),
    "format": (r"^format = .*", "format = 1", r"g.toml:1: 'format' 1: this dockyard reads"),
    "dockyard": (r"^dockyard = .*", 'dockyard = "9.9"', r"g.toml:2: 'dockyard' '9.9': .*newer"),
}


@pytest.mark.parametrize(("pattern", "line", "message"), LINE_EDITS.values(), ids=LINE_EDITS)
def test_a_save_edited_by_hand_is_refused_by_the_repl_naming_why(
    tmp_path, monkeypatch, pattern, line, message
) -> None:
    """Never loaded as another game (other seed, variants, players) nor refused with a rule's
    message; the game in the REPL stays as it was."""
    import re

    monkeypatch.chdir(tmp_path)
    s = Session("curious-cargo", seed=108)
    s.apply_text("p1: keep truck01")
    s.apply_text("p2: keep truck21")
    s.save("base.toml")
    edited = re.sub(pattern, line, Path("base.toml").read_text(), count=1, flags=re.M)
    assert edited != Path("base.toml").read_text()
    Path("g.toml").write_text(edited)
    with pytest.raises(DockyardError, match=message):
        Session.load("g.toml")
    sh = shell()
    sh.run_line("mark a1")
    before = snapshot(sh.session)
    with pytest.raises(DockyardError, match=r"^<input>:1:1: error: .*" + message):
        sh.run_line("load g.toml")
    assert snapshot(sh.session) == before
    assert Session.load("base.toml").log == s.log  # the save as written loads


def test_a_script_writes_only_under_the_current_folder(dockyard, tmp_path, monkeypatch) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    (tmp_path / "evil.dys").write_text("game tictactoe\nx: mark a1\nsave ../outside.toml\n")
    code, _, err = dockyard("run", str(tmp_path / "evil.dys"))
    assert code == 1 and "a script may write only under the current folder" in err
    assert not (tmp_path / "outside.toml").exists()
    (tmp_path / "ok.dys").write_text("game tictactoe\nx: mark a1\nsave inside.toml\n")
    assert dockyard("run", str(tmp_path / "ok.dys"))[0] == 0
    assert (work / "inside.toml").exists()
