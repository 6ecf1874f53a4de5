"""Every file a README or other markdown file of the repository names (`game.py`,
`plugins/curious_cargo/rounds.py`, `dockyard/bots/__init__.py`, `content/cargo/rules.json`) exists, so a
pointer in the docs never sends a newcomer to a file that has moved or gone.

A name is looked up among the repository's files: a bare name (`rounds.py`) must be some file's
name, a path (`curious_cargo/rounds.py`) the end of some file's path (`dockyard/` is framework/,
as the package maps it). Names in code blocks are examples, not pointers, and are not checked;
nor are the files a reader makes or a command writes, listed in NOT_IN_THE_REPO."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = {
    ".git",
    ".pytest_cache",
    "node_modules",
    "build",
    "__pycache__",
    ".ruff_cache",
    ".mypy_cache",
}
ALIASES = {"dockyard": "framework", "dockyard/plugins": "plugins", "dockyard/content": "content"}
EXTENSIONS = "py|md|json|lark|dys|toml|tmpl|txt|yml|yaml|html|svg|cfg"
# a name with a word character before the extension, optionally after folders: `a/b.py`, `b.py`
NAME = re.compile(rf"(?<![\w/.@<-])((?:[\w.@-]+/)*[\w@-][\w.@-]*\.(?:{EXTENSIONS}))(?![\w/]|\.\w)")
# files a reader makes or a command writes, and the rulebooks (in the shared rules folder)
NOT_IN_THE_REPO = {
    "FILE.dys",
    "game.dys",
    "g.toml",  # a save a reader writes (the REPL's `load g.toml`)
    "report.html",
    "settings.json",
    "mine/board.json",
    "boards/board7.json",
    "boards/boardN.json",
    "my-cargo/boards/board7.json",
    "dockyard_four_actions.py",
    "curious-cargo-rulebook.txt",
    "NAME.json",  # a content file and its patch, as the docs name them in general
    "NAME.patch.json",
    "house/shipping_board.patch.json",  # the house rule a reader writes (README)
    "my-cargo/setup.json",
    "my-cargo/shipping_board.patch.json",
    "my-cargo/trucks.json",
}
EXAMPLES = {"mygame", "my_game", "myvariant", "my_variant", "@MODULE@"}  # placeholders


def markdown_files() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.md") if path.relative_to(ROOT) in repo_files())


@cache
def repo_files() -> frozenset[Path]:
    """Every file of the repository (relative to its root), outside caches, builds and virtual
    environments (the README's `.venv`, any other a reader makes inside the checkout)."""
    found = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP and not Path(folder, d, "pyvenv.cfg").exists()]
        found.update(Path(folder, name).relative_to(ROOT) for name in files)
    return frozenset(found)


def named_paths(text: str) -> list[str]:
    """The file names in `text` outside code blocks."""
    prose = re.sub(r"^[ \t]*```.*?^[ \t]*```", "", text, flags=re.S | re.M)  # in a list too
    prose = re.sub(r"^(    |\t).*$", "", prose, flags=re.M)  # indented code blocks
    prose = re.sub(r"https?://\S+", "", prose)  # addresses are not files here
    return [
        name
        for name in NAME.findall(prose)
        if not EXAMPLES & set(re.split(r"[/.]", name)) and name not in NOT_IN_THE_REPO
    ]


def exists(name: str, folder: Path = ROOT) -> bool:
    """Whether `name`, written in a markdown file in `folder`, is a file of the repository (a
    bare name anywhere, a path's end, or `../x` from the folder)."""
    if name.startswith("../"):
        return (folder / name).resolve().relative_to(ROOT) in repo_files()
    for alias, real in sorted(ALIASES.items(), key=lambda kv: -len(kv[0])):
        if name.startswith(alias + "/"):
            name = real + name[len(alias) :]
            break
    return any(
        path.as_posix() == name or path.as_posix().endswith("/" + name) for path in repo_files()
    )


@pytest.mark.parametrize("doc", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_doc_names_exists(doc: Path) -> None:
    names = named_paths(doc.read_text(encoding="utf-8"))
    missing = sorted({name for name in names if not exists(name, doc.parent)})
    assert not missing, f"{doc.relative_to(ROOT)} names files that do not exist: {missing}"


def test_the_check_finds_a_missing_file() -> None:
    assert named_paths("rules in `plugins/cargo/bot.py` and `rounds.py`, see README.md") == [
        "plugins/cargo/bot.py",
        "rounds.py",
        "README.md",
    ]
    assert named_paths("```\nmygame/game.py\nnot_here.py\n```\n") == []
    assert (
        exists("rounds.py")
        and exists("dockyard/bots/__init__.py")
        and exists("curious_cargo/state.py")
    )
    assert not exists("rules_of_nowhere.py")
    assert not exists("plugins/cargo/rounds.py")  # rounds.py is elsewhere
    assert not exists("argo/state.py")  # a path's end is whole folders
    assert exists("../HOOKS.md", ROOT / "plugins" / "cargo")
    assert not exists("../HOOKS.md", ROOT / "tests")
