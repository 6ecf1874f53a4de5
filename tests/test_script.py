"""Scripts (`dockyard run`): headers, assertions, and failures located at FILE:LINE:COL."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import as_file, files
from pathlib import Path

import pytest
from dockyard import cli


@pytest.fixture
def run(capsys, tmp_path):
    """`run(text, *flags)` writes a script and runs it: (exit code, stdout, stderr, path)."""

    def _run(text: str, *flags: str) -> tuple[int, str, str, str]:
        path = tmp_path / "game.dys"
        path.write_text(text)
        code = cli.main(["run", str(path), *flags])
        out, err = capsys.readouterr()
        return code, out, err, str(path)

    return _run


def located(err: str) -> tuple[str, str, str]:
    """The error's first line, the quoted line and the caret line."""
    head, line, caret = err.rstrip("\n").split("\n")[-3:]
    return head, line, caret


X_WINS = "game tictactoe\nx: mark a1\no: mark b1\nx: mark a2\no: mark b2\nx: mark a3\n"


# ---- success ---------------------------------------------------------------------------------


def example_scripts() -> list[str]:
    folder = files("dockyard.content") / "tictactoe" / "examples"
    return sorted(e.name for e in folder.iterdir() if e.name.endswith(".dys"))


@pytest.mark.parametrize("name", example_scripts())
def test_example_scripts_run_clean(capsys, name: str) -> None:
    with as_file(files("dockyard.content") / "tictactoe" / "examples" / name) as path:
        code = cli.main(["run", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err


def test_a_passing_script_prints_events_and_the_final_result(run) -> None:
    code, out, err, _ = run(X_WINS + "expect winner == x\nexpect score.o == 0\n")
    assert (code, err) == (0, "")
    assert "x marks a3" in out
    assert out.splitlines()[-3:] == [
        "the game ends: x has three in a row",
        "x wins 1-0",
        "5 actions, 2 expectations passed",
    ]


def test_a_script_that_does_not_finish_the_game_says_who_is_to_move(run) -> None:
    code, out, _, _ = run("game tictactoe\nmark b2\n")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "not over after 1 action (o to move)",
        "1 action, 0 expectations passed",
    ]


def test_header_seed_players_and_flags(run) -> None:
    code, out, err, _ = run(
        "game tictactoe\nseed 5\nplayers ann bob\nann: mark b2\nexpect actor == bob\n"
    )
    assert code == 0, err
    # flags override seed and players; the game must agree
    code, _, err, _ = run("game tictactoe\nplayers ann bob\nann: mark b2\n", "--players", "x,o")
    assert code == 1
    assert "no player 'ann'" in err
    code, _, err, _ = run("mark b2\n", "--game", "tictactoe")
    assert code == 0, err


def test_a_game_flag_that_disagrees_with_the_header_is_an_error(run, install) -> None:
    from dockyard.plugins.tictactoe import TicTacToe

    class Other(TicTacToe):
        name = "other"

    install(games=[Other()])
    code, _, err, path = run(X_WINS, "--game", "other")
    assert code == 1
    head, line, caret = located(err)
    assert (
        head
        == f"{path}:1:1: error: the script is for tictactoe, not other (expected --game tictactoe, or no --game)"
    )
    assert (line, caret) == ("    game tictactoe", "    ^")


def test_a_script_naming_no_game_says_how_to_name_one(run) -> None:
    code, _, err, path = run("# no header\nx: mark b2\n")
    assert code == 1
    assert err.startswith(f"{path}:1:1: error: the script does not say which game it is for")


# ---- failures ------------------------------------------------------------------------------


def test_bad_syntax_fails_at_its_line_and_column_with_a_caret(run) -> None:
    code, out, err, path = run("game tictactoe\nx: mark b2\no: mark z9\nx: mark a1\n")
    assert code == 1
    head, line, caret = located(err)
    assert head.startswith(f"{path}:3:9: error: unexpected")
    assert "(expected " in head
    assert line == "    o: mark z9"
    assert caret == "    " + " " * 8 + "^"
    assert "x marks a1" not in out  # the script stopped there


def test_an_illegal_move_fails_at_its_statement(run) -> None:
    code, _, err, path = run("game tictactoe\nx: mark b2\n  o: mark b2\n")
    assert code == 1
    head, line, caret = located(err)
    assert head.startswith(
        f"{path}:3:3: error: b2 is already marked by x (expected a legal action such as o: mark a1"
    )
    assert (line, caret) == ("      o: mark b2", "      ^")


def test_a_move_out_of_turn_fails(run) -> None:
    code, _, err, path = run("game tictactoe\nx: mark b2\nx: mark a1\n")
    assert code == 1
    assert located(err)[0].startswith(f"{path}:3:1: error: it is not x's turn")


def test_a_failing_expect_fails_with_what_it_found(run) -> None:
    code, _, err, path = run(X_WINS + "expect winner == o\n")
    assert code == 1
    head, line, _ = located(err)
    assert head == f"{path}:7:1: error: expect failed: winner is x (expected winner == o)"
    assert line == "    expect winner == o"


def test_expect_of_an_unfinished_game_and_unknown_queries_fail(run) -> None:
    code, _, err, path = run("game tictactoe\nexpect winner == x\n")
    assert code == 1
    assert "the game is not over, so winner has no value (expected winner == x)" in err
    code, _, err, path = run("game tictactoe\nexpect colour == red\n")
    assert code == 1
    assert f"{path}:2:1: error: unknown query colour" in err


def test_expect_compares_decimals(run) -> None:
    draw = "game tictactoe\n" + "\n".join(
        f"mark {c}" for c in ("b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1", "c3")
    )
    code, _, err, _ = run(draw + "\nexpect score.x == 0.5\nexpect score.o >= 0.25\n")
    assert code == 0, err


def test_header_lines_after_the_first_action_fail(run) -> None:
    code, _, err, path = run("game tictactoe\nx: mark b2\nseed 4\n")
    assert code == 1
    assert located(err)[0].startswith(f"{path}:3:1: error: 'seed' belongs in a script's header")
    code, _, err, path = run("game tictactoe\nseed 1\nseed 2\n")
    assert code == 1
    assert located(err)[0].startswith(f"{path}:3:1: error: 'seed' is given twice")


def test_header_naming_an_unknown_game_variant_or_player_count_fails_at_that_line(run) -> None:
    for text, lineno, message in [
        ("game chess\n", 1, "unknown game 'chess'"),
        ("game tictactoe\nvariant giant\n", 2, "tictactoe has no variant 'giant'"),
        ("game tictactoe\nplayers a b c\n", 2, "tictactoe is for 2 players, not 3"),
    ]:
        code, _, err, path = run(text)
        assert code == 1
        assert located(err)[0].startswith(f"{path}:{lineno}:1: error: {message}"), err


def test_a_missing_script_is_one_line(run, capsys) -> None:
    code = cli.main(["run", "/nonexistent/x.dys"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err == "dockyard: error: /nonexistent/x.dys: no such script\n"


def test_quit_ends_a_script_early_and_successfully(run) -> None:
    code, out, _, _ = run("game tictactoe\nmark b2\nquit\nmark b2\n")
    assert code == 0
    assert out.splitlines()[-2:] == [
        "not over after 1 action (o to move)",
        "1 action, 0 expectations passed",
    ]


def test_failures_never_print_a_traceback_from_a_real_process(tmp_path: Path) -> None:
    cases = {
        "syntax.dys": "game tictactoe\nx: mark\n",
        "illegal.dys": "game tictactoe\nx: mark b2\nx: mark b3\n",
        "expect.dys": X_WINS + "expect winner == o\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        done = subprocess.run(
            [sys.executable, "-m", "dockyard", "run", str(tmp_path / name)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1, name
        assert done.stderr.startswith(f"{tmp_path / name}:"), done.stderr
        assert "Traceback" not in done.stdout + done.stderr
