"""What a rules referee needs from scripts, for every game: `dockyard help GAME [VERB|expect]`
at the command line, every query path a game declares answered, the end reason's stable id in
`expect`, values joined by `+`, `validate --variant`, and articles that follow the word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dockyard import DockyardError, Session
from dockyard.cli import main
from dockyard.cli.repl import Shell
from dockyard.queries import ENGINE_QUERIES, query
from dockyard.registry import registry
from dockyard.words import article, with_article

GAMES = ("curious-cargo", "pack-and-stack", "cargo", "import-export", "tictactoe")

# a value for each capitalised word of a game's query paths (P is the first player)
SAMPLES = {
    "curious-cargo": {"COLOR": "red", "STACK": "a", "CELL": "c4"},
    "pack-and-stack": {"PIECE": "white", "N": "1", "CELL": "a1", "LEVEL": "1"},
    "cargo": {"CELL": "c4"},
    "import-export": {"TYPE": "technology", "CARD": "laptops", "SHIP": "green-1"},
    "tictactoe": {"CELL": "b2"},
}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", GAMES)
def test_help_at_the_command_line_prints_what_the_repl_prints(capsys, game) -> None:
    code, out, _ = run(capsys, "help", game)
    session = Session(game)
    shell = Shell(session)
    lines: list[str] = []
    shell.output.say = lines.append  # type: ignore[method-assign]
    shell.do_help()
    assert code == 0 and out.splitlines() == lines
    assert f"actions: {', '.join(session.language.verbs())}" in out


def test_help_on_a_verb_and_on_a_word_that_is_none(capsys) -> None:
    code, out, _ = run(capsys, "help", "cargo", "move")
    assert code == 0 and out.startswith("move ") and "STEP: a direction" in out
    code, out, err = run(capsys, "help", "cargo", "mvoe")
    assert code == 1 and "no action or command called 'mvoe'; did you mean move?" in err
    assert "Traceback" not in err
    code, _, err = run(capsys, "help", "chess")
    assert code == 1 and "unknown game 'chess'" in err


@pytest.mark.parametrize("game", GAMES)
def test_help_expect_lists_every_declared_query_with_its_meaning(capsys, game) -> None:
    code, out, _ = run(capsys, "help", game, "expect")
    assert code == 0
    declared = [*ENGINE_QUERIES, *registry().game(game).query_paths]
    assert len(registry().game(game).query_paths) >= 2
    for path, meaning in declared:
        assert any(line.split()[:1] == [path] and meaning in line for line in out.splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_query_path_is_answered(game) -> None:
    """The list `help expect` prints is the game's own: each path, its capitalised words
    filled in, is a query the game answers (none raises "unknown query")."""
    s = Session(game)
    while len(s.log) < 12 and not s.over:  # past the setup, where there is more to ask
        s.apply(s.legal_actions()[0] if game != "cargo" else s.legal_actions()[-1])
    values = {"P": s.players[0], **SAMPLES[game]}
    for path, _ in registry().game(game).query_paths:
        filled = ".".join(values.get(part, part) for part in path.split("."))
        query(s, filled)  # raises KeyError for a path the game does not answer


def test_the_engine_queries_once_over_and_reason_as_its_stable_id(tmp_path: Path, capsys) -> None:
    s = Session("tictactoe")
    for cell in ("a1", "b1", "a2", "b2", "a3"):
        s.apply_text(f"mark {cell}")
    assert query(s, "over") is True and query(s, "winner") == "x"
    assert query(s, "end") == "line" and query(s, "reason") == "x has three in a row"
    script = tmp_path / "line.dys"
    script.write_text(
        "game tictactoe\nmark a1\nmark b1\nmark a2\nmark b2\nmark a3\n"
        'expect reason == line\nexpect reason == "x has three in a row"\n'
        "expect reason != full\nexpect end == line\nexpect draw == false\n"
    )
    assert main(["run", "-q", str(script)]) == 0
    capsys.readouterr()
    assert main(["run", "--json", str(script)]) == 0
    assert json.loads(capsys.readouterr().out)["end"] == ["line"]
    script.write_text(
        "game tictactoe\nmark a1\nmark b1\nmark a2\nmark b2\nmark a3\nexpect reason == full\n"
    )
    assert main(["run", "-q", str(script)]) == 1


def test_names_joined_by_plus_are_a_value(tmp_path: Path) -> None:
    """content/cargo/README.md: `worker.c4 == p2-dockhand+p1-dockhand` parses as written."""
    s = Session("cargo", seed=1)
    stmt = s.language.parse_line("expect worker.c4 == p2-dockhand+p1-dockhand")
    assert stmt.args == ("==", "p2-dockhand+p1-dockhand")
    assert s.language.parse_line("expect worker.c4 == p2-dockhand").args[1] == "p2-dockhand"


def test_validate_with_a_variant_accepts_its_cards(tmp_path: Path, capsys) -> None:
    layout = {
        "$schema": "urn:dockyard:import_export:layout",
        "players": [{"hand": ["can-openers"]}],
    }
    (tmp_path / "layout.json").write_text(json.dumps(layout))
    assert main(["validate", "--variant", "kickstarter", str(tmp_path)]) == 0
    assert main(["validate", str(tmp_path)]) == 1
    assert "there is no card 'can-openers'" in capsys.readouterr().out
    assert main(["validate", "--variant", "nope", str(tmp_path)]) == 1
    assert "no game has a variant 'nope'" in capsys.readouterr().err
    s = Session("import-export", players=2, variants=["kickstarter"], content=[tmp_path])
    assert query(s, "has.p1.can-openers") is True  # and it plays, harbors dealt as set up


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("elephant", "an elephant"),
        ("mule", "a mule"),
        ("orange", "an orange"),
        ("unit", "a unit"),
        ("hour", "an hour"),
        ("8x8", "an 8x8"),
        ("11-point", "an 11-point"),
        ("3x3", "a 3x3"),
    ],
)
def test_an_article_follows_the_word(word, said) -> None:
    assert with_article(word) == said and article(word) == said.split()[0]


def test_messages_say_an_elephant(tmp_path: Path) -> None:
    """A Dockhand cannot pull: the refusal names a worker in the way with its article."""
    folder = tmp_path / "t"
    folder.mkdir()
    layout = {
        "$schema": "urn:dockyard:cargo:layout",
        "ships": ["red", "blue"],
        "squares": {"c5": "red mule", "d5": "blue elephant", "b9": "red crate", "h9": "blue crate"},
    }
    (folder / "layout.json").write_text(json.dumps(layout))
    s = Session("cargo", content=[folder])
    with pytest.raises(DockyardError, match="taken by an elephant"):
        s.apply_text("move mule east")
