"""The `dockyard` command line: games, play (piped REPL), validate, simulate, errors."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from dockyard.cli.parsers import players_option
from dockyard.cli.repl import Output, Shell
from dockyard.session import Session


def lines(text: str) -> list[str]:
    return text.splitlines()


# ---- games ----------------------------------------------------------------------------------


def test_games_lists_every_registered_game_with_its_title(dockyard) -> None:
    from dockyard.registry import registry

    code, out, _ = dockyard("games")
    assert code == 0
    for name, game in registry().games.items():
        assert any(line.startswith(name) and game.title in line for line in lines(out)), name


def test_games_lists_variants_of_each_game(dockyard, install) -> None:
    from dockyard import Variant

    install(variants=[Variant("misere", "tictactoe", "three in a row loses")])
    code, out, _ = dockyard("games")
    assert code == 0
    assert "variant misere: three in a row loses" in out


def test_games_listed_from_descriptions_agree_with_the_games_registered(monkeypatch) -> None:
    """`dockyard games` lists the built-in games from their packages' GameInfo (describe_games)
    without importing their rules; what it says is what the registered games and variants say."""
    import dockyard.registry as registry_module

    full = registry_module._cards_of(registry_module.registry())
    monkeypatch.setattr(registry_module, "_REGISTRY", None)
    assert registry_module.catalog() == full


def test_listing_games_imports_no_rules() -> None:
    code = (
        "import sys; from dockyard.cli import main; main(['games']); "
        "loaded = [m for m in sys.modules if m.startswith('dockyard.plugins.') "
        "and m.endswith(('.game', '.variants', '.turns'))]; "
        "print('LOADED', loaded)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout, out.stdout[-300:]


# ---- play, piped ------------------------------------------------------------------------------


def test_piped_legal_prints_the_legal_actions_one_canonical_text_per_line(dockyard) -> None:
    session = Session("tictactoe")
    code, out, err = dockyard("play", "tictactoe", stdin="legal\n")
    assert code == 0, err
    assert lines(out) == [session.format(a) for a in session.legal_actions()]


def test_piped_action_prints_its_events(dockyard) -> None:
    session = Session("tictactoe")
    events = session.apply_text("mark b2")
    code, out, _ = dockyard("play", "tictactoe", stdin="mark b2\n")
    assert code == 0
    assert lines(out) == [e.text for e in events]


def test_piped_error_is_printed_and_play_goes_on_unchanged(dockyard) -> None:
    code, out, err = dockyard("play", "tictactoe", stdin="mark b2\no: mark b2\nmark q7\nlog\n")
    assert code == 1  # some line failed
    assert lines(out)[-1] == "x: mark b2"  # only the good action is in the log
    assert "<stdin>:2:1: error: b2 is already marked by x" in err
    assert "<stdin>:3:6: error: unexpected 'q7' (expected a cell such as b2)" in err
    assert "    mark q7\n         ^" in err
    assert "Traceback" not in out + err


def test_piped_game_end_prints_the_outcome(dockyard) -> None:
    moves = "x: mark a1\no: mark b1\nx: mark a2\no: mark b2\nx: mark a3\n"
    code, out, _ = dockyard("play", "tictactoe", stdin=moves + "result\n")
    assert code == 0
    assert "x wins 1-0" in out
    assert lines(out)[-2:] == [
        "result: x wins 1-0 (after 5 actions)",
        "the game ended because x has three in a row",
    ]
    assert out.count("1-0") == 2  # once when the game ends, once for `result`


def test_quit_stops_reading(dockyard) -> None:
    code, out, _ = dockyard("play", "tictactoe", stdin="quit\nlegal\n")
    assert (code, out) == (0, "")


def test_play_options_seed_players_and_script(dockyard, tmp_path) -> None:
    script = tmp_path / "opening.dys"
    script.write_text("game tictactoe\nalice: mark b2\n")
    code, out, err = dockyard(
        "play",
        "tictactoe",
        "--players",
        "alice,bob",
        "--seed",
        "4",
        "--script",
        str(script),
        stdin="log\nlegal\n",
    )
    assert code == 0, err
    assert "alice: mark b2" in lines(out)
    assert lines(out)[-1] == "bob: mark c3"


def test_players_option_takes_a_count_or_names() -> None:
    assert players_option(None) is None
    assert players_option(["4"]) == 4
    assert players_option(["alice,bob"]) == ["alice", "bob"]
    assert players_option(["alice", "bob"]) == ["alice", "bob"]


def test_play_with_a_bad_player_count_says_why(dockyard) -> None:
    code, _, err = dockyard("play", "tictactoe", "--players", "3")
    assert code == 1
    assert "dockyard: error: tictactoe is for 2 players, not 3" in err


def test_unknown_game_is_an_error_naming_the_known_ones(dockyard) -> None:
    code, _, err = dockyard("play", "chess")
    assert code == 1
    assert "unknown game 'chess'" in err and "tictactoe" in err


def test_show_help_events_and_unknown_topic(dockyard) -> None:
    code, out, err = dockyard("play", "tictactoe", stdin="mark b2\nshow\nhelp\nevents\nshow maps\n")
    assert code == 1
    assert "2 . x ." in out
    assert "legal [PLAYER]" in out
    assert "x marks b2" in out
    assert "nothing to show called 'maps'" in err


# ---- the REPL's undo, redo, save, load ---------------------------------------------------------


def shell(session: Session | None = None) -> tuple[Shell, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return Shell(session or Session("tictactoe"), Output(out, err)), out, err


def replayed(session: Session) -> Session:
    fresh = Session(session.game, seed=session.seed, players=session.players)
    for action in session.log:
        fresh.apply(action)
    return fresh


@pytest.mark.parametrize("seed", range(12))
def test_undo_and_redo_in_the_repl_leave_the_state_replay_gives(seed: int) -> None:
    rng = random.Random(seed)
    sh, _, _ = shell()
    for _ in range(30):
        session = sh.session
        choice = rng.random()
        if choice < 0.25 and session.log:
            sh.run_line(f"undo {rng.randint(1, 3)}")
        elif choice < 0.45 and session.redo_stack:
            sh.run_line(f"redo {rng.randint(1, 3)}")
        elif not session.over:
            sh.run_line(session.format(rng.choice(session.legal_actions())))
        expected = replayed(sh.session)
        assert sh.session.view() == expected.view()
        assert sh.session.events == expected.events
        assert sh.session.over == expected.over


def test_undo_with_nothing_to_undo_is_an_error_and_changes_nothing() -> None:
    sh, _, _ = shell()
    with pytest.raises(Exception, match="nothing to undo"):
        sh.run_line("undo")
    with pytest.raises(Exception, match="nothing to redo"):
        sh.run_line("redo")
    assert sh.session.log == []


def test_save_then_load_in_the_repl_gives_the_same_game(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    sh, out, _ = shell(Session("tictactoe", seed=9))
    for line in ("mark b2", "mark a1", "mark c3", "save game.toml", "undo 3", "mark a3"):
        sh.run_line(line)
    saved = Session.load(tmp_path / "game.toml")
    assert [saved.format(a) for a in saved.log] == ["x: mark b2", "o: mark a1", "x: mark c3"]
    sh.run_line("load game.toml")
    assert sh.session.log == saved.log
    assert sh.session.view() == saved.view() == replayed(saved).view()
    assert sh.session.seed == 9
    assert "saved game.toml (3 actions)" in out.getvalue()


def test_load_of_a_missing_or_damaged_save_keeps_the_game(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    from dockyard.saves import Record, dumps

    lines = ("x: mark b2", "o: mark b2")  # sealed as written, but the second is illegal
    (tmp_path / "bad.toml").write_text(
        dumps(Record("tictactoe", 0, ("x", "o"), (), (), None, lines))
    )
    sh, _, _ = shell()
    sh.run_line("mark c1")
    for line in ("load nowhere.toml", "load bad.toml"):
        with pytest.raises(Exception) as caught:
            sh.run_line(line)
        assert str(caught.value).startswith("<input>:1:1: error:")
        assert [sh.session.format(a) for a in sh.session.log] == ["x: mark c1"]
    assert "actions[1]" in str(caught.value)


def test_completion_offers_legal_actions_and_commands() -> None:
    sh, _, _ = shell()
    assert sh.completions("mark a") == ["mark a1", "mark a2", "mark a3"]
    assert "x: mark c3" in sh.completions("x: ")
    assert sh.completions("un") == ["undo "]
    assert "show x" in sh.completions("show ")


# ---- validate -------------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


BOARD = '{"$schema": "urn:dockyard:tictactoe:board", "size": %s, "win": %s}\n'


def test_validate_accepts_good_content(dockyard, tmp_path) -> None:
    write(tmp_path / "big" / "board.json", BOARD % (5, 4))
    code, out, _ = dockyard("validate", str(tmp_path / "big"), str(tmp_path / "big" / "board.json"))
    assert code == 0
    assert out.startswith("ok: 2 content files, no problems")


def test_validate_reports_broken_json_at_its_line_and_column(dockyard, tmp_path) -> None:
    bad = write(
        tmp_path / "board.json", '{"$schema": "urn:dockyard:tictactoe:board",\n "size": 4,\n}\n'
    )
    code, out, _ = dockyard("validate", str(bad))
    assert code == 1
    assert lines(out) == [
        f"{bad}:3:1: $: not valid JSON: expected a field name in double quotes, found '}}'"
    ]


def test_validate_reports_schema_errors_at_their_json_path(dockyard, tmp_path) -> None:
    bad = write(tmp_path / "layer" / "board.json", BOARD % ('"4"', 3))
    code, out, _ = dockyard("validate", str(tmp_path / "layer"))
    assert code == 1
    assert lines(out) == [f'{bad}:1:45: $.size: size must be a whole number, not the text "4"']


def test_validate_runs_the_games_own_checks_on_a_layer(dockyard, tmp_path) -> None:
    bad = write(tmp_path / "layer" / "board.json", BOARD % (3, 4))
    for target in (tmp_path / "layer", bad):
        code, out, _ = dockyard("validate", str(target))
        assert code == 1
        assert lines(out) == [f"{bad}:1:56: $.win: 4 in a row cannot fit on a 3x3 board"]


def test_validate_names_a_missing_path_and_an_unknown_schema(dockyard, tmp_path) -> None:
    odd = write(tmp_path / "odd.json", '{"$schema": "urn:dockyard:tictactoe:moon"}')
    code, out, _ = dockyard("validate", str(tmp_path / "nowhere"), str(odd))
    assert code == 1
    assert f"{tmp_path / 'nowhere'}: $: no such file or folder" in lines(out)
    assert any(line.startswith(f"{odd}:1:2: $.$schema: unknown schema") for line in lines(out))


def test_validate_checks_the_built_in_tictactoe_content(dockyard) -> None:
    from importlib.resources import as_file, files

    with as_file(files("dockyard.content") / "tictactoe") as folder:
        code, out, _ = dockyard("validate", str(folder))
    assert code == 0, out
    assert "(tictactoe)" in out


# ---- simulate -------------------------------------------------------------------------------


def test_simulate_json_is_the_same_every_time(dockyard) -> None:
    first = dockyard("simulate", "tictactoe", "--games", "25", "--seed", "3", "--json")
    second = dockyard("simulate", "tictactoe", "--games", "25", "--seed", "3", "--json")
    assert first == second
    assert first[0] == 0


def test_simulate_json_lines_agree_with_the_games_they_report(dockyard) -> None:
    from dockyard.bots import play_random_game

    code, out, _ = dockyard("simulate", "tictactoe", "--games", "20", "--seed", "100", "--json")
    assert code == 0
    records = [json.loads(line) for line in lines(out)]
    games, summary = records[:-1], records[-1]
    assert [g["seed"] for g in games] == list(range(100, 120))
    for record in games[:5]:
        session = play_random_game("tictactoe", record["seed"], bots=record["bots"])
        outcome = session.outcome()
        assert record["winners"] == list(outcome.winners)
        assert record["actions"] == len(session.log)
        assert record["reason"] == outcome.reason
    assert summary["games"] == 20
    assert sum(summary["wins"].values()) + summary["draws"] == 20
    assert summary["mean_actions"] == pytest.approx(sum(g["actions"] for g in games) / 20, abs=1e-3)
    assert sum(summary["end_reasons"].values()) == 20


def test_simulate_table_reports_wins_and_draws(dockyard) -> None:
    code, out, _ = dockyard("simulate", "tictactoe", "--games", "10")
    assert code == 0
    assert out.startswith("tictactoe: 10 games between random bots (seeds 0..9; players x, o)")
    assert "draws" in out and "end reasons:" in out


def test_simulate_names_the_variants_and_content_it_played(dockyard) -> None:
    """A report read later (or two compared) says what was measured."""
    code, out, _ = dockyard("simulate", "cargo", "--games", "2", "--variant", "fast")
    assert code == 0
    assert out.startswith("cargo (variant fast): 2 games between greedy bots (seeds 0..1;")
    code, out, _ = dockyard("simulate", "tictactoe", "--games", "2", "--json")
    summary = json.loads(out.splitlines()[-1])
    assert (summary["variants"], summary["content"]) == ([], [])


# ---- errors never show a traceback ----------------------------------------------------------


def test_internal_error_is_one_line_and_exit_2(dockyard, monkeypatch) -> None:
    def broken(args):
        raise RuntimeError("boom")

    from importlib import import_module

    monkeypatch.setattr(import_module("dockyard.cli.listing"), "cmd_games", broken)
    monkeypatch.delenv("DOCKYARD_DEBUG", raising=False)
    code, out, err = dockyard("games")
    assert code == 2
    assert err.startswith("dockyard: internal error: RuntimeError: boom")
    assert "Traceback" not in out + err


def test_usage_error_exits_2_with_argparse_message(dockyard) -> None:
    code, _, err = dockyard("simulate")
    assert code == 2
    assert "usage:" in err


# ---- as a real process ---------------------------------------------------------------------


def dockyard_process(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dockyard", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_python_dash_m_dockyard_lists_games() -> None:
    done = dockyard_process("games")
    assert done.returncode == 0
    assert "tictactoe" in done.stdout


def test_echo_legal_into_play_prints_the_legal_actions() -> None:
    done = dockyard_process("play", "tictactoe", stdin="legal\n")
    assert done.returncode == 0, done.stderr
    session = Session("tictactoe")
    assert done.stdout.splitlines() == [session.format(a) for a in session.legal_actions()]


def test_simulate_on_several_workers_prints_the_same_bytes(dockyard, tmp_path) -> None:
    outs = {}
    for workers in ("1", "2", "3"):
        record = tmp_path / f"w{workers}"
        code, out, err = dockyard(
            "simulate",
            "pack-and-stack",
            "--games",
            "5",
            "--seed",
            "3",
            "--json",
            "--workers",
            workers,
            "--record",
            str(record),
        )
        assert code == 0, err
        scripts = {p.name: p.read_text() for p in sorted(record.iterdir())}
        outs[workers] = (out, scripts)
    assert outs["1"] == outs["2"] == outs["3"]
    assert len(outs["1"][1]) == 5
    code, _, err = dockyard("simulate", "tictactoe", "--workers", "0")
    assert code == 1 and "--workers must be at least 1" in err
