"""The wheel holds everything dockyard needs at run time: every package (each folder with an
`__init__.py` under framework/, plugins/, content/ and grammar/) and every data file (rules and
schemas, READMEs, scripts, grammars, templates), and is versioned from framework/_version.py.
The wheel is built once for the module (about 20 s: pip, with an index, builds in isolation)."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import dockyard
import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"framework": "dockyard", "plugins": "dockyard/plugins"}
FOLDERS |= {"content": "dockyard/content", "grammar": "dockyard/grammar"}
DATA = ("*.json", "*.md", "*.dys", "*.lark", "*.tmpl", "py.typed")


def in_wheel(path: Path) -> str:
    """Where the source file `path` (under one of FOLDERS) lands in the wheel."""
    relative = path.relative_to(ROOT)
    return "/".join([FOLDERS[relative.parts[0]], *relative.parts[1:]])


def packages() -> set[str]:
    return {
        in_wheel(init)
        for folder in FOLDERS
        for init in (ROOT / folder).rglob("__init__.py")
        if "__pycache__" not in init.parts
    }


def data_files() -> set[str]:
    return {
        in_wheel(path)
        for folder in FOLDERS
        for pattern in DATA
        for path in (ROOT / folder).rglob(pattern)
        if "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel pip builds from a copy of the sources (a build writes build/ and *.egg-info
    beside them), with the setuptools installed here (no index needed)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in FOLDERS:
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
    command += ["--disable-pip-version-check", "-w", str(out), str(source)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:  # no index for the build requirements: build with what is here
        command.insert(-1, "--no-build-isolation")
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    (built,) = out.glob("dockyard-*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_holds_every_package(wheel: zipfile.ZipFile) -> None:
    assert "dockyard/plugins/curious_cargo/__init__.py" in packages()  # the walk finds them
    missing = packages() - set(wheel.namelist())
    assert not missing, f"packages missing from pyproject.toml's list: {sorted(missing)}"


def test_the_wheel_holds_every_data_file(wheel: zipfile.ZipFile) -> None:
    wanted = data_files()
    assert "dockyard/plugins/curious_cargo/README.md" in wanted  # the walk finds them
    assert "dockyard/cli/templates/game/@MODULE@/game.py.tmpl" in wanted
    missing = wanted - set(wheel.namelist())
    assert not missing, f"data files missing from pyproject.toml's package data: {sorted(missing)}"


def test_the_wheel_is_versioned_from_one_source(wheel: zipfile.ZipFile) -> None:
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    metadata = email.message_from_bytes(wheel.read(name))
    assert metadata["Version"] == dockyard.__version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
