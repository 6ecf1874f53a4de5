"""`dockyard new game NAME` and `dockyard new variant GAME NAME` write skeletons that install
with pip and pass the generic suite as generated."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pip_install, run_with


def test_a_new_game_installs_plays_and_passes_its_tests(tmp_path: Path, dockyard) -> None:
    code, out, _ = dockyard("new", "game", "harbour-race", "--dir", str(tmp_path / "harbour-race"))
    assert code == 0 and "harbour_race/game.py" in out
    site = tmp_path / "site"
    pip_install(tmp_path / "harbour-race", site)
    done = run_with(site, "-m", "dockyard", "play", "harbour-race", stdin="add 3\nshow\n")
    assert done.returncode == 0 and "total 3 of 21" in done.stdout, done.stderr
    done = run_with(site, "-m", "dockyard", "simulate", "harbour-race", "--games", "10")
    assert done.returncode == 0 and "10 games" in done.stdout, done.stderr
    tests = run_with(
        site, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", cwd=tmp_path / "harbour-race"
    )
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-2000:]


def test_a_new_variant_lists_the_games_hooks_and_passes_the_suite(tmp_path: Path, dockyard) -> None:
    folder = tmp_path / "tight-storage"
    code, _, _ = dockyard("new", "variant", "curious-cargo", "tight-storage", "--dir", str(folder))
    assert code == 0
    module = (folder / "tight_storage.py").read_text()
    assert "cc_token_limit" in module and "cc_components" in module
    site = tmp_path / "site"
    pip_install(folder, site)
    done = run_with(site, "-m", "dockyard", "games")
    assert "tight-storage" in done.stdout
    tests = run_with(site, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", cwd=folder)
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-2000:]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("game", "Bad_Name"), "is not a usable name"),
        (("game", "tictactoe"), "there is already a game called 'tictactoe'"),
        (("variant", "curious-cargo", "night-shift"), "already has a variant called"),
        (("variant", "nosuch", "x"), "unknown game 'nosuch'"),
    ],
)
def test_bad_names_are_refused_with_one_message(tmp_path, dockyard, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    code, _, err = dockyard("new", *args)
    assert code == 1 and message in err and "Traceback" not in err
    assert not any(tmp_path.iterdir())


def test_an_existing_folder_is_never_overwritten(tmp_path, dockyard, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-game").mkdir()
    (tmp_path / "my-game" / "keep.txt").write_text("mine")
    code, _, err = dockyard("new", "game", "my-game")
    assert code == 1 and "already exists" in err
    assert [p.name for p in (tmp_path / "my-game").iterdir()] == ["keep.txt"]


def test_new_game_and_new_variant_have_their_own_help(capsys) -> None:
    from dockyard import cli

    helps = {}
    for argv in (["new"], ["new", "game"], ["new", "variant"]):
        assert cli.main([*argv, "--help"]) == 0
        helps[" ".join(argv)] = capsys.readouterr().out
    assert len(set(helps.values())) == 3
    assert "usage: dockyard new game [-h] [--dir FOLDER] NAME" in helps["new game"]
    assert "usage: dockyard new variant [-h] [--dir FOLDER] GAME NAME" in helps["new variant"]
    assert cli.main(["new", "game", "a", "b"]) == 2  # a usage error, as argparse says them
    assert "unrecognized arguments: b" in capsys.readouterr().err


def test_a_new_game_s_title_is_words_and_its_scripts_are_package_data(tmp_path) -> None:
    from dockyard.cli.skeleton import new_game

    new_game("lost-cities", tmp_path / "lc")
    assert 'title="Lost Cities"' in (tmp_path / "lc" / "lost_cities" / "__init__.py").read_text()
    assert '"content/**/*.dys"' in (tmp_path / "lc" / "pyproject.toml").read_text()
