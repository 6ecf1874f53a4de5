"""A game shipped as its own distribution (examples/ship-captain-crew): pip installs it, and the
`dockyard` command then lists, plays, simulates and validates it, its grammar, content and
schemas coming from its own package; its own tests (the generic suite among them) pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import pip_install, run_with

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ship-captain-crew"
GAME = "ship-captain-crew"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed with pip into a folder of its own, once for the module."""
    target = tmp_path_factory.mktemp("site")
    pip_install(EXAMPLE, target)
    assert (target / "ship_captain_crew" / "grammar" / "ship_captain_crew.lark").exists()
    assert (target / "ship_captain_crew" / "content" / "ship_captain_crew" / "schemas").is_dir()
    return target


def dockyard(site: Path, *args: str, stdin: str = ""):
    return run_with(site, "-m", "dockyard", *args, stdin=stdin)


def test_the_installed_game_is_listed(site: Path) -> None:
    done = dockyard(site, "games", "--json")
    names = [g["name"] if isinstance(g, dict) else g for g in json.loads(done.stdout)]
    assert GAME in names and "curious-cargo" in names


def test_it_plays_with_its_own_grammar(site: Path) -> None:
    done = dockyard(site, "play", GAME, "--seed", "3", stdin="legal\nroll\nstop\nshow\n")
    assert done.returncode == 1  # `stop` before ship, captain and crew is refused, nothing lost
    assert "p1: roll" in done.stdout and "rolls left: 2" in done.stdout
    assert "you can stop only once your ship, captain and crew are kept" in done.stderr
    assert "Traceback" not in done.stderr


def test_it_simulates(site: Path) -> None:
    done = dockyard(site, "simulate", GAME, "--games", "20", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(records) == 21  # one per game, then the summary
    summary = records[-1]
    assert summary["game"] == GAME and summary["games"] == 20 and summary["errors"] == 0
    assert summary["end_reasons"] == {"3 rounds played": 20}


def test_its_schema_checks_a_content_layer(site: Path, tmp_path: Path) -> None:
    layer = tmp_path / "layer"
    layer.mkdir()
    rules = json.loads(
        (EXAMPLE / "ship_captain_crew/content/ship_captain_crew/rules.json").read_text()
    )
    rules["rolls"] = 4
    (layer / "rules.json").write_text(json.dumps(rules))
    assert dockyard(site, "validate", str(layer)).returncode == 0
    done = dockyard(site, "play", GAME, "--content", str(layer), stdin="show\n")
    assert "rolls left: 4" in done.stdout
    rules["rols"] = rules.pop("rolls")
    (layer / "rules.json").write_text(json.dumps(rules))
    done = dockyard(site, "validate", str(layer))
    assert done.returncode == 1 and "unknown field 'rols'; did you mean rolls" in done.stdout
    done = dockyard(site, "schema", GAME, "rules")
    assert json.loads(done.stdout)["$id"] == "urn:dockyard:ship_captain_crew:rules"


def test_its_own_tests_pass_with_the_generic_suite(site: Path) -> None:
    done = run_with(site, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", cwd=EXAMPLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "passed" in done.stdout
