"""A house rule shipped as a distribution of its own: pip installs it, its entry point in the group
`dockyard` registers it, and a session plays with it. Nothing in dockyard names it.

The distribution is built from plugins/README.md's example ("How to write a house rule"): a
Curious Cargo Construction turn of 4 actions instead of 3. pip installs it with `--target` into
a temporary folder put on sys.path, so the shared environment is never changed and nothing is
left to uninstall.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import dockyard.registry as registry_module
import pytest
from dockyard import IllegalAction, Session
from dockyard.cli import main
from dockyard.queries import query

MODULE = "dockyard_four_actions"

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "dockyard-four-actions"
version = "1.0"
description = "A Curious Cargo house rule: four actions in each Construction Phase turn"
dependencies = ["dockyard"]

[project.entry-points.dockyard]
four-actions = "dockyard_four_actions"

[tool.setuptools]
py-modules = ["dockyard_four_actions"]
"""

SOURCE = '''\
"""Four actions in each Curious Cargo Construction Phase turn, instead of the rulebook's 3."""

from dockyard import Variant, hookimpl


class FourActions:
    @hookimpl(tryfirst=True)  # ask before the game's own rule, which answers 3
    def cc_construction_actions(self, state, seat):
        return 4


@hookimpl
def register_variants(register):
    register(
        Variant(
            name="four-actions",
            game="curious-cargo",
            summary="Four actions in each Construction Phase turn instead of 3",
            plugin=FourActions(),
        )
    )
'''


def _install_by_hand(project: Path, site: Path) -> None:
    """What pip writes for this distribution: the module and its .dist-info (metadata and entry
    points). Used only when pip cannot build here (no network for its build requirements)."""
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{MODULE}.py").write_text((project / f"{MODULE}.py").read_text())
    info = site / "dockyard_four_actions-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: dockyard-four-actions\nVersion: 1.0\n"
    )
    (info / "entry_points.txt").write_text("[dockyard]\nfour-actions = dockyard_four_actions\n")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The house rule's distribution, built and installed once into a folder of its own."""
    root = tmp_path_factory.mktemp("four-actions")
    project = root / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT)
    (project / f"{MODULE}.py").write_text(SOURCE)
    target = root / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    command += ["--disable-pip-version-check", "--target", str(target), str(project)]
    # built with what is installed first (seconds), in isolation (an index) where that fails
    done = subprocess.run(
        [*command, "--no-build-isolation"], capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["(no output)"]
        why = next((line.strip() for line in lines if "error" in line.lower()), lines[-1])
        warnings.warn(
            f"pip could not build the house rule here, so its files were written by hand: {why}",
            stacklevel=1,
        )
        _install_by_hand(project, target)
    assert (target / f"{MODULE}.py").exists()
    assert list(target.glob("dockyard_four_actions-1.0.dist-info/entry_points.txt"))
    return target


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The distribution on sys.path and the registry built again, for this test only."""
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, MODULE, raising=False)
    monkeypatch.setattr(registry_module, "_REGISTRY", registry_module._REGISTRY)  # restored after
    registry_module.reset()
    yield site
    sys.modules.pop(MODULE, None)


def to_construction(s: Session) -> None:
    for player in s.players:  # the card selection: keep the first card offered
        s.apply(s.legal_actions(player)[0])
    assert query(s, "phase") == "construction"


def test_the_installed_house_rule_is_registered_through_its_entry_point(installed) -> None:
    reg = registry_module.registry()
    assert reg.problems == []
    variant = reg.variants_of("curious-cargo")["four-actions"]
    assert type(variant.plugin).__module__ == MODULE
    assert Path(sys.modules[MODULE].__file__).parent == installed


def test_a_construction_turn_has_four_actions_with_the_house_rule(installed) -> None:
    s = Session("curious-cargo", seed=5, variants=["four-actions"])
    to_construction(s)
    for _ in range(4):
        s.apply_text("p1: draw")
    with pytest.raises(IllegalAction, match="no actions left this turn"):
        s.apply_text("p1: draw")
    assert query(s, "p1.hand") == 4
    assert not [a for a in s.legal_actions("p1") if a.verb in ("draw", "place")]
    s.apply_text("p1: end")
    assert s.state.turn.actions == 4  # p2's turn too


def test_without_the_house_rule_the_turn_still_has_three(installed) -> None:
    s = Session("curious-cargo", seed=5)
    to_construction(s)
    for _ in range(3):
        s.apply_text("p1: draw")
    with pytest.raises(IllegalAction, match="no actions left this turn"):
        s.apply_text("p1: draw")


def test_dockyard_games_lists_the_installed_house_rule(installed, capsys) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "variant four-actions: Four actions in each Construction Phase turn instead of 3" in out


def test_a_save_names_the_house_rule_and_loads_with_it(installed, tmp_path) -> None:
    s = Session("curious-cargo", seed=5, variants=["four-actions", "first-game"])
    for _ in range(4):
        s.apply_text("p1: draw")
    path = tmp_path / "game.toml"
    s.save(path)
    assert 'variants = [\n    "four-actions",\n    "first-game",\n]' in path.read_text()
    again = Session.load(path)
    assert again.config.variants == ("four-actions", "first-game")
    assert query(again, "p1.hand") == 4 and again.state.turn.actions == 0


def test_after_the_test_the_house_rule_is_gone_again() -> None:
    assert "four-actions" not in registry_module.registry().variants_of("curious-cargo")
    assert MODULE not in sys.modules
