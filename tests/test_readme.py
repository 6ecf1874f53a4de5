"""README's examples run as written, so the README cannot drift: every `sh` line, `python`
block and `dys` script (run by `dockyard run`), unless a `<!-- readme-test: not run by the
tests: WHY -->` line before it says why not (or `<!-- readme-test: needs the X extra (module, ...)
-->`: skipped where those modules are absent, as with the README's `[test]`-only install); and
every `expect ...` in its text parses."""

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
        elif lang in ("python", "dys"):
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
    needs = re.match(r"needs the (\S+) extra \(([^)]*)\)", note)
    if needs:
        for module in needs[2].split(","):
            pytest.importorskip(
                module.strip(), reason=f"needs {module.strip()} (the {needs[1]} extra)"
            )
    (tmp_path / "content").symlink_to(ROOT / "content")  # paths as from the project's root
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "DOCKYARD_HISTORY": str(tmp_path / "history"),
    }
    if lang == "dys":
        (tmp_path / "example.dys").write_text(text, encoding="utf-8")
        command = ["dockyard", "run", "example.dys"]
    else:
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


def test_every_expect_in_the_readmes_text_parses() -> None:
    """`expect ...` written inline in README.md and in each game's content README is a line of
    the action language (content/GAME/README.md: in that game's language)."""
    from dockyard import Session

    span = re.compile(r"`(expect [^`]+)`")
    readmes = {README: "curious-cargo"}
    for game in ("cargo", "import_export", "pack_and_stack", "curious_cargo", "tictactoe"):
        readmes[ROOT / "content" / game / "README.md"] = game.replace("_", "-")
    found = 0
    for path, game in readmes.items():
        if not path.is_file():
            continue
        language = Session(game).language
        for wrapped in span.findall(path.read_text(encoding="utf-8")):
            text = " ".join(wrapped.split())  # a span may wrap across lines
            if text.endswith(":") or any(w in text for w in ("QUERY", "ACTION", "PATH")):
                continue  # a usage or a keyword, not an example
            assert language.parse_line(text) is not None, f"{path.name}: {text}"
            found += 1
    assert found >= 3
