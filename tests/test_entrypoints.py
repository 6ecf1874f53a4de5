"""`dockyard.speed.entrypoints`: the same entry points as `importlib.metadata`, read without it
(start-up of `dockyard games`)."""

from __future__ import annotations

import sys
from importlib.metadata import entry_points as reference

import pytest
from dockyard.speed.entrypoints import entry_points


@pytest.mark.parametrize("group", ["console_scripts", "pytest11", "dockyard"])
def test_same_as_importlib_metadata(group: str) -> None:
    ours = sorted((e.name, e.value) for e in entry_points(group))
    theirs = sorted((e.name, e.value) for e in reference(group=group))
    assert ours == theirs
    if group == "console_scripts":
        assert ("dockyard", "dockyard.cli:main") in ours


def test_reads_groups_extras_comments_and_counts_a_distribution_once(tmp_path, monkeypatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, target in ((first, "mine.plugin:hooks"), (second, "shadowed:hooks")):
        info = folder / "My_Games-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(
            f"# a comment\n[console_scripts]\nmy-games = mine.cli:main\n\n"
            f"[dockyard]\n; another comment\nmy-games = {target} [extra]\n",
            encoding="utf-8",
        )
    (first / "Other-2.0.dist-info").mkdir()  # no entry points at all
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    found = entry_points("dockyard")
    assert [(e.name, e.value, e.group) for e in found] == [
        ("my-games", "mine.plugin:hooks", "dockyard")
    ]
    # the same distribution later on the path (a shadowed copy) is not read again
    assert entry_points("nothing") == []


def test_load_imports_the_object(tmp_path, monkeypatch) -> None:
    (tmp_path / "ep_probe.py").write_text("class A:\n    class B:\n        x = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from dockyard.speed.entrypoints import EntryPoint

    assert EntryPoint("p", "ep_probe:A.B", "g").load().x == 7
    assert EntryPoint("p", "ep_probe", "g").load().__name__ == "ep_probe"
