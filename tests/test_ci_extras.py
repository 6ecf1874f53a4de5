"""A test that needs an optional extra skips with its reason where the extra is absent (the
README's `[test]`-only install), and fails instead under CI, which installs every extra
(tests/conftest.py): run on a scratch suite holding this project's conftest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")
SUITE = {
    "test_module.py": 'import pytest\npytest.importorskip("no_such_module_here")\n'
    "def test_a():\n    pass\n",
    "test_inside.py": "import pytest\ndef test_b():\n"
    '    pytest.importorskip("no_such_module_either", reason="needs it (the rl extra)")\n',
    "test_plain_skip.py": 'import pytest\ndef test_c():\n    pytest.skip("not on this platform")\n',
}


def run_suite(tmp_path: Path, ci: bool) -> str:
    (tmp_path / "conftest.py").write_text(CONFTEST.read_text(encoding="utf-8"), encoding="utf-8")
    for name, text in SUITE.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "--continue-on-collection-errors",
            str(tmp_path),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=200,
    )
    return done.stdout.strip().splitlines()[-1]


def test_a_missing_extra_skips_outside_ci(tmp_path: Path) -> None:
    assert run_suite(tmp_path, ci=False).startswith("3 skipped")


def test_a_missing_extra_fails_under_ci_but_a_plain_skip_stays_a_skip(tmp_path: Path) -> None:
    last = run_suite(tmp_path, ci=True)
    assert "1 failed" in last and "1 skipped" in last and "1 error" in last, last


@pytest.mark.parametrize("name", ["test_gymnasium.py", "test_pettingzoo.py"])
def test_the_rl_tests_import_numpy_only_through_importorskip(name: str) -> None:
    text = (Path(__file__).parent / name).read_text(encoding="utf-8")
    assert "\nimport numpy" not in text and 'importorskip("numpy"' in text
