"""`dockyard new game NAME` and `dockyard new variant GAME NAME` write skeletons that install
with pip and pass the generic suite as generated."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import pip_install, run_with

ROOT = Path(__file__).resolve().parents[1]


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
    assert tests.returncode == 0 and "3 passed" in tests.stdout, tests.stdout[-2000:]


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


def test_a_new_variant_with_content_installs_it_as_package_data(tmp_path, dockyard) -> None:
    """`new variant GAME NAME --content DIR`: a package whose pyproject declares the layer as
    package data; installed from outside the repository, the variant plays with its content
    exactly as `--content DIR` does."""
    import json

    house = tmp_path / "house"
    (house / "boards").mkdir(parents=True)
    board = json.loads((ROOT / "content/curious_cargo/boards/board1.json").read_text())
    board["walls"] += ["b6", "g4"]
    (house / "boards" / "board1.json").write_text(json.dumps(board))
    (house / "shipping_board.patch.json").write_text('{"sides": {"two-color": {"requisite": 7}}}')
    folder = tmp_path / "short-game"
    code, out, err = dockyard(
        "new", "variant", "curious-cargo", "short-game", "--content", str(house), "--dir", str(folder)
    )  # fmt: skip
    assert code == 0 and "short_game/content/short_game/boards/board1.json" in out, err
    assert 'short_game = ["content/**/*.json"]' in (folder / "pyproject.toml").read_text()
    site = tmp_path / "site"
    pip_install(folder, site)
    assert (site / "short_game/content/short_game/shipping_board.patch.json").is_file()
    outputs = {}
    for how in (["--variant", "short-game"], ["--content", str(house)], []):
        svg = tmp_path / f"{len(outputs)}.svg"
        drawn = run_with(site, "-m", "dockyard", "render", "curious-cargo", *how, "-o", str(svg))
        assert drawn.returncode == 0, drawn.stderr
        played = run_with(
            site, "-m", "dockyard", "simulate", "curious-cargo", *how,
            "--games", "2", "--seed", "1", "--workers", "1", "--json", cwd=tmp_path,
        )  # fmt: skip
        assert played.returncode == 0, played.stderr
        games = [json.loads(line) for line in played.stdout.splitlines()]
        for summary in games[-1:]:  # (it names what was asked for: the variant, the folder)
            assert summary.pop("variants") == how[1:] * (how[:1] == ["--variant"])
            assert summary.pop("content") == how[1:] * (how[:1] == ["--content"])
        outputs[" ".join(how[:1])] = (svg.read_bytes(), json.dumps(games))
    assert outputs["--variant"] == outputs["--content"] != outputs[""]
    assert "shipped 7 goods" in outputs["--variant"][1]
    tests = run_with(  # its own tests, from outside it: the installed package is what they see
        site, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-k", "not generic",
        str(folder / "tests"), cwd=tmp_path,
    )  # fmt: skip
    assert tests.returncode == 0 and "2 passed" in tests.stdout, tests.stdout[-2000:]


def test_new_variant_refuses_content_it_cannot_bring(tmp_path, dockyard, monkeypatch) -> None:
    from types import SimpleNamespace

    from dockyard import DockyardError
    from dockyard.cli.skeleton import _content_layer

    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "setup.json").write_text('{\n  "board": 1,\n')
    (tmp_path / "empty").mkdir()
    for layer, message in (
        ("broken", "broken/setup.json:3:1: $: not valid JSON: the file ends inside an object"),
        ("empty", "--content empty: no content files (*.json) in it to bring"),
        ("nowhere", "nowhere: no such content folder"),
    ):
        code, _, err = dockyard("new", "variant", "curious-cargo", "v", "--content", layer)
        assert code == 1 and message in err and "Traceback" not in err, err
        assert not (tmp_path / "v").exists()
    with pytest.raises(DockyardError, match="has no content to layer over"):
        _content_layer(SimpleNamespace(name="bare", content_folder=None), "broken")


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
    assert (
        "usage: dockyard new variant [-h] [--dir FOLDER] [--content DIR] GAME NAME"
        in helps["new variant"]
    )
    assert cli.main(["new", "game", "a", "b"]) == 2  # a usage error, as argparse says them
    assert "unrecognized arguments: b" in capsys.readouterr().err


def test_a_new_game_s_title_is_words_and_its_scripts_are_package_data(tmp_path) -> None:
    from dockyard.cli.skeleton import new_game

    new_game("lost-cities", tmp_path / "lc")
    assert 'title = "Lost Cities"' in (tmp_path / "lc" / "lost_cities" / "game.toml").read_text()
    assert '"content/**/*.dys"' in (tmp_path / "lc" / "pyproject.toml").read_text()
