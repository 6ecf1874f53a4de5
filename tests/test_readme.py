"""README's examples run as written, so the README cannot drift: every `sh` line and `python`
block, unless a `<!-- readme-test: not run by the tests: WHY -->` line before it says why not."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(
    r"(?:<!-- readme-test: (?P<note>[^>]*) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```", re.S
)

pytestmark = pytest.mark.timeout(300)


def examples() -> list[tuple[str, str, str]]:
    out = []
    for match in BLOCK.finditer(README.read_text(encoding="utf-8")):
        lang, body, note = match["lang"], match["body"], match["note"] or ""
        if lang == "sh":
            out += [(lang, line, note) for line in body.splitlines() if line.strip()]
        elif lang == "python":
            out.append((lang, body, note))
    return out


def test_the_readme_has_examples_and_every_skipped_one_says_why() -> None:
    found = examples()
    assert sum(1 for lang, _, _ in found if lang == "sh") >= 10
    assert any(lang == "python" for lang, _, _ in found)
    for _, text, note in found:
        if note.startswith("not run"):
            assert len(note.split(":", 1)[-1].strip()) > 10, f"say why {text!r} is not run"


@pytest.mark.parametrize(("lang", "text", "note"), examples(), ids=lambda v: str(v)[:60])
def test_a_readme_example_runs_as_written(tmp_path, lang, text, note) -> None:
    if note.startswith("not run"):
        pytest.skip(note)
    (tmp_path / "content").symlink_to(ROOT / "content")  # paths as from the project's root
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "DOCKYARD_HISTORY": str(tmp_path / "history"),
    }
    command = ["bash", "-c", text] if lang == "sh" else [sys.executable, "-c", text]
    done = subprocess.run(
        command,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=240,
    )
    shown = f"{text}\n--- stdout\n{done.stdout[-1500:]}\n--- stderr\n{done.stderr[-1500:]}"
    assert done.returncode == 0, shown
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, shown
