"""One way from a line to an action (issue 41): `Session.action_of` reads every line (the REPL,
scripts, the server, saves), after the one line check (`dockyard.language.check_line`); the
parts of a session tools need are public (`replay`, `replay_onto`, `seat_of`, `play_lines`), so
no module outside session.py and history.py reaches into a session's private members."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from dockyard import Session
from dockyard.cli.output import Output
from dockyard.cli.repl import Shell
from dockyard.core import DockyardError
from dockyard.language import MAX_LINE, ParseError, check_line
from dockyard.saves import Record

FRAMEWORK = Path(__file__).parent.parent / "framework"


def test_a_line_becomes_the_same_action_whoever_reads_it() -> None:
    s = Session("tictactoe", seed=1)
    action = s.action_of("x: mark b2")
    assert action == s.action_of("mark b2")  # the one player to move
    assert action == s.action_of(s.read("x: mark b2"))  # a statement read first (the REPL)
    assert action == s.action_of("mark b2", "x")  # a seat's line without its name (the server)
    assert action in s.language.known  # marked well formed: apply parses nothing again


@pytest.mark.parametrize("line", ["x: mark b2\x07", "x: mark\u202eb2", "x: mark " + "b" * MAX_LINE])
def test_every_way_in_refuses_a_bad_line_with_the_same_located_message(line, tmp_path) -> None:
    with pytest.raises(ParseError) as checked:
        check_line(line, "in", 3)
    s = Session("tictactoe", seed=1)
    with pytest.raises(ParseError) as read:
        s.action_of(line, source="in", lineno=3)
    assert str(read.value) == str(checked.value)
    shell = Shell(s, Output(io.StringIO(), io.StringIO()))
    with pytest.raises(ParseError) as typed:
        shell.run_line(line, "in", 3)
    assert str(typed.value) == str(checked.value)
    record = Record("tictactoe", 1, ("x", "o"), (), (), None, (line,))
    with pytest.raises(DockyardError, match=r"game\.toml: actions\[0\]: .*(control|limit)"):
        Session.from_record(record, "game.toml")
    assert not s.log


def test_the_server_reads_a_line_through_the_session(tmp_path) -> None:
    pytest.importorskip("starlette")
    from dockyard.server.app import STATUS
    from dockyard.server.store import SqliteStore
    from dockyard.server.tables import BadRequest, NotYours, Tables

    store = SqliteStore(tmp_path / "games.sqlite")
    gid, tokens = Tables(store).create({"game": "tictactoe", "players": 2, "seed": 1})
    tables = Tables(store)
    with pytest.raises(BadRequest) as bad:
        tables.act(gid, tokens["x"], "mark b2\x1b[31m")  # a control character: 400, as the REPL
    assert STATUS[type(bad.value)] == 400 and "control character (U+001B)" in str(bad.value)
    with pytest.raises(NotYours) as theirs:
        tables.act(gid, tokens["x"], "o: mark b2")
    assert STATUS[type(theirs.value)] == 403
    tables.act(gid, tokens["x"], "mark b2")
    assert tables.get(gid).snapshot("o")["log"] == ["x: mark b2"]
    store.close()


def test_play_lines_plays_a_record_and_names_the_bad_line() -> None:
    s = Session("tictactoe", seed=1)
    s.play_lines(["x: mark b2", "o: mark a1"])
    assert [s.format(a) for a in s.log] == ["x: mark b2", "o: mark a1"]
    with pytest.raises(DockyardError, match=r"g: actions\[0\]: 'o: mark c3': it is not o's turn"):
        s.play_lines(["o: mark c3"], "g")
    assert len(s.log) == 2


def test_replay_is_a_moment_of_the_log_apart_from_the_session() -> None:
    s = Session("tictactoe", seed=1)
    s.play_lines(["x: mark b2", "o: mark a1"])
    state, events = s.replay(s.log[:1])
    assert state is not s.state and s.game.view(state, None) != s.view(None)
    more: list = []
    s.replay_onto(state, more, s.log[1:], 1)
    assert s.game.view(state, None) == s.view(None)
    assert more[0].text == "o: mark a1"  # each action's move event, then its own
    assert s.seat_of("o") == 1


def _private_reads(path: Path) -> list[str]:
    hits = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Attribute | ast.Name)
            and (node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id)
            in ("session", "s", "sess")
        ):
            hits.append(f"{path.name}:{node.lineno} .{node.attr}")
    return hits


def test_no_module_but_the_sessions_own_reads_its_private_members() -> None:
    own = {"session.py", "history.py", "playing.py"}
    hits = [
        h for f in sorted(FRAMEWORK.rglob("*.py")) if f.name not in own for h in _private_reads(f)
    ]
    assert not hits


def test_limits_are_defined_once_and_history_has_no_stubs() -> None:
    defined: dict[str, list[str]] = {"MAX_LINE": [], "MAX_BOT_MOVES": []}
    for f in sorted(FRAMEWORK.rglob("*.py")):
        for node in ast.parse(f.read_text()).body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id in defined:
                        defined[target.id].append(str(f.relative_to(FRAMEWORK)))
    assert defined == {"MAX_LINE": ["language.py"], "MAX_BOT_MOVES": ["session.py"]}
    assert "NotImplementedError" not in (FRAMEWORK / "history.py").read_text()
